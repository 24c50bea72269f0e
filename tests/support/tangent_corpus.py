"""Tangent's test corpus (google/tangent tests/functions.py), kind by kind, in our words.

Tangent sweeps one module of small functions through reverse mode, forward mode and
Hessian-vector products, and picks inputs from parameter names (its conftest): ``a``,
``b``, ``c`` are scalars from -2 to 2, ``n`` an int 1..3, ``x`` a vector of length 3, 5
or 10, ``sqm`` a square matrix: tests/support/tangent_inputs.py does the same, and its
``CASES`` lists every function with the argument tuples it is checked at. The functions
are our own, named after what they exercise; Tangent's TensorFlow functions and its
tape/stack and ``insert_grad_of`` internals have no NumPy counterpart and are left out.
"""

import numpy as np

# ------------------------------------------------------------------ straight-line scalars


def identity(a):
    return a


def negate(a):
    return -a


def tanh_call(a):
    return np.tanh(a)


def alias_then_return(a):
    b = a
    return b


def add_int_literal(a):
    return a + 1


def name_like_a_gradient(a):
    da = a * a
    return da


def times_const(a):
    return a * 3.0


def const_times(a):
    return 3.0 * a


def self_product(a):
    return a * a


def over_const(a):
    return a / 3.0


def const_over(a):
    return 3.0 / a


def self_ratio(a):
    return a / a


def minus_const(a):
    return a - 3.0


def const_minus(a):
    return 3.0 - a


def self_difference(a):
    return a - a


def plus_const(a):
    return a + 3.0


def const_plus(a):
    return 3.0 + a


def self_sum(a):
    return a + a


def np_multiply_const(a):
    return np.multiply(a, 3.0)


def two_outputs(a):
    return 2 * a, a


def cube_by_products(a):
    return a * a * a


def cube_by_power(a):
    return a ** 3


def rebind_argument(a):
    a = a * 3.0
    return a


def rebind_local(a):
    b = a
    b = b * 3.0
    return b


def in_place_square(a):
    y = a * a
    y *= y
    return y


def chain_of_squares(a):
    b = a
    b = a * a
    c = b * b
    d = c * c
    return d


def square_twice(a):
    a = a * a
    y = a * a
    return y


def unused_product(a):
    b = a * a
    b = b + 1.0
    return a


# ------------------------------------------------------------------ branches


def branch_rebinds(a):
    if a > 0:
        a = a * 3.0
    else:
        a = a * 2.0
    return a


def branch_inside_branch(a):
    if a > 0:
        if a < 10:
            a = a * a
    else:
        a = 3.0 * a
    return a


def branch_on_expressions(a):
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


def branches_in_sequence(a):
    if a > 0:
        a = a * a
    a = a + a
    if a < 0:
        a = 3.0 * a
    return a


def branch_then_nested(a):
    if a > 0:
        a = a * 3.0
        if a < 10:
            a = a * a
        else:
            a = a * 2.0
    return a


def elif_chain(a):
    if a > 0:
        a = a * 3.0
    elif 0 > a:
        a = a * 2.0
    else:
        a = 1.0 * a
    return a


def branch_on_two(a, b):
    if a > b:
        a = a * a
    else:
        a = a * b
    return a


def sqrt_of_magnitude(a):
    if a >= 0:
        r = np.sqrt(a)
    else:
        r = np.sqrt(-a)
    return r


def power_of_magnitude(a, b):
    if a >= 0:
        a = a ** b
    else:
        a = (-a) ** b
    return a


# ------------------------------------------------------------------ loops


def loops_in_sequence(a, n):
    for i in range(n):
        a = a * a
    a = 2.0 * a
    for i in range(n + 1):
        a = a * 3.0
    return a


def branch_then_loop(a, n):
    if a > 0:
        a = a * a
    a = 2.0 * a
    for i in range(n):
        a = a * a
    return a


def loop_then_branch(a, n):
    for i in range(n):
        a = a * a
    a = 2.0 * a
    if a > 0:
        a = a * a
    return a


def cube_from_int_one(a):
    out = 1
    for i in range(3):
        out = out * a
    return out


def cube_from_a(a):
    out = a
    for i in range(3 - 1):
        out = out * a
    return out


def repeated_square_fixed(a):
    for i in range(3):
        a = a * a
    return a


def repeated_square(a, n):
    for i in range(n):
        a = a * a
    return a


def branch_in_loop(a):
    for i in range(3):
        if a < 20:
            a = a * a
    return a


def loop_in_branch(a):
    if a < 20:
        for i in range(3):
            a = a * a
    return a


def nested_loops(a):
    for i in range(2):
        for j in range(3):
            a = a * a
    return a


def triple_product_in_loop(a):
    for i in range(3):
        a = a * a * a
    return a


def halve_while_large(a):
    while np.abs(a) > 0.1:
        a = a * 0.5
    return a


# ------------------------------------------------------------------ numpy and math calls


def exp_call(a):
    return np.exp(a)


def exp_of_exp(a):
    return np.exp(np.exp(a))


def cos_call(a):
    return np.cos(a)


def sin_call(a):
    return np.sin(a)


def tan_call(a):
    return np.tan(a)


def cosh_call(a):
    return np.cosh(a)


def sinh_call(a):
    return np.sinh(a)


def arccos_call(a):
    return np.arccos(a)


def arcsin_call(a):
    return np.arcsin(a)


def arctan_call(a):
    return np.arctan(a)


def arctan2_call(a, b):
    return np.arctan2(a, b)


def to_polar(a, b):
    r = np.sqrt(a ** 2.0 + b ** 2.0)
    theta = np.arctan2(b, a)
    return r, theta


def determinant(sqm):
    return np.linalg.det(sqm)


# ------------------------------------------------------------------ calls to user functions


def product(a, b):
    return a * b


def total(a, b):
    return a + b


def axpy_by_calls(a, b, c):
    return total(product(a, b), c)


def product_by_call(a, b):
    return product(a, b)


def call_in_each_branch(a, b):
    if a > b:
        o = product(a, b)
    else:
        o = product(b, a)
    return o


def call_in_loop(a, n):
    for i in range(n):
        a = product(a, a)
    return a


def call_through_call(a, b):
    return product_by_call(a, b)


def chain_of_calls(a):
    b = product(a, a)
    c = product(b, b)
    d = product(c, c)
    return d


def local_def_in_loop(a, n):
    def times(a, n):  # its parameters shadow the outer ones, as in Tangent's
        return a * n

    for i in range(n):
        a = times(a, a)
    return a


# ------------------------------------------------------------------ three scalars


def axpy(a, b, c):
    return a * b + c


def axpy_named_steps(a, b, c):
    t1 = a * b
    t2 = t1 + c
    return t2


def axpy_rebinding(a, b, c):
    t = a * b
    t = t + c
    return t


# ------------------------------------------------------------------ tuples, lists, dicts


def unpack_tuple_argument(abc):
    a, b, c = abc
    return a * b + c


def first_of_tuple_argument(abc):
    a, b, c = abc
    return a


def dict_argument(val):
    return val['a'] * val['b'] + val['c']


def build_dict_and_call(abc):
    a, b, c = abc
    return dict_argument(dict(a=a, b=b, c=c))


def pick_from_packed(a, b, c, i):
    x = a, b, c
    return x[i]


def nested_dict_argument(p):
    return p['i']['j'] * p['i']['k']


def sum_of_list_literal(a):
    b = [1, a * a, 2]
    return np.sum(b)


def read_from_list_literal(a):
    x = [1.0, a, 3.0]
    return x[0] * x[1]


# ------------------------------------------------------------------ vectors


def sum_call(x):
    return np.sum(x)


def sum_of_array_copy(x):
    return np.sum(np.array(x))


def rebind_vector_to_scalar(x):
    x = np.sum(x)
    x = x * x
    return x


def mean_call(x):
    return np.mean(x)


def product_in_list_literal(x):
    b = [1, x[0] * x[1] * x[2], 3]
    return np.sum(b)


def read_two_entries(x):
    a = x[0]
    b = x[1]
    return a * b


def store_into_argument(x):
    a = x[0]
    b = x[1]
    x[0] = a * b
    return np.sum(x)


def store_after_power(x):
    y = x ** 2.0
    x[0] = y[1] * y[2]
    return np.sum(x * y)


def copy_entries_in_loop(x):
    y = np.zeros_like(x)
    for i in range(len(x)):
        y[i] = x[i]
    return np.sum(y)


def fill_rows_in_loop(x):
    h = np.zeros((len(x), 3))
    for t in range(len(h)):
        h[t] = x[t]
    return np.sum(h)


def sum_of_tail(x):
    return np.sum(x[1:])


def strided_slice_new_axis(x):
    return np.sum(x[::2, np.newaxis])


def list_comprehension_sum(x):
    return np.sum([i * 3 for i in x])


# ------------------------------------------------------------------ small models


def logistic_loss(inputs, label, W, b):
    h1 = np.dot(inputs, W) + b
    prediction = 0.5 * (np.tanh(h1) + 1)
    probabilities = prediction * label + (1 - prediction) * (1 - label)
    return -np.sum(np.log(probabilities))


def recurrent_sum(inputs, W):
    h = np.zeros((4, 3))
    for t in range(3):
        h[t + 1] = np.dot(inputs[t], W) + h[t]
    return np.sum(h[1:])


def bilinear_tanh(x, h, U, W, b):
    y = np.dot(x, W)
    y = y + np.dot(h, U)
    y = y + b
    y = np.tanh(y)
    return np.sum(y)
