"""autograd's tests/test_linalg.py, case by case, in srcdiff's words.

Functions of symmetric matrices (eigh, cholesky) are checked, as autograd does,
through ``symmetrize``: the input's lower triangle mirrored, so that finite
differences move the matrix along symmetric directions only. Every case is
checked in reverse mode, forward mode and to second order against central
finite differences (tests/support/check_modes.py); inputs are small and well
conditioned.
"""

import numpy as np

from check_modes import R, check


def symmetrize(a):
    low = np.tril(a)
    return (low + np.swapaxes(low, -1, -2)) / 2.0


def rand_psd(d):
    m = R(d, d)
    return np.dot(m, m.T) + 0.5 * np.eye(d)


# ------------------------------------------------------------------ inverses and solves


def test_inv():
    def fun(x):
        return np.linalg.inv(x)

    m = R(4, 4)
    check(fun, np.dot(m, m) + 1.0 * np.eye(4))


def test_inv_3d():
    def fun(x):
        return np.linalg.inv(x)

    check(fun, R(2, 3, 3) + 5.0 * np.eye(3))
    check(fun, R(2, 2, 3, 3) + 5.0 * np.eye(3), rtol2=1e-4)


def test_pinv():
    def fun(x):
        return np.linalg.pinv(x)

    for m in (2, 3, 4):
        check(fun, R(3, m))
    check(fun, R(2, 3, 2))


def test_pinv_low_rank():
    def fun_low_rank(x):
        return np.linalg.pinv(np.dot(x.T, x))

    check(fun_low_rank, R(4, 2))


def test_solve_arg1():
    b = R(4, 3)

    def fun(a):
        return np.linalg.solve(a, b)

    check(fun, R(4, 4) + 10.0 * np.eye(4))


def test_solve_arg1_1d():
    b = R(4)

    def fun(a):
        return np.linalg.solve(a, b)

    check(fun, R(4, 4) + 10.0 * np.eye(4))


def test_solve_arg2():
    a = R(4, 4) + 3.0 * np.eye(4)

    def fun(b):
        return np.linalg.solve(a, b)

    check(fun, R(4, 3))


def test_solve_arg1_3d():
    b = R(3, 3, 1)

    def fun(a):
        return np.linalg.solve(a, b)

    check(fun, R(3, 3, 3) + 5.0 * np.eye(3))


def test_solve_arg1_3d_3d():
    b = R(3, 3, 4)

    def fun(a):
        return np.linalg.solve(a, b)

    check(fun, R(3, 3, 3) + 5.0 * np.eye(3))


# ------------------------------------------------------------------ determinants


def test_det():
    def fun(x):
        return np.linalg.det(x)

    check(fun, R(4, 4))


def test_det_3d():
    def fun(x):
        return np.linalg.det(x)

    check(fun, R(3, 3, 3))


def test_slogdet():
    def fun(x):
        sign, logdet = np.linalg.slogdet(x)
        return logdet

    m = R(4, 4)
    check(fun, m)
    check(fun, -m)


def test_slogdet_3d():
    def fun(x):
        return np.sum(np.linalg.slogdet(x)[1])

    check(fun, np.stack([rand_psd(3) + 3.0 * np.eye(3) for _ in range(3)]))


# ------------------------------------------------------------------ norms


def test_vector_2norm():
    def fun(x):
        return np.linalg.norm(x)

    check(fun, R(6))


def test_frobenius_norm():
    def fun(x):
        return np.linalg.norm(x)

    check(fun, R(4, 3))


def test_frobenius_norm_axis():
    def fun(x):
        return np.linalg.norm(x, axis=(0, 1))

    check(fun, R(3, 2, 2))


def test_vector_norm_ord():
    for order in (2, 3, 4):
        def fun(x):
            return np.linalg.norm(x, ord=order)

        check(fun, R(5))


def test_norm_axis():
    for axis in range(3):
        def fun(x):
            return np.linalg.norm(x, axis=axis)

        check(fun, R(3, 2, 2))


def test_norm_nuclear():
    def fun(x):
        return np.linalg.norm(x, ord="nuc")

    check(fun, R(4, 3))


def test_norm_nuclear_axis():
    def fun(x):
        return np.linalg.norm(x, ord="nuc", axis=(0, 1))

    check(fun, R(4, 3, 2))


# ------------------------------------------------------------------ symmetric eigenproblems


def test_eigvalh_lower():
    def fun(x):
        w, v = np.linalg.eigh(symmetrize(x))
        return w, np.abs(v)

    check(fun, rand_psd(4), rtol2=1e-4, atol2=1e-5)


def test_eigvalh_upper():
    def fun(x):
        w, v = np.linalg.eigh(symmetrize(x), "U")
        return w, np.abs(v)

    check(fun, rand_psd(4), rtol2=1e-4, atol2=1e-5)


def test_eigvalh_lower_broadcasting():
    def fun(x):
        w, v = np.linalg.eigh(symmetrize(x))
        return w, np.abs(v)

    m = R(2, 3, 3) + 4.0 * np.eye(3)
    check(fun, np.einsum("...ij,...kj->...ik", m, m), rtol2=1e-4, atol2=1e-5)


def test_eigvalh_upper_broadcasting():
    def fun(x):
        w, v = np.linalg.eigh(symmetrize(x), UPLO="U")
        return w, np.abs(v)

    m = R(2, 3, 3) + 4.0 * np.eye(3)
    check(fun, np.einsum("...ij,...kj->...ik", m, m), rtol2=1e-4, atol2=1e-5)


def test_eigvalsh():
    def fun(x):
        return np.linalg.eigvalsh(symmetrize(x))

    check(fun, rand_psd(4))


def test_eig_real():
    q = np.linalg.qr(R(3, 3))[0]
    scale = np.diag([1.0, 2.5, 4.0])

    def fun(x):
        w, v = np.linalg.eig(x)
        return np.abs(w), np.abs(v)

    check(fun, q @ scale @ np.linalg.inv(q) + 0.05 * R(3, 3), rtol2=1e-4, atol2=1e-5)


def test_eigvals():
    def fun(x):
        return np.real(np.linalg.eigvals(x))

    check(fun, np.diag([1.0, 2.0, 3.5]) + 0.1 * R(3, 3))


# ------------------------------------------------------------------ cholesky


def test_cholesky():
    def fun(a):
        return np.linalg.cholesky(symmetrize(a))

    check(fun, rand_psd(4))


def test_cholesky_broadcast():
    def fun(a):
        return np.linalg.cholesky(symmetrize(a))

    check(fun, np.stack([rand_psd(3) for _ in range(2)]))


def test_cholesky_reparameterization_trick():
    z0 = np.random.RandomState(0).randn(4)

    def fun(a):
        z = np.dot(np.linalg.cholesky(symmetrize(a)), z0)
        return np.linalg.norm(z)

    check(fun, rand_psd(4))


# ------------------------------------------------------------------ svd


def _svd_all(x):
    u, s, v = np.linalg.svd(x, full_matrices=False)
    # the signs of singular vectors are arbitrary: compare |u|, |v| as autograd's sign-free
    # test functions do
    return np.abs(u), s, np.abs(v)


def test_svd_wide_2d():
    def fun(x):
        return _svd_all(x)

    check(fun, R(2, 4), rtol2=1e-4, atol2=1e-5)


def test_svd_wide_3d():
    def fun(x):
        return _svd_all(x)

    check(fun, R(2, 2, 3), rtol2=1e-4, atol2=1e-5)


def test_svd_square_2d():
    def fun(x):
        return _svd_all(x)

    check(fun, R(3, 3), rtol2=1e-4, atol2=1e-5)


def test_svd_square_3d():
    def fun(x):
        return _svd_all(x)

    check(fun, R(2, 3, 3), rtol2=1e-4, atol2=1e-5)


def test_svd_tall_2d():
    def fun(x):
        return _svd_all(x)

    check(fun, R(4, 2), rtol2=1e-4, atol2=1e-5)


def test_svd_tall_3d():
    def fun(x):
        return _svd_all(x)

    check(fun, R(2, 3, 2), rtol2=1e-4, atol2=1e-5)


def test_svd_only_s_2d():
    def fun(x):
        return np.linalg.svd(x, full_matrices=False, compute_uv=False)

    check(fun, R(4, 3))


def test_svd_only_s_3d():
    def fun(x):
        return np.linalg.svd(x, full_matrices=False, compute_uv=False)

    check(fun, R(2, 4, 3))
