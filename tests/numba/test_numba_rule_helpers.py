"""backend="numba": rule helpers of array rules for argument kinds numba had no version of
(compiler/emit/numba_rule_helpers.py, issue 18): refused until session 43 ("numba cannot
compile the gradient"). Checked against the NumPy backend (1e-12 relative) and central
finite differences (numba_agree.agree)."""

import numpy as np
import pytest

from numba_agree import agree

pytest.importorskip("numba")

RNG = np.random.default_rng(18)
X = RNG.normal(size=8)
A = RNG.normal(size=(3, 4))


def clipped(x):
    y = np.clip(x, -0.5, 0.7)
    z = np.maximum(y, 0.1 * y)
    return np.sum(z * np.abs(x))


def leaky_2d(a):
    return np.sum(np.maximum(a, 0.2 * a) ** 2) + np.sum(np.minimum(a, 0.3) * a)


@pytest.mark.parametrize("fn, args", [(clipped, (X,)), (leaky_2d, (A,))],
                         ids=["clipped", "leaky_2d"])
def test_mask_products(fn, args):
    # the gradients of maximum/minimum/clip multiply by a boolean mask (mul_into)
    agree(fn, args, (0,))
