"""backend="numba": np.pad in constant mode (the forward value and its gradient) and the
gradient of np.linalg.solve (compiler/emit/numba_pad_solve.py, issue 18: on main both are
refused, "no compiled version of `pad_grad`" / "`solve_transposed`", and np.pad of a
constant argument fails at the first call). Checked against the NumPy backend (1e-12
relative) and central finite differences (numba_agree.agree); the helpers against NumPy's
functions on their own; what stays refused is a SrcdiffError at the user's line."""

import os

import numpy as np
import pytest

import srcdiff as sd
from numba_agree import agree, refused_where_written

pytest.importorskip("numba")

RNG = np.random.default_rng(46)
HERE = os.path.basename(__file__)


def pad_int(x):
    y = np.pad(x, 2)
    return np.sum(y * np.arange(y.shape[0]) ** 2)


def pad_pairs(a):
    y = np.pad(a * 2.0, ((1, 2), (0, 1)))
    return np.sum(np.sin(y) * np.arange(y.size).reshape(y.shape))


def pad_one_pair(a):
    y = np.pad(a, ((2, 1),), mode="constant")
    return np.sum(np.cos(y) * np.arange(4.0, 36.0).reshape(8, 4))


def pad_cube(c):
    return np.sum(np.pad(c, (1, 0)) ** 3)


def pad_of_constant(x, y):
    # np.pad of a value not differentiated: numba's forward sweep pads it too
    return np.sum(np.pad(y, (1,)) ** 2) * x + np.sum(np.pad(y * x, (2, 1), "constant") ** 2)


def pad_only_forward(x, y):
    # on main numba's typing refused np.pad at the first call: "numba cannot compile"
    return x * np.sum(np.pad(y, 1) ** 2)


def pad_in_loop(x):
    s = x
    for _ in range(3):
        s = np.pad(s, 1)[1:] * 0.9 + np.pad(s, 1)[:-1] * 0.1
        s = np.tanh(s[:-1] + s[1:])
    return np.sum(s * s)


@pytest.mark.parametrize("fn, args", [
    (pad_int, (RNG.normal(size=5),)),
    (pad_pairs, (RNG.normal(size=(3, 4)),)),
    (pad_one_pair, (RNG.normal(size=(5, 1)),)),
    (pad_cube, (RNG.normal(size=(2, 3, 2)),)),
    (pad_of_constant, (0.7, RNG.normal(size=3))),
    (pad_in_loop, (RNG.normal(size=6),)),
], ids=["int", "pairs", "one_pair", "cube", "of_constant", "in_loop"])
def test_pad_constant(fn, args):
    # on main: "no compiled version of `pad_grad`" (pad_of_constant: numba's typing of
    # np.pad at the first call, "numba cannot compile the gradient")
    agree(fn, args, tuple(range(len(args))))


def test_pad_only_forward():
    y = RNG.normal(size=3)
    g = sd.grad(pad_only_forward, backend="numba")(0.5, y)
    assert g == np.sum(np.pad(y, 1) ** 2) == sd.grad(pad_only_forward)(0.5, y)


def test_pad_helpers_are_numpys():
    import numba

    from srcdiff.compiler.emit.numba_pad_solve import pad_constant, pad_grad
    from srcdiff.rules.shape_rules import pad_grad as numpy_pad_grad
    pad = numba.njit(lambda a, w: pad_constant(a, w))
    grad = numba.njit(lambda g, a, w: pad_grad(g, a, w))
    for a in (RNG.normal(size=4), np.arange(6).reshape(2, 3), RNG.normal(size=(2, 3, 4))):
        for w in (0, 3, (2,), (1, 3), ((0, 2),), tuple((k, 2 - k) for k in range(a.ndim))):
            want = np.pad(a, w)
            got = pad(a, w)
            assert got.dtype == want.dtype and np.array_equal(got, want)
            g = RNG.normal(size=want.shape)
            assert np.array_equal(grad(g, a, w), numpy_pad_grad(g, a, w))
    with pytest.raises(ValueError):
        pad(np.ones(3), (1, -1))


def pad_edge(x):
    return np.sum(np.pad(x, 1, mode="edge") ** 2)


def pad_filled(x):
    return np.sum(np.pad(x, 1, constant_values=2.0) ** 2)


def pad_list_width(x):
    return np.sum(np.pad(x, [1, 2]) ** 2)


@pytest.mark.parametrize("fn", [pad_edge, pad_filled, pad_list_width])
def test_pad_refused_where_written(fn):
    # another mode, constant_values=, a list of widths: a SrcdiffError at the user's line
    # (the mode and keyword when generated, the list when it runs), never numba's typing
    x = RNG.normal(size=4)
    refused_where_written(fn, (x,), HERE)
    sd.grad(fn)(x)  # (the NumPy backend's: computed)


# ---------------------------------------------------------------- np.linalg.solve

def solved(a, b):
    return np.sum(np.sin(np.linalg.solve(a, b)))


N = 70  # (above linalg_rules.TRI_BLOCK: the triangular path by halves)
LOWER = np.tril(RNG.normal(size=(N, N))) + 8.0 * np.eye(N)


@pytest.mark.parametrize("a, b", [
    (RNG.normal(size=(4, 4)) + 4.0 * np.eye(4), RNG.normal(size=4)),
    (RNG.normal(size=(4, 4)) + 4.0 * np.eye(4), RNG.normal(size=(4, 2))),
    (LOWER, RNG.normal(size=N)),
    (LOWER.T.copy(), RNG.normal(size=(N, 2))),
    (RNG.normal(size=(N, N)) + 8.0 * np.eye(N), RNG.normal(size=N)),
], ids=["vector", "matrix", "lower", "upper_matrix", "dense"])
def test_solve(a, b):
    # on main: "no compiled version of `solve_transposed`, which its gradient calls"
    agree(solved, (a, b), (0, 1))


def test_solve_transposed_is_numpys():
    import numba

    from srcdiff.compiler.emit.numba_pad_solve import solve_transposed
    from srcdiff.rules.linalg_rules import solve_transposed as numpy_solve_transposed
    solve = numba.njit(lambda a, g: solve_transposed(a, g))
    near = LOWER.copy()
    near[0, -1] = 0.5  # (not triangular: the general path, as NumPy's takes)
    for a in (LOWER, LOWER.T.copy(), np.asfortranarray(LOWER), near, near.T[::1],
              RNG.normal(size=(5, 5)) + 3.0 * np.eye(5)):
        for g in (RNG.normal(size=a.shape[0]), RNG.normal(size=(a.shape[0], 3))):
            np.testing.assert_allclose(solve(a, g), numpy_solve_transposed(a, g),
                                       rtol=1e-12, atol=1e-14)


def test_pad_forward_mode():
    # on main: "no compiled version of `pad_tangent`"; the tangent against the NumPy
    # backend's and a central difference along it
    x, t = RNG.normal(size=(3, 2)), RNG.normal(size=(3, 2))
    value, tangent = sd.jvp(pad_pairs, backend="numba")(x, tangents=t)
    want_value, want = sd.jvp(pad_pairs)(x, tangents=t)
    assert value == pytest.approx(want_value, rel=1e-12)
    assert tangent == pytest.approx(want, rel=1e-12)
    h = 1e-6
    assert tangent == pytest.approx((pad_pairs(x + h * t) - pad_pairs(x - h * t)) / (2 * h),
                                    rel=1e-6)
