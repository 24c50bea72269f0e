"""What specialization may rely on: facts about argument values and call sites.

A generated function is compiled once per *kind* of argument: its fact is
``(kind, shape pattern)`` (see activity.py for kinds and patterns), a 0-d
ndarray's fact carries ``ZERO_D`` (it is mutable in place, a float is not), a
container's fact carries its entries' facts. The caches of api/ key compiled
functions on these facts, and callee adjoints are specialized on them.
"""

import sys

import gast
import numpy as np

from srcdiff.compiler.analysis.activity import ARRAY, CONTAINER, EVERY_ENTRY, INT
from srcdiff.compiler.front import derivatives, signatures

_SIMPLE_FACTS = {float: (ARRAY, ()), int: (INT, ()), bool: (INT, ()), np.float64: (ARRAY, ()),
                 np.float32: (ARRAY, ()), complex: (ARRAY, ())}


ZERO_D = "0-d array"  # the third entry of a 0-d ndarray's fact: it is mutable, a float is not


DASK = "dask array"  # the fourth entry of a dask array's fact: a kind of its own
CUPY = "cupy array"  # likewise for a CuPy array


def dask_array(value):
    """True for a ``dask.array`` array. dask is never imported here: while ``dask.array``
    is not loaded, no value can be one."""
    core = sys.modules.get("dask.array.core")
    return core is not None and isinstance(value, core.Array)


def cupy_array(value):
    """True for a CuPy array (cupy is never imported here, as dask is not). CuPy arrays
    take NumPy's functions through ``__array_function__`` / ``__array_ufunc__`` and refuse
    to be converted to NumPy implicitly, so NumPy-only code fails loudly on them."""
    cupy = sys.modules.get("cupy")
    return cupy is not None and isinstance(value, cupy.ndarray)


def array_library(value):
    """``"dask"`` or ``"cupy"`` for an array of those libraries (a kind of its own), or None."""
    return "dask" if dask_array(value) else "cupy" if cupy_array(value) else None


def zero_d(arg_facts):
    """The parameters that hold 0-d arrays (``x += v`` writes into them in place)."""
    return {p for p, f in (arg_facts or {}).items() if len(f) > 2 and f[2] == ZERO_D}


def dict_arguments(arg_facts):
    """The parameters whose facts show a dict: a container with a string key (a dict with
    only integer keys has the fact of a list, so iterating it stays refused at run time)."""
    return {p for p, f in (arg_facts or {}).items() if len(f) > 2 and f[0] == CONTAINER
            and isinstance(f[2], tuple) and any(isinstance(k, str) for k, _ in f[2])}


def arg_fact(value):
    """(kind, rank) of an argument value: what specialization may rely on."""
    t = type(value)
    fact = _SIMPLE_FACTS.get(t)
    if fact is not None:
        return fact
    if t is np.ndarray:  # the rank and which axes have length 1 (see activity.py)
        kind = ARRAY if value.dtype.kind in "fc" else INT
        if value.ndim == 0:
            return kind, (), ZERO_D
        return kind, tuple(d == 1 for d in value.shape)
    if isinstance(value, (bool, int, np.integer, np.bool_)):
        return INT, ()
    if isinstance(value, (float, complex, np.floating, np.complexfloating)):
        return ARRAY, ()
    if isinstance(value, np.ndarray):
        pattern = tuple(d == 1 for d in value.shape)
        kind = ARRAY if np.issubdtype(value.dtype, np.inexact) else INT
        return (kind, (), ZERO_D) if value.ndim == 0 else (kind, pattern)
    library = array_library(value)
    if library is not None:  # its metadata only (reading it never computes anything)
        kind = ARRAY if value.dtype.kind in "fc" else INT
        pattern = tuple(d == 1 for d in value.shape)
        return kind, pattern, (ZERO_D if value.ndim == 0 else None), \
            (DASK if library == "dask" else CUPY)
    if isinstance(value, dict):
        if all(isinstance(k, (str, int)) for k in value):
            return CONTAINER, None, tuple((k, arg_fact(v)) for k, v in value.items())
        return CONTAINER, None
    if isinstance(value, (list, tuple)):
        # numbers of one type (floats, say): every entry's fact, under EVERY_ENTRY
        types = set(map(type, value))
        every = (((EVERY_ENTRY, _SIMPLE_FACTS[types.pop()]),)
                 if len(types) == 1 and types <= {float, int} else ())
        if len(value) <= 64:
            return CONTAINER, None, tuple(enumerate(arg_fact(v) for v in value)) + every
        return (CONTAINER, None, every) if every else (CONTAINER, None)
    return None, None


def bind_call(op, error):
    """(signature, bound arguments) of a call site to a user function, or a located error."""
    try:
        sig = derivatives.signature(op.func)
        return sig, sig.bind(*op.args, **op.kwargs)
    except TypeError as e:
        raise error(op.stmt.value, f"the call to {op.label} does not match its signature: {e}")


def lowered_call(op, error):
    """``(callee, signature, {parameter: node}, positional nodes, {keyword: node})`` for the
    derivative's call of a user function: the callee itself, or, when it takes ``*args``,
    ``**kwargs`` or keyword-only parameters, its lowering for this call (every parameter
    an ordinary one, passed by name; front/signatures.py)."""
    sig, bound = bind_call(op, error)
    if not signatures.needs_lowering(sig) or derivatives.is_derivative(op.func):
        return op.func, sig, dict(bound.arguments), list(op.args), dict(op.kwargs)
    fn = op.func if isinstance(op.func, signatures.Callable) else signatures.Callable(op.func)
    lowered = fn.with_shape(signatures.shape_of(sig, bound))
    arguments = signatures.lowered_arguments(lowered, sig, bound)
    return lowered, lowered.__signature__, arguments, [], dict(arguments)


def fact_of(analysis, node):
    if isinstance(node, gast.Constant):
        return arg_fact(node.value)
    if isinstance(node, gast.Name):
        kind, shape = analysis.kinds.get(node.id), analysis.shapes.get(node.id)
        child = analysis.children.get(node.id)
        if child is not None:
            return kind, shape, tuple(child.items())
        return kind, shape
    return None, None
