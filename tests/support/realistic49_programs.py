"""Ordinary numeric programs nobody tuned srcdiff for
(tests/soundness/test_realistic_programs49.py):
particle filters, Gauss-Newton, EM, finite volumes with limiters, inventory and queue models,
image warping, polynomial chaos, running statistics, parameter containers, epidemic and
oscillator models, kinematics, survival analysis, proximal methods, adaptive integrators."""

import math
from dataclasses import dataclass

import numpy as np


def particle_filter_fixed(obs, q, r, noise, idx):
    """Bootstrap filter: fixed process noise and fixed resampling indices."""
    n = noise.shape[1]
    x = np.zeros(n)
    loglik = 0.0
    for t in range(len(obs)):
        x = 0.9 * x + q * noise[t]
        logw = -0.5 * (obs[t] - x) ** 2 / r ** 2
        m = np.max(logw)
        w = np.exp(logw - m)
        loglik = loglik + m + np.log(np.mean(w))
        x = x[idx[t]]
    return loglik


def gauss_newton_exp_fit(t, y, theta0):
    """Fit y ~ a exp(-b t) by five Gauss-Newton steps; the loss at the fit."""
    th = theta0.copy()
    for _ in range(5):
        a, b = th[0], th[1]
        e = np.exp(-b * t)
        res = a * e - y
        J = np.stack([e, -a * t * e], axis=1)
        step = np.linalg.solve(J.T @ J + 1e-3 * np.eye(2), J.T @ res)
        th = th - step
    return np.sum((th[0] * np.exp(-th[1] * t) - y) ** 2) + np.sum(th ** 2)


def em_gmm_1d(x, mu0, s0, w0):
    """Three EM steps of a two-component 1-d mixture; the log-likelihood after them."""
    mu, s, w = mu0, s0, w0
    for _ in range(3):
        logp = (-0.5 * ((x[:, None] - mu[None, :]) / s[None, :]) ** 2
                - np.log(s[None, :]) + np.log(w[None, :]))
        mx = logp.max(axis=1, keepdims=True)
        resp = np.exp(logp - mx)
        resp /= resp.sum(axis=1, keepdims=True)
        nk = resp.sum(axis=0)
        mu = (resp * x[:, None]).sum(axis=0) / nk
        s = np.sqrt((resp * (x[:, None] - mu[None, :]) ** 2).sum(axis=0) / nk)
        w = nk / len(x)
    logp = (-0.5 * ((x[:, None] - mu[None, :]) / s[None, :]) ** 2
            - np.log(s[None, :]) + np.log(w[None, :]))
    return np.sum(np.log(np.sum(np.exp(logp), axis=1)))


def _minmod(a, b):
    return np.where(a * b > 0, np.sign(a) * np.minimum(np.abs(a), np.abs(b)), 0.0)


def finite_volume_minmod(u0, c, steps):
    """Linear advection, MUSCL reconstruction with a minmod limiter, periodic."""
    u = u0.copy()
    for _ in range(steps):
        du = _minmod(u - np.roll(u, 1), np.roll(u, -1) - u)
        face = u + 0.5 * (1.0 - c) * du
        flux = c * face
        u = u - (flux - np.roll(flux, 1))
    return np.sum(u ** 2 * np.arange(len(u)))


def inventory_clip(demand, order, cap, price, hold):
    """Stock clipped into [0, cap]; sales are min(stock, demand)."""
    stock = 5.0
    profit = 0.0
    for t in range(len(demand)):
        stock = min(stock + order[t], cap)
        sold = min(stock, demand[t])
        stock = max(stock - sold, 0.0)
        profit += price * sold - hold * stock - 0.1 * order[t] ** 2
    return profit


def lindley_queue(service, arrival):
    """Waiting times w_{n+1} = max(0, w_n + s_n - a_n)."""
    w = np.zeros(len(service) + 1)
    for n in range(len(service)):
        w[n + 1] = max(0.0, w[n] + service[n] - arrival[n])
    return np.mean(w)


def bilinear_warp(img, flow_x, flow_y):
    """Bilinear sampling at integer base pixels plus a fractional offset in (0, 1)."""
    h, w = img.shape
    ys, xs = np.meshgrid(np.arange(h - 1), np.arange(w - 1), indexing="ij")
    fx, fy = flow_x, flow_y
    top = img[ys, xs] * (1 - fx) + img[ys, xs + 1] * fx
    bot = img[ys + 1, xs] * (1 - fx) + img[ys + 1, xs + 1] * fx
    out = top * (1 - fy) + bot * fy
    return np.sum(out * np.arange(out.size).reshape(out.shape))


def hermite_chaos(coef, xi):
    """Probabilists' Hermite polynomial chaos by the three-term recurrence; mean square."""
    h_prev = np.ones_like(xi)
    h = xi.copy()
    y = coef[0] * h_prev + coef[1] * h
    for k in range(1, len(coef) - 1):
        h_next = xi * h - k * h_prev
        h_prev, h = h, h_next
        y = y + coef[k + 1] * h
    return np.mean(y ** 2)


def running_stats_inplace(x, decay):
    """Running mean and variance updated in place, masked clipping of large entries."""
    mean = np.zeros(x.shape[1])
    var = np.ones(x.shape[1])
    for row in x:
        d = row - mean
        mean += (1 - decay) * d
        var *= decay
        var += (1 - decay) * d ** 2
    z = (x - mean) / np.sqrt(var)
    z[np.abs(z) > 1.5] = 1.5
    return np.sum(z * mean)


def mlp_param_dict(params, x, y):
    """A two-layer net whose parameters live in a dict of arrays."""
    h = np.tanh(x @ params["W1"] + params["b1"])
    out = h @ params["W2"] + params["b2"]
    loss = np.mean((out - y) ** 2)
    for k in params:
        if k.startswith("W"):
            loss = loss + 0.01 * np.sum(params[k] ** 2)
    return loss


@dataclass
class Spring:
    k: float
    c: float
    m: float


def _spring_accel(model, x, v):
    return -(model.k * x + model.c * v) / model.m


def spring_while(k, c, x0):
    """Damped spring by semi-implicit Euler until the time runs out (a while loop)."""
    model = Spring(k, c, 1.5)
    x, v, t = x0, 0.0, 0.0
    energy = 0.0
    while t < 2.0:
        v = v + 0.05 * _spring_accel(model, x, v)
        x = x + 0.05 * v
        energy = energy + 0.05 * x * x
        t += 0.05
    return energy + x


def sir_epidemic(beta, gamma, i0):
    """SIR by Euler steps; stops early once infections die out."""
    s, i, r = 1.0 - i0, i0, 0.0
    peak = 0.0
    for _ in range(60):
        new_inf = beta * s * i * 0.1
        new_rec = gamma * i * 0.1
        s, i, r = s - new_inf, i + new_inf - new_rec, r + new_rec
        if i > peak:
            peak = i
        if i < 1e-9:
            break
    return peak + r


def kuramoto(theta0, omega, K):
    """Kuramoto oscillators, Euler; order parameter at the end."""
    th = theta0.copy()
    for _ in range(20):
        diff = th[None, :] - th[:, None]
        th = th + 0.05 * (omega + K / len(th) * np.sum(np.sin(diff), axis=1))
    return np.mean(np.cos(th)) ** 2 + np.mean(np.sin(th)) ** 2


def arm_kinematics(angles, lengths, target):
    """Planar robot arm: joint positions by cumulative angles; distance to a target."""
    cum = np.cumsum(angles)
    xs = np.cumsum(lengths * np.cos(cum))
    ys = np.cumsum(lengths * np.sin(cum))
    return (xs[-1] - target[0]) ** 2 + (ys[-1] - target[1]) ** 2 + 0.1 * np.sum(ys ** 2)


def cox_partial_lik(beta, X, event):
    """Cox partial likelihood; rows sorted by time, risk sets by a reversed cumsum."""
    eta = X @ beta
    risk = np.cumsum(np.exp(eta)[::-1])[::-1]
    return -np.sum(event * (eta - np.log(risk)))


def ista_lasso(A, b, lam):
    """Ten proximal gradient steps with soft thresholding."""
    x = np.zeros(A.shape[1])
    L = 5.0
    for _ in range(10):
        g = A.T @ (A @ x - b)
        z = x - g / L
        x = np.sign(z) * np.maximum(np.abs(z) - lam / L, 0.0)
    return 0.5 * np.sum((A @ x - b) ** 2) + lam * np.sum(np.abs(x))


def rk_adaptive(y0, k):
    """Euler/Heun pair with step-size control: value-dependent steps and a while loop."""
    t, y, h = 0.0, y0, 0.1
    while t < 1.0:
        if t + h > 1.0:
            h = 1.0 - t
        f1 = -k * y + np.sin(t)
        f2 = -k * (y + h * f1) + np.sin(t + h)
        err = abs(0.5 * h * (f2 - f1))
        if err > 1e-3:
            h = 0.5 * h
            continue
        y = y + 0.5 * h * (f1 + f2)
        t = t + h
    return y


def projectile_drag(v0, angle, drag):
    """Projectile with quadratic drag; the flight stops (break) when it lands."""
    x, y = 0.0, 0.0
    vx, vy = v0 * np.cos(angle), v0 * np.sin(angle)
    top = 0.0
    for _ in range(400):
        speed = np.sqrt(vx * vx + vy * vy)
        vx = vx - 0.01 * drag * speed * vx
        vy = vy - 0.01 * (9.81 + drag * speed * vy)
        x = x + 0.01 * vx
        y = y + 0.01 * vy
        top = max(top, y)
        if y < 0.0:
            break
    return x + top


def newton_cubic_early_return(a, b):
    """Root of x^3 + a x - b by Newton, returned from inside the loop."""
    x = 1.0
    for _ in range(50):
        f = x ** 3 + a * x - b
        if abs(f) < 1e-12:
            return x
        x = x - f / (3 * x ** 2 + a)
    return x


def triplet_margin(anchor, pos, neg, margin):
    """Triplet loss with a hinge; `and`/`or` on scalars picks a weighting."""
    dp = np.sum((anchor - pos) ** 2, axis=1)
    dn = np.sum((anchor - neg) ** 2, axis=1)
    loss = np.maximum(dp - dn + margin, 0.0)
    w = (margin > 0.5 and 2.0) or 1.0
    return w * np.mean(loss)


def chamfer_distance(P, Q):
    """Chamfer distance: min over pairwise squared distances, both directions."""
    d = np.sum((P[:, None, :] - Q[None, :, :]) ** 2, axis=-1)
    return np.mean(np.min(d, axis=1)) + np.mean(np.min(d, axis=0))


def wasserstein_1d_sorted(x, y):
    """1-d Wasserstein-2 between equal-size samples by sorting."""
    return np.mean((np.sort(x) - np.sort(y)) ** 2)


def poisson_irls(X, y, beta0):
    """Poisson GLM by three IRLS (Newton) steps with np.linalg.solve; deviance at the end."""
    beta = beta0
    for _ in range(3):
        mu = np.exp(X @ beta)
        H = X.T @ (mu[:, None] * X) + 0.1 * np.eye(X.shape[1])
        g = X.T @ (y - mu) - 0.1 * beta
        beta = beta + np.linalg.solve(H, g)
    mu = np.exp(X @ beta)
    return np.sum(mu - y * np.log(mu))


def gumbel_softmax_fixed(logits, gumbel, tau):
    """Gumbel-softmax relaxation with fixed Gumbel noise, stabilised by the row max."""
    z = (logits + gumbel) / tau
    z = z - z.max(axis=-1, keepdims=True)
    p = np.exp(z)
    p = p / p.sum(axis=-1, keepdims=True)
    return np.sum(p * np.arange(p.shape[-1]))


def pinhole_projection(points, f, t):
    """Project 3-d points through a pinhole camera; reprojection error against a grid."""
    pc = points + t
    u = f * pc[:, 0] / pc[:, 2]
    v = f * pc[:, 1] / pc[:, 2]
    target = np.linspace(-1.0, 1.0, len(u))
    return np.sum((u - target) ** 2 + (v + target) ** 2)


def cholesky_whitening(S, x):
    """Mahalanobis norm and log-determinant through a Cholesky factor."""
    A = S @ S.T + np.eye(S.shape[0])
    L = np.linalg.cholesky(A)
    z = np.linalg.solve(L, x)
    return 0.5 * z @ z + np.sum(np.log(np.diag(L)))


def portfolio_einsum(w, R, gamma):
    """Mean-variance utility with the covariance by einsum."""
    mu = R.mean(axis=0)
    C = np.einsum("ti,tj->ij", R - mu, R - mu) / (R.shape[0] - 1)
    return -(w @ mu) + 0.5 * gamma * np.einsum("i,ij,j->", w, C, w)


def markov_chain_score(logits, seq):
    """Log-probability of an integer sequence under a softmax transition matrix."""
    T = np.exp(logits - logits.max(axis=1, keepdims=True))
    T = T / T.sum(axis=1, keepdims=True)
    lp = 0.0
    for a, b in zip(seq[:-1], seq[1:]):
        lp = lp + np.log(T[a, b])
    return lp


def td0_value(V0, rewards, states, alpha, gamma):
    """TD(0) value updates along a fixed trajectory (a[i] += ... through an index)."""
    V = V0.copy()
    for t in range(len(rewards)):
        s, s2 = states[t], states[t + 1]
        V[s] += alpha * (rewards[t] + gamma * V[s2] - V[s])
    return np.sum(V ** 2)


def negative_base_powers(x, y):
    """Integer powers of negative bases and a float power of a positive one."""
    return np.sum((-x) ** 3 + x ** 2 * y - (x - 2.0) ** 4) + np.sum(np.abs(y) ** 1.5)


def bezier_casteljau(ctrl, ts):
    """Points on a Bezier curve by de Casteljau's recursion; arc-length proxy."""
    pts = []
    for t in ts:
        P = ctrl.copy()
        while len(P) > 1:
            P = (1 - t) * P[:-1] + t * P[1:]
        pts.append(P[0])
    pts = np.array(pts)
    return np.sum(np.sqrt(np.sum(np.diff(pts, axis=0) ** 2, axis=1)))


def linear_interp_index(xs, ys, q, idx):
    """Linear interpolation with bracket indices found beforehand (integer arrays)."""
    x0, x1 = xs[idx], xs[idx + 1]
    w = (q - x0) / (x1 - x0)
    return np.sum((1 - w) * ys[idx] + w * ys[idx + 1])


class Layer:
    def __init__(self, W, b):
        self.W = W
        self.b = b

    def __call__(self, x):
        return np.maximum(x @ self.W + self.b, 0.0) + 0.1 * (x @ self.W)


def residual_stack(W1, W2, x):
    """Residual blocks held in a list of objects; a helper calls a helper."""
    layers = [Layer(W1, 0.1), Layer(W2, -0.1)]
    h = x
    for layer in layers:
        h = h + _block(layer, h)
    return np.sum(h ** 2)


def _block(layer, h):
    return 0.5 * layer(_normalise(h))


def _normalise(h):
    return (h - h.mean(axis=-1, keepdims=True)) / np.sqrt(h.var(axis=-1, keepdims=True) + 1e-5)


def fitzhugh_nagumo(a, b, current):
    """FitzHugh-Nagumo neuron by Euler steps with state in a small array updated in place."""
    s = np.array([-1.0, 1.0])
    acc = 0.0
    for _ in range(40):
        dv = s[0] - s[0] ** 3 / 3 - s[1] + current
        dw = 0.08 * (s[0] + a - b * s[1])
        s[0] += 0.1 * dv
        s[1] += 0.1 * dw
        acc += s[0] ** 2
    return acc


def masked_attention_bias(Q, K, V, lengths):
    """Attention with a key-padding mask from integer lengths and a relative-position bias."""
    n, m = Q.shape[0], K.shape[0]
    s = Q @ K.T / np.sqrt(Q.shape[1])
    s = s - 0.1 * np.abs(np.arange(n)[:, None] - np.arange(m)[None, :])
    mask = np.arange(m)[None, :] < lengths[:, None]
    s = np.where(mask, s, -1e9)
    s = s - s.max(axis=1, keepdims=True)
    p = np.exp(s)
    p /= p.sum(axis=1, keepdims=True)
    return np.sum((p @ V) ** 2)


def elo_ratings(ratings, games, k):
    """Elo updates from a list of (winner, loser) pairs into a dict of ratings."""
    r = {i: ratings[i] for i in range(3)}
    for win, lose in games:
        e = 1.0 / (1.0 + 10.0 ** ((r[lose] - r[win]) / 400.0))
        r[win] = r[win] + k * (1 - e)
        r[lose] = r[lose] - k * (1 - e)
    return r[0] * 2.0 + r[1] - r[2] ** 2 / 1000.0


def boolean_index_tricks(x, w):
    """Boolean and integer index selection, a strided view updated in place."""
    y = x * w
    pos = y[y > 0]
    neg = y[y <= 0]
    z = y.copy()
    z[::2] *= 3.0
    z[1::2] -= neg.sum()
    return np.sum(pos ** 2) + np.sum(z * np.arange(len(z)))


def gru_scan_scores(xs, Wz, Wh, h0):
    """A minimal GRU over a sequence; each step's score collected in a list, then stacked."""
    h = h0
    scores = []
    for x in xs:
        hx = np.concatenate([h, x])
        z = 1.0 / (1.0 + np.exp(-(Wz @ hx)))
        cand = np.tanh(Wh @ hx)
        h = (1 - z) * h + z * cand
        scores.append(np.sum(h))
    return np.sum(np.stack(scores) ** 2)


def logsumexp_hinge(scores, target):
    """Multi-class logistic loss stabilised by the max, plus a squared hinge on the margin."""
    total = 0.0
    for i in range(scores.shape[0]):
        s = scores[i]
        m = s.max()
        lse = m + np.log(np.sum(np.exp(s - m)))
        total += lse - s[target[i]]
        others = np.delete(s, target[i])
        total += np.maximum(0.0, 1.0 - (s[target[i]] - others.max())) ** 2
    return total / scores.shape[0]


def thomas_tridiagonal(a, b, c, d):
    """Tridiagonal solve (Thomas): forward sweep in place, back substitution in reverse."""
    n = len(d)
    cp = np.zeros(n)
    dp = np.zeros(n)
    cp[0] = c[0] / b[0]
    dp[0] = d[0] / b[0]
    for i in range(1, n):
        den = b[i] - a[i] * cp[i - 1]
        cp[i] = c[i] / den if i < n - 1 else 0.0
        dp[i] = (d[i] - a[i] * dp[i - 1]) / den
    x = np.zeros(n)
    x[-1] = dp[-1]
    for i in range(n - 2, -1, -1):
        x[i] = dp[i] - cp[i] * x[i + 1]
    return np.sum(x * np.arange(1.0, n + 1))


def duplicate_index_writes(x, v, idx):
    """Fancy-index stores and in-place adds with a repeated index (the last write wins)."""
    y = x.copy()
    y[idx] += v
    z = x.copy()
    z[idx] = v * 2.0
    return np.sum(y * np.arange(len(y))) + np.sum(z ** 2)


def scatter_add_duplicates(x, v, idx):
    """np.add.at with repeated indices (every write adds)."""
    y = x * 1.0
    np.add.at(y, idx, v ** 2)
    return np.sum(y * np.arange(1.0, len(y) + 1))


def view_inplace_alias(x, s):
    """Augmented assignment through a slice view and through an alias of a local array."""
    a = x * 2.0
    v = a[1:]
    v *= s
    b = a
    b += 1.0
    w = a.T[::2]
    w -= s * x[::2]
    return np.sum(a ** 2)


def column_write_transposed(M, x):
    """Writes into a column through a transposed view."""
    A = M.copy()
    A.T[0] += x
    A[:, 1] *= x
    return np.sum(A @ A.T)


def scalars_via_item(x, y):
    """float() and .item() on entries of differentiated arrays, math functions on them."""
    s = 0.0
    for i in range(len(x)):
        s += math.exp(float(x[i])) * y[i].item()
    return s + math.sqrt(float(np.sum(y ** 2)))


def tolist_loop(x, w):
    """A Python list of numbers from .tolist(), summed with weights."""
    vals = (x * w).tolist()
    total = 0.0
    for v in vals:
        total += v ** 2
    return total


def ufunc_out_argument(a, b):
    """ufuncs writing into a preallocated output."""
    c = np.empty_like(a)
    np.multiply(a, b, out=c)
    np.add(c, a, out=c)
    return np.sum(c ** 2)


def sort_in_place_method(x, w):
    """x.sort() on a copy; trimmed weighted sum of the order statistics."""
    y = x * w
    y.sort()
    return np.sum(y[1:-1] * np.arange(len(y) - 2))


def sqrt_behind_where(x):
    """np.where selecting sqrt only on the positive side (the other side's value is nan)."""
    return np.sum(np.where(x > 0, np.sqrt(np.abs(x)) * x, x ** 2))


def float_power_negative_base(x, y):
    """x ** 3.0 and x ** 2 with negative x (an integer-valued float exponent)."""
    return np.sum(x ** 3.0 * y + x ** 2 - y ** 4.0)


def generator_sum_cond(w, x):
    """sum() over a generator, a conditional expression and a chained comparison."""
    s = sum(w[i] * x[i] for i in range(len(x)))
    t = s * 2.0 if 0.0 < s < 100.0 else s - 1.0
    return t + sum(xi ** 2 for xi in x if xi > 0)


def pad_gradient_trapz(y, dx):
    """np.pad with edge values, np.gradient, trapezoid rule by hand."""
    p = np.pad(y, 2, mode="edge")
    g = np.gradient(p, dx)
    return np.sum((g[1:] + g[:-1]) * 0.5 * dx) + np.sum(g ** 2)


def take_along_argmax(S, V):
    """Select each row's best entry by argmax and np.take_along_axis."""
    k = np.argmax(S, axis=1)
    best = np.take_along_axis(S, k[:, None], axis=1)[:, 0]
    return np.sum(best * V[k])


def slogdet_inverse(A, b):
    """Gaussian log-density with slogdet and an explicit inverse."""
    M = A @ A.T + np.eye(A.shape[0])
    sign, logdet = np.linalg.slogdet(M)
    Minv = np.linalg.inv(M)
    return 0.5 * b @ Minv @ b + 0.5 * sign * logdet


def list_params_sgd(params, x, y):
    """A few SGD steps on a list of arrays with in-place updates; hand-written gradients."""
    W, c = params[0].copy(), params[1].copy()
    ps = [W, c]
    for _ in range(3):
        r = x @ ps[0] + ps[1] - y
        gW = x.T @ r / len(y)
        gc = r.mean(axis=0)
        ps[0] -= 0.1 * gW
        ps[1] -= 0.1 * gc
    return np.mean((x @ ps[0] + ps[1] - y) ** 2)


def while_and_or(x, tol):
    """A while loop whose test mixes `and`/`or` on values computed in the loop."""
    y = x
    n = 0
    while (np.max(np.abs(y)) > tol and n < 20) or n < 2:
        y = 0.5 * y + 0.1 * np.sin(y)
        n += 1
    return np.sum(y) * 1e3 + n


def tuple_swap_fib(a, b):
    """Tuple swap recurrence with a negative-step range and enumerate."""
    vals = [a, b]
    for _ in range(6):
        a, b = b, a + 0.5 * b
        vals.append(b)
    total = 0.0
    for i, v in enumerate(reversed(vals)):
        total += (i + 1) * v
    return total


def convolve_kernel(x, k):
    """np.convolve in 'same' mode, then np.clip with array bounds."""
    y = np.convolve(x, k, mode="same")
    return np.sum(np.clip(y, -0.8, 0.9) ** 2)


def fill_and_put(x):
    """ndarray.fill and np.put on a working array before it meets x."""
    w = np.empty(len(x))
    w.fill(2.0)
    np.put(w, [0, 2], [0.5, 3.0])
    return np.sum(w * x ** 2)


def stencil_view_not_copy(u0, nu):
    """A diffusion step that (wrongly, as users do) keeps a view `prev = u[:]`: in place
    updates then read the already-updated neighbours (Gauss-Seidel-like sweep)."""
    u = u0.copy()
    for _ in range(3):
        prev = u[:]
        for i in range(1, len(u) - 1):
            u[i] += nu * (prev[i - 1] - 2 * prev[i] + prev[i + 1])
    return np.sum(u * np.arange(len(u)))


def reshape_view_write(x, s):
    """Writes through a reshaped view of a local array, then reads the array."""
    a = x * 1.0
    v = a.reshape(2, 3)
    v[0] += s
    v[:, 1] *= s
    return np.sum(a ** 2 * np.arange(6))


def relu_by_mask_product(x, W):
    """ReLU written as a boolean product, fractional part by astype(int), np.floor."""
    h = x @ W
    r = (h > 0) * h
    frac = h - np.floor(h)
    return np.sum(r ** 2) + np.sum(frac * 0.1) + np.sum(h % 1.0)


def fill_diagonal_precision(A, d):
    """np.fill_diagonal in place and a diagonal view; trace and logdet of the result."""
    P = A @ A.T
    np.fill_diagonal(P, np.diag(P) + d ** 2)
    return np.trace(P) + np.linalg.slogdet(P)[1] + np.sum(np.diagonal(P) ** 2)


def robust_stats(x, w):
    """np.median, np.percentile, np.std(ddof=1), np.cov on weighted data."""
    y = x * w
    return (np.median(y) + np.percentile(y, 30) + np.std(y, ddof=1)
            + np.sum(np.cov(np.stack([y, x]))))


def while_true_break_nested(x, tol):
    """Power iteration in `while True` with a break, inner for loop with for-else."""
    v = np.ones(len(x)) / np.sqrt(len(x))
    A = np.outer(x, x) + np.diag(np.arange(1.0, len(x) + 1))
    lam = 0.0
    k = 0
    while True:
        w = A @ v
        lam_new = v @ w
        v = w / np.linalg.norm(w)
        k += 1
        for j in range(len(v)):
            if v[j] < -1.0:
                break
        else:
            v = v * 1.0
        if abs(lam_new - lam) < tol or k > 200:
            break
        lam = lam_new
    return lam_new + np.sum(v ** 3)


def list_multiplied_aliases(h, s):
    """A list made by `[h] * 3` holds one array three times (entries copied first here)."""
    hs = [h.copy() for _ in range(3)]
    for i in range(3):
        hs[i] *= (i + 1) * s
    out = hs[0]
    for k in range(1, 3):
        out = out + hs[k] ** 2
    return np.sum(out)


def angles_and_norms(p, q):
    """arctan2, hypot, norms with ord, sinc, expm1/log1p, logaddexp."""
    ang = np.arctan2(p[:, 1], p[:, 0])
    r = np.hypot(q[:, 0], q[:, 1])
    return (np.sum(np.sin(ang) * r) + np.linalg.norm(p, 1) + np.linalg.norm(q.ravel(), np.inf)
            + np.sum(np.sinc(r)) + np.sum(np.expm1(0.1 * r) * np.log1p(r))
            + np.sum(np.logaddexp(p[:, 0], q[:, 1])))


def split_and_batched_solve(X, B):
    """np.split into halves, a batched np.linalg.solve (3-d) and np.tensordot."""
    a, b = np.split(X, 2, axis=0)
    M = np.stack([a @ a.T + np.eye(2), b @ b.T + 2 * np.eye(2)])
    sol = np.linalg.solve(M, B)
    return np.sum(sol ** 2) + np.tensordot(a, b, axes=([0, 1], [0, 1]))


def functional_helpers(x, w):
    """map, a lambda defined inside, functools-free reduction by a loop over zip."""
    sq = lambda t: t * t  # noqa: E731 - what users write
    parts = list(map(np.exp, [x * w, x - w]))
    acc = 0.0
    for p_, q_ in zip(parts, [w, x]):
        acc = acc + np.sum(sq(p_) * q_)
    return acc


def python_builtins_on_arrays(x, M):
    """Python max() over an array, sum() over a 2-d array's rows, min() of two scalars."""
    top = max(x)
    cols = sum(M)
    return top * 2.0 + np.sum(cols ** 2) + min(float(np.sum(x)), 10.0)


def nonzero_gather(x, y):
    """Indices from np.nonzero / np.flatnonzero / one-argument np.where gather values."""
    (i,) = np.nonzero(x > 0)
    j = np.flatnonzero(y < 0)
    k = np.where(x * y > 0)[0]
    return np.sum(x[i] ** 2) + np.sum(y[j] * 3.0) + np.sum(x[k] * y[k])


def try_assert_global(x):
    """assert statements and a try/except around a computation."""
    assert x.ndim == 1
    try:
        y = np.log(x ** 2 + 1.0)
    except FloatingPointError:
        y = x
    return np.sum(y * x)


def maximum_out_inplace(x, b):
    """np.maximum with out= on a working array, np.clip with out=."""
    h = x + b
    np.maximum(h, 0.1 * h, out=h)
    np.clip(h, -0.5, 1.5, out=h)
    return np.sum(h ** 2)


def max_initial_where(x, y):
    """Reductions with `initial=` and `where=`."""
    return (np.max(x * y, initial=-5.0) + np.sum(x ** 2, where=y > 0)
            + np.prod(1.0 + 0.1 * x, where=x > -1.0))


def recursive_power(x, n):
    """Exponentiation by squaring, recursively."""
    if n == 0:
        return np.ones_like(x)
    half = recursive_power(x, n // 2)
    if n % 2:
        return half * half * x
    return half * half


def recursion_loss(x):
    return np.sum(recursive_power(x, 5))


def chained_assignment_alias(x, s):
    """`a = b = np.zeros(n)` is one array under two names."""
    a = b = np.zeros(len(x))
    a[0] = s
    a[1:] = x[1:] * s
    return np.sum(b * x) + np.sum(a)


def rows_scaled_while_iterating(M, s):
    """`for row in M: row *= s` scales M's rows in place (rows are views)."""
    A = M.copy()
    for row in A:
        row *= s
    return np.sum(A ** 2 * np.arange(A.size).reshape(A.shape))


def chained_subscript_store(M, x):
    """`A[i][j] += v`: A[i] is a view, the store lands in A."""
    A = M.copy()
    for i in range(A.shape[0]):
        A[i][i] += x[i]
    return np.sum(A @ A)


def store_into_fancy_copy(x, v):
    """`a[idx][0] = v` stores into a copy (no effect); `a[1:3][0] = v` into a."""
    a = x.copy()
    a[[1, 0]][0] = v
    a[1:3][0] = v * 2.0
    return np.sum(a * np.arange(1.0, len(a) + 1))


def ravel_flip_views(x, s):
    """Stores through ravel() and [::-1] views of a local 2-d array."""
    A = x.reshape(2, 2) * 1.0
    r = A.ravel()
    r[0] += s
    f = A[::-1]
    f[0, 1] *= s
    return np.sum(A ** 2 * np.array([[1.0, 2.0], [3.0, 4.0]]))


def asarray_of_argument(x, y):
    """np.asarray of an argument is the argument; a copy made with np.array is not."""
    a = np.asarray(x)
    b = np.array(y)
    c = a * 1.0
    c += b
    b += 1.0
    return np.sum(c ** 2) + np.sum(b * x)


def dict_entry_aliases(p, q):
    """A dict whose entries are rebound, not aliased, then updated."""
    d = {"a": p * 1.0, "b": q * 1.0}
    d["c"] = d["a"] + d["b"]
    d["a"] = d["a"] * 2.0
    d["c"] += d["a"]
    return sum(np.sum(v ** 2) for v in d.values())


def atleast_2d_stack(x, y):
    """np.atleast_2d, np.vstack, np.column_stack of differentiated rows."""
    A = np.vstack([np.atleast_2d(x), np.atleast_2d(y)])
    B = np.column_stack([x, y])
    return np.sum(A @ B) + np.sum(np.hstack([x, y]) ** 3)


def scalar_array_build(a, b):
    """np.array of differentiated scalars, then a store and an in-place add."""
    v = np.array([a, b, a * b])
    v[2] += a ** 2
    v *= np.array([1.0, 2.0, 3.0])
    return v @ v


def prefix_pass_overlapping(x):
    """`a[1:] += a[:-1]`: NumPy reads the right side before writing (overlap copied)."""
    a = x * 1.0
    a[1:] += a[:-1]
    return np.sum(a * np.arange(1.0, len(a) + 1))


def reverse_in_place(x):
    """`a[:] = a[::-1]` reverses in place (the overlap is copied first)."""
    a = x * 1.0
    a[:] = a[::-1]
    return np.sum(a * np.arange(1.0, len(a) + 1))


def neighbour_product_in_place(x):
    """`a[:-1] *= a[1:]` multiplies each entry by its right neighbour."""
    a = x * 1.0
    a[:-1] *= a[1:]
    return np.sum(a * np.arange(1.0, len(a) + 1))


def negative_step_store(x, y):
    """A store into every other entry from the end."""
    a = x * 1.0
    a[::-2] = y
    return np.sum(a * np.arange(1.0, len(a) + 1))


def newaxis_ellipsis_outer(X):
    """Outer products written with `...`, np.newaxis and None."""
    return np.sum(X[..., 0][:, np.newaxis] * X[None, :, 1].T)


def _weighted(x, *rest, scale=2.0):
    return np.sum(x * scale) + sum(np.sum(r ** 2) for r in rest)


def star_args_helper(x, y):
    """A helper with *args and a keyword-only argument."""
    return _weighted(x, y, x, scale=3.0)


def cumsum_into_itself(x):
    """np.cumsum writing into its own input (out=)."""
    a = x * 1.0
    np.cumsum(a, out=a)
    return np.sum(a * np.arange(1.0, len(a) + 1))


def swap_by_tuple_and_fancy(x):
    """Entries swapped by a tuple assignment and by fancy indexing."""
    a = x * 1.0
    a[0], a[1] = a[1], a[0] * 2.0
    a[[2, 3]] = a[[3, 2]]
    return np.sum(a * np.arange(1.0, len(a) + 1))


def late_binding_lambdas(x):
    """Lambdas made in a comprehension (each sees the last k)."""
    fs = [lambda t: t * k for k in range(1, 4)]
    return sum(np.sum(f(x)) for f in fs)
