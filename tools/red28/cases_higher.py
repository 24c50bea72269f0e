# ruff: noqa: E501, E402, BLE001, E731
"""Realistic functions for forward mode, HVPs, Hessians, grad-of-grad (red28)."""
import math

import numpy as np
from harness import Case


def v(*shape):
    return lambda r: (r.standard_normal(shape),)


def sc(lo=-1.0, hi=1.0):
    return lambda r: (float(r.uniform(lo, hi)),)


A = np.array([[2.0, 0.3, -0.1], [0.3, 1.5, 0.2], [-0.1, 0.2, 1.0]])
XD = np.array([[0.5, -1.0, 0.3], [1.2, 0.1, -0.4], [-0.3, 0.8, 0.9], [0.0, -0.2, 1.1]])
YD = np.array([1.0, 0.0, 1.0, 0.0])


def logreg(w):
    z = XD @ w
    return np.sum(np.logaddexp(0.0, z) - YD * z) + 0.1 * np.dot(w, w)


def softmax_xent(w):
    logits = XD @ w.reshape(3, 2)
    m = np.max(logits, axis=1, keepdims=True)
    lse = m[:, 0] + np.log(np.sum(np.exp(logits - m), axis=1))
    return np.sum(lse - logits[np.arange(4), YD.astype(int)])


def mlp(w):
    w1 = w[:6].reshape(3, 2)
    w2 = w[6:]
    h = np.tanh(XD @ w1)
    out = h @ w2
    return np.mean((out - YD) ** 2)


def rosen(x):
    return np.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


def rosen_loop(x):
    s = 0.0
    for i in range(len(x) - 1):
        s += 100.0 * (x[i + 1] - x[i] ** 2) ** 2 + (1 - x[i]) ** 2
    return s


def quad_form_inv(x):
    M = A + np.outer(x, x)
    return np.linalg.slogdet(M)[1] + x @ np.linalg.solve(M, x)


def gauss_nll_chol(p):
    L = np.array([[np.exp(p[0]), 0.0], [p[1], np.exp(p[2])]])
    S = L @ L.T
    d = np.array([0.3, -0.5])
    return 0.5 * d @ np.linalg.solve(S, d) + np.sum(np.log(np.diag(L)))


def pairwise(x):
    pts = x.reshape(3, 2)
    e = 0.0
    for i in range(3):
        for j in range(i + 1, 3):
            r2 = np.sum((pts[i] - pts[j]) ** 2) + 0.5
            e += 1.0 / r2 + np.log(r2)
    return e


def ode_rollout(p):
    y = np.array([1.0, 0.0])
    for _ in range(10):
        dy = np.array([y[1], -p[0] * y[0] - p[1] * y[1]])
        y = y + 0.1 * dy
    return np.sum(y ** 2)


def attention(x):
    q = x.reshape(3, 2)
    s = q @ q.T / math.sqrt(2.0)
    s = s - np.max(s, axis=1, keepdims=True)
    a = np.exp(s) / np.sum(np.exp(s), axis=1, keepdims=True)
    return np.sum((a @ q) ** 2)


def while_newton_sqrt(a):
    # Newton iterations with a value-dependent stop
    x = a
    k = 0
    while abs(x * x - a) > 1e-12 and k < 50:
        x = 0.5 * (x + a / x)
        k += 1
    return x


def scalar_branchy(t):
    if t > 0.5:
        y = t ** 3
    elif t > 0:
        y = math.sin(t) * t
    else:
        y = math.exp(t)
    for i in range(3):
        y = y * t + i
    return y


def scalar_recursive(t):
    return _pw(t, 4)


def _pw(t, n):
    return 1.0 if n == 0 else t * _pw(t, n - 1) + math.cos(t)


def scalar_inplace(t):
    a = np.array([t, t * 2.0, 1.0])
    a[2] = a[0] * a[1]
    a[0] += a[2]
    return float(np.sum(a ** 2))


def scalar_list(t):
    acc = [t]
    for i in range(3):
        acc.append(acc[-1] * t + 1.0)
    return sum(acc)


def scalar_dict(t):
    d = {"p": t, "q": t ** 2}
    for k in ("p", "q"):
        d[k] = math.tanh(d[k]) * t
    return d["p"] * d["q"]


def scalar_break(t):
    s = 0.0
    for i in range(10):
        s = s + t ** i / math.factorial(i)
        if i == 6:
            break
    return s


def scalar_minmax(t):
    return max(t, 0.3) * min(t ** 2, 2.0) + abs(t)


def entropy(p):
    q = np.exp(p) / np.sum(np.exp(p))
    return -np.sum(q * np.log(q))


def cumsum_power(x):
    c = np.cumsum(x ** 2)
    return np.sum(np.sqrt(c + 1.0) * x)


def sorted_weighted(x):
    s = np.sort(x)
    return np.sum(s * np.arange(1.0, 5.0) * s)


def inplace_loop_poly(x):
    a = x.copy()
    for i in range(1, 4):
        a[i] = a[i] * a[i - 1] + np.sin(a[i])
    return np.sum(a ** 2)


def cond_on_norm(x):
    n = np.linalg.norm(x)
    if n > 1.0:
        x = x / n
    return np.sum(np.exp(x) * x)


def det_inv(x):
    M = A + np.diag(x ** 2)
    return np.linalg.det(M) + np.trace(np.linalg.inv(M))


def eigh_top(x):
    M = A + np.outer(x, x)
    w, V = np.linalg.eigh(M)
    return w[-1] + np.sum(V[:, -1] ** 4)


def norm_reg(x):
    return np.linalg.norm(x) ** 3 + np.linalg.norm(x, 1.5) if False else np.linalg.norm(x) ** 3 + np.sum(np.abs(x) ** 3)


def two_args(x, y):
    return np.sum(np.sin(x) * np.cos(y) * x * y) + np.dot(x, y) ** 2


CASES = [
    Case(logreg, v(3)),
    Case(softmax_xent, v(6)),
    Case(mlp, v(8)),
    Case(rosen, v(4)),
    Case(rosen_loop, v(4), loops=True),
    Case(quad_form_inv, v(3)),
    Case(gauss_nll_chol, v(3)),
    Case(pairwise, v(6), loops=True),
    Case(ode_rollout, lambda r: (r.uniform(0.5, 1.5, 2),), loops=True),
    Case(attention, v(6)),
    Case(while_newton_sqrt, sc(1.0, 3.0), loops=True, tol=1e-4),
    Case(scalar_branchy, lambda r: (float(r.choice([-0.7, 0.3, 0.9]) + 0.01 * r.standard_normal()),), loops=True),
    Case(scalar_recursive, sc()),
    Case(scalar_inplace, sc()),
    Case(scalar_list, sc(), loops=True),
    Case(scalar_dict, sc(0.2, 1.0), loops=True),
    Case(scalar_break, sc(), loops=True),
    Case(scalar_minmax, lambda r: (float(r.choice([0.7, 1.2]) + 0.01 * r.standard_normal()),)),
    Case(entropy, v(4)),
    Case(cumsum_power, v(4)),
    Case(sorted_weighted, v(4)),
    Case(inplace_loop_poly, v(4), loops=True),
    Case(cond_on_norm, lambda r: (r.standard_normal(3) * 2.0,)),
    Case(det_inv, v(3)),
    Case(eigh_top, v(3)),
    Case(norm_reg, lambda r: (r.uniform(0.3, 1.0, 3) * r.choice([-1, 1], 3),)),
    Case(two_args, lambda r: (r.standard_normal(3), r.standard_normal(3))),
]
