"""backend="numba": ``list(x)`` of an array or a list of numbers (refused when the gradient
was made before: "no compiled version of `list`", the most frequent refusal of the
independent random programs in numba mode, seed 47001). numba's ``list`` of an array is
the list of its entries (floats, or rows: NumPy's values); the adjoint, numba_stacks'
``sequence_grad``, gives them back as an array of ``x``'s shape. Gradients against the
NumPy backend (1e-12) and central finite differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

pytest.importorskip("numba")


def loop_over_list(v):
    s = 0.0
    for e in list(v):
        s = s + e * e * 0.5 + np.sin(e)
    return s


def reversed_list(v):
    ys = list(v)
    acc = 0.0
    for i in range(len(ys) - 1, -1, -1):
        acc = acc * 0.7 + ys[i] * ys[0]
    return acc


def rows_of_list(w):
    s = 0.0
    for row in list(w):
        s = s + np.sum(np.tanh(row) * row)
    return s


def list_of_list(v):
    lst = [v[0] * 2.0, v[1] + 1.0, v[2] * v[0]]
    s = 0.0
    for e in list(lst):
        s = s + e * e
    return s


@pytest.mark.parametrize("fn, shape", [(loop_over_list, (5,)), (reversed_list, (4,)),
                                       (rows_of_list, (3, 4)), (list_of_list, (4,))],
                         ids=lambda a: getattr(a, "__name__", str(a)))
def test_list_of_an_array_matches_numpy_and_finite_differences(fn, shape):
    x = np.random.default_rng(7).standard_normal(shape)
    got = sd.grad(fn, backend="numba")(x)
    assert_close(got, sd.grad(fn)(x), rtol=1e-12, atol=1e-14)
    assert_close(got, numeric_grad(fn, (x,), 0))
