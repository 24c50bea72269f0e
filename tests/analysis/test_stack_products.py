"""Shape patterns of products of stacks of matrices and of ``np.swapaxes`` (activity.py,
patterns.py): ``(B, T, D) @ (D,)`` has pattern ``(B, T)`` (the vector's axis contracted
away; it was given three axes, one too many), ``x @ y`` for stacks has the stacks'
broadcast axes and ``(x[-2], y[-1])``, and ``np.swapaxes(x, a, b)`` swaps two entries
(it was unknown, so a whole self-attention block lost its shapes after ``Q @ K^T``).

With the shapes known, the matmul rule is inlined for the ranks at hand (only the
gradients that are needed, no ``vjp_matmul`` call computing the other operand's too) and
unbroadcasts between equal shapes are dropped. Checked: each pattern against the shapes
NumPy gives, over random shapes with axes of length 1 (a pattern entry True must be a
length-1 axis, False a longer one); gradients against central differences in every
pipeline; the generated source.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_pipelines as check
from srcdiff.compiler.analysis.activity import analyze
from srcdiff.compiler.analysis.facts import arg_fact
from srcdiff.compiler.analysis.ops import is_user_function
from srcdiff.compiler.analysis.patterns import matmul_pattern, swapped_pattern
from srcdiff.compiler.emit.reserved import RESERVED
from srcdiff.compiler.front.normalize import normalize
from srcdiff.compiler.front.parse import parse_function
from srcdiff.rules import DEFAULT


def stacks(x, w, r, s):
    a = x @ w
    b = a @ r
    c = np.swapaxes(a, -1, -2)
    d = a @ c
    e = r @ c
    f = s @ a
    g = np.swapaxes(s, 0, -1)
    h = np.matmul(c, d)
    k = d @ b[..., None]
    return a, b, c, d, e, f, g, h, k


NAMES = "abcdefghk"


def _patterns(args):
    parsed = parse_function(stacks)
    anf, _ = normalize(parsed, RESERVED, set())
    facts = dict(zip("xwrs", (arg_fact(v) for v in args)))
    return analyze(anf, parsed, DEFAULT, is_user_function, list("xwrs"), (), facts).shapes


def _agrees(pattern, shape):
    return pattern is None or (len(pattern) == len(shape) and all(
        p is None or p == (n == 1) for p, n in zip(pattern, shape)))


def test_patterns_agree_with_numpy_over_random_shapes():
    rng = np.random.default_rng(17)
    known = 0
    for _ in range(60):
        b, t, d, m = (int(rng.choice([1, 2, 3])) for _ in range(4))
        lead = tuple(int(rng.choice([1, 2])) for _ in range(int(rng.integers(0, 2))))
        x = rng.standard_normal(lead + (b, t, d))
        args = (x, rng.standard_normal((d, t)), rng.standard_normal(t),
                rng.standard_normal((int(rng.choice([1, 3])), t, t)))
        try:
            values = stacks(*args)
        except ValueError:  # (shapes matmul refuses: not a program)
            continue
        shapes = _patterns(args)
        for name, v in zip(NAMES, values):
            assert _agrees(shapes.get(name), np.shape(v)), (name, shapes.get(name), v.shape)
            known += shapes.get(name) is not None
    assert known > 200  # (the patterns are known, not only never wrong)


def test_pattern_rules():
    f, t = False, True
    assert matmul_pattern((t, f, f), (f,)) == (t, f)
    assert matmul_pattern((f,), (t, f, f)) == (t, f)
    assert matmul_pattern((t, f, f), (f, f, t)) == (f, f, t)  # (stacks broadcast)
    assert matmul_pattern((f, f, f, f), (f, f)) == (f, f, f, f)
    assert matmul_pattern((), (f, f, f)) is None
    assert swapped_pattern((t, f, None), 0, -1) == (None, f, t)
    assert swapped_pattern((t, f), 0, 2) is None


def attention(wq, wk, x, r):
    q = x @ wq
    k = x @ wk
    s = q @ np.swapaxes(k, -1, -2)
    p = np.exp(s - np.max(s, axis=-1, keepdims=True))
    p = p / np.sum(p, axis=-1, keepdims=True)
    h = x + p @ x
    return np.sum((h @ r) ** 2)


def _attention_args(rng, batch=2):
    d = 4
    return (0.5 * rng.standard_normal((d, d)), 0.5 * rng.standard_normal((d, d)),
            rng.standard_normal((batch, 5, d)), rng.standard_normal(d))


@pytest.mark.parametrize("batch", [2, 1])
def test_attention_gradients(batch):
    args = _attention_args(np.random.default_rng(batch), batch)
    src = sd.source(attention, wrt=(0, 1), args=args)
    assert "vjp_matmul" not in src, src  # (the rule inlined for the ranks at hand)
    check(attention, args, (0, 1))
    want = numeric_grad(attention, args, 2)
    assert_close(sd.grad(attention, wrt=2)(*args), want)


def shared_weights(x, w):
    return np.sum(np.sin(x @ w))


def test_one_matrix_for_a_stack():
    """matmul_rhs for a 2-d ``w`` under a stack ``x``: one product of the stacked rows
    (product_rules.py), first and second order, and on a non-contiguous stack."""
    rng = np.random.default_rng(5)
    x, w = rng.standard_normal((3, 4, 5)), rng.standard_normal((5, 2))
    for xs in (x, np.swapaxes(rng.standard_normal((3, 5, 4)), -1, -2)):
        check(shared_weights, (xs, w), (0, 1))
        sd.check_grads(shared_weights, xs, w, modes=("rev", "fwd"), order=2)
