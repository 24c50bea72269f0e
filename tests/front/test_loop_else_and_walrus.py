"""A loop's ``else`` block (front/jumps.py) and assignment expressions ``y := v``
(front/expressions.py ``named_expr``), both refused before. Checked in every mode against
finite differences, on inputs that take each path (the loop breaks, or runs out)."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close
from pipelines import check_every_mode
from tangents import random_like


def for_else(x):
    s = 0.0
    for i in range(3):
        s = s + x[i] * x[i]
    else:
        s = s * 2.0
    return s


def for_else_break(x):
    s = 0.0
    for i in range(4):
        if x[i] > 0.5:
            s = s + x[i]
            break
        s = s + np.sin(x[i])
    else:
        s = s * 10.0
    return s


def while_else_break(x):
    s = x[0]
    k = 0
    while k < 3:
        s = s * x[k + 1]
        if s > 0.05:
            break
        k += 1
    else:
        s = s + 1.0
    return s


def nested_else_continue(x):
    total = 0.0
    for j in range(2):
        for i in range(3):
            if x[i] * x[3] > 0.3:
                break
            total = total + x[i] * (j + 1)
        else:
            total = total - x[3]
            continue
        total = total * 2.0
    return total


def else_after_return(x):
    for i in range(3):
        if x[i] > 0.8:
            return x[i] ** 2
    else:
        return np.sum(x) * 3.0


def elements_else_return(x):
    r = 1.0
    for v in x:
        r = r * v
        if r < 0.01:
            break
    else:
        return r
    return -r


def walrus_in_test(x):
    if (n := np.sum(x ** 2)) > 1.0:
        return n * 2.0
    return n


def walrus_in_while(x):
    s = x[0]
    k = 0
    while (d := s * 0.5) > 0.04 and (k := k + 1) < 10:
        s = d + x[1] * 0.01
    return s * k


def walrus_in_comprehension(x):
    ys = [y := v * 2.0 for v in x]
    return np.sum(np.array(ys)) * y


def walrus_read_after(x):
    return (a := x[0] * x[1]) * a + np.sin(a)


def walrus_in_short_circuit(x):
    t = x[0] > 0.2 and (m := x[1] ** 2) > 0.0
    return x[2] * 3.0 if not t else m * x[2]


CASES = [for_else, for_else_break, while_else_break, nested_else_continue, else_after_return,
         elements_else_return, walrus_in_test, walrus_in_while, walrus_in_comprehension,
         walrus_read_after, walrus_in_short_circuit]
INPUTS = [np.array([0.3, 0.7, 0.2, 0.9]), np.array([0.1, 0.2, 0.3, 0.4]),
          np.array([1.5, 0.4, 1.0, 0.5]), np.array([0.05, 0.1, 0.3, 0.2])]


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("k", range(len(INPUTS)))
def test_every_mode(f, k):
    check_every_mode(f, INPUTS[k], seed=k)


@pytest.mark.parametrize("f", [for_else_break, walrus_read_after], ids=lambda f: f.__name__)
def test_second_order(f):
    x, v = INPUTS[0], random_like(INPUTS[0], np.random.default_rng(7))
    g, h = sd.grad(f), 1e-6
    assert_close(sd.hvp(f)(x, vector=v), (g(x + h * v) - g(x - h * v)) / (2 * h),
                 rtol=1e-5, atol=1e-6)


def test_the_else_block_runs_only_without_break():
    src = sd.source(for_else_break)
    assert "if not _brk:" in src
    assert "_brk" not in sd.source(for_else)  # no break: the block just follows the loop
