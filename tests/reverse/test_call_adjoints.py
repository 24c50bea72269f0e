"""Issue 21 (GradBench ode, det): the adjoints of joins of tuple displays and of calls,
checked on the generated source and against central differences.

* ``np.concatenate((a, b))`` / ``np.stack((a, b))`` whose tuple (or list) display is built
  just before the join (reverse/contributions.py ``join_adjoint``): the pieces of the
  gradient go straight to ``a`` and ``b``; concatenate's last piece is what remains of the
  gradient (``split_rest``), so the backward sweep reads no entry but the first ones, and
  a piece computed for the join alone is not recorded.
* a called function's single array output is seeded with its caller's gradient as it is
  (no ``cotangent(grad_ys, out)``): the record does not keep the output for a zero's shape.

* a called function's backward sweep adds its part of a gradient into the caller's own
  array (reverse/calls.py ``_own_buffer``) instead of into zeros the caller then adds:
  ``bwd_g(record, grad_ys, b_x, ...)`` takes one gradient per parameter the callee never
  rebinds (driver.py ``_accumulates``), the caller's when it owns one (an array no other
  name refers to), else None, which the callee treats as zero (``index_add`` takes it; a
  first contribution at the top of the sweep is added conditionally; one in a loop or
  branch makes the sweep start from ``cotangent(b_x, x)``, zeros).

Each gradient is also computed by the verification pipeline and by the reference
pipeline (``optimize=False``), which must agree with the differences.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

rng = np.random.default_rng(21)


def code_of(f, wrt, args):
    src = sd.source(f, wrt=wrt, args=args)
    return "\n".join(line for line in src.splitlines() if not line.strip().startswith("#"))


def check(f, args, wrt=0):
    wrts = wrt if isinstance(wrt, tuple) else (wrt,)
    for options in ({}, {"verify": True}, {"optimize": False}):
        got = sd.grad(f, wrt=wrt, **options)(*args)
        got = got if isinstance(wrt, tuple) else (got,)
        for w, g in zip(wrts, got):
            assert_close(g, numeric_grad(f, args, w))


def shifted_product(x, y):
    return np.concatenate((x[:1], x[1:] * y[:-1]))


def rk_like(x, y):
    k1 = shifted_product(x, y)
    k2 = shifted_product(x, y + 0.5 * k1)
    return np.sum(np.sin(k1 + 2.0 * k2))


def test_a_callees_concatenate_records_neither_its_last_piece_nor_its_output():
    args = (rng.standard_normal(6), rng.standard_normal(6))
    code = code_of(rk_like, (0, 1), args)
    record = code.split("def bwd_")[0].split("return concatenate, ")[1].split("\n")[0]
    assert record == "(x, x_i, x_i1, y, y_i)"  # (not the product x[1:] * y[:-1], nor the output)
    assert "split_rest(" in code and "split_like(" not in code and "item_grad(" not in code
    assert "cotangent(" not in code
    check(rk_like, args, (0, 1))


def three_way(x, y):
    parts = [x * y, np.sin(y), x]
    c = np.concatenate(parts, axis=0)
    s = np.stack((x, 2.0 * y), axis=1)
    return np.sum(c * c) + np.sum(s[:, 1] * np.cos(s[:, 0]))


def test_a_list_display_of_three_and_a_stack_along_axis_1():
    args = (rng.standard_normal(5), rng.standard_normal(5))
    code = code_of(three_way, (0, 1), args)
    assert code.count("split_rest(") == 1 and "stacked_parts(" in code
    check(three_way, args, (0, 1))


def columns(a, b):
    return np.sum(np.concatenate((a, b * b), axis=-1) ** 3)


def test_concatenate_along_the_last_axis_of_matrices():
    args = (rng.standard_normal((3, 2)), rng.standard_normal((3, 4)))
    assert "split_rest(" in code_of(columns, (0, 1), args)
    check(columns, args, (0, 1))


def entry_rebound_between(x):
    a = x * 2.0
    items = (a, x)
    a = a * 3.0  # the display's entry is rebound before the join reads the display
    return np.sum(np.concatenate(items) ** 2) + np.sum(a)


def display_used_twice(x):
    items = (x, x * x)
    c = np.concatenate(items)
    return np.sum(c * c) + np.sum(items[1])


def test_a_display_whose_entry_is_rebound_before_the_join_keeps_the_general_adjoint():
    args = (rng.standard_normal(4),)
    code = code_of(entry_rebound_between, 0, args)
    assert "split_rest(" not in code and "split_like(" in code
    check(entry_rebound_between, args)


def test_a_display_read_elsewhere_too_gets_both_contributions():
    args = (rng.standard_normal(4),)
    assert "split_rest(" in code_of(display_used_twice, 0, args)
    check(display_used_twice, args)


def joined_in_a_loop(x, n):
    y = x
    for _ in range(n):
        y = np.concatenate((y[1:], y[:1] * 2.0)) * x
    return np.sum(y ** 2)


def test_joins_in_a_loop_and_the_axis_keyword():
    args = (rng.standard_normal(5), 3)
    check(joined_in_a_loop, args)

    def with_keyword(x):
        return np.sum(np.concatenate((x, np.exp(x)), axis=0) ** 2)

    check(with_keyword, (rng.standard_normal(3),))


def det_by_first_column(a, n):
    """The determinant by expansion along the first column (recursive; a list display)."""
    if n == 1:
        return a[0, 0]
    terms = 0.0
    for i in range(n):
        rest = np.concatenate([a[:i, 1:], a[i + 1:, 1:]], axis=0)
        sign = 1.0 if i % 2 == 0 else -1.0
        terms = terms + sign * a[i, 0] * det_by_first_column(rest, n - 1)
    return terms


@pytest.mark.parametrize("ell", [3, 4])
def test_det_by_minors_against_the_closed_form(ell):
    a = rng.standard_normal((ell, ell))
    assert "split_rest(" in code_of(det_by_first_column, 0, (a, ell))
    got = sd.grad(det_by_first_column, wrt=0)(a, ell)
    assert_close(got, np.linalg.det(a) * np.linalg.inv(a).T)
    assert_close(sd.grad(det_by_first_column, wrt=0, verify=True)(a, ell), got)
    assert_close(sd.grad(det_by_first_column, wrt=0, optimize=False)(a, ell), got)


def scale_then_sum(v):
    return v * 3.0 + np.sin(v)


def twice_and_cos(v):
    return v * 2.0, np.cos(v)


def calls_with_a_tuple_output(x):
    a, b = twice_and_cos(x)
    return np.sum(a * scale_then_sum(x)) + np.sum(b * b)


def test_a_single_output_is_seeded_with_the_callers_gradient_and_a_pair_with_cotangent():
    args = (rng.standard_normal(4),)
    code = code_of(calls_with_a_tuple_output, 0, args)
    single = code.split("def bwd_scale_then_sum")[1].split("\ndef ")[0]
    pair = code.split("def bwd_twice_and_cos")[1].split("\ndef ")[0]
    assert "cotangent(" not in single and "grad_ys * " in single
    assert "cotangent(grad_ys[0]" in pair and "cotangent(grad_ys[1]" in pair
    check(calls_with_a_tuple_output, args)


# ------------------------------------------------------------------ buffers passed in
def head_and_tail(v, w):
    return v[1:] * w[:-1] + v[:-1]


def steps(v, w, n):
    acc = w * 0.0
    for _ in range(n):
        acc = acc + np.cos(head_and_tail(v, w + acc[:1]))[:1] * 0.3
        w = w * 0.9
    return np.sum(acc) + np.sum(head_and_tail(v, w) ** 2)


def test_the_loops_gradient_of_v_is_passed_in_and_taken_back():
    args = (rng.standard_normal(5), rng.standard_normal(5), 3)
    code = code_of(steps, (0, 1), args)
    bwd = code.split("def bwd_head_and_tail(")[1].split("\n")[0]
    assert bwd == "_record, grad_ys, b_v, b_w):"
    assert "index_add(b_v, v, " in code  # into the buffer passed in (or None)
    # the callee's result is taken back as it is; the callee reports it owned (index_add
    # made it, test_owned_results.py), so the loop passes it back in as the buffer
    caller = code.split("def grad_steps")[1]
    assert "b_v = b_head_and_tail_args" in caller and "b_v += " not in caller
    assert "b_head_and_tail1, b_v, None)" in caller
    check(steps, args, (0, 1))


def one_value_twice(x):
    return np.sum(head_and_tail(x, x) ** 2) + np.sum(head_and_tail(x * x, x))


def test_one_array_for_two_parameters_is_passed_once():
    args = (rng.standard_normal(6),)
    code = code_of(one_value_twice, 0, args)
    for call in code.split("bwd_head_and_tail(")[1:]:
        passed = call.split(")")[0]
        assert passed.count("b_x") <= 1  # (the other parameter gets None)
    check(one_value_twice, args)


def branchy(v, w, flag):
    if flag > 0:
        out = v[1:] * w[:-1]
    else:
        out = w[1:] * 2.0
    return out


def calls_branchy(v, w):
    total = 0.0
    for k in range(3):
        total = total + np.sum(np.sin(branchy(v, w, k - 1)))
        v = v * 1.1
    return total


def test_a_first_contribution_in_a_branch_starts_from_zeros():
    args = (rng.standard_normal(4), rng.standard_normal(4))
    code = code_of(calls_branchy, (0, 1), args)
    bwd = code.split("def bwd_branchy(")[1].split("\ndef ")[0]
    assert "b_v = cotangent(b_v, v)" in bwd and "b_w = cotangent(b_w, w)" in bwd
    check(calls_branchy, args, (0, 1))


def scaled(v, w):
    return v * w + np.exp(w)


def calls_scaled(v, w):
    a = scaled(v, w)
    b = scaled(a, w * 2.0)
    return np.sum(a * b)


def test_a_first_contribution_at_the_top_adds_conditionally():
    args = (rng.standard_normal(3), rng.standard_normal(3))
    code = code_of(calls_scaled, (0, 1), args)
    bwd = code.split("def bwd_scaled(")[1].split("\ndef ")[0]
    assert " is None else " in bwd and "cotangent(" not in bwd
    check(calls_scaled, args, (0, 1))


def rebinds(v):
    v = v * 2.0
    return v[1:] * v[:-1]


def test_a_parameter_the_callee_rebinds_is_not_passed_in():
    def caller(x):
        return np.sum(rebinds(x) ** 2) + np.sum(rebinds(x * 3.0))

    args = (rng.standard_normal(5),)
    assert "def bwd_rebinds(_record, grad_ys=None):" in sd.source(caller, 0, args=args)
    check(caller, args)


def _spreads(a, b):
    return np.tanh(a) * 2.0 * np.sum(b) + a


def callee_returns_a_broadcast(w, s):
    t2 = np.inner(w[::-1], w[::-1])
    t3 = np.dot(t2, s)
    t5 = _spreads(t3, t2)
    return np.sum(t3 * 0.7) + np.sum(t5 * 0.4)


def test_a_gradient_a_callee_returns_is_not_the_callers_to_change_in_place():
    # given None for b's buffer, the callee returns spread(..., b): a read-only broadcast
    # the caller then added into in place ("output array is read-only", a fuzz crash)
    args = (np.array([0.27, -0.6, -0.72, -0.59]), 0.41)
    for wrt in (0, 1):
        expected = numeric_grad(callee_returns_a_broadcast, args, wrt)
        for options in ({}, {"optimize": False}, {"verify": True}):
            assert_close(sd.grad(callee_returns_a_broadcast, wrt=wrt, **options)(*args),
                         expected)
