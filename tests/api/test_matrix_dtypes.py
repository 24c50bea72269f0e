"""Derivative matrices have the float dtype of what they differentiate (SPEC §1: gradients
have the float dtype of their value): a float32 input gives a float32 Hessian and
Jacobian blocks, as JAX's do; a float64 input, an int or a Python number float64. Values
against a closed form."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close


def cubic(x):
    return np.sum(np.sin(x) * x ** 2)


def scaled(x, y):
    return np.sin(x) * y


def cubic_hessian(x):
    x = x.astype(np.float64)
    return np.diag(2.0 * np.sin(x) + 4.0 * x * np.cos(x) - x ** 2 * np.sin(x))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_hessian_has_its_inputs_float_dtype(dtype):
    x = np.array([0.3, 0.7, 1.2], dtype=dtype)
    h = sd.hessian(cubic)(x)
    assert h.dtype == dtype
    assert_close(h.astype(np.float64), cubic_hessian(x), rtol=1e-5 if dtype is np.float32
                 else 1e-12, atol=1e-5 if dtype is np.float32 else 1e-12)


@pytest.mark.parametrize("mode", ["reverse", "forward"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_jacobian_blocks_have_their_values_float_dtype(dtype, mode):
    x = np.array([0.3, 0.7, 1.2], dtype=dtype)
    y = np.array([1.5, -0.5, 2.0], dtype=dtype)
    jx, jy = sd.jacobian(scaled, wrt=(0, 1), mode=mode)(x, y)
    assert jx.dtype == dtype and jy.dtype == dtype
    assert_close(jx.astype(np.float64), np.diag(np.cos(x.astype(np.float64)) * y), rtol=1e-6)
    assert_close(jy.astype(np.float64), np.diag(np.sin(x.astype(np.float64))), rtol=1e-6)


def test_a_float32_block_against_a_float64_value_is_float64():
    x = np.array([0.3, 0.7], dtype=np.float32)
    y = np.array([1.5, -0.5])
    jx, jy = sd.jacobian(scaled, wrt=(0, 1))(x, y)
    assert jx.dtype == np.float64 and jy.dtype == np.float64
    assert isinstance(sd.hessian(cubic)(0.5), float)
