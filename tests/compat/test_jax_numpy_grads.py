"""JAX's numpy gradient tables (lax_numpy_test, lax_numpy_reducers_test, lax_autodiff_test).

The records (tests/support/jax_numpy_corpus.py, jax_numpy_reductions.py,
jax_numpy_structural.py) are swept over their shapes and input ranges; each function is
written as a user would (``np.sum(op(x, y) * w)`` with a fixed random ``w``) and checked
through ``sd.grad``, ``sd.grad(optimize=False)``, ``sd.jvp`` and, where the record asks for
second order, ``sd.hvp`` (tests/support/jax_numpy_check.py), against central differences
or a closed form; the elementwise records also with ``backend="numba"`` at one shape.
Every answer is right or a refusal listed below with its reason; a wrong answer or
another exception fails, and so does a listed refusal that stops happening.
"""

import math
from collections import Counter

import numpy as np
import pytest

import jax_numpy_check as jk
import jax_numpy_corpus as jc
import jax_numpy_reductions as jr
import jax_numpy_structural as js
import srcdiff as sd

# case-name prefix -> words of the refusal. Every one is a refusal with a reason, not a
# wrong answer.
NO_RULE = "no gradient rule for op"
NO_DERIVATIVE = "no derivative rule for op"
REFUSED = {
    # np.i0's derivative is i1, which NumPy lacks (scipy.special.i1e has a rule)
    "i0[": (NO_RULE, NO_DERIVATIVE),
    # nextafter is a step of one ulp: JAX gives it no derivative either
    "nextafter[": (NO_RULE, NO_DERIVATIVE),
}

TALLY = Counter()  # (mode, outcome) -> count


def _refusal_words(name, refused=None):
    for prefix, words in (REFUSED if refused is None else refused).items():
        if name.startswith(prefix):
            return words
    return None


def sweep(cases, modes=jk.MODES, refused=None):
    """Every case in every mode: nothing wrong, nothing crashed, refusals only as listed."""
    bad, unlisted, refused_names = [], [], set()
    for case in cases:
        for mode in modes:
            if mode == "hvp" and case.order < 2:
                continue
            kind, msg = jk.outcome(case, mode)
            TALLY[(mode, kind)] += 1
            if kind in ("wrong", "crash"):
                bad.append(f"{case.name} ({mode}): {kind}: {msg}")
            elif kind == "refused":
                words = _refusal_words(case.name, refused)
                if words is None or not any(w in msg for w in words):
                    unlisted.append(f"{case.name} ({mode}) newly refused: {msg}")
                refused_names.add(case.name)
    assert not bad, "\n".join(bad[:10])
    assert not unlisted, "\n".join(unlisted[:10])
    return refused_names


# ------------------------------------------------------------------ elementwise records


@pytest.mark.parametrize("record", jc.ELEMENTWISE, ids=lambda r: r.name)
def test_elementwise_record(record):
    cases = jc.elementwise_cases(record)
    refused = sweep(cases)
    if _refusal_words(record.name + "[") is not None:
        assert refused == {c.name for c in cases}, f"{record.name} is no longer refused"


@pytest.mark.parametrize("special", jc.SPECIAL_VALUES, ids=lambda s: s[0])
def test_special_value(special):
    assert not sweep(jc.special_value_cases(*special))


def test_ldexp_and_frexp():
    assert not sweep(jc.ldexp_cases())


def _sinc(x):
    return np.sinc(x)


SINC_DERIVATIVES = {  # order -> the ways srcdiff takes that derivative of sinc at a point
    1: (lambda x: sd.grad(_sinc)(x), lambda x: sd.jvp(_sinc)(x, tangents=1.0)[1]),
    2: (lambda x: sd.grad(sd.grad(_sinc))(x), lambda x: sd.hvp(_sinc)(x, vector=1.0)),
}


@pytest.mark.parametrize("order", [1, 2])
def test_sinc_derivatives_at_zero(order):
    """testSincAtZero: reverse, forward, reverse-over-reverse and hvp against the closed
    form at 0 (where differences lose every digit), and against differences at 1e-3."""
    for derivative in SINC_DERIVATIVES[order]:
        assert math.isclose(float(derivative(0.0)), jc.SINC_AT_ZERO[order], abs_tol=1e-9)
        assert math.isclose(float(derivative(1e-3)), _sinc_derivative_fd(order, 1e-3),
                            rel_tol=1e-4, abs_tol=1e-6)


def _sinc_derivative_fd(order, x, h=1e-3):
    if order == 1:
        return (np.sinc(x + h) - np.sinc(x - h)) / (2 * h)
    return (np.sinc(x + h) - 2 * np.sinc(x) + np.sinc(x - h)) / h ** 2


# ------------------------------------------------------------------ reductions


@pytest.mark.parametrize("name", list(jr.REDUCERS))
def test_reducer_every_axis(name):
    assert not sweep(jr.reducer_cases(name))


@pytest.mark.parametrize("name", jr.WITH_INITIAL + jr.WITH_WHERE_ONLY)
def test_reducer_initial_and_where(name):
    assert not sweep(jr.option_cases(name))


def test_var_std_ddof_and_given_mean():
    assert not sweep(jr.moment_cases())


def test_cumulative_reductions():
    """cumsum, cumprod, reversed; np.cumulative_sum/prod with include_initial (srcdiff's
    definitions in rules/composites.py)."""
    assert not sweep(jr.cumulative_cases())


@pytest.mark.parametrize("case", jr.out_of_range_axis_cases(), ids=lambda c: c[0])
def test_out_of_range_axis_is_refused_or_raised_as_numpy_does(case):
    """testReductionOfOutOfBoundsAxis: never a gradient; the call's own error or a refusal."""
    _, fn, x = case
    with pytest.raises(Exception) as primal:
        fn(x, 1.0)
    for differentiate in (sd.grad(fn), sd.grad(fn, optimize=False)):
        with pytest.raises((sd.SrcdiffError, type(primal.value))):
            differentiate(x, 1.0)
    with pytest.raises((sd.SrcdiffError, type(primal.value))):
        sd.jvp(fn)(x, 1.0, tangents=np.ones_like(x))


# ------------------------------------------------------------------ lax_autodiff structure


@pytest.mark.parametrize("case", js.structural_cases(), ids=lambda c: c.name)
def test_structural(case):
    assert not sweep([case])


# ------------------------------------------------------------------ numba backend

# the numba backend refuses a function whose gradient calls something numba has no
# compiled version of (np.exp and np.tanh through a closure's `op`, np.logaddexp ...) or
# cannot type (heaviside's mask product): refusals, never a wrong answer
NUMBA_WORDS = ("the numba backend has no compiled version", "numba cannot compile")


@pytest.mark.parametrize("record", jc.ELEMENTWISE, ids=lambda r: r.name)
def test_elementwise_under_numba(record):
    """Every elementwise record compiled with numba at one shape (pair): right or refused."""
    pytest.importorskip("numba")
    cases = [c for c in jc.elementwise_cases(record)
             if c.name.endswith(("[(3,4)]", "[(4)x(3,4)]", "[(3,4)x(3,4)]"))]
    assert cases
    listed = _refusal_words(record.name + "[") or ()
    sweep(cases, modes=("numba",), refused={record.name + "[": NUMBA_WORDS + tuple(listed)})


def test_refusal_list_names_records():
    names = {r.name for r in jc.ELEMENTWISE} | set(jr.REDUCERS)
    assert {p.rstrip("[") for p in REFUSED} <= names
