"""Refusals name only what the user wrote; a literal's item is a constant.

* An early ``return`` inside a loop is lowered into ``_retval = ...``
  (jumps.py); an alias refusal through it used to name ``_retval``. It now
  describes the ``return`` line instead.
* ``2[0.5]`` or ``"ab"[0]`` (an item of a literal) crashed the analysis with
  a raw ``AttributeError``; it is a constant (no gradient flows through a
  literal), evaluated as Python would (``2[0.5]`` raises ``TypeError`` when
  it runs).
"""

import inspect
import warnings

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

FILE = inspect.getsourcefile(lambda: None)


def early_return_in_loop(x0, xs):
    t = 0.0
    for v in xs:
        t = t + x0 * v
        x0 += 1.0
        if t > 5.0:
            return t
    return t


def early_return_of_the_changed_array(x0, xs):
    t = 0.0
    for v in xs:
        t = t + np.sum(x0 * v)
        if t > 5.0:
            return x0
        x0 += 1.0
    return x0 * t


XS = np.array([1.0, 2.0, 3.0, 4.0])


def test_early_return_in_a_loop_with_an_update():
    for x0 in (0.5, np.float64(0.5), 3.0):
        expected = numeric_grad(lambda a: early_return_in_loop(a, XS), [float(x0)], 0)
        assert sd.grad(early_return_in_loop)(x0, XS) == pytest.approx(expected)
        assert sd.jvp(early_return_in_loop)(x0, XS, tangents=1.0)[1] == pytest.approx(expected)
        assert sd.hvp(early_return_in_loop)(x0, XS, vector=1.0) == pytest.approx(0.0)
    assert "def grad_early_return_in_loop" in sd.source(early_return_in_loop)


def test_alias_through_a_lowered_return_is_described_by_the_return_line():
    x0 = np.array([0.5, 0.25])
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(early_return_of_the_changed_array)(x0, XS)
    err, msg = info.value, str(info.value)
    lines, start = inspect.getsourcelines(early_return_of_the_changed_array)
    ret = start + next(k for k, t in enumerate(lines) if "return x0\n" in t)
    write = start + next(k for k, t in enumerate(lines) if "x0 += 1.0" in t)
    assert err.lineno == write and "x0 += 1.0" in msg
    assert "_retval" not in msg and "_returned" not in msg
    assert "result" in msg and f"`return x0`, line {ret}" in msg
    assert "hint:" in msg and "x0 = x0.copy()" in msg
    np.testing.assert_array_equal(x0, [0.5, 0.25])


def test_refusals_through_temporaries_name_no_internal_names():
    def writes_row_of_reshaped(x):
        r = x.reshape(2, 2)[0]
        r[0] = 1.0
        return np.sum(x)

    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(writes_row_of_reshaped)(np.arange(4.0))
    msg = str(info.value)
    assert "reshape`" not in msg.split("hint:")[0].replace("x.reshape", "")
    assert "`x`" in msg


def literal_cases():
    with warnings.catch_warnings():  # "'int' object is not subscriptable": the point
        warnings.simplefilter("ignore", SyntaxWarning)
        import literal_cases as L
    return L


@pytest.mark.parametrize("name", ["literal_item_in_dead_branch",
                                  "literal_item_in_branch_not_taken", "string_item"])
def test_literal_items(name):
    f = getattr(literal_cases(), name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)  # the generated code has the item too
        for x in (1.5, -2.0):
            expected = numeric_grad(f, [x], 0)
            assert sd.grad(f)(x) == pytest.approx(expected)
            assert sd.jvp(f)(x, tangents=1.0)[1] == pytest.approx(expected)
        if name != "literal_item_in_branch_not_taken":
            x = np.array([0.5, 2.0])
            assert_close(sd.grad(f)(x), numeric_grad(f, [x], 0))


def test_literal_item_that_runs_raises_like_python():
    f = literal_cases().literal_item_run
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        for run in (lambda: f(1.0), lambda: sd.grad(f)(1.0),
                    lambda: sd.jvp(f)(1.0, tangents=1.0)):
            with pytest.raises(TypeError, match="not subscriptable"):
                run()
