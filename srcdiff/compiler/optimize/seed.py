"""The default seed folded: a gradient compiled for ``grad_ys=None`` only (api/seeded.py)
starts from the literal ``1.0`` (reverse/adjoint.py ``seed_one``), and this pass makes the
multiplications by it vanish.

* A gradient assigned a literal number or its negation at the function's top level
  (``b_out = 1.0``, then ``b_s = -b_out``, which becomes ``-1.0``) is read as that
  literal by the top-level statements that follow, up to the next one binding it.
* ``unbroadcast(-e, x)`` -> ``-unbroadcast(e, x)`` (a sum of negated values is the negated
  sum exactly: rounding to nearest is symmetric), and ``-t`` for ``t = -m`` (a name) reads
  ``m`` while nothing can have changed ``m`` (see :func:`_double_negations`).
* ``e * 1.0``, ``1.0 * e``, ``e / 1.0`` -> ``e`` where ``e`` makes a new value (an arithmetic
  expression, so no name comes to share an array the generator took for its own); and
  ``e * -1.0``, ``-1.0 * e``, ``e / -1.0`` -> ``-e``. Only where ``e`` is proven real and
  floating (``floats``: gradients and names the dtypes analysis proves inexact, and
  arithmetic with a float literal or such a name): there multiplying by +-1 is exact in
  IEEE arithmetic, keeps the dtype (a Python float is a weak scalar for NumPy) and the
  shape. The driver runs it only when no complex value can appear (a complex ``x * 1.0``
  is not ``x`` where a part is infinite), and api/seeded.py only for real arguments.

Invariant: the folded gradient is bit for bit the general gradient's for ``grad_ys=None``
(tests/api/test_seeded.py compares them, and both with central differences).
"""

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.calls import plain_call


def fold_seed(body, gradients, floats):
    """``body`` with the literal seeds read for their names and multiplications by +-1.0
    folded (see the module's docstring); ``gradients``: the adjoint names; ``floats``:
    names proven real and floating (the gradients among them). Each statement is walked
    once; only those that change are copied (the generator's statements may share nodes).

    A gradient assigned a float literal at the top level (``b = 1.0``, ``b2 = -b``) is read
    as that literal by the top-level statements that follow, up to the next one that binds
    it again (a block that binds it anywhere: from that block on, as a later trip reads
    the new value)."""
    # (the primal sweep, before the seed's heading, holds no seed: left as it is)
    at = next((k for k, s in enumerate(body) if S.heads(s) == S.SEED), 0)
    primal, body = body[:at], body[at:]
    scans = [_scan(s) for s in body]
    stores = {}
    for bound, _, _ in scans:
        for n in bound:
            stores[n] = stores.get(n, 0) + 1
    env, out = {}, []
    for s, (bound, loaded, units) in zip(body, scans):
        if env and not isinstance(s, (gast.Assign, gast.AugAssign, gast.Expr, gast.Delete,
                                      gast.Return)):
            for n in bound:
                env.pop(n, None)
        read = [n for n in loaded if n in env] if env else ()
        if read or units:
            s = S.copy(s)
            if read:  # (loads only: a statement reads, then binds)
                s = _Substitute({n: env[n] for n in read}).visit(s)
            s = _Units(floats).visit(s)
        for n in bound:
            env.pop(n, None)
        if isinstance(s, gast.Assign) and _target(s) in gradients:
            value = _literal(s.value)
            if value is not None:
                env[_target(s)] = value
        out.append(s)
    return primal + _double_negations(out, gradients, floats, stores)


def _scan(s):
    """``(bound, loaded, units)``: the names ``s`` binds or deletes anywhere (``a += e``
    twice), those it reads, and whether it holds a node :class:`_Units` may rewrite (a
    product or quotient with a +-1.0 literal operand, ``unbroadcast(-e, x)``; see
    :func:`_may_rewrite`: without one, ``_Units`` leaves the statement as it is, and
    it is not copied). (No answer depends on the order the nodes are met in:
    ``dataflow.nodes``' walk, several times cheaper than ``gast.walk``'s.)"""
    bound, loaded, units = [], set(), False
    for n in dataflow.nodes(s):
        cls = n.__class__
        if cls is gast.Name:
            if n.ctx.__class__ is gast.Load:
                loaded.add(n.id)
            else:
                bound.append(n.id)
        elif cls is gast.BinOp or cls is gast.Call:
            units = units or _may_rewrite(n)
        elif cls is gast.AugAssign and isinstance(n.target, gast.Name):
            bound.append(n.target.id)
    return bound, loaded, units


def _may_rewrite(node):
    """Does ``node`` have the form :class:`_Units` rewrites at (before its other tests):
    ``e * u``, ``u * e``, ``e / u`` with ``u`` a +-1.0 literal, or ``unbroadcast(-e, x)``?
    ``_Units`` rewrites only at a node of such a form, after its children: in a tree
    without one no child changes, so no node comes to have the form, and the tree is left
    as it is (tests/optimize/test_compile_shortcuts43.py checks it)."""
    if node.__class__ is gast.Call:
        return _dotted(node.func) == "unbroadcast" and len(node.args) == 2 \
            and isinstance(node.args[0], gast.UnaryOp) and isinstance(node.args[0].op, gast.USub)
    return isinstance(node.op, (gast.Mult, gast.Div)) and (
        _literal(node.right) in (1.0, -1.0)
        or isinstance(node.op, gast.Mult) and _literal(node.left) in (1.0, -1.0))


def _double_negations(body, gradients, floats, stores):
    """``t = -m`` (``m`` a name proven floating, ``t`` a gradient bound once in the backward
    sweep, where every gradient is bound, ``stores``): a
    later ``-t`` that is an operand of an arithmetic operation (whose result is a new value)
    reads ``m`` (``-(-m)`` is ``m`` exactly), in the top-level statements that follow while
    each is an assignment to a name of an arithmetic value (no call, no store into an
    array: nothing that could change ``m``'s array) that does not name ``m``."""
    for k, s in enumerate(body):
        t = _target(s) if isinstance(s, gast.Assign) else None
        if t not in gradients or stores.get(t) != 1 or not isinstance(s.value, gast.UnaryOp) \
                or not isinstance(s.value.op, gast.USub) \
                or not isinstance(s.value.operand, gast.Name) \
                or s.value.operand.id not in floats:
            continue
        m = s.value.operand.id
        for j in range(k + 1, len(body)):
            u = body[j]
            if not isinstance(u, (gast.Assign, gast.AugAssign)) \
                    or not isinstance(u.targets[0] if isinstance(u, gast.Assign) else u.target,
                                      gast.Name) \
                    or any(isinstance(n, gast.Call) or isinstance(n, gast.Name) and n.id == m
                           for n in gast.walk(u)):
                break
            if any(isinstance(n, gast.BinOp) and (_negated(n.left, t) or _negated(n.right, t))
                   for n in gast.walk(u)):
                body[j] = u = S.copy(u)  # (changed: a copy of its own)
                for node in gast.walk(u):
                    if isinstance(node, gast.BinOp):
                        if _negated(node.left, t):
                            node.left = S.name(m)
                        if _negated(node.right, t):
                            node.right = S.name(m)
    return body


def _negated(node, t):
    return isinstance(node, gast.UnaryOp) and isinstance(node.op, gast.USub) \
        and isinstance(node.operand, gast.Name) and node.operand.id == t


def _target(s):
    t = s.targets[0] if len(s.targets) == 1 else None
    return t.id if isinstance(t, gast.Name) else None


def _literal(node):
    """The number ``node`` spells (``1.0``, ``-1.0``), else None."""
    if isinstance(node, gast.UnaryOp) and isinstance(node.op, gast.USub):
        inner = _literal(node.operand)
        return None if inner is None else -inner
    if isinstance(node, gast.Constant) and type(node.value) is float:
        return node.value
    return None


def _number(value):
    return S.const(value) if value >= 0 else gast.UnaryOp(op=gast.USub(),
                                                         operand=S.const(-value))


class _Substitute(gast.NodeTransformer):
    def __init__(self, consts):
        self.consts = consts

    def _scope(self, node):  # (a nested scope may bind the name itself: left alone)
        return node

    visit_Lambda = visit_FunctionDef = visit_ListComp = visit_SetComp = _scope
    visit_DictComp = visit_GeneratorExp = _scope

    def visit_Name(self, node):
        if isinstance(node.ctx, gast.Load) and node.id in self.consts:
            return gast.copy_location(_number(self.consts[node.id]), node)
        return node


# NumPy and SciPy functions whose result is floating for every real argument (an integer
# or boolean one too), as rule templates spell them
_FLOAT_CALLS = frozenset(
    [f"np.{f}" for f in ("exp", "log", "log1p", "expm1", "sqrt", "tanh", "sin", "cos", "tan",
                         "sinh", "cosh", "arctan", "reciprocal")]
    + [f"scipy.special.{f}" for f in ("digamma", "gammaln", "expit", "erf", "erfc", "ndtr")])


def _dotted(node):
    if isinstance(node, gast.Name):
        return node.id
    if isinstance(node, gast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def _float(node, floats):
    """Is ``node`` proven to make a real floating value (array or number)?"""
    if _literal(node) is not None:
        return True
    if isinstance(node, gast.Call):  # (of real arguments, floats among them or not)
        return _dotted(node.func) in _FLOAT_CALLS and len(node.args) == 1 \
            and not node.keywords and _float(node.args[0], floats)
    if isinstance(node, gast.Name):
        return node.id in floats
    if isinstance(node, gast.UnaryOp):
        return isinstance(node.op, (gast.USub, gast.UAdd)) and _float(node.operand, floats)
    if isinstance(node, gast.BinOp) and isinstance(node.op, (gast.Add, gast.Sub, gast.Mult,
                                                              gast.Div)):
        # (a real operand with a float one: NumPy and Python promote to a float; a real
        # number divided truly is a float; both operands must be real: a complex is not)
        return _float(node.left, floats) and _real(node.right, floats) \
            or _float(node.right, floats) and _real(node.left, floats)
    return False


def _real(node, floats):
    """A real number or array: a float, or an integer literal (other names: not known)."""
    return _float(node, floats) or isinstance(node, gast.Constant) \
        and type(node.value) in (int, bool)


def _fresh(node):
    """Does evaluating ``node`` make a new value (no name shares it)?"""
    return isinstance(node, (gast.BinOp, gast.UnaryOp))


class _Units(gast.NodeTransformer):
    def __init__(self, floats):
        self.floats = floats

    def visit_Call(self, node):
        """``unbroadcast(-e, x)`` -> ``-unbroadcast(e, x)``: a sum of negated floats is the
        negated sum exactly (rounding to nearest is symmetric), on the smaller array."""
        self.generic_visit(node)
        if plain_call(node, "unbroadcast", 2) and isinstance(node.args[0], gast.UnaryOp) \
                and isinstance(node.args[0].op, gast.USub) and _float(node.args[0], self.floats):
            node.args[0] = node.args[0].operand
            return gast.copy_location(gast.UnaryOp(op=gast.USub(), operand=node), node)
        return node

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if not isinstance(node.op, (gast.Mult, gast.Div)):
            return node
        sides = [(node.right, node.left)]  # (unit, other): ``e / u``, ``e * u``, ``u * e``
        if isinstance(node.op, gast.Mult):
            sides.append((node.left, node.right))
        for unit, other in sides:
            value = _literal(unit)
            if value not in (1.0, -1.0) or not _float(other, self.floats):
                continue
            if value == 1.0 and _fresh(other):
                return other
            if value == -1.0:
                return gast.copy_location(gast.UnaryOp(op=gast.USub(), operand=other), node)
        return node

