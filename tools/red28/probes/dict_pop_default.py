# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/dict_pop_default.py)
import numpy as np, srcdiff as sd, sys
sys.path.insert(0, "tests")
def f1(x):
    d = {"a": x * 2.0}
    b = d.pop("z", x * 3.0)
    return np.sum(b * d["a"])
def f2(x):
    d = {"a": x * 2.0, "z": x ** 2}
    b = d.pop("z", x * 3.0)
    return np.sum(b * d["a"])
def f3(x):
    d = {"a": 1.0}
    b = d.pop("z", x * 3.0)
    return np.sum(b * x)
def f4(x):
    d = {"a": x * 2.0, "c": 1.0}
    b = d.pop("c", x * 3.0)
    return np.sum(b * x) + np.sum(d["a"])
def f5(x):
    d = {"a": x * 2.0}
    b = d.pop("a", 0.0)
    c = d.pop("q", 0.0)
    return np.sum(b * x) + c
def f6(x):
    d = {"a": x * 2.0}
    d.pop("z", x)
    return np.sum(d["a"] * x)
def f7(x, k):
    d = {"a": x * 2.0, "b": np.sin(x)}
    b = d.pop(k, x ** 3)
    return np.sum(b * x)
x = np.array([1.0, 2.0])
t = np.array([0.3, -0.7])
def fd(f, *a):
    h=1e-6
    return (f(x + h*t, *a) - f(x - h*t, *a)) / (2*h)
for f, extra in [(f1,()),(f2,()),(f3,()),(f4,()),(f5,()),(f6,()),(f7,("a",)),(f7,("b",)),(f7,("q",))]:
    try:
        v, tt = sd.jvp(f)(x, *extra, tangents=t)
        print(f.__name__, extra, np.isclose(tt, fd(f, *extra)), tt, fd(f, *extra))
    except sd.SrcdiffError as e:
        print(f.__name__, "refused", str(e).splitlines()[0])
    try:
        H = sd.hessian(f)(x, *extra)
        g = sd.grad(f)
        h=1e-5
        Hn = np.array([(g(x+h*e, *extra)-g(x-h*e, *extra))/(2*h) for e in np.eye(2)])
        print("   hess", np.allclose(H, Hn, atol=1e-5))
    except sd.SrcdiffError as e:
        print("   hess refused", str(e).splitlines()[0][-100:])
