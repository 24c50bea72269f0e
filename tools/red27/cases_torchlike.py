# ruff: noqa: E501, E402, BLE001
"""PyTorch test_autograd / JAX lax_numpy_test operations rewritten in NumPy."""
import numpy as np
from harness import Case

IDX = np.array([[0, 2, 1], [1, 1, 0]])
SEG = np.array([0, 2, 3])


def v(*shape):
    return lambda r: (r.standard_normal(shape),)


def cummax(x):
    return np.maximum.accumulate(x) * np.arange(1.0, 6.0)


def cummin(x):
    return np.minimum.accumulate(x, axis=1) * np.arange(1.0, 5.0)


def logcumsumexp(x):
    return np.logaddexp.accumulate(x) * np.arange(1.0, 6.0)


def reduceat(x):
    return np.add.reduceat(x, SEG) ** 2


def max_reduce(x):
    return np.maximum.reduce(x, axis=0) ** 2


def min_reduce(x):
    return np.minimum.reduce(x) * 3.0


def mul_accum(x):
    return np.multiply.accumulate(x, axis=1) ** 2


def einsum_diag(x):
    return np.einsum('ii->i', x) ** 2


def einsum_ell(x, y):
    return np.einsum('...ij,...jk->...ik', x, y) ** 2


def einsum_rowdot(x, y):
    return np.einsum('ij,ij->i', x, y) ** 2


def einsum_opt(x, y, z):
    return np.einsum('ij,jk,kl->il', x, y, z, optimize=True) ** 2


def einsum_outer3(x):
    return np.einsum('i,j,k->ijk', x, x, x) * np.arange(27.0).reshape(3, 3, 3)


def einsum_broadcast(x, y):
    return np.einsum('ij,j->ij', x, y) ** 2


def tensordot0(x, y):
    return np.tensordot(x, y, axes=0) ** 2


def trace_axes(x):
    return np.trace(x, axis1=0, axis2=2) ** 2


def diagonal_off(x):
    return np.diagonal(x, offset=1) ** 2 + np.diagonal(x, offset=-1, axis1=0, axis2=1).sum()


def triu_batch(x):
    return np.triu(x) ** 2


def norm_batch(x):
    return np.linalg.norm(x, axis=(1, 2)) ** 3


def array_split_(x):
    a, b, c = np.array_split(x, 3)
    return np.sum(a ** 2) + np.sum(b * 3) + np.sum(c ** 3)


def hsplit_(x):
    a, b = np.hsplit(x, 2)
    return a * b


def vsplit_(x):
    a, b = np.vsplit(x, [1])
    return np.sum(a ** 2) * np.sum(b)


def flip_none(x):
    return np.flip(x) * np.arange(6.0).reshape(2, 3)


def roll_tuple(x):
    return np.roll(x, (1, -1), axis=(0, 1)) * np.arange(6.0).reshape(2, 3)


def take_wrap(x):
    return np.take(x, [0, 4, 7, -6], mode='wrap') ** 2


def choose_(x, y):
    return np.choose(np.array([0, 1, 1, 0]), [x, y]) ** 2


def select_(x):
    return np.select([x < -0.5, x > 0.5], [x ** 2, np.sin(x)], default=0.0)


def select_default(x):
    return np.select([x < -0.5], [x ** 2], default=x * 3.0)


def piecewise_(x):
    return np.piecewise(x, [x < 0, x >= 0], [lambda t: t ** 2, lambda t: t * 3.0])


def gather(x):
    return np.take_along_axis(x, IDX, axis=1) ** 2


def scatter_put(x, y):
    a = x * 1.0
    np.put_along_axis(a, IDX, y, axis=1)
    return a * np.arange(3.0)


def index_add(x, y):
    a = x * 1.0
    np.add.at(a, (IDX[0], IDX[1]), y)
    return a ** 2


def masked_fill(x):
    return np.where(x > 0.2, -1.0, x) ** 2


def clamp_min(x):
    return np.clip(x, -0.5, None) ** 2


def unfold_windows(x):
    w = np.lib.stride_tricks.sliding_window_view(x, 3)
    return w.sum(axis=1) ** 2


def as_strided_like(x):
    idx = np.arange(3)[:, None] + np.arange(3)[None, :]
    return x[idx] ** 2


def lerp(x, y, w):
    return x + w * (y - x)


def addcmul(x, y, z):
    return x + 0.5 * y * z


def polygamma_free(x):
    return np.log(np.abs(np.sin(x)) + 1.0)


def softmax_ax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True) * np.arange(1.0, 5.0)


def log_softmax(x):
    return x - np.log(np.sum(np.exp(x), axis=1, keepdims=True))


def nll_loss(x):
    lp = log_softmax(x)
    return -np.mean(lp[np.arange(3), np.array([0, 3, 1])])


def kl_div(x, y):
    p = np.exp(log_softmax(x))
    return np.sum(p * (log_softmax(x) - log_softmax(y)))


def cosine_sim(x, y):
    return np.sum(x * y, axis=1) / (np.linalg.norm(x, axis=1) * np.linalg.norm(y, axis=1))


def pdist(x):
    d = x[:, None, :] - x[None, :, :]
    iu = np.triu_indices(x.shape[0], 1)
    return np.sqrt(np.sum(d ** 2, axis=-1)[iu])


def cdist(x, y):
    return np.sqrt(((x[:, None] - y[None]) ** 2).sum(-1))


def renorm(x):
    n = np.linalg.norm(x, axis=1, keepdims=True)
    return x * np.minimum(1.0, 1.5 / n)


def layer_norm(x, g, b):
    mu = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + 1e-5) * g + b


def batch_norm(x):
    mu = x.mean(axis=0)
    sd = x.std(axis=0)
    return ((x - mu) / (sd + 1e-3)) ** 3


def group_conv1d(x, w):
    out = np.zeros((x.shape[0] - w.shape[0] + 1,))
    for i in range(out.shape[0]):
        out[i] = np.dot(x[i:i + w.shape[0]], w)
    return out ** 2


def max_pool1d(x):
    return x.reshape(-1, 2).max(axis=1) ** 2


def avg_pool2d(x):
    return x.reshape(2, 2, 2, 2).mean(axis=(1, 3)) ** 2


def upsample(x):
    return np.repeat(np.repeat(x, 2, axis=0), 2, axis=1) * np.arange(16.0).reshape(4, 4)


def pixel_shuffle(x):
    return x.reshape(2, 2, 2, 2).transpose(0, 2, 1, 3).reshape(4, 4) * np.arange(16.0).reshape(4, 4)


def huber(x):
    a = np.abs(x)
    return np.sum(np.where(a < 1.0, 0.5 * x ** 2, a - 0.5))


def smooth_l1_loop(x):
    total = 0.0
    for e in x:
        if abs(e) < 1.0:
            total += 0.5 * e * e
        else:
            total += abs(e) - 0.5
    return total


def gru_cell(x, h, W, U):
    z = 1 / (1 + np.exp(-(x @ W[:, :3] + h @ U[:, :3])))
    r = 1 / (1 + np.exp(-(x @ W[:, 3:6] + h @ U[:, 3:6])))
    n = np.tanh(x @ W[:, 6:] + r * (h @ U[:, 6:]))
    return (1 - z) * n + z * h


def attention(q, k, vv):
    s = q @ k.T / np.sqrt(q.shape[-1])
    s = s - s.max(axis=1, keepdims=True)
    p = np.exp(s)
    p = p / p.sum(axis=1, keepdims=True)
    return p @ vv


def masked_attention(q, k):
    s = q @ k.T
    mask = np.tril(np.ones((3, 3))) > 0
    s = np.where(mask, s, -1e9)
    p = np.exp(s - s.max(axis=1, keepdims=True))
    return p / p.sum(axis=1, keepdims=True)


CASES = [
    Case(cummax, v(5)), Case(cummin, v(3, 4)), Case(logcumsumexp, v(5)), Case(reduceat, v(5)),
    Case(max_reduce, v(3, 4)), Case(min_reduce, v(4)), Case(mul_accum, v(3, 4)),
    Case(einsum_diag, v(3, 3)),
    Case(einsum_ell, lambda r: (r.standard_normal((2, 3, 4)), r.standard_normal((4, 2)))),
    Case(einsum_rowdot, lambda r: (r.standard_normal((3, 4)), r.standard_normal((3, 4)))),
    Case(einsum_opt, lambda r: (r.standard_normal((2, 3)), r.standard_normal((3, 4)), r.standard_normal((4, 2)))),
    Case(einsum_outer3, v(3)),
    Case(einsum_broadcast, lambda r: (r.standard_normal((3, 4)), r.standard_normal(4))),
    Case(tensordot0, lambda r: (r.standard_normal(2), r.standard_normal((2, 3)))),
    Case(trace_axes, v(3, 2, 3)), Case(diagonal_off, v(3, 3)), Case(triu_batch, v(2, 3, 3)), Case(norm_batch, v(2, 3, 2)),
    Case(array_split_, v(7)), Case(hsplit_, v(2, 4)), Case(vsplit_, v(3, 2)), Case(flip_none, v(2, 3)),
    Case(roll_tuple, v(2, 3)), Case(take_wrap, v(5)),
    Case(choose_, lambda r: (r.standard_normal(4), r.standard_normal(4))),
    Case(select_, lambda r: (r.uniform(-2, 2, 6),)), Case(select_default, lambda r: (r.uniform(-2, 2, 6),)),
    Case(piecewise_, lambda r: (r.uniform(-2, 2, 6),)),
    Case(gather, v(2, 3)), Case(scatter_put, lambda r: (r.standard_normal((2, 3)), r.standard_normal((2, 3)))),
    Case(index_add, lambda r: (r.standard_normal((2, 3)), r.standard_normal(3))),
    Case(masked_fill, v(5)), Case(clamp_min, v(5)), Case(unfold_windows, v(6)), Case(as_strided_like, v(5)),
    Case(lerp, lambda r: (r.standard_normal(3), r.standard_normal(3), r.standard_normal(3))),
    Case(addcmul, lambda r: (r.standard_normal(3), r.standard_normal(3), r.standard_normal((2, 3)))),
    Case(polygamma_free, v(4)), Case(softmax_ax, v(3, 4)), Case(log_softmax, v(3, 4)), Case(nll_loss, v(3, 4)),
    Case(kl_div, lambda r: (r.standard_normal((3, 4)), r.standard_normal((3, 4)))),
    Case(cosine_sim, lambda r: (r.standard_normal((3, 4)), r.standard_normal((3, 4)))),
    Case(pdist, v(4, 3)), Case(cdist, lambda r: (r.standard_normal((3, 2)), r.standard_normal((4, 2)))),
    Case(renorm, lambda r: (r.standard_normal((4, 3)) * 1.2,)),
    Case(layer_norm, lambda r: (r.standard_normal((3, 4)), r.standard_normal(4), r.standard_normal(4))),
    Case(batch_norm, v(5, 3)),
    Case(group_conv1d, lambda r: (r.standard_normal(7), r.standard_normal(3)), loops=True),
    Case(max_pool1d, v(6)), Case(avg_pool2d, v(4, 4)), Case(upsample, v(2, 2)), Case(pixel_shuffle, v(4, 4)),
    Case(huber, lambda r: (r.uniform(-3, 3, 6),)), Case(smooth_l1_loop, lambda r: (r.uniform(-3, 3, 6),), loops=True),
    Case(gru_cell, lambda r: (r.standard_normal((2, 3)), r.standard_normal((2, 3)), r.standard_normal((3, 9)),
                              r.standard_normal((3, 9)))),
    Case(attention, lambda r: (r.standard_normal((3, 4)), r.standard_normal((5, 4)), r.standard_normal((5, 2)))),
    Case(masked_attention, lambda r: (r.standard_normal((3, 4)), r.standard_normal((3, 4)))),
]
