"""Python-breadth cases, part 7: more of the language.

Short-circuiting ``and``/``or`` guarding an index, functions as values, getattr, operator
and functools, list/tuple concatenation in loops, dict merges and starred displays,
chained conditional expressions, nonlocal and closures that append, list methods,
itertools, map over two iterables, ``global``. ``CASES`` are ``(function,
argument tuples, wrt or None)``.
"""

import functools
import itertools
import operator

import numpy as np

G = 0.0


def sc_while(x):
    i = 0
    s = 0.0
    while i < len(x) and x[i] > 0:
        s = s + x[i] ** 2
        i += 1
    return s


def sc_if(x):
    s = 0.0
    for i in range(4):
        if i < len(x) and x[i] > 0.7:
            s = s + x[i] ** 3
    return s


def sc_ifexp(x):
    s = 0.0
    for i in range(4):
        s = s + (x[i] * 2.0 if i < len(x) else 1.0)
    return s


def sc_none(x, w=None):
    return np.sum(x * (w is not None and w or 2.0))


def sc_or(x):
    d = {"a": None}
    v = d["a"] or np.sum(x ** 2)
    return v


def funcs_as_values(x):
    s = 0.0
    for fn in (np.sin, np.cos, np.exp):
        s = s + np.sum(fn(x))
    return s


def getattr_np(x):
    return np.sum(getattr(np, "tanh")(x))


def op_mul(x):
    return np.sum(operator.mul(x, x))


def reduce_add(x):
    return functools.reduce(operator.add, [x, x * 2.0, x ** 2]).sum()


def enum_zip(x):
    s = 0.0
    for i, (a, b) in enumerate(zip(x, x[::-1])):
        s = s + a * b * (i + 1)
    return s


def list_concat(x):
    state = [x]
    for k in range(2):
        state = state + [state[-1] * 2.0]
    state += [x ** 2]
    return sum(np.sum(s) for s in state)


def tuple_concat(x):
    t = ()
    for k in range(3):
        t = t + (x * k,)
    return np.sum(t[2] * t[1])


def dict_merge(x):
    d = {"a": x, "b": 2.0}
    e = {**d, "b": x * 3.0}
    return np.sum(e["a"] * e["b"])


def list_unpack(x):
    lst = [*x, 3.0]
    return lst[0] * lst[3] + lst[1]


def ternary_chain(x):
    s = 0.0
    for v in x:
        s = s + (v ** 2 if v > 1.5 else v * 3.0 if v > 0.7 else -v)
    return s


def nonlocal_loop(x):
    total = 0.0
    def add(v):
        nonlocal total
        total = total + v * total + v
    for k in range(3):
        add(x * k)
    return total


def closure_appends(x):
    out = []
    def emit(v):
        out.append(v * v)
    emit(x)
    emit(x * 2.0)
    return out[0] + out[1]


def list_methods(x):
    lst = [x[0], x[1], x[2]]
    lst.reverse()
    lst.insert(0, x[1] * 5.0)
    lst.extend([x[0] ** 2])
    return lst[0] * lst[1] + lst[-1]


def itertools_product(x):
    s = 0.0
    for i, j in itertools.product(range(2), range(3)):
        s = s + x[j] * (i + 1)
    return s


def map_two(x):
    return sum(map(lambda a, b: a * b, x, x[::-1]))


def dict_from_zip(x):
    d = dict(zip(["a", "b", "c"], x))
    return d["a"] * d["c"]


def sorted_items(x):
    d = {"b": x[0], "a": x[1]}
    s = 0.0
    for k, v in sorted(d.items()):
        s = s * 2.0 + v
    return s


def global_write(x):
    global G
    G = x * 2.0
    return G * x


X = np.array([0.5, 1.0, 2.0])

CASES = [
    (sc_while, [(X,), (np.array([0.5, -1.0, 2.0]),)], None),
    (sc_if, [(X,)], None),
    (sc_ifexp, [(X,)], None),
    (sc_or, [(X,)], None),
    (funcs_as_values, [(X,)], None),
    (getattr_np, [(X,)], None),
    (op_mul, [(X,)], None),
    (reduce_add, [(X,)], None),
    (enum_zip, [(X,)], None),
    (list_concat, [(X,)], None),
    (tuple_concat, [(X,)], None),
    (dict_merge, [(X,)], None),
    (list_unpack, [(X,)], None),
    (ternary_chain, [(X,)], None),
    (closure_appends, [(X,)], None),
    (list_methods, [(X,)], None),
    (itertools_product, [(X,)], None),
    (map_two, [(X,)], None),
    (dict_from_zip, [(X,)], None),
    (sorted_items, [(X,)], None),
    (sc_none, [(X,), (X, 1.5)], None),
    (nonlocal_loop, [(0.7,)], None),
    (global_write, [(0.7,)], None),
]
