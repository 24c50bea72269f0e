"""signs.sink_negations: a gradient's negation handed to its one reader's literal or
``+``/``-`` (the adjoint of ``u - 2.0 * w`` negates the gradient, then scales it: one
pass over an array instead of two); and extreme_grad's product with a uniform gradient."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize import passes as O
from srcdiff.runtime import extreme_grad, spread


def _opt(body, gradients=("b_t", "b_y", "b_z")):
    fn = S.stmts("def f(a, m, c):\n" + "".join("    " + ln + "\n" for ln in body.splitlines())
                 + "    return b_y\n")[0]
    out = S.to_source(O.optimize(fn, keep={"b_y"}, gradients=set(gradients)))
    return "\n".join(ln.strip() for ln in out.splitlines()[1:-1])


@pytest.mark.parametrize("body, expected", [
    ("b_t = -unbroadcast(a, m)\nb_y = b_t * 2.0",
     "b_t = unbroadcast(a, m)\nb_y = b_t * -2.0"),
    ("b_t = -unbroadcast(a, m)\nb_y = 0.5 * b_t * c",
     "b_t = unbroadcast(a, m)\nb_y = -0.5 * b_t * c"),
    ("b_t = -unbroadcast(a, m)\nb_y = c + b_t * a",
     "b_t = unbroadcast(a, m)\nb_y = c - b_t * a"),
    ("b_y = a * c\nb_t = -unbroadcast(a, m)\nb_y += b_t",
     "b_y = a * c\nb_t = unbroadcast(a, m)\nb_y -= b_t"),
])
def test_a_negation_goes_to_its_one_reader(body, expected):
    assert _opt(body) == expected


@pytest.mark.parametrize("body", [
    "b_t = -unbroadcast(a, m)\nb_y = b_t * c",             # no literal to take the sign
    "b_t = -unbroadcast(a, m)\nb_y = b_t * 2.0 + b_t",     # read twice
    "b_t = -unbroadcast(a, m)\nb_y = b_t * 2.0\nb_t += c\nb_z = b_t * a",  # named again
    "b_t = -unbroadcast(a, m)\nb_y = f(b_t) * 2.0",        # the sign would stay inside f
    "b_t = -unbroadcast(a, m)\nif c:\n    b_y = b_t * 2.0",  # the reader in another block
    "b_t = -unbroadcast(a, m)\nb_y = -b_t",                # b_y = b_t: would share its array
])
def test_a_negation_stays_where_the_reader_cannot_take_it(body):
    out = _opt(body)
    assert "b_t = -unbroadcast(a, m)" in out, out


def subtract_scaled(x, y):
    v = np.concatenate((x, y))
    w = np.concatenate((y, x))  # (a shape the compiler does not know: unbroadcast stays)
    return np.sum(np.sin(v - 2.0 * w))


ARGS = (np.array([0.3, -1.2, 0.7]), np.array([1.5, 0.2]))


@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}])
def test_the_adjoint_of_a_scaled_subtraction_scales_once(options):
    """``-unbroadcast(b_sub, mul)`` then ``* 2.0`` was two passes over the gradient."""
    g = sd.grad(subtract_scaled, (0, 1), **options)(*ARGS)
    for k in range(2):
        assert_close(g[k], numeric_grad(subtract_scaled, ARGS, k))
    if not options:
        for args in (ARGS, None):
            src = sd.source(subtract_scaled, (0, 1), args=args)
            assert "-unbroadcast(" not in src and ", -2.0)" in src, src


def test_extreme_grad_with_a_uniform_gradient_is_the_product_exactly():
    """extreme_grad's product of the hits with a gradient every entry of which is one value
    (``spread``'s broadcast view) is ``hit * g`` bit for bit: 1.0, another value, -0.0
    (signed zeros), infinity and NaN (0 * inf); with keepdims; a non-uniform ``g`` too."""
    rng = np.random.default_rng(1)
    x = rng.standard_normal((7, 5))
    for axis, keepdims in ((1, False), (0, False), (1, True)):
        top = np.min(x, axis=axis, keepdims=keepdims)
        hit = x == (top if keepdims else np.expand_dims(top, axis))
        for v in (1.0, -2.5, -0.0, np.inf, np.nan, 3.0):
            g = np.broadcast_to(np.float64(v), top.shape)  # (spread's view of a big one)
            if v == 3.0:
                g = rng.standard_normal(top.shape)
            with np.errstate(invalid="ignore"):
                want = hit * (g if keepdims else np.expand_dims(g, axis))
                got = extreme_grad(g, x, top, axis, keepdims)
            assert got.shape == want.shape and got.dtype == want.dtype
            assert np.array_equal(got, want, equal_nan=True)
            assert np.array_equal(np.signbit(got), np.signbit(want))
            assert got.flags.writeable and got.base is None  # a new array (_FRESH_HELPERS)


def nearest(c, p):
    d2 = np.sum(p * p, axis=1)[:, None] - 2.0 * (p @ c.T) + np.sum(c * c, axis=1)[None, :]
    return 0.5 * np.sum(np.min(d2, axis=1)) + np.sum(np.max(d2, axis=1)) + np.max(d2[0])


@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}])
@pytest.mark.parametrize("n", [30, 5000])
def test_kmeans_like_gradient_against_differences(options, n):
    """n = 5000: the gradients of the min and the max over each row are spread's
    broadcast views of 0.5 and 1.0 (over 5000 entries: extreme_grad's uniform case)."""
    rng = np.random.default_rng(3)
    args = (rng.random((4, 3)), rng.random((n, 3)))
    assert n == 30 or not any(spread(0.5, np.zeros(n)).strides)
    assert_close(sd.grad(nearest, **options)(*args), numeric_grad(nearest, args, 0))


def accumulated(x, y):
    v = np.concatenate((x, y))  # (its shape is not known: its gradient is summed in place)
    w = -v
    w += v * v
    return np.sum(np.sin(v) * np.cos(v)) + np.sum(w * v)


@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}])
def test_gradients_of_unknown_shapes_accumulate_in_place(options):
    """Every contribution to ``b_v`` has ``v``'s shape (unbroadcast stays where the facts do
    not prove it), so an owned buffer takes them in place even where the compiler does not
    know ``v``'s shape; a negated term is subtracted (``b_v -= b_w``, not ``+= -b_w``)."""
    g = sd.grad(accumulated, (0, 1), **options)(*ARGS)
    for k in range(2):
        assert_close(g[k], numeric_grad(accumulated, ARGS, k))
    if not options:
        src = sd.source(accumulated, (0, 1), args=ARGS)
        assert src.count("b_v += ") == 2 and src.count("b_v -= ") == 2, src
        assert "b_v = b_v" not in src and "-b_w" not in src and "-b_cos" not in src


@pytest.mark.parametrize("body, expected", [
    # t = -u; t += F folds into t = F - u (as t = -u; t = t + F did): one pass fewer
    ("b_t = -a\nb_t += unbroadcast(c, m)\nb_y = b_t * c",
     "b_t = unbroadcast(c, m) - a\nb_y = b_t * c"),
    ("b_t = -a\nb_y = b_t * c\nb_t += m\nb_y = b_y + b_t", "b_t = -a\nb_y = b_t * c\nb_t += m\n"
     "b_y = b_y + b_t"),  # read before the update: stays
    ("b_t = a * c\nb_t += m\nb_y = b_t * c", "b_t = a * c\nb_t += m\nb_y = b_t * c"),  # no sign
    ("b_y = a * c\nb_y += -m * c", "b_y = a * c\nb_y -= m * c"),
    ("b_y = a * c\nb_y -= -(-m)", "b_y = a * c\nb_y -= m"),
    ("b_y = a * c\nb_y *= -m", "b_y = a * c\nb_y *= -m"),
])
def test_negations_and_augmented_updates(body, expected):
    assert _opt(body) == expected
