"""A called function's backward sweep reports which returned gradients it owns
(reverse/calls.py ``_owned_results``, adjoint.py ``owned_results``): a gradient that
``bwd_g`` returns as a fresh array (owned where its sweep ends) is the caller's to update
in place; one that may be its ``grad_ys``, a broadcast (``spread``) or another
returned gradient is added to out of place.

Invariant checked here: a returned gradient marked owned is a fresh writable array that
no other live name references. On the generated source (in place where the callee made
it, out of place where it aliases), against central differences in every pipeline and
verification mode, on arrays large enough for ``spread`` to give a read-only broadcast.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

rng = np.random.default_rng(8)


def check(f, args, wrts):
    for options in ({}, {"verify": True}, {"optimize": False}):
        got = sd.grad(f, wrt=wrts, **options)(*args)
        for w, g in zip(wrts, got):
            assert_close(g, numeric_grad(f, args, w))


def caller_of(f, args, wrts):
    return sd.source(f, wrts, args=args).split(f"def grad_{f.__name__}(")[1]


def _layer(x, w):
    return np.sin(x * w) * x


def chain_layers(x, w):
    total = 0.0
    for _ in range(3):
        x = _layer(x, w)
        total = total + np.sum(np.cos(x))
    return total + np.sum(x * x)


def test_a_fresh_returned_gradient_is_added_into_in_place():
    """bwd__layer's b_x is a product (fresh): the loop's b_x, first defined each trip by
    the call's result, then takes the next trip's contribution in place."""
    args = (rng.uniform(0.1, 0.9, 6), rng.uniform(1.0, 2.0, 6))
    caller = caller_of(chain_layers, args, (0, 1))
    assert "b_x = b__layer_args[0]" in caller
    assert "b_x -= b_total * np.sin(x)" in caller and "b_x = b_x + " not in caller
    check(chain_layers, args, (0, 1))


def _sum2(x, w):
    return x + w


def _scaled(x, w):
    return x * np.sum(w)


def alias_caller(x, w):
    u = np.sin(x) * w
    y = _sum2(x, w)
    return np.sum(np.exp(y) * u)


def broadcast_caller(x, w):
    u = np.sin(x) * w
    y = _scaled(x, w)
    return np.sum(np.exp(y) * u)


def test_a_returned_alias_of_grad_ys_stays_not_owned():
    """bwd__sum2 returns its grad_ys for both parameters (one array twice): the caller
    adds out of place, or through add_into, which writes in place only when nothing else
    holds the array (release.py, a run-time check); a plain in-place add into b_x would
    change b_w too."""
    args = (rng.standard_normal(6), rng.standard_normal(6))
    caller = caller_of(alias_caller, args, (0, 1))
    assert "b_x = b_x + " in caller or "b_x = add_into(b_x, " in caller
    assert "b_w = b_w + " in caller or "b_w = add_into(b_w, " in caller
    assert "b_x += " not in caller and "b_w += " not in caller
    check(alias_caller, args, (0, 1))


@pytest.mark.parametrize("size", (6, 5000))
def test_a_returned_broadcast_stays_not_owned(size):
    """bwd__scaled returns spread(...) for w: a read-only broadcast on big arrays (an
    in-place add raises 'output array is read-only'), np.full on small ones."""
    args = (rng.standard_normal(size) * 0.1, rng.standard_normal(size) * 0.1)
    caller = caller_of(broadcast_caller, args, (0, 1))
    assert "b_w = b_w + " in caller and "b_w += " not in caller
    if size > 100:
        for options in ({}, {"verify": True}, {"optimize": False}):
            gx, gw = sd.grad(broadcast_caller, (0, 1), **options)(*args)
            x, w = args
            s = np.sum(w)
            e = np.exp(x * s)
            t = e * np.sin(x) * w  # d/dy of exp(y) * u
            assert_close(gw, e * np.sin(x) + np.sum(t * x), rtol=1e-12, atol=1e-12)
            assert_close(gx, e * np.cos(x) * w + t * s, rtol=1e-12, atol=1e-12)
    else:
        check(broadcast_caller, args, (0, 1))
