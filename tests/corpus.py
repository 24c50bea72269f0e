"""The shared corpus: small functions every end-to-end test sweeps.

Each ``Case`` names a function, its arguments and which arguments to
differentiate. Reverse mode, the decorator, the command line, forward mode
and second order all run over ``CASES`` and compare with finite differences
(tests/fd.py). Functions are plain module-level ``def``s on purpose: srcdiff
reads their source.
"""

import numpy as np

RNG = np.random.default_rng(0)


def vec(n, lo=-1.0, hi=1.0):
    return RNG.uniform(lo, hi, size=n)


def mat(n, m, lo=-1.0, hi=1.0):
    return RNG.uniform(lo, hi, size=(n, m))


class Case:
    def __init__(self, fn, *args, wrt=0, tags=(), kwargs=None):
        self.fn = fn
        self.args = args
        self.wrt = wrt
        self.tags = set(tags)
        self.kwargs = kwargs or {}

    @property
    def name(self):
        return f"{self.fn.__name__}"

    def __repr__(self):
        return self.name


CASES = []


def case(*args, wrt=0, tags=(), kwargs=None):
    def register(fn):
        CASES.append(Case(fn, *args, wrt=wrt, tags=tags, kwargs=kwargs))
        return fn
    return register


# ------------------------------------------------------------- straight line

@case(1.3, tags={"scalar"})
def square_scalar(a):
    return a * a


@case(0.7, 1.9, wrt=(0, 1), tags={"scalar"})
def poly2(a, b):
    return 3.0 * a * a * b - 2.0 * b + a / b


@case(0.4, tags={"scalar"})
def unary_chain(a):
    return np.exp(np.sin(a)) + np.log(1.0 + a * a) - np.tanh(a) * np.cos(a)


@case(0.3, 1.2, wrt=(0, 1), tags={"scalar"})
def powers(a, b):
    return a ** 3 + b ** a + np.sqrt(b) + np.square(a - b)


@case(0.5, tags={"scalar"})
def neg_and_sub(a):
    c = -a
    d = 2.0 - c
    return d * c - a


@case(0.25, tags={"scalar"})
def trig_all(a):
    return np.tan(a) + np.arcsin(a) + np.arccos(a) * 2.0 + np.arctan(a) + np.sinh(a) * np.cosh(a)


@case(0.6, tags={"scalar"})
def logs(a):
    return np.log1p(a) + np.expm1(a) + np.log(a) * np.exp(-a)


@case(vec(5), tags={"vector"})
def sum_of_squares(x):
    return np.sum(x * x)


@case(vec(4), vec(4), wrt=(0, 1), tags={"vector"})
def dot_vectors(x, y):
    return np.dot(x, y) + x @ y


@case(mat(3, 4), mat(4, 2), wrt=(0, 1), tags={"matrix"})
def tanh_layer(x, w):
    h = np.tanh(x @ w)
    return np.sum(h * h)


@case(mat(3, 4), vec(4), 0.5, wrt=(0, 1, 2), tags={"matrix"})
def broadcast_bias(x, b, s):
    return np.sum((x + b) * s - b)


@case(mat(3, 1), vec(4), wrt=(0, 1), tags={"matrix"})
def outer_broadcast(a, b):
    return np.mean(np.exp(a * b) / (1.0 + b * b))


@case(mat(3, 4), tags={"matrix"})
def reductions_axis(x):
    return np.sum(np.sum(x, axis=0) ** 2) + np.sum(np.mean(x, axis=1, keepdims=True) * x)


@case(mat(3, 4), tags={"matrix"})
def max_min(x):
    return np.sum(np.max(x, axis=1)) + np.min(x) + np.sum(np.amax(x, axis=0, keepdims=True))


@case(vec(4, 0.5, 1.5), tags={"vector"})
def product(x):
    return np.prod(x) + np.sum(np.prod(x.reshape(2, 2), axis=1))


@case(mat(2, 3), tags={"matrix"})
def shapes(x):
    y = np.transpose(x) @ x
    z = np.reshape(y, (9,))
    w = np.expand_dims(z, 0)
    return np.sum(np.squeeze(w) * z) + np.sum(x.T)


@case(vec(3), vec(3), wrt=(0, 1), tags={"vector"})
def concat_stack(x, y):
    c = np.concatenate([x, 2.0 * y])
    s = np.stack([x, y], axis=1)
    return np.sum(c * c) + np.sum(s[:, 0] * s[:, 1])


@case(vec(5), tags={"vector"})
def indexing(x):
    return x[0] * x[-1] + np.sum(x[1:3]) + np.sum(x[::2] ** 2)


@case(mat(3, 4), tags={"matrix"})
def indexing_2d(x):
    return np.sum(x[1] * x[:, 2].sum()) + x[0, 3] + np.sum(x[1:, ::2])


@case(vec(5), vec(5), wrt=(0, 1), tags={"vector"})
def max_min_elementwise(x, y):
    return np.sum(np.maximum(x, y) + np.minimum(x, 0.3) * y)


@case(vec(6), tags={"vector"})
def where_clip(x):
    return np.sum(np.where(x > 0, x * x, -x) + np.clip(x, -0.5, 0.5))


@case(vec(5), tags={"vector"})
def absolute(x):
    return np.sum(np.abs(x) * x)


@case(vec(4), tags={"vector"})
def methods(x):
    m = x.reshape(2, 2)
    return m.sum() + m.mean() * m.max() - m.min() + m.dot(m).sum() + np.sum(m.T * m)


@case(vec(4), tags={"vector"})
def constants_only(x):
    n = x.shape[0]
    k = np.argmax(x)
    z = np.zeros_like(x)
    o = np.ones_like(x)
    return np.sum(x * o) * n + x[k] + np.sum(z)


@case(vec(4), tags={"vector"})
def comparisons_are_constant(x):
    mask = x > 0.0
    return np.sum(x * mask)


@case(0.8, 1.5, wrt=(0, 1), tags={"scalar"})
def tuple_output(a, b):
    return a * b, a + b


@case(1.1, tags={"scalar"})
def reassigned(a):
    a = a * a
    a = np.sin(a) + a
    return a


@case(0.9, tags={"scalar"})
def divide_chain(a):
    b = 1.0 / a
    return b / (a + 2.0) - a / 3.0


@case(vec(3), mat(3, 3), wrt=(0, 1), tags={"matrix"})
def matvec(v, m):
    return np.sum(m @ v) + v @ m @ v


@case(mat(2, 3), tags={"matrix"})
def broadcast_to_fn(x):
    return np.sum(np.broadcast_to(x, (4, 2, 3)) * 0.5)


# ------------------------------------------------------------ control flow

@case(vec(5), 5, tags={"loop"})
def loop_index_sum(x, n):
    s = 0.0
    for i in range(n):
        s = s + x[i] * x[i]
    return s


@case(0.9, tags={"loop", "scalar"})
def scalar_recurrence(a):
    x = 0.5
    for i in range(20):
        x = a * x * (1.0 - x)
    return x


@case(vec(3), mat(3, 3) * 0.5, mat(4, 3), wrt=(0, 1), tags={"loop"})
def rnn(h, w, xs):
    for t in range(len(xs)):
        h = np.tanh(h @ w + xs[t])
    return np.sum(h)


@case(1.5, tags={"loop", "scalar", "branch"})
def early_return_in_loop(x):
    for i in range(3):
        if x > 10:
            return x
        x = x * 2
    return -x


@case(0.7, tags={"branch", "scalar"})
def branch(a):
    if a > 0.5:
        b = a * a
    else:
        b = -a
    return b * 3.0
