"""A helper whose augmented assignment changes a 0-d array argument in place.

``xe = s; xe += v`` inside a helper rebinds ``xe`` when ``s`` is a number, and writes into
the caller's ``s`` when it is a 0-d array (NumPy's ``__iadd__``). The caller's check of the
helper's writes skipped every ``p += v`` whose argument has rank 0 as a number, so with a 0-d
array argument the gradient was wrong ([1.26, 1.39, 1.64] for [1.61, 2.09, 3.04] below) and
the transform changed the caller's argument. Such a call is refused when the argument may
hold a 0-d array (an argument passed as one, or a name sharing it: analysis/aliasing.py);
with a float it stays accepted. Oracle: central finite differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def _filter(v, s):
    xe = s
    for z in v:
        xe += 0.5 * (z - xe)
    return xe


def read_after(x, s):
    r = _filter(x, s)
    u = x.copy()
    u.fill(s)
    return r + np.sum(u * x)


def through_a_second_name(x, s):
    t = s
    return _filter(x, t) + np.sum(s * x)


def not_read_after(x, s):
    return _filter(x * 2.0, s)


@pytest.mark.parametrize("f", [read_after, through_a_second_name, not_read_after])
def test_a_zero_d_argument_changed_by_a_helper_is_refused(f):
    x, s = np.array([0.3, 0.8, 1.7]), np.array(0.4)
    with pytest.raises(sd.SrcdiffError, match="changes its argument in place"):
        sd.grad(f, (0, 1))(x, s)
    assert s == 0.4  # (left as passed)


@pytest.mark.parametrize("f", [read_after, through_a_second_name, not_read_after])
def test_a_float_argument_stays_accepted(f):
    x = np.array([0.3, 0.8, 1.7])
    for options in ({}, {"optimize": False}, {"verify": True}):
        gx, gs = sd.grad(f, (0, 1), **options)(x, 0.4)
        assert_close(gx, numeric_grad(f, (x, 0.4), 0))
        assert_close(gs, numeric_grad(f, (x, 0.4), 1))
