"""``L.reverse()`` and ``L.sort(key=..., reverse=...)`` on a list: the list in its new order
made (``sorted``, or its entries last first), then stored back entry by entry, stores the
analyses follow like any other (they were refused: "the call `.sort(...)` as a statement
would change a value in place"). Another name holding the same list, bound again, and an
array's ``.sort()`` other than a flat real one's (checked when it runs: ``list_only``),
stay refused."""

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


def sorted_under_a_name_bound_again(x):
    L = [x[0] * 2.0, x[1], x[2] ** 2]
    M = L
    L.sort()
    M = M[:2]
    return M[0] * 3.0 + M[1]


def test_a_list_another_name_holds():
    """``M = L`` with neither bound again: ``M`` is read as ``L`` (front/aliases.py), and
    sees the sort; once ``M`` is bound again, the sort through ``L`` stays refused."""
    f = sorted_under_another_name
    assert_close(sd.grad(f)(X), numeric_grad(f, (X,), 0))
    with pytest.raises(sd.SrcdiffError, match="also refers to"):
        sd.grad(sorted_under_a_name_bound_again)(X)


def array_sorted_flat(x):
    a = x * x[0]
    a.sort()
    return a[0] * 3.0 + a[-1] * x[1] + np.sum(a * np.arange(4.0))


def test_a_flat_real_array_sorted_in_place():
    """``a.sort()`` of a 1-d real array without NaN sorts as the lowering for lists does
    (``list_only`` lets it through when it runs)."""
    f = array_sorted_flat
    want = numeric_grad(f, (X,), 0)
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(f, **options)(X), want)
    assert_close(sd.jvp(f)(X, tangents=np.ones(4))[1], np.sum(want), what="tangent")


def array_sorted_in_place(x):
    a = np.outer(x, x)
    a.sort()
    return a[0, 0] * 3.0 + a[-1, 1]


def test_an_array_sorted_in_place_is_refused_when_it_runs(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    with pytest.raises(sd.SrcdiffError, match=r"`\.sort\(\)` in place is followed for a list"
                                              r", and for a 1-d real array"):
        sd.grad(array_sorted_in_place)(X)
