# ruff: noqa: E501, E731
"""red32: PyTorch gradcheck style (torch/testing/_internal/common_methods_invocations.py's
sample inputs), written with NumPy: composite losses, norms with ord=, det/slogdet/inv/solve/
cholesky/eigh on well-conditioned inputs, pairwise distances, log-softmax and friends."""
import numpy as np
from harness import Case


def log_softmax(x, axis=-1):
    m = np.max(x, axis=axis, keepdims=True)
    z = x - m
    return z - np.log(np.sum(np.exp(z), axis=axis, keepdims=True))


def t_log_softmax_nll(logits, onehot):
    return -np.sum(onehot * log_softmax(logits)) / logits.shape[0]


def t_log_softmax_dim0(x):
    return log_softmax(x, axis=0) * np.arange(1.0, 1.0 + x.size).reshape(x.shape)


def t_cross_entropy_label_smoothing(logits, w):
    n, k = logits.shape
    target = np.full((n, k), 0.1 / k)
    target[np.arange(n), np.arange(n) % k] += 0.9
    lp = log_softmax(logits)
    return -np.sum(w[:, None] * target * lp) / np.sum(w)


def t_cdist(a, b):
    d = a[:, None, :] - b[None, :, :]
    return np.sqrt(np.sum(d * d, axis=-1) + 1e-12)


def t_cdist_p1_pinf(a, b):
    d = a[:, None, :] - b[None, :, :]
    return np.sum(np.abs(d), axis=-1) + np.max(np.abs(d), axis=-1)


def t_pdist_expanded(x):
    sq = np.sum(x ** 2, axis=1)
    d2 = sq[:, None] + sq[None, :] - 2.0 * x @ x.T
    iu = np.triu_indices(x.shape[0], 1)
    return np.sqrt(np.maximum(d2[iu], 1e-9))


def t_cosine_similarity(a, b):
    num = np.sum(a * b, axis=1)
    den = np.maximum(np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1), 1e-8)
    return num / den


def t_matrix_norms_ord(a):
    return np.array([np.linalg.norm(a, ord) for ord in ("fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf)])


def t_vector_norm_dims(x):
    return np.linalg.norm(x, ord=3, axis=(1,)) + np.linalg.norm(x, axis=(0, 1))


def t_batched_det_inv(a):
    a = a + 3.0 * np.eye(a.shape[-1])
    return np.linalg.det(a)[:, None] * np.linalg.inv(a).sum(axis=-1)


def t_slogdet_solve(a, b):
    spd = a @ np.swapaxes(a, -1, -2) + np.eye(a.shape[-1])
    sign, logdet = np.linalg.slogdet(spd)
    return logdet[..., None] + np.linalg.solve(spd, b[..., None])[..., 0]


def t_cholesky_solve_logdet(a, y):
    k = a @ a.T + 0.5 * np.eye(a.shape[0])
    L = np.linalg.cholesky(k)
    alpha = np.linalg.solve(L.T, np.linalg.solve(L, y))
    return 0.5 * y @ alpha + np.sum(np.log(np.diag(L)))


def t_eigh_upper_lower(a):
    s = a + a.T
    w_lo, v_lo = np.linalg.eigh(s)
    w_up = np.linalg.eigvalsh(s, UPLO="U")
    return w_lo * np.arange(1.0, 1.0 + w_lo.size) + w_up + v_lo[:, -1] ** 2


def t_smooth_l1_huber_kl(x, y):
    d = np.abs(x - y)
    sl1 = np.where(d < 1.0, 0.5 * d ** 2, d - 0.5)
    p = np.exp(log_softmax(y))
    kl = np.sum(p * (log_softmax(y) - log_softmax(x)))
    return np.mean(sl1) + kl


def t_bce_with_logits(z, t):
    return np.mean(np.maximum(z, 0.0) - z * t + np.log1p(np.exp(-np.abs(z))))


def t_layer_norm(x, g, b):
    mu = np.mean(x, axis=-1, keepdims=True)
    var = np.var(x, axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + 1e-5) * g + b


def t_group_norm(x):
    n, c, h = x.shape
    xg = x.reshape(n, 2, c // 2, h)
    mu = xg.mean(axis=(2, 3), keepdims=True)
    var = xg.var(axis=(2, 3), keepdims=True)
    return ((xg - mu) / np.sqrt(var + 1e-5)).reshape(n, c, h)


def t_gelu_silu_softplus(x):
    from math import sqrt
    gelu = 0.5 * x * (1.0 + np.tanh(sqrt(2.0 / np.pi) * (x + 0.044715 * x ** 3)))
    silu = x / (1.0 + np.exp(-x))
    softplus = np.logaddexp(0.0, x)
    return gelu + silu + softplus


def t_gelu_silu_softplus_plain(x):
    gelu = 0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x ** 3)))
    return gelu + x / (1.0 + np.exp(-x)) + np.logaddexp(0.0, x)


def t_triplet_margin(a, p, n):
    dp = np.linalg.norm(a - p + 1e-6, axis=1)
    dn = np.linalg.norm(a - n + 1e-6, axis=1)
    return np.mean(np.maximum(dp - dn + 1.0, 0.0))


def t_trace_kron_outer(a, b):
    return np.trace(np.kron(a, b)) + np.outer(a.ravel(), b.ravel()).sum(axis=0) + np.trace(a @ b, offset=1)


def t_addmm_baddbmm(m, a, b):
    return 0.5 * m + 2.0 * (a @ b) + np.einsum("bij,bjk->ik", a[None].repeat(2, 0), b[None].repeat(2, 0))


def t_lp_pool(x):
    return np.sum(np.abs(x.reshape(-1, 2)) ** 3, axis=1) ** (1.0 / 3)


def rn(*shape):
    return lambda rng: tuple(rng.standard_normal(s) for s in shape)


def onehot(rng):
    return (rng.standard_normal((4, 3)), np.eye(3)[rng.integers(0, 3, 4)])


CASES = [
    Case(t_log_softmax_nll, onehot, wrt=0),
    Case(t_log_softmax_dim0, rn((3, 4))),
    Case(t_log_softmax_dim0, rn((1,)), note="1"),
    Case(t_cross_entropy_label_smoothing, lambda rng: (rng.standard_normal((4, 3)), rng.uniform(0.5, 1.5, 4))),
    Case(t_cdist, rn((3, 2), (4, 2))),
    Case(t_cdist_p1_pinf, rn((3, 2), (4, 2))),
    Case(t_pdist_expanded, rn((4, 3))),
    Case(t_cosine_similarity, rn((3, 4), (3, 4))),
    Case(t_matrix_norms_ord, rn((3, 4))),
    Case(t_matrix_norms_ord, rn((4, 2)), note="4x2"),
    Case(t_vector_norm_dims, lambda rng: (rng.uniform(0.2, 1.0, (2, 3, 2)),)),
    Case(t_batched_det_inv, rn((2, 3, 3))),
    Case(t_slogdet_solve, rn((2, 3, 3), (2, 3))),
    Case(t_cholesky_solve_logdet, rn((4, 4), (4,))),
    Case(t_eigh_upper_lower, rn((3, 3))),
    Case(t_smooth_l1_huber_kl, lambda rng: (rng.standard_normal(6), rng.standard_normal(6) * 2.0)),
    Case(t_bce_with_logits, lambda rng: (rng.standard_normal(6), rng.uniform(0, 1, 6))),
    Case(t_layer_norm, rn((3, 4), (4,), (4,))),
    Case(t_group_norm, rn((2, 4, 3))),
    Case(t_gelu_silu_softplus, rn((2, 3))),
    Case(t_gelu_silu_softplus, rn(()), note="0d"),
    Case(t_gelu_silu_softplus_plain, rn((2, 3))),
    Case(t_gelu_silu_softplus_plain, rn(()), note="0d"),
    Case(t_triplet_margin, rn((4, 3), (4, 3), (4, 3))),
    Case(t_trace_kron_outer, rn((2, 2), (2, 2))),
    Case(t_addmm_baddbmm, rn((2, 2), (2, 3), (3, 2))),
    Case(t_lp_pool, rn((2, 4))),
]
