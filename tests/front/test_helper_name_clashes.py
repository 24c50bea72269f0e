"""A rule's body inlined into generated code calls helpers of the rules' modules by name
(the Cholesky gradient's ``cholesky_grad(g, ans, upper)``), bound as globals of the
generated function. A local of the user's function of that name shadowed the helper (the
generated code called the user's value: a TypeError, or with a function of a fitting
signature a wrong gradient), and a global of that name the user's code reads was replaced
by the helper. The global is refused with the line to rename (emit/reserved.py,
``check_helper_names``); since session 27 the local is renamed in the generated code
(front/renames.py), which also closes a silent wrong tangent: the optimizer had copied
the local's value into the helper's call (41.7 for 9.97). The same names elsewhere are
accepted."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

A = np.array([[2.0, 0.3, 0.1], [0.3, 1.5, 0.2], [0.1, 0.2, 1.8]])
C = np.array([1.0, -2.0])


def local_named_like_the_helper(a, c):
    cholesky_grad = 2.0
    low = np.linalg.cholesky(a)
    return cholesky_grad * np.sum(low ** 3)


def local_function_named_like_the_helper(a, c):
    # (called with (g, ans, False) it would return numbers; chosen by a test, it is a local,
    # not an alias of one function that front/maps.py would replace)
    cholesky_grad = np.where if c[0] > 0 else np.minimum
    low = np.linalg.cholesky(a)
    return np.sum(low ** 3) * (2.0 if cholesky_grad is not None else 1.0)


def cholesky_grad(x):  # the user's own function, named like srcdiff's helper
    return x * 3.0


def global_named_like_the_helper(a, c):
    low = np.linalg.cholesky(a)
    return np.sum(low * cholesky_grad(c)[0])


@pytest.mark.parametrize("f", [local_named_like_the_helper,
                               local_function_named_like_the_helper])
def test_a_local_named_like_a_rule_helper_is_renamed(f):
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(f, **options)(A, C), numeric_grad(f, (A, C), 0))
    assert "cholesky_grad1" in sd.source(f, args=(A, C))


def test_a_global_named_like_a_rule_helper_is_refused():
    with pytest.raises(sd.SrcdiffError, match="global 'cholesky_grad' has the name of a "
                                              "helper") as e:
        sd.grad(global_named_like_the_helper)(A, C)
    assert "cholesky_grad(c)" in str(e.value)  # the line to rename


def uses_the_name_without_cholesky(a, c):
    cholesky_grad = np.sum(a)  # no rule reads a helper of this name here
    return cholesky_grad * np.sum(c ** 2)


def test_the_name_without_a_rule_that_calls_it_is_accepted():
    got = sd.grad(uses_the_name_without_cholesky, wrt=(0, 1))(A, C)
    for k in (0, 1):
        assert_close(got[k], numeric_grad(uses_the_name_without_cholesky, (A, C), k))


def local_named_like_the_forward_helper(a):
    # the forward rule's helper: (d, ans, False) fits
    cholesky_tangent = np.where if a[0, 0] > 0 else np.minimum
    low = np.linalg.cholesky(a)
    return np.sum(low ** 3) * (2.0 if cholesky_tangent is not None else 1.0)


def test_forward_mode_renames_a_local_named_like_its_rule_helper():
    t = np.ones((3, 3))
    _, tangent = sd.jvp(local_named_like_the_forward_helper)(A, tangents=t)
    want = numeric_grad(local_named_like_the_forward_helper, (A,), 0)
    assert_close(tangent, np.sum(want * t))  # (41.7 for 9.97 before)


def alias_named_like_the_helpers(a):
    cholesky_grad = np.where  # an alias (front/maps.py): its reads become np.where, and
    cholesky_tangent = np.where  # no local of the helper's name is left to shadow it
    low = np.linalg.cholesky(a)
    return np.sum(low ** 3) * (2.0 if cholesky_grad is not None else 1.0) * (
        3.0 if cholesky_tangent is not None else 1.0)


def test_an_alias_named_like_a_rule_helper_shadows_nothing():
    want = numeric_grad(alias_named_like_the_helpers, (A,), 0)
    assert_close(sd.grad(alias_named_like_the_helpers)(A), want)
    t = np.ones((3, 3))
    _, tangent = sd.jvp(alias_named_like_the_helpers)(A, tangents=t)
    assert_close(tangent, np.sum(want * t))
