"""backend="numba": a reduction along an axis out of range raises as NumPy does.

numba's np.max/np.mean/np.var take no axis, so the backend calls its own 2-d helpers
(numba_pieces.py: max_axis, min_axis, mean_axis, var_axis). They took ``axis % 2``: axis 2
or -3 of a 2-d array reduced along another axis and the gradient of a function that NumPy
refuses to evaluate came back as numbers. NumPy raises AxisError (a ValueError); the
helpers raise ValueError. Axes in range, counted from either end, agree with the NumPy
backend and with central finite differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

pytest.importorskip("numba")

W = np.array([[0.3, -1.2, 0.7, 2.0], [1.1, 0.4, -0.6, 0.9], [-0.8, 1.5, 0.2, -0.3]])


def _mean(x, axis):
    return np.sum(np.mean(x, axis=axis) ** 2)


def _var(x, axis):
    return np.sum(np.var(x, axis=axis) * 1.5)


def _std(x, axis):
    return np.sum(np.std(x, axis=axis))


def _max(x, axis):
    return np.sum(np.max(x, axis=axis) * 2.0)


def _min(x, axis):
    return np.sum(np.min(x, axis=axis) * 2.0 + np.sum(x[0]))


REDUCTIONS = [_mean, _var, _std, _max, _min]




@pytest.mark.parametrize("axis", [2, -3, 5])
@pytest.mark.parametrize("reduction", REDUCTIONS, ids=lambda r: r.__name__)
def test_an_axis_out_of_range_raises(reduction, axis):
    def f(x):
        return reduction(x, axis)
    with pytest.raises(ValueError, match="out of bounds"):
        sd.grad(f)(W)
    with pytest.raises(ValueError, match="out of bounds"):
        sd.grad(f, backend="numba")(W)


@pytest.mark.parametrize("axis", [0, 1, -1, -2])
@pytest.mark.parametrize("reduction", REDUCTIONS, ids=lambda r: r.__name__)
def test_an_axis_in_range_agrees(reduction, axis):
    def f(x):
        return reduction(x, axis)
    got = sd.grad(f, backend="numba")(W)
    assert_close(got, sd.grad(f)(W), rtol=1e-12, atol=1e-14)
    assert_close(got, numeric_grad(f, (W,), 0))
