# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/fromkeys_comprehensions.py)
import numpy as np, srcdiff as sd, sys
sys.path.insert(0, "tools/red27")
import harness as h
def k1(x):
    d = dict.fromkeys(["a", "b"], x * 2.0)
    d["a"] += 1.0
    return np.sum(d["b"] * x)
def k2(x):
    d = dict.fromkeys(["a", "b"], x * 2.0)
    d["a"] = d["a"] * x
    return np.sum(d["b"] * d["a"])
def k3(x):
    l = [x[0], x[1] * 2.0, x[2]]
    l.sort()
    return l[0] * 3.0 + l[2]
def k4(x):
    l = [x[0], x[1] * 2.0, x[2]]
    l.reverse()
    return l[0] * 3.0 + l[2] ** 2
def k5(x):
    l = [x * 2.0, x]
    r = l[::-1]
    r[1] *= x
    return np.sum(l[0])
def k6(x):
    d = {"a": x}
    d2 = dict(d, b=x * 2.0)
    return np.sum(d2["a"] * d2["b"])
def k7(x):
    m = {}
    m["a"] = m.get("a", 0.0) + x
    m["a"] += x
    return np.sum(m["a"] ** 2)
def k8(x):
    acc = {"s": np.zeros(3)}
    for i in range(3):
        acc["s"] += x * i
    return np.sum(acc["s"] ** 2)
def k9(x):
    z = np.zeros(3)
    acc = {"s": z}
    for i in range(3):
        acc["s"] += x * i
    return np.sum(acc["s"] ** 2) + np.sum(z * x)
def k10(x):
    z = np.zeros(3)
    acc = [z, z]
    acc[0] += x
    return np.sum(acc[1] * x)
def k11(x):
    z = x * 1.0
    acc = {"a": z, "b": z}
    acc["a"] *= x
    return np.sum(acc["b"])
def k12(x):
    rows = [x * 1.0 for _ in range(2)]
    rows[0] *= x
    return np.sum(rows[1] * x)
def k13(x):
    base = x * 1.0
    rows = [base for _ in range(2)]
    rows[0] *= x
    return np.sum(rows[1] * x)
def k14(x):
    base = x * 1.0
    d = {i: base for i in range(2)}
    d[0] *= x
    return np.sum(d[1] * x)
X = np.array([0.71, -1.33, 0.42])
for f in [k1,k2,k3,k4,k5,k6,k7,k8,k9,k10,k11,k12,k13,k14]:
    try:
        w = h.fd_grad(f, (X,), 0)
    except Exception as e:
        print(f.__name__, "primal fails", e); continue
    for name, th in (("grad", lambda: sd.grad(f)(X.copy())), ("ref", lambda: sd.grad(f, optimize=False)(X.copy())), ("jvp", lambda: sd.jvp(f)(X.copy(), tangents=np.array([0.3, 0.5, -0.2]))[1])):
        want = w if name != "jvp" else np.dot(w, [0.3, 0.5, -0.2])
        try:
            g = th()
            r = "right" if h.close(0.0 if g is None else g, want, 1e-5) else "WRONG %s %s" % (g, want)
        except sd.SrcdiffError as e:
            r = "refused " + str(e).splitlines()[0][-110:]
        except Exception as e:
            r = "CRASH %s %s" % (type(e).__name__, str(e)[:100])
        print(f.__name__, name, r)
