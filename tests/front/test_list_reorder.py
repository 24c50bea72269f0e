"""``L.reverse()`` and ``L.sort(key=..., reverse=...)`` on a list: the list in its new order
made (``sorted``, or its entries last first), then stored back entry by entry, stores the
analyses follow like any other (they were refused: "the call `.sort(...)` as a statement
would change a value in place"). Another name holding the same list, and an array's
``.sort()`` (checked when it runs: ``list_only``), stay refused."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

X = np.array([0.7, 0.3, 0.5, 0.9])


def reversed_in_place(x):
    L = list(x)
    L.reverse()
    return L[0] * L[1] - sum(L[2:])


def sorted_by_key(x):
    pairs = [(x[0], 1.0), (x[1], 2.0), (x[2], 3.0)]
    pairs.sort(key=lambda p: p[0], reverse=True)
    return pairs[0][0] * pairs[0][1] + pairs[-1][0] * pairs[-1][1]


def sorted_then_reversed_then_stored(x):
    L = [x[0] * 2.0, x[1], x[2] ** 2]
    L.sort()
    L.reverse()
    L[1] = L[1] * 5.0
    return L[0] + L[1] * x[2]


def rows_reversed(x):
    L = [x[:2], x[2:]]
    L.reverse()
    return np.sum(L[0] * np.arange(2.0)) + np.sum(L[1] ** 2)


@pytest.mark.parametrize("fn", [reversed_in_place, sorted_by_key,
                                sorted_then_reversed_then_stored, rows_reversed],
                         ids=lambda f: f.__name__)
def test_lists_reordered_in_place(fn):
    want = numeric_grad(fn, (X,), 0)
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(fn, **options)(X), want)
    assert_close(sd.jvp(fn)(X, tangents=np.ones(4))[1], np.sum(want), what="tangent")


def sorted_under_another_name(x):
    L = [x[0] * 2.0, x[1], x[2] ** 2]
    M = L
    L.sort()
    return M[0] * 3.0 + M[2]


def test_a_list_another_name_holds_is_refused():
    with pytest.raises(sd.SrcdiffError, match="also refers to"):
        sd.grad(sorted_under_another_name)(X)


def array_sorted_in_place(x):
    a = np.outer(x, x)
    a.sort()
    return a[0, 0] * 3.0 + a[-1, 1]


def test_an_array_sorted_in_place_is_refused_when_it_runs(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    with pytest.raises(sd.SrcdiffError, match=r"`\.sort\(\)` in place is followed for a list"):
        sd.grad(array_sorted_in_place)(X)
