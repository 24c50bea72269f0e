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


# ------------------------------------------------------------------ inputs with no elements


def empty_and_scale(x, s):
    return np.sin(x) * s


def sum_of_squares_scaled(x, s):
    return np.sum(x ** 2) * s + s ** 3


@pytest.mark.parametrize("shape", [(0,), (3, 0)])
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_jacobian_of_an_empty_input(shape, mode):
    # red32: forward mode made its blocks on the first column, and an input with no
    # elements has none (TypeError 'NoneType' object is not iterable before session 32)
    x = np.zeros(shape)
    J = sd.jacobian(empty_and_scale, wrt=0, mode=mode)(x, 2.0)
    assert J.shape == shape + shape
    J0, J1 = sd.jacobian(empty_and_scale, wrt=(0, 1), mode=mode)(x, 2.0)
    assert J0.shape == shape + shape and J1.shape == shape


@pytest.mark.parametrize("shape", [(0,), (2, 0)])
def test_hessian_of_an_empty_input(shape):
    # its blocks were made on the first Hessian-vector product's column (TypeError from
    # float(None) before session 32); the float's block still comes out right
    x = np.zeros(shape)
    assert sd.hessian(sum_of_squares_scaled, wrt=0)(x, 2.0).shape == shape + shape
    (hxx, hxs), (hsx, hss) = sd.hessian(sum_of_squares_scaled, wrt=(0, 1))(x, 2.0)
    assert hxx.shape == shape + shape and hxs.shape == shape and hsx.shape == shape
    assert hss == pytest.approx(12.0)
