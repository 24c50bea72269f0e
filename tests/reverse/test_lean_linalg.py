"""Issue 17, structured linear algebra in rule helpers: the Cholesky gradient inverts its
triangular factor by halves (``tri_inverse``) and folds onto the triangle by selection.

Checked against NumPy's general inverse, central differences (first order, the blocked
path included) and, for second order, finite differences of the checked first derivative
(``check_grads``), in both pipelines and under verification.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.api.check import check_grads
from srcdiff.rules import linalg_rules as LR
from srcdiff.rules.linalg_rules import phi_lower_product as lower_product
from srcdiff.rules.linalg_rules import tri_phi as half_triangle

rng = np.random.default_rng(1717)


def lower(n, *batch):
    a = rng.standard_normal(batch + (n, n))
    return np.tril(a) + n * np.eye(n)


@pytest.mark.parametrize("shape", [(5,), (64,), (65,), (150,), (131, 2)])
def test_tri_inverse_is_the_inverse_of_the_lower_triangle(shape):
    low = lower(shape[0], *shape[1:])
    noisy = low + np.triu(rng.standard_normal(low.shape), 1)  # read only below the diagonal
    want = np.linalg.inv(low)
    got = LR.tri_inverse(noisy)
    assert_close(got, want, rtol=1e-12, atol=1e-14)
    assert np.all(np.triu(got, 1) == 0.0)


def inverse_loss(x, w):
    return np.sum(LR.tri_inverse(x) * w) + np.sum(LR.tri_inverse(x) ** 2)


@pytest.mark.parametrize("n", [4, 70])
def test_tri_inverse_rules_against_differences(n):
    x, w = lower(n), rng.standard_normal((n, n))
    got = sd.grad(inverse_loss)(x, w)
    assert np.all(np.triu(got, 1) == 0.0)  # the upper triangle is not read
    if n == 4:
        assert_close(got, numeric_grad(inverse_loss, (x, w), 0))
        check_grads(inverse_loss, x, w, modes=("rev", "fwd"), order=2)
    else:  # one direction through the blocked path: a directional difference
        d = np.tril(rng.standard_normal((n, n)))
        h = 1e-6
        fd = (inverse_loss(x + h * d, w) - inverse_loss(x - h * d, w)) / (2 * h)
        assert_close(np.sum(got * d), fd, rtol=1e-6)


def linear_kernel_nll(log_s, X, y):
    """A Gaussian likelihood with a linear kernel, its log-determinant from the factor."""
    K = np.exp(2 * log_s) * (X @ X.T) + np.eye(X.shape[0])
    L = np.linalg.cholesky(K)
    z = np.linalg.solve(L, y)
    return 0.5 * np.sum(z ** 2) + np.sum(np.log(np.diagonal(L)))


def test_cholesky_gradient_past_the_block_size():
    """n = 70 > TRI_BLOCK: the factor is inverted by halves, in every pipeline; second
    order (reverse over reverse, forward over reverse) through the blocked inverse."""
    assert LR.TRI_BLOCK < 70
    X = rng.standard_normal((70, 3))
    args = (-0.3, X, np.sin(X[:, 0]))
    want = numeric_grad(linear_kernel_nll, args, 0)
    for options in ({}, {"verify": True}, {"optimize": False}):
        assert_close(sd.grad(linear_kernel_nll, **options)(*args), want)
    check_grads(linear_kernel_nll, *args, modes=("rev", "fwd"), order=2, wrt=0)


@pytest.mark.parametrize("lower_", [True, False])
def test_fold_and_phi_by_selection(lower_):
    s = rng.standard_normal((2, 6, 6))
    tri = np.tril if lower_ else np.triu
    both = s + np.swapaxes(s, -1, -2)
    want = tri(both, -1 if lower_ else 1) + np.einsum("...ii->...i", s)[..., None] * np.eye(6)
    assert np.array_equal(LR._fold(s, lower_), want)
    half = tri(s, -1 if lower_ else 1) + 0.5 * np.einsum("...ii->...i", s)[..., None] * np.eye(6)
    assert np.array_equal(LR.tri_phi(s, lower_), half)
    sym = LR._symmetric_from(s, lower_)
    assert np.array_equal(sym, np.swapaxes(sym, -1, -2))
    assert np.array_equal(tri(sym), tri(s))


def phi_loss(x, w):
    return np.sum(half_triangle(x) * w) + np.sum(np.tanh(half_triangle(x, False)))


def test_tri_phi_rules_against_differences():
    x, w = rng.standard_normal((5, 5)), rng.standard_normal((5, 5))
    assert_close(sd.grad(phi_loss)(x, w), numeric_grad(phi_loss, (x, w), 0))
    check_grads(phi_loss, x, w, modes=("rev", "fwd"), order=2)


@pytest.mark.parametrize("shape", [(5,), (64,), (65,), (131,), (70, 2)])
def test_phi_lower_product_is_phi_of_the_product(shape):
    """``phi_lower_product(low, g) = Phi(tril(low).T g)`` (the Cholesky gradient's first
    product), by halves past TRI_BLOCK; the upper triangle of ``low`` is not read."""
    n, batch = shape[0], shape[1:]
    low, g = (rng.standard_normal(batch + (n, n)) for _ in range(2))
    want = LR.tri_phi(np.swapaxes(np.tril(low), -1, -2) @ g)
    assert_close(LR.phi_lower_product(low, g), want, rtol=1e-12, atol=1e-12)
    assert LR.phi_lower_product(np.tril(low), g).tobytes() \
        == LR.phi_lower_product(low, g).tobytes()
    assert np.all(np.triu(LR.phi_lower_product(low, g), 1) == 0.0)


def lower_product_loss(low, g, w):
    p = lower_product(low, g)
    return np.sum(p * w) + np.sum(np.tanh(p))


@pytest.mark.parametrize("n", [4, 70])
def test_phi_lower_product_rules_against_differences(n):
    low, g, w = lower(n) / n, rng.standard_normal((n, n)), rng.standard_normal((n, n))
    gl, gg = sd.grad(lower_product_loss, wrt=(0, 1))(low, g, w)
    assert np.all(np.triu(gl, 1) == 0.0)  # the upper triangle of low is not read
    if n == 4:
        assert_close(gl, numeric_grad(lower_product_loss, (low, g, w), 0))
        assert_close(gg, numeric_grad(lower_product_loss, (low, g, w), 1))
        check_grads(lower_product_loss, low, g, w, modes=("rev", "fwd"), order=2, wrt=(0, 1))
    else:  # one direction per argument through the blocked path
        h = 1e-6
        for k, got in ((0, gl), (1, gg)):
            d = rng.standard_normal((n, n))
            d = np.tril(d) if k == 0 else d
            lo, hi = [list((low, g, w)) for _ in range(2)]
            lo[k], hi[k] = lo[k] - h * d, hi[k] + h * d
            fd = (lower_product_loss(*hi) - lower_product_loss(*lo)) / (2 * h)
            assert_close(np.sum(got * d), fd, rtol=1e-6)


@pytest.mark.parametrize("where", ["top", "deep"])
def test_solve_transposed_of_a_nearly_triangular_matrix_is_the_general_solve(where):
    """One entry off the triangle, in the first block checked or only in a leaf reached
    after some blocks were solved: the general solve, exactly as LU gives it."""
    a = lower(131).T  # upper: a.T lower
    i, j = (0, 130) if where == "top" else (1, 3)
    a[j, i] = 0.25  # below a's diagonal: a.T has it above
    g = rng.standard_normal(131)
    assert LR.solve_transposed(a, g).tobytes() == np.linalg.solve(a.T, g).tobytes()


@pytest.mark.parametrize("n", [5, 70, 131])
@pytest.mark.parametrize("upper", [False, True])
def test_solve_transposed_by_halves_is_the_general_solve(n, upper):
    """``solve_transposed(a, g) = solve(a.T, g)``: triangular ``a`` past TRI_BLOCK goes by
    halves, anything else (a full matrix, a NaN above the diagonal) by LU."""
    low = lower(n)
    a = low.T if upper else low
    for g in (rng.standard_normal(n), rng.standard_normal((n, 3))):
        assert_close(LR.solve_transposed(a, g), np.linalg.solve(a.T, g), rtol=1e-10, atol=1e-12)
        full = a + 1e-3 * rng.standard_normal(a.shape)
        assert_close(LR.solve_transposed(full, g), np.linalg.solve(full.T, g), rtol=1e-10)
    nan = a.copy()
    nan[0, -1] = nan[-1, 0] = np.nan  # not triangular: the general path, as LU gives it
    g = rng.standard_normal(n)
    assert outcome(LR.solve_transposed, nan, g) == outcome(
        lambda a, g: np.linalg.solve(a.T, g), nan, g)


def outcome(f, *args):
    try:
        return ("value", f(*args).tobytes())
    except np.linalg.LinAlgError as e:
        return ("error", str(e))


def triangular_solves(s, low, y):
    """The GP workload's two solves with a Cholesky factor (``alpha = K^-1 y``)."""
    L = s * low
    alpha = np.linalg.solve(L.T, np.linalg.solve(L, y))
    return np.dot(y, alpha) + np.sum(np.linalg.solve(L, np.outer(y, y[:2])) ** 2)


def test_solves_with_a_triangular_matrix_against_differences():
    """n = 70 > TRI_BLOCK: the adjoints' solves go by halves; first order in every
    pipeline, second order (reverse over reverse, forward over reverse) through them."""
    low = lower(70) / 70.0
    y = np.sin(np.arange(70.0))
    args = (1.3, low, y)
    for wrt in (0, 2):
        want = numeric_grad(triangular_solves, args, wrt)
        for options in ({}, {"verify": True}, {"optimize": False}):
            assert_close(sd.grad(triangular_solves, wrt=wrt, **options)(*args), want)
    d = np.tril(rng.standard_normal((70, 70)))  # the matrix: one direction
    h = 1e-6
    fd = (triangular_solves(1.3, low + h * d, y) - triangular_solves(1.3, low - h * d, y)) / (2 * h)
    assert_close(np.sum(sd.grad(triangular_solves, wrt=1)(*args) * d), fd, rtol=1e-6)
    check_grads(triangular_solves, *args, modes=("rev", "fwd"), order=2, wrt=0)


def test_solve_transposed_rules_against_differences():
    a, g = lower(4) + 0.1 * rng.standard_normal((4, 4)), rng.standard_normal((4, 2))

    def loss(a, g):
        return np.sum(np.sin(LR.solve_transposed(a, g)))

    for wrt in (0, 1):
        assert_close(sd.grad(loss, wrt=wrt)(a, g), numeric_grad(loss, (a, g), wrt))
    check_grads(loss, a, g, modes=("rev", "fwd"), order=2)
    check_grads(loss, a, g[:, 0], modes=("rev", "fwd"), order=2)


@pytest.mark.parametrize("shape", [(5,), (64,), (65,), (131,), (70, 2)])
def test_tri_congruence_is_the_congruence_of_the_lower_triangles(shape):
    """``tri_congruence(m, p) = tril(m).T tril(p) tril(m)`` (the Cholesky gradient's
    ``L^-T P L^-1``), by halves past TRI_BLOCK; the upper triangles are not read."""
    n, batch = shape[0], shape[1:]
    m, p = (rng.standard_normal(batch + (n, n)) for _ in range(2))
    a = np.tril(m)
    want = np.swapaxes(a, -1, -2) @ np.tril(p) @ a
    assert_close(LR.tri_congruence(m, p), want, rtol=1e-12, atol=1e-12)
    assert LR.tri_congruence(np.tril(m), np.tril(p)).tobytes() \
        == LR.tri_congruence(m, p).tobytes()


def congruence_loss(m, p, w):
    s = LR.tri_congruence(m, p)
    return np.sum(s * w) + np.sum(np.tanh(s))


@pytest.mark.parametrize("n", [4, 70])
def test_tri_congruence_rules_against_differences(n):
    m, p, w = lower(n) / n, rng.standard_normal((n, n)), rng.standard_normal((n, n))
    gm, gp = sd.grad(congruence_loss, wrt=(0, 1))(m, p, w)
    assert np.all(np.triu(gm, 1) == 0.0) and np.all(np.triu(gp, 1) == 0.0)
    if n == 4:
        assert_close(gm, numeric_grad(congruence_loss, (m, p, w), 0))
        assert_close(gp, numeric_grad(congruence_loss, (m, p, w), 1))
        check_grads(congruence_loss, m, p, w, modes=("rev", "fwd"), order=2, wrt=(0, 1))
    else:  # one direction per argument through the blocked path
        h = 1e-6
        for k, got in ((0, gm), (1, gp)):
            d = np.tril(rng.standard_normal((n, n)))
            lo, hi = [list((m, p, w)) for _ in range(2)]
            lo[k], hi[k] = lo[k] - h * d, hi[k] + h * d
            fd = (congruence_loss(*hi) - congruence_loss(*lo)) / (2 * h)
            assert_close(np.sum(got * d), fd, rtol=1e-6)
