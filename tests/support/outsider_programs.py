"""Realistic numeric programs written as users write them (not in srcdiff's house style).

Each is checked in every mode by tests/compat/test_outsider_programs.py: right against
central differences, or refused with a SrcdiffError naming the file, line and construct.
"""

import math

import numpy as np

# ---------------------------------------------------------------- ODEs and simulation


def lotka_volterra(state, p):
    x, y = state[0], state[1]
    dx = p["alpha"] * x - p["beta"] * x * y
    dy = p["delta"] * x * y - p["gamma"] * y
    return np.array([dx, dy])


def rk4_integrate(y0, params, n_steps=20, dt=0.05):
    y = y0.copy()
    for _ in range(n_steps):
        k1 = lotka_volterra(y, params)
        k2 = lotka_volterra(y + 0.5 * dt * k1, params)
        k3 = lotka_volterra(y + 0.5 * dt * k2, params)
        k4 = lotka_volterra(y + dt * k3, params)
        y = y + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y[0] ** 2 + y[1]


def spring_mass(x0, v0, k, n_steps):
    x = x0.copy()
    v = v0.copy()
    dt = 0.01
    n = len(x)
    for step in range(n_steps):
        f = np.zeros(n)
        stretch = x[1:] - x[:-1] - 1.0
        np.add.at(f, np.arange(n - 1), k * stretch)
        np.add.at(f, np.arange(1, n), -k * stretch)
        v[:] = v + dt * f - 0.01 * v
        x += dt * v
    return np.sum(x ** 2) + 0.5 * np.dot(v, v)


def heat_stencil(u0, kappa, steps=5):
    u = u0
    for i in range(steps):
        lap = np.roll(u, 1) - 2 * u + np.roll(u, -1)
        u = u + kappa * lap
    padded = np.pad(u, 1, mode="edge")
    flux = padded[1:] - padded[:-1]
    return np.sum(flux ** 2) + np.sum(u ** 3)


# ---------------------------------------------------------------- filtering


def particle_filter(theta, obs, noise):
    n_particles = noise.shape[1]
    particles = np.zeros(n_particles)
    loglik = 0.0
    u_grid = (np.arange(n_particles) + 0.5) / n_particles
    for t in range(len(obs)):
        particles = theta[0] * particles + theta[1] * noise[t]
        logw = -0.5 * (obs[t] - particles) ** 2
        m = logw.max()
        w = np.exp(logw - m)
        loglik += m + np.log(w.mean())
        w = w / w.sum()
        cdf = np.cumsum(w)
        idx = np.searchsorted(cdf, u_grid)
        idx = np.minimum(idx, n_particles - 1)
        particles = particles[idx]
    order = np.argsort(particles)
    return loglik + 0.01 * np.sum(particles[order][-2:])


def kalman_1d(q, r, zs):
    x_hat, P = 0.0, 1.0
    nll = 0.0
    for z in zs:
        P = P + q
        S = P + r
        K = P / S
        innov = z - x_hat
        nll += 0.5 * (math.log(2 * math.pi * S) + innov * innov / S)
        x_hat = x_hat + K * innov
        P = (1 - K) * P
    return nll


# ---------------------------------------------------------------- learning


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def logreg_minibatch(w, X, y, lr=0.1, batch=4, tol=1e-8):
    w = w.copy()
    n = X.shape[0]
    prev = None
    for start in range(0, n, batch):
        xb = X[start:start + batch]
        yb = y[start:start + batch]
        p = sigmoid(xb @ w)
        loss = -np.mean(yb * np.log(p) + (1 - yb) * np.log(1 - p))
        if prev is not None and abs(prev - loss) < tol:
            break
        prev = loss
        w = w - lr * xb.T @ (p - yb) / len(yb)
    p = sigmoid(X @ w)
    return -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))


def lstm_cell(params, xs):
    Wx, Wh, b = params["Wx"], params["Wh"], params["b"]
    H = Wh.shape[0]
    h = np.zeros(H)
    c = np.zeros(H)
    outputs = []
    for x in xs:
        gates = x @ Wx + h @ Wh + b
        i = sigmoid(gates[:H])
        f = sigmoid(gates[H:2 * H])
        o = sigmoid(gates[2 * H:3 * H])
        g = np.tanh(gates[3 * H:])
        c = f * c + i * g
        h = o * np.tanh(c)
        outputs.append(h)
    return sum(np.sum(o ** 2) for o in outputs)


def attention(Q, K, V, mask):
    d = Q.shape[-1]
    scores = Q @ K.T / np.sqrt(d)
    scores = np.where(mask, scores, -1e9)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=-1, keepdims=True)
    return (weights @ V).sum() + 0.1 * np.sum(weights ** 2)


def soft_kmeans(centers, X, beta=2.0, iters=3):
    for it in range(iters):
        d2 = ((X[:, None, :] - centers[None, :, :]) ** 2).sum(-1)
        logits = -beta * d2
        logits -= logits.max(axis=1, keepdims=True)
        resp = np.exp(logits)
        resp = resp / resp.sum(axis=1, keepdims=True)
        centers = (resp.T @ X) / resp.sum(axis=0)[:, None]
    return np.sum(centers ** 2)


def poisson_glm(beta, X, counts, l2=0.1):
    eta = X @ beta
    mu = np.exp(eta)
    nll = np.sum(mu - counts * eta)
    return nll + l2 * np.sum(beta[1:] ** 2)


def mlp_loss(params, X, y):
    h = X
    layers = sorted(k for k in params if k.startswith("W"))
    for name in layers:
        idx = name[1:]
        h = np.tanh(h @ params[name] + params["b" + idx])
    return np.mean((h.sum(axis=1) - y) ** 2)


def softmax_xent(logits, labels):
    z = logits - np.max(logits, axis=1, keepdims=True)
    logp = z - np.log(np.sum(np.exp(z), axis=1, keepdims=True))
    return -np.mean(logp[np.arange(len(labels)), labels])


# ---------------------------------------------------------------- statistics and finance


def gp_nll(log_params, X, y):
    ell, sf, sn = np.exp(log_params)
    d2 = (X[:, None] - X[None, :]) ** 2
    K = sf ** 2 * np.exp(-0.5 * d2 / ell ** 2) + sn ** 2 * np.eye(len(X))
    L = np.linalg.cholesky(K)
    alpha = np.linalg.solve(K, y)
    sign, logdet = np.linalg.slogdet(K)
    return 0.5 * y @ alpha + 0.5 * logdet + 0.5 * len(X) * np.log(2 * np.pi) + 0.0 * L[0, 0]


def norm_cdf(x):
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def black_scholes_call(S, K, T, r, sigma):
    d1 = (math.log(S / K) + (r + 0.5 * sigma ** 2) * T) / (sigma * math.sqrt(T))
    d2 = d1 - sigma * math.sqrt(T)
    return S * norm_cdf(d1) - K * math.exp(-r * T) * norm_cdf(d2)


def mc_call_price(S0, sigma, Z, K=1.0, r=0.01, T=1.0):
    ST = S0 * np.exp((r - 0.5 * sigma ** 2) * T + sigma * np.sqrt(T) * Z)
    payoff = np.maximum(ST - K, 0.0)
    return math.exp(-r * T) * payoff.mean()


# ---------------------------------------------------------------- plumbing and builtins


def sqrt_newton(a, tol=1e-12):
    x = a if a > 1 else 1.0
    while abs(x * x - a) > tol:
        x = 0.5 * (x + a / x)
    return x * 3.0


def plumbing(x, cfg=None, name="model"):
    if cfg is None:
        cfg = {"scale": 2.0, "shift": (0.5, 1.5)}
    label = name.upper() + ":" + str(len(x))
    lo, hi = cfg["shift"]
    out = cfg["scale"] * x + lo
    if label.startswith("MODEL"):
        out = out * hi
    return np.sum(out ** 2)


class Regressor:
    def __init__(self, alpha):
        self.alpha = alpha

    def predict(self, w, X):
        return X @ w

    def loss(self, w, X, y):
        r = self.predict(w, X) - y
        return r @ r / len(y) + self.alpha * w @ w


_REG = Regressor(0.3)


def method_loss(w, X, y):
    return _REG.loss(w, X, y)


def scaled_norm(v, p=2, eps=1e-8):
    return (np.sum(np.abs(v) ** p) + eps) ** (1.0 / p)


def defaults_and_varargs(w, *extras, power=2, **opts):
    total = scaled_norm(w, p=power)
    for e in extras:
        total = total + np.sum(e * w)
    if opts.get("squared", False):
        total = total ** 2
    return total


def call_varargs(w, a, b):
    return defaults_and_varargs(w, a, b, power=3, squared=True)


def comprehensions(xs, ws):
    terms = [w * np.sin(x) for x, w in zip(xs, ws)]
    weighted = sum(t ** 2 for t in terms)
    pairs = {i: x for i, x in enumerate(xs) if i % 2 == 0}
    return weighted + sum(pairs.values())


def builtins_mix(a, b, c):
    m = max(a, b)
    n = min(b, c)
    s = abs(a - c)
    return m * n + s ** 1.5 + math.hypot(a, b) + math.atan2(b, c) + math.log1p(c * c)


def int_float_mix(x, n):
    total = 0
    for k in range(n):
        total += (k + 1) * x[k % len(x)] / float(n)
    y = x.astype(np.float64) * 2
    idx = int(len(x) / 2)
    return total + y[idx] ** 2 + float(np.sum(x[: n // 2]))


def fancy_updates(x, w):
    z = np.zeros(6)
    z[1:4] += x * w
    z[[0, 5]] = w[:2] ** 2
    z[::2] *= 1.5
    idx = np.array([1, 3, 3])
    z[idx] += x
    return np.sum(z ** 2)


def masked_stats(x, threshold=0.0):
    pos = x > threshold
    y = x.copy()
    y[~pos] = 0.1 * x[~pos]
    return np.sum(y[pos] ** 2) + np.mean(y) + np.sum(np.where(x < -1, x ** 3, 0))


def first_crossing(x, level=2.0):
    acc = 0.0
    for i, v in enumerate(x):
        acc = acc + v * v
        if acc > level:
            return acc * (i + 1)
    return -acc


def growth_loop(rate, v, n=6):
    acc = 1.0
    for k in range(n):
        acc *= 1 + rate * v[k % len(v)]
        if acc > 100.0:
            acc = 100.0
    return acc


def power_iteration(A, iters=8):
    v = np.ones(A.shape[0])
    for _ in range(iters):
        v = A @ v
        v = v / np.linalg.norm(v)
    return v @ A @ v


def tuple_returning_helper(x):
    def stats(arr):
        return arr.mean(), arr.std(), len(arr)

    mu, sd_, n = stats(x)
    return (x - mu) / sd_ * n if False else np.sum(((x - mu) / sd_) ** 3) + mu


def huber_regression(w, X, y, delta=1.0):
    r = X @ w - y
    quad = np.minimum(np.abs(r), delta)
    lin = np.abs(r) - quad
    return np.sum(0.5 * quad ** 2 + delta * lin)


def adam_inner(w0, X, y, steps=4, lr=0.05):
    w = w0.copy()
    m = np.zeros_like(w)
    s = np.zeros_like(w)
    b1, b2 = 0.9, 0.999
    for t in range(1, steps + 1):
        g = 2 * X.T @ (X @ w - y) / len(y)
        m = b1 * m + (1 - b1) * g
        s = b2 * s + (1 - b2) * g * g
        mhat = m / (1 - b1 ** t)
        shat = s / (1 - b2 ** t)
        w -= lr * mhat / (np.sqrt(shat) + 1e-8)
    return np.sum((X @ w - y) ** 2)
