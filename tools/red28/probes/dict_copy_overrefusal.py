# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/dict_copy_overrefusal.py)
import numpy as np, srcdiff as sd, sys
sys.path.insert(0, "tools/red27")
import harness as h
def a1(x):
    d = {"a": x * 2.0, "b": x}
    d2 = dict(d)
    d2["a"] += 1.0
    return np.sum(d2["a"] * x)
def a2(x):
    d = {"a": x * 2.0, "b": x}
    d2 = {k: v * 1.0 for k, v in d.items()}
    d2["a"] *= x
    return np.sum(d2["a"] * d["a"])
def a3(x):
    vals = [x * 2.0, x ** 2]
    d = {k: v for k, v in zip(["a", "b"], vals)}
    d["a"] *= x
    return np.sum(d["a"] * d["b"])
def a4(x):
    d = {}
    for i in range(3):
        d[i] = x * i
    d[0] += x
    return np.sum(d[0] * d[1])
X = np.array([0.71, -1.33, 0.42])
for f in [a1, a2, a3, a4]:
    w = h.fd_grad(f, (X,), 0)
    try:
        g = sd.grad(f)(X.copy()); print(f.__name__, "right" if h.close(g, w, 1e-5) else "WRONG")
    except sd.SrcdiffError as e:
        print(f.__name__, "refused", str(e).splitlines()[0][-120:])
