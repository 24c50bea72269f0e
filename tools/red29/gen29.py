# ruff: noqa: E501, BLE001
"""red29: an independent random program generator (not part of the test suite).

Written without reading tests/property/gen_*.py. A program is grown statement by
statement: each candidate block is filled from the variables alive so far, run at
once on the sample inputs (numpy tells the shapes), and kept only if it runs,
stays finite and keeps values in a tame range. The function returns a scalar
made of several live arrays. Inputs: x (3, 4), w (4,), v (3,), s (python float).

    PYTHONPATH=. python tools/red29/gen29.py --count 300 --seed 1 --modes grad,reference,jvp
"""
import argparse
import copy
import importlib.util
import os
import random
import re
import sys
import tempfile
import textwrap
import warnings

import numpy as np

HELPERS = '''
def affine(a, b, scale=1.0, shift=0.0):
    return scale * a * b + shift


def squash(a, k=2.0):
    return np.tanh(a / k)


def pair_stats(a, axis=-1):
    m = np.mean(a, axis=axis, keepdims=True)
    d = a - m
    return m, d


def accumulate(acc, a, weight=0.5):
    acc = acc + weight * a
    return acc


def bump(a, k=1.0):
    a += k * a
    return a


def scaled_copy(a, factor=2.0):
    b = a.copy()
    b *= factor
    return b
'''


def make_inputs(rng):
    x = rng.uniform(0.3, 1.2, (3, 4)) * rng.choice([-1.0, 1.0], (3, 4))
    w = rng.uniform(0.4, 1.3, 4)
    v = rng.uniform(-1.0, 1.0, 3)
    s = float(rng.uniform(0.5, 1.5))
    return x, w, v, s


class Gen:
    def __init__(self, r):
        self.r = r
        self.lines = []
        self.n = 0
        self.uses_helpers = False

    def fresh(self, p="t"):
        self.n += 1
        return "%s%d" % (p, self.n)

    # ----------------------------------------------------------------- picking
    def arrays(self, env, nd=None, minsize=1):
        out = []
        for k, val in env.items():
            if k.startswith("_") or k in ("np",) or callable(val):
                continue
            if isinstance(val, np.ndarray) and val.dtype.kind == "f" and val.size >= minsize:
                if nd is None or val.ndim == nd:
                    out.append(k)
        return out

    def floats(self, env):
        return [k for k, val in env.items() if isinstance(val, float) and not k.startswith("_")]

    def pick(self, xs):
        if not xs:
            return None
        if len(xs) > 4 and self.r.random() < 0.7:
            return self.r.choice(xs[-4:])
        return self.r.choice(xs)

    # --------------------------------------------------------------- templates
    def candidates(self, env):
        r = self.r
        A = self.arrays(env)
        A2 = self.arrays(env, 2)
        A1 = self.arrays(env, 1)
        F = self.floats(env)
        a = self.pick(A)
        b = self.pick(A)
        m = self.pick(A2)
        o = self.pick(A1)
        t = self.fresh()
        c = round(r.uniform(0.3, 1.7), 2)
        out = []
        if a:
            ax = r.choice(["-1", "0", "(0, 1)", "(-1,)", "None"])
            kd = r.choice(["True", "False"])
            fn = r.choice(["np.sum", "np.mean", "np.max", "np.min", "np.prod", "np.std", "np.var"])
            dt = r.choice(["", ", dtype=np.float64"]) if fn in ("np.sum", "np.mean", "np.prod") else ""
            out.append("%s = %s(%s, axis=%s, keepdims=%s%s)" % (t, fn, a, ax, kd, dt))
            out.append("%s = %s.%s(axis=%s, keepdims=%s)" % (t, a, r.choice(["sum", "mean", "max", "min"]), r.choice(["-1", "0", "None"]), kd))
            out.append("%s = np.%s(%s, axis=%s)" % (t, r.choice(["cumsum", "cumprod"]), a, r.choice(["0", "-1"])))
            out.append("%s = np.diff(%s, n=%d, axis=-1)" % (t, a, r.choice([1, 2])))
            out.append("%s = np.sort(%s, axis=%s)" % (t, a, r.choice(["-1", "0"])))
            out.append("%s = np.take_along_axis(%s, np.argsort(%s, axis=-1), axis=-1)" % (t, a, a))
            out.append("%s = np.roll(%s, %d, axis=%s)" % (t, a, r.choice([1, -1, 2]), r.choice(["0", "-1", "None"])))
            out.append("%s = np.flip(%s, axis=%s)" % (t, a, r.choice(["0", "-1", "None"])))
            out.append("%s = np.pad(%s, %s, mode=%r)" % (t, a, r.choice(["1", "(1, 2)"]), r.choice(["constant", "edge", "reflect"])))
            out.append("%s = np.clip(%s, %s, %s)" % (t, a, r.choice(["-0.5", "None", a + " * 0.1 - 0.3"]), r.choice(["0.8", "None", "np.abs(" + a + ") + 0.2"])))
            out.append("%s = np.where(%s > %s, %s, %s * %s)" % (t, a, r.choice(["0.0", "0.1"]), a, a, c))
            out.append("%s = np.maximum(%s, %s)" % (t, a, r.choice([b, "0.0", a])))
            out.append("%s = np.linalg.norm(%s, ord=%s, axis=%s)" % (t, a, r.choice(["None", "1", "2", "np.inf"]), r.choice(["-1", "0"])))
            out.append("%s = np.linalg.norm(%s)" % (t, a))
            out.append("%s = %s.reshape(-1)" % (t, a))
            out.append("%s = %s[..., None] * %s" % (t, a, r.choice([c, b])))
            out.append("%s = %s[np.newaxis] + %s" % (t, a, b))
            out.append("%s = np.%s(%s)" % (t, r.choice(["tanh", "sin", "cos", "exp", "sqrt", "log1p", "abs", "square"]), a if r.random() < 0.6 else "np.abs(%s) + 0.5" % a))
            out.append("%s = %s %s %s" % (t, a, r.choice(["+", "-", "*"]), b))
            out.append("%s = %s / (np.abs(%s) + 1.0)" % (t, a, b))
            out.append("%s = %s ** %s" % (t, "np.abs(%s) + 0.5" % a if r.random() < 0.5 else "(np.abs(%s) + 0.5)" % a, r.choice(["2", "3", "0.5", "1.5"])))
            out.append("%s = np.concatenate([%s.reshape(-1), %s.reshape(-1)], axis=0)" % (t, a, b))
            out.append("%s = np.stack([%s.reshape(-1)[:2], %s.reshape(-1)[-2:]], axis=%d)" % (t, a, b, r.choice([0, 1, -1])))
            out.append("%s = %s.T" % (t, a))
            out.append("%s = %s[::2]" % (t, a))
            out.append("%s = %s[..., 0]" % (t, a))
            out.append("%s = %s.copy()" % (t, a))
            out.append("%s = np.float64(%s) * %s" % (t, c, a) if r.random() < 0.5 else "%s = np.sum(%s) * %s" % (t, a, r.choice(F) if F else "1.5"))
            # in place on a copy or on a live array (also an argument)
            tgt = r.choice([a, b])
            out.append("%s %s= %s" % (tgt, r.choice(["+", "-", "*"]), r.choice([str(c), b, a])))
            out.append("%s /= %s" % (tgt, r.choice([str(c), "(np.abs(%s) + 1.0)" % b])))
            # view read after in-place change of its base
            vt = self.fresh()
            out.append("%s = %s%s\n%s %s= %s\n%s = %s * %s" % (
                vt, a, r.choice([".T", "[::2]", "[..., 0]", ".reshape(-1)", "[1:]", "[:, None]" if False else "[-1]"]),
                a, r.choice(["+", "*", "-"]), c, t, vt, r.choice([str(c), vt])))
            out.append("%s = %s.copy()\n%s[%s] %s= %s" % (t, a, t, r.choice(["0", "1:", "::2", "-1", "[0, 0]", "[0, 1, 0]", "%s > 0" % t, "...", "[1, 0]"]), r.choice(["+", "*", "-"]), r.choice([str(c), "0.5 * %s[0]" % a])))
            out.append("%s = np.split(%s.reshape(-1)[:4], 2)\n%s = %s[0] * %s[1]" % (t, a, self.fresh(), t, t))
        if m:
            out.append("%s = %s[:, %d] * %s[%d]" % (t, m, r.randrange(2), m, r.randrange(2)))
            if o and env[o].shape[0] == env[m].shape[1]:
                out.append("%s = %s @ %s" % (t, m, o))
            if o and env[o].shape[0] == env[m].shape[0]:
                out.append("%s = %s.T @ %s" % (t, m, o))
            out.append("%s = %s @ %s.T" % (t, m, m))
            out.append("%s = %s[[0, 1, 0], :]" % (t, m))
            out.append("%s = %s.copy()\n%s[[0, 0, 1], [1, 1, 2]] += %s" % (t, m, t, c))
            out.append("%s = %s.copy()\n%s[%s > %s] *= %s" % (t, m, t, m, c - 1.0, c))
        if a and o:
            out.append("%s = %s * %s[:, None]" % (t, a, o))
            out.append("%s = %s.reshape(-1)[:%d] + %s" % (t, a, env[o].shape[0], o) if env[a].size >= env[o].shape[0] else "%s = %s" % (t, o))
        if a:
            # loops
            i = self.fresh("i")
            acc = self.fresh("acc")
            out.append("%s = 0.0\nfor %s in range(%d):\n    %s = %s + np.sum(%s * %s) / (%s + 1)\n%s = %s" % (acc, i, r.randrange(1, 4), acc, acc, a, c, i, t, acc))
            out.append("%s = np.zeros_like(%s)\nfor %s, row in enumerate(%s):\n    %s[%s] = row * (%s + 1.0)\n%s = %s" % (acc, a, i, a, acc, i, i, t, acc))
            out.append("%s = %s.copy()\nfor %s, (p, q) in enumerate(zip(%s, %s)):\n    %s = %s * 0.9 + p * q\n%s = %s" % (acc, a, i, a, r.choice([b, a]), acc, acc, t, acc) if env[a].ndim >= 1 and b and env[b].ndim >= 1 else "%s = %s" % (t, a))
            out.append("%s = %s\n%s = 0\nwhile %s < 5:\n    %s = %s * %s\n    %s += 1\n    if np.sum(np.abs(%s)) > %s:\n        break\n%s = %s" % (
                acc, a, i, i, acc, acc, c, i, acc, round(r.uniform(1.0, 20.0), 2), t, acc))
            out.append("for %s in range(2):\n    %s = %s + %s\n%s = %s" % (i, a, a, c, t, a))
            out.append("if np.sum(%s) > %s:\n    %s = %s * %s\nelse:\n    %s = %s - %s" % (a, round(r.uniform(-2, 2), 2), t, a, c, t, a, c))
            out.append("%s = float(np.sum(%s))\n%s = %s * %s" % (acc, a, t, acc, r.choice([a, str(c)])))
            out.append("%s = %s[0] if %s.ndim else %s\n%s = %s * %s" % (acc, a, a, a, t, acc, r.choice([c, b])))
            # helpers, containers
            self.uses_helpers = True
            out.append("%s = affine(%s, %s, shift=%s)" % (t, a, b, c))
            out.append("%s = affine(%s, %s, %s)" % (t, a, b, c))
            out.append("%s = squash(%s%s)" % (t, a, r.choice(["", ", k=3.0", ", 0.5"])))
            out.append("%s, %s = pair_stats(%s%s)" % (self.fresh(), t, a, r.choice(["", ", axis=0"])))
            out.append("%s = accumulate(%s, %s, weight=%s)" % (t, a, a, c))
            d = self.fresh("d")
            out.append("%s = {'p': %s, 'q': %s}\n%s['p'] = %s['p'] * %s\n%s = %s['p'] + %s['q']" % (d, a, b, d, d, c, t, d, d) if env[a].shape == env[b].shape else "%s = %s" % (t, a))
            out.append("%s = [%s, %s * %s]\n%s = 0.0\nfor e in %s:\n    %s = %s + np.sum(e)\n%s = %s" % (d, a, a, c, acc, d, acc, acc, t, acc))
            out.append("%s = []\nfor %s in range(3):\n    %s.append(%s * (%s + 1))\n%s = %s[-1] - %s[0]" % (d, i, d, a, i, t, d, d))
        return out

    def candidates2(self, env):
        """Index stores, overlapping in-place updates, 3-d reductions, norms, 0-d values."""
        r = self.r
        A = self.arrays(env)
        a = self.pick(A)
        b = self.pick(A)
        if not a:
            return []
        t = self.fresh()
        u = self.fresh("u")
        c = round(r.uniform(0.3, 1.7), 2)
        sa, sb = env[a].shape, env[b].shape
        out = []
        fa = "%s.reshape(-1)" % a
        fb = "%s.reshape(-1)" % b
        na, nb = env[a].size, env[b].size
        if na >= 3 and nb >= 3:
            out.append("%s = %s.copy()\n%s[[0, 0, 2]] += %s[:3]" % (t, fa, t, fb))
            out.append("%s = %s.copy()\n%s[[1, 1]] = %s[:2]" % (t, fa, t, fb))
            out.append("%s = %s.copy()\n%s[[2, 0, 2]] *= %s[:3]" % (t, fa, t, fb))
            out.append("%s = %s.copy()\nnp.add.at(%s, [0, 2, 0], %s[:3])" % (t, fa, t, fb))
            out.append("%s = %s.copy()\n%s[1:] += %s[:-1]" % (t, fa, t, t))
            out.append("%s = %s.copy()\n%s[:-1] *= %s[1:]" % (t, fa, t, t))
            out.append("%s = %s.copy()\n%s[%s > %s] = %s[:%d][%s > %s]" % (t, fa, t, fa, c - 1, fb, na, fa, c - 1) if nb >= na else "%s = %s" % (t, fa))
            out.append("%s = %s.copy()\n%s = %s[1:]\n%s *= %s\n%s = %s + %s" % (t, fa, u, t, u, c, self.fresh(), t, t))
            out.append("%s = %s.copy()\nfor %s in range(1, %d):\n    %s[%s] = %s[%s - 1] * %s + %s[%s]" % (t, fa, "i", min(na, 5), t, "i", t, "i", c, t, "i"))
            out.append("%s = %s.copy()\nfor %s in range(%d):\n    %s[%s] *= %s[(%s + 1) %% %d]" % (t, fa, "j", min(na, 4), t, "j", t, "j", min(na, 4)))
            out.append("%s = np.zeros_like(%s)\n%s[1:] = %s[:-1]\n%s[0] = %s[-1] * %s" % (t, fa, t, fa, t, fa, c))
            out.append("%s = %s.copy()\n%s[::-1] += %s\n" % (t, fa, t, fa))
        if env[a].ndim == 2:
            out.append("%s = %s[..., None] * %s[:, None, :]" % (t, a, a))
            out.append("%s = np.sum(%s[..., None] * %s[:, None, :], axis=(0, -1))" % (t, a, a))
            out.append("%s = np.mean(%s[None] * %s[:, :, None], axis=(-2, 0), keepdims=%s)" % (t, a, a, r.choice(["True", "False"])))
            out.append("%s = np.linalg.norm(%s, ord=%s)" % (t, a, r.choice(["'fro'", "1", "-1", "np.inf", "-np.inf", "2", "'nuc'"])))
            out.append("%s = np.linalg.norm(%s, ord=%s, axis=%s, keepdims=%s)" % (t, a, r.choice(["1", "2", "3", "np.inf", "0.5"]), r.choice(["0", "1", "-1"]), r.choice(["True", "False"])))
            out.append("%s = %s[1::2, ::-1] * %s" % (t, a, c))
            out.append("%s = np.take_along_axis(%s, np.argmax(%s, axis=%d, keepdims=True), axis=%d)" % (t, a, a, 1, 1))
            out.append("%s = np.roll(%s, (1, -1), axis=(0, 1))" % (t, a))
            out.append("%s = np.flip(%s, axis=(0, 1))" % (t, a))
            out.append("%s = np.pad(%s, ((1, 0), (0, 2)), mode=%r)" % (t, a, r.choice(["reflect", "symmetric", "wrap", "edge", "constant"])))
            out.append("%s = np.cumprod(%s, axis=0) + np.cumsum(%s, axis=1)" % (t, a, a))
            out.append("%s, %s = np.split(%s, [1], axis=%d)\n%s = %s.sum() * %s" % (t, u, a, r.choice([0, 1]), self.fresh(), t, u))
            out.append("%s = np.array_split(%s, 2, axis=%d)\n%s = %s[0].sum() + %s[1].max()" % (t, a, r.choice([0, 1]), self.fresh(), t, t))
            out.append("%s = 0.0\nfor p, q in zip(%s, %s[::-1]):\n    %s = %s + np.dot(p, q)" % (t, a, a, t, t))
        if sa == sb:
            out.append("%s = np.clip(%s, %s - 0.3, %s + 0.3)" % (t, a, b, b))
            out.append("%s = np.clip(%s, %s, None)" % (t, a, b))
            out.append("%s = np.maximum(%s, %s) + np.minimum(%s, %s)" % (t, a, b, a, b))
            out.append("%s = np.where(%s > %s, %s, %s)" % (t, a, b, a, b))
            out.append("%s = np.stack([%s, %s], axis=-1)" % (t, a, b))
            out.append("%s = np.concatenate((%s, %s), axis=None)" % (t, a, b))
        # 0-d arrays and python scalars
        out.append("%s = np.array(s)\n%s *= np.sum(%s)\n%s = %s * %s" % (u, u, a, t, a, u))
        out.append("%s = np.sum(%s)\n%s = float(%s) * %s + %s.item()" % (u, a, t, u, a, u))
        out.append("%s = np.float64(s) * %s\n%s = %s + %s[0] if %s.ndim else %s" % (u, a, t, u, u, u, u))
        out.append("%s = s * %s if s > 1.0 else %s / s" % (t, a, a))
        # helpers that change their argument in place, with defaults and keywords
        self.uses_helpers = True
        if r.random() < 0.1:  # (a helper changing its argument: refused, so rare)
            out.append("%s = %s.copy()\n%s = bump(%s, k=%s)\n%s = %s * %s" % (u, a, t, u, c, self.fresh(), t, u))
        out.append("%s = scaled_copy(%s)\n%s = scaled_copy(%s, factor=%s)" % (u, a, t, u, c))
        # containers mutated in loops
        out.append("%s = {'a': %s.copy(), 'b': %s * 2.0}\nfor key in ('a', 'b'):\n    %s[key] = %s[key] * %s\n%s = %s['a'] - %s['b']" % (u, a, a, u, u, c, t, u, u))
        out.append("%s = [%s]\nfor k in range(3):\n    %s.append(np.tanh(%s[-1]) * %s)\n%s = sum(%s)" % (u, a, u, u, c, t, u))
        out.append("%s = {}\nfor k, row in enumerate(%s):\n    %s[k] = row * (k + 1)\n%s = %s[0] + %s[len(%s) - 1]" % (u, a, u, t, u, u, u))
        out.append("%s = %s.copy()\nk = 0\nwhile np.max(np.abs(%s)) < %s and k < 6:\n    %s = %s * 1.5 + 0.1\n    k += 1\n%s = %s" % (u, a, u, round(r.uniform(1, 5), 1), u, u, t, u))
        return out

    def candidates3(self, env):
        """Views of fresh copies changed in place, through the view or the base, read after."""
        r = self.r
        A = [k for k in self.arrays(env) if env[k].size >= 4]
        a = self.pick(A)
        b = self.pick(A)
        if not a:
            return []
        t, u, y = self.fresh(), self.fresh("u"), self.fresh("y")
        c = round(r.uniform(0.3, 1.7), 2)
        base = "%s.copy()" % a if env[a].ndim == 2 else "%s.reshape(-1)[:4].reshape(2, 2)" % a
        views = ["[1:]", "[::2]", "[..., 0]", ".T", "[:, None]", "[0]", "[::-1]", ".reshape(-1)", "[:, 1:]", "[-1, ::-1]"]
        v1, v2 = r.choice(views), r.choice(views)
        ops = ["+=", "*=", "-=", "/="]
        rhs = [str(c), "%s.sum() * 0.1" % b, "1.0 + 0.1 * %s.mean()" % b]
        out = [
            # change through the view, read the base and the view
            "%s = %s\n%s = %s%s\n%s %s %s\n%s = %s * 1.0 + np.sum(%s)" % (t, base, u, t, v1, u, r.choice(ops), r.choice(rhs), y, t, u),
            # change the base, read the view
            "%s = %s\n%s = %s%s\n%s %s %s\n%s = np.sum(%s * %s)" % (t, base, u, t, v1, t, r.choice(ops), r.choice(rhs), y, u, u),
            # view of a view
            "%s = %s\n%s = %s%s%s\n%s %s %s\n%s = %s + 0.0" % (t, base, u, t, v1, v2 if v2 not in (".reshape(-1)",) else "", u, r.choice(ops), r.choice(rhs), y, t),
            # store into a view with [...] / [:] and a ufunc with out=
            "%s = %s\n%s = %s%s\n%s[...] = np.tanh(%s) * %s\n%s = %s.sum()" % (t, base, u, t, v1, u, u, c, y, t),
            "%s = %s\n%s = %s%s\nnp.multiply(%s, %s, out=%s)\n%s = %s * %s" % (t, base, u, t, v1, u, c, u, y, t, t),
            # in a loop: the view changed each trip
            "%s = %s\n%s = %s%s\nfor k in range(2):\n    %s *= %s\n    %s = %s + %s.sum()\n%s = %s" % (t, base, u, t, v1, u, c, t, t, u, y, t),
        ]
        return out

    def candidates4(self, env):
        """Loops that store into preallocated arrays and read back what earlier trips stored."""
        r = self.r
        A2 = [k for k in self.arrays(env, 2)]
        A = [k for k in self.arrays(env) if env[k].size >= 3]
        a = self.pick(A2) or self.pick(A)
        b = self.pick(A)
        if not a:
            return []
        t, u = self.fresh(), self.fresh("u")
        c = round(r.uniform(0.3, 1.2), 2)
        n = env[a].shape[0]
        out = [
            "%s = np.zeros_like(%s)\nfor i, row in enumerate(%s):\n    %s[i] = row * %s\n    if i > 0:\n        %s[i] += %s[i - 1] * %s" % (t, a, a, t, c, t, t, c),
            "%s = np.zeros(%s.shape)\nfor i, (p, q) in enumerate(zip(%s, %s[::-1])):\n    %s[i] = p * q\n    %s[i] -= %s[0] * 0.1" % (t, a, a, a, t, t, t),
            "%s = %s.copy()\nfor i in range(%d):\n    %s[i] = np.tanh(%s[i - 1]) + %s[i]" % (t, a, n, t, t, t),
            "%s = %s.copy()\ni = 0\nwhile i < %d:\n    %s[i] *= %s\n    if np.max(%s[i]) > %s:\n        break\n    i += 1" % (t, a, n, t, c + 0.5, t, round(r.uniform(0, 1.5), 2)),
            "%s = []\nfor row in %s:\n    %s.append(np.sum(row * row))\n%s = np.array(%s) * %s" % (u, a, u, t, u, c),
            "%s = np.stack([row * (k + 1.0) for k, row in enumerate(%s)])" % (t, a),
            "%s = 0.0\nfor k in range(%d):\n    %s = %s + np.sum(%s[k] ** 2) * (0.5 ** k)\n    if %s > %s:\n        break" % (t, n, t, t, a, t, round(r.uniform(0.5, 4), 2)),
            "%s = %s.copy()\nfor i in [0, 0, 1]:\n    %s[i] = %s[i] * %s + %s[-1]" % (t, a, t, t, c, t),
            "%s = %s.copy()\nfor k in range(2):\n    %s[[0, 0, 1]] += %s[[1, 2, 0]] * %s" % (t, a, t, t, c) if n >= 3 else "%s = %s * 1.0" % (t, a),
            "%s = %s.copy()\nmask = %s > %s\nfor k in range(2):\n    %s[mask] = %s[mask] * %s + 0.1" % (t, a, a, c - 0.8, t, t, c),
        ]
        if b is not None and env[b].ndim >= 1:
            out.append("%s = {}\nfor k in range(2):\n    %s['s%%d' %% k] = %s * (k + 1)\n%s = %s['s0'] * %s['s1']" % (u, u, b, t, u, u))
        return out

    def block(self, env):
        if self.r.random() < 0.25:
            cands = self.candidates4(env)
            if cands:
                return self.r.choice(cands)
        if self.r.random() < 0.15:
            cands = self.candidates3(env)
            if cands:
                return self.r.choice(cands)
        cands = self.candidates(env) if self.r.random() < 0.4 else self.candidates2(env)
        if not cands:
            cands = self.candidates(env)
        return self.r.choice(cands) if cands else None


def body_ok(env):
    for k, val in env.items():
        if isinstance(val, np.ndarray) and val.dtype.kind == "f":
            if not np.all(np.isfinite(val)) or np.max(np.abs(val), initial=0) > 1e3:
                return False
    return True


def run_body(lines, inputs, helpers_ns):
    env = dict(helpers_ns)
    env.update(dict(zip("xwvs", copy.deepcopy(inputs))))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        exec("\n".join(lines), env)
    return env


def generate(seed):
    r = random.Random(seed)
    rng = np.random.default_rng(seed)
    pts = [make_inputs(rng) for _ in range(2)]
    helpers_ns = {"np": np}
    exec(HELPERS, helpers_ns)
    g = Gen(r)
    lines = []
    target = r.randint(5, 25)
    tries = 0
    env = run_body(lines, pts[0], helpers_ns)
    while len(lines) < target and tries < 200:
        tries += 1
        blk = g.block(env)
        if blk is None:
            break
        try:
            envs = [run_body(lines + [blk], p, helpers_ns) for p in pts]
        except Exception:
            continue
        if not all(body_ok(e) for e in envs):
            continue
        # shapes must agree across points (no value-dependent shapes)
        lines.append(blk)
        env = envs[0]
    arrs = [k for k in g.arrays(env) if k not in ("x", "w", "v")][-4:]
    if not arrs:
        arrs = ["x"]
    ret = " + ".join("np.sum(np.sin(%s))" % k if i % 2 else "np.sum(%s * %s)" % (k, k) for i, k in enumerate(arrs))
    if r.random() < 0.3:
        ret += " * s"
    body = "\n".join(lines + ["return " + ret])
    src = "import numpy as np\n" + HELPERS + "\n\ndef prog(x, w, v, s):\n" + textwrap.indent(body, "    ") + "\n"
    return src


def load(src, seed, folder):
    path = os.path.join(folder, "g29_%d.py" % seed)
    with open(path, "w") as f:
        f.write(src)
    spec = importlib.util.spec_from_file_location("g29_%d" % seed, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod, path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--modes", default="grad,reference,jvp")
    ap.add_argument("--out", default=None)
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "red27"))
    import harness as h27
    folder = a.out or tempfile.mkdtemp(prefix="red29_")
    os.makedirs(folder, exist_ok=True)
    modes = tuple(a.modes.split(","))
    counts = {}
    refusals = {}
    for k in range(a.count):
        seed = a.seed * 100000 + k
        src = generate(seed)
        if a.show:
            print(src)
        mod, path = load(src, seed, folder)
        rng = np.random.default_rng(seed)

        def make_args(_r, rng=rng, seed=seed):
            return make_inputs(np.random.default_rng(seed + _r.integers(1 << 30)))
        case = h27.Case(mod.prog, make_args, wrt=(0, 1, 2, 3), points=2, loops=("for " in src or "while " in src))
        # kink / noise filter: on every point check_case uses, FD with two step sizes agree
        try:
            r0 = np.random.default_rng(1234)
            pts = [make_args(r0) for _ in range(case.points)]
            noisy = False
            for p in pts:
                f1 = [h27.fd_grad(mod.prog, p, i, h=1e-6) for i in range(4)]
                f2 = [h27.fd_grad(mod.prog, p, i, h=1e-5) for i in range(4)]
                noisy = noisy or not all(h27.close(u, q, 2e-6) for u, q in zip(f1, f2))
            if noisy:
                counts.setdefault("kink-skipped", 0)
                counts["kink-skipped"] += 1
                continue
        except Exception as e:
            print("primal fails", seed, e)
            continue
        res = h27.check_case(case, modes)
        for mode, (outcome, detail) in res.modes.items():
            counts.setdefault(mode, {}).setdefault(outcome, 0)
            counts[mode][outcome] += 1
            if outcome == "refused":
                msg = detail.split(" | ")[0]
                msg = re.sub(r"`[^`]*`", "_", msg[msg.find("error:"):])
                key = re.sub(r"'[^']*'", "_", msg)[:80]
                refusals[key] = refusals.get(key, 0) + 1
            if outcome in ("wrong", "crash"):
                print("%s %s %s: %s" % (path, mode, outcome, detail[:500]), flush=True)
            elif outcome == "refused" and a.verbose:
                print("%s %s refused: %s" % (path, mode, detail.split(" | ")[0][:200]), flush=True)
    for mode, c in counts.items():
        print(mode, c)
    for key, n in sorted(refusals.items(), key=lambda kv: -kv[1]):
        print("refusal %4d  %s" % (n, key))


if __name__ == "__main__":
    main()
