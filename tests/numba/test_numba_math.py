"""numba_math.tanh_fast, the vectorizable tanh of backend="numba": within a few units in
the last place of the exact value (mpmath at 40 digits), special values as np.tanh."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

numba = pytest.importorskip("numba")
mpmath = pytest.importorskip("mpmath")

from srcdiff.compiler.emit import numba_math  # noqa: E402


@numba.njit
def _tanh(x):
    return numba_math.tanh_fast(x)


def _ulps(got, exact):
    with np.errstate(all="ignore"):
        d = np.abs(got - exact) / np.spacing(np.abs(exact))
    d[got == exact] = 0.0
    return d


def test_close_to_the_exact_value_on_a_dense_grid():
    mpmath.mp.dps = 40
    x = np.concatenate([np.linspace(-21.0, 21.0, 40001), np.geomspace(1e-300, 2.0, 3000),
                        -np.geomspace(1e-300, 2.0, 3000),
                        [0.4, np.nextafter(0.4, 0.0), np.nextafter(0.4, 1.0), 5e-324, 19.1]])
    exact = np.array([float(mpmath.tanh(mpmath.mpf(float(v)))) for v in x])
    got = _tanh(x)
    assert np.max(_ulps(got, exact)) <= 3.0
    assert np.max(_ulps(np.tanh(x), exact)) <= 3.0  # (NumPy's, for scale)


def test_special_values_and_shapes():
    got = _tanh(np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e308, -1e308]))
    assert got[0] == 0.0 and not np.signbit(got[0])
    assert got[1] == 0.0 and np.signbit(got[1])
    assert list(got[2:4]) == [1.0, -1.0] and np.isnan(got[4])
    assert list(got[5:]) == [1.0, -1.0]
    assert _tanh(0.5) == pytest.approx(np.tanh(0.5), rel=1e-15)
    m = np.linspace(-3, 3, 12).reshape(3, 4)
    assert_close(_tanh(m), np.tanh(m), rtol=1e-15, atol=0)
    assert_close(_tanh(m.T), np.tanh(m.T), rtol=1e-15, atol=0)  # not contiguous


def tanh_chain(w, x):
    for _ in range(4):
        x = np.tanh(w * x + 0.3)
    return np.sum(x * x) + np.tanh(w[0])


def test_gradients_through_tanh_agree():
    w, x = np.linspace(-1.5, 1.5, 5), np.linspace(0.1, 2.0, 5)
    g = sd.grad(tanh_chain, wrt=(0, 1), backend="numba")
    assert "tanh_fast(" in g.source(w, x)
    got = g(w, x)
    ref = sd.grad(tanh_chain, wrt=(0, 1))(w, x)
    for k in range(2):
        assert_close(got[k], ref[k], rtol=1e-13, atol=1e-15)
        assert_close(got[k], numeric_grad(tanh_chain, (w, x), k))
