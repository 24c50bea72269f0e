"""Forward mode and a module global named like one of srcdiff's run-time helpers.

Generated code runs in a namespace holding srcdiff's helpers (``seed``, ``unbroadcast``,
``indexable``, ``filled`` ...) under their names. Reverse mode refused a user's global of
such a name that the function reads; forward mode did not, and a call of it on values that
do not depend on ``wrt`` was emitted as it was written, so it ran srcdiff's helper instead
of the user's function: sd.jvp and sd.jacobian(mode="forward") returned a wrong value and
a wrong tangent with no error (``unbroadcast(y, y)`` of ``a * 10 + b`` gave ``y``). Both
modes now refuse it with the line to rename.
"""

import numpy as np
import pytest

import srcdiff as sd


def unbroadcast(a, b):
    return a * 10.0 + b


def indexable(v):
    return v * 10.0


def seed(v):
    return v + 1.0


def through_unbroadcast(x, y):
    return np.sum(unbroadcast(y, y) * x)


def through_indexable(x, y):
    return np.sum(indexable(y) * x)


def through_seed(x, y):
    return np.sum(seed(y) * x ** 2)


CASES = [through_unbroadcast, through_indexable, through_seed]
X = np.array([1.0, 2.0])
Y = np.array([0.5, -1.0])


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("transform", [
    lambda f: sd.jvp(f)(X, Y, tangents=np.ones(2)),
    lambda f: sd.jacobian(f, mode="forward")(X, Y),
    lambda f: sd.grad(f)(X, Y),
    lambda f: sd.hvp(f)(X, Y, vector=np.ones(2)),
], ids=["jvp", "jacobian_forward", "grad", "hvp"])
def test_refused_in_every_mode(f, transform):
    with pytest.raises(sd.SrcdiffError, match="has the name of a helper") as info:
        transform(f)
    assert "test_forward_helper_globals.py" in str(info.value)


def renamed_helper(a, b):
    return a * 10.0 + b


def through_renamed(x, y):
    return np.sum(renamed_helper(y, y) * x)


def test_a_renamed_global_gives_the_right_value_and_tangent():
    value, tangent = sd.jvp(through_renamed)(X, Y, tangents=np.ones(2))
    assert np.isclose(value, through_renamed(X, Y))
    eps = 1e-6
    expected = (through_renamed(X + eps, Y) - through_renamed(X - eps, Y)) / (2 * eps)
    assert np.isclose(tangent, expected, rtol=1e-6)
