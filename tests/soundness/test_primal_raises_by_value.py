# ruff: noqa: F841  (unused values are the dead code under test)
"""A gradient raises where the function raises by its operands' values or dtypes.

optimize/dead.py leaves ``check_broadcast`` for a dead elementwise statement of the primal
sweep: it checks the operands' shapes only. Some elementwise operations raise by their
values or dtypes too: Python floats divided by zero (``ZeroDivisionError``) or raised to an
overflowing power (``OverflowError``), ``&``/``|``/``^``/``<<``/``>>``/``~`` of floats
(``TypeError``), ``//`` and ``%`` (complex), an int array to a negative int power
(``ValueError``), ``math.exp`` of a large number (``OverflowError``). Such a dead statement
of the user (a value nothing reads) was dropped and the gradient returned where the
function raises (red34); it is kept now, unless an operand is a float array (NumPy's float
operations warn, never raise). A value the outputs are computed from is not kept for this
(README, Semantics: ``return math.log(x)`` at ``x < 0``). Oracles: the function itself and
central differences.
"""
import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def bits_of_floats(a, b):
    t = a & b
    return np.sum(a * b)


def shifted_floats(a, b):
    t = a << b
    return np.sum(a * b)


def inverted_floats(a, b):
    t = ~a
    return np.sum(a * b)


def python_division(x, y):
    t = x / y
    return x * 2.0


def python_floor_division(x, y):
    t = x // y
    return x * 2.0


def python_modulo(x, y):
    t = x % y
    return x * 2.0


def python_power(x, y):
    t = x ** y
    return x * 2.0


def read_by_a_check(x, y, z):
    t = x / y
    u = t + z
    return x * 3.0


def int_power(a, k, j):
    t = k ** j
    return np.sum(a * 2.0)


def math_exp_dead(x):
    t = math.exp(x)
    return x * 2.0


# (function, arguments on which the function raises, the exception, arguments it does not)
CASES = [
    (bits_of_floats, (np.ones(3), np.ones(3)), TypeError, None),
    (shifted_floats, (np.ones(3), np.ones(3)), TypeError, None),
    (inverted_floats, (np.ones(3), np.ones(3)), TypeError, None),
    (python_division, (1.5, 0.0), ZeroDivisionError, (1.5, 2.0)),
    (python_floor_division, (1.5, 0.0), ZeroDivisionError, (1.5, 2.0)),
    (python_modulo, (1.5, 0.0), ZeroDivisionError, (1.5, 2.0)),
    (python_power, (10.0, 400.0), OverflowError, (10.0, 2.0)),
    (python_power, (0.0, -1.0), ZeroDivisionError, (2.0, -1.0)),
    (read_by_a_check, (1.5, 0.0, 2.0), ZeroDivisionError, (1.5, 2.0, 2.0)),
    (int_power, (np.ones(3), np.arange(3), np.array([-1, 1, 2])), ValueError,
     (np.ones(3), np.arange(3), np.array([1, 1, 2]))),
    (math_exp_dead, (1000.0,), OverflowError, (2.0,)),
]
IDS = [f"{c[0].__name__}-{c[2].__name__}" for c in CASES]


@pytest.mark.parametrize("fn, bad, error, good", CASES, ids=IDS)
@pytest.mark.parametrize("options", [{}, {"optimize": False}], ids=["optimized", "reference"])
def test_raises_where_the_function_raises(fn, bad, error, good, options):
    with pytest.raises(error):
        fn(*bad)
    with pytest.raises(error):
        sd.grad(fn, **options)(*bad)


@pytest.mark.parametrize("fn, bad, error, good", [c for c in CASES if c[3] is not None],
                         ids=[i for i, c in zip(IDS, CASES) if c[3] is not None])
def test_right_where_it_does_not(fn, bad, error, good):
    assert_close(sd.grad(fn)(*good), numeric_grad(fn, good, 0))


def test_float_arrays_keep_no_division():
    """NumPy's float division warns, never raises: an array's dead quotient still goes."""
    def quotient(a, y):
        t = a / y
        return np.sum(a * 2.0)

    text = sd.source(quotient, args=(np.ones(3), 0.0))
    assert "a / y" not in text
    with np.errstate(divide="ignore"):
        assert_close(sd.grad(quotient)(np.ones(3), 0.0), np.full(3, 2.0))
