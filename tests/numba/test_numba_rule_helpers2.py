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
from numba_agree import agree
from paths import ROOT

pytest.importorskip("numba")

RNG = np.random.default_rng(44)
X = RNG.normal(size=7)
A = RNG.normal(size=(3, 4))


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
