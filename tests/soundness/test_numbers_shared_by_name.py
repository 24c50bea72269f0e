"""A name read where it holds a number shares nothing: ``L = [s, 0.5]`` (``s`` a number
argument), ``c = b`` (``b = 1.0``) or ``D = {"m": m}`` (``m = math.tanh(s)``) put a number,
which no later in-place change of an array ``s``, ``b`` or ``m`` holds can reach.

The aliasing check followed every name that ever read ``s`` into a container or copied it,
whatever ``s`` held there, so ``for ...: s += 0.1 * x`` (the first trip rebinds ``s`` to a new
array, later trips change that one in place; ``s``'s rank over the whole function is not
known) was refused as a write into ``L``: the independent random programs' ``L = [s, 0.5,
1.0]`` and ``p = {"w": s, ...}`` (helper breadth36, seed 3501 indexes 0, 39, 159, 194, 268).
Now a statement that made a name share another's object (a copy, a view, a display, an
append) is not followed when it read that name where every definition reaching it binds a
number: a literal, ``float(...)``, ``math``'s float-valued functions, operators, ``min``,
``max`` and ``abs`` of numbers, or, for a parameter whose argument is a number (every other
binding of it a plain definition), the argument (objects.NumberBindings).

Near misses, still refused: an array copied before the write (``b = a; a += s``); a name
holding a number on one path and an array on another where it is put into a list; a loop
whose second trip appends the array the first trip made; arithmetic of a number and an array.
"""

import math

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from pipelines import check_pipelines

X = np.array([-0.35, 0.21, 0.4])


def number_argument_held(x, s, k):
    L = [s, 0.5]  # s's argument: a number
    t = s
    for _ in range(k):
        s += 0.1 * x  # the first trip rebinds s to a new array, later ones change that one
    return np.sum(s * x) + L[0] * L[1] + t * 2.0


def literal_then_array(x, s, k):
    b = 1.0
    L = [b, s]
    c = b
    for _ in range(k):
        b += s * x
    return np.sum(b * x) + L[0] * L[1] + c


def math_value_then_array(x, s, k):
    m = math.tanh(s)
    D = {"m": m}
    for _ in range(k):
        m += x
        m *= 2.0
    return np.sum(m * x) + D["m"] * s


def arithmetic_of_numbers(x, s, k):
    a = s * 0.5 + 1.0  # a number: arithmetic of numbers
    b = max(a, 0.2)
    L = [a, b]
    for _ in range(k):
        a += x
        b -= x * s
    return np.sum(a * b) + L[0] * L[1]


ACCEPTED = [number_argument_held, literal_then_array, math_value_then_array,
            arithmetic_of_numbers]


@pytest.mark.parametrize("f", ACCEPTED)
def test_a_number_read_into_a_container_or_a_copy(f):
    args = [X.copy(), 0.3, 3]
    check_pipelines(f, args, (0, 1))
    tangents = (np.array([0.7, -1.3, 0.2]), 0.4)
    _, dot = sd.jvp(f, wrt=(0, 1))(*args, tangents=tangents)
    want = np.dot(numeric_grad(f, args, 0), tangents[0]) + numeric_grad(f, args, 1) * tangents[1]
    assert np.isclose(float(np.sum(dot)), want, rtol=1e-6, atol=1e-8)


def _refusal(f, args, **options):
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(f, wrt=(0, 1), **options)(*args)
    return str(info.value)


def copied_array(x, s):
    a = 1.0
    a = a * x
    b = a  # b refers to a's array
    a += s
    return np.sum(b * x) + np.sum(a)


def number_or_array(x, s, k):
    if k > 1:
        a = 0.5
    else:
        a = x * s
    L = [a]  # a number, or the array a += x then changes
    a += x
    return np.sum(L[0] * x) + np.sum(a)


def second_trip(x, s, k):
    a = 0.5
    L = []
    for _ in range(k):
        # the first trip appends a number, the second the array the first made, which
        # `a += x * s` then changes in place (L[1])
        L.append(a)
        a += x * s
    return np.sum(L[-1] * x) + np.sum(a)


def arithmetic_of_an_array(x, s, k):
    a = s * 0.5
    c = a * x  # an array: arithmetic of a number and an array
    L = [c]
    for _ in range(k):
        c += x
    return np.sum(L[0] * x) + np.sum(c)


@pytest.mark.parametrize("options", [{}, {"optimize": False}])
@pytest.mark.parametrize("f, args, message", [
    (copied_array, [X.copy(), 0.3], "`a += s` changes an array in place that `b` also"),
    (number_or_array, [X.copy(), 0.3, 1], "`a += x` changes an array in place that `L` also"),
    (second_trip, [X.copy(), 0.3, 2], "`a += x * s` changes an array in place that `L` also"),
    (arithmetic_of_an_array, [X.copy(), 0.3, 2], "`c += x` changes an array in place that `L`"),
])
def test_a_name_that_may_hold_a_shared_array_is_still_refused(f, args, message, options):
    assert message in _refusal(f, args, **options)
