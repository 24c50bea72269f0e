# ruff: noqa: E501, E402, BLE001, E701, E702, E731, F811, E401
import types
import warnings

import numpy as np

import srcdiff as sd

warnings.filterwarnings("ignore")
def check(name, fn):
    try:
        before, change, after = fn()
        print("ok   " if np.allclose(before(), after[0]) else "WRONG-before", end=" ")
        change()
        got = after[2]()
        print("ok   " if np.allclose(got, after[1]) else "WRONG", name, got, after[1])
    except sd.SrcdiffError as e:
        print("REFUSED", name, str(e).splitlines()[0][:120])
    except Exception as e:
        print("CRASH", name, type(e).__name__, str(e)[:150])
FUNCS = {"act": np.tanh}
def f1(x): return FUNCS["act"](x)
def c1():
    d = sd.grad(f1)
    return (lambda: d(0.0)), (lambda: FUNCS.__setitem__("act", np.sin)), (1.0, np.cos(0.5), lambda: d(0.5))
check("dict of functions", c1)
LIST = [np.tanh]
def f2(x): return LIST[0](x)
def c2():
    d = sd.grad(f2)
    return (lambda: d(0.0)), (lambda: LIST.__setitem__(0, np.sin)), (1.0, np.cos(0.5), lambda: d(0.5))
check("list of functions", c2)
obj = types.SimpleNamespace(act=np.tanh)
def f3(x): return getattr(obj, "act")(x)
def c3():
    d = sd.grad(f3)
    return (lambda: d(0.0)), (lambda: setattr(obj, "act", np.sin)), (1.0, np.cos(0.5), lambda: d(0.5))
check("getattr call", c3)

cfg = types.SimpleNamespace(inner=types.SimpleNamespace(act=np.tanh))
def f4(x): return cfg.inner.act(x)
def c4():
    d = sd.grad(f4)
    return (lambda: d(0.0)), (lambda: setattr(cfg, "inner", types.SimpleNamespace(act=np.sin))), (1.0, np.cos(0.5), lambda: d(0.5))
check("two-level attribute, middle replaced", c4)
@sd.differentiate
def loss(x): return x * SC
SC = 2.0
def c5():
    return (lambda: loss.grad(1.0)), (lambda: globals().__setitem__("SC", 5.0)), (2.0, 5.0, lambda: loss.grad(1.0))
check("decorator global", c5)
class Layer:
    def __init__(self): self.act = np.tanh
    def forward(self, x): return self.act(x)
L = Layer()
def c6():
    d = sd.grad(L.forward)
    return (lambda: d(0.0)), (lambda: setattr(L, "act", np.sin)), (1.0, np.cos(0.5), lambda: d(0.5))
check("self.act replaced (method differentiated)", c6)
def f7(x): return L.forward(x)
def c7():
    L.act = np.tanh
    d = sd.grad(f7)
    return (lambda: d(0.0)), (lambda: setattr(L, "act", np.sin)), (1.0, np.cos(0.5), lambda: d(0.5))
check("self.act replaced (via helper method)", c7)
class Seq:
    def __init__(self): self.layers = [np.tanh, np.sin]
    def __call__(self, x):
        for f in self.layers:
            x = f(x)
        return x
S = Seq()
def c8():
    d = sd.grad(S)
    return (lambda: d(0.3)), (lambda: S.layers.__setitem__(0, np.cos)), ((1 - np.tanh(0.3)**2) * np.cos(np.tanh(0.3)), -np.sin(0.3) * np.cos(np.cos(0.3)), lambda: d(0.3))
check("layers list mutated", c8)
