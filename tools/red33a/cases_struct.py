# ruff: noqa: E501, E402, BLE001, E741
"""red33a: Python structure a scientist writes around numerics (classes holding parameters,
dataclasses, NamedTuples, closures, partials, recursion over nested containers, builtins
over lists of arrays, comprehensions, *args/**kwargs, defaults, control flow on loops)."""
import functools
import math
from dataclasses import dataclass
from typing import NamedTuple

import harness
import numpy as np
from harness import Case

_flat_set = harness.flat_set


def _flat_set_keeping_records(v, vec):
    """red27's flat_set rebuilds a NamedTuple as a plain tuple: keep its class."""
    out = _flat_set(v, vec)
    return type(v)(*out) if isinstance(v, tuple) and hasattr(v, "_fields") else out


harness.flat_set = _flat_set_keeping_records


class Polynomial:
    """Coefficients on self; evaluation by a method, derivative by another."""

    def __init__(self, c):
        self.c = np.asarray(c, dtype=float)

    def __call__(self, x):
        out = np.zeros_like(x)
        for k, ck in enumerate(self.c):
            out = out + ck * x ** k
        return out

    def deriv_at(self, x):
        return sum(k * ck * x ** (k - 1) for k, ck in enumerate(self.c) if k > 0)


POLY = Polynomial([0.5, -1.0, 0.25, 0.1])


def poly_object_use(x):
    return np.sum(POLY(x) ** 2) + np.sum(POLY.deriv_at(x))


class Optimizer:
    """A gradient-descent object whose step size changes on self in its loop (a method that
    changes its object: refused by the README's rule; the same without self-mutation below)."""

    def __init__(self, lr):
        self.lr = lr

    def run(self, w, X, y):
        for _ in range(5):
            g = X.T @ (X @ w - y) / len(y)
            w = w - self.lr * g
            self.lr *= 0.9
        return np.sum((X @ w - y) ** 2)


OPT = Optimizer(0.3)


def opt_self_mutating(w, X, y):
    return OPT.run(w, X, y)


class Decay:
    def __init__(self, lr):
        self.lr = lr

    def run(self, w, X, y):
        lr = self.lr
        for _ in range(5):
            g = X.T @ (X @ w - y) / len(y)
            w = w - lr * g
            lr *= 0.9
        return np.sum((X @ w - y) ** 2)


DECAY = Decay(0.3)


def opt_local_lr(w, X, y):
    return DECAY.run(w, X, y)


@dataclass
class Config:
    alpha: float
    beta: float
    steps: int = 4


CFG = Config(0.7, 0.2)


def dataclass_global(x):
    """A dataclass of constants read from a module-level instance."""
    y = x
    for _ in range(CFG.steps):
        y = y - CFG.alpha * np.tanh(y) + CFG.beta * x
    return np.sum(y ** 2)


class Params(NamedTuple):
    W: np.ndarray
    b: np.ndarray
    scale: float


def namedtuple_params(p, x):
    """A NamedTuple parameter container, fields read by name, also in a helper."""
    def layer(q, h):
        return np.tanh(q.W @ h + q.b) * q.scale
    h = layer(p, x)
    h = layer(p, h)
    return np.sum(h ** 2)


def closures_in_loop(x):
    """Closures made in a loop bind the loop value through a default argument."""
    fs = []
    for k in range(1, 4):
        def f(v, k=k):
            return np.sin(k * v) / k
        fs.append(f)
    return sum(np.sum(f(x)) for f in fs)


def _affine(a, b, x):
    return a * x + b


def partial_helpers(x, a):
    """functools.partial of a module-level function binding leading arguments."""
    g = functools.partial(_affine, a, 1.0)
    h = functools.partial(_affine, 2.0)
    return np.sum(g(x) * h(0.5, x))


def _tree_sum(t):
    if isinstance(t, dict):
        return sum(_tree_sum(v) for v in t.values())
    if isinstance(t, (list, tuple)):
        return sum(_tree_sum(v) for v in t)
    return np.sum(t ** 2)


def recursion_nested(tree):
    """Recursion over a nested dict/list of arrays."""
    return _tree_sum(tree)


def sorted_reversed_lists(xs):
    """sorted by a key over a list of arrays, reversed, enumerate, zip."""
    order = sorted(xs, key=lambda a: float(np.sum(a)))
    total = 0.0
    for i, (a, b) in enumerate(zip(order, reversed(order))):
        total = total + (i + 1) * np.sum(a * b)
    return total


def listcomp_condition(x):
    """A list comprehension with a condition on a constant and on the data."""
    parts = [x[i] * x[i + 1] for i in range(len(x) - 1) if i % 2 == 0]
    pos = [v for v in x if v > 0]
    return sum(parts) + sum(pos) * 0.5


def dict_comprehension(x, w):
    d = {f"k{i}": w[i] * np.exp(-x[i]) for i in range(len(w))}
    s = {k: v / (1 + v) for k, v in d.items()}
    return sum(s.values()) + d["k0"]


def _stats(*arrays, center=True, **weights):
    out = 0.0
    for a in arrays:
        m = np.mean(a) if center else 0.0
        out = out + weights.get("w", 1.0) * np.sum((a - m) ** 2)
    return out


def star_args_kwargs(x, y):
    return _stats(x, y, w=0.5) + _stats(x, center=False)


def _damped(x, gamma=0.1, p=2):
    return np.sum(np.abs(x) ** p * np.exp(-gamma * x))


def default_args(x):
    return _damped(x) + _damped(x, 0.3) + _damped(x, p=3)


def chained_comparisons(x):
    """Chained comparisons choose branches elementwise in a loop."""
    out = 0.0
    for v in x:
        if -0.5 < v <= 0.5:
            out += v ** 2
        elif 0.5 < v < 2.0:
            out += math.sin(v)
        else:
            out += 0.1 * v
    return out


def ternary_in_loop(x, t):
    acc = np.zeros_like(x)
    for k in range(4):
        acc = acc + (x * t if k % 2 == 0 else x / (1 + t * t))
        acc = acc if np.sum(acc) < 10 else acc * 0.5
    return np.sum(acc)


def and_or_values(a, b):
    """`and`/`or` returning one of their operands (floats), `or` giving a default."""
    lo = (a > 0 and a) or 0.1
    hi = (b < 0 or b) and b * 2
    return lo * hi + (a or b) * 0.5


SCALE = 2.5
SHIFT = np.array([0.1, -0.2, 0.3])


def global_constants(x):
    global SCALE
    return np.sum(SCALE * (x - SHIFT) ** 2)


def early_return_loop(x):
    """Return from inside a loop when a partial sum crosses a threshold."""
    s = 0.0
    for i, v in enumerate(x):
        s += v * v
        if s > 1.5:
            return s * (i + 1)
    return -s


def loop_break_continue_else(x):
    total = 0.0
    for v in x:
        if v < -1:
            continue
        if v > 1.8:
            break
        total += np.exp(v)
    else:
        total *= 2
    return total


def while_else(x):
    i = 0
    s = x[0]
    while i < len(x) - 1:
        i += 1
        if x[i] > 2.5:
            break
        s = s * 0.5 + x[i]
    else:
        s = s + 1.0
    return s


def star_unpack_helpers(v):
    first, *mid, last = v
    return first * last + sum(m ** 2 for m in mid)


def walrus_inside(x):
    out = []
    for v in x:
        if (y := v * v) > 0.25:
            out.append(y)
        else:
            out.append(-v)
    return sum(out)


def method_chain_builder(x):
    """A small class built inside the function, used only for its methods (refused by README
    rule: a method of an object made inside the function)."""
    class Acc:
        def __init__(self):
            self.s = 0.0

        def add(self, v):
            self.s += v
            return self

    a = Acc()
    for v in x:
        a.add(v * v)
    return a.s


class Layer:
    def __init__(self, n, seed):
        r = np.random.default_rng(seed)
        self.W = r.standard_normal((n, n)) * 0.5
        self.b = np.zeros(n)

    def __call__(self, h):
        return np.tanh(self.W @ h + self.b)


LAYERS = [Layer(3, 1), Layer(3, 2), Layer(3, 3)]


def layer_list_loop(x):
    """Loop over a module-level list of callable layer objects."""
    h = x
    for layer in LAYERS:
        h = layer(h)
    return np.sum(h ** 2)


def staticmethod_helpers(x):
    class Ops:
        @staticmethod
        def sq(v):
            return v * v
    return np.sum(Ops.sq(x))


def reduce_with_lambda(xs):
    return functools.reduce(lambda a, b: a * 0.5 + b, xs, 0.0)


def zip_strict_dict(keys_vals):
    names = ["a", "b", "c"]
    d = dict(zip(names, keys_vals))
    return d["a"] * d["b"] - math.exp(d["c"])


def any_all_branch(x):
    if any(v > 1.0 for v in x):
        y = x * 0.5
    elif all(v < 0.0 for v in x):
        y = -x
    else:
        y = x ** 2
    return np.sum(y)


def min_max_key(xs):
    """min/max with key over a list of arrays, mixed with sum."""
    big = max(xs, key=lambda a: float(np.linalg.norm(a)))
    small = min(xs, key=lambda a: float(a[0]))
    return np.sum(big * small) + sum(np.sum(a) for a in xs)


CASES = [
    Case(poly_object_use, lambda r: (r.uniform(-1, 1, 4),)),
    Case(opt_self_mutating, lambda r: (r.standard_normal(2), r.standard_normal((5, 2)), r.standard_normal(5)), wrt=(0, 1, 2), loops=True),
    Case(opt_local_lr, lambda r: (r.standard_normal(2), r.standard_normal((5, 2)), r.standard_normal(5)), loops=True),
    Case(dataclass_global, lambda r: (r.standard_normal(3),), loops=True),
    Case(namedtuple_params, lambda r: (Params(r.standard_normal((3, 3)) * .5, r.standard_normal(3) * .1, 1.3), r.standard_normal(3))),
    Case(closures_in_loop, lambda r: (r.standard_normal(4),), loops=True),
    Case(partial_helpers, lambda r: (r.standard_normal(3), float(r.uniform(0.5, 2)))),
    Case(recursion_nested, lambda r: ({"a": r.standard_normal(2), "b": [r.standard_normal(3), (r.standard_normal(2), r.standard_normal(1))]},)),
    Case(sorted_reversed_lists, lambda r: ([r.standard_normal(3) + k for k in (0.0, 2.0, -3.0)],), loops=True),
    Case(listcomp_condition, lambda r: (r.standard_normal(6),)),
    Case(dict_comprehension, lambda r: (r.standard_normal(3), r.uniform(0.5, 1.5, 3))),
    Case(star_args_kwargs, lambda r: (r.standard_normal(4), r.standard_normal(3))),
    Case(default_args, lambda r: (r.uniform(0.2, 2, 4) * r.choice([-1, 1], 4),)),
    Case(chained_comparisons, lambda r: (r.uniform(-2, 3, 8),), loops=True),
    Case(ternary_in_loop, lambda r: (r.standard_normal(3), float(r.uniform(0.2, 1))), loops=True),
    Case(and_or_values, lambda r: (float(r.uniform(-1, 1)), float(r.uniform(-1, 1)))),
    Case(global_constants, lambda r: (r.standard_normal(3),)),
    Case(early_return_loop, lambda r: (r.standard_normal(5),), loops=True),
    Case(loop_break_continue_else, lambda r: (r.uniform(-2, 2.2, 6),), loops=True),
    Case(while_else, lambda r: (r.uniform(0, 3, 5),), loops=True),
    Case(star_unpack_helpers, lambda r: (r.standard_normal(5),)),
    Case(walrus_inside, lambda r: (r.standard_normal(5),), loops=True),
    Case(method_chain_builder, lambda r: (r.standard_normal(4),), loops=True),
    Case(layer_list_loop, lambda r: (r.standard_normal(3),), loops=True),
    Case(staticmethod_helpers, lambda r: (r.standard_normal(3),)),
    Case(reduce_with_lambda, lambda r: ([float(v) for v in r.standard_normal(4)],)),
    Case(zip_strict_dict, lambda r: ([float(v) for v in r.standard_normal(3)],)),
    Case(any_all_branch, lambda r: (r.uniform(-1.5, 1.2, 3),)),
    Case(min_max_key, lambda r: ([r.standard_normal(3) * s for s in (1.0, 2.0, 0.5)],)),
]
