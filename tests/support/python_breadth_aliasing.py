"""Python-breadth cases, part 5: views, aliases and helpers that change their arguments.

NumPy's rows and basic slices are views; a tuple swap of rows reads a view after it was
written; iterating over an array while storing into it; helpers that store into the array,
list or dict they are passed; recursion; numpy integer scalars as counts. ``CASES`` are
``(function, argument tuples, wrt or None)``.
"""

import numpy as np


def swap_rows_tuple(m):
    y = m.copy()
    y[0], y[1] = y[1], y[0]
    return np.sum(y * np.arange(1.0, 7.0).reshape(2, 3))


def swap_columns_tuple(m):
    y = m.copy()
    y[:, 0], y[:, 1] = y[:, 1], y[:, 0] * 2.0
    return np.sum(y * np.arange(1.0, 7.0).reshape(2, 3))


def row_view_then_store(m):
    y = m * 1.0
    a = y[0]
    y[0] = y[1] * 3.0
    return np.sum(a * y[1])


def iterate_rows_inplace(m):
    y = m.copy()
    for row in y:
        row *= row[0]
    return np.sum(y)


def iterate_while_storing(x):
    y = x.copy()
    for v in y:
        y[-1] = y[-1] + v * v
    return np.sum(y)


def slice_view_inplace(x):
    y = x * 1.0
    head = y[:2]
    head += y[2]
    return np.sum(y ** 2)


def helper_stores_into(a, v):
    a[0] = a[0] * v
    return None


def helper_mutates_argument(x):
    y = x.copy()
    helper_stores_into(y, x[1])
    return np.sum(y ** 2)


def helper_appends(acc, v):
    acc.append(v * v)


def helper_mutates_list(x):
    acc = [x]
    helper_appends(acc, x + 1.0)
    return acc[0] * acc[1]


def helper_sets_key(d, v):
    d["out"] = d["in"] * v


def helper_mutates_dict(x):
    d = {"in": x}
    helper_sets_key(d, 3.0)
    return d["out"] + x


def helper_returns_argument(a):
    return a


def alias_through_helper(x):
    y = x.copy()
    z = helper_returns_argument(y)
    z *= 2.0
    return np.sum(y * x)


def power_recursive(x, n):
    if n == 0:
        return 1.0
    return x * power_recursive(x, n - 1)


def recursion_user(x):
    return power_recursive(x, 3) + power_recursive(x * 2.0, 1)


def numpy_int_counts(x, n):
    s = 0.0
    for k in range(n):
        s = s + x ** (k + 1) * np.int64(2)
    return s * float(n)


def int_base_float_power(x):
    return 2 ** x + 3 ** (x * 0.5) * x


def negative_int_power(x):
    return x ** -2 + x ** (-1) * 3


def chained_assignment(x):
    a = b = x * 2.0
    a = a + 1.0
    return a * b


def chained_assignment_arrays(x):
    a = b = x * 2.0
    b[0] = 5.0
    return np.sum(a * x)


def list_of_views(m):
    y = m.copy()
    rows = [y[0], y[1]]
    y *= 2.0
    return np.sum(rows[0] * rows[1])


def list_holds_alias(x):
    y = x.copy()
    lst = [y, y]
    lst[0][0] = 3.0 * x[2]
    return np.sum(lst[1] * x)


def closure_reads_mutated_array(x):
    y = x.copy()

    def total():
        return np.sum(y ** 2)
    y[0] = x[1] * 4.0
    return total()


def reshape_view_inplace(x):
    y = x.copy()
    r = y.reshape(2, 2)
    r[0] *= 3.0
    return np.sum(y * x)


def transpose_view_store(m):
    y = m.copy()
    t = y.T
    t[0] = t[1] * 2.0
    return np.sum(y * m)


def ravel_inplace(m):
    y = m.copy()
    flat = y.ravel()
    flat[0] = flat[-1] * 2.0
    return np.sum(y ** 2)


def fancy_copy_not_view(x):
    y = x.copy()
    f = y[[0, 1]]
    f *= 10.0
    return np.sum(y * x) + np.sum(f)


def inplace_ufunc_out(x):
    y = x.copy()
    np.multiply(y, 2.0, out=y)
    np.add(y, x, out=y)
    return np.sum(y * x)


def view_of_param(x):
    v = x[1:]
    return np.sum(v * x[:-1])


def sort_inplace(x):
    y = x * 1.0
    y.sort()
    return y[0] * 3.0 + y[-1]


CASES = [
    (swap_rows_tuple, [(np.arange(6.0).reshape(2, 3) * 0.1 + 0.3,)], None),
    (swap_columns_tuple, [(np.arange(6.0).reshape(2, 3) * 0.1 + 0.3,)], None),
    (row_view_then_store, [(np.arange(6.0).reshape(2, 3) * 0.1 + 0.3,)], None),
    (iterate_rows_inplace, [(np.arange(6.0).reshape(2, 3) * 0.1 + 0.3,)], None),
    (iterate_while_storing, [(np.array([0.5, -1.0, 2.0]),)], None),
    (slice_view_inplace, [(np.array([0.5, -1.0, 2.0]),)], None),
    (helper_mutates_argument, [(np.array([0.5, -1.0, 2.0]),)], None),
    (helper_mutates_list, [(0.7,)], None),
    (helper_mutates_dict, [(0.7,)], None),
    (alias_through_helper, [(np.array([0.5, -1.0, 2.0]),)], None),
    (recursion_user, [(0.7,)], None),
    (numpy_int_counts, [(0.7, 3), (0.7, np.int64(4))], (0,)),
    (int_base_float_power, [(0.7,)], None),
    (negative_int_power, [(0.7,), (np.array([0.5, 2.0]),)], None),
    (chained_assignment, [(0.7,)], None),
    (chained_assignment_arrays, [(np.array([0.5, -1.0, 2.0]),)], None),
    (list_of_views, [(np.arange(6.0).reshape(2, 3) * 0.1 + 0.3,)], None),
    (list_holds_alias, [(np.array([0.5, -1.0, 2.0]),)], None),
    (closure_reads_mutated_array, [(np.array([0.5, -1.0, 2.0]),)], None),
    (reshape_view_inplace, [(np.array([0.5, -1.0, 2.0, 1.5]),)], None),
    (transpose_view_store, [(np.arange(6.0).reshape(2, 3) * 0.1 + 0.3,)], None),
    (ravel_inplace, [(np.arange(6.0).reshape(2, 3) * 0.1 + 0.3,)], None),
    (fancy_copy_not_view, [(np.array([0.5, -1.0, 2.0]),)], None),
    (inplace_ufunc_out, [(np.array([0.5, -1.0, 2.0]),)], None),
    (view_of_param, [(np.array([0.5, -1.0, 2.0]),)], None),
    (sort_inplace, [(np.array([0.5, -1.0, 2.0]),)], None),
]
