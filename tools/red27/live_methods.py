# ruff: noqa: E501, E402, BLE001, E701, E702, E731, F811, E401
import types
import warnings

import numpy as np

import srcdiff as sd

warnings.filterwarnings("ignore")
def check(name, got, want):
    print("ok   " if np.allclose(got, want) else "WRONG", name, got, want)

class M:
    def __init__(self): self.s = 2.0
    def loss(self, x): return x * self.s
    def loss_d(self, x, k=2.0): return x * k
    def __call__(self, x): return x * 3.0

m = M()
def f(x): return m.loss(x)
df = sd.grad(f); check("method before", df(1.0), 2.0)
M.loss = lambda self, x: x * 10.0
check("class method replaced (same df)", df(1.0), 10.0)
check("class method replaced (new grad)", sd.grad(f)(1.0), 10.0)

m2 = M()
def f2(x): return m2.loss_d(x)
d2 = sd.grad(f2); check("method default before", d2(1.0), 2.0)
M.loss_d.__defaults__ = (7.0,)
check("method default after (same)", d2(1.0), 7.0)
check("method default after (new)", sd.grad(f2)(1.0), 7.0)
d2b = sd.grad(m2.loss_d); M.loss_d.__defaults__ = (9.0,)
check("bound method differentiated, default changed", d2b(1.0), 9.0)

m3 = M()
def f3(x): return m3.loss(x)
d3 = sd.grad(f3); check("inst before", d3(1.0), 10.0)
m3.loss = types.MethodType(lambda self, x: x * 4.0, m3)
check("instance attr method", d3(1.0), 4.0)

class N:
    def loss(self, x): return x * 5.0
m4 = M()
def f4(x): return m4.loss(x)
d4 = sd.grad(f4); check("class swap before", d4(1.0), 10.0)
m4.__class__ = N
check("class swapped", d4(1.0), 5.0)

m5 = M()
def f5(x): return m5(x)
d5 = sd.grad(f5); check("call before", d5(1.0), 3.0)
M.__call__ = lambda self, x: x * 6.0
check("__call__ replaced", d5(1.0), 6.0)

# a method's code replaced
class P:
    def h(self, x): return x * 2.0
p = P()
def f6(x): return p.h(x)
d6 = sd.grad(f6); check("method code before", d6(1.0), 2.0)
P.h.__code__ = (lambda self, x: x * 8.0).__code__
check("method code replaced", d6(1.0), 8.0)

# staticmethod replaced
class Q:
    @staticmethod
    def h(x): return x * 2.0
def f7(x): return Q.h(x)
d7 = sd.grad(f7); check("static before", d7(1.0), 2.0)
Q.h = staticmethod(lambda x: x * 3.0)
check("static replaced", d7(1.0), 3.0)

# module attribute function replaced (monkeypatch)

ns = types.SimpleNamespace(act=np.tanh)
def f8(x): return ns.act(x)
d8 = sd.grad(f8); check("ns fn before", d8(0.0), 1.0)
ns.act = np.sin
check("ns fn replaced", d8(np.pi / 3), 0.5)
