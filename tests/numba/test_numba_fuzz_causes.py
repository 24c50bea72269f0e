"""Shapes the loop fuzz (tests/property/fuzz.py, seeds 11-13, backend="numba") found numba
failing to compile in srcdiff's generated gradients, each now compiled: the numba gradient
agrees with the NumPy backend (1e-12) and central finite differences (numba_agree.agree),
and in forward mode with the NumPy backend's jvp."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close
from numba_agree import agree

pytest.importorskip("numba")


def clipped(x, xs):
    P = 0.5 + 0.1 * x
    for v in xs:
        P *= np.clip(abs(P) + v, -1.0, 1.0) + 0.5
    return P


def test_clip_of_numbers():
    """``np.clip`` of three numbers (numba's takes arrays only): numba_pieces.clip_of; at
    these arguments the upper bound is reached on some trips and not on others."""
    xs = np.array([0.1, 0.9, -0.4, 0.3])
    agree(clipped, (0.7, xs), (0, 1))


def copied(x, xs):
    a = np.array(xs)
    a[0] = x * a[1]
    s = 0.0
    for v in a:
        s = s + np.sin(v) * x
    return s


def test_array_of_an_array():
    """``np.array(xs)`` of an array (its copy): numba_helpers.stack_rows of an array, in the
    forward sweep of reverse mode (``xs`` not differentiated: a gradient through the copy
    calls ``unstack_like``, refused) and in forward mode (likewise: ``stack_tangents``)."""
    xs = np.array([0.3, -0.8, 1.1])
    agree(copied, (0.6, xs), (0,))
    value, got = sd.jvp(copied, wrt=0, backend="numba")(0.6, xs, tangents=0.7)
    ref_value, ref = sd.jvp(copied, wrt=0)(0.6, xs, tangents=0.7)
    assert_close(value, ref_value, rtol=1e-12, atol=1e-14)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)
