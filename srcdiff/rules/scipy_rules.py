"""Rules for ``scipy.special`` and ``scipy.linalg`` (solve_triangular, solve_sylvester, sqrtm,
expm).

Imported only when SciPy can be imported; srcdiff never requires it. The
rules read SciPy functions (``digamma`` for ``gammaln``'s rule ...), so
standalone modules that use them import scipy too.

Notation as in numpy_rules.py. Conventions:

* ``logsumexp``: ``b`` (the weights) is a constant; ``return_sign=`` is not
  declared (it makes the output a tuple), so the compiler refuses it.
  ``softmax``/``log_softmax`` as usual.
* ``xlogy(x, y)``/``xlog1py``: where ``x == 0`` the gradient for ``y`` is 0
  (the function is 0 there for every ``y``); the one for ``x`` is ``log(y)``.
* ``polygamma(n, x)``: ``n`` is an integer order, without gradient; likewise
  ``multigammaln(a, d)``'s dimension ``d`` (``d/da = sum_j digamma(a - j/2)``).
* ``jv``/``yv``/``iv``/``ive``/``kv(v, x)``: the gradient for the order ``v`` is
  not implemented; differentiating with respect to ``v`` raises a SrcdiffError at
  run time (``not_differentiable``). ``yn(n, x)``: ``n`` is an integer order, refused
  likewise.
* ``gammainc(a, x)``/``gammaincc``, ``betainc(a, b, x)``: the derivative in ``x`` is
  the density; in the parameters ``a``, ``b`` it has no closed form (a
  hypergeometric series): refused, as autograd does. ``gammasgn`` is constant.
* ``solve_triangular`` reads one triangle of ``a`` (and not its diagonal with
  ``unit_diagonal=True``): the gradient for ``a`` lives there. Stacks (SciPy's
  batch axes) as SciPy reads them: ``b``'s core is a vector when ``b`` is 1-D. ``overwrite_b=``
  (a write into ``b`` the compiler cannot follow) is not declared: refused.
* ``solve_sylvester(a, b, q)``: ``x`` with ``a x + x b = q``; the adjoint ``y`` solves
  ``a^T y + y b^T = g``, and the gradients are ``-y x^T``, ``-x^T y`` and ``y``.
  ``sqrtm(A)``: ``s`` with ``s s = A``, so ``ds`` solves ``s ds + ds s = dA`` (and
  the gradient ``s^T y + y s^T = g``); exact where ``s`` is the principal root
  of a matrix without eigenvalues on the closed negative axis (a real ``A`` whose
  square root is complex gets a complex answer from SciPy; it is not modelled).
  Two-dimensional matrices only, as SciPy.
  ``expm(A)``: the tangent is the Frechet derivative ``L(A, dA)`` (SciPy's
  ``expm_frechet``, computed as a block of the exponential of a matrix twice the size,
  so that the rules differentiate it again), the gradient ``L(A^T, g)`` (srcdiff pairs a
  complex cotangent with its value bilinearly, as JAX does: no conjugate; with ``A^H``, as
  before session 49, a complex ``A``'s gradient was wrong).
"""

import numpy as np
import scipy.linalg
import scipy.special

from srcdiff.rules.registry import DEFAULT as R

# broadcast_like and unbroadcast: read by the rules R.elementwise derives for two arguments
from srcdiff.runtime import broadcast_like, not_differentiable, unbroadcast, unreduce  # noqa: F401

# ------------------------------------------------------------ logistic, errors


@R.elementwise(scipy.special.expit)
def expit(g, ans, x):
    return g * ans * (1.0 - ans)


# log_expit(x) = log(expit(x)) (SciPy 1.8+): the derivative 1 - expit(x) = expit(-x),
# without cancellation for large x
if hasattr(scipy.special, "log_expit"):
    @R.elementwise(scipy.special.log_expit)
    def log_expit(g, ans, x):
        return g * scipy.special.expit(-x)


@R.elementwise(scipy.special.logit)
def logit(g, ans, x):
    return g / (x * (1.0 - x))


@R.elementwise(scipy.special.erf)
def erf(g, ans, x):
    return g * (2.0 / np.sqrt(np.pi)) * np.exp(-x * x)


@R.elementwise(scipy.special.erfc)
def erfc(g, ans, x):
    return -g * (2.0 / np.sqrt(np.pi)) * np.exp(-x * x)


@R.elementwise(scipy.special.erfinv)
def erfinv(g, ans, x):
    return g * (np.sqrt(np.pi) / 2.0) * np.exp(ans * ans)


@R.elementwise(scipy.special.erfcinv)
def erfcinv(g, ans, x):
    return -g * (np.sqrt(np.pi) / 2.0) * np.exp(ans * ans)


@R.elementwise(scipy.special.ndtr)
def ndtr(g, ans, x):
    return g * np.exp(-0.5 * x * x) / np.sqrt(2.0 * np.pi)


@R.elementwise(scipy.special.log_ndtr)
def log_ndtr(g, ans, x):
    return g * np.exp(-0.5 * x * x - ans) / np.sqrt(2.0 * np.pi)


@R.elementwise(scipy.special.ndtri)
def ndtri(g, ans, x):
    return g * np.sqrt(2.0 * np.pi) * np.exp(0.5 * ans * ans)


# ------------------------------------------------------------ gamma family


@R.elementwise(scipy.special.gammaln)
def gammaln(g, ans, x):
    return g * scipy.special.digamma(x)


@R.elementwise(scipy.special.loggamma)
def loggamma(g, ans, x):
    return g * scipy.special.digamma(x)


@R.elementwise(scipy.special.gamma)
def gamma(g, ans, x):
    return g * ans * scipy.special.digamma(x)


@R.elementwise(scipy.special.rgamma)
def rgamma(g, ans, x):
    return -g * ans * scipy.special.digamma(x)


@R.elementwise(scipy.special.digamma)
def digamma(g, ans, x):
    return g * scipy.special.polygamma(1, x)


@R.self_adjoint(scipy.special.polygamma)
def polygamma(g, ans, n, x):
    return None, g * scipy.special.polygamma(n + 1, x)


@R.vjp(scipy.special.multigammaln, elementwise=True)
def multigammaln(g, ans, a, d):
    return g * multigammaln_slope(a, d), None


@R.jvp(scipy.special.multigammaln, elementwise=True)
def multigammaln_jvp(t, ans, a, d):  # (``d`` is the dimension: the tangent is ``t``)
    return t * multigammaln_slope(a, d), None


def multigammaln_slope(a, d):
    """``d/da multigammaln(a, d) = sum_{j < d} digamma(a - j/2)``."""
    return np.sum(scipy.special.digamma(np.expand_dims(a, -1) - 0.5 * np.arange(d)), axis=-1)


@R.elementwise(scipy.special.betaln)
def betaln(g, ans, a, b):
    return (g * (scipy.special.digamma(a) - scipy.special.digamma(a + b)),
            g * (scipy.special.digamma(b) - scipy.special.digamma(a + b)))


@R.elementwise(scipy.special.beta)
def beta(g, ans, a, b):
    return (g * ans * (scipy.special.digamma(a) - scipy.special.digamma(a + b)),
            g * ans * (scipy.special.digamma(b) - scipy.special.digamma(a + b)))


@R.elementwise(scipy.special.gammainc)
def gammainc(g, ans, a, x):
    return (not_differentiable("a of scipy.special.gammainc"),
            g * np.exp(scipy.special.xlogy(a - 1.0, x) - x - scipy.special.gammaln(a)))


@R.elementwise(scipy.special.gammaincc)
def gammaincc(g, ans, a, x):
    return (not_differentiable("a of scipy.special.gammaincc"),
            -g * np.exp(scipy.special.xlogy(a - 1.0, x) - x - scipy.special.gammaln(a)))


@R.elementwise(scipy.special.betainc)
def betainc(g, ans, a, b, x):
    return (not_differentiable("a of scipy.special.betainc"),
            not_differentiable("b of scipy.special.betainc"),
            g * np.exp(scipy.special.xlogy(a - 1.0, x) + scipy.special.xlog1py(b - 1.0, -x)
                       - scipy.special.betaln(a, b)))


R.nondiff(scipy.special.gammasgn, elementwise=True)

# ------------------------------------------------------------ Bessel functions


@R.elementwise(scipy.special.j0)
def j0(g, ans, x):
    return -g * scipy.special.j1(x)


@R.elementwise(scipy.special.j1)
def j1(g, ans, x):
    return g * 0.5 * (scipy.special.j0(x) - scipy.special.jv(2, x))


@R.elementwise(scipy.special.y0)
def y0(g, ans, x):
    return -g * scipy.special.y1(x)


@R.elementwise(scipy.special.y1)
def y1(g, ans, x):
    return g * 0.5 * (scipy.special.y0(x) - scipy.special.yv(2, x))


@R.elementwise(scipy.special.yn)
def yn(g, ans, n, x):
    return (not_differentiable("the integer order n of scipy.special.yn"),
            g * 0.5 * (scipy.special.yn(n - 1, x) - scipy.special.yn(n + 1, x)))


@R.elementwise(scipy.special.i0)
def i0(g, ans, x):
    return g * scipy.special.i1(x)


@R.elementwise(scipy.special.i1)
def i1(g, ans, x):
    return g * 0.5 * (scipy.special.i0(x) + scipy.special.iv(2, x))


@R.elementwise(scipy.special.i0e)
def i0e(g, ans, x):
    return g * (scipy.special.i1e(x) - np.sign(x) * ans)


@R.elementwise(scipy.special.i1e)
def i1e(g, ans, x):
    return g * (0.5 * (scipy.special.i0e(x) + scipy.special.ive(2, x)) - np.sign(x) * ans)


@R.vjp(scipy.special.jv, elementwise=True)
def jv(g, ans, v, x):
    return (not_differentiable("the order v of scipy.special.jv"),
            g * 0.5 * (scipy.special.jv(v - 1, x) - scipy.special.jv(v + 1, x)))


@R.jvp(scipy.special.jv, elementwise=True)
def jv_jvp(d, ans, v, x):
    return (not_differentiable("the order v of scipy.special.jv"),
            d * 0.5 * (scipy.special.jv(v - 1, x) - scipy.special.jv(v + 1, x)))


@R.vjp(scipy.special.yv, elementwise=True)
def yv(g, ans, v, x):
    return (not_differentiable("the order v of scipy.special.yv"),
            g * 0.5 * (scipy.special.yv(v - 1, x) - scipy.special.yv(v + 1, x)))


@R.jvp(scipy.special.yv, elementwise=True)
def yv_jvp(d, ans, v, x):
    return (not_differentiable("the order v of scipy.special.yv"),
            d * 0.5 * (scipy.special.yv(v - 1, x) - scipy.special.yv(v + 1, x)))


@R.vjp(scipy.special.iv, elementwise=True)
def iv(g, ans, v, x):
    return (not_differentiable("the order v of scipy.special.iv"),
            g * 0.5 * (scipy.special.iv(v - 1, x) + scipy.special.iv(v + 1, x)))


@R.jvp(scipy.special.iv, elementwise=True)
def iv_jvp(d, ans, v, x):
    return (not_differentiable("the order v of scipy.special.iv"),
            d * 0.5 * (scipy.special.iv(v - 1, x) + scipy.special.iv(v + 1, x)))


@R.vjp(scipy.special.ive, elementwise=True)
def ive(g, ans, v, x):
    return (not_differentiable("the order v of scipy.special.ive"),
            g * (0.5 * (scipy.special.ive(v - 1, x) + scipy.special.ive(v + 1, x))
                 - np.sign(x) * ans))


@R.jvp(scipy.special.ive, elementwise=True)
def ive_jvp(d, ans, v, x):
    return (not_differentiable("the order v of scipy.special.ive"),
            d * (0.5 * (scipy.special.ive(v - 1, x) + scipy.special.ive(v + 1, x))
                 - np.sign(x) * ans))


@R.vjp(scipy.special.kv, elementwise=True)
def kv(g, ans, v, x):
    return (not_differentiable("the order v of scipy.special.kv"),
            -g * 0.5 * (scipy.special.kv(v - 1, x) + scipy.special.kv(v + 1, x)))


@R.jvp(scipy.special.kv, elementwise=True)
def kv_jvp(d, ans, v, x):
    return (not_differentiable("the order v of scipy.special.kv"),
            -d * 0.5 * (scipy.special.kv(v - 1, x) + scipy.special.kv(v + 1, x)))


# ------------------------------------------------------------ logs, entropies


@R.elementwise(scipy.special.xlogy)
def xlogy(g, ans, x, y):
    return g * np.log(y), g * x / np.where((x == 0) & (y == 0), 1.0, y)


@R.elementwise(scipy.special.xlog1py)
def xlog1py(g, ans, x, y):
    return g * np.log1p(y), g * x / np.where((x == 0) & (y == -1), 1.0, 1.0 + y)


@R.elementwise(scipy.special.entr)
def entr(g, ans, x):
    return -g * (np.log(x) + 1.0)


@R.elementwise(scipy.special.rel_entr)
def rel_entr(g, ans, x, y):
    return g * (np.log(x / y) + 1.0), -g * x / y


@R.vjp(scipy.special.logsumexp)
def logsumexp(g, ans, a, axis=None, b=None, keepdims=False):
    if b is None:
        return unreduce(g, a, axis, keepdims) * np.exp(a - unreduce(ans, a, axis, keepdims))
    return logsumexp_grad(g, ans, a, axis, b, keepdims)


@R.jvp(scipy.special.logsumexp)
def logsumexp_jvp(d, ans, a, axis=None, b=None, keepdims=False):
    return np.sum(d * logsumexp_grad(np.ones(np.shape(ans)), ans, a, axis, b, keepdims),
                  axis=axis, keepdims=keepdims)


def logsumexp_grad(g, ans, a, axis=None, b=None, keepdims=False):
    """``g * b * exp(a - logsumexp(a))`` spread back over the reduced axes (``b`` constant)."""
    weights = np.exp(a - unreduce(ans, a, axis, keepdims))
    if b is not None:
        weights = weights * b
    return unreduce(g, a, axis, keepdims) * weights


@R.self_adjoint(scipy.special.softmax)
def softmax(g, ans, x, axis=None):
    return ans * (g - np.sum(g * ans, axis=axis, keepdims=True))


@R.vjp(scipy.special.log_softmax)
def log_softmax(g, ans, x, axis=None):
    return g - np.exp(ans) * np.sum(g, axis=axis, keepdims=True)


@R.jvp(scipy.special.log_softmax)
def log_softmax_jvp(d, ans, x, axis=None):
    return d - np.sum(np.exp(ans) * d, axis=axis, keepdims=True)


# ------------------------------------------------------------ scipy.linalg


@R.vjp(scipy.linalg.solve_triangular)
def solve_triangular(g, ans, a, b, trans=0, lower=False, unit_diagonal=False, *,
                     check_finite=True):
    grads = solve_triangular_grads(g, ans, a, trans, lower, unit_diagonal)
    return grads[0], unbroadcast(grads[1], b)


@R.jvp(scipy.linalg.solve_triangular)
def solve_triangular_jvp(d, ans, a, b, trans=0, lower=False, unit_diagonal=False, *,
                         check_finite=True):
    return (solve_triangular_tangent(d, ans, a, trans, lower, unit_diagonal),
            scipy.linalg.solve_triangular(a, d, trans, lower, unit_diagonal))


def _transposed(trans):
    return trans in (1, 2, "T", "C")


def _triangle(x, lower, unit_diagonal):
    """The part of ``x`` that ``solve_triangular`` reads."""
    k = -1 if unit_diagonal else 0
    return np.tril(x, k) if lower else np.triu(x, -k)


def solve_triangular_grads(g, ans, a, trans=0, lower=False, unit_diagonal=False):
    """``op(a) x = b``: ``b_b = op(a)^-T g``, ``b_a = -b_b x^T`` (transposed for ``op = T``),
    for stacks too (``b``'s core is a vector when ``b`` is 1-D, else a matrix), summed over
    batch axes an input was broadcast along."""
    back = 0 if _transposed(trans) else 1
    if np.ndim(ans) == np.ndim(a) - 1:  # a vector core: solve with a column, outer product
        gb = scipy.linalg.solve_triangular(a, g[..., None], back, lower, unit_diagonal)[..., 0]
        outer = gb[..., :, None] * ans[..., None, :]
    else:
        gb = scipy.linalg.solve_triangular(a, g, back, lower, unit_diagonal)
        outer = gb @ np.swapaxes(ans, -1, -2)
    ga = -np.swapaxes(outer, -1, -2) if _transposed(trans) else -outer
    return unbroadcast(_triangle(ga, lower, unit_diagonal), a), gb


def solve_triangular_tangent(d, ans, a, trans=0, lower=False, unit_diagonal=False):
    """``dx = -op(a)^-1 op(da) x`` with ``da`` restricted to the triangle read."""
    da = _triangle(d, lower, unit_diagonal)
    if _transposed(trans):
        da = np.swapaxes(da, -1, -2)
    if np.ndim(ans) == np.ndim(a) - 1:
        rhs = -(da @ ans[..., None])
        return scipy.linalg.solve_triangular(a, rhs, trans, lower, unit_diagonal)[..., 0]
    return scipy.linalg.solve_triangular(a, -(da @ ans), trans, lower, unit_diagonal)


@R.vjp(scipy.linalg.solve_sylvester)
def solve_sylvester(g, ans, a, b, q):
    y = scipy.linalg.solve_sylvester(a.T, b.T, g)
    return -(y @ ans.T), -(ans.T @ y), y


@R.jvp(scipy.linalg.solve_sylvester)
def solve_sylvester_jvp(d, ans, a, b, q):
    return (scipy.linalg.solve_sylvester(a, b, -(d @ ans)),
            scipy.linalg.solve_sylvester(a, b, -(ans @ d)), scipy.linalg.solve_sylvester(a, b, d))


@R.vjp(scipy.linalg.sqrtm)
def sqrtm(g, ans, A):  # disp= and blocksize= (deprecated by SciPy) are not declared: refused
    return scipy.linalg.solve_sylvester(ans.T, ans.T, g)


@R.jvp(scipy.linalg.sqrtm)
def sqrtm_jvp(d, ans, A):
    return scipy.linalg.solve_sylvester(ans, ans, d)


@R.elementwise(scipy.special.kl_div)
def kl_div(g, ans, x, y):  # x log(x / y) - x + y
    return g * np.log(x / y), g * (1.0 - x / y)


@R.vjp(scipy.linalg.expm)
def expm(g, ans, A):
    # sum(G * L(A, E)) = sum(L(A^T, G) * E) for the Frechet derivative L of the exponential
    return _frechet(np.swapaxes(A, -1, -2), g)


@R.jvp(scipy.linalg.expm)
def expm_jvp(d, ans, A):
    return _frechet(A, d)


def _frechet(A, E):
    """``L(A, E)``, the Frechet derivative of the matrix exponential at ``A`` in the
    direction ``E``: the upper right block of ``expm([[A, E], [0, A]])`` (stacks too, as
    SciPy's expm takes them). Written with expm itself, so that it is differentiated again
    by this rule (second order and beyond)."""
    n = np.shape(A)[-1]
    E = np.broadcast_to(E, np.shape(A))
    top = np.concatenate([A, E], axis=-1)
    bottom = np.concatenate([np.zeros_like(top[..., :n]), A], axis=-1)
    return scipy.linalg.expm(np.concatenate([top, bottom], axis=-2))[..., :n, n:]
