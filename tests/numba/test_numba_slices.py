"""backend="numba": values saved that are not names (a slice of a state about to be
written, ``np.copy(u[1:-1])``) and restored into a slice (numba_tapes.name_saved_values),
as in the Burgers stencil of the realistic bench family. Numbers against the NumPy
backend, central finite differences and the hand-written gradient; the source is a golden
file."""

import os
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close
from golden_cases import check_golden
from numba_agree import agree
from paths import ROOT

pytest.importorskip("numba")

sys.path.insert(0, os.path.join(ROOT, "bench"))
from realistic import burgers  # noqa: E402


@pytest.mark.parametrize("steps", [0, 1, 6])
def test_burgers(steps):
    u0, nu, target, _ = burgers.make_inputs(np.random.default_rng(2))
    args = (u0, nu, target, steps)
    got = agree(burgers.primal, args, burgers.WRT)
    hand = burgers.hand_grad(*args)
    assert_close(got[0], hand[0], rtol=1e-10, atol=1e-12)
    assert_close(got[1], hand[1], rtol=1e-10, atol=1e-12)


def smoothed(x, w, n):
    v = x.copy()
    for t in range(n):
        v[1:] = np.tanh(w * v[1:] + 0.3 * v[:-1])
        v[:2] = v[:2] * w
    return np.sum(v * v)


def test_slices_rewritten_in_a_loop():
    x = np.array([0.3, -0.5, 0.8, 0.1])
    for n in (0, 1, 5):
        agree(smoothed, (x, 0.7, n), (0, 1))


def ends_pinned(x, w, n):
    v = x.copy()
    for t in range(n):
        v[1:] = np.tanh(w * v[1:] + 0.3 * v[:-1])
        v[0] = v[0] * w
    return np.sum(v * v)


def test_an_entry_saved_in_a_loop():
    # its saved value is a 0-d array (np.copy(v[0])), kept on a tape of numbers; it was
    # refused ("numba cannot compile the gradient ... tape_alloc(int64, array(float64, 0d, C))")
    for n in (0, 1, 3):
        agree(ends_pinned, (np.array([0.3, -0.5, 0.8]), 0.7, n), (0, 1))


def entries_rewritten(x):
    y = x.copy()
    s = 0.0
    for i in range(1, len(y)):
        s = s + y[i] * y[i - 1]
        y[i] += 0.5 * y[i - 1] * s
    return np.sum(y) + s


def test_entries_saved_in_a_loop_then_read_again():
    agree(entries_rewritten, (np.array([0.3, 0.2, -0.5, 0.4, 0.1]),), (0,))


def test_burgers_source():
    args = burgers.make_inputs(np.random.default_rng(0))
    g = sd.grad(burgers.primal, wrt=burgers.WRT, backend="numba")
    check_golden("numba/burgers", g.source(*args))
