"""Seven workloads written after the fact (session 26), none tuned for: the gradient's CPU
time divided by the primal's, each gradient first checked against central differences.

    PYTHONPATH=. python bench/untuned.py [NAME...]

Logistic regression through np.logaddexp, a ReLU MLP with a log-sum-exp cross-entropy, a
Poisson GLM, a Huber loss, soft k-means with a temperature, an AR(5) model by slices, ridge
regression through np.linalg.solve. Medians of 200 calls each, one BLAS thread.
"""
import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402

import srcdiff as sd  # noqa: E402

N, D, K = 512, 16, 8


def logreg_lae(w, b, X, y):
    z = X @ w + b
    return np.mean(np.logaddexp(0.0, z) - y * z) + 1e-3 * np.dot(w, w)


def mlp_relu_ce(W1, b1, W2, b2, X, Y):
    h = np.maximum(X @ W1 + b1, 0.0)
    s = h @ W2 + b2
    m = np.max(s, axis=1, keepdims=True)
    lse = np.log(np.sum(np.exp(s - m), axis=1)) + m[:, 0]
    return np.mean(lse - s[np.arange(s.shape[0]), Y])


def poisson(w, X, y):
    eta = X @ w
    return np.sum(np.exp(eta) - y * eta) / len(y) + 0.5 * np.sum(w * w)


def huber(w, X, y, delta=1.0):
    r = X @ w - y
    a = np.abs(r)
    return np.sum(np.where(a <= delta, 0.5 * r ** 2, delta * (a - 0.5 * delta)))


def soft_kmeans(C, X, beta=2.0):
    d2 = np.sum((X[:, None, :] - C[None, :, :]) ** 2, axis=-1)
    w = np.exp(-beta * (d2 - d2.min(axis=1, keepdims=True)))
    w = w / w.sum(axis=1, keepdims=True)
    return np.sum(w * d2) / X.shape[0]


def ar_model(phi, x):
    p = len(phi)
    pred = np.zeros(len(x) - p)
    for k in range(p):
        pred = pred + phi[k] * x[p - k - 1:len(x) - k - 1]
    r = x[p:] - pred
    return np.mean(r ** 2)


def ridge_solve(lam, X, y):
    A = X.T @ X + lam * np.eye(X.shape[1])
    w = np.linalg.solve(A, X.T @ y)
    return np.sum((X @ w - y) ** 2) + lam * w @ w


def cases():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((N, D))
    y = (rng.random(N) > 0.5).astype(float)
    Y = rng.integers(0, K, N)
    return {
        "logreg_lae": (logreg_lae, (0, 1), (0.1 * rng.standard_normal(D), 0.2, X, y)),
        "mlp_relu_ce": (mlp_relu_ce, (0, 1, 2, 3), (
            0.3 * rng.standard_normal((D, 32)), 0.1 * rng.standard_normal(32),
            0.3 * rng.standard_normal((32, K)), np.zeros(K), X, Y)),
        "poisson": (poisson, (0,), (0.1 * rng.standard_normal(D), X,
                                    rng.poisson(1.0, N).astype(float))),
        "huber": (huber, (0,), (rng.standard_normal(D), X, rng.standard_normal(N))),
        "soft_kmeans": (soft_kmeans, (0,), (rng.standard_normal((K, D)), X)),
        "ar_model": (ar_model, (0,), (0.1 * rng.standard_normal(5), rng.standard_normal(2000))),
        "ridge_solve": (ridge_solve, (0,), (0.5, X, rng.standard_normal(N))),
    }


def central_differences(f, wrt, args, h=1e-6):
    out = []
    for i in wrt:
        a = np.asarray(args[i], float)
        g = np.zeros(a.size)
        for j in range(a.size):
            values = []
            for step in (h, -h):
                moved = a.ravel().copy()
                moved[j] += step
                changed = list(args)
                changed[i] = moved.reshape(a.shape) if a.ndim else float(moved[0])
                values.append(f(*changed))
            g[j] = (values[0] - values[1]) / (2 * h)
        out.append(g.reshape(a.shape))
    return out


def median_us(fn, args, calls=200):
    times = []
    for _ in range(calls):
        t = time.process_time()
        fn(*args)
        times.append(time.process_time() - t)
    return float(np.median(times)) * 1e6


def main(names):
    for name, (f, wrt, args) in cases().items():
        if names and name not in names:
            continue
        g = sd.grad(f, wrt)
        got = g(*args)
        got = got if isinstance(got, tuple) else (got,)
        want = central_differences(f, wrt, args)
        err = max(np.max(np.abs(np.asarray(a) - b)) / (1e-8 + np.max(np.abs(b)))
                  for a, b in zip(got, want))
        primal, grad = median_us(f, args), median_us(g, args)
        print(f"{name:12s} max rel. difference from central differences {err:.1e}  "
              f"primal {primal:7.1f} us  gradient {grad:7.1f} us  ratio {grad / primal:5.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
