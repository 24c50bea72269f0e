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


# A called function's backward sweep given None for the caller's gradient of an array it
# summed (a uniform gradient, a scalar standing for an array) returned the scalar itself:
# the caller then took it as the whole gradient, np.sum's n copies counted once (a wrong
# gradient: 0.58 for 2.33 below) or a crash (a reshape of it). It returns the array now.

def _summed(a, b):
    c = np.tanh(a) * 2.0
    return c * np.sum(b) + a


def through_a_summing_call(u, s):
    t = s + np.zeros(4)
    return _summed(u, t) * 1.0


def through_a_summing_call_of_a_view(w, s):
    t = np.ravel(w)
    return np.sum(t * 0.7) + _summed(s, t) * -1.3


@pytest.mark.parametrize("fn, args", [(through_a_summing_call, (0.3, 0.5)),
                                      (through_a_summing_call_of_a_view,
                                       (np.array([[0.2, -0.1], [0.4, 0.3]]), 0.6))])
@pytest.mark.parametrize("optimize", [True, False])
def test_a_callee_given_no_buffer_returns_an_array(fn, args, optimize):
    got = sd.grad(fn, wrt=(0, 1), optimize=optimize)(*args)
    for k in (0, 1):
        assert np.shape(got[k]) == np.shape(args[k])
        assert_close(got[k], numeric_grad(fn, args, k))
