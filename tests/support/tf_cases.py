"""Functions for the TensorFlow-semantics tests (srcdiff needs their source)."""

import numpy as np

import srcdiff as sd


def two_outputs(x1, x2, x3, x4):
    y1 = x1 + x2 + x3
    y2 = x3 + x4
    return y1, y2


def matmul_21(x):
    return x @ np.array([[2.0], [1.0]])


def a_plus_b(a):
    b = 2.0 * a
    return a + b


def w_x_x(w, x):
    return w * x * x


def unconnected(a, b):
    return a * 3.0


def with_stop_gradient(a, b):
    c = sd.stop_gradient(a * b)
    return c * a + b


def stop_then_names(a):
    b = a * a
    c = sd.stop_gradient(b) * 3.0
    d = b * 2.0
    return c + d


def local_wrt(x):
    h = np.tanh(x)
    h = h * 2.0
    y = h * h
    return np.sum(y)


def array_output(x):
    return np.sin(x) * 2.0


def int_argument(x, n):
    return x * n


def design_example(x, w):
    h = np.tanh(x @ w)
    return np.sum(h * h)


def mutates_argument(x):
    x[0] = x[1] * 3.0
    x[2] += x[0]
    return np.sum(x * x)


def inactive_work(x, w, labels):
    n = labels.shape[0]
    counts = np.sum(labels > 0)
    scale = np.sqrt(counts + 1.0)
    return np.sum(np.tanh(x @ w)) / scale + n


def store_into_stopped_copy(x):
    y = sd.stop_gradient(x.copy())  # a float array: the store below keeps its value
    y[0] = x[1] * 2.0
    return np.sum(y * x)


def stores_into_stopped_sum(x):
    y = sd.stop_gradient(x)
    y = y + 0.0
    for i in range(2):
        y[i] = y[i] * x[i]
    return np.sum(y)


def add_two(x, y):
    return x + y


def dict_sum(p):
    return p["a"] + p["b"]


def identity(x):
    return x


def views_of_argument(x):
    y = x * 1.0
    return x, x[1:], y, y[:2]


def local_in_branches(x, flag):
    if flag:
        y = x * 2.0
    else:
        y = x * 3.0
    return y * y


def local_maybe_reassigned(x, flag):
    z = 0.0
    if flag:
        z = x * 2.0
    return x + z * z


def local_twice_float32(x, c):
    z = np.zeros(x.shape)
    z = x * 2.0
    return np.sum(z * c)


def dict_output(x):
    return {"a": x * 3.0, "b": x * x}


def scaled_sum(x, y):
    return np.sum(x * y)


def product_of_entries(p):
    return p["a"] * p["b"] * 2.0


def product_of_items(xs):
    return xs[0] * xs[1] * np.sum(xs[2][0]) * xs[2][1]


def local_in_a_loop(x):
    s = 0.0
    for i in range(3):
        y = x * i
        s = s + y
    return s


def square_times_entry(p):
    return p["a"] ** 2 * p["b"]
