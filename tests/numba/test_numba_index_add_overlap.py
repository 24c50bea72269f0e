"""numba's ``index_add`` of a slice adds ``g`` into a view of ``b``; when ``g`` shares
memory with that view (``b[1:] += b[:-1]``), numba's ``+=`` read ``g``'s elements after
writing some of them, where NumPy reads a copy: other numbers. The helper now adds a copy
then (compiler/emit/numba_helpers.py), and stays a plain add otherwise."""
import numpy as np
import pytest

numba = pytest.importorskip("numba")

from srcdiff.compiler.emit.numba_helpers import index_add  # noqa: E402


@numba.njit
def _add_1d(b, lo, hi, glo, ghi):
    return index_add(b, b, slice(lo, hi, None), b[glo:ghi])


@numba.njit
def _add_2d(b, g):
    return index_add(b, b, (slice(None, -1, None), slice(1, None, None)), g)


@pytest.mark.parametrize("lo, hi, glo, ghi", [(1, None, 0, -1), (0, -1, 1, None),
                                              (2, 7, 0, 5), (0, 3, 5, 8)])
def test_overlapping_g_adds_what_numpy_adds(lo, hi, glo, ghi):
    b = np.arange(10.0) ** 1.5
    want = b.copy()
    want[lo:hi] += want[glo:ghi]
    got = _add_1d(b.copy(), lo, hi if hi is not None else 10, glo, ghi if ghi is not None else 10)
    np.testing.assert_array_equal(got, want)


def test_overlapping_2d_g_adds_what_numpy_adds():
    b = np.arange(42.0).reshape(6, 7) ** 1.5
    want = b.copy()
    want[:-1, 1:] += want[:-1, :-1]
    g = b.copy()
    np.testing.assert_array_equal(_add_2d(g, g[:-1, :-1]), want)
    other = np.ones((5, 6))  # (no shared memory: added as it is)
    want2 = b.copy()
    want2[:-1, 1:] += other
    np.testing.assert_array_equal(_add_2d(b.copy(), other), want2)
