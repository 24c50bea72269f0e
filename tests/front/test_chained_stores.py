"""Chained stores ``a[i][j] = v`` and ``a[i][j] += v``: with integer outer indexes into an
array, ``a[i]`` is a view of ``a`` and the store is ``a[i, j] = v`` (front/chains.py
``subscript_target``); a list's or dict's entry is stored into and stored back
(test_chained_entries.py); otherwise the chain is refused with its line (a slice's ``a[i]``
indexes another axis, an index array's is a copy the store never reaches). Gradients
against central differences in every pipeline and forward mode."""

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_every_mode, refusal_message

X = np.array([0.3, -1.2, 0.8])


def matrix_built_entry_by_entry(x):
    a = np.zeros((2, 3))
    for i in range(2):
        for j in range(3):
            a[i][j] = x[j] * (i + 1.0)
    return np.sum(a * a)


def row_slice_updated(x):
    a = np.ones((2, 3))
    a[1][1:] += x[1:] * 2.0
    a[0][0] *= x[0]
    return np.sum(np.sin(a) * a)


def three_levels(x):
    t = np.zeros((2, 2, 3))
    k = 1
    t[k][0][1:] = x[:2] * x[2]
    t[0][k - 1] = x ** 2
    return np.sum(t * t)


def list_of_lists(x):  # (refused before the entries of lists and dicts were followed)
    m = [[x[0], x[1]], [x[2], 1.0]]
    m[1][1] = x[0] * 2.0
    return m[0][0] * m[1][1] + m[1][0]


CASES = [matrix_built_entry_by_entry, row_slice_updated, three_levels, list_of_lists]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_chained_stores_in_every_mode(f):
    check_every_mode(f, X.copy())


def outer_slice(x):
    a = np.zeros((3, 3))
    a[1:][0] = x  # a[1:][0] is row 1, a[1:, 0] column 0
    return np.sum(a * a)


def outer_index_array(x):
    a = np.zeros((3, 3))
    rows = np.array([0, 1])
    a[rows][0] = x  # a[rows] is a copy: Python's store leaves a unchanged
    return np.sum(a * a)


def bool_row(x, flag=True):
    a = np.zeros((2, 3))
    a[flag][0] = x[0]  # a[True] is a copy (a new axis, advanced indexing): a is unchanged
    return np.sum(a * x)


def attribute_root(x):
    a = np.zeros(3)
    a.real[0] = x[0]
    return np.sum(a)


@pytest.mark.parametrize("f, words", [
    (outer_slice, "every index but the last is an integer"),
    (outer_index_array, "srcdiff cannot prove that here (of 'a')"),
    (bool_row, "srcdiff cannot prove that here (of 'a')"),
    (attribute_root, "only a variable can be assigned into by subscript"),
], ids=lambda v: v.__name__ if callable(v) else "")
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_chains_not_modelled_are_refused(f, words, mode):
    message = refusal_message(f, X, mode)
    assert words in message, message
    assert "test_chained_stores.py" in message and "] = " in message  # the user's line


def augmented_attribute(x):
    a = np.zeros(3)
    a.real[0] += x[0]
    return np.sum(a)


def test_an_augmented_store_through_an_attribute_is_refused():
    with pytest.raises(sd.SrcdiffError, match="only a variable can be assigned into"):
        sd.grad(augmented_attribute)(X.copy())
