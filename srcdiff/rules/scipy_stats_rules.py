"""Rules for ``scipy.stats`` distributions: the ones autograd differentiates.

* ``norm``, ``t``, ``beta``, ``gamma``, ``chi2``: ``pdf``, ``logpdf``, ``cdf``,
  ``logcdf``, ``sf``, ``logsf``; ``norm``'s ``ppf`` and ``isf`` too;
* ``poisson``: ``pmf``, ``logpmf``, ``cdf``, ``logcdf``, ``sf``, ``logsf``;
* ``dirichlet``, ``multivariate_normal``: ``pdf``, ``logpdf``.

Loaded when the program imports ``scipy.stats`` (rules/__init__.py). Notation as
in numpy_rules.py. Every parameter is a differentiable argument, passed by
position or by keyword (``loc``, ``scale``, ``mean``, ``cov`` have defaults: the
registry's ``wrt=``); the rules are elementwise in ``x`` and the parameters
(they broadcast), except dirichlet's and multivariate_normal's.

Conventions, family by family:

* Location-scale families: with ``z = (x - loc) / scale`` and ``h`` the log
  density of the standard form, ``logpdf = h(z) - log(scale)``, so
  ``d/dx = h'(z) / scale``, ``d/dloc = -d/dx``, ``d/dscale = -(1 + z h'(z)) / scale``;
  a ``cdf``'s derivatives are ``pdf``, ``-pdf``, ``-pdf z`` (``sf``: their negatives;
  ``logcdf``/``logsf``: divided by the value). A quantile ``q -> loc + scale z(q)``
  (``ppf``; ``isf`` is ``ppf(1 - q)``) has derivatives ``1 / pdf(ans)`` (``isf``:
  its negative), ``1`` and ``z = (ans - loc) / scale``; at ``q`` 0 or 1 the
  quantile is infinite and so are they.
* Shape parameters: ``logpdf``/``pdf`` differentiate them in closed form (digamma).
  The ``cdf`` family differentiates them through the incomplete beta / gamma
  function's derivative in its parameters, which has no closed form: refused
  (``t``'s ``df``, ``beta``'s ``a`` and ``b``, ``gamma``'s ``a``, ``chi2``'s ``df``), as
  autograd does.
* Outside the support the density is 0 (log density ``-inf``) and derivatives
  are whatever the formula gives there (NaN or inf); inside, they are exact.
* ``poisson``: ``k`` is discrete (refused); ``loc`` is an integer shift, an option
  (a value depending on the differentiated inputs is refused by the compiler).
  Where the pmf is 0 (``k`` not a non-negative integer) its derivative is 0; the
  cdf's derivative in ``mu`` is ``-pmf(floor(k - loc), mu)``.
* ``dirichlet``: ``x``'s components lie along its first axis (``(k,)`` or ``(k, n)``);
  ``x`` with ``k - 1`` components stands for ``(x, 1 - sum(x))``, so its gradient is
  that of the free components. With all ``k`` components ``x`` must lie on the
  simplex (SciPy checks it); the gradient is the formula's partial derivatives
  ``(alpha - 1) / x``, which give the right change along every direction that
  stays on the simplex (the only ones there are).
* ``multivariate_normal``: SciPy reads the lower triangle of ``cov`` (``eigh``), so
  ``cov``'s gradient lives there, off-diagonal entries counting for both (as for
  ``np.linalg.eigh``). ``cov`` may be a scalar (``cov * I``), a vector (a diagonal)
  or a matrix; ``mean=None`` is 0. ``allow_singular=True`` is exact for a
  nonsingular ``cov``; with a singular one (which SciPy handles by a
  pseudo-inverse on the supporting subspace) the rule raises. ``cdf`` and
  ``logcdf`` (numerical integration) have no rule.
"""

import numpy as np
import scipy.special
import scipy.stats

from srcdiff.rules.registry import DEFAULT as R

# broadcast_like and unbroadcast: read by the rules R.elementwise derives for several arguments
from srcdiff.runtime import broadcast_like, not_differentiable, unbroadcast  # noqa: F401

LS = ("loc", "scale")

# ------------------------------------------------------------------ norm


@R.elementwise(scipy.stats.norm.logpdf, wrt=LS)
def norm_logpdf(g, ans, x, loc=0.0, scale=1.0):
    z = (x - loc) / scale
    return -g * z / scale, g * z / scale, g * (z * z - 1.0) / scale


@R.elementwise(scipy.stats.norm.pdf, wrt=LS)
def norm_pdf(g, ans, x, loc=0.0, scale=1.0):
    z = (x - loc) / scale
    return -g * ans * z / scale, g * ans * z / scale, g * ans * (z * z - 1.0) / scale


@R.elementwise(scipy.stats.norm.cdf, wrt=LS)
def norm_cdf(g, ans, x, loc=0.0, scale=1.0):
    p = g * scipy.stats.norm.pdf(x, loc, scale)
    return p, -p, -p * (x - loc) / scale


@R.elementwise(scipy.stats.norm.logcdf, wrt=LS)
def norm_logcdf(g, ans, x, loc=0.0, scale=1.0):
    p = g * np.exp(scipy.stats.norm.logpdf(x, loc, scale) - ans)
    return p, -p, -p * (x - loc) / scale


@R.elementwise(scipy.stats.norm.sf, wrt=LS)
def norm_sf(g, ans, x, loc=0.0, scale=1.0):
    p = -g * scipy.stats.norm.pdf(x, loc, scale)
    return p, -p, -p * (x - loc) / scale


@R.elementwise(scipy.stats.norm.logsf, wrt=LS)
def norm_logsf(g, ans, x, loc=0.0, scale=1.0):
    p = -g * np.exp(scipy.stats.norm.logpdf(x, loc, scale) - ans)
    return p, -p, -p * (x - loc) / scale


@R.elementwise(scipy.stats.norm.ppf, wrt=LS)
def norm_ppf(g, ans, q, loc=0.0, scale=1.0):
    return g / scipy.stats.norm.pdf(ans, loc, scale), g, g * (ans - loc) / scale


@R.elementwise(scipy.stats.norm.isf, wrt=LS)
def norm_isf(g, ans, q, loc=0.0, scale=1.0):
    return -g / scipy.stats.norm.pdf(ans, loc, scale), g, g * (ans - loc) / scale


# ------------------------------------------------------------------ t


def t_score(z, df):
    """``h'(z)`` of the standard t density: ``-(df + 1) z / (df + z^2)``."""
    return -(df + 1.0) * z / (df + z * z)


def t_dlogpdf_df(z, df):
    """The derivative of t's log density in ``df`` at the standardized point ``z``."""
    return 0.5 * (scipy.special.digamma(0.5 * (df + 1.0)) - scipy.special.digamma(0.5 * df)
                  - 1.0 / df - np.log1p(z * z / df) + (df + 1.0) * z * z / (df * (df + z * z)))


@R.elementwise(scipy.stats.t.logpdf, wrt=LS)
def t_logpdf(g, ans, x, df, loc=0.0, scale=1.0):
    z = (x - loc) / scale
    s = g * t_score(z, df) / scale
    return s, g * t_dlogpdf_df(z, df), -s, -g / scale - s * z


@R.elementwise(scipy.stats.t.pdf, wrt=LS)
def t_pdf(g, ans, x, df, loc=0.0, scale=1.0):
    z = (x - loc) / scale
    s = g * ans * t_score(z, df) / scale
    return s, g * ans * t_dlogpdf_df(z, df), -s, -g * ans / scale - s * z


@R.elementwise(scipy.stats.t.cdf, wrt=LS)
def t_cdf(g, ans, x, df, loc=0.0, scale=1.0):
    p = g * scipy.stats.t.pdf(x, df, loc, scale)
    return p, not_differentiable("df of scipy.stats.t.cdf"), -p, -p * (x - loc) / scale


@R.elementwise(scipy.stats.t.logcdf, wrt=LS)
def t_logcdf(g, ans, x, df, loc=0.0, scale=1.0):
    p = g * np.exp(scipy.stats.t.logpdf(x, df, loc, scale) - ans)
    return p, not_differentiable("df of scipy.stats.t.logcdf"), -p, -p * (x - loc) / scale


@R.elementwise(scipy.stats.t.sf, wrt=LS)
def t_sf(g, ans, x, df, loc=0.0, scale=1.0):
    p = -g * scipy.stats.t.pdf(x, df, loc, scale)
    return p, not_differentiable("df of scipy.stats.t.sf"), -p, -p * (x - loc) / scale


@R.elementwise(scipy.stats.t.logsf, wrt=LS)
def t_logsf(g, ans, x, df, loc=0.0, scale=1.0):
    p = -g * np.exp(scipy.stats.t.logpdf(x, df, loc, scale) - ans)
    return p, not_differentiable("df of scipy.stats.t.logsf"), -p, -p * (x - loc) / scale


# ------------------------------------------------------------------ beta


def beta_score(y, a, b):
    """``h'(y)`` of the standard beta density: ``(a - 1) / y - (b - 1) / (1 - y)``."""
    return (a - 1.0) / y - (b - 1.0) / (1.0 - y)


@R.elementwise(scipy.stats.beta.logpdf, wrt=LS)
def beta_logpdf(g, ans, x, a, b, loc=0.0, scale=1.0):
    y = (x - loc) / scale
    s = g * beta_score(y, a, b) / scale
    both = scipy.special.digamma(a + b)
    return (s, g * (np.log(y) - scipy.special.digamma(a) + both),
            g * (np.log1p(-y) - scipy.special.digamma(b) + both), -s, -g / scale - s * y)


@R.elementwise(scipy.stats.beta.pdf, wrt=LS)
def beta_pdf(g, ans, x, a, b, loc=0.0, scale=1.0):
    y = (x - loc) / scale
    s = g * ans * beta_score(y, a, b) / scale
    both = scipy.special.digamma(a + b)
    return (s, g * ans * (np.log(y) - scipy.special.digamma(a) + both),
            g * ans * (np.log1p(-y) - scipy.special.digamma(b) + both),
            -s, -g * ans / scale - s * y)


@R.elementwise(scipy.stats.beta.cdf, wrt=LS)
def beta_cdf(g, ans, x, a, b, loc=0.0, scale=1.0):
    p = g * scipy.stats.beta.pdf(x, a, b, loc, scale)
    return (p, not_differentiable("a of scipy.stats.beta.cdf"),
            not_differentiable("b of scipy.stats.beta.cdf"), -p, -p * (x - loc) / scale)


@R.elementwise(scipy.stats.beta.logcdf, wrt=LS)
def beta_logcdf(g, ans, x, a, b, loc=0.0, scale=1.0):
    p = g * np.exp(scipy.stats.beta.logpdf(x, a, b, loc, scale) - ans)
    return (p, not_differentiable("a of scipy.stats.beta.logcdf"),
            not_differentiable("b of scipy.stats.beta.logcdf"), -p, -p * (x - loc) / scale)


@R.elementwise(scipy.stats.beta.sf, wrt=LS)
def beta_sf(g, ans, x, a, b, loc=0.0, scale=1.0):
    p = -g * scipy.stats.beta.pdf(x, a, b, loc, scale)
    return (p, not_differentiable("a of scipy.stats.beta.sf"),
            not_differentiable("b of scipy.stats.beta.sf"), -p, -p * (x - loc) / scale)


@R.elementwise(scipy.stats.beta.logsf, wrt=LS)
def beta_logsf(g, ans, x, a, b, loc=0.0, scale=1.0):
    p = -g * np.exp(scipy.stats.beta.logpdf(x, a, b, loc, scale) - ans)
    return (p, not_differentiable("a of scipy.stats.beta.logsf"),
            not_differentiable("b of scipy.stats.beta.logsf"), -p, -p * (x - loc) / scale)


# ------------------------------------------------------------------ gamma


@R.elementwise(scipy.stats.gamma.logpdf, wrt=LS)
def gamma_logpdf(g, ans, x, a, loc=0.0, scale=1.0):
    y = (x - loc) / scale
    s = g * ((a - 1.0) / y - 1.0) / scale
    return s, g * (np.log(y) - scipy.special.digamma(a)), -s, -g / scale - s * y


@R.elementwise(scipy.stats.gamma.pdf, wrt=LS)
def gamma_pdf(g, ans, x, a, loc=0.0, scale=1.0):
    y = (x - loc) / scale
    s = g * ans * ((a - 1.0) / y - 1.0) / scale
    return s, g * ans * (np.log(y) - scipy.special.digamma(a)), -s, -g * ans / scale - s * y


@R.elementwise(scipy.stats.gamma.cdf, wrt=LS)
def gamma_cdf(g, ans, x, a, loc=0.0, scale=1.0):
    p = g * scipy.stats.gamma.pdf(x, a, loc, scale)
    return p, not_differentiable("a of scipy.stats.gamma.cdf"), -p, -p * (x - loc) / scale


@R.elementwise(scipy.stats.gamma.logcdf, wrt=LS)
def gamma_logcdf(g, ans, x, a, loc=0.0, scale=1.0):
    p = g * np.exp(scipy.stats.gamma.logpdf(x, a, loc, scale) - ans)
    return p, not_differentiable("a of scipy.stats.gamma.logcdf"), -p, -p * (x - loc) / scale


@R.elementwise(scipy.stats.gamma.sf, wrt=LS)
def gamma_sf(g, ans, x, a, loc=0.0, scale=1.0):
    p = -g * scipy.stats.gamma.pdf(x, a, loc, scale)
    return p, not_differentiable("a of scipy.stats.gamma.sf"), -p, -p * (x - loc) / scale


@R.elementwise(scipy.stats.gamma.logsf, wrt=LS)
def gamma_logsf(g, ans, x, a, loc=0.0, scale=1.0):
    p = -g * np.exp(scipy.stats.gamma.logpdf(x, a, loc, scale) - ans)
    return p, not_differentiable("a of scipy.stats.gamma.logsf"), -p, -p * (x - loc) / scale


# ------------------------------------------------------------------ chi2


@R.elementwise(scipy.stats.chi2.logpdf, wrt=LS)
def chi2_logpdf(g, ans, x, df, loc=0.0, scale=1.0):
    y = (x - loc) / scale
    s = g * ((0.5 * df - 1.0) / y - 0.5) / scale
    return (s, g * 0.5 * (np.log(0.5 * y) - scipy.special.digamma(0.5 * df)), -s,
            -g / scale - s * y)


@R.elementwise(scipy.stats.chi2.pdf, wrt=LS)
def chi2_pdf(g, ans, x, df, loc=0.0, scale=1.0):
    y = (x - loc) / scale
    s = g * ans * ((0.5 * df - 1.0) / y - 0.5) / scale
    return (s, g * ans * 0.5 * (np.log(0.5 * y) - scipy.special.digamma(0.5 * df)), -s,
            -g * ans / scale - s * y)


@R.elementwise(scipy.stats.chi2.cdf, wrt=LS)
def chi2_cdf(g, ans, x, df, loc=0.0, scale=1.0):
    p = g * scipy.stats.chi2.pdf(x, df, loc, scale)
    return p, not_differentiable("df of scipy.stats.chi2.cdf"), -p, -p * (x - loc) / scale


@R.elementwise(scipy.stats.chi2.logcdf, wrt=LS)
def chi2_logcdf(g, ans, x, df, loc=0.0, scale=1.0):
    p = g * np.exp(scipy.stats.chi2.logpdf(x, df, loc, scale) - ans)
    return p, not_differentiable("df of scipy.stats.chi2.logcdf"), -p, -p * (x - loc) / scale


@R.elementwise(scipy.stats.chi2.sf, wrt=LS)
def chi2_sf(g, ans, x, df, loc=0.0, scale=1.0):
    p = -g * scipy.stats.chi2.pdf(x, df, loc, scale)
    return p, not_differentiable("df of scipy.stats.chi2.sf"), -p, -p * (x - loc) / scale


@R.elementwise(scipy.stats.chi2.logsf, wrt=LS)
def chi2_logsf(g, ans, x, df, loc=0.0, scale=1.0):
    p = -g * np.exp(scipy.stats.chi2.logpdf(x, df, loc, scale) - ans)
    return p, not_differentiable("df of scipy.stats.chi2.logsf"), -p, -p * (x - loc) / scale


# ------------------------------------------------------------------ poisson


def poisson_points(k, loc=0):
    """``k - loc`` as floats (an integer array's arithmetic would stay integer)."""
    return np.asarray(k, dtype=float) - loc


def poisson_score(k, mu, loc=0):
    """``d logpmf / d mu = j / mu - 1`` (``j = k - loc``) where the pmf is positive (``j`` a
    non-negative integer), 0 where it is 0."""
    j = poisson_points(k, loc)
    return np.where((j >= 0) & (j % 1 == 0), j / mu - 1.0, 0.0)


def poisson_below(k, mu, loc=0):
    """``pmf(floor(k - loc), mu)``: minus the derivative of ``cdf(k, mu, loc)`` in ``mu``."""
    return scipy.stats.poisson.pmf(np.floor(poisson_points(k, loc)), mu)


def poisson_ratio(k, mu, ans, loc=0):
    """``pmf(floor(k - loc), mu) / exp(ans)`` for ``ans`` a log cdf or sf (0 where it is
    ``-inf``, the probability and the pmf being 0 there)."""
    top = scipy.stats.poisson.logpmf(np.floor(poisson_points(k, loc)), mu)
    return np.exp(top - np.where(ans == -np.inf, 0.0, ans))


@R.elementwise(scipy.stats.poisson.logpmf)
def poisson_logpmf(g, ans, k, mu, loc=0):
    return not_differentiable("k of scipy.stats.poisson.logpmf"), g * poisson_score(k, mu, loc)


@R.elementwise(scipy.stats.poisson.pmf)
def poisson_pmf(g, ans, k, mu, loc=0):
    return (not_differentiable("k of scipy.stats.poisson.pmf"),
            g * ans * poisson_score(k, mu, loc))


@R.elementwise(scipy.stats.poisson.cdf)
def poisson_cdf(g, ans, k, mu, loc=0):
    return not_differentiable("k of scipy.stats.poisson.cdf"), -g * poisson_below(k, mu, loc)


@R.elementwise(scipy.stats.poisson.logcdf)
def poisson_logcdf(g, ans, k, mu, loc=0):
    return (not_differentiable("k of scipy.stats.poisson.logcdf"),
            -g * poisson_ratio(k, mu, ans, loc))


@R.elementwise(scipy.stats.poisson.sf)
def poisson_sf(g, ans, k, mu, loc=0):
    return not_differentiable("k of scipy.stats.poisson.sf"), g * poisson_below(k, mu, loc)


@R.elementwise(scipy.stats.poisson.logsf)
def poisson_logsf(g, ans, k, mu, loc=0):
    return (not_differentiable("k of scipy.stats.poisson.logsf"),
            g * poisson_ratio(k, mu, ans, loc))


# ------------------------------------------------------------------ dirichlet


@R.vjp(scipy.stats.dirichlet.logpdf)
def dirichlet_logpdf(g, ans, x, alpha):
    return dirichlet_grad_x(g, x, alpha), dirichlet_grad_alpha(g, x, alpha)


@R.jvp(scipy.stats.dirichlet.logpdf)
def dirichlet_logpdf_jvp(d, ans, x, alpha):
    return dirichlet_tangent_x(d, x, alpha), dirichlet_tangent_alpha(d, x, alpha)


@R.vjp(scipy.stats.dirichlet.pdf)
def dirichlet_pdf(g, ans, x, alpha):
    return dirichlet_grad_x(g * ans, x, alpha), dirichlet_grad_alpha(g * ans, x, alpha)


@R.jvp(scipy.stats.dirichlet.pdf)
def dirichlet_pdf_jvp(d, ans, x, alpha):
    return ans * dirichlet_tangent_x(d, x, alpha), ans * dirichlet_tangent_alpha(d, x, alpha)


def dirichlet_points(x, alpha):
    """``(x with all k components, alpha shaped to broadcast against it)``."""
    a = alpha
    if np.ndim(x) == 2:
        a = np.reshape(alpha, (-1, 1))
    full = x
    if np.shape(x)[0] != np.shape(alpha)[0]:  # the last component is 1 - sum(the others)
        full = np.concatenate([x, 1.0 - np.sum(x, axis=0, keepdims=True)], axis=0)
    return full, a


def dirichlet_grad_x(g, x, alpha):
    """``g (alpha - 1) / x`` per component; for ``k - 1`` components, minus the last's."""
    full, a = dirichlet_points(x, alpha)
    part = g * (a - 1.0) / full
    if np.shape(x)[0] != np.shape(alpha)[0]:
        return part[:-1] - part[-1:]
    return part


def dirichlet_grad_alpha(g, x, alpha):
    """``g (digamma(sum(alpha)) - digamma(alpha) + log(x))``, summed over the points."""
    full, a = dirichlet_points(x, alpha)
    part = g * (scipy.special.digamma(np.sum(alpha)) - scipy.special.digamma(a) + np.log(full))
    if np.ndim(x) == 2:
        return np.sum(part, axis=1)
    return part


def dirichlet_tangent_x(d, x, alpha):
    full, a = dirichlet_points(x, alpha)
    free = (a - 1.0) / full
    if np.shape(x)[0] != np.shape(alpha)[0]:
        free = free[:-1] - free[-1:]
    return np.sum(free * d, axis=0)


def dirichlet_tangent_alpha(d, x, alpha):
    full, a = dirichlet_points(x, alpha)
    if np.ndim(x) == 2:
        d = np.reshape(d, (-1, 1))
    part = scipy.special.digamma(np.sum(alpha)) - scipy.special.digamma(a) + np.log(full)
    return np.sum(d * part, axis=0)


# ------------------------------------------------------------ multivariate_normal


@R.vjp(scipy.stats.multivariate_normal.logpdf, wrt=("mean", "cov"))
def mvn_logpdf(g, ans, x, mean=None, cov=1, allow_singular=False):
    grads = mvn_grads(g, ans, x, mean, cov, allow_singular)
    return grads[0], grads[1], grads[2]


@R.jvp(scipy.stats.multivariate_normal.logpdf, wrt=("mean", "cov"))
def mvn_logpdf_jvp(d, ans, x, mean=None, cov=1, allow_singular=False):
    return (mvn_tangent_x(d, ans, x, mean, cov, allow_singular),
            mvn_tangent_mean(d, ans, x, mean, cov, allow_singular),
            mvn_tangent_cov(d, ans, x, mean, cov, allow_singular))


@R.vjp(scipy.stats.multivariate_normal.pdf, wrt=("mean", "cov"))
def mvn_pdf(g, ans, x, mean=None, cov=1, allow_singular=False):
    grads = mvn_grads(g * ans, ans, x, mean, cov, allow_singular)
    return grads[0], grads[1], grads[2]


@R.jvp(scipy.stats.multivariate_normal.pdf, wrt=("mean", "cov"))
def mvn_pdf_jvp(d, ans, x, mean=None, cov=1, allow_singular=False):
    return (ans * mvn_tangent_x(d, ans, x, mean, cov, allow_singular),
            ans * mvn_tangent_mean(d, ans, x, mean, cov, allow_singular),
            ans * mvn_tangent_cov(d, ans, x, mean, cov, allow_singular))


def mvn_dim(mean, cov):
    """The dimension SciPy infers: ``mean``'s size, else ``cov``'s (1 for a scalar)."""
    if mean is not None:
        return np.size(mean)
    if np.ndim(cov) == 0:
        return 1
    return np.shape(cov)[0]


def mvn_matrix(cov, dim):
    """The covariance matrix SciPy uses: ``cov * I``, ``diag(cov)``, or the symmetric matrix
    of ``cov``'s lower triangle."""
    if np.ndim(cov) == 0:
        return cov * np.eye(dim)
    if np.ndim(cov) == 1:
        return np.diag(cov)
    low = np.tril(cov, -1)
    return low + low.T + np.diag(np.diagonal(cov))


def mvn_inverse(cov, dim, allow_singular=False):
    """``inv(cov)``; a singular ``cov`` (SciPy's cutoff) is refused with ``allow_singular``."""
    a = mvn_matrix(cov, dim)
    if allow_singular:
        w = np.linalg.eigvalsh(a)
        if np.min(w) <= 1e6 * np.finfo(float).eps * np.max(np.abs(w)):
            raise NotImplementedError(
                "no gradient for scipy.stats.multivariate_normal with a singular cov "
                "(allow_singular=True): the density lives on a subspace that moves with cov")
    return np.linalg.inv(a)


def mvn_centered(x, mean, dim):
    """``x - mean`` as rows of length ``dim`` (SciPy's points, flattened)."""
    r = np.reshape(x, (-1, dim))
    if mean is None:
        return r
    return r - np.reshape(mean, (dim,))


def mvn_fold(s, cov):
    """The gradient for ``cov`` from the gradient ``s`` for the (symmetric) matrix used:
    its trace (scalar cov), diagonal (vector) or lower triangle, off-diagonal entries twice."""
    if np.ndim(cov) == 0:
        return np.trace(s)
    if np.ndim(cov) == 1:
        return np.diagonal(s)
    return np.tril(s + s.T, -1) + np.diag(np.diagonal(s))


def mvn_grads(g, ans, x, mean, cov, allow_singular=False):
    """``[g_x, g_mean, g_cov]`` of ``logpdf`` for the cotangent ``g``: with ``s = inv(cov) r``
    per point ``r = x - mean``, ``-g s``, ``sum g s`` and
    ``-(sum(g) inv(cov) - sum g s s^T) / 2``."""
    dim = mvn_dim(mean, cov)
    inv = mvn_inverse(cov, dim, allow_singular)
    s = mvn_centered(x, mean, dim) @ inv
    gs = np.reshape(np.broadcast_to(g, np.shape(ans)), (-1, 1)) * s
    gx = -np.reshape(gs, np.shape(x))
    gmean = None
    if mean is not None:
        gmean = np.reshape(np.sum(gs, axis=0), np.shape(mean))
    gcov = mvn_fold(-0.5 * (np.sum(g * np.ones(np.shape(ans))) * inv - s.T @ gs), cov)
    return [gx, gmean, gcov]


def mvn_tangent_x(d, ans, x, mean, cov, allow_singular=False):
    dim = mvn_dim(mean, cov)
    s = mvn_centered(x, mean, dim) @ mvn_inverse(cov, dim, allow_singular)
    return np.reshape(-np.sum(s * np.reshape(d, (-1, dim)), axis=1), np.shape(ans))


def mvn_tangent_mean(d, ans, x, mean, cov, allow_singular=False):
    dim = mvn_dim(mean, cov)
    s = mvn_centered(x, mean, dim) @ mvn_inverse(cov, dim, allow_singular)
    return np.reshape(s @ np.reshape(d, (dim,)), np.shape(ans))


def mvn_tangent_cov(d, ans, x, mean, cov, allow_singular=False):
    """``-tr(inv(cov) dC) / 2 + s^T dC s / 2`` per point, ``dC`` the change of the matrix used."""
    dim = mvn_dim(mean, cov)
    inv = mvn_inverse(cov, dim, allow_singular)
    s = mvn_centered(x, mean, dim) @ inv
    dc = mvn_matrix(d, dim)
    return np.reshape(0.5 * np.sum((s @ dc) * s, axis=1) - 0.5 * np.sum(inv * dc),
                      np.shape(ans))
