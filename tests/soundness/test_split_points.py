"""``np.split(x, points)`` with split points that go back (``[4, 2]``): NumPy returns
``x[:4]``, an empty ``x[4:2]`` and ``x[2:]``, pieces that overlap, and the function runs;
split's adjoint concatenates the pieces' gradients, which then do not make ``x``'s shape
(a ValueError from ``finish`` in the gradient before). srcdiff now refuses it with a
SrcdiffError naming the line (runtime_checks.check_split); points past the end, negative
points and equal sections cut ``x`` into consecutive pieces, and their gradients are
checked against central differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

X = np.linspace(0.1, 0.9, 8)
M = np.linspace(0.1, 2.4, 24).reshape(4, 6)


def going_back(x):
    a, b, c = np.split(x, [4, 2])
    return np.sum(a * a) + np.sum(np.sin(c)) + np.sum(b)


def array_split_going_back(x):
    parts = np.array_split(x, [5, -6])  # (x[:5], x[5:2], x[2:])
    return np.sum(parts[0] ** 2) + np.sum(np.cos(parts[2]))


def hsplit_going_back(m):
    a, b, c = np.hsplit(m, [3, 1])
    return np.sum(a * a) + np.sum(np.sin(c))


def past_the_end(x):
    a, b, c = np.array_split(x, [2, 20])
    return np.sum(a * a) + np.sum(np.sin(b)) + np.sum(c)


def negative_points(x):
    a, b = np.split(x, [-3])
    return np.sum(a * a) + np.sum(np.sin(b))


def equal_sections(x):
    a, b = np.split(x, 2)
    return np.sum(a * b)


def rows_of_a_matrix(m):
    a, b, c = np.split(m, [1, 3], axis=0)
    return np.sum(a * a) + np.sum(np.sin(b)) + np.sum(c * b[:1])


@pytest.mark.parametrize("f, x", [(going_back, X), (array_split_going_back, X),
                                  (hsplit_going_back, M)])
@pytest.mark.parametrize("optimize", [True, False])
def test_points_that_go_back_are_refused(f, x, optimize):
    f(x)  # (NumPy runs it)
    with pytest.raises(sd.SrcdiffError, match="split points that go back") as info:
        sd.grad(f, optimize=optimize)(x)
    assert "np." in str(info.value) and "split(" in str(info.value)  # (the line)


@pytest.mark.parametrize("f, x", [(past_the_end, X), (negative_points, X),
                                  (equal_sections, X), (rows_of_a_matrix, M)])
def test_consecutive_pieces_are_differentiated(f, x):
    expected = numeric_grad(f, (x,), 0)
    for options in ({}, {"optimize": False}):
        assert_close(sd.grad(f, **options)(x), expected)
    assert_close(sd.jvp(f)(x, tangents=np.ones_like(x))[1], np.sum(expected))
