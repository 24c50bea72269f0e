"""Copy propagation (optimize/passes.py ``_copy_propagate``): after ``a = b``, ``b`` is read
for ``a`` until either is reassigned, ``a += e`` included: for a number (a NumPy scalar
too) ``+=`` rebinds ``a``, so ``b`` no longer holds its value."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

PIPELINES = ({}, {"verify": True}, {"optimize": False})


def _nested(a, n):
    if n == 0:
        return a
    return np.sin(_nested(a, n - 1)) * 1.1


def scalar_copy_updated(w):
    t0 = np.std(w, axis=-1)  # a NumPy scalar: b_t0 = b_call; b_t0 += e rebinds b_t0
    t2 = (t0 > 0.2) * t0
    t4 = _nested(t0, 3)
    return np.sum(t2 * 0.7) + np.sum(t4 * 0.4)


@pytest.mark.parametrize("options", PIPELINES)
def test_a_copy_updated_in_place_is_not_read_through_its_source(options):
    """Copy propagation read ``b_call`` for ``b_t0`` after ``b_t0 = b_call; b_t0 += e``:
    the same array for arrays, but a NumPy scalar is rebound by ``+=`` (fuzz arrays, seed
    2026, program 528: the gradient was 0.39 of the right one)."""
    w = np.array([-0.415938, 0.154587, 0.339906])
    assert_close(sd.grad(scalar_copy_updated, **options)(w),
                 numeric_grad(scalar_copy_updated, (w,), 0))
