"""The shared corpus: small functions every end-to-end test sweeps.

Each ``Case`` names a function, its arguments and which arguments to
differentiate. Reverse mode, the decorator, the command line, forward mode
and second order all run over ``CASES`` and compare with finite differences
(tests/support/fd.py). Functions are plain module-level ``def``s on purpose: srcdiff
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


# ------------------------------------------------- real Python (issue 3)
import logging  # noqa: E402

import corpus_helpers  # noqa: E402
from corpus_helpers import affine  # noqa: E402

_log = logging.getLogger("srcdiff.corpus")


@case(0.3, tags={"branch", "scalar"})
def elif_chain(a):
    if a > 1.0:
        y = a * a
    elif a > 0.0:
        if a < 0.2:
            y = np.sin(a)
        else:
            y = np.cos(a) * a
    else:
        y = -a
    return y + a


@case(0.4, 1.3, wrt=(0, 1), tags={"branch", "scalar"})
def ternary_and_bool(a, b):
    c = a * b if a < b and not b < 0.0 else a + b
    d = a if (a > 2.0 or b > 1.0) else b
    return c * d


@case(0.5, tags={"branch", "scalar"})
def chained_comparison(a):
    if 0.0 < a < 1.0:
        return a ** 3
    return a


@case(2.0, tags={"branch", "scalar"})
def returns_in_branches(a):
    if a > 3.0:
        return a * 2.0
    elif a > 1.0:
        b = a * a
        return b - a
    return -a


@case(vec(6), tags={"loop"})
def range_start_stop_step(x):
    s = 0.0
    n = len(x)
    for i in range(1, n - 1, 2):
        s = s + x[i] * x[i - 1]
    return s


@case(vec(4), tags={"loop"})
def for_over_array(x):
    s = 0.0
    for v in x:
        s = s + np.sin(v) * v
    return s


@case(vec(3), vec(3), wrt=(0, 1), tags={"loop"})
def for_over_list_of_arrays(x, y):
    total = 0.0
    for v in [x, y, x * y]:
        total = total + np.sum(v * v)
    return total


@case(vec(4), tags={"loop"})
def enumerate_loop(x):
    s = 0.0
    for i, v in enumerate(x):
        s = s + v * (i + 1.0)
    return s


@case(vec(4), vec(4), wrt=(0, 1), tags={"loop"})
def zip_loop(x, y):
    s = 0.0
    for a, b in zip(x, y):
        s = s + a * np.exp(b)
    return s


@case(vec(4), tags={"loop"})
def reversed_loop(x):
    acc = 1.0
    for v in reversed(x):
        acc = acc * 0.5 + v
    return acc


@case(0.3, tags={"loop", "scalar"})
def while_data_dependent(a):
    x = a
    n = 0
    while x < 5.0 and n < 50:
        x = x * 1.5 + 0.1
        n += 1
    return x


@case(vec(6), tags={"loop"})
def break_loop(x):
    s = 0.0
    for i in range(len(x)):
        if s > 1.0:
            break
        s = s + x[i] * x[i] + 0.3
    return s


@case(vec(6), tags={"loop"})
def continue_loop(x):
    s = 0.0
    for i in range(len(x)):
        if i % 2 == 1:
            continue
        s = s + np.exp(x[i])
    return s


@case(mat(3, 3), tags={"loop"})
def nested_loops(m):
    s = 0.0
    for i in range(3):
        for j in range(i + 1):
            s = s + m[i, j] * m[j, i]
    return s


@case(vec(5), tags={"loop"})
def return_from_loop(x):
    for i in range(len(x)):
        if x[i] > 0.5:
            return x[i] * 10.0
    return np.sum(x)


@case(0.7, tags={"loop", "scalar"})
def loop_nothing_saved(a):
    s = 0.0
    for i in range(10):
        s = s + a * i
    return s


@case(1.2, 0.5, wrt=(0, 1), tags={"scalar"})
def augmented_ops(a, b):
    c = a * 1.0
    c += b
    c -= 0.5 * a
    c *= b
    c /= a
    c **= 2
    return c


@case(mat(2, 2), mat(2, 2), wrt=(0, 1), tags={"matrix"})
def matmul_augmented(x, y):
    z = x * 1.0
    z @= y
    return np.sum(z)


@case(0.3, 1.1, wrt=(0, 1), tags={"scalar"})
def tuple_unpack_swap(a, b):
    a, b = b, a
    c, (d, e) = a * 2.0, (b, a + b)
    return a * c + d * e


@case(0.8, tags={"scalar"})
def chained_assignment(a):
    x = y = a * 3.0
    return x * y


@case(vec(4), tags={"store"})
def store_into_zeros(x):
    out = np.zeros(4)
    for i in range(4):
        out[i] = x[i] * x[(i + 1) % 4]
    return np.sum(out * out)


@case(vec(5), tags={"store"})
def store_slices(x):
    y = np.zeros_like(x)
    y[1:3] = x[0:2] * 2.0
    y[3:] += x[3:] ** 2
    return np.sum(y * x)


@case(mat(3, 3), tags={"store"})
def store_2d(m):
    a = m.copy()
    a[0, 1] += a[1, 0] * 3.0
    a[2] = a[1] * a[0]
    return np.sum(a * a)


@case(vec(4), tags={"store", "branch"})
def store_under_branch_in_loop(x):
    y = x.copy()
    for i in range(1, 4):
        if y[i - 1] > 0.0:
            y[i] = y[i - 1] * y[i]
        else:
            y[i] = y[i] + 1.0
    return np.sum(y)


@case(vec(3), tags={"store"})
def store_into_argument(x):
    x[0] = x[1] * x[2]
    return np.sum(x * x)


@case(vec(3), vec(3), wrt=(0, 1), tags={"container"})
def list_literal_index(x, y):
    pair = [x, y * 2.0]
    return np.sum(pair[0] * pair[1])


@case(vec(3), tags={"container"})
def dict_literal(x):
    d = {"a": x, "b": np.sin(x)}
    return np.sum(d["a"] * d["b"])


@case(vec(3), tags={"container"})
def append_in_loop(x):
    hs = []
    h = x
    for i in range(3):
        h = np.tanh(h * 1.5)
        hs.append(h)
    return np.sum(hs[0] + hs[-1]) + np.sum(np.stack(hs))


@case({"w": vec(3), "b": 0.3}, vec(3), tags={"container"})
def dict_argument(params, x):
    return np.sum(np.tanh(params["w"] * x + params["b"]))


@case([vec(2), (vec(2), {"k": vec(2)})], tags={"container"})
def nested_container_argument(p):
    a = p[0]
    b, d = p[1]
    return np.sum(a * b) + np.sum(d["k"] * a)


@case((vec(2), vec(2)), tags={"container"})
def tuple_argument_unused_entry(p):
    return np.sum(p[0] ** 2)


def _helper_scale(v, k=2.0):
    return v * k + np.sin(v)


@case(vec(3), tags={"call"})
def call_module_function(x):
    return np.sum(_helper_scale(x) * _helper_scale(x, k=0.5))


@case(vec(3), tags={"call"})
def call_imported(x):
    return np.sum(corpus_helpers.softplus(x) + affine(x, 2.0, b=1.0))


@case(vec(3), 0.7, wrt=(0, 1), tags={"call"})
def call_nested_def(x, s):
    def inner(v):
        return np.exp(v * s)
    return np.sum(inner(x) + inner(x * x))


@case(0.6, tags={"call", "loop", "scalar"})
def call_in_loop(a):
    x = a
    for i in range(4):
        x = _helper_scale(x, k=0.9)
    return x


def _power(x, n):
    if n == 0:
        return 1.0
    return x * _power(x, n - 1)


@case(1.3, tags={"call", "scalar"})
def recursive_power(a):
    return _power(a, 4)


def _two_outputs(v):
    return v * v, np.sin(v)


@case(vec(3), tags={"call"})
def call_tuple_result(x):
    p, q = _two_outputs(x)
    return np.sum(p * q)


@case(0.9, tags={"passthrough", "scalar"})
def prints_and_asserts(a):
    b = a * a
    print("b is", b)
    assert b >= 0.0, "a square"
    _log.debug("b=%s", b)
    logging.info("computed")
    return b * 3.0


@case(vec(5), tags={"passthrough", "loop"})
def integer_bookkeeping(x):
    count = 0
    total = 0.0
    for i in range(len(x)):
        if x[i] > 0.0:
            count += 1
            total = total + x[i]
    k = count * 2 + 1
    return total * k


@case(vec(4), tags={"loop"})
def list_comprehension(x):
    ys = [v * v for v in x if v > -2.0]
    return np.sum(np.array(ys))


@case(vec(3), mat(3, 3) * 0.4, tags={"loop"}, wrt=(0, 1))
def loop_carried_matrix(h, w):
    for t in range(4):
        h = np.tanh(w @ h) + h * 0.1
    return np.sum(h * h)


@case(20.0, tags={"loop", "scalar", "branch"})
def early_return_taken(x):
    for i in range(3):
        if x > 10:
            return x * x
        x = x * 2
    return -x


@case(vec(5, 0.6, 0.9), tags={"loop", "branch"})
def return_from_loop_taken(x):
    for i in range(len(x)):
        if x[i] > 0.5:
            return x[i] * 10.0
    return np.sum(x)


# ------------------------------------------------------------- scalar code with math
# Scientific programs on Python floats, written with the math module and builtins
# (rules/math_rules.py): every value is a float, every gradient too.

import math  # noqa: E402


@case(0.8, -1.2, -0.7, [0.9, 1.4, 0.7, 1.1, 1.8, 1.3, 0.6], wrt=(0, 1, 2),
      tags={"scalar", "loop", "math"})
def kalman_nll(phi, log_q, log_r, ys):
    """The negative log likelihood of an AR(1) state observed in noise (a scalar Kalman
    filter): predict, innovate, update, one observation at a time."""
    q = math.exp(log_q)
    r = math.exp(log_r)
    m, p = 0.0, 1.0
    nll = 0.0
    for y in ys:
        m = phi * m
        p = phi * phi * p + q
        s = max(p + r, 1e-9)
        v = y - m
        nll += 0.5 * (math.log(2.0 * math.pi * s) + v * v / s)
        k = p / s
        m = m + k * v
        p = (1.0 - k) * p
    return nll


def _pendulum(theta, omega, damping, length):
    return omega, -damping * omega - 9.81 / length * math.sin(theta)


@case(0.6, 0.15, 1.3, 0.93, wrt=(0, 1, 2, 3), tags={"scalar", "loop", "call", "math"})
def rk4_pendulum(theta0, damping, length, t_end):
    """A damped pendulum integrated by classical Runge-Kutta on floats, the last step
    shortened to land on ``t_end``; returns its energy."""
    theta, omega, t = theta0, 0.0, 0.0
    while t < t_end:
        h = min(0.1, t_end - t)
        k1t, k1w = _pendulum(theta, omega, damping, length)
        k2t, k2w = _pendulum(theta + 0.5 * h * k1t, omega + 0.5 * h * k1w, damping, length)
        k3t, k3w = _pendulum(theta + 0.5 * h * k2t, omega + 0.5 * h * k2w, damping, length)
        k4t, k4w = _pendulum(theta + h * k3t, omega + h * k3w, damping, length)
        theta = theta + h / 6.0 * (k1t + 2.0 * k2t + 2.0 * k3t + k4t)
        omega = omega + h / 6.0 * (k1w + 2.0 * k2w + 2.0 * k3w + k4w)
        t = t + h
    return 0.5 * pow(length * omega, 2) + 9.81 * length * (1.0 - math.cos(theta))


@case(0.3, -0.2, [0.5, -0.2, 1.1, 0.4, 0.9], wrt=(0, 1), tags={"scalar", "loop", "math"})
def gaussian_log_density(mu, log_sigma, xs):
    """The log density of i.i.d. normal data given its mean and log scale, plus a standard
    normal prior on the mean."""
    sigma = math.exp(log_sigma)
    zs = [(x - mu) / sigma for x in xs]
    log_lik = -0.5 * math.fsum([z * z for z in zs]) - len(xs) * (
        log_sigma + 0.5 * math.log(math.tau))
    log_prior = -0.5 * mu * mu - 0.5 * math.log(2.0 * math.pi)
    return log_lik + log_prior


# a module-level lambda: read from its file as `def`
lambda_expression = lambda x, w: np.sum(np.tanh(x * w) * x) + 0.5 * w ** 2  # noqa: E731
lambda_expression.__name__ = "lambda_expression"
case(vec(3), 0.7, wrt=(0, 1), tags={"lambda"})(lambda_expression)


@case({"W": mat(3, 2), "b": vec(2)}, vec(3), tags={"container", "loop"})
def dict_comprehension_items(params, x):
    """A dict comprehension over a parameter dict's items, `.get` with a default, and an
    L2 penalty summed over `.items()`."""
    scaled = {name: value * 0.5 for name, value in params.items()}
    h = np.tanh(x @ scaled["W"] + scaled.get("b", 0.0))
    penalty = 0.0
    for name, value in params.items():
        penalty = penalty + np.sum(value ** 2)
    return np.sum(h ** 2) + 0.01 * penalty


@case(vec(4), tags={"loop"})
def fstring_off_the_gradient_path(x):
    """f-strings that only label things: a message, a raise, a constant dict key."""
    label = f"norm of {len(x)} entries"
    parts = {f"x{i}": x[i] for i in range(len(x))}
    total = 0.0
    for i in range(len(x)):
        total = total + parts[f"x{i}"] ** 2
    if total < 0.0:
        raise ValueError(f"{label}: negative {total:.3f}")
    return math.sqrt(total)


# helpers with *args, keyword-only parameters and **kwargs: lowered per call
def _weighted_terms(*terms, weight=1.0, **offsets):
    out = offsets["shift"] if "shift" in offsets else 0.0
    for t in terms:
        out = out + weight * np.sum(t * t)
    return out


@case(vec(3), vec(3), wrt=(0, 1), tags={"call"})
def varargs_helper(x, y):
    """Three values into a helper's *args and a keyword-only weight, then one value and a
    **kwargs entry: two lowerings of one helper."""
    return _weighted_terms(x, y * 2.0, x * y, weight=0.5) + _weighted_terms(np.tanh(x),
                                                                            shift=y[0])


@case(vec(4), vec(4), wrt=(0, 1), tags={"loop"})
def enumerate_zip_with_start(x, y):
    """`enumerate(zip(...))` unpacked as `i, (a, b)`, and an enumerate counting from 1."""
    s = 0.0
    for i, (a, b) in enumerate(zip(x, y[1:])):
        s = s + (i + 0.5) * a * np.sin(b)
    for j, v in enumerate(y, start=1):
        s = s + j * v * v
    return s


@case(vec(4), tags={"store"})
def store_through_repeated_indices(x):
    """`y[[0, 0, 1]] += v` and `Y[rows, cols] = v` with a position written twice: NumPy keeps
    the last write there, so only that value gets the gradient (runtime.last_writes)."""
    y = np.zeros(4)
    y[[0, 0, 1]] += x[:3]
    rows = np.array([0, 2, 0])
    grid = np.ones((3, 2))
    grid[rows, [1, 0, 1]] = x[1:] * x[0]
    return np.sum(y * x) + np.sum(grid ** 2 * np.arange(6.0).reshape(3, 2))


@case(vec(3), 0, tags={"store", "loop"})
def store_loop_that_may_not_run(x, n):
    """A backward loop that may run no trip: a gradient it copies before zeroing an entry
    (b_a[0] = 0.0) is not owned after it when it ran none, and b_a is then the same array
    as b_x (both unbroadcast(b_sub, .)); zeroing it in place zeroed b_x[0] (wrong before)."""
    a = np.zeros(3)
    a[0] = np.sin(x[0])
    for i in range(n):
        a[0] = np.sin(x[0]) * a[1]
    return np.sum(np.exp(a + x))
