"""np.astype, np.delete, np.broadcast_arrays, np.average(returned=True), np.logspace,
np.geomspace, np.add.reduceat, np.resize, np.unwrap, np.nancumprod, np.polyadd,
np.polysub, np.polyint, np.polyder, np.polymul, np.trim_zeros, np.matvec and np.vecmat
(rules/array_composites.py; refused before session 48): each definition computes what
NumPy computes, and a call is differentiated through it in every mode, checked against
central differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, total
from pipelines import check_definition, check_every_mode
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
    (np.nancumprod, (np.where(M > 1.0, np.nan, M),), {}),
    (np.nancumprod, (np.where(M > 1.0, np.nan, M),), {"axis": 1}),
    (np.nancumprod, (np.arange(1, 5),), {"axis": -1}), (np.nancumprod, (np.float64(np.nan),), {}),
    (np.polyadd, (V, V[:2]), {}), (np.polyadd, (V[:1], M[0]), {}), (np.polyadd, (2.0, V), {}),
    (np.polyadd, ([1, 2], [3, 4]), {}),
    (np.polysub, (V, V[:2]), {}), (np.polysub, (V[:1], M[0]), {}), (np.polysub, (V, V), {}),
    (np.polyint, (V,), {}), (np.polyint, (V, 3), {}), (np.polyint, (V, 2, 0.5), {}),
    (np.polyint, (V, 2), {"k": [0.5, -1.0]}), (np.polyint, (V, 0), {}),
    (np.polyint, ([1, 2, 3],), {"m": 2, "k": [1.0, 2.0, 3.0]}),
    (np.polyder, (V,), {}), (np.polyder, (V, 2), {}), (np.polyder, (V, 0), {}),
    (np.polyder, (V, 5), {}), (np.polyder, ([1, 2, 3],), {"m": 1}),
    (np.polymul, (V, V[:2]), {}), (np.polymul, ([0.0, 0.0, V[0], V[1]], V), {}),
    (np.polymul, ([0.0, 0.0], V), {}), (np.polymul, (2.0, V), {}), (np.polymul, ([1, 2], [3]), {}),
    (getattr(np, "trim_zeros", None), (np.array([0.0, 0.0, 0.5, 0.0, 0.2, 0.0]),), {}),
    (getattr(np, "trim_zeros", None), (np.array([0.0, 0.5, 0.0]),), {"trim": "f"}),
    (getattr(np, "trim_zeros", None), (np.array([0.0, 0.5, 0.0]), "B"), {}),
    (getattr(np, "trim_zeros", None), (np.zeros(3),), {}),
    (getattr(np, "trim_zeros", None), (np.array([[0.0, 0.0, 0.0], [0.0, 0.3, 0.0]]),), {}),
    (getattr(np, "trim_zeros", None), (np.array([[0.0, 0.0, 0.0], [0.0, 0.3, 0.0]]),),
     {"axis": -1}),
    (getattr(np, "matvec", None), (M, M[0]), {}),
    (getattr(np, "matvec", None), (np.stack([M[:, :3], M[:, 1:4]]), M[:2, :3]), {}),
    (getattr(np, "vecmat", None), (M[:, 0], M), {}),
    (getattr(np, "vecmat", None), (M[:2, :3], np.stack([M[:, :3], M[:, 1:4]])), {}),
]
CALLS = [c for c in CALLS if c[0] is not None]


@pytest.mark.parametrize("k", range(len(CALLS)), ids=lambda k: CALLS[k][0].__name__)
def test_the_definition_computes_what_the_function_does(k):
    check_definition(*CALLS[k])


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


def polynomials(x):
    p = np.polyadd(x, x[:2] ** 2)
    q = np.polysub(np.sin(x[:2]), x)
    r = np.polyint(x, 2, k=[x[0], 0.5])
    d = np.polyder(x * x[::-1], 2)
    m = np.polymul(p, np.concatenate([[0.0], x[:2]]))
    return (np.sum(p * q) + np.sum(r ** 2) + np.sum(np.polyval(d, 0.7) * d)
            + np.sum(m * np.arange(m.size)))


def nan_products_and_trims(x):
    y = np.where(x > 1.0, np.nan, x)
    t = np.trim_zeros(np.concatenate([[0.0], x, [0.0, 0.0]])) if hasattr(np, "trim_zeros") \
        else x
    return np.sum(np.nancumprod(y) * np.arange(x.size)) + np.sum(t ** 2 * np.arange(t.size))


def matrix_vector_products(m):
    a = np.matvec(m, m[0]) if hasattr(np, "matvec") else m @ m[0]
    b = np.vecmat(m[:, 1], m) if hasattr(np, "vecmat") else m[:, 1] @ m
    return np.sum(np.sin(a) * np.arange(3.0)) + np.sum(b ** 2)


SQUARE = np.array([[0.3, 0.9, 0.5, 1.2, 0.6], [0.7, 0.1, 0.85, 0.4, 1.1],
                   [0.2, 1.3, 0.45, 0.95, 0.65]])
CASES = [(casts, V), (casts, M), (casts, np.array(0.7)), (casts, V[:1]), (deletes, V),
         (deletes, SQUARE), (deletes, np.array([0.4, 0.8])), (deletes_of_a_matrix, SQUARE),
         (broadcasts, SQUARE), (broadcasts, SQUARE[:1, :1]), (averages, SQUARE),
         (spacings, np.array([0.3, 0.8, 1.7])), (segment_sums, SQUARE), (resizes, SQUARE),
         (resizes, SQUARE[:1, :1]), (unwraps, SQUARE),
         (polynomials, np.array([0.3, 0.8, 1.7, 0.2])),
         (nan_products_and_trims, np.array([0.3, 0.8, 1.7, 0.2])),
         (matrix_vector_products, SQUARE[:, :3])]


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


P = np.poly1d([1.0, 2.0, 3.0])


def polynomial_objects(x):  # (constants: NumPy's own poly1d results)
    return (np.polyval(np.polyder(P), x[0]) + np.polyval(np.polyint(P, 2), x[1])
            + np.polyval(np.polymul(P, np.polyadd(P, P)), x[2]) * x[0])


def polynomial_object_with_an_array(x):
    return np.sum(np.polyadd(P, x))


def test_refused_forms_are_named():
    x = np.array([0.3, 0.8, 1.7])
    with pytest.raises(sd.SrcdiffError, match="np.geomspace with complex ends"):
        sd.grad(complex_geomspace)(x)
    with pytest.raises(sd.SrcdiffError, match="its own definition.*dtype"):
        sd.grad(reduceat_dtype)(x)
    with pytest.raises(sd.SrcdiffError, match="np.polyadd of a np.poly1d with arrays"):
        sd.grad(polynomial_object_with_an_array)(x)

    if hasattr(np, "astype"):
        with pytest.raises(sd.SrcdiffError, match="its own definition.*device"):
            sd.grad(astype_on_a_device)(x)


def test_constant_poly1d_objects_keep_numpy_results():
    check_every_mode(polynomial_objects, np.array([0.3, 0.8, 1.7]), hvp=True)


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
