"""`+` and `*` on lists and tuples concatenate and repeat them (wrong gradients before).

The numeric rules of `+` and `*` were applied: the gradient of `sum([v] * 3) * v` counted
`v` once (0.94 for 1.88), `seq += [v]` mixed the entries' gradients, concatenations crashed
in unbroadcast. They were refused (analysis/sequences.py), like a slice assignment into
a list; since session 23 a concatenation of operands known to be lists or tuples is
differentiated (``concat_sequences``), repetition and operands that may be sequences on some
path only are still refused; arithmetic on arrays made from lists is unchanged (checked
against central differences).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_every_mode, refusal_message
from srcdiff.runtime_memory import concat_sequences

X = np.array([0.3137, -0.7219, 1.1173])


def list_concat(x):
    a = [x[0], x[1]]
    b = [x[2]]
    seq = a + b
    return seq[0] * seq[2] + sum(seq)


def list_concat_in_loop(x):
    seq = []
    for i in range(3):
        seq = seq + [x[i] * i]
    return sum(seq) * seq[2]


def tuple_concat(x):
    t = (x[0],) + (x[1], x[2])
    return t[0] * t[2]


def list_repeat(x):
    seq = [x[0]] * 3
    return sum(seq) * seq[1]


def list_repeat_on_the_left(x):
    seq = 2 * [x[0], x[1]]
    return sum(seq) * seq[3]


def list_extended_in_place(x):
    seq = [x[0]]
    seq += [x[1]]
    return seq[0] * seq[1]


def make_pair(x):
    return [x[0], x[1]]


def call_result_concat(x):
    seq = make_pair(x) + [x[2]]
    return seq[0] * seq[2]


def slice_assigned_list(x):
    seq = [0.0, 0.0, 0.0]
    seq[1:] = [x[0], x[1]]
    return seq[1] * seq[2]


# repetitions of operands known to be lists (or tuples) by integers are differentiated since
# session 27 (analysis/list_arguments.py repetitions: repeat_sequence)
REPEATED = [list_repeat, list_repeat_on_the_left]
# concatenations of operands known to be lists (or tuples) are differentiated since session
# 23 (analysis/list_arguments.py concatenations, rules/container_rules.py)
CONCATENATED = [list_concat, list_concat_in_loop, tuple_concat, list_extended_in_place,
                call_result_concat]


@pytest.mark.parametrize("f", CONCATENATED, ids=[f.__name__ for f in CONCATENATED])
def test_concatenation_matches_finite_differences(f):
    check_every_mode(f, X, hvp=True)


@pytest.mark.parametrize("f", REPEATED, ids=[f.__name__ for f in REPEATED])
def test_repetition_matches_finite_differences(f):
    check_every_mode(f, X, hvp=True)


@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_slice_assignment_into_a_list_is_refused(mode):
    with pytest.raises(sd.SrcdiffError, match="a slice of the list 'seq' is assigned"):
        if mode == "reverse":
            sd.grad(slice_assigned_list)(X)
        else:
            sd.jvp(slice_assigned_list)(X, tangents=np.ones(3))


def arrays_from_lists(x):
    seq = [x[0], x[1]]
    return np.sum(np.array(seq) + x[:2]) * np.sum(np.array([x[2]] + [1.0]) * 2)


def test_arithmetic_on_arrays_made_from_lists_still_works():
    # `[x[2]] + [1.0]` is list concatenation, arithmetic on np.array(seq) is not
    check_every_mode(arrays_from_lists, X, hvp=True)
    assert_close(sd.grad(module_arrays)(X), numeric_grad(module_arrays, [X], 0))


def module_arrays(x):
    seq = [x[0], x[1]]
    return np.sum(np.array(seq) + x[:2]) * np.sum(np.array(seq) * 2.0)


# --- lists of constants repeated (``[0.0] * n``), and sequences the facts did not know
# (session 17). A list repeated in a loop after a store made it active had the kind of
# an array (``list * int`` was taken for arithmetic), so the check missed it: the gradient
# of ``repeated_after_store`` was 3.0 for 7.0. ``[0.0] * n``, the common way to make a
# list to fill, was refused; it holds constants only and is supported now.

def repeated_after_store(x):
    seq = [0.0]
    for i in range(3):
        seq = seq * 2
        seq[0] = seq[0] + x[0]
    return sum(seq)


def stored_then_repeated(x):
    seq = [0.0]
    seq[0] = x[0]
    return sum(seq * 3)


def appended_then_repeated(x):
    seq = [0.0]
    seq.append(x[1])
    return sum(seq * 2)


def repeated_list_of_lists(x):
    row = [0.0] * 2
    grid = [row] * 2
    r = grid[0]
    r[1] = x[0]
    return grid[1][1] * 5.0


def zeros_list_filled(x):
    out = [0.0] * len(x)
    for i in range(len(x)):
        out[i] = x[i] ** (i + 1)
    return sum(out) + np.sum(np.array(out) ** 2)


def constants_concatenated(x):
    seq = [0.0] * 2 + [1.0] * 2
    seq[3] = x[1] * seq[3]
    seq[0] = x[2] * x[0]
    return sum(seq) * seq[0]


def forces_per_step(x):
    # a spring chain written with lists (a list of zeros made in every step)
    pos = list(x)
    vel = [0.0] * len(pos)
    for _ in range(4):
        force = [0.0] * len(pos)
        for i in range(len(pos) - 1):
            d = pos[i + 1] - pos[i] - 1.0
            force[i] += 3.0 * d
            force[i + 1] -= 3.0 * d
        for i in range(len(pos)):
            vel[i] = vel[i] + 0.1 * force[i]
            pos[i] = pos[i] + 0.1 * vel[i]
    return sum(p * p for p in pos)


def constant_list_times_array(x):
    return np.sum([1.0, 2.0, 3.0] * x) + np.sum((0.5, 0.25, 1.0) + x ** 2)


@pytest.mark.parametrize("f", [repeated_after_store, stored_then_repeated,
                               appended_then_repeated])
def test_repeating_a_list_that_holds_gradients(f):
    # (refused until session 27: now repeat_sequence, each entry's gradient the sum of its
    # copies')
    check_every_mode(f, X, hvp=True)


def test_a_repeated_list_of_lists_is_refused():
    # its two rows are one list: a store into one changes both
    with pytest.raises(sd.SrcdiffError):
        sd.grad(repeated_list_of_lists)(X)


@pytest.mark.parametrize("f", [zeros_list_filled, constants_concatenated, forces_per_step,
                               constant_list_times_array])
def test_lists_of_constants_repeated_and_filled(f):
    check_every_mode(f, X)


# Entries of lists of lists: ``row * 2`` for a row of ``[[x, 1.0], [2.0, x]]`` had no known
# kind, so it was taken for arithmetic: the gradient was 2.0 for 4.0. A name is now taken
# for a possible sequence where a definition reaching it may make one (a display, an entry
# of a container whose entries may be sequences, a copy, + or * of one), by the argument's
# facts level by level for its entries (analysis/sequences.py).

def rows_of_a_display_repeated(x):
    rows = [[x[0], 1.0], [2.0, x[0]]]
    s = 0.0
    for row in rows:
        r2 = row * 2
        s = s + sum(r2)
    return s


def pairs_concatenated(x):
    pairs = [(x[0], 1.0), (2.0, x[1])]
    s = 0.0
    for p in pairs:
        s = s + sum(p + (x[2],))
    return s


def rows_of_an_argument_repeated(rows):
    s = 0.0
    for row in rows:
        s = s + sum(row * 2)
    return s


@pytest.mark.parametrize("f", [rows_of_a_display_repeated, pairs_concatenated])
def test_entries_of_lists_of_sequences_are_refused(f):
    with pytest.raises(sd.SrcdiffError, match="is a list or tuple"):
        sd.grad(f)(X)


@pytest.mark.parametrize("n", [2, 70])  # (a list of more than 64 entries: facts.FLAT)
def test_rows_of_a_list_argument_repeated_are_refused(n):
    with pytest.raises(sd.SrcdiffError, match="'row' is a list or tuple"):
        sd.grad(rows_of_an_argument_repeated)([[1.0, 2.0]] * n)


def layers(x, ws, bs):
    h = x
    for w, b in zip(ws, bs):
        h = np.tanh(h @ w + b)
    return np.sum(h ** 2)


def inputs_of_a_long_list(x, xs):
    h = x
    for v in xs:
        h = np.tanh(h * 0.9 + v)
    return np.sum(h * x)


def test_entries_known_to_be_arrays_are_arithmetic():
    # lists of arrays as arguments (entries known from the argument's facts; a list
    # longer than 64 entries: by FLAT) and a dict of tuples of arrays
    rng = np.random.default_rng(3)
    ws = [rng.standard_normal((3, 3)) * 0.5 for _ in range(2)]
    bs = [rng.standard_normal(3) * 0.1 for _ in range(2)]
    got = sd.grad(layers)(X, ws, bs)
    assert_close(got, numeric_grad(lambda x: layers(x, ws, bs), [X], 0))
    xs = [rng.standard_normal(3) * 0.1 for _ in range(70)]
    got = sd.grad(inputs_of_a_long_list)(X, xs)
    assert_close(got, numeric_grad(lambda x: inputs_of_a_long_list(x, xs), [X], 0))


# Sequences made by calls, slices and methods (session 17, found by probing after the
# change above): sorted() (3.0 for 9.0), a.tolist(), L[:] and L.copy() (1.0 for 2.0 each:
# `.copy()` of a list was differentiated as np.copy, an array) were taken for arithmetic
# under `*`. (Still open: the rows of a list of lists a user's function returns.)

def sorted_repeated(x):
    seq = sorted([x[0], 2.0 * x[0]])
    return sum(seq * 3)


def tolist_repeated(x):
    seq = x.tolist()
    return sum(seq * 2)


def slice_repeated(x):
    seq = [x[0], 1.0]
    return sum(seq[:] * 2)


def copy_repeated(x):
    seq = [x[0], 1.0]
    dup = seq.copy()
    return sum(dup * 2)


@pytest.mark.parametrize("f", [sorted_repeated, tolist_repeated])
def test_sequences_made_by_calls_slices_and_copies_are_refused(f):
    with pytest.raises(sd.SrcdiffError, match="is a list or tuple"):
        sd.grad(f)(X)


def test_a_copy_of_a_list_repeated():
    # (`.copy()` of a list is known to be a list since red28: repeat_sequence)
    check_every_mode(copy_repeated, X, hvp=True)


def test_a_slice_of_a_list_repeated():
    # (a slice of a list is known to be a list: repeat_sequence since session 27)
    check_every_mode(slice_repeated, X, hvp=True)


def tuple_of_arrays_returned(x):
    h, c = _step(x, x * 0.5)
    return np.sum(h * c) + np.sum(c * 2.0)


def _step(h, c):
    return np.tanh(h + c), c * 0.9 + h


def test_a_tuple_of_arrays_returned_is_arithmetic():
    check_every_mode(tuple_of_arrays_returned, X)


def rows_of_a_matrix_as_lists(x):
    m = np.outer(x, x)
    rows = m.tolist()
    return rows[1][2] * 2.0 + sum(rows[0]) * x[1]


def test_entries_of_rows_of_tolist_are_numbers():
    check_every_mode(rows_of_a_matrix_as_lists, X)


# --- concatenations (session 23). The entries of `a + b` are a's and b's own objects: a
# change made in place through the result's entry is a change of theirs. An inactive
# concatenation kept the numeric rule, which shares nothing, so the change was not seen:
# the gradient of `entry_changed_through_a_concatenation` was [0.096, -0.256, 0.16, 0.224]
# for [0.896, 0.544, 0.96, 1.024] (analysis/sharing.py now links the result to its
# operands' entries, and the change is refused).

def entry_changed_through_a_concatenation(x):
    v = x * 0.4
    a = [v]
    c = a + [x]
    c[0] += 1.0
    return np.sum(v * a[0])


def entry_read_out_of_a_concatenation(x):
    v = x * 0.4
    c = [v] + [1.0]
    w = c[0]
    w[1] = 2.0
    return np.sum(v)


@pytest.mark.parametrize("f", [entry_changed_through_a_concatenation,
                               entry_read_out_of_a_concatenation])
def test_a_change_through_a_concatenations_entry_is_refused(f):
    with pytest.raises(sd.SrcdiffError, match="changes an array in place"):
        sd.grad(f)(np.array([0.3, -0.8, 0.5, 0.7]))


def maybe_a_list(x):
    a = [x[0]] if x[1] > 0 else x[:1]  # a list on one path, an array on the other
    b = a + [x[2]]
    return np.sum(b) * x[1]


def rotated_window(x):
    """A window that drops its first entry and takes a new one (gen_independent's form)."""
    w = [x[0], 0.5, x[1]]
    for j in range(len(x)):
        w = w[1:] + [np.tanh(x[j] * w[j % len(w)])]
    return sum(w) * w[0]


def test_an_operand_that_may_be_an_array_is_still_refused():
    for mode in ("reverse", "forward"):
        message = refusal_message(maybe_a_list, X, mode)
        assert "is a list or tuple (on some path at least)" in message
        assert "test_sequence_arithmetic.py" in message and "b = a + [x[2]]" in message


def test_a_rotated_window_matches_finite_differences():
    check_every_mode(rotated_window, X, hvp=True)


def test_a_concatenation_of_what_is_not_two_sequences_is_refused_when_it_runs():
    with pytest.raises(sd.SrcdiffError, match="finds a ndarray and a list"):
        concat_sequences(np.ones(2), [1.0])
    assert concat_sequences((1.0,), (2.0, 3.0)) == (1.0, 2.0, 3.0)
