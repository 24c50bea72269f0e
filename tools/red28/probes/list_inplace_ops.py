# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/list_inplace_ops.py)
import numpy as np, srcdiff as sd, sys, functools, operator
sys.path.insert(0, "tools/red27")
import harness as h
def p1(x):
    a = [x[0]]
    b = a
    b += [x[1] * 2.0]
    return sum(a) * a[-1]
def p2(x):
    a = [x[0], x[1]]
    b = a
    b *= 2
    return sum(a) * x[2]
def p3(x):
    d = {"a": [x[0]]}
    l = d["a"]
    l += [x[1] ** 2]
    return sum(d["a"])
def p4(x):
    a = [x[0]]
    a += [x[1] * 2.0]
    a += (x[2],)
    return a[0] * a[1] * a[2]
def p5(x):
    ds = [{"a": x[0]}, {"b": x[1] * 2.0}]
    m = functools.reduce(operator.or_, ds)
    return m["a"] * m["b"]
def p6(x):
    return max([], default=x[0]) * min([x[1], x[2]], default=0.0)
def p7(x):
    t = (x[0],)
    u = t
    u += (x[1] * 3.0,)
    return sum(t) + sum(u) * 2.0
def p8(x):
    rows = [[x[0], x[1]], [x[2], x[0]]]
    r0 = rows[0]
    r0 += [x[2] * 5.0]
    return sum(rows[0]) * 1.0
def p9(x):
    a = [x[0], x[1]]
    for i in range(2):
        a += [a[-1] * x[2]]
    return sum(a)
def p10(x):
    a = [x[0], x[1]]
    b = a
    a = a + [x[2]]
    return sum(b) * 2.0 + sum(a)
X = np.array([0.71, -1.33, 0.42])
for f in [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10]:
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
