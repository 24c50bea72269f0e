"""A name that is a list and then an array (``t = []; ...; t = np.stack(t)``) is read at
an index after a full sum has given it a uniform gradient (kept as a scalar, uniform.py).
Its reads go through ``item_add``, which adds into an array or a list: the scalar must
be spread first (it crashed with AttributeError in the optimized pipeline). Found by the
array-program fuzz (tests/property/gen_arrays.py). Checked against finite differences
and the reference pipeline."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def stacked_then_sliced(x, w):
    t = []
    for row in x:
        t.append(row * w)
    t = np.stack(t)
    u = t[..., ::2]
    return np.sum(t * 0.7) + np.sum(u * 0.4)


def stacked_then_row(x, w):
    t = []
    for row in x:
        t.append(np.sin(row * w))
    t = np.stack(t)
    return np.sum(t) * 0.5 + np.sum(t[1] ** 2)


@pytest.mark.parametrize("fn", [stacked_then_sliced, stacked_then_row])
@pytest.mark.parametrize("optimize", [True, False])
def test_uniform_gradient_then_item_read(fn, optimize):
    x, w = np.array([0.3, 0.5, 0.2]), np.array([0.1, -0.4, 0.6, 0.9])
    gx, gw = sd.grad(fn, wrt=(0, 1), optimize=optimize)(x, w)
    assert_close(gx, numeric_grad(fn, (x, w), 0))
    assert_close(gw, numeric_grad(fn, (x, w), 1))
