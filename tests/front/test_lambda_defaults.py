"""A lambda's default values are evaluated where the lambda is written, so a name there is
the enclosing function's even when a parameter has the same name (``lambda v, k=k: v * k``
in a comprehension over ``k``). The check of what a free-standing lambda reads counted the
default's ``k`` as the parameter ``k``, took the lambda for closed and evaluated it in the
module's namespace: ``NameError: name 'k' is not defined`` from inside the compiler, or,
with a module-level ``k``, a lambda bound to the global's value: a wrong gradient with no
error (a sort key of the local ``k = -3.0`` evaluated with the global ``k = 7.0`` gave
``[2, 1]`` for ``[1, 2]``). Such a lambda reads the
function's variables and is refused as the others are; one whose defaults read only
globals and constants stays supported."""

import numpy as np
import pytest

import srcdiff as sd

k = 7.0


def defaults_read_the_loop_variable(x):
    fs = [lambda v, k=k: v * k for k in range(1, 4)]
    return sum(f(x) for f in fs).sum()


def default_reads_a_local_shadowing_a_global(x):
    k = -3.0  # the global k = 7.0 sorts the other way: the gradient came out swapped
    ordered = sorted([x[0], x[1]], key=lambda v, k=k: v * k)
    return ordered[0] * 2.0 + ordered[1]


def default_reads_a_global(x):
    scaled = sorted([x[0], x[1]], key=lambda v, c=k: -v * c)
    return scaled[0] * 2.0 + scaled[1]


X = np.array([1.0, 2.5])


@pytest.mark.parametrize("f", [defaults_read_the_loop_variable,
                               default_reads_a_local_shadowing_a_global])
def test_refused_with_the_line(f):
    with pytest.raises(sd.SrcdiffError, match="lambda") as info:
        sd.grad(f)(X)
    assert "test_lambda_defaults.py" in str(info.value)


def test_defaults_of_globals_still_work():
    g = sd.grad(default_reads_a_global)(X)
    eps = 1e-6
    expected = np.array([(default_reads_a_global(X + e) - default_reads_a_global(X - e))
                         / (2 * eps) for e in np.eye(2) * eps])
    assert np.allclose(g, expected, rtol=1e-6)
