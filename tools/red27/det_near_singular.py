# ruff: noqa: E501, E402, BLE001, E701, E702, E731, F811, E401
import warnings

import numpy as np

import srcdiff as sd

warnings.filterwarnings("ignore")
def f(a):
    return np.linalg.det(a)
def cof(a):
    n = a.shape[0]; C = np.zeros_like(a)
    for i in range(n):
        for j in range(n):
            m = np.delete(np.delete(a, i, 0), j, 1)
            C[i, j] = (-1) ** (i + j) * np.linalg.det(m)
    return C
rng = np.random.default_rng(0)
df = sd.grad(f); jf = sd.jvp(f)
worst = 0
for t in range(2000):
    n = rng.integers(2, 6)
    r = rng.integers(1, n)
    A = rng.standard_normal((n, r)) @ rng.standard_normal((r, n))
    try:
        g = df(A)
    except np.linalg.LinAlgError:
        continue
    C = cof(A)
    err = np.max(np.abs(g - C)) / (1 + np.max(np.abs(C)))
    if err > worst:
        worst = err; print(t, n, r, "rel err", err, "max|C|", np.max(np.abs(C)), "max|g|", np.max(np.abs(g)))
