"""Single-head self-attention with a residual connection and layer norm.

X: batch 4 x 32 tokens x 64 features; loss = mean of the normalized output squared
times a fixed readout.  Differentiated: Wq, Wk, Wv, gamma, beta.
"""
import numpy as np

from . import _common

WRT = (0, 1, 2, 3, 4)
B, T, D = 4, 32, 64
EPS = 1e-5


def make_inputs(rng):
    s = 1.0 / np.sqrt(D)
    Wq, Wk, Wv = (s * rng.standard_normal((D, D)) for _ in range(3))
    gamma = 1.0 + 0.1 * rng.standard_normal(D)
    beta = 0.1 * rng.standard_normal(D)
    X = rng.standard_normal((B, T, D))
    R = rng.standard_normal(D)
    return Wq, Wk, Wv, gamma, beta, X, R


def primal(Wq, Wk, Wv, gamma, beta, X, R):
    Q = X @ Wq
    K = X @ Wk
    V = X @ Wv
    S = Q @ np.swapaxes(K, -1, -2) / np.sqrt(D)
    S = S - np.max(S, axis=-1, keepdims=True)
    P = np.exp(S)
    P = P / np.sum(P, axis=-1, keepdims=True)
    H = X + P @ V
    mu = np.mean(H, axis=-1, keepdims=True)
    var = np.mean((H - mu) ** 2, axis=-1, keepdims=True)
    Y = (H - mu) / np.sqrt(var + EPS) * gamma + beta
    return np.mean((Y @ R) ** 2)


def hand_grad(Wq, Wk, Wv, gamma, beta, X, R):
    Q = X @ Wq
    K = X @ Wk
    V = X @ Wv
    S = Q @ np.swapaxes(K, -1, -2) / np.sqrt(D)
    S -= S.max(axis=-1, keepdims=True)
    P = np.exp(S)
    P /= P.sum(axis=-1, keepdims=True)
    H = X + P @ V
    Hc = H - H.mean(axis=-1, keepdims=True)
    rstd = 1.0 / np.sqrt((Hc * Hc).mean(axis=-1, keepdims=True) + EPS)
    Xh = Hc * rstd
    Y = Xh * gamma + beta
    z = Y @ R
    gz = (2.0 / z.size) * z                       # (B, T)
    gY = gz[..., None] * R                        # (B, T, D)
    g_gamma = np.einsum('btd,btd->d', gY, Xh)
    g_beta = gY.sum(axis=(0, 1))
    gXh = gY * gamma
    gH = rstd * (gXh - gXh.mean(axis=-1, keepdims=True)
                 - Xh * (gXh * Xh).mean(axis=-1, keepdims=True))
    gP = gH @ np.swapaxes(V, -1, -2)
    gV = np.swapaxes(P, -1, -2) @ gH
    gS = P * (gP - (gP * P).sum(axis=-1, keepdims=True)) / np.sqrt(D)
    gQ = gS @ K
    gK = np.swapaxes(gS, -1, -2) @ Q
    Xf = X.reshape(-1, D)
    return (Xf.T @ gQ.reshape(-1, D), Xf.T @ gK.reshape(-1, D),
            Xf.T @ gV.reshape(-1, D), g_gamma, g_beta)


def _generic_loss(xp, Wq, Wk, Wv, gamma, beta, X, R):
    Q = X @ Wq
    K = X @ Wk
    V = X @ Wv
    S = Q @ xp.swapaxes(K, -1, -2) / np.sqrt(D)
    S = S - xp.max(S, axis=-1, keepdims=True)
    P = xp.exp(S)
    P = P / xp.sum(P, axis=-1, keepdims=True)
    H = X + P @ V
    mu = xp.mean(H, axis=-1, keepdims=True)
    var = xp.mean((H - mu) ** 2, axis=-1, keepdims=True)
    Y = (H - mu) / xp.sqrt(var + EPS) * gamma + beta
    return xp.mean((Y @ R) ** 2)


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = _common.peers(_generic_loss, WRT)
