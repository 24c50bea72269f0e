"""TensorFlow's control-flow gradient tests (control_flow_ops_test, while_v2_test, cond_v2_test),
the NumPy-expressible kinds, in our words: while loops whose body branches on a carried
value, carried buffers written row by row, nested while loops left by break, swapped
carried pairs, scatter-adds in a loop (tf.tensor_scatter_add), in-place updates, carried
dicts (nested structures), an early return from a loop, and sparse softmax cross-entropy
with integer labels. ``CASES`` pairs each function with its argument tuples.
"""

import numpy as np

W3 = np.array([0.5, -1.2, 0.8])
W33 = np.array([[0.5, -1.2, 0.8], [0.3, 0.9, -0.4], [1.1, -0.2, 0.6]])


def while_cond_inside(x, n):
    i = 0
    h = x
    while i < n:
        if np.sum(h) > 0:
            h = h * W3 - 0.3
        else:
            h = np.sin(h) + W3
        i += 1
    return np.sum(h * h)


def while_store_carried(x):
    buf = np.zeros((4, 3))
    buf[0] = x
    i = 1
    while i < 4:
        buf[i] = np.tanh(buf[i - 1] @ W33) + buf[i - 1] * 0.5
        i += 1
    return np.sum(buf * buf[::-1])


def nested_while_break(x):
    total = 0.0
    i = 0
    while True:
        j = 0
        while j < 3:
            total = total + np.sum(x * W3 ** j) * (i + 1)
            if j == i:
                break
            j += 1
        i += 1
        if i >= 3:
            break
    return total * total


def loop_swap_carried(x, y):
    a, b = x, y
    for _ in range(3):
        a, b = b * 0.5 + np.sin(a), a * b
    return np.sum(a * W3) + np.sum(b)


def gather_scatter_loop(x):
    out = np.zeros(5)
    idx = [0, 2, 2, 4, 1]
    for k in range(5):
        out[idx[k]] += x[k % 3] * W3[k % 3]
    return np.sum(out * np.arange(1.0, 6.0)) + np.sum(out ** 2)


def in_place_ops(x):
    y = x.copy()
    y *= 2.0
    y[1:] += y[:-1]
    y /= np.sum(np.abs(y)) + 1.0
    return np.sum(y * W3)


def reduce_max_ties_axis(x):
    m = np.stack([x, x, x * 0.5])
    return np.sum(np.max(m, axis=0) * W3) + np.sum(np.min(m, axis=1))


def matmul_chain_transposes(a):
    b = a.T @ a
    c = np.einsum("ij,jk->ik", b, a.T)
    return np.sum(c * W33) + np.trace(np.linalg.inv(b + 3 * np.eye(3)))


def list_of_grads_reduce(x):
    parts = [x[i] * W3 for i in range(3)]
    s = parts[0]
    for p in parts[1:]:
        s = s * p + 1.0
    return np.sum(s)


def dict_state_loop(x):
    st = {"h": x, "c": np.zeros(3)}
    for _ in range(3):
        st["c"] = st["c"] + np.tanh(st["h"])
        st["h"] = st["h"] * W3 + st["c"]
    return np.sum(st["h"]) + np.sum(st["c"] ** 2)


def early_return_loop(x):
    acc = x
    for i in range(5):
        acc = acc * 0.9 + np.cos(acc)
        if np.sum(acc) > 100.0:
            return np.sum(acc)
    return np.sum(acc * W3)


def log_softmax_ce_with_int_labels(logits, labels):
    z = logits - np.max(logits, axis=1, keepdims=True)
    lp = z - np.log(np.sum(np.exp(z), axis=1, keepdims=True))
    return -np.mean(lp[np.arange(logits.shape[0]), labels])


R = np.random.default_rng(44)
CASES = [
    (while_cond_inside, [(R.standard_normal(3), 4), (R.standard_normal(3), 0)]),
    (while_store_carried, [(R.standard_normal(3),)]),
    (nested_while_break, [(R.standard_normal(3),)]),
    (loop_swap_carried, [(R.standard_normal(3), R.standard_normal(3))]),
    (gather_scatter_loop, [(R.standard_normal(3),)]),
    (in_place_ops, [(R.standard_normal(3),)]),
    (reduce_max_ties_axis, [(np.array([1.0, -2.0, 3.0]),)]),
    (matmul_chain_transposes, [(R.standard_normal((3, 3)),)]),
    (list_of_grads_reduce, [(R.standard_normal((3, 3)),)]),
    (dict_state_loop, [(R.standard_normal(3),)]),
    (early_return_loop, [(R.standard_normal(3),)]),
    (log_softmax_ce_with_int_labels, [(R.standard_normal((4, 3)), np.array([0, 2, 1, 2]))]),
]
WRT = {}
