"""backend="numba": the steady-state call (api/backends.py): a call whose arguments have
the quick key of an earlier call runs that call's compiled gradient directly. Each call
here is checked against the NumPy backend and central finite differences, so a key that
picked the wrong gradient, a list passed the wrong way or a stale global would fail."""

import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.api import transforms

numba = pytest.importorskip("numba")

OFFSET = 0.25


def filter_loss(a, q, ys, n):
    level = 0.0
    width = 1.0
    loss = 0.0
    for t in range(n):
        err = ys[t] - a * level - OFFSET
        width = q + a * width * a
        loss = loss + math.log(width) + err * err / (2.0 * width)
        level = a * level + 0.5 * err
    return loss


def _check(g, ref, args):
    got = g(*args)
    want = ref(*args)
    for k in (0, 1):
        assert_close(got[k], want[k], rtol=1e-12, atol=1e-14)
        assert_close(got[k], numeric_grad(filter_loss, args, k))


def test_calls_with_new_values_of_each_kind_of_list(monkeypatch):
    g = sd.grad(filter_loss, wrt=(0, 1), backend="numba")
    ref = sd.grad(filter_loss, wrt=(0, 1))
    rng = np.random.default_rng(3)
    floats = [float(v) for v in rng.standard_normal(80)]
    cases = [(0.9, 0.2, floats, 80), (0.8, 0.3, [v + 1.0 for v in floats], 80),
             (0.9, 0.2, tuple(floats[:5]), 5), (0.7, 0.1, [1, -2, 3], 3),
             (0.9, 0.2, floats[:64], 64),
             (0.9, 0.2, np.array(floats), 80)]
    for args in cases + cases:  # the second round finds every key
        _check(g, ref, args)
    ys = list(floats)
    _check(g, ref, (0.9, 0.2, ys, 80))
    ys[3] = 40.0  # changed in place: read again at the next call
    _check(g, ref, (0.9, 0.2, ys, 80))
    monkeypatch.setitem(globals(), "OFFSET", -1.5)  # a rebound global is seen
    _check(g, ref, (0.9, 0.2, ys, 80))
    monkeypatch.setitem(globals(), "OFFSET", 2)  # of another type: compiled anew
    _check(g, ref, (0.9, 0.2, ys, 80))
    transforms.invalidate()  # (rules changed): the steady state starts again
    _check(g, ref, (0.9, 0.2, ys, 80))
    assert_close(g(0.9, 0.2, ys, 80, grad_ys=2.0)[0], 2.0 * ref(0.9, 0.2, ys, 80)[0])
    assert_close(g(0.9, 0.2, ys, n=80)[1], ref(0.9, 0.2, ys, 80)[1])
