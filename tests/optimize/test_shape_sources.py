"""Shape-only reads moved to an operand of the same shape (optimize/shapes.py): the sum
rule's ``spread(g, sub)`` of a loss term ``sub = gammaln(y + r) - gammaln(r)`` kept both
gammaln calls over the data alive for ``sub``'s shape alone; it now reads ``y``'s, and
the terms are dead code. Where the operand's shape may differ (a list, ``@``, two arrays)
or may change (``resize``, a user function's call, a second binding) the read stays."""

import gast
import numpy as np
import pytest
from scipy.special import gammaln

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize.shapes import shape_sources

PIPELINES = ({}, {"verify": True}, {"optimize": False})


def loglik(beta, log_r, y):
    mu = np.exp(beta)
    r = np.exp(log_r)
    ll = gammaln(y + r) - gammaln(r) + y * np.log(mu / (r + mu))
    return -np.sum(ll)


def _args():
    rng = np.random.default_rng(5)
    return 0.3 * rng.standard_normal(7), 0.4, np.arange(7.0)


def _code(src):
    return "\n".join(ln for ln in src.splitlines() if not ln.strip().startswith("#"))


def test_the_loss_term_is_not_computed():
    src = _code(sd.source(loglik, wrt=(0, 1), args=_args()))
    assert "gammaln(add" not in src and "gammaln(y" not in src   # (y + r: the data's)
    # y's shape stands for sub's: read by the sum rule's spread, or (a uniform gradient
    # reaching the scalar gammaln(r): reverse/uniform.py) as the count of its elements
    assert "spread(b_sum1, y)" in src or "size_of(y)" in src


def test_verification_mode_checks_the_shape():
    src = sd.source(loglik, wrt=(0, 1), args=_args(), verify=True)
    # (the moved spread checks y's shape against sub's; the uniform gradient's count reads
    # y's size, whose shape pattern is the output's: reverse/uniform.py)
    assert "verify_shape(y," in src or "* size_of(y)" in src


@pytest.mark.parametrize("options", PIPELINES, ids=("optimized", "verify", "reference"))
def test_gradient_matches_finite_differences(options):
    args = _args()
    got = sd.grad(loglik, wrt=(0, 1), **options)(*args)
    for k, g in zip((0, 1), got):
        assert_close(g, numeric_grad(loglik, args, k))


def _rewrite(source, arrays, scalars=(), known=None):
    fn = gast.parse(source).body[0]
    out = shape_sources(fn, set(scalars), set(arrays), known or {"np.exp": 1})
    return S.to_source(out)


def test_operands_kept_or_moved():
    src = _rewrite("""
def f(a, xs, c):
    v = xs * 2
    w = np.exp(a)
    u = -(w)
    t = w - 1.0
    p = w @ a
    q = w + c
    b1 = spread(g, v)
    b2 = size_of(u)
    b3 = spread(g, t)
    b4 = spread(g, p)
    b5 = spread(g, q)
""", arrays={"a", "w", "u", "t", "p", "q", "c"})
    assert "spread(g, v)" in src           # a list's ``* 2`` repeats it
    assert "size_of(a)" in src and "spread(g, a)" in src
    assert "spread(g, p)" in src           # @ changes the shape
    assert "spread(g, q)" in src           # two arrays broadcast


@pytest.mark.parametrize("extra", ["a.resize(3)", "fwd_h(w)", "w = np.exp(a)", "a = a + 1"])
def test_a_name_that_may_change_keeps_its_read(extra):
    src = _rewrite(f"""
def f(a):
    w = np.exp(a)
    t = w - 1.0
    {extra}
    b = spread(g, t)
""", arrays={"a", "w", "t"})
    assert "spread(g, t)" in src or "spread(g, w)" in src
    assert "spread(g, a)" not in src
