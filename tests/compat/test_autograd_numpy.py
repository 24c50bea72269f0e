"""autograd's tests/test_numpy.py, case by case, in srcdiff's words.

Each test is named after the autograd test it adapts and checks the same
function on inputs of the same kind (smaller, to stay fast) in reverse mode,
forward mode and to second order (reverse over reverse and forward over
reverse), against central finite differences (tests/support/check_modes.py).

PYTEST_DONT_REWRITE: pytest rewrites ``assert`` statements in test modules, so the
code of a function with an ``assert`` (test_len) would no longer match its source,
and srcdiff refuses a function whose source does not hold the code that runs.
"""

import numpy as np

from check_modes import R, U, check

# ------------------------------------------------------------------ products


def test_dot():
    def fun(x, y):
        return np.dot(x, y)

    mat1, mat2 = R(3, 4), R(3, 4)
    check(fun, mat1, R(4))
    check(fun, mat1, mat2.T)
    check(fun, R(3), mat1)
    check(fun, R(4), R(4))


def test_dot_with_floats():
    def fun(x, y):
        return np.dot(x, y)

    check(fun, R(3, 4), R())
    check(fun, R(), R(3, 4))
    check(fun, R(3), R())
    check(fun, R(), R(3))


def test_outer():
    def fun(x, y):
        return np.outer(x, y)

    check(fun, R(4), R(4))
    check(fun, R(3), R(5))


def test_index_dot_slices():
    def fun(x):
        return np.dot(x[:2], x[2:])

    check(fun, R(4))


def test_tensordot_kwargs_by_position():
    def fun(x):
        return np.tensordot(x * np.ones((2, 2)), x * np.ones((2, 2)), 2)

    check(fun, 1.3)


# ------------------------------------------------------------------ reductions


def test_max():
    check(lambda x: np.max(x), R(3, 4))


def test_max_axis():
    def fun(x):
        return np.max(x, axis=1)

    check(fun, R(2, 3, 4))


def test_max_axis_keepdims():
    def fun(x):
        return np.max(x, axis=1, keepdims=True)

    check(fun, R(2, 3, 4))


def test_min():
    def fun(x):
        return np.min(x)

    check(fun, R(3, 4))


def test_min_axis():
    def fun(x):
        return np.min(x, axis=1)

    check(fun, R(2, 3, 4))


def test_min_axis_keepdims():
    def fun(x):
        return np.min(x, axis=1, keepdims=True)

    check(fun, R(2, 3, 4))


def test_sum_1():
    def fun(x):
        return np.sum(x)

    check(fun, R(3, 4))


def test_sum_2():
    def fun(x):
        return np.sum(x, axis=0)

    check(fun, R(3, 4))


def test_sum_3():
    def fun(x):
        return np.sum(x, axis=0, keepdims=True)

    check(fun, R(3, 4))


def test_sum_with_axis_tuple():
    def fun(x):
        return np.sum(x, axis=(1, 2))

    check(fun, R(3, 2, 2))


def test_non_numpy_sum():
    def fun(x, y):
        return sum([x, y])

    check(fun, R(3, 4), R(3, 4))


def test_mean_1():
    def fun(x):
        return np.mean(x)

    check(fun, R(3, 4))


def test_mean_2():
    def fun(x):
        return np.mean(x, axis=0)

    check(fun, R(3, 4))


def test_mean_3():
    def fun(x):
        return np.mean(x, axis=0, keepdims=True)

    check(fun, R(3, 4))


def test_prod_1():
    def fun(x):
        return np.prod(x)

    check(fun, R(2, 3) ** 2 / 10.0 + 0.1)


def test_prod_2():
    def fun(x):
        return np.prod(x, axis=0)

    check(fun, R(2, 3) ** 2 + 0.1)


def test_prod_3():
    def fun(x):
        return np.prod(x, axis=0, keepdims=True)

    check(fun, R(2, 3) ** 2 + 0.1)


def test_prod_4():
    def fun(x):
        return np.prod(x)

    check(fun, R(7) ** 2 + 0.1)


def test_var_ddof():
    def full(x):
        return np.var(x, ddof=1)

    def kept(x):
        return np.var(x, keepdims=True)

    def along(x):
        return np.var(x, axis=1, ddof=2, keepdims=True)

    check(full, R(3))
    check(kept, R(1, 3))
    check(along, R(3, 4))


def test_std_ddof():
    def full(x):
        return np.std(x, ddof=1)

    def kept(x):
        return np.std(x, keepdims=True)

    def along(x):
        return np.std(x, axis=1, ddof=2)

    check(full, R(3))
    check(kept, R(3, 4))
    check(along, R(3, 4))


def test_cumsum_axis0():
    def fun(x):
        return np.cumsum(x, axis=0)

    check(fun, R(3, 4))


def test_cumsum_axis1():
    def fun(x):
        return np.cumsum(x, axis=1)

    check(fun, R(3, 4))


def test_cumsum_1d():
    def fun(x):
        return np.cumsum(x)

    check(fun, R(5))


def test_cumsum_no_axis():
    def fun(x):
        return np.cumsum(x)

    check(fun, R(3, 4))


def test_trace():
    def fun(x):
        return np.trace(x, offset=1)

    check(fun, R(4, 5))


def test_trace2():
    def fun(x):
        return np.trace(x, offset=-2)

    check(fun, R(5, 4))


def test_trace_extradims():
    def fun(x):
        return np.trace(x, offset=1)

    check(fun, R(3, 4, 2, 2))


def test_diag():
    def fun(x):
        return np.diag(x)

    check(fun, R(4, 4))


def test_diagonal():
    def fun(d):
        return np.diagonal(d, axis1=-1, axis2=-2)

    check(fun, R(3, 3))
    check(fun, R(2, 3, 3))


# ------------------------------------------------------------------ shapes and views


def test_flipud():
    def fun(x):
        return np.flipud(x)

    check(fun, R(3, 4))


def test_fliplr():
    def fun(x):
        return np.fliplr(x)

    check(fun, R(3, 4))


def test_rot90():
    def fun(x):
        return np.rot90(x)

    check(fun, R(3, 4))


def test_transpose():
    def fun(x):
        return x.T

    check(fun, R(3, 3))


def test_roll():
    def fun(x):
        return np.roll(x, 2, axis=1)

    check(fun, R(3, 4))


def test_roll_no_axis():
    def fun(x):
        return np.roll(x, 2)

    check(fun, R(3, 4))


def test_triu():
    def fun(x):
        return np.triu(x, k=1)

    check(fun, R(4, 4))


def test_tril():
    def fun(x):
        return np.tril(x, k=1)

    check(fun, R(4, 4))


def test_reshape_method():
    def fun(x):
        return x.reshape((3 * 2, 4))

    check(fun, R(3, 4, 2))


def test_reshape_call():
    def fun(x):
        return np.reshape(x, (3 * 2, 4))

    check(fun, R(3, 4, 2))


def test_reshape_method_nolist():
    def fun(x):
        return x.reshape(3 * 2, 4)

    check(fun, R(3, 4, 2))


def test_ravel_method():
    def fun(x):
        return x.ravel()

    check(fun, R(3, 2, 2))


def test_ravel_call():
    def fun(x):
        return np.ravel(x)

    check(fun, R(3, 2, 2))


def test_flatten_method():
    def fun(x):
        return x.flatten()

    check(fun, R(3, 2, 2))


def test_squeeze_func():
    def fun(x):
        return np.squeeze(x)

    check(fun, R(3, 1, 2))


def test_squeeze_method():
    def fun(x):
        return x.squeeze()

    check(fun, R(3, 1, 2))


def test_expand_dims():
    def fun(x):
        return np.expand_dims(x, 2)

    check(fun, R(3, 1, 2))


def test_repeat():
    def fun(x):
        return np.repeat(x, 2, axis=1)

    check(fun, R(2, 3, 2))


def test_repeat_axis1_rep1():
    def fun(x):
        return np.repeat(x, 1, axis=1)

    check(fun, R(2, 3, 2))


def test_repeat_axis0():
    def fun(x):
        return np.repeat(x, 2, axis=0)

    check(fun, R(3, 2))


def test_repeat_1d_axis0():
    def fun(x):
        return np.repeat(x, 2, axis=0)

    check(fun, R(4))


def test_repeat_axis0_rep1():
    def fun(x):
        return np.repeat(x, 1, axis=0)

    check(fun, R(4, 1))


def test_split():
    def fun(x):
        return np.split(x, 2)[0]

    check(fun, R(6))


def test_len():
    def fun(x):
        assert len(x) == 3
        return x

    check(fun, R(3, 2))


# ------------------------------------------------------------------ indexing


def test_index_ints():
    def fun(x):
        return x[2, 0, 1]

    check(fun, R(3, 4, 2))


def test_index_slice():
    def fun(x):
        return x[::-1, 2:4, :]

    check(fun, R(3, 4, 2))


def test_index_lists():
    def fun(x):
        return x[[0, 1, 2], :, :]

    check(fun, R(4, 3, 2))


def test_index_mixed():
    def fun(x):
        return x[2, 2:, [1, 3]]

    check(fun, R(3, 4, 4))


def test_vector_slice():
    def fun(x):
        return x[2:4]

    check(fun, R(5))


def test_index_slice_fanout():
    def fun(x):
        y = x[::-1, 2:4, :]
        z = x[::-1, 3:5, :]
        return y + z

    check(fun, R(3, 5, 2))


def test_index_multiple_slices():
    def fun(x):
        y = x[2:6]
        z = y[1:3]
        return z

    check(fun, R(7))


def test_multi_index():
    def fun(x):
        return np.sum(x[[0, 0]])

    check(fun, R(3))


def test_multi_index2():
    def fun(x):
        return np.sum(x[[0, 1, 0]])

    check(fun, R(3))


def test_cast_to_int():
    inds = np.ones(4)[:, None]

    def fun(w):
        glued_together = np.concatenate((w, inds), axis=1)
        new_w = w[:, :-1]
        new_inds = np.int64(w[:, -1])
        return new_w[new_inds].sum() + 0.0 * np.sum(glued_together)

    w = R(4, 3)
    w[:, -1] = [0.2, 1.3, 2.1, 0.4]  # row indices after the cast, away from integers
    check(fun, w)


# ------------------------------------------------------------------ building arrays


def test_simple_append_list():
    def fun(a, b):
        return np.append(a, b)

    check(fun, [1.0, 2.0, 3.0], 4.0)


def test_simple_append_arr():
    def fun(a, b):
        return np.append(a, b)

    check(fun, np.array([1.0, 2.0, 3.0]), 4.0)


def test_simple_concatenate():
    a = R(3, 2, 2)

    def fun(x):
        return np.concatenate((a, x))

    check(fun, R(2, 2, 2))


def test_concatenate_axis_0():
    b = R(2, 3, 2)

    def fun(x):
        return np.concatenate((b, x, b))

    check(fun, R(2, 3, 2))


def test_concatenate_axis_1():
    b = R(2, 3, 2)

    def fun(x):
        return np.concatenate((b, x, b), axis=1)

    check(fun, R(2, 3, 2))


def test_concatenate_axis_1_unnamed():
    b = R(2, 3, 2)

    def fun(x):
        return np.concatenate((b, x, b), 1)

    check(fun, R(2, 3, 2))


def test_1d_array():
    def fun(x):
        return np.array([x, x * 1.0, x + 2.5])

    check(fun, 3.0)


def test_2d_array():
    def fun(x):
        return np.array([[x, x * 1.0, x + 2.5], [x ** 2, x, x / 2.0]])

    check(fun, 3.0)


def test_1d_array_fanout():
    def fun(x):
        a = np.array([x, x * 1.0, x + 2.5])
        return a + a

    check(fun, 3.0)


def test_2d_array_fanout():
    def fun(x):
        a = np.array([[x, x * 1.0, x + 2.5], [x ** 2, x, x / 2.0]])
        return a + a

    check(fun, 3.0)


def test_array_from_scalar():
    def fun(x):
        return np.array(x)

    check(fun, 3.0)


def test_array_from_arrays():
    def fun(x):
        return np.array([x, x])

    check(fun, R(3, 2))


def test_array_from_arrays_2():
    def fun(x):
        return np.array([[2 * x, x + 1], [x, x]])

    check(fun, R(3, 2))


def test_r_basic():
    def fun(x):
        return np.r_[x]

    check(fun, R(3, 2))


def test_r_double():
    def fun(x):
        return np.r_[x, x]

    check(fun, R(3, 2))


def test_no_relation():
    c = R(3, 2)

    def fun(x):
        return c + 0.0 * x

    check(fun, R(3, 2))


def test_r_node_and_const():
    c = R(3, 2)

    def fun(x):
        return np.r_[x, c]

    check(fun, R(3, 2))


def test_r_mixed():
    c = R(3, 2)

    def fun(x):
        return np.r_[x, c, x]

    check(fun, R(3, 2))


def test_r_slicing():
    c = R(4)

    def fun(x):
        return np.r_[x, c, 1:4]

    check(fun, R(4))


def test_c_():
    c = R(3, 2)

    def fun(x):
        return np.c_[x, c, x]

    check(fun, R(3, 2))


def test_where():
    cond = R(3, 4) > 0

    def fun(x, y):
        return np.where(cond, x, y)

    check(fun, R(3, 4), R(3, 4))


def test_clip():
    def fun(x):
        return np.clip(x, a_min=0.1, a_max=1.1)

    check(fun, np.array([[-0.5, 0.3, 0.7], [1.5, 0.9, 0.05]]))


def test_nan_to_num():
    y = np.array([0.0, np.nan, np.inf, -np.inf])

    def fun(x):
        return np.sum(np.sin(np.nan_to_num(x + y)))

    check(fun, R(4))


def test_linspace():
    def five(x, y):
        return np.linspace(x, y, 5)

    def one(x, y):
        return np.linspace(x, y, 1)

    check(five, 1.2, 3.4)
    check(five, 1.2, -3.4)
    check(five, 1.2, 1.2)
    check(one, 1.2, 3.4)


def test_astype():
    def fun(x):
        return np.sum(np.sin(x.astype("float64")))

    check(fun, np.arange(3, dtype="float64") + 0.5)


# ------------------------------------------------------------------ ties


def test_max_equal_values():
    def fun(x):
        return np.max(np.array([x, x]))

    check(fun, 1.0)


def test_max_equal_values_2d():
    def fun(x):
        return np.max(np.array([[x, x], [x, 0.5]]), axis=1)

    check(fun, 1.0)
    check(fun, -1.0)


def test_min_3_way_equality():
    def fun(x):
        return np.min(np.array([[x, x, x], [x, 0.5, 0.5], [0.5, 0.5, 0.5], [x, x, 0.5]]), axis=0)

    check(fun, 1.0)
    check(fun, -1.0)


def test_maximum_equal_values():
    def fun(x):
        return np.maximum(x, x)

    check(fun, 1.0)


def test_maximum_equal_values_2d():
    def fun(x):
        return np.maximum(np.array([x, x, 0.5]), np.array([[x, 0.5, x], [x, x, 0.5]]))

    check(fun, 1.0)
    check(fun, -1.0)
    check(fun, 2.0)


def test_checker_can_fail():
    """The checker is not vacuous: a deliberately wrong rule is caught in both modes."""
    import pytest

    import srcdiff as sd

    @sd.custom_vjp
    def twice(x):
        return 2.0 * x

    @twice.defvjp
    def _(g, ans, x):
        return 3.0 * g  # wrong on purpose

    def fun(x):
        return np.sum(twice(x) * x)

    with pytest.raises(AssertionError):
        check(fun, R(3), modes=("rev",))
    assert U(0.0, 1.0) < 1.0
