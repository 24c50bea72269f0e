# ruff: noqa: E501, E402, BLE001, E701, E702, E731, F811, E401
import warnings

import numpy as np

import srcdiff as sd

warnings.filterwarnings("ignore")
def run(name, f, args, wrt, want, **kw):
    try:
        g = sd.grad(f, wrt=wrt, **kw)(*args)
    except sd.SrcdiffError as e:
        print("REFUSED", name, str(e).splitlines()[0][:200]); return
    except Exception as e:
        print("CRASH", name, type(e).__name__, e); return
    ok = all(np.allclose(a if a is not None else 0.0, b) for a, b in zip(g if isinstance(wrt, tuple) else (g,), want if isinstance(wrt, tuple) else (want,)))
    print("ok   " if ok else "WRONG", name, g, "want", want)

def f1(x):
    h = x * 2.0
    h = h * h
    return h + x
run("rebind", f1, (1.5,), "h", 1.0)

def f2(x):
    h = x
    for i in range(3):
        h = np.sin(h)
    return h * 2.0 + x
run("loop last", f2, (0.7,), "h", 2.0)

def f3(x):
    if x > 0:
        h = x * 2.0
    else:
        h = x * 3.0
    return h * h
run("branch", f3, (0.7,), "h", 2 * 1.4)
run("branch neg", f3, (-0.7,), "h", 2 * -2.1)

def f4(x):
    h = x * 2.0
    h[0] = 5.0
    return np.sum(h * h)
# value after `h = x*2` perturbed: entry 0 overwritten -> 0; others 2*h
x4 = np.array([1.0, 2.0, 3.0])
run("store after", f4, (x4,), "h", np.array([0.0, 8.0, 12.0]))

def f5(x):
    h = x * 2.0
    h += x
    return h * h
run("augassign", f5, (0.5,), "h", 2 * 1.5)

def f6(x):
    a, h = x * 2.0, x * 3.0
    return a * h
run("tuple target", f6, (0.5,), "h", 1.0)

def f7(x):
    h = x * 2.0
    y = h * 3.0
    h = x * 5.0
    return y + h * h
run("earlier use", f7, (0.5,), "h", 5.0)

def f8(x):
    total = 0.0
    for i in range(3):
        h = x * i
        total = total + h * h
    return total
# last assignment: h = x*2 (i=2) -> d total / dh = 2h = 2*x*2
run("loop body local", f8, (0.5,), "h", 2 * 0.5 * 2)

def f9(x):
    h = x * 2.0
    def inner(z):
        return z * h
    return inner(x)
run("closure read", f9, (0.5,), "h", 0.5)

def f10(x):
    h = x * 2.0
    h2 = h
    h = h * 3.0
    return h2 + h
run("alias then rebind", f10, (0.5,), "h", 1.0)

def f11(x):
    h = x * 2.0
    return h * x, h
run("returned", f11, (0.5,), "h", 1.5)

def f12(x):
    h = [x, x * 2.0]
    return h[0] * h[1]
run("list local", f12, (0.5,), "h", [1.0, 0.5])

def f13(x):
    h = x * 2.0
    while h < 10.0:
        h = h * 1.5
    return h * x
run("while", f13, (1.0,), "h", 1.0)

def f14(x):
    h = x * 2.0
    out = h * 3.0
    return out
run("stop x", f14, (0.5,), ("x", "h"), (6.0, 3.0))
run("stopgrads", f14, (0.5,), ("x", "h"), (0.0, 3.0), stop_gradients=("h",))

def f15(x, y):
    h = x * y
    z = h * h
    h = z + 1.0
    return h * x
run("x with h rebind", f15, (0.5, 2.0), ("x", "h"), (2 * 1.0 * 2.0 * 0.5 + (1.0 + 1.0) + 0.0, 0.5))
