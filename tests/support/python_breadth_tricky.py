"""Python-breadth cases, part 4: Python's own semantics where a compiler may guess.

Late binding in closures, defaults evaluated at definition, comprehension scopes, aliasing
of lists and arrays, isinstance on numpy scalars, float floor/mod/divmod, complex
intermediates, builtins over arrays, walrus, del, map, dict methods. ``CASES`` are
``(function, argument tuples, wrt or None)``.
"""

import math

import numpy as np


def closure_late_binding(x):
    fs = []
    for k in range(3):
        def g(t):
            return t * k
        fs.append(g)
    return sum(h(x) for h in fs)


def closure_sees_rebinding(x):
    a = 1.0

    def g(t):
        return a * t
    a = x
    return g(x)


def default_bound_at_def(x):
    a = 2.0

    def g(t, s=a):
        return s * t
    a = x
    return g(x) + a


def comprehension_scope(x, xs):
    ys = [x * 2.0 for x in xs]
    return x * sum(ys)


def walrus_in_loop(xs):
    s = 0.0
    for v in xs:
        if (w := v * v) > 0.1:
            s = s + w * v
    return s


def del_then_rebind(x):
    y = x * 2.0
    z = y + 1.0
    del y
    y = z * x
    return y


def map_builtin(xs):
    return sum(map(lambda v: v ** 2, xs))


def dict_get_default(x, d):
    return d.get("a", 1.0) * x + d.get("b", 2.0) * x ** 2


def dict_update_state(x):
    d = {"a": x}
    d.update({"b": x * x})
    d["a"] = d["a"] + d["b"]
    return d["a"] * d["b"]


def list_repeat_alias(x):
    rows = [np.zeros(2)] * 2
    rows[0] += x
    return np.sum(rows[1] * x)


def list_element_augassign_floats(x):
    state = [x, 1.0]
    for _ in range(3):
        state[0] += state[1] * x
        state[1] *= 0.5
    return state[0]


def array_alias_inplace(x):
    y = x.copy()
    z = y
    z += 1.0
    return np.sum(y * x)


def swap_array_entries(x):
    y = x.copy()
    y[0], y[1] = y[1], y[0] * 2.0
    return np.sum(y * np.arange(1.0, 4.0))


def swap_rows_fancy(m):
    y = m.copy()
    y[[0, 1]] = y[[1, 0]]
    return np.sum(y * np.arange(6.0).reshape(2, 3))


def reversed_view_inplace(x):
    y = x.copy()
    r = y[::-1]
    r *= np.arange(1.0, 4.0)
    return np.sum(y ** 2)


def isinstance_numpy_float(x):
    if isinstance(x, float):
        return x * 2.0
    return x * 3.0


def type_is_float(x):
    if type(x) is float:
        return x * 2.0
    return x ** 2


def none_default(x, w=None):
    if w is None:
        w = x * x
    return w * x


def truthiness_float(x, y):
    if y:
        return x * y
    return x


def float_floor_mod(x, y):
    return x % y + x // y * x + math.fmod(x, y)


def float_divmod(x, y):
    q, r = divmod(x, y)
    return q * x + r * r


def int_of_float(x):
    return int(x * 10) / 10 * x + math.floor(x) + round(x, 1) * x


def complex_abs(x, y):
    z = complex(x, y)
    return abs(z) + (z * z).real


def complex_numpy(x):
    z = x + 1j * x ** 2
    return np.sum(np.abs(z) ** 2)


def bool_times_float(x):
    return np.sum((x > 0) * x ** 2 + True * x)


def sum_of_bools(x):
    return sum(v > 0 for v in x) * np.sum(x)


def builtin_min_over_array(x):
    return min(x) * max(x) + sum(x)


def builtin_sum_matrix(m):
    return np.sum(sum(m) ** 2)


def builtin_sorted(x):
    s = sorted(x)
    return s[0] * 3.0 + s[-1]


def max_with_key(x):
    best = max(range(len(x)), key=lambda i: x[i])
    return x[best] * 2.0 + x[0]


def math_extras(x, y):
    return math.copysign(x, -1.0) * y + math.prod([x, y, 2.0]) + math.fsum([x, y * y])


def math_dist_ldexp(x, y):
    return math.dist((x, y), (0.0, 1.0)) + math.ldexp(x, 3)


def zip_transpose(m):
    cols = list(zip(*m))
    return sum(c[0] * c[1] for c in cols)


def zip_uneven(x, y):
    return sum(a * b for a, b in zip(x, y))


def reversed_range(x):
    s = 0.0
    for i in reversed(range(len(x))):
        s = s * x[i] + 1.0
    return s


def range_slice_step(x):
    s = 0.0
    for i in range(len(x))[::-1]:
        s = s * 0.5 + x[i] * i
    return s


def shadow_param_in_loop(x, xs):
    total = x
    for x in xs:
        total = total * x
    return total + x


def kwargs_dict(x):
    kw = {"scale": 3.0, "power": 2}
    return powered(x, **kw)


def powered(v, scale=1.0, power=1):
    return scale * v ** power


def chained_call_compare(x):
    if 0.0 < np.sin(x) < 0.9:
        return x * np.sin(x)
    return x


def and_or_arrays(x, y):
    z = (x.size > 5 and x) or y
    return np.sum(z ** 2)


def nonlocal_counter(x):
    total = 0.0

    def add(v):
        nonlocal total
        total = total + v
    add(x)
    add(x * x)
    return total


def global_array_read(x):
    return np.sum(x * BASIS)


BASIS = np.array([1.0, -2.0, 0.5])


def float32_abs_scalar(x):
    return abs(x) * x + 2.0 ** x


def conditional_shapes(x, flag):
    y = x if flag else x[:1]
    return np.sum(y ** 2)


def string_dispatch(x, kind):
    if kind == "square":
        return x * x
    elif kind == "cube":
        return x ** 3
    return x


CASES = [
    (closure_late_binding, [(0.7,)], None),
    (closure_sees_rebinding, [(0.7,)], None),
    (default_bound_at_def, [(0.7,)], None),
    (comprehension_scope, [(0.7, np.array([0.5, -1.0, 2.0]))], None),
    (walrus_in_loop, [(np.array([0.5, -1.0, 0.2]),)], None),
    (del_then_rebind, [(0.7,)], None),
    (map_builtin, [(np.array([0.5, -1.0, 2.0]),)], None),
    (dict_get_default, [(0.7, {"a": 1.5}), (0.7, {"a": 1.5, "b": 0.5})], None),
    (dict_update_state, [(0.7,)], None),
    (list_repeat_alias, [(0.7,)], None),
    (list_element_augassign_floats, [(0.7,)], None),
    (array_alias_inplace, [(np.array([0.5, -1.0, 2.0]),)], None),
    (swap_array_entries, [(np.array([0.5, -1.0, 2.0]),)], None),
    (swap_rows_fancy, [(np.arange(6.0).reshape(2, 3) * 0.1,)], None),
    (reversed_view_inplace, [(np.array([0.5, -1.0, 2.0]),)], None),
    (isinstance_numpy_float, [(0.7,), (np.float64(0.7),), (np.array(0.7),)], (0,)),
    (type_is_float, [(0.7,), (np.array(0.7),)], (0,)),
    (none_default, [(0.7,), (0.7, 1.5)], None),
    (truthiness_float, [(0.7, 1.5), (0.7, 0.0)], None),
    (float_floor_mod, [(2.7, 0.8), (-1.3, 0.7)], None),
    (float_divmod, [(2.7, 0.8)], None),
    (int_of_float, [(0.72,), (1.33,)], None),
    (complex_abs, [(0.7, 1.3)], None),
    (complex_numpy, [(np.array([0.5, -1.0]),)], None),
    (bool_times_float, [(np.array([0.5, -1.0, 2.0]),)], None),
    (sum_of_bools, [(np.array([0.5, -1.0, 2.0]),)], None),
    (builtin_min_over_array, [(np.array([0.5, -1.0, 2.0]),)], None),
    (builtin_sum_matrix, [(np.arange(6.0).reshape(2, 3) * 0.1,)], None),
    (builtin_sorted, [(np.array([0.5, -1.0, 2.0]),)], None),
    (max_with_key, [(np.array([0.5, -1.0, 2.0]),)], None),
    (math_extras, [(0.7, 1.3)], None),
    (math_dist_ldexp, [(0.7, 1.3)], None),
    (zip_transpose, [(np.arange(6.0).reshape(2, 3) * 0.1 + 0.2,)], None),
    (zip_uneven, [(np.array([0.5, -1.0, 2.0]), np.array([1.5, 2.0]))], None),
    (reversed_range, [(np.array([0.5, -1.0, 2.0]),)], None),
    (range_slice_step, [(np.array([0.5, -1.0, 2.0]),)], None),
    (shadow_param_in_loop, [(0.7, np.array([0.5, -1.0, 2.0]))], None),
    (kwargs_dict, [(0.7,)], None),
    (chained_call_compare, [(0.7,), (2.0,)], None),
    (and_or_arrays, [(np.array([0.5, -1.0, 2.0]), np.array([1.5, 2.0, 0.1]))], None),
    (nonlocal_counter, [(0.7,)], None),
    (global_array_read, [(np.array([0.5, -1.0, 2.0]),)], None),
    (float32_abs_scalar, [(np.float32(0.7),), (np.float32(-0.7),)], (0,)),
    (conditional_shapes, [(np.array([0.5, -1.0, 2.0]), True),
                          (np.array([0.5, -1.0, 2.0]), False)], (0,)),
    (string_dispatch, [(0.7, "square"), (0.7, "cube"), (0.7, "other")], (0,)),
]
