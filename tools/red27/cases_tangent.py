# ruff: noqa: E501, E402, BLE001
"""Programs in the spirit of google/tangent's tests/functions.py, rewritten."""
import numpy as np
from harness import Case


def s(rng, lo=0.3, hi=1.5):
    return float(rng.uniform(lo, hi) * rng.choice([-1, 1]))


def pos(rng, lo=0.3, hi=1.5):
    return float(rng.uniform(lo, hi))


def vec(rng, n=4):
    return rng.standard_normal(n)


def identity(a):
    return a


def negate(a):
    return -a


def total_of(x):
    return np.sum(x)


def total_of_array(x):
    return np.sum(np.array(x))


def rebind_after_sum(x):
    x = np.sum(x)
    x = x * x
    return x


def th(a):
    return np.tanh(a)


def copy_name(a):
    b = a
    return b


def plus_one(a):
    return a + 1


def axpy(a, b, c):
    return a * b + c


def times(a, b):
    return a * b


def plus(a, b):
    return a + b


def axpy_calls(a, b, c):
    return plus(times(a, b), c)


def axpy_steps(a, b, c):
    p = a * b
    q = p + c
    return q


def axpy_rebind(a, b, c):
    t = a * b
    t = t + c
    return t


def name_like_adjoint(a):
    da = a * a
    ba = da + a
    return ba


def branch_rebind(a):
    if a > 0:
        a = a * 3.0
    else:
        a = a * 2.0
    return a


def binops(a):
    return (a * 3.0 + 3.0 * a + a * a + a / 3.0 + 3.0 / a + a / a + a - 3.0
            + (3.0 - a) + (a - a) + (a + 3.0) + (3.0 + a) + (a + a))


def nested_branches(a):
    if a > 0:
        if a < 10:
            a = a * a
    else:
        a = 3.0 * a
    return a


def tangled_branches(a):
    if a * a / 3.0 > 0:
        b = 3.0
    else:
        b = 4.0
    a = a * b
    if a < b - a * b:
        a = a * a
    elif a > b + 3.0 * a:
        if a / 2.0 < 0:
            a = a / b
        else:
            a = a * b
    else:
        a = -a
    return a


def np_multiply(a):
    return np.multiply(a, 3.0)


def two_outputs(a):
    return 2 * a, a


def list_then_sum(a):
    b = [1, a * a, 2]
    return np.sum(b)


def list_of_products(x):
    b = [1, x[0] * x[1] * x[2], 3]
    return np.sum(b)


def read_two(x):
    a = x[0]
    b = x[1]
    return a * b


def store_product(x):
    a = x[0]
    b = x[1]
    x[0] = a * b
    return np.sum(x)


def store_from_square(x):
    y = x ** 2.0
    x[0] = y[1] * y[2]
    return np.sum(x * y)


def list_index(a):
    x = [1.0, a, 3.0]
    return x[0] * x[1]


def list_store(a):
    x = [1.0, a * a, 3.0]
    x[1] = x[0] * x[1]
    return x[1] + x[1]


def two_ifs(a):
    if a > 0:
        a = a * a
    a = a + a
    if a < 0:
        a = 3.0 * a
    return a


def compare_args(a, b):
    if a > b:
        a = a * a
    else:
        a = a * b
    return a


def loops_in_a_row(a, n):
    for i in range(n):
        a = a * a
    a = 2.0 * a
    for i in range(n + 1):
        a = a * 3.0
    return a


def if_then_loop(a, n):
    if a > 0:
        a = a * a
    a = 2.0 * a
    for i in range(n):
        a = a * a
    return a


def loop_then_if(a, n):
    for i in range(n):
        a = a * a
    a = 2.0 * a
    if a > 0:
        a = a * a
    return a


def if_in_if(a):
    if a > 0:
        a = a * 3.0
        if a < 10:
            a = a * a
        else:
            a = a * 2.0
    return a


def elif_rebind(a):
    if a > 0:
        a = a * 3.0
    elif 0 > a:
        a = a * 2.0
    else:
        a = 1.0 * a
    return a


def cube(a):
    return a * a * a


def cube_pow(a):
    return a ** 3


def cube_loop(a):
    out = 1
    for i in range(3):
        out = out * a
    return out


def cube_loop2(a):
    out = a
    for i in range(3 - 1):
        out = out * a
    return out


def square_thrice(a):
    for i in range(3):
        a = a * a
    return a


def square_n(a, n):
    for i in range(n):
        a = a * a
    return a


def guarded_squares(a):
    for i in range(3):
        if a < 20:
            a = a * a
    return a


def squares_if(a):
    if a < 20:
        for i in range(3):
            a = a * a
    return a


def double_loop_squares(a):
    for i in range(2):
        for j in range(3):
            a = a * a
    return a


def cubes_loop(a):
    for i in range(3):
        a = a * a * a
    return a


def np_mean(x):
    return np.mean(x)


def exp_exp(a):
    return np.exp(np.exp(a))


def root(a):
    return np.sqrt(a)


def logreg(inp, label, W, b):
    h1 = np.dot(inp, W) + b
    prediction = 0.5 * (np.tanh(h1) + 1)
    label_probabilities = prediction * label + (1 - prediction) * (1 - label)
    loss = -np.sum(np.log(label_probabilities))
    return loss


def _inner(a, b):
    return a * b


def call_inner(a, b):
    return _inner(a, b)


def branch_calls(a, b):
    if a > b:
        o = _inner(a, b)
    else:
        o = _inner(b, a)
    return o


def loop_calls(a, n):
    for i in range(n):
        a = _inner(a, a)
    return a


def nested_calls(a, b):
    return call_inner(a, b)


def loop_nested_def(a, n):
    def _f(a, n):
        return a * n

    for i in range(n):
        a = _f(a, a)
    return a


def unpack_tuple(abc):
    a, b, c = abc
    return a * b + c


def dict_axpy(val):
    return val['a'] * val['b'] + val['c']


def build_dict(abc):
    a, b, c = abc
    return dict_axpy(dict(a=a, b=b, c=c))


def pick_from_tuple(a, b, c, i):
    x = a, b, c
    return x[i]


def first_of_tuple(abc):
    a, b, c = abc
    return a


def polar(a, b):
    r = np.sqrt(a ** 2.0 + b ** 2.0)
    theta = np.arctan2(b, a)
    return r, theta


def comprehension_sum(a):
    return np.sum([i * 3 for i in a])


def halve_until_small(a):
    while np.abs(a) > 0.1:
        a = a * 0.5
    return a


def copy_loop(x):
    y = np.zeros_like(x)
    for i in range(len(x)):
        y[i] = x[i]
    return np.sum(y)


def rows_from_entries(x):
    h = np.zeros((len(x), 3))
    for t in range(len(h)):
        h[t] = x[t]
    return np.sum(h)


def tail_sum(x):
    return np.sum(x[1:])


def tiny_rnn(inputs, W):
    h = np.zeros((4, 3))
    for t in range(3):
        h[t + 1] = np.dot(inputs[t], W) + h[t]
    return np.sum(h[1:])


def tiny_rnn_tanh(inputs, W, U):
    h = np.zeros((4, 3))
    for t in range(3):
        h[t + 1] = np.tanh(np.dot(inputs[t], W) + np.dot(h[t], U))
    return np.sum(h[1:] ** 2)


def aug_mul(a):
    x = a * a
    x *= x
    return x


def bilinear_layer(x, h, U, W, b):
    y = np.dot(x, W)
    y = y + np.dot(h, U)
    y = y + b
    y = np.tanh(y)
    return np.sum(y)


def power_ab(a, b):
    a = a ** b
    return a


def square_twice(a):
    a = a * a
    y = a * a
    return y


def chain_squares(a):
    b = a
    b = a * a
    c = b * b
    d = c * c
    return d


def chain_square_calls(a):
    b = times(a, a)
    c = times(b, b)
    d = times(c, c)
    return d


def dict_of_dicts(p):
    return p['i']['j'] * p['i']['k']


def strided_newaxis(x):
    return np.sum(x[::2, np.newaxis])


def a_unused(a):
    b = a * a
    b = b + 1.0
    return a


CASES = [
    Case(identity, lambda r: (s(r),)),
    Case(negate, lambda r: (s(r),)),
    Case(total_of, lambda r: (vec(r),)),
    Case(total_of_array, lambda r: (vec(r),)),
    Case(rebind_after_sum, lambda r: (vec(r),)),
    Case(th, lambda r: (s(r),)),
    Case(th, lambda r: (vec(r),), note="array"),
    Case(copy_name, lambda r: (s(r),)),
    Case(plus_one, lambda r: (s(r),)),
    Case(axpy, lambda r: (s(r), s(r), s(r))),
    Case(axpy, lambda r: (vec(r), vec(r), s(r)), note="arrays"),
    Case(times, lambda r: (s(r), s(r))),
    Case(axpy_calls, lambda r: (s(r), s(r), s(r))),
    Case(axpy_steps, lambda r: (s(r), s(r), s(r))),
    Case(axpy_rebind, lambda r: (s(r), s(r), s(r))),
    Case(name_like_adjoint, lambda r: (s(r),)),
    Case(branch_rebind, lambda r: (s(r),)),
    Case(binops, lambda r: (s(r),)),
    Case(binops, lambda r: (vec(r) + 3.0,), note="array"),
    Case(nested_branches, lambda r: (s(r),)),
    Case(tangled_branches, lambda r: (s(r),)),
    Case(np_multiply, lambda r: (s(r),)),
    Case(two_outputs, lambda r: (s(r),)),
    Case(two_outputs, lambda r: (vec(r),), note="array"),
    Case(list_then_sum, lambda r: (s(r),)),
    Case(list_of_products, lambda r: (vec(r),)),
    Case(read_two, lambda r: (vec(r),)),
    Case(store_product, lambda r: (vec(r),)),
    Case(store_from_square, lambda r: (vec(r),)),
    Case(list_index, lambda r: (s(r),)),
    Case(list_store, lambda r: (s(r),)),
    Case(two_ifs, lambda r: (s(r),)),
    Case(compare_args, lambda r: (s(r), s(r))),
    Case(loops_in_a_row, lambda r: (float(r.uniform(0.8, 1.1)), 2), loops=True),
    Case(if_then_loop, lambda r: (s(r, 0.7, 1.1), 2), loops=True),
    Case(loop_then_if, lambda r: (s(r, 0.7, 1.1), 2), loops=True),
    Case(if_in_if, lambda r: (s(r, 0.5, 5),)),
    Case(elif_rebind, lambda r: (s(r),)),
    Case(cube, lambda r: (s(r),)),
    Case(cube_pow, lambda r: (s(r),)),
    Case(cube_loop, lambda r: (s(r),), loops=True),
    Case(cube_loop2, lambda r: (s(r),), loops=True),
    Case(square_thrice, lambda r: (s(r, 0.8, 1.1),), loops=True),
    Case(square_n, lambda r: (s(r, 0.8, 1.1), 3), loops=True),
    Case(square_n, lambda r: (vec(r) * 0.3 + 1.0, 3), loops=True, note="array"),
    Case(guarded_squares, lambda r: (s(r, 1.1, 3.0),), loops=True),
    Case(squares_if, lambda r: (s(r, 0.8, 1.2),), loops=True),
    Case(double_loop_squares, lambda r: (float(r.uniform(0.97, 1.02)),), loops=True),
    Case(cubes_loop, lambda r: (s(r, 0.8, 1.1),), loops=True),
    Case(np_mean, lambda r: (vec(r),)),
    Case(exp_exp, lambda r: (s(r),)),
    Case(root, lambda r: (pos(r),)),
    Case(root, lambda r: (np.abs(vec(r)) + 0.2,), note="array"),
    Case(logreg, lambda r: (r.standard_normal((5, 3)), (r.uniform(size=(5, 2)) > 0.5).astype(float),
                            r.standard_normal((3, 2)), r.standard_normal(2))),
    Case(call_inner, lambda r: (s(r), s(r))),
    Case(branch_calls, lambda r: (s(r), s(r))),
    Case(loop_calls, lambda r: (s(r, 0.8, 1.1), 3), loops=True),
    Case(nested_calls, lambda r: (s(r), s(r))),
    Case(loop_nested_def, lambda r: (s(r, 0.8, 1.1), 3), loops=True),
    Case(unpack_tuple, lambda r: ((s(r), s(r), s(r)),)),
    Case(unpack_tuple, lambda r: ([vec(r), vec(r), vec(r)],), note="list of arrays"),
    Case(dict_axpy, lambda r: ({'a': s(r), 'b': s(r), 'c': s(r)},)),
    Case(build_dict, lambda r: ((s(r), s(r), s(r)),)),
    Case(pick_from_tuple, lambda r: (s(r), s(r), s(r), 1)),
    Case(first_of_tuple, lambda r: ((s(r), s(r), s(r)),)),
    Case(polar, lambda r: (s(r), s(r))),
    Case(comprehension_sum, lambda r: (vec(r),), loops=True),
    Case(halve_until_small, lambda r: (s(r, 0.5, 3.0),), loops=True),
    Case(copy_loop, lambda r: (vec(r),), loops=True),
    Case(rows_from_entries, lambda r: (vec(r),), loops=True),
    Case(tail_sum, lambda r: (vec(r),)),
    Case(tiny_rnn, lambda r: (r.standard_normal((3, 2)), r.standard_normal((2, 3))), loops=True),
    Case(tiny_rnn_tanh, lambda r: (r.standard_normal((3, 2)), r.standard_normal((2, 3)),
                                   r.standard_normal((3, 3)) * 0.5), loops=True),
    Case(aug_mul, lambda r: (s(r),)),
    Case(bilinear_layer, lambda r: (r.standard_normal((2, 3)), r.standard_normal((2, 4)),
                                    r.standard_normal((4, 5)), r.standard_normal((3, 5)), r.standard_normal(5))),
    Case(power_ab, lambda r: (pos(r), s(r))),
    Case(square_twice, lambda r: (s(r),)),
    Case(chain_squares, lambda r: (s(r, 0.8, 1.1),)),
    Case(chain_square_calls, lambda r: (s(r, 0.8, 1.1),)),
    Case(dict_of_dicts, lambda r: ({'i': {'j': s(r), 'k': s(r)}},)),
    Case(strided_newaxis, lambda r: (r.standard_normal((5, 3)),)),
    Case(a_unused, lambda r: (s(r),)),
]
