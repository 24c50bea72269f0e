"""backend="numba" on called functions that return tuples (compiler/emit/numba_tuples.py):
the cotangent of the outputs is a tuple built entry by entry (``item_add`` at a constant
position), ``None`` for an entry no gradient reaches (``cotangent``: zeros), and a range
loop saves the outputs on a tape of tuples. Gradients against the NumPy backend and
central finite differences; a tuple read at a position that is not a constant is refused."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from numba_agree import agree

pytest.importorskip("numba")

DT = 0.05


def rhs(x, y, a, b):
    return a * x - b * x * y, b * x * y - 0.5 * y


def lotka(a, b, x, y, n):  # lotka_rk4's shape: a two-stage scheme on arrays
    for i in range(n):
        k1x, k1y = rhs(x, y, a, b)
        k2x, k2y = rhs(x + DT * k1x, y + DT * k1y, a, b)
        x = x + 0.5 * DT * (k1x + k2x)
        y = y + 0.5 * DT * (k1y + k2y)
    return np.sum(x * x) + np.sum(np.sin(y))


def split(x, s):
    return x * s, s * s  # an array and a number


def first_only(x, s, n):  # the number's entry gets no gradient (None: cotangent's zeros)
    total = 0.0
    for i in range(n):
        u, v = split(x, s)
        total = total + np.sum(np.cos(u))
        x = u * 0.9
    return total


def both(x, s):
    u, v = split(x, s)
    return np.sum(u * u) * v


def twice(x, s):  # entry 0 read twice: its second gradient added to the first (b[0] + g)
    t = split(x, s)
    return np.sum(t[0] ** 2) * t[1] + np.sum(np.sin(t[0]))


def test_a_loop_calling_a_function_of_two_array_outputs():
    rng = np.random.default_rng(2)
    args = (1.0 + 0.1 * rng.standard_normal(4), 0.4 + 0.05 * rng.standard_normal(4),
            2.0 + rng.random(4), 1.0 + rng.random(4), 6)
    agree(lotka, args, (0, 1, 2, 3))


def test_outputs_of_two_types_and_an_entry_without_gradient():
    rng = np.random.default_rng(4)
    agree(first_only, (rng.standard_normal(3), 0.7, 3), (0, 1))
    agree(both, (rng.standard_normal(3), 0.7), (0, 1))
    agree(twice, (rng.standard_normal(3), 0.7), (0, 1))


def pick(x, n):
    total = 0.0
    for i in range(n):
        total = total + np.sum(rhs(x, x, 0.5, 2.0)[i % 2])  # (two arrays: numba reads it)
    return total


def test_a_tuple_read_at_a_variable_position_is_refused():
    with pytest.raises(sd.SrcdiffError) as e:
        sd.grad(pick, backend="numba")(np.ones(3), 2)
    text = str(e.value)
    assert "def pick(x, n):" in text and "item_add(" in text
    assert_close(sd.grad(pick)(np.ones(3), 2), numeric_grad(pick, (np.ones(3), 2), 0))
