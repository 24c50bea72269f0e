# ruff: noqa: E501, E402, BLE001
"""Python/NumPy semantics that other suites stress (autograd test_core, test_list, test_dict,
test_tuple, test_builtins, test_logic, test_scalar_ops, test_truediv; tangent's subscripts;
PyTorch test_autograd's in-place and view cases rewritten in NumPy)."""
import math

import numpy as np
from harness import Case

IDX_DUP = np.array([0, 2, 0, 1, 2])
MASKC = np.array([True, False, True, True, False])


def v(*shape):
    return lambda r: (r.standard_normal(shape),)


# ---- in-place through views (PyTorch test_autograd: test_inplace_*, views)
def view_inplace(x):
    a = x * 1.0
    b = a[1:]
    b *= 2.0
    return a * x


def view_overlap_mul(x):
    a = x * 1.0
    a[1:] *= a[:-1]
    return a


def view_overlap_shift(x):
    a = x * 1.0
    a[1:] = a[:-1]
    return a * np.arange(1.0, 6.0)


def reverse_self(x):
    a = x * 1.0
    a[:] = a[::-1]
    return a * np.arange(1.0, 6.0)


def strided_add(x):
    a = x * 1.0
    a[::2] += a[1::2] * x[::2]
    return a ** 2


def transpose_view_store(x):
    a = x * 1.0
    a.T[0] = x[:, 1] ** 2
    return a * x


def reshape_view_store(x):
    a = x * 1.0
    a.reshape(-1)[2] = x[0, 0] * 3.0
    return a ** 2


def ravel_view_store(x):
    a = x * 1.0
    r = a.ravel()
    r[1] = r[0] * r[3]
    return a ** 2


def flat_store(x):
    a = x * 1.0
    a.flat[3] = a.flat[0] * 2.0
    return a ** 2


def dup_index_iadd(x, y):
    a = x * 1.0
    a[IDX_DUP] += y
    return a * np.arange(1.0, 6.0)


def dup_index_store(x, y):
    a = x * 1.0
    a[IDX_DUP] = y * x[IDX_DUP]
    return a * np.arange(1.0, 6.0)


def dup_index_imul(x, y):
    a = x * 1.0
    a[IDX_DUP] *= y
    return a * np.arange(1.0, 6.0)


def add_at(x, y):
    a = x * 1.0
    np.add.at(a, IDX_DUP, y * y)
    return a * np.arange(1.0, 6.0)


def mask_store(x):
    a = x * 1.0
    a[a > 0] = a[a > 0] ** 2
    return a * np.arange(1.0, 6.0)


def mask_imul(x, y):
    a = x * 1.0
    a[MASKC] *= y
    return a * np.arange(1.0, 6.0)


def copyto_(x, y):
    a = np.zeros(5)
    np.copyto(a, x * y)
    return a ** 2


def putmask_(x, y):
    a = x * 1.0
    np.putmask(a, MASKC, y)
    return a ** 2


def out_arg(x, y):
    buf = np.empty(5)
    np.multiply(x, y, out=buf)
    np.exp(buf, out=buf)
    return buf


def out_self(x):
    a = x * 1.0
    np.add(a, a[::-1], out=a)
    return a * np.arange(1.0, 6.0)


def ellipsis_store(x):
    a = x * 1.0
    a[..., 0] = a[..., 1] * a[..., 2]
    return a ** 2


def newaxis_mix(x):
    return (x[..., None] * x[None] + x[:, np.newaxis]).sum(axis=0)


def sort_inplace(x):
    a = x * np.arange(1.0, 6.0)
    a.sort()
    return a * np.arange(5.0)


def fill_method(x):
    a = x * 1.0
    b = a * 2.0
    a.fill(3.0)
    return a * b


def tolist_sum(x):
    xs = x.tolist()
    total = 0.0
    for e in xs:
        total = total + e * e
    return total


def item_use(x):
    return x[0].item() * x + x.sum().item()


def methods_mix(x):
    return (x.sum(axis=0) + x.mean(axis=1).sum() + x.dot(x.T).trace() + x.clip(-0.5, 0.5).sum()
            + x.cumsum(axis=1).prod() + x.var() + x.std(axis=0).sum() + x.max() - x.min(axis=0).sum()
            + x.diagonal().sum() + x.swapaxes(0, 1)[0].sum() + x.transpose(1, 0)[1].sum()
            + x.take([0, 2], axis=1).sum() + x.repeat(2, axis=0).sum() + x.conj().real.sum())


def astype_int_zero(x):
    k = x.astype(int)
    return x * k + int(x[0]) * x


def rows_loop(X):
    total = 0.0
    for row in X:
        total = total + np.sum(row * row[::-1])
    return total


def enum_zip(x, y):
    total = 0.0
    for i, (a, b) in enumerate(zip(x, y)):
        total = total + i * a * b + a ** 2
    return total


def list_argument(xs):
    total = xs[0] * 0.0
    for e in xs[1:]:
        total = total + e * xs[0]
    return np.sum(total)


def list_append_loop(x):
    outs = []
    h = x
    for i in range(3):
        h = np.sin(h) + h * 0.5
        outs.append(h)
    return sum(outs)


def list_pop(x):
    xs = [x, 2 * x, x * x]
    last = xs.pop()
    first = xs.pop(0)
    return np.sum(last * first + xs[0])


def list_insert_extend(x):
    xs = [x]
    xs.insert(0, x * 3.0)
    xs.extend([x ** 2, np.sin(x)])
    return np.sum(xs[0] * xs[1] + xs[2] * xs[3])


def list_reverse_method(x):
    xs = [x, x * 2.0, x * x]
    xs.reverse()
    return np.sum(xs[0] * np.arange(3) + xs[1])


def list_sort_key(x):
    xs = [x[0], x[1], x[2]]
    xs.sort()
    return xs[0] * 1.0 + xs[1] * 2.0 + xs[2] * 3.0


def list_mult(x):
    xs = [x] * 3
    return np.sum(np.array(xs) * np.arange(3)[:, None])


def list_concat(x):
    xs = [x, x * 2] + [x ** 2]
    return np.sum(np.stack(xs) ** 2)


def list_slice_assign(x):
    xs = [x[0], x[1], x[2], x[3]]
    xs[1:3] = [xs[2] * xs[1], xs[1]]
    return xs[0] * xs[1] + xs[2] * xs[3]


def list_index_store(x):
    xs = [x[0], x[1], x[2]]
    xs[1] = xs[1] * xs[0]
    xs[-1] += xs[1]
    return xs[0] + xs[1] * xs[2]


def tuple_slice(t):
    a, b = t[1:]
    return a * b + t[0]


def tuple_concat(x, y):
    t = (x, y) + (x * y,)
    return t[2] * t[0] + t[-1]


def dict_loop(d):
    total = 0.0
    for k in sorted(d):
        total = total + d[k] * len(k)
    return total


def dict_items(d):
    total = 0.0
    for k, val in d.items():
        total = total + np.sum(val ** 2)
    return total


def dict_update(x, y):
    d = {'a': x}
    d['b'] = y * x
    d['a'] = d['a'] * 2.0
    d.update({'c': y})
    return d['a'] * d['b'] + d['c']


def dict_comp(x):
    d = {i: x * i for i in range(3)}
    return sum(d[i] ** 2 for i in d)


def nested_struct(p):
    return np.sum(p['layers'][0]['W'] * p['layers'][1]['W']) + p['scale'] ** 2


def builtins_scalar(x, y):
    return abs(x) * max(x, y) + min(x, y, 0.5) + pow(x, 2) + sum([x, y], 0.5) + round(x) * y


def math_funcs(x):
    return math.exp(x) + math.sin(x) * math.cos(x) + math.sqrt(abs(x)) + math.log(x * x) + math.tanh(x) + math.atan2(x, 2.0) + math.hypot(x, 1.0)


def float_int_mix(x):
    return float(x) * 3 + x // 1.0 + x % 0.7 + divmod(x, 0.3)[1]


def truediv_ints(x):
    return x / 3 + 3 / x + (x * 2) / 4 + 1 / 2 * x


def int_power(x):
    return x ** 2 + x ** -2 + x ** 0.5 + x ** 3.0 + 2 ** x + np.e ** x


def logic_mask(x):
    m = (x > 0) & (x < 1.0)
    return np.sum(m * x ** 2 + np.logical_or(x < -1, x > 1) * x + np.isfinite(x) * x)


def compare_chain(x, y):
    if 0 < x < y:
        return x * y
    elif x >= y > -1:
        return x - y
    return x + y


def ternary(x):
    return x ** 2 if x > 0 else -x ** 3


def bool_ops(x, y):
    z = x if x > 0 and y > 0 else y
    w = x * y if not (x > y) or y < 0 else x + y
    return z * w


def walrus(x):
    if (s := np.sum(x)) > 0:
        return s * x
    return s - x


def recursion_pow(x, n):
    if n == 0:
        return 1.0
    return x * recursion_pow(x, n - 1)


def recursion_tree(x, n):
    if n <= 1:
        return np.sin(x)
    return recursion_tree(x * 0.9, n - 1) + recursion_tree(x * 1.1, n - 2)


def while_break(x):
    k = 0
    y = x
    while True:
        y = y * 1.3
        k += 1
        if y > 5.0 or k > 20:
            break
    return y


def for_continue_else(x):
    y = x
    for i in range(6):
        if i % 2 == 0:
            continue
        y = y * np.cos(y)
        if y > 100:
            break
    else:
        y = y + 1.0
    return y


def nested_loops_break(x):
    total = x * 0.0
    for i in range(4):
        for j in range(4):
            if j > i:
                break
            total = total + x[i] * x[j]
    return total


def closure_late_binding(x):
    fs = []
    for i in range(3):
        def g(y):
            return y * i
        fs.append(g)
    return sum(f(x) for f in fs)


def lambda_list(x):
    fs = [lambda y, k=k: y ** k for k in range(1, 4)]
    return sum(f(x) for f in fs)


def closure_reads_outer(x, y):
    scale = y * 2.0

    def inner(z):
        return z * scale
    scale = scale + 1.0
    return inner(x)


def default_float(x, s=2.0):
    return x * s


def kw_call(x, y):
    return default_float(x, s=y) + default_float(s=x, x=y)


def star_args(x, y):
    def h(*args):
        total = 0.0
        for a in args:
            total = total + a * a
        return total
    return h(x, y, x * y)


def kwargs_fn(x, y):
    def h(a, **kw):
        return a * kw['b'] + kw.get('c', 1.0)
    return h(x, b=y, c=x * y)


def rng_inside(mu, ls):
    rng = np.random.default_rng(0)
    eps = rng.standard_normal(4)
    z = mu + np.exp(ls) * eps
    return np.sum(z ** 2)


def rng_legacy(mu):
    rs = np.random.RandomState(1)
    return np.sum((mu + rs.randn(3)) ** 2)


def shape_attrs(x):
    n, m = x.shape
    return x * (n + m + x.ndim + x.size) / len(x)


def globals_mut(x):
    return x * SCALE[0]


SCALE = [2.0]


def try_except(x):
    try:
        y = x * 2.0
    except ValueError:
        y = x
    return y


def with_errstate(x):
    with np.errstate(divide='ignore'):
        y = np.log(x ** 2)
    return y


def generator_fn(x):
    def gen(z):
        for i in range(3):
            yield z * i
    return sum(gen(x))


def class_method_call(x):
    return Scaler(3.0).apply(x)


class Scaler:
    def __init__(self, s):
        self.s = s

    def apply(self, x):
        return x * self.s + self.s ** 2


def isinstance_branch(x):
    if isinstance(x, float):
        return x * 2.0
    return x * 3.0


def str_format(x):
    name = f"val{x:.2f}"
    return x * len(name)


def global_stmt(x):
    global COUNTER
    COUNTER = COUNTER + 1
    return x * 2.0


COUNTER = 0


def aug_on_subscript_alias(x):
    a = np.zeros((3, 3))
    row = a[1]
    row += x
    a[2] = a[1] * x
    return a ** 2


def swap_rows(x):
    a = x * 1.0
    a[[0, 1]] = a[[1, 0]]
    return a * np.arange(3.0)[:, None]


def tuple_swap(x, y):
    x, y = y * 2.0, x * y
    x, y = y, x
    return x - y ** 2


def starred_unpack(x):
    first, *rest = x
    return first * np.sum(np.array(rest) ** 2)


def chained_assign(x):
    a = b = x * 2.0
    a = a + 1.0
    return a * b


def unused_loop_var(x):
    for _ in range(3):
        x = x * x - 0.5
    return x


def reversed_range(x):
    y = x
    for i in reversed(range(4)):
        y = y * (i + 1) - np.sin(y)
    return y


def range_step(x):
    total = 0.0
    for i in range(len(x) - 1, -1, -2):
        total = total + x[i] ** 2 * i
    return total


def np_arange_loop(x):
    total = 0.0
    for t in np.arange(3):
        total = total + x[t] * x[t + 1]
    return total


def np_linspace_loop(x):
    total = 0.0
    for c in np.linspace(0.5, 1.5, 3):
        total = total + np.sum(np.tanh(c * x))
    return total


def float_range_grad_dependent(x, n):
    y = x
    for i in range(int(n)):
        y = y * 0.9 + np.cos(y)
    return y


def accumulate_views(x):
    a = np.zeros(6)
    for i in range(3):
        a[i:i + 3] += x * (i + 1)
    return a ** 2


def matrix_row_loop(W, x):
    h = x
    for i in range(W.shape[0]):
        h = np.tanh(W[i] @ h) * h + h
    return h


def stack_scan(x):
    rows = []
    c = x[0]
    for i in range(1, x.shape[0]):
        c = c * 0.5 + x[i]
        rows.append(c)
    return np.stack(rows)


def where_loop(x):
    y = x
    for k in range(3):
        y = np.where(y > 0, y * 0.5, y * 2.0) + 0.1 * y ** 2
    return y


CASES = [
    Case(view_inplace, v(5)), Case(view_overlap_mul, v(5)), Case(view_overlap_shift, v(5)), Case(reverse_self, v(5)),
    Case(strided_add, v(6)), Case(transpose_view_store, v(3, 3)), Case(reshape_view_store, v(2, 3)),
    Case(ravel_view_store, v(2, 3)), Case(flat_store, v(2, 3)),
    Case(dup_index_iadd, lambda r: (r.standard_normal(5), r.standard_normal(5))),
    Case(dup_index_iadd, lambda r: (r.standard_normal(5), float(r.standard_normal())), note="scalar"),
    Case(dup_index_store, lambda r: (r.standard_normal(5), r.standard_normal(5))),
    Case(dup_index_imul, lambda r: (r.standard_normal(5), r.standard_normal(5))),
    Case(add_at, lambda r: (r.standard_normal(5), r.standard_normal(5))),
    Case(mask_store, v(5)), Case(mask_imul, lambda r: (r.standard_normal(5), r.standard_normal(3))),
    Case(copyto_, lambda r: (r.standard_normal(5), r.standard_normal(5))),
    Case(putmask_, lambda r: (r.standard_normal(5), r.standard_normal(5))),
    Case(out_arg, lambda r: (r.standard_normal(5), r.standard_normal(5))), Case(out_self, v(5)),
    Case(ellipsis_store, v(2, 2, 3)), Case(newaxis_mix, v(3)), Case(sort_inplace, v(5)), Case(fill_method, v(3)),
    Case(tolist_sum, v(4)), Case(item_use, v(3)), Case(methods_mix, v(3, 3)),
    Case(astype_int_zero, lambda r: (r.uniform(0.1, 0.9, 4) + np.arange(4),)),
    Case(rows_loop, v(3, 4), loops=True),
    Case(enum_zip, lambda r: (r.standard_normal(4), r.standard_normal(4)), loops=True),
    Case(list_argument, lambda r: ([r.standard_normal(3) for _ in range(3)],), loops=True),
    Case(list_append_loop, v(3), loops=True), Case(list_pop, v(3)), Case(list_insert_extend, v(3)),
    Case(list_reverse_method, v(3)), Case(list_sort_key, v(3)), Case(list_mult, v(2)), Case(list_concat, v(3)),
    Case(list_slice_assign, v(4)), Case(list_index_store, v(3)),
    Case(tuple_slice, lambda r: ((float(r.standard_normal()), float(r.standard_normal()), float(r.standard_normal())),)),
    Case(tuple_concat, lambda r: (float(r.standard_normal()), float(r.standard_normal()))),
    Case(dict_loop, lambda r: ({'a': float(r.standard_normal()), 'bb': float(r.standard_normal())},), loops=True),
    Case(dict_items, lambda r: ({'a': r.standard_normal(2), 'b': r.standard_normal(3)},), loops=True),
    Case(dict_update, lambda r: (float(r.standard_normal()), float(r.standard_normal()))),
    Case(dict_comp, lambda r: (r.standard_normal(2),)),
    Case(nested_struct, lambda r: ({'layers': [{'W': r.standard_normal(3)}, {'W': r.standard_normal(3)}],
                                    'scale': float(r.standard_normal())},)),
    Case(builtins_scalar, lambda r: (float(r.uniform(0.6, 1.4)), float(r.uniform(-1.4, -0.2)))),
    Case(math_funcs, lambda r: (float(r.uniform(0.3, 1.4)),)),
    Case(float_int_mix, lambda r: (float(r.uniform(0.05, 0.25)) + 1.0,)),
    Case(truediv_ints, lambda r: (float(r.uniform(0.5, 2)),)), Case(truediv_ints, v(3), note="array"),
    Case(int_power, lambda r: (float(r.uniform(0.5, 2)),)),
    Case(logic_mask, lambda r: (r.uniform(-2, 2, 6),)),
    Case(compare_chain, lambda r: (float(r.uniform(-1, 1)), float(r.uniform(-1, 1))), points=5),
    Case(ternary, lambda r: (float(r.uniform(-1, 1)),), points=4),
    Case(bool_ops, lambda r: (float(r.uniform(-1, 1)), float(r.uniform(-1, 1))), points=5),
    Case(walrus, v(3), points=4),
    Case(recursion_pow, lambda r: (float(r.standard_normal()), 4)),
    Case(recursion_tree, lambda r: (float(r.standard_normal()), 4)),
    Case(while_break, lambda r: (float(r.uniform(0.5, 2)),), loops=True),
    Case(for_continue_else, lambda r: (float(r.uniform(0.2, 1)),), loops=True),
    Case(nested_loops_break, v(4), loops=True),
    Case(closure_late_binding, lambda r: (float(r.standard_normal()),), loops=True),
    Case(lambda_list, lambda r: (float(r.standard_normal()),), loops=True),
    Case(closure_reads_outer, lambda r: (float(r.standard_normal()), float(r.standard_normal()))),
    Case(kw_call, lambda r: (float(r.standard_normal()), float(r.standard_normal()))),
    Case(default_float, lambda r: (float(r.standard_normal()), float(r.standard_normal()))),
    Case(star_args, lambda r: (float(r.standard_normal()), float(r.standard_normal())), loops=True),
    Case(kwargs_fn, lambda r: (float(r.standard_normal()), float(r.standard_normal()))),
    Case(rng_inside, lambda r: (r.standard_normal(4), r.standard_normal(4) * 0.3)),
    Case(rng_legacy, v(3)),
    Case(shape_attrs, v(2, 3)), Case(globals_mut, v(3)),
    Case(try_except, v(3)), Case(with_errstate, v(3)), Case(generator_fn, lambda r: (float(r.standard_normal()),)),
    Case(class_method_call, v(3)), Case(isinstance_branch, lambda r: (float(r.standard_normal()),)),
    Case(isinstance_branch, v(3), note="array"), Case(str_format, lambda r: (float(r.uniform(1.1, 1.9)),)),
    Case(global_stmt, v(3)),
    Case(aug_on_subscript_alias, v(3)), Case(swap_rows, v(3, 2)),
    Case(tuple_swap, lambda r: (float(r.standard_normal()), float(r.standard_normal()))),
    Case(starred_unpack, v(4)), Case(chained_assign, v(3)),
    Case(unused_loop_var, lambda r: (float(r.uniform(-0.5, 0.5)),), loops=True),
    Case(reversed_range, lambda r: (float(r.uniform(-0.5, 0.5)),), loops=True),
    Case(range_step, v(5), loops=True), Case(np_arange_loop, v(4), loops=True),
    Case(np_linspace_loop, v(3), loops=True),
    Case(float_range_grad_dependent, lambda r: (float(r.standard_normal()), 3.0), loops=True, wrt=0),
    Case(accumulate_views, v(3), loops=True),
    Case(matrix_row_loop, lambda r: (r.standard_normal((3, 3)), r.standard_normal(3)), loops=True),
    Case(stack_scan, v(4, 2), loops=True), Case(where_loop, v(5), loops=True),
]
