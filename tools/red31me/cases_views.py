# ruff: noqa: E501, E402, BLE001, E731
"""Session 31 (me): live dict views, late-bound closures and defaults."""
import numpy as np
from harness import Case


def dict_values_live(x):
    p = {"a": x, "b": x * 2.0}
    vals = p.values()
    p["a"] = p["a"] * 3.0
    return sum(vals)


def dict_items_live(x):
    p = {"a": x, "b": x * 2.0}
    items = p.items()
    p["b"] = x * 5.0
    return sum(v * v for _, v in items)


def dict_keys_loop(x):
    p = {"a": x, "b": x * 2.0}
    tot = 0.0
    for k in list(p.keys()):
        p[k] = p[k] * 2.0
        tot = tot + p[k]
    return tot


def dict_values_loop_store(x):
    p = {"a": x, "b": x * 2.0}
    tot = 0.0
    for v in p.values():
        tot = tot + v
        p["a"] = x * 7.0
    return tot


def lambda_late(x):
    k = 2.0
    f = lambda: x * k
    k = 3.0
    return f()


def lambda_late_loop(x):
    k = 1.0
    f = lambda v: v * k
    tot = 0.0
    for _ in range(3):
        tot = tot + f(x)
        k = k + 1.0
    return tot


def def_default_early(x):
    k = 2.0

    def h(v, c=k):
        return v * c
    k = 5.0
    return h(x) + k


def def_closure_loop(x):
    k = 1.0

    def h(v):
        return v * k
    tot = 0.0
    for _ in range(3):
        tot = tot + h(x)
        k = k * 2.0
    return tot


def closure_array_inplace(x):
    a = x * 1.0

    def h():
        return np.sum(a * a)
    a *= 3.0
    return h()


def list_view_slice(x):
    lst = [x, x * 2.0, x * 3.0]
    head = lst[:2]
    lst[0] = x * 10.0
    return sum(head) + lst[0]


def nested_list_shared(x):
    row = [x, x * 2.0]
    grid = [row, row]
    grid[0][0] = x * 5.0
    return grid[1][0] + sum(row)


def dict_get_default(x):
    p = {"a": x}
    q = p
    q["a"] = x * 4.0
    return p.get("a", 0.0) + p["a"]


def setdefault_mut(x):
    p = {}
    v = p.setdefault("a", x * 2.0)
    p["a"] = v * 3.0
    return p["a"] + v


def pop_dict(x):
    p = {"a": x, "b": x * 2.0}
    v = p.pop("a")
    return v * sum(p.values())


S = lambda r: (float(r.uniform(.5, 1)),)
V = lambda r: (r.uniform(0.2, 1.0, 4),)
CASES = [Case(f, V if f is closure_array_inplace else S, loops="loop" in f.__name__) for f in (
    dict_values_live, dict_items_live, dict_keys_loop, dict_values_loop_store, lambda_late,
    lambda_late_loop, def_default_early, def_closure_loop, closure_array_inplace,
    list_view_slice, nested_list_shared, dict_get_default, setdefault_mut, pop_dict)]
