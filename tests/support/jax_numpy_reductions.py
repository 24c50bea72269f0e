"""JAX's reduction and structural gradient tests, in srcdiff's words (see jax_numpy_corpus.py).

From jax's lax_numpy_reducers_test.py (reducers over every axis, ``keepdims``, ``initial``,
``where``, ``ddof``, ``mean=``, cumulative sums and products) and lax_autodiff_test.py
(clamp, concatenate, split, dot, broadcast, reshape, pad, rev, select, slice, dynamic
(update) slice, transpose, reduce, cumulative reduce, sort, sort_key_val, top_k,
index_take, gather, scatter-add, scatter, each with the NumPy spelling a user would write).
Each case's function is written as a user would: keyword options are constants of the
function (closure values) or its arguments, index arrays and masks are arguments that are
not differentiated; the weighted sum calls the numpy function, or a function of the user's
that calls it (``weighted_of``).
"""

import numpy as np

from jax_numpy_check import Case, weighted_of

REDUCER_SHAPES = ("py", "np", (), (4,), (3, 4), (3, 1), (1, 4), (2, 1, 4), (2, 3, 4))

# name -> (function, input range): the reducer records with a gradient
REDUCERS = {
    "sum": (np.sum, (-2.0, 2.0)), "prod": (np.prod, (0.2, 1.5)),
    "mean": (np.mean, (-2.0, 2.0)), "max": (np.max, (-2.0, 2.0)),
    "min": (np.min, (-2.0, 2.0)), "var": (np.var, (-2.0, 2.0)),
    "std": (np.std, (-2.0, 2.0)), "ptp": (np.ptp, (-2.0, 2.0)),
    "nansum": (np.nansum, (-2.0, 2.0)), "nanprod": (np.nanprod, (0.2, 1.5)),
    "nanmean": (np.nanmean, (-2.0, 2.0)), "nanmax": (np.nanmax, (-2.0, 2.0)),
    "nanmin": (np.nanmin, (-2.0, 2.0)), "nanvar": (np.nanvar, (-2.0, 2.0)),
    "nanstd": (np.nanstd, (-2.0, 2.0)),
}
WITH_INITIAL = ("sum", "prod", "max", "min", "nansum", "nanprod", "nanmax", "nanmin")
WITH_WHERE_ONLY = ("mean", "var", "std", "nanmean", "nanvar", "nanstd")


def _dims(shape):
    return () if shape in ("py", "np") else shape


def _input(rng, lo, hi, shape, some_nan=False):
    x = rng.uniform(lo, hi, _dims(shape))
    if some_nan and x.size > 2:
        x.flat[rng.choice(x.size, 1)] = np.nan  # JAX's rand_some_nan, one NaN
    if shape == "py":
        return float(x)
    return np.float64(x) if shape == "np" else x


def _weight(rng, value):
    return float(rng.standard_normal()) if np.ndim(value) == 0 else rng.standard_normal(
        np.shape(value))


def _case(name, weighted, plain, xs, consts, seed, order=2, rtol=1e-5, atol=1e-6):
    rng = np.random.default_rng(seed)
    with np.errstate(all="ignore"):
        value = plain(*xs, *consts)
    return Case(name, weighted, plain, xs, consts, _weight(rng, value), order, rtol, atol)


def _axis_keepdims(op, axis, keepdims):
    def weighted(x, w):
        return np.sum(op(x, axis=axis, keepdims=keepdims) * w)

    def plain(x):
        return op(x, axis=axis, keepdims=keepdims)

    return weighted, plain


def _axis_arguments(op):
    def weighted(x, axis, keepdims, w):
        return np.sum(op(x, axis=axis, keepdims=keepdims) * w)

    def plain(x, axis, keepdims):
        return op(x, axis=axis, keepdims=keepdims)

    return weighted, plain


def reducer_cases(name):
    """testReducer / testReducerNoDtype: every axis (and None), keepdims both ways. An
    integer axis and keepdims reach the call as arguments of the function (one compiled
    gradient serves them all); ``axis=None`` as a constant of its own function."""
    op, (lo, hi) = REDUCERS[name]
    by_argument = _axis_arguments(op)
    constant = {keepdims: _axis_keepdims(op, None, keepdims) for keepdims in (False, True)}
    cases = []
    for k, shape in enumerate(REDUCER_SHAPES):
        ndim = len(_dims(shape))
        for axis in [None, *range(-ndim, ndim)]:
            for keepdims in (False, True):
                rng = np.random.default_rng(1000 * k + 10 * (axis or 0) + keepdims)
                x = _input(rng, lo, hi, shape, some_nan=name.startswith("nan"))
                tag = f"{name}[{shape},axis={axis},keepdims={keepdims}]"
                if axis is None:
                    cases.append(_case(tag, *constant[keepdims], (x,), (), k + 7))
                else:
                    cases.append(_case(tag, *by_argument, (x,), (axis, keepdims), k + 7))
    return cases


def _initial(op, axis, keepdims, initial):
    def weighted(x, w):
        return np.sum(op(x, axis=axis, keepdims=keepdims, initial=initial) * w)

    def plain(x):
        return op(x, axis=axis, keepdims=keepdims, initial=initial)

    return weighted, plain


def _where(op, axis, keepdims):
    def plain(x, mask):
        return op(x, axis=axis, keepdims=keepdims, where=mask)

    return weighted_of(plain, 2), plain


def _where_initial(op, axis, initial):
    def plain(x, mask):
        return op(x, axis=axis, initial=initial, where=mask)

    return weighted_of(plain, 2), plain  # the weighted form calls ``plain``


def option_cases(name):
    """testReducerInitial / testReducerWhere / testReducerWhereNoInitial, on (3, 4) and
    (2, 3, 4) with axis None, 0 and -1 and a mask of the input's shape or its last axis."""
    op, (lo, hi) = REDUCERS[name]
    cases = []
    for shape in ((3, 4), (2, 3, 4)):
        for axis in (None, 0, -1):
            rng = np.random.default_rng(len(shape) * 10 + (axis or 0))
            x = rng.uniform(lo, hi, shape)
            tag = f"{name}[{shape},axis={axis}"
            for mshape in (shape, shape[-1:]):
                mask = rng.random(mshape) < 0.7
                mask.flat[0] = True
                if name in WITH_INITIAL:
                    for initial in (0.0, 1.0):
                        weighted, plain = _where_initial(op, axis, initial)
                        cases.append(_case(f"{tag},where{mshape},initial={initial}]",
                                           weighted, plain, (x,), (mask,), 3))
                elif name in WITH_WHERE_ONLY and all(mask.reshape(-1, mshape[-1]).any(1)):
                    for keepdims in (False, True):
                        weighted, plain = _where(op, axis, keepdims)
                        cases.append(_case(f"{tag},where{mshape},keepdims={keepdims}]",
                                           weighted, plain, (x,), (mask,), 4))
            if name in WITH_INITIAL:
                for initial, keepdims in ((0.0, False), (1.0, True)):
                    weighted, plain = _initial(op, axis, keepdims, initial)
                    cases.append(_case(f"{tag},initial={initial},keepdims={keepdims}]",
                                       weighted, plain, (x,), (), 5))
    return cases


def _moments(op, axis, keepdims, ddof):
    def plain(x):
        return op(x, axis=axis, ddof=ddof, keepdims=keepdims)

    return weighted_of(plain, 1), plain


def _moments_mean(op, axis, keepdims, ddof):
    def plain(x, m):
        return op(x, axis=axis, ddof=ddof, keepdims=keepdims, mean=m)

    return weighted_of(plain, 2), plain


def moment_cases():
    """testStdOrVar and testReducerWithMean: ddof 0 and 1, a given mean (differentiated)."""
    cases = []
    for name, op in (("var", np.var), ("std", np.std), ("nanvar", np.nanvar),
                     ("nanstd", np.nanstd)):
        for shape, axis in (((5,), None), ((5,), 0), ((10, 5), 0), ((10, 5), -1),
                            ((10, 5), (0, 1)), ((5, 4, 3), (0, 2))):
            for ddof in (0, 1):
                for keepdims in (False, True):
                    rng = np.random.default_rng(ddof + 2 * keepdims + len(shape))
                    x = rng.uniform(-2.0, 2.0, shape)
                    tag = f"{name}[{shape},axis={axis},ddof={ddof},keepdims={keepdims}"
                    weighted, plain = _moments(op, axis, keepdims, ddof)
                    cases.append(_case(tag + "]", weighted, plain, (x,), (), 6))
                    m = np.mean(x, axis=axis, keepdims=True) + rng.uniform(-0.3, 0.3)
                    weighted, plain = _moments_mean(op, axis, keepdims, ddof)
                    cases.append(_case(tag + ",mean=]", weighted, plain, (x, m), (), 8))
    return cases


def _cumulative(op, axis, reverse):
    if reverse:
        def weighted(x, w):
            return np.sum(np.flip(op(np.flip(x, axis), axis=axis), axis) * w)

        def plain(x):
            return np.flip(op(np.flip(x, axis), axis=axis), axis)
    else:
        def weighted(x, w):
            return np.sum(op(x, axis=axis) * w)

        def plain(x):
            return op(x, axis=axis)
    return weighted, plain


def _cumulative_initial(op, axis):
    def plain(x):
        return op(x, axis=axis, include_initial=True)

    return weighted_of(plain, 1), plain


def cumulative_cases():
    """testCumulativeReduceGrad (cumsum, cumprod, reversed too) and testCumulativeSum /
    testCumulativeProd (np.cumulative_sum, np.cumulative_prod with include_initial)."""
    ops = [("cumsum", np.cumsum), ("cumprod", np.cumprod)]
    ops += [(n, getattr(np, n)) for n in ("cumulative_sum", "cumulative_prod")
            if hasattr(np, n)]
    cases = []
    for name, op in ops:
        for shape in ((10,), (3, 4, 5)):
            for axis in range(len(shape)):
                rng = np.random.default_rng(axis + len(shape))
                x = rng.uniform(0.5, 1.5, shape) * rng.choice([-1.0, 1.0], shape)
                variants = [("", _cumulative(op, axis, False)),
                            (",reverse", _cumulative(op, axis, True))]
                if name.startswith("cumulative"):
                    variants.append((",include_initial", _cumulative_initial(op, axis)))
                for label, (weighted, plain) in variants:
                    cases.append(_case(f"{name}[{shape},axis={axis}{label}]", weighted, plain,
                                       (x,), (), 9, rtol=1e-4, atol=1e-5))
    return cases


def _bad_axis(op, axis):
    def weighted(x, w):
        return np.sum(op(x, axis=axis) * w)

    return weighted


def out_of_range_axis_cases():
    """testReductionOfOutOfBoundsAxis and testReductionWithRepeatedAxisError: the call
    itself fails; srcdiff must refuse or raise what the call raises, never answer."""
    x = np.ones((3, 4))
    return [(f"{name}[axis={axis}]", _bad_axis(REDUCERS[name][0], axis), x)
            for name in ("sum", "mean", "max", "prod", "var")
            for axis in (2, -3, (0, 0))]


__all__ = ["REDUCERS", "WITH_INITIAL", "WITH_WHERE_ONLY", "cumulative_cases", "moment_cases",
           "option_cases", "out_of_range_axis_cases", "reducer_cases"]
