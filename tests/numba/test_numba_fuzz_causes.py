"""Shapes the loop fuzz (tests/property/fuzz.py, seeds 11-13, backend="numba") found numba
failing to compile in srcdiff's generated gradients, each now compiled: the numba gradient
agrees with the NumPy backend (1e-12) and central finite differences (numba_agree.agree),
and in forward mode with the NumPy backend's jvp."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close
from numba_agree import agree

pytest.importorskip("numba")


def clipped(x, xs):
    P = 0.5 + 0.1 * x
    for v in xs:
        P *= np.clip(abs(P) + v, -1.0, 1.0) + 0.5
    return P


def test_clip_of_numbers():
    """``np.clip`` of three numbers (numba's takes arrays only): numba_pieces.clip_of; at
    these arguments the upper bound is reached on some trips and not on others."""
    xs = np.array([0.1, 0.9, -0.4, 0.3])
    agree(clipped, (0.7, xs), (0, 1))


def copied(x, xs):
    a = np.array(xs)
    a[0] = x * a[1]
    s = 0.0
    for v in a:
        s = s + np.sin(v) * x
    return s


def test_array_of_an_array():
    """``np.array(xs)`` of an array (its copy): numba_helpers.stack_rows of an array, in the
    forward sweep of reverse mode (``xs`` not differentiated: a gradient through the copy
    calls ``unstack_like``, refused) and in forward mode (likewise: ``stack_tangents``)."""
    xs = np.array([0.3, -0.8, 1.1])
    agree(copied, (0.6, xs), (0,))
    value, got = sd.jvp(copied, wrt=0, backend="numba")(0.6, xs, tangents=0.7)
    ref_value, ref = sd.jvp(copied, wrt=0)(0.6, xs, tangents=0.7)
    assert_close(value, ref_value, rtol=1e-12, atol=1e-14)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)


def early(x, y):
    P = x
    r = y
    for i in range(3):
        if r > 5.0:
            return 0.3 * P + r
        r = r * 1.5 + P
    return -0.3 * P + r


@pytest.mark.parametrize("y", [0.3, 2.3])  # (the loop's return not taken; taken)
def test_forward_early_return_in_a_loop(y):
    """Forward mode of a return in a loop: ``t_retval = zeros_tree(_retval)`` before the
    loop, of ``_retval`` still unbound (``_retval = None``, dropped), dropped with it
    (numba_tapes._zero_of_unbound). Against the NumPy backend and the derivatives by hand."""
    value, got = sd.jvp(early, wrt=(0, 1), backend="numba")(0.5, y, tangents=(1.0, 0.5))
    ref_value, ref = sd.jvp(early, wrt=(0, 1))(0.5, y, tangents=(1.0, 0.5))
    assert_close(value, ref_value, rtol=1e-12, atol=1e-14)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)
    # by hand: r_k = 1.5 r_{k-1} + x; three trips (3.2375) or a return after two (6.575)
    dx, dy = (1.5 ** 2 + 1.5 + 1 - 0.3, 1.5 ** 3) if y < 1 else (1.5 + 1 + 0.3, 1.5 ** 2)
    assert_close(got, 1.0 * dx + 0.5 * dy, rtol=1e-12, atol=1e-14)


def backwards(x, xs):
    P = x
    for i in reversed(range(1, len(xs), 2)):
        P = P * xs[i] + np.tanh(xs[i - 1] * P)
    return P


def test_item_of_a_range():
    """The reverse sweep of ``reversed(range(...))`` reads ``range1[k]`` (numba has no
    ``getitem`` of a range: numba_builtins._range_item); values and errors as Python's."""
    import numba
    xs = np.array([0.4, -0.3, 0.8, 0.5, -0.6])
    agree(backwards, (0.7, xs), (0, 1))

    @numba.njit
    def item(start, stop, step, k):
        return range(start, stop, step)[k]
    for start, stop, step in [(0, 5, 1), (1, 6, 2), (7, -3, -3), (2, 2, 1)]:
        r = range(start, stop, step)
        for k in range(-len(r) - 2, len(r) + 2):
            if -len(r) <= k < len(r):
                assert item(start, stop, step, k) == r[k]
            else:
                with pytest.raises(IndexError):
                    item(start, stop, step, k)


def listed(x, xs):
    w = xs * x
    for i in range(1, len(xs)):
        w[[i, 0, i]] = 0.49
        w[1:] = w[1:] * 0.5 + w[:-1] * x
    return np.sum(w * w)


def test_list_index():
    """``w[[i, 0, i]] = c``: the index list (``items = [i, 0, i]``, saved on the tape) as
    an integer array (numba indexes with no list: numba_builtins.list_indices); both modes."""
    xs = np.array([0.3, -0.8, 1.1, 0.2])
    agree(listed, (0.6, xs), (0, 1))
    value, got = sd.jvp(listed, wrt=1, backend="numba")(0.6, xs, tangents=xs[::-1].copy())
    ref_value, ref = sd.jvp(listed, wrt=1)(0.6, xs, tangents=xs[::-1].copy())
    assert_close(value, ref_value, rtol=1e-12, atol=1e-14)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)
