# ruff: noqa: E501, E402, BLE001, E701, E702, E731, F811, E401
import warnings

import numpy as np

import srcdiff as sd

warnings.filterwarnings("ignore")
def check(name, got, want):
    print("ok   " if np.allclose(got, want) else "WRONG", name, got, want)

# 1 closure cell rebinding
def make():
    k = 2.0
    def f(x): return x * k
    def setk(v):
        nonlocal k
        k = v
    return f, setk
f, setk = make()
df = sd.grad(f); check("closure before", df(1.0), 2.0)
setk(5.0); check("closure after", df(1.0), 5.0)
check("closure after new grad", sd.grad(f)(1.0), 5.0)
jf = sd.jvp(f); setk(7.0); check("closure jvp", jf(1.0, tangents=1.0)[1], 7.0)

# 2 closure with array mutated in place
def make2():
    W = np.array([1.0, 2.0])
    def f(x): return np.sum(x * W)
    return f, W
f2, W2 = make2()
d2 = sd.grad(f2); check("cell array before", d2(np.ones(2)), [1, 2])
W2[0] = 10.0; check("cell array after", d2(np.ones(2)), [10, 2])

# 3 register after compile
def h(x): return np.sin(x)
def f3(x): return h(x) * 2.0
d3 = sd.grad(f3); check("before register", d3(0.3), 2 * np.cos(0.3))
sd.register_vjp(h, lambda g, ans, x: g * 3.0)
check("after register (same df)", d3(0.3), 6.0)
check("after register (new grad)", sd.grad(f3)(0.3), 6.0)

# 4 options in cache
def f4(x):
    h_ = x * 2.0
    return h_ * x
check("plain", sd.grad(f4)(1.5), 6.0)
check("stopgrad", sd.grad(f4, stop_gradients=("h_",))(1.5), 3.0)
check("plain again", sd.grad(f4)(1.5), 6.0)
check("wrt name", sd.grad(f4, wrt="h_")(1.5), 1.5)

# 5 object attribute changes
class M:
    def __init__(self): self.s = 2.0
    def loss(self, x): return x * self.s
m = M(); d5 = sd.grad(m.loss); check("attr before", d5(1.0), 2.0)
m.s = 4.0; check("attr after", d5(1.0), 4.0)
def f5(x): return m.loss(x) + x
d55 = sd.grad(f5); m.s = 6.0; check("attr inside", d55(1.0), 7.0)

# 6 global rebinding of a function name
def hh(x): return x * 2.0
def f6(x): return hh(x)
d6 = sd.grad(f6); check("gfunc before", d6(1.0), 2.0)
def hh(x): return x * 3.0  # noqa
check("gfunc after", d6(1.0), 3.0)

# 7 defaults changed
def f7(x, s=2.0): return x * s
d7 = sd.grad(f7); check("default before", d7(1.0), 2.0)
f7.__defaults__ = (5.0,); check("default after", d7(1.0), 5.0)

# 8 kwdefaults / global constant folded
C = 2.0
def f8(x): return x * C * C
d8 = sd.grad(f8); check("global const before", d8(1.0), 4.0)
C = 3.0; check("global const after", d8(1.0), 9.0)

# 9 module attribute
import types

mod = types.SimpleNamespace(k=2.0)
def f9(x): return x * mod.k
d9 = sd.grad(f9); check("ns attr before", d9(1.0), 2.0)
mod.k = 3.0; check("ns attr after", d9(1.0), 3.0)

# 10 custom_vjp defvjp replaced
@sd.custom_vjp
def sp(x): return np.log1p(np.exp(x))
@sp.defvjp
def _(g, ans, x): return g * 1.0
def f10(x): return sp(x) * 2.0
d10 = sd.grad(f10); check("custom before", d10(0.0), 2.0)
@sp.defvjp
def _(g, ans, x): return g * 0.5
check("custom redefined", d10(0.0), 1.0)

# 11 global list used
L = [1.0, 2.0]
def f11(x): return x * L[1]
d11 = sd.grad(f11); check("list before", d11(1.0), 2.0)
L[1] = 5.0; check("list after", d11(1.0), 5.0)

# 12 class attribute shared
class K:
    c = 2.0
    @classmethod
    def f(cls, x): return x * cls.c
d12 = sd.grad(K.f); check("classattr before", d12(1.0), 2.0)
K.c = 4.0; check("classattr after", d12(1.0), 4.0)

# 13 closure over a loop index (late binding)
fs = []
for i in range(3):
    def g(x, i=i): return x * i
    fs.append(g)
check("default-bound i", [sd.grad(gg)(1.0) for gg in fs], [0, 1, 2])
fs2 = [lambda x: x * j for j in range(3)]
check("late-bound j", [sd.grad(gg)(1.0) for gg in fs2], [2, 2, 2])
