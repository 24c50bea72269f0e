"""What reusing the primal sweep's record buys (compiler/reverse/records.py).

    PYTHONPATH=. python bench/records.py

Prints, as ratios of CPU times (time.process_time, minimum over repeats, one BLAS
thread; wall-clock ratios are biased on a loaded machine, which preempts long calls):

* recursion: the gradient of a recursive function ÷ its primal, at depth 400
  (issue 16's target: at most 4);
* a helper-heavy objective (bundle-adjustment style: a rotation and a distortion helper
  per observation batch, in a loop) ÷ its primal;
* ``sd.vjp``: one pullback ÷ one full ``sd.grad(..., grad_ys=e)``;
* ``sd.jacobian(mode="reverse")`` of an m-output function ÷ its primal.
"""

import os
import sys
import time

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

import srcdiff as sd  # noqa: E402


def best(fn, *args, budget=1.0, least=5):
    fn(*args)
    times, start = [], time.process_time()
    while len(times) < least or time.process_time() - start < budget:
        t = time.process_time()
        fn(*args)
        times.append(time.process_time() - t)
    return min(times)


def chain(x, n):
    if n == 0:
        return x
    return np.cos(chain(x, n - 1)) * x


def recursion(x):
    return np.sum(chain(x, 400))


def as_loop(x):
    h = x
    for _ in range(400):
        h = np.cos(h) * x
    return np.sum(h)


def rotate(points, w):
    """Rodrigues' rotation of points (n, 3) by the angle-axis w (3,)."""
    theta = np.sqrt(np.sum(w * w))
    k = w / theta
    c = np.cos(theta)
    s = np.sin(theta)
    cross = np.stack([k[1] * points[:, 2] - k[2] * points[:, 1],
                      k[2] * points[:, 0] - k[0] * points[:, 2],
                      k[0] * points[:, 1] - k[1] * points[:, 0]], axis=1)
    dot = points @ k
    return points * c + cross * s + dot[:, None] * k[None, :] * (1.0 - c)


def distort(p, k1, k2):
    r2 = np.sum(p * p, axis=1)
    return p * (1.0 + k1 * r2 + k2 * r2 * r2)[:, None]


def project(cams, points, obs):
    """Sum of squared reprojection errors of every camera's view of the points."""
    total = 0.0
    for i in range(cams.shape[0]):
        p = rotate(points, cams[i, :3]) + cams[i, 3:6]
        q = distort(p[:, :2] / p[:, 2:3], cams[i, 7], cams[i, 8])
        r = cams[i, 6] * q - obs[i]
        total = total + np.sum(r * r)
    return total


def outputs(x, w):
    h = x
    for _ in range(4):
        h = np.tanh(np.sin(h) * w + x)
    return h


def main():
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    rows = []
    for size in (8, 1000):
        x = np.linspace(0.1, 0.9, size)
        rows.append((f"recursion depth 400, {size} elements (grad ÷ primal)",
                     best(sd.grad(recursion), x) / best(recursion, x)))
        rows.append((f"the same as a loop of 400 trips, {size} elements",
                     best(sd.grad(as_loop), x) / best(as_loop, x)))
    rng = np.random.default_rng(0)
    cams = np.concatenate([rng.normal(0, 0.2, (20, 3)), rng.normal(0, 1, (20, 2)),
                           np.full((20, 1), 5.0), np.full((20, 1), 1.0),
                           rng.normal(0, 0.01, (20, 2))], axis=1)
    points = rng.normal(0, 1, (50, 3)) + np.array([0.0, 0.0, 10.0])
    obs = rng.normal(0, 0.3, (20, 50, 2))
    rows.append(("bundle-adjustment objective, 20 cameras (grad ÷ primal)",
                 best(sd.grad(project, (0, 1)), cams, points, obs)
                 / best(project, cams, points, obs)))
    xs, w = np.linspace(-1, 1, 64), np.linspace(0.5, 1.5, 64)
    _, pullback = sd.vjp(outputs)(xs, w)
    e = np.ones(64)
    full = sd.grad(outputs)
    rows.append(("sd.vjp: one pullback ÷ one sd.grad(grad_ys=e)",
                 best(pullback, e) / best(lambda: full(xs, w, grad_ys=e))))
    jac = sd.jacobian(outputs)
    rows.append(("sd.jacobian (64 outputs) ÷ primal",
                 best(jac, xs, w) / best(outputs, xs, w)))
    for label, ratio in rows:
        print(f"{label:60s} {ratio:8.2f}")


if __name__ == "__main__":
    main()
