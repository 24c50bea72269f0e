"""Shape patterns of array makers and of reads at index arrays (analysis/makers.py).

A pattern entry True or False claims an axis's length is 1 or is not; a wrong claim would
let the reverse sweep leave out a sum over a broadcast axis (a wrong gradient). Each name's
pattern is checked against the array NumPy makes, on values where the claims are tight
(length-1 axes from module constants, a mask with one True entry), and some patterns are
required to be known so that the check is not vacuous."""

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

ONE, FOUR = 1, 4


def makers(X, X3, y, mask, i):
    z1 = np.zeros(FOUR)
    z2 = np.ones((ONE, 3))
    z3 = np.full(ONE, 2.0)
    z4 = np.empty((2, FOUR))
    z5 = np.zeros(shape=(FOUR, ONE))
    e1 = np.eye(FOUR)
    e2 = np.eye(ONE, 3)
    e3 = np.identity(ONE)
    e4 = np.eye(3, M=ONE)
    a1 = np.arange(FOUR)
    a2 = np.arange(3, 4)
    a3 = np.arange(1, 9, 3)
    a4 = np.arange(5, 0, -2)
    a5 = np.arange(ONE, FOUR, 3)
    a6 = np.arange(i)
    a7 = np.arange(0)
    l1 = np.linspace(0.0, 1.0)
    l2 = np.linspace(0.0, 1.0, ONE)
    l3 = np.linspace(0, 1, num=FOUR)
    l4 = np.linspace(2.0, 3.0, 1, endpoint=False)
    r1 = X[np.arange(3), y]
    r2 = X[np.arange(ONE), mask]
    r3 = X[0, y]
    ix = np.arange(2)
    r4 = X[:, ix]
    r5 = X3[ix, :, ix]
    r6 = X[ix]
    r7 = X[a5, ix]
    r8 = X3[0, a5, ix]
    r9 = X3[:, a5, 1]
    r10 = X[1, mask]
    r11 = X[ix, mask]
    # lengths read from shapes (makers.shape_entries: ints, lengths unknown)
    rows, cols = X.shape
    s1 = np.zeros(X.shape[0])
    s2 = np.eye(cols)
    s3 = np.ones((X3.shape[1], 2))
    s4 = np.arange(rows)
    s5 = np.zeros(X[0].shape)
    return (z1, z2, z3, z4, z5, e1, e2, e3, e4, a1, a2, a3, a4, a5, a6, a7, l1, l2, l3, l4,
            r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, s1, s2, s3, s4, s5)


NAMES = ("z1 z2 z3 z4 z5 e1 e2 e3 e4 a1 a2 a3 a4 a5 a6 a7 l1 l2 l3 l4 "
         "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 s1 s2 s3 s4 s5").split()
ARGS = (np.ones((3, 4)), np.ones((2, 3, 4)), np.array([2, 0, 1]),
        np.array([False, True, False, False]), 3)


def _patterns():
    parsed = parse_function(makers)
    anf, _ = normalize(parsed, RESERVED, set())
    facts = {n: arg_fact(v) for n, v in zip(("X", "X3", "y", "mask", "i"), ARGS)}
    a = analyze(anf, parsed, DEFAULT, is_user_function, ["X"], (), facts)
    return {n: a.shapes.get(n) for n in NAMES}


def test_every_claim_holds():
    patterns = _patterns()
    for name, value in zip(NAMES, makers(*ARGS)):
        p = patterns[name]
        if p is None:
            continue
        assert len(p) == value.ndim, (name, p, value.shape)
        for d, n in zip(p, value.shape):
            assert d is None or d == (n == 1), (name, p, value.shape)


def test_the_claims_are_made():
    p = _patterns()
    assert p["z1"] == (False,) and p["z2"] == (True, False) and p["z3"] == (True,)
    assert p["z5"] == (False, True) and p["e2"] == (True, False) and p["e3"] == (True, True)
    assert p["e4"] == (False, True)
    assert p["a1"] == (False,) and p["a2"] == (True,) and p["a3"] == (False,)
    assert p["a5"] == (True,) and p["a6"] == (None,) and p["a7"] == (False,)
    assert p["l1"] == (False,) and p["l2"] == (True,) and p["l4"] == (True,)
    # index arrays: an np.arange's length decides; an argument's int array may be a mask
    assert p["r1"] == (False,) and p["r2"] == (None,) and p["r3"] == (None,)
    assert p["r4"] == (False, False) and p["r6"] == (False, False)
    assert p["r5"] == (False, False)  # (apart: the index arrays' axis first)
    assert p["r7"] == (False,) and p["r8"] == (False,) and p["r9"] == (False, True)
    assert p["r10"] == (None,) and p["r11"] == (False,)
    assert p["s1"] == (None,) and p["s2"] == (None, None) and p["s3"] == (None, False)
    assert p["s4"] == (None,)


# --------------------------------------------------------------- gradients (central differences)

N_ROWS = 5


def cross_entropy(W, X, y):
    logits = X @ W
    m = np.max(logits, axis=1, keepdims=True)
    lse = np.log(np.sum(np.exp(logits - m), axis=1)) + m[:, 0]
    return np.mean(lse - logits[np.arange(N_ROWS), y]) + 0.1 * np.sum(W ** 2)


def one_row_against_many(x, mask, v):
    t = x[np.arange(ONE), mask]  # one entry: broadcast against v's four
    return np.sum(np.sin(t) * 0.5) + np.mean(v - t)


def mask_beside_arange(x, mask):
    t = x[np.arange(FOUR), mask]  # (4,) whatever the mask's count (1 here)
    return np.mean(t * t) + np.sum(t[1:])


def repeated_positions(x, y):
    t = x[np.arange(3) * 0, y]  # positions repeat: the scatter adds them up
    return np.mean(np.tanh(t)) + np.sum(t)


def apart(x3):
    ix = np.arange(2)
    t = x3[ix, :, ix]  # (2, 3): the index arrays' axis first
    return np.mean(t - np.sum(t, axis=0)) + np.sum(t * np.linspace(0.0, 1.0, 3))


def from_shapes(X, v):
    n, d = X.shape
    A = X.T @ X + 0.5 * np.eye(d)        # (1, 1) here: eye's length is not claimed
    z = np.zeros(X.shape[0]) + np.sum(v)  # (n,) broadcast against v's (3,) below
    w = np.linalg.solve(A, X.T @ np.tanh(z))
    return np.sum(w * v) + np.sum(np.arange(n) * z) / n


_r = np.random.default_rng(3)
CASES = [
    (cross_entropy, 0, (_r.normal(size=(3, 4)), _r.normal(size=(N_ROWS, 3)),
                        np.array([1, 3, 0, 3, 2]))),
    (one_row_against_many, 0, (_r.normal(size=(1, 3)), np.array([False, True, False]),
                               _r.normal(size=4))),
    (mask_beside_arange, 0, (_r.normal(size=(4, 3)), np.array([False, False, True]))),
    (repeated_positions, 0, (_r.normal(size=(3, 4)), np.array([1, 1, 3]))),
    (apart, 0, (_r.normal(size=(2, 3, 2)),)),
    (from_shapes, 0, (_r.normal(size=(4, 1)), _r.normal(size=3))),
    (from_shapes, 1, (_r.normal(size=(1, 1)), _r.normal(size=3))),
]


@pytest.mark.parametrize("f, wrt, args", CASES, ids=[f"{c[0].__name__}-{c[1]}" for c in CASES])
@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}],
                         ids=["default", "reference", "verify"])
def test_gradients(f, wrt, args, options):
    want = numeric_grad(f, args, wrt)
    assert_close(sd.grad(f, wrt, **options)(*args), want)
    value, g = sd.value_and_grad(f, wrt, **options)(*args)
    assert_close(g, want)
    assert value == pytest.approx(f(*args))


def test_the_mean_is_scattered_as_a_scalar():
    # the picked logits' gradient is the mean's scalar: no spread of it before the scatter
    text = sd.source(cross_entropy, wrt=0, args=CASES[0][2])
    assert "index_add(None, logits, (arange, y), b_logits_i, True)" in text
    assert "spread(" not in text


# ------------------------------------------- distinct positions: index_add(..., True)
# (makers.distinct_positions: a plain `b[index] += g` instead of np.add.at, which is right
# only when no position repeats)

def ascending_rows(x, y):
    return np.sum(np.sin(x[np.arange(3), y]) * np.arange(1.0, 4.0))


def one_row_repeated(x, y):
    t = x[np.arange(1), y]  # (1,) broadcast against y's (3,): (0, y[j]) repeats
    return np.sum(np.sin(t) * np.arange(1.0, 4.0))


def negative_start(x, y):
    t = x[np.arange(-1, 2), y]  # -1 is the last row: rows 1, 0, 1
    return np.sum(np.sin(t) * np.arange(1.0, 4.0))


def reversed_rows(x, y):
    ix = np.arange(3)
    t = x[ix[::-1], y]  # (a slice of an arange: not proven ascending, none claimed)
    return np.sum(np.sin(t) * np.arange(1.0, 4.0))


def columns_of_every_row(x):
    ix = np.arange(2)
    t = x[:, ix]  # each (row, ix[j]) once
    return np.sum(np.cos(t) * x[:, :2])


_d = np.random.default_rng(17)
DISTINCT = [
    (ascending_rows, (_d.normal(size=(3, 4)), np.array([2, 2, 0])), True),
    (one_row_repeated, (_d.normal(size=(2, 4)), np.array([1, 1, 3])), False),
    (negative_start, (_d.normal(size=(2, 4)), np.array([3, 0, 3])), False),
    (reversed_rows, (_d.normal(size=(3, 4)), np.array([1, 1, 1])), False),
    (columns_of_every_row, (_d.normal(size=(3, 4)),), True),
]


@pytest.mark.parametrize("f, args, claimed", DISTINCT, ids=[c[0].__name__ for c in DISTINCT])
def test_distinct_positions(f, args, claimed):
    text = sd.source(f, wrt=0, args=args)
    scatters = [line for line in text.splitlines() if "index_add(" in line]
    assert scatters and any(line.rstrip().endswith(", True)") for line in scatters) == claimed
    want = numeric_grad(f, args, 0)
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(f, 0, **options)(*args), want)
