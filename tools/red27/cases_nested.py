# ruff: noqa: E501, E402, BLE001
"""Nested differentiation (JAX api_test / autograd test_wrappers style: grad inside the
differentiated function, hessians through loops), rewritten."""
import functools

import numpy as np
from harness import Case

import srcdiff as sd


def g_loop(x):
    y = x
    for i in range(3):
        y = np.sin(y) * x + 0.5 * y
    return np.sum(y ** 2)


def g_store(x):
    a = x * 1.0
    a[1:] = a[1:] * a[:-1]
    return np.sum(np.tanh(a))


def g_branch(x):
    s = np.sum(x)
    if s > 0:
        return np.sum(x ** 3)
    return np.sum(np.exp(x))


def g_two(x, w):
    return np.sum(np.tanh(x * w) ** 2)


def g_scalar(a):
    return a ** 3 * np.sin(a)


dg_loop = sd.grad(g_loop)
dg_store = sd.grad(g_store)
dg_branch = sd.grad(g_branch)
dg_two_w = sd.grad(g_two, wrt=1)
dg_two_both = sd.grad(g_two, wrt=(0, 1))
vg_loop = sd.value_and_grad(g_loop)
jv_loop = sd.jvp(g_loop)
hv_two = sd.hvp(g_two)
dg_scalar = sd.grad(g_scalar)
ddg_scalar = sd.grad(sd.grad(g_scalar))


def use_dg_loop(x):
    return np.sum(dg_loop(x) * x)


def use_dg_store(x):
    return np.sum(dg_store(x) ** 2)


def use_dg_branch(x):
    return np.sum(dg_branch(x) * np.cos(x))


def use_dg_two(x, w):
    return np.sum(dg_two_w(x, w) ** 2)


def use_dg_two_both(x, w):
    gx, gw = dg_two_both(x, w)
    return np.sum(gx * gw)


def use_vg(x):
    val, g = vg_loop(x)
    return val * np.sum(g)


def use_jvp(x):
    val, t = jv_loop(x, tangents=np.ones_like(x))
    return val + t ** 2


def use_hvp(x, w):
    return np.sum(hv_two(x, w, vector=x) * w)


def use_dg_scalar(a):
    return dg_scalar(a) * a + ddg_scalar(a)


def newton_step(x):
    # one Newton step on g_scalar, differentiated through
    for i in range(2):
        x = x - dg_scalar(x) / (ddg_scalar(x) + 10.0)
    return x


def meta_learning(w, x):
    # MAML-like inner step
    for i in range(2):
        w = w - 0.1 * dg_two_w(x, w)
    return np.sum((x * w - 1.0) ** 2)


class Model:
    def __init__(self, scale):
        self.scale = scale

    def loss(self, w, x):
        return np.sum(np.tanh(w * x * self.scale) ** 2)

    def __call__(self, w, x):
        return self.loss(w, x) + np.sum(w ** 2)

    @staticmethod
    def stat(w):
        return np.sum(w ** 3)

    @classmethod
    def cm(cls, w):
        return np.sum(np.sin(w)) * cls.K

    K = 2.0


MODEL = Model(1.5)
part = functools.partial(g_two, w=np.array([0.5, -1.0, 2.0]))


def use_method(w, x):
    return MODEL.loss(w, x) * 2.0 + MODEL(w, x) + Model.stat(w) + MODEL.cm(w)


def use_partial(x):
    return part(x) * 3.0


def sorted_key(x):
    vals = [x[0], x[1] * 2.0, x[2] - 1.0]
    ordered = sorted(vals, key=lambda t: -t)
    return ordered[0] * 1.0 + ordered[1] * 2.0 + ordered[2] * 3.0


def sorted_dict_values(d):
    tot = 0.0
    for i, k in enumerate(sorted(d, reverse=True)):
        tot = tot + d[k] * (i + 1)
    return tot


def dict_get(d, x):
    return d.get('a', 0.0) * x + d.get('z', x * 2.0)


def star_tuple_call(x, y):
    t = (x, y * 2.0)
    return g_two(*t)


def walrus_comp(x):
    return sum((y := e * 2.0) * y for e in x)


def walrus_loop(x):
    total = 0.0
    i = 0
    while (v := x[i] * 2.0) < 1.5 and i < 4:
        total = total + v * v
        i += 1
    return total


def loop_else(x):
    y = x
    for i in range(3):
        y = y * 1.1
        if y > 100.0:
            break
    else:
        y = y * y
    return y


def del_temp(x):
    t = x * 2.0
    y = t * t
    del t
    return y + x


def fill_diag(x):
    a = np.outer(x, x)
    np.fill_diagonal(a, x * 3.0)
    return a ** 2


def put_vals(x, y):
    a = x * 1.0
    np.put(a, [0, 2], y)
    return a ** 2


CASES = [
    Case(use_dg_loop, lambda r: (r.standard_normal(3),)),
    Case(use_dg_store, lambda r: (r.standard_normal(4),)),
    Case(use_dg_branch, lambda r: (r.standard_normal(3),)),
    Case(use_dg_two, lambda r: (r.standard_normal(3), r.standard_normal(3))),
    Case(use_dg_two_both, lambda r: (r.standard_normal(3), r.standard_normal(3))),
    Case(use_vg, lambda r: (r.standard_normal(3),)),
    Case(use_jvp, lambda r: (r.standard_normal(3),)),
    Case(use_hvp, lambda r: (r.standard_normal(3), r.standard_normal(3))),
    Case(use_dg_scalar, lambda r: (float(r.standard_normal()),)),
    Case(newton_step, lambda r: (float(r.standard_normal()),), loops=True),
    Case(meta_learning, lambda r: (r.standard_normal(3), r.standard_normal(3)), loops=True),
    Case(use_method, lambda r: (r.standard_normal(3), r.standard_normal(3))),
    Case(use_partial, lambda r: (r.standard_normal(3),)),
    Case(sorted_key, lambda r: (r.standard_normal(3),)),
    Case(sorted_dict_values, lambda r: ({'a': float(r.standard_normal()), 'b': float(r.standard_normal()), 'c': 1.5},)),
    Case(dict_get, lambda r: ({'a': float(r.standard_normal())}, float(r.standard_normal()))),
    Case(star_tuple_call, lambda r: (r.standard_normal(3), r.standard_normal(3))),
    Case(walrus_comp, lambda r: (r.standard_normal(3),)),
    Case(walrus_loop, lambda r: (r.uniform(0.1, 0.7, 5),), loops=True),
    Case(loop_else, lambda r: (float(r.standard_normal()),), loops=True),
    Case(del_temp, lambda r: (r.standard_normal(3),)),
    Case(fill_diag, lambda r: (r.standard_normal(3),)),
    Case(put_vals, lambda r: (r.standard_normal(4), r.standard_normal(2))),
]
