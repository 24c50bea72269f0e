"""``s += v`` on a parameter whose argument is a Python or NumPy number rebinds ``s``: it
changes nothing in place, so a list holding the old ``s`` (``L = [s, 0.5]``) is unaffected.

The aliasing check asked whether ``s`` may hold an array from the name's facts over the whole
function: ``v -= ...v[np.arange(len(v))[::-1]]`` (a shape not known) made ``v``'s rank, then
``w``'s (built from ``v``'s entries), then ``b = max(s, w[k % len(w)])``'s, then ``s``'s (``s =
s + b / 2.0`` rebinds it) not known, and the program was refused with "`s += b / 2.0` changes
an array in place that `L` also refers to" (helper breadth35, from the independent random
programs, seed 3502 index 5). Now a parameter holding a number that no definition
reaches at ``s += v`` (only plain definitions rebind it) is known to hold its argument there.
A 0-d array argument, an array argument, and an array bound to ``s`` before the write on
some path are still refused: there the write does change what ``L`` holds.
(A first version of the fix reused a name of the loop over the writes: a ``t[k] += v``
before an ``x += v`` crashed with a TypeError; test_an_entry_changed_in_place_before.)
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from pipelines import check_pipelines

X = np.array([-0.35, -0.31])


def later_unknown(x, s, k):
    v = x.copy()
    b = 1.0
    L = [s, 0.5, 1.0]
    s += b / 2.0
    ys = []
    for e in v:
        ys.append(e)
    w = np.tanh(np.array(ys))
    v -= 0.5 * np.tanh(np.where(w > 0.1, w, v[np.arange(len(v))[::-1]]))
    b = max(s, w[k % len(w)])
    return L[0] * b + s * np.sum(v * w)


@pytest.mark.parametrize("s", [0.26, np.float64(0.26)])
def test_a_number_argument_rebound_by_augmented_assignment(s):
    args = [X.copy(), s, 2]
    check_pipelines(later_unknown, args, (0, 1))
    tangents = (np.array([0.7, -1.3]), 0.4)
    _, dot = sd.jvp(later_unknown, wrt=(0, 1))(*args, tangents=tangents)
    want = np.dot(numeric_grad(later_unknown, args, 0), tangents[0]) \
        + numeric_grad(later_unknown, args, 1) * tangents[1]
    assert np.isclose(float(dot), want, rtol=1e-6, atol=1e-8)


def _refusal(f, args, **options):
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(f, wrt=(0, 1), **options)(*args)
    return str(info.value)


@pytest.mark.parametrize("options", [{}, {"optimize": False}])
def test_a_zero_d_array_argument_is_changed_in_place(options):
    message = _refusal(later_unknown, [X.copy(), np.array(0.26), 2], **options)
    assert "`s += b / 2.0` changes an array in place that `L` also refers to" in message


def array_argument(x, s):
    b = 1.0
    L = [s, 0.5]
    s += b / 2.0
    b = x[0] * 2.0
    return np.sum(L[0] * x) * b + np.sum(s)


def test_an_array_argument_is_changed_in_place():
    message = _refusal(array_argument, [X.copy(), np.array([0.2, 0.3])])
    assert "`s += b / 2.0` changes an array in place that `L` also refers to" in message


def rebound_on_a_path(x, s, k):
    if k > 1:
        s = x * 1.0
    L = [s, 0.5]
    s += 0.5
    return np.sum(L[0] * x) + np.sum(s)


def rebound_in_a_loop(x, s, k):
    t = 0.0
    for _ in range(k):  # (`s` an array from the second trip on)
        L = [s, 0.5]
        s += 0.5
        t = t + np.sum(L[0] * x)
        s = x * s
    return t


@pytest.mark.parametrize("f", [rebound_on_a_path, rebound_in_a_loop])
def test_an_array_bound_before_the_write_on_some_path(f):
    message = _refusal(f, [X.copy(), 0.26, 2])
    assert "`s += 0.5` changes an array in place that `L` also refers to" in message


def entry_changed_first(x, s, k):
    t = [x * 1.0, 0.5]
    t[0] += x  # (an entry changed in place before the `+=` statements below)
    v = x.copy()
    L = [s, 0.5]
    s += 0.5
    v -= 0.5 * np.tanh(v[np.arange(len(v))[::-1]])
    b = max(s, v[k % len(v)])
    return L[0] * b + s * np.sum(v * t[0])


def test_an_entry_changed_in_place_before():
    check_pipelines(entry_changed_first, [X.copy(), 0.26, 2], (0, 1))
