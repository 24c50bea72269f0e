"""``X[-1] += v`` on a list display of a fixed length changes the entry at ``len - 1``:
sharing.py told display entries apart by literal non-negative positions only, so a read at
``-1`` could be any entry, and ``X = [x * 1.0, x * 2.0]; X[-1] += s`` was refused as a
change of ``X[0]``'s array too (helper breadth36: ``X[-1] += ...`` of the independent random
programs, seeds 3501 and 3502). Now a negative position counts from the end of a list every
definition of which is a display of one length that nothing may lengthen or shorten
(places.py fixed_lengths). An append, a slice store, a method call (``pop``) or a call of a
user's function on the list or on a name that may share it leaves the position not known.
"""

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_pipelines

X = np.array([-0.35, 0.21, 0.4])


def last_entry(x, s):
    X = [x * 1.0, x * 2.0]
    X[-1] += s * x  # X[1]: X[0] is another array
    X[-2] *= s
    return np.sum(X[0] * X[1]) + np.sum(X[-1])


def test_a_negative_position_of_a_fixed_length_list():
    check_pipelines(last_entry, [X.copy(), 0.3], (0, 1))


def appended(x, s):
    c = x * 3.0
    X = [x * 1.0, x * 2.0]
    X.append(c)  # X[-1] is c's array, not X[1]'s
    X[-1] += s * x
    return np.sum(X[0] * X[1]) + np.sum(c * x)


def in_a_helper(x, s):
    c = x * 3.0
    X = [x * 1.0, x * 2.0]
    grow(X, c)
    X[-1] += s * x
    return np.sum(X[0] * X[1]) + np.sum(c * x)


def grow(xs, v):
    xs.append(v)


def via_alias(x, s):
    c = x * 3.0
    X = [x * 1.0, x * 2.0]
    Y = X
    Y.append(c)
    X[-1] += s * x
    return np.sum(X[0] * X[1]) + np.sum(c * x)


@pytest.mark.parametrize("f", [appended, in_a_helper, via_alias])
def test_a_list_whose_length_may_change_is_refused(f):
    with pytest.raises(sd.SrcdiffError):
        sd.grad(f, wrt=(0, 1))(X.copy(), 0.3)


def popped(x, s):
    b = x * 2.0
    X = [x * 1.0, b, x * 3.0]
    _ = X.pop()  # X[-1] is b's array now (forward mode follows a pop)
    X[-1] += s * x
    return np.sum(X[0] * X[1]) + np.sum(b * x)


def test_a_list_shortened_by_pop_is_refused_in_forward_mode():
    with pytest.raises(sd.SrcdiffError) as info:
        sd.jvp(popped, wrt=(0, 1))(X.copy(), 0.3, tangents=(np.ones(3), 1.0))
    assert "`X[-1] += s * x` changes an array in place" in str(info.value)
