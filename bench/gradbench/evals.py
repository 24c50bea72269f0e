"""GradBench's evals as plain NumPy, written here from their public descriptions.

Each eval is an :class:`Eval`: the objective (a function of NumPy arrays; every helper
it calls lives in this module, so a peer runs the same source with its own ``np``,
see peers.py), which argument is differentiated, an input generator at the size
issue 21 measured, and an independent check of a gradient (a closed form, or central
differences along random directions).

GradBench (github.com/gradbench/gradbench) specifies each eval's objective and the
derivative it asks for; where the derivative asked for differs from a gradient of the
objective (kmeans asks for a Newton direction, ba for a sparse Jacobian, lstm/gmm for
the full gradient as here) the note says so.
"""

import numpy as np


class Eval:
    def __init__(self, name, size, fn, wrt, make, check, note=""):
        self.name, self.size, self.fn, self.wrt = name, size, fn, wrt
        self.make, self.check, self.note = make, check, note


# ------------------------------------------------------------------ hello: x * x
def hello(x):
    return x * x


def _hello_check(args, grad):
    return abs(grad - 2.0 * args[0])


# ------------------------------------------------------------------ llsq
def llsq(x, t, s):
    """0.5 * sum_i (s_i - sum_j x_j t_i^j)^2, with t_i = -1 + 2i/(n-1), s_i = sign(t_i)."""
    powers = t[:, None] ** np.arange(x.shape[0])[None, :]
    r = s - powers @ x
    return 0.5 * np.sum(r * r)


def _llsq_make(n=4096, m=128, seed=31337):
    rng = np.random.default_rng(seed)
    t = -1.0 + 2.0 * np.arange(n) / (n - 1)
    return (rng.random(m), t, np.sign(t))


def _llsq_check(args, grad):
    x, t, s = args
    T = t[:, None] ** np.arange(x.shape[0])[None, :]
    return np.max(np.abs(grad - (-T.T @ (s - T @ x))))


# ------------------------------------------------------------------ lse: log-sum-exp
def lse(x):
    top = np.max(x)
    return top + np.log(np.sum(np.exp(x - top)))


def _lse_check(args, grad):
    e = np.exp(args[0] - np.max(args[0]))
    return np.max(np.abs(grad - e / np.sum(e)))


# ------------------------------------------------------------------ gmm (ADBench's objective)
def _logsumexp_rows(a):
    """log-sum-exp over axis 0 of a (k, n) array."""
    top = np.max(a, axis=0)
    return top + np.log(np.sum(np.exp(a - top[None, :]), axis=0))


def _vec_logsumexp(a):
    top = np.max(a)
    return top + np.log(np.sum(np.exp(a - top)))


def gmm(alphas, means, icf, x, gamma, m, scatter):
    """ADBench's GMM objective: the log-likelihood with a Wishart prior.

    ``icf`` holds, per component, the log of the diagonal of Q (d entries) then the
    entries below the diagonal column by column; ``scatter`` (a constant 0/1 matrix)
    places them into a d x d lower triangle.
    """
    k, d = means.shape
    n = x.shape[0]
    logdiag = icf[:, :d]
    diag = np.exp(logdiag)
    lower = np.reshape(icf[:, d:] @ scatter, (k, d, d))
    q = lower + diag[:, :, None] * np.eye(d)[None, :, :]
    centered = x[None, :, :] - means[:, None, :]
    qx = np.matmul(centered, np.transpose(q, (0, 2, 1)))
    sqsum = np.sum(qx * qx, axis=2)
    sum_qs = np.sum(logdiag, axis=1)
    main = alphas[:, None] + sum_qs[:, None] - 0.5 * sqsum
    slse = np.sum(_logsumexp_rows(main))
    const = -n * d * 0.5 * np.log(2.0 * np.pi)
    prior = 0.5 * gamma * gamma * (np.sum(diag * diag) + np.sum(icf[:, d:] * icf[:, d:])) \
        - m * np.sum(sum_qs)
    return const + slse - n * _vec_logsumexp(alphas) + prior


def _gmm_make(d=10, k=25, n=1000, seed=31337):
    rng = np.random.default_rng(seed)
    tri = d * (d - 1) // 2
    scatter = np.zeros((tri, d * d))
    j = 0
    for col in range(d):
        for row in range(col + 1, d):
            scatter[j, row * d + col] = 1.0
            j += 1
    return (rng.standard_normal(k), rng.random((k, d)), rng.standard_normal((k, d + tri)) * 0.1,
            rng.random((n, d)), 1.0, 0.0, scatter)


# ------------------------------------------------------------------ kmeans
def kmeans(centroids, points):
    """sum_i min_j |p_i - c_j|^2."""
    d2 = np.sum(points * points, axis=1)[:, None] - 2.0 * (points @ centroids.T) \
        + np.sum(centroids * centroids, axis=1)[None, :]
    return np.sum(np.min(d2, axis=1))


def _kmeans_make(k=100, n=10000, d=8, seed=31337):
    rng = np.random.default_rng(seed)
    points = rng.random((n, d))
    return (points[-k:].copy() + 1e-3 * rng.random((k, d)), points)


def _kmeans_check(args, grad):
    c, p = args
    d2 = np.sum((p[:, None, :] - c[None, :, :]) ** 2, axis=2)
    near = np.argmin(d2, axis=1)
    want = np.zeros_like(c)
    for j in range(c.shape[0]):
        mine = p[near == j]
        want[j] = 2.0 * (len(mine) * c[j] - np.sum(mine, axis=0))
    return np.max(np.abs(grad - want))


# ------------------------------------------------------------------ ode (cmpad's an_ode)
def _ode_rhs(x, y):
    """y_0' = x_0, y_i' = x_i * y_{i-1}."""
    return np.concatenate((x[:1], x[1:] * y[:-1]))


def ode(x, s):
    """The last entry of y(2), by s classic Runge-Kutta steps from y(0) = 0."""
    h = 2.0 / s
    y = np.zeros(x.shape[0])
    for _ in range(s):
        k1 = _ode_rhs(x, y)
        k2 = _ode_rhs(x, y + 0.5 * h * k1)
        k3 = _ode_rhs(x, y + 0.5 * h * k2)
        k4 = _ode_rhs(x, y + h * k3)
        y = y + h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
    return y[-1]


def _ode_make(n=10000, s=10, seed=31337):
    return (np.random.default_rng(seed).random(n), s)


# ------------------------------------------------------------------ det by minors
def det(a, n):
    """The determinant of the n x n matrix a, by expansion along the first row."""
    if n == 1:
        return a[0, 0]
    total = 0.0
    sign = 1.0
    for j in range(n):
        minor = np.concatenate((a[1:, :j], a[1:, j + 1:]), axis=1)
        total = total + sign * a[0, j] * det(minor, n - 1)
        sign = -sign
    return total


def _det_make(ell=7, seed=31337):
    return (np.random.default_rng(seed).random((ell, ell)), ell)


def _det_check(args, grad):
    a = args[0]
    return np.max(np.abs(grad - np.linalg.det(a) * np.linalg.inv(a).T))


# ------------------------------------------------------------------ ba (bundle adjustment)
def _rotate(w, x):
    """Rodrigues' rotation of each row of x (p, 3) by the angle-axis row of w (p, 3)."""
    theta = np.sqrt(np.sum(w * w, axis=1))
    k = w / theta[:, None]
    c = np.cos(theta)[:, None]
    s = np.sin(theta)[:, None]
    cross = np.stack([k[:, 1] * x[:, 2] - k[:, 2] * x[:, 1],
                      k[:, 2] * x[:, 0] - k[:, 0] * x[:, 2],
                      k[:, 0] * x[:, 1] - k[:, 1] * x[:, 0]], axis=1)
    dot = np.sum(k * x, axis=1)[:, None]
    return x * c + cross * s + k * dot * (1.0 - c)


def _distort(kappa, p):
    r2 = np.sum(p * p, axis=1)[:, None]
    return p * (1.0 + kappa[:, :1] * r2 + kappa[:, 1:] * r2 * r2)


def ba(cams, points, weights, cam_of, point_of, features):
    """Sum of squares of the weighted reprojection errors and of the weight errors 1 - w^2.
    A camera: angle-axis rotation (3), centre (3), focal length (1), principal point (2),
    radial distortion (2)."""
    c = cams[cam_of]
    x = _rotate(c[:, :3], points[point_of] - c[:, 3:6])
    projected = _distort(c[:, 9:11], x[:, :2] / x[:, 2:3])
    err = weights[:, None] * (c[:, 6:7] * projected + c[:, 7:9] - features)
    werr = 1.0 - weights * weights
    return np.sum(err * err) + np.sum(werr * werr)


def _ba_make(n=21, m=11315, p=36455, seed=31337):
    rng = np.random.default_rng(seed)
    cams = np.concatenate([rng.normal(0, 0.1, (n, 3)), rng.normal(0, 1, (n, 3)),
                           rng.uniform(400, 600, (n, 1)), rng.normal(0, 1, (n, 2)),
                           rng.normal(0, 1e-3, (n, 2))], axis=1)
    points = rng.normal(0, 1, (m, 3)) + np.array([0.0, 0.0, 10.0])
    cam_of = rng.integers(0, n, p)
    point_of = np.concatenate([np.arange(m), rng.integers(0, m, p - m)])
    return (cams, points, rng.uniform(0.5, 1.0, p), cam_of, point_of,
            rng.normal(0, 50, (p, 2)))


# ------------------------------------------------------------------ lstm (ADBench's model)
def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def _lstm_model(weight, bias, hidden, cell, x):
    """One layer's step: the forget, input and output gates and the change, from the
    layer's 4b weights and biases (diagonal: each unit sees its own input)."""
    b = x.shape[0]
    forget = _sigmoid(x * weight[:b] + bias[:b])
    ingate = _sigmoid(hidden * weight[b:2 * b] + bias[b:2 * b])
    outgate = _sigmoid(x * weight[2 * b:3 * b] + bias[2 * b:3 * b])
    change = np.tanh(hidden * weight[3 * b:] + bias[3 * b:])
    cell = cell * forget + ingate * change
    return outgate * np.tanh(cell), cell


def lstm(main_params, extra_params, state, sequence):
    """ADBench/GradBench's lstm objective: a character model of l layers (``main_params``:
    2l rows of 4b, a weight row then a bias row per layer; ``extra_params``: the input
    weights, output weights and output bias; ``state``: 2l rows of b, a hidden then a cell
    row per layer) run over ``sequence`` (c rows of b); the mean log-likelihood of each
    next row, negated."""
    c, b = sequence.shape
    layers = state.shape[0] // 2
    total = 0.0
    for t in range(c - 1):
        x = sequence[t] * extra_params[0]
        rows = []
        for i in range(layers):
            h, cell = _lstm_model(main_params[2 * i], main_params[2 * i + 1], state[2 * i],
                                  state[2 * i + 1], x)
            rows.append(h)
            rows.append(cell)
            x = h
        state = np.stack(rows)
        ypred = x * extra_params[1] + extra_params[2]
        ynorm = ypred - np.log(np.sum(np.exp(ypred)) + 2.0)
        total = total + np.sum(sequence[t + 1] * ynorm)
    return -total / ((c - 1) * b)


def _lstm_make(layers=2, c=1024, b=14, seed=31337):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((2 * layers, 4 * b)) * 0.5, rng.standard_normal((3, b)) * 0.5,
            rng.standard_normal((2 * layers, b)) * 0.5, rng.standard_normal((c, b)))


def fd_check(fn, wrt, directions=3, eps=1e-6, seed=0):
    """Central differences of ``fn`` along random directions of argument ``wrt``."""
    def check(args, grad):
        rng = np.random.default_rng(seed)
        worst = 0.0
        for _ in range(directions):
            v = rng.standard_normal(np.shape(args[wrt]))
            plus, minus = list(args), list(args)
            plus[wrt] = args[wrt] + eps * v
            minus[wrt] = args[wrt] - eps * v
            numeric = (fn(*plus) - fn(*minus)) / (2 * eps)
            worst = max(worst, abs(numeric - np.sum(grad * v)) / max(1.0, abs(numeric)))
        return worst
    return check


EVALS = [
    Eval("hello", "a float", hello, 0, lambda: (1.5,), _hello_check,
         "x * x of one float: the ratio is the cost of a call"),
    Eval("llsq", "n=4096 m=128", llsq, 0, _llsq_make, _llsq_check),
    Eval("lse", "n=160000", lse, 0,
         lambda: (np.random.default_rng(31337).random(160000),), _lse_check),
    Eval("gmm", "d=10 k=25 n=1000", gmm, 2, _gmm_make, fd_check(gmm, 2),
         "gradient w.r.t. icf (GradBench: w.r.t. alphas, means, icf)"),
    Eval("kmeans", "k=100 n=10000 d=8", kmeans, 0, _kmeans_make, _kmeans_check,
         "gradient of the cost (GradBench asks for the Newton direction: gradient / "
         "Hessian diagonal)"),
    Eval("ode", "n=10000 s=10", ode, 0, _ode_make, fd_check(ode, 0)),
    Eval("det", "ℓ=7", det, 0, _det_make, _det_check, "recursive: 8,660 calls"),
    Eval("ba", "n=21 m=11315 p=36455, synthetic", ba, 0, _ba_make, fd_check(ba, 0),
         "gradient of the sum of squared residuals w.r.t. the cameras (GradBench asks for "
         "the sparse Jacobian of the residuals); ba's rotation and distortion helpers run "
         "once, their adjoints reuse their records"),
    Eval("lstm", "l=2 c=1024 b=14", lstm, 0, _lstm_make, fd_check(lstm, 0),
         "gradient w.r.t. the main parameters (GradBench: w.r.t. the main and extra "
         "parameters)"),
]

# ratio derivative ÷ primal published by GradBench (nightly), as quoted in issue 21
PUBLISHED = {
    "gmm": "manual 1.82, Tapenade 2.48, JAX 4.11, PyTorch 4.91",
    "lstm": "PyTorch 2.20, Enzyme 2.81, Tapenade 3.16",
    "ba": "manual 7.7, Enzyme 9.7, Tapenade 14.1",
    "kmeans": "manual 1.26, JAX 2.11",
    "ode": "JAX 2.60, Enzyme 3.21",
    "det": "Enzyme 14.7, CppAD 15.0",
    "lse": "JAX 1.07, Enzyme 2.11",
    "llsq": "best 1.15",
    "hello": "(trivial)",
}
