# ruff: noqa: F841  (the unused results are the calls' effects under test)
"""A function that changes its argument in place, passed as a value to a call srcdiff does
not follow into: ``itertools.accumulate([a, x], operator.iadd)`` runs ``a += x`` on the
array ``a``. srcdiff saw no write (the call of ``accumulate`` writes nothing itself), so a
later read of ``a`` gave a silently wrong gradient (4 x where 8 x is right). Refused now
wherever such a function is named without being called (an argument, a value bound to a
name), in the function and in a helper's summary: analysis/scan.py
``mutating_value``. Calls of it are refused as before; the near misses (a function that
changes nothing, passed the same way) are accepted. Oracle: central differences."""

import functools
import itertools
import operator

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def accumulate_iadd(x):
    a = x * 1.0
    z = list(itertools.accumulate([a, x], operator.iadd))
    return np.sum(a * a)


def starmap_copyto(x):
    a = x * 1.0
    z = list(itertools.starmap(np.copyto, [(a, x * 3.0)]))
    return np.sum(a * x)


def bound_by_name(x):
    a = x * 1.0
    op = operator.imul
    z = list(itertools.accumulate([a, x], op))
    return np.sum(a * a)


def _helper(p, x):
    z = list(itertools.accumulate([p, x], operator.iadd))
    return x * 2.0


def through_helper(x):
    a = x * 1.0
    y = _helper(a, x)
    return np.sum(a * a) + np.sum(y)


def accumulate_add(x):
    a = x * 1.0
    z = list(itertools.accumulate([a, x], operator.add))
    return np.sum(a * a)


def reduce_mul(x):
    return functools.reduce(operator.mul, [x[0], x[1], x[2]])


X = np.array([1.0, 2.0, 3.0])


@pytest.mark.parametrize("f, name", [
    (accumulate_iadd, "operator.iadd"), (starmap_copyto, "np.copyto"),
    (bound_by_name, "operator.imul"), (through_helper, "operator.iadd")])
def test_refused(f, name):
    with pytest.raises(sd.SrcdiffError) as err:
        sd.grad(f)(X.copy())
    text = str(err.value)
    assert "`%s` is passed as a value" % name in text and "test_mutators_as_values.py" in text


@pytest.mark.parametrize("f", [accumulate_add, reduce_mul])
def test_near_misses_accepted(f):
    assert_close(sd.grad(f)(X.copy()), numeric_grad(f, (X.copy(),), 0))
