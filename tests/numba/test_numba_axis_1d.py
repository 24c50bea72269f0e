"""backend="numba": ``np.max(x, axis=-1)`` / ``np.min(x, axis=0)`` of a 1-d array (numba_pieces'
max_axis takes 2-d arrays: a numba typing error at the first call before, the realistic
random programs, seed 47002 index 14). numba_rule_helpers2's 1-d versions and their
adjoint: gradients against the NumPy backend (1e-12) and central finite differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

pytest.importorskip("numba")


def extremes_along(x):
    return np.max(np.sin(x), axis=-1) * 2.0 + np.min(x * x, axis=0)


def extreme_in_loop(x):
    s = 0.0
    for k in range(3):
        s = s + np.max(x * (k + 1.0) - s, axis=0)
    return s


@pytest.mark.parametrize("fn", [extremes_along, extreme_in_loop], ids=lambda f: f.__name__)
def test_axis_of_a_1d_array(fn):
    x = np.random.default_rng(9).standard_normal(6)
    got = sd.grad(fn, backend="numba")(x)
    assert_close(got, sd.grad(fn)(x), rtol=1e-12, atol=1e-14)
    assert_close(got, numeric_grad(fn, (x,), 0))
