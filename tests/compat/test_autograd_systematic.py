"""autograd's tests/test_systematic.py, case by case, in srcdiff's words.

autograd sweeps each primitive over shapes and options (``stat_check``,
``unary_ufunc_check``, ``binary_ufunc_check``, ``combo_check``); the helpers below
do the same sweeps on smaller inputs. Every combination is checked in reverse
mode, forward mode and to second order against central finite differences
(tests/support/check_modes.py). The primitive and its options reach the
differentiated function as closure constants (stat, unary, binary) or as literals
of a written wrapper (combo), as in autograd's helpers.
"""

import itertools
import operator as op

import numpy as np

from check_modes import R, U, check
from rule_cases import C, L, N, recipe_args, wrappers

# ------------------------------------------------------------------ sweeps


def stat(fn, lo=-2.0, hi=2.0):
    """Reductions: no axis, each axis, with and without keepdims, and a scalar."""
    x = U(lo, hi, 3, 4)
    for axis, keepdims in [(None, True), (0, False), (-1, True)]:
        def fun(x):
            return fn(x, axis=axis, keepdims=keepdims)

        check(fun, x)

    def plain(x):
        return fn(x)

    check(plain, U(lo, hi))


def unary(fn, lo=-2.0, hi=2.0):
    """Elementwise: a matrix inside ``[lo, hi]`` (binary() covers scalars)."""
    def fun(x):
        return fn(x)

    check(fun, U(lo, hi, 3, 2))


def binary(fn, lims_a=(-2.0, 2.0), lims_b=(-2.0, 2.0), same_args=True):
    """Both arguments differentiated, over broadcasting shape pairs (and f(x, x))."""
    def fun(a, b):
        return fn(a, b)

    for sa, sb in [((), ()), ((1, 4), (3, 4)), ((3, 1), ())]:
        check(fun, U(*lims_a, *sa), U(*lims_b, *sb))
    if same_args:
        def same(x):
            return fn(x, x)

        check(same, U(*lims_a, 3))


def combo(fn, *arg_lists, **kwarg_lists):
    """Every combination of the listed arguments and options (autograd's combo_check).

    Arguments are recipes (``N(3, 4)``: differentiated) or constants; each call is
    written as a wrapper with its constants as literals (tests/support/rule_cases.py).
    """
    names = list(kwarg_lists)
    cases = [C(fn, *args, **dict(zip(names, values)))
             for args in itertools.product(*arg_lists)
             for values in itertools.product(*(kwarg_lists[n] for n in names))]
    wrappers(cases)
    rng = np.random.default_rng(0)
    for case in cases:
        check(case.fn, *recipe_args(case, rng))


# ------------------------------------------------------------------ statistics


def test_max():
    stat(np.max)


def test_mean():
    stat(np.mean)


def test_min():
    stat(np.min)


def test_sum():
    stat(np.sum)


def test_prod():
    stat(np.prod, 0.5, 1.5)


def test_var():
    stat(np.var)


def test_std():
    stat(np.std)


# ------------------------------------------------------------------ unary ufuncs


def test_sin():
    unary(np.sin)


def test_abs():
    unary(np.abs, 0.1, 4.0)


def test_absolute():
    unary(np.absolute, 0.1, 4.0)


def test_arccosh():
    unary(np.arccosh, 1.1, 4.0)


def test_arcsinh():
    unary(np.arcsinh, -0.9, 0.9)


def test_arctanh():
    unary(np.arctanh, -0.9, 0.9)


def test_ceil():
    unary(np.ceil, -1.4, -1.1)


def test_cos():
    unary(np.cos)


def test_cosh():
    unary(np.cosh)


def test_deg2rad():
    unary(np.deg2rad)


def test_degrees():
    unary(lambda x: np.degrees(x) / 50.0)


def test_exp():
    unary(np.exp)


def test_exp2():
    unary(np.exp2)


def test_expm1():
    unary(np.expm1)


def test_fabs():
    unary(np.fabs, 0.1, 2.0)


def test_floor():
    unary(np.floor, 0.1, 0.9)


def test_log():
    unary(np.log, 0.2, 2.0)


def test_log10():
    unary(np.log10, 0.2, 2.0)


def test_log1p():
    unary(np.log1p, 0.2, 2.0)


def test_log2():
    unary(np.log2, 0.2, 2.0)


def test_rad2deg():
    unary(lambda x: np.rad2deg(x) / 50.0)


def test_radians():
    unary(np.radians)


def test_sign():
    unary(np.sign, 0.1, 2.0)


def test_sinh():
    unary(np.sinh)


def test_sqrt():
    unary(np.sqrt, 1.0, 3.0)


def test_square():
    unary(np.square)


def test_tan():
    unary(np.tan, -1.1, 1.1)


def test_tanh():
    unary(np.tanh)


def test_real():
    unary(np.real)


def test_real_ic():
    unary(np.real_if_close)


def test_imag():
    unary(lambda x: np.imag(x) + x)


def test_conj():
    unary(np.conj)


def test_angle():
    unary(lambda x: np.angle(x) + x)


# ------------------------------------------------------------------ binary ufuncs


def test_add():
    binary(np.add)


def test_logaddexp():
    binary(np.logaddexp)


def test_logaddexp2():
    binary(np.logaddexp2)


def test_remainder():
    binary(np.remainder, (-0.9, 0.9), (0.7, 1.9), same_args=False)


def test_true_divide():
    binary(np.true_divide, lims_b=(0.8, 1.2))


def test_mod():
    binary(np.mod, lims_b=(0.8, 2.1), same_args=False)


def test_true_divide_neg():
    binary(np.true_divide, lims_b=(-2.0, -0.3))


def test_mod_neg():
    binary(np.mod, lims_b=(-2.0, -0.3), same_args=False)


def test_op_mul():
    binary(op.mul)


def test_op_add():
    binary(op.add)


def test_op_sub():
    binary(op.sub)


def test_op_mod():
    binary(op.mod, lims_b=(0.3, 2.0), same_args=False)


def test_op_mod_neg():
    binary(op.mod, lims_b=(-2.0, -0.3), same_args=False)


def test_op_div():
    binary(op.truediv, lims_b=(0.5, 2.0))


def test_op_pow():
    binary(op.pow, lims_a=(0.7, 2.0))


# ------------------------------------------------------------------ misc


def test_transpose():
    combo(np.transpose, [N(2, 3, 2)], axes=[None, [0, 2, 1], [2, 0, 1], [1, 2, 0]])


def test_repeat():
    combo(np.repeat, [N(2, 3, 2), N(3, 1)], repeats=[0, 1, 2], axis=[None, 0, 1])


def test_diff():
    combo(np.diff, [N(3, 3), N(3, 3, 2)], n=[1, 2], axis=[0, 1])
    combo(np.diff, [N(1), N(1, 1)], axis=[0])


def test_tile():
    combo(np.tile, [N(2, 1, 3, 1)], reps=[(1, 2, 1, 2)])
    combo(np.tile, [N(1, 2)], reps=[(1, 2), (2, 3), (3, 2, 1)])
    combo(np.tile, [N(1)], reps=[(2,), 2])


def test_kron():
    combo(np.kron, [N(3, 3), N(2, 2)], [N(2, 2), N(1, 3)])


def test_inner():
    combo(np.inner, [N(), N(2, 3)], [N(), N(3), N(4, 3)])


def test_dot():
    combo(np.dot, [N(), N(2, 3)], [N(), N(3), N(3, 4), N(2, 3, 4)])
    combo(np.dot, [N(3), N(2, 2, 3)], [N(3), N(2, 3, 4)])


def test_matmul():
    combo(np.matmul, [N(3), N(2, 2, 3)], [N(3), N(2, 3, 4)])


def test_tensordot_1():
    combo(np.tensordot, [N(1, 3), N(2, 3, 2)], [N(3), N(3, 1), N(3, 4, 2)],
          axes=[[(1,), (0,)]])


def test_tensordot_2():
    combo(np.tensordot, [N(3), N(3, 1), N(3, 4, 2)], [N(1, 3), N(2, 3, 2)],
          axes=[[(0,), (1,)]])


def test_tensordot_3():
    combo(np.tensordot, [N(2, 3), N(2, 3, 4)], [N(1, 2, 3), N(2, 2, 3, 4)],
          axes=[[(0, 1), (1, 2)], [(1, 0), (2, 1)]])


def test_tensordot_4():
    combo(np.tensordot, [N(2, 2)], [N(2, 2), N(2, 2, 4)], axes=[1, 2])
    combo(np.tensordot, [N(4, 2, 2)], [N(2, 2, 4)], axes=[1, 2])


def test_tensordot_5():
    combo(np.tensordot, [N(4)], [N()], axes=[0])


def test_tensordot_6():
    combo(np.tensordot, [N(2, 6)], [N(6, 3)], axes=[[[-1], [0]]])


def test_maximum():
    combo(np.maximum, [N(1), N(1, 4), N(3, 4)], [N(1), N(1, 4), N(3, 4)])


def test_fmax():
    combo(np.fmax, [N(1), N(1, 4), N(3, 4)], [N(1), N(1, 4), N(3, 4)])


def test_minimum():
    combo(np.minimum, [N(1), N(1, 4), N(3, 4)], [N(1), N(1, 4), N(3, 4)])


def test_fmin():
    combo(np.fmin, [N(1), N(1, 4), N(3, 4)], [N(1), N(1, 4), N(3, 4)])


def test_sort():
    combo(np.sort, [N(1), N(7)])


def test_partition():
    combo(np.partition, [N(7), N(9)], kth=[0, 3, 6])


def test_atleast_1d():
    combo(np.atleast_1d, [N(), N(4), N(2, 3, 2)])


def test_atleast_2d():
    combo(np.atleast_2d, [N(), N(4), N(2, 4), N(2, 3, 2)])


def test_atleast_3d():
    combo(np.atleast_3d, [N(), N(4), N(2, 4), N(2, 3, 2), N(2, 3, 1, 2)])


def test_einsum_transpose():
    combo(np.einsum, ["ij->ji"], [N(1, 1), N(3, 3), N(3, 4)])


def test_einsum_matmult():
    combo(np.einsum, ["ij,jk->ik"], [N(2, 3)], [N(3, 4)])


def test_einsum_matmult_broadcast():
    combo(np.einsum, ["...ij,...jk->...ik"], [N(2, 3), N(2, 2, 3)], [N(3, 4), N(2, 3, 4)])


def test_einsum_covsum():
    combo(np.einsum, ["ijk,lji->lki"], [N(3, 2, 2)], [N(2, 2, 3)])


def test_einsum_ellipses():
    combo(np.einsum, ["...jk,...lj->...lk", "...,...->..."], [N(3, 3), N(2, 3, 3)],
          [N(3, 3), N(2, 3, 3)])


def test_einsum_ellipses_tail():
    combo(np.einsum, ["jk...,lj...->lk..."], [N(3, 2), N(3, 2, 4)], [N(2, 3), N(2, 3, 4)])


def test_einsum_ellipses_center():
    combo(np.einsum, ["j...k,lj...->lk..."], [N(2, 2), N(2, 2, 2)], [N(2, 2), N(2, 2, 2)])


def test_einsum_three_args():
    combo(np.einsum, ["ijk,lji,lli->lki"], [N(3, 2, 2)], [N(2, 2, 3)], [N(2, 2, 3)])


def test_trace():
    combo(np.trace, [N(3, 3), N(3, 4), N(4, 3), N(2, 3, 4)], offset=[-1, 0, 1])


def test_diag():
    combo(np.diag, [N(4, 4)], k=[-1, 0, 1])


def test_diag_flat():
    combo(np.diag, [N(4)], k=[-1, 0, 1])


def test_tril():
    combo(np.tril, [N(4, 4)], k=[-1, 0, 1])


def test_triu():
    combo(np.triu, [N(4, 4)], k=[-1, 0, 1])


def test_tril_3d():
    combo(np.tril, [N(3, 3, 2)], k=[-1, 0, 1])


def test_triu_3d():
    combo(np.triu, [N(3, 3, 2)], k=[-1, 0, 1])


def test_swapaxes():
    combo(np.swapaxes, [N(2, 3, 2)], axis1=[0, 2], axis2=[0, 1])


def test_rollaxis():
    combo(np.rollaxis, [N(2, 3, 2)], axis=[0, 2], start=[0, 1, 3])


def test_cross():
    combo(np.cross, [N(3, 3)], [N(3, 3)], axisa=[-1, 0], axisb=[0], axisc=[-1, 0])
    combo(np.cross, [N(3, 3)], [N(3, 3)], axis=[None, 0, 1])


def test_vsplit_2d():
    combo(np.vsplit, [N(4, 2)], [2, [1, 2]])


def test_vsplit_3d():
    combo(np.vsplit, [N(4, 2, 2)], [2, [1, 2]])


def test_hsplit_2d():
    combo(np.hsplit, [N(2, 4)], [2, [1, 2]])


def test_hsplit_3d():
    combo(np.hsplit, [N(2, 4, 2)], [2, [1, 2]])


def test_dsplit_3d():
    combo(np.dsplit, [N(2, 2, 4)], [2, [1, 2]])


def test_split_1d():
    combo(np.split, [N(1), N(4)], [1], axis=[0])


def test_split_2d():
    combo(np.split, [N(4, 4)], [2, [1, 2]], axis=[0, 1])


def test_split_3d():
    combo(np.split, [N(2, 4, 2)], [2, [1, 2]], axis=[0, 1, 2])


def test_array_split_1d():
    combo(np.array_split, [N(1), N(7)], [1, 3], axis=[0])


def test_array_split_2d():
    combo(np.array_split, [N(5, 5)], [3, [2, 4]], axis=[0, 1])


def test_array_split_3d():
    combo(np.array_split, [N(3, 3, 3)], [2, [1, 2]], axis=[0, 1, 2])


def test_concatenate_1ist():
    combo(np.concatenate, [L(N(1), N(3))], axis=[0])


def test_concatenate_tuple():
    combo(np.concatenate, [L(N(1), N(3))], axis=[0])


def test_concatenate_2d():
    combo(np.concatenate, [L(N(2, 2), N(2, 2))], axis=[0, 1])


def test_concatenate_3d():
    combo(np.concatenate, [L(N(2, 2, 2), N(2, 2, 2))], axis=[0, 1, 2])


def test_vstack_1d():
    combo(np.vstack, [N(2), L(N(2), N(2))])


def test_vstack_2d():
    combo(np.vstack, [N(2, 3), L(N(2, 4), N(1, 4))])


def test_vstack_3d():
    combo(np.vstack, [N(2, 3, 2), L(N(2, 3, 2), N(1, 3, 2))])


def test_hstack_1d():
    combo(np.hstack, [N(2), L(N(2), N(2))])


def test_hstack_2d():
    combo(np.hstack, [N(3, 2), L(N(3, 4), N(3, 1))])


def test_hstack_3d():
    combo(np.hstack, [N(2, 3, 2), L(N(2, 1, 2), N(2, 2, 2))])


def test_stack_1d():
    combo(np.stack, [L(N(2)), L(N(2), N(2))], axis=[0, 1])


def test_row_stack_2d():
    combo(np.vstack, [N(2, 3), L(N(2, 4), N(1, 4))])


def test_column_stack_1d():
    combo(np.column_stack, [N(2), L(N(2), N(2))])


def test_column_stack_2d():
    combo(np.column_stack, [N(2, 2), L(N(2, 2), N(2, 2))])


def test_select():
    conds = [R(2, 3) > 0, R(2, 3) > 0, R(2, 3) > 0]

    def fun(a, b, c):
        return np.select(conds, [a, b, c], default=1.1)

    check(fun, R(2, 3), R(2, 3), R(2, 3))
