"""Shape patterns of np.linalg.inv, cholesky and solve (patterns.linalg_pattern).

A pattern entry True or False claims an axis's length is 1 or is not; a wrong claim would let
the reverse sweep leave out a sum over a broadcast axis, and a wrong rank would inline the
wrong branch of a rule (a wrong gradient). Each claim is checked against the array NumPy
computes, on shapes where the claims are tight (1 x 1 matrices, a one-column right-hand
side), some are required to be made, and gradients through them are checked against
central differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.analysis.activity import analyze
from srcdiff.compiler.analysis.facts import arg_fact
from srcdiff.compiler.analysis.ops import is_user_function
from srcdiff.compiler.emit.reserved import RESERVED
from srcdiff.compiler.front.normalize import normalize
from srcdiff.compiler.front.parse import parse_function
from srcdiff.rules import DEFAULT


def solves(A, A1, S, b, b1, B, B1):
    i1 = np.linalg.inv(A)
    i2 = np.linalg.inv(A1)
    i3 = np.linalg.inv(S)
    c1 = np.linalg.cholesky(A @ A.T + np.eye(3))
    c2 = np.linalg.cholesky(A1 * A1)
    s1 = np.linalg.solve(A, b)
    s2 = np.linalg.solve(A1, b1)
    s3 = np.linalg.solve(A, B)
    s4 = np.linalg.solve(A, B1)
    s5 = np.linalg.solve(S, B)    # a stack of matrices: not claimed
    s6 = np.linalg.solve(A1, B1[:1, :])
    return i1, i2, i3, c1, c2, s1, s2, s3, s4, s5, s6


NAMES = "i1 i2 i3 c1 c2 s1 s2 s3 s4 s5 s6".split()
_r = np.random.default_rng(5)
ARGS = (_r.normal(size=(3, 3)) + 3 * np.eye(3), np.array([[2.0]]),
        _r.normal(size=(2, 3, 3)) + 3 * np.eye(3), _r.normal(size=3), np.array([0.5]),
        _r.normal(size=(3, 3)), _r.normal(size=(3, 1)))


def _patterns():
    parsed = parse_function(solves)
    anf, _ = normalize(parsed, RESERVED, set())
    facts = {n: arg_fact(v) for n, v in zip(("A", "A1", "S", "b", "b1", "B", "B1"), ARGS)}
    a = analyze(anf, parsed, DEFAULT, is_user_function, ["A"], (), facts)
    return {n: a.shapes.get(n) for n in NAMES}


def test_every_claim_holds():
    patterns = _patterns()
    for name, value in zip(NAMES, solves(*ARGS)):
        p = patterns[name]
        if p is None:
            continue
        assert len(p) == value.ndim, (name, p, value.shape)
        for d, n in zip(p, value.shape):
            assert d is None or d == (n == 1), (name, p, value.shape)


def test_the_claims_are_made():
    p = _patterns()
    assert p["i1"] == (False, False) and p["i2"] == (True, True)
    assert p["i3"] == (False, False, False) and p["c2"] == (True, True)
    assert p["s1"] == (False,) and p["s2"] == (True,) and p["s3"] == (False, False)
    assert p["s4"] == (False, True) and p["s6"] == (None, True)
    assert p["s5"] is None


# --------------------------------------------------------------- gradients (central differences)

def ridge(lam, X, y):
    A = X.T @ X + lam * np.eye(4)
    w = np.linalg.solve(A, X.T @ y)
    return np.sum((X @ w - y) ** 2) + lam * w @ w


def one_column(A, b, V):
    w = np.linalg.solve(A, b)          # (3, 1) against V's (3, 2): a broadcast to undo
    return np.sum(np.tanh(w * V)) + np.sum(np.linalg.inv(A) @ w)


def gp_like(log_sn, K0, y):
    L = np.linalg.cholesky(K0 + np.exp(2 * log_sn) * np.eye(3))
    alpha = np.linalg.solve(L.T, np.linalg.solve(L, y))
    return 0.5 * np.dot(y, alpha) + np.sum(np.log(np.diag(L)))


def scalar_system(a, b):
    return np.sum(np.linalg.solve(a * a + 1.0, b) * np.array([1.0, 2.0]))


_g = np.random.default_rng(11)
_M = _g.normal(size=(3, 3))
CASES = [
    (ridge, (0, 2), (0.5, _g.normal(size=(6, 4)), _g.normal(size=6))),
    (one_column, (0, 1), (_g.normal(size=(3, 3)) + 3 * np.eye(3), _g.normal(size=(3, 1)),
                          _g.normal(size=(3, 2)))),
    (gp_like, (0, 2), (-0.5, _M @ _M.T + np.eye(3), _g.normal(size=3))),
    (scalar_system, (0, 1), (np.array([[1.5]]), np.array([[0.3, -0.7]]))),
]


@pytest.mark.parametrize("f, wrt, args", CASES, ids=[c[0].__name__ for c in CASES])
@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}],
                         ids=["default", "reference", "verify"])
def test_gradients(f, wrt, args, options):
    want = tuple(numeric_grad(f, args, k) for k in wrt)
    assert_close(sd.grad(f, wrt, **options)(*args), want)
    value, g = sd.value_and_grad(f, wrt, **options)(*args)
    assert_close(g, want)
    assert value == pytest.approx(f(*args))


def test_a_solved_vector_inlines_the_product_rules():
    # w's rank is known: `X @ w`'s gradient for w alone, not vjp_matmul's pair
    text = sd.source(ridge, wrt=0, args=CASES[0][2])
    assert "vjp_matmul" not in text and "vjp_solve" not in text
    assert "scalar_seed(" in text
