"""What one ANF statement means: which primitive, which rule, which operands.

:func:`describe` reads a normalized statement and returns an :class:`Op`, the
single description that activity analysis, the reverse transform and the
forward transform all use, so they cannot disagree about a statement.
"""

import functools
import inspect
import operator
import os

import gast
import numpy as np

from srcdiff import runtime
from srcdiff.compiler.front import derivatives
from srcdiff.compiler.front.parse import MISSING, hashable
from srcdiff.compiler.front.signatures import Callable, python_callable
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

BINOPS = {gast.Add: operator.add, gast.Sub: operator.sub, gast.Mult: operator.mul,
          gast.Div: operator.truediv, gast.FloorDiv: operator.floordiv, gast.Mod: operator.mod,
          gast.Pow: operator.pow, gast.MatMult: operator.matmul, gast.BitAnd: operator.and_,
          gast.BitOr: operator.or_, gast.BitXor: operator.xor, gast.LShift: operator.lshift,
          gast.RShift: operator.rshift}
UNARYOPS = {gast.USub: operator.neg, gast.UAdd: operator.pos, gast.Not: operator.not_,
            gast.Invert: operator.invert}
# values srcdiff computes but never differentiates: refused (with this reason and hint)
# when they are active, i.e. lie on a path from the differentiated inputs to the output
_SETS = ("a set merges equal elements and has no order, so srcdiff cannot differentiate "
         "through the values it holds",
         "use a list (or a dict keyed by constants) for values that are differentiated")
NOT_DIFFERENTIATED = {set: _SETS, frozenset: _SETS}
CONSTANT_ATTRS = {"shape", "ndim", "size", "dtype", "itemsize", "nbytes", "strides", "flags"}


class Op:
    """One statement's meaning.

    ``kind`` is one of: ``copy`` (``y = x``), ``const`` (no gradient flows),
    ``prim`` (a primitive with a rule), ``index`` (``y = x[i]``), ``literal``
    (tuple/list/dict display), ``store`` (``x[i] = v``), ``append``
    (``xs.append(v)``), ``call`` (a user function with source), ``unknown``
    (no rule and no source), ``control`` (if/for/while/return/passthrough).
    """

    def __init__(self, kind, stmt, target=None, operands=(), rule=None, func=None, args=(),
                 kwargs=None, index=None, primitive=None, label=None, reason=None, hint=None):
        self.kind = kind
        self.stmt = stmt
        self.target = target  # the name this statement (re)defines, or None
        self.operands = list(operands)  # names a gradient may flow to
        self.rule = rule
        self.func = func  # the callable (prim/call/unknown)
        self.args = list(args)  # atom nodes, primal positional arguments
        self.kwargs = dict(kwargs or {})
        self.index = index  # index node of index/store ops
        self.primitive = primitive
        self._label = label  # how to name this primitive in messages (see label)
        self.reason = reason  # for ``unknown``: why the call is not modelled (or None)
        self.hint = hint  # what to do instead (with ``reason``)
        # a conversion to a dtype only known at run time (``x.astype(y.dtype)``): the
        # expression, which the generated code checks is a float one (``float_dtype``)
        self.dtype_check = None

    @property
    def label(self):
        """How to name this primitive in messages. An operator's is a copy of its
        expression, printed when first asked (messages are rare; printing every
        operation of a big function took a tenth of its analysis)."""
        if isinstance(self._label, gast.AST):
            self._label = S.expr_source(self._label)
        return self._label

    @label.setter
    def label(self, value):
        self._label = value

    def __repr__(self):
        return f"<Op {self.kind} {self.target} <- {self.operands}>"


def _names(nodes):
    return [n.id for n in nodes if isinstance(n, gast.Name)]


def describe(stmt, parsed, registry, user_functions):
    """Return the :class:`Op` for one ANF statement.

    ``user_functions(obj)`` says whether a callee is a Python function that
    srcdiff should differentiate from source.
    """
    if isinstance(stmt, gast.Assign):
        target = stmt.targets[0]
        value = stmt.value
        if isinstance(target, gast.Subscript):
            return Op("store", stmt, target=target.value.id,
                      operands=_names([value]) + [target.value.id], args=[value],
                      index=target.slice)
        return _describe_value(stmt, target.id, value, parsed, registry, user_functions)
    if isinstance(stmt, gast.Expr) and isinstance(stmt.value, gast.Call) \
            and isinstance(stmt.value.func, gast.Attribute) and stmt.value.func.attr == "append" \
            and isinstance(stmt.value.func.value, gast.Name) \
            and parsed.resolve(stmt.value.func) is MISSING:
        lst = stmt.value.func.value.id
        return Op("append", stmt, target=lst, operands=_names(stmt.value.args) + [lst],
                  args=list(stmt.value.args))
    return Op("control", stmt)


def _describe_value(stmt, target, value, parsed, registry, user_functions):
    if isinstance(value, gast.Name):
        return Op("copy", stmt, target=target, operands=[value.id], args=[value])
    if isinstance(value, gast.Constant):
        return Op("const", stmt, target=target)
    if isinstance(value, gast.BinOp):
        fn = BINOPS[type(value.op)]
        return _prim(stmt, target, fn, [value.left, value.right], {}, registry,
                     label=_op_label(value))
    if isinstance(value, gast.UnaryOp):
        fn = UNARYOPS[type(value.op)]
        return _prim(stmt, target, fn, [value.operand], {}, registry, label=_op_label(value))
    if isinstance(value, (gast.Compare, gast.JoinedStr)):  # a bool or a string
        return Op("const", stmt, target=target)
    if isinstance(value, gast.Subscript):
        if not isinstance(value.value, gast.Name):  # a literal's item ('ab'[0]): no gradient
            return Op("const", stmt, target=target)  # (2[0] raises when run, as in Python)
        return Op("index", stmt, target=target, operands=_names([value.value]),
                  args=[value.value], index=value.slice)
    if isinstance(value, gast.Attribute):
        static = parsed.resolve(value)
        if type(static) in (float, int):  # math.pi, np.e: its value, for the shape facts
            return Op("const", stmt, target=target, args=[gast.Constant(value=static, kind=None)])
        if static is not MISSING:
            return Op("const", stmt, target=target)
        if value.attr in CONSTANT_ATTRS:
            return Op("const", stmt, target=target)
        if value.attr == "T":
            return _prim(stmt, target, np.transpose, [value.value], {}, registry, label=".T")
        if value.attr in ("real", "imag"):
            fn = np.real if value.attr == "real" else np.imag
            return _prim(stmt, target, fn, [value.value], {}, registry, label="." + value.attr)
        return Op("unknown", stmt, target=target, operands=_names([value.value]),
                  label=f"attribute .{value.attr}")
    if isinstance(value, (gast.Tuple, gast.List)):
        return Op("literal", stmt, target=target, operands=_names(value.elts), args=value.elts)
    if isinstance(value, gast.Dict):
        return Op("literal", stmt, target=target, operands=_names(value.values),
                  args=value.values)
    if isinstance(value, gast.Call):
        return _describe_call(stmt, target, value, parsed, registry, user_functions)
    return Op("unknown", stmt, target=target, label=type(value).__name__)


def _describe_call(stmt, target, call, parsed, registry, user_functions):
    args = list(call.args)
    kwargs = {k.arg: k.value for k in call.keywords}
    fn = parsed.callee(call.func)
    label = S.expr_source(call.func)
    if fn is MISSING and isinstance(call.func, gast.Attribute):  # a method call on a value
        method = call.func.attr
        prim = registry.method_primitive(method)
        receiver = call.func.value
        if prim == "astype":
            return _checked(_astype(stmt, target, receiver, args, kwargs, parsed),
                            args[0] if args else kwargs.get("dtype"), parsed)
        if prim is None:
            return Op("unknown", stmt, target=target, label=f"the method .{method}()",
                      operands=_names([receiver] + args + list(kwargs.values())))
        spelled = _dtype_argument(registry.lookup(prim), [receiver] + args, kwargs)
        if spelled is not None:  # x.sum(dtype=int): as np.sum(x, dtype=int)
            cast = _cast(stmt, target, spelled, parsed, f".{method}()")
            if cast is not None:
                return cast
        if prim is np.reshape and len(args) > 1:
            args = [gast.Tuple(elts=args, ctx=gast.Load())]
        if prim is np.transpose and len(args) > 1:
            args = [gast.Tuple(elts=args, ctx=gast.Load())]
        return _checked(_prim(stmt, target, prim, [receiver] + args, kwargs, registry,
                              label=f".{method}()"), spelled, parsed)
    if _is_stop_gradient(fn):  # (func: its result is its argument itself, sharing.py)
        return Op("const", stmt, target=target, func=fn)
    if fn is not MISSING and hashable(fn) and fn in NOT_DIFFERENTIATED:
        reason, hint = NOT_DIFFERENTIATED[fn]
        return Op("unknown", stmt, target=target, operands=_names(args + list(kwargs.values())),
                  func=fn, label=label, reason=f"{label}(...): {reason}", hint=hint)
    if fn is not MISSING and derivatives.is_derivative(fn):
        return _describe_derivative_call(stmt, target, fn, args, kwargs, label)
    rule = registry.lookup(fn)
    spelled = _dtype_argument(rule, args, kwargs) if rule is not None else None
    if spelled is not None:  # np.asarray(x, int), np.cumsum(x, dtype=int)
        cast = _cast(stmt, target, spelled, parsed, label)
        if cast is not None:
            return cast
    if rule is not None:
        return _checked(_prim(stmt, target, fn, args, kwargs, registry, label=label, rule=rule),
                        spelled, parsed)
    fn = user_callable(fn)
    if user_functions(fn):
        return Op("call", stmt, target=target, operands=_names(args + list(kwargs.values())),
                  func=fn, args=args, kwargs=kwargs, label=label)
    return Op("unknown", stmt, target=target, operands=_names(args + list(kwargs.values())),
              func=fn, label=label)


def _describe_derivative_call(stmt, target, fn, args, kwargs, label):
    """A call of a derivative made by srcdiff: a call of its generated function
    (front/derivatives.py), or refused by name."""
    operands = _names(args + list(kwargs.values()))
    reason = None
    renamed = derivatives.keywords(fn)
    if not derivatives.is_nestable(fn):
        reason = (f"{label} is a derivative made by srcdiff ({derivatives.kind(fn)}); "
                  "differentiating a call of it inside another differentiated function is "
                  "supported for sd.grad, sd.value_and_grad, sd.jvp and sd.hvp results only")
    elif "grad_ys" in kwargs:
        reason = (f"{label} is called with `grad_ys=` inside a differentiated function; "
                  "nested derivatives are supported with their default seed only")
    elif set(renamed.values()) & set(kwargs):
        reason = f"{label} is called with a keyword srcdiff reserves ({sorted(kwargs)})"
    kwargs = {renamed.get(k, k): v for k, v in kwargs.items()}  # (its generated function's)
    if reason is not None:
        return Op("unknown", stmt, target=target, operands=operands, func=fn, label=label,
                  reason=reason,
                  hint="differentiate the composition itself (sd.hessian(f), sd.hvp(f), "
                       "sd.grad(sd.grad(f))), or compute the inner derivative outside")
    return Op("call", stmt, target=target, operands=operands, func=fn, args=args,
              kwargs=kwargs, label=label)


def _astype(stmt, target, receiver, args, kwargs, parsed):
    """``x.astype(dtype)``: a copy when the dtype is a float or complex one (the
    derivative is the identity, cast back by the gradient's finish), else as :func:`_cast`."""
    spelled = args[0] if args else kwargs.get("dtype")
    cast = _cast(stmt, target, spelled, parsed, ".astype")
    if cast is not None:
        return cast
    return Op("copy", stmt, target=target, operands=_names([receiver]), args=[receiver],
              label=".astype")


def _dtype_argument(rule, args, kwargs):
    """The node a call passes as its ``dtype``: by keyword, or by the position the rule's
    signature gives it (``np.asarray(x, int)``); None when it passes none."""
    template = rule.vjp or rule.jvp
    if template is not None:
        try:
            bound = template.bind(args, kwargs)
        except TypeError:  # refused by _prim: the rule does not model the call
            return None
        if "dtype" in bound:
            return bound["dtype"]
    return kwargs.get("dtype")


def dtype_check(op, parsed, like):
    """The statement generated code runs before ``op``'s when it converts a differentiated
    value to a dtype known at run time only (``op.dtype_check``), or None: the check
    (``float_dtype``, srcdiff/runtime_checks.py) that the dtype is a float one."""
    if op is None or op.dtype_check is None:
        return None
    filename, lineno, _, line = parsed.where(op.stmt)
    where = f"{_shown(filename)}:{lineno}: `{(line or '').strip()}`"
    return S.locate(gast.Expr(value=S.call("float_dtype", [S.copy(op.dtype_check),
                                                           S.const(where)])), like)


def _shown(filename):
    """How generated code names ``filename``: a file of srcdiff's own (a composite's rule
    inlined) from the package's folder, ``srcdiff/rules/x.py``, the same wherever srcdiff
    is installed (the code a person reads, the golden files); any other as given."""
    if filename and os.path.abspath(filename).startswith(_PACKAGE + os.sep):
        return os.path.relpath(os.path.abspath(filename), os.path.dirname(_PACKAGE))
    return filename


_PACKAGE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _cast(stmt, target, spelled, parsed, label):
    """A conversion to the dtype ``spelled``: a constant when the dtype is an integer or
    boolean one (every value truncated: derivative 0, as TensorFlow's cast to an integer
    type); None (the rule applies) for float and complex dtypes, ``dtype=None``, and a
    dtype the source does not spell (``y.dtype``), which the generated code checks is a
    float one when the value converted is differentiated (:func:`_checked`)."""
    dtype = static_dtype(spelled, parsed)
    if dtype is not None and dtype.kind in "biu":
        return Op("const", stmt, target=target, label=label)
    return None


def _checked(op, spelled, parsed):
    """``op``, marked with the dtype expression ``spelled`` when it is neither ``None`` nor
    spelled in the source: whether it truncates (an integer type) is known at run time only,
    so the generated code stops there with a SrcdiffError (``float_dtype``) when it does and
    the value converted is differentiated, and follows the rule (a float type) otherwise."""
    if spelled is None or op.kind in ("const", "unknown") or (
            isinstance(spelled, gast.Constant) and spelled.value is None):
        return op
    if static_dtype(spelled, parsed) is None:
        op.dtype_check = spelled
    return op


def static_dtype(node, parsed):
    """The NumPy dtype ``node`` spells (``np.float32``, ``int``, ``'f8'``), or None."""
    if node is None:
        return None
    if isinstance(node, gast.Constant) and isinstance(node.value, str):
        obj = node.value
    else:
        obj = parsed.resolve(node)
        if obj is MISSING:
            return None
    try:
        return np.dtype(obj)
    except (TypeError, ValueError):
        return None


def _prim(stmt, target, fn, args, kwargs, registry, label=None, rule=None):
    rule = rule or registry.lookup(fn)
    if rule is None:
        return Op("unknown", stmt, target=target, operands=_names(args + list(kwargs.values())),
                  func=fn, label=label)
    if rule.nondiff:
        return Op("const", stmt, target=target, func=fn, rule=rule, label=label)
    template = rule.vjp or rule.jvp
    operands = []
    if template is not None:
        try:
            bound = template.bind(args, kwargs)
        except TypeError as e:
            # an argument or keyword the rule does not declare: the rule does not model
            # the call, so it is not differentiated at all (never as a constant)
            unknown = sorted(set(kwargs) - set(template.params))
            what = (f"the keyword{'s' if len(unknown) > 1 else ''} "
                    f"{', '.join(k + '=' for k in unknown)}" if unknown
                    else f"these arguments ({e})")
            return Op("unknown", stmt, target=target,
                      operands=_names(args) + _names_deep_list(kwargs.values()),
                      func=fn, label=label,
                      reason=f"the gradient rule of {_label_text(label)} does not model "
                      f"{what}")
        for p in template.differentiable_params:
            node = bound.get(p)
            if node is not None:
                operands.extend(_names_deep(node))
        if rule.check is not None:
            reason = rule.check(_literals(bound))
            if reason is not None:
                return Op("unknown", stmt, target=target, operands=operands, func=fn,
                          label=label, reason=f"{label}: {reason}",
                          hint="write the call another way, or register a rule for it")
    return Op("prim", stmt, target=target, operands=operands, rule=rule, func=fn, args=args,
              kwargs=kwargs, primitive=fn, label=label)


def _literals(bound):
    """The arguments of a rule's binding written as literals: ``{parameter: value}``, and
    the keywords a ``**kwargs`` parameter takes by their names."""
    out = {}
    for p, node in bound.items():
        if isinstance(node, gast.Constant):
            out[p] = node.value
        elif isinstance(node, gast.Dict):
            out.update({k.value: v.value for k, v in zip(node.keys, node.values)
                        if isinstance(k, gast.Constant) and isinstance(v, gast.Constant)})
    return out


def _names_deep_list(nodes):
    return [n for node in nodes for n in _names_deep(node)]


def _names_deep(node):
    return [n.id for n in dataflow.in_walk_order(node) if isinstance(n, gast.Name)]


def _op_label(value):
    return S.copy(value)  # (printed when a message asks: Op.label)


def _label_text(label):
    return S.expr_source(label) if isinstance(label, gast.AST) else label


def _is_stop_gradient(fn):
    return getattr(fn, "__srcdiff_stop_gradient__", False)


def stop_gradient_argument(op):
    """The atom ``a`` of ``t = sd.stop_gradient(a)`` (the identity at run time: ``t`` has
    ``a``'s kind, shape and dtype), or None for any other op."""
    value = op.stmt.value if isinstance(op.stmt, gast.Assign) else None
    if op.kind == "const" and _is_stop_gradient(op.func) and isinstance(value, gast.Call) \
            and len(value.args) == 1 and not value.keywords:
        return value.args[0]
    return None


def is_user_function(fn):
    if isinstance(fn, Callable):  # a bound method, a callable object (front/signatures.py)
        return True
    return inspect.isfunction(fn) and not getattr(fn, "__srcdiff_primitive__", False)


def user_callable(fn):
    """A method or a callable object as the :class:`Callable` that runs (else ``fn``)."""
    if fn is MISSING or inspect.isfunction(fn):
        return fn
    return python_callable(fn) or fn


def no_rule_error(error, op, what, register):
    """The error for a call srcdiff has no ``what`` ("gradient", "derivative") rule for:
    the keyword the rule does not model (``op.reason``), or no rule at all (``register``
    says how to give one)."""
    node = op.stmt.value if isinstance(op.stmt, gast.Assign) else op.stmt
    if op.reason is not None:
        return error(node, op.reason, hint=op.hint or "drop the keyword if it changes "
                     "nothing, or write the call without it (e.g. convert the result after)")
    if op.label.startswith("attribute ."):  # (``p.w``: front/records.py)
        return error(node, f"no {what} rule for {op.label}; srcdiff reads the fields of "
                     "a named tuple only where the arguments show one (a named-tuple "
                     "parameter the function never rebinds, or a named tuple inside one)",
                     hint="for a named tuple made or rebound in the function, index it "
                          "(`p[0]` for `p.w`); for a constant, wrap the value in "
                          "sd.stop_gradient(...)")
    if isinstance(op.func, functools.partial) and op.func.keywords:  # (signatures._partial)
        return error(node, f"{op.label} is a functools.partial with keywords "
                     f"({', '.join(op.func.keywords)}), which a call may give again; srcdiff "
                     "differentiates partials that bind leading positional arguments only",
                     hint="call the function itself with the keywords written out")
    if op.label.startswith("the method ."):  # (a method of a value: _describe_call)
        return error(node, f"no {what} rule for {op.label}: srcdiff models the array "
                     "methods it has rules for, and reads a method's source only where it "
                     "can tell which object it is called on when the function compiles (not "
                     "an object made inside the function)",
                     hint="for an array, call a NumPy function srcdiff has a rule for (or "
                          f"register one with {register.rstrip(',')}); for an object of your "
                          "class, make it at module level and call its method there "
                          "(`MODEL.loss(x)`), or differentiate the bound method itself "
                          "(`sd.grad(model.loss)`)")
    if isinstance(op.func, type) and op.func.__module__.split(".")[0] not in (
            "builtins", "numpy", "scipy"):  # (`Model(w)`, a dataclass: not followed)
        return error(node, f"{op.label} is a class: srcdiff does not follow the values an "
                     "object made inside the function holds",
                     hint="make the object outside the function and differentiate its "
                          "method (`sd.grad(model.loss)`), or hold the arrays in a dict, a "
                          "list or a named tuple")
    return error(node, f"no {what} rule for {op.label} and no Python source to "
                 "differentiate it from",
                 hint=f"register one with {register} or wrap the value in "
                      "sd.stop_gradient(...) if it is a constant")


def makes_container(op, kind_of):
    """Does the call ``op`` make a list or dict: ``dict_of(keys, values)`` (a dict
    comprehension, ``dict(d)``), or ``xs.copy()`` of a list or dict (``kind_of(node)``: the
    kind of an atom; NumPy's ``x.copy()`` of an array makes an array)?"""
    if op.func is runtime.dict_of:
        return True
    return op.func is np.copy and len(op.args) == 1 and is_method_copy(op.stmt.value) \
        and kind_of(op.args[0]) == "container"


def is_method_copy(value):
    """Is ``value`` the call ``r.copy()`` (NumPy's copy of an array, Python's shallow copy of
    a list or dict: the same objects in a new container)?"""
    return isinstance(value, gast.Call) and isinstance(value.func, gast.Attribute) \
        and value.func.attr == "copy" and not value.args and not value.keywords
