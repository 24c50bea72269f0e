# ruff: noqa: F841, E741, BLE001, E501
"""red34 area 1: optimize/dead.py check_broadcast, _Pending substitution, user dead code."""
import math

import numpy as np

from run import check, report


def inplace_item(a, b, c):
    t = a + b
    b[0] = 5.0
    u = t * c
    return np.sum(u) * 0 + np.sum(a * c)


def inplace_aug(a, b, c):
    t = a + b
    b += 1.0
    u = t * c
    return np.sum(a * c)


def shape_attr(a, b, c):
    t = a + b
    b.shape = (b.size, 1)
    u = t * c
    return np.sum(a)


def helper_changes(a, b, c):
    t = a + b
    _grow(b)
    u = t * c
    return np.sum(a * 2.0)


def _grow(x):
    x[...] = 2.0


def view_written(a, b, c):
    t = a + b
    v = b[:]
    v[0] = 3.0
    u = t * c
    return np.sum(a * c)


def loop_trip(a, b, c, n):
    t = a
    for i in range(n):
        u = t * c
        t = a + b
    return np.sum(a * 2.0)


def loop_rebind(a, b, c):
    for i in range(3):
        t = a + b
        b = c
    return np.sum(a)


def under_if(a, b, c, flag):
    t = a + b
    if flag:
        b = c
    u = t * c
    return np.sum(a * 3.0)


def term_loop_var(a, bs):
    s = 0.0
    for b in bs:
        t = a + b
        s = s + np.sum(a)
    return s


def term_loop_var2(a, b, c):
    t = a
    for x in (b, c):
        t = a * x
    return np.sum(a)


def dropped_intermediate(a, b, c):
    t = a + b
    u = t[None] * c
    return np.sum(u)


def dropped_intermediate2(a, b, c):
    return np.sum((a + b)[None] * c)


def int_div_aug(a, k):
    m = k + 1
    m /= 2
    return np.sum(a * 2.0)


def int_div_aug_arr(a, k):
    m = k.copy()
    m /= 2.0
    return np.sum(a * 2.0)


def bitand_float(a, b):
    t = a & b
    return np.sum(a * b)


def lshift_float(a, b):
    t = a << b
    return np.sum(a * b)


def pyfloat_zero_div(x, y):
    t = x / y
    return x * 2.0


def pyfloat_mod_zero(x, y):
    t = x % y
    return x * 2.0


def pyfloat_pow_overflow(x, y):
    t = x ** y
    return x * 2.0


def pyfloat_floordiv(x, y):
    t = x // y
    return x * 2.0


def none_operand(a, c):
    t = a + c
    return np.sum(a * 2.0)


def compare_none(a, c):
    t = a < c
    return np.sum(a * 2.0)


def dead_in_loop_inner(a, b):
    s = 0.0
    for i in range(2):
        t = np.inner(a, b)
        s = s + np.sum(a)
    return s


def dead_under_if(a, b, flag):
    if flag:
        t = np.inner(a, b)
    return np.sum(a * a)


def _dead_helper(a, b):
    t = np.inner(a, b)
    return a * 2.0


def dead_in_helper(a, b):
    return np.sum(_dead_helper(a, b))


def dead_index(a, zs):
    t = zs[5]
    return np.sum(a * 2.0)


def unpack_star(a, seq):
    p, *q = seq
    return np.sum(a * 2.0)


def unpack_nested(a, seq):
    (p, q), r = seq
    return np.sum(a * 2.0)


def unpack_star_mid(a, seq):
    p, *q, r = seq
    return np.sum(a * 2.0)


def unpack_arr(a):
    p, q = a
    return np.sum(a * 2.0)


def unpack_arr_used(a):
    p, q = a
    return p * 2.0


def np_sum_list(a, b):
    t = np.sum([a, b])
    return np.sum(a * 2.0)


def check_float32(a, s):
    t = a + s
    return np.sum(a * 3.0)


def math_exp_dead(x):
    t = math.exp(x)
    return x * 2.0


def math_sqrt_dead(x):
    t = math.sqrt(x)
    return x * 2.0


def list_plus_array(a, l):
    t = a + l
    return np.sum(a * 2.0)


def list_from_tuple(a, pair):
    l = pair[0]
    t = a + l
    return np.sum(a * 2.0)


def dict_value(a, d):
    l = d["k"]
    t = a * l
    return np.sum(a * 2.0)


def str_operand(a, s):
    t = a + s
    return np.sum(a * 2.0)


def sub_of_check(a, b, c):
    t = a + b
    u = t * c
    a = a[:2]
    return np.sum(a)


def chain_after_rebind(a, b, c):
    t = a + b
    a = c
    u = t * c
    return np.sum(a)


def matmul_dead(a, b):
    t = a @ b
    return np.sum(a * 2.0)


def ufunc_dead(a, b):
    t = np.maximum(a, b)
    return np.sum(a * 2.0)


def ufunc_used_through(a, b, c):
    t = np.maximum(a, b)
    return np.sum(t * 0.0 + c) + np.sum(a)


def transpose_term(a, b):
    t = a.T + b
    return np.sum(a * 2.0)


def walrus_inside(a, b, c):
    t = a + (b := c)
    return np.sum(a * b)


def neg_dead(a, b):
    t = -a + b
    return np.sum(a)


def int_array_div(a, k):
    j = k // 0
    return np.sum(a * 2.0)


def assert_after(a, b):
    t = a + b
    assert a.shape == (3,)
    return np.sum(a * b)


def bool_args(a, b):
    t = a - b
    return np.sum(a * 2.0)


R = np.random.default_rng(0)
f3 = lambda: R.normal(size=3)  # noqa: E731
f4 = lambda: R.normal(size=4)  # noqa: E731


def main():
    A = "dead"
    for fn in (inplace_item, inplace_aug, helper_changes, view_written, under_if):
        extra = (True,) if fn is under_if else ()
        check(A, fn, (f3(), f3(), f4()) + extra)
        check(A, fn, (f3(), f3(), f3()) + extra)
        check(A, fn, (f3(), f4(), f3()) + extra)
    check(A, under_if, (f3(), f3(), f4(), False))
    check(A, shape_attr, (f3(), f3(), R.normal(size=(3, 3))))
    check(A, shape_attr, (f3(), f3(), R.normal(size=(4, 3))))
    for n in (0, 1, 2):
        check(A, loop_trip, (f3(), f4(), f3(), n))
        check(A, loop_trip, (f3(), f3(), f4(), n))
    check(A, loop_rebind, (f3(), f4(), f3()))
    check(A, loop_rebind, (f3(), f3(), f4()))
    check(A, term_loop_var, (f3(), [f3(), f4()]))
    check(A, term_loop_var, (f3(), [f3(), f3()]))
    check(A, term_loop_var2, (f3(), f3(), f4()))
    check(A, term_loop_var2, (f3(), f4(), f3()))
    for fn in (dropped_intermediate, dropped_intermediate2):
        check(A, fn, (f3(), f3(), R.normal(size=(2, 3))))
        check(A, fn, (f3(), f4(), R.normal(size=(2, 3))))
        check(A, fn, (f3(), R.normal(size=(4, 1)), R.normal(size=(2, 4, 3))))
        check(A, fn, (f3(), R.normal(size=(4, 1)), R.normal(size=(4, 3))))
    check(A, int_div_aug, (f3(), 3))
    check(A, int_div_aug_arr, (f3(), np.arange(3)))
    check(A, bitand_float, (f3(), f3()))
    check(A, lshift_float, (f3(), f3()))
    for fn in (pyfloat_zero_div, pyfloat_mod_zero, pyfloat_floordiv):
        check(A, fn, (1.5, 0.0))
        check(A, fn, (1.5, 2.0))
    check(A, pyfloat_pow_overflow, (10.0, 400.0))
    check(A, pyfloat_pow_overflow, (0.0, -1.0))
    check(A, none_operand, (f3(), None))
    check(A, compare_none, (f3(), None))
    check(A, dead_in_loop_inner, (f3(), f4()))
    check(A, dead_under_if, (f3(), f4(), True))
    check(A, dead_under_if, (f3(), f4(), False))
    check(A, dead_in_helper, (f3(), f4()))
    check(A, dead_index, (f3(), [1.0, 2.0]))
    check(A, dead_index, (f3(), [1.0] * 7))
    check(A, unpack_star, (f3(), []))
    check(A, unpack_star, (f3(), [1.0, 2.0]))
    check(A, unpack_nested, (f3(), [(1.0, 2.0), 3.0]))
    check(A, unpack_nested, (f3(), [(1.0, 2.0, 4.0), 3.0]))
    check(A, unpack_nested, (f3(), [1.0, 3.0]))
    check(A, unpack_star_mid, (f3(), [1.0]))
    check(A, unpack_star_mid, (f3(), [1.0, 2.0, 3.0]))
    check(A, unpack_arr, (f3(),))
    check(A, unpack_arr, (R.normal(size=2),))
    check(A, unpack_arr_used, (f3(),))
    check(A, unpack_arr_used, (R.normal(size=(2, 3)),))
    check(A, np_sum_list, (f3(), f4()))
    check(A, check_float32, (f3(), np.float32(2.0)))
    check(A, check_float32, (f3(), np.zeros(4, np.float32)))
    check(A, check_float32, (f3(), np.array(2.0)))
    check(A, check_float32, (f3(), 2))
    check(A, check_float32, (f3(), True))
    check(A, check_float32, (f3(), [1.0, 2.0]))
    check(A, check_float32, (f3(), (1.0, 2.0, 3.0)))
    check(A, check_float32, (f3(), [[1.0, 2.0]]))
    check(A, math_exp_dead, (1000.0,))
    check(A, math_sqrt_dead, (-1.0,))
    check(A, list_plus_array, (f3(), [1.0, 2.0]))
    check(A, list_from_tuple, (f3(), ([1.0, 2.0], 1.0)))
    check(A, dict_value, (f3(), {"k": [1.0, 2.0]}))
    check(A, dict_value, (f3(), {"k": np.ones(4)}))
    check(A, str_operand, (f3(), "x"))
    check(A, sub_of_check, (f3(), f4(), f3()))
    check(A, sub_of_check, (f3(), f3(), f4()))
    check(A, chain_after_rebind, (f3(), f4(), f3()))
    check(A, chain_after_rebind, (f3(), f3(), f4()))
    check(A, matmul_dead, (f3(), f4()))
    check(A, ufunc_dead, (f3(), f4()))
    check(A, ufunc_used_through, (f3(), f4(), f3()))
    check(A, ufunc_used_through, (f3(), f3(), f4()))
    check(A, transpose_term, (R.normal(size=(2, 3)), R.normal(size=(2, 3))))
    check(A, transpose_term, (R.normal(size=(2, 3)), R.normal(size=(3, 2))))
    check(A, walrus_inside, (f3(), f4(), f3()))
    check(A, neg_dead, (f3(), f4()))
    check(A, int_array_div, (f3(), np.arange(3)))
    check(A, assert_after, (f3(), f4()))
    check(A, bool_args, (f3(), np.array([True, False, True])))
    check(A, bool_args, (np.array([True, False, True]), f3()), wrt=1)


if __name__ == "__main__":
    main()
    report()
