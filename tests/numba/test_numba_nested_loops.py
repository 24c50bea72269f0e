"""backend="numba": values saved in a loop nested in another loop (compiler/emit/numba_tapes.py,
numba_tape_sites.Nest), refused until session 43. Each save site of an inner loop keeps one
typed list for all its trips in every outer trip, popped in reverse by the backward sweep.
Gradients (reverse) and tangents (forward) are checked against the NumPy backend (1e-12)
and central finite differences in float64, with SRCDIFF_VERIFY=1 too: double loops over
``i, j`` reading and updating floats and array entries, Gauss-Seidel sweeps, a time loop
over a space loop, inner ``while`` loops, branches, ``break`` and ``continue`` in the inner
loop, inner trip counts depending on the outer index (zero on some outer trips), three
levels, a loop in a branch in a loop, and names bound in both the outer and inner bodies."""

import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close
from numba_agree import agree

pytest.importorskip("numba")


def double_loop(x):
    s = 0.0
    for i in range(3):
        for j in range(4):
            s = s * 0.9 + np.sin(x[i] * x[j] + s)
    return s


def gauss_seidel(u, f):
    u = np.copy(u)
    n = u.shape[0]
    for sweep in range(3):
        for i in range(1, n - 1):
            u[i] = 0.5 * (u[i - 1] + u[i + 1] + f[i]) * np.tanh(u[i])
    return np.sum(u * u)


def time_space(u, c):
    n = u.shape[0]
    for t in range(4):
        v = np.copy(u)
        for i in range(1, n - 1):
            v[i] = u[i] - c * u[i] * (u[i] - u[i - 1])
        u = v
    return np.sum(u ** 2)


def matrix_sweep(a, x):
    a = np.copy(a)
    n = a.shape[0]
    for i in range(n):
        for j in range(n):
            a[i, j] = np.tanh(a[i, j] * x[j] + a[i - 1, j])
    return np.sum(a * a)


def inner_while(x):
    s = 0.0
    for i in range(x.shape[0]):
        k = 0
        while k < i:  # (no trips when i == 0)
            s = np.sin(s + x[i] * k)
            k += 1
    return s + x[0]


def triangular(x, c):
    s = c
    for i in range(x.shape[0]):
        for j in range(i):  # (no trips when i == 0)
            t = np.cos(x[j] * s)  # (t first bound in the inner loop)
            s = s + t * x[i]
    return s


def inner_branch(x):
    s = 0.0
    for i in range(3):
        for j in range(x.shape[0]):
            if x[j] > 0.2:
                s = s * x[j] + 1.0
            else:
                s = np.cos(s) * x[i]
    return s


def inner_break(x, c):
    s = c
    for i in range(x.shape[0]):
        for j in range(x.shape[0]):
            s = np.sin(s) * x[j] + c
            if s > 0.6:
                break
    return s


def inner_continue(x, c):
    s = c
    for i in range(3):
        for j in range(x.shape[0]):
            if x[j] < -0.1:
                continue
            s = math.sin(s * x[j]) + x[i]
    return s


def rebound_in_both(x):
    s = 0.5
    for i in range(x.shape[0]):
        a = x[i] * s  # (a bound in the outer body, rebound in the inner)
        for j in range(2):
            a = np.sin(a) * x[j]
        s = s + a * a
    return s


def three_levels(x):
    s = 0.3
    for i in range(2):
        for j in range(x.shape[0]):
            for k in range(j):
                s = np.tanh(s * x[k] + x[j] * x[i])
    return s


def loop_in_branch(x):
    s = 0.1
    for i in range(x.shape[0]):
        if x[i] > 0.0:
            for j in range(i):
                s = np.sin(s + x[j]) * x[i]
        else:
            s = s * x[i]
    return s


def while_over_for(x, n):
    s = 0.2
    k = 0
    while k < n:
        for j in range(x.shape[0]):
            s = np.cos(s) * x[j] + s * s * 0.1
        k += 1
    return s


def entry_from_an_earlier_loop(x):
    s = 0.1
    for j in range(2):
        t = np.sin(x[j] + s)  # (t first bound in a loop: its value on entry to the next)
        s = s + t
    for i in range(x.shape[0]):
        for k in range(i):
            t = np.cos(t * x[k])  # (the first restore gives the earlier loop's t back)
            s = s + t * x[i]
    return s + t


X = np.array([0.5, -0.3, 0.8, 0.25, -0.6])
POS = np.array([0.5, 0.3, 0.8, 0.25, 0.6])
CASES = [
    (double_loop, (X[:4],), (0,)),
    (gauss_seidel, (np.array([0.3, -0.4, 0.6, 0.2, -0.1, 0.7]),
                    np.array([0.1, 0.5, -0.2, 0.3, 0.4, -0.3])), (0, 1)),
    (time_space, (np.array([0.3, 0.5, 0.9, 0.4, 0.7, 0.2]), 0.3), (0, 1)),
    (matrix_sweep, (np.array([[0.3, -0.2, 0.5], [0.1, 0.4, -0.6], [0.7, -0.3, 0.2]]),
                    np.array([0.6, -0.4, 0.9])), (0, 1)),
    (inner_while, (X,), (0,)),
    (triangular, (X, 0.4), (0, 1)),
    (inner_branch, (X,), (0,)),
    (inner_branch, (POS,), (0,)),  # (the `else` arm never taken)
    (inner_break, (X, 0.3), (0, 1)),
    (inner_break, (X, 0.9), (0, 1)),
    (inner_continue, (X, 0.4), (0, 1)),
    (rebound_in_both, (X,), (0,)),
    (three_levels, (X[:4],), (0,)),
    (loop_in_branch, (X,), (0,)),
    (while_over_for, (X[:3], 3), (0,)),
    (while_over_for, (X[:3], 0), (0,)),  # (the outer loop runs zero times)
    (triangular, (X[:1], 0.4), (0, 1)),  # (the inner loop never runs)
    (entry_from_an_earlier_loop, (X,), (0,)),
]


@pytest.mark.parametrize("fn, args, wrt", CASES,
                         ids=[f"{c[0].__name__}-{k}" for k, c in enumerate(CASES)])
@pytest.mark.parametrize("verify", ["0", "1"])
def test_saves_in_nested_loops(fn, args, wrt, verify, monkeypatch):
    monkeypatch.setenv("SRCDIFF_VERIFY", verify)
    agree(fn, args, wrt)


@pytest.mark.parametrize("fn, args, wrt", CASES,
                         ids=[f"{c[0].__name__}-{k}" for k, c in enumerate(CASES)])
def test_forward_mode_of_nested_loops(fn, args, wrt):
    rng = np.random.default_rng(5)
    for k in wrt:
        tangent = rng.standard_normal(np.shape(args[k])) if np.ndim(args[k]) else 0.7
        value, got = sd.jvp(fn, wrt=k, backend="numba")(*args, tangents=tangent)
        ref_value, ref = sd.jvp(fn, wrt=k)(*args, tangents=tangent)
        assert value == pytest.approx(ref_value, rel=1e-13)
        assert_close(got, ref, rtol=1e-12, atol=1e-14)
        eps = 1e-6

        def at(step):
            moved = list(args)
            moved[k] = np.asarray(args[k], dtype=float) + step * np.asarray(tangent)
            moved[k] = float(moved[k]) if np.ndim(args[k]) == 0 else moved[k]
            return fn(*moved)
        assert_close(got, (at(eps) - at(-eps)) / (2 * eps))


def test_inner_saves_go_on_list_tapes_outer_ones_on_rows():
    """An inner loop's saves keep a typed list for every trip of every outer trip; the
    outer loop's own saves (its trip count known on entry) keep preallocated rows."""
    def outer_saves_too(x):
        s = 0.2
        for i in range(x.shape[0]):
            s = np.sin(s) * x[i]
            for j in range(i):
                s = np.cos(s * x[j])
        return s
    text = sd.grad(outer_saves_too, backend="numba").source(X)
    assert "_stack" not in text and "tape_alloc(_n0" in text and ".pop()" in text
    agree(outer_saves_too, (X,), (0,))


def test_a_name_bound_after_the_inner_loop_too_is_refused_or_exact():
    """``t`` bound in the inner loop and again after it in the outer body: the entry below
    on the inner site's tape is not the value before (the outer binding came between):
    refused, named, never a wrong gradient."""
    def bound_after(x):
        s = 0.3
        for i in range(x.shape[0]):
            for j in range(2):
                t = np.sin(s * x[j])
                s = s + t
            t = s * x[i]
            s = s * t
        return s
    try:
        g = sd.grad(bound_after, backend="numba")(X[:3])
    except sd.SrcdiffError as e:
        assert "could not place the tape of `t`" in str(e)
    else:
        agree(bound_after, (X[:3],), (0,))
        assert g is not None
