"""backend="numba": ``while`` loops keep their tapes as typed lists (numba's grow-by-doubling;
compiler/emit/numba_tapes.py), their trip count known only as they run. Gradients are
checked against the NumPy backend and central finite differences; one compiled gradient
per function, called at several trip counts (zero included)."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

pytest.importorskip("numba")


def counted_while(a, x0, n):
    x = x0
    k = 0
    while k < n:
        s = np.sin(x)  # (first bound in the loop: its tape holds the values after each trip)
        x = a * s + 0.1 * x * x
        k += 1
    return x


def stop_on_value(w, h0, xs, stop):
    h = h0
    k = 0
    while np.sum(h * h) < stop:
        h = np.tanh(w @ h + xs[k]) + 0.5 * h
        k = k + 1
        if k >= 5:
            break
    return np.sum(h * h * h)


def two_whiles(a, x0):
    x = x0
    k = 0
    while k < 3:
        y = np.cos(x) * a
        x = x + y
        k += 1
    while x > 0.2:  # y bound by the first loop: the second's first restore gives that back
        y = y * x + a
        x = x * 0.5
    return x + y


def _check(g, fn, args, wrt):
    got, ref = g(*args), sd.grad(fn, wrt=wrt)(*args)
    if isinstance(wrt, int):
        got, ref, wrt = (got,), (ref,), (wrt,)
    for k, a, r in zip(wrt, got, ref):
        assert_close(a, r, rtol=1e-12, atol=1e-14)
        assert_close(a, numeric_grad(fn, args, k))


def test_a_counted_while_loop_at_any_trip_count():
    g = sd.grad(counted_while, wrt=(0, 1), backend="numba")
    for n in (0, 1, 4, 9):
        _check(g, counted_while, (0.7, 0.3, n), (0, 1))


def test_a_while_loop_on_a_value_with_a_break():
    g = sd.grad(stop_on_value, wrt=(0, 1, 2), backend="numba")
    rng = np.random.default_rng(7)
    w, h0 = 0.4 * rng.standard_normal((3, 3)), rng.standard_normal(3)
    xs = rng.standard_normal((6, 3))
    trips = []
    for stop in (0.01, 3.0, 50.0):  # no trip, some, stopped by the break
        h, k = h0, 0
        while np.sum(h * h) < stop and k < 5:
            h, k = np.tanh(w @ h + xs[k]) + 0.5 * h, k + 1
        trips.append(k)
        _check(g, stop_on_value, (w, h0, xs, stop), (0, 1, 2))
    assert trips[0] == 0 and 0 < trips[1] < 5 and trips[2] == 5, trips


def test_two_while_loops_and_a_name_bound_by_the_first(monkeypatch):
    g = sd.grad(two_whiles, wrt=(0, 1), backend="numba")
    for x0 in (0.3, 1.1):
        _check(g, two_whiles, (0.6, x0), (0, 1))
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    text = g.source(0.6, 0.3)
    assert "_stack" not in text and ".append(" in text and "tape_pop_entry(" in text


def nested_in_while(a):
    x = a
    k = 0
    while k < 3:
        for j in range(2):
            x = np.sin(x) * a
        k += 1
    return x


def branch_in_while(a):
    x = a
    k = 0
    while k < 3:
        if x > 0.5:
            x = np.sin(x) * a
        k += 1
    return x


@pytest.mark.parametrize("a", [0.3, 0.7, 2.0])
def test_a_branch_in_a_while_loop_compiles(a):
    """Refused until session 42; its arm's saves now keep a list tape of their own
    (numba_tapes.py; more in test_numba_branch_tapes.py)."""
    _check(sd.grad(branch_in_while, backend="numba"), branch_in_while, (a,), 0)


@pytest.mark.parametrize("a", [0.3, 0.7, 2.0])
def test_a_loop_nested_in_a_while_loop_compiles(a):
    """Refused until session 43 (more in test_numba_nested_loops.py)."""
    _check(sd.grad(nested_in_while, backend="numba"), nested_in_while, (a,), 0)
