# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/shallow_copies.py)
import numpy as np, srcdiff as sd, sys, copy
sys.path.insert(0, "tools/red27")
import harness as h
def c1(x):
    d = {"a": x * 2.0}
    d2 = dict(d)
    d2["a"] += 1.0
    return np.sum(d["a"] * d2["a"])
def c2(x):
    l = [x * 2.0, x]
    l2 = list(l)
    l2[0] += 1.0
    return np.sum(l[0] * l2[0])
def c3(x):
    l = [x * 2.0, x]
    l2 = l[:]
    l2[0] *= x
    return np.sum(l[0] * l2[1])
def c4(x):
    l = [x * 2.0, x]
    l2 = l.copy()
    l2[0] += 1.0
    return np.sum(l[0])
def c5(x):
    d = {"a": x * 2.0}
    d2 = {k: v for k, v in d.items()}
    d2["a"] += 1.0
    return np.sum(d["a"] * x)
def c6(x):
    l = [x * 2.0, x ** 2]
    l2 = [v for v in l]
    l2[1] *= 3.0
    return np.sum(l[1] * x)
def c7(x):
    a = x * 2.0
    l = [a]
    l[0] += 1.0
    return np.sum(a * x)
def c8(x):
    a = x * 2.0
    d = {"k": a}
    d["k"] *= x
    return np.sum(a)
def c9(x):
    l = [x * 2.0]
    t = tuple(l)
    l[0] += 1.0
    return np.sum(t[0] * x)
def c10(x):
    l = [x * 2.0, x]
    l2 = l + []
    l2[0] += 1.0
    return np.sum(l[0] * x)
def c11(x):
    l = [x * 2.0, x]
    l2 = copy.copy(l)
    l2[0] += 1.0
    return np.sum(l[0] * x)
def c12(x):
    l = [x * 2.0, x]
    l2 = copy.deepcopy(l)
    l2[0] += 1.0
    return np.sum(l[0] * x + l2[0])
def c13(x):
    d = {"a": x * 2.0}
    d2 = d.copy()
    d2["a"] = x ** 3
    return np.sum(d["a"] * d2["a"])
def c14(x):
    d = {"a": x * 2.0}
    d2 = d.copy()
    d2["a"] += 1.0
    return np.sum(d["a"] * x)
def c15(x):
    d = {"a": x * 2.0}
    vals = list(d.values())
    vals[0] += 1.0
    return np.sum(d["a"] * x)
def c16(x):
    l = [x * 2.0, x]
    a, b = l
    a += 1.0
    return np.sum(l[0] * x)
def c17(x):
    l = [x * 2.0, x]
    for v in l:
        v += 1.0
    return np.sum(l[0] * x)
def c18(x):
    d = {"a": x * 2.0}
    d2 = dict(d)
    d2["a"] = d2["a"] + 1.0
    return np.sum(d["a"] * d2["a"])
def c19(x):
    l = [x * 2.0, x]
    l2 = sorted(l, key=lambda v: v[0])
    l2[0] += 1.0
    return np.sum(l[0] * x + l[1])
def c20(x):
    l = [x * 2.0, x]
    l2 = list(reversed(l))
    l2[0] += 1.0
    return np.sum(l[1] * x)
X = np.array([0.7, -1.3, 0.4])
for f in (c1,c2,c3,c4,c5,c6,c7,c8,c9,c10,c11,c12,c13,c14,c15,c16,c17,c18,c19,c20):
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
