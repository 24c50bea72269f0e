# ruff: noqa: E501, E402, BLE001, E731
"""Session 31 (me): Python and NumPy semantic traps: late binding, views by iteration,
no-copy conversions, buffered fancy-index updates, list += in place."""
import functools
import math
import operator

import numpy as np
from harness import Case


def late_binding(x):
    fs = [lambda: x * i for i in range(3)]
    return sum(f() for f in fs)


def default_binding(x):
    fs = [lambda i=i: x * i for i in range(3)]
    return sum(f() for f in fs)


def rows_by_iteration(A):
    B = A.copy()
    for row in B:
        row *= 2.0
    return np.sum(B * A)


def rows_rebound(A):
    B = A.copy()
    for row in B:
        row = row * 2.0
    return np.sum(B * A)


def ascontig_alias(x):
    y = x * 1.0
    z = np.ascontiguousarray(y)
    z[0] = 5.0
    return np.sum(y * x)


def astype_nocopy(x):
    y = x * 1.0
    z = y.astype(np.float64, copy=False)
    z *= 3.0
    return np.sum(y * x)


def astype_copy(x):
    y = x * 1.0
    z = y.astype(np.float64)
    z *= 3.0
    return np.sum(y * x)


def asarray_alias(x):
    y = x + 0.0
    z = np.asarray(y)
    z += x
    return np.sum(y ** 2)


def array_copy_false(x):
    y = x + 0.0
    z = np.array(y, copy=None)
    z += x
    return np.sum(y ** 2)


def fancy_dup_iadd(x, v):
    y = x.copy()
    y[[0, 0, 1]] += v
    return np.sum(y ** 2)


def fancy_dup_store(x, v):
    y = x.copy()
    y[[0, 0, 1]] = v
    return np.sum(y * x)


def list_iadd_shared(x):
    a = [x]
    b = a
    b += [x * 2.0]
    return sum(t for t in a) * x


def list_extend_shared(x):
    a = [x]
    b = a
    b.extend([x * 3.0])
    return sum(a)


def tuple_iadd(x):
    a = (x,)
    b = a
    b += (x * 2.0,)
    return sum(a) + 10 * sum(b)


def reduce_mul(xs):
    return functools.reduce(operator.mul, xs)


def math_prod(xs):
    return math.prod(xs)


def sorted_floats(a, b, c):
    s = sorted([a * 2.0, b, c - 1.0])
    return s[0] * 3.0 + s[2]


def max_key(a, b):
    return max([a, b], key=lambda t: -t) * 5.0


def chain_cmp(x):
    y = x * 2.0
    if 0.0 < y < 1.5:
        return y ** 2
    return y


def divmod_float(x):
    q, r = divmod(x * 3.0, 1.0)
    return r * x + q


def fmod_arr(x):
    return np.sum(np.fmod(x * 3.0, 1.0) * x)


def remainder_neg(x):
    return np.sum(np.remainder(-x * 3.0, 0.7) * x)


def prod_with_zero(x):
    y = x.copy()
    y[1] = 0.0
    return np.prod(y * x) + np.prod(x)


def prod_zero_arg(x):
    return np.prod(x)


def tolist_loop(x):
    t = 0.0
    for v in x.tolist():
        t = t * 0.5 + v * v
    return t


def list_of_array(x):
    t = 0.0
    for v in list(x):
        t += v * v
    return t


def enumerate_rows(A):
    acc = np.zeros(A.shape[1])
    for i, row in enumerate(A):
        acc = acc * 0.5 + row * (i + 1)
    return np.sum(acc ** 2)


def vectorize_helper(x):
    f = np.vectorize(lambda t: t * t + 1.0)
    return np.sum(f(x))


def apply_along(A):
    return np.sum(np.apply_along_axis(lambda r: r * r.sum(), 1, A))


def put_dup(x, v):
    y = x.copy()
    np.put(y, [0, 0, 2], v)
    return np.sum(y * x)


def clip_none_kw(x):
    return np.sum(np.clip(x, a_min=None, a_max=0.3) * x)


def take_wrap(x):
    return np.sum(np.take(x, [0, 5, 7], mode="wrap") * np.arange(3))


def take_clip(x):
    return np.sum(np.take(x, [-1, 2, 9], mode="clip") * np.arange(1, 4))


def sum_where(x):
    return np.sum(x * x, where=x > 0)


def mean_where(x):
    return np.mean(x * x, where=x > 0)


def sum_initial(x):
    return np.sum(x * x, initial=2.0) * x[0]


def maximum_reduce_initial(x):
    return np.max(x, initial=0.2) + np.min(x, initial=-0.1)


def cumsum_rev(x):
    return np.sum(np.cumsum(x[::-1])[::-1] * np.arange(x.size))


def iadd_overlap(x):
    u = x.copy()
    u[1:] += u[:-1]
    return np.sum(u * np.arange(u.size))


def store_overlap(x):
    u = x.copy()
    u[1:] = u[:-1] * 2.0
    return np.sum(u * np.arange(u.size))


def sort_inplace(x):
    y = x * 1.0
    y.sort()
    return np.sum(y * np.arange(y.size))


def fill_inplace(x):
    y = x * 1.0
    z = y[1:3]
    z.fill(0.5)
    return np.sum(y * x)


def while_float(x):
    t = x
    n = 0
    while t < 10.0 and n < 50:
        t = t * 1.5 + 0.1
        n += 1
    return t


def gen_expr_lazy(x):
    k = 2.0
    g = (x * k for _ in range(2))
    k = 5.0
    return sum(g)


def closure_late(x):
    k = 2.0

    def f():
        return x * k
    k = 3.0
    return f()


def nested_inplace_view(A):
    B = A.copy()
    v = B[:, 0]
    w = v[::2]
    w *= 3.0
    return np.sum(B * A)


def swapped_views(A):
    B = A.copy()
    B[0], B[1] = B[1], B[0]
    return np.sum(B * np.arange(B.size).reshape(B.shape))


def swapped_views_copy(A):
    B = A.copy()
    B[0], B[1] = B[1].copy(), B[0].copy()
    return np.sum(B * np.arange(B.size).reshape(B.shape))


def diag_write(A):
    B = A.copy()
    np.fill_diagonal(B, np.diag(A) ** 2)
    return np.sum(B * A)


def einsum_diag(A):
    return np.sum(np.einsum("ii->i", A) ** 2) + np.einsum("ii", A)


def ravel_write(A):
    B = A * 1.0
    r = np.ravel(B)
    r[0] = 7.0
    return np.sum(B * A)


def reshape_write(A):
    B = A * 1.0
    r = B.reshape(-1)
    r[1:3] *= 2.0
    return np.sum(B * A)


def transpose_write(A):
    B = A * 1.0
    r = B.T
    r[0] += 1.0
    return np.sum(B * A)


def squeeze_write(A):
    B = A[None] * 1.0
    r = np.squeeze(B)
    r *= 2.0
    return np.sum(B[0] * A)


V3 = lambda r: (r.uniform(0.5, 1.5, 5),)
CASES = [
    Case(late_binding, lambda r: (float(r.uniform(.5, 1)),)),
    Case(default_binding, lambda r: (float(r.uniform(.5, 1)),)),
    Case(rows_by_iteration, lambda r: (r.standard_normal((3, 4)),), loops=True),
    Case(rows_rebound, lambda r: (r.standard_normal((3, 4)),), loops=True),
    Case(ascontig_alias, V3),
    Case(astype_nocopy, V3),
    Case(astype_copy, V3),
    Case(asarray_alias, V3),
    Case(array_copy_false, V3),
    Case(fancy_dup_iadd, lambda r: (r.standard_normal(4), r.standard_normal(3))),
    Case(fancy_dup_store, lambda r: (r.standard_normal(4), r.standard_normal(3))),
    Case(list_iadd_shared, lambda r: (float(r.uniform(.5, 1)),)),
    Case(list_extend_shared, lambda r: (float(r.uniform(.5, 1)),)),
    Case(tuple_iadd, lambda r: (float(r.uniform(.5, 1)),)),
    Case(reduce_mul, lambda r: ([float(v) for v in r.uniform(.5, 1.5, 4)],)),
    Case(math_prod, lambda r: ([float(v) for v in r.uniform(.5, 1.5, 4)],)),
    Case(sorted_floats, lambda r: tuple(float(v) for v in r.uniform(0, 3, 3))),
    Case(max_key, lambda r: tuple(float(v) for v in r.uniform(0, 3, 2))),
    Case(chain_cmp, lambda r: (float(r.uniform(.1, 1.2)),)),
    Case(divmod_float, lambda r: (float(r.uniform(.1, 1.2)),)),
    Case(fmod_arr, V3),
    Case(remainder_neg, V3),
    Case(prod_with_zero, V3),
    Case(prod_zero_arg, lambda r: (np.array([0.0, 1.5, -0.7, 2.0]),)),
    Case(tolist_loop, V3, loops=True),
    Case(list_of_array, V3, loops=True),
    Case(enumerate_rows, lambda r: (r.standard_normal((4, 3)),), loops=True),
    Case(vectorize_helper, V3),
    Case(apply_along, lambda r: (r.standard_normal((3, 4)),)),
    Case(put_dup, lambda r: (r.standard_normal(4), r.standard_normal(3))),
    Case(clip_none_kw, lambda r: (r.uniform(-1, 1, 6),)),
    Case(take_wrap, lambda r: (r.standard_normal(4),)),
    Case(take_clip, lambda r: (r.standard_normal(4),)),
    Case(sum_where, lambda r: (r.uniform(-1, 1, 6),)),
    Case(mean_where, lambda r: (r.uniform(-1, 1, 6),)),
    Case(sum_initial, V3),
    Case(maximum_reduce_initial, lambda r: (r.uniform(-1, 1, 6) * 0.05,)),
    Case(cumsum_rev, V3),
    Case(iadd_overlap, V3),
    Case(store_overlap, V3),
    Case(sort_inplace, lambda r: (r.permutation(np.linspace(-1, 1, 5)),)),
    Case(fill_inplace, V3),
    Case(while_float, lambda r: (float(r.uniform(.5, 1)),), loops=True),
    Case(gen_expr_lazy, lambda r: (float(r.uniform(.5, 1)),)),
    Case(closure_late, lambda r: (float(r.uniform(.5, 1)),)),
    Case(nested_inplace_view, lambda r: (r.standard_normal((4, 3)),)),
    Case(swapped_views, lambda r: (r.standard_normal((3, 2)),)),
    Case(swapped_views_copy, lambda r: (r.standard_normal((3, 2)),)),
    Case(diag_write, lambda r: (r.standard_normal((3, 3)),)),
    Case(einsum_diag, lambda r: (r.standard_normal((3, 3)),)),
    Case(ravel_write, lambda r: (r.standard_normal((3, 2)),)),
    Case(reshape_write, lambda r: (r.standard_normal((3, 2)),)),
    Case(transpose_write, lambda r: (r.standard_normal((3, 2)),)),
    Case(squeeze_write, lambda r: (r.standard_normal((3, 2)),)),
]
