"""autograd's tests/test_scipy.py, case by case, in srcdiff's words.

autograd checks its SciPy wrappers in reverse mode only (``modes=["rev"]``, except
logsumexp); here every case is checked in reverse mode, forward mode and to
second order against central finite differences (tests/support/check_modes.py),
with the arguments autograd differentiates (its ``argnum`` lists); the others
are constants.
"""

import numpy as np
import pytest

from check_modes import R, U, check

pytest.importorskip("scipy")
import scipy.linalg  # noqa: E402
import scipy.signal  # noqa: E402
import scipy.special as special  # noqa: E402
import scipy.stats as stats  # noqa: E402


def pos(*shape):
    """autograd's ``R(...) ** 2 + 1.1``: positive parameters."""
    return R(*shape) ** 2 + 1.1


def make_psd(m):
    return np.dot(m.T, m) + np.eye(m.shape[0])


def symmetrize(a):
    return 0.5 * (a + a.T)


# ------------------------------------------------------------------ chi2, beta, gamma


def test_chi2_pdf():
    for df in (1, 2, 3):
        def fun(x):
            return stats.chi2.pdf(x, df)

        check(fun, pos(4))


def test_chi2_cdf():
    for df in (1, 2, 3):
        def fun(x):
            return stats.chi2.cdf(x, df)

        check(fun, pos(4))


def test_chi2_logpdf():
    for df in (1, 2, 3):
        def fun(x):
            return stats.chi2.logpdf(x, df)

        check(fun, pos(4))


def test_beta_cdf():
    a, b = pos(4), pos(4)

    def fun(x):
        return stats.beta.cdf(x, a, b)

    check(fun, U(0.1, 0.9, 4))


def test_beta_pdf():
    def fun(x, a, b):
        return stats.beta.pdf(x, a, b)

    check(fun, U(0.1, 0.9, 4), pos(4), pos(4))


def test_beta_logpdf():
    def fun(x, a, b):
        return stats.beta.logpdf(x, a, b)

    check(fun, U(0.1, 0.9, 4), pos(4), pos(4))


def test_gamma_cdf():
    a = pos(4)

    def fun(x):
        return stats.gamma.cdf(x, a)

    check(fun, pos(4))


def test_gamma_pdf():
    def fun(x, a):
        return stats.gamma.pdf(x, a)

    check(fun, pos(4), pos(4))


def test_gamma_logpdf():
    def fun(x, a):
        return stats.gamma.logpdf(x, a)

    check(fun, pos(4), pos(4))


# ------------------------------------------------------------------ norm


def test_norm_pdf():
    def fun(x, loc, scale):
        return stats.norm.pdf(x, loc, scale)

    check(fun, R(4), R(4), pos(4))


def test_norm_cdf():
    def fun(x, loc, scale):
        return stats.norm.cdf(x, loc, scale)

    check(fun, R(4), R(4), pos(4))


def test_norm_sf():
    def fun(x, loc, scale):
        return stats.norm.sf(x, loc, scale)

    check(fun, R(4), R(4), pos(4))


def test_norm_logpdf():
    def fun(x, loc, scale):
        return stats.norm.logpdf(x, loc, scale)

    check(fun, R(4), R(4), pos(4))


def test_norm_logcdf():
    def fun(x, loc, scale):
        return stats.norm.logcdf(x, loc, scale)

    check(fun, R(4), R(4), pos(4))


def test_norm_logsf():
    def fun(x, loc, scale):
        return stats.norm.logsf(x, loc, scale)

    check(fun, R(4), R(4), pos(4))


def test_norm_ppf():
    def fun(q, loc, scale):
        return stats.norm.ppf(q, loc, scale)

    check(fun, U(0.05, 0.95, 4), R(4), pos(4))


def test_norm_isf():
    def fun(q, loc, scale):
        return stats.norm.isf(q, loc, scale)

    check(fun, U(0.05, 0.95, 4), R(4), pos(4))


def test_norm_pdf_broadcast():
    def fun(x, loc, scale):
        return stats.norm.pdf(x, loc, scale)

    check(fun, R(4, 3), R(1, 3), pos(4, 1))


def test_norm_cdf_broadcast():
    def fun(x, loc, scale):
        return stats.norm.cdf(x, loc, scale)

    check(fun, R(4, 3), R(1, 3), pos(4, 1))


def test_norm_sf_broadcast():
    def fun(x, loc, scale):
        return stats.norm.sf(x, loc, scale)

    check(fun, R(4, 3), R(1, 3), pos(4, 1))


def test_norm_logpdf_broadcast():
    def fun(x, loc, scale):
        return stats.norm.logpdf(x, loc, scale)

    check(fun, R(4, 3), R(1, 3), pos(4, 1))


def test_norm_logcdf_broadcast():
    def fun(x, loc, scale):
        return stats.norm.logcdf(x, loc, scale)

    check(fun, R(4, 3), R(1, 3), pos(4, 1))


def test_norm_logsf_broadcast():
    def fun(x, loc, scale):
        return stats.norm.logsf(x, loc, scale)

    check(fun, R(4, 3), R(1, 3), pos(4, 1))


def test_norm_ppf_broadcast():
    def fun(q, loc, scale):
        return stats.norm.ppf(q, loc, scale)

    check(fun, U(0.05, 0.95, 4, 3), R(1, 3), pos(4, 1))


def test_norm_isf_broadcast():
    def fun(q, loc, scale):
        return stats.norm.isf(q, loc, scale)

    check(fun, U(0.05, 0.95, 4, 3), R(1, 3), pos(4, 1))


# ------------------------------------------------------------------ poisson, t


def test_poisson_cdf():
    k = np.round(R(4) ** 2)

    def fun(mu):
        return stats.poisson.cdf(k, mu)

    check(fun, pos(4))


def test_poisson_logpmf():
    k = np.round(R(4) ** 2)

    def fun(mu):
        return stats.poisson.logpmf(k, mu)

    check(fun, pos(4))


def test_poisson_pmf():
    k = np.round(R(4) ** 2)

    def fun(mu):
        return stats.poisson.pmf(k, mu)

    check(fun, pos(4))


def test_poisson_cdf_broadcast():
    k = np.round(R(4, 3) ** 2)

    def fun(mu):
        return stats.poisson.cdf(k, mu)

    check(fun, pos(4, 1))


def test_poisson_logpmf_broadcast():
    k = np.round(R(4, 3) ** 2)

    def fun(mu):
        return stats.poisson.logpmf(k, mu)

    check(fun, pos(4, 1))


def test_poisson_pmf_broadcast():
    k = np.round(R(4, 3) ** 2)

    def fun(mu):
        return stats.poisson.pmf(k, mu)

    check(fun, pos(4, 1))


def test_t_pdf():
    def fun(x, df, loc, scale):
        return stats.t.pdf(x, df, loc, scale)

    check(fun, R(4), R(4) ** 2 + 2.1, R(4), R(4) ** 2 + 2.1)


def test_t_cdf():
    df, scale = R(4) ** 2 + 2.1, R(4) ** 2 + 2.1

    def fun(x, loc):
        return stats.t.cdf(x, df, loc, scale)

    check(fun, R(4), R(4))


def test_t_logpdf():
    def fun(x, df, loc, scale):
        return stats.t.logpdf(x, df, loc, scale)

    check(fun, R(4), R(4) ** 2 + 2.1, R(4), R(4) ** 2 + 2.1)


def test_t_logcdf():
    df, scale = R(4) ** 2 + 2.1, R(4) ** 2 + 2.1

    def fun(x, loc):
        return stats.t.logcdf(x, df, loc, scale)

    check(fun, R(4), R(4))


def test_t_pdf_broadcast():
    def fun(x, df, loc, scale):
        return stats.t.pdf(x, df, loc, scale)

    check(fun, R(4, 3), R(1, 3) ** 2 + 2.1, R(4, 3), R(4, 1) ** 2 + 2.1)


def test_t_cdf_broadcast():
    df, scale = R(1, 3) ** 2 + 2.1, R(4, 1) ** 2 + 2.1

    def fun(x, loc):
        return stats.t.cdf(x, df, loc, scale)

    check(fun, R(4, 3), R(4, 3))


def test_t_logpdf_broadcast():
    def fun(x, df, loc, scale):
        return stats.t.logpdf(x, df, loc, scale)

    check(fun, R(4, 3), R(1, 3) ** 2 + 2.1, R(4, 3), R(4, 1) ** 2 + 2.1)


def test_t_logcdf_broadcast():
    df, scale = R(1, 3) ** 2 + 2.1, R(4, 1) ** 2 + 2.1

    def fun(x, loc):
        return stats.t.logcdf(x, df, loc, scale)

    check(fun, R(4, 3), R(4, 3))


# ------------------------------------------------------------------ multivariate


def test_mvn_pdf():
    def fun(x, mean, cov):
        return stats.multivariate_normal.pdf(x, mean, symmetrize(cov))

    check(fun, R(3), R(3), make_psd(R(3, 3)))


def test_mvn_logpdf():
    def fun(x, mean, cov):
        return stats.multivariate_normal.logpdf(x, mean, symmetrize(cov))

    check(fun, R(3), R(3), make_psd(R(3, 3)))


def test_mvn_pdf_broadcast():
    def fun(x, mean, cov):
        return stats.multivariate_normal.pdf(x, mean, symmetrize(cov))

    check(fun, R(4, 3), R(3), make_psd(R(3, 3)))


def test_mvn_logpdf_broadcast():
    def fun(x, mean, cov):
        return stats.multivariate_normal.logpdf(x, mean, symmetrize(cov))

    check(fun, R(4, 3), R(3), make_psd(R(3, 3)))


ALPHA = np.random.default_rng(4).random(4) ** 2 + 1.2
X_SIMPLEX = np.random.default_rng(5).dirichlet(ALPHA)


def normalize(x):
    return x / np.sum(x)


def test_dirichlet_pdf_x():
    def fun(x):
        return stats.dirichlet.pdf(normalize(x), ALPHA)

    check(fun, X_SIMPLEX.copy())


def test_dirichlet_pdf_alpha():
    def fun(alpha):
        return stats.dirichlet.pdf(X_SIMPLEX, alpha)

    check(fun, ALPHA.copy())


def test_dirichlet_logpdf_x():
    def fun(x):
        return stats.dirichlet.logpdf(normalize(x), ALPHA)

    check(fun, X_SIMPLEX.copy())


def test_dirichlet_logpdf_alpha():
    def fun(alpha):
        return stats.dirichlet.logpdf(X_SIMPLEX, alpha)

    check(fun, ALPHA.copy())


# ------------------------------------------------------------------ logsumexp


def test_logsumexp1():
    for x in (np.array([1.1]), R(4), R(3, 4)):
        for axis in (None, 0):
            for keepdims in (True, False):
                def fun(x):
                    return special.logsumexp(x, axis=axis, keepdims=keepdims)

                check(fun, x)


def test_logsumexp2():
    for axis in (None, 0, 1):
        for keepdims in (True, False):
            def fun(x):
                return special.logsumexp(x, axis=axis, keepdims=keepdims)

            check(fun, R(2, 3, 2))


def test_logsumexp3():
    b = np.exp(R(4))
    for axis in (None, 0):
        def fun(x):
            return special.logsumexp(x, b=b, axis=axis)

        check(fun, R(4))


def test_logsumexp4():
    b = np.exp(R(3, 4))
    for axis in (None, 0, 1):
        for keepdims in (True, False):
            def fun(x):
                return special.logsumexp(x, b=b, axis=axis, keepdims=keepdims)

            check(fun, R(3, 4))


def test_logsumexp5():
    b = np.exp(R(2, 3, 2))
    for axis in (None, 0, 1):
        def fun(x):
            return special.logsumexp(x, b=b, axis=axis, keepdims=True)

        check(fun, R(2, 3, 2))


def test_logsumexp6():
    def fun(a):
        return special.logsumexp(a, axis=1, keepdims=True)

    check(fun, R(1, 5))


# ------------------------------------------------------------------ signal


def test_convolve():
    for mode in ("full", "valid", "same"):
        def fun(a, b):
            return scipy.signal.convolve(a, b, mode=mode)

        check(fun, R(4), R(2))
        check(fun, R(5), R(3))


def test_convolve_2d():
    for mode in ("full", "valid", "same"):
        def fun(a, b):
            return scipy.signal.convolve(a, b, mode=mode)

        check(fun, R(4, 3), R(2, 2))
        check(fun, R(3, 4), R(3, 1))


def test_convolve_ignore():
    """autograd's ``axes=``, convolving along one axis only: SciPy has no ``axes``, so the
    kernel has length 1 along the other axis."""
    for mode in ("full", "valid", "same"):
        def fun(a, b):
            return scipy.signal.convolve(a, b, mode=mode)

        check(fun, R(4, 3), R(2, 1))
        check(fun, R(4, 3), R(1, 2))


# ------------------------------------------------------------------ special


def test_beta():
    def fun(a, b):
        return special.beta(a, b)

    check(fun, pos(4), pos(4))


def test_betainc():
    a, b = pos(4), pos(4)

    def fun(x):
        return special.betainc(a, b, x)

    check(fun, U(0.1, 0.9, 4))


def test_betaln():
    def fun(a, b):
        return special.betaln(a, b)

    check(fun, pos(4), pos(4))


def test_gammainc():
    def fun(x):
        return special.gammainc(1, x)

    check(fun, R(4) ** 2 + 1.3)


def test_gammaincc():
    def fun(x):
        return special.gammaincc(1, x)

    check(fun, R(4) ** 2 + 1.3)


def test_polygamma():
    def fun(x):
        return special.polygamma(0, x)

    check(fun, R(4) ** 2 + 1.3)


def test_jn():
    def fun(x):
        return special.jn(2, x)

    check(fun, R(4) ** 2 + 1.3)


def test_yn():
    def fun(x):
        return special.yn(2, x)

    check(fun, R(4) ** 2 + 1.3)


def _unary(fn, lo, hi):
    def fun(x):
        return fn(x)

    check(fun, U(lo, hi))
    check(fun, U(lo, hi, 3, 2))


def test_psi():
    _unary(special.psi, 0.3, 2.0)


def test_digamma():
    _unary(special.digamma, 0.3, 2.0)


def test_gamma():
    _unary(special.gamma, 0.3, 2.0)


def test_gammaln():
    _unary(special.gammaln, 0.3, 2.0)


def test_gammasgn():
    _unary(lambda x: special.gammasgn(x) * x, 0.3, 2.0)


def test_rgamma():
    _unary(special.rgamma, 0.3, 2.0)


def test_multigammaln():
    for d in (1, 2, 3):
        def fun(a):
            return special.multigammaln(a, d)

        check(fun, U(4.0, 5.0))
        check(fun, U(4.0, 5.0, 2, 3))


def test_j0():
    _unary(special.j0, 0.2, 20.0)


def test_j1():
    _unary(special.j1, 0.2, 20.0)


def test_y0():
    _unary(special.y0, 0.2, 20.0)


def test_y1():
    _unary(special.y1, 0.2, 20.0)


def test_i0():
    _unary(special.i0, 0.2, 5.0)


def test_i1():
    _unary(special.i1, 0.2, 5.0)


def test_iv():
    v = U(1.0, 5.0, 4)

    def fun(x):
        return special.iv(v, x)

    check(fun, R(4) ** 2 + 1.3)


def test_ive():
    v = U(1.0, 5.0, 4)

    def fun(x):
        return special.ive(v, x)

    check(fun, R(4) ** 2 + 1.3)


def test_erf():
    _unary(special.erf, -3.0, 3.0)


def test_erfc():
    _unary(special.erfc, -3.0, 3.0)


def test_erfinv():
    _unary(special.erfinv, -0.9, 0.9)


def test_erfcinv():
    _unary(special.erfcinv, 0.1, 1.9)


def test_logit():
    _unary(special.logit, 0.1, 0.9)


def test_expit():
    _unary(special.expit, -4.05, 4.95)


# ------------------------------------------------------------------ linalg


def test_solve_triangular():
    a = np.tril(R(3, 3)) + 3.0 * np.eye(3)

    def fun(b, t):
        return scipy.linalg.solve_triangular(a + t, b, lower=True)

    check(fun, R(3, 2), np.tril(R(3, 3)) * 0.1)


def test_sqrtm():
    def fun(a):
        return scipy.linalg.sqrtm(symmetrize(a))

    check(fun, make_psd(R(3, 3)))


def test_solve_sylvester():
    def fun(a, b, q):
        return scipy.linalg.solve_sylvester(a, b, q)

    check(fun, R(3, 3) + 3.0 * np.eye(3), R(3, 3) + 3.0 * np.eye(3), R(3, 3))
