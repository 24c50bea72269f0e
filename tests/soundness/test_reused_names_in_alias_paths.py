"""A name bound twice to views of different arrays (``p = x[0]`` ... ``p = t[1]``, a loop
variable reused by a second loop) made the alias check join the arrays through it: a
change of ``t`` was refused as one of ``x`` ("changes an array in place that `x` also
refers to"), though ``p`` is never both. The paths of analysis/sharing.py's ``group`` now
follow bindings: an edge made by one definition of a name does not continue through an
edge made by another (``_steps``). A name that may hand its old object back
(``p = p[1:]``), a binding through both (``p = x[0] if c else t[1]``), and a read of the
first binding after the second is made stay refused. Oracle: central differences in three
pipelines, and forward mode."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def straight(x):
    t = np.outer(x, x)
    p = x[0]
    t[0] -= p
    p = t[1]
    return np.sum(p * x)


def two_loops(x):
    t = np.outer(x, x)
    for i, (p, q) in enumerate(zip(x, x[::-1])):
        t[i] -= p * q
    s = 0.0
    for i, (p, q) in enumerate(zip(t, x)):
        s = s + np.sum(p * q)
    return s


def rows_then_elements(x):
    m = np.outer(x, x) + 1.0
    acc = 0.0
    for row in m:
        acc = acc + np.sum(row ** 2)
    for k in range(3):
        row = x[k:]
        m[k] *= 0.5
        acc = acc + np.sum(row) * m[k, k]
    return acc + np.sum(m)


def chain_of_two(x):
    t = np.outer(x, x)
    p = x[1:]
    q = p  # (q is x's view)
    t[1] += q[0]
    p = t[0]  # (another binding of p: a view of t, never of x)
    return np.sum(p * t) + np.sum(q)


@pytest.mark.parametrize("f", [straight, two_loops, rows_then_elements, chain_of_two])
def test_a_name_bound_twice_does_not_join_its_arrays(f):
    x = np.array([0.3, -1.2, 2.1])
    expected = numeric_grad(f, (x,), 0)
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(f, **options)(x), expected)
    t = np.array([0.5, -1.0, 0.25])
    assert_close(sd.jvp(f)(x, tangents=t)[1], expected @ t, what="tangent")


def carried(x):
    t = np.outer(x, x)
    p = t[1]
    p = p[1:]  # (still a view of t)
    t[1] += 1.0
    return np.sum(p * x[1:])


def either(x):
    t = np.outer(x, x)
    p = x[1:] if x[0] > 0 else t[0]
    p = t[2] if x[1] > 5 else p
    p += 1.0
    return np.sum(t) + np.sum(p)


def first_binding_read_late(x):
    y = np.outer(x, x)
    p = y[0]
    q = p
    p = x[1:]
    y[0] *= 2.0
    return np.sum(q * 3.0) + np.sum(p)


@pytest.mark.parametrize("f", [carried, either, first_binding_read_late])
def test_a_real_alias_through_a_rebound_name_stays_refused(f):
    with pytest.raises(sd.SrcdiffError, match="changes an array in place"):
        sd.grad(f)(np.array([0.3, -1.2, 2.1]))
