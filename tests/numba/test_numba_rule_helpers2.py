"""backend="numba": rule helpers numba had no version of (compiler/emit/
numba_rule_helpers2.py, issue 18: refused until session 44), and tuples given to
concat_rows/stack_rows (numba_rule_helpers.py). Checked against the NumPy backend (1e-12
relative) and central finite differences (numba_agree.agree); what stays refused is a
SrcdiffError located at the user's line, never numba's typing error."""

import functools
import os
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close
from numba_agree import agree, refused_where_written
from paths import ROOT

pytest.importorskip("numba")

RNG = np.random.default_rng(44)
X = RNG.normal(size=7)
A = RNG.normal(size=(3, 4))
HERE = os.path.basename(__file__)


# ---------------------------------------------------------------- tuples of operands

def concat_named(x, a):
    # the tuple is bound to a name (``items = ...``), numba_spellings' concat_rows(items)
    return np.sum(np.concatenate((x[:1], a[0], x[-1:] * 2.0)) * np.arange(6.0))


def stacked_numbers(x):
    return np.sum(np.array((x[0], x[1] * x[2], 3.0)) ** 2)


@pytest.mark.parametrize("fn, args, wrt", [(concat_named, (X, A), (0, 1)),
                                           (stacked_numbers, (X,), (0,))],
                         ids=["concat_named", "stacked_numbers"])
def test_tuples_given_to_concat_and_stack(fn, args, wrt):
    # on the parent: "numba cannot compile the gradient: concat_rows(UniTuple(...))"
    agree(fn, args, wrt)


def test_tuple_helpers_are_numpys():
    import numba

    from srcdiff.compiler.emit import numba_rule_helpers  # noqa: F401  (its overloads)
    from srcdiff.compiler.emit.numba_helpers import concat_rows, stack_rows
    cat = numba.njit(lambda t: concat_rows(t))
    stack = numba.njit(lambda t: stack_rows(t))
    for t in ((X, X[::2], A[0]), (A, A[:1] * 3.0), (X, np.arange(3))):
        want = np.concatenate(t)
        got = cat(t)
        assert got.dtype == want.dtype and np.array_equal(got, want)
    for t in ((1.5, 2, -0.25), (1, 2), (X, X[::-1])):
        want = np.array(t)
        got = stack(t)
        assert got.dtype == want.dtype and np.array_equal(got, want)


FUZZ_42_29 = '''import numpy as np


def f(x, y, xs, ys, k):
    s = 0.5 * x
    r = 1.0 + 0.1 * x
    u = np.zeros_like(xs)
    k0 = 0
    while k0 < k:
        k0 += 1
        s = s - 0.1 * s * r * 0.3
    else:
        u = u * 0.1 + (u * np.concatenate((xs[:1], xs[2:] - 2.0 * xs[1:-1] * r + xs[:-2], xs[-1:])))
    return 0.1 * r + -0.3 * s * y
'''


def test_loop_fuzz_seed_42_index_29():
    # (shrunk) the forward sweep computes np.concatenate((...)) of a tuple bound to a name,
    # ``u`` not differentiated: a numba error on the parent ("concat_rows(UniTuple(...))");
    # now compiled, agreeing with finite differences in both modes
    sys.path.insert(0, os.path.join(ROOT, "tests", "property"))
    import fuzz
    args = (-0.32, 0.41, np.array([0.877, -0.384, -0.369, 0.547]),
            np.array([0.271, -0.753, -0.804, 0.295]), 3)
    outcome = fuzz.check_source(FUZZ_42_29, args, (0, 1, 2, 3), grad=functools.partial(
        sd.grad, backend="numba"), jvp=functools.partial(sd.jvp, backend="numba"),
        reference=False)
    assert not outcome.problems, outcome.report()
    assert not outcome.refusals, outcome.report()


# ---------------------------------------------------------------- np.linalg.norm

def norms(x):
    return (np.linalg.norm(x, 1) * 0.5 + np.linalg.norm(x, 3) + np.linalg.norm(x * x, 0.5)
            + np.linalg.norm(x, 2) * np.linalg.norm(x, -np.inf) + np.linalg.norm(x, np.inf)
            + np.linalg.norm(x, -1.5))


def norm_of_zero(x):
    # ans 0: safe is 1.0, the sign 0 (the NumPy helper's numbers: a subgradient, so no
    # finite differences here)
    return np.linalg.norm(x * 0.0, 3) + np.linalg.norm(x * 0.0, 1)


def test_vector_norms():
    agree(norms, (X,), (0,))


def test_norm_ties_and_zeros():
    # np.inf with ties (two entries of the largest magnitude share the gradient), a zero
    # vector: the NumPy helper's numbers exactly
    def tied(x):
        return np.linalg.norm(x, np.inf) * x[3] + np.linalg.norm(x, -np.inf)
    x = np.array([0.5, -2.0, 2.0, 1.0, -0.5])
    for fn in (tied, norm_of_zero):
        got = sd.grad(fn, backend="numba")(x)
        assert np.array_equal(got, sd.grad(fn)(x))


# ---------------------------------------------------------------- np.prod, np.diff, np.take

def products(x, a):
    return np.prod(x) + np.prod(a * x[:4]) * np.prod(np.sin(a))


def prod_at_zero(x):
    return np.prod(x * x) + np.prod(x - x[2])  # (one entry exactly 0)


def diffs(x, a):
    return np.sum(np.diff(x) ** 2) + np.sum(np.diff(x, 2) * x[2:]) + np.sum(np.diff(a) ** 3) \
        + np.sum(np.diff(a * a, 3) * np.cos(a[:, :1]))


def takes(x, a):
    idx = np.array([[0, 2], [-1, 2]])
    return (np.sum(np.take(x, [0, 2, 2, -1]) ** 2) + np.sum(np.take(a, idx) * x[:2])
            + np.sum(np.take(a, [1, 1, 0], axis=0) ** 3) + np.sum(np.take(a, [3, -4], 1) ** 2)
            + np.take(x, 3) * np.take(x, -2))


@pytest.mark.parametrize("fn, args, wrt", [
    (products, (X, A), (0, 1)), (prod_at_zero, (X,), (0,)), (diffs, (X, A), (0, 1)),
    (takes, (X, A), (0, 1))], ids=["products", "prod_at_zero", "diffs", "takes"])
def test_reductions_and_reads(fn, args, wrt):
    agree(fn, args, wrt)


def test_prod_with_zeros_is_numpys():
    # the products of the others, exact where entries are 0 (no division)
    def f(a):
        return np.prod(a)
    a = A.copy()
    a[1, 2] = 0.0
    assert np.array_equal(sd.grad(f, backend="numba")(a), sd.grad(f)(a))
    a[0, 0] = 0.0
    assert np.array_equal(sd.grad(f, backend="numba")(a), sd.grad(f)(a))


def test_helpers_are_the_numpy_helpers():
    import numba

    from srcdiff.compiler.emit import numba_rule_helpers2 as h
    from srcdiff.rules.reduction_rules import diff_grad, prod_grad
    from srcdiff.rules.shape_rules import take_grad
    nb_diff = numba.njit(lambda g, a, n: h.diff_grad(g, a, n, -1, None, None))
    nb_prod = numba.njit(lambda g, a: h.prod_grad(g, 1.0, a, None, False))
    nb_take = numba.njit(lambda g, a, i, ax: h.take_grad(g, a, i, ax, "raise"))
    for a in (X, A, A.T, RNG.normal(size=(2, 3, 5))):
        for n in (0, 1, 2, 3):
            g = RNG.normal(size=np.diff(a, n).shape)
            assert np.array_equal(nb_diff(g, a, n), diff_grad(g, a, n))
        assert np.array_equal(nb_prod(1.7, a), prod_grad(1.7, None, a))
        idx = RNG.integers(-a.shape[0], a.shape[0], size=(2, 3))
        for ax in range(-a.ndim, a.ndim):
            i = RNG.integers(-a.shape[ax], a.shape[ax], size=(2, 3))
            g = RNG.normal(size=np.take(a, i, axis=ax).shape)
            assert np.array_equal(nb_take(g, a, i, ax), take_grad(g, a, i, ax))
        g = RNG.normal(size=idx.shape)
        assert np.array_equal(nb_take(g, a, idx, None), take_grad(g, a, idx, None))


def turned(a):
    return np.sum(np.rot90(a) * np.arange(12.0).reshape(4, 3)) \
        + np.sum(np.rot90(a, 3) ** 2 * np.rot90(a, k=-1))


def turned_3d(b):
    return np.sum(np.rot90(b, 2, (0, 1)) * np.sin(np.rot90(b, -2)))


@pytest.mark.parametrize("fn, args", [(turned, (A,)), (turned_3d, (RNG.normal(size=(2, 3, 4)),))],
                         ids=["turned", "turned_3d"])
def test_rot90(fn, args):
    # the gradient calls np.rot90(g, -k, (0, 1)): numba's np.rot90 takes no axes (on the
    # parent a numba typing error when run: "numba cannot compile the gradient")
    agree(fn, args, (0,))


def test_rot90_is_numpys():
    import numba
    turn = numba.njit(lambda a, k: np.rot90(a, k))
    for a in (A, A.T, RNG.normal(size=(2, 3, 4))):
        for k in range(-5, 7):
            assert np.array_equal(turn(a, k), np.rot90(a, k))


def dots(a, x):
    return np.sum(np.dot(a, x[:4]) ** 2) + np.sum(np.sin(np.dot(x[:3], a)))


def test_dot_of_a_matrix_and_a_vector():
    # dot_lhs/dot_rhs (on the parent: "no compiled version of `dot_lhs`")
    agree(dots, (A, X), (0, 1))


def test_dot_helpers_are_numpys():
    # every pair of ranks 1 and 2, strided operands too: NumPy's helpers' numbers (np.outer
    # exactly; np.dot and tensordot both BLAS, to rounding)
    import numba

    from srcdiff.compiler.emit import numba_rule_helpers2 as h
    from srcdiff.rules import product_rules
    lhs = numba.njit(lambda g, a, b: h.dot_lhs(g, a, b))
    rhs = numba.njit(lambda g, a, b: h.dot_rhs(g, a, b))
    b2 = RNG.normal(size=(2, 4))
    for a, b in ((A, X[:4]), (X[:3], A), (A, b2.T), (A.T[::2], A[:, ::2]), (X[:4], X[3:])):
        g = np.asarray(RNG.normal(size=np.shape(np.dot(a, b))))
        g = float(g) if g.ndim == 0 else g
        assert_close(lhs(g, a, b), product_rules.dot_lhs(g, a, b), rtol=1e-12, atol=1e-14)
        assert_close(rhs(g, a, b), product_rules.dot_rhs(g, a, b), rtol=1e-12, atol=1e-14)


# ---------------------------------------------------------------- what stays refused

def norm_kept(a):  # (along an axis: compiled, tests/numba/test_numba_more_helpers.py)
    return np.sum(np.linalg.norm(a, axis=1, keepdims=True))


def prod_along(a):
    return np.sum(np.prod(a, axis=0))


def diff_along(a):
    return np.sum(np.diff(a, axis=0) ** 2)


def diff_prepended(x):
    return np.sum(np.diff(x, prepend=1.0) ** 2)


def take_wrapped(x):
    return np.sum(np.take(x, [9, -12], mode="wrap") ** 2)


def matrix_norm(a):
    return np.linalg.norm(a, 1)


def turned_other_axes(b):
    return np.sum(np.rot90(b, 1, (1, 2)) ** 2)


@pytest.mark.parametrize("fn, args", [
    (norm_kept, A), (prod_along, A), (diff_along, A), (diff_prepended, X),
    (take_wrapped, X), (matrix_norm, A), (turned_other_axes, RNG.normal(size=(2, 3, 4)))],
    ids=lambda v: getattr(v, "__name__", ""))
def test_refused_where_written(fn, args):
    # an axis numba's forward function does not take, prepend, a mode, a matrix norm: a
    # SrcdiffError at the user's line (generation time; the matrix norm when it runs),
    # never numba's typing error
    refused_where_written(fn, (args,), HERE)
    assert_close(sd.grad(fn)(args), sd.grad(fn)(args))  # (the NumPy backend's: computed)
