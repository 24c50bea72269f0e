# ruff: noqa: E501, E402, BLE001, W293, E741, F401
"""red30: realistic ML and Python-structure programs."""
import math

import numpy as np
import scipy.special as sps
from harness import Case

Y = np.array([2, 0, 1, 2, 1])
MASK = np.array([[1.0, 0.0, 2.0, 2.0], [2.0, 2.0, 0.0, 2.0], [0.0, 2.0, 2.0, 2.0], [2.0, 2.0, 2.0, 0.0], [2.0, 0.0, 2.0, 2.0]])


def softmax(z, axis=-1):
    z = z - np.max(z, axis=axis, keepdims=True)
    e = np.exp(z)
    return e / np.sum(e, axis=axis, keepdims=True)


def xent_fancy(W, X):
    logits = X @ W
    p = softmax(logits, axis=1)
    n = X.shape[0]
    return -np.mean(np.log(p[np.arange(n), Y]))


def xent_onehot(W, X):
    logits = X @ W
    lse = sps.logsumexp(logits, axis=1, keepdims=True)
    onehot = np.eye(W.shape[1])[Y]
    return -np.sum(onehot * (logits - lse)) / len(Y)


def mlp_dropout(W1, b1, W2, X):
    h = np.maximum(0, X @ W1 + b1)
    h = h * MASK[:, :h.shape[1]]
    out = h @ W2
    return np.mean((out - 1.0) ** 2)


def layer_norm(x, g, b, eps=1e-5):
    mu = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    xh = (x - mu) / np.sqrt(var + eps)
    return np.sum((g * xh + b) ** 2 * np.arange(x.shape[-1]))


def where_clip(x, t):
    a = np.where(x > 0, x, 0.1 * x)
    b = np.clip(x * t, -1.0, 1.0)
    c = np.where(x[:, None] > t[None, :], x[:, None], t[None, :])
    return np.sum(a ** 2) + np.sum(b) + np.sum(c ** 2)


def activations(x):
    return np.sum(np.abs(x) * np.sign(x) + np.logaddexp(0, x) + np.expm1(x / 3) + np.log1p(x ** 2) + sps.expit(x) + np.tanh(x) * sps.erf(x))


def take_modes(x):
    a = np.take(x, [0, 2, 4], axis=1)
    b = np.take(x, [5, -1], axis=1, mode='wrap')
    c = np.take(x, [1, 7], axis=0, mode='clip')
    d = np.take(x, 3)
    return np.sum(a ** 2) + np.sum(b * 3) + np.sum(c ** 3) + d


def stack_split(a, b):
    s = np.stack([a, b], axis=1)
    c = np.concatenate((a, b), axis=0)
    h = np.hstack([a, b])
    v = np.vstack([a, b])
    p, q = np.split(c, 2)
    u, w, z = np.array_split(h, 3, axis=1)
    return np.sum(s ** 2) + np.sum(p * q) + np.sum(v[0]) + np.sum(u) - np.sum(w ** 2) + np.sum(z ** 3)


def repeat_tile(a):
    r = np.repeat(a, 2, axis=0)
    r2 = np.repeat(a, [1, 2, 1], axis=1) if a.shape[1] == 3 else a
    t = np.tile(a, (2, 1))
    return np.sum(r * t) + np.sum(r2 ** 2)


def reshapes(a):
    f = a.reshape(-1, order='F')
    b = a.transpose((1, 0, 2)).reshape(a.shape[1], -1)
    c = np.swapaxes(a, 0, 2)
    d = np.moveaxis(a, 0, -1)
    e = np.squeeze(a[:, :1, :], axis=1)
    g = np.expand_dims(e, axis=0)
    return np.sum(f * np.arange(f.size)) + np.sum(b ** 2) + np.sum(c[..., 0] * d[..., 0].T) + np.sum(g ** 3) + np.sum(a.ravel(order='F')[:3])


def astype_dtype(x):
    y = x.astype(float) * 2
    z = np.array(x, dtype=np.float64) + np.asarray(x, dtype=float)
    s = np.sum(x, dtype=np.float64) + np.mean(x ** 2, dtype=float)
    return np.sum(y * z) + s


def attention(Q, K, V):
    d = Q.shape[-1]
    scores = Q @ K.swapaxes(-1, -2) / math.sqrt(d)
    A = softmax(scores, axis=-1)
    out = A @ V
    return np.sum(out ** 2)


def conv2d_loops(img, k):
    H, W = img.shape
    kh, kw = k.shape
    out = np.zeros((H - kh + 1, W - kw + 1))
    for i in range(out.shape[0]):
        for j in range(out.shape[1]):
            out[i, j] = np.sum(img[i:i + kh, j:j + kw] * k)
    return np.sum(np.tanh(out))


def rnn(Wx, Wh, xs):
    h = np.zeros(Wh.shape[0])
    hs = []
    for x in xs:
        h = np.tanh(Wx @ x + Wh @ h)
        hs.append(h)
    H = np.stack(hs)
    return np.sum(H[-1]) + np.mean(H ** 2)


def adam_steps(w0, X, y, lr=0.1):
    w = w0.copy()
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for t in range(1, 4):
        g = 2 * X.T @ (X @ w - y) / len(y)
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        mh = m / (1 - 0.9 ** t)
        vh = v / (1 - 0.999 ** t)
        w = w - lr * mh / (np.sqrt(vh) + 1e-8)
    return np.sum((X @ w - y) ** 2)


def huber_logistic(w, X, y01):
    z = X @ w
    nll = np.sum(np.logaddexp(0.0, -z) + (1 - y01) * z)
    r = z - y01
    hub = np.where(np.abs(r) < 1.0, 0.5 * r ** 2, np.abs(r) - 0.5)
    return nll + hub.sum()


def batchnorm_train(x, gamma, beta):
    mu = np.mean(x, axis=0)
    var = np.var(x, axis=0)
    xh = (x - mu) / np.sqrt(var + 1e-5)
    y = gamma * xh + beta
    return np.sum(np.maximum(y, 0.0) ** 2)


def kmeans_soft(X, C, beta=2.0):
    d2 = np.sum((X[:, None, :] - C[None, :, :]) ** 2, axis=-1)
    r = softmax(-beta * d2, axis=1)
    return np.sum(r * d2)


def gelu_mix(x):
    return np.sum(0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3))) + x * sps.ndtr(x))


# ---------------- Python structure
def _affine(x, w, b=0.0, *, scale=1.0):
    return scale * (x @ w + b)


def helpers_kw(x, w, b):
    h = _affine(x, w, b, scale=0.5)
    h2 = _affine(x, w)
    h3 = _affine(x, w=w, b=b[::-1] if b.ndim else b)
    return np.sum(h * h2) + np.sum(h3)


def dict_params(W, b):
    params = {"W": W.copy(), "b": b.copy()}
    for k in range(3):
        params["W"] = params["W"] * 0.9 + 0.01 * k
        params["b"] += params["W"].sum(axis=0)
    return np.sum(params["W"] ** 2) + np.sum(params["b"] ** 2)


def list_enum_zip(xs, ws):
    acc = []
    for i, (x, w) in enumerate(zip(xs, ws)):
        acc.append((i + 1) * x * w)
    for x in reversed(xs):
        acc.append(x ** 2)
    return np.sum(np.stack(acc))


def builtins_floats(a, b):
    s = sum([a, b, a * b])
    m = max(a, b) + min(a * 2, b)
    p = pow(a, 3) + abs(a - b) + a ** 0.5
    r = round(2.0, 1) * a
    return s + m + p + r + math.hypot(a, b) + math.atan2(b, a) + math.log(a, 2) + math.fsum([a, b]) + math.exp(-a) * math.cos(b)


def tuple_unpack(v):
    a, b, c = v
    (x, y), z = (a * b, b + c), c ** 2
    first, *rest = v
    return x * y + z + first * sum(rest)


def early_return(x, t):
    if t > 0.5:
        return np.sum(x ** 2) * t
    y = np.sin(x)
    if np.sum(y) > 10:
        return 0.0
    return np.sum(y * t)


class Model:
    def __init__(self, W, b, act=np.tanh):
        self.W = W
        self.b = b
        self.act = act

    def __call__(self, x):
        return self.act(x @ self.W + self.b)

    def loss(self, x, y):
        return np.mean((self(x) - y) ** 2)


def class_model(W, b, X):
    m = Model(W, b)
    return m.loss(X, 0.3)


def comprehension(xs):
    sq = [x ** 2 for x in xs]
    tot = sum(np.sum(s) for s in sq)
    mx = np.array([np.max(x) for x in xs])
    return tot + np.sum(mx)


def float_math_loop(x, n=5):
    total = 0.0
    for k in range(1, n + 1):
        total += math.sin(k * x) / k + math.sqrt(k + x * x)
    return total


def ternary_minmax(x):
    vals = [x[i] if x[i] > 0 else -x[i] for i in range(len(x))]
    return max(vals) + min(vals) + np.amax(x) - np.amin(x) + np.ptp(x)


def str_keyed(x):
    d = {}
    for i in range(3):
        d[f"layer{i}"] = x[i] * (i + 1)
    return sum(np.sum(v ** 2) for v in d.values())


CASES = [
    Case(xent_fancy, lambda r: (r.standard_normal((4, 3)), r.standard_normal((5, 4))), wrt=(0, 1)),
    Case(xent_onehot, lambda r: (r.standard_normal((4, 3)), r.standard_normal((5, 4))), wrt=(0, 1)),
    Case(mlp_dropout, lambda r: (r.standard_normal((3, 4)), r.standard_normal(4), r.standard_normal((4, 2)), r.standard_normal((5, 3)))),
    Case(layer_norm, lambda r: (r.standard_normal((3, 5)), r.standard_normal(5), r.standard_normal(5))),
    Case(where_clip, lambda r: (r.choice([-1, 1], 5) * r.uniform(.2, 1, 5), r.uniform(.1, .4, 5) * np.array([1, -1, 1, -1, 1]))),
    Case(activations, lambda r: (r.uniform(.2, 2, 6) * r.choice([-1, 1], 6),)),
    Case(take_modes, lambda r: (r.standard_normal((3, 6)),)),
    Case(stack_split, lambda r: (r.standard_normal((2, 3)), r.standard_normal((2, 3)))),
    Case(repeat_tile, lambda r: (r.standard_normal((3, 3)),)),
    Case(reshapes, lambda r: (r.standard_normal((2, 3, 4)),)),
    Case(astype_dtype, lambda r: (r.standard_normal(4),)),
    Case(attention, lambda r: (r.standard_normal((2, 3, 4)), r.standard_normal((2, 5, 4)), r.standard_normal((2, 5, 2)))),
    Case(conv2d_loops, lambda r: (r.standard_normal((5, 5)), r.standard_normal((2, 3))), loops=True),
    Case(rnn, lambda r: (r.standard_normal((3, 2)) * .5, r.standard_normal((3, 3)) * .5, r.standard_normal((4, 2))), loops=True),
    Case(adam_steps, lambda r: (r.standard_normal(3), r.standard_normal((6, 3)), r.standard_normal(6)), loops=True, wrt=(0, 1, 2)),
    Case(huber_logistic, lambda r: (r.standard_normal(3) * .3, r.standard_normal((6, 3)), np.array([0., 1, 1, 0, 1, 0])), wrt=(0, 1)),
    Case(batchnorm_train, lambda r: (r.standard_normal((5, 3)), r.uniform(.5, 1.5, 3), r.uniform(.5, 1., 3))),
    Case(kmeans_soft, lambda r: (r.standard_normal((6, 2)), r.standard_normal((3, 2)))),
    Case(gelu_mix, lambda r: (r.standard_normal(6),)),
    Case(helpers_kw, lambda r: (r.standard_normal((3, 4)), r.standard_normal((4, 2)), r.standard_normal(2))),
    Case(dict_params, lambda r: (r.standard_normal((3, 2)), r.standard_normal(2)), loops=True),
    Case(list_enum_zip, lambda r: ([r.standard_normal(3) for _ in range(3)], [r.standard_normal(3) for _ in range(3)]), loops=True),
    Case(builtins_floats, lambda r: (float(r.uniform(1, 2)), float(r.uniform(2.5, 3.5)))),
    Case(tuple_unpack, lambda r: (r.standard_normal(3),)),
    Case(early_return, lambda r: (r.standard_normal(4), float(r.choice([0.2, 0.8])))),
    Case(class_model, lambda r: (r.standard_normal((3, 2)), r.standard_normal(2), r.standard_normal((4, 3)))),
    Case(comprehension, lambda r: ([r.standard_normal(3), r.standard_normal(4)],)),
    Case(float_math_loop, lambda r: (float(r.uniform(.3, 1.3)),), loops=True),
    Case(ternary_minmax, lambda r: (np.array([0.5, -1.2, 2.0, -0.3]) + r.uniform(-.05, .05, 4),)),
    Case(str_keyed, lambda r: (r.standard_normal((3, 2)),), loops=True),
]
