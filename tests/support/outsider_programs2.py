"""More realistic programs (tests/compat/test_outsider_programs.py): in-place linear algebra,
dynamic programming, aliases and views, closures, scipy helpers, swaps and recurrences."""

import functools
import math
from collections import namedtuple

import numpy as np
from scipy import special

Params = namedtuple("Params", ["w", "b"])


def gauss_elim_solve(A, b):
    A = A.copy()
    b = b.copy()
    n = len(b)
    for k in range(n - 1):
        for i in range(k + 1, n):
            factor = A[i, k] / A[k, k]
            A[i, k:] -= factor * A[k, k:]
            b[i] -= factor * b[k]
    x = np.zeros(n)
    for i in reversed(range(n)):
        x[i] = (b[i] - A[i, i + 1:] @ x[i + 1:]) / A[i, i]
    return np.sum(x ** 2)


def hmm_forward(log_trans, log_emit, obs):
    alpha = log_emit[:, obs[0]] - np.log(log_trans.shape[0])
    for t in range(1, len(obs)):
        alpha = special.logsumexp(alpha[:, None] + log_trans, axis=0) + log_emit[:, obs[t]]
    return special.logsumexp(alpha)


def running_cumsum(x):
    s = np.empty_like(x)
    s[0] = x[0]
    for i in range(1, len(x)):
        s[i] = s[i - 1] * 0.9 + x[i]
    return np.sum(s ** 2)


def fib_like(a, b, n=7):
    for _ in range(n):
        a, b = b, 0.5 * a + 0.7 * b
    return a * b


def view_scaling(A):
    B = A.copy()
    row = B[0]
    row *= 2.0
    col = B[:, 1]
    col += row[1]
    return np.sum(B ** 2)


def swap_entries(v):
    v = v.copy()
    v[0], v[2] = v[2], v[0] * 2
    return np.sum(v * np.arange(1.0, len(v) + 1))


def topk_mean(x, k=3):
    order = np.argsort(x)[::-1]
    top = np.take_along_axis(x, order[:k], axis=0)
    return np.mean(top ** 2)


def running_max_drawdown(prices):
    peak = np.maximum.accumulate(prices)
    dd = (peak - prices) / peak
    return np.sum(dd ** 2)


def closure_and_lambda(x, alpha):
    act = lambda z: np.where(z > 0, z, alpha * z)  # noqa: E731

    def layer(h, scale=1.0):
        return act(h * scale)

    h = layer(x)
    h = layer(h, scale=0.5)
    return np.sum(h ** 2) + functools.reduce(lambda a, b: a + b, list(x))


def namedtuple_model(p, X):
    z = X @ p.w + p.b
    return np.sum(np.log1p(np.exp(-z)))


def history_stack(x, steps=4):
    hist = []
    h = x
    for i in range(steps):
        h = np.tanh(h + 0.1 * i)
        hist.append(h)
    hist[-1] = hist[-1] * 2
    H = np.stack(hist)
    return np.sum(H[::2] ** 2) + np.sum(np.diff(H, axis=0) ** 2)


def dict_state_rnn(x, W):
    state = {"h": np.zeros(W.shape[0]), "t": 0}
    for xt in x:
        state["h"] = np.tanh(W @ state["h"] + xt)
        state["t"] += 1
    return np.sum(state["h"]) / state["t"]


def while_true_bisection(c):
    lo, hi = 0.0, 4.0
    x = 0.5 * (lo + hi)
    it = 0
    while True:
        fx = x ** 3 - c
        x = x - fx / (3 * x ** 2)
        it += 1
        if abs(fx) < 1e-13 or it > 50:
            break
    return x ** 2


def eig_top(S):
    S = 0.5 * (S + S.T)
    vals, vecs = np.linalg.eigh(S)
    return vals[-1] + np.sum(vecs[:, -1] ** 4)


def lstsq_fit(X, y):
    coef, *_ = np.linalg.lstsq(X, y, rcond=None)
    resid = y - X @ coef
    return resid @ resid + np.sum(coef ** 2)


def inv_det(A):
    Ainv = np.linalg.inv(A)
    return np.trace(Ainv) + np.log(abs(np.linalg.det(A))) + np.sum(np.outer(A[0], A[1]))


def interp_conv(y):
    grid = np.linspace(0, 1, len(y))
    fine = np.interp(np.linspace(0, 1, 11), grid, y)
    sm = np.convolve(fine, np.array([0.25, 0.5, 0.25]), mode="same")
    return np.sum(np.cumprod(1 + 0.1 * sm)) + np.sum(sm ** 2)


def masked_aug(x):
    y = x.copy()
    y[y > 0] += 1.0
    y[y < -0.5] *= 3.0
    return np.sum(y ** 2)


def expit_stats(x, y):
    p = special.expit(x)
    ll = np.sum(y * np.log(p) + (1 - y) * np.log1p(-p))
    return -ll + special.gammaln(2.0 + x[0] ** 2)


def item_and_round(x):
    scale = x.sum().item()
    n = int(round(abs(scale))) + 1
    return scale ** 2 + np.sum(x[:n] ** 3)


def rng_inside(sigma, n=64):
    rng = np.random.default_rng(7)
    z = rng.standard_normal(n)
    paths = np.exp(sigma * z - 0.5 * sigma ** 2)
    return np.mean(np.maximum(paths - 0.9, 0.0))


def fill_empty(x):
    out = np.empty((len(x), 2))
    for i, v in enumerate(x):
        out[i, 0] = v ** 2
        out[i, 1] = math.sin(v) if v > 0 else math.cos(v)
    return out.sum()


def alias_argument(x):
    y = x
    y = y + 1.0
    z = x
    z = z * 2
    return np.sum(x * y * z)


class Pipeline:
    scale = 3.0

    @staticmethod
    def norm(v):
        return np.sqrt(np.sum(v ** 2))

    @classmethod
    def scaled(cls, v):
        return cls.scale * v

    @property
    def offset(self):
        return 0.5


_PIPE = Pipeline()


def static_class_methods(v):
    return Pipeline.norm(_PIPE.scaled(v)) + _PIPE.offset * np.sum(v)


def items_loop(params):
    total = 0.0
    for name, value in sorted(params.items()):
        weight = 2.0 if name.startswith("w") else 0.5
        total += weight * np.sum(value ** 2)
    return total
