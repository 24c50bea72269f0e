"""``np.clip``'s bounds are differentiable arguments (a bound gets the gradient where it is
the value: ``clip(a, lo, hi) == min(max(a, lo), hi)``, ties to ``a``), and
``sliding_window_view`` has a rule (its adjoint adds each window's entries back where they
were read): both checked against finite differences in both modes and to second order."""

import numpy as np
import pytest
from numpy.lib.stride_tricks import sliding_window_view

import srcdiff as sd
from fd import assert_close, numeric_grad

RNG = np.random.default_rng(2026)
X = np.array([-1.3, -0.2, 0.35, 0.8, 1.7, 2.4])  # (no entry at a bound below)


def both_orders(f, *args, **kwargs):
    sd.check_grads(f, *args, modes=("rev", "fwd"), order=2, **kwargs)


# ------------------------------------------------------------------ np.clip's bounds

def clip_both(x, lo, hi):
    return np.sum(np.sin(np.clip(x, lo, hi)) * x)


def clip_lower(x, lo):
    return np.sum(np.clip(x, a_min=lo, a_max=None) ** 2)


def clip_upper(x, hi):
    return np.sum(x.clip(None, hi) ** 3)


def clip_percentiles(x):
    lo, hi = np.percentile(x, [10, 90])
    return np.sum(np.clip(x, lo, hi) ** 2)


def clip_row_bounds(x, lo):
    return np.sum(np.clip(x, lo, 1.0) * np.cos(lo))


@pytest.mark.parametrize("fn,args", [
    (clip_both, (X, 0.1, 1.2)),
    (clip_both, (X, np.full(6, 0.1) + 0.05 * X, 1.2)),  # array bounds
    (clip_lower, (X, 0.5)),
    (clip_upper, (X, 0.5)),
    (clip_percentiles, (X,)),
    (clip_row_bounds, (RNG.standard_normal((3, 4)), np.array([[0.2], [-0.1], [0.4]]))),
], ids=["scalar bounds", "array bounds", "a_min only", "a_max only (method)", "percentiles",
        "broadcast bound"])
def test_clip_is_differentiated_in_its_bounds(fn, args):
    for k in range(len(args)):
        assert_close(sd.grad(fn, k)(*args), numeric_grad(fn, args, k))
    both_orders(fn, *args)


def test_a_bound_gets_the_gradient_where_it_is_the_value():
    g_x, g_lo, g_hi = sd.grad(lambda x, lo, hi: np.sum(np.clip(x, lo, hi)), (0, 1, 2))(
        np.array([-1.0, 0.5, 2.0, 0.0]), 0.0, 1.0)
    # (at a bound, the value is a's: the gradient is a's, as for constant bounds)
    assert list(g_x) == [0.0, 1.0, 0.0, 1.0] and g_lo == 1.0 and g_hi == 1.0


def test_crossed_bounds_give_a_max_everywhere():
    # NumPy: a_min > a_max makes every entry a_max
    x = np.array([-1.0, 0.5, 2.0])
    g_x, g_lo, g_hi = sd.grad(lambda x, lo, hi: np.sum(np.clip(x, lo, hi)), (0, 1, 2))(
        x, 1.0, 0.0)
    assert list(g_x) == [0.0, 0.0, 0.0] and g_lo == 0.0 and g_hi == 3.0


def test_constant_bounds_make_the_same_code_as_before():
    source = sd.source(lambda x: np.sum(np.clip(x, 0.0, 1.0) ** 2), 0, args=(X,))
    assert "(x >= 0.0) & (x <= 1.0)" in source and "np.maximum" not in source


# ------------------------------------------------------------------ sliding_window_view

def windows_1d(w, x):
    return np.sum(np.sin(sliding_window_view(x, 3) @ w))


def windows_2d(k, img):
    patches = sliding_window_view(img, (2, 3))
    return np.sum(np.tanh(np.einsum("ijkl,kl->ij", patches, k)))


def windows_on_an_axis(x):
    return np.sum(sliding_window_view(x, 2, axis=1) ** 3)


def windows_twice_on_one_axis(x):
    return np.sum(np.cos(sliding_window_view(x, (2, 3), axis=(0, 0))) * x[0])


def windows_module_path(x):
    return np.sum(np.lib.stride_tricks.sliding_window_view(x, 4).max(axis=-1) ** 2)


@pytest.mark.parametrize("fn,args", [
    (windows_1d, (RNG.standard_normal(3), RNG.standard_normal(9))),
    (windows_2d, (RNG.standard_normal((2, 3)), RNG.standard_normal((5, 6)))),
    (windows_on_an_axis, (RNG.standard_normal((3, 5)),)),
    (windows_twice_on_one_axis, (RNG.standard_normal((6,)),)),
    (windows_module_path, (RNG.standard_normal(8),)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_sliding_window_view(fn, args):
    for k in range(len(args)):
        assert_close(sd.grad(fn, k)(*args), numeric_grad(fn, args, k))
    both_orders(fn, *args)
