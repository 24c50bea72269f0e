# ruff: noqa: E501, E402, BLE001, W293, E741, F401
"""red30: realistic finance / signal / statistics programs."""
import math

import numpy as np
import scipy.special as sps
from harness import Case


# ---------------- finance
def bs_call_erf(S, K, r, sigma, T):
    d1 = (math.log(S / K) + (r + 0.5 * sigma ** 2) * T) / (sigma * math.sqrt(T))
    d2 = d1 - sigma * math.sqrt(T)
    N = lambda z: 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))  # noqa: E731
    return S * N(d1) - K * math.exp(-r * T) * N(d2)


def bs_vec_ndtr(S, K, r, sigma, T):
    d1 = (np.log(S / K) + (r + sigma ** 2 / 2) * T) / (sigma * np.sqrt(T))
    d2 = d1 - sigma * np.sqrt(T)
    call = S * sps.ndtr(d1) - K * np.exp(-r * T) * sps.ndtr(d2)
    put = call - S + K * np.exp(-r * T)
    return np.sum(call) + 0.5 * np.sum(put)


def mc_asian(S0, mu, sigma, Z, K=1.0, dt=0.1):
    incr = np.exp((mu - 0.5 * sigma ** 2) * dt + sigma * np.sqrt(dt) * Z)
    paths = S0 * np.cumprod(incr, axis=1)
    avg = paths.mean(axis=1)
    payoff = np.maximum(avg - K, 0.0)
    return np.exp(-mu * Z.shape[1] * dt) * payoff.mean()


def mc_lookback(S0, sigma, Z):
    logp = np.log(S0) + np.cumsum(sigma * Z - 0.5 * sigma ** 2, axis=-1)
    p = np.exp(logp)
    hi = p.max(axis=1)
    return np.mean(hi - p[:, -1])


def bond_price(y, cf, times):
    disc = np.exp(-y * times)
    pv = cf * disc
    dur = np.sum(times * pv) / np.sum(pv)
    return np.sum(pv) + 0.1 * dur


def portfolio_var(w, cov, mu, lam=2.0):
    w = w / w.sum()
    ret = w @ mu
    risk = w @ cov @ w
    return -ret + lam / 2 * risk


def ewma_vol(returns, lam=0.94):
    var = returns[0] ** 2
    out = []
    for r in returns[1:]:
        var = lam * var + (1 - lam) * r * r
        out.append(math.sqrt(var))
    return sum(out) / len(out)


def binomial_tree(S, K, r, sigma, T, n=8):
    dt = T / n
    u = math.exp(sigma * math.sqrt(dt))
    d = 1.0 / u
    p = (math.exp(r * dt) - d) / (u - d)
    j = np.arange(n + 1)
    prices = S * u ** (n - j) * d ** j
    v = np.maximum(prices - K, 0.0)
    disc = math.exp(-r * dt)
    for _ in range(n):
        v = disc * (p * v[:-1] + (1 - p) * v[1:])
    return v[0]


# ---------------- signal
def conv_modes(x, h):
    a = np.convolve(x, h, mode='same')
    b = np.convolve(x, h, mode='valid')
    c = np.convolve(h, x)
    return np.sum(a ** 2) + np.sum(b * b[::-1]) + c[2]


def xcorr(x, y):
    c = np.correlate(x, y, mode='full')
    c2 = np.correlate(x, y[:3], mode='valid')
    return np.max(c) + np.sum(c2 ** 2)


def rfft_filter(x, gain):
    X = np.fft.rfft(x * np.hanning(x.size))
    X = X * gain
    y = np.fft.irfft(X, n=x.size)
    return np.sum(y ** 2)


def fft_power(x):
    F = np.fft.fft(x, n=16)
    p = np.abs(F) ** 2
    return np.sum(p[1:5]) / np.sum(p)


def interp_lookup(x, yp):
    xp = np.linspace(0.0, 1.0, yp.size)
    y = np.interp(x, xp, yp)
    return np.sum(y ** 2)


def searchsorted_table(t, vals):
    knots = np.array([0.0, 0.3, 0.55, 0.8, 1.0])
    idx = np.searchsorted(knots, t, side='right') - 1
    idx = np.clip(idx, 0, knots.size - 2)
    frac = (t - knots[idx]) / (knots[idx + 1] - knots[idx])
    return np.sum(vals[idx] * (1 - frac) + vals[idx + 1] * frac)


def gradient_edges(y):
    g1 = np.gradient(y, 0.1)
    g2 = np.gradient(y, 0.1, edge_order=2)
    return np.sum(g1 * g2)


def gradient_2d(u):
    gy, gx = np.gradient(u)
    return np.sum(gx ** 2 + gy ** 2)


def trapz_energy(x, t):
    return np.trapezoid(x ** 2, t) + np.trapezoid(np.sin(x), dx=0.5)


def cumsum_axes(a):
    c0 = np.cumsum(a, axis=0)
    c1 = np.cumsum(a, axis=1)
    return np.sum(c0 * c1) + np.cumsum(a)[-1]


def moving_average(x, w=3):
    c = np.cumsum(np.insert(x, 0, 0.0))
    ma = (c[w:] - c[:-w]) / w
    return np.sum((x[w - 1:] - ma) ** 2)


def iir_filter(x, a=0.7):
    y = np.zeros_like(x)
    y[0] = x[0]
    for n in range(1, len(x)):
        y[n] = a * y[n - 1] + (1 - a) * x[n]
    return np.dot(y, y)


def biquad_state(x, b0, b1, a1):
    z = 0.0
    out = np.empty_like(x)
    for i, xi in enumerate(x):
        yi = b0 * xi + z
        z = b1 * xi - a1 * yi
        out[i] = yi
    return np.sum(out ** 2)


# ---------------- statistics
def weighted_stats(x, w):
    m = np.average(x, weights=w)
    m2, sw = np.average(x ** 2, weights=w, returned=True)
    return m2 - m ** 2 + 0.01 * sw


def avg_axis(a, w):
    return np.sum(np.average(a, axis=1, weights=w) ** 2)


def cov_variants(X):
    C1 = np.cov(X)
    C2 = np.cov(X, rowvar=False, bias=True)
    C3 = np.cov(X.T, ddof=0)
    return np.sum(C1 ** 2) + np.trace(C2) + np.sum(C3[0])


def corr_loss(X):
    R = np.corrcoef(X)
    return np.sum(np.triu(R, k=1) ** 2)


def var_ddof(x):
    return np.var(x, ddof=1) + np.std(x, axis=0, ddof=1).sum() + x.var(axis=1).mean()


def median_pct(x):
    return np.median(x) + np.percentile(x, 25) + np.quantile(x, 0.9, method='linear') + np.percentile(x, [10, 60]).sum()


def sorted_take(x, y):
    order = np.argsort(x, axis=1)
    xs = np.take_along_axis(x, order, axis=1)
    ys = np.take_along_axis(y, order, axis=1)
    return np.sum(xs * ys * np.arange(x.shape[1]))


def sort_trimmed_mean(x):
    s = np.sort(x)
    return s[1:-1].mean() + np.sort(x)[::-1][0]


def gauss_nll(X, mu, L):
    S = L @ L.T + np.eye(L.shape[0])
    sign, logdet = np.linalg.slogdet(S)
    D = X - mu
    q = np.einsum('ni,ij,nj->n', D, np.linalg.inv(S), D)
    return 0.5 * (q.sum() + X.shape[0] * logdet)


def lse_variants(a, b):
    l1 = sps.logsumexp(a)
    l2 = sps.logsumexp(a, axis=1, keepdims=True)
    l3 = sps.logsumexp(a[0], b=b)
    return l1 + np.sum(l2 * a) + l3


def lse_sign(a, b):
    v, s = sps.logsumexp(a, b=b, return_sign=True)
    return v * s


def zscore(x):
    return np.sum(((x - x.mean(axis=0, keepdims=True)) / x.std(axis=0, keepdims=True)) ** 3)


def kde_logpdf(x, data, bw=0.5):
    d = (x[:, None] - data[None, :]) / bw
    k = np.exp(-0.5 * d ** 2) / math.sqrt(2 * math.pi)
    return np.sum(np.log(k.mean(axis=1) / bw))


def pos(*shape, lo=0.5, hi=1.5):
    return lambda r: r.uniform(lo, hi, shape)


CASES = [
    Case(bs_call_erf, lambda r: (float(r.uniform(90, 110)), 100.0, float(r.uniform(.01, .05)), float(r.uniform(.15, .3)), float(r.uniform(.5, 2)))),
    Case(bs_vec_ndtr, lambda r: (r.uniform(90, 110, 4), r.uniform(95, 105, 4), 0.03, r.uniform(.15, .3, 4), 1.5)),
    Case(mc_asian, lambda r: (float(r.uniform(1.2, 1.4)), 0.05, 0.2, r.standard_normal((6, 5))), wrt=(0, 1, 2)),
    Case(mc_lookback, lambda r: (1.3, 0.25, r.standard_normal((4, 6))), wrt=(0, 1)),
    Case(bond_price, lambda r: (float(r.uniform(.02, .06)), r.uniform(1, 5, 5), np.arange(1.0, 6.0)), wrt=(0, 1)),
    Case(portfolio_var, lambda r: (r.uniform(.5, 1.5, 4), np.cov(r.standard_normal((4, 10))), r.uniform(0, .1, 4))),
    Case(ewma_vol, lambda r: (r.standard_normal(7) * 0.02,), loops=True),
    Case(binomial_tree, lambda r: (float(r.uniform(90, 110)), 95.0, 0.03, 0.2, 1.0), wrt=(0, 3, 4), loops=True),
    Case(conv_modes, lambda r: (r.standard_normal(8), r.standard_normal(3))),
    Case(xcorr, lambda r: (r.standard_normal(6), r.standard_normal(5))),
    Case(rfft_filter, lambda r: (r.standard_normal(10), r.uniform(.5, 1.5, 6))),
    Case(fft_power, lambda r: (r.standard_normal(12),)),
    Case(interp_lookup, lambda r: (r.uniform(0.05, 0.95, 5), r.standard_normal(6))),
    Case(searchsorted_table, lambda r: (np.array([0.1, 0.4, 0.62, 0.9]) + r.uniform(-.02, .02, 4), r.standard_normal(5))),
    Case(gradient_edges, lambda r: (r.standard_normal(7),)),
    Case(gradient_2d, lambda r: (r.standard_normal((4, 5)),)),
    Case(trapz_energy, lambda r: (r.standard_normal(6), np.cumsum(r.uniform(.1, .5, 6))), wrt=(0, 1)),
    Case(cumsum_axes, lambda r: (r.standard_normal((3, 4)),)),
    Case(moving_average, lambda r: (r.standard_normal(8),)),
    Case(iir_filter, lambda r: (r.standard_normal(6),), loops=True),
    Case(biquad_state, lambda r: (r.standard_normal(6), 0.5, 0.3, -0.4), loops=True),
    Case(weighted_stats, lambda r: (r.standard_normal(6), r.uniform(.5, 2, 6))),
    Case(avg_axis, lambda r: (r.standard_normal((3, 4)), r.uniform(.5, 2, 4))),
    Case(cov_variants, lambda r: (r.standard_normal((3, 5)),)),
    Case(corr_loss, lambda r: (r.standard_normal((3, 6)),)),
    Case(var_ddof, lambda r: (r.standard_normal((4, 3)),)),
    Case(median_pct, lambda r: (r.permutation(np.linspace(-2, 2, 11)) + r.uniform(-.01, .01, 11),)),
    Case(sorted_take, lambda r: (r.permutation(np.linspace(-2, 2, 12)).reshape(3, 4), r.standard_normal((3, 4)))),
    Case(sort_trimmed_mean, lambda r: (r.permutation(np.linspace(-2, 2, 7)) + r.uniform(-.01, .01, 7),)),
    Case(gauss_nll, lambda r: (r.standard_normal((5, 3)), r.standard_normal(3), r.standard_normal((3, 3)) * 0.5)),
    Case(lse_variants, lambda r: (r.standard_normal((3, 4)), r.uniform(.5, 2, 4))),
    Case(lse_sign, lambda r: (r.standard_normal(4), np.array([1.0, -0.2, 0.5, -0.1]) + r.uniform(0, .05, 4))),
    Case(zscore, lambda r: (r.standard_normal((6, 3)),)),
    Case(kde_logpdf, lambda r: (r.standard_normal(3), r.standard_normal(5))),
]
