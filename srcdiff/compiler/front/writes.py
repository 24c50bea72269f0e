"""What a call may write into: the functions and methods that change an argument in place
(the helpers' scan, scan.py, and the function's own check, aliasing.py, ask the same
questions here), the keywords that make a library call write into its arguments, and
such functions passed as values to calls srcdiff does not follow into."""

import functools
import inspect
import itertools
import operator

import gast
import numpy as np

from srcdiff.compiler.front.parse import MISSING, hashable, stands_for
from srcdiff.compiler.ir import syntax as S

# ndarray/list/dict methods that change their object in place
MUTATING_METHODS = frozenset({
    "sort", "fill", "resize", "put", "partition", "itemset", "setfield", "byteswap",
    "append", "extend", "insert", "remove", "pop", "clear", "reverse", "update",
    "setdefault", "popitem", "add", "discard", "difference_update", "intersection_update",
    "symmetric_difference_update", "shuffle", "__setitem__", "__delitem__", "__iadd__",
    "__isub__", "__imul__", "__itruediv__",
})
_BYTESWAP = "byteswap"  # in place only with inplace=True

# functions that write into their first argument (the operator module's in-place operators:
# `operator.iadd(z, x)` is `z += x`, in place for an array)
MUTATING_FUNCTIONS = frozenset({
    np.copyto, np.put, np.place, np.putmask, np.put_along_axis, np.fill_diagonal,
    np.random.shuffle, operator.iadd, operator.isub, operator.imul, operator.itruediv,
    operator.ifloordiv, operator.imod, operator.ipow, operator.imatmul, operator.iand,
    operator.ior, operator.ixor, operator.ilshift, operator.irshift, operator.iconcat,
    operator.setitem, operator.delitem,
})


def writes_by_keyword(target, call):
    """The keyword with which ``call`` of the library function ``target`` may write into its
    arguments, or None: SciPy's ``overwrite_a=``, ``overwrite_b=``, ``overwrite_x=``, NumPy's
    ``overwrite_input=``, ... (any ``overwrite_*`` not a literal false: the function may then
    leave its own work in the array given), ``output=`` of a function outside NumPy given
    anything but a literal (scipy.ndimage writes its result into an array given there), and
    ``**`` into a function outside NumPy (it may carry either). Positional arguments count
    by the names of ``target``'s signature."""
    numpy_own = isinstance(target, np.ufunc) or (getattr(target, "__module__", None) or "") \
        .split(".")[0] == "numpy"
    for name, value in _named_arguments(target, call):
        if name is None and not numpy_own:
            return "**"
        if name is not None and name.startswith("overwrite_") and not (
                isinstance(value, gast.Constant) and not value.value):
            return name
        if name == "output" and not numpy_own and not isinstance(value, gast.Constant):
            return name
    return None


def passed_error(parsed, node):
    """The error for ``node``, a function that changes its argument in place passed as a
    value (:func:`mutating_value`)."""
    return parsed.error(
        node, f"`{S.expr_source(node)}` is passed as a value: a function that changes its "
        "argument in place, called where srcdiff cannot see the change",
        hint="call it yourself in a loop, or pass a function that returns a new value "
        "(`operator.add` for `operator.iadd`)")


def mutating_value(parsed, node):
    """Whether ``node``, named as a value and not called (an argument, a value bound to a
    name), denotes a function that changes its argument in place: ``operator.iadd``,
    ``np.copyto``, a local's ``xs.append``. Passed to a call srcdiff does not follow
    into (``itertools.accumulate([a, x], operator.iadd)``), it writes unseen."""
    if not isinstance(node, (gast.Name, gast.Attribute)):
        return False
    found = parsed.resolve(node)
    if found is MISSING:
        return isinstance(node, gast.Attribute) and node.attr in MUTATING_METHODS
    return mutates_first_argument(stands_for(found))


def passed_values(value):
    """The expressions a statement's value names without calling them: the value itself,
    or a call's arguments."""
    if isinstance(value, gast.Call):
        return [a.value if isinstance(a, gast.Starred) else a for a in value.args] + [
            k.value for k in value.keywords]
    return [value] if value is not None else []


def _named_arguments(target, call):
    """``(parameter name, argument node)`` of each argument of ``call``: keywords by their
    names (None for ``**``), positional arguments by ``target``'s signature, when it has one."""
    named = [(k.arg, k.value) for k in call.keywords]
    if call.args and not any(isinstance(a, gast.Starred) for a in call.args):
        cached = hashable(target) and (getattr(target, "__module__", None) or "").split(
            ".")[0] in ("numpy", "scipy")  # (never keeps a user's object alive)
        names = (_positional_names if cached else _positional_names.__wrapped__)(target)
        named += list(zip(names, call.args))
    return named


@functools.lru_cache(maxsize=4096)
def _positional_names(target):
    """The names of ``target``'s parameters that take positional arguments, in order (a
    cut at the first that does not: ``*args``, keyword-only)."""
    try:
        params = list(inspect.signature(target).parameters.values())
    except (TypeError, ValueError):  # (a builtin without a signature)
        return ()
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return tuple(p.name for p in itertools.takewhile(lambda p: p.kind in kinds, params))


def mutates_first_argument(fn):
    """``np.copyto``, ``rng.shuffle``, ``np.add.at``, ``np.ndarray.sort``, ...: the callable
    changes its first argument in place."""
    return (hashable(fn) and fn in MUTATING_FUNCTIONS) or _is_bound_mutator(fn) \
        or _is_unbound_mutator(fn)


def _is_bound_mutator(fn):
    """``rng.shuffle``, ``np.add.at`` and the like, bound to their object."""
    owner = getattr(fn, "__self__", None)
    name = getattr(fn, "__name__", None)
    if isinstance(owner, np.ufunc) and name == "at":
        return True
    return isinstance(owner, (np.random.Generator, np.random.RandomState)) \
        and name in ("shuffle",)


def _is_unbound_mutator(fn):
    """``np.ndarray.sort``, ``list.append``, ``dict.update``: a method taken from its class."""
    owner = getattr(fn, "__objclass__", None)
    return owner in (np.ndarray, list, dict, set) and getattr(fn, "__name__", "") in \
        MUTATING_METHODS
