# ruff: noqa: E501, E402, BLE001, E731
"""Forward mode accepts ``.pop()`` (reverse refuses it): pops through aliases and containers (red28)."""
import numpy as np
from harness import Case


def v(*shape):
    return lambda r: (r.standard_normal(shape),)


def pop_alias(x):
    a = [x[0], x[1] * 2.0]
    b = a
    c = b.pop()
    return c * a[0] + len(a)


def pop_alias_after(x):
    a = [x[0], x[1] * 2.0, x[2]]
    b = a
    b.pop(0)
    return a[0] * 3.0 + a[1] ** 2


def pop_in_dict(x):
    lst = [x[0], x[1] ** 2]
    d = {"l": lst}
    lst.pop()
    lst.append(x[2] * 5.0)
    return d["l"][1] * x[0]


def pop_from_dict_value(x):
    d = {"l": [x[0], x[1] ** 2]}
    t = d["l"].pop()
    return t * 2.0 + d["l"][0]


def pop_nested_list(x):
    outer = [[x[0], x[1]], [x[2]]]
    inner = outer[0]
    y = inner.pop()
    return y * outer[0][0] + len(outer[0])


def pop_loop_stack(x):
    st = [x[0]]
    for i in range(1, 4):
        st.append(st[-1] * x[i])
    s = 0.0
    while st:
        s = s * 0.5 + st.pop()
    return s


def pop_index_var(x):
    lst = [x[0], x[1] * 2.0, x[2] ** 2]
    k = int(x[3] * 0.0) + 1
    y = lst.pop(k)
    return y * lst[1]


def pop_then_reuse_var(x):
    lst = [x[0], x[1]]
    a = lst.pop()
    lst.append(a * 3.0)
    a = lst.pop(0)
    return a * lst[0]


def dict_pop_loop(x):
    d = {i: x[i] ** 2 for i in range(3)}
    s = 0.0
    for k in (2, 0, 1):
        s = s * x[3] + d.pop(k)
    return s


def dict_pop_alias(x):
    d = {"a": x[0] * 2.0, "b": x[1]}
    e = d
    v_ = e.pop("a")
    return v_ * d.get("b", 0.0) + len(d)


def pop_arg_list(xs):
    t = xs.pop()
    return t * xs[0]


def pop_array_in_list(x):
    lst = [x[:2] * 1.0, x[2:] ** 2]
    a = lst.pop(0)
    a *= 2.0
    return np.sum(a * lst[0])


def pop_then_store(x):
    lst = [x[0], x[1], x[2]]
    lst.pop(1)
    lst[1] = lst[1] * lst[0]
    return lst[0] + lst[1] ** 2


def pop_branch(x):
    lst = [x[0], x[1] * 2.0]
    if x[2] > 0:
        y = lst.pop()
    else:
        y = lst.pop(0)
    return y * lst[0]


def pop_tuple_target(x):
    lst = [(x[0], x[1]), (x[2], x[3])]
    a, b = lst.pop()
    return a * b + lst[0][0]


def pop_in_helper(x):
    lst = [x[0], x[1] * 3.0]
    y = _take(lst)
    return y * lst[0] + len(lst)


def _take(s):
    return s.pop()


def popitem_(x):
    d = {"a": x[0], "b": x[1] * 2.0}
    k, val = d.popitem()
    return val * d["a"]


def remove_(x):
    lst = [x[0], 1.0, x[1]]
    lst.remove(1.0)
    return lst[0] * lst[1]


def clear_(x):
    lst = [x[0]]
    lst.clear()
    lst.append(x[1] * 2.0)
    return lst[0] * x[0]


CASES = [
    Case(pop_alias, v(2)),
    Case(pop_alias_after, v(3)),
    Case(pop_in_dict, v(3)),
    Case(pop_from_dict_value, v(2)),
    Case(pop_nested_list, v(3)),
    Case(pop_loop_stack, v(4), loops=True),
    Case(pop_index_var, v(4)),
    Case(pop_then_reuse_var, v(2)),
    Case(dict_pop_loop, v(4), loops=True),
    Case(dict_pop_alias, v(2)),
    Case(pop_arg_list, lambda r: ([r.standard_normal(), r.standard_normal(), r.standard_normal()],)),
    Case(pop_array_in_list, v(4)),
    Case(pop_then_store, v(3)),
    Case(pop_branch, lambda r: (r.standard_normal(3) * np.array([1, 1, 0]) + np.array([0, 0, r.choice([-1, 1])]),)),
    Case(pop_tuple_target, v(4)),
    Case(pop_in_helper, v(2)),
    Case(popitem_, v(2)),
    Case(remove_, v(2)),
    Case(clear_, v(2)),
]
