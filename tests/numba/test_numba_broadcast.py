"""backend="numba" beyond two dimensions (compiler/emit/numba_broadcast.py): ``unbroadcast``
of any rank, ``a @ b`` of stacks of matrices and matmul's gradients. The helper itself is
checked against the NumPy runtime's on shape pairs of every kind (summed leading axes,
summed axes of length 1, spread axes, a mismatch); gradients of small programs that reach
it against the NumPy backend and central finite differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close
from numba_agree import agree
from srcdiff import runtime

numba = pytest.importorskip("numba")

from srcdiff.compiler.emit import numba_broadcast  # noqa: E402 - needs numba


@numba.njit
def _unbroadcast(g, x):
    return numba_broadcast.unbroadcast(g, x)


@numba.njit
def _matmul(a, b):
    return numba_broadcast.matmul_of(a, b)


# (g's shape, x's shape): one case of each kind; ranks 1 to 4
UNBROADCAST = [
    ((2, 3, 4), (3, 4)), ((2, 3, 4), (2, 1, 4)), ((2, 3, 4), (1, 3, 1)), ((2, 3, 4), (4,)),
    ((2, 3, 4), (1,)), ((5, 2, 3, 4), (2, 1, 4)), ((5, 2, 3, 4), (5, 1, 1, 4)),
    ((3, 4), (2, 3, 4)),  # g of fewer axes (a stored value's leading axes of length 1)
    ((1, 4), (3, 4)), ((2, 1, 4), (2, 3, 4)),  # spread along an axis where g has length 1
    ((2, 3, 4), (2, 3, 4)), ((4, 1, 3, 2), (4, 5, 3, 1)),
]


@pytest.mark.parametrize("gshape, xshape", UNBROADCAST)
def test_unbroadcast_of_any_rank_is_the_runtimes(gshape, xshape):
    rng = np.random.default_rng(len(gshape) * 10 + len(xshape))
    g, x = rng.standard_normal(gshape), rng.standard_normal(xshape)
    try:
        want = np.asarray(runtime.unbroadcast(g, x))
    except ValueError:
        with pytest.raises(ValueError):
            _unbroadcast(g, x)
        return
    got = _unbroadcast(g, x)
    assert got.shape == x.shape and got.dtype == np.float64
    assert_close(got, want, rtol=1e-14, atol=1e-15)
    strided = np.asarray(g)[..., ::-1]  # (a non-contiguous g: read in C order as well)
    assert_close(_unbroadcast(strided, x), np.asarray(runtime.unbroadcast(strided, x)),
                 rtol=1e-14, atol=1e-15)


def test_unbroadcast_returns_g_itself_for_equal_shapes():
    g = np.ones((2, 3, 4))
    assert _unbroadcast(g, np.zeros((2, 3, 4))) is g  # (as the runtime: aliasing placed)
    gi = np.ones((2, 3, 4), dtype=np.int64)
    out = _unbroadcast(gi, np.zeros((2, 3, 4)))
    assert out.dtype == np.float64 and out is not gi


@pytest.mark.parametrize("ashape, bshape", [
    ((3, 4), (2, 4, 5)), ((2, 3, 4), (4, 5)), ((2, 1, 3, 4), (5, 4, 2)), ((4,), (2, 4, 3)),
    ((2, 3, 4), (4,)), ((0, 3, 4), (4, 2)), ((2, 3, 0), (0, 5)), ((2, 3, 4), (3, 5, 2)),
    ((2, 3, 4), (5, 4, 2)),  # (stacks that do not broadcast)
])
def test_stacked_matmul_is_numpys(ashape, bshape):
    rng = np.random.default_rng(7)
    a, b = rng.standard_normal(ashape), rng.standard_normal(bshape)
    try:
        want = a @ b
    except ValueError:
        with pytest.raises(ValueError):
            _matmul(a, b)
        return
    got = _matmul(a, b)
    assert got.shape == want.shape
    assert_close(got, want, rtol=1e-13, atol=1e-14)


# ----------------------------------------------------------------- gradients

def sum_sin(x, y):
    return np.sum(np.sin(x + y) * (x + 1.0))


def pairwise(p, m):  # nbody's shape: four-dimensional intermediates
    d = p[:, None, :, :] - p[None, :, :, :]
    return np.sum(np.tanh(d) ** 2 * m[:, None, None, None])


def stacked(a, b):
    return np.sum(np.tanh(a @ b) * 0.5)


def test_gradients_that_sum_and_spread_three_and_four_dimensions():
    rng = np.random.default_rng(3)
    agree(sum_sin, (rng.standard_normal((2, 3, 4)), rng.standard_normal((2, 1, 4))), (0, 1))
    agree(sum_sin, (rng.standard_normal((3, 1)), rng.standard_normal((2, 1, 4))), (0, 1))
    agree(pairwise, (rng.standard_normal((3, 2, 2)), rng.standard_normal(3)), (0, 1))


@pytest.mark.parametrize("ashape, bshape", [
    ((3, 4), (2, 4, 5)), ((2, 3, 4), (4, 2)), ((4,), (2, 4, 3)), ((2, 3, 4), (4,)),
    ((1, 3, 4), (2, 4, 2)),  # (a stack of one broadcast)
])
def test_gradients_of_stacked_products(ashape, bshape):
    rng = np.random.default_rng(11)
    agree(stacked, (rng.standard_normal(ashape), rng.standard_normal(bshape)), (0, 1))


def test_a_stack_of_another_dtype_is_refused():
    a = np.ones((2, 3, 4), dtype=np.float32)  # (matmul_of's stacks: float64 only; since
    # session 46 every float32 argument is refused first: tests/numba/test_numba_float32.py)
    with pytest.raises(sd.SrcdiffError) as e:
        sd.grad(stacked, wrt=1, backend="numba")(a, np.ones((4, 2)))
    text = str(e.value)
    assert "def stacked(a, b):" in text and "`a` is float32" in text
