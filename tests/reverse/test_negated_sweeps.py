"""Issue 16 (recursion at depth 400): a negated cotangent passed to a called function's
backward sweep (``t = -b * np.sin(y); b_x = bwd_g(_record_g, t, b_x)``, the adjoint of
``np.cos(g(...))``) loses its negation: the call goes to ``bwd_g_neg``, which computes what
``bwd_g`` does of the negated cotangent (compiler/reverse/negated.py, optimize/signs.py
``_sink_into_calls``). A recursion through ``np.cos`` becomes a pair of functions calling
each other, with ``-=`` into the buffer passed in where the other has ``+=``.

Checked on the generated source, bit for bit against ``bwd_g`` of the negated cotangent,
and against central differences in the optimized, verification and reference pipelines.
"""

import gast
import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.ir.syntax import to_source
from srcdiff.compiler.reverse.negated import negated_sweep


def chain(x, n):
    if n == 0:
        return x
    return np.cos(chain(x, n - 1)) * x


def recursion(x):
    return np.sum(chain(x, 6))


def ping(x, n):
    if n == 0:
        return x
    return np.cos(pong(x, n - 1)) * 0.9


def pong(x, n):
    return np.cos(ping(x, n)) + x


def mutual(x):
    return np.sum(ping(x, 4) ** 2)


def two(a, b, n):
    if n == 0:
        return a * b
    return np.cos(two(a, b, n - 1)) * b - a


def two_gradients(x, w):
    return np.sum(two(x, w, 4))


def rebinding(x, n):
    x = x * 1.5
    if n == 0:
        return x
    return np.cos(rebinding(x, n - 1)) - x


def rebound(x):
    return np.sum(rebinding(x, 3) * x)


def helper(x):
    return np.sin(x) * x


def once(x, w):
    y = helper(x * w)
    return np.sum(np.cos(y) * w)


CASES = [
    (recursion, (np.linspace(0.1, 0.9, 5),)),
    (recursion, (np.linspace(-0.5, 0.7, 6).reshape(2, 3),)),
    (mutual, (np.linspace(0.1, 0.9, 4),)),
    (two_gradients, (np.linspace(0.1, 0.9, 4), np.linspace(0.3, 0.6, 4))),
    (rebound, (np.linspace(0.1, 0.9, 4),)),
    (once, (np.linspace(0.1, 0.9, 4), np.linspace(-0.4, 0.6, 4))),
]


def _compiled(f, args):
    wrt = tuple(range(len(args)))
    return sd.grad(f, wrt).compiled(args)


@pytest.mark.parametrize("f, args", CASES, ids=lambda c: getattr(c, "__name__", ""))
def test_gradients_in_every_pipeline(f, args):
    wrt = tuple(range(len(args)))
    expected = [numeric_grad(f, args, k) for k in wrt]
    reference = sd.grad(f, wrt, optimize=False)(*args)
    for options in ({}, {"verify": True}, {"optimize": False}):
        got = sd.grad(f, wrt, **options)(*args)
        for g, e, r in zip(got, expected, reference):
            assert_close(g, e, rtol=1e-6, atol=1e-8)
            assert_close(g, r, rtol=1e-12, atol=1e-14)


def test_recursion_through_cos_is_a_pair_without_negations():
    x = np.linspace(0.1, 0.9, 5)
    source = _compiled(recursion, (x,)).source
    assert "def bwd_chain_neg(_record, grad_ys, b_x):" in source
    assert "-b_cos" not in source and "-grad_ys" not in source  # no array negated
    bwd = source[source.index("def bwd_chain("):source.index("def bwd_chain_neg(")]
    neg = source[source.index("def bwd_chain_neg("):source.index("def grad_recursion(")]
    assert "b_x += cos * b_retval" in bwd and "b_x = bwd_chain_neg(_record_chain" in bwd
    assert "b_x -= cos * b_retval" in neg and "b_x = bwd_chain(_record_chain" in neg
    assert "b_x -= b_retval" in neg
    # the verification and reference pipelines: the verified code has its pair too, the
    # reference one keeps no records
    assert "bwd_chain_neg" in _verified_source(recursion, (x,))
    assert "bwd_chain_neg" not in sd.grad(recursion, optimize=False).compiled((x,)).source


def _verified_source(f, args):
    return sd.grad(f, tuple(range(len(args))), verify=True).compiled(args).source


@pytest.mark.parametrize("f, args", CASES[:5], ids=lambda c: getattr(c, "__name__", ""))
def test_negated_sweep_is_bwd_of_the_negated_cotangent_bit_for_bit(f, args):
    """Every pair the compilation made: ``bwd_g_neg(r, G, b) == bwd_g(r, -G, b)`` exactly,
    on the records of a real primal sweep and random cotangents and buffers."""
    compiled = _compiled(f, args)
    ns = compiled.namespace
    pairs = [name for name in ns if name.startswith("bwd_") and name + "_neg" in ns]
    assert pairs
    rng = np.random.default_rng(16)
    for name in pairs:
        base = name[len("bwd_"):]
        fwd = ns["fwd_" + base]
        n_params = fwd.__code__.co_argcount
        fwd_args = list(args[:n_params - 1]) + [3] if n_params > len(args) else list(args)
        value, record = fwd(*fwd_args)
        n_into = ns[name].__code__.co_argcount - 2
        for _ in range(3):
            g = rng.normal(size=np.shape(value))
            buffers = [rng.normal(size=np.shape(args[0])) if rng.random() < 0.7 else None
                       for _ in range(n_into)]
            copies = [None if b is None else b.copy() for b in buffers]
            want = ns[name](record, -g, *buffers)
            got = ns[name + "_neg"](record, g, *copies)
            for w, h in zip(want if isinstance(want, tuple) else (want,),
                            got if isinstance(got, tuple) else (got,)):
                assert np.array_equal(w, h)


def test_unmodelled_sweep_gets_the_plain_wrapper():
    """A statement the rewrite does not model (a test reading a gradient) makes
    ``bwd_g_neg`` call ``bwd_g`` of the negated cotangent: correct by definition."""
    tree = gast.parse(
        "def bwd_f(_record, grad_ys, b_x):\n"
        "    x, = _record\n"
        "    b_y = grad_ys * x\n"
        "    if np.sum(b_y) > 0:\n"
        "        b_y = b_y * 2.0\n"
        "    b_x += b_y\n"
        "    return b_x\n")
    node = negated_sweep(tree.body[0], "bwd_f_neg", lambda name: False, None)
    text = to_source(node)
    assert "return bwd_f(_record, -grad_ys, b_x)" in text
    ns = {"np": np}
    exec(to_source(tree.body[0]) + "\n" + text, ns)
    x, g = np.array([0.5, -2.0]), np.array([1.0, 0.25])
    assert np.array_equal(ns["bwd_f_neg"]((x,), g, np.zeros(2)),
                          ns["bwd_f"]((x,), -g, np.zeros(2)))


def test_sweep_rewritten_when_modelled():
    tree = gast.parse(
        "def bwd_f(_record, grad_ys, b_x):\n"
        "    x, w = _record\n"
        "    b_y = unbroadcast(grad_ys * x, w)\n"
        "    b_z = np.sum(b_y) / w\n"
        "    b_x += b_y - b_z\n"
        "    b_w = b_y * 3.0\n"
        "    return b_x, b_w\n")
    node = negated_sweep(tree.body[0], "bwd_f_neg", lambda name: False, None)
    text = to_source(node)
    assert "b_x -= b_y - b_z" in text and "return b_x, -b_w" in text
    from srcdiff.runtime import unbroadcast

    ns = {"np": np, "unbroadcast": unbroadcast}
    exec(to_source(tree.body[0]) + "\n" + text, ns)
    x, w, g = np.array([0.5, -2.0]), np.array([1.5, 0.3]), np.array([1.0, 0.25])
    want = ns["bwd_f"]((x, w), -g, np.ones(2))
    got = ns["bwd_f_neg"]((x, w), g, np.ones(2))
    assert all(np.array_equal(a, b) for a, b in zip(want, got))
