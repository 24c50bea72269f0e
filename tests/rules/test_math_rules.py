"""Python's ``math`` module and the builtins of scalar code (srcdiff/rules/math_rules.py).

Every rule also has cases in tests/support/rule_cases.py (checked against finite
differences in both modes and to second order by tests/rules/test_rules.py). Here:
compositions as users write them, through ``sd.grad``, ``sd.jvp`` and second order
against central differences (tests/support/fd.py); gradients of floats staying
Python floats; the documented values at kinks, ties and singular points; what stays
a constant; and what is refused, loudly, in both modes.
"""

import math
from math import exp as mexp
from math import sqrt as msqrt

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.api.check import check_grads
from srcdiff.rules import math_rules
from srcdiff.runtime import extreme_grad, index_add

# ------------------------------------------------------------------ compositions


def trig_and_logs(x, y):
    a = math.sin(x) * math.cos(y) + math.tan(0.3 * x) + math.atan2(y, x)
    b = math.log(x * x + 1.0) + math.log1p(y * y) + math.expm1(0.5 * x) + math.log(y + 3.0, 2.0)
    c = math.asin(0.4 * x) + math.acos(0.3 * y) + math.atan(x * y) + math.log2(2.0 + x)
    return a + b + c + math.log10(3.0 + y)


def hyperbolic_and_special(x, y):
    a = math.sinh(x) + math.cosh(y) + math.tanh(x * y) + math.asinh(x) + math.acosh(2.0 + y * y)
    b = math.atanh(0.5 * math.tanh(x)) + math.erf(x) * math.erfc(y) + math.gamma(1.5 + x * x)
    return a + b + math.lgamma(0.7 + y * y) + math.degrees(x) * math.radians(y)


def powers_and_norms(x, y):
    a = math.sqrt(x * x + y * y + 1.0) + math.pow(x * x + 1.0, y) + pow(y, 3) + pow(2.0, x)
    b = math.hypot(x, y) + math.hypot(x, 2.0, y) + math.fabs(x - 2.0) * math.copysign(x, -1.0)
    return a + b + mexp(x) * msqrt(2.0 + y) + math.exp(-x * y)


def items_and_extremes(x, y):
    xs = [x, y, x * y, 1.5]
    a = math.fsum(xs) + sum(xs) + math.prod(xs) + math.prod([x, y], start=2.0)
    b = max(x, y) + min(x, y, 0.1) + max([x * x, y, 0.2]) + min(xs) + max(x, 0.0)
    return a * b + float(x) * abs(y) + sum([v * v for v in xs])


def constants_and_rounding(x):
    k = math.floor(x) + math.ceil(x) + math.trunc(-x)
    scale = math.pi * math.e / math.tau
    if math.isfinite(x) and not math.isnan(x) and x < math.inf:
        return scale * x * k + math.sqrt(math.pi) * x
    return x


COMPOSITIONS = [
    (trig_and_logs, (0.7, 1.3)), (hyperbolic_and_special, (0.6, 0.9)),
    (powers_and_norms, (0.8, 1.2)), (items_and_extremes, (0.7, 1.1)),
    (constants_and_rounding, (2.3,)),
]


@pytest.mark.parametrize("fn, args", COMPOSITIONS, ids=lambda v: getattr(v, "__name__", ""))
def test_gradients_match_finite_differences(fn, args):
    wrt = tuple(range(len(args)))
    grads = sd.grad(fn, wrt=wrt)(*args)
    for k, g in zip(wrt, grads):
        assert_close(g, numeric_grad(fn, args, k), rtol=1e-6, atol=1e-7, what=f"d/d{k}")


@pytest.mark.parametrize("fn, args", COMPOSITIONS, ids=lambda v: getattr(v, "__name__", ""))
def test_forward_mode_matches_finite_differences(fn, args):
    wrt = tuple(range(len(args)))
    for k in wrt:
        tangents = tuple(1.0 if j == k else 0.0 for j in wrt)
        value, tangent = sd.jvp(fn, wrt)(*args, tangents=tangents)
        assert value == fn(*args)
        assert_close(tangent, numeric_grad(fn, args, k), rtol=1e-6, atol=1e-7, what=f"d/d{k}")


@pytest.mark.parametrize("fn, args", COMPOSITIONS, ids=lambda v: getattr(v, "__name__", ""))
def test_second_order_both_ways(fn, args):
    """The generated code differentiated again: reverse over reverse, forward over reverse."""
    check_grads(fn, *args, modes=("rev", "fwd"), order=2, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("fn, args", COMPOSITIONS, ids=lambda v: getattr(v, "__name__", ""))
def test_verification_mode_and_reference_pipeline_agree(fn, args):
    wrt = tuple(range(len(args)))
    got = sd.grad(fn, wrt=wrt, verify=True)(*args)
    ref = sd.grad(fn, wrt=wrt, optimize=False)(*args)
    np.testing.assert_allclose(got, ref, rtol=1e-12, atol=0.0)


def test_hessian_of_a_scalar_function():
    def f(x):
        return math.exp(math.sin(x)) * math.lgamma(x + 2.0)

    def d2(x, h=1e-4):
        return (f(x + h) - 2.0 * f(x) + f(x - h)) / (h * h)

    assert_close(sd.hessian(f)(0.7), d2(0.7), rtol=1e-5, atol=1e-6)
    assert_close(sd.grad(sd.grad(f))(0.7), d2(0.7), rtol=1e-5, atol=1e-6)


# ------------------------------------------------------------------ floats stay floats


def float_chain(x, y):
    a = math.exp(x) * math.sin(y) + math.sqrt(x * x + 1.0) + math.atan2(x, y) + math.hypot(x, y)
    b = max(x, y) * min(x, 2.0) + math.fsum([x, y]) + math.prod([x, y]) + math.fabs(y)
    return a + b + math.lgamma(x + 1.0) + pow(x, 2.5) + math.log(y) + float(x)


def test_gradients_of_floats_are_python_floats():
    grads = sd.grad(float_chain, wrt=(0, 1))(0.6, 1.4)
    assert [type(g) for g in grads] == [float, float]
    _, tangent = sd.jvp(float_chain, (0, 1))(0.6, 1.4, tangents=(1.0, 0.5))
    assert type(tangent) is float


def test_the_generated_gradient_reads_as_float_arithmetic():
    def f(x):
        return math.exp(x) * math.sin(x)

    src = sd.source(f, args=(0.5,))
    assert "math.cos(x)" in src and "unbroadcast" not in src and "np." not in src


def test_math_of_numpy_values():
    """``math`` functions read NumPy scalars too (a reduction's result)."""
    def f(w):
        s = np.sum(w * w)
        return math.log(1.0 + s) + math.sqrt(s) * math.tanh(np.float64(2.0) * w[0])

    w = np.array([0.3, -0.8, 1.1])
    assert_close(sd.grad(f)(w), numeric_grad(f, (w,), 0), rtol=1e-6, atol=1e-8)
    v = np.array([1.0, -0.5, 0.25])
    _, t = sd.jvp(f, 0)(w, tangents=v)
    assert_close(t, float(numeric_grad(f, (w,), 0) @ v), rtol=1e-6, atol=1e-8)


# ------------------------------------------------------------------ kinks, ties, singular points


def relu_of_max(x):
    return max(x, 0.0)


def max_of_two(x, y):
    return max(x, y)


def min_of_three(x, y, z):
    return min(x, y, z)


def max_of_list(x, y):
    return max([x, y, 3.0])


def test_max_and_min_ties_share_the_gradient_as_np_maximum():
    assert sd.grad(max_of_two, wrt=(0, 1))(1.0, 1.0) == (0.5, 0.5)
    assert sd.grad(max_of_two, wrt=(0, 1))(2.0, 1.0) == (1.0, 0.0)
    g = sd.grad(min_of_three, wrt=(0, 1, 2))(2.0, 2.0, 2.0)
    assert g == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    assert sd.grad(min_of_three, wrt=(0, 1, 2))(2.0, 1.0, 1.0) == (0.0, 0.5, 0.5)
    assert sd.grad(max_of_list, wrt=(0, 1))(3.0, 1.0) == (0.5, 0.0)  # tied with the literal
    assert sd.grad(relu_of_max)(0.0) == 0.5 and sd.grad(relu_of_max)(-1.0) == 0.0
    assert sd.jvp(max_of_two, (0, 1))(1.0, 1.0, tangents=(1.0, 3.0))[1] == 2.0
    assert sd.jvp(min_of_three, 0)(2.0, 2.0, 5.0, tangents=1.0)[1] == 0.5


def largest_by_magnitude(x, s):
    v = np.tanh(x * s)
    return s * max(v, key=abs) + min([v[0] * s, -v[1], s], key=abs) * max(v[2], s, key=abs)


def test_max_and_min_with_a_key_match_finite_differences():
    """``key=`` chooses the item (the largest ``|v|`` here, a negative one): the gradient
    goes to it, in both modes and to second order; it was refused as an unknown keyword."""
    x, s = np.array([0.3, -0.8, 0.5, 0.7]), 0.45
    want = [numeric_grad(largest_by_magnitude, (x, s), k) for k in (0, 1)]
    for options in ({}, {"verify": True}, {"optimize": False}):
        got = sd.grad(largest_by_magnitude, wrt=(0, 1), **options)(x.copy(), s)
        for g, w in zip(got, want):
            assert_close(g, w, rtol=1e-7, atol=1e-9)
    tx, ts = np.array([0.2, -0.5, 0.9, 0.1]), -0.7
    _, dot = sd.jvp(largest_by_magnitude, wrt=(0, 1))(x.copy(), s, tangents=(tx, ts))
    assert_close(dot, float(want[0] @ tx + want[1] * ts), rtol=1e-7, atol=1e-9)
    grad = sd.grad(largest_by_magnitude, wrt=(0, 1))
    hx, hs = sd.hvp(largest_by_magnitude, wrt=(0, 1))(x.copy(), s, vector=(tx, ts))
    plus, minus = grad(x + 1e-5 * tx, s + 1e-5 * ts), grad(x - 1e-5 * tx, s - 1e-5 * ts)
    assert_close(hx, (plus[0] - minus[0]) / 2e-5, rtol=1e-5, atol=1e-7)
    assert_close(hs, (plus[1] - minus[1]) / 2e-5, rtol=1e-5, atol=1e-7)


def heaviest_row(m):
    return np.sum(max(m, key=np.sum) ** 2)


def test_max_with_a_key_over_arrays_is_refused_where_it_is_written():
    """Python compares rows by their key alone; the rule's equality would be entry by entry
    (the entries of other rows equal to the result's would get a gradient)."""
    m = np.array([[0.5, 0.1], [0.1, 0.2]])  # the second row holds 0.1 too
    for transform in (lambda: sd.grad(heaviest_row)(m),
                      lambda: sd.jvp(heaviest_row)(m, tangents=np.ones_like(m))):
        with pytest.raises(sd.SrcdiffError) as info:
            transform()
        text = str(info.value)
        assert "items that are one number each" in text and "test_math_rules.py:" in text
        assert "return np.sum(max(m, key=np.sum) ** 2)" in text


def test_max_with_a_nan_result_gives_no_gradient():
    assert sd.grad(max_of_two, wrt=(0, 1))(math.nan, 1.0) == (0.0, 0.0)


def test_np_maximum_uses_the_same_convention():
    def f(x, y):
        return np.maximum(x, y)

    assert sd.grad(f, wrt=(0, 1))(1.0, 1.0) == sd.grad(max_of_two, wrt=(0, 1))(1.0, 1.0)


def max_rows_weighted(x, w):
    return np.sum(w * np.max(x, axis=1)) + np.min(x) + np.sum(np.amax(x, axis=0, keepdims=True))


def _max_rows_weighted_grad(x, w):
    """By hand: each reduction's gradient shared among the elements tied at its extreme."""
    g = np.zeros_like(x)
    top = x == np.max(x, axis=1, keepdims=True)
    g += top * (w[:, None] / np.sum(top, axis=1, keepdims=True))
    low = x == np.min(x)
    g += low / np.sum(low)
    col = x == np.max(x, axis=0, keepdims=True)
    g += col / np.sum(col, axis=0, keepdims=True)
    return g


def max_squared(x):
    return np.sum(np.max(x, axis=1) ** 2) + np.min(x) ** 2


TIED = np.array([[1.0, 3.0, 3.0, -2.0], [0.5, 0.5, 0.5, -2.0], [2.0, -1.0, 4.0, 4.0]])


@pytest.mark.parametrize("options", [{}, {"verify": True}, {"optimize": False}])
def test_array_max_and_min_ties_share_the_gradient(options):
    """np.max/np.min over an axis, over everything and with keepdims, with ties in rows,
    columns and at the overall minimum (extreme_grad): reverse, forward (one tangent per
    entry) and second order (the Hessian, zero away from ties' kinks)."""
    w = np.array([1.0, -2.0, 0.5])
    want = _max_rows_weighted_grad(TIED, w)
    assert_close(sd.grad(max_rows_weighted, **options)(TIED, w), want)
    for k in range(TIED.size):
        t = np.zeros(TIED.size)
        t[k] = 1.0
        _, d = sd.jvp(max_rows_weighted, 0)(TIED, w, tangents=t.reshape(TIED.shape))
        assert_close(d, want.flat[k])
    x = TIED + 0.01 * np.arange(TIED.size).reshape(TIED.shape)  # no ties: smooth there
    v = np.arange(1.0, 1.0 + x.size).reshape(x.shape)
    want = np.zeros_like(x)  # by hand: 2 v at each row's maximum and at the minimum
    rows = np.argmax(x, axis=1)
    want[np.arange(3), rows] = 2.0 * v[np.arange(3), rows]
    low = np.unravel_index(np.argmin(x), x.shape)
    want[low] += 2.0 * v[low]
    assert_close(sd.hvp(max_squared, 0)(x, vector=v), want)
    assert_close(sd.grad(max_rows_weighted)(x, w), numeric_grad(max_rows_weighted, (x, w), 0))


def fabs_of(x):
    return math.fabs(x)


def copysign_of(x, y):
    return math.copysign(x, y)


def sqrt_of(x):
    return math.sqrt(x)


def asin_of(x):
    return math.asin(x)


def acos_of(x):
    return math.acos(x)


def acosh_of(x):
    return math.acosh(x)


def atan2_of(y, x):
    return math.atan2(y, x)


def hypot_of(x, y):
    return math.hypot(x, y)


def test_kinks():
    assert sd.grad(fabs_of)(0.0) == 0.0 and sd.grad(fabs_of)(-2.0) == -1.0
    zero = dict(unconnected_gradients="zero")  # the sign's jump is ignored: y gets none
    assert sd.grad(copysign_of, wrt=(0, 1), **zero)(0.0, -1.0) == (0.0, 0.0)
    assert sd.grad(copysign_of, wrt=(0, 1), **zero)(-2.0, -1.0) == (1.0, 0.0)
    assert sd.grad(copysign_of)(3.0, -0.0) == -1.0  # the sign bit of -0.0
    assert sd.grad(hypot_of, wrt=(0, 1))(0.0, 0.0) == (0.0, 0.0)
    assert sd.jvp(hypot_of, (0, 1))(0.0, 0.0, tangents=(1.0, 1.0))[1] == 0.0
    assert sd.jvp(fabs_of, 0)(0.0, tangents=1.0)[1] == 0.0


def test_infinite_derivatives_are_inf_not_zero_division():
    assert sd.grad(sqrt_of)(0.0) == math.inf
    assert sd.grad(asin_of)(1.0) == math.inf and sd.grad(asin_of)(-1.0) == math.inf
    assert sd.grad(acos_of)(1.0) == -math.inf
    assert sd.grad(acosh_of)(1.0) == math.inf
    assert sd.jvp(sqrt_of, 0)(0.0, tangents=2.0)[1] == math.inf
    assert math.isnan(sd.grad(atan2_of, wrt=(0, 1))(0.0, 0.0)[0])


def rounding(x):
    return x * math.floor(x) + math.ceil(x) - math.trunc(x)


def test_rounding_is_constant():
    assert sd.grad(rounding)(2.7) == 2.0
    assert sd.jvp(rounding, 0)(2.7, tangents=1.0)[1] == 2.0
    assert sd.grad(sd.grad(rounding), unconnected_gradients="zero")(2.7) == 0.0


def integer_bounds(x, n):
    total = 0.0
    for i in range(max(n - 2, 0), min(n, 10)):
        total = total + x * i
    return total


def test_min_max_of_integers_stay_integers():
    assert sd.grad(integer_bounds)(1.5, 5) == 3.0 + 4.0
    assert sd.grad(integer_bounds)(1.5, 1) == 0.0
    assert sd.jvp(integer_bounds, 0)(1.5, 5, tangents=1.0)[1] == 7.0


def test_digamma_float_matches_the_closed_forms():
    euler = 0.5772156649015329
    assert math_rules.digamma_float(1.0) == pytest.approx(-euler, rel=1e-14)
    assert math_rules.digamma_float(0.5) == pytest.approx(-euler - 2.0 * math.log(2.0),
                                                          rel=1e-14)
    for x in (0.3, 1.7, 4.2, 11.5, 60.0, -0.4, -2.5):  # ψ(x + 1) = ψ(x) + 1/x
        assert math_rules.digamma_float(x + 1.0) == pytest.approx(
            math_rules.digamma_float(x) + 1.0 / x, rel=1e-13, abs=1e-13)


def test_digamma_float_matches_scipy():
    special = pytest.importorskip("scipy.special")
    for x in (0.01, 0.3, 0.5, 1.0, 2.5, 9.99, 10.0, 37.0, 1e4, -0.5, -3.7):
        assert math_rules.digamma_float(x) == pytest.approx(special.digamma(x), rel=1e-13,
                                                            abs=1e-13)


def lgamma_of(x):
    return math.lgamma(x)


def test_second_derivative_of_lgamma_is_trigamma():
    special = pytest.importorskip("scipy.special")
    for x in (0.4, 2.0, 7.5, 15.0):
        assert sd.grad(sd.grad(lgamma_of))(x) == pytest.approx(special.polygamma(1, x),
                                                                rel=1e-12)


# ------------------------------------------------------------------ fmod, remainder


def fmod_and_remainder(x, y):
    return math.fmod(x, y) * 2.0 + math.remainder(x, y)


@pytest.mark.parametrize("x, y, n_trunc, n_round", [
    (2.5, 0.7, 3, 4), (-2.5, 0.7, -3, -4), (2.5, -0.7, -3, -4), (0.3, 0.7, 0, 0),
    (1.75, 0.5, 3, 4), (2.25, 0.5, 4, 4)])
def test_fmod_and_remainder_are_x_minus_n_y(x, y, n_trunc, n_round):
    """``fmod``: ``n`` truncated; ``remainder``: rounded half to even (1.75 / 0.5 = 3.5 -> 4,
    2.25 / 0.5 = 4.5 -> 4): ``d/dx = 1``, ``d/dy = -n``, in every mode."""
    want = (3.0, -2.0 * n_trunc - n_round)
    for optimize in (True, False):
        got = sd.grad(fmod_and_remainder, wrt=(0, 1), optimize=optimize)(x, y)
        assert got == pytest.approx(want, abs=1e-12)
    _, t = sd.jvp(fmod_and_remainder, wrt=(0, 1))(x, y, tangents=(0.5, 2.0))
    assert t == pytest.approx(0.5 * want[0] + 2.0 * want[1], abs=1e-12)


def uses_ldexp(x):
    return math.ldexp(x, 3) + math.ldexp(x * x, -1)


@pytest.mark.parametrize("optimize", [True, False])
def test_ldexp_scales_by_a_power_of_two(optimize):
    """``math.ldexp(x, i)`` is ``x * 2**i`` exactly (the integer exponent a constant)."""
    assert sd.grad(uses_ldexp, optimize=optimize)(1.3) == 8.0 + 1.3
    assert sd.jvp(uses_ldexp, 0)(1.3, tangents=0.5)[1] == 0.5 * (8.0 + 1.3)


# ------------------------------------------------------------------ refused, in both modes


def uses_modf(x):
    frac, whole = math.modf(x)
    return frac + whole


def uses_nextafter(x):
    return math.nextafter(x, 2.0)


@pytest.mark.parametrize("fn, name", [
    (uses_modf, "math.modf"),
    (uses_nextafter, "math.nextafter")], ids=lambda v: v if isinstance(v, str) else "")
def test_math_functions_without_a_rule_are_refused_by_name(fn, name):
    with pytest.raises(sd.SrcdiffError, match=f"rule for {name}"):
        sd.grad(fn)(1.3)
    with pytest.raises(sd.SrcdiffError, match=f"rule for {name}"):
        sd.jvp(fn, 0)(1.3, tangents=1.0)


def log_with_varied_base(x, b):
    return math.log(x, b)


def max_with_default(x, y):
    return max([x, y], default=0.0)


def test_max_with_a_default_is_the_max_of_its_items():
    # (refused until front/expressions.py lowered it to `max(xs) if len(xs) else d`: more
    # in tests/front/test_extreme_default.py); max(x, y) is y here: gradient (0, 1)
    assert sd.grad(max_with_default, wrt=(0, 1))(1.5, 2.5) == (0.0, 1.0)
    assert sd.jvp(max_with_default, (0, 1))(1.5, 2.5, tangents=(0.25, 1.0)) == (2.5, 1.0)


def test_a_constant_log_base_is_fine():
    assert sd.grad(log_with_varied_base)(1.5, 2.5) == pytest.approx(1.0 / (1.5 * math.log(2.5)))


def test_a_computed_log_base_is_differentiated():
    """``math.log(x, b)`` in ``b`` too (session 31; refused before): against central
    differences, in reverse and forward mode, and second order."""
    from fd import numeric_grad
    for args in ((1.5, 2.5), (0.3, 7.0), (4.0, 0.5)):
        got = sd.grad(log_with_varied_base, wrt=(0, 1))(*args)
        expected = [numeric_grad(log_with_varied_base, args, k) for k in (0, 1)]
        np.testing.assert_allclose(got, expected, rtol=1e-7)
        _, t = sd.jvp(log_with_varied_base, (0, 1))(*args, tangents=(0.3, -0.7))
        assert t == pytest.approx(0.3 * expected[0] - 0.7 * expected[1], rel=1e-7)
        h = 1e-5
        db = sd.grad(log_with_varied_base, wrt=1)
        second = (db(args[0], args[1] + h) - db(args[0], args[1] - h)) / (2 * h)
        assert sd.hessian(log_with_varied_base, wrt=1)(*args) == pytest.approx(second, rel=1e-5)


def _extreme_grad_by_counts(g, x, top, axis):
    """extreme_grad's general formula: g shared among the ties of each group."""
    hit = x == np.expand_dims(top, axis)
    return hit * (np.expand_dims(g, axis) / np.sum(hit, axis=axis, keepdims=True))


def test_extreme_grad_without_ties_skips_the_counts_exactly():
    """runtime.extreme_grad leaves out the per-group counts when there are as many hits
    as groups and no extreme is NaN: with no ties, one tie, and a NaN group whose missing
    hit a tie elsewhere makes up for (the total alone would be wrong there)."""
    rng = np.random.default_rng(0)
    x = rng.standard_normal((6, 5))
    g = rng.standard_normal(6)
    for axis, reduce in ((1, np.max), (1, np.min), (0, np.max)):
        gg = g if axis == 1 else g[:5]
        top = reduce(x, axis=axis)
        want = _extreme_grad_by_counts(gg, x, top, axis)
        assert np.array_equal(extreme_grad(gg, x, top, axis), want)
    tied = x.copy()
    tied[2, 3] = tied[2].max()
    top = np.max(tied, axis=1)
    want = _extreme_grad_by_counts(g, tied, top, 1)
    assert np.array_equal(extreme_grad(g, tied, top, 1), want)
    assert np.sum(want[2] != 0) == 2 and np.allclose(want[2][want[2] != 0], g[2] / 2)
    tied[4, 0] = np.nan  # group 4: no hit; group 2: two hits (as many hits as groups)
    top = np.max(tied, axis=1)
    assert np.count_nonzero(tied == top[:, None]) == top.size
    with np.errstate(invalid="ignore", divide="ignore"):
        want = _extreme_grad_by_counts(g, tied, top, 1)
        got = extreme_grad(g, tied, top, 1)
    assert np.array_equal(got, want, equal_nan=True)
    assert np.allclose(got[2][got[2] != 0], g[2] / 2)


@pytest.mark.parametrize("index", [2, slice(1, 4), slice(None, None, 2), (slice(None), 1)])
def test_index_add_into_zeros_stores_what_adding_would(index):
    """runtime.index_add with no gradient yet stores g into fresh zeros for a basic index
    and a g of the zeros' dtype (one pass fewer); every other case adds: both give the
    scatter-add of g, and a later contribution adds to it in place."""
    x = np.arange(12.0).reshape(6, 2) if isinstance(index, tuple) else np.arange(6.0)
    g = np.ones(np.shape(x[index])) * 1.5
    want = np.zeros_like(x)
    np.add.at(want, index, g)
    got = index_add(None, x, index, g)
    assert np.array_equal(got, want) and got.dtype == x.dtype
    again = index_add(got, x, index, g)
    assert again is got and np.array_equal(got, 2 * want)
    ints = index_add(None, x, index, np.ones(np.shape(x[index]), dtype=int))  # adds, casting
    assert ints.dtype == x.dtype and np.array_equal(ints, want / 1.5)
    repeated = index_add(None, np.zeros(4), np.array([1, 1, 3]), np.ones(3))  # fancy: adds
    assert np.array_equal(repeated, [0.0, 2.0, 0.0, 1.0])
