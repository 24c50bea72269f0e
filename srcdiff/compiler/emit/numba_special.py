"""``scipy.special`` functions of one float for ``backend="numba"``: SciPy's own code.

numba compiles no ``scipy.special`` function (the gradient of ``gammaln`` calls
``scipy.special.digamma``: refused until session 41). SciPy exports the scalar C versions
of its special functions in ``scipy.special.cython_special`` (a Cython C API: a capsule
per function, its C signature its name). For a function of :data:`NAMES` this module
finds the entry of signature ``double (double, int __pyx_skip_dispatch)`` (the ufunc's
name, or its fused ``double`` version ``__pyx_fuse_<k><name>``), registers its address
with LLVM under the symbol ``srcdiff_sp_<name>`` and calls it from compiled code through
that symbol (numba's ExternalFunction; the cached machine code names the symbol, which
is registered again in each process before a gradient calling it is compiled or loaded:
:func:`rewrite` registers what it writes). ``special_<name>(x)`` takes a float or a
float (or int) array of any rank, elementwise; it replaces ``scipy.special.<name>(x)``
(the rules' spelling) and ``<name>(x)`` of the ufunc imported by its name (the user's).

Invariant: the values are the ufunc's, bit for bit: the ufunc's ``d->d`` loop and the
C API entry compute the same function; tests/numba/test_numba_special.py checks each
function of :data:`NAMES` at its address (through ctypes) over a grid with the special
values (0, -0, poles, +-inf, NaN), and two of them through compiled code. A
``scipy.special`` function not in :data:`NAMES` (``polygamma``, ``xlogy``: of two
arguments, or not exported) stays refused, :func:`rewrite` naming it.
"""

import ast
import ctypes
import sys

import numpy as np

from srcdiff.compiler.emit.numba_helpers import numba, overload, types

# one-argument ufuncs checked bit for bit against SciPy (module docstring)
NAMES = ("gammaln", "digamma", "psi", "loggamma", "gamma", "rgamma", "erf", "erfc", "erfcx",
         "erfinv", "erfcinv", "dawsn", "expit", "log_expit", "logit", "ndtr", "log_ndtr",
         "ndtri", "i0", "i1", "i0e", "i1e", "entr", "j0", "j1", "y0", "y1", "spence")
SIGNATURE = b"double (double, int __pyx_skip_dispatch)"
_REGISTERED = {}


def _capi_name(name):
    """The C API entry of ``scipy.special.<name>`` of signature :data:`SIGNATURE`, or None."""
    import scipy.special
    import scipy.special.cython_special as cs
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype, get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    ufunc = getattr(scipy.special, name)
    for entry in (ufunc.__name__, *(f"__pyx_fuse_{k}{ufunc.__name__}" for k in range(3))):
        capsule = cs.__pyx_capi__.get(entry)
        if capsule is not None and get_name(capsule) == SIGNATURE:
            return entry
    return None


def address(name):
    """The address of SciPy's C function of :data:`SIGNATURE` for ``scipy.special.<name>``."""
    from numba.extending import get_cython_function_address
    entry = _capi_name(name)
    if entry is None:
        raise LookupError(f"scipy.special.{name}: no C API entry {SIGNATURE!r}")
    return get_cython_function_address("scipy.special.cython_special", entry)


def register(name):
    """The ExternalFunction calling SciPy's C ``name`` (registered once a process)."""
    if name not in _REGISTERED:
        import llvmlite.binding
        symbol = f"srcdiff_sp_{name}"
        llvmlite.binding.add_symbol(symbol, address(name))
        _REGISTERED[name] = types.ExternalFunction(
            symbol, types.float64(types.float64, types.intc))
    return _REGISTERED[name]


def _make(name):
    def stub(x):
        raise NotImplementedError(f"special_{name}: compiled by numba only")
    stub.__name__ = stub.__qualname__ = f"special_{name}"
    stub.__doc__ = f"``scipy.special.{name}(x)`` in compiled code (module docstring)."
    if numba is None:
        return stub

    @overload(stub)
    def typed(x):
        fn = register(name)
        if isinstance(x, (types.Float, types.Integer)):
            return lambda x: fn(float(x), 0)
        if isinstance(x, types.Array) and isinstance(x.dtype, (types.Float, types.Integer)):
            def array(x):
                out = np.empty(x.shape)
                flat = np.ascontiguousarray(x).reshape(x.size)
                into = out.reshape(x.size)
                for i in range(x.size):
                    into[i] = fn(float(flat[i]), 0)
                return out
            return array
        return None
    return stub


HELPERS = {f"special_{name}": _make(name) for name in NAMES}


def helpers():
    return dict(HELPERS)


def name_of(obj):
    """The name in :data:`NAMES` of the ufunc ``obj`` (``from scipy.special import
    gammaln``), or None."""
    special = sys.modules.get("scipy.special")
    if special is None or not isinstance(obj, np.ufunc):
        return None
    return next((n for n in NAMES if getattr(special, n, None) is obj), None)


def rewrite(tree, where, namespace):
    """``scipy.special.<name>(x)`` of :data:`NAMES`, or ``<name>(x)`` of such a function
    imported by its name (``namespace``: the generated code's globals), as
    ``special_<name>(x)`` (registering the symbol); another ``scipy.special`` function
    is refused, named."""
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and name_of(namespace.get(node.func.id)) and len(node.args) == 1
                and not node.keywords):
            name = name_of(namespace[node.func.id])
            register(name)
            node.func = ast.Name(id=f"special_{name}", ctx=ast.Load())
            continue
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and ast.unparse(node.func.value) in ("scipy.special", "special")):
            continue
        name = node.func.attr
        if name in NAMES and len(node.args) == 1 and not node.keywords:
            register(name)
            node.func = ast.Name(id=f"special_{name}", ctx=ast.Load())
        else:
            raise where.error(f"the numba backend has no compiled version of "
                              f"`{ast.unparse(node)}`, which its gradient calls (of "
                              f"scipy.special, only {', '.join(NAMES)} of one argument)",
                              'use backend="numpy" for this function')
    return tree
