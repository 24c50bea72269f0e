"""Options a rule takes as constants, given a value computed from the differentiated inputs:
``np.sum(x, initial=s)``, ``np.prod``/``np.nansum``/``np.nanprod`` likewise,
``math.prod(xs, start=s)``, ``np.diff(x,
prepend=p, append=q)``. Such a call was refused; it is now compiled through a definition
(rules/composites.py ``OPTION_COMPOSITES``) that computes what NumPy computes up to
rounding, and differentiated from it. Oracle: NumPy itself for the values, central
differences for the derivatives (every pipeline, forward mode, Hessian-vector products)."""

import math

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from pipelines import check_every_mode
from srcdiff.rules.composites import OPTION_COMPOSITES

M = np.random.default_rng(5).normal(size=(3, 4))
WITH_NAN = np.where(M > 1.0, np.nan, M)

CALLS = [
    (np.sum, (M,), {"initial": 0.7}), (np.sum, (M,), {"axis": 1, "initial": -2.0}),
    (np.sum, (M,), {"axis": (0, 1), "keepdims": True, "initial": 1.5}),
    (np.sum, (M,), {"axis": 0, "where": M > 0.0, "initial": 0.25}),
    (np.sum, (np.zeros((0, 3)),), {"axis": 0, "initial": 3.0}),
    (np.prod, (M,), {"axis": 1, "initial": 2.0}),
    (np.prod, (M,), {"keepdims": True, "where": M < 1.0, "initial": -0.5}),
    (np.nansum, (WITH_NAN,), {"axis": 0, "initial": 0.3}),
    (np.nanprod, (WITH_NAN,), {"axis": 1, "keepdims": True, "initial": 1.2}),
    (np.nansum, (WITH_NAN,), {"axis": 1, "where": M < 0.5, "initial": 0.2}),
    (np.nanprod, (WITH_NAN,), {"where": M > -0.5, "initial": -1.5}),
    (np.nanmax, (WITH_NAN,), {"axis": 1, "where": M > -1.0, "initial": -0.5}),
    (np.nanmin, (WITH_NAN,), {"initial": 0.3}), (np.nanmin, (WITH_NAN,), {"axis": 0,
                                                                          "initial": 9.0}),
    (np.var, (M,), {"axis": 1, "ddof": 1, "mean": M[:, :1]}),
    (np.std, (M,), {"where": M > 0.0, "mean": 0.1}),
    (np.nanvar, (WITH_NAN,), {"axis": 0, "keepdims": True, "mean": M[:1] * 0.5}),
    (np.nanstd, (WITH_NAN,), {"axis": 1, "correction": 1, "mean": M[:, 1:2]}),
    (np.diff, (M,), {"prepend": 0.5}), (np.diff, (M,), {"axis": 0, "append": -1.0}),
    (np.diff, (M,), {"n": 2, "axis": 0, "prepend": M[:1], "append": 2.0}),
    (np.diff, (M[0],), {"prepend": [0.1, 0.2], "append": np.array(3.0)}),
    (math.prod, ([0.3, 2.0, -1.5],), {"start": 2.5}), (math.prod, ([],), {"start": -0.5}),
    (np.max, (M,), {"initial": 0.7}), (np.max, (M,), {"axis": 1, "initial": -0.2}),
    (np.max, (M,), {"axis": 0, "keepdims": True, "where": M > 0.5, "initial": 0.1}),
    (np.min, (M,), {"axis": (0, 1), "initial": -0.4}),
    (np.min, (np.arange(12).reshape(3, 4),), {"axis": 0, "initial": 3, "where": M > 0}),
    (np.amax, (M,), {"initial": 9.0}), (np.amin, (M,), {"axis": 1, "initial": 0.0}),
    (np.pad, (M,), {"pad_width": 1, "constant_values": 0.5}),
    (np.pad, (M,), {"pad_width": ((1, 0), (2, 1)), "constant_values": ((1.0, 2.0), (3.0, 4.0))}),
    (np.pad, (M[0],), {"pad_width": (2, 3), "mode": "constant", "constant_values": (-1.0, 2.0)}),
    (np.pad, (M,), {"pad_width": ((0, 2),), "constant_values": ((1.5, -2.5),)}),
    (np.pad, (M,), {"pad_width": 2, "constant_values": [[1.0], [2.0]]}),
]


@pytest.mark.parametrize("k", range(len(CALLS)), ids=lambda k: CALLS[k][0].__name__)
def test_the_definition_computes_what_the_function_does(k):
    fn, args, kwargs = CALLS[k]
    keyword = next(k for k in kwargs if (fn, k) in OPTION_COMPOSITES)
    expected = fn(*args, **kwargs)
    got = OPTION_COMPOSITES[fn, keyword](*args, **kwargs)
    assert np.shape(got) == np.shape(expected)
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-14)


def sums_from(x):
    s = np.sum(x[0] ** 2)
    rows = np.sum(np.tanh(x), axis=1, initial=s)
    masked = np.sum(x * x, axis=0, keepdims=True, where=x > 0.0, initial=s * 0.5)
    return np.sum(rows ** 2) + np.sum(masked * x) + x.sum(initial=x[1, 1]) * s


def products_from(x):
    s = x[0, 0] + 1.5
    return np.sum(np.prod(x, axis=1, initial=s) ** 2) + np.prod(x[1:], where=x[1:] > -0.5,
                                                             initial=x[2, 1])


def nan_sums_from(x):
    y = np.where(x > 1.0, np.nan, x)
    return np.sum(np.nansum(y, axis=0, initial=x[0, 1]) ** 2) + np.sum(
        np.nanprod(y, axis=1, keepdims=True, initial=x[1, 2]))


def differences_extended(x):
    d = np.diff(x, axis=0, prepend=x[2, 3], append=x[:1] * 2.0)
    e = np.diff(x[1], n=2, prepend=[x[0, 0], 0.5], append=np.tanh(x[2, 0]))
    return np.sum(d ** 2) + np.sum(e ** 3)


def python_product_from(x):
    return math.prod([x[0, 0], x[1, 2] + 1.0], start=math.tanh(x[2, 3])) * x[0, 1]


def extremes_from(x):
    a = np.max(x, initial=x[0, 0] * 0.5 + 3.0)
    b = np.max(x, axis=1, initial=x[1, 1] * 0.3)
    c = np.min(x ** 2, axis=0, keepdims=True, where=x > 0.0, initial=x[2, 2] + 0.1)
    return a * 2.0 + np.sum(b ** 2) + np.sum(c * 1.5) + x.max(initial=x[0, 1]) * x[2, 0]


def pads_from(x):
    a = np.pad(x, 1, constant_values=x[0, 0] * 2.0)
    b = np.pad(x, ((1, 0), (2, 1)), constant_values=((x[1, 1], 0.5), (x[2, 2] ** 2, -1.0)))
    c = np.pad(x[0], (2, 3), mode="constant", constant_values=np.tanh(x[1, 0]))
    return (np.sum(a ** 2 * np.arange(a.size).reshape(a.shape)) + np.sum(c ** 3)
            + np.sum(np.sin(b) * np.arange(b.size).reshape(b.shape)))


@pytest.mark.parametrize("f", [sums_from, products_from, nan_sums_from, differences_extended,
                               python_product_from, extremes_from, pads_from])
def test_every_mode(f):
    check_every_mode(f, M, seed=3, hvp=True)


def keyword_not_declared(x):  # float32 changes the value: dtype= only as the array's own
    return np.sum(x, dtype=np.float32, initial=x[0, 0])


def option_without_definition(x):
    return np.sum(np.pad(x, 2, mode="linear_ramp", end_values=x[0, 0] * 2.0))


def test_a_keyword_the_definition_does_not_declare_is_refused():
    with pytest.raises(sd.SrcdiffError, match="its own definition.*dtype"):
        sd.grad(keyword_not_declared)(M)


def test_an_option_without_a_definition_stays_refused():
    with pytest.raises(sd.SrcdiffError, match="end_values"):
        sd.grad(option_without_definition)(M)


Y = np.array([1.0, 2.0, 3.0, -1.0])


def positional_dtype_sum(x):  # NumPy's third positional parameter is dtype, not keepdims
    v = np.sum(x, 0, float, initial=x[0, 0])
    return np.sum(v[:, None] * Y)


def positional_dtype_nansum(x):
    return np.sum(np.nansum(x, 0, float, initial=x[1, 1]) * Y)


def positional_dtype_method(x):  # the receiver is NumPy's ``a``: ``dtype`` comes second
    return np.sum(x.sum(1, float, initial=x[0, 0]) * Y[:3])


def positional_dtype_prod(x):
    return np.sum(np.prod(x, 1, np.float64, initial=x[0, 0]) * Y[:3])


def positional_dtype_ufunc_reduce(x):
    return np.sum(np.maximum.reduce(x, 0, None) * Y) + np.sum(np.minimum.reduce(x, 1, float))


def keyword_dtype_ufunc_reduce(x):
    return np.sum(np.maximum.reduce(x, axis=1, dtype=np.float64) ** 2)


def ufunc_methods_by_position(x):
    a = x[:, :3] + x[0, 0]
    return (np.sum(np.add.accumulate(a, 1, None) ** 2)
            + np.sum(np.maximum.accumulate(a, 0, float))
            + np.sum(np.minimum.accumulate(a, 1, dtype=None) * a)
            + np.sum(np.multiply.reduce(a, 0, float) * Y[:3])
            + np.sum(np.add.reduce(a, 1, None) ** 3) + np.sum(np.nancumsum(a, 0, float) ** 2)
            + np.sum(np.multiply.accumulate(a[0], 0, None)))


POSITIONAL_DTYPES = [positional_dtype_sum, positional_dtype_nansum, positional_dtype_method,
                     positional_dtype_prod, positional_dtype_ufunc_reduce,
                     keyword_dtype_ufunc_reduce, ufunc_methods_by_position]


@pytest.mark.parametrize("f", POSITIONAL_DTYPES, ids=lambda f: f.__name__)
def test_positional_dtype_of_the_array_in_every_mode(f):
    # the definitions took their third positional parameter for ``keepdims`` (NumPy's is
    # ``dtype``): refused by name since session 46 (front/composite_calls.py
    # ``misplaced_argument``); they now declare NumPy's ``dtype`` and ``out`` (composites.py
    # ``axis_without_out``: None or the array's own dtype, the identity)
    check_every_mode(f, M, seed=5, hvp=True)


def another_dtype_by_position(x):
    return np.sum(np.maximum.reduce(x, 0, np.float32))


def an_integer_dtype(x):
    return np.sum(x, 1, int, initial=x[0, 0])


@pytest.mark.parametrize("f", [another_dtype_by_position, an_integer_dtype],
                         ids=lambda f: f.__name__)
def test_a_dtype_that_changes_the_value_is_refused_with_its_line(f):
    with pytest.raises(sd.SrcdiffError, match="only as float64"):
        sd.grad(f)(M)


def test_float64_on_another_array_is_refused_when_run():
    with pytest.raises(sd.SrcdiffError, match="dtype=float64 of a float32 array"):
        sd.grad(positional_dtype_sum)(M.astype(np.float32))


def positional_options(x):
    # NumPy's names and the definitions' line up here: a, axis (the receiver is ``a``);
    # np.diff's a, n, axis; np.pad's array, pad_width, mode; np.var's a, axis, dtype
    a = x.max(1, initial=x[0, 0] * 0.5) + np.prod(x, 1, initial=x[1, 0] + 1.0)
    d = np.diff(x, 1, 0, prepend=x[2, 2]) + np.pad(x, 1, "constant",
                                                   constant_values=x[0, 1])[1:, 1:-1][:3]
    v = np.var(x, 0, None, ddof=1, mean=x[1:2] * 0.5)
    return np.sum(a ** 2) + np.sum(np.sin(d) * x) + np.sum(v * Y) + x.sum(0, initial=x[2, 3])[1]


def test_positional_options_that_line_up_are_differentiated():
    check_every_mode(positional_options, M, seed=4, hvp=True)


def test_a_called_option_definition_keeps_its_primal_and_adjoint_sweeps():
    # keyword-only parameters (session 44) compiled the definition as one ``grad_``
    # function that recomputes its primal in the backward sweep; a fwd/bwd pair records it
    text = sd.source(extremes_from, args=(M,))
    assert "def fwd_max_from" in text and "def bwd_max_from" in text
    assert "def grad_max_from" not in text


def positional_axis_sum(x):
    return np.sum(np.sum(x, 1, initial=x[0, 0] * 3.0) * Y[:3])


def test_a_positional_axis_is_still_differentiated():
    np.testing.assert_allclose(sd.grad(positional_axis_sum)(M),
                               numeric_grad(positional_axis_sum, (M,), 0), rtol=1e-6)


def literal_initial(x):
    return np.sum(x ** 2, initial=1.0) + np.prod(x, initial=-2.0) + np.sum(
        np.diff(x, prepend=0.0))


def test_a_literal_option_keeps_the_rule():
    text = sd.source(literal_initial, args=(M,))
    assert "sum_from" not in text and "prod_from" not in text and "diff_extended" not in text
    check_every_mode(literal_initial, M)


def integer_sum_from(s):
    k = np.array([1, 2, 4])
    return np.sum(k, initial=s * 1.0) * 1.0 + np.prod(k, initial=s * 2.0) * 1.0


def integer_max_from(s):
    return np.max(np.array([1, 2, 4]), initial=s * 2.0) * 1.0


def integer_pad_from(s):
    return np.sum(np.pad(np.array([1, 2, 4]), 1, constant_values=s * 2.0) * 1.0)


def test_an_integer_array_truncates_a_computed_initial():
    """NumPy casts ``initial`` to the reduction's dtype: ``np.sum(int array, initial=2.5)``
    is 9 (an int), constant in ``initial``. The definitions added ``initial`` as a float
    and gave 1.0 + 2.0 as the derivative (session 31): the conversion to an integer dtype
    known only at run time is refused now, never differentiated as 1."""
    for f in (integer_sum_from, integer_max_from, integer_pad_from):
        assert f(2.5) == f(2.6)  # the oracle: a constant
        with pytest.raises(sd.SrcdiffError, match="cast to int64.*truncated, not differentiable"):
            sd.grad(f)(2.5)


def float32_sum_from(x):
    return np.sum(np.sum(x.astype(np.float32), axis=1, initial=x[0, 0] * 2.0) ** 2)


def test_a_float32_reduction_keeps_the_initial_derivative():
    g = sd.grad(float32_sum_from)(M)
    np.testing.assert_allclose(g, numeric_grad(float32_sum_from, (M,), 0, eps=1e-3), rtol=2e-3,
                               atol=2e-3)


def positional_options_past_the_axis(x):
    # NumPy's positional order past the axis (`out` given as None): np.var's dtype, out,
    # ddof; the extremes' out, keepdims. Refused by forward-over-reverse (the definition's
    # gradient takes `out` with no default: `out=None` passed to it was taken for NumPy's
    # `out=`), and x.max's by every mode (its `initial=` was taken for a keyword repeating a
    # positional; max_from lacked `out`): front/expressions.py ``_ordinary_out``,
    # signatures.py ``outputs_as_keywords``, composites.py ``max_from``
    v = np.var(x, 0, None, None, 1, mean=x[1:2] * 0.5)
    t = x.max(1, None, True, initial=x[0, 0] * 0.5) + np.nanmin(x, 0, None, True,
                                                                initial=x[2, 1] - 1.0)
    u = np.max(x, 1, None, True, initial=x[0, 1])
    return np.sum(v * Y) + np.sum(np.sin(t)) + np.sum(u ** 2)


def test_positional_options_past_the_axis_in_every_mode():
    check_every_mode(positional_options_past_the_axis, M, seed=46, hvp=True)
