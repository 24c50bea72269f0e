# ruff: noqa: E501, E731, E741, BLE001, B023
"""red29 area 3: methods, properties, inheritance, static/class methods, dataclasses,
objects as arguments, state changed between calls (stale caches).

    PYTHONPATH=. python tools/red29/classes29.py
Each case: a function to differentiate, its arguments, and (optionally) a mutation run
between two calls; the oracle is central differences of the function itself.
"""
import copy
import dataclasses
import functools
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "red27"))
import harness as h27  # noqa: E402

import srcdiff as sd  # noqa: E402

COUNTS = {}
RNG = np.random.default_rng(29)


class Layer:
    scale = 2.0

    def __init__(self, n, m):
        self.W = RNG.standard_normal((n, m))
        self.b = RNG.standard_normal(m)
        self.act = "tanh"
        self.k = 3

    @property
    def Wt(self):
        return self.W.T

    @staticmethod
    def squash(z):
        return np.tanh(z)

    @classmethod
    def factor(cls, z):
        return cls.scale * z

    def forward(self, x):
        return self.squash(x @ self.W + self.b)

    def loss(self, x):
        h = self.forward(x)
        return np.sum(h * h) * self.scale

    def loss_prop(self, x):
        return np.sum(np.sin(self.Wt @ x))

    def loss_cls(self, x):
        return np.sum(self.factor(x @ self.W))

    def loss_attr_loop(self, x):
        acc = 0.0
        for _ in range(self.k):
            acc = acc + np.sum(np.cos(x @ self.W))
        return acc

    def loss_branch(self, x):
        if self.act == "tanh":
            return np.sum(np.tanh(x @ self.W))
        return np.sum(np.sin(x @ self.W))

    def loss_self_store(self, x):
        self.cache = x * 2.0
        return np.sum(self.cache * self.b[0])

    def __call__(self, x):
        return np.sum(self.forward(x) ** 2)


class Deep(Layer):
    scale = 0.5

    def forward(self, x):
        return np.sin(super().forward(x))


@dataclasses.dataclass
class Params:
    W: np.ndarray
    b: np.ndarray
    alpha: float = 0.3


def dc_loss(p, x):
    return np.sum(np.tanh(x @ p.W + p.b)) * p.alpha


def obj_loss(layer, x):
    return np.sum(layer.forward(x) ** 2)


def obj_attr_loss(x, layer):
    return np.sum(np.tanh(x @ layer.W)) + np.sum(layer.b)


def helper_method_user(x, layer):
    return layer.loss(x) + np.sum(x)


class Bag:
    def __init__(self):
        self.d = {"a": RNG.standard_normal(3), "b": RNG.standard_normal(3)}
        self.ws = [RNG.standard_normal(3), RNG.standard_normal(3)]
        self.c = 0.5
        self.z = np.array(1.5)
        self.M = RNG.standard_normal((3, 4))

    def dict_loss(self, x):
        return np.sum(np.sin(x * self.d["a"])) + np.sum(x * self.d["b"])

    def list_loss(self, x):
        acc = 0.0
        for w in self.ws:
            acc = acc + np.sum(np.tanh(w * x))
        return acc

    def scalar_loss(self, x):
        return np.sum(np.sin(x) * self.c) + np.sum(x * self.z)

    def bcast_loss(self, x):
        return np.sum(np.sin(self.M * x[:, None]))


class Cell:
    def __init__(self):
        self.W = RNG.standard_normal((3, 3)) * 0.5
        self.steps = 2

    def step(self, h):
        return np.tanh(self.W @ h)

    def run(self, h):
        for _ in range(self.steps):
            h = self.step(h)
        return np.sum(h)


def record(name, outcome, msg=""):
    COUNTS[outcome] = COUNTS.get(outcome, 0) + 1
    print("%-7s %-48s %s" % (outcome, name, msg[:300]))


def check(name, fn, args, wrt=0, mutate=None, modes=("grad", "reference", "jvp")):
    """Gradient of fn at args against FD; then (mutate) change state, check again with the
    same transform objects (stale caches)."""
    wrts = wrt if isinstance(wrt, tuple) else (wrt,)
    for mode in modes:
        try:
            if mode == "jvp":
                tf = sd.jvp(fn, wrt=wrt)
            else:
                tf = sd.grad(fn, wrt=wrt, optimize=(mode != "reference"))
            rounds = [None] + ([mutate] if mutate else [])
            bad = None
            for m in rounds:
                if m is not None:
                    m()
                for i in wrts:
                    want = h27.fd_grad(fn, args, i)
                    if mode == "jvp":
                        tan = RNG.standard_normal(np.shape(args[i])) if not isinstance(args[i], float) else 1.0
                        tans = tuple(tan if j == i else (np.zeros_like(args[j]) if isinstance(args[j], np.ndarray) else 0.0) for j in wrts)
                        _, t = tf(*copy.deepcopy(args), tangents=tans if len(wrts) > 1 else tans[0])
                        got, exp = float(np.sum(t)), float(np.sum(want * np.ravel(tan)))
                        if not np.isclose(got, exp, rtol=1e-5, atol=1e-6):
                            bad = "%s tangent %r want %r" % ("after change" if m else "", got, exp)
                    else:
                        g = tf(*copy.deepcopy(args))
                        g = g[wrts.index(i)] if len(wrts) > 1 else g
                        got = np.ravel(np.asarray(g, dtype=float)) if g is not None else np.zeros_like(want)
                        if not h27.close(got, want, 1e-5):
                            bad = "%s got %s want %s" % ("after change" if m else "", got[:4], want[:4])
            record("%s [%s]" % (name, mode), "wrong" if bad else "right", bad or "")
        except sd.SrcdiffError as e:
            record("%s [%s]" % (name, mode), "refused", str(e).splitlines()[0])
        except TypeError as e:
            if "srcdiff takes" in str(e):  # SPEC 8: such arguments are refused with TypeError
                record("%s [%s]" % (name, mode), "refused", "TypeError: " + str(e))
            else:
                record("%s [%s]" % (name, mode), "crash", "%s: %s" % (type(e).__name__, e))
        except Exception as e:
            record("%s [%s]" % (name, mode), "crash", "%s: %s" % (type(e).__name__, e))


def main():
    x = RNG.standard_normal((2, 3))
    L = Layer(3, 4)
    check("bound method self.W", L.loss, (x,))

    def chW():
        L.W = L.W * 1.5 + 0.1
    check("bound method, self.W rebound between calls", L.loss, (x,), mutate=chW)

    def chW_inplace():
        L.W *= 0.7
    check("bound method, self.W changed in place", L.loss, (x,), mutate=chW_inplace)

    def chb():
        L.b[:] = RNG.standard_normal(4)
    check("bound method, self.b[:] set between calls", L.loss, (x,), mutate=chb)
    check("property self.Wt", L.loss_prop, (x[0],))
    check("property, W rebound", L.loss_prop, (x[0],), mutate=chW)
    check("classmethod inside", L.loss_cls, (x,))
    check("attribute loop count", L.loss_attr_loop, (x,))

    def chk():
        L.k = 5
    check("attribute loop count changed", L.loss_attr_loop, (x,), mutate=chk)

    def chact():
        L.act = "sin"
    check("string attribute branch changed", L.loss_branch, (x,), mutate=chact)
    L.act = "tanh"

    def chscale():
        Layer.scale = 3.0
    check("class attribute changed", L.loss, (x,), mutate=chscale)
    Layer.scale = 2.0

    def chmethod():
        L.squash = lambda z: np.sin(z)
    L2 = Layer(3, 4)
    check("instance attribute shadows staticmethod", L2.loss, (x,), mutate=lambda: setattr(L2, "squash", staticmethod(np.sin).__func__))
    check("self store", L.loss_self_store, (x,))
    D = Deep(3, 4)
    check("inherited method, super()", D.loss, (x,))
    check("callable object", L, (x,))
    check("functools.partial of method", functools.partial(Layer.loss, L), (x,))
    P = Params(RNG.standard_normal((3, 4)), RNG.standard_normal(4))
    check("dataclass argument (x)", dc_loss, (P, x), wrt=1)

    def chP():
        P.alpha = 0.9
        P.W = P.W + 1.0
    check("dataclass argument fields changed", dc_loss, (P, x), wrt=1, mutate=chP)
    L3 = Layer(3, 4)
    check("object argument, forward method", obj_loss, (L3, x), wrt=1)

    def chL3():
        L3.W = L3.W * -1.0
    check("object argument, W rebound", obj_loss, (L3, x), wrt=1, mutate=chL3)
    check("object argument attrs (second arg)", obj_attr_loss, (x, L3), wrt=0, mutate=chL3)
    check("helper calls method of argument", helper_method_user, (x, L3), wrt=0, mutate=chL3)
    C = Cell()
    h0 = RNG.standard_normal(3)

    def chsteps():
        C.steps = 4
    check("method loop calling method", C.run, (h0,), mutate=chsteps)

    def chCW():
        C.W[0, 0] += 1.0
    check("method loop, W[0,0] changed in place", C.run, (h0,), mutate=chCW)
    # a new object with the same method code and different arrays
    C2 = Cell()
    check("second instance of the same class", C2.run, (h0,))
    B = Bag()

    def chd():
        B.d["a"] = B.d["a"] * 3.0
        B.d["b"] += 1.0
    check("dict attribute entries changed", B.dict_loss, (h0,), mutate=chd)

    def chws():
        B.ws.append(RNG.standard_normal(3))
    check("list attribute appended", B.list_loss, (h0,), mutate=chws)

    def chws2():
        B.ws[0] = B.ws[0] * 2.0
    check("list attribute entry replaced", B.list_loss, (h0,), mutate=chws2)

    def chc():
        B.c = 2.5
        B.z[...] = -0.7
    check("float attribute and 0-d array changed", B.scalar_loss, (h0,), mutate=chc)

    def chM():
        B.M = RNG.standard_normal((3, 1))
    check("attribute shape changes (3,4)->(3,1)", B.bcast_loss, (h0,), mutate=chM)
    B2 = Bag()

    def chM2():
        B2.M = RNG.standard_normal((1, 4))
    check("attribute shape changes (3,4)->(1,4)", B2.bcast_loss, (h0,), mutate=chM2)
    B3 = Bag()

    def chM3():
        B3.M = np.arange(12).reshape(3, 4)
    check("attribute dtype changes to int", B3.bcast_loss, (h0,), mutate=chM3)
    B4 = Bag()

    def chM4():
        B4.M = 0.7
    check("attribute array -> float", B4.bcast_loss, (h0,), mutate=chM4)
    B5 = Bag()

    def chd5():
        B5.d = {"a": 2.0, "b": np.ones(3)}
    check("dict attribute entry array -> float", B5.dict_loss, (h0,), mutate=chd5)
    print(COUNTS)


if __name__ == "__main__":
    main()
