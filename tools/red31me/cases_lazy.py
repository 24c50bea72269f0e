# ruff: noqa: E501, E402, BLE001, E731
"""Session 31 (me): lazy iterators: generator expressions, zip, enumerate, reversed,
filter, iter kept in names, read twice, or consumed after a name they read changes."""
import numpy as np
from harness import Case


def gen_twice(x):
    g = (x * t for t in range(3))
    a = sum(g)
    b = sum(g)
    return a + 10.0 * b


def gen_named_once(x):
    g = (x * t for t in range(3))
    return sum(g)


def gen_later_rebind(x):
    k = 2.0
    g = (x * k for _ in range(2))
    k = 5.0
    return sum(g)


def gen_in_for_rebind(x):
    k = 1.0
    tot = 0.0
    for v in (x * k for _ in range(3)):
        k = k + 1.0
        tot = tot + v
    return tot


def gen_in_for_store(x):
    a = x * 1.0
    tot = 0.0
    for v in (a[i] for i in range(3)):
        a[2] = a[2] * 3.0
        tot = tot + v
    return tot


def gen_in_for_plain(x):
    tot = 0.0
    for v in (x * t for t in range(3)):
        tot = tot * 0.5 + v
    return tot


def listcomp_for_rebind(x):
    k = 1.0
    tot = 0.0
    for v in [x * k for _ in range(3)]:
        k = k + 1.0
        tot = tot + v
    return tot


def zip_twice(x, y):
    z = zip(x, y)
    a = sum(p * q for p, q in z)
    b = sum(p * q for p, q in z)
    return a + 10.0 * b


def enumerate_twice(x):
    e = enumerate(x)
    a = sum(i * v for i, v in e)
    b = sum(i * v for i, v in e)
    return a + 10.0 * b


def reversed_twice(x):
    r = reversed(x)
    a = sum(v * v for v in r)
    b = sum(v for v in r)
    return a + 10.0 * b


def iter_next(x):
    it = iter(x)
    a = next(it)
    b = next(it)
    return a * 2.0 + b


def filter_named(x):
    f = filter(lambda v: v > 0, x)
    return sum(f)


def gen_sum_then_list(x):
    g = (v * v for v in x)
    s = sum(g)
    return s + len(list(g))


def gen_zip_in_genexp_late(x):
    w = x * 2.0
    g = (p * q for p, q in zip(x, w))
    w = x * 3.0
    return sum(g)


def gen_outer_iter_early(x):
    w = x * 2.0
    g = (p for p in w)
    w = x * 3.0
    return sum(g)


def gen_outer_iter_inplace(x):
    w = x * 2.0
    g = (p for p in w)
    w *= 3.0
    return sum(g)


def gen_passed_to_helper(x):
    k = 2.0
    g = (x * k for _ in range(2))
    return helper_sum(g) + k


def helper_sum(g):
    return sum(g)


def gen_any_max(x):
    return max((v * v for v in x), default=0.0)


def gen_np_fromiter(x):
    return np.sum(np.fromiter((v * v for v in x), dtype=float))


def gen_in_tuple(x):
    t = tuple(v * 2.0 for v in x)
    return t[0] * t[1]


def gen_nested_clauses_for_break(x):
    tot = 0.0
    for v in (a * b for a in x for b in x):
        if v > 0.5:
            break
        tot = tot + v
    return tot


V = lambda r: (r.uniform(0.2, 1.0, 4),)
S = lambda r: (float(r.uniform(.5, 1)),)
CASES = [
    Case(gen_twice, S),
    Case(gen_named_once, S),
    Case(gen_later_rebind, S),
    Case(gen_in_for_rebind, S, loops=True),
    Case(gen_in_for_store, V, loops=True),
    Case(gen_in_for_plain, S, loops=True),
    Case(listcomp_for_rebind, S, loops=True),
    Case(zip_twice, lambda r: (r.uniform(0.2, 1.0, 4), r.uniform(0.2, 1.0, 4))),
    Case(enumerate_twice, V),
    Case(reversed_twice, V),
    Case(iter_next, V),
    Case(filter_named, lambda r: (r.uniform(-1.0, 1.0, 5),)),
    Case(gen_sum_then_list, V),
    Case(gen_zip_in_genexp_late, V),
    Case(gen_outer_iter_early, V),
    Case(gen_outer_iter_inplace, V),
    Case(gen_passed_to_helper, S),
    Case(gen_any_max, V),
    Case(gen_np_fromiter, V),
    Case(gen_in_tuple, V),
    Case(gen_nested_clauses_for_break, lambda r: (r.uniform(0.1, 1.0, 4),), loops=True),
]


def gen_nested_clauses_break_changes(x):
    k = 1.0
    tot = 0.0
    for v in (a * b * k for a in x for b in x):
        if v > 2.5:
            break
        k = k + 0.5
        tot = tot + v
    return tot


def gen_loop_filter_else(x):
    tot = 0.0
    k = 1.0
    for v in (t * k for t in x if t > 0.5):
        k = k * 1.5
        tot = tot + v
    else:
        tot = tot * 2.0
    return tot + k


def gen_loop_name_clash(x):
    t = x[0] * 3.0
    tot = 0.0
    for v in (t * 2.0 for t in x):
        tot = tot + v * t
    return tot


CASES += [Case(gen_nested_clauses_break_changes, lambda r: (r.uniform(0.5, 1.5, 3),), loops=True),
          Case(gen_loop_filter_else, lambda r: (r.uniform(0.1, 1.0, 5),), loops=True),
          Case(gen_loop_name_clash, lambda r: (r.uniform(0.1, 1.0, 5),), loops=True)]
