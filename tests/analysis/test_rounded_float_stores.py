"""A float array's floor division or rounding holds floats: a store into it is accepted.

``y = ref // 2`` (or ``np.round(ref, 1)``, ``np.fix(ref)``) of a float ``ref`` is a float
array, but analysis/dtypes.py took every constant (nondiff) rule's result as not proven
float, so ``y[0] = x * 3.3`` was refused ("cannot prove holds floats"), a needless refusal
found by the Python-breadth hunt (tests/compat/test_python_breadth.py). Now the floor
division of a float operand and the rounding of a float array are float; the same stores
into the floor or rounding of an int array stay refused (NumPy truncates the stored value).
Checked against central differences.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, numeric_jvp

FLOATS = np.array([1.5, -2.25, 3.5])
INTS = np.array([1, -2, 3])


def floor_divided(x, ref):
    y = ref // 2
    y[0] = x * 3.3
    return np.sum(y * x)


def floor_divided_by_float(x, ref):
    y = ref // 2.0
    y[1] = x * x
    return np.sum(y * x)


def rounded(x, ref):
    y = np.round(ref, 1)
    y[0] = x * 3.3
    return np.sum(y * x)


def fixed(x, ref):
    y = np.fix(ref)
    y[2] = np.sin(x)
    return np.sum(y * x)


CASES = [floor_divided, floor_divided_by_float, rounded, fixed]


@pytest.mark.parametrize("optimize", [True, False])
@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
def test_a_store_into_a_rounded_float_array(f, optimize):
    expected = numeric_grad(f, [0.7, FLOATS], 0)
    assert_close(sd.grad(f, optimize=optimize)(0.7, FLOATS.copy()), expected)
    _, tangent = sd.jvp(f)(0.7, FLOATS.copy(), tangents=1.0)
    assert_close(tangent, numeric_jvp(f, [0.7, FLOATS], (0,), (1.0,)))


@pytest.mark.parametrize("f", [floor_divided, rounded], ids=lambda f: f.__name__)
def test_a_store_into_a_rounded_int_array_stays_refused(f):
    with pytest.raises(sd.SrcdiffError, match="cannot prove holds floats"):
        sd.grad(f)(0.7, INTS.copy())
