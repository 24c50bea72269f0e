"""``for k, v in list(d.items())``: the loop that may store into ``d`` (Python's list holds
the entries as they were when the loop began).

Lowered as ``list(...)`` of ``d.items()`` was, a list of ``(key, value)`` tuples, the key
``k`` was read out of a tuple holding a differentiated value, so it looked differentiated
too, and a store ``d[k] = ...`` in a function that reads keys back was refused ("this dict
key depends on the differentiated inputs"). Now the values are taken first, and the loop
runs over ``zip(key_list(d), values)``: a key is a constant label, and the body's stores
into ``d`` are not seen by the iteration, as in Python.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

X = np.array([0.3, 0.5, -0.4])


def doubled_in_place(x):
    d = {"a": x[0], "b": x[1]}
    for k, v in list(d.items()):
        d[k] = v * 2.0 + d["a"]
    return d["a"] * d["b"]


def values_as_they_were(x):
    d = {"a": x[0], "b": x[1], "c": x[2]}
    s = 0.0
    for v in tuple(d.values()):
        d["c"] = d["c"] * v + 1.0  # (not seen by the loop: it iterates the old values)
        s = s + v * v
    return s * d["c"]


def keys_read_back(x):
    d = {0: x[0], 1: x[1]}
    total = 0.0
    for k, v in list(d.items()):
        d[k + 2] = v * x[2]
        total = total + k * v
    return total + sum(d.values()) * len(d)


@pytest.mark.parametrize("fn", [doubled_in_place, values_as_they_were, keys_read_back],
                         ids=lambda f: f.__name__)
def test_a_loop_over_a_snapshot_of_a_dict(fn):
    want = numeric_grad(fn, (X,), 0)
    for options in ({}, {"verify": True}, {"optimize": False}):
        assert_close(sd.grad(fn, **options)(X), want)
    _, tangent = sd.jvp(fn)(X, tangents=np.ones(3))
    assert_close(tangent, np.sum(want), what="tangent")
