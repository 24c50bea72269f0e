# ruff: noqa: E501, E402, BLE001, E701, E702, E731, F811, E401
import warnings

import numpy as np

import srcdiff as sd

warnings.filterwarnings("ignore")
def check(name, got, want):
    print("ok   " if np.allclose(got, want) else "WRONG", name, got, want)
SCALE = 2.0
def helper(x): return x * 2.0
class M:
    def loss(self, x): return x * SCALE
    def loss2(self, x): return helper(x)
    def __call__(self, x): return x * SCALE
m = M()
d1 = sd.grad(m.loss); check("method global before", d1(1.0), 2.0)
d3 = sd.grad(m); check("callable global before", d3(1.0), 2.0)
SCALE = 3.0
check("method global rebound", d1(1.0), 3.0)
check("callable global rebound", d3(1.0), 3.0)
d2 = sd.grad(m.loss2); check("method helper before", d2(1.0), 2.0)
def helper(x): return x * 4.0
check("method helper rebound", d2(1.0), 4.0)
M.loss.__code__ = (lambda self, x: x * 7.0).__code__
check("method code replaced", d1(1.0), 7.0)
