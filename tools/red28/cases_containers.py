# ruff: noqa: E501, E402, BLE001, E731
"""Containers of arrays mutated in loops (red28)."""
import numpy as np
from harness import Case


def v(*shape):
    return lambda r: (r.standard_normal(shape),)


def dict_mut_loop(x):
    d = {"a": x[0] * 1.0, "b": x[1] * 1.0}
    for i in range(3):
        d["a"] = d["a"] * d["b"] + x[2]
        d["b"] = np.sin(d["a"])
    return d["a"] + d["b"]


def dict_new_keys_loop(x):
    d = {}
    for i in range(3):
        d[i] = x[i] ** 2
    for k in d:
        d[k] = d[k] * x[3]
    return sum(d.values())


def dict_del(x):
    d = {"a": x * 2.0, "b": x ** 2, "c": np.sin(x)}
    del d["b"]
    return sum(np.sum(val) for val in d.values())


def dict_pop(x):
    d = {"a": x * 2.0, "b": x ** 2}
    b = d.pop("b")
    return np.sum(b * d["a"]) + len(d)


def dict_pop_default(x):
    d = {"a": x * 2.0}
    b = d.pop("z", x * 3.0)
    return np.sum(b * d["a"])


def dict_setdefault(x):
    d = {"a": x * 2.0}
    e = d.setdefault("a", x * 5.0)
    f = d.setdefault("b", x ** 2)
    return np.sum(e * f) + np.sum(d["b"])


def dict_get_default(x):
    d = {"a": x * 2.0}
    return np.sum(d.get("a", x) * d.get("q", x ** 2))


def dict_update_loop(x):
    d = {"s": x[0]}
    for i in range(1, 4):
        d.update({"s": d["s"] * x[i], "t": x[i]})
    return d["s"] + d["t"]


def dict_items_mut(x):
    d = {"a": x[:2] * 1.0, "b": x[2:] * 1.0}
    for k, val in d.items():
        d[k] = val * np.sum(val)
    return np.sum(d["a"]) * np.sum(d["b"])


def list_pop_loop(x):
    stack = [x[0], x[1], x[2], x[3]]
    acc = 0.0
    while stack:
        t = stack.pop()
        acc = acc * 0.5 + t ** 2
    return acc


def list_pop_front(x):
    q = [x[0], x[1] * 2.0, x[2]]
    a = q.pop(0)
    b = q.pop(1)
    return a * b + q[0] ** 3


def list_insert_loop(x):
    lst = [x[0]]
    for i in range(1, 4):
        lst.insert(0, lst[0] * x[i])
    return lst[0] + lst[-1] * lst[1]


def list_extend_loop(x):
    lst = []
    for i in range(2):
        lst.extend([x[i] ** 2, x[i] * x[i + 1]])
    return sum(lst) * lst[1]


def list_del(x):
    lst = [x[0] * 2.0, x[1] ** 2, x[2] ** 3]
    del lst[1]
    return lst[0] * lst[1]


def list_del_slice(x):
    lst = [x[0] * 2.0, x[1] ** 2, x[2] ** 3, x[3]]
    del lst[1:3]
    return lst[0] * lst[1]


def list_remove_middle(x):
    lst = [x[i] * (i + 1.0) for i in range(4)]
    lst[1:3] = [lst[2] ** 2]
    return sum(lst) * lst[1]


def list_setitem_neg(x):
    lst = [x[0], x[1], x[2]]
    lst[-1] = lst[-1] * lst[0]
    lst[-2] += lst[-1]
    return lst[0] * lst[1] * lst[2]


def nested_dict_list(x):
    s = {"layers": [{"w": x[:2] * 1.0}, {"w": x[2:] * 1.0}]}
    for layer in s["layers"]:
        layer["w"] = np.tanh(layer["w"]) * 2.0
    return np.sum(s["layers"][0]["w"] * s["layers"][1]["w"])


def nested_list_loop(x):
    grid = [[x[0], x[1]], [x[2], x[3]]]
    for row in grid:
        row[0] = row[0] * row[1]
    return grid[0][0] + grid[1][0] * grid[0][1]


def param_dict_arg(p, x):
    h = np.tanh(x @ p["w1"] + p["b1"])
    return np.sum((h @ p["w2"]) ** 2)


def param_list_arg(ws, x):
    h = x
    for w in ws:
        h = np.tanh(h @ w)
    return np.sum(h ** 2)


def tuple_arg_unpack(t):
    a, (b, c) = t
    return np.sum(a * b) + np.sum(c ** 2 * a)


def list_copy_mut(x):
    a = [x[0], x[1]]
    b = list(a)
    b[0] = b[0] * 3.0
    c = a.copy()
    c[1] = c[1] ** 2
    return a[0] * b[0] + c[1] * a[1]


def list_of_arrays_iadd(x):
    parts = [x[:2] * 1.0, x[2:] * 1.0]
    parts[0] += parts[1] * 2.0
    parts[1] *= parts[0]
    return np.sum(parts[0]) + np.sum(parts[1])


def list_alias_mut(x):
    a = [x[0], x[1]]
    b = a
    b.append(x[2] * 2.0)
    b[0] = b[0] ** 2
    return a[0] * a[2] + len(a)


def dict_alias_mut(x):
    d = {"a": x[0]}
    e = d
    e["a"] = e["a"] * 3.0
    e["b"] = x[1] ** 2
    return d["a"] * d["b"]


def list_mult_alias(x):
    rows = [[0.0] * 2 for _ in range(2)]
    rows[0][0] = x[0]
    rows[1][1] = x[1] * 2.0
    return rows[0][0] * rows[1][1] + rows[0][1]


def list_star_mult_alias(x):
    rows = [[0.0, 0.0]] * 2
    rows[0][0] = x[0]
    return rows[1][0] * x[1]


def stack_of_list(x):
    lst = []
    for i in range(3):
        lst.append(x[i] * x)
    m = np.stack(lst)
    return np.sum(m ** 2)


def array_from_list_mut(x):
    lst = [x[0], x[1]]
    a = np.array(lst)
    lst[0] = x[2] * 5.0
    return np.sum(a ** 2) + lst[0]


def sorted_dict_items(x):
    d = {"b": x[0], "a": x[1] * 2.0, "c": x[2]}
    tot = 0.0
    for i, (k, val) in enumerate(sorted(d.items())):
        tot = tot + (i + 1.0) * val ** 2
    return tot


def dict_of_tuple(x):
    d = {}
    d["p"] = (x[0], x[1] * 2.0)
    a, b = d["p"]
    return a * b


def list_index_count(x):
    lst = [1.0, 2.0, 3.0]
    k = lst.index(2.0)
    return x[k] ** 2 * lst.count(3.0)


def list_reverse_loop(x):
    lst = [x[i] * (i + 1.0) for i in range(4)]
    lst.reverse()
    s = 0.0
    for t in lst:
        s = s * 0.5 + t
    return s


def dict_keys_order(x):
    d = {}
    d["z"] = x[0]
    d["a"] = x[1] * 3.0
    ks = list(d.keys())
    return d[ks[0]] * 2.0 + d[ks[1]] ** 2


CASES = [
    Case(dict_mut_loop, v(3), loops=True),
    Case(dict_new_keys_loop, v(4), loops=True),
    Case(dict_del, v(3)),
    Case(dict_pop, v(3)),
    Case(dict_pop_default, v(3)),
    Case(dict_setdefault, v(3)),
    Case(dict_get_default, v(3)),
    Case(dict_update_loop, v(4), loops=True),
    Case(dict_items_mut, v(4), loops=True),
    Case(list_pop_loop, v(4), loops=True),
    Case(list_pop_front, v(3)),
    Case(list_insert_loop, v(4), loops=True),
    Case(list_extend_loop, v(3), loops=True),
    Case(list_del, v(3)),
    Case(list_del_slice, v(4)),
    Case(list_remove_middle, v(4)),
    Case(list_setitem_neg, v(3)),
    Case(nested_dict_list, v(4), loops=True),
    Case(nested_list_loop, v(4), loops=True),
    Case(param_dict_arg, lambda r: ({"w1": r.standard_normal((3, 4)), "b1": r.standard_normal(4), "w2": r.standard_normal((4, 2))}, r.standard_normal((2, 3))), wrt=0),
    Case(param_list_arg, lambda r: ([r.standard_normal((3, 3)), r.standard_normal((3, 2))], r.standard_normal((2, 3))), wrt=0, loops=True),
    Case(tuple_arg_unpack, lambda r: ((r.standard_normal(2), (r.standard_normal(2), r.standard_normal(2))),)),
    Case(list_copy_mut, v(2)),
    Case(list_of_arrays_iadd, v(4)),
    Case(list_alias_mut, v(3)),
    Case(dict_alias_mut, v(2)),
    Case(list_mult_alias, v(2)),
    Case(list_star_mult_alias, v(2)),
    Case(stack_of_list, v(3), loops=True),
    Case(array_from_list_mut, v(3)),
    Case(sorted_dict_items, v(3)),
    Case(dict_of_tuple, v(2)),
    Case(list_index_count, v(3)),
    Case(list_reverse_loop, v(4), loops=True),
    Case(dict_keys_order, v(2)),
]
