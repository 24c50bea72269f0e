"""np.convolve, np.correlate, np.polyval, np.interp, np.median / quantile / percentile and
Python's sorted in user code (rules/curve_rules.py): both modes and second order against
central differences (sd.check_grads), and the refused options."""

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from pipelines import check_every_mode
from srcdiff.errors import SrcdiffError

RNG = np.random.default_rng(2024)
KNOTS = np.array([-2.0, -0.5, 0.3, 1.0, 2.5])


def both_orders(f, *args):
    sd.check_grads(f, *args, modes=("rev", "fwd"), order=2)


def convolutions(a, v):
    return (np.sum(np.convolve(a, v) ** 2) + np.sum(np.sin(np.convolve(a, v, "same")))
            + np.sum(np.convolve(v, a, mode="valid") ** 3))


def correlations(a, v):
    return (np.sum(np.correlate(a, v) ** 2) + np.sum(np.sin(np.correlate(a, v, "same")))
            + np.sum(np.correlate(v, a, mode="full") ** 3))


@pytest.mark.parametrize("fn", [convolutions, correlations], ids=lambda f: f.__name__)
@pytest.mark.parametrize("sizes", [(6, 3), (3, 6), (4, 4), (5, 2)])
def test_convolve_and_correlate_every_mode_and_length_order(fn, sizes):
    both_orders(fn, RNG.standard_normal(sizes[0]), RNG.standard_normal(sizes[1]))


def polynomials(p, x):
    return np.sum(np.polyval(p, x) ** 2) + np.polyval(p, 0.7) + np.polyval(p[:1], x[0])


def test_polyval_in_coefficients_and_points():
    both_orders(polynomials, RNG.standard_normal(4), RNG.standard_normal(5))


def interpolated(x, fp):
    return (np.sum(np.interp(x, KNOTS, fp) ** 2)
            + np.sum(np.interp(x * 2, KNOTS, fp, left=0.5, right=-1.0)))


def moving_knots(x, xp):
    return np.sum(np.interp(x, xp, np.sin(xp)) ** 2)


def test_interp_inside_and_outside_the_knots():
    # points below, between and above the knots (none on a knot: a kink there)
    both_orders(interpolated, np.array([-3.0, -1.1, 0.1, 0.45, 1.7, 3.0]),
                RNG.standard_normal(5))
    both_orders(moving_knots, np.array([-1.0, 0.1, 0.5, 1.7]), KNOTS.copy())


# knots out of order and beyond one period, so NumPy's sort and its two extension knots
# (copies of the last and first sorted knots) are in the gradients of xp and fp
PERIODIC_XP = np.array([0.3, 2.9, -1.0, 1.4, 5.5])
PERIODIC_X = np.array([-5.3, -0.7, 0.2, 1.1, 2.2, 3.95, 9.3, 0.02])


def periodic(x, xp, fp):
    return (np.sum(np.interp(x, xp, fp, period=4.0) ** 2)
            + np.sum(np.sin(np.interp(x * 1.3, xp, fp, period=-3.0, left=7.0, right=2.0))))


def periodic_points(x):
    return np.sum(np.cos(np.interp(x, PERIODIC_XP, np.sin(PERIODIC_XP), period=2.5)) * x)


def periodic_knots_move(xp):
    return np.sum(np.interp(PERIODIC_X, xp, np.exp(xp), period=2 * np.pi) ** 3)


def periodic_one_knot(x, fp):
    return np.sum(np.interp(x, np.array([0.7]), fp, period=2.0) * x)


@pytest.mark.parametrize("wrt", [0, 1, 2])
def test_interp_with_a_period_in_every_argument(wrt):
    fp = RNG.standard_normal(5)
    sd.check_grads(periodic, PERIODIC_X, PERIODIC_XP.copy(), fp, wrt=wrt,
                   modes=("rev", "fwd"), order=2)


@pytest.mark.parametrize("fn, x", [(periodic_points, PERIODIC_X),
                                   (periodic_knots_move, PERIODIC_XP)],
                         ids=["points", "knots"])
def test_interp_with_a_period_in_every_pipeline(fn, x):
    check_every_mode(fn, x.copy(), hvp=True)
    both_orders(periodic_one_knot, np.array([-1.3, 0.2, 0.9, 3.1]), np.array([1.5]))


def test_interp_period_gradient_by_hand():
    """``interp(x, [3, 1], [a, b], period=4)``: NumPy's extended knots ``[-1, 1, 3, 5]``
    hold ``[a, b, a, b]``; at ``x = 6`` (``2``, halfway between 1 and 3) the value is
    ``(a + b) / 2`` with the slope ``(a - b) / 2``; at ``x = 7.5`` (``3.5``, a quarter of
    the way from 3 to the copy 5 of the knot 1) it is ``0.75 a + 0.25 b``."""
    def f(x, fp):
        return np.interp(x, np.array([3.0, 1.0]), fp, period=4.0)

    fp = np.array([2.0, -1.0])
    assert sd.grad(f, 0)(6.0, fp) == pytest.approx(1.5)
    np.testing.assert_allclose(sd.grad(f, 1)(6.0, fp), [0.5, 0.5])
    np.testing.assert_allclose(sd.grad(f, 1)(7.5, fp), [0.75, 0.25])


def on_the_knots(x):
    return np.sum(np.interp(x, KNOTS, np.array([1.0, 3.0, -1.0, 0.5, 2.0])) * np.arange(5.0))


def test_a_point_on_a_knot_takes_the_slope_on_its_right_the_last_one_on_its_left():
    x = KNOTS.copy()
    h = 1e-7
    right = [(on_the_knots(x + h * e) - on_the_knots(x)) / h for e in np.eye(5)]
    left = (on_the_knots(x) - on_the_knots(x - h * np.eye(5)[4])) / h
    expect = np.array(right[:4] + [left])
    np.testing.assert_allclose(sd.grad(on_the_knots)(x), expect, rtol=1e-5, atol=1e-6)
    _, t = sd.jvp(on_the_knots)(x, tangents=np.ones(5))
    np.testing.assert_allclose(t, np.sum(expect), rtol=1e-5)


def medians(a):
    return (np.median(a) + np.sum(np.median(a, axis=0) ** 2)
            + np.sum(np.median(a, axis=1, keepdims=True) * a))


def quantiles(a):
    return (np.sum(np.quantile(a, [0.1, 0.75]) ** 2)
            + np.sum(np.quantile(a, 0.3, axis=0) * np.arange(4))
            + np.sum(np.percentile(a, [20, 90], axis=1, keepdims=True) ** 2)
            + np.sum(np.quantile(a.reshape(5, 2, 2), 0.6, axis=(0, 2)) ** 3))


@pytest.mark.parametrize("fn", [medians, quantiles], ids=lambda f: f.__name__)
def test_order_statistics_along_axes(fn):
    both_orders(fn, RNG.standard_normal((5, 4)))


def sorted_items(x):
    s = sorted([x[0], x[1] * 2, x[2] ** 2, 0.5])
    r = sorted(x, reverse=True)
    k = sorted(x, key=abs)
    return s[0] * 3 + s[-1] * s[1] + r[0] * 2 + r[2] ** 2 + k[0] * k[-1]


def test_sorted_puts_each_gradient_back_home():
    both_orders(sorted_items, np.array([0.4, -1.3, 0.9, 2.1]))


def sorted_dict_keys(params):
    return sum(np.sum(params[k] ** 2) * len(k) for k in sorted(params))


def test_sorted_keys_of_a_dict_are_labels():
    p = {"ab": np.array([1.0, -2.0]), "c": np.array([0.5, 3.0, 1.0])}
    g = sd.grad(sorted_dict_keys)(p)
    np.testing.assert_allclose(g["ab"], 4 * p["ab"])
    np.testing.assert_allclose(g["c"], 2 * p["c"])


def weibull(a):
    return np.quantile(a, 0.3, method="weibull")


def period_varies(x):
    return np.sum(np.interp(x, KNOTS, np.sin(KNOTS), period=4.0 + x[0]))


def zero_period(x):
    return np.sum(np.interp(x, KNOTS, np.sin(KNOTS), period=0.0))


def left_varies(x):
    return np.sum(np.interp(x, KNOTS, np.sin(KNOTS), left=x[0]))


def complex_correlation(a, v):
    return np.real(np.sum(np.correlate(a * 1j, v)))


def test_unmodelled_options_are_refused():
    a = RNG.standard_normal(6)
    with pytest.raises(SrcdiffError, match="method='weibull' is not modelled"):
        sd.grad(weibull)(a)
    with pytest.raises(SrcdiffError, match="treats `period` as a constant"):
        sd.grad(period_varies)(a)
    for run in (sd.grad(zero_period), lambda x: sd.jvp(zero_period)(x, tangents=x)):
        with pytest.raises(ValueError, match="period must be a non-zero value"):
            run(a)
    with pytest.raises(SrcdiffError, match="treats `left` as a constant"):
        sd.grad(left_varies)(np.array([-3.0, 0.1]))
    with pytest.raises(SrcdiffError, match="complex inputs"):
        sd.grad(complex_correlation)(a, a[:3])
    # the reference pipeline agrees where the options are modelled
    np.testing.assert_allclose(sd.grad(interpolated, optimize=False)(a, KNOTS),
                               numeric_grad(interpolated, (a, KNOTS), 0), rtol=1e-6, atol=1e-7)


def quantile_level_varies(x):
    level = 1.0 / (1.0 + np.exp(-x[5]))
    return (np.quantile(x[:5], level) ** 2 + np.sum(np.percentile(x[:5], 100 * level * x[6:8]))
            + np.sum(np.quantile(x[:6].reshape(2, 3), x[6:8] * 0.5, axis=1) ** 2))


def test_the_level_of_a_quantile_is_differentiated_too():
    # the cross term d2/dq da (the weights' fraction moves with q) is in the second order
    both_orders(quantile_level_varies, np.array([0.3, -1.2, 2.0, 0.7, -0.4, 0.25, 0.61, 0.93]))


def smoothing_steps(x):
    u = x.copy()
    for _ in range(3):
        u[1:-1] = np.convolve(u, [0.25, 0.5, 0.25], "valid")
    return np.sum(u * x) + np.sum(u ** 3)


def test_second_order_through_a_constant_list_kept_across_a_loop():
    # the gradient's loop saves and restores the list display: in the hvp its tangent (None
    # entries) reaches the rule's helper through a name of unknown kind, filled first
    # (forward/primitives.py _may_be_list); it stopped with a TypeError before
    x = np.array([0.3, -1.2, 2.0, 0.7, -0.4, 1.1])
    both_orders(smoothing_steps, x)


def picked_quantiles(a, method):
    return np.sum(np.quantile(a, np.array([0.0, 0.3, 0.5, 0.62, 1.0]), axis=1,
                              method=METHOD_NAMES[method]) * np.arange(1.0, 6.0)[:, None])


METHOD_NAMES = ("lower", "higher", "nearest", "midpoint")


@pytest.mark.parametrize("method", range(4), ids=METHOD_NAMES)
@pytest.mark.parametrize("n", [1, 2, 5, 6, 11])
def test_order_statistic_methods(method, n):
    """lower/higher/nearest/midpoint (refused before): the rank weights give np.quantile's
    own value at every level, whole ranks (0.5 of 5) and halves (0.3 of 6) too, and the
    gradient is the one of central differences (values with no ties)."""
    from srcdiff.rules.curve_rules import _weights

    a = RNG.permutation(3 * n).reshape(3, n) + 0.1 * RNG.standard_normal((3, n))
    qs = np.concatenate([np.linspace(0.0, 1.0, 41), np.arange(n) / max(n - 1, 1)])
    picked = np.sum(_weights(a, qs, METHOD_NAMES[method]) * a[:, None, :], axis=-1)
    np.testing.assert_allclose(picked, np.quantile(a, qs, axis=1, method=METHOD_NAMES[method]).T,
                               rtol=1e-14, atol=1e-14)  # (a wrong rank is 0.1 or more off)
    want = numeric_grad(picked_quantiles, (a, method), 0)
    for got in (sd.grad(picked_quantiles)(a, method),
                sd.grad(picked_quantiles, optimize=False)(a, method)):
        np.testing.assert_allclose(got, want, atol=1e-6)
    tangent = sd.jvp(picked_quantiles)(a, method, tangents=np.ones_like(a))[1]
    np.testing.assert_allclose(tangent, np.sum(want), atol=1e-6)


def test_the_numba_backend_refuses_a_periodic_interp_by_name():
    pytest.importorskip("numba")
    with pytest.raises(SrcdiffError, match="no compiled version of `interp_grad_x`"):
        sd.grad(periodic_points, backend="numba")(PERIODIC_X)


def unsorted_knots(x):
    return np.sum(np.interp(x, np.array([0.0, 2.0, 1.0, 3.0]), np.array([0.0, 1.0, 5.0, 2.0])))


def test_knots_that_decrease_are_refused():
    # NumPy does not sort xp: at 1.5 its value has the slope 0.5, the piecewise linear
    # curve of the sorted knots -1.5 (a wrong gradient before)
    x = np.array([0.5, 1.5, 2.5])
    for run in (sd.grad(unsorted_knots), lambda v: sd.jvp(unsorted_knots)(v, tangents=v)):
        with pytest.raises(SrcdiffError, match="knots xp that decrease somewhere"):
            run(x)


def complex_values(x):
    return np.sum(np.abs(np.interp(x, [-1.0, 0.0, 1.5], np.array([1.0, 2j, 3.0 + 1j]))))


def test_complex_values_are_refused():
    # the rules took fp as real (its imaginary part dropped): a wrong gradient before
    x = np.array([0.31, -0.77, 1.13])
    for run in (sd.grad(complex_values), lambda v: sd.jvp(complex_values)(v, tangents=v)):
        with pytest.raises(SrcdiffError, match="complex values fp"):
            run(x)
