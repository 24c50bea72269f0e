"""Functions srcdiff differentiates from its own Python definition (rules/composites.py):
each definition computes what the function computes, and a call of the function is
differentiated through the definition in every mode (checked against finite differences)."""

import math

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_definition, check_every_mode
from srcdiff.rules.composites import COMPOSITES, METHODS

RNG = np.random.default_rng(11)
M = RNG.normal(size=(3, 5))
V = RNG.uniform(0.1, 0.9, size=4)
WITH_NAN = np.array([[0.3, np.nan, 0.5, 0.2], [0.7, 0.1, np.nan, 0.4], [0.6, 0.2, 0.8, 0.9]])
STACK = np.random.default_rng(12).normal(size=(2, 3, 3))
CUBE = np.where(STACK[:, :, :2] > 0.9, np.nan, np.random.default_rng(13).normal(size=(2, 3, 2)))

# (function, positional arguments, keywords): every keyword each definition declares
CALLS = [
    (np.trapezoid, (V,), {}), (np.trapezoid, (V,), {"dx": 0.3}),
    (np.trapezoid, (V, np.array([0.0, 0.2, 0.5, 0.6])), {}),
    (np.trapezoid, (M,), {"axis": 0}), (np.trapezoid, (M, M ** 2), {"axis": 1}),
    (np.ediff1d, (M,), {}), (np.ediff1d, (V,), {"to_begin": [1.0, 2.0], "to_end": 0.5}),
    (np.cov, (M,), {}), (np.cov, (M,), {"rowvar": False}), (np.cov, (M,), {"bias": True}),
    (np.cov, (M,), {"ddof": 2}), (np.cov, (V, V ** 2), {}), (np.cov, (V,), {}),
    (np.cov, (M[:2].T, M[2:].T), {"rowvar": False}),
    (np.cov, (M,), {"fweights": np.array([1, 2, 1, 1, 3])}),
    (np.cov, (M,), {"aweights": np.array([0.5, 1.5, 0.2, 1.0, 2.0]), "ddof": 0}),
    (np.cov, (M,), {"fweights": np.array([1, 2, 1, 1, 3]), "aweights": V.tolist() + [0.4]}),
    (np.cov, (M.T,), {"rowvar": False, "fweights": np.array([2, 0, 1, 1, 3]), "ddof": 2}),
    (np.cov, (V, V ** 2), {"aweights": V, "bias": True}),
    (np.corrcoef, (M,), {}), (np.corrcoef, (V, V ** 2), {}), (np.corrcoef, (V,), {}),
    (np.corrcoef, (M,), {"rowvar": False}),
    (np.vander, (V,), {}), (np.vander, (V, 3), {}), (np.vander, (V,), {"increasing": True}),
    (np.vander, (V, 6), {"increasing": False}),
    (np.nanmax, (WITH_NAN,), {}), (np.nanmax, (WITH_NAN,), {"axis": 1, "keepdims": True}),
    (np.nanmin, (WITH_NAN,), {"axis": 0}), (np.nanprod, (WITH_NAN,), {"axis": 1}),
    (np.nanprod, (WITH_NAN,), {"keepdims": True}), (np.nancumsum, (WITH_NAN,), {}),
    (np.nancumsum, (WITH_NAN,), {"axis": 0}), (np.nanvar, (WITH_NAN,), {}),
    (np.nanvar, (WITH_NAN,), {"axis": 1, "ddof": 1}),
    (np.nanvar, (WITH_NAN,), {"axis": 0, "keepdims": True}),
    (np.nanstd, (WITH_NAN,), {"axis": 1}), (np.nanstd, (WITH_NAN,), {"ddof": 1}),
    (np.copysign, (V, np.array([-1.0, 0.0, -0.0, 2.0])), {}),
    (np.divmod, (V * 3.0, 0.4), {}), (divmod, (2.5, 0.7), {}), (divmod, (-2.5, 0.7), {}),
    (math.dist, ([0.1, 0.5], [0.7, -0.2]), {}),
    (math.cbrt, (0.3,), {}), (math.cbrt, (-8.5,), {}), (math.exp2, (0.7,), {}),
    (np.maximum.accumulate, (V,), {}), (np.maximum.accumulate, (M,), {"axis": 1}),
    (np.maximum.accumulate, (M,), {"axis": -2}), (np.minimum.accumulate, (M,), {}),
    (np.minimum.accumulate, (np.arange(6).reshape(2, 3) % 4,), {"axis": 1}),
    (np.maximum.accumulate, (np.zeros((0, 2)),), {}),
    (np.maximum.reduce, (M,), {}), (np.maximum.reduce, (M,), {"axis": 1, "keepdims": True}),
    (np.minimum.reduce, (M,), {"axis": None}),
    (np.add.reduce, (M,), {}), (np.add.reduce, (M,), {"axis": 1, "keepdims": True}),
    (np.add.reduce, (M,), {"axis": None}), (np.multiply.reduce, (M,), {}),
    (np.multiply.reduce, (M,), {"axis": (0, 1), "keepdims": True}),
    (np.add.accumulate, (M,), {}), (np.add.accumulate, (M,), {"axis": -1}),
    (np.multiply.accumulate, (V,), {}), (np.multiply.accumulate, (M,), {"axis": 1}),
    (np.add.reduce, (np.arange(6, dtype=np.int8).reshape(2, 3),), {"axis": -1}),
    (np.minimum.reduce, (np.arange(6, dtype=np.int8).reshape(2, 3),), {"axis": -1}),
    (np.logaddexp.reduce, (M,), {}), (np.logaddexp.reduce, (M,), {"axis": 1}),
    (np.logaddexp.reduce, (M,), {"axis": None, "keepdims": True}),
    (np.logaddexp.reduce, (np.stack([M, M * 2.0]),), {"axis": (0, 2)}),
    (np.logaddexp.reduce, (np.array([-np.inf, -np.inf]),), {}),
    (np.logaddexp2.reduce, (M,), {"axis": -1, "keepdims": True}),
    (np.linalg.lstsq, (M.T, M[0]), {"rcond": None}),
    (np.linalg.lstsq, (M.T, M.T[:, :2]), {"rcond": None}), (np.linalg.lstsq, (M, M[:, 0]), {}),
    (np.linalg.lstsq, (M.T, M.T[:, 0]), {"rcond": 0.5}),
    (np.linalg.lstsq, (np.c_[M.T, M.T[:, :1]], M.T[:, 1]), {"rcond": -1}),
    (np.frexp, (M * 7.0,), {}), (np.frexp, (np.array([0.0, -0.0, 1e-310, -3.5]),), {}),
    (np.frexp, (2.5,), {}), (math.frexp, (-6.25,), {}), (math.frexp, (0.0,), {}),
    (np.meshgrid, (V, M[0]), {}), (np.meshgrid, (V, M[0]), {"indexing": "ij"}),
    (np.meshgrid, (V,), {}), (np.meshgrid, (V, M, V[:2]), {"copy": False}),
    (np.meshgrid, (V, M[0], V[:2]), {"indexing": "ij", "copy": True}),
    (np.meshgrid, (V, M[:, 0]), {"sparse": True}),
    (np.meshgrid, (V, M[0], V[:2]), {"sparse": True, "indexing": "ij"}),
    (np.modf, (M * 7.0,), {}), (np.modf, (np.array([-2.5, np.inf, -np.inf, np.nan, 3.0]),), {}),
    (np.modf, (-1.75,), {}), (np.modf, (np.float32(2.25),), {}),
    (np.compress, ([True, False, True], M), {"axis": 0}),
    (np.compress, ([0, 2, 1, 0], M), {"axis": 1}), (np.compress, ([True] * 4, M), {}),
    (np.compress, ([], M), {"axis": -1}), (np.compress, ([False, True], V), {"axis": 0}),
    (np.average, (M,), {}), (np.average, (M,), {"axis": 1}),
    (np.average, (M,), {"axis": (0, 1), "keepdims": True}),
    (np.average, (M,), {"axis": 1, "weights": np.arange(1.0, 6.0)}),
    (np.average, (M,), {"axis": 0, "weights": V[:3], "keepdims": True}),
    (np.average, (M,), {"weights": M ** 2}), (np.average, (M,), {"axis": -1, "weights": M ** 2}),
    (np.average, (V,), {"axis": 0, "weights": V}),
    (np.add.outer, (V, M), {}), (np.subtract.outer, (M, V), {}), (np.subtract.outer, (0.5, V), {}),
    (np.divide.outer, (V, M + 2.0), {}), (np.power.outer, (np.abs(V) + 0.1, M[0]), {}),
    (np.maximum.outer, (V, V[::-1]), {}), (np.minimum.outer, (M, 0.3), {}),
    (np.extract, (M > 0, M), {}), (np.extract, ([1, 0, 2], V), {}),
    (np.extract, (np.zeros((2, 2), bool), M), {}), (np.extract, ([[True], [False]], M), {}),
    (np.bincount, ([2, 0, 2, 5],), {}), (np.bincount, (np.array([2, 0, 2]), V[:3]), {}),
    (np.bincount, ([1, 1], [2, 3]), {"minlength": 4}), (np.bincount, ([], []), {}),
    (np.bincount, (np.zeros(0, int), np.zeros(0)), {"minlength": 2}),
    (np.bincount, (np.array([3, 0]),), {"weights": np.array([True, False]), "minlength": 2}),
    # rules/statistic_composites.py
    *[(np.linalg.cond, (a,), {"p": p})
      for a in (M[:, :3] + 3.0 * np.eye(3), STACK, np.zeros((2, 2)))
      for p in (None, 2, -2, "fro", "nuc", 1, -1, np.inf, -np.inf) if a.any() or p in (None, 2)],
    *[(np.nanmedian, (a,), {"axis": axis, "keepdims": keep}) for a in (WITH_NAN, CUBE)
      for axis in (None, 0, -1, (0, 1)) for keep in (False, True)],
    (np.nanmedian, (np.array([[np.nan, np.nan], [1.0, 2.0]]),), {"axis": 1}),
    (np.nanmedian, (np.arange(7),), {"overwrite_input": True}),
    # NumPy 2.1's cumulative functions (absent before: no entries then)
    *[(getattr(np, name, None), args, kwargs)
      for name in ("cumulative_sum", "cumulative_prod")
      for args, kwargs in [((V,), {}), ((V,), {"include_initial": True}),
                           ((np.float64(0.7),), {"include_initial": True}),
                           ((M,), {"axis": 1}), ((M,), {"axis": -2, "include_initial": True}),
                           ((M[:, :0],), {"axis": 1, "include_initial": True}),
                           ((np.arange(1, 5),), {"include_initial": True})]],
]
CALLS = [c for c in CALLS if c[0] in COMPOSITES]


@pytest.mark.parametrize("k", range(len(CALLS)), ids=lambda k: CALLS[k][0].__name__)
def test_the_definition_computes_what_the_function_does(k):
    check_definition(*CALLS[k])


@pytest.mark.parametrize("method,value,args", [
    ("item", np.array(2.5), ()), ("item", M, (7,)), ("item", M, (1, 3)), ("item", V[1:2], ()),
    ("item", M, ((1, 3),)), ("item", M, ((7,),)), ("item", M, (-2,)), ("item", V, ((-1,),)),
    ("item", np.array(2.5), (0,)), ("item", M, (np.int64(1), -1)),
    ("tolist", M, ()), ("tolist", V, ()), ("tolist", np.array(0.5), ())])
def test_the_method_definitions_compute_what_the_methods_do(method, value, args):
    assert getattr(value, method)(*args) == METHODS[method](value, *args)


def test_item_of_an_array_of_several_entries_raises_as_the_method_does():
    with pytest.raises(ValueError):
        METHODS["item"](M)


@pytest.mark.parametrize("args, error", [((15,), IndexError), ((-16,), IndexError),
                                         (((0, 1, 2),), ValueError), ((1, 2, 0), ValueError),
                                         ((1.0,), TypeError)])
def test_item_raises_as_the_method_does(args, error):
    with pytest.raises(error):
        M.item(*args)
    with pytest.raises(error):
        METHODS["item"](M, *args)


def item_by_a_tuple(x):
    m = np.outer(x, x)
    return m.item((0, 1)) * m.item((5,)) + m.item(-1) * np.sum(x).item(0)


def test_item_by_a_tuple_in_every_mode():
    # a single tuple is the index (NumPy's): `m.item((0, 1))` read `np.ravel(m)[(0, 1)]`, an
    # IndexError when the generated code ran
    check_every_mode(item_by_a_tuple, np.array([0.5, 0.7, 0.2]), hvp=True)


def tolist_with_an_argument(x):
    return np.sum(np.array(x.tolist(1)))


def test_a_method_given_arguments_it_does_not_take_is_refused_with_its_line():
    # a TypeError when the generated code ran (front/composite_calls.py)
    with pytest.raises(sd.SrcdiffError, match=r"`\.tolist\(\.\.\.\)` does not take"):
        sd.grad(tolist_with_an_argument)(np.array([0.5, 0.7, 0.2]))


def conversions(x):
    a = x[2].item() * 3.0
    c = x.tolist()
    m = np.outer(x, x)
    return a + c[1] ** 2 + m.tolist()[1][2] * 2.0 + m.item(4) + m.item(0, 1) + np.sum(x).item()


def trapezoid_loss(y):  # (np.trapezoid has a rule now; ediff1d, the nan reductions too)
    return np.trapezoid(y ** 2, dx=0.3) + np.trapezoid(np.sin(y), [0.0, 0.2, 0.5, 0.6])


def covariance_loss(m):
    return np.sum(np.cov(m) ** 2) + np.sum(np.corrcoef(m) * np.arange(9.0).reshape(3, 3))


def vander_fit(x):
    A = np.vander(x, 3)
    return np.sum((A @ np.array([0.5, -1.0, 2.0]) - 1.0) ** 2)


def nan_statistics(m):
    y = np.where(m > 0.8, np.nan, m)
    return (np.sum(np.nanmax(y, axis=1)) + np.nanmin(y) + np.sum(np.nanvar(y, axis=1))
            + np.nanstd(y) + np.sum(np.nancumsum(y, axis=0) ** 2) + np.nanprod(y[0]))


def scalar_helpers(x):
    q, r = divmod(x[0], 0.3)
    return (r * 2.0 + q + math.dist([x[0], x[1]], [0.1, x[2]]) + math.cbrt(x[1])
            + np.sum(np.copysign(x, [-1.0, 1.0, -0.0]) * np.arange(3.0)))


def running_extremes(m):  # (no ties: away from the kinks)
    return (np.sum(np.maximum.accumulate(m, axis=1) * np.arange(4.0))
            + np.sum(np.minimum.accumulate(m) ** 2) + np.sum(np.maximum.accumulate(m[0]))
            + np.sum(np.maximum.reduce(m) ** 2) + np.minimum.reduce(m, axis=None))


def ufunc_sums_and_products(m):  # (np.add.reduce and the like: axis 0 by default)
    return (np.sum(np.add.reduce(m) ** 2) + np.multiply.reduce(m[0]) * 2.0
            + np.sum(np.add.accumulate(m, axis=1) ** 2)
            + np.sum(np.multiply.accumulate(m) * np.arange(4.0)))


def log_sums_and_mantissas(m):  # (np.frexp's mantissa: x scaled by 2**-e, e constant)
    a, e = np.frexp(m * 3.0)
    b, k = math.frexp(m[0, 1] * 5.0)
    return (np.sum(np.logaddexp.reduce(m, axis=1) ** 2) + np.logaddexp2.reduce(m, axis=None)
            + np.sum(a * e) + b * k)


def least_squares(m):
    x, res, rank, s = np.linalg.lstsq(m.T, np.arange(4.0), rcond=None)
    return np.sum(x ** 2) + np.sum(res) + np.sum(s) + rank


def grids(x):
    a, b = np.meshgrid(x[:3], x[1:] ** 2)
    c, d, e = np.meshgrid(x[:2], x, x[2:], indexing="ij")
    p, q = np.meshgrid(x[:2], np.sin(x), sparse=True)
    return np.sum(np.sin(a) * b) + np.sum(c * d * np.cos(e)) + np.sum(p * q)


def ufunc_outers(x):  # (no ties between x and 1 - x: away from the kinks)
    return (np.sum(np.sin(np.add.outer(x, x[:2] ** 2))) + np.sum(np.subtract.outer(x, x) ** 2)
            + np.sum(np.divide.outer(x, x + 1.0)) + np.sum(np.power.outer(x, x[1:]))
            + np.sum(np.maximum.outer(x, 1.0 - x) ** 2)
            + np.sum(np.minimum.outer(x.reshape(2, 2), x[:3]) * np.arange(3.0))
            + np.sum(np.subtract.outer(x[0], x) ** 3))


def segment_sums(x):  # np.bincount(labels, weights=...): sums by label, as np.add.at
    labels = np.array([2, 0, 2, 1, 0])
    sums = np.bincount(labels, weights=x ** 2, minlength=4)
    means = sums[:3] / np.bincount(labels)
    kept = np.extract(x > 0, x ** 3)  # np.extract(condition, arr): arr.ravel()[kept]
    return np.sum(sums * np.arange(1.0, 5.0)) + np.sum(np.sin(x) * means[labels]) + np.sum(kept)


CASES = [(trapezoid_loss, np.array([0.1, 0.4, 0.5, 0.9])),
         (ufunc_outers, np.array([0.3, 0.8, 1.7, 0.45])),
         (covariance_loss, RNG.normal(size=(3, 5))),
         (vander_fit, np.array([0.3, -0.6, 1.1, 0.2])),
         (nan_statistics, np.array([[0.3, 0.9, 0.5, 0.2], [0.7, 0.1, 0.85, 0.4]])),
         (scalar_helpers, np.array([0.75, 0.5, 0.3])),
         (conversions, np.array([0.5, 0.7, 0.2])),
         (running_extremes, np.array([[0.3, 0.9, 0.5, 1.2], [0.7, 0.1, 0.85, 0.4]])),
         (ufunc_sums_and_products, np.array([[0.3, 0.9, 0.5, 1.2], [0.7, 0.1, 0.85, 0.4]])),
         (grids, np.array([0.3, -0.9, 0.5, 1.2])),
         (least_squares, np.array([[0.3, 0.9, 0.5, 1.2], [0.7, 0.1, 0.85, 0.4]])),
         (log_sums_and_mantissas, np.array([[0.3, 0.9, 0.5, 1.2], [0.7, 0.1, 0.85, 0.4]])),
         (segment_sums, np.array([0.3, -0.9, 0.5, 1.2, 0.7]))]


@pytest.mark.parametrize("f,x", CASES, ids=[c[0].__name__ for c in CASES])
def test_every_mode(f, x):
    if f is scalar_helpers and not hasattr(math, "cbrt"):
        pytest.skip("math.cbrt is new in Python 3.11")
    check_every_mode(f, x, seed=2, hvp=True)


def weighted_covariance(m):
    return np.sum(np.cov(m, dtype=np.float64))


A = np.array([0.5, 1.5, 0.2, 1.0, 2.0])


def frequency_and_reliability_weighted(m):
    return np.sum(np.cov(m, fweights=np.array([1, 2, 1, 1, 3]), aweights=A) ** 2)


def reliability_weights_differentiated(a):
    return np.sum(np.cov(M, fweights=np.array([1, 2, 1, 1, 3]), aweights=a, ddof=2) ** 2)


def test_cov_weights_in_every_mode():
    """fweights and aweights (refused before): the data, and the weights themselves."""
    check_every_mode(frequency_and_reliability_weighted, M, seed=2, hvp=True)
    check_every_mode(reliability_weights_differentiated, A, seed=2, hvp=True)


def fractional_frequencies(m):
    return np.sum(np.cov(m, fweights=np.array([1.5, 1, 1, 1, 1])))


def negative_reliabilities(m):
    return np.sum(np.cov(m, aweights=-A))


def too_few_frequencies(m):
    return np.sum(np.cov(m, fweights=np.array([1, 1, 1])))


@pytest.mark.parametrize("f", [fractional_frequencies, negative_reliabilities,
                               too_few_frequencies])
def test_cov_weights_checked_as_numpy_checks_them(f):
    with pytest.raises(Exception) as numpy_error:
        f(M)
    with pytest.raises(type(numpy_error.value)):
        sd.grad(f)(M)


def cumulative_loss(x):
    return (np.sum(np.cumulative_sum(x, axis=1, include_initial=True) * np.arange(5.0))
            + np.sum(np.cumulative_prod(x[0], include_initial=True) ** 2)
            + np.sum(np.cumulative_prod(x, axis=0) * x))


@pytest.mark.skipif(not hasattr(np, "cumulative_sum"), reason="NumPy 2.1's functions")
def test_cumulative_sum_and_prod_in_every_mode():
    check_every_mode(cumulative_loss, np.array([[0.3, 0.9, 0.5, 1.2], [0.7, 0.1, 0.85, 0.4]]),
                     seed=2, hvp=True)


def cumulative_of_a_matrix_without_axis(m):
    return np.sum(np.cumulative_sum(m))


def test_cumulative_sum_without_axis_of_a_matrix_raises_as_numpy_does():
    if not hasattr(np, "cumulative_sum"):
        pytest.skip("NumPy 2.1's functions")
    with pytest.raises(ValueError, match="axis"):
        sd.grad(cumulative_of_a_matrix_without_axis)(M)


def test_a_keyword_the_definition_does_not_declare_is_refused():
    with pytest.raises(sd.SrcdiffError, match="its own definition.*dtype"):
        sd.grad(weighted_covariance)(RNG.normal(size=(3, 5)))


@pytest.mark.parametrize("labels, weights, words", [
    ([0, -1], [1.0, 2.0], "negative"), ([0, 1], [1.0], "same length"),
    ([0.5, 1.0], [1.0, 2.0], "cast")])
def test_bincount_with_weights_raises_as_numpy_does(labels, weights, words):
    def weighted(w):
        return np.sum(np.bincount(np.asarray(labels), weights=w))

    with pytest.raises((ValueError, TypeError), match=words):
        np.bincount(np.asarray(labels), weights=np.asarray(weights))
    with pytest.raises((ValueError, TypeError), match=words):
        sd.grad(weighted)(np.asarray(weights))
