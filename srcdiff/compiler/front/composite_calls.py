"""Calls compiled as srcdiff's own definition of the function (rules/composites.py): a
composite (``np.cov``, ``scipy.linalg.solve``), an array method (``loss.item()``), or a
function with a rule given an option the rule takes as a constant (``np.sum(x,
initial=s)``, rules/reduction_options.py). Part of normalize.py's normalizer.

The call's arguments go to the definition as they are written, so they must bind to the
parameters they bind to in the real function. Invariant (checked here, when the call is
compiled): every positional argument binds to a parameter of the same name in both (by
position alone where the real one is positional-only), and every keyword names a parameter
the real function takes. A call that binds otherwise is refused: ``scipy.linalg.solve(a,
b, True, False, "sym")`` passes ``"sym"`` as SciPy's ``overwrite_b`` (a general solve) and
would be the definition's ``assume_a`` (a symmetric one: another value);
tests/front/test_composite_arguments.py checks every registered definition's order.
"""

import inspect

import gast
import numpy as np

from srcdiff.compiler.front.parse import MISSING
from srcdiff.compiler.ir import syntax as S
from srcdiff.rules import DEFAULT
from srcdiff.rules.composites import COMPOSITES, DTYPE_UNUSED, METHODS, option_definition

_P = inspect.Parameter
_POSITIONAL = (_P.POSITIONAL_ONLY, _P.POSITIONAL_OR_KEYWORD)

# ufunc methods' positional order, which their signatures hide in ``**kwargs``
_UFUNC_METHODS = {"reduce": ("array", "axis", "dtype", "out", "keepdims", "initial", "where"),
                  "accumulate": ("array", "axis", "dtype", "out"),
                  "outer": ("A", "B")}


class CompositeCalls:
    """The normalizer's calls of srcdiff's definitions (mixed into normalize._Normalizer)."""

    def composite(self, f, target, keywords, count=0, args=()):
        """A function srcdiff differentiates from its own Python definition
        (rules/composites.py) is called as that definition, a function of the namespace:
        ``(name node, definition, arguments before the call's)``: a method's receiver is
        its definition's first argument; so is a function with a rule called with an option
        the rule takes as a constant, given a computed value (``np.sum(x, initial=s)``).
        Any other call (``count`` positional arguments): ``(f, target, [])``."""
        named = {k.arg: k.value for k in keywords if k.arg is not None}
        try:
            definition = COMPOSITES.get(target) or option_definition(target, named)
        except TypeError:  # (unhashable)
            return f, target, []
        before, function = [], target
        method = DEFAULT.method_primitive(f.attr) if target is MISSING \
            and isinstance(f, gast.Attribute) else None
        by_option = option_definition(method, named)  # (None for method None)
        if by_option is not None:
            definition, before, function = by_option, [f.value], method  # x.sum(initial=s)
        elif target is MISSING and isinstance(f, gast.Attribute) and f.attr in METHODS \
                and method is None:
            definition, before = METHODS[f.attr], [f.value]  # a value's method: `loss.item()`
            function = None  # (the definition's own parameters are NumPy's method's)
            try:
                inspect.signature(definition).bind(*range(1 + count), **named)
            except TypeError as e:  # (a TypeError when run, before)
                raise self.error(f, f"`.{f.attr}(...)` does not take these arguments ({e})",
                                 hint=f"call it as NumPy's `ndarray.{f.attr}` is called") \
                    from None
        elif definition is None or (DEFAULT.lookup(target) is not None
                                    and definition is COMPOSITES.get(target)):
            return f, target, []
        if function is not None and (
                wrong := misplaced_argument(function, definition, len(before) + count, named)):
            raise self.error(f, f"{wrong}: srcdiff differentiates this call through its own "
                             f"definition ({definition.__name__}), which would bind it "
                             "differently", hint="pass options by keyword, as the function "
                             "names them")
        dtype = _bound("dtype", definition, before + list(args), keywords) \
            if definition in DTYPE_UNUSED else None
        if dtype is not None and not _float64(dtype):
            raise self.error(f, f"srcdiff differentiates this call through its own definition "
                             f"({definition.__name__}), which models `dtype=` only as float64 "
                             "on a float64 array (where it changes nothing)",
                             hint="convert the array first, e.g. `x.astype(...)`")
        name = self.parsed.bind(definition, self.names)
        return S.locate(S.name(name), f), definition, before


def _bound(parameter, definition, args, keywords):
    """The node a call of ``definition`` with ``args`` and ``keywords`` passes to
    ``parameter`` (None where it passes none, or the definition has no such parameter)."""
    for k in keywords:
        if k.arg == parameter:
            return k.value
    slots = positional_slots(definition)
    if slots is None or parameter not in slots[0]:
        return None
    at = slots[0].index(parameter)
    return args[at] if at < len(args) else None


def _float64(node):
    """Whether ``node`` names no dtype or float64 (``None``, ``float``, ``np.float64``,
    ``"float64"``): the dtype srcdiff's definitions model (the array's own, checked when
    run: rules/composites.py ``axis_without_out``)."""
    if isinstance(node, gast.Constant):
        return node.value is None or node.value in ("float64", "f8", "float", "d", "double")
    name = node.id if isinstance(node, gast.Name) else \
        node.attr if isinstance(node, gast.Attribute) else None
    return name in ("float", "float64", "double")


def keywords_by_position(call, target):
    """``call`` of a function with a gradient rule, rewritten with the keywords naming the
    function's next positional parameters passed by position (``np.asarray(a=x)`` as
    ``np.asarray(x)``: the rule names it ``object``, NumPy's np.array does), when one of its
    keywords is not a name the rule declares; None otherwise. The function binds them the
    same way; the rule binds positions as the function does (its parameters in the
    function's order, as every positional call relies on)."""
    try:
        rule = DEFAULT.lookup(target)
    except TypeError:  # (unhashable)
        return None
    template = rule and not rule.nondiff and (rule.vjp or rule.jvp)
    named = {k.arg: k for k in call.keywords}
    if not template or None in named or set(named) <= set(template.params[2:]) or any(
            isinstance(a, gast.Starred) for a in call.args):
        return None
    theirs, args = positional_slots(target), list(call.args)
    while theirs is not None and len(args) < len(theirs[0]) and theirs[0][len(args)] in named \
            and theirs[0][len(args)] != "out":  # (out=: the call's own lowering, expressions.py)
        args.append(named.pop(theirs[0][len(args)]).value)
    if len(args) == len(call.args):
        return None
    return S.locate(gast.Call(func=call.func, args=args, keywords=list(named.values())), call)


def positional_slots(function):
    """The names ``function``'s positional arguments bind to, in order, whether its
    positional-only ones, and whether it takes more (``*args``, named ``*``); None where
    its signature is unknown."""
    owner = getattr(function, "__self__", None)
    if isinstance(owner, np.ufunc) and function.__name__ in _UFUNC_METHODS:
        return list(_UFUNC_METHODS[function.__name__]), set(), False
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return None
    return ([p.name for p in parameters if p.kind in _POSITIONAL],
            {p.name for p in parameters if p.kind is _P.POSITIONAL_ONLY},
            any(p.kind is _P.VAR_POSITIONAL for p in parameters))


def keyword_names(function):
    """The keywords ``function`` takes (None: any, or its signature is unknown)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is _P.VAR_KEYWORD for p in parameters):
        return None
    return {p.name for p in parameters if p.kind in (_P.POSITIONAL_OR_KEYWORD, _P.KEYWORD_ONLY)}


def misplaced_argument(function, definition, count, keywords=()):
    """What of a call of ``function`` with ``count`` positional arguments and ``keywords``
    binds otherwise in ``definition`` (a phrase naming it), or None when all line up."""
    theirs, ours = positional_slots(function), positional_slots(definition)
    if theirs is None and count > 1:
        return ("argument 2 is passed by position to a function whose parameter order "
                "srcdiff does not know")
    for k in range(count if theirs is not None else 0):
        their, our = (slots[0][k] if k < len(slots[0]) else "*" if slots[2] else None
                      for slots in (theirs, ours))
        where = f"argument {k + 1}" + (f" (`{their}`)" if their not in (None, "*") else "")
        if their is None:
            return f"{where} is one more than the function takes"
        if our is None:
            return f"{where} is one more than srcdiff's definition takes by position"
        if their != our and not (their in theirs[1] and our != "*"):
            return f"{where} passed by position would be the definition's `{our}`"
    accepted = keyword_names(function)
    extra = sorted(set(keywords) - accepted) if accepted is not None else []
    if extra:
        return f"keyword `{extra[0]}` is not one the function takes"
    return None
