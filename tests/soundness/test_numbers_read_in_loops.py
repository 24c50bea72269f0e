"""Numbers that were taken for arrays in loops (seed 39001/40001 independent programs).

* A helper with a keyword-only parameter (``def hf(z, c=0.5, *, p=2)``) gave no facts of
  its result (returns.py gave up on every signature it would lower), so ``a = hf(b, p=1)``
  had no rank; through ``a, s = s + a * 0.1, a`` in a loop neither had ``s``, and
  ``s -= a`` (a float) was refused as an in-place change of an array ``a`` may share.
* ``max(L)`` / ``min(L, key=abs)`` of a list of floats had no rank (activity.py gave a
  one-argument ``max`` of a container no entry fact), so ``r = max(L); r *= v`` was
  refused as a change of an entry of ``L``.

Both are differentiated now, against central differences in every pipeline; the near
misses stay refused: the entry or the argument that is a 0-d array (``r *= v`` writes
into it), a helper returning a view of its argument."""

import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

PIPELINES = ({}, {"verify": True}, {"optimize": False})
X = np.array([-0.4, 0.78, 0.06, 0.24, -0.59])


def hf(z, c=0.5, *, p=2):
    return c * z ** p + math.sin(z)


def hv(z, *, k=1):
    return z[k:]


def swapped_floats(x, s):  # (seed 39001 program 25, reduced)
    a = x[2] / (1.0 + hf(float(x[0]), p=1) * hf(s))
    for e in x:
        a, s = s + a * 0.1, a
    s -= a  # (a number: rebinds s)
    return a + 0.5 * s


def keyword_only_result_changed(x, s):
    b = hf(s, p=1)
    b *= 1.0 + 0.3 * x[1]
    c = hf(b, c=0.2, p=3)
    c += x[0]
    return b * c


def largest_of_floats(x, s):
    L = [s, 0.5, float(x[0])]
    r = max(L)
    r *= 2.0 + x[1]
    q = min(L, key=abs)
    q += x[2]
    return r * L[0] + q * L[2] + float(np.sum(x))


def largest_of_appended_floats(x, s):
    L = [s, 0.5]
    for e in x:
        L.append(math.tanh(e * s))
        r = max(L)
        r *= 1.0 + 0.1 * e
    return r + sum(L)


@pytest.mark.parametrize("f", [swapped_floats, keyword_only_result_changed, largest_of_floats,
                               largest_of_appended_floats], ids=lambda f: f.__name__)
def test_differentiated_against_central_differences(f):
    for s in (0.22, -0.7):
        want = [numeric_grad(f, (X.copy(), s), k) for k in (0, 1)]
        for options in PIPELINES:
            got = sd.grad(f, wrt=(0, 1), **options)(X.copy(), s)
            for g, w in zip(got, want):
                assert_close(0.0 * w if g is None else g, w)


def a_zero_d_array_in_the_list(x, s):
    L = [s, 0.5, -2.0]
    r = max(L)  # (s itself where s is largest: r *= v changes s, seen through L)
    r *= 2.0 + x[1]
    return r * L[0] + float(np.sum(x))


def a_view_from_a_keyword_only_helper(x, s):
    v = x * s
    r = hv(v, k=2)
    r *= 2.0  # (changes v)
    return float(np.sum(v))


def test_zero_d_entries_and_views_stay_refused():
    with pytest.raises(sd.SrcdiffError, match="changes an array in place that `L`"):
        sd.grad(a_zero_d_array_in_the_list, wrt=(0, 1))(X.copy(), np.array(0.9))
    with pytest.raises(sd.SrcdiffError, match="changes an array in place that `v`"):
        sd.grad(a_view_from_a_keyword_only_helper, wrt=(0, 1))(X.copy(), 0.9)
    # (with floats: no array to share, differentiated)
    want = [numeric_grad(a_zero_d_array_in_the_list, (X.copy(), 0.9), k) for k in (0, 1)]
    for g, w in zip(sd.grad(a_zero_d_array_in_the_list, wrt=(0, 1))(X.copy(), 0.9), want):
        assert_close(g, w)


def test_a_zero_d_argument_through_the_swap_is_not_changed():
    """``swapped_floats`` with ``s`` a 0-d array: ``s -= a`` would write into the caller's
    array where the loop runs no trip; refused, or right with the argument left as is."""
    s = np.array(0.22)
    try:
        got = sd.grad(swapped_floats, wrt=(0, 1))(X.copy(), s)
    except sd.SrcdiffError:
        return
    assert float(s) == 0.22
    want = [numeric_grad(swapped_floats, (X.copy(), 0.22), k) for k in (0, 1)]
    for g, w in zip(got, want):
        assert_close(g, w)
