# ruff: noqa: E501, E402, BLE001
"""Loop code as numba users write it (explicit index loops), for backend='numba'."""
import numpy as np
from harness import Case


def v(*shape):
    return lambda r: (r.standard_normal(shape),)


def recurrence(x):
    y = np.zeros(x.shape[0])
    y[0] = x[0]
    for i in range(1, x.shape[0]):
        y[i] = 0.5 * y[i - 1] + np.sin(x[i]) * y[i - 1] + x[i]
    return np.sum(y ** 2)


def ema(x, a):
    s = x[0]
    for i in range(1, len(x)):
        s = a * x[i] + (1.0 - a) * s
    return s


def dot_loop(x, y):
    acc = 0.0
    for i in range(x.shape[0]):
        acc += x[i] * y[i]
    return acc * acc


def inplace_scale(x):
    y = x.copy()
    for i in range(y.shape[0]):
        y[i] *= y[i]
    return np.sum(y * x)


def prefix(x):
    y = x.copy()
    for i in range(1, y.shape[0]):
        y[i] += y[i - 1]
    return np.sum(y * np.arange(y.shape[0]))


def matvec_rows(A, x):
    out = np.zeros(A.shape[0])
    for i in range(A.shape[0]):
        out[i] = np.tanh(np.dot(A[i], x))
    return np.sum(out ** 2)


def euler_ode(k, y0):
    y = y0
    dt = 0.05
    for step in range(20):
        y = y + dt * (-k * y + np.sin(y))
    return y


def euler_vec(k, y0):
    y = y0.copy()
    for step in range(10):
        dy = -k * y + 0.1 * y[::-1]
        y = y + 0.1 * dy
    return np.sum(y ** 2)


def sum_exp_loop(x):
    total = 0.0
    for i in range(x.shape[0]):
        total = total + np.exp(-x[i] * x[i])
    return total


def poly_horner(c, x):
    acc = 0.0
    for i in range(c.shape[0]):
        acc = acc * x + c[i]
    return acc


def leaky_integrate(x, tau):
    v_ = 0.0
    out = np.zeros(x.shape[0])
    for t in range(x.shape[0]):
        v_ = v_ + (x[t] - v_) / tau
        out[t] = v_
    return np.sum(out ** 2)


def stencil(x):
    y = np.zeros(x.shape[0])
    for i in range(1, x.shape[0] - 1):
        y[i] = x[i - 1] - 2.0 * x[i] + x[i + 1]
    return np.sum(y ** 2)


def gauss_seidel(b):
    u = np.zeros(b.shape[0])
    for it in range(5):
        for i in range(1, b.shape[0] - 1):
            u[i] = 0.5 * (u[i - 1] + u[i + 1] + b[i])
    return np.sum(u ** 2)


def running_max_soft(x):
    m = x[0]
    for i in range(1, x.shape[0]):
        m = np.log(np.exp(m) + np.exp(x[i]))
    return m


def pairwise_energy(x):
    e = 0.0
    for i in range(x.shape[0]):
        for j in range(i + 1, x.shape[0]):
            d = x[i] - x[j]
            e += 1.0 / (1.0 + d * d)
    return e


def clipped_loop(x):
    total = 0.0
    for i in range(x.shape[0]):
        total += min(max(x[i], -0.5), 0.5) * x[i]
    return total


def row_normalize(X):
    Y = X.copy()
    for i in range(X.shape[0]):
        Y[i, :] = X[i, :] / np.sqrt(np.sum(X[i, :] ** 2))
    return np.sum(Y * np.arange(X.shape[1]))


def scalar_rnn(w, x):
    h = 0.0
    for t in range(x.shape[0]):
        h = np.tanh(w[0] * h + w[1] * x[t] + w[2])
    return h


def swap_loop(x):
    a = x[0]
    b = x[1]
    for i in range(4):
        a, b = b, a * b + 0.1
    return a + b


def int_loop_count(x, n):
    y = x
    for i in range(n):
        y = y * 0.9 + 0.1 * np.cos(y)
    return y


def tri_loop(A):
    total = 0.0
    for i in range(A.shape[0]):
        for j in range(i + 1):
            total += A[i, j] * A[j, i]
    return total


CASES = [
    Case(recurrence, v(6), loops=True), Case(ema, lambda r: (r.standard_normal(6), float(r.uniform(0.2, 0.8))), loops=True),
    Case(dot_loop, lambda r: (r.standard_normal(5), r.standard_normal(5)), loops=True),
    Case(inplace_scale, v(5), loops=True), Case(prefix, v(5), loops=True),
    Case(matvec_rows, lambda r: (r.standard_normal((3, 4)), r.standard_normal(4)), loops=True),
    Case(euler_ode, lambda r: (float(r.uniform(0.5, 2)), float(r.standard_normal())), loops=True),
    Case(euler_vec, lambda r: (float(r.uniform(0.5, 2)), r.standard_normal(4)), loops=True),
    Case(sum_exp_loop, v(5), loops=True),
    Case(poly_horner, lambda r: (r.standard_normal(5), float(r.standard_normal())), loops=True),
    Case(leaky_integrate, lambda r: (r.standard_normal(6), float(r.uniform(1.5, 3))), loops=True),
    Case(stencil, v(6), loops=True), Case(gauss_seidel, v(6), loops=True), Case(running_max_soft, v(5), loops=True),
    Case(pairwise_energy, v(5), loops=True), Case(clipped_loop, lambda r: (r.uniform(-1, 1, 6),), loops=True),
    Case(row_normalize, v(3, 4), loops=True),
    Case(scalar_rnn, lambda r: (r.standard_normal(3), r.standard_normal(6)), loops=True),
    Case(swap_loop, lambda r: (r.uniform(0.5, 1.0, 2),), loops=True),
    Case(int_loop_count, lambda r: (float(r.standard_normal()), 5), loops=True),
    Case(tri_loop, v(4, 4), loops=True),
]
