"""`+` and `*` on lists and tuples concatenate and repeat them (wrong gradients before).

The numeric rules of `+` and `*` were applied: the gradient of `sum([v] * 3) * v` counted
`v` once (0.94 for 1.88), `seq += [v]` mixed the entries' gradients, concatenations crashed
in unbroadcast. They are refused now (analysis/dtypes.py), like a slice assignment into
a list; arithmetic on arrays made from lists is unchanged (checked against central
differences).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

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


REFUSED = [list_concat, list_concat_in_loop, tuple_concat, list_repeat,
           list_repeat_on_the_left, list_extended_in_place, call_result_concat]


@pytest.mark.parametrize("f", REFUSED, ids=[f.__name__ for f in REFUSED])
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_sequence_arithmetic_is_refused(f, mode):
    with pytest.raises(sd.SrcdiffError) as info:
        if mode == "reverse":
            sd.grad(f)(X)
        else:
            sd.jvp(f)(X, tangents=np.ones(3))
    message = str(info.value)
    assert "is a list or tuple" in message and ("concatenates" in message
                                                or "repeats" in message)
    assert "test_sequence_arithmetic.py" in message


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
    # `[x[2]] + [1.0]` is list concatenation: refused; arithmetic on np.array(seq) is not
    with pytest.raises(sd.SrcdiffError):
        sd.grad(arrays_from_lists)(X)
    assert_close(sd.grad(module_arrays)(X), numeric_grad(module_arrays, [X], 0))


def module_arrays(x):
    seq = [x[0], x[1]]
    return np.sum(np.array(seq) + x[:2]) * np.sum(np.array(seq) * 2.0)
