# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/misc_functions.py)
import numpy as np, srcdiff as sd, sys, math, operator, functools, itertools, statistics
sys.path.insert(0, "tools/red27")
import harness as h
def m1(x):
    q, r = divmod(x[0] * 3.0, 1.0)
    return r * x[1] + q
def m2(x):
    fr, it = math.modf(x[0] * 3.0)
    return fr * x[1]
def m3(x):
    fr, it = np.modf(x * 3.0)
    return np.sum(fr * x)
def m4(x):
    q, r = np.divmod(x * 3.0, 1.0)
    return np.sum(r * x)
def m5(x):
    return math.fmod(x[0] * 3.0, 1.0) * x[1] + math.remainder(x[1] * 5.0, 1.0)
def m6(x):
    m, e = math.frexp(x[0] * 3.0)
    return m * x[1]
def m7(x):
    m, e = np.frexp(x * 3.0)
    return np.sum(m * x)
def m8(x):
    return np.sum(np.fmod(x * 3.0, 1.0) * x)
def m9(x):
    u = np.unique(np.round(x, 0) * 0.0 + x)
    return np.sum(u ** 2)
def m10(x):
    cnt, edges = np.histogram(x, bins=3)
    return np.sum(edges * 2.0) + np.sum(cnt)
def m11(x):
    return functools.reduce(operator.mul, [x[0], x[1], x[2]])
def m12(x):
    return list(itertools.accumulate([x[0], x[1], x[2]]))[-1] * x[0]
def m13(x):
    return statistics.mean([x[0], x[1] ** 2, x[2]])
def m14(x):
    return np.sum(np.vectorize(lambda t: t ** 2)(x))
def m15(x):
    return np.sum(np.apply_along_axis(np.sum, 0, x.reshape(3, 1) * x))
def m16(x):
    return np.sum(np.piecewise(x, [x < 0, x >= 0], [lambda t: t ** 2, lambda t: t ** 3]))
def m17(x):
    return float(np.float64(x[0]) * np.float32(x[1])) + complex(x[2], 0.0).real * x[0]
def m18(x):
    return sum(x.tolist()) * x[0] + sum([x[0], x[1]], x[2])
def m19(x):
    return math.copysign(x[0] * 2.0, -1.0) + np.sum(np.copysign(x, 1.0) * x)
def m20(x):
    return np.ptp(x) + np.sum(np.diff(np.sort(x)))
def m21(x):
    a = np.asarray(x, dtype=np.float32)
    return float(np.sum(a.astype(np.float64) ** 2))
def m22(x):
    return math.ldexp(x[0], 2) + np.sum(np.ldexp(x, 1))
def m23(x):
    return np.sum(np.nextafter(x, 10.0) * x)
def m24(x):
    return np.sum(np.spacing(x) + x ** 2)
def m25(x):
    v = x.view()
    return np.sum(v ** 2)
def m26(x):
    s = 0.0
    for a, b in itertools.product(x[:2], x[1:]):
        s = s + a * b
    return s
def m27(x):
    s = 0.0
    for a, b in itertools.combinations(x, 2):
        s = s + a * b
    return s
def m28(x):
    return max(map(float, x)) * 2.0
def m29(x):
    return np.sum(np.sort(x)[::-1][:2] * np.array([3.0, 1.0]))
def m30(x):
    return np.sum(np.partition(x, 1)[:2] ** 2)
def m31(x):
    return np.sum(np.select([x > 0, x <= 0], [x ** 2, x ** 3]))
def m32(x):
    return np.sum(np.real_if_close(x + 0j) ** 2)
def m33(x):
    return np.sum(np.around(x, 2) * 0.0 + np.fix(x) * x + np.sign(x) * x)
def m34(x):
    return sum(sorted(x, key=lambda t: -t)[:2])
def m35(x):
    return np.sum(np.nan_to_num(np.log(x)) * x)
def m36(x):
    return np.sum(np.float_power(np.abs(x), 1.5))
def m37(x):
    return np.sum(np.sqrt(np.abs(x)) ** 3)
def m38(x):
    return np.linalg.norm(x, ord=np.inf) + np.linalg.norm(x, ord=-np.inf)
def m39(x):
    return np.sum(np.maximum.accumulate(x) * x)
def m40(x):
    return np.sum(np.add.reduce(x * x)) + np.multiply.reduce(x)
X = np.array([0.71, -1.33, 0.42])
for f in [m1,m2,m3,m4,m5,m6,m7,m8,m9,m10,m11,m12,m13,m14,m15,m16,m17,m18,m19,m20,m21,m22,m23,m24,m25,m26,m27,m28,m29,m30,m31,m32,m33,m34,m35,m36,m37,m38,m39,m40]:
    try:
        w = h.fd_grad(f, (X,), 0)
    except Exception as e:
        print(f.__name__, "primal fails", e); continue
    for name, th in (("grad", lambda: sd.grad(f)(X.copy())), ("ref", lambda: sd.grad(f, optimize=False)(X.copy())), ("jvp", lambda: sd.jvp(f)(X.copy(), tangents=np.array([0.3, 0.5, -0.2]))[1])):
        want = w if name != "jvp" else np.dot(w, [0.3, 0.5, -0.2])
        try:
            g = th()
            r = "right" if h.close(0.0 if g is None else g, want, 1e-4) else "WRONG %s %s" % (g, want)
        except sd.SrcdiffError as e:
            r = "refused " + str(e).splitlines()[0][-110:]
        except Exception as e:
            r = "CRASH %s %s" % (type(e).__name__, str(e)[:100])
        if r != "right" or name == "grad": print(f.__name__, name, r)
