"""backend="numba": the method form ``a.reshape(...)`` of an array that is not C-contiguous
(a transpose ``x.T``, F-ordered) raised NotImplementedError in numba at run time, where
``np.reshape(a, s)`` was already written as ``reshaped`` (numba_pieces.py: a C-contiguous
copy first). The method form is now written the same way, with its shape as one tuple or
as separate lengths. Checked against central differences and the NumPy backend."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

pytest.importorskip("numba")

X = np.linspace(0.1, 1.2, 6).reshape(2, 3)


def transposed_rows(x):
    y = x.T.reshape(6)
    return np.sum(np.sin(y) * np.arange(6.0))


def transposed_lengths(x):
    z = (x.T * 2.0).reshape(3, 2)
    return np.sum(z[:, 0] * z[:, 1])


def transposed_tuple(x):
    w = x.T.reshape((2, 3)) * x
    return np.sum(w * w)


@pytest.mark.parametrize("f", [transposed_rows, transposed_lengths, transposed_tuple])
def test_a_transpose_reshaped_by_its_method(f):
    expected = numeric_grad(f, (X,), 0)
    assert_close(sd.grad(f, backend="numba")(X), expected)
    assert_close(sd.grad(f)(X), expected)
