# ruff: noqa: E501, E402, BLE001, E701, E702, E731, F811, E401
import warnings

import numpy as np

import srcdiff as sd

warnings.filterwarnings("ignore")
def check(name, got, want):
    print("ok   " if np.allclose(got, want) else "WRONG", name, got, want)
def helper(x, w=np.array([1.0, 2.0])): return np.sum(x * w)
def f1(x): return helper(x)
d1 = sd.grad(f1); check("helper arr before", d1(np.ones(2)), [1, 2])
helper.__defaults__[0][0] = 7.0
check("helper arr mutated", d1(np.ones(2)), [7, 2])
def lh(x, c=[2.0]): return x * c[0]
def f2(x): return lh(x)
d2 = sd.grad(f2); d2b = sd.grad(lh); check("list default before", d2(1.0), 2.0); check("list default direct before", d2b(1.0), 2.0)
lh.__defaults__[0][0] = 5.0
check("list default helper mutated", d2(1.0), 5.0)
check("list default direct mutated", d2b(1.0), 5.0)
# function mutates its own default (classic python gotcha), via a counter
def counter(x, state={"n": 1.0}):
    return x * state["n"]
d3 = sd.grad(counter); check("dict default before", d3(1.0), 1.0)
counter.__defaults__[0]["n"] = 3.0
check("dict default mutated", d3(1.0), 3.0)
print(sd.source(f1))
print(sd.source(f2))
