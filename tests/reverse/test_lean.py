"""Issue 17, lean gradients: what the generated code no longer computes or copies.

Each case shows the saving in the generated source (or at run time, for lazily computed
parts) and checks the gradient against central differences; the einsum cases also check
the verification pipeline and the unoptimized reference pipeline agree.
"""

import math
import re

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.analysis.activity import ARRAY, EVERY_ENTRY, INT
from srcdiff.compiler.analysis.facts import arg_fact
from srcdiff.rules import product_rules as P

rng = np.random.default_rng(17)


def code_of(f, wrt, args):
    src = sd.source(f, wrt=wrt, args=args)
    return "\n".join(line for line in src.splitlines() if not line.strip().startswith("#"))


def check(f, args, wrt, **options):
    got = sd.grad(f, wrt=wrt, **options)(*args)
    got = got if isinstance(wrt, tuple) else (got,)
    for w, g in zip(wrt if isinstance(wrt, tuple) else (wrt,), got):
        assert_close(g, numeric_grad(f, args, w))


# ------------------------------------------------------------------ einsum
def conv_like(w, x):
    z = np.einsum("nchw,fc->nfhw", x, w, optimize=True)
    return np.sum(np.tanh(z) ** 2)


def plain_einsum(a, b):
    return np.sum(np.einsum("ij,jk->ik", a, b) ** 2)


def path_einsum(a, b, c):
    path = ["einsum_path", (0, 1), (0, 1)]
    return np.sum(np.sin(np.einsum("ij,jk,kl->il", a, b, c, optimize=path)))


def test_einsum_gradient_keeps_the_users_optimize():
    args = (rng.standard_normal((4, 3)), rng.standard_normal((2, 3, 5, 5)))
    code = code_of(conv_like, 0, args)
    assert "einsum_grads(" in code and ", True)" in code.split("einsum_grads(")[1]
    for options in ({}, {"verify": True}, {"optimize": False}):
        check(conv_like, args, (0, 1), **options)


def test_einsum_gradient_with_an_explicit_path_and_three_operands():
    args = (rng.standard_normal((3, 4)), rng.standard_normal((4, 5)), rng.standard_normal((5, 2)))
    for options in ({}, {"verify": True}, {"optimize": False}):
        check(path_einsum, args, (0, 1, 2), **options)


def test_einsum_gradient_without_optimize_is_unchanged_numerically():
    a, b = rng.standard_normal((70, 80)), rng.standard_normal((80, 60))  # large: path taken
    ga, gb = sd.grad(plain_einsum, wrt=(0, 1))(a, b)
    assert_close(ga, 2 * (a @ b) @ b.T)    # closed form (too many entries to difference)
    assert_close(gb, 2 * a.T @ (a @ b))
    small = (rng.standard_normal((3, 4)), rng.standard_normal((4, 2)))
    check(plain_einsum, small, (0, 1))


@pytest.mark.parametrize("user, arrays, expected", [
    (False, [np.ones(4)], False),
    (None, [np.ones(P.EINSUM_PATH_MIN_SIZE)], True),
    (True, [np.ones(2)], True),
    ("greedy", [np.ones(2)], "greedy"),
    (["einsum_path", (0, 1)], [np.ones(2)], True),
])
def test_einsum_optimize_choice(user, arrays, expected):
    assert P.einsum_optimize(user, arrays) == expected


def test_einsum_parts_are_computed_only_when_read():
    a, b = rng.standard_normal((3, 4)), rng.standard_normal((4, 5))
    g = rng.standard_normal((3, 5))
    parts = P.einsum_grads(g, ("ij,jk->ik", a, b))
    assert list.__getitem__(parts, 1) is P._PENDING
    assert_close(parts[2], a.T @ g)
    assert list.__getitem__(parts, 1) is P._PENDING     # the other operand: never computed
    # every reading gives the eager values
    assert len(parts) == 3 and parts[0] is None
    assert_close(parts[-2], g @ b.T)
    for got, want in zip(list(parts)[1:], (g @ b.T, a.T @ g)):
        assert_close(got, want)
    assert_close(parts[1:][1], a.T @ g)
    interleaved = P.einsum_grads(g, (a, [0, 1], b, [1, 2], [0, 2]))
    assert interleaved[1] is None and interleaved[3] is None
    assert_close(interleaved[2], a.T @ g)


def test_a_pending_einsum_part_refuses_arithmetic():
    with pytest.raises(TypeError):
        P._PENDING + 1.0


# ------------------------------------------------------------------ floats stay floats
def kalman(a, q, ys, n):
    m = 0.0
    P = 1.0
    nll = 0.0
    for t in range(n):
        m = a * m
        P = a * a * P + q
        v = ys[t] - m
        nll = nll + 0.5 * (math.log(2 * math.pi * (P + 0.5)) + v * v / (P + 0.5))
        K = P / (P + 0.5)
        m = m + K * v
        P = (1.0 - K) * P
    return nll


@pytest.mark.parametrize("length", [5, 100])   # per-entry facts, and a long list
def test_a_list_of_floats_keeps_its_entries_floats(length):
    ys = [float(v) for v in rng.standard_normal(length)]
    args = (0.8, 0.3, ys, length)
    code = code_of(kalman, (0, 1), args)
    assert "np.zeros_like" not in code and "unbroadcast(" not in code
    assert "b_m = 0.0" in code
    for options in ({}, {"verify": True}, {"optimize": False}):
        check(kalman, args, (0, 1), **options)


def test_a_mixed_list_gets_no_entry_fact_and_stays_correct():
    ys = [0.3, np.array(0.2), 0.1] * 30
    args = (0.8, 0.3, ys, len(ys))
    assert "np.zeros_like" in code_of(kalman, (0, 1), args)
    check(kalman, args, (0, 1))


@pytest.mark.parametrize("value, every", [
    ([0.5] * 100, (ARRAY, ())), ([1, 2] * 40, (INT, ())), ([0.5, 1] * 40, None),
    ([np.float64(0.5)] * 100, None), ([True] * 100, None), ([0.5, 1.5], (ARRAY, ())),
])
def test_entry_fact_of_a_list(value, every):
    fact = arg_fact(value)
    got = dict(fact[2]).get(EVERY_ENTRY) if len(fact) > 2 and isinstance(fact[2], tuple) \
        else None
    assert got == every


def test_a_module_number_read_in_a_loop_is_not_saved():
    def f(x, n):
        s = 0.0
        for i in range(n):
            c = math.pi
            s = s + c * x * x
            x = x * 0.9
        return s

    code = code_of(f, 0, (0.7, 6))
    assert "_stack.append(c)" not in code and "unbroadcast(" not in code
    for options in ({}, {"verify": True}, {"optimize": False}):
        check(f, (0.7, 6), 0, **options)


# ------------------------------------------------------------------ broadcast reductions
def pairwise(x, y):
    return np.sum(np.sin(x[:, None, :] - y[None, :, :]) ** 2)


def test_a_negated_broadcast_gradient_is_reduced_before_it_is_negated():
    args = (rng.standard_normal((40, 3)), rng.standard_normal((50, 3)))   # 6000 >= 4096
    code = code_of(pairwise, (0, 1), args)
    assert "-unbroadcast(" in code and "unbroadcast(-" not in code
    for options in ({}, {"verify": True}, {"optimize": False}):
        check(pairwise, args, (0, 1), **options)


@pytest.mark.parametrize("gshape, xshape", [
    ((64, 64, 3), (64, 1, 3)), ((64, 64, 3), (1, 64, 3)), ((64, 64, 3), (1, 1, 3)),
    ((8, 64, 64, 3), (64, 1, 1)), ((64, 64, 3), (64, 64, 1)), ((5, 64, 64), (64,)),
    ((64, 128), (1, 128)), ((1, 64, 128), (3, 64, 1)), ((128, 64), (64,)), ((64, 128), (64, 1)),
    ((32, 127), (127,)), ((32, 16), (16,)),
])
def test_unbroadcast_by_einsum_is_the_same_sum(gshape, xshape):
    from srcdiff.runtime import unbroadcast
    x = np.zeros(xshape)
    extra = len(gshape) - x.ndim
    g = rng.standard_normal(gshape)
    for g in (g, np.asfortranarray(g), g[::-1]):   # (C, Fortran and strided layouts)
        if xshape == (3, 64, 1):       # g's first axis broadcasts up to x's (not a reduction)
            want = np.broadcast_to(g.sum(axis=2, keepdims=True), xshape)
        else:
            want = g.sum(axis=tuple(range(extra)))
            axes = tuple(i for i, n in enumerate(xshape) if n == 1 and want.shape[i] != 1)
            want = want.sum(axis=axes, keepdims=True)
        got = unbroadcast(g, x)
        assert got.shape == xshape and type(got) is np.ndarray
        assert_close(got, want, rtol=1e-12, atol=1e-12)


# ------------------------------------------------------------------ Cholesky gradient
def gp_nll(log_ell, X, y):
    d2 = np.sum((X[:, None, :] - X[None, :, :]) ** 2, axis=-1)
    K = np.exp(-0.5 * d2 / np.exp(2 * log_ell)) + 0.1 * np.eye(X.shape[0])
    L = np.linalg.cholesky(K)
    alpha = np.linalg.solve(L.T, np.linalg.solve(L, y))
    return 0.5 * np.dot(y, alpha) + np.sum(np.log(np.diag(L)))


def test_cholesky_gradient_by_one_inversion():
    X = rng.uniform(-2, 2, (12, 2))
    args = (-0.3, X, np.sin(X[:, 0]))
    for options in ({}, {"verify": True}, {"optimize": False}):
        check(gp_nll, args, 0, **options)
    check(gp_nll, args, 1)


def test_congruence_inverse():
    from srcdiff.rules.linalg_rules import _congruence_inverse
    low = np.tril(rng.standard_normal((6, 6))) + 4 * np.eye(6)
    p = np.tril(rng.standard_normal((6, 6)))  # (cholesky_grad's is phi(L^T g): triangular)
    want = np.linalg.solve(low.T, np.linalg.solve(low.T, p).T).T
    assert_close(_congruence_inverse(low, p), want, rtol=1e-12, atol=1e-12)


# ------------------------------------------------------------------ tape traffic
def stencil(u0, nu, steps):
    u = u0
    for t in range(steps):
        un = u.copy()
        un[1:-1] = u[1:-1] - 0.1 * u[1:-1] * (u[1:-1] - u[:-2]) + nu * (u[2:] - 2 * u[1:-1])
        u = un
    return np.sum(u ** 2)


def test_slice_views_are_recomputed_not_saved():
    args = (np.sin(np.linspace(0, 3, 12)), 0.2, 5)
    code = code_of(stencil, (0, 1), args)
    pushed = [ln.strip() for ln in code.splitlines() if "_stack.append(" in ln]
    assert not any("u_i" in ln for ln in pushed), pushed
    # (nor read for their shape: the slices of u have one shape, sameshape.py)
    assert not re.search(r"unbroadcast\([^\n]*u_", code), code
    for options in ({}, {"verify": True}, {"optimize": False}):
        check(stencil, args, (0, 1), **options)


def test_a_slice_view_of_an_array_written_in_place_later_stays_exact():
    def f(x, n):
        u = x.copy()
        s = 0.0
        for t in range(n):
            v = u[1:]
            s = s + np.sum(v * v)
            u[0] = u[0] * 0.5 + s * 0.01
            u = u * 0.9
        return s

    args = (np.array([0.3, -0.2, 0.5, 0.1]), 4)
    for options in ({}, {"verify": True}, {"optimize": False}):
        check(f, args, 0, **options)
