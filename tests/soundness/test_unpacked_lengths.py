# ruff: noqa: F841  (unused items are the dead code under test)
"""A tuple assignment of a sequence the compiler knows is one still checks its length.

``p, q = a`` reads ``a[0]`` and ``a[1]``; Python raises ``ValueError`` when ``a`` holds
another number of items. front/normalize.py checked the count (``unpacked``) only for a
value it could not tell is a sequence, so an array or list argument of 3 items unpacked
into 2 names gave a gradient where the function raises, in both pipelines (and
optimize/dead.py drops the unused items as "in range: the length is checked"; red34).
The check now stands for every unpacked sequence. Oracles: the function itself and
central differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def first_item(a):
    p, q = a
    return p * 2.0


def unused_items(a):
    p, q = a
    return np.sum(a * 2.0)


def starred_middle(a, seq):
    p, *q, r = seq
    return np.sum(a * p)


def nested(a, seq):
    (p, q), r = seq
    return np.sum(a * p * r)


def shape_items(a):
    n, m = a.shape
    return np.sum(a * n)


# (function, arguments of the right length, arguments of another, the argument to check)
CASES = [
    (first_item, (np.array([0.3, 0.7]),), (np.array([0.3, 0.7, 0.1]),)),
    (unused_items, (np.array([0.3, 0.7]),), (np.array([0.3, 0.7, 0.1]),)),
    (starred_middle, (np.array([0.3, 0.7]), [1.5, 2.0]), (np.array([0.3, 0.7]), [1.5])),
    (nested, (np.array([0.3, 0.7]), [(1.5, 2.0), 0.5]), (np.array([0.3, 0.7]),
                                                          [(1.5, 2.0, 1.0), 0.5])),
    (shape_items, (np.ones((2, 3)),), (np.ones((2, 3, 1)),)),
]


@pytest.mark.parametrize("fn, good, bad", CASES, ids=[c[0].__name__ for c in CASES])
@pytest.mark.parametrize("options", [{}, {"optimize": False}], ids=["optimized", "reference"])
def test_raises_where_the_function_raises(fn, good, bad, options):
    with pytest.raises(ValueError):
        fn(*bad)
    with pytest.raises(ValueError):
        sd.grad(fn, **options)(*bad)


@pytest.mark.parametrize("fn, good, bad", CASES, ids=[c[0].__name__ for c in CASES])
def test_right_where_the_length_is_right(fn, good, bad):
    assert_close(sd.grad(fn)(*good), numeric_grad(fn, good, 0))
