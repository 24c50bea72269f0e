"""A sum over axes NumPy refuses raises in the gradient too, with a uniform gradient.

``np.sum(np.sum(x, axis=2))`` of a 2-d ``x``: the function raises AxisError. The outer
sum's gradient is one number over the inner sum's shape (a uniform gradient,
reverse/uniform.py), and the reverse sweep passed it on to ``x`` through the inner sum for
any literal axis (backward.py ``_summed_over_axes``). Then nothing in the gradient read the
inner sum, and the gradient specialized on the arguments' shapes dropped it and returned
ones (red37), with and without ``grad_ys``; so did the arrays of a list, whose rank is
not known where the gradient is compiled. Now only axes in range of ``x``'s known rank,
none twice, and a bool ``keepdims`` pass the uniform gradient on; others leave the sum's
rule, which reads the sum. Oracles: the function itself (it raises or not), central
differences in float64.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

M = np.array([[0.5, -0.2, 0.9], [1.3, 0.4, -0.6]])


def axis_too_large(x):
    return np.sum(np.sum(x, axis=2))


def negative_axis_too_small(x):
    return np.sum(np.sum(x, axis=-3))


def axes_tuple_out_of_range(x):
    return np.sum(np.sum(x, axis=(0, 2)))


def axis_twice(x):
    return np.sum(np.sum(x, axis=(1, -1)))


def keepdims_out_of_range(x):
    return np.sum(np.sum(x, axis=2, keepdims=True))


def of_a_product(x):
    return 3.0 * np.sum(np.sum(x * 2.0, axis=-3))


def of_a_ravel(x):
    return np.sum(np.sum(x.ravel(), axis=1))


def over_rows(xs):
    t = 0.0
    for y in xs:
        t = t + np.sum(np.sum(y * 2.0, axis=2))
    return t


def float_axis(x):
    return np.sum(np.sum(x, axis=1.0))


def bool_axis(x):
    return np.sum(np.sum(x, axis=True))


def of_a_sum(x):
    return np.sum(np.sum(np.sum(x, axis=0), axis=1))


RAISING = [axis_too_large, negative_axis_too_small, axes_tuple_out_of_range, axis_twice,
           keepdims_out_of_range, of_a_product, of_a_ravel, float_axis, bool_axis, of_a_sum]


@pytest.mark.parametrize("seed", [False, True], ids=["plain", "grad_ys"])
def test_arrays_of_a_list_raise_as_the_function(seed):
    xs = [M.copy(), 2.0 * M]
    with pytest.raises(np.exceptions.AxisError):
        over_rows(xs)
    kwargs = {"grad_ys": 1.0} if seed else {}
    with pytest.raises(np.exceptions.AxisError):
        sd.grad(over_rows)(xs, **kwargs)


@pytest.mark.parametrize("fn", RAISING, ids=lambda f: f.__name__)
@pytest.mark.parametrize("seed", [False, True], ids=["plain", "grad_ys"])
def test_raises_as_the_function(fn, seed):
    with pytest.raises(Exception) as primal:
        fn(M.copy())
    kwargs = {"grad_ys": 1.0} if seed else {}
    with pytest.raises(type(primal.value)):
        sd.grad(fn)(M.copy(), **kwargs)
    with pytest.raises(type(primal.value)):
        sd.grad(fn, optimize=False)(M.copy(), **kwargs)


def inner_axis(x):
    return np.sum(np.sum(x, axis=1))


def inner_negative_axes(x):
    return np.sum(np.sum(x * x, axis=(-1, 0), keepdims=True))


def inner_axes_of_3d(x):
    return 2.0 * np.sum(np.sum(x.reshape(1, 2, 3), axis=(0, 2)))


@pytest.mark.parametrize("fn", [inner_axis, inner_negative_axes, inner_axes_of_3d],
                         ids=lambda f: f.__name__)
def test_valid_axes_agree_with_differences(fn):
    g = sd.grad(fn)(M.copy())
    assert_close(g, numeric_grad(fn, (M.copy(),), 0))
    assert_close(sd.grad(fn)(M.copy(), grad_ys=2.0), 2.0 * g)
