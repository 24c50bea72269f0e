"""Python-breadth cases, part 3: unusual inputs.

float32 arrays and scalars (their gradients float32), numpy scalars (np.float64(2.0)), 0-d
arrays, Python ints and bools next to floats (constants), int arrays, empty arrays, lists
and tuples and nested dicts of arrays, mixed precisions. ``CASES`` are ``(function,
argument tuples, wrt or None)``; tests/compat/test_python_breadth.py checks them.
"""

import math

import numpy as np

F32 = np.array([0.5, -1.0, 2.0], dtype=np.float32)
M32 = (np.arange(6.0).reshape(2, 3) * 0.3).astype(np.float32)
V = np.array([0.5, -1.0, 2.0])


def square_sum(x):
    return np.sum(x * x)


def poly_mixed_literals(x):
    return 3 * x ** 2 + 0.5 * x - 1


def float32_times_float64(x32, y):
    return np.sum(x32 * y)


def float32_with_np_scalar(x32):
    return np.sum(x32 * np.float64(1.5) + np.float32(2.0) * x32 ** 2)


def float32_matmul(m32, v):
    return np.sum(np.tanh(m32 @ v))


def float32_loop(x32):
    acc = np.zeros_like(x32)
    for i in range(3):
        acc = acc * 0.5 + x32 ** (i + 1)
    return np.sum(acc)


def float32_setitem(x32):
    y = np.zeros_like(x32)
    y[0] = x32[1] * 2.0
    y[1:] = x32[:2] ** 2
    return np.sum(y * x32)


def float32_store_float64_value(x32, w):
    y = x32.copy()
    y[0] = w * 3.0
    return np.sum(y ** 2)


def float32_reduce_mean(m32):
    return np.mean(m32, axis=0) @ np.std(m32, axis=1)[:1].repeat(3)


def output_vector(x):
    return np.exp(x) * 0.5


def output_tuple(x, y):
    return x * y, np.sum(x) - y


def zero_d_ops(x0):
    return np.sin(x0) * x0 + x0[()] ** 2


def zero_d_item(x0):
    return float(x0) * 2.0 + x0 * x0


def numpy_scalar_math(x):
    return math.exp(x) + np.sqrt(x) * x


def int_array_constant(x, idx):
    return np.sum(x[idx] ** 2) + np.sum(idx * x[0])


def int_scale_array(x, counts):
    return np.sum(x * counts) + np.sum(counts ** 2) * np.sum(x)


def bool_mask_arg(x, mask):
    return np.sum(np.where(mask, x ** 2, -x))


def bool_mask_index(x, mask):
    return np.sum(x[mask] ** 3)


def bool_scalar_flag(x, flag):
    return x * flag + x ** 2 * (not flag)


def int_scalar_mix(x, n):
    return x ** 2 * n + n * n + x / n


def empty_sum(x):
    return np.sum(x ** 2) + 1.0


def empty_loop(xs):
    s = 0.0
    for v in xs:
        s = s + v * v
    return s


def empty_concat(x, e):
    return np.sum(np.concatenate([x, e]) ** 2)


def list_of_arrays(ws):
    return sum(np.sum(w ** 2) for w in ws)


def list_index_loop(ws):
    out = ws[0]
    for k in range(1, len(ws)):
        out = out * ws[k]
    return np.sum(out)


def tuple_of_mixed(p):
    a, b, n = p
    return np.sum(a * b) * n


def nested_dict_of_lists(params):
    s = 0.0
    for layer in params["layers"]:
        s = s + np.sum(layer["w"] ** 2) + layer["b"]
    return s * params["scale"]


def list_of_scalars(cs):
    return cs[0] * cs[1] + cs[2] ** 2


def tuple_return_list_arg(ws):
    return ws[0] * 2.0, ws[1] ** 2


def dict_keyed_by_int(d):
    return d[0] * d[1] + d[2]


def mixed_precision_accumulate(x32, y64):
    acc = np.float32(0.0)
    for i in range(len(x32)):
        acc = acc + x32[i] * y64[i]
    return acc


def float32_scalar_arg(s32, x):
    return s32 * np.sum(x) + s32 ** 2


def empty_2d(m):
    return np.sum(m @ m.T) + np.sum(m, axis=0).sum()


def int_python_wrt_zero_d(x0, k):
    return x0 * k + np.float64(k) * x0 ** 2


CASES = [
    (square_sum, [(F32,), (np.float64(2.0),), (np.array(2.0),), (np.zeros(0),),
                  (np.float32(1.5),), (M32,), (V,)], (0,)),
    (poly_mixed_literals, [(F32,), (np.float64(2.0),), (np.array(2.0),), (np.float32(1.5),),
                           (np.zeros((0, 2)),)], (0,)),
    (float32_times_float64, [(F32, V), (F32, 1.5), (F32, np.float64(1.5))], None),
    (float32_with_np_scalar, [(F32,)], (0,)),
    (float32_matmul, [(M32, V), (M32, V.astype(np.float32))], (0, 1)),
    (float32_loop, [(F32,)], (0,)),
    (float32_setitem, [(F32,)], (0,)),
    (float32_store_float64_value, [(F32, 0.7), (F32, np.float64(0.7))], (0, 1)),
    (float32_reduce_mean, [(M32,)], (0,)),
    (output_vector, [(F32,), (np.array(0.3),), (np.float64(0.3),)], (0,)),
    (output_tuple, [(F32, 0.3), (V, np.float64(0.3)), (np.array(0.2), np.array(0.4))], (0, 1)),
    (zero_d_ops, [(np.array(0.7),), (np.array(0.7, dtype=np.float32),)], (0,)),
    (zero_d_item, [(np.array(0.7),)], (0,)),
    (numpy_scalar_math, [(np.float64(0.7),), (np.array(0.7),)], (0,)),
    (int_array_constant, [(V, np.array([2, 0, 0]))], (0,)),
    (int_scale_array, [(V, np.array([1, 2, 3])), (F32, np.array([1, 2, 3], dtype=np.int32))],
     (0,)),
    (bool_mask_arg, [(V, np.array([True, False, True]))], (0,)),
    (bool_mask_index, [(V, np.array([True, False, True])), (V, np.zeros(3, bool))], (0,)),
    (bool_scalar_flag, [(0.7, True), (0.7, False)], (0,)),
    (int_scalar_mix, [(0.7, 3), (V, 2), (F32, 2), (np.float64(0.7), np.int64(3))], (0,)),
    (empty_sum, [(np.zeros(0),), (np.zeros(0, dtype=np.float32),), (np.zeros((3, 0)),)], (0,)),
    (empty_loop, [(np.zeros(0),), (V,)], (0,)),
    (empty_concat, [(V, np.zeros(0))], (0, 1)),
    (list_of_arrays, [([V, V[:2] * 2.0],), ((V, F32),), ([],)], (0,)),
    (list_index_loop, [([V, V * 2.0, V - 1.0],), ((np.array(0.5), np.array(1.5)),)], (0,)),
    (tuple_of_mixed, [((V, V * 2.0, 3),)], (0,)),
    (nested_dict_of_lists, [({"layers": [{"w": V, "b": 0.5}, {"w": V[:2], "b": -1.0}],
                              "scale": 2.0},)], (0,)),
    (list_of_scalars, [([0.5, 1.5, -2.0],), ((np.float64(0.5), 1.5, np.array(-2.0)),)], (0,)),
    (tuple_return_list_arg, [([V, V * 2.0],), ([0.5, 1.5],)], (0,)),
    (dict_keyed_by_int, [({0: 0.5, 1: V, 2: V * 2.0},)], (0,)),
    (mixed_precision_accumulate, [(F32, V)], (0, 1)),
    (float32_scalar_arg, [(np.float32(0.5), V), (np.float32(0.5), F32)], (0, 1)),
    (empty_2d, [(np.zeros((0, 3)),), (np.zeros((2, 0)),)], (0,)),
    (int_python_wrt_zero_d, [(np.array(0.7), 3)], (0,)),
]
