"""backend="numba": rule helpers of array rules for argument kinds numba had no version of
(compiler/emit/numba_rule_helpers.py, issue 18): refused until session 43 ("numba cannot
compile the gradient"). Checked against the NumPy backend (1e-12 relative) and central
finite differences (numba_agree.agree)."""

import warnings

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close
from numba_agree import agree

pytest.importorskip("numba")

RNG = np.random.default_rng(18)
X = RNG.normal(size=8)
A = RNG.normal(size=(3, 4))


def clipped(x):
    y = np.clip(x, -0.5, 0.7)
    z = np.maximum(y, 0.1 * y)
    return np.sum(z * np.abs(x))


def leaky_2d(a):
    return np.sum(np.maximum(a, 0.2 * a) ** 2) + np.sum(np.minimum(a, 0.3) * a)


@pytest.mark.parametrize("fn, args", [(clipped, (X,)), (leaky_2d, (A,))],
                         ids=["clipped", "leaky_2d"])
def test_mask_products(fn, args):
    # the gradients of maximum/minimum/clip multiply by a boolean mask (mul_into)
    agree(fn, args, (0,))


def flipped(a):
    return np.sum(np.flip(a, axis=0) * a ** 2) + np.sum(np.flip(a, 1) * np.sin(a))


def rolled(a):
    return np.sum(np.roll(a, -1, axis=1) * a ** 2) + np.sum(np.roll(a, 5, axis=0) * np.cos(a))


def summed(a):
    return np.sum(np.cumsum(a, axis=1) ** 2) + np.sum(np.cumsum(a * a, axis=-2) * a)


def rolled_flat(x):
    # no axis: all axes, flattened (the gradient calls np.roll(g, -s, None))
    return np.sum(np.roll(x, 1) * x) + np.sum(np.roll(np.outer(x, x), -2) * x)


@pytest.mark.parametrize("fn", [flipped, rolled, summed, rolled_flat],
                         ids=lambda f: f.__name__)
def test_along_an_axis(fn):
    # np.flip/np.roll/np.cumsum of a 2-d array along an axis, and their gradients' calls
    agree(fn, (X,) if fn is rolled_flat else (A,), (0,))


def test_axis_helpers_are_numpys():
    # the helpers themselves, exactly NumPy's, for 1-d to 3-d arrays, every axis (negative
    # too) and shifts beyond the length either way
    import numba

    from srcdiff.compiler.emit.numba_rule_helpers import cumsum_axis, flip_axis, roll_axis
    flip = numba.njit(lambda a, k: flip_axis(a, k))
    roll = numba.njit(lambda a, s, k: roll_axis(a, s, k))
    cumsum = numba.njit(lambda a, k: cumsum_axis(a, k))
    for shape in [(5,), (3, 4), (2, 3, 4), (0, 3)]:
        a = RNG.normal(size=shape)
        for k in range(-len(shape), len(shape)):
            assert np.array_equal(flip(a, k), np.flip(a, k))
            assert np.array_equal(cumsum(a, k), np.cumsum(a, k))
            for s in (-7, -1, 0, 2, 9):
                assert np.array_equal(roll(a, s, k), np.roll(a, s, k))
        assert np.array_equal(flip(a.T, 0), np.flip(a.T, 0))  # (a strided view)
        with pytest.raises(ValueError):
            flip(a, len(shape))


def running_max(x):
    m = x[0]
    acc = 0.0
    for v in x[1:]:
        m = max(m, v)
        acc += m * v
    return acc


def running_min(x, y):
    m = x[0]
    acc = 0.0
    for i in range(len(x)):
        m = min(m, x[i] * y, 0)
        acc += np.sin(m) * x[i]
    return acc


def tied(x, y):
    return max(x, y, x) * y + min(y, y) * x  # (ties share the gradient)


def of_array(x):
    return max(x) * min(x * x)


EXTREMES = [(running_max, (X,), (0,)), (running_min, (X, 0.7), (0, 1)),
            (tied, (0.6, -0.3), (0, 1)), (of_array, (X,), (0,))]


@pytest.mark.parametrize("fn, args, wrt", EXTREMES, ids=[c[0].__name__ for c in EXTREMES])
def test_builtin_max_min(fn, args, wrt):
    # extreme_grads of a tuple of numbers (max(m, v) in a loop) and of one 1-d array
    agree(fn, args, wrt)


@pytest.mark.parametrize("fn, args", [(running_max, (X,)), (running_min, (X, 0.7))],
                         ids=["running_max", "running_min"])
def test_builtin_max_min_forward(fn, args):
    # extreme_tangent of a list of float tangents (every argument of max/min varies)
    t = np.linspace(-1.0, 1.0, len(X))
    value, got = sd.jvp(fn, backend="numba")(*args, tangents=t)
    ref_value, ref = sd.jvp(fn)(*args, tangents=t)
    assert_close(value, ref_value, rtol=1e-12, atol=1e-14)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)
    h = 1e-6
    up, down = (fn(args[0] + h * t, *args[1:]), fn(args[0] - h * t, *args[1:]))
    assert_close(got, (up - down) / (2 * h), rtol=1e-6, atol=1e-8)


def sample_var(x):
    return np.var(x, ddof=1) * np.sum(x) + x.std(ddof=2)


def sample_std(a):
    return np.std(a * a, ddof=1) + a.var(ddof=1) * np.sum(a)


def along_axis(a):
    s = np.std(a, axis=0, ddof=1).sum() + np.sum(a.var(axis=-1, ddof=2) * a[:, 0])
    return s + np.sum(np.std(a, axis=1, ddof=1, keepdims=True) * a)


VARS = [(sample_var, (X,)), (sample_std, (A,)), (along_axis, (A,))]


@pytest.mark.parametrize("fn, args", VARS, ids=[c[0].__name__ for c in VARS])
def test_var_std_ddof(fn, args):
    # np.var/np.std (and the methods) with ddof over all axes
    agree(fn, args, (0,))


def test_var_ddof_is_numpys():
    # to rounding (NumPy sums pairwise, var_ddof in index order); no count left: inf or NaN
    import numba

    from srcdiff.compiler.emit.numba_rule_helpers import var_ddof
    var = numba.njit(lambda a, k: var_ddof(a, k))
    for a in (RNG.normal(size=9), A, A.T, RNG.normal(size=(2, 3, 4))[:, ::2]):
        for k in (0, 1, 2, 1.5):
            assert abs(var(a, k) - np.var(a, ddof=k)) <= 1e-15 * np.var(a, ddof=k)
    along = numba.njit(lambda a, k, ax: var_ddof(a, k, ax))
    for a in (A, A.T, RNG.normal(size=(5, 7))[::2, 1:]):
        for ax in (-2, -1, 0, 1):
            for k in (0, 1, 2.5):
                ref = np.var(a, axis=ax, ddof=k)
                assert np.all(np.abs(along(a, k, ax) - ref) <= 1e-15 * ref)
        with pytest.raises(ValueError):
            along(a, 1, 2)
    with np.errstate(divide="ignore", invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # (NumPy's "Degrees of freedom")
        for a, k in ((X, len(X)), (X, len(X) + 3), (np.ones(3), 3)):
            assert np.array_equal(var(a, k), np.var(a, ddof=k), equal_nan=True)
        b = np.vstack([A, A[:1] * 0.0 + 1.0])  # (a constant column: NaN, the others inf)
        b[:, 0] = 2.0
        assert np.array_equal(along(b, 4, 0), np.var(b, axis=0, ddof=4), equal_nan=True)
