# ruff: noqa: E501, E731, BLE001, F841, E701, E702
"""red36's probes (not part of the test suite).

    PYTHONPATH=. python tools/red36/probes.py [NAME ...]

Each probe is (name, fn, args, wrt). Oracles: the function itself (it raises => the
gradient raises the same type; it does not => the gradient returns), the reference pipeline
(optimize=False), central differences in float64 and forward mode (sd.jvp along ones: its
value against the function's, its tangent against the differences' sum). Outcomes: right,
refused (SrcdiffError, or the documented TypeError for argument types), wrong (a value where
the function raises, or a value that disagrees), crash (another exception where the
function returns). The arguments are copied for each call (some probes change them).
"""
import copy
import functools
import itertools
import math
import operator
import sys

import numpy as np

import srcdiff as sd
from srcdiff.errors import SrcdiffError
from tests.support.fd import numeric_grad

PROBES = []


def probe(*args, wrt=0):
    def mark(fn):
        PROBES.append((fn.__name__, fn, args, wrt))
        return fn
    return mark


X = np.array([0.3, -0.7, 1.1])
M = np.array([[0.5, -0.2, 0.9], [1.3, 0.4, -0.6]])

# -- item 1: in-place operations NumPy refuses by shape (fixed: analysis/dtypes.py in_place_shapes)


@probe(X, M, wrt=1)
def iadd_larger(x, big):
    m = x * 2.0
    m += big
    return np.sum(m * m)


@probe(X.reshape(3, 1), X)
def iadd_column_row(x, v):
    m = x * 1.0
    m *= v
    return np.sum(m)


@probe(X, M)
def isub_loop_larger(x, big):
    m = x * 2.0
    for _ in range(2):
        m -= big * 0.5
    return np.sum(m * m)


@probe(X, M)
def idiv_larger_dead(x, big):
    m = x + 3.0
    m /= big
    return np.sum(x * x)


@probe(X, X)
def iadd_zero_d(x, v):
    m = np.array(0.5)
    m += v
    return np.sum(m * x)


@probe(X, np.ones((3, 2)))
def imatmul_shape_change(x, a):
    m = x * 1.0
    m @= a
    return np.sum(m)


@probe(X, np.array([0.4]))
def iadd_length_one_right(x, v):
    m = x * 2.0
    m += v
    return np.sum(m * m)


@probe(M, X)
def iadd_row_bias(h, b):
    z = h * 1.0
    z += b
    return np.sum(np.tanh(z))


@probe(X, M)
def item_iadd_larger(x, big):
    m = np.stack([x, x])
    m[0] += big
    return np.sum(m)


@probe(M, np.ones((1, 3)))
def row_item_iadd_leading_one(x, v):
    m = x * 1.0
    m[0] += v
    return np.sum(m * m)


@probe(M, np.ones((1, 2, 3)))
def fancy_item_iadd_leading_one(x, v):
    m = x * 1.0
    m[[0, 1]] += v
    return np.sum(m * m)


@probe(M, np.ones((2, 2, 3)))
def dict_item_isub_larger(x, v):
    d = {"a": x * 1.0}
    d["a"] -= v
    return np.sum(d["a"] ** 2)


@probe(M, np.ones((2, 3), dtype=int))
def int_row_item_plus_float(x, k):
    m = k.copy()
    m[0] += 0.5
    return np.sum(x * m)


# -- item 2: dtypes NumPy keeps in place


@probe(X, np.array([1, 2, 3], dtype=np.int8), np.array([100, 100, 100]))
def int8_narrowing(x, k, j):
    m = k.copy()
    m += j
    m *= 3
    return np.sum(x * m)


@probe(X, np.array([True, False, True]))
def bool_plus_one(x, b):
    m = b.copy()
    m += 1
    return np.sum(x * m)


@probe(X.astype(np.float32), X)
def float32_plus_float64(x, v):
    m = x * 2.0
    for _ in range(3):
        m += v * 0.1
    return np.sum(m * m)


@probe(X, np.array([1, 2, 3], dtype=np.int8))
def int8_times_literal_wraps(x, k):
    m = k.copy()
    m *= 100
    return np.sum(x * m)


# -- item 4: forward mode keeps the user's dead code that raises (fixed: dead.py primal_of)


@probe(X, [1.0, 2.0], 5)
def dead_list_read(x, zs, i):
    z = zs[i]
    return np.sum(x * x)


@probe(X, np.ones(2))
def dead_broadcast(x, y):
    u = np.tanh(x) + y
    return np.sum(x * x)


# -- stores and NumPy in-place idioms


@probe(X, 0.5)
def fancy_iadd_repeated(x, s):
    m = x * 1.0
    m[[0, 0, 2]] += s * x[1]
    return np.sum(m * m)


@probe(X, 0.5)
def fancy_iadd_repeated_array_value(x, s):
    m = x * 1.0
    m[np.array([1, 1])] += np.array([s, 2.0 * s])
    return np.sum(m * m)


@probe(X, 0.5)
def add_at_repeated(x, s):
    m = x * 1.0
    np.add.at(m, [0, 0, 1], s * x[2])
    return np.sum(m * m)


@probe(X, 0.5)
def ufunc_out_self(x, s):
    m = x * 1.0
    np.multiply(m, s, out=m)
    return np.sum(m * x)


@probe(X, 0.5)
def ufunc_out_other_then_read(x, s):
    y = np.zeros(3)
    z = np.add(x, s, out=y)
    y *= 2.0
    return np.sum(z * x)


@probe(X)
def sum_where(x):
    return np.sum(x * x, where=x > 0)


@probe(X)
def ufunc_where(x):
    out = np.zeros(3)
    np.sin(x, out=out, where=x > 0)
    return np.sum(out)


@probe(X)
def mean_where(x):
    return np.mean(x * x, where=np.array([True, False, True]))


@probe(X)
def flat_store(x):
    m = np.stack([x, 2 * x])
    m.flat[4] = x[0] * 3.0
    return np.sum(m * m)


@probe(X)
def flat_read(x):
    m = np.stack([x, 2 * x])
    return m.flat[4] * x[0]


@probe(X)
def np_put(x):
    m = x * 1.0
    np.put(m, [0, 2], x[1] * 2.0)
    return np.sum(m * m)


@probe(X)
def fill_method(x):
    m = x * 1.0
    m.fill(x[0])
    return np.sum(m * x)


@probe(X)
def negative_step_store(x):
    m = np.zeros(3)
    m[::-1] = x * 2.0
    return np.sum(m * np.arange(3.0))


@probe(M)
def ellipsis_store(x):
    m = x * 1.0
    m[..., 0] = m[..., 1] * m[..., 2]
    return np.sum(m * m)


@probe(X)
def mask_store_loop(x):
    m = x * 1.0
    for _ in range(3):
        m[m > 0] *= 0.5
    return np.sum(m * m)


@probe(X)
def mask_iadd_loop_changes_mask(x):
    m = x * 1.0
    for k in range(3):
        m[m < 0.5] += 0.3
    return np.sum(m * x)


# -- control flow


@probe(X)
def for_else_break(x):
    acc = 0.0
    for v in x:
        if v > 1.0:
            break
        acc = acc + v * v
    else:
        acc = acc * 10.0
    return acc


@probe(X * 0.1)
def for_else_no_break(x):
    acc = 0.0
    for v in x:
        if v > 1.0:
            break
        acc = acc + v * v
    else:
        acc = acc * 10.0
    return acc


@probe(0.3)
def while_else(x):
    k = 0
    y = x
    while k < 3:
        y = y * 1.5
        if y > 10.0:
            break
        k += 1
    else:
        y = -y
    return y


@probe(X)
def nested_break_continue(x):
    acc = 0.0
    for i in range(3):
        for j in range(3):
            if j == i:
                continue
            if j > i + 1:
                break
            acc = acc + x[i] * x[j]
    return acc


@probe(X)
def walrus_comprehension(x):
    ys = [y := v * 2.0 for v in x]
    return sum(ys) * y


@probe(X)
def walrus_filter(x):
    return sum(t for v in x if (t := v * v) > 0.2)


@probe(X)
def generator_twice(x):
    g = (v * v for v in x)
    a = sum(g)
    b = sum(g)
    return a + b


@probe(X)
def sorted_key(x):
    ys = sorted([x[0] * 2.0, x[1], x[2] * x[2]], key=lambda v: -v)
    return ys[0] * 3.0 + ys[-1]


@probe(X)
def builtin_max_key(x):
    return max([x[0], x[1] * 2.0, x[2]], key=abs) * x[0]


@probe(X)
def builtin_min_default(x):
    return min([], default=x[0] * 2.0) + x[1]


@probe(X)
def reduce_lambda(x):
    return functools.reduce(lambda a, b: a * b + 1.0, [x[0], x[1], x[2]])


@probe(X)
def reduce_initial(x):
    return functools.reduce(lambda a, b: a + b * b, x, 0.5)


@probe(X)
def accumulate_sum(x):
    return sum(itertools.accumulate([x[0], x[1], x[2]]))


@probe(X)
def accumulate_mul(x):
    return list(itertools.accumulate(x * 1.0, lambda a, b: a * b))[-1]


@probe(X)
def fsum(x):
    return math.fsum([x[0], x[1] * 2.0, x[2] * x[2]])


@probe(X)
def sum_gen_start(x):
    return sum((v * v for v in x), x[0])


@probe(X)
def closures_over_loop_var(x):
    fs = [lambda t: t * i for i in range(3)]
    return sum(f(x[0]) for f in fs)


@probe(X)
def closures_default_capture(x):
    fs = [lambda t, i=i: t * i for i in range(3)]
    return sum(f(x[0]) for f in fs)


def _append_default(v, acc=[]):
    acc.append(v)
    return sum(acc)


@probe(X)
def mutable_default(x):
    return _append_default(x[0] * 2.0) + x[1]


SCALE = [2.0]


@probe(X)
def global_changed(x):
    SCALE[0] = SCALE[0] + 1.0
    return np.sum(x * SCALE[0])


@probe(X)
def errstate_block(x):
    with np.errstate(divide="ignore"):
        y = np.log(x * x)
    return np.sum(y)


@probe(X)
def try_except_index(x):
    try:
        y = x[5]
    except IndexError:
        y = x[0] * 2.0
    return y * x[1]


@probe(X)
def try_except_zero(x):
    try:
        y = 1.0 / (x[0] - x[0])
    except ZeroDivisionError:
        y = x[1]
    return y * x[2]


# -- views and copies written through, swaps, explicit in-place calls


@probe(M)
def row_swap_tuple(x):
    m = x * 1.0
    m[0], m[1] = m[1], m[0]
    return np.sum(m * np.array([[1.0], [3.0]]) * x)


@probe(M)
def row_swap_copy(x):
    m = x * 1.0
    m[0], m[1] = m[1].copy(), m[0].copy()
    return np.sum(m * np.array([[1.0], [3.0]]) * x)


@probe(M)
def reshape_view_store(x):
    m = x * 1.0
    m.reshape(-1)[0] = x[1, 1] * 5.0
    return np.sum(m * m)


@probe(M)
def transposed_reshape_copy_store(x):
    m = x * 1.0
    m.T.reshape(-1)[1] = x[1, 1] * 5.0
    return np.sum(m * m)


@probe(M)
def ravel_store(x):
    m = x * 1.0
    r = m.ravel()
    r[0] = x[1, 2] * 4.0
    return np.sum(m * m)


@probe(M)
def flatten_store(x):
    m = x * 1.0
    r = m.flatten()
    r[0] = x[1, 2] * 4.0
    return np.sum(m * m) + np.sum(r)


@probe(X)
def asarray_store(x):
    m = x * 1.0
    a = np.asarray(m)
    a[0] = x[1] * 3.0
    return np.sum(m * m)


@probe(X)
def array_copy_store(x):
    m = x * 1.0
    a = np.array(m)
    a[0] = x[1] * 3.0
    return np.sum(m * m) + np.sum(a)


@probe(X)
def view_method_in_place(x):
    m = x * 1.0
    v = m.view()
    v += 1.0
    return np.sum(m * x)


@probe(X, 0.5)
def operator_iadd(x, s):
    m = x * 1.0
    y = m
    operator.iadd(m, s)
    return np.sum(y * x)


@probe(X, M)
def ufunc_out_larger(x, big):
    m = x * 1.0
    np.add(m, big, out=m)
    return np.sum(m)


@probe(X)
def copyto(x):
    m = np.zeros(3)
    np.copyto(m, x * 2.0)
    return np.sum(m * x)


@probe(X)
def copyto_where(x):
    m = np.zeros(3)
    np.copyto(m, x * 2.0, where=np.array([True, False, True]))
    return np.sum(m * x)


@probe(X)
def putmask(x):
    m = x * 1.0
    np.putmask(m, np.array([True, False, True]), x[1] * 2.0)
    return np.sum(m * x)


@probe(X)
def sort_method(x):
    m = x * np.array([1.0, 2.0, 3.0])
    m.sort()
    return m[0] * 2.0 + m[2]


@probe(X)
def maximum_out_self(x):
    m = x * 1.0
    np.maximum(m, 0.0, out=m)
    return np.sum(m * m)


@probe(M)
def iadd_transpose_overlap(x):
    m = x[:, :2] * 1.0
    m = np.vstack([m, m[:1]])[:2, :2] * 1.0
    m += m.T
    return np.sum(m * m)


@probe(X, M)
def slice_assign_larger(x, big):
    m = x * 1.0
    m[:] = big
    return np.sum(m)


@probe(X)
def cumsum_out_self(x):
    m = x * 1.0
    np.cumsum(m, out=m)
    return np.sum(m * m)


@probe(X)
def explicit_dunder_iadd(x):
    m = x * 1.0
    y = m
    m.__iadd__(x * 2.0)
    return np.sum(y * y)


@probe([0.3, -0.7, 1.1], 0.5)
def list_slice_copy_store(xs, s):
    a = xs[:]
    a[0] = s * 3.0
    return xs[0] * s + a[0]


@probe(X, 0.5)
def array_slice_view_store(xs, s):
    m = xs * 1.0
    a = m[:]
    a[0] = s * 3.0
    return m[0] * s + a[0]


@probe(X)
def int_array_index_in_place(x):
    k = np.arange(3)
    k[::-1] += 0
    k = k[::-1]
    return np.sum(x[k] * np.arange(1.0, 4.0))


@probe(X)
def int_array_true_divide(x):
    k = np.arange(3)
    q = k / 2
    k //= 2
    return np.sum(x * q) + np.sum(x[k])


# -- harness


def _copy(args):
    return copy.deepcopy(args)


def _jvp_raises(fn, args, k, raised):
    """Forward mode where the function raises ``raised``: it must raise it too."""
    t = np.ones_like(args[k], dtype=float) if isinstance(args[k], np.ndarray) else 1.0
    try:
        sd.jvp(fn, wrt=k)(*_copy(args), tangents=t)
    except SrcdiffError:
        return "right", f"raises {raised.__name__} as the function does (jvp refused)"
    except Exception as e:
        if isinstance(e, raised):
            return "right", f"raises {raised.__name__} as the function does (jvp too)"
        return "wrong", f"jvp raises {type(e).__name__} where the function {raised.__name__}"
    return "wrong", f"the function raises {raised.__name__}, jvp returned"


def run(name, fn, args, wrt):
    try:
        fn(*_copy(args))
        raised = None
    except Exception as e:
        raised = type(e)
    ws = wrt if isinstance(wrt, tuple) else (wrt,)
    try:
        g = sd.grad(fn, wrt=wrt)(*_copy(args))
    except SrcdiffError as e:
        return "refused", str(e).splitlines()[0][:140]
    except Exception as e:
        if raised is not None and isinstance(e, raised):
            return _jvp_raises(fn, args, ws[0], raised)
        return ("wrong" if raised else "crash"), f"{type(e).__name__}: {e}"[:160]
    if raised is not None:
        return "wrong", f"the function raises {raised.__name__}, the gradient returned"
    try:
        ref = sd.grad(fn, wrt=wrt, optimize=False)(*_copy(args))
    except Exception as e:
        return "crash", f"reference: {type(e).__name__}: {e}"[:160]
    gs = g if isinstance(wrt, tuple) else (g,)
    rs = ref if isinstance(wrt, tuple) else (ref,)
    tol = dict(rtol=1e-4, atol=1e-5) if any(getattr(a, "dtype", None) == np.float32 for a in args) \
        else dict(rtol=1e-5, atol=1e-7)
    fds = []
    for k, gk, rk in zip(ws, gs, rs):
        fd = numeric_grad(lambda *a: fn(*_copy(a)), args, k)
        fds.append(fd)
        gk = 0.0 if gk is None else gk
        rk = 0.0 if rk is None else rk
        if not np.allclose(gk, fd, **tol) or not np.allclose(rk, fd, **tol):
            return "wrong", f"arg {k}: grad {gk} ref {rk} fd {fd}"
    try:
        k = ws[0]
        t = np.ones_like(args[k], dtype=float) if isinstance(args[k], np.ndarray) else 1.0
        value, tangent = sd.jvp(fn, wrt=k)(*_copy(args), tangents=t)
    except SrcdiffError as e:
        return "right", f"(jvp refused: {str(e).splitlines()[0][:80]})"
    except Exception as e:
        return "crash", f"jvp: {type(e).__name__}: {e}"[:160]
    if not np.allclose(value, fn(*_copy(args)), **tol) or not np.allclose(tangent, np.sum(fds[0] * t), **tol):
        return "wrong", f"jvp: value {value} tangent {tangent} fd {np.sum(fds[0] * t)}"
    return "right", ""


if __name__ == "__main__":
    counts = {}
    only = set(sys.argv[1:])
    for name, fn, args, wrt in PROBES:
        if only and name not in only:
            continue
        outcome, why = run(name, fn, args, wrt)
        counts[outcome] = counts.get(outcome, 0) + 1
        print(f"{outcome:8} {name}: {why}")
    print(counts)
