# ruff: noqa: E501, E402, BLE001, E731
"""Session 31 (me): dict views iterated while the dict changes; closures mutating."""
import numpy as np
from harness import Case


def zip_views_loop_store(x):
    p = {"a": x, "b": x * 2.0}
    tot = 0.0
    for k, v in zip(p.keys(), p.values()):
        tot = tot + v
        p["b"] = x * 7.0
    return tot


def enumerate_values_store(x):
    p = {"a": x, "b": x * 2.0}
    tot = 0.0
    for i, v in enumerate(p.values()):
        tot = tot + v * (i + 1)
        p["b"] = x * 7.0
    return tot


def values_loop_store_later(x):
    p = {"a": x, "b": x * 2.0}
    tot = 0.0
    for v in p.values():
        tot = tot + v
        p["b"] = x * 7.0
    return tot


def list_loop_store(x):
    lst = [x, x * 2.0, x * 3.0]
    tot = 0.0
    for v in lst:
        tot = tot + v
        lst[2] = x * 9.0
    return tot


def array_loop_store(x):
    a = x * 1.0
    tot = 0.0
    for v in a:
        tot = tot + v
        a[-1] = 9.0 * x[0]
    return tot


def closure_mutates(x):
    a = x * 1.0

    def bump():
        a[0] = 5.0 * x[1]
        return 0.0
    s = np.sum(a)
    b = bump()
    return s + np.sum(a * a) + b


def gen_closure_mutates(x):
    a = x * 1.0

    def bump():
        a[0] = 5.0 * x[1]
        return 0.0
    g = (v * v for v in a)
    return bump() + sum(g)


def comp_over_values_live(x):
    p = {"a": x, "b": x * 2.0}
    vals = p.values()
    p["a"] = x * 3.0
    return sum([v for v in vals])


def items_sorted(x):
    p = {"b": x, "a": x * 2.0}
    return sum(v * i for i, (k, v) in enumerate(sorted(p.items())))


S = lambda r: (float(r.uniform(.5, 1)),)
V = lambda r: (r.uniform(0.2, 1.0, 4),)
CASES = [Case(f, V if f.__name__ in ("array_loop_store", "closure_mutates", "gen_closure_mutates") else S, loops=True) for f in (
    zip_views_loop_store, enumerate_values_store, values_loop_store_later, list_loop_store,
    array_loop_store, closure_mutates, gen_closure_mutates, comp_over_values_live, items_sorted)]
