"""TensorFlow's gradient tests, the NumPy-expressible kinds, in our words.

From tensorflow/python/ops/math_grad_test.py (squared difference with broadcasting, abs
away from 0, min/max with ties, maximum/minimum against a constant, prod over axes,
euclidean norm, floormod, xlogy/xdivy, pow, cumsum/cumprod exclusive and reversed, batch
matmul), array_grad_test.py and kernel_tests (gather with repeated indices, strided
slices, concat, tile, pad, reshape/transpose, reverse, split, stack, broadcast_to),
nn_grad_test.py (softmax, log_softmax, relu, relu6, leaky relu, elu, selu, softplus,
softsign, l2_loss, bias_add), linalg_grad_test.py (inverse, determinant, log-determinant,
solve, cholesky, qr, svd, eigh, pinv, matrix power) and the control-flow tests (while loops
carrying tensors, cond, nested loops, break). Each function ends in a weighted sum with a
fixed random weight so the gradient is not a sum of ones. ``CASES`` pairs each function
with its argument tuples; ``WRT`` names the positions where not every float one.
"""

import numpy as np

_rng = np.random.default_rng(20261207)


def R(*shape):
    return _rng.standard_normal(shape)


def biased(*shape, bias=0.3):
    """Normal samples moved ``bias`` away from 0 (math_grad_test's _biasedRandN)."""
    v = _rng.standard_normal(shape)
    return v + np.sign(v) * bias


def spd(n):
    a = R(n, n)
    return a @ a.T + n * np.eye(n)


W2 = R(2)
W3 = R(3)
W4 = R(4)
W24 = R(2, 4)
W32 = R(3, 2)
W33 = R(3, 3)
W34 = R(3, 4)
W324 = R(3, 2, 4)
W1232 = R(1, 2, 3, 2)
W234 = R(2, 3, 4)

# ------------------------------------------------------------------ math_grad_test


def squared_difference(x, y):
    return np.sum((x - y) ** 2 * W1232)


def squared_difference_rhs_wider(x, y):
    return np.sum(np.square(x - y) * W324)


def abs_biased(x):
    return np.sum(np.abs(x) * W33)


def min_of_tied_concat(x):
    return np.min(np.concatenate([x, x], axis=0)) * 1.7


def max_of_tied_concat(x):
    return np.max(np.concatenate([x, x])) * 1.7


def amax_of_tied_stack(x):
    return np.sum(np.amax(np.stack([x, x, 0.5 * x]), axis=0) * W3)


def maximum_with_constant(x):
    return np.sum(np.maximum(x, 3.0) * W4)


def minimum_with_constant(x):
    return np.sum(np.minimum(x, 2.0) * W4)


def prod_all(x):
    return np.prod(x) * 0.7


def prod_negative_axis(x):
    return np.sum(np.prod(x, axis=-1) * W2)


def prod_with_zeros(x):
    return np.sum(np.prod(x, axis=0) * W3)


def euclidean_norm(x):
    return np.sqrt(np.sum(x * x)) * 5.0


def euclidean_norm_axis(x, axis):
    return np.sum(np.linalg.norm(x, axis=axis) * 1.3)


def floormod(x):
    return np.sum(np.mod(x, 17.0) * W3)


def fmod(x):
    return np.sum(np.fmod(x, 1.7) * W3)


def div_no_nan_like(x):
    return np.sum(x / (1.0 + np.abs(x)) * W4)


def xlogy(x, y):
    return np.sum(x * np.log(y) * W34)


def xdivy(x, y):
    return np.sum(x / y * W34)


def pow_broadcast(x, y):
    return np.sum(np.power(x, y) * W34)


def pow_integer_exponent(x):
    return np.sum(x ** 3 * W34)


def cumsum_exclusive_reverse(x):
    r = np.cumsum(x[::-1])[::-1]
    return np.sum((r - x) * W4)


def cumprod_axis(x):
    return np.sum(np.cumprod(x, axis=1) * W34)


def cumprod_exclusive(x):
    c = np.cumprod(x)
    return np.sum(np.concatenate([np.ones(1), c[:-1]]) * W4)


def batch_matmul(a, b):
    return np.sum(np.matmul(a, b) * W234)


def reciprocal_rsqrt(x):
    return np.sum((1.0 / x + 1.0 / np.sqrt(x)) * W34)


def sigmoid_tanh(x):
    return np.sum((1.0 / (1.0 + np.exp(-x)) + np.tanh(x)) * W34)


def atan2(y, x):
    return np.sum(np.arctan2(y, x) * W34)


def log1p_expm1(x):
    return np.sum((np.log1p(x * x) + np.expm1(x)) * W34)


def clip_by_value(x):
    return np.sum(np.clip(x, -0.5, 0.7) * W34)


def add_n(a, b, c):
    return np.sum((a + b + c) * np.add(a, c) * W34)


def reduce_mean_keepdims(x):
    return np.sum((x - np.mean(x, axis=1, keepdims=True)) ** 2 * W34)


def logsumexp(x):
    m = np.max(x, axis=1, keepdims=True)
    return np.sum((np.log(np.sum(np.exp(x - m), axis=1)) + m[:, 0]) * W3)


# ------------------------------------------------------------------ array_grad_test


def gather_axis0(x):
    return np.sum(np.take(x, [2, 0, 2, 1], axis=0) * R4x4)


def gather_axis1_repeated(x):
    return np.sum(np.take(x, np.array([[0, 3], [3, 3]]), axis=1) * W3x2x2)


def gather_nd(x):
    return np.sum(x[np.array([0, 2, 2]), np.array([1, 1, 3])] * W3)


def strided_slice(x):
    return np.sum(x[1:3, ::2] * W2x2) + np.sum(x[::-1, -1] * W3)


def strided_slice_new_axis(x):
    return np.sum(x[None, 1:, ..., ::-2] * W1x2x2)


def concat_axis1(a, b):
    return np.sum(np.concatenate([a, b, a], axis=1) * W3x10)


def tile(x):
    return np.sum(np.tile(x, (2, 3)) * W6x6)


def pad_constant(x):
    return np.sum(np.pad(x, ((1, 2), (0, 1))) * W6x5)


def pad_reflect(x):
    return np.sum(np.pad(x, ((1, 1), (2, 1)), mode="reflect") * W5x7)


def pad_symmetric(x):
    return np.sum(np.pad(x, ((1, 1), (2, 1)), mode="symmetric") * W5x7)


def reshape_transpose(x):
    return np.sum(np.transpose(np.reshape(x, (2, 6)), (1, 0)) * W6x2) + np.sum(x.T @ x)


def reverse(x):
    return np.sum(np.flip(x, axis=(0, 1)) * W34) + np.sum(x[:, ::-1] * W34 * x)


def split(x):
    a, b = np.split(x, 2, axis=1)
    c, d, e = np.array_split(x, 3, axis=1)
    return np.sum(a * b * W32) + np.sum(c * W32) + np.sum(e * d)


def stack_unstack(x, y):
    s = np.stack([x, y, x * y], axis=1)
    first, second, third = s[:, 0], s[:, 1], s[:, 2]
    return np.sum(first * W3 + second * third)


def broadcast_to_expand_squeeze(x):
    b = np.broadcast_to(np.expand_dims(x, 0), (2, 3, 4))
    return np.sum(b * W234) + np.sum(np.squeeze(x[:1]) * W4)


def roll_repeat(x):
    return np.sum(np.roll(x, 2, axis=1) * W34) + np.sum(np.repeat(x, 2, axis=0) * W6x4)


def where_select(x, y):
    return np.sum(np.where(x > 0.1, x * y, y * y) * W34)


# ------------------------------------------------------------------ nn_grad_test


def softmax(x):
    e = np.exp(x - np.max(x, axis=-1, keepdims=True))
    return np.sum(e / np.sum(e, axis=-1, keepdims=True) * W34)


def log_softmax(x):
    z = x - np.max(x, axis=-1, keepdims=True)
    return np.sum((z - np.log(np.sum(np.exp(z), axis=-1, keepdims=True))) * W34)


def relu(x):
    return np.sum(np.maximum(x, 0.0) * W34)


def relu6(x):
    return np.sum(np.minimum(np.maximum(x, 0.0), 6.0) * W34)


def leaky_relu(x):
    return np.sum(np.where(x > 0, x, 0.2 * x) * W34)


def elu(x):
    return np.sum(np.where(x > 0, x, np.expm1(x)) * W34)


def selu(x):
    scale, alpha = 1.0507009873554805, 1.6732632423543772
    return np.sum(scale * np.where(x > 0, x, alpha * (np.exp(x) - 1.0)) * W34)


def softplus(x):
    return np.sum(np.logaddexp(0.0, x) * W34)


def softsign(x):
    return np.sum(x / (1.0 + np.abs(x)) * W34)


def l2_loss(x):
    return np.sum(x ** 2) / 2.0


def bias_add(x, b):
    return np.sum(np.tanh(x + b) * W34)


def softmax_cross_entropy(logits, labels):
    z = logits - np.max(logits, axis=1, keepdims=True)
    logp = z - np.log(np.sum(np.exp(z), axis=1, keepdims=True))
    return -np.sum(labels * logp * W34)


# ------------------------------------------------------------------ linalg_grad_test


def matrix_inverse(a):
    return np.sum(np.linalg.inv(a) * W33)


def determinant(a):
    return np.linalg.det(a) * 1.3


def log_determinant(a):
    sign, logdet = np.linalg.slogdet(a)
    return logdet * 0.9


def solve(a, b):
    return np.sum(np.linalg.solve(a, b) * W32)


def cholesky(a):
    s = 0.5 * (a + a.T)
    return np.sum(np.linalg.cholesky(s) * np.tril(W33))


def qr_r(a):
    q, r = np.linalg.qr(a)
    return np.sum(r * np.triu(W33)) + np.sum(q * W33)


def svd_values(a):
    return np.sum(np.linalg.svd(a, compute_uv=False) * W3)


def eigh_values(a):
    s = 0.5 * (a + a.T)
    return np.sum(np.linalg.eigvalsh(s) * W3)


def pinv(a):
    return np.sum(np.linalg.pinv(a) * W24.T)


def matrix_power(a):
    return np.sum(np.linalg.matrix_power(a, 3) * W33)


def trace_of_product(a, b):
    return np.trace(a @ b.T) + np.sum(np.diag(a) * W3)


# ------------------------------------------------------------------ control flow


def while_loop_carried(x, n):
    i = 0
    acc = x
    while i < n:
        acc = np.tanh(acc * W3) + x
        i = i + 1
    return np.sum(acc * W3)


def while_two_carried(x, y):
    i = 0
    a, b = x, y
    while i < 3:
        a, b = a * b + 0.5, np.sin(a)
        i += 1
    return np.sum(a * W3 + b)


def while_until_value(x):
    s = x
    k = 0
    while np.sum(np.abs(s)) < 20.0 and k < 50:
        s = s * 1.5 + 0.1
        k += 1
    return np.sum(s * W3)


def cond_on_value(x):
    if np.sum(x * W3) > 0:
        y = np.sin(x) * x
    else:
        y = np.cos(x) * 2.0
    return np.sum(y * W3)


def nested_loops(x):
    out = np.zeros(3)
    for i in range(3):
        for j in range(i + 1):
            out = out + x[i] * x[j] * W33[i, j]
    return np.sum(out * W3)


def loop_with_break(x):
    acc = 0.0
    for i in range(10):
        acc = acc + np.sum(x * x) * 0.5 ** i
        if i >= 4:
            break
    return acc


def loop_accumulating_list(x):
    parts = []
    h = x
    for _ in range(3):
        h = np.tanh(h @ W33)
        parts.append(h)
    return np.sum(np.stack(parts) * W33)


def loop_indexed_store(x):
    y = np.zeros((3, 3))
    for i in range(3):
        y[i] = x * (i + 1.0) + y[i - 1]
    return np.sum(y * W33)


R4x4 = R(4, 4)
W3x2x2 = R(3, 2, 2)
W2x2 = R(2, 2)
W1x2x2 = R(1, 2, 2)
W3x10 = R(3, 10)
W6x6 = R(6, 6)
W6x5 = R(6, 5)
W5x7 = R(5, 7)
W6x2 = R(6, 2)
W6x4 = R(6, 4)

CASES = [
    (squared_difference, [(R(1, 2, 3, 2), R(3, 2))]),
    (squared_difference_rhs_wider, [(R(2, 4), R(3, 2, 4))]),
    (abs_biased, [(biased(3, 3),)]),
    (min_of_tied_concat, [(np.array([1.0]),), (np.array([1.0, -0.5]),)]),
    (max_of_tied_concat, [(np.array([1.0]),), (np.array([1.0, -0.5]),)]),
    (amax_of_tied_stack, [(np.array([1.0, 2.0, 3.0]),), (np.array([-1.0, 2.0, -3.0]),)]),
    (maximum_with_constant, [(np.array([1.0, 2.0, 3.5, 4.0]),), (np.array([1.0, 2.0, 3.0, 4.0]),)]),
    (minimum_with_constant, [(np.array([1.0, 2.5, 3.0, 4.0]),), (np.array([1.0, 2.0, 3.0, 4.0]),)]),
    (prod_all, [(np.array([[1.0, 2.0], [3.0, 4.0]]),), (np.array([[1.0, 0.0], [3.0, 4.0]]),)]),
    (prod_negative_axis, [(np.array([[1.0, 2.0], [3.0, 4.0]]),)]),
    (prod_with_zeros, [(np.array([[1.0, 0.0, 2.0], [0.0, 0.0, 3.0], [2.0, 5.0, 0.5]]),),
                       (R(4, 3),)]),
    (euclidean_norm, [(np.array([3.0]),), (np.array([-3.0]),), (np.array([3.0, -4.0]),)]),
    (euclidean_norm_axis, [(np.array([[-3.0, 5.0], [7.0, 11.0]]), 0),
                           (np.array([[-3.0, 5.0], [7.0, 11.0]]), 1),
                           (np.array([[[-3.0, 5.0], [7.0, 11.0]],
                                      [[13.0, 17.0], [19.0, 23.0]]]), 2),
                           (np.array([[3.0], [4.0]]), 1)]),
    (floormod, [(np.array([131.0, -40.5, 3.25]),)]),
    (fmod, [(np.array([4.1, -3.9, 0.4]),)]),
    (div_no_nan_like, [(np.arange(-3.0, 1.0) + 0.25,)]),
    (xlogy, [(R(3, 4), np.exp(R(3, 4))), (np.zeros((3, 4)), np.exp(R(3, 4)))]),
    (xdivy, [(R(3, 4), biased(3, 4, bias=0.5))]),
    (pow_broadcast, [(np.exp(R(3, 4)), R(4)), (np.exp(R(3, 4)), 2.5)]),
    (pow_integer_exponent, [(R(3, 4),)]),
    (cumsum_exclusive_reverse, [(R(4),)]),
    (cumprod_axis, [(R(3, 4),), (np.array([[1.0, 0.0, 2.0, 3.0]] * 3),)]),
    (cumprod_exclusive, [(R(4),)]),
    (batch_matmul, [(R(2, 3, 5), R(2, 5, 4)), (R(3, 5), R(2, 5, 4))]),
    (reciprocal_rsqrt, [(np.exp(R(3, 4)),)]),
    (sigmoid_tanh, [(R(3, 4),)]),
    (atan2, [(R(3, 4), biased(3, 4))]),
    (log1p_expm1, [(R(3, 4),)]),
    (clip_by_value, [(R(3, 4),)]),
    (add_n, [(R(3, 4), R(3, 4), R(3, 4))]),
    (reduce_mean_keepdims, [(R(3, 4),)]),
    (logsumexp, [(R(3, 4) * 3.0,)]),
    (gather_axis0, [(R(3, 4),)]),
    (gather_axis1_repeated, [(R(3, 4),)]),
    (gather_nd, [(R(3, 4),)]),
    (strided_slice, [(R(3, 4),)]),
    (strided_slice_new_axis, [(R(3, 4),)]),
    (concat_axis1, [(R(3, 3), R(3, 4))]),
    (tile, [(R(3, 2),)]),
    (pad_constant, [(R(3, 4),)]),
    (pad_reflect, [(R(3, 4),)]),
    (pad_symmetric, [(R(3, 4),)]),
    (reshape_transpose, [(R(3, 4),)]),
    (reverse, [(R(3, 4),)]),
    (split, [(R(3, 4),)]),
    (stack_unstack, [(R(3), R(3))]),
    (broadcast_to_expand_squeeze, [(R(3, 4),)]),
    (roll_repeat, [(R(3, 4),)]),
    (where_select, [(R(3, 4), R(3, 4))]),
    (softmax, [(R(3, 4),), (R(3, 4) * 10.0,)]),
    (log_softmax, [(R(3, 4),), (R(3, 4) * 10.0,)]),
    (relu, [(biased(3, 4),)]),
    (relu6, [(biased(3, 4) * 4.0,)]),
    (leaky_relu, [(biased(3, 4),)]),
    (elu, [(biased(3, 4),)]),
    (selu, [(biased(3, 4),)]),
    (softplus, [(R(3, 4),), (R(3, 4) * 30.0,)]),
    (softsign, [(biased(3, 4),)]),
    (l2_loss, [(R(3, 4),)]),
    (bias_add, [(R(3, 4), R(4))]),
    (softmax_cross_entropy, [(R(3, 4), np.abs(R(3, 4)))]),
    (matrix_inverse, [(spd(3) + R(3, 3),)]),
    (determinant, [(R(3, 3),), (spd(3),)]),
    (log_determinant, [(spd(3),), (-spd(3),)]),
    (solve, [(spd(3) + R(3, 3), R(3, 2))]),
    (cholesky, [(spd(3),)]),
    (qr_r, [(R(3, 3),)]),
    (svd_values, [(R(3, 3),), (R(3, 5),)]),
    (eigh_values, [(R(3, 3),)]),
    (pinv, [(R(2, 4),)]),
    (matrix_power, [(R(3, 3),)]),
    (trace_of_product, [(R(3, 3), R(3, 3))]),
    (while_loop_carried, [(R(3), 3), (R(3), 0)]),
    (while_two_carried, [(R(3), R(3))]),
    (while_until_value, [(R(3),)]),
    (cond_on_value, [(R(3),), (-R(3),)]),
    (nested_loops, [(R(3),)]),
    (loop_with_break, [(R(3),)]),
    (loop_accumulating_list, [(R(3),)]),
    (loop_indexed_store, [(R(3),)]),
]

WRT = {}
