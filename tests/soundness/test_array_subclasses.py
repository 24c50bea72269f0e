"""Subclasses of np.ndarray as arguments (red32). Their operations may differ from an
array's: np.matrix's `*` is a matrix product and its reductions keep two axes, a masked
array's sum skips the masked entries. srcdiff's rules model np.ndarray, so before session 32
`np.sum(a * b)` of two matrices got the elementwise product's gradient (b, where the matrix
product's is b's row sums broadcast) and a masked entry got a gradient though it changes
nothing. Such arguments are refused with a TypeError naming the argument (np.memmap, whose
operations are ndarray's, is taken)."""
import os
import tempfile

import numpy as np
import pytest

import srcdiff as sd


def product_sum(a, b):
    return np.sum(a * b)


def weighted_sines(x):
    return np.sum(np.arange(1.0, 1.0 + x.size).reshape(x.shape) * np.sin(x))


A = np.matrix([[1.0, 2.0], [3.0, 4.0]])
B = np.matrix([[0.5, -1.0], [2.0, 0.3]])


@pytest.mark.parametrize("make", [
    lambda: sd.grad(product_sum)(A, B),
    lambda: sd.grad(product_sum, wrt=1)(np.asarray(A), B),
    lambda: sd.jvp(product_sum)(A, B, tangents=np.ones((2, 2))),
    lambda: sd.grad(weighted_sines)(np.ma.masked_array([0.1, 0.2, 0.3], mask=[0, 1, 0])),
    lambda: sd.value_and_grad(product_sum)(np.asarray(A), [B]),
], ids=["matrix", "matrix-second", "matrix-jvp", "masked", "matrix-in-list"])
def test_ndarray_subclasses_are_refused(make):
    with pytest.raises(TypeError, match="subclass of np.ndarray"):
        make()


def test_memmap_is_an_array():
    with tempfile.TemporaryDirectory() as d:
        m = np.memmap(os.path.join(d, "x.dat"), dtype=np.float64, mode="w+", shape=(3,))
        m[:] = [0.1, 0.2, 0.3]
        g = sd.grad(weighted_sines)(m)
        np.testing.assert_allclose(g, np.arange(1.0, 4.0) * np.cos(np.array([0.1, 0.2, 0.3])))
