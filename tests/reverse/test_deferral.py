"""Per-iteration accumulations summed after backward loops
(srcdiff/compiler/reverse/deferral.py), and views ``xs[i]`` recomputed instead of saved
(srcdiff/compiler/analysis/recording.py)."""

import gast
import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.names import NameGen
from srcdiff.compiler.reverse.deferral import defer_accumulations
from srcdiff.errors import SrcdiffError

R = np.random.default_rng(7)


def _backward_loop(src):
    """The lines of the last loop of the generated source (the backward sweep's loop)."""
    lines = src.splitlines()
    starts = [k for k, line in enumerate(lines) if line.lstrip().startswith("for ")]
    k = starts[-1]
    indent = len(lines[k]) - len(lines[k].lstrip())
    body = []
    for line in lines[k + 1:]:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        body.append(line)
    return "\n".join(body)


def _after_loop(src):
    lines = src.splitlines()
    k = max(k for k, line in enumerate(lines) if line.lstrip().startswith("for "))
    loop = _backward_loop(src)
    return "\n".join(lines[k + 1 + len(loop.splitlines()):])


def _check(f, args, wrt):
    g = sd.grad(f, wrt=wrt)(*args)
    g = g if isinstance(g, tuple) else (g,)
    for k, gk in zip(wrt if isinstance(wrt, tuple) else (wrt,), g):
        assert_close(gk, numeric_grad(f, args, k))


# ------------------------------------------------------------------ programs

def oscillator(c, K, q0, v0, n):
    q = q0
    v = v0
    for i in range(n):
        acc = -(q @ K) - c * v - 0.1 * q * q * q
        q = q + 0.05 * v
        v = v + 0.05 * acc
    return np.sum(q * q) + 0.5 * np.sum(v * v)


def rnn(Wx, Wh, b, xs, h0, T):
    h = h0
    for t in range(T):
        h = np.tanh(xs[t] @ Wx + h @ Wh + b)
    return np.mean(h * h)


def growing(W, b, X, n):
    total = 0.0
    for i in range(n):
        h = np.tanh(X[: i + 1] @ W + b)  # i + 1 rows: a different length every iteration
        total = total + np.sum(h * h)
    return total


def ragged(W, b, xs):
    total = 0.0
    for t in range(len(xs)):
        h = np.tanh(xs[t] @ W + b)
        total = total + np.sum(h * h)
    return total


def twice(c, v0, n):
    v = v0
    for i in range(n):
        u = c * v
        v = np.sin(u) + c * u  # b_c gets two terms per iteration
    return np.sum(v * v)


def unknown_rank(c, V, n):
    v = np.squeeze(V)  # a rank the analysis does not know
    for i in range(n):
        v = v + 0.1 * np.sin(c * v)
    return np.sum(v * v)


def broadcasting(c, v0, n):
    v = v0
    for i in range(n):
        v = v + 0.1 * np.sin(c * v)  # c (4,) against v (3, 4)
    return np.sum(v * v)


def rebinds_base(w, xs, n):
    s = 0.0
    for t in range(n):
        x = xs[t]
        xs = xs * 0.5  # xs changes between x = xs[t] and the reader of x
        s = s + np.sum(np.tanh(w * x))
    return s


def stores_into_base(w, xs, n):
    s = 0.0
    for t in range(n):
        x = xs[t]
        y = np.tanh(w * x)
        xs[t] = y  # after the reader: x need not be saved
        s = s + np.sum(y * y)
    return s


def _oscillator_args(n):
    K = 2.0 * np.eye(4) + 0.1 * R.standard_normal((4, 4))
    return (0.5 + R.random(4), K, R.standard_normal(4), 0.5 * R.standard_normal(4), n)


def _rnn_args(T):
    return (R.standard_normal((3, 4)) / 2, 0.5 * R.standard_normal((4, 4)) / 2,
            0.1 * R.standard_normal(4), R.standard_normal((max(T, 1), 2, 3)), np.zeros((2, 4)), T)


# ------------------------------------------------------------------ elementwise products

def test_elementwise_product_is_summed_after_the_loop():
    src = sd.source(oscillator, wrt=(0, 1, 2, 3), args=_oscillator_args(6))
    loop = _backward_loop(src)
    assert "b_c" not in loop and "b_K" not in loop
    assert ".append(" in loop
    after = _after_loop(src)
    assert "b_c += np.sum(" in after and "axis=0" in after


@pytest.mark.parametrize("n", [0, 1, 6])
def test_elementwise_product_gradient(n):
    _check(oscillator, _oscillator_args(n), (0, 1, 2, 3))


def test_zero_iterations_leave_the_sums_out():
    src = sd.source(oscillator, wrt=(0, 1), args=_oscillator_args(0))
    assert "if _" in _after_loop(src)  # guarded: the lists are empty
    g = sd.grad(oscillator, wrt=(0, 1))(*_oscillator_args(0))
    assert np.all(g[0] == 0.0) and np.all(g[1] == 0.0)


def test_accumulator_read_twice_in_the_loop_is_not_deferred():
    args = (0.5 + R.random(4), R.standard_normal(4), 5)
    src = sd.source(twice, wrt=(0, 1), args=args)
    assert "b_c +=" in _backward_loop(src) or "b_c = b_c +" in _backward_loop(src)
    _check(twice, args, (0, 1))


def test_unknown_rank_is_not_deferred():
    args = (0.5 + R.random(4), R.standard_normal((1, 4)), 5)
    src = sd.source(unknown_rank, wrt=(0, 1), args=args)
    assert "b_c" in _backward_loop(src)
    _check(unknown_rank, args, (0, 1))


def test_broadcast_product_gradient():
    args = (0.5 + R.random(4), R.standard_normal((3, 4)), 5)
    _check(broadcasting, args, (0, 1))
    args = (0.5 + R.random((1, 4)), R.standard_normal((3, 4)), 5)
    _check(broadcasting, args, (0, 1))


# ------------------------------------------------------------------ unbroadcast, shared lists

def test_unbroadcast_is_one_reduction_after_the_loop():
    src = sd.source(rnn, wrt=(0, 1, 2), args=_rnn_args(5))
    loop = _backward_loop(src)
    assert "unbroadcast" not in loop and "b_b" not in loop
    # b_add1 feeds three sums: appended to one list, concatenated once
    assert loop.count("append(b_add1)") == 1
    after = _after_loop(src)
    assert after.count("np.concatenate(_b_add1_list)") == 1
    assert "unbroadcast(_b_add1_rows, b)" in after


@pytest.mark.parametrize("T", [0, 1, 5])
def test_unbroadcast_gradient(T):
    _check(rnn, _rnn_args(T), (0, 1, 2))


def test_different_leading_lengths_are_concatenated():
    W, b, X = R.standard_normal((3, 4)) / 2, R.standard_normal(4), R.standard_normal((6, 3))
    src = sd.source(growing, wrt=(0, 1), args=(W, b, X, 6))
    loop = _backward_loop(src)
    assert "unbroadcast" not in loop and "b_W" not in loop
    for n in (0, 1, 6):
        _check(growing, (W, b, X, n), (0, 1))


def test_list_of_different_batch_sizes():
    W, b = R.standard_normal((3, 4)) / 2, R.standard_normal(4)
    xs = [R.standard_normal((k, 3)) for k in (2, 5, 1)]
    _check(ragged, (W, b, xs), (0, 1))
    _check(ragged, (W, b, []), (0, 1))


# ------------------------------------------------------------------ the safety checks themselves

class _Analysis:
    def __init__(self, ranks):
        self.ranks = dict(ranks)
        self.kinds = {v: "array" for v in ranks}

    def op(self, node):
        return None


class _Rev:
    def __init__(self, ranks, adj):
        self.a = _Analysis(ranks)
        self.adj = dict(adj)
        self.names = NameGen()
        self.ever_uniform = set()


def _defer(src, ranks=None):
    ranks = {"c": 1, "v": 1, "u": 1, "b": 1, "g": 2} if ranks is None else ranks
    rev = _Rev(ranks, {"c": "b_c", "u": "b_u", "b": "b_b", "g": "b_g"})
    body = S.stmts(src)
    loop = gast.For(target=S.name("i", store=True), iter=S.expr("range(3)"), body=[],
                    orelse=[], type_comment=None)
    out, pre, post = defer_accumulations(rev, body, loop)
    return S.to_source(gast.Module(body=out + post, type_ignores=[]))


def test_check_defers_a_plain_product():
    assert ".append(" in _defer("b_u = f(v)\nb_c += b_u * v\n")
    assert ".append(" in _defer("b_u = f(v)\nb_c = b_c + b_u * v\n")
    assert ".append(" in _defer("b_g = f(v)\nb_b += unbroadcast(b_g, b)\n")


@pytest.mark.parametrize("src", [
    "b_u = f(v)\nb_c += b_u * v\nb_u += v\n",                  # operand changed in place later
    "b_u = f(v)\nb_c += b_u * v\nb_w = b_u\nb_w += v\n",        # ... through another name
    "b_u = f(v)\nb_c += b_u * v\nb_w = b_u.T\nb_w += v\n",      # ... through a view
    "b_u = f(v)\nb_c += b_u * v\nfill(b_u)\n",                 # ... by a call
    "b_u = f(v)\nb_c += b_u * v\nb_u[0] = 0.0\n",              # ... by an indexed store
    "b_u = f(v)\nb_c += b_u * v\nb_x = b_c\n",                 # the accumulator read again
    "b_c += b_u * v\n",                                       # a gradient from before the loop
    "b_u = f(v)\nb_c += b_u * w\n",                           # w: rank unknown
    "b_u = f(v)\nb_c += b_u * g\n",                           # ranks differ
    "b_u = f(v)\nb_c += b_u * v\nif p:\n    continue\n",       # a jump
    "b_g = f(v)\nb_b += unbroadcast(b_g, c)\n",               # not the accumulator's variable
    "b_u = f(v)\nb_b += unbroadcast(b_u, b)\n",               # rank not larger
])
def test_check_keeps_the_per_iteration_sum(src):
    assert ".append(" not in _defer(src)


def test_rank_zero_products_stay_in_the_loop():
    assert ".append(" not in _defer("b_u = f(v)\nb_c += b_u * v\n",
                                    ranks={"c": 0, "v": 0, "u": 0})


# ------------------------------------------------------------------ recomputed views

def test_int_index_view_is_recomputed_not_saved():
    src = sd.source(rnn, wrt=(0, 1, 2), args=_rnn_args(5))
    assert "xs_i = None" not in src
    assert "_stack.append(xs_i)" not in src
    assert "xs[t]" in _backward_loop(src)
    assert src.count("_stack.append(") == 1  # h only
    assert src.count("_stack.pop()") == 1


def test_view_of_a_rebound_array_is_saved():
    w, xs = R.standard_normal(3), R.standard_normal((4, 3))
    src = sd.source(rebinds_base, wrt=0, args=(w, xs, 4))
    assert "_stack.append(x)" in src
    assert_close(sd.grad(rebinds_base, wrt=0)(w, xs, 4),
                 numeric_grad(rebinds_base, (w, xs, 4), 0))


def test_view_with_a_store_into_its_array():
    w, xs = R.standard_normal(3), R.standard_normal((4, 3))

    def f(w, xs, n):
        return stores_into_base(w, xs.copy(), n)

    try:
        g = sd.grad(stores_into_base, wrt=0)(w, xs.copy(), 4)
    except SrcdiffError:
        return  # refused as an aliased write: never a wrong gradient
    assert_close(g, numeric_grad(f, (w, xs, 4), 0))
