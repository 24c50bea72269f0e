"""An entry of a list of arrays read from its end (``X[-1]``), or at an index not known, has
its array's fact: ``X[-1][-1]`` of a list of vectors is a number, and ``t += v`` on it rebinds
``t``.

``X = [u, u]; t = X[-1][-1]; t += 1.0`` was refused ("changes an array in place that `X` also
refers to"): a display's entries had facts at 0, 1, ... only, so ``X[-1]`` had no known rank
and ``X[-1][-1]`` might have been a row (a view) of ``X``'s entry. Now a display whose
length stays its own (nothing appended) also has each entry's fact at its index from the end,
and a list display every value of which (appended ones too) is an array of one known rank
has that fact for every entry (displays.py ``_from_end``, ``_every_entry``; it was given to
numbers only). Found by the independent random programs (seed 39001 program 40:
``X = [u, u]``, maybe ``X.append(u * 0.5)``, ``s = X[-1][-1]``, then ``s += s * e1`` in a
loop). The fact is a kind and a rank, not an alias: ``X[-1]`` itself (an array) still shares
with ``X`` and ``u``, and ``+=`` on it is refused as before; so is ``+=`` on a 0-d array
read out of a list.

``max(v)`` (and ``min``) of one array of known rank is one of its entries (activity.py
``_extreme_fact``): a number for a vector (a NumPy scalar: ``t += 1.0`` rebinds ``t``), a row
for a matrix (a view: ``+=`` on it is refused as before). It had no known rank, so ``+=`` on
``max(v)`` was refused (seed 39001 program 39: ``ys.append(e * max(v))``, ``np.array(ys)``).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

X = np.array([0.1, -0.3, 0.5, 0.7, -0.2])
S = 0.7
PIPELINES = ({}, {"verify": True}, {"optimize": False})


def last_of_the_last(x, s):
    u = x * s
    X = [np.outer(u, x), x.copy()]  # (entries of two ranks: no fact for every entry)
    t = X[-1][-1]
    t += 1.0  # (a number: rebinds t)
    r = X[-2][1, 2]
    r *= s
    return np.sum(X[0]) * t + r + np.sum(X[-1] * u)


def appended_maybe(x, s):  # (seed 39001 program 40, reduced)
    a = s * 0.5
    u = x.copy()
    X = [u, u]
    if s > 0.5:
        X.append(u * 0.5)
    t = X[-1][-1]
    for e in x:
        t += t * e
        a, t = t + a * 0.1, a
    return a + t + np.sum(X[0] * X[len(X) - 1])


def largest_then_added(x, s):
    ys = []
    for e in x:
        ys.append(e * max(x * s))
    v = np.array(ys)
    t = v[0]
    t += 1.0  # (v is a vector: t a number)
    m = min(v)
    m *= s
    return t + np.sum(v) * s + m


@pytest.mark.parametrize("fn", [last_of_the_last, appended_maybe, largest_then_added],
                         ids=lambda f: f.__name__)
def test_a_number_read_out_of_a_list_of_vectors(fn):
    for s in (S, 0.3):  # (appended_maybe: with and without the append)
        want = [numeric_grad(fn, (X, s), k) for k in (0, 1)]
        for options in PIPELINES:
            got = sd.grad(fn, wrt=(0, 1), **options)(X.copy(), s)
            for g, w in zip(got, want):
                assert_close(g, w)


def last_entry_added(x, s):
    u = x * s
    X = [x.copy(), u]
    t = X[-1]
    t += 1.0  # (an array: writes into u, which X[1] is)
    return np.sum(X[1] * u)


def appended_entry_added(x, s):
    u = x * s
    X = [u, u]
    if s > 0.5:
        X.append(u * 0.5)
    t = X[len(X) - 1]
    t *= s  # (writes into u or the appended array, which X holds)
    return np.sum(X[0]) + np.sum(X[-1])


def zero_d_from_the_end(x, s):
    p = np.array(s)
    X = [x[0], p]
    t = X[-1]
    t += 1.0  # (writes into the 0-d array p, which X[1] is)
    return X[1] * x[2] + t


def reversed_then_last(x, s):
    X = [np.outer(x, x) * s, x.copy()]
    X.reverse()
    t = X[-1][-1]
    t += 1.0  # (X[-1] is now the matrix: t is its last row, a view)
    return np.sum(X[1])


def grown_then_last(x, s):
    X = [np.outer(x, x) * s, x.copy()]
    X += [np.outer(x, x) * s]
    t = X[-1][-1]
    t += 1.0  # (X[-1] is the matrix added: a row of it)
    return np.sum(X[2])


def appended_through_another_name(x, s):
    X = [np.outer(x, x) * s, x.copy()]
    Y = X
    Y.append(np.outer(x, x) * s)
    t = X[-1][-1]
    t += 1.0  # (a row of the matrix Y appended to X)
    return np.sum(X[2])


def largest_row_added(x, s):
    M = np.outer(x[:1], x) * s
    r = max(M)  # (one row: M[0] itself, a view)
    r += 1.0
    return np.sum(M)


@pytest.mark.parametrize("fn", [largest_row_added, last_entry_added, appended_entry_added,
                                zero_d_from_the_end, reversed_then_last, grown_then_last,
                                appended_through_another_name],
                         ids=lambda f: f.__name__)
def test_an_array_read_out_of_a_list_still_shares_it(fn):
    with pytest.raises(sd.SrcdiffError, match="changes an array in place"):
        sd.grad(fn, wrt=(0, 1))(X.copy(), S)
