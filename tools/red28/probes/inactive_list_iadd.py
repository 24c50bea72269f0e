# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/inactive_list_iadd.py)
import numpy as np, srcdiff as sd, sys
sys.path.insert(0, "tools/red27")
import harness as h
def r1(x):
    a = [1.0]
    a += (2.0,)
    return x * a[1]
def r2(x):
    a = [1.0]
    b = a
    a += [3.0]
    return x * len(b)
def r3(x):
    a = [1.0]
    b = a
    a += [3.0]
    return x * b[-1]
def r4(x):
    a = [1.0, 2.0]
    b = a
    a *= 2
    return x * len(b) + x * b[-1]
def r5(x):
    n = [0]
    m = n
    for i in range(3):
        n += [i]
    return x * sum(m)
def r6(x):
    a = np.zeros(2)
    b = a
    a += 1.0
    return np.sum(x * b)
X = np.array([0.71, -1.33, 0.42])
for f in [r1, r2, r3, r4, r5, r6]:
    try:
        w = h.fd_grad(f, (X,), 0)
        v = f(X.copy())
    except Exception as e:
        print(f.__name__, "primal fails", e); continue
    for name, th in (("grad", lambda: sd.grad(f)(X.copy())), ("vag", lambda: sd.value_and_grad(f)(X.copy())), ("jvp", lambda: sd.jvp(f)(X.copy(), tangents=np.array([0.3, 0.5, -0.2])))):
        want = w if name != "jvp" else np.dot(w, [0.3, 0.5, -0.2])
        try:
            g = th()
            if name in ("vag", "jvp"):
                if not np.allclose(g[0], v):
                    print(f.__name__, name, "WRONG VALUE", g[0], v); continue
                g = g[1]
            r = "right" if h.close(0.0 if g is None else g, want, 1e-5) else "WRONG %s %s" % (g, want)
        except sd.SrcdiffError as e:
            r = "refused " + str(e).splitlines()[0][-110:]
        except Exception as e:
            r = "CRASH %s %s" % (type(e).__name__, str(e)[:100])
        print(f.__name__, name, r)
