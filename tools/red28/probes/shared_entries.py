# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/shared_entries.py)
import numpy as np, srcdiff as sd, sys
sys.path.insert(0, "tools/red27")
import harness as h
def e1(x):
    d = {"a": x * 2.0, "b": x ** 2}
    for v in d.values():
        v += 1.0
    return np.sum(d["a"] * x)
def e2(x):
    d = {"a": x * 2.0, "b": x ** 2}
    for k, v in d.items():
        v *= x
    return np.sum(d["a"] + d["b"])
def e3(x):
    d = {"a": x * 2.0}
    e = d.get("a")
    e += 1.0
    return np.sum(d["a"] * x)
def e4(x):
    d = {"a": x * 2.0}
    outer = {"in": d}
    outer["in"]["a"] *= x
    return np.sum(d["a"])
def e5(x):
    d = {"a": x * 2.0}
    a = np.asarray(d["a"])
    a += 1.0
    return np.sum(d["a"] * x)
def e6(x):
    d = {"a": x * 2.0}
    a = d["a"][:]
    a *= x
    return np.sum(d["a"])
def e7(x):
    l = [x * 2.0, x ** 2]
    l2 = [*l]
    l2[0] *= x
    return np.sum(l[0])
def e8(x):
    l = [x * 2.0, x ** 2, x]
    a, *rest = l
    rest[0] *= x
    return np.sum(l[1])
def e9(x):
    l = [x * 2.0, x ** 2]
    for i, v in enumerate(l):
        v *= x
    return np.sum(l[0] + l[1])
def e10(x):
    l = [x * 2.0, x ** 2]
    for a, b in zip(l, l[1:]):
        a *= b
    return np.sum(l[0])
def e11(x):
    d = {"a": x * 2.0}
    vals = [d[k] for k in d]
    vals[0] *= x
    return np.sum(d["a"])
def e12(x):
    d = {"a": x * 2.0}
    d2 = dict(zip(d.keys(), d.values()))
    d2["a"] *= x
    return np.sum(d["a"])
def e13(x):
    d = {"a": [x * 2.0]}
    d2 = dict(d)
    d2["a"].append(x)
    return np.sum(d["a"][-1] * x)
def e14(x):
    d = {"a": x * 2.0}
    d2 = d.copy()
    d2.update({"a": x ** 2})
    return np.sum(d["a"] * d2["a"])
def e15(x):
    d = {"a": x * 2.0}
    d2 = d
    d2.update(a=x ** 2)
    return np.sum(d["a"] * x)
def e16(x):
    t = (x * 2.0, x)
    t2 = tuple(t)
    t2[0][0] = 5.0 * x[1]
    return np.sum(t[0] * x)
X = np.array([0.7, -1.3, 0.4])
for f in (e1,e2,e3,e4,e5,e6,e7,e8,e9,e10,e11,e12,e13,e14,e15,e16):
    try:
        w = h.fd_grad(f, (X,), 0)
    except Exception as e:
        print(f.__name__, "primal fails", e); continue
    for name, th in (("grad", lambda: sd.grad(f)(X.copy())), ("ref", lambda: sd.grad(f, optimize=False)(X.copy())), ("jvp", lambda: sd.jvp(f)(X.copy(), tangents=np.ones(3))[1])):
        want = w if name != "jvp" else np.sum(w)
        try:
            g = th()
            print(f.__name__, name, "right" if h.close(0.0 if g is None else g, want, 1e-5) else "WRONG %s %s" % (g, want))
        except sd.SrcdiffError as e:
            print(f.__name__, name, "refused", str(e).splitlines()[0][-120:])
        except Exception as e:
            print(f.__name__, name, "CRASH", type(e).__name__, str(e)[:100])
