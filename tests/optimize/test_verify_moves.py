"""A value the optimizer moves into another statement is checked, in verification mode,
where it was (exprs.Mover marks the names it brings as *foreign* to the reader). A
statement made in place of another (``S.locate``) keeps those marks: the negation fold
(``t = a * b; y = -t`` -> ``y = -a * b``) built a new statement with ``t``'s origin and
without them, and verification mode refused correct code (fuzz seed 237894325, 472)."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize import exprs
from srcdiff.compiler.optimize.algebra import fold_negations


def test_a_statement_made_in_place_of_another_keeps_the_names_moved_into_it():
    old = S.stmts("b_t = b_u / a")[0]
    setattr(old, exprs.FOREIGN, frozenset({"a"}))
    new = S.assign("b_y", S.expr("-b_u / a"), old)
    assert exprs.foreign(new) == {"a"}


def test_a_folded_negation_keeps_the_names_moved_into_its_operand():
    t, y = S.stmts("b_t = 2.0 * b_a * m\nb_y = -b_t")
    setattr(t, exprs.FOREIGN, frozenset({"a", "c"}))  # (b_a = c / a was moved into it)
    (new,) = fold_negations([t, y], {"b_t": 1}, {"b_t", "b_y"}, exprs.Mover(verify=True))
    assert new.targets[0].id == "b_y" and S.expr_source(new.value) == "-2.0 * b_a * m"
    assert exprs.foreign(new) == {"a", "c"}


def moved_then_negated(x, xs, ys):
    P = np.sin(x)
    z = 1.0
    s = x
    for i0 in range(1, len(xs)):
        t2 = z  # noqa: F841  (the program as the fuzzer drew it)
    else:
        t3 = np.sum(xs)
        t4 = -t3
        t5 = np.log(1.0 + t4 * t4)
        z = z * (1.0 + -0.1 * t5)
    d = {k: {"xs": xs, "ys": ys, "x": x}[k] for k in sorted({"xs": xs, "ys": ys, "x": x})}
    for name, value in d.items():
        P = P + 0.1 * np.sum(value * value)
    return P + 0.2 * z + 0.5 * s


ARGS = (0.968701, np.array([-0.043476, -0.322741, -0.09987, -0.659254]),
        np.array([0.074946, 0.968889, 0.026595, -0.148722]))


@pytest.mark.parametrize("options", [{}, {"verify": True}, {"optimize": False}])
def test_verification_mode_takes_the_moved_value_where_it_was(options):
    grads = sd.grad(moved_then_negated, wrt=(0, 1, 2), **options)(*ARGS)
    for k in range(3):
        assert_close(grads[k], numeric_grad(moved_then_negated, ARGS, k))


def factor_moved_past_a_restore(x, xs, ys, zs):
    s = x
    m = x
    P = x
    w = np.zeros_like(ys)
    u = np.zeros_like(xs)
    for i0 in range(len(xs)):
        if (i0 * 0.1) > -0.224 or i0 >= 1:
            t3 = (-(-x))
            t4 = (-t3 ** 2)
            t5 = (w[-1] - -0.25)
            t6 = ((t4 - -0.5) + t5)
            P = P * np.tanh(t6)
    for v0 in ys:
        np.add.at(u, [0, -1, 0], np.tanh(v0) * 0.3)
    return s + 0.25 * m + 0.1 * P + 0.5 * np.sum(w)


FACTOR_ARGS = (0.869226, np.array([0.862192]), np.array([0.516672]), [0.629104])


@pytest.mark.parametrize("options", [{}, {"verify": True}, {"optimize": False}])
def test_only_the_named_factors_of_a_contracted_product_are_checked_as_moved(options):
    """``b_t6 = b_tanh * (1.0 - tanh * tanh)`` read by ``unbroadcast(b_t6, sub)``: the
    contraction moves ``b_tanh`` into ``sum_product(b_tanh, b_t6, sub)`` and keeps
    ``1.0 - tanh * tanh`` where it was, before ``tanh`` is restored. Verification mode
    snapshotted ``tanh`` too and refused correct code (CI fuzz seed 274498621, 835)."""
    f = factor_moved_past_a_restore
    grads = sd.grad(f, wrt=(0, 1, 2), **options)(*FACTOR_ARGS)
    for k in range(3):
        assert_close(grads[k], numeric_grad(f, FACTOR_ARGS, k))


def common_value_bound_later(x, s):
    v = x.copy()
    w = np.tanh(x * s)
    u = v * 1.0  # noqa: F841 (the user's dead code: kept, and the seed's product ``v * 1.0`` reads it)
    D = {"u": w + 0.0, "g": v * s}
    D["g"] = w
    return np.sum(v * w)


@pytest.mark.parametrize("options", [{}, {"verify": True}, {"optimize": False}])
def test_a_common_value_the_primal_binds_after_the_statement_is_checked_where_read(options):
    # The adjoint of ``w = np.tanh(x * s)`` reads ``u`` (bound after it in the primal
    # sweep) for the equal ``v * 1.0``: verification mode compared ``u`` with line 5's
    # record, where it was unbound, and raised on a correct gradient (random programs,
    # state family, seed 3501 index 91); ``verify_equal`` checks its value instead.
    args = (np.array([0.2, 0.4, 0.6]), -0.22)
    grads = sd.grad(common_value_bound_later, wrt=(0, 1), **options)(*args)
    for k in range(2):
        assert_close(grads[k], numeric_grad(common_value_bound_later, args, k))
