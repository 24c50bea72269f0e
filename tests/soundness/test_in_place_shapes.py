"""An in-place operation NumPy refuses by shape raises as the function raises.

``m = x * 2.0; m += big`` with ``big`` of a larger broadcast shape than ``m`` ((2, 3) into
(3,), (3,) into (3, 1), a 0-d ``m``) raises NumPy's ValueError ("non-broadcastable output
operand"): the result is written into ``m``. srcdiff lowered it to ``m = m + big`` (a new,
larger array) and returned a gradient, in both pipelines and forward mode, for ``+= -= *=
/= **=`` alike (red36). A check ``check_in_place(m, big)`` now goes before each such
statement whose right operand may have more axes or longer ones than ``m``
(analysis/dtypes.py ``in_place_shapes``, srcdiff/runtime_memory.py): it raises NumPy's
error where NumPy does, and nothing where the result keeps ``m``'s shape. Likewise NumPy's
dtype rule (the result cast to ``m``'s dtype, ``same_kind``) and ``x[i] op= v``, whose item
NumPy changes in place when it is an array. Oracles: the function itself (it raises, or
not, and which error) and central differences.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def added(x, v):
    m = x * 2.0
    m += v
    return np.sum(m * m)


def subtracted_in_a_loop(x, v):
    m = x * 2.0
    for _ in range(2):
        m -= v * 0.5
    return np.sum(m * m)


def scaled(x, v):
    m = x * 2.0
    m *= v
    return np.sum(m * m)


def divided(x, v):
    m = x + 3.0
    m /= v
    return np.sum(m * m)


def powered(x, v):
    m = x + 3.0
    m **= v
    return np.sum(m)


def argument_itself(x, v):
    x += v
    return np.sum(x * x)


def dead_result(x, v):
    m = x * 2.0
    m += v
    return np.sum(x * x)


def zero_d(x, v):
    m = np.array(0.5)
    m += v
    return np.sum(m * x)


def matrix_product(x, v):
    m = x * 2.0
    m @= v
    return np.sum(m * m)


X = np.array([0.3, -0.7, 1.1])
V23 = np.array([[0.5, 1.5, 2.0], [1.2, 0.8, 1.7]])
COLUMN = np.array([[0.3], [-0.7], [1.1]])
RAISING = [
    (added, (X, V23)), (added, (COLUMN, X)), (subtracted_in_a_loop, (X, V23)),
    (scaled, (X, V23)), (divided, (X, V23)), (powered, (X, V23)),
    (argument_itself, (X.copy(), V23)), (dead_result, (X, V23)), (zero_d, (X, X)),
    (matrix_product, (X, np.ones((3, 2)))), (matrix_product, (X, np.ones(3))),
]


def _id(case):
    return f"{case[0].__name__}-{np.shape(case[1][0])}-{np.shape(case[1][1])}"


@pytest.mark.parametrize("f, args", RAISING, ids=[_id(c) for c in RAISING])
@pytest.mark.parametrize("optimize", [True, False])
def test_gradient_raises_where_the_function_raises(f, args, optimize):
    with pytest.raises(ValueError):
        f(*[np.copy(a) for a in args])
    for wrt in (0, 1):
        with pytest.raises(ValueError):
            sd.grad(f, wrt=wrt, optimize=optimize)(*[np.copy(a) for a in args])


@pytest.mark.parametrize("f, args", RAISING, ids=[_id(c) for c in RAISING])
def test_forward_mode_raises_too(f, args):
    with pytest.raises(ValueError):
        sd.jvp(f, wrt=1)(*[np.copy(a) for a in args], tangents=np.ones_like(args[1]))


FITTING = [
    (added, (X, X)), (added, (X, np.array([0.4]))), (added, (V23, X)), (added, (COLUMN, COLUMN)),
    (subtracted_in_a_loop, (V23, np.array([[0.1], [0.2]]))), (scaled, (X, 0.5)),
    (divided, (V23, X + 2.0)), (powered, (X, np.array(1.5))), (zero_d, (X, 0.7)),
    (matrix_product, (X, np.array([[0.5, 1.0, 0.2], [0.3, -0.4, 0.9], [1.1, 0.1, 0.6]]))),
]


@pytest.mark.parametrize("f, args", FITTING, ids=[_id(c) for c in FITTING])
def test_gradient_where_the_result_keeps_the_shape(f, args):
    for wrt in (0, 1):
        expected = numeric_grad(f, args, wrt)
        assert_close(sd.grad(f, wrt=wrt)(*args), expected)
        assert_close(sd.grad(f, wrt=wrt, optimize=False)(*args), expected)


def halved_in_a_loop(x, s):
    m = x * 2.0
    for _ in range(3):
        m += s
        m *= 0.5
    return np.sum(m * m)


def test_no_check_where_the_operand_is_a_number(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    text = sd.source(halved_in_a_loop, wrt=0, args=(X, 0.5))
    assert "check_in_place" not in text
    text = sd.source(halved_in_a_loop, wrt=0, args=(X, X))
    assert text.count("check_in_place(m, s)") == 1


# -- dtypes: NumPy writes the result into m's own dtype (casting ``same_kind``)

def bool_counts(x, b):
    m = b.copy()
    m += 1
    return np.sum(x * m)


def narrow_ints(x, k, j):
    m = k.copy()
    m += j
    m *= 3
    return np.sum(x * m)


def test_a_bool_array_plus_an_int_raises_as_numpy_does():
    b = np.array([True, False, True])
    with pytest.raises(TypeError):
        bool_counts(X, b)
    for optimize in (True, False):
        with pytest.raises(TypeError):
            sd.grad(bool_counts, optimize=optimize)(X, b)
    with pytest.raises(TypeError):
        sd.jvp(bool_counts)(X, b, tangents=np.ones(3))


def test_an_int8_array_plus_int64_values_is_refused():
    # NumPy: int8 101, 102, 103 times 3 wraps around to 47, 50, 53 (the gradient wrt x);
    # srcdiff's m = m + j was int64: 303, 306, 309
    k, j = np.array([1, 2, 3], dtype=np.int8), np.array([100, 100, 100])
    assert_close(numeric_grad(narrow_ints, (X, k, j), 0), np.array([47.0, 50.0, 53.0]))
    for optimize in (True, False):
        with pytest.raises(sd.SrcdiffError, match="casts back to int8"):
            sd.grad(narrow_ints, optimize=optimize)(X, k, j)


def test_ints_of_one_dtype_and_floats_of_two_are_kept():
    k = np.array([1, 2, 3], dtype=np.int8)
    assert_close(sd.grad(narrow_ints)(X, k, k), numeric_grad(narrow_ints, (X, k, k), 0))
    x32 = X.astype(np.float32)  # (float32 m plus float64 v: rounding only)
    expected = numeric_grad(added, (X, V23[0]), 0)
    assert_close(sd.grad(added)(x32, V23[0]), expected, rtol=1e-4, atol=1e-4)


# -- `x[i] op= v`: NumPy changes the item in place when it is an array (a view, or the copy a
# fancy index makes) before storing it back; the store alone would take a result with more
# leading axes of length 1 (`a[0] = np.ones((1, 3))` works) or truncate a float into ints

def row_item(x, v):
    m = x * 1.0
    m[0] += v
    return np.sum(m * m)


def columns_item(x, v):
    m = x * 1.0
    m[:, 1:] *= v
    return np.sum(m * m)


def fancy_item(x, v):
    m = x * 1.0
    m[[0, 1]] += v
    return np.sum(m * m)


def dict_item(x, v):
    d = {"a": x * 1.0}
    d["a"] -= v
    return np.sum(d["a"] ** 2)


def int_row_item(x, k):
    m = k.copy()
    m[0] += 0.5
    return np.sum(x * m)


ITEMS_RAISING = [
    (row_item, (V23, np.ones((1, 3))), ValueError),
    (columns_item, (V23, np.ones((1, 2, 2))), ValueError),
    (fancy_item, (V23, np.ones((1, 2, 3))), ValueError),
    (dict_item, (V23, np.ones((2, 2, 3))), ValueError),
    (int_row_item, (V23, np.ones((2, 3), dtype=int)), TypeError),
]


@pytest.mark.parametrize("f, args, error", ITEMS_RAISING,
                         ids=[c[0].__name__ for c in ITEMS_RAISING])
@pytest.mark.parametrize("optimize", [True, False])
def test_an_item_changed_in_place_raises_where_numpy_does(f, args, error, optimize):
    with pytest.raises(error):
        f(*args)
    with pytest.raises(error):
        sd.grad(f, optimize=optimize)(*args)
    with pytest.raises(error):
        sd.jvp(f)(*args, tangents=np.ones_like(args[0]))


ITEMS_FITTING = [
    (row_item, (V23, np.ones(3) * 0.5)), (columns_item, (V23, np.array([[0.5], [2.0]]))),
    (fancy_item, (V23, np.array([[0.5], [2.0]]))), (dict_item, (V23, X)),
    (int_row_item, (V23, np.ones(3, dtype=int))),  # (an int item: truncated as NumPy does)
]


@pytest.mark.parametrize("f, args", ITEMS_FITTING,
                         ids=[c[0].__name__ for c in ITEMS_FITTING])
def test_an_item_changed_in_place_where_the_shape_is_kept(f, args):
    expected = numeric_grad(f, args, 0)
    assert_close(sd.grad(f)(*args), expected)
    assert_close(sd.grad(f, optimize=False)(*args), expected)


def test_the_numba_backend_checks_too():
    pytest.importorskip("numba")
    column = np.ones((2, 1))
    with pytest.raises(ValueError):
        halved_in_a_loop(column, X)
    with pytest.raises(ValueError):
        sd.grad(halved_in_a_loop, backend="numba")(column, X)
    args = (np.ones((2, 3)), X)
    assert_close(sd.grad(halved_in_a_loop, backend="numba")(*args),
                 numeric_grad(halved_in_a_loop, args, 0))
