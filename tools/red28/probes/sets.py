# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/sets.py)
import numpy as np, srcdiff as sd, sys
sys.path.insert(0, "tools/red27")
import harness as h
def s1(x):
    s = {x[0] * 2.0, x[1]}
    return sum(s)
def s2(x):
    s = {x[0] * 2.0, x[1], x[2] ** 2}
    return max(s) + min(s)
def s3(x):
    s = {x[0] * 2.0, x[1]} - {x[1]}
    return sum(s)
def s4(x):
    return sum(sorted({x[0], x[1] ** 2}))
def s5(x):
    s = set()
    s.add(x[0] * 3.0)
    return sum(s)
def s6(x):
    s = set([x[0] * 2.0, x[1]])
    return sum(s) * len(s)
def s7(x):
    s = frozenset([x[0] * 2.0, x[1]])
    return sum(s)
def s8(x):
    s = {x[0] * 2.0, x[1]}
    t = 0.0
    for v in s:
        t = t + v ** 2
    return t
def s9(x):
    s = {x[0], x[0] * 1.0}   # duplicate value collapses
    return sum(s)
def s10(x):
    s = {x[0] * 2.0, x[1]} & {x[1]}
    return sum(s)
X = np.array([0.7, -1.3, 0.4])
for f in (s1,s2,s3,s4,s5,s6,s7,s8,s9,s10):
    w = h.fd_grad(f, (X,), 0)
    for name, th in (("grad", lambda: sd.grad(f)(X.copy())), ("jvp", lambda: sd.jvp(f)(X.copy(), tangents=np.ones(3))[1])):
        want = w if name == "grad" else np.sum(w)
        try:
            g = th()
            print(f.__name__, name, "right" if h.close(0.0 if g is None else g, want, 1e-5) else "WRONG %s %s" % (g, want))
        except sd.SrcdiffError as e:
            print(f.__name__, name, "refused", str(e).splitlines()[0][-150:])
        except Exception as e:
            print(f.__name__, name, "CRASH", type(e).__name__, e)
