"""Random programs in the style people write numeric Python (helper for
test_random_style_programs.py; independent of gen_loops.py and gen_arrays.py): helpers called
with keyword arguments; NumPy calls with axis=/keepdims=/ddof=/ord=; negative steps, ellipsis,
None, boolean masks and integer arrays as indices; in-place updates; math functions; Python
numbers mixed with NumPy scalars and 0-d arrays.

This module: the expressions. Shapes are tracked symbolically (() a number, (n,) a vector,
(r, c) a matrix); every value stays bounded (tanh, sin, ...), so central differences are an
accurate oracle. gen_style_statements.py makes the statements and whole programs.
"""

import random

HELPERS = """
def affine(x, w=1.0, b=0.0):
    return x * w + b


def soft(x, *, beta=2.0):
    return np.log1p(np.exp(beta * x)) / beta


def rownorm(m, axis=-1, eps=1e-2):
    return m / np.sqrt(np.sum(m * m, axis=axis, keepdims=True) + eps)


def pick(x, flag=True, scale=1.0):
    if flag:
        return x * scale
    return x - scale


def centered(v, ddof=0):
    mu = np.mean(v, axis=-1, keepdims=True)
    sd = np.std(v, axis=-1, ddof=ddof, keepdims=True)
    return (v - mu) / (sd + 0.5)


def blend(a, b, *, t=0.5):
    return (1 - t) * a + t * b


def step_sum(v, start=0, stop=None, step=1):
    acc = 0.0
    for k in range(start, len(v) if stop is None else stop, step):
        acc = acc + v[k] * (k + 1)
    return acc


def smooth_inplace(v, k=2, *, w=0.5):
    out = np.array(v, dtype=float)
    for _ in range(k):
        out[1:] = out[1:] * (1 - w) + out[:-1] * w
    out -= out.mean()
    return out


def first_big(v, thresh=0.3):
    for i, a in enumerate(v):
        if abs(a) > thresh:
            return a * (i + 1)
    return v[-1]


def clipped_scale(v, lo=-0.8, hi=0.8, **kw):
    s = kw.get("s", 1.0)
    return np.clip(v, lo, hi) * s
"""


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.lines = []
        self.env = {}  # name -> shape (tuple); scalars are ()
        self.ints = {}  # int names -> known value
        self.count = 0
        self.loop_depth = 0

    # ---------- utilities
    def new(self, prefix="t"):
        self.count += 1
        return f"{prefix}{self.count}"

    def emit(self, line, indent):
        self.lines.append("    " * indent + line)

    def names(self, pred=lambda s: True):
        return [n for n, s in self.env.items() if pred(s)]

    def pick_name(self, pred=lambda s: True):
        c = self.names(pred)
        return self.r.choice(c) if c else None

    def scalar_lit(self):
        return self.r.choice(["0.5", "1.5", "0.3", "2", "3", "-0.7", "0.25", "1"])

    # ---------- expressions: each returns (source, shape) or None
    def unary(self, a, s):
        r = self.r
        choices = [
            f"np.tanh({a})",
            f"np.sin({a})",
            f"0.5 * np.cos({a})",
            f"np.exp(np.tanh({a}))",
            f"({a} * {a} + 0.5) ** 1.5",
            f"np.sqrt({a} * {a} + 1.0)",
            f"{a} ** 3",
            f"({a} - 0.3) ** 2",
            f"-{a}",
            f"np.log1p({a} * {a})",
            f"1.0 / (1.0 + np.exp(-{a}))",
            f"np.clip({a}, -0.7, 0.7)",
            f"np.maximum({a}, 0.2)",
            f"np.minimum({a}, -0.1)",
            f"np.where({a} > 0.1, {a}, 0.3 * {a} * {a})",
            f"np.arctan({a})",
            f"affine({a}, w=0.7, b=-0.1)",
            f"affine({a}, b=0.2)",
            f"soft({a}, beta=1.5)",
            f"soft({a})",
            f"pick({a}, flag=False, scale=0.4)",
            f"pick({a}, scale=2.0)",
            f"{a} / 2",
            f"3 * {a}",
            f"{a} * 2 - 1",
            f"np.abs({a}) ** 2.5",
            f"np.square({a})",
            f"np.power({a}, 2)",
            f"(1.0 + {a} * {a}) ** -0.5",
            f"np.hypot({a}, 0.5)",
            f"np.sinh({a}) * 0.3",
            f"np.log(1.2 + np.tanh({a}))",
            f"np.expm1({a} * 0.5)",
            f"np.cbrt({a} + 2.5)",
        ]
        if s == ():
            choices += [
                f"math.sin({a})",
                f"math.exp(math.tanh({a}))",
                f"math.sqrt({a} * {a} + 1)",
                f"math.log(1 + {a} ** 2)",
                f"math.pow({a} * {a} + 1, 1.5)",
                f"math.hypot({a}, 0.3)",
                f"float({a}) * 2",
                f"math.atan2({a}, 1.5)",
                f"abs({a}) ** 1.5",
                f"max({a}, 0.1)",
                f"min({a}, 0.4)",
                f"({a} if {a} > 0 else 0.5 * {a})",
                f"math.cos({a}) ** 2",
                f"np.array({a}) * 1.5",
                f"np.float64({a}) + 0.0",
                f"round(2.5) * {a}",
            ]
        if len(s) >= 1:
            choices += [f"blend({a}, np.tanh({a}), t=0.3)"]
        if len(s) == 1:
            choices += [f"centered({a}, ddof=1)", f"clipped_scale({a}, hi=0.5, s=1.5)"]
            if s[0] >= 2:
                choices += [
                    f"smooth_inplace({a}, k=3)",
                    f"smooth_inplace({a}, w=0.25)",
                    f"first_big({a}, thresh=0.2) * {a}",
                    f"{a} * first_big({a})",
                ]
        if len(s) == 2:
            choices += [f"rownorm({a}, axis=0)", f"rownorm({a})", f"centered({a})"]
        return r.choice(choices), s

    def binary(self, a, sa, b, sb):
        shape = broadcast(sa, sb)
        if shape is None:
            return None
        ops = [
            f"{a} + {b}",
            f"{a} * {b}",
            f"{a} - {b}",
            f"{a} / (1.5 + {b} * {b})",
            f"np.maximum({a}, {b})",
            f"np.minimum({a}, {b})",
            f"np.arctan2({a}, {b} + 2.0)",
            f"np.where({a} > {b}, {a} * {b}, {a} - {b})",
            f"blend({a}, {b}, t=0.25)",
            f"affine({a}, w={b})",
            f"np.hypot({a}, {b})",
            f"np.add({a}, {b})",
            f"np.multiply({a}, {b})",
            f"np.logaddexp({a}, {b})",
        ]
        if sa == () and sb == ():
            ops += [
                f"math.atan2({a}, {b} + 2.0)",
                f"max({a}, {b})",
                f"min({a}, {b})",
                f"({a} and {b})",
                f"({a} or {b})",
            ]
        return self.r.choice(ops), shape

    def reduce(self, a, s):
        r = self.r
        nd = len(s)
        ax = r.randrange(-nd, nd)
        keep = r.random() < 0.4
        out = (
            tuple(1 if (i == ax % nd) else d for i, d in enumerate(s))
            if keep
            else tuple(d for i, d in enumerate(s) if i != ax % nd)
        )
        kw = ", keepdims=True" if keep else ""
        options = [
            (f"np.sum({a}, axis={ax}{kw})", out),
            (f"np.mean({a}, axis={ax}{kw})", out),
            (f"np.var({a}, axis={ax}{kw})", out),
            (f"{a}.sum(axis={ax}{kw})", out),
            (f"{a}.mean(axis={ax})", tuple(d for i, d in enumerate(s) if i != ax % nd)),
            (f"np.max({a}, axis={ax}{kw})", out),
            (f"np.min({a}, axis={ax}{kw})", out),
            (f"np.prod(0.5 * np.tanh({a}) + 1.0, axis={ax}{kw})", out),
            (f"np.sum({a})", ()),
            (f"np.mean({a})", ()),
            (f"{a}.sum()", ()),
            (f"np.var({a})", ()),
            (f"np.std({a})", ()),
            (f"{a}.std()", ()),
            (f"np.linalg.norm({a})", ()),
            (f"np.max({a})", ()),
            (f"{a}.max()", ()),
            (f"np.amin({a})", ()),
            (f"sum({a})", s[1:]),
            (f"np.average({a}, axis={ax})", tuple(d for i, d in enumerate(s) if i != ax % nd)),
        ]
        if s[ax % nd] > 1:
            options += [
                (f"np.std({a}, axis={ax}, ddof=1{kw})", out),
                (f"np.var({a}, axis={ax}, ddof=1{kw})", out),
            ]
        if nd == 1:
            options += [
                (f"np.linalg.norm({a}, ord=1)", ()),
                (f"np.linalg.norm({a}, ord=3)", ()),
                (f"np.linalg.norm({a}, ord=np.inf)", ()),
                (f"step_sum({a}, step=2)", ()),
                (f"step_sum({a}, start=1, stop={s[0]})", ()),
                (f"{a} @ {a}", ()),
                (f"np.dot({a}, np.tanh({a}))", ()),
                (f"math.fsum({a})", ()),
                (f"np.einsum('i,i->', {a}, {a})", ()),
            ]
        if nd == 2:
            options += [
                (f"np.linalg.norm({a}, axis={ax}{kw})", out),
                (
                    f"np.linalg.norm({a}, ord=2, axis={ax})",
                    tuple(d for i, d in enumerate(s) if i != ax % nd),
                ),
                (f"np.linalg.norm({a}, ord='fro')", ()),
                (f"np.einsum('ij->i', {a})", (s[0],)),
                (f"np.einsum('ij,ij->', {a}, {a})", ()),
                (f"np.trace({a} @ {a}.T)", ()),
            ]
        return r.choice(options)

    def reshape(self, a, s):
        r = self.r
        nd = len(s)
        opts = []
        if nd >= 1:
            ax = r.randrange(-nd, nd)
            n = s[ax % nd]
            opts += [
                (f"np.cumsum({a}, axis={ax})", s),
                (f"{a}.cumsum(axis={ax})", s),
                (f"np.cumprod(0.5 * np.tanh({a}) + 1.0, axis={ax})", s),
                (f"np.roll({a}, {r.choice([1, -1, 2])}, axis={ax})", s),
                (f"np.flip({a}, axis={ax})", s),
                (f"np.sort({a}, axis={ax})", s),
                (f"np.clip({a}, a_min=-0.6, a_max=None)", s),
                (f"{a}[::-1]", s),
                (f"{a}.copy()", s),
                (f"np.copy({a})", s),
                (
                    f"np.concatenate([{a}, 2 * {a}], axis={ax})",
                    tuple(d * 2 if i == ax % nd else d for i, d in enumerate(s)),
                ),
                (f"np.stack([{a}, {a} * {a}], axis=0)", (2,) + s),
                (f"np.stack([{a}, {a} * {a}], axis=-1)", s + (2,)),
                (f"{a}[None]", (1,) + s),
                (f"{a}[..., None]", s + (1,)),
                (f"np.expand_dims({a}, axis=0)", (1,) + s),
                (f"{a}.reshape(-1)", (prod(s),)),
                (f"{a}.ravel()", (prod(s),)),
                (f"np.tile({a}, 2)", s[:-1] + (s[-1] * 2,)),
                (
                    f"np.repeat({a}, 2, axis={ax})",
                    tuple(d * 2 if i == ax % nd else d for i, d in enumerate(s)),
                ),
            ]
            if n >= 2:
                opts += [
                    (
                        f"np.diff({a}, axis={ax})",
                        tuple(d - 1 if i == ax % nd else d for i, d in enumerate(s)),
                    )
                ]
            if n >= 3:
                opts += [
                    (
                        f"np.diff({a}, n=2, axis={ax})",
                        tuple(d - 2 if i == ax % nd else d for i, d in enumerate(s)),
                    ),
                    (
                        f"np.take({a}, [2, 0, 1], axis={ax})",
                        tuple(3 if i == ax % nd else d for i, d in enumerate(s)),
                    ),
                    (
                        f"np.take({a}, [-1, 0], axis={ax})",
                        tuple(2 if i == ax % nd else d for i, d in enumerate(s)),
                    ),
                ]
            if s[0] >= 2:
                opts += [
                    (f"{a}[::2]", ((s[0] + 1) // 2,) + s[1:]),
                    (f"{a}[1:]", (s[0] - 1,) + s[1:]),
                    (f"{a}[:-1]", (s[0] - 1,) + s[1:]),
                    (f"{a}[::-2]", ((s[0] + 1) // 2,) + s[1:]),
                    (f"{a}[-1]", s[1:]),
                    (f"{a}[0]", s[1:]),
                    (f"{a}[[0, -1]]", (2,) + s[1:]),
                    (f"{a}[np.array([1, 0, 1])]", (3,) + s[1:]),
                    (f"{a}[-2::-1]", (s[0] - 1,) + s[1:]),
                    (f"{a}[{a} > 0.0]", None),
                    (f"{a}[np.abs({a}) < 0.5]", None),
                ]
            if s[-1] >= 2:
                opts += [
                    (f"{a}[..., 1]", s[:-1]),
                    (f"{a}[..., ::-1]", s),
                    (f"{a}[..., :1]", s[:-1] + (1,)),
                ]
        if nd == 1:
            opts += [
                (f"np.outer({a}, {a})", (s[0], s[0])),
                (f"{a}[:, None] * {a}[None, :]", (s[0], s[0])),
                (f"np.hstack([{a}, {a}[:2]])", (s[0] + 2,)),
                (f"np.append({a}, 1.0)", (s[0] + 1,)),
                (f"np.pad({a}, 1)", (s[0] + 2,)),
            ]
            if s[0] % 2 == 0:
                opts += [
                    (f"{a}.reshape(2, -1)", (2, s[0] // 2)),
                    (f"np.reshape({a}, ({s[0] // 2}, 2))", (s[0] // 2, 2)),
                ]
        if nd == 2:
            opts += [
                (f"{a}.T", s[::-1]),
                (f"np.transpose({a})", s[::-1]),
                (f"{a}.T @ {a}", (s[1], s[1])),
                (f"{a} @ {a}.T", (s[0], s[0])),
                (f"np.vstack([{a}, {a}[:1]])", (s[0] + 1, s[1])),
                (f"{a}[:, ::-1]", s),
                (f"{a}[::-1, 1:]", (s[0], s[1] - 1)),
                (f"{a}[1:, :][:, 0]", (s[0] - 1,)),
                (f"{a}[np.ix_([0, 1], [1, 0])]", (2, 2)),
                (f"np.einsum('ij->ji', {a})", s[::-1]),
                (f"np.swapaxes({a}, 0, 1)", s[::-1]),
                (f"np.triu({a})", s),
                (f"np.diagonal({a})", (min(s),)),
            ]
        if not opts:
            return None
        return r.choice(opts)

    def matvec(self):
        ms = [(n, s) for n, s in self.env.items() if len(s) == 2]
        vs = [(n, s) for n, s in self.env.items() if len(s) == 1]
        r = self.r
        if not ms or not vs:
            return None
        m, sm = r.choice(ms)
        fits = [(v, sv) for v, sv in vs if sv[0] == sm[1]]
        fitsl = [(v, sv) for v, sv in vs if sv[0] == sm[0]]
        opts = []
        if fits:
            v, sv = r.choice(fits)
            opts += [
                (f"{m} @ {v}", (sm[0],)),
                (f"np.dot({m}, {v})", (sm[0],)),
                (f"np.einsum('ij,j->i', {m}, {v})", (sm[0],)),
                (f"np.matmul({m}, {v})", (sm[0],)),
                (f"{m} * {v}", sm),
                (f"{m} - {v}[None, :]", sm),
            ]
        if fitsl:
            v, sv = r.choice(fitsl)
            opts += [
                (f"{v} @ {m}", (sm[1],)),
                (f"{m} * {v}[:, None]", sm),
                (f"np.einsum('i,ij->j', {v}, {m})", (sm[1],)),
            ]
        if not opts:
            return None
        return r.choice(opts)

    def expr(self, want=None):
        """A random expression; `want` a shape to match (broadcast-free) or None."""
        r = self.r
        for _ in range(40):
            kind = r.choice(
                ["unary", "unary", "binary", "binary", "scalar", "reduce", "reshape", "matvec"]
            )
            a = self.pick_name()
            sa = self.env[a]
            if kind == "unary":
                res = self.unary(a, sa)
            elif kind == "binary":
                b = self.pick_name()
                res = self.binary(a, sa, b, self.env[b])
            elif kind == "scalar":
                lit = r.choice(["0.5", "2", "1.5", "-1", "3"] + [k for k in self.ints])
                op = r.choice(["+", "*", "-", "/"])
                if op == "/":
                    res = (
                        f"{a} / {lit}"
                        if lit not in ("0", "-1") and lit not in self.ints
                        else f"{a} / 2.0",
                        sa,
                    )
                else:
                    res = (f"{lit} {op} {a}" if r.random() < 0.5 else f"{a} {op} {lit}", sa)
            elif kind == "reduce":
                res = self.reduce(a, sa) if sa else None
            elif kind == "reshape":
                res = self.reshape(a, sa)
            else:
                res = self.matvec()
            if res is None:
                continue
            src, shape = res
            if shape is None:
                src, shape = f"np.sum(np.tanh({src}) ** 2)", ()
            if want is not None and shape != want:
                if broadcast(shape, want) == want:
                    return src, want
                continue
            if shape and prod(shape) > 64:
                continue
            return src, shape
        return None

    # ---------- statements


def broadcast(a, b):
    if a == ():
        return b
    if b == ():
        return a
    out = []
    for x, y in zip(reversed((1,) * (len(b) - len(a)) + a), reversed((1,) * (len(a) - len(b)) + b)):
        if x == y or y == 1:
            out.append(x)
        elif x == 1:
            out.append(y)
        else:
            return None
    return tuple(reversed(out))


def prod(s):
    p = 1
    for d in s:
        p *= d
    return p


def r_choice(r, opts):
    return r.choice(opts)


SIGNATURES = [
    (("x",), {"x": (5,)}),
    (("x", "s"), {"x": (5,), "s": ()}),
    (("m",), {"m": (3, 4)}),
    (("m", "x"), {"m": (3, 4), "x": (4,)}),
    (("x", "y", "s"), {"x": (4,), "y": (4,), "s": ()}),
    (("s", "u"), {"s": (), "u": ()}),
    (("m", "s", "x"), {"m": (3, 4), "s": (), "x": (3,)}),
    (("x", "m"), {"x": (6,), "m": (2, 3)}),
]
