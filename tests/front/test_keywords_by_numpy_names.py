"""Calls of functions with gradient rules whose keywords name the function's parameters as
NumPy (Python) does, where the rule names them otherwise: ``np.asarray(a=x)`` (the rule
shares np.array's ``object``), ``pow(base=x, exp=y)`` (the rule is ``x ** y``'s). The
front end passes such keywords by position (front/composite_calls.py
``keywords_by_position``); before, they were refused as keywords the rule does not model.
Checked against central differences in every pipeline, forward mode and second order."""

import numpy as np
import pytest
import scipy.special

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_every_mode

X = np.array([0.3, -1.2, 0.8])


def asarray_by_name(x):
    return np.sum(np.asarray(a=x * 2.0) ** 3) + np.sum(np.asarray(x, dtype=float) * x)


def pow_by_name(x):
    return pow(base=x[0] + 2.0, exp=x[1] * x[2]) + pow(x[2], exp=3.0)


def pow_by_name_in_any_order(x):
    return np.sum(pow(exp=2.5, base=np.exp(x)))


CASES = [asarray_by_name, pow_by_name, pow_by_name_in_any_order]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_keywords_by_the_functions_names_in_every_mode(f):
    check_every_mode(f, X.copy(), hvp=True)


def pow_with_a_modulus(x):
    return pow(base=3, exp=2, mod=x[0])


def test_a_keyword_neither_declares_stays_refused():
    # pow's third argument, a modulus, is not declared by the rule: refused with its line
    with pytest.raises(sd.SrcdiffError, match="pow"):
        sd.grad(pow_with_a_modulus)(X.copy())


def log_expit_of(x):
    return np.sum(scipy.special.log_expit(x * np.array([1.0, 30.0, -40.0])) * x)


def test_log_expit_in_every_mode():
    # d/dt log(expit(t)) = expit(-t): no rule before (refused as a library function
    # without source)
    check_every_mode(log_expit_of, X.copy(), hvp=True)


def test_log_expit_far_out():
    # at t = 800 the derivative is expit(-800) ~ 0, at t = -800 it is 1 (no cancellation)
    g = sd.grad(lambda x: np.sum(scipy.special.log_expit(x)))(np.array([800.0, -800.0, 0.0]))
    assert_close(g, np.array([0.0, 1.0, 0.5]))
    assert_close(g, numeric_grad(lambda x: np.sum(scipy.special.log_expit(x)),
                                 (np.array([800.0, -800.0, 0.0]),), 0))
