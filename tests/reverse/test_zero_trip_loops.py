"""Backward loops that may run no trip leave the adjoint state as their head has it.

An adjoint the loop body copies (to own it) before writing into it in place is owned after
the loop only if it was owned before: with zero trips no copy ran. Missing that zeroed an
entry of another gradient sharing the array (a wrong gradient, found by the random array
programs). Checked against central differences for trip counts 0, 1 and 3.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def store_then_loop(x, n):
    a = np.zeros(3)
    a[0] = np.sin(x[0])
    for i in range(n):
        a[0] = np.sin(x[0]) * a[1]
    return np.sum(np.exp(a + x))


def while_loop_store(x, n):
    a = x * 0.0
    a[1] = np.cos(x[1])
    k = 0
    while k < n:
        a[1] = a[1] * x[2]
        k += 1
    return np.sum(np.tanh(a + x) * x)


X = np.array([0.1, 0.5, -0.2])


@pytest.mark.parametrize("n", [0, 1, 3])
@pytest.mark.parametrize("f", [store_then_loop, while_loop_store])
def test_zero_or_more_trips(f, n):
    expected = numeric_grad(f, (X, n), 0)
    for options in ({}, {"verify": True}, {"optimize": False}):
        assert_close(sd.grad(f, **options)(X, n), expected, rtol=1e-6, atol=1e-8)
