"""An array filled with a module's float constant holds floats: a store into it is accepted.

``R = np.full((n + 1, m + 1), np.inf)`` (dynamic programming: soft-DTW, Viterbi, shortest
paths) is a float64 array, but analysis/dtypes.py proved ``np.full``'s fill a float only
when it was a float literal: ``np.inf``, ``-np.inf``, ``math.inf``, ``np.nan``, ``np.pi``
and ``float("inf")`` were not, so ``R[i, j] = cost + softmin`` was refused ("cannot prove
holds floats"), a needless refusal found by hunt46's domain corpus
(tests/compat/test_domain_programs.py soft_dtw). Now a module attribute that is a Python
float, and ``float(...)``, are floats; an int fill (``np.full(..., -1)``, ``np.iinfo``'s
max) stays refused (NumPy truncates the stored value). Checked against central
differences."""

import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, numeric_jvp


def inf_filled(x):
    R = np.full((2, 3), np.inf)
    R[0, 0] = x[0] ** 2
    R[1, 1] = x[1] * x[0]
    return np.sum(np.exp(-R))


def negative_inf_filled(x):
    R = np.full((2, 3), -np.inf)
    R[0, 1] = np.sin(x[0])
    R[1, 2] = x[1] ** 3
    return np.sum(np.exp(R))


def math_pi_filled(x):
    R = np.full(3, math.pi)
    R[1] = x[0] * x[1]
    return np.sum(R ** 2)


def nan_filled(x):
    R = np.full(4, np.nan)
    R[:2] = x ** 2
    return np.nansum(R) + R[0] * R[1]


def float_call_filled(x):
    R = np.full((2, 2), float("inf"))
    R[0, 0] = x[1] ** 2
    R[1, 1] = x[0]
    return np.sum(np.exp(-R))


def soft_dtw_small(x, y, gamma=0.5):
    R = np.full((len(x) + 1, len(y) + 1), np.inf)
    R[0, 0] = 0.0
    for i in range(1, len(x) + 1):
        for j in range(1, len(y) + 1):
            prev = np.array([R[i - 1, j - 1], R[i - 1, j], R[i, j - 1]])
            mn = np.min(prev)
            R[i, j] = (x[i - 1] - y[j - 1]) ** 2 + mn - gamma * np.log(
                np.sum(np.exp(-(prev - mn) / gamma)))
    return R[len(x), len(y)]


X = np.array([0.7, -1.3])
CASES = [inf_filled, negative_inf_filled, math_pi_filled, nan_filled, float_call_filled]


@pytest.mark.parametrize("optimize", [True, False])
@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
def test_a_store_into_an_array_filled_with_a_float_constant(f, optimize):
    assert_close(sd.grad(f, optimize=optimize)(X.copy()), numeric_grad(f, [X], 0))
    _, tangent = sd.jvp(f)(X.copy(), tangents=np.array([1.0, -0.5]))
    assert_close(tangent, numeric_jvp(f, [X], (0,), (np.array([1.0, -0.5]),)))


def test_soft_dtw_with_an_inf_border():
    x, y = np.array([0.3, -0.8, 1.1]), np.array([0.1, 0.5, -0.4, 0.9])
    gx, gy = sd.grad(soft_dtw_small, wrt=(0, 1))(x, y)
    assert_close(gx, numeric_grad(soft_dtw_small, [x, y], 0))
    assert_close(gy, numeric_grad(soft_dtw_small, [x, y], 1))


def int_filled(x):
    R = np.full(3, -1)
    R[0] = x[0] * 2.5
    return np.sum(R * x[1])


def iinfo_filled(x):
    R = np.full(3, np.iinfo(np.int64).max)
    R[0] = x[0] * 2.5
    return np.sum(R * 1e-18)


@pytest.mark.parametrize("f", [int_filled, iinfo_filled], ids=lambda f: f.__name__)
def test_an_int_fill_stays_refused(f):
    with pytest.raises(sd.SrcdiffError, match="cannot prove holds floats"):
        sd.grad(f)(X.copy())
