"""Chained stores through an entry of a list or dict: ``D["w"][0] = v``, ``L[i][1:] *= c``,
``D["a"][k][j] = v`` (front/chains.py: ``item = x[i]; item[j] = v; x[i] = item``, the
entry checked to be of a list or dict when the code runs). Gradients against central
differences in every pipeline (reverse, reference, verification) and forward mode; the
stores a name other than the container would see, and containers that are not a list or
dict, are refused."""

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_every_mode, refusal_message

X = np.array([0.3, -1.2, 0.8])


def dict_slice_scaled(x):
    d = {"g": x * 1.0, "h": x ** 2}
    d["g"][1:] *= 3.0
    return np.sum(d["g"] ** 2 * d["h"])


def dict_entry_stored(x):
    p = {"w": np.zeros(3)}
    p["w"][0] = x[0] ** 2
    p["w"][2] = np.sin(x[1]) * p["w"][0]
    return np.sum(p["w"] * x)


def list_rows_stored(x):
    rows = [x * 1.0, x * 2.0, np.cos(x)]
    rows[0][0] = rows[1][1] * x[2]
    rows[2][1:] += rows[0][:2] * rows[2][0]
    rows[1][2] *= rows[2][1]
    return np.sum(rows[0] * rows[1] + rows[2] ** 2)


def list_of_lists_of_numbers(x):
    m = [[x[0], x[1]], [x[2], 1.0]]
    m[1][1] = x[0] * 2.0
    return m[0][0] * m[1][1] + m[1][0]


def dict_updated_in_a_loop(x):
    s = {"acc": np.zeros(3), "n": 2}
    for k in range(1, 3):
        s["acc"][k] += s["acc"][k - 1] * x[k] + x[k - 1]
        s["acc"][k - 1] = np.tanh(s["acc"][k])
    return np.sum(s["acc"] ** 2)


def list_built_by_appends(x):
    rows = []
    for i in range(2):
        rows.append(x * (i + 1.0))
    rows[1][0] = rows[0][2] ** 2
    return np.sum(rows[0] + rows[1] * rows[1])


CASES = [dict_slice_scaled, dict_entry_stored, list_rows_stored, list_of_lists_of_numbers,
         dict_updated_in_a_loop, list_built_by_appends]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_stores_through_entries_in_every_mode(f):
    check_every_mode(f, X.copy())


def test_the_caller_arrays_are_left_alone():
    f = sd.grad(list_rows_stored)
    x = X.copy()
    f(x)
    assert np.array_equal(x, X)


def entry_named_elsewhere(x):
    a = x * 1.0
    d = {"g": a}
    d["g"][0] = 5.0  # changes `a` too
    return np.sum(a * d["g"])


def entry_held_twice(x):
    a = x * 1.0
    t = [a, a]
    t[0][0] = 5.0  # changes t[1] too
    return np.sum(t[1] * x)


def argument_entry(p, x):
    p["w"][0] = x[0]  # changes the caller's array
    return np.sum(p["w"] * x)


def three_levels(x):
    d = {"a": [x * 1.0, x * 2.0]}
    d["a"][1][0] = x[2] * x[1]  # (the entries of d["a"] are not followed)
    return np.sum(d["a"][0] * d["a"][1])


def rows_in_a_loop(x):
    rows = [x * 1.0, x * 2.0]
    for i in range(2):
        rows[i][0] = x[i]  # (which entry is changed is not followed)
    return np.sum(rows[0] * rows[1])


def value_changing_the_container(x):
    d = {"a": x * 1.0, "b": x * 2.0}
    d["a"][0] += d.pop("b")[1]
    return np.sum(d["a"])


def tuple_entry(x):
    t = (x * 1.0, x * 2.0)
    t[0][1] = x[2]
    return np.sum(t[0] * t[1])


@pytest.mark.parametrize("f, words", [
    (entry_named_elsewhere, "`a` also refers to"),
    (entry_held_twice, "srcdiff cannot follow the change"),
    (tuple_entry, "is followed through an entry of a list or dict, not of a tuple"),
    (three_levels, "srcdiff cannot follow the change"),
    (rows_in_a_loop, "srcdiff cannot follow the change through `rows`"),
    (value_changing_the_container, "when `v` changes no container"),
], ids=lambda v: v.__name__ if callable(v) else "")
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_stores_through_entries_not_modelled_are_refused(f, words, mode):
    message = refusal_message(f, X, mode)
    assert words in message, message


def test_a_store_into_an_argument_entry_is_refused():
    with pytest.raises(sd.SrcdiffError, match="srcdiff cannot follow the change through `p`"):
        sd.grad(argument_entry, wrt="x")({"w": X.copy()}, X.copy())
