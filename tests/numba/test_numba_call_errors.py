"""backend="numba" on constructs numba refused at the first call (issue 18: whatever numba
cannot compile is refused when the gradient is made, never a numba error at call time).
Each was seen failing at the call with "numba cannot compile the gradient" (session 44's
random programs, independent family, seed 11). Now either lowered, the gradient agreeing
with the NumPy backend (1e-12) and central finite differences, or refused at generation
naming the construct, at the user's line."""

import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from numba_agree import agree
from srcdiff.errors import SrcdiffError

pytest.importorskip("numba")


def _check(fn, x):
    got = sd.grad(fn, backend="numba")(x)
    ref = sd.grad(fn)(x)
    assert np.shape(got) == np.shape(x)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)
    assert_close(got, numeric_grad(fn, (x,), 0))


# the method forms of max, min and sum over an axis (numba's array.max takes no axis)

def method_max(x):
    m = x * 2.0
    return np.sum(np.sin(m.max(axis=0)))


def method_min_sum(x):
    m = x * x
    return np.sum(m.sum(axis=0) * m.min(axis=1).sum())


def method_kept(x):
    return np.sum(x.max(axis=1, keepdims=True) * x + x.sum(axis=0) ** 2)


# keepdims=True of a whole reduction (numba's reductions take no keepdims)

def sum_kept(x):
    return np.sum(np.sum(x * x, keepdims=True) * x)


def reductions_kept(x):
    m = np.mean(x, keepdims=True) + np.max(x, keepdims=True) * np.min(x, axis=None,
                                                                       keepdims=True)
    return np.sum(np.sin(x - m)) + np.sum(np.std(x, keepdims=True) * x)


def sum_axis_kept(x):
    return np.sum(np.sum(x * x, axis=1, keepdims=True) * x + np.sum(x, axis=0, keepdims=True))


def sum_kept_1d(x):
    return np.sum(np.exp(x - np.sum(x, keepdims=True)))


# a mask saved on every trip of a loop: a tape of bool arrays

def mask_in_loop(x):
    s = 0.0
    for i in range(3):
        s = s + np.sum(np.where(x > 0.1 * i, x * x, x))
    return s


# the gradient of reading at a boolean mask, a number or an array spread over the positions
# reached (index_add at a mask: numba_masks.py); a mask of two axes (numba's own read at one
# was an AssertionError in its lowering: numba_masks.masked_read)

def masked_sums(x):
    return np.sum(x[x > 0] ** 2) + 0.7 * np.sum(x[x < 0.2]) + np.sum(np.sin(x[x < 0.5]) * 3.0)


def masked_rows(x):
    m = x > 0.1
    return np.sum(np.exp(x[m]) * np.sum(x[x < 0.3] ** 2))


# the gradient of math.fabs, float(x > 0.0) - float(x < 0.0): numba has no float of a bool

def fabs_loop(x):
    acc = 0.0
    for e in x:
        acc += math.fabs(e) * 0.7
    return acc


CASES = [(masked_sums, (7,)), (masked_sums, (3, 4)), (masked_rows, (4, 3)),
         (fabs_loop, (6,)),
         (method_max, (3, 4)), (method_min_sum, (3, 4)), (method_kept, (4, 3)),
         (sum_kept, (3, 4)), (reductions_kept, (3, 4)), (sum_axis_kept, (3, 4)),
         (sum_kept_1d, (5,)), (mask_in_loop, (3, 4)), (mask_in_loop, (7,))]


@pytest.mark.parametrize("fn, shape", CASES, ids=[f"{f.__name__}-{len(s)}d" for f, s in CASES])
def test_lowered_matches_numpy_and_finite_differences(fn, shape):
    x = np.random.default_rng(5).standard_normal(shape) + 0.05
    _check(fn, x)


# the gradient of a dict's entry: numba has no version of item_add / item_grad for a dict

def dict_with_none(x):
    d = {"a": x, "b": None}
    return np.sum(d["a"] * 2.0)


def dict_of_arrays(x):
    d = {"w": x * 2.0, "v": x}
    return np.sum(d["w"] * d["v"])


@pytest.mark.parametrize("fn", [dict_with_none, dict_of_arrays])
def test_dict_entries_refused_when_the_gradient_is_made(fn):
    x = np.random.default_rng(5).standard_normal((3, 4))
    with pytest.raises(SrcdiffError) as info:
        sd.grad(fn, backend="numba")(x)
    text = str(info.value)
    assert "of a dict" in text and "numba cannot compile" not in text
    assert info.value.lineno is not None and 'd["' in info.value.line  # the user's line


# np.array(s) of a float (NumPy's 0-d array, computing as its number): stack_rows of a float

def array_of_number(x, s):
    s = np.array(s)
    s = s + 0.1 * np.tanh(np.sum(x))
    return np.sum(np.sin(x)) * s


@pytest.mark.parametrize("wrt", [0, 1])
def test_array_of_a_number(wrt):
    args = (np.random.default_rng(5).standard_normal(4), 0.3)
    got = sd.grad(array_of_number, wrt=wrt, backend="numba")(*args)
    assert_close(got, sd.grad(array_of_number, wrt=wrt)(*args), rtol=1e-12, atol=1e-14)
    assert_close(got, numeric_grad(array_of_number, args, wrt))
    tangent = np.ones(4) if wrt == 0 else 1.0
    _, got_t = sd.jvp(array_of_number, wrt=wrt, backend="numba")(*args, tangents=tangent)
    _, want_t = sd.jvp(array_of_number, wrt=wrt)(*args, tangents=tangent)
    assert_close(got_t, want_t, rtol=1e-12, atol=1e-14)


# np.linspace(..., endpoint=False): numba's np.linspace takes no endpoint

def open_grid(x):
    w = np.linspace(-1, 1, num=len(x), endpoint=False)
    u = np.linspace(0.5, 2.0, len(x) + 1, endpoint=True)[1:]
    return np.sum(np.sin(x * w) * u)


def test_linspace_without_its_endpoint():
    _check(open_grid, np.random.default_rng(5).standard_normal(7))


def test_linspace_open_is_numpys():
    import numba

    from srcdiff.compiler.emit.numba_builtins import linspace_open
    grid = numba.njit(lambda a, b, n: linspace_open(a, b, n))
    rng = np.random.default_rng(7)
    for _ in range(200):
        a, b = rng.standard_normal(2) * 10.0 ** rng.integers(-3, 4, 2)
        n = int(rng.integers(0, 40))
        assert np.array_equal(grid(a, b, n), np.linspace(a, b, n, endpoint=False))
    assert np.array_equal(grid(-1, 1, 5), np.linspace(-1, 1, 5, endpoint=False))
    assert np.array_equal(grid(0.0, 5e-324, 3), np.linspace(0.0, 5e-324, 3, endpoint=False))
    with pytest.raises(ValueError):
        grid(0.0, 1.0, -1)


# a @ b of a float64 and an int array (numba's @ takes operands of one dtype)

def times_int_vector(x):
    return np.sin((x * 2.0) @ np.arange(1, 5)) + np.sum(np.sin(np.arange(12).reshape(3, 4) @ x))


def test_matmul_of_floats_and_ints():
    _check(times_int_vector, np.random.default_rng(5).standard_normal(4))


# np.tanh of an int (numba_math.tanh_fast took floats only): NumPy's tanh of the float

def tanh_of_int(x):
    return np.sum(np.sin(x) * np.tanh(-2)) + np.tanh(3) * np.sum(x * x)


def test_tanh_of_an_int():
    _check(tanh_of_int, np.random.default_rng(5).standard_normal(5))


# a reduction's keyword numba's reductions take none of: refused when the gradient is made

def sum_from(x, s):
    return np.sum(np.sin(x), initial=0.5) * s


def max_where(x):
    return np.max(x * x, where=x > 0, initial=0.0)


@pytest.mark.parametrize("fn, args", [(sum_from, (np.ones(3), 0.5)), (max_where, (np.ones(3),))])
def test_reduction_keywords_refused_when_the_gradient_is_made(fn, args):
    with pytest.raises(SrcdiffError) as info:
        sd.grad(fn, backend="numba")(*args)
    text = str(info.value)
    assert "initial=" in text and "numba cannot compile" not in text
    assert "np." in info.value.line  # the user's line


# a store at a mask of two axes: numba's lowering asserts (an AssertionError escaped the
# backend); a located SrcdiffError (a safety net: still at the first call) for a mask
# given as an argument; one bound to a comparison is compiled (numba_masks.masked_put,
# session 46: tests/numba/test_numba_mask_stores.py)

def masked_store(x):
    m = np.outer(x, x)
    m[m < 0] = 0.5
    return np.sum(m * x)


def masked_store_given(x, mask):
    m = np.outer(x, x)
    m[mask] = 0.5
    return np.sum(m * x)


def test_numbas_lowering_assertion_is_a_srcdiff_error():
    x = np.array([0.3, -0.2, 0.5])
    with pytest.raises(SrcdiffError) as info:
        sd.grad(masked_store_given, backend="numba")(x, np.outer(x, x) < 0)
    assert "lowering failed" in str(info.value) and "def masked_store_given" in str(info.value)
    agree(masked_store, (x,), (0,))


# np.concatenate of 3-d arrays: its adjoint split_rest had numba versions of 1 and 2 axes
# only (seed 20261245 index 1 of test_numba_fuse_random, session 45's CI)

def joined0(x):
    v = np.concatenate((x, 0.5 * x), axis=0)
    return np.sum(np.tanh(v) * 1.3)


def joined1(x):
    v = np.concatenate((x, x * x, 0.5 * x), axis=1)
    return np.sum(np.tanh(v) * 1.3)


def joined2(x):
    v = np.concatenate((x, np.sin(x) * 0.5), axis=2)
    return np.sum(v ** 2)


def joined_last(x):
    v = np.concatenate((x, x, np.cos(x)), axis=-1)
    return np.sum(np.tanh(v))


@pytest.mark.parametrize("fn", [joined0, joined1, joined2, joined_last],
                         ids=lambda f: f.__name__)
def test_concatenate_of_three_axes(fn):
    x = np.cos(np.arange(24.0)).reshape(2, 3, 4)
    assert "split_rest(" in sd.grad(fn, backend="numba").source(x)
    _check(fn, x)


# min/max with key= or default=: numba's builtins take neither (a typing error at the first
# call before; the independent random programs in numba mode, seed 46100 index 9)

def min_by_magnitude(x, s):
    m = min([v * s for v in x], key=abs)
    return m * np.sum(x)


def max_by_magnitude(x, s):
    return max([v - s for v in x], key=abs) * np.sum(x)


@pytest.mark.parametrize("fn", [min_by_magnitude, max_by_magnitude], ids=lambda f: f.__name__)
def test_min_and_max_with_keywords_refused_when_the_gradient_is_made(fn):
    args = (np.array([0.3, -0.2, 0.9]), 0.7)
    with pytest.raises(SrcdiffError) as info:
        sd.grad(fn, wrt=(0, 1), backend="numba")(*args)
    text = str(info.value)
    assert "without key= or default=" in text and "numba cannot compile" not in text
    assert ("min(" in info.value.line or "max(" in info.value.line), info.value.line
    # the NumPy backend differentiates them (against central differences)
    got = sd.grad(fn, wrt=(0, 1))(*args)
    for k in (0, 1):
        assert_close(got[k], numeric_grad(fn, args, k))


def unpacks_a_generator(x, xs):
    p = x
    for i in range(len(xs)):
        a, b = (p * x + 0.5 * t for t in range(2))
        p = p - 0.25 * p * a * b + xs[i]
    return p


def unpacks_too_many(x, xs):
    p = x
    for i in range(len(xs)):
        a, b = (p * x + 0.5 * t for t in range(3))
        p = p + a * b
    return p


def test_a_tuple_assignment_from_a_generator_expression():
    # its values are a list in the generated code, whose unpacking numba's `unpacked` did
    # not take (a typing error at the first call: fuzz seed 651840203 index 9)
    agree(unpacks_a_generator, (0.7, np.array([0.3, -0.2, 0.1])), (0, 1))
    with pytest.raises(ValueError, match="values to unpack"):
        sd.grad(unpacks_too_many, backend="numba")(0.7, np.array([0.3, -0.2, 0.1]))


def doubled_first(x, w):
    return np.sum(x * 2.0)


def softmax_of_one(x, w):
    t = np.mean(np.vstack([x, w.T]) ** 2)
    e = np.exp(t)
    return e / np.sum(e)


def stacked_constants(x, a, b):
    return np.sum(x * np.vstack([a, b.T]))


def test_zero_gradients_and_stacks_of_lists():
    # finish(None, x, True) (unconnected_gradients="zero", and an argument reaching the
    # output only through a free shift) and np.vstack of a list had no numba version: a
    # typing error at the first call
    X, W = np.linspace(-1.0, 1.0, 12).reshape(3, 4), np.linspace(0.5, -0.5, 12).reshape(4, 3)
    got = sd.grad(doubled_first, wrt=(0, 1), backend="numba", unconnected_gradients="zero")(
        X, W)
    assert_close(got[0], np.full((3, 4), 2.0)) and assert_close(got[1], np.zeros((4, 3)))
    assert np.shape(got[1]) == (4, 3)
    assert sd.grad(doubled_first, wrt=1, backend="numba", unconnected_gradients="zero")(
        X, 2.0) == 0.0
    agree(softmax_of_one, (X, W), (0, 1))
    with pytest.raises(ValueError):
        sd.grad(softmax_of_one, wrt=(0, 1), backend="numba")(np.ones((3, 5)), W)
    agree(stacked_constants, (np.ones((6, 3)), X[:, :3], W[:3]), (0,))


def scaled_in_place(x, w):
    x *= 2.0
    return np.sum(x * w)


def test_a_function_changing_an_argument_is_refused_naming_it():
    with pytest.raises(SrcdiffError, match=r"change an argument in place .*`x`"):
        sd.grad(scaled_in_place, wrt=1, backend="numba")(np.ones(3), np.ones(3))
