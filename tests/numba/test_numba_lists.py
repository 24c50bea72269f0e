"""backend="numba": Python's ``sum`` of a list or a generator, and lists repeated
(``[a, b] * n``), with the numba versions of their helpers (compiler/emit/numba_lists.py:
``sum_of_items_grad``, ``pop_grad``, ``fill_zeros`` in ``sum``'s tangent,
``repeat_sequence``, ``sequence_repeat_grad``, ``sequence_tangent``, ``zeros_tree`` and
``item_add`` of a list). Refused until session 43 (no compiled version). Each gradient and
tangent is checked against the NumPy backend (1e-12) and central finite differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close
from numba_agree import agree

pytest.importorskip("numba")


def sum_start(x, s):
    xs = [x[0] * s, x[1] * x[2], np.sin(s)]
    return sum(xs, 0.5) * s


def sum_constant_entry(x, s):  # (the tangent list has a None: a constant's)
    xs = [x[0] * s, 0.25, np.tanh(s * x[2])]
    return sum(xs) * s + sum(xs, -1.5) ** 2


def sum_generator(x, s):
    return sum(x[i] * s * x[i] for i in range(3))


def sum_arrays(x, s):
    t = sum([x * (np.exp(np.tanh(s)) - x[1]), np.sin(x)], x * -0.1)
    return np.sum(t * t)


def sum_in_loop(x, s):
    acc = s
    for k in range(3):
        acc = acc * 0.5 + sum([acc * x[k], np.cos(acc), s])
    return acc


def repeated(x, s):
    xs = [s, x[0]] * 2
    acc = 0.0
    for v in xs:
        acc = acc * 0.5 + v * x[1]
    return acc


def repeated_n(x, s, n):
    xs = n * [s * x[1]]
    acc = 0.0
    for k in range(len(xs)):
        acc = acc + xs[k] * x[k] + 0.5 * acc * xs[k]
    return acc + sum(xs)


X = np.array([0.3, -0.8, 1.1])
CASES = [(sum_start, (X, 0.7)), (sum_constant_entry, (X, 0.7)), (sum_generator, (X, 0.7)),
         (sum_arrays, (X, 0.7)), (sum_in_loop, (X, -0.4)), (repeated, (X, 0.7)),
         (repeated_n, (X, 0.7, 3)), (repeated_n, (X, 0.7, 0))]
IDS = [c[0].__name__ + ("_0" if c[1][-1] == 0 else "") for c in CASES]


@pytest.mark.parametrize("fn, args", CASES, ids=IDS)
def test_reverse(fn, args):
    agree(fn, args, (0, 1))


@pytest.mark.parametrize("fn, args", CASES, ids=IDS)
def test_forward(fn, args):
    tangents = (np.array([0.7, -0.4, 0.9]), 0.6)
    value, got = sd.jvp(fn, wrt=(0, 1), backend="numba")(*args, tangents=tangents)
    ref_value, ref = sd.jvp(fn, wrt=(0, 1))(*args, tangents=tangents)
    assert_close(value, ref_value, rtol=1e-12, atol=1e-14)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)
    h = 1e-6  # (central differences along the tangent)
    up = (args[0] + h * tangents[0], args[1] + h * tangents[1]) + args[2:]
    down = (args[0] - h * tangents[0], args[1] - h * tangents[1]) + args[2:]
    assert_close(got, (fn(*up) - fn(*down)) / (2 * h), rtol=1e-6, atol=1e-8)


def concatenated(x, s):
    y = np.concatenate([x * s, np.ones(2)])
    return np.sum(y * y)


def test_fill_zeros_outside_sum_refused_before_numba():
    """``fill_zeros`` feeding ``np.concatenate``'s tangent (numba's concatenate takes
    tuples only): refused at generation, naming it, never a numba typing error."""
    with pytest.raises(sd.SrcdiffError, match="fill_zeros") as info:
        sd.jvp(concatenated, wrt=(0, 1), backend="numba")(X, 0.7, tangents=(X, 1.0))
    assert "numba cannot compile" not in str(info.value)


def repeated_arrays(x, s, n):
    xs = [x * s] * n
    acc = s
    for v in xs:
        acc = acc + np.sum(v * v)
    return acc


def test_repeated_list_of_arrays():
    """``[x * s] * n`` of an array: the gradient of each copy summed (n = 2); none (n = 0),
    where the gradient's zeros have no shape in compiled code: refused at run time, a
    SrcdiffError naming it, never an IndexError or a wrong number."""
    agree(repeated_arrays, (X, 0.7, 2), (0, 1))
    with pytest.raises(sd.SrcdiffError, match="repeated 0 times"):
        sd.grad(repeated_arrays, wrt=(0, 1), backend="numba")(X, 0.7, 0)


def sum_in_branch(x, k):  # (fuzz seed 60 index 26: a display bound in a loop's arm)
    m = 0.0
    for i0 in range(2):
        if i0 > 0:
            m = m * np.tanh(m * 0.09) + x
        else:
            m = sum([(x * 0.2) ** 2 * 0.5, -0.3 * (0.2 * i0)], m)
    return 0.5 * m


def repeated_constant(x, s):  # (fuzz seed 42 index 46: [0.0] * n, its tangents all None)
    n = 3
    ls = n * [0.0]
    acc = s
    for i in range(n):
        acc = acc * 0.5 + ls[i] + x[i] * s
    return acc


@pytest.mark.parametrize("fn, args", [(sum_in_branch, (0.7, 3)), (repeated_constant, (X, 0.7))])
def test_tangent_lists_of_constants(fn, args):
    """A tangent display with a constant's None paired with its display in a loop's arm,
    and ``[0.0] * n``'s tangents (a list of Nones): compiled, against the NumPy backend
    and central differences (numba_lists._zeros_for_nones, sequence_tangent)."""
    wrt = (0,) if fn is sum_in_branch else (0, 1)
    agree(fn, args, wrt)
    t = tuple(np.ones_like(args[k]) if np.ndim(args[k]) else 1.0 for k in wrt)
    value, got = sd.jvp(fn, wrt=wrt, backend="numba")(*args, tangents=t)
    ref_value, ref = sd.jvp(fn, wrt=wrt)(*args, tangents=t)
    assert_close(value, ref_value, rtol=1e-12, atol=1e-14)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)
    h = 1e-6
    up = [a + h * t[wrt.index(k)] if k in wrt else a for k, a in enumerate(args)]
    down = [a - h * t[wrt.index(k)] if k in wrt else a for k, a in enumerate(args)]
    assert_close(got, (fn(*up) - fn(*down)) / (2 * h), rtol=1e-6, atol=1e-8)
