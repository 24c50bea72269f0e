"""A part of a statement equal to a value an earlier statement named reuses the name
(optimize/parts.py, run with common subexpressions in optimize/passes.py). The divide rule's
``g / y, -(g / y * ans)`` makes such parts: ``b_x = g / y; b_y = -b_x * ans`` does one pass
over the arrays fewer than ``-g * ans / y``. Invariant: the name still holds the value,
which no statement since may have changed in place (through any alias)."""

import gast
import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize.passes import _common_subexpressions

PIPELINES = ({}, {"verify": True}, {"optimize": False})


def _cse(source, verify=False, gradients=frozenset({"t"})):
    body = gast.parse(source).body
    out = _common_subexpressions(body, frozenset(), verify, gradients)
    return [S.to_source(s).strip() for s in out]


def test_a_part_equal_to_a_named_value_reads_the_name():
    assert _cse("t = a / b\nu = c * (a / b)\n")[1] == "u = c * t"


def test_a_negated_part_reads_the_name_negated():
    # (-a) / b == -(a / b) exactly: IEEE rounding is symmetric in sign
    assert _cse("t = a / b\nu = -a / b * z\n")[1] == "u = -t * z"


def test_the_part_inside_a_call_is_reused():
    assert _cse("t = a / b\nu = -unbroadcast(a / b * z, b)\n")[1] == \
        "u = -unbroadcast(t * z, b)"


@pytest.mark.parametrize("between", [
    "index_add(t, 0, c)",  # a call that may change t in place
    "s = t\ns += 1.0",  # through an alias
    "t[0] = 2.0",  # a store into it
    "a = c",  # an operand rebound
    "t = c",  # the name rebound
    "np.add(c, c, out=t)",  # NumPy writing into it
    "del t",  # (release.py deletes after the optimizer; a deleted name holds nothing)
])
def test_no_reuse_after_anything_may_have_changed_the_value(between):
    out = _cse("t = a / b\n" + between + "\nu = a / b * z\n")
    assert out[-1] == "u = a / b * z"


def test_verification_mode_checks_the_reused_value():
    out = _cse("t = a / b\nu = -a / b * z\n", verify=True)
    assert out[1] == "verify_equal(t, a / b)" and out[2] == "u = -t * z"


def quotient(x, y):
    return np.sum(np.sin(x / y))


def softmax_loss(x, w):
    e = np.exp(x - np.max(x))
    p = e / np.sum(e)
    return np.sum(p * w)


def layer_norm(x, g):
    m = np.mean(x, axis=-1, keepdims=True)
    s = np.sqrt(np.var(x, axis=-1, keepdims=True) + 1e-5)
    return np.sum(np.tanh((x - m) / s * g))


def test_the_quotient_rule_shares_its_division():
    text = sd.source(quotient, wrt=(0, 1), args=(np.ones(3), np.ones(3)))
    assert "b_x = b_div / y" in text and "b_y = -b_x * div" in text, text


@pytest.mark.parametrize("options", PIPELINES)
@pytest.mark.parametrize("fn, args", [
    (quotient, (np.linspace(0.5, 1.5, 4), np.linspace(1.0, 2.0, 4))),
    (softmax_loss, (np.linspace(-1.0, 1.0, 5), np.linspace(0.2, 1.0, 5))),
    (layer_norm, (np.linspace(-1.0, 1.2, 6).reshape(2, 3), np.array([0.5, 1.0, 1.5]))),
])
def test_gradients_through_divisions_match_finite_differences(fn, args, options):
    got = sd.grad(fn, wrt=(0, 1), **options)(*args)
    for k in (0, 1):
        assert_close(got[k], numeric_grad(fn, args, k))


def test_a_bare_negation_is_not_shared():
    # ``-g`` is free where the sign passes put it (or a negated sweep absorbs it): naming
    # it would negate an array
    assert _cse("t = -g\nu = -g * s\n")[1] == "u = -g * s"


def test_no_reuse_in_a_value_whose_call_may_change_the_operands_first():
    # ``add_into(a, c)`` runs before ``a / b`` is evaluated: ``t`` is the old quotient
    assert _cse("t = a / b\nu = add_into(a, c) * (a / b)\n")[1] == \
        "u = add_into(a, c) * (a / b)"


def test_a_deleted_name_is_not_reused_as_a_whole_value_either():
    assert _cse("t = a / b\ndel t\nu = a / b\n")[-1] == "u = a / b"


def test_only_a_gradient_is_reused_inside_a_later_statement():
    # a primal name read in the backward sweep would outlive the statement the sweep has
    # undone there (second order: the first-order code's names are primal names); the
    # whole-value sharing is unchanged
    assert _cse("t = a / b\nu = a / b * z\n", gradients=frozenset())[1] == "u = a / b * z"
    assert _cse("t = a / b\nu = a / b\n", gradients=frozenset())[1] == "u = t"


# ---------------------------------------------------------------- through a plain copy
# The adjoint of ``P = P / s`` keeps the incoming gradient (``b_P_out = b_P``) and rebinds
# ``b_P = b_P / s``: that value is ``b_P_out / s``, which the sum's gradient reads again.

def test_a_value_rebinding_its_name_is_known_through_a_copy():
    out = _cse("a = t\nt = t / s\nu = -unbroadcast(a / s * z, s)\n",
               gradients=frozenset({"t", "a"}))
    assert out[-1] == "u = -unbroadcast(t * z, s)", out


def test_verification_mode_checks_the_value_known_through_a_copy():
    out = _cse("a = t\nt = t / s\nu = a / s * z\n", verify=True,
               gradients=frozenset({"t", "a"}))
    assert out[2:] == ["verify_equal(t, a / s)", "u = t * z"], out


@pytest.mark.parametrize("between", [
    "a = c",  # the copy rebound: it no longer holds the old value
    "s = c",  # an operand rebound
    "a += 1.0",  # the copy changed in place
    "t[0] = 2.0",  # the name changed in place
])
def test_no_reuse_through_a_copy_after_anything_changed(between):
    out = _cse("a = t\nt = t / s\n" + between + "\nu = a / s * z\n",
               gradients=frozenset({"t", "a"}))
    assert out[-1] == "u = a / s * z", out


def test_a_copy_made_after_the_rebinding_says_nothing_about_it():
    # ``a`` copies the new ``t``: ``t / s`` is not ``a / s`` of anything kept
    out = _cse("t = t / s\na = t\nu = a / s * z\n", gradients=frozenset({"t", "a"}))
    assert out[-1] == "u = a / s * z", out


def softmax_rows(x, w):
    p = np.exp(x - np.max(x, axis=-1, keepdims=True))
    p = p / np.sum(p, axis=-1, keepdims=True)
    return np.sum(p * w)


def test_the_softmax_adjoint_divides_its_gradient_once():
    # (issue 17, attention: one pass over the probabilities fewer)
    text = sd.source(softmax_rows, wrt=0, args=(np.ones((2, 3)), np.ones((2, 3))))
    assert "b_p_out" not in text and "b_p = b_p / sum1" in text \
        and ("b_sum1 = -unbroadcast(b_p * p, sum1)" in text  # (or in one pass:
             or "b_sum1 = -sum_product(b_p, p, sum1)" in text), text  # optimize/contractions.py)


@pytest.mark.parametrize("options", PIPELINES)
def test_the_softmax_gradient_matches_finite_differences(options):
    args = (np.linspace(-1.0, 1.0, 6).reshape(2, 3), np.linspace(0.2, 1.0, 6).reshape(2, 3))
    got = sd.grad(softmax_rows, wrt=0, **options)(*args)
    assert_close(got, numeric_grad(softmax_rows, args, 0))
