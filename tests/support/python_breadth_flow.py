"""Python-breadth cases, part 1: loops, early exits, comprehensions, iteration builtins.

Ordinary numeric Python as outsiders write it (tests/compat/test_python_breadth.py checks
each in every mode). ``CASES`` are ``(function, argument tuples, wrt or None)``.
"""


import numpy as np

TOL = 1e-3
SCALE = 0.5


def while_compound(x, n):
    i, acc = 0, 0.0
    while i < n and acc < 50.0:
        acc = acc + x * x + i
        i += 1
    return acc


def while_break_else(x):
    total = 0.0
    k = 0
    while k < 6:
        total += np.sin(x * k)
        if k == 4:
            break
        k += 1
    else:
        total = total * 100.0
    return total


def while_else_runs(x):
    total = x
    k = 0
    while k < 3:
        total = total * 1.5 + k
        k += 1
    else:
        total = total - x * x
    return total


def for_continue(xs):
    s = 0.0
    for i in range(len(xs)):
        if i % 2 == 1:
            continue
        s += xs[i] ** 2
    return s


def for_else_no_break(x):
    y = x
    for k in range(3):
        if k > 10:
            break
        y = y * np.cos(y)
    else:
        y = y + 1.0
    return y


def early_return_in_loop(x, limit):
    y = x
    for k in range(10):
        y = y * 1.3
        if y > limit:
            return y * k
    return -y


def early_return_while(x):
    y = x
    while True:
        y = y * y + 0.1
        if y > 2.0:
            return np.log(y)


def nested_break(xs):
    acc = 0.0
    for i in range(3):
        for j in range(3):
            if j > i:
                break
            acc += xs[i] * xs[j]
    return acc


def range_negative_step(xs):
    s = 0.0
    for i in range(len(xs) - 1, -1, -2):
        s = s * 0.5 + xs[i]
    return s


def range_step_three(xs):
    out = 0.0
    for i in range(1, len(xs), 3):
        out += xs[i] * i
    return out


def reversed_enumerate(xs):
    s = 0.0
    for i, v in reversed(list(enumerate(xs))):
        s = s * 0.9 + v * (i + 1)
    return s


def zip_pairs(xs, ys):
    return sum(a * b for a, b in zip(xs, ys))


def zip_loop_accumulate(xs, ys):
    acc = 0.0
    for a, b in zip(xs, ys):
        acc = acc + a * np.exp(-b)
    return acc


def enumerate_start(xs):
    s = 0.0
    for k, v in enumerate(xs, start=1):
        s += v / k
    return s


def reversed_array(xs):
    s = 0.0
    for v in reversed(xs):
        s = s * 0.5 + v
    return s


def iterate_rows(m):
    s = 0.0
    for row in m:
        s = s + np.sum(row ** 2) * 0.5
    return s


def genexp_sum_if(xs):
    return sum(v * v for v in xs if v > 0)


def listcomp_sum(xs):
    sq = [v ** 3 for v in xs]
    return sum(sq) + max(sq)


def listcomp_index(xs):
    return sum([xs[i] * xs[i - 1] for i in range(1, len(xs))])


def listcomp_stack(xs):
    parts = [np.sin(xs * k) for k in range(1, 4)]
    return np.sum(np.stack(parts) ** 2)


def nested_comprehension(m):
    return sum(m[i, j] * (i + 1) for i in range(m.shape[0]) for j in range(m.shape[1]) if i != j)


def dict_comprehension(x):
    d = {k: x * k for k in range(1, 4)}
    return d[1] + d[2] * d[3]


def min_max_genexp(xs):
    return max(v * 2 for v in xs) - min(v * v for v in xs)


def fib_swap(x, n):
    a, b = x, 1.0
    for _ in range(n):
        a, b = b, a + b
    return a * b


def swap_rotate(x, y, z):
    for _ in range(3):
        x, y, z = y, z, x * 0.5
    return x + 2 * y + 3 * z


def tuple_unpack_nested(p):
    (a, b), c = (p[0], p[1]), p[2]
    return a * b - c ** 2


def star_unpack(xs):
    first, *rest = xs
    return first * sum(rest)


def chained_comparison(x):
    if 0.0 < x < 1.0:
        return x ** 2
    elif 1.0 <= x < 3.0:
        return 2.0 * x - 1.0
    return x


def chained_comparison_array(xs):
    s = 0.0
    for v in xs:
        s += v * v if -1.0 < v <= 1.0 else v
    return s


def conditional_expression(x, y):
    z = x * y if x > y else x + y
    return z * z


def and_or_values(x, scale):
    s = scale or 2.0
    t = (x > 0) and s
    return x * s + t


def or_default_none(x, w=None):
    w = w or 3.0
    return x * w


def not_condition(x, flag):
    if not flag:
        return x * 2.0
    return x ** 3


def loop_over_dict_items(params):
    s = 0.0
    for name, value in params.items():
        if name.startswith("w"):
            s = s + np.sum(value ** 2)
        else:
            s = s + np.sum(value)
    return s


def loop_sorted_keys(params):
    s = 0.0
    for key in sorted(params):
        s = s * 0.5 + params[key]
    return s


def any_all_guard(xs):
    if all(v > -10 for v in xs):
        return np.sum(xs ** 2)
    return np.sum(xs)


def while_tolerance(x):
    y = x
    step = 1.0
    while abs(step) > TOL:
        step = 0.5 * (y - 2.0 / y)
        y = y - step
    return y * x


def loop_variable_after(xs):
    for i in range(len(xs)):
        pass
    return xs[i] * i


def count_by_range_len(xs):
    n = len(xs)
    return sum(xs[k] * (n - k) for k in range(n))


CASES = [
    (while_compound, [(1.5, 4), (0.3, 10)], (0,)),
    (while_break_else, [(0.7,), (1.3,)], None),
    (while_else_runs, [(0.7,)], None),
    (for_continue, [(np.array([0.5, -1.0, 2.0, 3.0, 1.5]),)], None),
    (for_else_no_break, [(0.4,)], None),
    (early_return_in_loop, [(0.5, 3.0), (0.1, 100.0)], (0,)),
    (early_return_while, [(0.9,), (1.7,)], None),
    (nested_break, [(np.array([0.5, -1.0, 2.0]),)], None),
    (range_negative_step, [(np.array([0.5, -1.0, 2.0, 3.0, 1.5]),)], None),
    (range_step_three, [(np.arange(8.0) * 0.3,)], None),
    (reversed_enumerate, [(np.array([0.5, -1.0, 2.0]),)], None),
    (zip_pairs, [(np.array([0.5, -1.0, 2.0]), np.array([1.0, 2.0, -0.5]))], None),
    (zip_loop_accumulate, [(np.array([0.5, -1.0, 2.0]), np.array([1.0, 2.0, -0.5]))], None),
    (enumerate_start, [(np.array([0.5, -1.0, 2.0]),)], None),
    (reversed_array, [(np.array([0.5, -1.0, 2.0]),)], None),
    (iterate_rows, [(np.arange(6.0).reshape(2, 3) * 0.1,)], None),
    (genexp_sum_if, [(np.array([0.5, -1.0, 2.0]),)], None),
    (listcomp_sum, [(np.array([0.5, -1.0, 2.0]),)], None),
    (listcomp_index, [(np.array([0.5, -1.0, 2.0, 0.3]),)], None),
    (listcomp_stack, [(np.array([0.5, -1.0, 2.0]),)], None),
    (nested_comprehension, [(np.arange(6.0).reshape(2, 3) * 0.2,)], None),
    (dict_comprehension, [(0.7,)], None),
    (min_max_genexp, [(np.array([0.5, -1.0, 2.0]),)], None),
    (fib_swap, [(0.5, 5), (1.5, 0)], (0,)),
    (swap_rotate, [(0.5, 1.5, -2.0)], None),
    (tuple_unpack_nested, [(np.array([0.5, -1.0, 2.0]),)], None),
    (star_unpack, [(np.array([0.5, -1.0, 2.0]),)], None),
    (chained_comparison, [(0.5,), (2.0,), (4.0,)], None),
    (chained_comparison_array, [(np.array([0.5, -1.5, 2.0]),)], None),
    (conditional_expression, [(1.5, 0.5), (0.5, 1.5)], None),
    (and_or_values, [(1.5, 0.0), (-0.5, 1.5)], None),
    (or_default_none, [(1.5,), (1.5, 0.5)], None),
    (not_condition, [(1.5, False), (1.5, True)], (0,)),
    (loop_over_dict_items, [({"w1": np.array([0.5, 1.0]), "b": np.array([2.0])},)], None),
    (loop_sorted_keys, [({"b": 0.5, "a": 2.0, "c": -1.0},)], None),
    (any_all_guard, [(np.array([0.5, -1.0, 2.0]),)], None),
    (while_tolerance, [(1.0,), (3.0,)], None),
    (loop_variable_after, [(np.array([0.5, -1.0, 2.0]),)], None),
    (count_by_range_len, [(np.array([0.5, -1.0, 2.0]),)], None),
]
