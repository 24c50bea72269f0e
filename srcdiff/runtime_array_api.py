"""Generated code on arrays of an array-API library (``array_api_strict``): NumPy's names
bound to an allowlist namespace built from the arguments' ``__array_namespace__()``.

Generated code and the run-time helpers call ``np.NAME``. For an argument kind whose
arrays have ``__array_namespace__`` (and are not NumPy's, dask's or CuPy's), the code
runs with ``np`` bound to a :class:`Namespace`: it has only the NumPy names in
:data:`ALLOWED`, each mapped to the array-API function whose semantics equal NumPy's for
the arguments srcdiff emits (an adapter where only the spelling differs: ``np.transpose``
is ``permute_dims``, ``np.concatenate`` is ``concat``). Nothing converts an array to
NumPy. emit/array_api.py refuses, before anything runs, generated code that calls a
NumPy name outside the allowlist; a name reached only at run time (a helper's path for
an argument the compiler could not see) raises :class:`SrcdiffError` here.

The run-time helpers are the ones of runtime.py, runtime_memory.py and runtime_snapshots.py,
re-made with their global ``np`` bound to the namespace (:func:`helpers_for`); the few that
test ``isinstance(x, np.ndarray)`` or read NumPy dtypes are replaced by the versions below
(written against the same ``np``, which is rebound: at module level it refuses).
"""

import builtins
import types

from srcdiff import runtime, runtime_checks, runtime_memory, runtime_snapshots
from srcdiff.errors import SrcdiffError
from srcdiff.runtime import _normalize_axes


class _Unbound:
    def __getattr__(self, name):
        raise SrcdiffError(f"np.{name}: runtime_array_api's helpers run only rebound "
                           "(helpers_for)")


np = _Unbound()  # rebound to a Namespace in every helper helpers_for makes

# NumPy name -> array-API name, for functions whose array-API version takes the same
# arguments (positional and the keywords srcdiff emits: axis, keepdims) with the same
# results, NumPy's type promotion aside (the array API refuses mixed kinds: a TypeError,
# never a different number)
SAME = {name: name for name in (
    "abs", "exp", "expm1", "log", "log1p", "log2", "log10", "sqrt", "square", "sin", "cos",
    "tan", "sinh", "cosh", "tanh", "sign", "floor", "ceil", "trunc", "logaddexp", "hypot",
    "copysign", "maximum", "minimum", "negative", "add", "subtract", "multiply", "divide",
    "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and",
    "logical_or", "logical_not", "isfinite", "isnan", "matmul")}
RENAMED = {"arcsin": "asin", "arccos": "acos", "arctan": "atan", "arcsinh": "asinh",
           "arccosh": "acosh", "arctanh": "atanh", "arctan2": "atan2", "power": "pow"}
# reductions: NumPy's positional parameters after the axis (the array API's axis and
# keepdims are keyword-only); a dtype= or out= other than None is refused
REDUCTIONS = {"sum": "sum", "prod": "prod", "mean": "mean", "max": "max", "min": "min",
              "amax": "max", "amin": "min", "argmax": "argmax", "argmin": "argmin",
              "count_nonzero": "count_nonzero"}
_AFTER_AXIS = {"sum": ("dtype", "out", "keepdims"), "prod": ("dtype", "out", "keepdims"),
               "mean": ("dtype", "out", "keepdims"), "max": ("out", "keepdims"),
               "min": ("out", "keepdims"), "amax": ("out", "keepdims"),
               "amin": ("out", "keepdims"), "argmax": ("out",), "argmin": ("out",),
               "count_nonzero": ()}
# unary functions NumPy computes in floating point for any input (the array API refuses
# an integer array: a Python int is made a float, as NumPy does)
FLOATING = {"exp", "expm1", "log", "log1p", "log2", "log10", "sqrt", "sin", "cos", "tan",
            "sinh", "cosh", "tanh", "arcsin", "arccos", "arctan", "arcsinh", "arccosh",
            "arctanh"}
# names with an adapter (below); everything else is NumPy-only: refused
ADAPTED = {"ravel", "asarray", "swapaxes", "broadcast_to", "zeros", "ones", "full", "arange",
           "stack", "concatenate", "where", "transpose", "reshape", "expand_dims", "squeeze",
           "zeros_like", "ones_like", "full_like", "copy", "array", "real", "conj", "outer",
           "dot", "shape", "ndim", "size", "iscomplexobj"}
ALLOWED = frozenset(SAME) | frozenset(RENAMED) | frozenset(REDUCTIONS) | ADAPTED

# why a NumPy name is not in ALLOWED, and what to write instead (error hints)
HINTS = {
    "clip": "the array API leaves clip with min > max unspecified; write "
            "np.minimum(np.maximum(x, lo), hi)",
    "einsum": "write the product with np.matmul (or @) and np.sum",
    "add.at": "index with ints and slices (an integer-array index's gradient is a "
              "scatter-add, which the array API lacks)",
    "linalg": "the array API's linalg extension is not mapped yet; run on NumPy arrays",
}


def _is_array(v):
    return hasattr(v, "__array_namespace__") and hasattr(v, "shape")


class Namespace:
    """The allowlist: ``np.NAME`` for each name in :data:`ALLOWED`, on ``xp``'s arrays."""

    def __init__(self, xp):
        self.xp = xp
        self.__name__ = f"array-API namespace {xp.__name__}"
        for name, target in {**SAME, **RENAMED}.items():
            setattr(self, name, self._elementwise(name, getattr(xp, target)))
        for name, target in REDUCTIONS.items():
            setattr(self, name, self._reduction(name, getattr(xp, target)))
        self.ndarray = _NoSuchArray  # (the helpers' NumPy fast paths never match)
        self.float64 = float  # (only compared with type(x) in the helpers: Python floats)

    def __getattr__(self, name):  # (only names not set above)
        raise SrcdiffError(f"np.{name} has no array-API equivalent in srcdiff's allowlist "
                           f"(it runs on NumPy arrays only), so it cannot run on "
                           f"{self.xp.__name__} arrays", hint=HINTS.get(name))

    def _elementwise(self, name, fn):
        xp = self.xp
        floating = name in FLOATING

        def call(*args, **kwargs):
            if floating and isinstance(args[0], int):
                args = (float(args[0]),) + args[1:]
            elif floating and _is_array(args[0]) and \
                    not xp.isdtype(args[0].dtype, ("real floating", "complex floating")):
                raise SrcdiffError(f"np.{name} of an array of dtype {args[0].dtype}: NumPy "
                                   "computes it in floating point, the array API refuses it",
                                   hint="convert the array to a float dtype first")
            return fn(*self._scalars(args), **kwargs)

        call.__name__ = name
        return call

    def _reduction(self, name, fn):
        xp = self.xp

        def call(x, axis=None, *rest, **kwargs):
            if len(rest) > len(_AFTER_AXIS[name]):
                raise TypeError(f"np.{name} takes at most {len(_AFTER_AXIS[name]) + 2} "
                                "positional arguments")
            kwargs.update(zip(_AFTER_AXIS[name], rest))
            keepdims = kwargs.pop("keepdims", False)
            if any(v is not None for v in kwargs.values()):
                raise SrcdiffError(f"np.{name} with dtype= or out= has no array-API "
                                   "equivalent here", hint="reduce, then convert")
            x = self.asarray(x)
            if name in ("sum", "prod") and x.dtype == xp.bool:
                x = xp.astype(x, xp.int64)  # (NumPy counts)
            return fn(x, axis=axis, keepdims=keepdims)

        call.__name__ = name
        return call

    def _scalars(self, args):
        """``args`` with the first Python number made an array when no argument is one
        (the array API takes a scalar only beside an array); its dtype is NumPy's."""
        if any(_is_array(a) for a in args):
            return args
        for k, a in enumerate(args):
            if isinstance(a, (bool, int, float)):
                return args[:k] + (self.xp.asarray(a),) + args[k + 1:]
        return args

    def asarray(self, v, dtype=None):
        """``np.asarray``: an array of ``xp`` as it is (or of ``dtype``), a Python number or
        a list of them or of equally shaped arrays made one; else refused."""
        if _is_array(v):
            return v if dtype is None else self.xp.astype(v, self.dtype(dtype), copy=False)
        if isinstance(v, (bool, int, float)):
            return self.xp.asarray(v, dtype=self.dtype(dtype))
        if isinstance(v, (list, tuple)):
            return self.array(v, dtype)
        raise SrcdiffError(f"a {type(v).__name__} among {self.xp.__name__} arrays: only "
                           "Python numbers mix with them (NumPy would convert it)")

    def dtype(self, d):
        """A dtype as NumPy's ``dtype=`` takes it, as ``xp``'s."""
        xp = self.xp
        if d is None or not isinstance(d, (type, str)) and not hasattr(d, "kind"):
            return d  # (None, or already one of xp's dtypes)
        name = d.__name__ if isinstance(d, type) else str(d)
        table = {"float": xp.float64, "float64": xp.float64, "float32": xp.float32,
                 "int": xp.int64, "int64": xp.int64, "bool": xp.bool}
        if name not in table:
            raise SrcdiffError(f"dtype {name} has no array-API equivalent here")
        return table[name]

    # ------------------------------------------------------------------ adapters
    def broadcast_to(self, x, shape):
        return self.xp.broadcast_to(self.asarray(x), tuple(shape))

    def zeros(self, shape, dtype=float):
        return self.xp.zeros(shape, dtype=self.dtype(dtype))

    def ones(self, shape, dtype=float):
        return self.xp.ones(shape, dtype=self.dtype(dtype))

    def full(self, shape, fill_value, dtype=None):
        return self.xp.full(shape, fill_value, dtype=self.dtype(dtype))

    def arange(self, *args, dtype=None):
        return self.xp.arange(*args, dtype=self.dtype(dtype))

    def stack(self, arrays, axis=0):
        return self.xp.stack([self.asarray(a) for a in arrays], axis=axis)

    def concatenate(self, arrays, axis=0):
        return self.xp.concat([self.asarray(a) for a in arrays], axis=axis)

    def where(self, condition, x, y):
        if not _is_array(condition):  # (a number: its truth, as NumPy takes it)
            condition = self.xp.asarray(bool(condition))
        if not _is_array(x) and not _is_array(y):  # (two scalars: NumPy's dtype)
            x = self.xp.asarray(x)
        return self.xp.where(condition, x, y)

    def transpose(self, x, axes=None):
        x = self.asarray(x)
        return self.xp.permute_dims(x, tuple(reversed(range(x.ndim))) if axes is None
                                    else tuple(axes))

    def swapaxes(self, x, axis1, axis2):
        x = self.asarray(x)
        axes = list(range(x.ndim))
        axes[axis1], axes[axis2] = axes[axis2], axes[axis1]
        return self.xp.permute_dims(x, tuple(axes))

    def reshape(self, x, shape):
        return self.xp.reshape(self.asarray(x), (shape,) if isinstance(shape, int)
                               else tuple(shape))

    def ravel(self, x):
        return self.xp.reshape(self.asarray(x), (-1,))

    def expand_dims(self, x, axis):
        x = self.asarray(x)
        axes = axis if isinstance(axis, tuple) else (axis,)
        ndim = x.ndim + len(axes)  # NumPy's: the axes index the result, inserted in order
        if len({a % ndim for a in axes}) != len(axes):
            raise ValueError("repeated axis in expand_dims")
        for a in sorted(a % ndim for a in axes):
            x = self.xp.expand_dims(x, axis=a)
        return x

    def squeeze(self, x, axis=None):
        x = self.asarray(x)
        if axis is None:
            axis = tuple(k for k, n in enumerate(x.shape) if n == 1)
        return self.xp.squeeze(x, axis=axis)

    def zeros_like(self, x, dtype=None):
        return self.xp.zeros_like(self.asarray(x), dtype=self.dtype(dtype))

    def ones_like(self, x, dtype=None):
        return self.xp.ones_like(self.asarray(x), dtype=self.dtype(dtype))

    def full_like(self, x, fill_value, dtype=None):
        return self.xp.full_like(self.asarray(x), fill_value, dtype=self.dtype(dtype))

    def copy(self, x):
        return self.xp.asarray(self.asarray(x), copy=True)

    def array(self, x, dtype=None):
        """``np.array``: a copy of an array or number, or a list of equally shaped arrays
        (or of numbers) stacked; anything else is refused."""
        dtype = self.dtype(dtype)
        if isinstance(x, (list, tuple)) and x and all(_is_array(v) for v in x):
            out = self.xp.stack(list(x))
            return out if dtype is None else self.xp.astype(out, dtype)
        if isinstance(x, (list, tuple)) and all(isinstance(v, (int, float)) for v in x):
            return self.xp.asarray(list(x), dtype=dtype)
        if isinstance(x, (list, tuple)):
            raise SrcdiffError(f"np.array of a list mixing {self.xp.__name__} arrays with "
                               "other values")
        out = self.copy(x)
        return out if dtype is None else self.xp.astype(out, dtype)

    def real(self, x):
        x = self.asarray(x)
        return self.xp.real(x) if self.iscomplexobj(x) else x

    def conj(self, x):
        x = self.asarray(x)
        return self.xp.conj(x) if self.iscomplexobj(x) else x

    def outer(self, a, b):
        """NumPy's outer product flattens both arguments."""
        return self.xp.reshape(self.asarray(a), (-1, 1)) * self.xp.reshape(self.asarray(b),
                                                                            (1, -1))

    def dot(self, a, b):
        """``np.dot`` is ``matmul`` for vectors and matrices, a product for a number."""
        if not _is_array(a) or not _is_array(b) or a.ndim == 0 or b.ndim == 0:
            return a * b
        if a.ndim > 2 or b.ndim > 2:
            raise SrcdiffError(f"np.dot of {a.ndim}-d and {b.ndim}-d arrays has no "
                               "array-API equivalent (it is not matmul there)",
                               hint="use np.matmul (or @), which broadcasts stacks")
        return self.xp.matmul(a, b)

    def shape(self, x):
        return tuple(x.shape) if _is_array(x) else tuple(self.asarray(x).shape)

    def ndim(self, x):
        return len(self.shape(x))

    def size(self, x):
        n = 1
        for d in self.shape(x):
            n *= d
        return n

    def iscomplexobj(self, x):
        if _is_array(x):
            return self.xp.isdtype(x.dtype, "complex floating")
        return isinstance(x, complex)


class _NoSuchArray:
    """What ``np.ndarray`` is in the namespace: no value is one."""


# ------------------------------------------------ the helpers that differ from runtime.py


def _other_array(x):
    return _is_array(x)


def _is_basic_index(index):
    """Ints, slices, None, Ellipsis and tuples of them (an index array is not basic)."""
    if type(index) is tuple:
        return all(_is_basic_index(i) for i in index)
    return index is None or index is Ellipsis or type(index) in (int, slice)


def _float_dtype(x):
    xp = np.xp
    return x.dtype if xp.isdtype(x.dtype, ("real floating", "complex floating")) \
        else xp.float64


def zeros_tree(x):
    if _is_array(x):
        return np.xp.zeros(x.shape, dtype=_float_dtype(x))
    return _tree_zeros(x)


def unbroadcast(g, x):
    """Sum ``g`` down to the shape of ``x`` (the adjoint of broadcasting)."""
    if np.iscomplexobj(g) and not np.iscomplexobj(x):
        g = np.real(g)
    shape = np.shape(x)
    if np.shape(g) == shape:
        return g
    g = np.asarray(g)
    if g.ndim < len(shape):  # a stored value's leading axes of length 1 (runtime.unbroadcast)
        g = np.reshape(g, (1,) * (len(shape) - g.ndim) + tuple(g.shape))
    extra = g.ndim - len(shape)
    axes = tuple(i for i, n in enumerate(shape) if n == 1 and g.shape[extra + i] != 1)
    if extra > 0:
        g = np.sum(g, axis=tuple(range(extra)))
    if axes:
        g = np.sum(g, axis=axes, keepdims=True)
    if np.shape(g) != shape:
        g = _broadcast(g, x)
    return g


def _broadcast(g, x):
    return np.broadcast_to(g, np.shape(x))


def extreme_grad(g, x=None, top=None, axis=None, keepdims=False):
    """``runtime.extreme_grad``: ``g`` shared among the elements equal to ``top``."""
    if axis is not None and not keepdims:
        axes = _normalize_axes(axis, np.ndim(x))
        top, g = np.expand_dims(top, axes), np.expand_dims(g, axes)
    hit = np.xp.astype(x == top, x.dtype)
    return hit * (g / np.sum(hit, axis=axis, keepdims=True))


def index_add(b, x, index, g, distinct=False):
    if not _is_basic_index(index):
        raise SrcdiffError("the gradient of reading an array-API array at an index array "
                           "(a scatter-add) has no array-API equivalent",
                           hint="index it with ints and slices")
    if b is None:
        b = np.xp.zeros(x.shape, dtype=_float_dtype(x))
    if isinstance(index, tuple) and None in index:  # (x[:, None]: no axis of x to store
        index = tuple(i for i in index if i is not None)  # into; g's is of length 1)
        g = np.reshape(g, np.shape(b[index]))
    b[index] += g
    return b


def last_writes(x, index):
    if _is_basic_index(index):
        return True
    return index_add(None, x, index, None)  # (refused)


def item_add(b, x, key, g):
    if _is_array(x):
        return index_add(None if b is None else np.copy(b), x, key, g)
    return _container_item_add(b, x, key, g)


def item_clear(b, key):
    if _is_array(b):
        b = np.copy(b)
        b[key] = 0.0
        return b
    return _container_item_clear(b, key)


def zero_entry(b):
    return 0.0 if _is_array(b) else None


def snapshot(v):
    return np.copy(v) if _is_array(v) else v


def snapshot_tree(v):
    return np.copy(v) if _is_array(v) else _tree_snapshot(v)


_builtin_len = builtins.len


def array_len(v):
    """``len`` in generated code and the helpers: an array's is its first axis (NumPy's)."""
    if _is_array(v):
        if not v.ndim:
            raise TypeError("len() of a 0-d array")
        return v.shape[0]
    return _builtin_len(v)


def loop_len(q):
    """runtime_checks.loop_len, an array-API array's length its first axis (``array_len``)."""
    if _is_array(q):
        return array_len(q)
    return _checked_loop_len(q)


def unpacked(q, n, starred=False):
    """runtime_checks.unpacked, an array-API array's length its first axis."""
    if _is_array(q):
        size = array_len(q)
        if size < n or (size > n and not starred):
            raise ValueError(f"cannot unpack {size} values into {n}")
        return n
    return _checked_unpacked(q, n, starred)


def check_broadcast(a, b, *more):
    """runtime_checks.check_broadcast: it reads only ``np.shape`` of its operands (an
    array-API array's ``.shape``), never NumPy's functions on them."""
    return _checked_broadcast(a, b, *more)


def _kept_array(v):
    """runtime_snapshots' arrays: an array-API array's (snapshot_objects, restore_objects)."""
    return _is_array(v)


def seed(grad_ys, y, index=None):
    """``runtime.seed`` for array-API arrays: ones of ``y``'s float dtype, or ``grad_ys``
    checked (the same shape, a real number dtype, made a float)."""
    if isinstance(y, (list, tuple, dict)):
        return _tree_seed(grad_ys, y, index)
    if grad_ys is None:
        return np.xp.ones(y.shape, dtype=_float_dtype(y)) if _is_array(y) else 1.0
    what = "the output" if index is None else f"output {index}"
    g = np.asarray(grad_ys)
    if tuple(g.shape) != np.shape(y):
        raise ValueError(f"grad_ys for {what} has shape {tuple(g.shape)}, but {what} has "
                         f"shape {np.shape(y)}; they must be equal")
    if not np.xp.isdtype(g.dtype, ("bool", "integral", "real floating")) or \
            np.iscomplexobj(y):
        raise ValueError(f"grad_ys for {what} has dtype {g.dtype}; it must be real")
    if not _is_array(grad_ys) and not g.ndim:
        return float(grad_ys)
    return np.xp.astype(g, _float_dtype(g))


def finish(g, x, zero=False, avoid=None):
    """``runtime.finish`` for array-API arrays: ``x``'s shape and float dtype, a new array
    (so never one of ``avoid``'s: see runtime.finish)."""
    if not _is_array(x):
        if _is_array(g) and type(x) is float:
            return float(g)  # (a 0-d array: a Python float's gradient is a float)
        return _tree_finish(g, x, zero, avoid)
    if g is None:
        return zeros_tree(x) if zero else None
    if np.iscomplexobj(g) and not np.iscomplexobj(x):
        g = np.real(g)
    dtype = _float_dtype(x)
    out = np.broadcast_to(np.asarray(g), np.shape(x))
    return np.xp.astype(out, dtype, copy=True)


# the originals the overrides hand containers and numbers to (rebound like the rest)
_tree_zeros, _container_item_add = runtime.zeros_tree, runtime.item_add
_container_item_clear, _tree_snapshot = runtime.item_clear, runtime_snapshots.snapshot_tree
_tree_seed = runtime.seed
_tree_finish, _checked_loop_len = runtime.finish, runtime_checks.loop_len
_checked_unpacked, _checked_broadcast = runtime_checks.unpacked, runtime_checks.check_broadcast
ORIGINALS = {"len": array_len, "_builtin_len": builtins.len, "_tree_zeros": _tree_zeros,
             "_checked_loop_len": _checked_loop_len, "_checked_unpacked": _checked_unpacked,
             "_checked_broadcast": _checked_broadcast,
             "_container_item_add": _container_item_add, "_tree_seed": _tree_seed,
             "_container_item_clear": _container_item_clear, "_tree_finish": _tree_finish,
             "_tree_snapshot": _tree_snapshot}

_MADE = {}


def stacked_lhs(g, x, y):
    return None  # (runtime_memory's NumPy paths: the rules' general ones instead)


def stacked_rhs(g, x, y):
    return None


def namespace_for(name):
    """The :class:`Namespace` of the array-API library (module) ``name`` (made once)."""
    return helpers_for(name)["np"]


def helpers_for(name):
    """The run-time helpers, with ``np`` bound to the allowlist namespace of the array-API
    module ``name``: a dict of name -> function (and ``np``), made once per module."""
    made = _MADE.get(name)
    if made is not None:
        return made
    xp = __import__(name)  # (already imported: its arrays are the arguments)
    env = {}
    for module in (runtime, runtime_memory, runtime_snapshots):
        env.update(vars(module))
    env.update((k, f) for k, f in globals().items()  # (this module's: the overrides)
               if isinstance(f, types.FunctionType) and f.__module__ == __name__)
    env.update(ORIGINALS)
    env["np"] = Namespace(xp)
    made = {}
    for key, f in list(env.items()):
        if isinstance(f, types.FunctionType) and f.__module__ in (
                runtime.__name__, runtime_memory.__name__, runtime_snapshots.__name__,
                __name__) \
                and key not in ("helpers_for", "namespace_for"):
            made[key] = env[key] = types.FunctionType(f.__code__, env, f.__name__,
                                                      f.__defaults__, f.__closure__)
            made[key].__doc__ = f.__doc__
    made["np"], made["len"] = env["np"], env["array_len"]
    _MADE[name] = made
    return made
