"""Realistic programs (second set): integrators with in-place state, rotations, polynomials,
masked cumulative maths, sorting losses, KDE, stencils, gather/scatter, piecewise functions,
float32 and mixed int/float inputs (tests/compat/test_domain_programs.py)."""

import numpy as np


def leapfrog_spring(x0, v0, k, dt=0.05, steps=20):
    x = x0.copy()
    v = v0.copy()
    v -= 0.5 * dt * k * x
    for _ in range(steps):
        x += dt * v
        v -= dt * k * x
    v += 0.5 * dt * k * x
    return 0.5 * np.sum(v ** 2) + 0.5 * np.sum(k * x ** 2)


def pendulum_rk4(theta0, omega0, g_over_l, dt=0.05, steps=15):
    state = np.array([theta0, omega0])

    def f(s):
        return np.array([s[1], -g_over_l * np.sin(s[0])])

    for _ in range(steps):
        k1 = f(state)
        k2 = f(state + 0.5 * dt * k1)
        k3 = f(state + 0.5 * dt * k2)
        k4 = f(state + dt * k3)
        state = state + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
    return state[0] ** 2 + state[1]


def mass_chain_inplace(x, v, k, dt=0.02, steps=10):
    x = x.copy()
    v = v.copy()
    for _ in range(steps):
        f = np.zeros_like(x)
        f[1:] -= k * (x[1:] - x[:-1])
        f[:-1] += k * (x[1:] - x[:-1])
        v[:] = v + dt * f
        x[:] = x + dt * v
    return np.sum(x ** 2) + np.sum(v)


def velocity_verlet_2d(pos, vel, dt=0.01, steps=12):
    p = pos.copy()
    v = vel.copy()
    def accel(q):
        r = np.linalg.norm(q, axis=1, keepdims=True)
        return -q / r ** 3
    a = accel(p)
    for _ in range(steps):
        p += v * dt + 0.5 * a * dt * dt
        a_new = accel(p)
        v += 0.5 * (a + a_new) * dt
        a = a_new
    return np.sum(p[:, 0]) + np.sum(v ** 2)


def quat_mul(q, r):
    w1, x1, y1, z1 = q
    w2, x2, y2, z2 = r
    return np.array([w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2,
                     w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
                     w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
                     w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2])


def quaternion_rotate(q, v):
    q = q / np.linalg.norm(q)
    qv = np.concatenate([[0.0], v])
    qc = q * np.array([1.0, -1.0, -1.0, -1.0])
    out = quat_mul(quat_mul(q, qv), qc)
    return np.sum(out[1:] * np.array([1.0, 2.0, 3.0]))


def rotation_matrix_axis_angle(axis, angle, pts):
    n = axis / np.sqrt(np.sum(axis ** 2))
    Kx = np.array([[0.0, -n[2], n[1]], [n[2], 0.0, -n[0]], [-n[1], n[0], 0.0]])
    R = np.eye(3) + np.sin(angle) * Kx + (1 - np.cos(angle)) * Kx @ Kx
    return np.sum((pts @ R.T) ** 2 * np.array([1.0, 0.5, 0.25]))


def euler_to_matrix(angles):
    a, b, c = angles[0], angles[1], angles[2]
    Rz = np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
    Ry = np.array([[np.cos(b), 0, np.sin(b)], [0, 1, 0], [-np.sin(b), 0, np.cos(b)]])
    Rx = np.array([[1, 0, 0], [0, np.cos(c), -np.sin(c)], [0, np.sin(c), np.cos(c)]])
    R = Rz @ Ry @ Rx
    return np.trace(R) + R[0, 2]


def horner_poly(coeffs, x):
    acc = np.zeros_like(x)
    for c in coeffs:
        acc = acc * x + c
    return np.sum(acc ** 2)


def polyval_fit_loss(p, x, y):
    return np.mean((np.polyval(p, x) - y) ** 2)


def chebyshev_recurrence(c, x):
    T0, T1 = np.ones_like(x), x
    s = c[0] * T0 + c[1] * T1
    for k in range(2, len(c)):
        T0, T1 = T1, 2 * x * T1 - T0
        s = s + c[k] * T1
    return np.sum(s)


def masked_cumsum(x, mask):
    return np.sum(np.cumsum(np.where(mask, x, 0.0)) ** 2)


def survival_cumprod(hazard):
    surv = np.cumprod(1.0 - hazard)
    return np.sum(surv) + surv[-1]


def discounted_returns(rewards, gamma):
    G = np.zeros_like(rewards)
    running = 0.0
    for t in reversed(range(len(rewards))):
        running = rewards[t] + gamma * running
        G[t] = running
    return np.sum(G ** 2)


def sorted_trimmed_mean(x, k=1):
    s = np.sort(x)
    return np.mean(s[k:len(s) - k] ** 2)


def argsort_rank_loss(scores, target):
    order = np.argsort(-scores)
    gains = target[order]
    disc = 1.0 / np.log2(np.arange(2, len(scores) + 2))
    return np.sum(np.tanh(scores[order]) * gains * disc)


def topk_via_sort(x, k=3):
    return np.sum(np.sort(x)[::-1][:k] ** 2)


def kde_gauss(data, xs, bw):
    d = (xs[:, None] - data[None, :]) / bw
    dens = np.exp(-0.5 * d ** 2).sum(axis=1) / (len(data) * bw * np.sqrt(2 * np.pi))
    return np.sum(np.log(dens))


def laplacian_roll(u, dx=0.1):
    lap = (np.roll(u, 1, axis=0) + np.roll(u, -1, axis=0) + np.roll(u, 1, axis=1)
           + np.roll(u, -1, axis=1) - 4 * u) / dx ** 2
    return np.sum(lap ** 2)


def heat_explicit_slices(u0, kappa, steps=8):
    u = u0.copy()
    for _ in range(steps):
        u[1:-1] = u[1:-1] + kappa * (u[2:] - 2 * u[1:-1] + u[:-2])
    return np.sum(u ** 2)


def scatter_add_at(vals, idx, n=4):
    out = np.zeros(n)
    np.add.at(out, idx, vals ** 2)
    return np.sum(out * np.arange(1.0, n + 1))


def gather_scatter_edges(x, src, dst, w):
    msg = x[src] * w
    agg = np.zeros_like(x)
    agg[dst] += msg  # duplicates in dst: buffered, the last write wins
    return np.sum(np.tanh(agg + x))


def segment_sums_bincount_free(x, seg, nseg=3):
    out = np.zeros(nseg)
    for i in range(len(x)):
        out[seg[i]] += x[i] ** 2
    return np.sum(np.sqrt(out + 1.0))


def piecewise_select(x):
    conds = [x < -1, (x >= -1) & (x < 1), x >= 1]
    choices = [-x - 0.5, 0.5 * x ** 2, x - 0.5]
    return np.sum(np.select(conds, choices))


def piecewise_np(x):
    y = np.piecewise(x, [x < 0, x >= 0], [lambda t: np.exp(t) - 1, lambda t: t + t ** 2])
    return np.sum(y ** 2)


def clipped_relu6(x, w):
    return np.sum(np.clip(x * w, 0.0, 6.0) ** 2)


def float32_mlp(x, W, b):
    h = np.tanh(x @ W + b)
    return np.sum(h ** 2)


def mixed_int_float(x, n):
    scale = n * 2 + 1
    total = 0.0
    for i in range(n):
        total += x[i % len(x)] * (i + 1) / scale
    return total ** 2 + np.sum(x * np.arange(len(x)))


def int_array_weights(x, counts):
    w = counts / counts.sum()
    return np.sum(w * np.log1p(x ** 2)) + np.dot(counts, x)
