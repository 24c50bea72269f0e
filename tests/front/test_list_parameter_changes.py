"""Lists changed by entry (session 43, mend43): what srcdiff does today, pinned.

* A list parameter appended to or stored into (``ps[0] = ps[0] * 2.0``) is differentiated;
  the gradient call leaves the caller's list as it was (SPEC: arguments are not changed in
  place by the gradient call), as f itself would not (f appends to it).
* Still refused, each with its message (not modelled exactly yet): an augmented store into
  an entry of a list parameter (``ps[0] *= 2.0``: the entry's kind is unknown once the list
  is stored into, analysis/activity.py ``entries_known``, so it may be an array changed in
  place that ``ps`` holds), ``ps.insert(0, v)`` on a list parameter (the entries moved by the
  insertion are of unknown kind: ``ps[0] * ps[1]`` may repeat a list), and ``L[0][1] += v``
  on a local list of lists (the row's entries, stored into, are of unknown kind).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def appended(ps):
    ps.append(ps[0] * 2.0)
    return ps[-1] * ps[1]


def stored(ps):
    ps[0] = ps[0] * 2.0
    return ps[0] * ps[1]


@pytest.mark.parametrize("f", [appended, stored])
@pytest.mark.parametrize("options", [{}, {"verify": True}, {"optimize": False}])
def test_list_parameter_changed_by_f(f, options):
    ps = [0.3, 0.7]
    want = numeric_grad(f, ([0.3, 0.7],), 0)
    assert_close(sd.grad(f, **options)(ps), want)
    assert ps == [0.3, 0.7]  # (the caller's list as it was)
    _, tangent = sd.jvp(f)(ps, tangents=[1.0, 0.5])
    assert_close(tangent, want[0] + 0.5 * want[1], what="tangent")
    assert ps == [0.3, 0.7]


def scaled_entry(ps):
    ps[0] *= 2.0
    return ps[0] * ps[1]


def inserted(ps, v):
    ps.insert(0, v)
    return ps[0] * ps[1]


def nested_entry(x):
    rows = [[x, 1.0], [2.0, x]]
    rows[0][1] += x
    return rows[0][1] * rows[1][1]


@pytest.mark.parametrize("f, args, words", [
    (scaled_entry, ([0.3, 0.7],), "`ps[0] *= 2.0` changes an array in place that `ps` also "
                                  "refers to"),
    (scaled_entry, ([np.array([0.3]), np.array([0.7])],), "`ps[0] *= 2.0` changes an array "
                                                          "in place that `ps` also refers to"),
    (inserted, ([0.3, 0.7], 1.2), "this operand is a list or tuple (on some path at least)"),
    (nested_entry, (0.3,), "`rows[0][1] += x` changes an array in place that a value"),
])
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_still_refused(f, args, words, mode):
    with pytest.raises(sd.SrcdiffError) as info:
        if mode == "reverse":
            sd.grad(f)(*args)
        else:
            sd.jvp(f)(*args, tangents=args[0])
    assert words in str(info.value)
