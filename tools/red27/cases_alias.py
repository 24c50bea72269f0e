# ruff: noqa: E501, E402, BLE001
"""In-place changes through aliases NumPy creates silently (views, same-object returns,
containers holding the array, loop variables over rows)."""
import numpy as np
from harness import Case

W6 = np.arange(1.0, 7.0)
W23 = np.arange(1.0, 7.0).reshape(2, 3)


def v(*shape):
    return lambda r: (r.standard_normal(shape),)


def list_elem_imul(x):
    a = x * 1.0
    lst = [a]
    lst[0] *= 2.0
    return np.sum(a * x)


def dict_elem_iadd(x):
    a = x * 1.0
    d = {'k': a}
    d['k'] += x
    return np.sum(a * x)


def list_elem_store(x):
    a = x * 1.0
    lst = [a, a]
    lst[0][1] = 5.0
    return np.sum(lst[1] * x)


def loop_rows_iadd(x):
    A = np.outer(x, x)
    for row in A:
        row += x
    return np.sum(A * W23[0, 0])


def loop_rows_store(x):
    A = np.outer(x, x)
    for i, row in enumerate(A):
        row[:] = row * (i + 1.0)
    return np.sum(A * A)


def loop_list_arrays(x):
    a = x * 1.0
    b = x * 2.0
    for arr in [a, b]:
        arr *= 3.0
    return np.sum(a * b * x)


def split_views(x):
    c = x * 1.0
    a, b = np.split(c, 2)
    a *= 2.0
    return c * W6


def reshape_view(x):
    a = x * 1.0
    b = a.reshape(2, 3)
    b += 1.0 * x.reshape(2, 3)
    return a * W6


def transpose_view(x):
    a = x * 1.0
    b = a.T
    b *= 3.0
    return a * W23


def asarray_same(x):
    a = x * 1.0
    b = np.asarray(a)
    b *= 2.0
    return a * x


def astype_nocopy(x):
    a = x * 1.0
    b = a.astype(np.float64, copy=False)
    b += x
    return a * x


def ravel_view(x):
    a = x * 1.0
    b = np.ravel(a)
    b *= x.ravel()
    return a * W23


def squeeze_view(x):
    a = x * 1.0
    b = np.squeeze(a)
    b += 2.0 * b
    return a * x


def ellipsis_view(x):
    a = x * 1.0
    b = a[...]
    b *= x
    return a * x


def expand_view(x):
    a = x * 1.0
    b = a[None]
    b *= 2.0
    return a * x


def flip_view(x):
    a = x * 1.0
    b = np.flip(a)
    b += W6 * x
    return a * x


def real_view(x):
    a = x * 1.0
    b = a.real
    b *= 2.0
    return a * x


def atleast_same(x):
    a = x * 1.0
    b = np.atleast_1d(a)
    b *= x
    return a * x


def column_view(x):
    a = x * 1.0
    col = a[:, 0]
    col *= 5.0
    return a * W23


def moveaxis_view(x):
    a = x * 1.0
    b = np.moveaxis(a, 0, 1)
    b[0] = 7.0 * b[1]
    return a * W23


def swapaxes_view(x):
    a = x * 1.0
    b = np.swapaxes(a, 0, 1)
    b += 1.0
    return (a * W23) ** 2


def view_method(x):
    a = x * 1.0
    b = a.view()
    b *= x
    return a * x


def ascontig_same(x):
    a = x * 1.0
    b = np.ascontiguousarray(a)
    b *= 3.0
    return a * x


def rot_view(x):
    a = x * 1.0
    b = np.rot90(a)
    b[0] = 0.0
    return a * W23


def diag_via_flat_view(x):
    a = np.outer(x, x)
    d = a.reshape(-1)[::4]
    d *= 2.0
    return a ** 2


def slice_then_rebind(x):
    a = x * 1.0
    b = a[1:4]
    b = b * 2.0
    b += 1.0
    return a * W6 + np.sum(b)


def nested_list_alias(x):
    a = x * 1.0
    outer = [[a]]
    inner = outer[0]
    inner[0] += x
    return np.sum(a * x)


def tuple_elem_inplace(x):
    a = x * 1.0
    t = (a, x)
    t[0][0] = t[1][1] * 3.0
    return a * x


def function_mutates_list_elem(x):
    a = x * 1.0
    scale_first([a])
    return a * x


def scale_first(lst):
    lst[0] *= 2.0


def function_returns_view(x):
    a = x * 1.0
    b = first_half(a)
    b *= 3.0
    return a * W6


def first_half(z):
    return z[:3]


def default_arg_alias(x):
    a = x * 1.0
    bump(a)
    return a * x


def bump(z, k=2.0):
    z += k


def iter_zip_views(x):
    A = np.outer(x[:2], x[:3])
    B = A * 2.0
    for ra, rb in zip(A, B):
        ra += rb
    return A * W23


def loop_cols_T(x):
    A = np.outer(x[:2], x[:3])
    for col in A.T:
        col *= 2.0
    return A * W23


def np_copy_flag(x):
    a = x * 1.0
    b = np.array(a, copy=False) if False else np.array(a)
    b *= 3.0
    return a * x + b


def out_view(x):
    a = x * 1.0
    np.multiply(a[:3], 2.0, out=a[3:])
    return a * W6


CASES = [
    Case(list_elem_imul, v(3)), Case(dict_elem_iadd, v(3)), Case(list_elem_store, v(3)),
    Case(loop_rows_iadd, v(3), loops=True), Case(loop_rows_store, v(3), loops=True),
    Case(loop_list_arrays, v(3), loops=True),
    Case(split_views, v(6)), Case(reshape_view, v(6)), Case(transpose_view, v(3, 2)), Case(asarray_same, v(3)),
    Case(astype_nocopy, v(3)), Case(ravel_view, v(2, 3)), Case(squeeze_view, v(1, 3)), Case(ellipsis_view, v(3)),
    Case(expand_view, v(3)), Case(flip_view, v(6)), Case(real_view, v(3)), Case(atleast_same, v(3)),
    Case(column_view, v(2, 3)), Case(moveaxis_view, v(2, 3)), Case(swapaxes_view, v(2, 3)), Case(view_method, v(3)),
    Case(ascontig_same, v(3)), Case(rot_view, v(2, 3)), Case(diag_via_flat_view, v(3)),
    Case(slice_then_rebind, v(6)), Case(nested_list_alias, v(3)), Case(tuple_elem_inplace, v(3)),
    Case(function_mutates_list_elem, v(3)), Case(function_returns_view, v(6)), Case(default_arg_alias, v(3)),
    Case(iter_zip_views, v(3), loops=True), Case(loop_cols_T, v(3), loops=True), Case(np_copy_flag, v(3)),
    Case(out_view, v(6)),
]
