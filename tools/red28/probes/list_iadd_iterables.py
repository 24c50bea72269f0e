# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/list_iadd_iterables.py)
import numpy as np, srcdiff as sd, sys
sys.path.insert(0, "tools/red27")
import harness as h
def q1(x):
    a = [x[0], x[1]]
    a += x[:2] * 2.0
    return sum(v * (i + 1.0) for i, v in enumerate(a))
def q2(x):
    a = [x[0]]
    a += (x[1], x[2])
    return a[0] * a[1] * a[2]
def q3(x):
    a = [x[0]]
    a += [t * 2.0 for t in x[1:]]
    return a[0] * a[1] + a[2]
def q4(x):
    a = [x[0], x[1]]
    a += x[2:]
    return len(a) * a[-1] + a[0]
def q5(x):
    a = [x[0]]
    for t in x[1:]:
        a += (t,)
    return a[-1] * a[0]
def q6(x):
    t = (x[0],)
    t += (x[1],)
    return t[0] * t[1]
def q7(x, n):
    a = [x[0]]
    a += [x[1]] * n
    return sum(a)
X = np.array([0.71, -1.33, 0.42])
for f, extra in [(q1, ()), (q2, ()), (q3, ()), (q4, ()), (q5, ()), (q6, ()), (q7, (2,))]:
    try:
        w = h.fd_grad(f, (X,) + extra, 0)
        v = f(X.copy(), *extra)
    except Exception as e:
        print(f.__name__, "primal fails", e); continue
    for name, th in (("grad", lambda: sd.grad(f)(X.copy(), *extra)), ("vag", lambda: sd.value_and_grad(f)(X.copy(), *extra)), ("jvp", lambda: sd.jvp(f)(X.copy(), *extra, tangents=np.array([0.3, 0.5, -0.2])))):
        want = w if name != "jvp" else np.dot(w, [0.3, 0.5, -0.2])
        try:
            g = th()
            if name in ("vag", "jvp"):
                if not np.isclose(g[0], v):
                    print(f.__name__, name, "WRONG VALUE", g[0], v); continue
                g = g[1]
            r = "right" if h.close(0.0 if g is None else g, want, 1e-5) else "WRONG %s %s" % (g, want)
        except sd.SrcdiffError as e:
            r = "refused " + str(e).splitlines()[0][-110:]
        except Exception as e:
            r = "CRASH %s %s" % (type(e).__name__, str(e)[:100])
        print(f.__name__, name, r)
