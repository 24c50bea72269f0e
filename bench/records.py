"""What reusing the primal sweep's record buys (compiler/reverse/records.py).

    PYTHONPATH=. python bench/records.py

Prints, as ratios of CPU times (time.process_time, one BLAS thread; wall-clock ratios are
biased on a loaded machine, which preempts long calls), the median over interleaved pairs of
calls of the ratio within each pair (this machine's CPU time per call drifts and is
bimodal: a pair sees one state of it; minima of separate runs moved by 10-20 %):

* recursion: the gradient of a recursive function ÷ its primal, at depth 400
  (issue 16's target: at most 4);
* a helper-heavy objective (bundle-adjustment style: a rotation and a distortion helper
  per observation batch, in a loop) ÷ its primal;
* ``sd.vjp``: one pullback ÷ one full ``sd.grad(..., grad_ys=e)``;
* ``sd.jacobian(mode="reverse")`` of an m-output function ÷ its primal.

The allocator, as bench/gradbench/run.py: the script runs itself with glibc's trim and mmap
thresholds raised (``--default-allocator`` keeps glibc's defaults). The recursion's forward
sweep keeps two arrays per level (800 of 8 kB on 1000 elements) where the primal reuses
two; with glibc's default trim threshold (128 kB) every call gives the top of the heap
back to the system and page-faults it in again, which is most of the 1000-element ratio
(about 4.1 with the defaults, 2.6 without, 2026-12-04; 8 elements: 3.8 either way).
"""

import os
import sys
import time

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
ALLOCATOR = {"MALLOC_TRIM_THRESHOLD_": str(1 << 30), "MALLOC_MMAP_THRESHOLD_": str(1 << 25)}
if "--default-allocator" not in sys.argv and any(os.environ.get(k) != v
                                                   for k, v in ALLOCATOR.items()):
    # glibc reads these when the process starts: run again with them
    os.execve(sys.executable, [sys.executable] + sys.argv, {**os.environ, **ALLOCATOR})

import numpy as np  # noqa: E402

import srcdiff as sd  # noqa: E402


def paired(num, den, budget=1.0, least=5):
    """The median over interleaved pairs (``den()``, then ``num()``) of num's CPU time ÷
    den's."""
    num(), den()
    ratios, start = [], time.process_time()
    while len(ratios) < least or time.process_time() - start < budget:
        t0 = time.process_time()
        den()
        t1 = time.process_time()
        num()
        t2 = time.process_time()
        if t1 > t0:
            ratios.append((t2 - t1) / (t1 - t0))
    return float(np.median(ratios))


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
        g, gl = sd.grad(recursion), sd.grad(as_loop)
        rows.append((f"recursion depth 400, {size} elements (grad ÷ primal)",
                     paired(lambda: g(x), lambda: recursion(x))))
        rows.append((f"the same as a loop of 400 trips, {size} elements",
                     paired(lambda: gl(x), lambda: as_loop(x))))
    rng = np.random.default_rng(0)
    cams = np.concatenate([rng.normal(0, 0.2, (20, 3)), rng.normal(0, 1, (20, 2)),
                           np.full((20, 1), 5.0), np.full((20, 1), 1.0),
                           rng.normal(0, 0.01, (20, 2))], axis=1)
    points = rng.normal(0, 1, (50, 3)) + np.array([0.0, 0.0, 10.0])
    obs = rng.normal(0, 0.3, (20, 50, 2))
    gp = sd.grad(project, (0, 1))
    rows.append(("bundle-adjustment objective, 20 cameras (grad ÷ primal)",
                 paired(lambda: gp(cams, points, obs), lambda: project(cams, points, obs))))
    xs, w = np.linspace(-1, 1, 64), np.linspace(0.5, 1.5, 64)
    _, pullback = sd.vjp(outputs)(xs, w)
    e = np.ones(64)
    full = sd.grad(outputs)
    rows.append(("sd.vjp: one pullback ÷ one sd.grad(grad_ys=e)",
                 paired(lambda: pullback(e), lambda: full(xs, w, grad_ys=e))))
    jac = sd.jacobian(outputs)
    rows.append(("sd.jacobian (64 outputs) ÷ primal",
                 paired(lambda: jac(xs, w), lambda: outputs(xs, w))))
    for label, ratio in rows:
        print(f"{label:60s} {ratio:8.2f}")


if __name__ == "__main__":
    main()
