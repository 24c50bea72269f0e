"""``np.linalg.tensorsolve`` and ``np.linalg.tensorinv`` differentiated through their
definitions (rules/statistic_composites.py), ``np.fft.hfft`` and ``np.fft.ihfft`` through
theirs (rules/fft_rules.py), and ``np.linalg.matrix_rank`` a constant (an integer): all
were refused ('no gradient rule'). The definitions are compared with NumPy on many shapes,
``axes`` and dtypes, and raise what NumPy raises;
oracle for the derivatives: central differences in float64 (every pipeline, the forward
tangent and Hessian-vector products) and the closed form ``x = A^-1 b``."""

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from pipelines import check_definition, check_every_mode

RNG = np.random.default_rng(49)


def _square(shape, split):
    """A well-conditioned ``a`` of ``shape`` whose first ``split`` axes hold as many entries
    as the others."""
    n = int(np.prod(shape[:split]))
    return np.reshape(RNG.normal(size=(n, n)) + 4.0 * np.eye(n), shape)


A6 = _square((6, 2, 3), 1)
A23 = _square((2, 3, 3, 2), 2)
CALLS = [
    ((A6, RNG.normal(size=6)), {}),
    ((A23, RNG.normal(size=(2, 3))), {}),
    ((A23, RNG.normal(size=(3, 2))), {"axes": (0, 1)}),
    ((A23, RNG.normal(size=(2, 3))), {"axes": ()}),
    ((A23, RNG.normal(size=(3, 2))), {"axes": (1, 0)}),
    ((A23, RNG.normal(size=(2, 3))), {"axes": (3, 1)}),
    ((np.transpose(A6, (1, 0, 2)), RNG.normal(size=(2, 3))), {"axes": (1,)}),
    ((_square((4, 4), 1), RNG.normal(size=4)), {}),
    ((np.array([[2.0]]), np.array([3.0])), {}),
    ((np.array([4.0]), np.array([2.0])), {}),  # a.ndim == b.ndim: NumPy's slice [-0:]
    ((np.arange(1, 5).reshape(2, 2) + np.eye(2, dtype=int) * 5, np.array([1, 2])), {}),
    ((A6.astype(np.float32), np.ones(6, np.float32)), {}),
    ((A6 + 0.5j * A6[::-1], RNG.normal(size=6) * 1j), {}),
    ((A6.tolist(), list(range(6))), {}),
]


@pytest.mark.parametrize("k", range(len(CALLS)))
def test_the_definition_computes_what_numpy_does(k):
    args, kwargs = CALLS[k]
    check_definition(np.linalg.tensorsolve, args, kwargs)


@pytest.mark.parametrize("args, kwargs, error", [
    ((np.ones((6, 2, 2)), np.ones(6)), {}, np.linalg.LinAlgError),  # not square
    ((np.ones((2, 3)), np.ones((2, 3))), {}, np.linalg.LinAlgError),
    ((np.zeros((2, 2)), np.ones(2)), {}, np.linalg.LinAlgError),  # singular
    ((A23, np.ones((2, 3))), {"axes": (4,)}, ValueError),  # list.remove of a missing axis
    ((A23, np.ones((2, 3))), {"axes": (-1,)}, ValueError),
    ((A23, np.ones((2, 3))), {"axes": (0,)}, np.linalg.LinAlgError),
])
def test_it_raises_what_numpy_raises(args, kwargs, error):
    from srcdiff.rules.composites import COMPOSITES

    with pytest.raises(error):
        np.linalg.tensorsolve(*args, **kwargs)
    with pytest.raises(error):
        COMPOSITES[np.linalg.tensorsolve](*args, **kwargs)


def solved(a):
    return np.sum(np.sin(np.linalg.tensorsolve(a, np.arange(1.0, 7.0))) ** 2)


def solved_moved_axes(a):
    x = np.linalg.tensorsolve(a, np.array([[1.0, -2.0, 0.5], [0.3, 2.0, 1.0]]), axes=(0, 2))
    return np.sum(x ** 3) + x[1, 0] * x[0, 1]


def solved_for_b(b):
    return np.sum(np.exp(np.linalg.tensorsolve(A23, np.reshape(b, (2, 3)), (3, 1))))


@pytest.mark.parametrize("f, x", [(solved, A6), (solved_moved_axes, A23),
                                  (solved_for_b, np.linspace(-1.0, 1.0, 6))],
                         ids=["a", "a_axes", "b"])
def test_gradients_in_every_mode(f, x):
    check_every_mode(f, x.copy(), seed=3, hvp=True)


def test_the_closed_form():
    """``x = A^-1 b`` with ``A`` the matrix of ``a``: ``d sum(w x) / d b = A^-T w`` and
    ``d / dA = -(A^-T w) x^T``, reshaped to ``a``'s shape."""
    b, w = RNG.normal(size=6), RNG.normal(size=(2, 3))

    def loss(a, b):
        return np.sum(w * np.linalg.tensorsolve(a, b))

    m = np.reshape(A6, (6, 6))
    x, lam = np.linalg.solve(m, b), np.linalg.solve(m.T, np.ravel(w))
    np.testing.assert_allclose(sd.grad(loss, 1)(A6, b), lam, rtol=1e-10)
    np.testing.assert_allclose(sd.grad(loss, 0)(A6, b), np.reshape(-np.outer(lam, x), A6.shape),
                               rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(sd.grad(loss, 0)(A6, b), numeric_grad(loss, (A6, b), 0),
                               rtol=1e-6, atol=1e-8)


def test_the_numba_backend_refuses_it_by_name():
    pytest.importorskip("numba")
    with pytest.raises(sd.SrcdiffError, match="tensorsolve"):
        sd.grad(solved, backend="numba")(A6)


TENSORINV_CALLS = [
    ((np.reshape(_square((9, 9), 1), (3, 3, 9)),), {}),
    ((np.reshape(_square((9, 9), 1), (9, 3, 3)),), {"ind": 1}),
    ((_square((2, 3, 6), 2),), {"ind": 2}),
    ((np.eye(4, dtype=int),), {"ind": 1}),
    ((A6.astype(np.float32).reshape(6, 6),), {"ind": 1}),
    ((np.reshape(_square((4, 4), 1), (2, 2, 2, 2)).tolist(),), {}),
]
HERMITIAN_CALLS = [
    (fn, (x,), kwargs)
    for fn in (np.fft.hfft, np.fft.ihfft)
    for x in (RNG.normal(size=6), RNG.normal(size=5) + 1j * RNG.normal(size=5),
              RNG.normal(size=(3, 4)), np.arange(4))
    for kwargs in ({}, {"n": 7}, {"n": 4, "norm": "ortho"}, {"axis": 0, "norm": "forward"},
                   {"norm": "backward"})
    if not (fn is np.fft.ihfft and np.iscomplexobj(x))  # (NumPy's rfft: real inputs)
]


@pytest.mark.parametrize("k", range(len(TENSORINV_CALLS)))
def test_tensorinv_computes_what_numpy_does(k):
    check_definition(np.linalg.tensorinv, *TENSORINV_CALLS[k])


@pytest.mark.parametrize("k", range(len(HERMITIAN_CALLS)))
def test_hermitian_transforms_compute_what_numpy_does(k):
    check_definition(*HERMITIAN_CALLS[k])


@pytest.mark.parametrize("fn, args, kwargs, error", [
    (np.linalg.tensorinv, (A6,), {"ind": 0}, ValueError),
    (np.linalg.tensorinv, (A6[:, :, :2],), {"ind": 1}, np.linalg.LinAlgError),
    (np.fft.hfft, (np.ones(4),), {"norm": "unitary"}, ValueError),
    (np.fft.ihfft, (np.ones(4),), {"norm": "nope"}, ValueError),
])
def test_they_raise_what_numpy_raises(fn, args, kwargs, error):
    from srcdiff.rules.composites import COMPOSITES

    with pytest.raises(error):
        fn(*args, **kwargs)
    with pytest.raises(error):
        COMPOSITES[fn](*args, **kwargs)


def inverted(a):
    return np.sum(np.linalg.tensorinv(np.reshape(np.kron(a, a + 1.0), (3, 3, 9)), ind=2) ** 2)


def hermitian_spectra(x):
    h = np.fft.hfft(x * (1.0 + 0.5j)) + np.fft.hfft(x, n=10, norm="ortho")
    return np.sum(h ** 2) + np.sum(np.abs(np.fft.ihfft(x * h[:6], norm="forward")) ** 2)


def rank_weighted(a):
    return np.linalg.matrix_rank(a) * np.sum(a ** 2)


@pytest.mark.parametrize("f, x", [(inverted, A6[:3, 0, :] + 3.0 * np.eye(3)),
                                  (hermitian_spectra, np.linspace(-1.0, 1.5, 6)),
                                  (rank_weighted, A6[:, :, 0])],
                         ids=["tensorinv", "hfft", "matrix_rank"])
def test_more_gradients_in_every_mode(f, x):
    check_every_mode(f, x.copy(), seed=5, hvp=True)
