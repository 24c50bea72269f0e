# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/stores_into_copies.py)
import numpy as np, srcdiff as sd, sys
sys.path.insert(0, "tools/red27")
import harness as h
def l18(x):
    l = [x * 2.0, x]
    l2 = list(l)
    l2[0] = l2[0] + 1.0
    return np.sum(l[0] * l2[0])
def d18(x):
    d = {"a": x * 2.0}
    d2 = dict(d)
    d2["a"] = d2["a"] + 1.0
    return np.sum(d["a"] * d2["a"])
def d19(x):
    d = {"a": x * 2.0}
    d2 = dict(d)
    d2["b"] = x ** 2
    return np.sum(d["a"] * d2["a"] * d2["b"])
def d20(x):
    d = {"a": x * 2.0}
    d2 = d.copy()
    d2["a"] = x ** 3
    return np.sum(d["a"] * d2["a"])
def l21(x):
    l = [x * 2.0, x]
    l2 = l.copy()
    l2[0] = x ** 3
    return np.sum(l[0] * l2[0])
def d22(x):
    d = {"a": x * 2.0}
    d2 = {k: v * 2.0 for k, v in d.items()}
    d2["a"] += 1.0
    return np.sum(d["a"] * d2["a"])
X = np.array([0.7, -1.3, 0.4])
for f in (l18, d18, d19, d20, l21, d22):
    w = h.fd_grad(f, (X,), 0)
    for name, th in (("grad", lambda: sd.grad(f)(X.copy())), ("ref", lambda: sd.grad(f, optimize=False)(X.copy())), ("jvp", lambda: sd.jvp(f)(X.copy(), tangents=np.ones(3))[1])):
        want = w if name != "jvp" else np.sum(w)
        try:
            g = th()
            print(f.__name__, name, "right" if h.close(0.0 if g is None else g, want, 1e-5) else "WRONG %s %s" % (g, want))
        except sd.SrcdiffError as e:
            print(f.__name__, name, "refused", str(e).splitlines()[0][-150:])
        except Exception as e:
            print(f.__name__, name, "CRASH", type(e).__name__, str(e)[:100])
