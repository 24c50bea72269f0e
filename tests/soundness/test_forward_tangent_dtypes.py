"""sd.jvp's output tangent has the float dtype of its value (SPEC §1: a derivative has the
float dtype of the value it belongs to). Forward rules that build a float64 constant (the
mask of ``np.max``'s ties, ``np.maximum``'s selector, ``np.log(2.0)`` of ``2.0 ** x``,
``np.trapezoid``'s weights) promoted a float32 tangent: ``sd.jvp`` of a float32 function
returned a float64 tangent beside a float32 value, as neither ``sd.grad``,
``sd.jacobian(mode="forward")`` nor JAX does (hunt46: 13 of 50 NumPy functions, 7 of 53
domain programs; tests/compat/test_domain_programs.py). The tangent's values against
central differences of the float64 function."""

import numpy as np
import pytest
from scipy.special import ndtr

import srcdiff as sd
from fd import assert_close, numeric_jvp

_Y = np.array([0.5, -0.2, 1.0], np.float32)

FUNCTIONS = {
    "max": lambda x: np.max(x) * x,
    "max_axis_keepdims": lambda x: x.reshape(1, 3).max(axis=-1, keepdims=True),
    "maximum": lambda x: np.maximum(x, 0.3 * x),
    "minimum": lambda x: np.minimum(x, _Y),
    "norm_axis": lambda x: np.linalg.norm(x.reshape(1, 3), axis=1, keepdims=True),
    "piecewise": lambda x: np.piecewise(x, [x < 0, x >= 0], [np.expm1, lambda t: t + t * t]),
    "median": lambda x: np.median(x) + x,
    "trapezoid": lambda x: np.trapezoid(x ** 2),
    "ptp": lambda x: np.ptp(x) * 2.0,
    "prod": lambda x: np.prod(x),
    "minimum_accumulate": lambda x: np.minimum.accumulate(x),
    "two_to_the_x": lambda x: 2 ** x + 2.0 ** x,
    "black_scholes_like": lambda x: np.sum(ndtr(x) * np.maximum(x, 0.0)),
}


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_a_float32_function_has_a_float32_tangent(name):
    f = FUNCTIONS[name]
    x = np.array([0.3, -1.0, 2.0], np.float32)
    direction = np.array([0.7, -0.4, 1.1], np.float32)
    value, tangent = sd.jvp(f, wrt=0)(x, tangents=direction)
    expected_value = f(x)
    assert np.asarray(value).dtype == np.asarray(expected_value).dtype == np.float32
    assert np.asarray(tangent).dtype == np.float32, (name, np.asarray(tangent).dtype)
    assert np.shape(tangent) == np.shape(expected_value)
    reference = numeric_jvp(lambda a: f(a.astype(np.float64)), (x.astype(np.float64),), (0,),
                            (direction.astype(np.float64),))
    assert_close(np.asarray(tangent, np.float64), reference, rtol=1e-4, atol=1e-4)


def test_a_float64_value_of_float32_inputs_keeps_float64():
    """The value's dtype decides, not the input's: float32 times a float64 array."""
    w = np.array([1.5, -2.0, 0.5])
    value, tangent = sd.jvp(lambda x: np.maximum(x * w, 0.0), wrt=0)(
        np.array([0.3, -1.0, 2.0], np.float32), tangents=np.ones(3, np.float32))
    assert value.dtype == tangent.dtype == np.float64
    assert_close(tangent, np.where(np.array([0.3, -1.0, 2.0]) * w > 0, w, 0.0))
