"""scipy.stats distributions, scipy.special's incomplete gamma and beta functions and
scipy.signal.convolve in user code, in both modes and to second order (issue 15).

rule_cases.py checks every rule on its own (tests/rules/test_rules.py); here they are
used as people write them: log likelihoods summed over data, parameters passed by
position and by keyword, the derivatives autograd has (reverse, forward, and second
order through ``sd.check_grads(order=2)``: reverse over reverse and forward over
reverse), and each argument whose derivative srcdiff does not have refused with a
SrcdiffError that names it, in both modes.
"""

import inspect

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from srcdiff.errors import SrcdiffError

pytest.importorskip("scipy")
import scipy.signal  # noqa: E402
import scipy.special  # noqa: E402
import scipy.stats  # noqa: E402
from scipy.stats import beta, chi2, dirichlet, gamma, norm, poisson, t  # noqa: E402
from scipy.stats import multivariate_normal as mvn  # noqa: E402

RNG = np.random.default_rng(15)
X = RNG.standard_normal(6)
POS = RNG.uniform(0.5, 3.0, 6)
UNIT = RNG.uniform(0.1, 0.9, 6)


def both_orders(f, *args, **kwargs):
    """First and second derivatives against finite differences, reverse and forward."""
    sd.check_grads(f, *args, modes=("rev", "fwd"), order=2, **kwargs)


# ------------------------------------------------------------------ log likelihoods


def norm_nll(x, mu, sigma):
    return -np.sum(norm.logpdf(x, mu, sigma))


def norm_nll_keywords(x, mu, sigma):
    return -np.sum(norm.logpdf(x, loc=mu, scale=sigma))


def norm_tails(x, mu, sigma):
    return (np.sum(norm.logcdf(x, mu, sigma)) + np.sum(norm.logsf(x, loc=mu, scale=sigma))
            + np.sum(norm.cdf(x, mu) * norm.sf(x, scale=sigma)) + np.sum(norm.pdf(x, mu, sigma)))


def t_nll(x, df, mu, sigma):
    return -np.sum(t.logpdf(x, df, mu, sigma)) + np.sum(t.pdf(x, df, loc=mu, scale=sigma))


def t_tails(x, mu, sigma):
    return (np.sum(t.cdf(x, 3.0, mu, sigma)) + np.sum(t.logcdf(x, 4.5, loc=mu))
            + np.sum(t.sf(x, 2.5, scale=sigma)) + np.sum(t.logsf(x, 3.0, mu, sigma)))


def beta_nll(x, a, b):
    return -np.sum(beta.logpdf(x, a, b)) + np.sum(beta.pdf(x, a, b))


def beta_tails(x, loc, scale):
    y = 0.25 * x + 0.1
    return (np.sum(beta.cdf(y, 2.0, 3.0, loc, scale)) + np.sum(beta.logcdf(y, 1.5, 2.5))
            + np.sum(beta.sf(y, 2.0, 1.5, loc=loc)) + np.sum(beta.logsf(y, 3.0, 2.0, scale=scale)))


def gamma_nll(x, a, scale):
    return -np.sum(gamma.logpdf(x, a, scale=scale)) + np.sum(gamma.pdf(x, a, 0.0, scale))


def gamma_tails(x, scale):
    return (np.sum(gamma.cdf(x, 2.0, scale=scale)) + np.sum(gamma.logcdf(x, 1.5))
            + np.sum(gamma.sf(x, 2.5, 0.1, scale)) + np.sum(gamma.logsf(x, 3.0, scale=scale)))


def chi2_nll(x, df, scale):
    return (-np.sum(chi2.logpdf(x, df, scale=scale)) + np.sum(chi2.pdf(x, df))
            + np.sum(chi2.cdf(x, 3.0, 0.0, scale)) + np.sum(chi2.logcdf(x, 2.0))
            + np.sum(chi2.sf(x, 4.0, scale=scale)) + np.sum(chi2.logsf(x, 3.0)))


def poisson_ll(mu):
    k = np.array([0, 1, 3, 2, 7])
    return (np.sum(poisson.logpmf(k, mu)) + np.sum(poisson.pmf(k, mu))
            + np.sum(poisson.cdf(k, mu)) + np.sum(poisson.logcdf(k, mu))
            + np.sum(poisson.sf(k, mu)) + np.sum(poisson.logsf(k, mu)))


def dirichlet_ll(z, alpha):
    x = np.exp(z) / np.sum(np.exp(z))  # on the simplex, as SciPy requires
    return dirichlet.logpdf(x, alpha) + dirichlet.pdf(x, alpha)


def dirichlet_free(x, alpha):
    return dirichlet.logpdf(x, alpha) * dirichlet.pdf(x, alpha)


def dirichlet_points(z, alpha):
    x = np.exp(z) / np.sum(np.exp(z), axis=0)  # points along the second axis
    return np.sum(dirichlet.logpdf(x, alpha))


def mvn_ll(x, mean, cov):
    return np.sum(mvn.logpdf(x, mean, cov)) + np.sum(mvn.pdf(x, mean=mean, cov=cov))


def mvn_ll_built(x, mean, low):
    cov = low @ low.T + np.eye(3)  # symmetric by construction
    return np.sum(mvn.logpdf(x, mean=mean, cov=cov))


def mvn_diagonal(x, mean, var):
    return np.sum(mvn.logpdf(x, mean, var)) + np.sum(mvn.logpdf(x[:, 0], 0.5, var[0]))


@pytest.mark.parametrize("fn, args", [
    (norm_nll, (X, 0.3, 1.4)), (norm_nll_keywords, (X, 0.3, 1.4)),
    (norm_nll, (X, X[::-1] * 0.1, POS)), (norm_tails, (X, 0.2, 1.3)),
    (t_nll, (X, 3.5, 0.2, 1.1)), (t_tails, (X, -0.1, 1.6)),
    (beta_nll, (UNIT, 1.7, 2.4)), (beta_tails, (UNIT, -0.05, 1.1)),
    (gamma_nll, (POS, 2.2, 1.3)), (gamma_tails, (POS, 0.9)),
    (chi2_nll, (POS, 3.3, 1.2)), (poisson_ll, (2.5,)), (poisson_ll, (RNG.uniform(1, 4, 5),)),
    (dirichlet_ll, (RNG.standard_normal(4), RNG.uniform(0.5, 3.0, 4))),
    (dirichlet_free, (np.array([0.2, 0.3]), np.array([1.5, 2.0, 3.0]))),
    (dirichlet_points, (RNG.standard_normal((3, 5)), np.array([1.5, 2.0, 3.0]))),
    (mvn_ll, (RNG.standard_normal((5, 3)), RNG.standard_normal(3),
              np.array([[2.0, 0.3, 0.1], [0.3, 1.5, -0.2], [0.1, -0.2, 1.0]]))),
    (mvn_ll_built, (RNG.standard_normal((4, 3)), RNG.standard_normal(3),
                    RNG.standard_normal((3, 3)))),
    (mvn_diagonal, (RNG.standard_normal((4, 3)), RNG.standard_normal(3), POS[:3])),
], ids=lambda v: getattr(v, "__name__", None))
def test_distributions_to_second_order(fn, args):
    both_orders(fn, *args)


def test_positional_and_keyword_parameters_agree():
    a = sd.grad(norm_nll, wrt=(0, 1, 2))(X, 0.3, 1.4)
    b = sd.grad(norm_nll_keywords, wrt=(0, 1, 2))(X, 0.3, 1.4)
    for u, v in zip(a, b):
        np.testing.assert_allclose(u, v, rtol=1e-12)


def test_the_mvn_covariance_gradient_lives_in_the_lower_triangle():
    """SciPy reads cov's lower triangle (eigh): moving the upper one changes nothing."""
    x, mean = RNG.standard_normal((5, 3)), RNG.standard_normal(3)
    cov = np.array([[2.0, 0.3, 0.1], [0.3, 1.5, -0.2], [0.1, -0.2, 1.0]])
    g = sd.grad(mvn_ll, wrt=2)(x, mean, cov)
    assert np.all(np.triu(g, 1) == 0)
    np.testing.assert_allclose(g, numeric_grad(mvn_ll, (x, mean, cov), 2), rtol=1e-5, atol=1e-7)


def test_hessian_of_a_gaussian_log_likelihood():
    """The Hessian in (mu, sigma) is the negative observed information."""
    def nll(theta):
        return -np.sum(norm.logpdf(X, theta[0], theta[1]))

    theta = np.array([0.3, 1.4])
    h = sd.hessian(nll)(theta)
    mu, s = theta
    r = X - mu
    expected = [[len(X) / s ** 2, 2 * np.sum(r) / s ** 3],
                [2 * np.sum(r) / s ** 3, -len(X) / s ** 2 + 3 * np.sum(r ** 2) / s ** 4]]
    np.testing.assert_allclose(h, expected, rtol=1e-10)
    np.testing.assert_allclose(sd.grad(sd.grad(lambda_free_nll))(0.3), len(X) / 1.4 ** 2)


def lambda_free_nll(mu):
    return -np.sum(norm.logpdf(X, mu, 1.4))


def poisson_noninteger(mu):
    return np.sum(poisson.pmf(np.array([0.5, 2.0, -1.0]), mu)) + poisson.logpmf(1.5, 2.0 * mu)


def test_poisson_is_zero_off_its_support():
    """pmf is 0 (logpmf -inf) at non-integer and negative k: a zero derivative there."""
    g = sd.grad(poisson_noninteger)(1.7)
    np.testing.assert_allclose(g, scipy.stats.poisson.pmf(2, 1.7) * (2 / 1.7 - 1.0))


# ------------------------------------------------------------------ special functions


def incomplete(x):
    return (np.sum(scipy.special.gammainc(1.5, x)) + np.sum(scipy.special.gammaincc(2.5, x))
            + np.sum(scipy.special.betainc(1.5, 2.5, x / 4.0)) + np.sum(scipy.special.yn(1, x))
            + np.sum(scipy.special.gammasgn(x - 2.0) * x))


def test_special_functions_to_second_order():
    both_orders(incomplete, POS)


def convolutions(x, k):
    return (np.sum(scipy.signal.convolve(x, k) ** 2)
            + np.sum(np.sin(scipy.signal.convolve(x, k, mode="same", method="fft")))
            + np.sum(scipy.signal.convolve(k, x, "valid") ** 3))


def convolve_2d(img, k):
    return np.sum(np.tanh(scipy.signal.convolve(img, k, mode="same")))


def test_convolve_to_second_order():
    both_orders(convolutions, RNG.standard_normal(7), RNG.standard_normal(3))
    both_orders(convolve_2d, RNG.standard_normal((4, 5)), RNG.standard_normal((2, 3)))


# ------------------------------------------------------------------ refusals


def t_cdf_df(x, df):
    return np.sum(t.cdf(x, df))


def beta_cdf_b(x, b):
    return np.sum(beta.sf(x, 2.0, b))


def gamma_cdf_a(x, a):
    return np.sum(gamma.logcdf(x, a))


def chi2_cdf_df(x, df):
    return np.sum(chi2.logsf(x, df))


def gammainc_a(x, a):
    return np.sum(scipy.special.gammainc(a, x))


def gammaincc_a(x, a):
    return np.sum(scipy.special.gammaincc(a * x, x))


def betainc_a(x, a):
    return np.sum(scipy.special.betainc(a, 2.0, x))


def betainc_b(x, b):
    return np.sum(scipy.special.betainc(2.0, b, x))


def yn_order(x, n):
    return np.sum(scipy.special.yn(n, x))


def jv_order(x, v):
    return np.sum(scipy.special.jv(v, x))


def poisson_k(k, mu):
    return np.sum(poisson.pmf(k, mu))


@pytest.mark.parametrize("fn, args, what", [
    (t_cdf_df, (POS, 3.0), "df of scipy.stats.t.cdf"),
    (beta_cdf_b, (UNIT, 1.5), "b of scipy.stats.beta.sf"),
    (gamma_cdf_a, (POS, 2.0), "a of scipy.stats.gamma.logcdf"),
    (chi2_cdf_df, (POS, 3.0), "df of scipy.stats.chi2.logsf"),
    (gammainc_a, (POS, 1.5), "a of scipy.special.gammainc"),
    (gammaincc_a, (POS, 1.5), "a of scipy.special.gammaincc"),
    (betainc_a, (UNIT, 1.5), "a of scipy.special.betainc"),
    (betainc_b, (UNIT, 1.5), "b of scipy.special.betainc"),
    (yn_order, (POS, 2.0), "the integer order n of scipy.special.yn"),
    (jv_order, (POS, 1.5), "the order v of scipy.special.jv"),
    (poisson_k, (np.array([1.0, 2.0]), 1.5), "k of scipy.stats.poisson.pmf"),
], ids=lambda v: getattr(v, "__name__", None))
@pytest.mark.parametrize("mode", ["rev", "fwd"])
def test_a_derivative_without_closed_form_is_refused(fn, args, what, mode):
    """Never a zero or wrong gradient: a SrcdiffError naming the argument, refused when the
    derivative is made, with the file and line of the call (it was raised at run time,
    without them)."""
    wrt = (0, 1)
    with pytest.raises(SrcdiffError, match=f"no gradient with respect to {what}") as e:
        if mode == "rev":
            sd.grad(fn, wrt=wrt)(*args)
        else:
            sd.jvp(fn, wrt=wrt)(*args, tangents=tuple(np.ones_like(a) for a in args))
    line = inspect.getsourcelines(fn)[1] + 1
    assert f"test_scipy_stats.py:{line}:" in str(e.value), str(e.value)


@pytest.mark.parametrize("fn, args", [
    (t_cdf_df, (POS, 3.0)), (gammainc_a, (POS, 1.5)), (betainc_b, (UNIT, 1.5)),
    (poisson_k, (np.array([1, 2]), 1.5)),
], ids=lambda v: getattr(v, "__name__", None))
def test_the_other_arguments_are_differentiated(fn, args):
    """The refused argument as a constant: the others get their derivatives."""
    wrt = 1 if fn is poisson_k else 0
    sd.check_grads(fn, *args, wrt=wrt, modes=("rev", "fwd"), order=2)


def poisson_shift(k, mu):
    return np.sum(poisson.logpmf(k, mu, loc=np.floor(mu)))


def poisson_loc(mu):
    return np.sum(poisson.logpmf(np.array([3, 4]), mu, loc=mu))


def test_poisson_loc_is_an_option():
    """An integer shift: a constant is fine, a differentiated value is refused."""
    g = sd.grad(poisson_shift, wrt=1)(np.array([3, 4]), 1.5)
    np.testing.assert_allclose(g, np.sum(np.array([2, 3]) / 1.5 - 1.0))
    with pytest.raises(SrcdiffError, match="`loc` as a constant"):
        sd.grad(poisson_loc)(1.5)


def mvn_singular(x, cov):
    return mvn.logpdf(x, np.zeros(3), cov, allow_singular=True)


def test_mvn_with_a_singular_covariance_is_refused():
    q, _ = np.linalg.qr(RNG.standard_normal((3, 3)))
    singular = (q[:, :2] * [1.0, 2.0]) @ q[:, :2].T
    x = singular @ np.ones(3)
    with pytest.raises(NotImplementedError, match="singular cov"):
        sd.grad(mvn_singular, wrt=1)(x, singular)
    regular = singular + np.eye(3)
    sd.check_grads(mvn_singular, x, regular, modes=("rev", "fwd"))


def mvn_cdf(x):
    return mvn.cdf(x, np.zeros(2), np.eye(2))


def t_ppf(q):
    return np.sum(t.ppf(q, 3.0))


@pytest.mark.parametrize("fn, arg", [(mvn_cdf, np.zeros(2)), (t_ppf, UNIT)],
                         ids=lambda v: getattr(v, "__name__", None))
def test_functions_without_rules_are_refused_at_the_call(fn, arg):
    with pytest.raises(SrcdiffError, match="no gradient rule for"):
        sd.grad(fn)(arg)


# ------------------------------------------------------------------ SciPy stays optional


def _run(tmp_path, code):
    """Run ``code`` as a script in a fresh interpreter (srcdiff reads its functions' source)."""
    import os
    import subprocess
    import sys

    script = tmp_path / "script.py"
    script.write_text(code)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_stats_and_signal_rules_load_when_the_program_imports_them(tmp_path):
    """``import srcdiff`` does not import scipy.stats or scipy.signal (a second each); the
    first lookup after the program imported them loads their rules."""
    out = _run(tmp_path, """
import sys
import numpy as np
import srcdiff as sd
print('scipy.stats' in sys.modules, 'scipy.signal' in sys.modules)
import scipy.stats


def f(x):
    return np.sum(scipy.stats.norm.logpdf(x, 1.0, 2.0))


print(sd.grad(f)(np.array([1.0, 3.0])).tolist(), 'scipy.signal' in sys.modules)
print(('scipy.signal.convolve', 'vjp+jvp') in sd.rules())
""")
    assert out == ["False", "False", "[-0.0,", "-0.5]", "False", "True"]


def test_without_scipy_the_rules_are_absent(tmp_path):
    out = _run(tmp_path, """
import sys


class NoScipy:
    def find_spec(self, name, path=None, target=None):
        if name == 'scipy' or name.startswith('scipy.'):
            raise ImportError('no scipy here')


sys.meta_path.insert(0, NoScipy())
import numpy as np
import srcdiff as sd


def f(x):
    return np.sum(np.gradient(x) ** 2)


names = [n for n, _ in sd.rules()]
print(any(n.startswith('scipy') for n in names), 'numpy.gradient' in names)
print(sd.grad(f)(np.array([0.0, 1.0, 3.0])).tolist())
""")
    assert out == ["False", "True", "[-3.5,", "-2.0,", "5.5]"]
