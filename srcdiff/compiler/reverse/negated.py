"""Backward sweeps of a negated cotangent: ``bwd_g_neg(_record, G, *into)`` computes exactly
what ``bwd_g(_record, -G, *into)`` does, without the negation.

A caller's adjoint ``t = -E; b_x = bwd_g(_record_g, t, b_x)`` (the adjoint of ``np.cos``
before a call, in every level of a recursion) becomes ``t = E; b_x = bwd_g_neg(_record_g, t,
b_x)`` (optimize/signs.py): the negation, a pass over an array, is gone; ``bwd_g_neg`` takes
it instead at no cost, as a flipped ``+=`` or the other function of a pair
(``bwd_chain`` calls ``bwd_chain_neg``, which calls ``bwd_chain``).

``bwd_g_neg`` is ``bwd_g``'s final code with its gradients read as their negations:

- every gradient local (a name bound from ``grad_ys`` or from another gradient) holds the
  negation of its value in ``bwd_g``. A statement whose value is odd in them (sums,
  differences and negations of gradients, products and quotients of one gradient by
  gradient-free values, functions linear in one gradient argument: :data:`LINEAR`) is
  left as it is: its result is then the negation of ``bwd_g``'s, as its operands are;
- the buffers passed in (``into``) hold true values: ``b_x += e`` becomes ``b_x -= e``,
  ``b_x = bwd_h(r, e, b_x)`` becomes ``bwd_h_neg(r, e, b_x)`` (and ``bwd_h_neg`` ``bwd_h``);
  ``b_x = cotangent(b_x, x)`` (zeros for None) is left as it is;
- a gradient local returned is returned negated.

Invariant (what makes it exact): IEEE negation is exact and commutes with rounding, so
``(-a) * c == -(a * c)``, ``(-a) + (-b) == -(a + b)``, sums and BLAS products of negated
operands are the negated results; the two functions differ at most in the sign of zeros
(``-0.0 == 0.0``). Any statement not of these forms (a gradient read by a test, a loop
header, an expression statement, a mixed read of a buffer and a local, a function not in
:data:`LINEAR`) stops the rewrite: ``bwd_g_neg`` is then the plain
``return bwd_g(_record, -grad_ys, ...)``, correct by definition. Tests: the generated
source, central differences in every pipeline and verification mode
(tests/reverse/test_negated_sweeps.py), the random programs of
tests/property/test_call_records.py.
"""

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

# functions linear in their one gradient argument (the others gradient-free)
LINEAR = frozenset({
    "unbroadcast", "spread", "match_complex", "mul_into", "np.sum", "np.dot", "np.matmul",
    "np.outer", "np.inner", "np.tensordot", "np.einsum", "np.reshape", "np.transpose",
    "np.swapaxes", "np.moveaxis", "np.broadcast_to", "np.expand_dims", "np.squeeze",
    "np.ravel", "np.cumsum", "np.flip", "np.roll", "np.real", "np.conj", "np.conjugate",
    "np.multiply", "np.negative", "np.diag", "np.trace", "np.kron"})
# functions adding their two gradient arguments
ADDING = frozenset({"add_tree", "add_into"})
# methods of a gradient linear in it (their arguments gradient-free)
METHODS = frozenset({"sum", "reshape", "transpose", "ravel", "conj", "conjugate", "squeeze",
                     "swapaxes", "flatten", "copy"})
ZEROS = frozenset({"np.zeros", "np.zeros_like", "zeros_tree"})
_FREE, _ODD = "free", "odd"


class _Refused(Exception):
    """A statement the rewrite does not model: the plain wrapper is made instead."""


def negated_sweep(bwd, name, is_sweep, partner):
    """``bwd_g_neg`` named ``name`` from the FunctionDef ``bwd`` of ``bwd_g`` (split by
    records.py; its parameters ``_record, grad_ys, *into``). ``is_sweep(f)``: is ``f`` a
    generated backward sweep (``bwd_h`` or ``bwd_h_neg``)? ``partner(f)``: the other
    function of its pair (``bwd_h`` <-> ``bwd_h_neg``), made on request: asked only for
    the calls the rewritten function flips, once the rewrite succeeded."""
    params = [a.id for a in bwd.args.args]
    try:
        if params[:2] != ["_record", "grad_ys"]:
            raise _Refused
        fn = S.copy(bwd)
        flip = _Flip(fn, set(params[2:]), is_sweep)
        fn.body = [S.comment(f"{bwd.name} of the negated cotangent: the gradients named here "
                             "hold their negations")] + flip.block(fn.body)
        fn.name = name
        for call in flip.flipped:
            call.func = S.name(partner(call.func.id))
    except _Refused:
        call = S.call(S.name(bwd.name), [S.name(p) if p != "grad_ys" else
                                         gast.UnaryOp(op=gast.USub(), operand=S.name(p))
                                         for p in params])
        fn = gast.FunctionDef(
            name=name, args=S.copy(bwd.args), decorator_list=[], returns=None,
            type_comment=None, type_params=[],
            body=[S.comment(f"{bwd.name} of the negated cotangent"), gast.Return(value=call)])
    for attr in ("_srcdiff_generator", "verify_unchecked"):  # (what made it: explain.py)
        if hasattr(bwd, attr):
            setattr(fn, attr, getattr(bwd, attr))
    return fn


class _Flip:
    def __init__(self, fn, into, is_sweep):
        self.true = into  # buffers passed in: true values
        self.is_sweep = is_sweep
        self.flipped = []  # calls of bwd_h that go to bwd_h_neg (and back)
        grads = {"grad_ys"} | into
        changed = True
        while changed:  # every name bound from a gradient is one (flow-insensitive)
            changed = False
            for s in _statements(fn.body):
                if isinstance(s, (gast.Assign, gast.AugAssign)):
                    value = s.value
                    if _names(value) & grads or self._generated_call(value):
                        targets = s.targets if isinstance(s, gast.Assign) else [s.target]
                        for t in targets:
                            new = {n.id for n in dataflow.names(t)} - grads
                            if new:
                                grads |= new
                                changed = True
        self.grads = grads
        changed = True
        while changed:  # results of calls adding into true buffers are true too
            changed = False
            for s in _statements(fn.body):
                if isinstance(s, gast.Assign) and len(s.targets) == 1 \
                        and isinstance(s.targets[0], gast.Name) \
                        and s.targets[0].id not in self.true \
                        and self._generated_call(s.value) and len(s.value.args) > 2 \
                        and all(isinstance(b, gast.Name) and b.id in self.true
                                for b in s.value.args[2:]):
                    self.true = self.true | {s.targets[0].id}
                    changed = True
        self.neg = grads - self.true

    def _generated_call(self, e):
        return isinstance(e, gast.Call) and isinstance(e.func, gast.Name) \
            and self.is_sweep(e.func.id)

    def block(self, body):
        return [self.statement(s) for s in body]

    def statement(self, s):
        grads = self.grads
        if isinstance(s, (gast.If, gast.While)):
            if self.kind(s.test) != _FREE:
                raise _Refused
            s.body, s.orelse = self.block(s.body), self.block(s.orelse)
            return s
        if isinstance(s, gast.For):
            if (_names(s.iter) | _names(s.target)) & grads:
                raise _Refused
            s.body, s.orelse = self.block(s.body), self.block(s.orelse)
            return s
        if isinstance(s, (gast.Delete, gast.Pass)):
            return s
        if isinstance(s, gast.Expr):
            if _names(s.value) & grads:
                raise _Refused
            return s
        if isinstance(s, gast.Return):
            s.value = self.returned(s.value)
            return s
        if isinstance(s, gast.AugAssign) and isinstance(s.target, gast.Name):
            t = s.target.id
            if t not in grads:
                if _names(s.value) & grads:
                    raise _Refused
                return s
            if isinstance(s.op, (gast.Mult, gast.Div)) and self.kind(s.value) == _FREE:
                return s  # a true or negated value scaled stays so
            if not isinstance(s.op, (gast.Add, gast.Sub)) or self.kind(s.value) != _ODD:
                raise _Refused
            if t in self.true:  # a buffer's true value: add the negation's negation
                s.op = gast.Sub() if isinstance(s.op, gast.Add) else gast.Add()
            return s
        if isinstance(s, gast.Assign) and len(s.targets) == 1 \
                and isinstance(s.targets[0], gast.Name):
            self.assigned(s.targets[0].id, s)
            return s
        if isinstance(s, gast.Assign) and not (_names(s) & grads):
            return s
        raise _Refused

    def assigned(self, t, s):
        """Check (and rewrite) ``t = value``."""
        value = s.value
        if t not in self.grads:
            return
        if self._generated_call(value):
            self.generated(t, value)
            return
        if t in self.true:
            if _dotted(value.func if isinstance(value, gast.Call) else None) == "cotangent" \
                    and len(value.args) == 2 and _is_name(value.args[0], t) \
                    and self.kind(value.args[1]) == _FREE and not value.keywords:
                return
            s.value = self.true_value(value)
            return
        if self.kind(value) == _ODD or _zero(value):
            return
        raise _Refused

    def true_value(self, e):
        """``e`` (assigned to a true buffer) rewritten to the true value in ``bwd_g_neg``."""
        if self._true_name(e):
            return e
        if isinstance(e, gast.IfExp) and _none_test(e.test):  # (first contributions)
            e.body, e.orelse = self.true_value(e.body), self.true_value(e.orelse)
            return e
        if isinstance(e, gast.BinOp) and isinstance(e.op, (gast.Add, gast.Sub)) \
                and self._true_name(e.left) and self.kind(e.right) == _ODD:
            e.op = gast.Sub() if isinstance(e.op, gast.Add) else gast.Add()
            return e  # b + d -> b - d'
        if isinstance(e, gast.BinOp) and isinstance(e.op, gast.Add) \
                and self._true_name(e.right) and self.kind(e.left) == _ODD:
            return gast.BinOp(left=e.right, op=gast.Sub(), right=e.left)
        if self.kind(e) == _ODD:
            return gast.UnaryOp(op=gast.USub(), operand=e)
        raise _Refused

    def _true_name(self, e):
        if isinstance(e, gast.Subscript) and self.kind(e.slice) == _FREE:
            e = e.value
        return isinstance(e, gast.Name) and e.id in self.true

    def generated(self, t, call):
        """``t = bwd_h(_record_h, e, *buffers)``: ``bwd_h`` adds ``h``'s part of each
        gradient into the buffer passed for it (None: zeros) and returns them."""
        if call.keywords or len(call.args) < 2 or self.kind(call.args[0]) != _FREE \
                or self.kind(call.args[1]) != _ODD:
            raise _Refused
        buffers = call.args[2:]
        if t in self.true:  # true buffers: bwd_h of the negated cotangent adds into them
            if not buffers or not all(self._true_name(b) for b in buffers):
                raise _Refused
            self.flipped.append(call)
            return
        for b in buffers:  # negated buffers (or zeros): the results are negated too
            if not (isinstance(b, gast.Constant) and b.value is None) \
                    and not (isinstance(b, gast.Name) and b.id in self.neg):
                raise _Refused

    def returned(self, value):
        if isinstance(value, gast.Name) and value.id in self.true:
            return value
        if isinstance(value, gast.Name) and value.id in self.neg:
            return gast.UnaryOp(op=gast.USub(), operand=value)
        if isinstance(value, gast.Tuple):
            value.elts = [self.returned(e) for e in value.elts]
            return value
        if value is None or self.kind(value) == _FREE:
            return value
        raise _Refused

    def kind(self, e):
        """``_FREE`` (reads no gradient), ``_ODD`` (the negation of its value in ``bwd_g``
        when its gradients hold theirs), or raises _Refused."""
        if not (_names(e) & self.grads) or _none_test(e):
            return _FREE  # (whether a gradient is None: the same in both functions)
        if isinstance(e, gast.Name):
            if e.id in self.neg:
                return _ODD
            raise _Refused
        if isinstance(e, gast.UnaryOp) and isinstance(e.op, (gast.USub, gast.UAdd)):
            return self.kind(e.operand)
        if isinstance(e, gast.BinOp):
            left, right = self.kind(e.left), self.kind(e.right)
            if isinstance(e.op, (gast.Add, gast.Sub)) and left == right == _ODD:
                return _ODD
            if isinstance(e.op, (gast.Mult, gast.MatMult)) and {left, right} == {_ODD, _FREE}:
                return _ODD
            if isinstance(e.op, gast.Div) and left == _ODD and right == _FREE:
                return _ODD
            raise _Refused
        if isinstance(e, gast.Subscript):
            if self.kind(e.value) == _ODD and self.kind(e.slice) == _FREE:
                return _ODD
            raise _Refused
        if isinstance(e, gast.Attribute) and e.attr in ("T", "real", "imag"):
            return self.kind(e.value)
        if isinstance(e, gast.IfExp) and self.kind(e.test) == _FREE \
                and self.kind(e.body) == self.kind(e.orelse) == _ODD:
            return _ODD
        if isinstance(e, gast.Call) and not any(self.kind(k.value) != _FREE
                                                for k in e.keywords):
            kinds = [self.kind(a) for a in e.args]
            func = _dotted(e.func)
            if func in LINEAR and kinds.count(_ODD) == 1:
                return _ODD
            if func in ADDING and kinds == [_ODD, _ODD]:
                return _ODD
            if isinstance(e.func, gast.Attribute) and e.func.attr in METHODS \
                    and self.kind(e.func.value) == _ODD and _ODD not in kinds:
                return _ODD
        raise _Refused


def _statements(body):
    for s in body:
        yield s
        for field in ("body", "orelse"):
            inner = getattr(s, field, None)
            if isinstance(inner, list):
                yield from _statements(inner)


def _names(e):
    return {n.id for n in dataflow.names(e)} if e is not None else set()


def _is_name(e, ident):
    return isinstance(e, gast.Name) and e.id == ident


def _dotted(func):
    parts = S.dotted_parts(func) if func is not None else None
    return ".".join(parts) if parts else None


def _none_test(e):
    return isinstance(e, gast.Compare) and isinstance(e.left, gast.Name) \
        and len(e.ops) == 1 and isinstance(e.ops[0], (gast.Is, gast.IsNot)) \
        and isinstance(e.comparators[0], gast.Constant) and e.comparators[0].value is None


def _zero(e):
    """A zero (or no gradient): its negation is itself."""
    if isinstance(e, gast.Constant):
        return e.value is None or (type(e.value) in (int, float) and e.value == 0)
    return isinstance(e, gast.Call) and _dotted(e.func) in ZEROS
