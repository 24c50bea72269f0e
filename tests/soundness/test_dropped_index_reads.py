# ruff: noqa: F841  (unused values are the dead code under test)
"""A gradient raises where the function raises by an index out of range, though it drops
the read.

``z = z + zs[i]`` in a loop over ``range(len(xs))``, ``zs`` not differentiated and shorter
than ``xs``: the function raises IndexError; ``z`` is inactive, so the optimized gradient
dropped the statement (optimize/dead.py: a value the outputs are computed from goes) and
returned a value (fuzz loops, seed 3404, index 20). An index out of range is an error of
shape, like a broadcast: a dropped statement's reads that may raise by their index stay as
a statement of their own (``zs[i1]``), for lists, tuples, arrays along any axis, dicts'
keys, in loops, under ``if`` and in helpers; slices do not raise and leave nothing.
Oracles: the function itself (it raises, or not) and central differences.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def loop_of_list(x, xs, zs):
    z = 1.0
    acc = 0.5 * x
    for i in range(len(xs)):
        acc = acc - np.sum(np.sin(xs[:i + 1] * acc))
        z = z + zs[i]
    return z + acc


def tuple_read(x, t):
    k = t[2]
    return x * x + k


def array_row(x, a, i):
    r = a[i]
    return np.sum(x * x) + np.sum(r)


def array_column(x, a):
    c = a[:, 3]
    return np.sum(x * x) + np.sum(c)


def dict_key(x, d):
    s = d["missing"] + 1.0
    return x * x + s


def under_if(x, zs, n):
    z = 0.0
    if x > 0:
        z = zs[n]
    return x * x + z


def _pick(zs, i):
    return zs[i] * 2.0


def through_helper(x, zs):
    z = _pick(zs, 3)
    return x * x + z


def fancy(x, a):
    idx = np.array([0, 5])
    b = a[idx]
    return np.sum(x * x) + np.sum(b)


def slice_only(x, a):
    b = a[1:10]
    return np.sum(x * x) + np.sum(b)


X = np.array([0.3, -0.2, 0.5])
RAISING = [
    (loop_of_list, (0.5, np.array([0.1, 0.2, 0.3, 0.4]), [0.1, 0.2, 0.3]), IndexError),
    (tuple_read, (0.5, (1.0, 2.0)), IndexError),
    (array_row, (X, np.ones((2, 3)), 4), IndexError),
    (array_column, (X, np.ones((2, 3))), IndexError),
    (dict_key, (0.5, {"a": 1.0}), KeyError),
    (under_if, (0.5, [1.0, 2.0], 2), IndexError),
    (through_helper, (0.5, [1.0, 2.0]), IndexError),
    (fancy, (X, np.ones(3)), IndexError),
]


@pytest.mark.parametrize("f, args, error", RAISING, ids=[r[0].__name__ for r in RAISING])
@pytest.mark.parametrize("optimize", [True, False])
def test_gradient_raises_where_the_function_raises(f, args, error, optimize):
    with pytest.raises(error):
        f(*args)
    with pytest.raises(error):
        sd.grad(f, wrt=0, optimize=optimize)(*args)


FITTING = [
    (loop_of_list, (0.5, np.array([0.1, 0.2, 0.3, 0.4]), [0.1, 0.2, 0.3, 0.4])),
    (tuple_read, (0.5, (1.0, 2.0, 3.0))),
    (array_row, (X, np.ones((5, 3)), 4)),
    (array_column, (X, np.ones((2, 4)))),
    (dict_key, (0.5, {"missing": 1.0})),
    (under_if, (0.5, [1.0, 2.0, 3.0], 2)),
    (through_helper, (0.5, [1.0, 2.0, 3.0, 4.0])),
    (fancy, (X, np.ones(6))),
    (slice_only, (X, np.ones(3))),
]


@pytest.mark.parametrize("f, args", FITTING, ids=[r[0].__name__ for r in FITTING])
def test_gradient_where_the_reads_fit(f, args):
    assert_close(sd.grad(f, wrt=0)(*args), numeric_grad(f, args, 0))


def test_the_read_is_left_and_a_slice_leaves_nothing(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    args = (0.5, np.array([0.1, 0.2, 0.3, 0.4]), [0.1, 0.2, 0.3, 0.4])
    text = sd.source(loop_of_list, wrt=0, args=args)
    assert "zs[i]" in text and "z + zs[i]" not in text  # (the read, not the sum)
    text = sd.source(slice_only, wrt=0, args=(X, np.ones(3)))
    assert "a[1:10]" not in text


def test_a_read_kept_is_not_read_twice(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)

    def f(x, zs):
        z = zs[1]
        return x * z

    text = sd.source(f, wrt=0, args=(0.5, [1.0, 2.0]))
    assert text.count("zs[1]") == 1


@pytest.mark.parametrize("f, args, error", RAISING, ids=[r[0].__name__ for r in RAISING])
def test_forward_and_hessian_vector_products_raise_too(f, args, error):
    # (hvp is forward over reverse: the first-order gradient's read ``zs[i]`` is the user's
    # dead code there, kept as a statement of its own: front/in_place.py read_statement)
    t = np.ones_like(args[0]) if np.ndim(args[0]) else 1.0
    with pytest.raises(error):
        sd.jvp(f, wrt=0)(*args, tangents=t)
    with pytest.raises(error):
        sd.hvp(f, wrt=0)(*args, vector=t)


def read_as_statement(x, zs):
    zs[2]
    return x * x


def test_a_read_written_as_a_statement():
    with pytest.raises(IndexError):
        read_as_statement(0.5, [1.0])
    for mode in (sd.grad(read_as_statement), sd.grad(read_as_statement, optimize=False)):
        with pytest.raises(IndexError):
            mode(0.5, [1.0])
        assert_close(mode(0.5, [1.0, 2.0, 3.0]), 1.0)
    with pytest.raises(IndexError):
        sd.hvp(read_as_statement)(0.5, [1.0], vector=1.0)
