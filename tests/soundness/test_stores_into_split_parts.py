"""Stores into the parts of ``np.split`` (and ``array_split``, ``hsplit``, ``vsplit``).

A part of a float array is a float array, but dtypes.py proved nothing of a tuple-output
call, so a differentiated store into a copy of a part was refused as a store into an
integer array (a needless refusal, tools/red29/gen29.py). Parts of an integer array stay
refused.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import PIPELINES


def first_part_stored(x):
    a, b = np.split(x, [1], axis=1)
    c = a.copy()
    c[0] *= b[0, 0]
    return np.sum(c * c)


def array_split_parts(x):
    parts = np.array_split(x, 2, axis=0)
    c = parts[0].copy()
    c[0, :2] += parts[1][0, :2]
    return np.sum(np.sin(c))


def vsplit_in_a_loop(x):
    top, bottom = np.vsplit(x, 2)
    acc = top * 1.0
    for k in range(2):
        acc[0, k] = acc[0, k] * bottom[0, k + 1]
    return np.sum(acc * acc)


def integer_parts(x):
    a, b = np.split(np.arange(4), 2)
    a[0] = x[0, 0]
    return np.sum(a * x[0, :2])


X = np.arange(1.0, 9.0).reshape(2, 4) / 7.0


@pytest.mark.parametrize("f", [first_part_stored, array_split_parts, vsplit_in_a_loop])
@pytest.mark.parametrize("options", PIPELINES)
def test_stores_into_float_parts(f, options):
    assert_close(sd.grad(f, **options)(X.copy()), numeric_grad(f, (X,), 0))


@pytest.mark.parametrize("f", [first_part_stored, array_split_parts, vsplit_in_a_loop])
def test_forward_stores_into_float_parts(f):
    t = np.linspace(-1.0, 1.0, 8).reshape(2, 4)
    _, tangent = sd.jvp(f)(X.copy(), tangents=t)
    assert_close(tangent, np.sum(numeric_grad(f, (X,), 0) * t))


def test_store_into_an_integer_part_is_still_refused():
    with pytest.raises(sd.SrcdiffError, match="cannot prove holds floats"):
        sd.grad(integer_parts)(X.copy())
