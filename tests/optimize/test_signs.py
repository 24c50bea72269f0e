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


def _opt(body, gradients=("b_t", "b_y", "b_z"), keep=("b_y",)):
    fn = S.stmts("def f(a, m, c):\n" + "".join("    " + ln + "\n" for ln in body.splitlines())
                 + "    return b_y\n")[0]
    out = S.to_source(O.optimize(fn, keep=set(keep), gradients=set(gradients)))
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


G = ("b_t", "b_u", "b_y", "b_z")  # (kept: the chain's temporaries are not folded together)


@pytest.mark.parametrize("body, expected", [
    # the sign passes through a product of the gradient (b_u = b_t * a, linear in b_t)
    # to the reader that takes it: here both arms of a first contribution
    ("b_t = -a * m / c\nb_u = b_t * c\nb_y = -b_u if b_y is None else b_y + -b_u",
     "b_t = a * m / c\nb_u = b_t * c\nb_y = b_u if b_y is None else b_y + b_u"),
    ("b_t = -a * m\nb_u = c * b_t\nb_y = 2.0 * b_u",
     "b_t = a * m\nb_u = c * b_t\nb_y = -2.0 * b_u"),
    ("b_t = -unbroadcast(a, m)\nb_u = b_t * c\nb_y = b_u * 2.0",
     "b_t = unbroadcast(a, m)\nb_u = b_t * c\nb_y = b_u * -2.0"),
    # a negation of a name (not a new array): an arm that would become the name keeps it
    ("b_t = -unbroadcast(a, m)\nb_y = -b_t if b_y is None else b_y + -b_t",
     "b_t = -unbroadcast(a, m)\nb_y = -b_t if b_y is None else b_y - b_t"),
])
def test_a_negation_passes_through_products_to_a_reader(body, expected):
    assert _opt(body, G, keep=G) == expected


@pytest.mark.parametrize("body", [
    "b_t = -a * m\nb_u = c / b_t\nb_y = 2.0 * b_u",           # not linear in b_t
    "b_t = -a * m\nb_u = b_t * c\nb_y = 2.0 * b_u\nb_y += b_u * a",  # b_u read twice
    "b_t = -a * m\nb_u = b_t * c + a\nb_y = 2.0 * b_u",       # a sum: not a product of b_t
    "b_t = -a * m\nb_u = b_t * c\nb_y = b_u * c",             # no place for the sign
    "b_t = -a * m\nb_u = b_t * b_t\nb_y = 2.0 * b_u",         # b_t twice in the link
    "b_t = -a * m\nb_u = b_t * c\nb_y = -b_u if b_u is None else b_y + -b_u",  # in the test
])
def test_a_negation_stays_where_no_product_chain_carries_it(body):
    out = _opt(body, G, keep=G)
    assert "b_t = -a * m" in out, out


def _sigmoid(x):  # (a scaled logistic: `1.0 / (1.0 + ...)` is one primitive, logistic.py)
    return 1.0 / (0.5 + np.exp(-x))


def gates(w, x):
    return np.sum(_sigmoid(x * w[:3]) * np.tanh(_sigmoid(w[3:] - x)))


@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}])
def test_the_sigmoid_adjoint_has_no_cancelling_negations(options):
    """``1 / (0.5 + exp(-x))``: the quotient's adjoint ``-g * div / add`` and the negation's
    ``b_x = -b_neg`` cancel; the sign is dropped at both ends (lstm's gates before the
    logistic was one primitive)."""
    rng = np.random.default_rng(5)
    args = (rng.standard_normal(6), rng.standard_normal(3))
    for k in range(2):
        assert_close(sd.grad(gates, k, **options)(*args), numeric_grad(gates, args, k))
    if not options:
        src = sd.source(gates, (0, 1), args=args)
        assert "-grad_ys" not in src and "-b_neg" not in src, src
        assert "b_x = b_neg if b_x is None else b_x + b_neg" in src, src


@pytest.mark.parametrize("body, expected", [
    # negative binomial's b_log1 = -y: the sign carried through the carrier's accumulation
    # (b_u -= m holds -(T + m)), a product, to a matrix product's augmented update
    ("b_t = -a * m\nb_u = b_t / c\nb_u += m\nb_z = b_u * c\nb_y += m.T @ b_z",
     "b_t = a * m\nb_u = b_t / c\nb_u -= m\nb_z = b_u * c\nb_y -= m.T @ b_z"),
    ("b_t = -a * m\nb_t -= c\nb_y += b_t @ m", "b_t = a * m\nb_t += c\nb_y -= b_t @ m"),
    # a matrix product as a link: linear in b_t
    ("b_t = -a * m\nb_u = m @ b_t\nb_u += c\nb_y = 2.0 * b_u",
     "b_t = a * m\nb_u = m @ b_t\nb_u -= c\nb_y = -2.0 * b_u"),
])
def test_a_negation_is_carried_through_accumulations_and_matrix_products(body, expected):
    assert _opt(body, G, keep=G) == expected


@pytest.mark.parametrize("body", [
    # b_t = a would make b_u the caller's a, and b_u += c would change a in place
    "b_t = -a\nb_u = b_t\nb_u += c\nb_y = 2.0 * b_u",
    "b_t = -a * m\nb_u = b_t / c\nb_u += b_u * m\nb_y += m.T @ b_u",  # reads itself
    "b_t = -a * m\nb_u = b_t / c\nif c:\n    b_u += m\nb_y += m.T @ b_u",  # in a branch
    "b_t = -a * m\nb_u = b_t / c\nb_u += m\nb_z = b_u * c\nb_y += m.T @ b_z\nb_y += b_u",
    "b_t = -a * m\nb_u = b_t / c\nb_u += m\nb_z = b_u * c\nb_y = m.T @ b_z",  # no place
    "b_t = -a * m\nb_u = b_t / c\nb_u *= m\nb_y += m.T @ b_u",  # not an accumulation
])
def test_a_negation_stays_where_an_accumulation_cannot_carry_it(body):
    out = _opt(body, G, keep=G)
    assert out.startswith("b_t = -a"), out


def negbin_like(beta, X, y):
    mu = np.exp(X @ beta)
    return -np.sum(y * np.log(mu / (1.0 + mu))) + 0.5 * np.sum(beta ** 2)


@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}])
def test_a_sign_carried_to_a_matrix_product_against_differences(options):
    """Negative binomial's shape: ``b_log = -y`` is carried through ``b_mu``'s ``+=`` and
    ``X.T @ b_matmul`` to ``b_beta -= ...`` (one pass over the array fewer)."""
    rng = np.random.default_rng(7)
    args = (0.3 * rng.standard_normal(3), rng.standard_normal((6, 3)), rng.poisson(2.0, 6) * 1.0)
    g = sd.grad(negbin_like, 0, **options)
    assert_close(g(*args), numeric_grad(negbin_like, args, 0))
    if not options:
        assert np.array_equal(g(*args), g(*args, grad_ys=1.0))  # (the seeded one: bit for bit)
        src = g.__srcdiff_transform__.compiled(list(args)).one.source  # (api/seeded.py)
        assert "b_beta -= X.T @ " in src and "= -y" not in src, src
