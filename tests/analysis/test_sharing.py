"""In-place changes seen through containers, container entries, and reads of a shape only
(analysis/sharing.py, aliasing.py).

``UNSOUND_BEFORE``: each function was differentiated silently wrongly before
sharing.py (an array changed in place while a container, or another name, held
it; a 0-d array entry of a tuple changed by ``+=``; a parameter's entry facts
used after the parameter was assigned again). Each must now be refused, or be
right. ``PRECISE``: each must be accepted, and be right (reverse and forward
mode). The oracle is central differences of the function run on copies of the
arguments (several of these functions change their arguments, as Python
would).
"""

import copy

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

X = np.array([0.3, -0.7, 1.2])


# ------------------------------------------------------------------ once silently wrong


def zero_d_entry(x, p):
    b, c = p
    c += np.sum(x)  # c is p[1], a 0-d array: changed in place, seen through p
    return b * c + p[1]


def zero_d_entry_through_a_view(x, p):
    c = p[1]
    d = np.transpose(c)
    d += np.sum(x)
    return c * 2.0 + np.sum(x)


def list_entry_changed_by_augmented_assignment(x):
    v = x * 2.0
    t = [x * 1.0, v]
    t[1] += np.sin(x)  # ndarray.__iadd__: v itself changes
    return np.sum(v * t[1])


def argument_entry_changed_by_augmented_assignment(x, p):
    t = [p[0], x]
    t[0] += np.sin(x)
    return np.sum(p[0] * x)


def array_changed_while_a_list_holds_it(x):
    v = x * 2.0
    t = [x, v]
    v += np.sin(x)
    return np.sum(t[1] * x)


def array_stored_into_while_a_list_holds_it(x):
    v = x * 2.0
    t = [x, v]
    v[0] = 5.0 * x[1]
    return np.sum(t[1] * x)


def dict_entry_read_out_and_changed(x):
    v = x * 2.0
    t = {"a": v}
    u = t["a"]
    u[0] = 5.0 * x[1]
    return np.sum(v * x)


def appended_array_changed(x):
    v = x * 2.0
    t = []
    t.append(v)
    v[0] = 5.0 * x[1]
    return np.sum(t[0] * x)


def stored_array_changed(x):
    v = x * 2.0
    t = [x, x]
    t[0] = v
    v += np.sin(x)
    return np.sum(t[0] * x)


def entry_facts_after_reassignment(x, p):
    p = [x, x * 2.0]  # p's entries are no longer the argument's floats
    c = p[1]
    c = c + np.sum(x)
    return np.sum(c * x)


def entry_facts_after_a_store(x, p):
    p[1] = x * 2.0
    c = p[1]
    c = c + np.sum(x)
    return np.sum(c * x)


def max_of_zero_d_arrays(x, a, b):
    m = max(a, b)  # a itself
    m += np.sum(x)
    return a * 2.0 + m


def entry_kept_on_one_path(x, flag):
    r = [x * 1.0, x * 2.0]
    b = r[1]
    if flag > 0.0:
        b = b + 1.0
    b += np.sin(x)  # still r[1] when flag <= 0
    return np.sum(r[1] * x)


def entry_of_a_slice_of_a_display(x):
    a = x * 1.0
    b = x * 2.0
    t = [a, b]
    t = t[1:]  # t[0] is b now, not a
    u = t[0]
    u += np.sin(x)
    return np.sum(b * x)


UNSOUND_BEFORE = [
    (zero_d_entry, (X, (np.array(0.5), np.array(0.8)))),
    (zero_d_entry_through_a_view, (X, [1.0, np.array(0.5)])),
    (list_entry_changed_by_augmented_assignment, (X,)),
    (argument_entry_changed_by_augmented_assignment, (X, [np.ones(3)])),
    (array_changed_while_a_list_holds_it, (X,)),
    (array_stored_into_while_a_list_holds_it, (X,)),
    (dict_entry_read_out_and_changed, (X,)),
    (appended_array_changed, (X,)),
    (stored_array_changed, (X,)),
    (entry_facts_after_reassignment, (X, (0.5, 0.7))),
    (entry_facts_after_a_store, (X, [0.5, 0.7])),
    (max_of_zero_d_arrays, (X, np.array(0.5), np.array(0.2))),
    (entry_kept_on_one_path, (X, -1.0)),
    (entry_of_a_slice_of_a_display, (X,)),
]


# ------------------------------------------------------------------ accepted, and right


def float_entry_augmented(x, p):
    b, c = p
    c += np.linalg.norm(x)  # c is a float: `+=` makes a new float (issue 15)
    return b * c


def another_entry_augmented(x):
    v = x * 2.0
    t = [v, x * 3.0]
    t[1] += np.sin(x)  # t[1] is not v
    return np.sum(t[0] * x) + np.sum(v)


def another_dict_entry_augmented(x):
    v = x * 2.0
    t = {"a": v, "b": x * 3.0}
    t["b"] += np.sin(x)
    return np.sum(t["a"] * x) + np.sum(v)


def store_into_a_list_leaves_its_entries(x):
    a = x * 2.0
    t = [a, x]
    t[0] = np.sin(x)  # another entry; a is unchanged
    return np.sum(a * t[0])


def shape_read_after_a_write(x):
    m = np.outer(x, x)
    row = m[1]
    m[1] = np.sin(x)  # row changes, but only its shape is read afterwards
    return np.sum(m * m) + np.sum(np.zeros_like(row)) + len(row) * 0.1


def entry_rebound_before_the_change(x):
    r = (x * 1.0, x * 2.0)
    b = r[1]
    b = b + np.sin(x)  # a new array: the change below does not reach r
    b += x * x
    return np.sum(r[1] * b)


def tuple_returned_after_the_loop(x):
    acc = x * 1.0
    for i in range(3):
        acc *= 0.5 + 0.1 * x
    return acc, np.sum(x)


PRECISE = [
    (float_entry_augmented, (X, (0.5, 0.8))),
    (float_entry_augmented, (X, [0.5, 0.8])),
    (another_entry_augmented, (X,)),
    (another_dict_entry_augmented, (X,)),
    (store_into_a_list_leaves_its_entries, (X,)),
    (shape_read_after_a_write, (X,)),
    (entry_rebound_before_the_change, (X,)),
    (tuple_returned_after_the_loop, (X,)),
]


def _expected(fn, args):
    return numeric_grad(lambda *a: fn(*copy.deepcopy(a)), copy.deepcopy(args), 0)


@pytest.mark.parametrize("fn,args", UNSOUND_BEFORE, ids=lambda v: getattr(v, "__name__", ""))
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_never_silently_wrong(fn, args, mode):
    try:
        if mode == "reverse":
            got = sd.grad(fn)(*copy.deepcopy(args))
        else:
            got = sd.jvp(fn)(*copy.deepcopy(args), tangents=np.array([1.0, 0.0, 0.0]))[1]
    except sd.SrcdiffError as e:
        assert "in place" in str(e) or "refers to" in str(e), str(e)
        return
    expected = _expected(fn, args)
    if mode == "forward":
        expected = float(np.sum(expected[0]))
    assert_close(got, expected, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("fn,args", UNSOUND_BEFORE[:9] + UNSOUND_BEFORE[11:12]
                         + UNSOUND_BEFORE[13:],
                         ids=lambda v: getattr(v, "__name__", ""))
def test_changes_through_containers_are_refused(fn, args):
    with pytest.raises(sd.SrcdiffError, match="in place"):
        sd.grad(fn)(*copy.deepcopy(args))


@pytest.mark.parametrize("fn,args", PRECISE, ids=lambda v: getattr(v, "__name__", ""))
def test_accepted_and_right(fn, args):
    expected = _expected(fn, args)
    assert_close(sd.grad(fn)(*copy.deepcopy(args)), expected, rtol=1e-5, atol=1e-6)
    tangent = np.array([0.2, -1.0, 0.5])
    _, got = sd.jvp(fn)(*copy.deepcopy(args), tangents=tangent)
    total = sum(np.sum(g) for g in got) if isinstance(got, tuple) else np.sum(got)
    assert np.allclose(total, np.dot(expected, tangent), rtol=1e-5, atol=1e-6)


# ------------------------------------------------------------------ appends (a list changes)


def append_seen_through_a_containing_list(x):
    inner = []
    outer = [inner]
    inner.append(np.sin(x))  # outer[0] is inner: it sees the new entry
    return np.sum(np.stack(outer[0]) ** 2)


def append_seen_through_an_alias(x):
    inner = []
    alias = inner
    inner.append(np.sin(x))
    alias = alias + [x]  # (bound again: not read as `inner`, front/aliases.py)
    return np.sum(np.stack(alias) ** 2)


def append_seen_through_a_second_name(x):
    inner = []
    alias = inner  # (read as `inner`: front/aliases.py)
    inner.append(np.sin(x))
    return np.sum(np.stack(alias) ** 2)


def view_of_an_entry_changed(x):
    y = x.copy()
    v = y[1:3]  # (read as `y[1:3]`: front/aliases.py)
    y[1:3] += x[:2]
    return np.sum(v * y[:2])


@pytest.mark.parametrize("fn", [append_seen_through_a_second_name, view_of_an_entry_changed])
def test_a_second_name_never_bound_again_sees_the_change(fn):
    for options in ({}, {"optimize": False}, {"verify": True}):
        np.testing.assert_allclose(sd.grad(fn, **options)(X.copy()),
                                   numeric_grad(lambda a: fn(a.copy()), (X,), 0),
                                   rtol=1e-6, atol=1e-8)


def append_after_the_list_was_appended(x):
    inner = []
    outer = []
    outer.append(inner)
    inner.append(np.sin(x))
    return np.sum(np.stack(outer) ** 2)


@pytest.mark.parametrize("fn", [append_seen_through_a_containing_list,
                                append_seen_through_an_alias,
                                append_after_the_list_was_appended])
def test_an_append_seen_through_another_name_is_refused(fn):
    # before: the gradient was None (the entry reached the output through a name the
    # data flow did not connect to the append)
    with pytest.raises(sd.SrcdiffError, match="changes a list in place that `(outer|alias)`"):
        sd.grad(fn)(X.copy())


def appended_arrays_stay_live(x):
    h = x
    hist = []
    for _ in range(3):
        h = np.tanh(h)
        hist.append(h)  # the list changes, not h
    return np.sum(np.stack(hist)) + np.sum(h)


def test_appending_a_live_array_is_accepted_and_right():
    expected = _expected(appended_arrays_stay_live, (X,))
    assert_close(sd.grad(appended_arrays_stay_live)(X.copy()), expected, rtol=1e-5, atol=1e-6)


# ------------------------------------------------- a fresh list each run, put away after


def rows_built_then_appended(x):
    grid = []
    for i in range(3):
        row = []  # a new list each trip: the appends below change this trip's row only
        for j in range(3):
            row.append(x[i] * x[j])
        grid.append(row)
    return sum(sum(v ** 2 for v in r) for r in grid)


def nested_comprehension(x):
    grid = [[np.sin(x[i]) * x[j] for j in range(3)] for i in range(3)]
    tot = 0.0
    for row in grid:
        for v in row:
            tot = tot + v * v
    return tot


def fresh_dict_per_trip(x):
    out = []
    for i in range(3):
        d = {"w": x[i] * 2.0}
        d["w"] = d["w"] + np.cos(x[i])
        out.append(d)
    return sum(e["w"] ** 2 for e in out)


@pytest.mark.parametrize("fn", [rows_built_then_appended, nested_comprehension,
                                fresh_dict_per_trip])
def test_a_fresh_list_changed_before_it_is_put_away_is_accepted_and_right(fn):
    # before: refused (`grid` was taken to hold the row being appended to, from the put
    # of an earlier trip, which put an earlier list)
    expected = numeric_grad(fn, (X.copy(),), 0)
    assert_close(sd.grad(fn)(X.copy()), expected, rtol=1e-5, atol=1e-6)
    tangent = np.array([0.2, -1.0, 0.5])
    _, got = sd.jvp(fn)(X.copy(), tangents=tangent)
    assert np.allclose(got, np.dot(expected, tangent), rtol=1e-5, atol=1e-6)


def row_kept_across_trips(x):
    grid = []
    row = []
    for i in range(3):
        if i != 1:
            row = []  # not every trip: trip 1 appends to trip 0's row, which grid holds
        row.append(x[i])
        grid.append(row)
    return sum(v * v for v in grid[0])


def row_put_away_before_it_changes(x):
    grid = []
    for i in range(3):
        row = []
        grid.append(row)
        row.append(x[i] * 2.0)  # grid's last row is this one
    return sum(r[0] ** 2 for r in grid)


def row_put_away_inside_the_loop_that_changes_it(x):
    grid = []
    for i in range(2):
        row = []
        for j in range(3):
            row.append(x[j] * x[i])
            grid.append(row)  # the next trip of j changes the row grid holds
    return sum(r[0] ** 2 for r in grid)


@pytest.mark.parametrize("fn", [row_kept_across_trips, row_put_away_before_it_changes,
                                row_put_away_inside_the_loop_that_changes_it])
def test_a_list_changed_after_it_was_put_away_is_still_refused(fn):
    with pytest.raises(sd.SrcdiffError, match="changes a list in place that `grid`"):
        sd.grad(fn)(X.copy())


def entry_changed_under_a_view(x):
    y = x.copy()
    v = y[1:3]
    y[1:3] += x[:2]
    v = v * y[:2]  # (bound again: `v` is not read as `y[1:3]`)
    return np.sum(v)


def test_a_changed_entry_is_named_by_its_array_in_the_hint():
    # (the hint named the compiler's temporary for `y[1:3]`: `item = item.copy()`)
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(entry_changed_under_a_view)(np.ones(4))
    message = str(info.value)
    assert "`y[1:3] += x[:2]` changes an array in place that `v` also refers to" in message
    assert "e.g. `y = y.copy()` or `v = ....copy()`" in message and "item" not in message


def jacobi_sweeps(x):
    # the Jacobi iteration: `x_new` is a new copy each trip; `v = x_new` at the end of
    # the trip views that trip's object, never the one the next trip's writes change
    m = np.array([[4.0, 1.0, 0.5], [1.0, 5.0, 1.0], [0.5, 1.0, 3.0]])
    v = np.zeros(3)
    for it in range(4):
        x_new = v.copy()
        for i in range(3):
            x_new[i] = (x[i] - m[i] @ v + m[i, i] * v[i]) / m[i, i]
        v = x_new
    return np.sum(v ** 2)


def new_array_each_trip_viewed_after_the_write(x):
    s = 0.0
    a = x * 1.0
    for k in range(3):
        y = x * 2.0
        y[0] = a[1] * 3.0  # `a` is the last trip's `y`, another object
        s = s + np.sum(a * x)
        a = y
    return s + np.sum(a)


def view_made_in_the_loop_holding_the_write(x):
    a = x * 1.0
    for k in range(3):
        y = x * 2.0
        for i in range(2):
            y[i] = a[i + 1] * y[i]  # (a: the array of the trip before)
            b = y
        a = b
    return np.sum(a * x)


@pytest.mark.parametrize("fn", [jacobi_sweeps, new_array_each_trip_viewed_after_the_write,
                                view_made_in_the_loop_holding_the_write])
def test_a_view_of_an_older_object_does_not_see_the_change(fn):
    # before: refused (`x_new[i] = ...` was taken to change `v`, which a later line of the
    # loop makes a name for x_new's object; it was an earlier trip's object). In
    # view_made_in_the_loop_holding_the_write `a` holds the array `y = x * 2.0` made in
    # the trip before: buffers.py's ages tell it from the one `y[i] = ...` changes (sharing
    # alone does not: refused before)
    expected = numeric_grad(fn, (X.copy(),), 0)
    for optimize in (True, False):
        assert_close(sd.grad(fn, optimize=optimize)(X.copy()), expected, rtol=1e-5, atol=1e-6)
    tangent = np.array([0.2, -1.0, 0.5])
    _, got = sd.jvp(fn)(X.copy(), tangents=tangent)
    assert np.allclose(got, np.dot(expected, tangent), rtol=1e-5, atol=1e-6)


def view_made_between_the_copy_and_the_write(x):
    s = 0.0
    for k in range(2):
        y = x.copy()
        a = y
        y[0] = y[1] * 3.0
        s = s + np.sum(a * x)
    return s


@pytest.mark.parametrize("fn", [view_made_between_the_copy_and_the_write])
def test_a_view_of_the_new_object_is_still_refused(fn):
    with pytest.raises(sd.SrcdiffError, match="changes an array in place that `[ab]` also"):
        sd.grad(fn)(X.copy())
