# ruff: noqa: E501, E731, BLE001, F841, E701, E702
"""red38's probes (not part of the test suite).

    PYTHONPATH=. python tools/red38/probes.py [NAME ...]
    PYTHONPATH=. python tools/red38/probes.py --numba [NAME ...]

Each probe is (name, fn, args, wrt); the harness (oracles and outcomes) is red36's `run`:
the function itself, the reference pipeline, central differences in float64, forward mode.
`--numba` compares sd.grad(f, backend="numba") with the NumPy backend and the differences.
"""
import dataclasses
import functools
import importlib.util
import math
import pathlib
import sys

import numpy as np

import srcdiff as sd
from srcdiff.errors import SrcdiffError
from tests.support.fd import numeric_grad

_spec = importlib.util.spec_from_file_location(
    "red36_probes", pathlib.Path(__file__).resolve().parents[1] / "red36" / "probes.py")
_red36 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_red36)
run = _red36.run

PROBES = []  # (name, fn, args, wrt)


def probe(*args, wrt=0):
    return lambda fn: PROBES.append((fn.__name__, fn, args, wrt)) or fn


X = np.array([0.3, -0.7, 1.1])
M = np.array([[0.5, -0.2, 0.9], [1.3, 0.4, -0.6]])
W = np.array([[0.2, -0.5], [0.7, 0.1], [-0.3, 0.8]])

# -- program structure: classes


class Layer:
    def __init__(self, w):
        self.w = w
        self.calls = 0

    def __call__(self, h):
        self.calls += 1
        return np.tanh(h @ self.w)

    @property
    def scale(self):
        return np.sum(self.w * self.w)


@probe(W, M)
def method_reads_self_w(w, x):
    layer = Layer(w)
    return np.sum(layer(x)) + layer.scale


@probe(W, M)
def attribute_set_after_call(w, x):
    layer = Layer(w)
    h = layer(x)
    layer.w = w * 2.0
    return np.sum(h) + np.sum(layer(x))


@probe(W, M)
def object_as_argument_helper(w, x):
    layer = Layer(w)
    return _use_layer(layer, x)


def _use_layer(layer, x):
    layer.w = layer.w + 1.0
    return np.sum(layer(x) ** 2)


@dataclasses.dataclass
class Params:
    w: np.ndarray
    b: float = 0.5


@probe(W, M)
def dataclass_fields(w, x):
    p = Params(w)
    p.b = p.b * np.sum(w)
    return np.sum(np.tanh(x @ p.w + p.b))


@probe(W, M)
def dataclass_replace(w, x):
    p = Params(w, 0.1)
    q = dataclasses.replace(p, b=2.0)
    return np.sum(x @ q.w * q.b)


# -- closures


@probe(X)
def late_binding_closure(x):
    fs = []
    for k in range(3):
        fs.append(lambda t: t * k)
    return sum(np.sum(f(x) ** 2) for f in fs)


@probe(X)
def closure_over_rebound_name(x):
    a = 1.0
    f = lambda t: t * a
    a = 3.0
    return np.sum(f(x) ** 2)


@probe(X)
def closure_over_rebound_array(x):
    a = x * 1.0
    f = lambda t: t * a
    a = x ** 2
    return np.sum(f(x))


@probe(X)
def closure_over_mutated_array(x):
    a = x * 1.0
    f = lambda t: np.sum(t * a)
    a *= 3.0
    return f(x)


@probe(X)
def nonlocal_counter(x):
    n = 0

    def step(t):
        nonlocal n
        n += 1
        return t * n
    y = step(x)
    y = step(y)
    return np.sum(y ** 2)


@probe(X)
def nonlocal_accumulator_array(x):
    acc = np.zeros(3)

    def add(t):
        nonlocal acc
        acc = acc + t * t
    add(x)
    add(np.sin(x))
    return np.sum(acc)


@probe(X)
def lambdas_in_dict(x):
    ops = {"sq": lambda t: t * t, "sin": np.sin, "lin": lambda t: 3.0 * t}
    return sum(np.sum(ops[k](x)) for k in ("sq", "sin", "lin"))


@probe(X)
def functools_reduce_mult(x):
    return functools.reduce(lambda a, b: a * b, [x, np.sin(x), x + 1.0]).sum()


@probe(X)
def map_filter_lambdas(x):
    parts = list(map(lambda t: t * x, [1.0, 2.0, 3.0]))
    return np.sum(sum(parts))


def _gen(x):
    for k in range(3):
        yield x * (k + 1)


@probe(X)
def generator_helper(x):
    return np.sum(sum(_gen(x)) ** 2)


def _acc_rec(x, n, acc):
    if n == 0:
        return acc
    return _acc_rec(x, n - 1, acc * x + 1.0)


@probe(X)
def recursion_accumulator(x):
    return np.sum(_acc_rec(x, 3, np.ones(3)))


G = np.array([1.0, 2.0, 3.0])


def _uses_global(x):
    return np.sum(x * G)


@probe(X)
def global_changed_by_caller(x):
    G[0] = 5.0
    try:
        return _uses_global(x)
    finally:
        G[0] = 1.0


@probe(X)
def try_except_raise_path(x):
    try:
        y = np.sqrt(x)
        if np.any(x < 0):
            raise ValueError("neg")
    except ValueError:
        y = x * 2.0
    return np.sum(y)


@probe(X)
def try_finally_rebind(x):
    y = x * 1.0
    try:
        y = y * 2.0
    finally:
        y = y + 1.0
    return np.sum(y ** 2)


@probe(X)
def try_except_else(x):
    try:
        y = x * 2.0
    except ZeroDivisionError:
        y = x
    else:
        y = y * 3.0
    return np.sum(y ** 2)


@probe(X)
def assert_value_fails(x):
    assert np.all(x > 0), "positive"
    return np.sum(x ** 2)


@probe(np.abs(X))
def assert_value_passes(x):
    assert np.all(x > 0), "positive"
    return np.sum(np.log(x))


def _h_default(x, acc=[]):
    acc.append(x)
    return sum(acc)


@probe(X)
def mutable_default_argument(x):
    return np.sum(_h_default(x * 1.0) ** 2)


def _star(*args, **kwargs):
    s = kwargs.get("scale", 1.0)
    return sum(a * s for a in args)


@probe(X)
def star_args_kwargs_scale(x):
    return np.sum(_star(x, x ** 2, scale=3.0))


def _kwonly(x, *, p=2, q):
    return x ** p * q


@probe(X)
def keyword_only(x):
    return np.sum(_kwonly(x, q=2.0) + _kwonly(x, p=3, q=1.0))


def _twice(f):
    @functools.wraps(f)
    def wrapper(t):
        return f(f(t))
    return wrapper


@_twice
def _sq_deco(t):
    return t * t


@probe(X)
def user_decorator(x):
    return np.sum(_sq_deco(x))


def _scale_deco(c):
    def deco(f):
        def wrapper(t):
            return c * f(t)
        return wrapper
    return deco


@_scale_deco(3.0)
def _sin3(t):
    return np.sin(t)


@probe(X)
def user_decorator_factory(x):
    return np.sum(_sin3(x))


# -- index tricks


@probe(X)
def mask_assign_zero(x):
    y = x * 2.0
    y[y > 0] = 0.0
    return np.sum(y * x)


@probe(X)
def mask_times_two(x):
    y = x ** 2
    y[x > 0] *= 2.0
    return np.sum(y)


@probe(X)
def mask_assign_values(x):
    y = np.zeros(3)
    y[x > 0] = x[x > 0] ** 2
    return np.sum(y)


@probe(M)
def newaxis_read(x):
    return np.sum(x[:, None, :] * x[None, :, :])


@probe(M)
def newaxis_store(x):
    y = np.zeros((2, 1, 3))
    y[:, 0, :] = x
    y[:, None] = y[:, None] * 2.0
    return np.sum(y * y)


@probe(M)
def ellipsis_store(x):
    y = x * 1.0
    y[..., 0] = y[..., 1] * 2.0
    return np.sum(y ** 2)


@probe(X)
def negative_step_store(x):
    y = np.zeros(3)
    y[::-1] = x * np.array([1.0, 2.0, 3.0])
    return np.sum(y * np.array([1.0, 0.0, 0.0]))


@probe(X)
def negative_step_self_store(x):
    y = x * 1.0
    y[::-1] = y
    return np.sum(y * np.array([1.0, 2.0, 3.0]))


@probe(M)
def ix_read(x):
    return np.sum(x[np.ix_([0, 1], [2, 0])] ** 2)


@probe(M)
def ix_store(x):
    y = x * 1.0
    y[np.ix_([1, 0], [0, 0])] = 7.0
    return np.sum(y * x)


@probe(X)
def repeated_index_read_twice(x):
    y = np.sin(x)
    idx = np.array([0, 0, 2, 0])
    return np.sum(y[idx] * x[idx]) + np.sum(y[idx])


@probe(X, 0.5)
def repeated_fancy_iadd_literal_list(x, v):
    y = x * 1.0
    y[[0, 0, 1]] += v * x[2]
    return np.sum(y ** 2)


@probe(M)
def transpose_store(x):
    y = np.zeros((3, 2))
    y.T[0] = x[1]
    y.T[1] = x[0] * 2.0
    return np.sum(y ** 2)


@probe(M)
def transpose_inplace(x):
    y = x * 1.0
    y.T[:] *= 2.0
    return np.sum(y ** 2)


@probe(M)
def flat_read(x):
    return np.sum(x.flat[[0, 4, 5]] ** 2)


@probe(X)
def take_wrap(x):
    return np.sum(np.take(x, [0, 4, -5], mode="wrap") ** 2)


@probe(X)
def take_clip(x):
    return np.sum(np.take(x, [0, 7, -2], mode="clip") ** 2)


@probe(X)
def take_raise_out_of_range(x):
    return np.sum(np.take(x, [0, 7]) ** 2)


@probe(M)
def take_axis_wrap(x):
    return np.sum(np.take(x, [0, 3, -1], axis=1, mode="wrap") * x[:, :1])


@probe(X)
def mask_in_loop_store(x):
    y = x * 1.0
    for _ in range(2):
        y[y < 0.5] += 1.0
    return np.sum(y * x)


@probe(M)
def bool_mask_2d_store(x):
    y = x * 1.0
    y[x > 0.45] = x[x > 0.45] * 3.0
    return np.sum(y ** 2)


@probe(M)
def row_mask_store(x):
    y = x * 1.0
    y[np.array([True, False])] = 0.0
    return np.sum(y * x)


@probe(M)
def mixed_int_slice_negative(x):
    y = x * 1.0
    y[-1, ::-2] = x[0, :2] ** 2
    return np.sum(y ** 2)


@probe(X)
def where_store(x):
    y = x * 1.0
    i = np.where(x > 0)[0]
    y[i] = y[i] ** 3
    return np.sum(y)


@probe(X)
def nonzero_store_twice(x):
    y = x * 1.0
    (i,) = np.nonzero(x < 2.0)
    y[i[[0, 0]]] += 1.0
    y[i] *= x[i]
    return np.sum(y)


@probe(M)
def argmax_gather(x):
    j = np.argmax(x, axis=1)
    return np.sum(x[np.arange(2), j] ** 2)


# -- loops for the numba backend (also run by the NumPy harness)

V = np.array([0.3, -0.7, 1.1, 0.4, -0.2])


@probe(V)
def nb_out_of_range_read(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * x[i + 1]
    return s


@probe(V)
def nb_negative_index_wrap(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * x[i - 1]
    return s


@probe(V)
def nb_negative_index_too_far(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * x[i - 7]
    return s


@probe(V)
def nb_out_of_range_store(x):
    y = np.zeros(5)
    for i in range(x.shape[0]):
        y[i + 1] = x[i] ** 2
    return np.sum(y)


@probe(V, np.array([0, 2, 7]))
def nb_index_array_out_of_range(x, idx):
    s = 0.0
    for k in range(idx.shape[0]):
        s += x[idx[k]] ** 2
    return s


@probe(V, np.array([0, 2, -1]))
def nb_index_array_negative(x, idx):
    s = 0.0
    for k in range(idx.shape[0]):
        s += x[idx[k]] ** 2
    return s


@probe(V, 3)
def nb_int_times_float(x, n):
    s = 0
    for i in range(n):
        s = s + i * x[i]
    return s * s


@probe(V, 2)
def nb_int_division(x, n):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * (i // n) + x[i] * (i / n) + x[i] * (i % n)
    return s


@probe(V)
def nb_int_array_accumulate(x):
    k = np.zeros(5, dtype=np.int64)
    s = 0.0
    for i in range(5):
        k[i] = i * 3
        s += x[i] * k[i]
    return s


@probe(np.array(0.7))
def nb_zero_d(x):
    s = 0.0
    for i in range(3):
        s = s + x * i
    return s * x


@probe(np.array(0.7), V)
def nb_zero_d_times_array(a, x):
    s = 0.0
    for i in range(x.shape[0]):
        s += a * x[i] ** 2
    return s


@probe(V)
def nb_inplace_array_ops(x):
    y = x.copy()
    for i in range(1, 5):
        y[i] *= y[i - 1]
        y[i] -= 0.5 * x[i]
        y[i] /= 1.0 + x[i] ** 2
    return np.sum(y)


@probe(V)
def nb_whole_array_inplace_in_loop(x):
    y = x * 1.0
    for i in range(3):
        y *= 0.5 + x[i]
        y += x
    return np.sum(y ** 2)


@probe(M)
def nb_2d_negative(x):
    s = 0.0
    for i in range(2):
        for j in range(3):
            s += x[i, j] * x[-1 - i, -j - 1]
    return s


@probe(V)
def nb_float_loop_bound(x):
    s = 0.0
    for i in range(int(x.shape[0] / 2)):
        s += x[2 * i] * x[2 * i + 1]
    return s


@probe(V)
def nb_bool_accumulate(x):
    s = 0.0
    c = 0
    for i in range(5):
        if x[i] > 0:
            c += 1
            s += x[i] * c
    return s


@probe(V)
def nb_while_index(x):
    s = 0.0
    i = 0
    while i < x.shape[0]:
        s = s * 0.5 + x[i] ** 2
        i += 2
    return s


@probe(V)
def nb_abs_int_index(x):
    s = 0.0
    for i in range(-2, 3):
        s += x[abs(i)] * x[i]
    return s


@probe(V)
def nb_math_domain(x):
    s = 0.0
    for i in range(5):
        s += np.sqrt(x[i] + 0.5)
    return s


@probe(V)
def nb_math_sqrt_domain(x):

    s = 0.0
    for i in range(5):
        s += math.sqrt(x[i] + 0.5)
    return s


@probe(V)
def nb_max_int_float(x):
    s = 0.0
    for i in range(5):
        s += max(x[i], 0) + min(x[i], 0.1)
    return s


@probe(V)
def nb_pow_int(x):
    s = 0.0
    for i in range(5):
        s += x[i] ** i + x[i] ** (i - 2)
    return s


@probe(V)
def nb_slice_negative_step(x):
    y = x[::-1].copy()
    s = 0.0
    for i in range(5):
        s += y[i] * x[i]
    return s


@probe(V)
def nb_slice_sum_in_loop(x):
    s = 0.0
    for i in range(1, 5):
        s += np.sum(x[:i]) * x[i]
    return s


@probe(V)
def nb_last_element_loop(x):
    s = 0.0
    for i in range(5):
        s += x[-1] * x[i]
    return s



def _math_loop(f, shift=0.0):
    def loop(x):
        s = 0.0
        for i in range(x.shape[0]):
            s += f(x[i] + shift)
        return s
    return loop


@probe(V)
def nb_math_log_zero(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.log(x[i] - x[3] + 0.4) * x[i]
    return s


@probe(V * 1000.0)
def nb_math_exp_overflow(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.exp(x[i]) * 0.0 + x[i]
    return s


@probe(V * 2.0)
def nb_math_acos_domain(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.acos(x[i] * 0.9)
    return s


@probe(V)
def nb_math_atanh_one(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.atanh(x[i] - x[2] + 1.0) * 0.0 + x[i]
    return s


@probe(V)
def nb_math_pow_negative_base(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.pow(x[i], 0.5)
    return s


@probe(V)
def nb_math_fmod_zero(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.fmod(x[i], x[i] - x[i])
    return s


@probe(V)
def nb_math_log_base(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.log(x[i], 2.0)
    return s


@probe(V)
def nb_math_log_base_one(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.log(x[i] + 1.0, 1.0)
    return s


@probe(np.array([0.3, -1.0, 2.0]))
def nb_math_gamma_pole(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.gamma(x[i])
    return s


@probe(np.array([0.3, -1.0, 2.0]))
def nb_math_lgamma_pole(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.lgamma(x[i])
    return s


@probe(V * 1000.0)
def nb_math_cosh_overflow(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.cosh(x[i]) * 0.0 + x[i]
    return s


@probe(V)
def nb_math_sin_inf(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.sin(x[i] * np.inf) * 0.0 + x[i]
    return s


@probe(V)
def nb_math_hypot_ok(x):
    s = 0.0
    for i in range(1, x.shape[0]):
        s += math.hypot(x[i], x[i - 1])
    return s


@probe(V, 0.0)
def nb_scalar_divide_zero(x, d):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] / d
    return s


@probe(V)
def nb_int_floor_div_zero(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * (3 // (i - 2))
    return s


@probe(V)
def nb_int_pow_negative(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * (2 ** (i - 2))
    return s


# -- scipy.special edge cases

from scipy import special as sps  # noqa: E402

T3 = np.arange(24, dtype=float).reshape(2, 3, 4) * 0.1 - 1.0


@probe(M, np.array([[1.0, 0.0, 2.0], [0.5, 0.5, 0.0]]))
def lse_b_with_zeros(x, b):
    return np.sum(sps.logsumexp(x, b=b, axis=1))


@probe(M, np.array([1.0, 2.0, 0.5]))
def lse_b_broadcast_keepdims(x, b):
    return np.sum(sps.logsumexp(x, b=b, axis=-1, keepdims=True) * x)


@probe(T3)
def lse_tuple_axes(x):
    return np.sum(sps.logsumexp(x, axis=(0, 2)) ** 2)


@probe(M, np.array([1.0, 2.0, 0.5]), wrt=(0, 1))
def lse_wrt_b(x, b):
    return np.sum(sps.logsumexp(x, b=b, axis=1))


@probe(M, np.array([1.0, -0.2, 0.5]))
def lse_negative_b(x, b):
    return np.sum(sps.logsumexp(x, b=b, axis=1))


@probe(np.array([-np.inf, 0.3, -np.inf]))
def lse_with_minus_inf(x):
    return sps.logsumexp(x) * 2.0


@probe(np.array([800.0, -800.0, 0.0]))
def expit_extremes(x):
    return np.sum(sps.expit(x) * np.array([1.0, 2.0, 3.0]))


@probe(np.array([-2.5, 0.5, 3.0]))
def gammaln_negative(x):
    return np.sum(sps.gammaln(x))


@probe(np.array([0.0, 0.5, 2.0]), np.array([0.3, 1.5, 2.0]), wrt=1)
def xlogy_zero_x_wrt_y(x, y):
    return np.sum(sps.xlogy(x, y))


@probe(np.array([0.0, 0.5, 2.0]), np.array([0.0, 1.5, 2.0]), wrt=0)
def xlogy_zero_y_wrt_x(x, y):
    return np.sum(sps.xlogy(x, y) + 0.0 * y)


@probe(np.array([0.0, 0.5, 2.0]), np.array([-0.3, 1.5, 2.0]), wrt=1)
def xlog1py_wrt_y(x, y):
    return np.sum(sps.xlog1py(x, y))


@probe(M)
def softmax_axis0(x):
    return np.sum(sps.softmax(x, axis=0) * np.array([[1.0, 2.0, 3.0], [0.5, 0.0, -1.0]]))


@probe(M)
def log_softmax_axis_none(x):
    return np.sum(sps.log_softmax(x) * np.array([[1.0, 2.0, 3.0], [0.5, 0.0, -1.0]]))


@probe(np.array([-1.0, 0.0, 2.0]))
def erf_erfc_erfcx(x):
    return np.sum(sps.erf(x) * sps.erfc(x) + sps.erfcx(x))


@probe(np.array([0.3, 1.5, 4.0]), np.array([1.0, 2.0, 0.5]), wrt=(0, 1))
def betaln_both(a, b):
    return np.sum(sps.betaln(a, b))


@probe(np.array([0.3, 1.5, 4.0]))
def logit_of_expit(x):
    return np.sum(sps.logit(sps.expit(x)) ** 2)


@probe(np.array([0.0, 0.5, 2.0]))
def entr_at_zero(x):
    return np.sum(sps.entr(x))


@probe(np.array([0.2, 0.5]), np.array([0.0, 0.5]), wrt=0)
def rel_entr_zero(x, y):
    return np.sum(sps.rel_entr(x, y))


# -- stores with repeated indices (NumPy: the last value wins) and more structure


@probe(X)
def repeated_store_last_wins(x):
    y = np.zeros(3)
    y[[0, 0]] = x[1:3]
    return np.sum(y * np.array([1.0, 2.0, 3.0]))


@probe(X)
def repeated_store_array_index(x):
    y = x * 1.0
    idx = np.array([2, 0, 2])
    y[idx] = x * np.array([1.0, 2.0, 3.0])
    return np.sum(y ** 2)


@probe(M)
def repeated_row_store(x):
    y = np.zeros((2, 3))
    y[[1, 1]] = x * 2.0
    return np.sum(y * np.array([[1.0], [3.0]]))


@probe(M)
def repeated_ix_store(x):
    y = np.zeros((2, 3))
    y[np.ix_([0, 0], [1, 2])] = x[:, :2]
    return np.sum(y ** 2)


@probe(X)
def repeated_fancy_iadd_array_value(x):
    y = np.zeros(3)
    y[[1, 1, 2]] += x
    return np.sum(y ** 2)


@probe(X)
def np_add_at_repeated(x):
    y = np.zeros(3)
    np.add.at(y, [1, 1, 2], x)
    return np.sum(y ** 2)


@probe(X)
def put_repeated(x):
    y = np.zeros(3)
    np.put(y, [0, 0, 2], x)
    return np.sum(y * np.array([1.0, 2.0, 3.0]))


@probe(X)
def mask_store_all_false(x):
    y = x * 1.0
    y[x > 5.0] = x[x > 5.0] * 2.0
    return np.sum(y ** 2)


@probe(M)
def repeated_column_store(x):
    y = x * 1.0
    y[:, [0, 0]] = x[:, 1:] * 3.0
    return np.sum(y ** 2)


@probe(X)
def repeated_store_then_read(x):
    y = x * 1.0
    y[[0, 0, 1]] = np.array([1.0, 2.0, 3.0]) * x
    return np.sum(y * x)


@probe(X)
def repeated_negative_store(x):
    y = np.zeros(3)
    y[[-1, 2]] = x[:2]
    return np.sum(y * np.array([1.0, 2.0, 3.0]))


@probe(X)
def store_scalar_value_repeated(x):
    y = x * 1.0
    y[[0, 0]] = x[2] * 5.0
    return np.sum(y ** 2)


@probe(M)
def bool_and_int_store(x):
    y = x * 1.0
    y[np.array([True, True]), [0, 0]] = x[:, 2]
    return np.sum(y ** 2)


def _scale_all(*arrays, factor):
    return [a * factor for a in arrays]


@probe(X)
def star_unpack_call(x):
    parts = [x, x ** 2]
    out = _scale_all(*parts, factor=2.0)
    return np.sum(out[0] * out[1])


@probe(X)
def kwargs_dict_call(x):
    opts = {"factor": 3.0}
    out = _scale_all(x, **opts)
    return np.sum(out[0] ** 2)


@probe(X)
def kwargs_dict_traced(x):
    opts = {"factor": np.sum(x)}
    out = _scale_all(x, **opts)
    return np.sum(out[0] ** 2)


def _recursive_poly(x, coeffs):
    if not coeffs:
        return 0.0 * x
    return coeffs[0] + x * _recursive_poly(x, coeffs[1:])


@probe(X)
def recursion_list_slices(x):
    return np.sum(_recursive_poly(x, [1.0, 2.0, -0.5, 0.25]))


def _early(x, n):
    for k in range(n):
        if k == 2:
            return x * k
        x = np.sin(x)
    return x


@probe(X)
def early_return_helper(x):
    return np.sum(_early(x, 5) + _early(x, 1))


# -- numba: Python ints past int64, float32, NaN in builtins


@probe(V)
def nb_big_int_power(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * 10 ** (16 + i) * 1e-18
    return s


@probe(V)
def nb_big_int_product(x):
    s = 0.0
    k = 1
    for i in range(x.shape[0]):
        k = k * 100000
        s += x[i] * k * 1e-25
    return s


@probe(V)
def nb_int_shift(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * (1 << (60 + i)) * 1e-18
    return s


@probe(V.astype(np.float32))
def nb_float32_loop(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * x[i] * 3.0
    return s


@probe(V)
def nb_int_of_float_index(x):
    y = np.zeros(10)
    for i in range(x.shape[0]):
        k = int((x[i] + 1.0) * 4.0)
        y[k] += x[i] ** 2
    return np.sum(y * np.arange(10.0))


@probe(V)
def nb_round_index(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * round(2.5 + i)
    return s


@probe(V)
def nb_float_mod(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += (x[i] % 0.5) * x[i] + x[i] * ((i - 3) % 2)
    return s


@probe(V)
def nb_int_div_negative(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * ((i - 3) // 2)
    return s



@probe(np.array([0.3, -0.5, 1.2]))
def nb_factorial_taylor(x):
    s = 0.0
    fact = 1
    for n in range(1, 26):
        fact *= n
        s += np.sum(x ** n) / fact
    return s


def _numba_run(name, fn, args, wrt):
    try:
        fn(*_red36._copy(args))
        raised = None
    except Exception as e:
        raised = type(e)
    try:
        gn = sd.grad(fn, wrt=wrt, backend="numba")(*_red36._copy(args))
    except SrcdiffError as e:
        return "refused", str(e).splitlines()[0][:140]
    except Exception as e:
        if raised is not None and isinstance(e, raised):
            return "right", f"raises {raised.__name__}"
        return ("wrong" if raised else "crash"), f"{type(e).__name__}: {str(e)[:140]}"
    if raised is not None:
        return "wrong", f"the function raises {raised.__name__}, numba returned"
    ws = wrt if isinstance(wrt, tuple) else (wrt,)
    gs = gn if isinstance(wrt, tuple) else (gn,)
    for k, g in zip(ws, gs):
        fd = numeric_grad(lambda *a: fn(*_red36._copy(a)), args, k)
        if not np.allclose(0.0 if g is None else g, fd, rtol=1e-5, atol=1e-7):
            return "wrong", f"arg {k}: numba {g} fd {fd}"
    return "right", ""


if __name__ == "__main__":
    argv = sys.argv[1:]
    runner = run
    if argv[:1] == ["--numba"]:
        runner, argv = _numba_run, argv[1:]
    counts = {}
    only = set(argv)
    for name, fn, args, wrt in PROBES:
        if only and name not in only:
            continue
        outcome, why = runner(name, fn, args, wrt)
        counts[outcome] = counts.get(outcome, 0) + 1
        print(f"{outcome:8} {name}: {why}", flush=True)
    print(counts)
