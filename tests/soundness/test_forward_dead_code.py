# ruff: noqa: F841  (unused values are the dead code under test)
"""Forward mode raises where the function raises in its own dead code, as reverse mode does.

``z = zs[i]`` whose value nothing reads, ``zs`` shorter than ``i``: the function raises
IndexError; reverse mode keeps the read (optimize/dead.py ``_index_check``), but forward
mode's optimizer knew nothing of the primal statements and dropped it with every other
dead statement, so ``sd.jvp`` returned a value: likewise a dead broadcast of operands that
do not broadcast, ``np.inner`` of unaligned vectors, a missing dict key, ``a / b`` of
Python floats with ``b == 0.0`` (red36). Forward mode's function now gets reverse mode's
treatment of the user's statements (dead.py ``primal_of`` with the user's names); a dead
tangent statement is still dropped. Oracles: the function itself (it raises, or not),
central differences.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def unused_read(x, zs, i):
    z = zs[i]
    return np.sum(x * x)


def unused_reads_in_a_loop(x, zs):
    s = 0.0
    for i in range(4):
        s = s + zs[i]
    return np.sum(np.sin(x) * x)


def unused_product_of_a_read(x, zs):
    u = x * zs[3]
    return np.sum(x * x)


def unused_broadcast(x, y):
    u = np.tanh(x) + y
    return np.sum(x * x)


def unused_inner(x, y):
    u = np.inner(x, y)
    return np.sum(x * x)


def unused_key(x, d):
    u = d["missing"] * x
    return np.sum(x * x)


def unused_division(x, a, b):
    u = a / b
    return np.sum(x * x)


X = np.array([0.3, -0.7, 1.1])
CASES = [
    (unused_read, (X, [1.0, 2.0], 5), (X, [1.0, 2.0], 1), IndexError),
    (unused_read, (X, np.ones(2), 2), (X, np.ones(3), 2), IndexError),
    (unused_reads_in_a_loop, (X, np.ones(3)), (X, np.ones(4)), IndexError),
    (unused_product_of_a_read, (X, np.ones(2)), (X, np.ones(4)), IndexError),
    (unused_broadcast, (X, np.ones(2)), (X, np.ones(3)), ValueError),
    (unused_inner, (X, np.ones(2)), (X, np.ones(3)), ValueError),
    (unused_key, (X, {"a": 1.0}), (X, {"missing": 1.0}), KeyError),
    (unused_division, (X, 1.0, 0.0), (X, 1.0, 2.0), ZeroDivisionError),
]


@pytest.mark.parametrize("f, bad, good, error", CASES, ids=[f"{c[0].__name__}-{k}"
                                                         for k, c in enumerate(CASES)])
def test_forward_mode_raises_where_the_function_raises(f, bad, good, error):
    with pytest.raises(error):
        f(*bad)
    with pytest.raises(error):
        sd.jvp(f, wrt=0)(*bad, tangents=np.ones(3))
    value, tangent = sd.jvp(f, wrt=0)(*good, tangents=np.ones(3))
    assert_close(value, f(*good))
    assert_close(tangent, np.sum(numeric_grad(f, good, 0)))


def test_dead_tangents_still_go(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)

    def f(x, y):
        u = np.tanh(x) * y
        return np.sum(x * x)

    text = sd.source(f, wrt=0, mode="forward", args=(X, X))
    assert "t_tanh" not in text and "np.cosh" not in text and "1.0 - " not in text
    assert "check_broadcast(x, y)" in text  # (tanh keeps the shape: its term)
