# ruff: noqa: E501, E402, BLE001, E701, E702, E731, F811, E401
import warnings

import numpy as np

import srcdiff as sd

warnings.filterwarnings("ignore")
def check(name, got, want):
    print("ok   " if np.allclose(got, want) else "WRONG", name, got, want)
class M:
    def loss(self, x, k=2.0): return x * k
    def __call__(self, x): return x * 3.0
m = M()
d1 = sd.grad(m.loss); check("bm before", d1(1.0), 2.0)
M.loss.__defaults__ = (9.0,); check("bm default", d1(1.0), 9.0)
M.loss = lambda self, x, k=2.0: x * 11.0
check("bm class replaced (held; Python's m.loss bound earlier still old? no: d1 holds bound method)", d1(1.0), 9.0)
d2 = sd.grad(m); check("callable before", d2(1.0), 3.0)
M.__call__ = lambda self, x: x * 6.0
check("callable __call__ replaced", d2(1.0), 6.0)
