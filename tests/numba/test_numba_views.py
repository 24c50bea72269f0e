"""backend="numba": writing into an array with ``out=`` (lowered to ``u[...] = result``, its
adjoint reading ``b_u[...]``), which numba could not compile (no getitem of an Ellipsis:
fuzz seed 43 index 7, a numba error). Reads ``X[...]`` are written ``X``
(compiler/emit/numba_views.py); checked against the NumPy backend and finite
differences."""

import numpy as np
import pytest

from numba_agree import agree

pytest.importorskip("numba")


def into_out(x, xs):
    u = np.array(xs)
    for k in range(3):
        np.multiply(u, x, out=u)
        u = np.sin(u) + xs
    return np.sum(u * u)


def into_out_2d(x, m):
    u = np.zeros_like(m)
    np.multiply(m, x, out=u)
    return np.sum(np.tanh(u) * m)


@pytest.mark.parametrize("fn, args", [
    (into_out, (0.7, np.array([0.3, -0.8, 1.1]))),
    (into_out_2d, (0.4, np.array([[0.3, -0.8], [1.1, 0.2], [0.5, -0.1]]))),
])
def test_out_arguments(fn, args):
    agree(fn, args, (0, 1))
