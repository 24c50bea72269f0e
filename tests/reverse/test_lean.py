"""Issue 17, lean gradients: what the generated code no longer computes or copies.

Each case shows the saving in the generated source (or at run time, for lazily computed
parts) and checks the gradient against central differences; the einsum cases also check
the verification pipeline and the unoptimized reference pipeline agree.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
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
