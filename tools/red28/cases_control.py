# ruff: noqa: E501, E402, BLE001, E731, SIM108, C416, PLR1730, UP028
"""Python control flow and indexing as users write it (red28)."""
import math

import numpy as np
from harness import Case


def v(*shape):
    return lambda r: (r.standard_normal(shape),)


def pos(*shape):
    return lambda r: (r.uniform(0.5, 2.0, shape),)


# ---- while loops
def while_break_else(x):
    s = 0.0
    i = 0
    while i < 5:
        s = s + x[i] ** 2
        if i == 3:
            break
        i += 1
    else:
        s = s * 100.0
    return s * x[0]


def while_else_runs(x):
    s = x[0]
    i = 1
    while i < 4:
        s = s * x[i] + 1.0
        i += 1
    else:
        s = s * 3.0
    return s


def while_continue(x):
    s = 0.0
    i = 0
    while i < 6:
        i += 1
        if i % 2 == 0:
            continue
        s = s + np.sin(x[i - 1]) * s + x[i - 1]
    return s


def while_value_cond(x):
    # loop condition depends on the value, not on the gradient
    y = x * 1.0
    n = 0
    while np.sum(y ** 2) > 0.1 and n < 50:
        y = y * 0.7 + 0.01 * np.tanh(y)
        n += 1
    return np.sum(y)


def for_else_break(x):
    acc = 1.0
    for i in range(5):
        if x[i] > 10.0:
            break
        acc = acc * (1.0 + 0.1 * x[i])
    else:
        acc = acc + x[4] ** 3
    return acc


def early_return_loop(x):
    s = 0.0
    for i in range(6):
        s = s + x[i] * x[(i + 1) % 6]
        if i == 3:
            return s * 2.0
    return s


def early_return_value(x):
    s = 0.0
    for i in range(6):
        s = s + x[i] ** 2
        if s > 2.5:
            return s * x[i]
    return -s


def nested_break(x):
    tot = 0.0
    for i in range(3):
        for j in range(4):
            if j > i + 1:
                break
            tot = tot + x[i, j] * x[j, i] if j < 3 else tot + x[i, j]
    return tot


# ---- closures and nested functions
def closure_loop_var(x):
    fs = []
    for k in range(3):
        fs.append(lambda t, k=k: t * (k + 1.0))
    return sum(f(x) for f in fs).sum()


def closure_late(x):
    fs = []
    for k in range(3):
        def g(t):
            return t * k
        fs.append(g)
    # late binding: every g sees k == 2
    return np.sum(fs[0](x) + fs[1](x) ** 2)


def nested_def_capture(x, y):
    def inner(z):
        return z * y + np.sin(z)
    a = inner(x)
    y = y * 2.0
    return np.sum(inner(a))


def closure_mutated_list(x):
    acc = []

    def push(t):
        acc.append(t ** 2)
    for i in range(3):
        push(x[i])
    return acc[0] * acc[1] + acc[2]


def recursion_sum(x, n=4):
    if n == 0:
        return x[0]
    return x[n] * recursion_sum(x, n - 1) + 1.0


def recursion_arr(x):
    return _rec(x, 3)


def _rec(x, n):
    if n == 0:
        return x
    return np.tanh(_rec(x, n - 1)) * x


def mutual_a(x, n=3):
    if n == 0:
        return x
    return mutual_b(x * 1.5, n - 1)


def mutual_b(x, n):
    return mutual_a(np.sin(x), n)


def mutual(x):
    return np.sum(mutual_a(x))


# ---- boolean ops / conditional expressions
def and_or_arrays(x):
    a = x if x[0] > 0 else -x
    b = x * 2.0 if x.size > 3 and x[0] > 0 else x
    d = None or x
    c = [] or x[1:]
    return np.sum(a * b) + np.sum(c) + np.sum(d ** 2)


def or_first_truthy(x, y):
    z = None
    w = z or y
    return np.sum(x * w)


def and_scalar(a, b):
    r = (a > 0) and a * b
    return r + (b < 0 or a)


def cond_expr_chain(x):
    out = 0.0
    for i in range(5):
        out = out + (x[i] ** 2 if x[i] > 0.3 else (x[i] * 3.0 if x[i] > -0.3 else np.exp(x[i])))
    return out


# ---- comprehensions / iteration helpers
def comp_cond(x):
    return sum([t ** 2 for t in x if t > 0.0]) + sum(t * 3.0 for t in x if t <= 0.0)


def comp_nested(x):
    return sum([x[i] * x[j] for i in range(4) for j in range(4) if i < j])


def dict_comp_sum(x):
    d = {i: x[i] ** 2 for i in range(4) if i != 2}
    return sum(d.values()) * d[3]


def enumerate_start(x):
    s = 0.0
    for i, t in enumerate(x, start=1):
        s = s + i * t ** 2
    return s


def zip_three(x, y):
    s = 0.0
    for a, b, c in zip(x, y, x[1:]):
        s = s + a * b * c
    return s


def reversed_list(x):
    s = 0.0
    for t in reversed([x[0], x[1] * 2.0, x[2]]):
        s = s * 0.5 + t
    return s


def reversed_arr(x):
    s = 0.0
    for t in reversed(x):
        s = s * 0.9 + t ** 2
    return s


def sorted_key_abs(x):
    items = sorted([x[0], x[1], x[2], x[3]], key=abs)
    return items[0] * 1.0 + items[1] * 2.0 + items[2] * 3.0 + items[3] * 4.0


def sorted_reverse(x):
    items = sorted(list(x), reverse=True)
    return items[0] * 3.0 + items[-1] + items[1] ** 2


def max_builtin_key(x):
    rows = [x[0], x[1], x[2]]
    best = max(rows, key=lambda r: r[0])
    return np.sum(best ** 2)


def min_builtin_floats(x):
    return min(x[0], x[1] * 2.0, 1.5) + max(float(x[2]), x[3])


def min_builtin_arr(x):
    return min(x) * max(x)


def any_all(x):
    if all(x > -5.0) and any(x > 0.0):
        return np.sum(x ** 3)
    return np.sum(x)


def map_filter(x):
    ys = list(map(np.sin, x))
    zs = list(filter(lambda t: t > -2.0, ys))
    return sum(zs)


def zip_star(m):
    cols = list(zip(*m))
    return sum(c[0] * c[1] for c in cols)


# ---- indexing
def bool_mask_get(x):
    m = x > 0.1
    return np.sum(x[m] ** 2) + np.sum(x[~m] * 3.0)


def where_one_arg(x):
    idx = np.where(x > 0.0)
    return np.sum(x[idx] ** 2)


def nonzero_idx(x):
    (i,) = np.nonzero(x > 0.0)
    return np.sum(np.exp(x[i]))


def fancy_repeat(x):
    return np.sum(x[[0, 0, 1, 3, 3, 3]] ** 2)


def fancy_2d(x):
    return np.sum(x[[0, 1, 1], [2, 0, 0]] * np.array([1.0, 2.0, 3.0]))


def fancy_rows_cols(x):
    return np.sum(x[np.ix_([0, 2], [1, 1, 3])] ** 2)


def add_at_repeat(x, y):
    a = np.zeros(4)
    np.add.at(a, [0, 1, 0, 3, 3], y)
    return np.sum(a * x) + np.sum(a ** 2)


def neg_steps(x):
    return np.sum(x[::-1] * x) + np.sum(x[-1:0:-2] ** 2) + x[-2]


def rev_2d(x):
    return np.sum(x[::-1, ::2] * np.arange(6.0).reshape(3, 2)) + np.sum(x[:, ::-1] ** 2 * x)


def int_mask_index(x):
    k = np.array([2, 0])
    return np.sum(x[k][:, k] ** 2)


def bool_list_index(x):
    return np.sum(x[np.array([True, False, True, False, True])] ** 3)


# ---- in-place in loops
def inplace_row_loop(x):
    a = x.copy()
    for i in range(1, 4):
        a[i] += a[i - 1] * 0.5
    return np.sum(a ** 2)


def inplace_col_loop(x):
    a = x * 1.0
    for j in range(3):
        a[:, j] *= a[:, (j + 1) % 3] + 2.0
    return np.sum(a)


def inplace_slice_view_loop(x):
    a = x * 1.0
    v_ = a[1:3]
    for i in range(3):
        v_ *= 1.1 + 0.1 * i
        a[0] = a[0] + v_[0] * v_[1]
    return np.sum(a ** 2)


def inplace_diag_loop(x):
    a = x * 1.0
    for i in range(3):
        a[i, i] = a[i, i] ** 2 + a[i, (i + 1) % 3]
    return np.sum(a * x)


def flat_iter(x):
    s = 0.0
    for t in x.flat:
        s = s + t ** 2
    return s


def flat_index_store(x):
    a = x * 1.0
    a.flat[[0, 4]] = a.flat[[1, 2]] * 3.0
    return np.sum(a ** 2)


def put_repeat(x):
    a = x * 1.0
    np.put(a, [0, 2], x[1:3] ** 2)
    return np.sum(a * x)


def out_kw_loop(x):
    a = np.empty_like(x)
    np.multiply(x, 2.0, out=a)
    np.sin(a, out=a)
    np.add(a, x, out=a)
    return np.sum(a ** 2)


def out_kw_sum(x):
    r = np.empty(3)
    np.sum(x, axis=0, out=r)
    return np.sum(r ** 2)


def dtype_change(x):
    a = x.astype(np.float32).astype(np.float64)
    b = np.asarray(x, dtype=float) * 2.0
    return np.sum(np.square(b) + a * 0.0)


def int_cast_branch(x):
    n = int(x[0] * 0.0 + 3)
    return np.sum(x[:n] ** 2)


def neg_base_int_pow(x):
    return np.sum(x ** 3 + (-x) ** 2 + x ** -2)


def neg_base_int_float_pow(x):
    return np.sum(x ** 3.0 + np.power(x, 2.0))


def abs_builtin(x):
    return sum(abs(t) ** 1.5 for t in x) + np.sum(abs(x) * x)


def math_funcs2(a, b):
    return math.exp(a) * math.log(b) + math.sqrt(b) * math.atan2(a, b) + math.hypot(a, b) + math.pow(b, a) + math.tanh(a) + math.erf(a) + math.gamma(b) + math.lgamma(b) + math.fsum([a, b * b])


def float32_input(x):
    return np.sum(np.sin(x) * x ** 2)


def round_trip_float(x):
    s = float(x[0]) * 2.0 + x[1].item() * 3.0
    return s * np.sum(x)


def tuple_of_views(x):
    a, b = x[:2], x[2:]
    t = (a, b)
    t[0][0] = t[1][1] * 2.0
    return np.sum(x * 1.0) + np.sum(a ** 2)


def mod_index_cycle(x):
    s = 0.0
    for i in range(8):
        s = s + x[i % 3] * x[(i * 2) % 5]
    return s


def step_range_neg(x):
    s = 0.0
    for i in range(4, -1, -2):
        s = s * x[i] + x[i]
    return s


def loop_over_rows_mut(x):
    a = x * 1.0
    for r in a:
        r *= 2.0
        r[0] = r[1] ** 2
    return np.sum(a ** 2)


def swap_elems_loop(x):
    a = x * 1.0
    for i in range(3):
        a[i], a[i + 1] = a[i + 1] * 2.0, a[i]
    return np.sum(a * np.arange(1.0, 6.0))


def aug_list_of_arrays(x):
    parts = [x[:2] * 1.0, x[2:4] * 1.0]
    for p in parts:
        p += 1.0
        p *= p
    return sum(np.sum(p) for p in parts) + np.sum(x)


def chained_compare(x):
    s = 0.0
    for t in x:
        if -0.5 < t < 0.5:
            s = s + t ** 2
        else:
            s = s + t
    return s


def walrus_while(x):
    i = 0
    s = 0.0
    while (j := i + 1) < 5:
        s = s + x[j] * x[i]
        i = j
    return s


def matmul_loop_power(a):
    m = np.eye(3)
    for _ in range(3):
        m = m @ a
    return np.trace(m)


def cumulative_list(x):
    out = [x[0]]
    for t in x[1:]:
        out.append(out[-1] * 0.5 + t ** 2)
    return np.array(out) @ np.arange(1.0, 6.0)


CASES = [
    Case(while_break_else, v(5), loops=True),
    Case(while_else_runs, v(5), loops=True),
    Case(while_continue, v(6), loops=True),
    Case(while_value_cond, v(4), loops=True, hvp=False),
    Case(for_else_break, v(5), loops=True),
    Case(early_return_loop, v(6), loops=True),
    Case(early_return_value, v(6), loops=True),
    Case(nested_break, v(4, 4), loops=True),
    Case(closure_loop_var, v(3)),
    Case(closure_late, v(3)),
    Case(nested_def_capture, lambda r: (r.standard_normal(3), r.standard_normal(3))),
    Case(closure_mutated_list, v(3)),
    Case(recursion_sum, v(5)),
    Case(recursion_arr, v(3)),
    Case(mutual, v(3)),
    Case(and_or_arrays, lambda r: (r.uniform(0.2, 1, 4),)),
    Case(or_first_truthy, lambda r: (r.standard_normal(3), r.standard_normal(3))),
    Case(and_scalar, lambda r: (float(r.uniform(0.5, 1)), float(r.uniform(-1, -0.5)))),
    Case(cond_expr_chain, v(5)),
    Case(comp_cond, v(6)),
    Case(comp_nested, v(4)),
    Case(dict_comp_sum, v(4)),
    Case(enumerate_start, v(4), loops=True),
    Case(zip_three, lambda r: (r.standard_normal(4), r.standard_normal(4)), loops=True),
    Case(reversed_list, v(3)),
    Case(reversed_arr, v(4), loops=True),
    Case(sorted_key_abs, lambda r: (np.array([0.3, -1.2, 2.0, -0.7]) + 0.01 * r.standard_normal(4),)),
    Case(sorted_reverse, v(4)),
    Case(max_builtin_key, v(3, 2)),
    Case(min_builtin_floats, lambda r: (np.array([0.3, 0.2, -1.0, 0.5]) + 0.01 * r.standard_normal(4),)),
    Case(min_builtin_arr, v(5)),
    Case(any_all, v(4)),
    Case(map_filter, v(4)),
    Case(zip_star, v(2, 3)),
    Case(bool_mask_get, lambda r: (np.array([0.5, -0.3, 1.2, -1.1, 0.8]) + 0.01 * r.standard_normal(5),)),
    Case(where_one_arg, lambda r: (np.array([0.5, -0.3, 1.2, -1.1, 0.8]) + 0.01 * r.standard_normal(5),)),
    Case(nonzero_idx, lambda r: (np.array([0.5, -0.3, 1.2, -1.1, 0.8]) + 0.01 * r.standard_normal(5),)),
    Case(fancy_repeat, v(4)),
    Case(fancy_2d, v(2, 3)),
    Case(fancy_rows_cols, v(3, 4)),
    Case(add_at_repeat, lambda r: (r.standard_normal(4), r.standard_normal(5))),
    Case(neg_steps, v(6)),
    Case(rev_2d, v(3, 4)),
    Case(int_mask_index, v(3, 3)),
    Case(bool_list_index, v(5)),
    Case(inplace_row_loop, v(4, 2), loops=True),
    Case(inplace_col_loop, v(2, 3), loops=True),
    Case(inplace_slice_view_loop, v(4), loops=True),
    Case(inplace_diag_loop, v(3, 3), loops=True),
    Case(flat_iter, v(2, 2), loops=True),
    Case(flat_index_store, v(2, 3)),
    Case(put_repeat, v(4)),
    Case(out_kw_loop, v(4)),
    Case(out_kw_sum, v(2, 3)),
    Case(dtype_change, v(4)),
    Case(int_cast_branch, v(5)),
    Case(neg_base_int_pow, lambda r: (-r.uniform(0.5, 2, 4),)),
    Case(neg_base_int_float_pow, lambda r: (-r.uniform(0.5, 2, 4),)),
    Case(abs_builtin, lambda r: (np.array([0.5, -0.7, 1.2, -1.1]) + 0.01 * r.standard_normal(4),)),
    Case(math_funcs2, lambda r: (float(r.uniform(0.2, 1)), float(r.uniform(1, 2)))),
    Case(float32_input, v(4)),
    Case(round_trip_float, v(3)),
    Case(tuple_of_views, v(4)),
    Case(mod_index_cycle, v(5), loops=True),
    Case(step_range_neg, v(5), loops=True),
    Case(loop_over_rows_mut, v(3, 2), loops=True),
    Case(swap_elems_loop, v(5), loops=True),
    Case(aug_list_of_arrays, v(4)),
    Case(chained_compare, lambda r: (np.array([0.1, -0.2, 0.9, -1.1, 0.3]) + 0.01 * r.standard_normal(5),), loops=True),
    Case(walrus_while, v(5), loops=True),
    Case(matmul_loop_power, v(3, 3), loops=True),
    Case(cumulative_list, v(5), loops=True),
]
