# ruff: noqa: E501, E402, BLE001, E701, E702, E731, F811, E401
import warnings

import numpy as np

import srcdiff as sd

warnings.filterwarnings("ignore")
def check(name, got, want):
    print("ok   " if np.allclose(got, want) else "WRONG", name, got, want)
def f7(x, s=2.0): return x * s
d7 = sd.grad(f7); check("default before", d7(1.0), 2.0)
f7.__defaults__ = (5.0,)
check("same df", d7(1.0), 5.0)
check("new grad", sd.grad(f7)(1.0), 5.0)
check("jvp", sd.jvp(f7)(1.0, tangents=1.0)[1], 5.0)
check("vag", sd.value_and_grad(f7)(1.0)[0], 5.0)
print(sd.source(f7))
# mutable default array mutated in place
def f8(x, w=np.array([1.0, 2.0])): return np.sum(x * w)
d8 = sd.grad(f8); check("arr default before", d8(np.ones(2)), [1, 2])
f8.__defaults__[0][0] = 7.0
check("arr default mutated", d8(np.ones(2)), [7, 2])
# helper with defaults changed
def helper(x, s=2.0): return x * s
def f9(x): return helper(x)
d9 = sd.grad(f9); check("helper before", d9(1.0), 2.0)
helper.__defaults__ = (3.0,)
check("helper after", d9(1.0), 3.0)
check("helper new grad", sd.grad(f9)(1.0), 3.0)
check("helper jvp", sd.jvp(f9)(1.0, tangents=1.0)[1], 3.0)
# kwdefaults
def f10(x, *, s=2.0): return x * s
d10 = sd.grad(f10); check("kwdefault before", d10(1.0), 2.0)
f10.__kwdefaults__ = {"s": 4.0}
check("kwdefault after", d10(1.0), 4.0)
def f11(x): return f10(x) + x
d11 = sd.grad(f11); check("kw helper", d11(1.0), 5.0)
f10.__kwdefaults__ = {"s": 6.0}
check("kw helper after", d11(1.0), 7.0)
# default wrt
def f12(x, s=2.0): return x * s * s
check("wrt default", sd.grad(f12, wrt=1)(1.0), 4.0)
f12.__defaults__ = (3.0,)
check("wrt default after", sd.grad(f12, wrt=1)(1.0), 6.0)
