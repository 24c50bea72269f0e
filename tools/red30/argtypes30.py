# ruff: noqa: E501, E402, BLE001
"""red30: one gradient called with the argument types people pass (int, np.float64, 0-d array,
np.float32 scalar, a list for an array, an int array) against central differences."""
import math
import os
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
warnings.filterwarnings("ignore")
import srcdiff as sd


def f_scalar(S, K, sigma):
    d1 = (math.log(S / K) + 0.5 * sigma ** 2) / sigma
    return S * 0.5 * (1 + math.erf(d1 / math.sqrt(2))) + S ** 2 / K


def f_np_scalar(a, b):
    return np.exp(-a * b) * np.sin(a) + a ** 3 / b


def f_arr(x, w):
    return np.sum(np.tanh(x * w)) + np.sum(x ** 2) * w[0]


def fd(f, args, i, h=1e-6):
    base = np.asarray(args[i], dtype=float)
    g = np.zeros(base.shape).ravel()
    for k in range(base.size):
        vals = []
        for s in (1, -1):
            v = base.copy().ravel()
            v[k] += s * h
            a = list(args)
            a[i] = v.reshape(base.shape) if base.ndim else float(v[0])
            vals.append(float(np.sum(f(*a))))
        g[k] = (vals[0] - vals[1]) / (2 * h)
    return g.reshape(base.shape)


rows = []
variants = {
    "int": lambda v: int(round(v)),
    "np.float64": np.float64,
    "0-d array": lambda v: np.array(v),
    "np.float32": np.float32,
    "np.int64": lambda v: np.int64(round(v)),
}
for f, base in ((f_scalar, (2.0, 3.0, 0.5)), (f_np_scalar, (1.0, 2.0))):
    for name, conv in variants.items():
        for i in range(len(base)):
            args = list(base)
            args[i] = conv(args[i])
            for mode in ("grad", "jvp", "vag", "hvp"):
                try:
                    if mode == "grad":
                        got = sd.grad(f, wrt=i)(*args)
                    elif mode == "vag":
                        got = sd.value_and_grad(f, wrt=i)(*args)[1]
                    elif mode == "jvp":
                        got = sd.jvp(f, wrt=i)(*args, tangents=1.0)[1]
                    else:
                        got = sd.hvp(f, wrt=i)(*args, vector=1.0)
                        h = 1e-5
                        ap = [float(a) for a in args]
                        am = list(ap)
                        ap[i] += h
                        am[i] -= h
                        want = (sd.grad(f, wrt=i, optimize=False)(*ap) - sd.grad(f, wrt=i, optimize=False)(*am)) / (2 * h)
                        ok = np.allclose(float(got), want, rtol=1e-4, atol=1e-6)
                        rows.append((f.__name__, name, i, mode, "right" if ok else "WRONG %r want %r" % (got, want)))
                        continue
                    want = fd(f, [float(a) for a in args], i)
                    ok = np.allclose(np.asarray(got, float), want, rtol=1e-5, atol=1e-6)
                    rows.append((f.__name__, name, i, mode, ("right" if ok else "WRONG %r want %r" % (got, want)) + " type=%s" % type(got).__name__))
                except sd.SrcdiffError as e:
                    rows.append((f.__name__, name, i, mode, "refused: " + str(e).splitlines()[0][:200]))
                except Exception as e:
                    rows.append((f.__name__, name, i, mode, "CRASH %s: %s" % (type(e).__name__, str(e)[:200])))
for name, conv in (("list", lambda v: list(v)), ("int array", lambda v: np.round(v).astype(int)), ("float32", lambda v: v.astype(np.float32)), ("tuple", tuple)):
    for i in range(2):
        args = [np.array([0.5, 1.0, 2.0]), np.array([1.0, -1.0, 3.0])]
        args[i] = conv(args[i])
        for mode in ("grad", "jvp"):
            try:
                if mode == "grad":
                    got = sd.grad(f_arr, wrt=i)(*args)
                else:
                    got = sd.jvp(f_arr, wrt=i)(*args, tangents=np.ones(3))[1]
                fa = [np.asarray(a, float) for a in args]
                want = fd(f_arr, fa, i)
                want = want.sum() if mode == "jvp" else want
                ok = np.allclose(np.asarray(got, float), want, rtol=1e-3 if name == "float32" else 1e-5, atol=1e-4)
                rows.append(("f_arr", name, i, mode, ("right" if ok else "WRONG %r want %r" % (got, want)) + " type=%s" % type(got).__name__))
            except sd.SrcdiffError as e:
                rows.append(("f_arr", name, i, mode, "refused: " + str(e).splitlines()[0][:200]))
            except Exception as e:
                rows.append(("f_arr", name, i, mode, "CRASH %s: %s" % (type(e).__name__, str(e)[:200])))
for r in rows:
    print("%-12s %-11s %d %-5s %s" % r)
