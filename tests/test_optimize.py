"""The optimizer's rewrites and the run-time helpers' fast paths.

Each rewrite is checked three ways: on the generated source (it happened), on a
case it must leave alone, and numerically against central differences.
"""

import numpy as np
import pytest

from srcdiff.runtime import finish, unbroadcast


# ------------------------------------------------------------------ runtime.finish


def _same(got, expected):
    """Equal value, equal type, and for arrays equal dtype and shape."""
    assert type(got) is type(expected), (type(got), type(expected))
    if isinstance(expected, np.ndarray):
        assert got.dtype == expected.dtype and got.shape == expected.shape
        np.testing.assert_array_equal(got, expected)
    else:
        assert got == expected


@pytest.mark.parametrize("g, x, expected", [
    (0.3, 0.5, 0.3),
    (np.float64(0.3), 0.5, np.float64(0.3)),
    (0.3, np.float64(0.5), np.float64(0.3)),
    (np.float64(0.3), np.float64(0.5), np.float64(0.3)),
    (0.25, np.float32(0.5), np.float32(0.25)),
    (np.float64(0.25), np.float32(0.5), np.float32(0.25)),
    (0.3, 2, 0.3),                         # an int argument: the gradient is left alone
    (np.array(0.25), 0.5, np.float64(0.25)),  # a 0-d array becomes a scalar
    (np.array(0.25), np.float64(0.5), np.float64(0.25)),
    (2, 0.5, 2),
    (1.5 + 2j, 0.5, 1.5),                  # a real input's gradient is real
])
def test_finish_scalars(g, x, expected):
    _same(finish(g, x), expected)


def test_finish_none_and_zero():
    assert finish(None, 0.5) is None
    _same(finish(None, 0.5, zero=True), 0.0)
    _same(finish(None, np.ones(2), zero=True), np.zeros(2))
    assert finish(None, [0.5, np.ones(2)]) == [None, None]


def test_finish_arrays():
    g = np.array([1.0, 2.0])
    assert finish(g, np.zeros(2)) is g  # owned, same dtype and shape: returned as is
    _same(finish(np.array([1, 2]), np.zeros(2)), np.array([1.0, 2.0]))
    _same(finish(g, np.zeros(2, dtype=np.float32)), np.array([1.0, 2.0], dtype=np.float32))
    _same(finish(0.5, np.zeros((2, 2))), np.full((2, 2), 0.5))
    _same(finish(np.float64(0.5), np.zeros(3)), np.full(3, 0.5))
    _same(finish(g, np.zeros((3, 2))), np.array([[1.0, 2.0]] * 3))
    view = np.arange(4.0)[::2]
    out = finish(view, np.zeros(2))
    _same(out, np.array([0.0, 2.0]))
    assert out.base is None and out.flags.writeable and out is not view
    ro = np.broadcast_to(np.array([3.0]), (2,))
    out = finish(ro, np.zeros(2))
    assert out.flags.writeable and out is not ro
    _same(out, np.array([3.0, 3.0]))
    _same(finish(np.array([1 + 1j, 2 - 1j]), np.zeros(2)), np.array([1.0, 2.0]))
    _same(finish(np.array([1 + 1j]), np.zeros(1, dtype=complex)), np.array([1 + 1j]))


def test_finish_containers():
    out = finish([0.5, np.array([1, 2])], (0.0, np.zeros(2)))
    assert type(out) is tuple
    _same(out[0], 0.5)
    _same(out[1], np.array([1.0, 2.0]))
    out = finish({"a": 0.5}, {"a": np.float64(1.0), "b": 2.0}, zero=True)
    _same(out["a"], np.float64(0.5))
    _same(out["b"], 0.0)


# -------------------------------------------------------------- runtime.unbroadcast


def test_unbroadcast_equal_shapes_returns_g():
    g = np.arange(6.0).reshape(2, 3)
    assert unbroadcast(g, np.zeros((2, 3))) is g
    assert unbroadcast(0.3, 0.5) == 0.3 and type(unbroadcast(0.3, 0.5)) is float
    f = np.float64(0.3)
    assert unbroadcast(f, 0.5) is f
    z = np.array(0.3)
    assert unbroadcast(z, 0.5) is z  # a 0-d array has the shape of a scalar: left alone


def test_unbroadcast_to_a_python_float_sums():
    g = np.arange(6.0).reshape(2, 3)
    _same(unbroadcast(g, 0.5), np.float64(15.0))
    _same(unbroadcast(np.array([0.5, 0.25]), 1.0), np.float64(0.75))
    _same(unbroadcast(np.array([1.5, 2.5], dtype=np.float32), 1.0), np.float32(4.0))
    _same(unbroadcast(np.array([1, 2, 3]), 1.0), np.int64(6))
    _same(unbroadcast(np.arange(8.0).reshape(2, 2, 2)[:, ::-1].T, 1.0), np.float64(28.0))


def test_unbroadcast_sums_broadcast_axes():
    g = np.arange(6.0).reshape(2, 3)
    _same(unbroadcast(g, np.zeros(3)), np.array([3.0, 5.0, 7.0]))
    _same(unbroadcast(g, np.zeros((1, 3))), np.array([[3.0, 5.0, 7.0]]))
    _same(unbroadcast(g, np.zeros((2, 1))), np.array([[3.0], [12.0]]))
    _same(unbroadcast(g, np.float64(1.0)), np.float64(15.0))
    _same(unbroadcast(g, np.array(1.0)), np.float64(15.0))
    out = unbroadcast(0.5, np.zeros(3))
    assert out.shape == (3,) and np.all(out == 0.5)
