"""Realistic programs from domains the other corpora leave thin: finance, filters, state
estimation, recurrent cells, normalisation, robust losses, iterations inside the function
(tests/compat/test_domain_programs.py; the physics, geometry and indexing ones are in
domain_programs2.py)."""

import math

import numpy as np
from scipy.special import erf, ndtr


def bs_call_ndtr(S, K, sigma, r=0.03, T=1.5):
    d1 = (np.log(S / K) + (r + 0.5 * sigma ** 2) * T) / (sigma * np.sqrt(T))
    d2 = d1 - sigma * np.sqrt(T)
    return np.sum(S * ndtr(d1) - K * np.exp(-r * T) * ndtr(d2))


def bs_put_erf(S, K, sigma, r=0.01, T=0.75):
    sq = sigma * math.sqrt(T)
    d1 = (np.log(S / K) + (r + sigma * sigma / 2.0) * T) / sq
    d2 = d1 - sq
    cdf = lambda z: 0.5 * (1.0 + erf(z / np.sqrt(2.0)))  # noqa: E731
    return np.sum(K * np.exp(-r * T) * cdf(-d2) - S * cdf(-d1))


def binomial_tree_american(S0, K, sigma, r=0.05, T=1.0, n=12):
    dt = T / n
    u = np.exp(sigma * np.sqrt(dt))
    d = 1.0 / u
    p = (np.exp(r * dt) - d) / (u - d)
    disc = np.exp(-r * dt)
    j = np.arange(n + 1)
    prices = S0 * u ** (n - j) * d ** j
    values = np.maximum(K - prices, 0.0)
    for step in range(n - 1, -1, -1):
        j = np.arange(step + 1)
        prices = S0 * u ** (step - j) * d ** j
        cont = disc * (p * values[:-1] + (1.0 - p) * values[1:])
        values = np.maximum(cont, K - prices)
    return values[0]


def binomial_tree_european_inplace(S0, K, sigma, r=0.02, T=0.5, n=8):
    dt = T / n
    u = math.exp(sigma * math.sqrt(dt))
    d = 1.0 / u
    p = (math.exp(r * dt) - d) / (u - d)
    v = np.zeros(n + 1)
    for i in range(n + 1):
        v[i] = max(S0 * u ** (n - i) * d ** i - K, 0.0)
    for step in range(n, 0, -1):
        for i in range(step):
            v[i] = math.exp(-r * dt) * (p * v[i] + (1 - p) * v[i + 1])
    return v[0]


def implied_vol_newton(price, S, K, r=0.01, T=1.0):
    sigma = 0.3
    for _ in range(50):
        d1 = (math.log(S / K) + (r + 0.5 * sigma ** 2) * T) / (sigma * math.sqrt(T))
        d2 = d1 - sigma * math.sqrt(T)
        model = S * ndtr(d1) - K * math.exp(-r * T) * ndtr(d2)
        vega = S * math.exp(-0.5 * d1 * d1) / math.sqrt(2 * math.pi) * math.sqrt(T)
        step = (model - price) / vega
        sigma = sigma - step
        if abs(step) < 1e-12:
            break
    return sigma


def biquad_lowpass(x, b, a):
    y = np.zeros_like(x)
    x1 = x2 = y1 = y2 = 0.0
    for n in range(len(x)):
        y[n] = b[0] * x[n] + b[1] * x1 + b[2] * x2 - a[0] * y1 - a[1] * y2
        x2, x1 = x1, x[n]
        y2, y1 = y1, y[n]
    return np.sum(y ** 2)


def iir_direct_form2(x, b, a):
    w = np.zeros(3)
    out = []
    for xn in x:
        w0 = xn - a[1] * w[1] - a[2] * w[2]
        out.append(b[0] * w0 + b[1] * w[1] + b[2] * w[2])
        w[2] = w[1]
        w[1] = w0
    y = np.array(out)
    return np.mean(y ** 2) + y[-1]


def ema_filter(x, alpha):
    s = x[0]
    acc = 0.0
    for t in range(1, x.shape[0]):
        s = alpha * x[t] + (1 - alpha) * s
        acc += (x[t] - s) ** 2
    return acc


def kalman_filter_nd(ys, F, Q, R):
    n = F.shape[0]
    H = np.eye(n)
    m = np.zeros(n)
    P = np.eye(n)
    ll = 0.0
    for y in ys:
        m = F @ m
        P = F @ P @ F.T + Q
        S = H @ P @ H.T + R
        v = y - H @ m
        K = P @ H.T @ np.linalg.inv(S)
        m = m + K @ v
        P = (np.eye(n) - K @ H) @ P
        ll -= 0.5 * (v @ np.linalg.solve(S, v) + np.log(np.linalg.det(S)))
    return ll


def rts_smoother(ys, a, q, r):
    T = len(ys)
    ms, Ps, mp, Pp = np.zeros(T), np.zeros(T), np.zeros(T), np.zeros(T)
    m, P = 0.0, 1.0
    for t in range(T):
        m, P = a * m, a * a * P + q
        mp[t], Pp[t] = m, P
        k = P / (P + r)
        m, P = m + k * (ys[t] - m), (1 - k) * P
        ms[t], Ps[t] = m, P
    sm = ms.copy()
    for t in range(T - 2, -1, -1):
        G = Ps[t] * a / Pp[t + 1]
        sm[t] = ms[t] + G * (sm[t + 1] - mp[t + 1])
    return np.sum((sm - ys) ** 2)


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def gru_cell_sequence(xs, Wz, Wr, Wh, h0):
    h = h0
    for x in xs:
        hx = np.concatenate([h, x])
        z = sigmoid(Wz @ hx)
        rr = sigmoid(Wr @ hx)
        hh = np.tanh(Wh @ np.concatenate([rr * h, x]))
        h = (1 - z) * h + z * hh
    return np.sum(h ** 2)


def lstm_stacked_gates(xs, W, U, b):
    H = U.shape[1]
    h = np.zeros(H)
    c = np.zeros(H)
    for t in range(xs.shape[0]):
        g = W @ xs[t] + U @ h + b
        i, f, o, gg = np.split(g, 4)
        c = sigmoid(f) * c + sigmoid(i) * np.tanh(gg)
        h = sigmoid(o) * np.tanh(c)
    return h.sum()


def batch_norm_train(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=0)
    var = X.var(axis=0)
    Xh = (X - mu) / np.sqrt(var + eps)
    out = gamma * Xh + beta
    return np.sum(np.tanh(out) * np.arange(out.size).reshape(out.shape))


def layer_norm(X, gamma, beta, eps=1e-6):
    mu = np.mean(X, axis=-1, keepdims=True)
    sd_ = np.std(X, axis=-1, keepdims=True)
    Y = gamma * (X - mu) / (sd_ + eps) + beta
    return np.sum(Y ** 3)


def rms_norm(x, w, eps=1e-6):
    rms = np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps)
    return np.sum(np.sin(x / rms * w))


def masked_attention(Q, K, V, mask):
    s = Q @ K.T / np.sqrt(Q.shape[-1])
    s = np.where(mask, s, -np.inf)
    s = s - s.max(axis=-1, keepdims=True)
    w = np.exp(s)
    w = w / w.sum(axis=-1, keepdims=True)
    return np.sum((w @ V) ** 2)


def causal_attention_tril(X, Wq, Wk):
    q, k = X @ Wq, X @ Wk
    s = q @ k.T
    T = s.shape[0]
    s = np.where(np.tril(np.ones((T, T), dtype=bool)), s, -1e9)
    p = np.exp(s - np.max(s, axis=1)[:, None])
    p /= p.sum(axis=1)[:, None]
    return np.sum(p @ X)


def logsumexp_stable(x):
    m = np.max(x)
    return m + np.log(np.sum(np.exp(x - m)))


def log_softmax_rows(Z, labels):
    m = Z.max(axis=1, keepdims=True)
    lse = m + np.log(np.exp(Z - m).sum(axis=1, keepdims=True))
    logp = Z - lse
    return -np.mean(logp[np.arange(Z.shape[0]), labels])


def huber_loss(pred, y, delta=1.0):
    r = pred - y
    a = np.abs(r)
    quad = 0.5 * r ** 2
    lin = delta * (a - 0.5 * delta)
    return np.mean(np.where(a <= delta, quad, lin))


def quantile_loss(pred, y, tau=0.3):
    r = y - pred
    return np.sum(np.maximum(tau * r, (tau - 1) * r))


def smooth_l1_and_logcosh(pred, y):
    r = pred - y
    return np.sum(np.log(np.cosh(r))) + np.sum(np.sqrt(1 + r * r) - 1)


def newton_sqrt_while(a):
    x = a
    while abs(x * x - a) > 1e-12 * a:
        x = 0.5 * (x + a / x)
    return x * 3.0


def fixed_point_kepler(M, e):
    E = M
    for _ in range(100):
        E_new = M + e * np.sin(E)
        if np.max(np.abs(E_new - E)) < 1e-13:
            E = E_new
            break
        E = E_new
    return np.sum(E)


def newton_vector_root(c):
    x = np.ones_like(c)
    it = 0
    while it < 30:
        f = x ** 3 + x - c
        x = x - f / (3 * x ** 2 + 1)
        it += 1
    return np.sum(x ** 2)
