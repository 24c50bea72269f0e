"""backend="numba", issue 18 (first-call compile time): ``unbroadcast`` of a gradient of
two or more axes to a 1-d value (a bias: the RNN's ``b``) is ``numba_broadcast._rows_summed``,
a small loop, not the general ``_unbroadcast_any``, whose code numba linked into every
gradient calling it (a third of the RNN gradient's LLVM module, which LLVM optimizes and
turns into machine code on each new gradient's first call).

Invariant: the same additions in the same order as the general path: bit for bit equal to
``_unbroadcast_any`` (itself checked against the row counter, test_numba_unread_tapes.py)
on kept, summed, spread, empty and mismatched shapes, float and int; and equal to the NumPy
runtime's ``unbroadcast``. Gradients reaching it against the NumPy backend and central
finite differences."""

import numpy as np
import pytest

from fd import assert_close
from numba_agree import agree
from srcdiff import runtime

numba = pytest.importorskip("numba")

from srcdiff.compiler.emit import numba_broadcast as nb  # noqa: E402 - needs numba


@numba.njit
def _unbroadcast(g, x):
    return nb.unbroadcast(g, x)


# (g's shape, x's length): rows kept (short and long), all summed into one entry, a row
# of length 1 spread, empty leading axes, empty rows, a mismatch
SHAPES = [((5, 3), 3), ((4, 2, 20), 20), ((2, 3, 4, 5), 5), ((6, 7), 1), ((2, 3, 4), 1),
          ((3, 1), 4), ((2, 2, 1), 5), ((0, 4), 4), ((3, 0, 4), 4), ((3, 0), 0), ((2, 0), 1),
          ((3, 1), 0), ((1, 1), 1), ((3, 4), 5), ((2, 3, 4), 3)]


@pytest.mark.parametrize("gshape, n", SHAPES)
def test_rows_summed_is_the_general_path_bit_for_bit(gshape, n):
    rng = np.random.default_rng(len(gshape) * 100 + n)
    x = np.zeros(n)
    for g in (rng.standard_normal(gshape) * 10.0 ** rng.integers(-8, 8, gshape),
              rng.integers(-9, 9, gshape)):
        try:
            want = np.asarray(runtime.unbroadcast(g, x))
        except ValueError:
            with pytest.raises(ValueError, match="does not broadcast"):
                _unbroadcast(g, x)
            with pytest.raises(ValueError, match="does not broadcast"):
                nb._unbroadcast_any(g, x)
            continue
        got = _unbroadcast(g, x)
        assert got.shape == x.shape and got.dtype == np.float64
        assert np.array_equal(got, nb._unbroadcast_any(g, x)), (gshape, n)
        assert_close(got, want, rtol=1e-12, atol=1e-12)
        if g.ndim == 2:  # a 2-d view of another layout (numba's A and F arrays)
            for view in (g[:, ::-1], np.asfortranarray(g)):
                assert np.array_equal(_unbroadcast(view, x), nb._unbroadcast_any(view, x))


def test_the_general_path_is_not_linked_into_a_caller():
    """The mechanism: a function calling ``unbroadcast`` of a 3-d C array to a 1-d value
    has no ``_unbroadcast_any`` in its LLVM module (on the parent commit it had, with
    ``_blocks`` and ``_by_rows``: 2,500 of the RNN gradient's 7,500 instructions);
    a 3-d array of another layout still takes the general path."""
    g, x = np.ones((4, 3, 5)), np.ones(5)
    _unbroadcast(g, x)
    llvm = _unbroadcast.inspect_llvm(_unbroadcast.signatures[-1])
    assert "_rows_summed" in llvm
    assert "_unbroadcast_any" not in llvm and "_blocks" not in llvm
    strided = g[:, :, ::-1]
    assert np.array_equal(_unbroadcast(strided, x), nb._unbroadcast_any(strided, x))
    assert "_unbroadcast_any" in _unbroadcast.inspect_llvm(_unbroadcast.signatures[-1])


def rnn(W, V, b, xs, h0, n):
    h = h0
    for t in range(n):
        h = np.tanh(xs[t] @ W + h @ V + b)
    return np.mean(h * h)


def bias_of_rank_three(w, b, a):
    return np.sum(np.sin(a * w + b))  # b (length 4, or 1) broadcast over a's (2, 3, 4)


def test_gradients_agree():
    rng = np.random.default_rng(3)
    W, V = rng.normal(size=(4, 5)) / 2, rng.normal(size=(5, 5)) / 2
    b, xs, h0 = rng.normal(size=5) / 3, rng.normal(size=(6, 3, 4)), rng.normal(size=(3, 5))
    for n in (1, 6):
        agree(rnn, (W, V, b, xs, h0, n), (0, 1, 2, 4))
    a = rng.normal(size=(2, 3, 4))
    agree(bias_of_rank_three, (0.7, rng.normal(size=4), a), (0, 1, 2))
    agree(bias_of_rank_three, (0.7, rng.normal(size=1), a), (0, 1, 2))
