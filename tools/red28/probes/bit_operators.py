# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/bit_operators.py)
import numpy as np, srcdiff as sd, sys
sys.path.insert(0, "tools/red27")
import harness as h
def g12(x):
    d = {"a": x * 2.0}
    d2 = d | {"b": x}
    return np.sum(d2["a"] * d2["b"])
def g13(x):
    d = {"a": x * 2.0}
    d |= {"b": x}
    return np.sum(d["a"] * d["b"])
def g14(x):
    e = {"a": 1.0} | {"b": 2.0}
    return np.sum(x * e["a"] + x ** 2 * e["b"])
def g15(x):
    m = (x > 0.5) | (x < -0.5)
    k = (x > 0) ^ (x > 1)
    return np.sum(np.where(m & k, x ** 2, x))
def g16(x):
    n = int(x[0] > 0) | 2
    return np.sum(x ** n)
def g17(x):
    s = {float(x[0]), 1.0} | {float(x[1])}
    return sum(s)
def g18(x, mask):
    return np.sum(np.where(mask | (x > 0), x ** 2, -x))
X = np.array([0.7, -1.3, 0.4])
for f, a in [(g12,()),(g13,()),(g14,()),(g15,()),(g16,()),(g17,()),(g18,(np.array([True, False, False]),))]:
    w = h.fd_grad(f, (X,) + a, 0)
    for name, th in (("grad", lambda: sd.grad(f)(X.copy(), *a)), ("jvp", lambda: sd.jvp(f)(X.copy(), *a, tangents=np.ones(3))[1])):
        want = w if name == "grad" else np.sum(w)
        try:
            g = th()
            print(f.__name__, name, "right" if h.close(0.0 if g is None else g, want, 1e-5) else "WRONG %s %s" % (g, want))
        except sd.SrcdiffError as e:
            print(f.__name__, name, "refused", str(e).splitlines()[0][-150:])
        except Exception as e:
            print(f.__name__, name, "CRASH", type(e).__name__, e)
