"""What specialization may rely on: facts about argument values and call sites.

A generated function is compiled once per *kind* of argument: its fact is
``(kind, shape pattern)`` (see activity.py for kinds and patterns), a 0-d
ndarray's fact carries ``ZERO_D`` (it is mutable in place, a float is not), a
container's fact carries its entries' facts. The caches of api/ key compiled
functions on these facts, and callee adjoints are specialized on them.
"""

import collections
import inspect
import sys

import gast
import numpy as np

from srcdiff.compiler.analysis.activity import ARRAY, CONTAINER, EVERY_ENTRY, INT
from srcdiff.compiler.front import derivatives, signatures

# a bool is an int whose shape is not known: as an index it adds an axis (``x[True]`` is
# ``x[None]``) where an int takes one away, so the shape facts must not take it for an int
_SIMPLE_FACTS = {float: (ARRAY, ()), int: (INT, ()), bool: (INT, None), np.float64: (ARRAY, ()),
                 np.float32: (ARRAY, ()), complex: (ARRAY, ())}


_TUPLEGETTER = type(collections.namedtuple("_Pair", "a b").a)  # a named tuple's field reader

ZERO_D = "0-d array"  # the third entry of a 0-d ndarray's fact: it is mutable, a float is not


NESTED = "nested"  # the third entry of a long list's fact: some entry is a list, tuple or dict


DASK = "dask array"  # the fourth entry of a dask array's fact: a kind of its own
CUPY = "cupy array"  # likewise for a CuPy array
DICT = "dict"  # the fourth entry of a dict's fact (a dict with integer keys is no list)
SEQUENCE = "list or tuple"  # and of a list's or a tuple's (a caller's facts have neither)


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


ARRAY_API = "array-API array"  # the fourth entry's first item for array_api_strict & co.


def array_api_module(value):
    """The name of the array-API module (``"array_api_strict"``) of an array that has
    ``__array_namespace__`` and is not NumPy's, dask's or CuPy's (those run NumPy's own
    calls); None for any other value. Reads the namespace only: nothing is computed."""
    if isinstance(value, (np.ndarray, np.generic, type)) \
            or not hasattr(value, "__array_namespace__") \
            or not hasattr(value, "shape") or array_library(value) is not None:
        return None  # (NumPy 2's arrays and scalars have __array_namespace__: numpy; a
        # class such as np.float32 has it too, as an unbound method)
    name = value.__array_namespace__().__name__
    return None if name == np.__name__ else name


def array_api_of(arg_facts):
    """The array-API module the arguments' facts name (every such argument names the
    same one: api/transforms.py checks it), or None."""
    for fact in (arg_facts or {}).values():
        found = _array_api_in(fact)
        if found is not None:
            return found
    return None


def array_api_mixture(values):
    """Why ``values`` (a call's arguments) mix array-API arrays with arrays or NumPy
    numbers they cannot run with (NumPy's, another library's), or None. Generated code for
    array-API arrays calls their namespace only: a NumPy array there would be converted
    or refused halfway."""
    leaves = list(_leaves(values))
    modules = {array_api_module(v) for v in leaves} - {None}
    if not modules:
        return None
    if len(modules) > 1:
        return f"arrays of several array-API libraries ({', '.join(sorted(modules))})"
    for v in leaves:
        if array_api_module(v) is None and type(v) not in (bool, int, float) \
                and (isinstance(v, (np.ndarray, np.generic)) or hasattr(v, "shape")):
            return (f"a {type(v).__module__.split('.')[0]}.{type(v).__name__} beside "
                    f"{modules.pop()} arrays (only Python numbers mix with them)")
    return None


def array_api_in(values):
    """The array-API module of the first array-API array among ``values``, or None."""
    return next((m for m in map(array_api_module, _leaves(values)) if m is not None), None)


_PLAIN_NUMBERS = {bool, int, float}


def _leaves(v):
    """The values inside ``v`` other than Python numbers (the only values that are neither
    array-API arrays nor refused beside them): checked once per call, so a list of 500
    floats costs one C-level pass, not 500 generator steps."""
    if isinstance(v, (list, tuple)):
        if set(map(type, v)) <= _PLAIN_NUMBERS:
            return
        for x in v:
            yield from _leaves(x)
    elif isinstance(v, dict):
        for x in v.values():
            yield from _leaves(x)
    else:
        yield v


def _array_api_in(fact):
    if not isinstance(fact, tuple):
        return None
    if len(fact) > 3 and isinstance(fact[3], tuple) and fact[3][:1] == (ARRAY_API,):
        return fact[3][1]
    if len(fact) > 2 and fact[0] == CONTAINER and isinstance(fact[2], tuple):
        for entry in fact[2]:
            found = _array_api_in(entry[1]) if isinstance(entry, tuple) and len(entry) == 2 \
                else None
            if found is not None:
                return found
    return None


def _zero_d_pattern(dtype):
    """A 0-d array's shape pattern: ``()``, except for a bool, which as an index adds an
    axis where an int takes one away (see _SIMPLE_FACTS): not known."""
    return None if dtype == np.bool_ else ()


def zero_d(arg_facts):
    """The parameters that hold 0-d arrays (``x += v`` writes into them in place)."""
    return {p for p, f in (arg_facts or {}).items() if len(f) > 2 and f[2] == ZERO_D}


def other_library_arrays(arg_facts):
    """Does an argument (or an entry of one) hold a dask or CuPy array? Its gradient's
    contributions are then arrays of that library, which cannot be added in place into a
    NumPy buffer (a NumPy local's gradient): generated code adds out of place."""
    def other(f):
        if not isinstance(f, tuple):
            return False
        if len(f) > 3 and f[3] in (DASK, CUPY):
            return True
        return len(f) > 2 and isinstance(f[2], tuple) and any(
            isinstance(e, tuple) and len(e) == 2 and other(e[1]) for e in f[2])
    return any(other(f) for f in (arg_facts or {}).values())


def dict_arguments(arg_facts):
    """The parameters whose facts show a dict (its fourth entry DICT): iterating one reads
    its keys. (A dict with only integer keys once had the fact of a list: ``for a in d`` and
    ``zip(d, xs)`` read ``d[0], d[1], ...``, its values, silently.)"""
    return {p for p, f in (arg_facts or {}).items() if len(f) > 3 and f[0] == CONTAINER
            and f[3] == DICT}


def dict_entries(arg_facts):
    """The paths ``(parameter, key, ...)`` of the entries of container arguments that are
    dicts (``p["cfg"]`` of ``p = {"cfg": {...}}``): a loop over one iterates its keys
    (front/containers.py; checked at run time, the entry may be replaced meanwhile)."""
    out = set()

    def walk(path, f):
        if len(f) > 2 and f[0] == CONTAINER and isinstance(f[2], tuple):
            for k, entry in f[2]:
                if len(path) < 8 and isinstance(entry, tuple) and entry:
                    if len(entry) > 3 and entry[0] == CONTAINER and entry[3] == DICT:
                        out.add((*path, k))
                    walk((*path, k), entry)

    for p, f in (arg_facts or {}).items():
        walk((p,), f)
    return out


def record_fields(arg_facts):
    """``{path: field names}`` of the named tuples among the arguments and inside them,
    reached through named tuples only (``(p,)``, ``(p, 1)``: ``p[1]`` a named tuple in
    the named tuple ``p``); front/records.py reads their fields as entries."""
    out = {}

    def walk(path, f):
        if len(f) > 4 and f[0] == CONTAINER and f[3] == SEQUENCE and isinstance(f[4], tuple):
            out[path] = f[4]
            for k, entry in f[2] if isinstance(f[2], tuple) else ():
                if type(k) is int and len(path) < 8 and isinstance(entry, tuple):
                    walk((*path, k), entry)

    for p, f in (arg_facts or {}).items():
        walk((p,), f)
    return out


def sequence_arguments(arg_facts):
    """``{parameter: is an array}`` for the parameters whose facts show a list, a tuple
    (marked SEQUENCE: the facts a caller gives its callee's container argument do not tell
    a list from a dict) or an array of rank one or more: a loop over one reads ``q[0],
    q[1], ...``, what iterating it reads. (An array's rows are never dicts; a list's
    entries may be.)"""
    out = {}
    for p, f in (arg_facts or {}).items():
        if len(f) > 3 and f[0] == CONTAINER and f[3] == SEQUENCE:
            out[p] = False
        elif f[0] in (ARRAY, INT) and isinstance(f[1], tuple) and f[1] \
                and not (len(f) > 2 and f[2] == ZERO_D):
            out[p] = True
    return out


def arg_fact(value):
    """(kind, rank) of an argument value: what specialization may rely on."""
    t = type(value)
    fact = _SIMPLE_FACTS.get(t)
    if fact is not None:
        return fact
    if t is np.ndarray:  # the rank and which axes have length 1 (see activity.py)
        kind = ARRAY if value.dtype.kind in "fc" else INT
        if value.ndim == 0:
            return kind, _zero_d_pattern(value.dtype), ZERO_D
        return kind, tuple(d == 1 for d in value.shape)
    if isinstance(value, (bool, np.bool_)):
        return INT, None  # (see _SIMPLE_FACTS)
    if isinstance(value, (int, np.integer)):
        return INT, ()
    if isinstance(value, (float, complex, np.floating, np.complexfloating)):
        return ARRAY, ()
    if isinstance(value, np.ndarray):
        pattern = tuple(d == 1 for d in value.shape)
        kind = ARRAY if np.issubdtype(value.dtype, np.inexact) else INT
        return (kind, _zero_d_pattern(value.dtype), ZERO_D) if value.ndim == 0 \
            else (kind, pattern)
    library = array_library(value)
    if library is not None:  # its metadata only (reading it never computes anything)
        kind = ARRAY if value.dtype.kind in "fc" else INT
        pattern = tuple(d == 1 for d in value.shape) if value.ndim \
            else _zero_d_pattern(value.dtype)
        return kind, pattern, (ZERO_D if value.ndim == 0 else None), \
            (DASK if library == "dask" else CUPY)
    module = array_api_module(value)
    if module is not None:  # its dtype and shape (metadata) and its library
        xp = value.__array_namespace__()
        kind = ARRAY if xp.isdtype(value.dtype, ("real floating", "complex floating")) \
            else INT
        pattern = tuple(d == 1 for d in value.shape) if value.ndim \
            or not xp.isdtype(value.dtype, "bool") else None  # (see _zero_d_pattern)
        return kind, pattern, (ZERO_D if value.ndim == 0 else None), (ARRAY_API, module)
    if isinstance(value, dict):
        if all(isinstance(k, (str, int)) for k in value):
            return CONTAINER, None, tuple((k, arg_fact(v)) for k, v in value.items()), DICT
        return CONTAINER, None, None, DICT
    if isinstance(value, (list, tuple)):
        # numbers of one type (floats, say): every entry's fact, under EVERY_ENTRY
        types = set(map(type, value))
        every = (((EVERY_ENTRY, _SIMPLE_FACTS[next(iter(types))]),)
                 if len(types) == 1 and types <= {float, int} else ())
        if len(value) <= 64:
            entries = tuple(enumerate(arg_fact(v) for v in value)) + every
        else:  # (a long list of lists, say: its entries are sequences, sequences.py)
            entries = every or (NESTED if any(issubclass(t, (list, tuple, dict))
                                              for t in types) else None)
        fields = getattr(type(value), "_fields", None) if isinstance(value, tuple) else None
        if isinstance(fields, tuple) and len(fields) == len(value) and all(
                type(f) is str and type(inspect.getattr_static(type(value), f, None))
                is _TUPLEGETTER and getattr(value, f) is value[i]
                for i, f in enumerate(fields)):  # a named tuple's own fields (no property)
            return CONTAINER, None, entries, SEQUENCE, fields
        return CONTAINER, None, entries, SEQUENCE
    return None, None


def bind_call(op, error):
    """(signature, bound arguments) of a call site to a user function, or a located error."""
    try:
        sig = derivatives.signature(op.func)
        return sig, sig.bind(*op.args, **op.kwargs)
    except TypeError as e:
        if getattr(op.func, "__srcdiff_composite__", False):  # (rules/composites.py)
            raise error(op.stmt.value, f"srcdiff differentiates {op.label} from its own "
                        f"definition (rules/composites.py), which does not model this call: "
                        f"{e}") from None
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
            fields = analysis.fields.get(node.id)
            if fields is not None:  # a named tuple: its fields too (front/records.py)
                return kind, shape, tuple(child.items()), SEQUENCE, fields
            return kind, shape, tuple(child.items())
        return kind, shape
    return None, None
