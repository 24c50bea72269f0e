"""Tests of srcdiff.optimizers.

The update rules are checked with hand-made gradient lists against the
TensorFlow 1 formulas re-derived here step by step in NumPy.  The tests of
``compute_gradients`` and ``minimize`` use the real srcdiff compiler
(``api.value_and_grad``) on losses defined at module level, and check its
gradients against closed forms written here.
"""

import math

import numpy as np
import pytest

from srcdiff.train import clip, optimizers

# ---------------------------------------------------------------------------
# Losses for the compiler (module level, so their source can be read)
# ---------------------------------------------------------------------------


def least_squares(params, X, y):
    r = X @ params["w"] + params["b"] - y
    return np.mean(r * r)


def spec_product(params):
    return params["w"] * params["x"] * params["x"]


def ignores_c(params, X, y):
    r = X @ params["w"] + params["b"] - y
    return np.sum(r * r)


def constant_loss(params, X, y):
    return np.sum(X) + np.sum(y)


def make_data():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 3))
    y = X @ np.array([1.5, -2.0, 0.5]) + 0.7  # exactly realisable: minimum 0
    return X, y


def least_squares_by_hand(w, b, X, y):
    """Value and gradients of mean((Xw + b - y)^2), derived by hand."""
    r = X @ w + b - y
    n = len(y)
    return np.mean(r * r), 2.0 * X.T @ r / n, 2.0 * np.sum(r) / n


# ---------------------------------------------------------------------------
# Update rules, with hand-made gradients
# ---------------------------------------------------------------------------

G1 = np.array([0.5, -1.0, 2.0])
G2 = np.array([-0.25, 0.75, 1.0])
G3 = np.array([1.5, 0.5, -3.0])
V0 = np.array([1.0, 2.0, -1.0])


def run(opt, grads, v0=V0):
    """Apply each gradient of ``grads`` in turn to a copy of ``v0``; returns
    the variable after every step."""
    var = v0.copy()
    out = []
    for g in grads:
        opt.apply_gradients([(g, var)])
        out.append(var.copy())
    return var, out


def test_gradient_descent():
    opt = optimizers.GradientDescent(learning_rate=0.1)
    var, steps = run(opt, [G1, G2, G3])
    np.testing.assert_allclose(steps[0], [0.95, 2.1, -1.2])  # by hand
    np.testing.assert_allclose(steps[1], V0 - 0.1 * (G1 + G2))
    np.testing.assert_allclose(var, V0 - 0.1 * (G1 + G2 + G3))
    assert opt.get_slot_names() == []


@pytest.mark.parametrize("nesterov", [False, True])
def test_momentum(nesterov):
    lr, mu = 0.1, 0.9
    opt = optimizers.Momentum(lr, mu, use_nesterov=nesterov)
    var, steps = run(opt, [G1, G2, G3])
    accum, expected = np.zeros(3), V0.copy()
    for g, got in zip([G1, G2, G3], steps):
        accum = mu * accum + g
        expected = expected - (lr * (g + mu * accum) if nesterov else lr * accum)
        np.testing.assert_allclose(got, expected, rtol=1e-14)
    np.testing.assert_allclose(opt.get_slot(var, "momentum"), accum, rtol=1e-14)
    # the first step by hand: accum = g; plain: lr*g, nesterov: lr*(1 + mu)*g
    first = V0 - (0.19 if nesterov else 0.1) * G1
    np.testing.assert_allclose(steps[0], first)


def test_adam():
    lr, b1, b2, eps = 0.01, 0.9, 0.999, 1e-8
    opt = optimizers.Adam(lr, b1, b2, eps)
    var, steps = run(opt, [G1, G2, G3])
    m, v, expected = np.zeros(3), np.zeros(3), V0.copy()
    for t, (g, got) in enumerate(zip([G1, G2, G3], steps), start=1):
        lr_t = lr * math.sqrt(1 - b2 ** t) / (1 - b1 ** t)
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        expected = expected - lr_t * m / (np.sqrt(v) + eps)
        np.testing.assert_allclose(got, expected, rtol=1e-12)
    np.testing.assert_allclose(opt.get_slot(var, "m"), m, rtol=1e-12)
    np.testing.assert_allclose(opt.get_slot(var, "v"), v, rtol=1e-12)
    # by hand: Adam's first step moves every coordinate by lr against the
    # sign of its gradient (m / sqrt(v) = g / |g| after bias correction)
    np.testing.assert_allclose(steps[0], V0 - lr * np.sign(G1), rtol=1e-6)
    assert opt.get_slot_names() == ["m", "v"]


def test_adam_step_count_is_shared_by_the_variables():
    # TensorFlow 1 keeps one beta1^t, beta2^t pair per optimizer: a variable
    # first updated at the optimizer's second step is bias-corrected with t=2.
    lr, b1, b2 = 0.1, 0.9, 0.999
    opt = optimizers.Adam(lr, b1, b2, epsilon=0.0)
    a, b = np.array([1.0]), np.array([1.0])
    opt.apply_gradients([(np.array([2.0]), a), (None, b)])
    opt.apply_gradients([(np.array([2.0]), a), (np.array([3.0]), b)])
    lr_2 = lr * math.sqrt(1 - b2 ** 2) / (1 - b1 ** 2)
    m, v = (1 - b1) * 3.0, (1 - b2) * 9.0
    np.testing.assert_allclose(b, [1.0 - lr_2 * m / math.sqrt(v)], rtol=1e-12)
    assert opt.iterations == 2


@pytest.mark.parametrize("momentum", [0.0, 0.5])
@pytest.mark.parametrize("centered", [False, True])
def test_rmsprop(momentum, centered):
    lr, rho, eps = 0.01, 0.9, 1e-10
    opt = optimizers.RMSProp(lr, decay=rho, momentum=momentum, epsilon=eps, centered=centered)
    var, steps = run(opt, [G1, G2, G3])
    ms, mg, mom, expected = np.ones(3), np.zeros(3), np.zeros(3), V0.copy()  # TF1: ms starts at 1
    for g, got in zip([G1, G2, G3], steps):
        ms = rho * ms + (1 - rho) * g * g
        mg = rho * mg + (1 - rho) * g
        denom = ms - mg * mg + eps if centered else ms + eps
        mom = momentum * mom + lr * g / np.sqrt(denom)
        expected = expected - mom
        np.testing.assert_allclose(got, expected, rtol=1e-12)
    np.testing.assert_allclose(opt.get_slot(var, "rms"), ms, rtol=1e-12)
    assert (opt.get_slot(var, "mg") is not None) == centered
    # the first step by hand, for the first coordinate (g = 0.5, ms = 0.9 + 0.025)
    d = 0.925 - (0.05 ** 2 if centered else 0.0)
    assert steps[0][0] == pytest.approx(1.0 - 0.01 * 0.5 / math.sqrt(d), rel=1e-9)


def test_callable_learning_rate_is_read_every_step():
    rates = iter([0.1, 0.01])
    opt = optimizers.GradientDescent(lambda: next(rates))
    var, _ = run(opt, [G1, G2])
    np.testing.assert_allclose(var, V0 - 0.1 * G1 - 0.01 * G2)


# ---------------------------------------------------------------------------
# apply_gradients: in place, None, errors
# ---------------------------------------------------------------------------

ALL_OPTIMIZERS = [
    lambda: optimizers.GradientDescent(0.1),
    lambda: optimizers.Momentum(0.1, 0.9),
    lambda: optimizers.Momentum(0.1, 0.9, use_nesterov=True),
    lambda: optimizers.Adam(0.1),
    lambda: optimizers.RMSProp(0.1),
    lambda: optimizers.RMSProp(0.1, momentum=0.5, centered=True),
]


@pytest.mark.parametrize("make", ALL_OPTIMIZERS)
def test_update_is_in_place(make):
    params = {"w": np.array([1.0, 2.0]), "b": np.array(0.5)}
    w, b = params["w"], params["b"]
    view = w[:]
    make().apply_gradients([(np.array([1.0, -1.0]), w), (2.0, b)])
    assert params["w"] is w and params["b"] is b
    assert w[0] < 1.0 and w[1] > 2.0 and b < 0.5  # each moved against its gradient
    np.testing.assert_array_equal(view, w)        # other references see it


@pytest.mark.parametrize("make", ALL_OPTIMIZERS)
def test_float32_stays_float32(make):
    w = np.array([1.0, 2.0], np.float32)
    make().apply_gradients([(np.array([0.5, 0.5]), w)])  # a float64 gradient
    assert w.dtype == np.float32 and w[0] < 1.0


def test_none_gradients_are_skipped():
    opt = optimizers.Momentum(0.1, 0.9)
    a, b = np.array([1.0, 1.0]), np.array([5.0])
    opt.apply_gradients([(None, a), (np.array([2.0]), b)])
    np.testing.assert_array_equal(a, [1.0, 1.0])
    np.testing.assert_allclose(b, [4.8])
    assert opt.get_slot(a, "momentum") is None  # no state for a skipped variable


def test_all_none_gradients_raise():
    a, b = np.ones(2), np.ones(3)
    with pytest.raises(ValueError, match="No gradients provided for any variable"):
        optimizers.GradientDescent(0.1).apply_gradients([(None, a), (None, b)])
    with pytest.raises(ValueError):
        optimizers.GradientDescent(0.1).apply_gradients([])


def test_shape_mismatch_names_both_shapes():
    with pytest.raises(ValueError, match=r"\(2,\).*\(3,\)"):
        optimizers.GradientDescent(0.1).apply_gradients([(np.ones(2), np.ones(3))])
    with pytest.raises(ValueError):  # no silent broadcast of a scalar gradient
        optimizers.GradientDescent(0.1).apply_gradients([(1.0, np.ones(3))])


def test_variables_must_be_float_arrays():
    opt = optimizers.GradientDescent(0.1)
    with pytest.raises(ValueError, match="in place"):
        opt.apply_gradients([(1.0, 2.0)])
    with pytest.raises(ValueError):
        opt.apply_gradients([(np.ones(2), np.array([1, 2]))])
    ro = np.ones(2)
    ro.setflags(write=False)
    with pytest.raises(ValueError):
        opt.apply_gradients([(np.ones(2), ro)])


def test_invalid_list_updates_nothing():
    a = np.array([1.0, 2.0])
    with pytest.raises(ValueError):
        optimizers.GradientDescent(0.1).apply_gradients([(np.ones(2), a), (np.ones(2), np.ones(3))])
    np.testing.assert_array_equal(a, [1.0, 2.0])


def test_duplicate_variable_raises():
    a = np.ones(2)
    with pytest.raises(ValueError):
        optimizers.GradientDescent(0.1).apply_gradients([(np.ones(2), a), (np.ones(2), a)])


# ---------------------------------------------------------------------------
# With the compiler: compute_gradients and minimize
# ---------------------------------------------------------------------------

def test_compute_gradients_matches_closed_form():
    X, y = make_data()
    params = {"w": np.array([0.1, 0.2, 0.3]), "b": np.array(-0.4)}
    opt = optimizers.GradientDescent(0.1)
    gv = opt.compute_gradients(least_squares, params, X, y)
    value, gw, gb = least_squares_by_hand(params["w"], params["b"], X, y)
    assert [v is params[k] for (_, v), k in zip(gv, ["w", "b"])] == [True, True]
    np.testing.assert_allclose(gv[0][0], gw, rtol=1e-10)
    np.testing.assert_allclose(gv[1][0], gb, rtol=1e-10)
    assert np.shape(gv[1][0]) == ()
    assert opt.last_loss == pytest.approx(value, rel=1e-12)


def test_compute_gradients_var_list():
    X, y = make_data()
    params = {"w": np.zeros(3), "b": np.array(0.0), "c": np.ones(2)}
    opt = optimizers.GradientDescent(0.1)
    gv = opt.compute_gradients(least_squares, params, X, y, var_list=["b"])
    assert len(gv) == 1 and gv[0][1] is params["b"]
    assert gv[0][0] == pytest.approx(least_squares_by_hand(params["w"], 0.0, X, y)[2])
    # params' order, whatever the order of var_list
    gv = opt.compute_gradients(least_squares, params, X, y, var_list=["b", "w"])
    assert [v is params["w"] for _, v in gv] == [True, False]
    with pytest.raises(ValueError):
        opt.compute_gradients(least_squares, params, X, y, var_list=["nope"])


def test_spec_example_compute_clip_apply():
    # SPEC section 5: d(w*x*x) = (x*x, 2*w*x) = (9, 12) at w=2, x=3;
    # clipped to norm 5 each: (5, 5); one step of lr 0.1: (1.5, 2.5).
    params = {"w": np.array(2.0), "x": np.array(3.0)}
    opt = optimizers.GradientDescent(learning_rate=0.1)
    gv = opt.compute_gradients(spec_product, params)
    assert [float(g) for g, _ in gv] == pytest.approx([9.0, 12.0])
    gv = [(clip.clip_by_norm(g, 5.0), v) for g, v in gv]
    assert [float(g) for g, _ in gv] == pytest.approx([5.0, 5.0])
    opt.apply_gradients(gv)
    assert float(params["w"]) == pytest.approx(1.5)
    assert float(params["x"]) == pytest.approx(2.5)


def test_minimize_returns_loss_before_update():
    X, y = make_data()
    params = {"w": np.zeros(3), "b": np.array(0.0)}
    before, gw, gb = least_squares_by_hand(params["w"], 0.0, X, y)
    value = optimizers.GradientDescent(0.05).minimize(least_squares, params, X, y)
    assert value == pytest.approx(before, rel=1e-12)
    np.testing.assert_allclose(params["w"], -0.05 * gw, rtol=1e-10)
    assert float(params["b"]) == pytest.approx(-0.05 * gb, rel=1e-10)


def test_unconnected_variable_is_skipped():
    X, y = make_data()
    params = {"w": np.zeros(3), "b": np.array(0.0), "c": np.array([7.0, 8.0])}
    opt = optimizers.Adam(0.1)
    gv = opt.compute_gradients(ignores_c, params, X, y)
    assert gv[2][0] is None and gv[2][1] is params["c"]
    opt.minimize(ignores_c, params, X, y)
    np.testing.assert_array_equal(params["c"], [7.0, 8.0])
    assert float(params["b"]) != 0.0


def test_minimize_without_any_gradient_raises():
    X, y = make_data()
    params = {"w": np.zeros(3)}
    with pytest.raises(ValueError, match="No gradients provided"):
        optimizers.GradientDescent(0.1).minimize(constant_loss, params, X, y)


def test_gradient_function_is_generated_once(monkeypatch):
    from srcdiff.api import transforms as api

    real = api.value_and_grad
    calls = []

    def counting(f, *args, **kwargs):
        calls.append(f)
        return real(f, *args, **kwargs)

    monkeypatch.setattr(api, "value_and_grad", counting)
    X, y = make_data()
    params = {"w": np.zeros(3), "b": np.array(0.0)}
    opt = optimizers.Momentum(0.05, 0.5)
    for _ in range(3):
        opt.minimize(least_squares, params, X, y)
    opt.compute_gradients(spec_product, {"w": np.array(2.0), "x": np.array(3.0)})
    assert calls == [least_squares, spec_product]


def test_variable_must_be_an_array():
    params = {"w": 2.0, "x": np.array(3.0)}
    with pytest.raises(ValueError, match="in place"):
        optimizers.GradientDescent(0.1).compute_gradients(spec_product, params)


@pytest.mark.parametrize("make", [
    lambda: optimizers.GradientDescent(0.1),
    lambda: optimizers.Momentum(0.05, 0.9),
    lambda: optimizers.Momentum(0.05, 0.9, use_nesterov=True),
    lambda: optimizers.Adam(0.05),
    lambda: optimizers.RMSProp(0.01),
    lambda: optimizers.RMSProp(0.01, momentum=0.5),
    lambda: optimizers.RMSProp(0.01, centered=True),
], ids=["gd", "momentum", "nesterov", "adam", "rmsprop", "rmsprop-momentum", "rmsprop-centered"])
def test_least_squares_converges(make):
    X, y = make_data()
    params = {"w": np.zeros(3), "b": np.array(0.0)}
    start = least_squares_by_hand(params["w"], 0.0, X, y)[0]
    opt = make()
    values = [opt.minimize(least_squares, params, X, y) for _ in range(500)]
    end = least_squares_by_hand(params["w"], params["b"], X, y)[0]
    assert values[0] == pytest.approx(start, rel=1e-12)
    assert end < start / 1000.0, (start, end)


@pytest.mark.parametrize("bad", [5, None, 2.5])
def test_apply_gradients_of_something_not_a_list_of_pairs(bad):
    with pytest.raises(TypeError, match=r"grads_and_vars must be a list of \(gradient, variable\)"):
        optimizers.GradientDescent(0.1).apply_gradients(bad)
