"""A store into a 0-d array (``y[...] = v``, ``y[()] = v``, ``y.fill(v)``): the store's
adjoint zeroes the stored part of the gradient in place. An owned gradient (a fresh result
of arithmetic) of a 0-d array is a NumPy scalar, which cannot be written into: the
adjoint makes it an array first (``np.asarray``: no copy where it is one already). Before,
the optimized pipeline and verification mode stopped with "'numpy.float64' object does
not support item assignment" (the reference pipeline copies every gradient it writes)."""

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_every_mode

X = np.array([0.5, 1.5, -0.8, 0.9])


def store_into_zeros(x):
    y = np.zeros(())
    y[...] = x[1] * 2.0
    return y * x[0]


def store_into_array_of_a_float(x):
    y = np.array(0.0)
    y[()] = x[1] * 2.0
    return y * x[0]


def add_into_full(x):
    y = np.full((), 2.0)
    y[...] += x[1] * 2.0
    return y * x[0]


def store_in_a_loop(x):
    y = np.zeros_like(x[2])
    acc = 0.0
    for i in range(4):
        y[...] = x[i] * 2.0
        acc = acc + y * x[i]
    return acc


def fill_a_0d_array(x):
    y = np.zeros(())
    y.fill(x[1] * 2.0)
    return y * x[0] + y


CASES = [store_into_zeros, store_into_array_of_a_float, add_into_full, store_in_a_loop,
         fill_a_0d_array]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_every_mode_against_central_differences(f):
    check_every_mode(f, X.copy(), hvp=True)


def test_the_gradient_is_made_an_array_before_it_is_read_or_written():
    # (before it is read too: a float gradient cannot be indexed, test_zero_d_array_stores.py)
    src = sd.source(store_into_zeros, args=(X,))
    made = src.index("b_y = np.asarray(b_y)")
    assert made < src.index("b_y[...]") and "b_y[...] = 0.0" in src[made:]
