"""np.astype, np.delete, np.broadcast_arrays, np.average(returned=True), np.logspace,
np.geomspace, np.add.reduceat, np.resize and np.unwrap (rules/array_composites.py; refused
before session 48): each definition computes what NumPy computes, and a call is
differentiated through it in every mode, checked against central differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, total
from pipelines import check_every_mode
from srcdiff.rules.composites import COMPOSITES
from tangents import inner, random_like

RNG = np.random.default_rng(48)
M = RNG.normal(size=(3, 5))
V = RNG.uniform(0.1, 0.9, size=4)
PHASE = np.cumsum(RNG.uniform(0.5, 2.5, size=(2, 6)), axis=1)

CALLS = [
    (getattr(np, "astype", None), (M, np.float32), {}),
    (getattr(np, "astype", None), (V, np.int64), {"copy": False}),
    (getattr(np, "astype", None), (np.float64(2.5), np.float64), {}),
    (np.delete, (V, 1), {}), (np.delete, (V, [1, 1, -1]), {}), (np.delete, (M, 0, 0), {}),
    (np.delete, (M, slice(1, None, 2)), {"axis": -1}), (np.delete, (M, []), {"axis": 1}),
    (np.delete, (M, [True, False, True]), {"axis": 0}), (np.delete, (M, [3, 14]), {}),
    (np.delete, (np.float64(0.5), 0), {}), (np.delete, (V[:1], 0), {}),
    (np.broadcast_arrays, (V, M[:, :1]), {}), (np.broadcast_arrays, (V,), {}),
    (np.broadcast_arrays, (0.5, M, V[:1]), {}), (np.broadcast_arrays, (np.float64(2.0), 3), {}),
    (np.average, (M,), {"returned": True}), (np.average, (M,), {"axis": 1, "returned": True}),
    (np.average, (M,), {"axis": 0, "keepdims": True, "returned": True}),
    (np.average, (M, 1, np.arange(1.0, 6.0), True), {}),
    (np.average, (M,), {"weights": M ** 2, "returned": True}),
    (np.average, (M,), {"axis": (0, 1), "weights": M ** 2, "returned": True, "keepdims": True}),
    (np.average, (V,), {"axis": 0, "weights": V}),
    (np.logspace, (0.0, 2.0), {}), (np.logspace, (0.5, V, 3), {"base": 2.0}),
    (np.logspace, (V, 1.0, 4), {"endpoint": False, "axis": -1}),
    (np.logspace, ([0.0, 1.0], [2.0, 3.0], 3), {"base": [2.0, 10.0]}),
    (np.logspace, (0.0, 1.0, 1), {}), (np.logspace, (0.0, 1.0, 0), {}),
    (np.logspace, (M[:, :2], 1.0, 3), {"axis": 1, "dtype": np.float32}),
    (np.geomspace, (1.0, 1000.0, 4), {}), (np.geomspace, (-1.0, -V, 3), {}),
    (np.geomspace, (V, 2.0, 5), {"endpoint": False, "axis": 1}),
    (np.geomspace, (2.0, 0.5, 1), {}), (np.geomspace, (2.0, 0.5, 0), {}),
    (np.geomspace, (1, 256, 9), {"dtype": int}),
    (np.geomspace, (V[:2], M[:2, :2], 3), {"axis": -1}),
    (np.add.reduceat, (V, [0, 2]), {}), (np.add.reduceat, (V, [2, 0, 3, 3]), {}),
    (np.add.reduceat, (M, [0, 2, 4]), {"axis": 1}), (np.add.reduceat, (M, [1]), {"axis": -2}),
    (np.add.reduceat, (M, np.zeros(0, int)), {}), (np.add.reduceat, (np.arange(6), [0, 4]), {}),
    (np.resize, (V, 7), {}), (np.resize, (M, (2, 9)), {}), (np.resize, (V, (2,)), {}),
    (np.resize, (V, 0), {}), (np.resize, (V[:0], (2, 3)), {}),
    (np.resize, (np.float64(1.5), 3), {}),
    (np.resize, (M, [5]), {}),
    (np.unwrap, (PHASE,), {}), (np.unwrap, (PHASE,), {"axis": 0}),
    (np.unwrap, (PHASE, 4.0), {}), (np.unwrap, (PHASE,), {"period": 3.0}),
    (np.unwrap, (np.arange(8) * 3,), {"period": 4}),
    (np.unwrap, (np.arange(8) * 3,), {"period": 5}),
    (np.unwrap, (np.array([0.0, np.pi, 0.0, -np.pi]),), {}), (np.unwrap, (V[:1],), {}),
    (np.unwrap, (np.zeros((2, 0)),), {}), (np.unwrap, (PHASE.astype(np.float32),), {}),
]
CALLS = [c for c in CALLS if c[0] is not None]


@pytest.mark.parametrize("k", range(len(CALLS)), ids=lambda k: CALLS[k][0].__name__)
def test_the_definition_computes_what_the_function_does(k):
    fn, args, kwargs = CALLS[k]
    with np.errstate(all="ignore"):
        expected = fn(*args, **kwargs)
        got = COMPOSITES[fn](*args, **kwargs)
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
    for e, g in zip(expected if isinstance(expected, tuple) else [expected],
                    got if isinstance(expected, tuple) else [got]):
        assert np.shape(g) == np.shape(e) and np.asarray(g).dtype == np.asarray(e).dtype
        np.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-14, equal_nan=True)


def casts(x):
    y = np.astype(x, np.float64) if hasattr(np, "astype") else x * 1.0
    return np.sum(y ** 2 * np.arange(np.size(x)).reshape(np.shape(x)))


def deletes(x):
    return (np.sum(np.delete(x, 1) ** 2) + np.sum(np.delete(x, [0, 0, -1], axis=0) * 3.0)
            + np.sum(np.sin(np.delete(x, slice(None, None, 2), axis=-1))))


def deletes_of_a_matrix(m):
    return (np.sum(np.delete(m, [0, 2], axis=1) ** 2) + np.sum(np.delete(m, 4) * m[0, 0])
            + np.sum(np.delete(m, m.shape[0] - 1, 0) * np.cos(m[1:])))


def broadcasts(m):
    a, b, c = np.broadcast_arrays(m[:1], m[:, :1] ** 2, m[0, 0])
    return np.sum(a * b * c) + np.sum(np.sin(np.broadcast_arrays(m)[0]))


def averages(m):
    a, s = np.average(m, axis=1, weights=m[0] ** 2, returned=True)
    b, n = np.average(m, axis=0, returned=True, keepdims=True)
    c, w = np.average(m, weights=np.exp(m), returned=True)
    return np.sum(a * s) + np.sum(b * n ** 2) + c * w


def spacings(x):
    return (np.sum(np.logspace(x[0], x[1], 4)) + np.sum(np.logspace(0.0, x[:2], 3, base=x[2]))
            + np.sum(np.logspace(x[:2], 1.0, 3, endpoint=False, axis=-1) ** 2)
            + np.sum(np.geomspace(x[0], x[1] * 3.0, 5)) + np.sum(np.geomspace(-x[:2], -2.0, 3))
            + np.sum(np.geomspace(x[2], x[:2], 4, endpoint=False, axis=1) * 2.0)
            + np.sum(np.geomspace(x[0], 5.0, 1)))


def segment_sums(m):
    return (np.sum(np.add.reduceat(m, [0, 2, 3], axis=1) ** 2)
            + np.sum(np.add.reduceat(m[0], [3, 1, 4]) * np.arange(3.0))
            + np.sum(np.sin(np.add.reduceat(m, [1], axis=-2))))


def resizes(m):
    return (np.sum(np.resize(m, (4, 7)) * np.arange(28.0).reshape(4, 7))
            + np.sum(np.resize(m[0], 3) ** 2) + np.sum(np.resize(m[0, 0], (2,)) ** 3))


def unwraps(m):
    return (np.sum(np.unwrap(m * 4.0) * np.arange(5.0)) + np.sum(np.unwrap(m, axis=0) ** 2)
            + np.sum(np.unwrap(m * 3.0, period=2.5, discont=2.0) * m))


SQUARE = np.array([[0.3, 0.9, 0.5, 1.2, 0.6], [0.7, 0.1, 0.85, 0.4, 1.1],
                   [0.2, 1.3, 0.45, 0.95, 0.65]])
CASES = [(casts, V), (casts, M), (casts, np.array(0.7)), (casts, V[:1]), (deletes, V),
         (deletes, SQUARE), (deletes, np.array([0.4, 0.8])), (deletes_of_a_matrix, SQUARE),
         (broadcasts, SQUARE), (broadcasts, SQUARE[:1, :1]), (averages, SQUARE),
         (spacings, np.array([0.3, 0.8, 1.7])), (segment_sums, SQUARE), (resizes, SQUARE),
         (resizes, SQUARE[:1, :1]), (unwraps, SQUARE)]


@pytest.mark.parametrize("f,x", CASES, ids=[f"{c[0].__name__}{np.shape(c[1])}" for c in CASES])
def test_every_mode(f, x):
    check_every_mode(f, x, seed=3, hvp=True)


def unwrap_across_a_jump(x):
    return np.sum(np.unwrap(np.concatenate([x, x + 5.0])) * np.arange(6.0))


def test_unwrap_across_a_jump_moves_with_its_input():
    # the correction is a constant multiple of the period: the derivative is the identity's
    x = np.array([0.1, 0.4, 0.9])
    want = numeric_grad(unwrap_across_a_jump, (x,), 0)
    assert_close(want, np.array([3.0, 5.0, 7.0]))
    assert_close(sd.grad(unwrap_across_a_jump)(x), want)
    t = random_like(x, np.random.default_rng(1))
    _, tangent = sd.jvp(unwrap_across_a_jump)(x, tangents=t)
    assert_close(total(tangent), inner(want, t))


def complex_geomspace(x):
    return np.sum(np.abs(np.geomspace(x[0] + 1j, 5.0, 3)))


def astype_on_a_device(x):
    return np.sum(np.astype(x, np.float64, device="cpu"))


def reduceat_out_of_bounds(x):
    return np.sum(np.add.reduceat(x, [0, 7]))


def reduceat_dtype(x):
    return np.sum(np.add.reduceat(x, [0, 2], dtype=np.float32))


def test_refused_forms_are_named():
    x = np.array([0.3, 0.8, 1.7])
    with pytest.raises(sd.SrcdiffError, match="np.geomspace with complex ends"):
        sd.grad(complex_geomspace)(x)
    with pytest.raises(sd.SrcdiffError, match="its own definition.*dtype"):
        sd.grad(reduceat_dtype)(x)
    if hasattr(np, "astype"):
        with pytest.raises(sd.SrcdiffError, match="its own definition.*device"):
            sd.grad(astype_on_a_device)(x)


def test_bad_arguments_raise_as_numpy_does():
    x = np.array([0.3, 0.8, 1.7])
    with pytest.raises(IndexError, match="out-of-bounds"):
        sd.grad(reduceat_out_of_bounds)(x)
    with pytest.raises(IndexError):
        sd.grad(lambda v: np.sum(np.delete(v, 5)))(x)
    with pytest.raises(ValueError, match="non-negative"):
        sd.grad(lambda v: np.sum(np.resize(v, -2)))(x)
    with pytest.raises(ValueError, match="cannot include zero"):
        sd.grad(lambda v: np.sum(np.geomspace(v[0] * 0.0, 1.0, 3)))(x)


@pytest.mark.parametrize("f,x", CASES[4:], ids=[f"{c[0].__name__}{np.shape(c[1])}"
                                               for c in CASES[4:]])
def test_the_numba_backend_refuses_them_by_name(f, x):
    """The numba backend does not compile these definitions' gradients: a SrcdiffError
    naming the function at generation, never a numba traceback or a wrong gradient."""
    pytest.importorskip("numba")
    with pytest.raises(sd.SrcdiffError, match=f"{f.__name__}: the numba backend"):
        sd.grad(f, backend="numba")(x)
