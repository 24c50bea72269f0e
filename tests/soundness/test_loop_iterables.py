"""A `for` loop over a list or array iterates one object, and sees its length change.

Found by an independent random program generator: the loop srcdiff lowers
`for p in xs` to (an index loop with the length taken when the loop began) read
the name again on every trip, so `xs = ...` inside the loop changed what it
iterated (silently wrong values and gradients; tests/support/soundness_cases.py has
those, now exact), and `xs.append(...)` inside the loop, which Python's loop sees,
was missed: the loop ran over the first items only (a gradient of 3.0 for 12.0).
Changing the iterated list's length is refused now, in both modes.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def append_while_iterating(x):
    lst = [x, 2.0 * x]
    s = 0.0
    for p in lst:
        s = s + p
        if len(lst) < 4:
            lst.append(p * 3.0)
    return s


def enumerate_append_while_iterating(x):
    lst = [x, 2.0 * x]
    s = 0.0
    for i, p in enumerate(lst):
        s = s + p * p
        if i < 2:
            lst.append(p * 3.0)
    return s


def pop_while_iterating(x):
    lst = [x, 2.0 * x, 3.0]
    s = 0.0
    for p in lst:
        s = s + p
        if len(lst) > 2:
            lst.pop()
    return s


def append_to_a_copy_being_iterated(x):
    lst = [x, 2.0 * x]
    s = 0.0
    for p in list(lst):
        s = s + p
        if len(lst) < 4:
            lst.append(p * 3.0)
    return s + lst[-1]


@pytest.mark.parametrize("fn", [append_while_iterating, enumerate_append_while_iterating,
                                pop_while_iterating])
@pytest.mark.parametrize("mode", ["grad", "jvp"])
def test_changing_the_iterated_lists_length_is_refused(fn, mode):
    with pytest.raises(sd.SrcdiffError, match=r"changes the length of `lst` while the loop") as e:
        if mode == "grad":
            sd.grad(fn)(0.7)
        else:
            sd.jvp(fn)(0.7, tangents=1.0)
    assert "test_loop_iterables.py" in str(e.value) and "for ... in list(lst)" in str(e.value)


def test_iterating_a_copy_while_the_list_grows_is_exact():
    fn = append_to_a_copy_being_iterated
    assert_close(sd.grad(fn)(0.7), numeric_grad(fn, (0.7,), 0))
    assert_close(sd.grad(fn, optimize=False)(0.7), numeric_grad(fn, (0.7,), 0))
    value, tangent = sd.jvp(fn)(0.7, tangents=1.0)
    assert value == pytest.approx(fn(0.7))
    assert_close(tangent, numeric_grad(fn, (0.7,), 0))


def test_growing_an_array_name_inside_a_loop_over_it_is_exact():
    # an array cannot change its length in place: rebinding it is the only way, and the
    # loop keeps iterating the first array
    def grow(v):
        s = 0.0
        for p in v:
            s = s + p * p
            v = np.concatenate([v, v[:1]])
        return s + np.sum(v)

    v = np.array([0.4, -0.7, 1.2])
    assert_close(sd.grad(grow)(v.copy()), numeric_grad(grow, (v.copy(),), 0))
