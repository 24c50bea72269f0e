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
from srcdiff.rules.composites import COMPOSITES, METHODS, option_definition

_P = inspect.Parameter
_POSITIONAL = (_P.POSITIONAL_ONLY, _P.POSITIONAL_OR_KEYWORD)

# ufunc methods' positional order, which their signatures hide in ``**kwargs``
_UFUNC_METHODS = {"reduce": ("array", "axis", "dtype", "out", "keepdims", "initial", "where"),
                  "accumulate": ("array", "axis", "dtype", "out"),
                  "outer": ("A", "B")}


class CompositeCalls:
    """The normalizer's calls of srcdiff's definitions (mixed into normalize._Normalizer)."""

    def composite(self, f, target, keywords, count=0):
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
            function = None  # (its receiver only is checked: the definition's own arguments)
        elif definition is None or (DEFAULT.lookup(target) is not None
                                    and definition is COMPOSITES.get(target)):
            return f, target, []
        if function is not None and (
                wrong := misplaced_argument(function, definition, len(before) + count, named)):
            raise self.error(f, f"{wrong}: srcdiff differentiates this call through its own "
                             f"definition ({definition.__name__}), which would bind it "
                             "differently", hint="pass options by keyword, as the function "
                             "names them")
        name = self.parsed.bind(definition, self.names)
        return S.locate(S.name(name), f), definition, before


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
