# ruff: noqa: E501, E731
"""red31: realistic programs using what session 31 added (np.block, np.insert, np.piecewise,
computed initial= of np.max/np.min, constant_values= of np.pad, math.log with a computed
base), written as scientists and ML engineers write them."""
import math

import numpy as np
from harness import Case


def huber(r, delta=1.0):
    return np.piecewise(r, [np.abs(r) <= delta], [lambda t: 0.5 * t ** 2, lambda t: delta * (np.abs(t) - 0.5 * delta)])


def huber_regression(w, X, y):
    r = X @ w - y
    return np.sum(huber(r, 0.7))


def smooth_l1_loss(pred, target):
    d = pred - target
    loss = np.piecewise(d, [np.abs(d) < 1.0], [lambda t: 0.5 * t * t, lambda t: np.abs(t) - 0.5])
    return np.mean(loss)


def leaky_piecewise_mlp(W1, W2, x):
    h = x @ W1
    a = np.piecewise(h, [h < 0, h >= 0], [lambda t: 0.01 * t, lambda t: t])
    return np.sum(np.tanh(a @ W2) ** 2)


def soft_threshold(x, lam):
    y = np.piecewise(x, [x > lam, x < -lam], [lambda t: t - lam, lambda t: t + lam, 0.0])
    return np.sum(y ** 2) + 0.1 * np.sum(x ** 2)


def tax_schedule(income):
    # progressive tax, marginal rates per bracket
    tax = np.piecewise(income, [income < 10.0, (income >= 10.0) & (income < 40.0), income >= 40.0],
                       [lambda t: 0.1 * t, lambda t: 1.0 + 0.25 * (t - 10.0), lambda t: 8.5 + 0.4 * (t - 40.0)])
    return np.sum(tax * np.log1p(income))


def cubic_spline_kernel(r, h):
    q = r / h
    w = np.piecewise(q, [q < 1.0, (q >= 1.0) & (q < 2.0)], [lambda s: 1 - 1.5 * s ** 2 + 0.75 * s ** 3, lambda s: 0.25 * (2 - s) ** 3, 0.0])
    return np.sum(w) / (math.pi * h ** 3)


def relu6(x):
    return np.piecewise(x, [x < 0, x > 6], [0.0, 6.0, lambda t: t])


def relu6_net(W, x):
    return np.sum(relu6(x @ W * 4.0) ** 2)


def scalar_piecewise_rate(k, T):
    rate = np.piecewise(T, [T < 300.0, T >= 300.0], [lambda t: k * t / 300.0, lambda t: k * np.exp((t - 300.0) / 50.0)])
    return rate * k


def block_covariance(A, B, C):
    # joint covariance of two blocks of variables
    S = np.block([[A @ A.T + np.eye(2), C], [C.T, B @ B.T + np.eye(3)]])
    sign, logdet = np.linalg.slogdet(S + 5.0 * np.eye(5))
    return logdet + np.trace(S)


def kkt_system(H, A, g):
    n, m = H.shape[0], A.shape[0]
    K = np.block([[H @ H.T + np.eye(n), A.T], [A, np.zeros((m, m))]])
    rhs = np.concatenate([-g, np.zeros(m)])
    sol = np.linalg.solve(K, rhs)
    return np.sum(sol[:n] ** 2)


def augmented_state_matrix(F, q):
    # discrete-time system with a bias state appended
    M = np.block([[F, q[:, None]], [np.zeros((1, 3)), 1.0]])
    x = np.ones(4)
    for _ in range(3):
        x = M @ x
    return np.sum(x ** 2)


def block_vector(a, b):
    v = np.block([a, 2.0 * b, np.sum(a)])
    return np.sum(np.sin(v) * np.arange(v.size))


def hamiltonian_matrix(A, Q):
    R = np.eye(2)
    H = np.block([[A, -R], [-(Q @ Q.T), -A.T]])
    return np.sum(np.linalg.eigvals(H + 0.0 * np.eye(4)).real ** 2)


def insert_boundary(u, left, right):
    # Dirichlet boundary values inserted around an interior solution
    full = np.insert(u, 0, left)
    full = np.insert(full, full.size, right)
    lap = full[:-2] - 2 * full[1:-1] + full[2:]
    return np.sum(lap ** 2)


def insert_bias_column(X, w):
    Xb = np.insert(X, 0, 1.0, axis=1)
    p = 1 / (1 + np.exp(-(Xb @ w)))
    return -np.sum(np.log(p))


def insert_knots(x, t):
    z = np.insert(np.sort(x), [1, 3], t)
    return np.sum(np.diff(z) ** 2)


def insert_rows_grid(G, r):
    H = np.insert(G, [1, 2], r, axis=0)
    return np.sum(np.tanh(H) * np.arange(H.size).reshape(H.shape))


def cumulative_from_zero(x):
    c = np.cumsum(np.insert(x, 0, 0.0))
    return np.sum(c[1:] * c[:-1])


def clipped_max_margin(scores, floor):
    m = np.max(scores, axis=1, initial=floor)
    return np.sum(np.log(np.exp(scores - m[:, None]).sum(axis=1)) + m)


def min_with_cap(x, cap):
    return np.sum(np.min(x ** 2, axis=0, initial=cap * 2.0)) + np.min(x, initial=cap)


def masked_max_pool(x, thr):
    return np.sum(np.max(x, axis=1, where=x > 0.0, initial=thr))


def pad_with_ambient(u, T_amb):
    # heat equation with ambient temperature as a ghost-cell value
    for _ in range(4):
        p = np.pad(u, 1, constant_values=T_amb)
        u = u + 0.2 * (p[:-2] - 2 * u + p[2:])
    return np.sum(u ** 2)


def pad_image_2d(img, fill):
    p = np.pad(img, ((1, 1), (2, 0)), constant_values=((fill, 0.0), (fill * 0.5, 0.0)))
    k = p[1:-1, 1:] - p[1:-1, :-1]
    return np.sum(k ** 2)


def log_base_entropy(p, b):
    # entropy in a learned base
    q = np.exp(p) / np.sum(np.exp(p))
    return -sum(float(qi) * math.log(float(qi), b) for qi in q)


def log_ratio_base(a, b):
    return math.log(a * a + 1.0, b + 2.0) + math.log(b + 3.0, a * a + 2.0)


def piecewise_activation_layers(W, x):
    for _ in range(2):
        h = W @ x
        x = np.piecewise(h, [h < -1.0, h > 1.0], [-1.0, 1.0, lambda t: t])  # hard tanh
    return np.sum(x ** 2) + 0.01 * np.sum(W ** 2)


def insert_then_block(a, b):
    c = np.insert(a, 1, b[0])
    M = np.block([[c[:2], b[1:3]], [b[:2] * 2.0, c[2:4]]])
    return np.sum(M @ M.T)


def option_mix(x, c):
    pmax = np.max(np.pad(x, 2, constant_values=c), initial=c * 0.5)
    return pmax * np.sum(x) + math.log(np.sum(x ** 2) + 1.0, c + 2.0)


def softplus(t):
    return np.log1p(np.exp(t))


def gated_response(x, g):
    y = np.piecewise(x * g, [x < -1.0, x > 1.0], [softplus, np.tanh, lambda t: t * g])
    return np.sum(y ** 2)


def stacked_frames(a, b):
    f0 = np.reshape(a, (1, 2, 3))
    V = np.block([[[f0, f0 * b[0]]], [[np.tanh(f0), f0 ** 2]]])
    return np.sum(V * np.arange(V.size).reshape(V.shape))


def insert_negative_positions(x, v):
    y = np.insert(x, [-1, 0, 2], v * 2.0, axis=-1)
    return np.sum(np.cos(y) * np.arange(y.size).reshape(y.shape))


r3 = lambda r, *s: r.normal(size=s)
CASES = [
    Case(huber_regression, lambda r: (r3(r, 3), r3(r, 6, 3), r3(r, 6)), wrt=(0,)),
    Case(smooth_l1_loss, lambda r: (r3(r, 7) * 1.5, r3(r, 7))),
    Case(leaky_piecewise_mlp, lambda r: (r3(r, 3, 4), r3(r, 4, 2), r3(r, 5, 3)), wrt=(0, 1)),
    Case(soft_threshold, lambda r: (r3(r, 8) * 2.0, 0.4)),
    Case(tax_schedule, lambda r: (r.uniform(1.0, 60.0, 9),), tol=1e-4),
    Case(cubic_spline_kernel, lambda r: (r.uniform(0.05, 2.5, 8), 1.2)),
    Case(relu6_net, lambda r: (r3(r, 3, 4), r3(r, 5, 3)), wrt=(0,)),
    Case(scalar_piecewise_rate, lambda r: (1.3, float(r.uniform(250.0, 350.0))), tol=1e-4),
    Case(block_covariance, lambda r: (r3(r, 2, 2), r3(r, 3, 3), r3(r, 2, 3) * 0.2)),
    Case(kkt_system, lambda r: (r3(r, 3, 3), r3(r, 2, 3), r3(r, 3))),
    Case(augmented_state_matrix, lambda r: (r3(r, 3, 3) * 0.5, r3(r, 3)), loops=True),
    Case(block_vector, lambda r: (r3(r, 3), r3(r, 2))),
    Case(hamiltonian_matrix, lambda r: (r3(r, 2, 2), r3(r, 2, 2))),
    Case(insert_boundary, lambda r: (r3(r, 6), 0.3, -0.8)),
    Case(insert_bias_column, lambda r: (r3(r, 5, 2), r3(r, 3))),
    Case(insert_knots, lambda r: (r3(r, 5), r3(r, 2))),
    Case(insert_rows_grid, lambda r: (r3(r, 3, 4), r3(r, 4))),
    Case(cumulative_from_zero, lambda r: (r3(r, 6),)),
    Case(clipped_max_margin, lambda r: (r3(r, 4, 5), 0.9)),
    Case(min_with_cap, lambda r: (r3(r, 3, 4), 0.2)),
    Case(masked_max_pool, lambda r: (r3(r, 4, 5), 0.1)),
    Case(pad_with_ambient, lambda r: (r3(r, 7), 0.5), loops=True),
    Case(pad_image_2d, lambda r: (r3(r, 3, 4), 0.7)),
    Case(log_base_entropy, lambda r: (r3(r, 4), 3.0)),
    Case(log_ratio_base, lambda r: (1.2, 0.7)),
    Case(piecewise_activation_layers, lambda r: (r3(r, 3, 3), r3(r, 3)), loops=True),
    Case(insert_then_block, lambda r: (r3(r, 3), r3(r, 3))),
    Case(option_mix, lambda r: (r3(r, 4), 0.6)),
    Case(gated_response, lambda r: (r3(r, 8) * 2.0, 1.3)),
    Case(stacked_frames, lambda r: (r3(r, 6), r3(r, 2))),
    Case(insert_negative_positions, lambda r: (r3(r, 2, 3), r3(r, 2, 3))),
]
