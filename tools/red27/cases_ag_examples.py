# ruff: noqa: E501, E402, BLE001
"""Workloads in the spirit of HIPS/autograd's examples/, rewritten small."""
import numpy as np
from harness import Case

R = np.random.default_rng(21)
SMOKE = R.uniform(size=(6, 6))
XS = R.standard_normal((8, 3))
YS = (R.uniform(size=8) > 0.5).astype(float)
EPS = R.standard_normal((4, 3))
SEQ = R.standard_normal((5, 2, 3))
IMG = R.standard_normal((2, 1, 6, 6))
COUNTS = R.integers(0, 6, size=10).astype(float)
OBS = R.integers(0, 3, size=6)


# ---- fluid simulation (Stam), small grid
def proj(vx, vy):
    p = np.zeros(vx.shape)
    h = 1.0 / vx.shape[0]
    div = -0.5 * h * (np.roll(vx, -1, axis=0) - np.roll(vx, 1, axis=0)
                      + np.roll(vy, -1, axis=1) - np.roll(vy, 1, axis=1))
    for k in range(4):
        p = (div + np.roll(p, 1, axis=0) + np.roll(p, -1, axis=0)
             + np.roll(p, 1, axis=1) + np.roll(p, -1, axis=1)) / 4.0
    vx -= 0.5 * (np.roll(p, -1, axis=0) - np.roll(p, 1, axis=0)) / h
    vy -= 0.5 * (np.roll(p, -1, axis=1) - np.roll(p, 1, axis=1)) / h
    return vx, vy


def adv(f, vx, vy):
    rows, cols = f.shape
    cy, cx = np.meshgrid(np.arange(rows), np.arange(cols))
    xs = (cx - vx).ravel()
    ys = (cy - vy).ravel()
    li = np.floor(xs).astype(int)
    ti = np.floor(ys).astype(int)
    rw = xs - li
    bw = ys - ti
    li = np.mod(li, rows)
    ri = np.mod(li + 1, rows)
    ti = np.mod(ti, cols)
    bi = np.mod(ti + 1, cols)
    flat = (1 - rw) * ((1 - bw) * f[li, ti] + bw * f[li, bi]) + rw * ((1 - bw) * f[ri, ti] + bw * f[ri, bi])
    return np.reshape(flat, (rows, cols))


def fluid(vx, vy):
    smoke = SMOKE
    for t in range(3):
        vxu = adv(vx, vx, vy)
        vyu = adv(vy, vx, vy)
        vx, vy = proj(vxu, vyu)
        smoke = adv(smoke, vx, vy)
    return np.mean((smoke - 0.5) ** 2)


def proj2(vx, vy):
    p = np.zeros(vx.shape)
    h = 1.0 / vx.shape[0]
    div = -0.5 * h * (np.roll(vx, -1, axis=0) - np.roll(vx, 1, axis=0)
                      + np.roll(vy, -1, axis=1) - np.roll(vy, 1, axis=1))
    for k in range(4):
        p = (div + np.roll(p, 1, axis=0) + np.roll(p, -1, axis=0)
             + np.roll(p, 1, axis=1) + np.roll(p, -1, axis=1)) / 4.0
    vx = vx - 0.5 * (np.roll(p, -1, axis=0) - np.roll(p, 1, axis=0)) / h
    vy = vy - 0.5 * (np.roll(p, -1, axis=1) - np.roll(p, 1, axis=1)) / h
    return vx, vy


def fluid_rebind(vx, vy):
    smoke = SMOKE
    for t in range(3):
        vxu = adv(vx, vx, vy)
        vyu = adv(vy, vx, vy)
        vx, vy = proj2(vxu, vyu)
        smoke = adv(smoke, vx, vy)
    return np.mean((smoke - 0.5) ** 2)


def fluid_inline(vx, vy):
    smoke = SMOKE
    for t in range(2):
        vxu = adv(vx, vx, vy)
        vyu = adv(vy, vx, vy)
        p = np.zeros(vxu.shape)
        div = -0.5 / 6 * (np.roll(vxu, -1, axis=0) - np.roll(vxu, 1, axis=0)
                          + np.roll(vyu, -1, axis=1) - np.roll(vyu, 1, axis=1))
        for k in range(3):
            p = (div + np.roll(p, 1, axis=0) + np.roll(p, -1, axis=0)
                 + np.roll(p, 1, axis=1) + np.roll(p, -1, axis=1)) / 4.0
        vxu -= 3.0 * (np.roll(p, -1, axis=0) - np.roll(p, 1, axis=0))
        vyu -= 3.0 * (np.roll(p, -1, axis=1) - np.roll(p, 1, axis=1))
        vx, vy = vxu, vyu
        smoke = adv(smoke, vx, vy)
    return np.mean((smoke - 0.5) ** 2)


# ---- taylor sine with a convergence loop, chained assignment
def taylor_sine(x):
    ans = term = x
    i = 0
    while np.abs(term) > 0.001:
        term = -term * x ** 2 / ((2 * i + 3) * (2 * i + 2))
        ans = ans + term
        i += 1
    return ans


def tanh_own(x):
    y = np.exp(-2.0 * x)
    return (1.0 - y) / (1.0 + y)


def rosen(x):
    return np.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


# ---- neural nets
def init_shapes(sizes):
    return list(zip(sizes[:-1], sizes[1:]))


def mlp_predict(params, inputs):
    for W, b in params:
        outputs = np.dot(inputs, W) + b
        inputs = np.tanh(outputs)
    return outputs - np.log(np.sum(np.exp(outputs), axis=1, keepdims=True))


def mlp_loss(params):
    logp = mlp_predict(params, XS)
    return -np.sum(logp[:, 0] * YS + logp[:, 1] * (1 - YS))


def l2_reg_loss(params, lam):
    flat = np.concatenate([np.ravel(W) for W, b in params])
    return mlp_loss(params) + lam * np.dot(flat, flat)


def rnn_loss(Wx, Wh, Wo):
    h = np.zeros((2, 4))
    total = 0.0
    for t in range(SEQ.shape[0]):
        h = np.tanh(SEQ[t] @ Wx + h @ Wh)
        out = h @ Wo
        lse = np.log(np.sum(np.exp(out), axis=1))
        total = total + np.sum(out[:, 0] - lse)
    return -total


def sigmoid(x):
    return 0.5 * (np.tanh(x) + 1.0)


def lstm_loss(W):
    hid = np.zeros((2, 3))
    cell = np.zeros((2, 3))
    outs = []
    for x in SEQ:
        z = np.concatenate((x, hid), axis=1) @ W
        ig = sigmoid(z[:, 0:3])
        fg = sigmoid(z[:, 3:6])
        og = sigmoid(z[:, 6:9])
        cc = np.tanh(z[:, 9:12])
        cell = cell * fg + cc * ig
        hid = og * np.tanh(cell)
        outs.append(hid)
    return np.sum(np.array(outs) ** 2)


def conv2d_loop(img, k):
    n, c, H, Wd = img.shape
    kh, kw = k.shape
    out = np.zeros((n, H - kh + 1, Wd - kw + 1))
    for i in range(kh):
        for j in range(kw):
            out = out + k[i, j] * img[:, 0, i:i + H - kh + 1, j:j + Wd - kw + 1]
    return out


def convnet(k, W):
    h = np.maximum(conv2d_loop(IMG, k), 0.0)
    pooled = h.reshape(2, 2, 2, 2, 2).max(axis=(2, 4))
    logits = pooled.reshape(2, -1) @ W
    return np.sum(logits ** 2)


def gp_nll(log_len, log_amp, noise):
    d = XS[:, None, :] - XS[None, :, :]
    K = np.exp(log_amp) * np.exp(-0.5 * np.sum(d ** 2, axis=2) / np.exp(2 * log_len))
    K = K + (noise ** 2 + 1e-3) * np.eye(8)
    y = YS - 0.5
    L = np.linalg.cholesky(K)
    a = np.linalg.solve(L.T, np.linalg.solve(L, y))
    return 0.5 * y @ a + np.sum(np.log(np.diag(L)))


def logsumexp(a, axis=None):
    m = np.max(a, axis=axis, keepdims=True)
    return np.squeeze(m, axis=axis) + np.log(np.sum(np.exp(a - m), axis=axis))


def gmm_ll(means, log_sd, logits):
    lw = logits - logsumexp(logits)
    cl = []
    for k in range(means.shape[0]):
        z = (XS - means[k]) / np.exp(log_sd[k])
        cl.append(lw[k] - 0.5 * np.sum(z ** 2, axis=1) - np.sum(log_sd[k]) * 1.0)
    return np.sum(logsumexp(np.array(cl), axis=0))


def hmm_forward(log_T, log_E, log_pi):
    lT = log_T - logsumexp(log_T, axis=1)[:, None]
    lE = log_E - logsumexp(log_E, axis=1)[:, None]
    alpha = log_pi - logsumexp(log_pi) + lE[:, OBS[0]]
    for t in range(1, len(OBS)):
        alpha = logsumexp(alpha[:, None] + lT, axis=0) + lE[:, OBS[t]]
    return logsumexp(alpha)


def gammaln_free_negbin(r, p):
    # negative binomial log-likelihood up to r-only normalizers written with logs
    lp = np.log(p)
    return np.sum(COUNTS * np.log1p(-p) + r * lp)


def svi_elbo(mean, log_std):
    samples = EPS * np.exp(log_std) + mean
    logp = -0.5 * np.sum((samples - 1.0) ** 2, axis=1) - np.sum(samples ** 4, axis=1) * 0.01
    entropy = np.sum(log_std)
    return np.mean(logp) + entropy


def vae_like(We, Wd):
    h = np.tanh(XS @ We)
    mu, ls = h[:, :2], h[:, 2:]
    z = mu + np.exp(ls) * EPS[:, :2].repeat(2, axis=0)
    xr = z @ Wd
    kl = -0.5 * np.sum(1 + 2 * ls - mu ** 2 - np.exp(2 * ls))
    return np.sum((xr - XS) ** 2) + kl


def ode_euler(theta, y0):
    y = y0
    dt = 0.1
    for step in range(10):
        dy = np.tanh(theta @ y)
        y = y + dt * dy
    return np.sum(y ** 2)


def fixed_point(a):
    x = 1.0
    for it in range(30):
        x = 0.5 * (x + a / x)
    return x


def fixed_point_while(a):
    x = 1.0
    xold = 0.0
    while np.abs(x - xold) > 1e-10:
        xold = x
        x = 0.5 * (x + a / x)
    return x


def ica_like(W):
    s = XS @ W.T
    return -np.sum(np.log(np.cosh(s))) + XS.shape[0] * np.linalg.slogdet(W)[1]


def logreg_loss(w, b):
    z = XS @ w + b
    return np.sum(np.logaddexp(0.0, z) - YS * z)


def sinusoid_fit(params):
    a, f, ph = params
    pred = a * np.sin(f * XS[:, 0] + ph)
    return np.sum((pred - YS) ** 2)


def rkhs_like(alpha, ls):
    d = XS[:, None, 0] - XS[None, :, 0]
    K = np.exp(-d ** 2 / ls)
    f = K @ alpha
    return np.sum((f - YS) ** 2) + alpha @ K @ alpha


def gan_like(Wg, Wd):
    fake = np.tanh(EPS @ Wg)
    real = XS[:4]
    dr = sigmoid(real @ Wd)
    df = sigmoid(fake @ Wd)
    return -np.mean(np.log(dr) + np.log(1 - df))


def mixture_vi(params):
    total = 0.0
    for mu, ls in params:
        s = EPS * np.exp(ls) + mu
        total = total + np.mean(np.sum(-0.5 * s ** 2, axis=1)) + np.sum(ls)
    return total


def kfac_like(W1, W2):
    a1 = np.tanh(XS @ W1)
    out = a1 @ W2
    cov = a1.T @ a1 / 8.0
    return np.sum(out ** 2) + np.trace(cov @ cov)


CASES = [
    Case(fluid, lambda r: (0.3 * r.standard_normal((6, 6)), 0.3 * r.standard_normal((6, 6))), loops=True, tol=1e-4),
    Case(fluid_rebind, lambda r: (0.3 * r.standard_normal((6, 6)), 0.3 * r.standard_normal((6, 6))), loops=True, tol=1e-4),
    Case(fluid_inline, lambda r: (0.3 * r.standard_normal((6, 6)), 0.3 * r.standard_normal((6, 6))), loops=True, tol=1e-4),
    Case(taylor_sine, lambda r: (float(r.uniform(0.3, 2.0)),), loops=True),
    Case(tanh_own, lambda r: (r.standard_normal(4),)),
    Case(rosen, lambda r: (r.standard_normal(5),)),
    Case(mlp_loss, lambda r: ([(r.standard_normal((3, 4)), r.standard_normal(4)),
                               (r.standard_normal((4, 2)), r.standard_normal(2))],), loops=True),
    Case(l2_reg_loss, lambda r: ([(r.standard_normal((3, 4)), r.standard_normal(4)),
                                  (r.standard_normal((4, 2)), r.standard_normal(2))], 0.1), loops=True),
    Case(rnn_loss, lambda r: (r.standard_normal((3, 4)) * 0.5, r.standard_normal((4, 4)) * 0.5,
                              r.standard_normal((4, 3))), loops=True),
    Case(lstm_loss, lambda r: (r.standard_normal((6, 12)) * 0.5,), loops=True),
    Case(convnet, lambda r: (r.standard_normal((3, 3)), r.standard_normal((4, 2))), loops=True),
    Case(gp_nll, lambda r: (float(r.uniform(-0.5, 0.5)), float(r.uniform(-0.5, 0.5)), float(r.uniform(0.3, 1.0)))),
    Case(gmm_ll, lambda r: (r.standard_normal((3, 3)), 0.3 * r.standard_normal((3, 3)), r.standard_normal(3)), loops=True),
    Case(hmm_forward, lambda r: (r.standard_normal((3, 3)), r.standard_normal((3, 3)), r.standard_normal(3)), loops=True),
    Case(gammaln_free_negbin, lambda r: (float(r.uniform(1, 3)), float(r.uniform(0.2, 0.8)))),
    Case(svi_elbo, lambda r: (r.standard_normal(3), 0.3 * r.standard_normal(3))),
    Case(vae_like, lambda r: (r.standard_normal((3, 4)) * 0.5, r.standard_normal((2, 3)))),
    Case(ode_euler, lambda r: (r.standard_normal((3, 3)), r.standard_normal(3)), loops=True),
    Case(fixed_point, lambda r: (float(r.uniform(1, 4)),), loops=True),
    Case(fixed_point_while, lambda r: (float(r.uniform(1, 4)),), loops=True),
    Case(ica_like, lambda r: (r.standard_normal((3, 3)) + 2 * np.eye(3),)),
    Case(logreg_loss, lambda r: (r.standard_normal(3), float(r.standard_normal()))),
    Case(sinusoid_fit, lambda r: ((1.0 + r.standard_normal(), 1.0 + r.standard_normal(), r.standard_normal()),)),
    Case(rkhs_like, lambda r: (r.standard_normal(8), float(r.uniform(0.5, 2)))),
    Case(gan_like, lambda r: (r.standard_normal((3, 3)), r.standard_normal(3))),
    Case(mixture_vi, lambda r: ([(r.standard_normal(3), 0.3 * r.standard_normal(3)) for _ in range(2)],), loops=True),
    Case(kfac_like, lambda r: (r.standard_normal((3, 4)), r.standard_normal((4, 2)))),
]
