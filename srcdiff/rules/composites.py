"""NumPy and math functions srcdiff differentiates from a Python definition of its own.

Some functions are compositions of primitives that have rules (``np.trapezoid`` is a
difference, a sum and a product; ``np.cov`` a mean, a matrix product and a division). For
them srcdiff keeps a plain Python definition here, and a call of the function is compiled
as a call of that definition: the compiler differentiates it from its source like one of
the user's own functions, in every mode and to any order, with no rule to write twice.

Invariant: each definition computes what the function computes, for every argument and
keyword it declares (the same value up to rounding: the summation order may differ), using
only primitives srcdiff has rules for. tests/rules/test_composites.py compares every
definition with the function on random inputs and every declared keyword, and checks the
derivatives against finite differences. A keyword a definition does not declare
(``np.cov(..., fweights=w)``) is refused when the call is compiled, as for a user's function.
"""

import math

import numpy as np

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


@composite(getattr(np, "trapezoid", None), getattr(np, "trapz", None))
def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = np.moveaxis(np.asarray(y), axis, -1)
    if x is None:
        d = dx
    elif np.ndim(x) == 1:
        d = np.diff(x)
    else:
        d = np.diff(np.moveaxis(np.asarray(x), axis, -1), axis=-1)
    return np.sum(d * (y[..., 1:] + y[..., :-1]) / 2.0, axis=-1)


@composite(np.ediff1d)
def ediff1d(ary, to_end=None, to_begin=None):
    d = np.diff(np.ravel(ary))
    if to_begin is not None:
        d = np.concatenate([np.ravel(to_begin), d])
    if to_end is not None:
        d = np.concatenate([d, np.ravel(to_end)])
    return d


@composite(np.cov)
def cov(m, y=None, rowvar=True, bias=False, ddof=None):
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
    centred = X - np.mean(X, axis=1, keepdims=True)
    return np.squeeze(centred @ centred.T / (X.shape[1] - ddof))


@composite(np.corrcoef)
def corrcoef(x, y=None, rowvar=True):
    c = cov(x, y, rowvar)
    if np.ndim(c) == 0:
        return c / c
    stddev = np.sqrt(np.diag(c))
    c = c / stddev[:, None]
    c = c / stddev[None, :]
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


@composite(np.nanmax)
def nanmax(a, axis=None, keepdims=False):
    missing = np.isnan(a)
    out = np.max(np.where(missing, -np.inf, a), axis=axis, keepdims=keepdims)
    return np.where(np.all(missing, axis=axis, keepdims=keepdims), np.nan, out)


@composite(np.nanmin)
def nanmin(a, axis=None, keepdims=False):
    missing = np.isnan(a)
    out = np.min(np.where(missing, np.inf, a), axis=axis, keepdims=keepdims)
    return np.where(np.all(missing, axis=axis, keepdims=keepdims), np.nan, out)


@composite(np.nanprod)
def nanprod(a, axis=None, keepdims=False):
    return np.prod(np.where(np.isnan(a), 1.0, a), axis=axis, keepdims=keepdims)


@composite(np.nancumsum)
def nancumsum(a, axis=None):
    return np.cumsum(np.where(np.isnan(a), 0.0, a), axis=axis)


@composite(np.nanvar)
def nanvar(a, axis=None, ddof=0, keepdims=False):
    present = ~np.isnan(a)
    n = np.sum(present, axis=axis, keepdims=True)
    values = np.where(present, a, 0.0)
    mean = np.sum(values, axis=axis, keepdims=True) / n
    squares = np.where(present, (values - mean) ** 2, 0.0)
    out = np.sum(squares, axis=axis, keepdims=True) / (n - ddof)
    return out if keepdims else np.squeeze(out, axis=axis)


@composite(np.nanstd)
def nanstd(a, axis=None, ddof=0, keepdims=False):
    return np.sqrt(nanvar(a, axis, ddof, keepdims))


@composite(np.copysign)
def copysign(x1, x2):
    return np.where(np.signbit(x2), -np.abs(x1), np.abs(x1))


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
    if len(index) == 0:
        if np.size(a) != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        return np.ravel(a)[0]
    if len(index) == 1:
        return np.ravel(a)[index[0]]
    return a[index]


@_method("tolist")
def tolist(a):
    if np.ndim(a) == 0:
        return a[()]
    if np.ndim(a) == 1:
        return [v for v in a]
    return [tolist(row) for row in a]
