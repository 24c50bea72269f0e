# ruff: noqa: E501, E402, BLE001, E741
"""red33a: array idioms in realistic numerical code (guarded divisions, sorting-based
statistics, interpolation and filtering, cumulative ops, norms and factorizations, einsum with
repeated indices, fancy stores with repeats, add.at, take_along_axis, roll/pad/tile/split)."""
import numpy as np
from harness import Case


def safe_ratio(num, den):
    """np.where with a guarded division (the denominator replaced where it is small)."""
    safe = np.where(np.abs(den) > 0.3, den, 1.0)
    r = np.where(np.abs(den) > 0.3, num / safe, num)
    return np.sum(r ** 2)


def clip_then_log(p, y):
    """Binary cross-entropy with probabilities clipped away from 0 and 1."""
    q = np.clip(p, 1e-3, 1 - 1e-3)
    return -np.mean(y * np.log(q) + (1 - y) * np.log1p(-q))


def robust_scale(x):
    """(x - median) / IQR with np.percentile, then a soft clipping."""
    med = np.median(x)
    q75, q25 = np.percentile(x, [75, 25])
    z = (x - med) / (q75 - q25)
    return np.sum(np.tanh(z))


def trimmed_mean_sort(x):
    """Sort then drop the tails (20% each side)."""
    s = np.sort(x)
    k = int(0.2 * x.size)
    return np.mean(s[k:x.size - k]) + 0.1 * np.var(s[k:-k])


def quantile_loss(y, yhat):
    """Pinball loss at several quantiles through np.maximum."""
    total = 0.0
    for tau in (0.1, 0.5, 0.9):
        r = y - yhat
        total += np.mean(np.maximum(tau * r, (tau - 1) * r))
    return total


def quantile_axis(x):
    return np.sum(np.quantile(x, [0.2, 0.7], axis=0) ** 2)


def interp_lut(x, table):
    """A lookup table interpolated at data points, values differentiated."""
    grid = np.linspace(0.0, 1.0, table.size)
    return np.sum(np.interp(x, grid, table) ** 2)


def smooth_convolve(sig, k):
    """Moving filter by np.convolve ('same') then np.correlate ('valid')."""
    sm = np.convolve(sig, k / np.sum(k), mode="same")
    c = np.correlate(sm, k, mode="valid")
    return np.sum(c ** 2) + np.sum(sm)


def cumprod_axis(x):
    """Survival curve from hazards: cumprod along an axis, cumsum along the other."""
    s = np.cumprod(1.0 - 0.5 * np.tanh(x) ** 2, axis=1)
    c = np.cumsum(s, axis=0)
    return np.sum(c * np.arange(1, c.shape[1] + 1))


def diff_gradient(y):
    d = np.diff(y)
    g = np.gradient(y, 0.5)
    d2 = np.diff(y, n=2)
    return np.sum(d ** 2) + np.sum(g * y) + np.sum(np.abs(d2) ** 1.5)


def poly_fit_manual(x, y):
    """Least-squares polynomial fit through the normal equations of a hand-built Vandermonde."""
    V = np.stack([x ** k for k in range(3)], axis=1)
    coef = np.linalg.solve(V.T @ V, V.T @ y)
    fit = V @ coef
    return np.sum((fit - y) ** 2) + coef[2]


def norm_variants(A, v):
    return (np.linalg.norm(v) + np.linalg.norm(v, 1) + np.linalg.norm(v, np.inf)
            + np.linalg.norm(A) + np.linalg.norm(A, axis=1).sum() + np.linalg.norm(A, "fro")
            + np.linalg.norm(A, 2) + np.linalg.norm(A, -np.inf))


def qr_least_squares(A, b):
    Q, R = np.linalg.qr(A)
    x = np.linalg.solve(R, Q.T @ b)
    return np.sum(x ** 2) + np.sum(np.abs(np.diag(R)))


def svd_lowrank(A):
    U, s, Vt = np.linalg.svd(A, full_matrices=False)
    A1 = s[0] * np.outer(U[:, 0], Vt[0])
    return np.sum((A - A1) ** 2) + s[0]


def eigh_spectral(A):
    S = A @ A.T + np.eye(A.shape[0])
    w, V = np.linalg.eigh(S)
    f = V @ np.diag(np.log(w)) @ V.T  # matrix log
    return np.trace(f @ f) + w[-1]


def einsum_repeated(A, B, v):
    tr = np.einsum("ii->", A)
    dg = np.einsum("ii->i", A @ B)
    quad = np.einsum("i,ij,j->", v, A, v)
    bil = np.einsum("ij,ij->i", A, B)
    return tr + np.sum(dg * v) + quad + np.sum(bil ** 2)


def fancy_repeat_iadd(x, v):
    """x[idx] += v with a repeated idx adds once (buffered), as NumPy does."""
    y = x.copy()
    idx = np.array([0, 2, 2, 1])
    y[idx] += v
    return np.sum(y ** 2)


def add_at_histogram(vals, w):
    """Weighted histogram with np.add.at (repeats accumulate)."""
    bins = np.array([0, 1, 1, 2, 0, 2, 2])
    h = np.zeros(3)
    np.add.at(h, bins, w * vals)
    return np.sum(h ** 2)


def mask_write_read(x):
    y = x.copy()
    m = y < 0
    y[m] = 0.1 * y[m]
    y[~m] **= 2
    return np.sum(y) + np.sum(x[m] ** 3)


def take_along(x):
    """Top-2 per row by argsort and take_along_axis."""
    idx = np.argsort(x, axis=1)[:, -2:]
    top = np.take_along_axis(x, idx, axis=1)
    return np.sum(top ** 2)


def roll_pad_tile(x):
    r = np.roll(x, 2) - x
    p = np.pad(x, (1, 2), mode="edge")
    t = np.tile(x, 2)
    rep = np.repeat(x, [1, 2, 0, 1])
    return np.sum(r ** 2) + np.sum(p * np.arange(p.size)) + np.sum(t[::3]) + np.sum(rep ** 3)


def stack_split(a, b):
    s = np.stack([a, b, a * b])
    c = np.concatenate([a, b])
    p1, p2, p3 = np.split(c, [2, 5])
    return np.sum(s.T @ s) + np.sum(p1) * np.sum(p3) - np.sum(p2 ** 2)


def maximum_ties_relu(x):
    """maximum with a scalar at exact zeros is avoided; minimum of two arrays."""
    return np.sum(np.maximum(x, 0.0) ** 2 + np.minimum(x, 0.5 * x))


def softmax_stable(z):
    e = np.exp(z - np.max(z, axis=1, keepdims=True))
    p = e / e.sum(axis=1, keepdims=True)
    return np.sum(p * np.log(p + 1e-12) * np.arange(z.shape[1]))


def argsort_rank_weights(x, w):
    """Weights by rank: a sorted vector weighted by its positions (OWA operator)."""
    order = np.argsort(x)
    ranked = x[order]
    return np.dot(ranked, np.linspace(0.1, 1.0, x.size)) + np.sum(w[order] * ranked)


def cumsum_reverse_discount(r, gamma):
    """Discounted returns by a reversed cumulative loop written with slicing."""
    G = np.zeros_like(r)
    run = 0.0
    for t in range(r.size - 1, -1, -1):
        run = r[t] + gamma * run
        G[t] = run
    return np.sum(G ** 2)


def boolean_mask_mean(x, y):
    m = (x > 0) & (y > -0.5)
    return np.mean(x[m] * y[m]) if m.any() else 0.0


def bincount_free_groupsum(vals):
    groups = np.array([0, 1, 0, 2, 1, 2])
    out = np.zeros(3)
    for g in range(3):
        out[g] = np.sum(vals[groups == g])
    return np.sum(out ** 2)


def outer_distance_matrix(X):
    D = np.sqrt(np.sum((X[:, None, :] - X[None, :, :]) ** 2, axis=-1) + 1e-9)
    iu = np.triu_indices(X.shape[0], k=1)
    return np.sum(1.0 / D[iu])


def fill_diagonal_precision(A):
    P = A @ A.T
    np.fill_diagonal(P, np.diag(P) + 1.0)
    return np.linalg.slogdet(P)[1]


def flip_cumulative_max(x):
    run = np.maximum.accumulate(x[::-1])[::-1]
    return np.sum(run * x)


def searchsorted_piecewise(x, knots_vals):
    knots = np.array([-1.0, 0.0, 1.0])
    k = np.searchsorted(knots, x)
    slopes = np.array([0.5, 1.0, 2.0, 0.2])
    return np.sum(slopes[k] * x + knots_vals[k])


def row_normalize_inplace(X):
    Y = X.copy()
    Y /= np.linalg.norm(Y, axis=1, keepdims=True)
    Y -= Y.mean(axis=0)
    return np.sum(Y ** 3)


CASES = [
    Case(safe_ratio, lambda r: (r.standard_normal(6), r.uniform(-1, 1, 6) + np.array([0.0, 0.0, 0.0, 0.05, 0.0, 0.0]))),
    Case(clip_then_log, lambda r: (np.concatenate([r.uniform(0.05, 0.95, 4), [1.2, -0.3]]), np.array([0.0, 1, 1, 0, 1, 0]))),
    Case(robust_scale, lambda r: (r.standard_normal(9),)),
    Case(trimmed_mean_sort, lambda r: (r.standard_normal(10),)),
    Case(quantile_loss, lambda r: (r.standard_normal(5), r.standard_normal(5))),
    Case(quantile_axis, lambda r: (r.standard_normal((6, 2)),)),
    Case(interp_lut, lambda r: (r.uniform(0.02, 0.98, 5), r.standard_normal(4))),
    Case(smooth_convolve, lambda r: (r.standard_normal(8), r.uniform(0.5, 1.5, 3))),
    Case(cumprod_axis, lambda r: (r.standard_normal((3, 4)),)),
    Case(diff_gradient, lambda r: (r.standard_normal(7),)),
    Case(poly_fit_manual, lambda r: (np.linspace(-1, 1, 6) + r.uniform(-.05, .05, 6), r.standard_normal(6))),
    Case(norm_variants, lambda r: (r.standard_normal((3, 4)), r.standard_normal(4))),
    Case(qr_least_squares, lambda r: (r.standard_normal((5, 3)), r.standard_normal(5))),
    Case(svd_lowrank, lambda r: (r.standard_normal((4, 3)),)),
    Case(eigh_spectral, lambda r: (r.standard_normal((3, 3)),)),
    Case(einsum_repeated, lambda r: (r.standard_normal((3, 3)), r.standard_normal((3, 3)), r.standard_normal(3))),
    Case(fancy_repeat_iadd, lambda r: (r.standard_normal(4), r.standard_normal(4))),
    Case(add_at_histogram, lambda r: (r.standard_normal(7), r.uniform(0.5, 1.5, 7))),
    Case(mask_write_read, lambda r: (r.standard_normal(6),)),
    Case(take_along, lambda r: (r.standard_normal((3, 4)),)),
    Case(roll_pad_tile, lambda r: (r.standard_normal(4),)),
    Case(stack_split, lambda r: (r.standard_normal(3), r.standard_normal(3))),
    Case(maximum_ties_relu, lambda r: (r.standard_normal(6),)),
    Case(softmax_stable, lambda r: (r.standard_normal((2, 4)),)),
    Case(argsort_rank_weights, lambda r: (r.standard_normal(5), r.standard_normal(5))),
    Case(cumsum_reverse_discount, lambda r: (r.standard_normal(5), float(r.uniform(0.8, 0.99))), loops=True),
    Case(boolean_mask_mean, lambda r: (r.standard_normal(8), r.standard_normal(8))),
    Case(bincount_free_groupsum, lambda r: (r.standard_normal(6),), loops=True),
    Case(outer_distance_matrix, lambda r: (r.standard_normal((4, 2)),)),
    Case(fill_diagonal_precision, lambda r: (r.standard_normal((3, 3)),)),
    Case(flip_cumulative_max, lambda r: (r.standard_normal(6),)),
    Case(searchsorted_piecewise, lambda r: (r.uniform(-2, 2, 6), r.standard_normal(4))),
    Case(row_normalize_inplace, lambda r: (r.standard_normal((3, 4)),)),
]
