"""A call srcdiff compiles through its own definition of the function (rules/composites.py,
rules/reduction_options.py) passes its arguments to the definition as written: each must
bind to the parameter it binds to in NumPy/SciPy (front/composite_calls.py
``misplaced_argument``). Session 45 checked the option definitions only: the other
composites took ``np.maximum.reduce(x, 0, float)``'s ``float`` (NumPy's ``dtype``) as
``keepdims`` and ``scipy.linalg.solve(a, b, True, False, "sym")``'s ``"sym"`` (SciPy's
``overwrite_b``: a general solve) as ``assume_a``: a symmetric solve, another value.
Oracle: SciPy/NumPy for values, central differences for derivatives."""

import inspect

import numpy as np
import pytest
import scipy.linalg

import srcdiff as sd
from pipelines import check_every_mode
from srcdiff.compiler.front.composite_calls import misplaced_argument, positional_slots
from srcdiff.rules.composites import COMPOSITES, OPTION_COMPOSITES

RNG = np.random.default_rng(46)
A = RNG.normal(size=(3, 3)) + 3.0 * np.eye(3)
B = RNG.normal(size=3)
M = RNG.normal(size=(3, 4))


def solve_by_position(a):
    return np.sum(scipy.linalg.solve(a, B, True, False, "sym") ** 2)


def reduce_out_by_position(x):  # (maximum_reduce declares NumPy's dtype and out since mend47)
    return np.sum(np.maximum.reduce(x, 0, None, None, False, 1.0))


def cholesky_by_position(a):
    return np.sum(scipy.linalg.cholesky(a @ a.T, True, False))


def copysign_by_keyword(x):
    return np.sum(np.copysign(x1=x, x2=-1.0))


@pytest.mark.parametrize("f, x", [(solve_by_position, A), (reduce_out_by_position, M),
                                  (cholesky_by_position, A), (copysign_by_keyword, M)])
@pytest.mark.parametrize("mode", ["grad", "jvp"])
def test_arguments_binding_otherwise_in_the_definition_are_refused(f, x, mode):
    with pytest.raises(sd.SrcdiffError, match="by position|takes") as info:
        if mode == "grad":
            sd.grad(f)(x)
        else:
            sd.jvp(f)(x, tangents=np.ones_like(x))
    assert "test_composite_arguments.py:" in str(info.value)  # (located: file and line)


def test_the_misbound_solve_is_another_value():
    # why it is the worst kind of bug: SciPy's solve is general, the definition's symmetric
    # (SciPy may overwrite b, the truthy overwrite_b: a copy)
    general = scipy.linalg.solve(A, B.copy(), True, False, "sym")
    symmetric = scipy.linalg.solve(A, B, True, assume_a="sym")
    assert not np.allclose(general, symmetric)
    assert np.allclose(general, np.linalg.solve(A, B))


def lined_up(x):
    # positional arguments binding to the same parameters in NumPy/SciPy and the definitions
    a = x[:, :3] + 3.0 * np.eye(3)
    s = scipy.linalg.solve(a, B, True) + scipy.linalg.solve(a, B, False, assume_a="sym")
    c = np.cov(x, None, True, False, 1) + np.average(x, 1, np.arange(1.0, 5.0))[:, None]
    r = np.maximum.reduce(x, 1) + np.maximum.accumulate(x, 1)[:, -1]
    v = np.vander(B, 3, True) * x[:, 1:]
    return np.sum(s ** 2) + np.sum(np.sin(c)) + np.sum(r * B) + np.sum(v)


def test_positional_arguments_that_line_up_are_differentiated():
    check_every_mode(lined_up, M, seed=46, hvp=True)


def _python_binds(function, definition, count):
    """Python's own binder: do ``count`` positional arguments bind to the same names?"""
    names = []
    for g in (function, definition):
        try:
            names.append(list(inspect.signature(g).bind_partial(*range(count)).arguments))
        except TypeError:
            return False
    return names[0] == names[1]


@pytest.mark.parametrize("function, definition",
                         [(f, d) for f, d in COMPOSITES.items()
                          if not isinstance(getattr(f, "__self__", None), np.ufunc)]
                         + [(f, d) for (f, _), d in OPTION_COMPOSITES.items()])
def test_the_check_agrees_with_python_binding(function, definition):
    # every registered definition, every count of positional arguments up to one past the
    # function's: accepted exactly where Python binds them to the same names (or where the
    # function's are positional-only, whose names do not matter)
    theirs = positional_slots(function)
    for count in range(1, len(theirs[0]) + 2):
        accepted = misplaced_argument(function, definition, count) is None
        only = all(n in theirs[1] for n in theirs[0][:count])
        if not only:
            assert accepted == _python_binds(function, definition, count), count
