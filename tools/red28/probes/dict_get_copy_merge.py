# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/dict_get_copy_merge.py)
import numpy as np, srcdiff as sd, sys, traceback
sys.path.insert(0, "tools/red27")
import harness as h
def g1(x):
    d = {"a": 1.0}
    b = d.get("z", x * 3.0)
    return np.sum(b * x)
def g2(x):
    d = {"a": x * 2.0}
    b = d.get("a", x * 3.0)
    c = d.get("q", x ** 2)
    return np.sum(b * c)
def g3(x):
    d = {}
    for i in range(3):
        d[i % 2] = d.get(i % 2, x) * x
    return np.sum(d[0] + d[1])
def g4(x):
    d = {"a": 1.0, "b": 2.0}
    s = 0.0
    for k in ("a", "c", "b"):
        s = s + np.sum(d.get(k, x) * x)
    return s
def g5(x):
    lst = [1.0, 2.0]
    d = dict(zip(["p", "q"], [x[0], x[1]]))
    return d.get("p", 0.0) * d.get("r", x[2]) + lst[0]
def g6(x):
    d = dict(a=x * 2.0)
    return np.sum(d["a"] * d.get("b", x))
def g7(x):
    it = iter([x * 2.0, x ** 2])
    a = next(it)
    b = next(it, x)
    c = next(it, x * 5.0)
    return np.sum(a * b * c)
def g8(x):
    t = (x * 2.0, x ** 2)
    return np.sum(getattr(np, "sum")(t[0]) * t[1])
def g9(x):
    d = {"a": x * 2.0}
    d2 = {**d, "b": x ** 2}
    d2["a"] = d2["a"] * 3.0
    return np.sum(d["a"] * d2["a"] + d2["b"])
def g10(x):
    d = {"a": x * 2.0}
    d2 = d.copy()
    d2["a"] = x ** 3
    return np.sum(d["a"] * d2["a"])
def g11(x):
    d = {"a": x * 2.0}
    d2 = dict(d)
    d2["a"] += 1.0
    return np.sum(d["a"] * d2["a"])
def g12(x):
    d = {"a": x * 2.0}
    d2 = d | {"b": x}
    return np.sum(d2["a"] * d2["b"])
X = np.array([0.7, -1.3, 0.4])
T = np.array([0.3, -0.7, 0.2])
for f in [g1,g2,g3,g4,g5,g6,g7,g8,g9,g10,g11,g12]:
    want = h.fd_grad(f, (X,), 0)
    wj = h.fd_dir(f, (X,), (0,), (T,))
    for name, thunk, w in [("grad", lambda: sd.grad(f)(X.copy()), want), ("ref", lambda: sd.grad(f, optimize=False)(X.copy()), want),
                           ("jvp", lambda: sd.jvp(f)(X.copy(), tangents=T)[1], wj)]:
        try:
            g = thunk()
            print(f.__name__, name, "right" if h.close(g, w, 1e-5) else "WRONG %s %s" % (g, w))
        except sd.SrcdiffError as e:
            print(f.__name__, name, "refused", str(e).splitlines()[0][-120:])
        except Exception as e:
            print(f.__name__, name, "CRASH", type(e).__name__, e)
