"""Two primitives differentiated as one, where the pair's derivative is simpler than the
chain of the two rules: ``np.log(a / b)`` is :func:`log_ratio` (front/fused.py rewrites the
normalized pair ``t = a / b; u = np.log(t)`` when ``t`` is read nowhere else).

Invariant: each function here computes exactly what the pair computes (the same NumPy
calls in the same order), so only the derivative's arithmetic differs, by rounding;
tests/rules/test_fused_rules.py checks values, gradients and tangents against central
differences, and the reference pipeline (which never fuses) against the fused code.
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
