"""Primitives differentiated as one, where the chain's derivative is simpler than the
chain of their rules: ``np.log(a / b)`` is :func:`log_ratio` (front/fused.py rewrites the
normalized pair ``t = a / b; u = np.log(t)`` when ``t`` is read nowhere else); the
logistic ``1 / (1 + np.exp(-a))`` is :func:`logistic`, and the logs of its value
``np.log(p)`` and ``np.log(1 - p)`` are :func:`log_logistic` and :func:`log1m_logistic`,
differentiated with respect to ``a`` along ``p = logistic(a)`` (front/logistic.py, which
proves that relation where it rewrites them).

Invariant: each function here computes exactly what the chain computes (the same NumPy
calls in the same order), so only the derivative's arithmetic differs, by rounding;
tests/rules/test_fused_rules.py and tests/rules/test_logistic_rules.py check values,
gradients and tangents against central differences, and the reference pipeline (which
never fuses) against the fused code.
"""

import numpy as np

from srcdiff.rules.registry import DEFAULT as R
from srcdiff.runtime import broadcast_like, unbroadcast  # noqa: F401  (the rule's reverse and

# forward forms read them: registry.elementwise)


def log_ratio(a, b):
    """``np.log(a / b)``. Its gradient is ``g / a`` for ``a`` and ``-g / b`` for ``b``
    (d log(a/b) = da/a - db/b): the rules of ``log`` and ``/`` apart give
    ``g / (a / b) / b`` and ``-(g / (a / b) / b * (a / b))``, three array operations
    more (a likelihood's ``r * log(r / (r + mu))``, a KL divergence's ``p * log(p / q)``)."""
    return np.log(a / b)


log_ratio.__srcdiff_primitive__ = True


@R.elementwise(log_ratio)
def log_ratio_grad(g, ans, a, b):
    return g / a, -g / b


# ------------------------------------------------------------ the logistic and its logs
# (front/logistic.py). ``one`` and ``num`` are the user's literals, each 1 or 1.0: kept so
# that the value is computed with the very constants the user wrote (NumPy 1.x casts a
# Python int and float differently against a float32 scalar); the rules hold for 1 only,
# and the front end fuses nothing else.


def logistic(a, one=1.0, num=1.0):
    """``num / (one + np.exp(-a))``, the user's ``1.0 / (1.0 + np.exp(-a))``. Its gradient
    is ``g * ans * (1 - ans)``: the rules of ``/``, ``+``, ``exp`` and ``-`` apart give
    ``-(g / d * ans) * e`` and a negation, with ``d = 1 + e`` and ``e = np.exp(-a)`` kept
    for the backward sweep (and ``0 * inf`` where ``e`` overflows)."""
    return num / (one + np.exp(-a))


logistic.__srcdiff_primitive__ = True


@R.elementwise(logistic)
def logistic_grad(g, ans, a, one=1.0, num=1.0):
    return g * ans * (1.0 - ans)


def log_logistic(p, a):
    """``np.log(p)`` where ``p`` holds ``logistic(a)`` (or ``scipy.special.expit(a)``): the
    front end passes the two only then. Differentiated along that relation, as a function
    of ``a``: ``d log(p) = (1 - p) da``, with no gradient for ``p`` (which is ``a``'s),
    where ``log``'s rule and the logistic's give ``g / p * p * (1 - p)``."""
    return np.log(p)


log_logistic.__srcdiff_primitive__ = True


@R.elementwise(log_logistic)
def log_logistic_grad(g, ans, p, a):
    return None, g * (1.0 - p)


def log1m_logistic(p, a, one=1.0):
    """``np.log(one - p)`` (``one`` the user's 1 or 1.0) where ``p`` holds ``logistic(a)``,
    as :func:`log_logistic`: ``d log(1 - p) = -p da``."""
    return np.log(one - p)


log1m_logistic.__srcdiff_primitive__ = True


@R.elementwise(log1m_logistic)
def log1m_logistic_grad(g, ans, p, a, one=1.0):
    return None, -(g * p)
