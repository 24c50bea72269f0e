# ruff: noqa: E501, E402, BLE001, E701, E702, E731, F811, E401, I001
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen"))
import itertools
import warnings

import numpy as np

import srcdiff as sd

warnings.filterwarnings("ignore")
from harness import close, fd_grad, grads_vec

# Reuse one gradient function across argument shapes
shapes = [(), (1,), (3,), (1, 3), (3, 1), (2, 3), (1, 1), (2, 1, 3)]
def mk(shape, r, pos=False):
    if shape == "f":
        return float(r.uniform(0.5, 2.0))
    return r.uniform(0.5, 2.0, shape) if pos else r.uniform(0.3, 2.0, shape) * r.choice([-1, 1], shape)
def bin_ops():
    def add(x, y): return np.sum((x + y) * (x + 2.0))
    def mul(x, y): return np.sum(x * y * np.sin(y))
    def div(x, y): return np.sum(x / y)
    def powr(x, y): return np.sum(x ** y)
    def mx(x, y): return np.sum(np.maximum(x, y) ** 2)
    def wh(x, y): return np.sum(np.where(x > y, x, y * 2))
    def sm(x, y): return np.sum(x, axis=-1, keepdims=True) * y
    def mm(x, y): return np.mean(x * y) + np.max(x) * np.min(y)
    def bt(x, y): return np.sum(np.broadcast_to(x, np.broadcast_shapes(np.shape(x), np.shape(y))) * y)
    def ab(x, y): return np.sum(np.abs(x) * y)
    def sq(x, y): return np.sum(np.squeeze(x) * np.sum(y))
    def ex(x, y): return np.sum(np.expand_dims(x, 0) * y)
    def inplace(x, y):
        z = x * 1.0 + 0.0 * y
        z *= y
        return np.sum(z ** 2)
    def store(x, y):
        z = np.zeros(np.broadcast_shapes(np.shape(x), np.shape(y))) + x
        z[...] = z * y
        return np.sum(z ** 2)
    def clip(x, y): return np.sum(np.clip(x, -1.0, 1.0) * y)
    def lse(x, y):
        m = np.max(x)
        return np.log(np.sum(np.exp(x - m))) + m + np.sum(y)
    return [add, mul, div, powr, mx, wh, sm, mm, bt, ab, sq, ex, inplace, store, clip, lse]
bad = 0; n = 0
for fn in bin_ops():
    for first in range(3):
        r = np.random.default_rng(first)
        order = list(itertools.product(shapes + ["f"], shapes + ["f"]))
        r.shuffle(order)
        df = sd.grad(fn, wrt=(0, 1))
        dj = sd.jvp(fn, wrt=(0, 1))
        for sa, sb in order:
            try:
                x = mk(sa, r, fn.__name__ == "powr"); y = mk(sb, r, fn.__name__ == "div")
                np.broadcast_shapes(np.shape(x), np.shape(y))
                fn(x, y)
            except Exception:
                continue
            n += 1
            fd = [fd_grad(fn, (x, y), i) for i in (0, 1)]
            try:
                g = df(x, y)
                gv = grads_vec(g, (0, 1), (x, y))
                ok = all(close(a, b, 1e-5) for a, b in zip(gv, fd))
                for gi, a in zip(g, (x, y)):
                    if np.shape(gi) != np.shape(a) or (isinstance(a, float) and not np.ndim(gi) == 0):
                        ok = False
            except sd.SrcdiffError:
                ok = True
            except Exception as e:
                print("CRASH", fn.__name__, sa, sb, type(e).__name__, str(e)[:200]); bad += 1; continue
            if not ok:
                bad += 1; print("WRONG grad", fn.__name__, sa, sb, gv, fd)
            t = (mk(sa, r), mk(sb, r))
            try:
                val, tan = dj(x, y, tangents=t)
                want = sum(np.sum(np.ravel(f_) * np.ravel(t_)) for f_, t_ in zip(fd, t))
                if not close(np.sum(tan), want, 1e-5):
                    bad += 1; print("WRONG jvp", fn.__name__, sa, sb, tan, want)
            except sd.SrcdiffError:
                pass
            except Exception as e:
                print("CRASH jvp", fn.__name__, sa, sb, type(e).__name__, str(e)[:200]); bad += 1
print("checked", n, "bad", bad)
