"""NumPy and math functions srcdiff differentiates from a Python definition of its own.

Some functions are compositions of primitives that have rules (``np.cov`` is a mean, a
matrix product and a division; ``np.vander`` a chain of products). For
them srcdiff keeps a plain Python definition here, and a call of the function is compiled
as a call of that definition: the compiler differentiates it from its source like one of
the user's own functions, in every mode and to any order, with no rule to write twice.

Invariant: each definition computes what the function computes, for every argument and
keyword it declares (the same value up to rounding: the summation order may differ), using
only primitives srcdiff has rules for. tests/rules/test_composites.py compares every
definition with the function on random inputs and every declared keyword, and checks the
derivatives against finite differences. A keyword a definition does not declare
(``np.cov(..., dtype=t)``) is refused when the call is compiled, as for a user's function.
"""

import math
import operator

import numpy as np

from srcdiff.errors import SrcdiffError
from srcdiff.rules.assembly_rules import cast_like

COMPOSITES = {}  # the function -> the definition srcdiff compiles for it
METHODS = {}  # an array method's name -> its definition, the receiver first (``a.item()``)


def composite(*functions):
    """Register the decorated definition for each of ``functions`` (``None`` entries, a
    function this NumPy version lacks, are skipped)."""
    def register(definition):
        for fn in functions:
            if fn is not None:
                COMPOSITES[fn] = definition
        definition.__srcdiff_composite__ = True
        return definition
    return register



@composite(np.cov)
def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None):
    X = np.atleast_2d(m) * 1.0
    if not rowvar and X.shape[0] != 1:
        X = X.T
    if y is not None:
        Y = np.atleast_2d(y) * 1.0
        if not rowvar and Y.shape[0] != 1:
            Y = Y.T
        X = np.concatenate([X, Y], axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    if fweights is None and aweights is None:
        centred = X - np.mean(X, axis=1, keepdims=True)
        return np.squeeze(centred @ np.conj(centred).T / (X.shape[1] - ddof))
    w = _cov_weights(fweights, aweights, X.shape[1])  # NumPy's: fweights * aweights
    w_sum = np.sum(w)
    centred = X - np.sum(X * w, axis=1, keepdims=True) / w_sum
    if ddof == 0:
        fact = w_sum
    elif aweights is None:
        fact = w_sum - ddof
    else:
        fact = w_sum - ddof * np.sum(w * aweights) / w_sum
    return np.squeeze((centred * w) @ np.conj(centred).T / fact)


def _cov_weights(fweights, aweights, n):
    """The product of ``np.cov``'s weights, checked as NumPy checks them."""
    w = np.ones(n)
    for name, v in (("fweights", fweights), ("aweights", aweights)):
        if v is not None:
            v = np.asarray(v)
            if name == "fweights" and not np.all(v == np.around(v)):
                raise TypeError("fweights must be integer")
            if np.ndim(v) != 1 or np.shape(v)[0] != n:
                raise RuntimeError(f"incompatible numbers of samples and {name}")
            if np.any(v < 0):
                raise ValueError(f"{name} cannot be negative")
            w = w * v
    return w


@composite(np.corrcoef)
def corrcoef(x, y=None, rowvar=True):
    c = cov(x, y, rowvar)
    if np.ndim(c) == 0:
        return c / c
    stddev = np.sqrt(np.real(np.diag(c)))
    c = c / stddev[:, None]
    c = c / stddev[None, :]
    if np.iscomplexobj(c):  # (NumPy clips the real and imaginary parts)
        return np.clip(np.real(c), -1.0, 1.0) + 1j * np.clip(np.imag(c), -1.0, 1.0)
    return np.clip(c, -1.0, 1.0)


@composite(np.vander)
def vander(x, N=None, increasing=False):
    x = np.asarray(x)
    if N is None:
        N = len(x)
    columns = [np.ones_like(x * 1.0)]
    for _ in range(1, N):
        columns.append(columns[-1] * x)
    if not increasing:
        columns = columns[::-1]
    return np.stack(columns[:N], axis=1)




@composite(np.nancumsum)
def nancumsum(a, axis=None, dtype=None, out=None):
    return np.cumsum(np.where(np.isnan(a), 0.0, a), axis=axis_without_out(axis, out, dtype, a))



@composite(np.maximum.accumulate)
def maximum_accumulate(array, axis=0, dtype=None, out=None):
    a = np.moveaxis(np.asarray(array), axis_without_out(axis, out, dtype, array), 0)
    if a.shape[0] == 0:
        return np.moveaxis(a, 0, axis)
    rows = [a[0]]
    for i in range(1, a.shape[0]):  # (ties: np.maximum's, half the gradient to each)
        rows.append(np.maximum(rows[-1], a[i]))
    return np.moveaxis(np.stack(rows), 0, axis)


@composite(np.minimum.accumulate)
def minimum_accumulate(array, axis=0, dtype=None, out=None):
    a = np.moveaxis(np.asarray(array), axis_without_out(axis, out, dtype, array), 0)
    if a.shape[0] == 0:
        return np.moveaxis(a, 0, axis)
    rows = [a[0]]
    for i in range(1, a.shape[0]):
        rows.append(np.minimum(rows[-1], a[i]))
    return np.moveaxis(np.stack(rows), 0, axis)


@composite(np.maximum.reduce)
def maximum_reduce(array, axis=0, dtype=None, out=None, keepdims=False):
    return np.max(array, axis=axis_without_out(axis, out, dtype, array), keepdims=keepdims)


@composite(np.minimum.reduce)
def minimum_reduce(array, axis=0, dtype=None, out=None, keepdims=False):
    return np.min(array, axis=axis_without_out(axis, out, dtype, array), keepdims=keepdims)


def _logaddexp_reduce(base2, array, axis, keepdims):
    """``np.logaddexp.reduce(array, axis, keepdims=...)`` (``np.logaddexp2``'s when
    ``base2``): the entries along the reduced axes (moved to the front, flattened) combined
    left to right, as NumPy does."""
    a = np.asarray(array)
    nd = np.ndim(a)
    if axis is None:
        axes = tuple(range(nd))
    elif isinstance(axis, int):
        axes = (axis % nd,)
    else:
        axes = tuple(k % nd for k in axis)
    rest = tuple(k for k in range(nd) if k not in axes)
    kept = tuple(np.shape(a)[k] for k in rest)
    rows = np.reshape(np.transpose(a, axes + rest), (-1,) + kept)
    if rows.shape[0] == 0:
        raise ValueError("zero-size array to reduction operation which has no identity")
    out = rows[0]
    for i in range(1, rows.shape[0]):
        out = np.logaddexp2(out, rows[i]) if base2 else np.logaddexp(out, rows[i])
    if keepdims:
        out = np.reshape(out, tuple(1 if k in axes else np.shape(a)[k] for k in range(nd)))
    return out


@composite(np.logaddexp.reduce)
def logaddexp_reduce(array, axis=0, keepdims=False):
    return _logaddexp_reduce(False, array, axis, keepdims)


@composite(np.logaddexp2.reduce)
def logaddexp2_reduce(array, axis=0, keepdims=False):
    return _logaddexp_reduce(True, array, axis, keepdims)


def frexp_exponent(x):
    """``np.frexp(x)[1]``: an integer, constant (rules/numpy_rules.py lists it)."""
    return np.frexp(x)[1]


def math_frexp_exponent(x):
    """``math.frexp(x)[1]`` (likewise)."""
    return math.frexp(x)[1]


@composite(np.frexp)
def frexp(x):
    # x = m * 2**e with e an integer, piecewise constant: m is x scaled exactly by 2**-e
    e = frexp_exponent(x)
    return np.ldexp(x, -e), e


@composite(math.frexp)
def math_frexp(x):
    e = math_frexp_exponent(x)
    return math.ldexp(x, -e), e


def lstsq_cutoff(a, rcond):
    """The ratio under which ``np.linalg.lstsq`` takes a singular value of ``a`` for zero:
    ``rcond``, or the machine precision times ``max(a.shape)`` for ``None`` (the machine
    precision for a negative one). A constant (rules/numpy_rules.py lists it)."""
    eps = np.finfo(np.result_type(a, 1.0)).eps
    if rcond is None:
        return eps * max(np.shape(a))
    return eps if rcond < 0 else rcond


def lstsq_rank(s, cutoff):
    """The rank ``np.linalg.lstsq`` reports: the singular values above ``cutoff`` times the
    largest (likewise a constant)."""
    return np.int32(np.sum(s > cutoff * s[0])) if np.size(s) else np.int32(0)


@composite(np.linalg.lstsq)
def lstsq(a, b, rcond=None):
    # the minimum-norm least-squares solution pinv(a) b, with lstsq's cutoff (pinv and
    # lstsq both drop the singular values at or under it): the derivative holds where the
    # rank does not change, as pinv's rule says
    a = np.asarray(a)
    cutoff = lstsq_cutoff(a, rcond)
    s = np.linalg.svd(a, compute_uv=False)
    x = np.linalg.pinv(a, rcond=cutoff) @ b
    rank = lstsq_rank(s, cutoff)
    if rank == np.shape(a)[1] and np.shape(a)[0] > np.shape(a)[1]:
        residuals = np.reshape(np.sum(np.abs(b - a @ x) ** 2, axis=0), (-1,))
    else:
        residuals = np.zeros((0,))
    return x, residuals, rank, s


@composite(np.meshgrid)
def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    n = len(xi)
    swap = indexing == "xy" and n > 1  # 'xy': the first two axes exchanged
    sizes = [np.size(v) for v in xi]
    order = [1, 0] + list(range(2, n)) if swap else list(range(n))
    shape = tuple(sizes[k] for k in order)
    grids = []
    for i in range(n):
        s = [1] * n
        s[order.index(i)] = -1
        g = np.reshape(xi[i], tuple(s))
        if not sparse:
            g = np.broadcast_to(g, shape)
            if copy:
                g = np.array(g)
        grids.append(g)
    return tuple(grids)


@composite(np.copysign)
def copysign(x1, x2):
    return np.where(np.signbit(x2), -np.abs(x1), np.abs(x1))


def average_weights_shape(a, axis, weights):
    """The shape ``np.average(a, axis, weights)`` gives the weights against ``a``: theirs, or
    for 1-D weights along ``axis`` ones elsewhere. A constant (rules/numpy_rules.py lists it);
    weights of another shape are refused as NumPy refuses them."""
    shape, wshape = np.shape(a), np.shape(weights)
    if wshape != shape:
        if axis is None or len(wshape) != 1 or isinstance(axis, tuple) \
                or wshape[0] != shape[axis]:
            raise TypeError("the weights of np.average must have the shape of a, or be "
                            "1-D along an integer axis")
        wshape = tuple(wshape[0] if k == axis % len(shape) else 1 for k in range(len(shape)))
    total = np.sum(np.broadcast_to(np.reshape(weights, wshape), shape), axis=axis)
    if np.any(total == 0.0):
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    return wshape


@composite(np.modf)
def modf(x):
    # x = frac + whole with whole = trunc(x) piecewise constant: frac moves with x (exact:
    # x - trunc(x) is representable); an infinity's frac is zero. (A negative whole number's
    # or infinity's frac is 0.0 where NumPy gives -0.0: equal values)
    whole = np.trunc(x)
    return np.where(np.isinf(x), 0.0, x - whole), whole


def compress_index(condition):
    """The positions ``np.compress(condition, ...)`` keeps: an integer array, constant
    (rules/numpy_rules.py lists it); a condition not 1-D is refused as NumPy refuses it."""
    c = np.asarray(condition)
    if c.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    return np.flatnonzero(c)


@composite(np.compress)
def compress(condition, a, axis=None):
    return np.take(a, compress_index(condition), axis=axis)


@composite(np.extract)
def extract(condition, arr):  # (NumPy's own definition: the ravelled array's kept entries)
    return np.take(np.ravel(arr), compress_index(np.ravel(condition)))


def bincount_counts(x, minlength=0, weights=None):
    """``np.bincount(x, minlength=minlength)``: how many times each value occurs, constant
    (rules/numpy_rules.py lists it; it never depends on ``weights``, which is passed so
    that NumPy's own checks of it raise as they do: its length must be ``x``'s)."""
    if weights is not None:
        np.bincount(x, weights, minlength)
    return np.bincount(x, minlength=minlength)


@composite(np.bincount)
def bincount(x, weights=None, minlength=0):
    counts = bincount_counts(x, minlength, weights)
    if weights is None or np.size(x) == 0:  # (NumPy's counts of nothing: int zeros)
        return counts
    out = np.zeros(len(counts))  # (float64, as NumPy's weighted counts)
    np.add.at(out, x, weights)
    return out


# ``ufunc.outer(A, B)`` is the ufunc of A, with an axis of length one per axis of B after
# its own, and B (NumPy's definition); np.multiply.outer has a rule (rules/product_rules.py)
@composite(np.add.outer)
def add_outer(A, B):
    return np.add(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)


@composite(np.subtract.outer)
def subtract_outer(A, B):
    return np.subtract(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)


@composite(np.divide.outer)
def divide_outer(A, B):
    return np.divide(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)


@composite(np.power.outer)
def power_outer(A, B):
    return np.power(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)


@composite(np.maximum.outer)
def maximum_outer(A, B):
    return np.maximum(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)


@composite(np.minimum.outer)
def minimum_outer(A, B):
    return np.minimum(np.reshape(A, np.shape(A) + (1,) * np.ndim(B)), B)


@composite(np.divmod, divmod)
def divmod_(x1, x2):
    return x1 // x2, x1 % x2


@composite(math.dist)
def dist(p, q):
    return math.sqrt(sum((a - b) ** 2 for a, b in zip(p, q)))


@composite(getattr(math, "cbrt", None))
def cbrt(x):
    return float(np.cbrt(x))


@composite(getattr(math, "exp2", None))
def exp2(x):
    return float(2.0 ** x)


def _method(name):
    def register(definition):
        METHODS[name] = definition
        definition.__srcdiff_composite__ = True
        return definition
    return register


@_method("item")
def item(a, *index):
    return a[item_index(a, index)]


def item_index(a, index):
    """The position ``a.item(*index)`` reads, as an index of ``a`` (a tuple of integers):
    none for an array of one element, one flat position (counted from the end when
    negative), or one per axis; a single tuple is the index itself. NumPy's errors
    otherwise (``A.item((0, 1))`` read ``np.ravel(A)[(0, 1)]``: an IndexError at run time).
    A constant (numpy_rules.py)."""
    if len(index) == 1 and isinstance(index[0], tuple):
        index = index[0]
    shape, index = np.shape(a), tuple(operator.index(k) for k in index)
    size = math.prod(shape)
    if not index:
        if size != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        return (0,) * len(shape)
    if len(index) == 1:
        if not -size <= index[0] < size:
            raise IndexError(f"index {index[0]} is out of bounds for size {size}")
        return tuple(int(k) for k in np.unravel_index(index[0] % size, shape))
    if len(index) != len(shape):
        raise ValueError("incorrect number of indices for array")
    return index


@_method("tolist")
def tolist(a):
    if np.ndim(a) == 0:
        return a[()]
    if np.ndim(a) == 1:
        return [v for v in a]
    return [tolist(row) for row in a]


@composite(np.add.reduce)
def add_reduce(array, axis=0, dtype=None, out=None, keepdims=False):  # (axis 0 by default)
    return np.sum(array, axis=axis_without_out(axis, out, dtype, array), keepdims=keepdims)


@composite(np.multiply.reduce)
def multiply_reduce(array, axis=0, dtype=None, out=None, keepdims=False):
    return np.prod(array, axis=axis_without_out(axis, out, dtype, array), keepdims=keepdims)


@composite(np.add.accumulate)
def add_accumulate(array, axis=0, dtype=None, out=None):
    return np.cumsum(array, axis=axis_without_out(axis, out, dtype, array))


@composite(np.multiply.accumulate)
def multiply_accumulate(array, axis=0, dtype=None, out=None):
    return np.cumprod(array, axis=axis_without_out(axis, out, dtype, array))


# ------------------------------------------------------------------ options given computed values
# (a function with a rule, a keyword) -> the definition compiled for a call passing that
# keyword a value that is not a literal: the rule takes it as a constant option, the
# definition differentiates it (``np.sum(x, initial=s)``: the sum, plus ``s``). (Kept at the
# end of the module: generated code quotes the definitions' lines.)
OPTION_COMPOSITES = {}

def option_composite(function, *keywords):
    """Register the decorated definition for calls of ``function`` passing one of
    ``keywords`` (see ``OPTION_COMPOSITES``)."""
    def register(definition):
        for keyword in keywords:
            OPTION_COMPOSITES[function, keyword] = definition
        definition.__srcdiff_composite__ = True
        return definition
    return register


def option_definition(function, keywords):
    """The definition compiled for a call of ``function`` with ``keywords`` (name -> value
    node), or None: when a keyword with an option composite gets a value that is not a
    literal (literals are constants, which the rule models exactly)."""
    for keyword, value in keywords.items():
        if (function, keyword) in OPTION_COMPOSITES and not _literal(value):
            return OPTION_COMPOSITES[function, keyword]
    return None


def _literal(node):
    while type(node).__name__ == "UnaryOp":  # (-1.0)
        node = node.operand
    return type(node).__name__ == "Constant"


# The rules of these functions take ``initial``/``prepend``/``append`` as constants; a value
# computed from the differentiated inputs goes through these definitions, which NumPy
# computes the same way up to rounding (the initial value added or multiplied last, not
# first). They declare NumPy's ``dtype``/``out`` for its positional order (axis_without_out).
# NumPy casts ``initial`` to the reduction's dtype (``np.sum(int array, initial=2.5)`` is an
# int, constant in ``initial``): ``cast_like`` (rules/assembly_rules.py) casts it so, and its
# rules refuse an integer dtype when the value is differentiated.
@option_composite(np.sum, "initial")
def sum_from(a, axis=None, dtype=None, out=None, keepdims=False, initial=0.0, where=True):
    s = np.sum(a, axis=axis_without_out(axis, out, dtype, a), keepdims=keepdims, where=where)
    return s + cast_like(np.reshape(initial, ()), s)


@option_composite(np.nansum, "initial")
def nansum_from(a, axis=None, dtype=None, out=None, keepdims=False, initial=0.0, where=True):
    s = np.nansum(a, axis=axis_without_out(axis, out, dtype, a), keepdims=keepdims, where=where)
    return s + cast_like(np.reshape(initial, ()), s)


@option_composite(np.prod, "initial")
def prod_from(a, axis=None, dtype=None, out=None, keepdims=False, initial=1.0, where=True):
    p = np.prod(a, axis=axis_without_out(axis, out, dtype, a), keepdims=keepdims, where=where)
    return p * cast_like(np.reshape(initial, ()), p)


@option_composite(np.nanprod, "initial")
def nanprod_from(a, axis=None, dtype=None, out=None, keepdims=False, initial=1.0, where=True):
    p = np.nanprod(a, axis=axis_without_out(axis, out, dtype, a), keepdims=keepdims, where=where)
    return p * cast_like(np.reshape(initial, ()), p)


def axis_without_out(axis, out, dtype=None, a=None):
    """``axis``, for a definition declaring NumPy's ``out`` parameter to keep its positional order
    (``x.max(1, None, True, initial=s)``): the compiler turns an output array passed by
    position into ``out=`` and stores the result itself, so it is always None here (checked);
    so is NumPy's ``dtype`` unless it is ``a``'s own (the identity: any other, a float one
    too, changes the value: refused). A constant (numpy_rules.py)."""
    if out is not None:
        raise SrcdiffError("out= of a definition srcdiff differentiates; assign the result "
                           "instead")
    if dtype is not None and np.dtype(dtype) != np.asarray(a).dtype:
        raise SrcdiffError(f"dtype={np.dtype(dtype)} of a {np.asarray(a).dtype} array in a "
                           "definition srcdiff differentiates; convert the array first")
    return axis


def pad_edge_shape(a, axis, width):
    """The shape of the band ``np.pad`` adds to ``a`` before or after ``axis``: ``a``'s shape
    with ``axis`` of length ``width``. A constant (rules/numpy_rules.py lists it)."""
    shape = list(np.shape(a))
    shape[axis] = int(width)
    return tuple(shape)


# ``np.pad(a, w, constant_values=c)``: NumPy pads one axis after the other, each band filled
# with that axis's (before, after) values cast to ``a``'s dtype (the corners take the later
# axis's); the same concatenations here, differentiable in ``c`` and ``a``.
@option_composite(np.pad, "constant_values")
def pad_with(array, pad_width, mode="constant", constant_values=0):
    a = np.asarray(array)
    if mode != "constant":
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': {{'constant_values'}}")
    widths = np.broadcast_to(np.asarray(pad_width, dtype=int), (a.ndim, 2))
    values = np.broadcast_to(cast_like(np.asarray(constant_values), a), (a.ndim, 2))
    for axis in range(a.ndim):
        before = np.broadcast_to(values[axis, 0], pad_edge_shape(a, axis, widths[axis, 0]))
        after = np.broadcast_to(values[axis, 1], pad_edge_shape(a, axis, widths[axis, 1]))
        a = np.concatenate([before, a, after], axis=axis)
    return a


def diff_edge_shape(a, value, axis):
    """The shape NumPy gives a ``prepend``/``append`` value of ``np.diff``: a number spread
    over ``a``'s shape with ``axis`` of length 1; an array keeps its own. A constant
    (rules/numpy_rules.py lists it)."""
    if np.ndim(value) != 0:
        return np.shape(value)
    shape = list(np.shape(a))
    shape[axis] = 1
    return tuple(shape)


@option_composite(np.diff, "prepend", "append")
def diff_extended(a, n=1, axis=-1, prepend=None, append=None):
    a = np.asarray(a)
    if prepend is not None:
        edge = np.asarray(prepend)
        a = np.concatenate([np.broadcast_to(edge, diff_edge_shape(a, edge, axis)), a], axis=axis)
    if append is not None:
        edge = np.asarray(append)
        a = np.concatenate([a, np.broadcast_to(edge, diff_edge_shape(a, edge, axis))], axis=axis)
    return np.diff(a, n=n, axis=axis)



@option_composite(math.prod, "start")
def math_prod_from(iterable, *, start=1):
    return math.prod(iterable) * start


# The definitions whose ``dtype`` parameter is only NumPy's positional slot: None or the
# array's own (axis_without_out); the compiler refuses any other dtype it sees written
# (front/composite_calls.py). The moments' (reduction_options.py) pass theirs to NumPy.
DTYPE_UNUSED = frozenset({maximum_reduce, minimum_reduce, sum_from, nansum_from, prod_from,
                          nanprod_from, add_reduce, multiply_reduce, add_accumulate,
                          multiply_accumulate, maximum_accumulate, minimum_accumulate,
                          nancumsum})
