# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/more_containers.py)
import numpy as np, srcdiff as sd, sys, collections
sys.path.insert(0, "tools/red27")
import harness as h
def u1(x):
    e = {"a": x * 2.0}
    d = {}
    d.update(e)
    d["a"] *= x
    return np.sum(e["a"])
def u2(x):
    e = {"a": x * 2.0}
    d = {"b": x}
    d.update(e)
    d["a"] = d["a"] * x
    return np.sum(e["a"] * d["a"])
def u3(x):
    m = x.reshape(2, 2)
    pairs = list(zip(m, m[::-1]))
    pairs[0][0][0] = 5.0 * x[3]
    return np.sum(m * x.reshape(2, 2))
def u4(x):
    d = collections.OrderedDict()
    d["a"] = x * 2.0
    d["b"] = x ** 2
    return np.sum(d["a"] * d["b"])
def u5(x):
    d = collections.defaultdict(float)
    d["a"] += x[0] * 2.0
    d["a"] += x[1]
    return d["a"] * d["b"] + d["a"] ** 2
def u6(x):
    P = collections.namedtuple("P", "a b")
    p = P(x * 2.0, x ** 2)
    return np.sum(p.a * p.b)
def u7(x):
    d = {"a": x * 2.0, "b": x}
    e = {k: d[k] for k in d}
    e["b"] *= x
    return np.sum(d["b"] * x)
def u8(x):
    d = {"a": x * 2.0}
    e = {}
    for k, v in d.items():
        e[k] = v
    e["a"] *= x
    return np.sum(d["a"])
def u9(x):
    l = [x * 2.0]
    d = {"l": l}
    d["l"][0] = x ** 3
    return np.sum(l[0] * x)
def u10(x):
    a = x * 2.0
    l = [a, a]
    l[0] = l[0] * x
    return np.sum(l[1] * l[0])
X = np.array([0.71, -1.33, 0.42, 0.9])
for f in [u1, u2, u3, u4, u5, u6, u7, u8, u9, u10]:
    try:
        w = h.fd_grad(f, (X,), 0)
        v = f(X.copy())
    except Exception as e:
        print(f.__name__, "primal fails", e); continue
    T = np.array([0.3, 0.5, -0.2, 0.1])
    for name, th in (("grad", lambda: sd.grad(f)(X.copy())), ("ref", lambda: sd.grad(f, optimize=False)(X.copy())), ("jvp", lambda: sd.jvp(f)(X.copy(), tangents=T))):
        want = w if name != "jvp" else np.dot(w, T)
        try:
            g = th()
            if name == "jvp":
                g = g[1]
            r = "right" if h.close(0.0 if g is None else g, want, 1e-5) else "WRONG %s %s" % (g, want)
        except sd.SrcdiffError as e:
            r = "refused " + str(e).splitlines()[0][-110:]
        except Exception as e:
            r = "CRASH %s %s" % (type(e).__name__, str(e)[:100])
        print(f.__name__, name, r)
