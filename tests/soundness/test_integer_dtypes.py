"""Conversions to integer dtypes and stores into integer arrays (wrong gradients before).

``x.astype(int)`` was taken as a copy (derivative 1: the gradient of
``np.sum(x.astype(int) * x)`` was ``x + int(x)`` for ``int(x)``), ``np.asarray(x,
dtype=int)`` likewise, and ``y[i] = v`` into an integer array passed ``v``'s gradient
through the truncation. Now an integer or boolean conversion is a constant (derivative
0, as TensorFlow's cast to an integer type), a float one a copy, an unreadable dtype is
refused; a store of a differentiated value is accepted only into an array proven to
hold floats (analysis/dtypes.py). Checked against central differences at points away
from the truncation's jumps.
"""

import inspect

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, numeric_jvp
from pipelines import check_pipelines
from srcdiff import cli
from standalone_runner import run_standalone_many

X = np.array([[0.3137, -0.7219, 1.1173], [0.5371, 0.9413, -0.4127]])
V = np.array([0.3137, -0.7219, 1.1173])
BUF = np.array([2, 3, 4])


def astype_int(x):
    return np.sum(x.astype(int) * x)


def astype_int32_keyword(x):
    return np.sum(x.astype(dtype=np.int32) * x)


def astype_bool(x):
    return np.sum(x.astype(bool) * x)


def astype_spelled(x):
    return np.sum(x.astype("i8") * x) + np.sum(x.astype("float64") ** 2)


def astype_float32_then_float(x):
    return np.sum(x.astype(np.float64) ** 2) + np.sum(x.astype(float) * 3.0)


def asarray_int(x):
    return np.sum(np.asarray(x, dtype=int) * x)


def array_int64(x):
    return np.sum(np.array(x, dtype=np.int64) * x)


def sum_with_float_dtype(x):
    return np.sum(np.mean(x, dtype=np.float64) * x)


def store_into_zeros(x):
    y = np.zeros(3)
    y[0] = x[0] * 10
    y[1:] = x[1:] ** 2
    return np.sum(y * x)


def store_into_float_like(x):
    y = np.zeros_like(x)
    for i in range(3):
        y[i] = x[i] * (i + 1.0)
    return np.sum(y ** 2)


def store_into_float_literal(x):
    y = np.array([0.0, 0.0, 0.0])
    y[1] = x[1] * 10
    return np.sum(y * x)


def store_into_full_float(x):
    y = np.full(3, 1.5)
    y[2] = x[2] * 10
    return np.sum(y * x)


def store_into_float_dtype(x):
    y = np.zeros(3, dtype=np.float64)
    y[0] += x[0] * 10
    return np.sum(y * x)


def method_sum_int(x):
    return (x * 10).sum(dtype=int) * np.sum(x)


def method_mean_int(x):
    return np.sum((x * 10).mean(axis=0, dtype=np.int32) * x)


def method_cumsum_int(x):
    return np.sum((x * 10).cumsum(axis=1, dtype=int) * x)


def positional_dtypes(x):
    # the dtype where the function's signature puts it: np.asarray(a, dtype), np.cumsum(a,
    # axis, dtype) (read through the rule's own signature; keywords only before)
    return (np.sum(np.asarray(x, int) * x) + np.sum(np.array(x, np.int32) * x)
            + np.sum(np.cumsum(x * 10, 1, int) * x))


def _scaled(t, scale=1.5):
    return np.tanh(t) * scale + 0.25 * t * t


def _halved(t, n):
    out = t
    for i in range(n):
        out = out * 0.5 + i
    return out


def _pair(t):
    return t * 2.0, t + 1


def store_into_a_float_helper_result(x):
    # a called function's result is a float array when its own body proves it from
    # its float arguments (and float defaults): analysis/dtypes.py asks the callee
    y = np.array(_scaled(x) + _scaled(x, 0.5))
    y[1:] = y[1:] * x[0]
    z = np.array(_halved(x, 2))  # (a copy: _halved(x, 0) is x itself)
    z[0] = x[2] * 3.0
    return np.sum(y * x) + np.sum(z * z)


def store_into_a_tuple_helper_entry(x):
    a, b = _pair(x)
    c = a.copy()  # (entries of a returned tuple may be one array: aliasing.py)
    c[1] = x[0] * b[2]
    return np.sum(c * b)


SUPPORTED = [positional_dtypes, astype_int, astype_int32_keyword, astype_bool, astype_spelled,
             astype_float32_then_float, asarray_int, array_int64, sum_with_float_dtype,
             method_sum_int, method_mean_int, method_cumsum_int]
STORES = [store_into_zeros, store_into_float_like, store_into_float_literal,
          store_into_full_float, store_into_float_dtype, store_into_a_float_helper_result,
          store_into_a_tuple_helper_entry]


@pytest.mark.parametrize("f", SUPPORTED, ids=[f.__name__ for f in SUPPORTED])
@pytest.mark.parametrize("optimize", [True, False])
def test_conversions_reverse(f, optimize):
    assert_close(sd.grad(f, optimize=optimize)(X), numeric_grad(f, [X], 0))


@pytest.mark.parametrize("f", SUPPORTED + STORES, ids=[f.__name__ for f in SUPPORTED + STORES])
def test_conversions_and_float_stores_forward(f):
    x = X if f in SUPPORTED else V
    t = np.random.RandomState(3).randn(*x.shape)
    _, tangent = sd.jvp(f)(x.copy(), tangents=t)
    assert_close(tangent, numeric_jvp(f, [x], [0], [t]), what="tangent")


@pytest.mark.parametrize("f", STORES, ids=[f.__name__ for f in STORES])
@pytest.mark.parametrize("optimize", [True, False])
def test_stores_into_float_arrays(f, optimize):
    assert_close(sd.grad(f, optimize=optimize)(V.copy()), numeric_grad(f, [V], 0))


def test_integer_conversion_is_a_constant_in_the_source():
    src = sd.source(astype_int, args=[X])
    # the integer copy is a constant: only its product with x carries a gradient
    assert "b_astype" not in src and "b_x" in src


# -- refused ------------------------------------------------------------------------

def astype_read_dtype(x):
    like = np.ones(2, dtype=int)
    return np.sum(x.astype(like.dtype) * x)


def store_into_int_zeros(x):
    y = np.zeros(3, dtype=int)
    y[0] = x[0] * 10
    return np.sum(y * x)


def store_into_int_positional(x):
    y = np.zeros(3, int)
    y[0] = x[0] * 10
    return np.sum(y * x)


def store_into_full_int(x):
    y = np.full(3, 0)
    y[1] = x[1] * 10
    return np.sum(y * x)


def store_into_int_literal(x):
    y = np.array([0, 0, 0])
    y[1] = x[1] * 10
    return np.sum(y * x)


def store_into_arange(x):
    y = np.arange(3)
    y[2] = x[2] * 10
    return np.sum(y * x)


def store_into_int_argument_copy(x, buf):
    b = buf.copy()
    for i in range(3):
        b[i] = x[i] * 10
    return np.sum(b * x)


def store_into_bool(x):
    y = np.zeros(3, dtype=bool)
    y[0] = x[0] * 10
    return np.sum(y * x)


def helper_ints(n):
    return np.zeros(n, dtype=int)


def store_into_a_call_result(x):
    y = helper_ints(3)
    y[0] = x[0] * 10
    return np.sum(y * x)


def _signs(t):
    return (t > 0).astype(int)


def _times(t, s=2):
    return t * s


def _mixed(t):
    return t * 2.0, np.arange(3)


def store_into_a_helper_result_of_ints(x):
    y = _signs(x)  # a float argument, an integer result
    y[0] = x[0] * 10
    return np.sum(y * x)


def store_into_a_helper_result_with_an_int_default(x):
    y = _times(np.arange(3))  # integers times the default 2
    y[0] = x[0] * 10
    return np.sum(y * x)


def store_into_a_helper_tuple_entry_of_ints(x):
    a, b = _mixed(x)
    c = b.copy()
    c[0] = x[0] * 10
    return np.sum(a * c)


def store_into_either(x, flag):
    y = np.zeros(3, dtype=int) if flag > 0 else np.zeros(3)
    y[0] = x[0] * 10
    return np.sum(y * x)


DTYPE_REFUSED = [astype_read_dtype]
STORE_REFUSED = [(store_into_int_zeros, ()), (store_into_int_positional, ()),
                 (store_into_full_int, ()), (store_into_int_literal, ()),
                 (store_into_arange, ()), (store_into_int_argument_copy, (BUF,)),
                 (store_into_bool, ()), (store_into_a_call_result, ()),
                 (store_into_either, (-1,)), (store_into_a_helper_result_of_ints, ()),
                 (store_into_a_helper_result_with_an_int_default, ()),
                 (store_into_a_helper_tuple_entry_of_ints, ())]


@pytest.mark.parametrize("f", DTYPE_REFUSED, ids=[f.__name__ for f in DTYPE_REFUSED])
@pytest.mark.parametrize("mode", ["reverse", "forward", "reference"])
def test_a_conversion_to_an_integer_dtype_read_at_run_time_is_refused(f, mode):
    """The dtype is known at run time only: the generated code checks it there (it was
    refused when compiled, also where it is a float type: below)."""
    with pytest.raises(sd.SrcdiffError) as info:
        if mode == "forward":
            sd.jvp(f)(X, tangents=np.ones_like(X))
        else:
            sd.grad(f, optimize=mode == "reverse")(X)
    message = str(info.value)
    assert "to int64" in message and "spell the dtype" in message
    line = inspect.getsourcelines(f)[1] + 2
    assert f"test_integer_dtypes.py:{line}:" in message  # located at the user's line


def astype_own_dtype(x):
    return np.sum(x.astype(x.dtype) ** 2)


def asarray_read_dtype(x):
    return np.sum(np.asarray(x, dtype=x.dtype) ** 2)


def full_of_read_dtype(x):
    return np.sum(np.full(x.shape, 2.0, dtype=x.dtype) * x ** 2)


def astype_dtype_of_an_argument(x, like):
    return np.sum(x.astype(like.dtype) ** 2)


READ_FLOAT = [(astype_own_dtype, (), 2.0), (asarray_read_dtype, (), 2.0),
              (full_of_read_dtype, (), 4.0),
              (astype_dtype_of_an_argument, (np.ones(2, dtype=np.float32),), 2.0)]


@pytest.mark.parametrize("f, extra, scale", READ_FLOAT, ids=[f.__name__ for f, _, _ in READ_FLOAT])
@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}])
def test_a_conversion_to_a_float_dtype_read_at_run_time_is_differentiated(f, extra, scale,
                                                                         options):
    """``x.astype(y.dtype)`` with ``y`` a float array: the identity (cast to y's type)."""
    rtol = 1e-6 if extra and extra[0].dtype == np.float32 else 1e-12
    assert_close(sd.grad(f, **options)(X, *extra), scale * X, rtol=rtol, atol=rtol)
    _, tangent = sd.jvp(f)(X, *extra, tangents=np.ones_like(X))
    assert_close(tangent, np.sum(scale * X), rtol=rtol, atol=rtol)
    assert_close(sd.hvp(f)(X, *extra, vector=np.ones_like(X)), scale * np.ones_like(X),
                 rtol=rtol, atol=rtol)


@pytest.mark.parametrize("f, extra", STORE_REFUSED, ids=[f.__name__ for f, _ in STORE_REFUSED])
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_a_store_into_an_array_not_proven_float_is_refused(f, extra, mode):
    with pytest.raises(sd.SrcdiffError) as info:
        if mode == "reverse":
            sd.grad(f)(V.copy(), *extra)
        else:
            sd.jvp(f)(V.copy(), *extra, tangents=np.ones(3))
    message = str(info.value)
    assert "cannot prove holds floats" in message and "truncates" in message
    assert "x[" in message.splitlines()[1]  # the offending source line is shown


# -- a shape argument is not a broadcast operand ----------------------------------------
# `np.full(3, v)`'s adjoint is unbroadcast(g, v): it was elided as for `3 * v` (the 3 taken
# for a scalar operand), so the (3,)-shaped gradient reached the scalar v: a crash, or a
# wrong gradient where the shapes happened to fit (reverse/contributions.py)

def full_of_an_entry(x):
    v = x[1] * 1.0
    return np.sum(np.full(3, v) * np.array([0.2, 0.5, 0.3]))


def full_of_a_row(x):
    return np.sum(np.full((2, 3), x) * np.arange(6.0).reshape(2, 3))


@pytest.mark.parametrize("f", [full_of_an_entry, full_of_a_row])
@pytest.mark.parametrize("optimize", [True, False])
def test_the_adjoint_of_a_filled_array_sums_it(f, optimize):
    assert_close(sd.grad(f, optimize=optimize)(V.copy()), numeric_grad(f, [V], 0))


def store_into_positional_float32(x):
    y = np.zeros(3, np.float32)
    y[0] = x[0] * 10
    return np.sum(y * x)


def store_into_full_positional_int(x):
    y = np.full(3, 0.0, int)
    y[0] = x[0] * 10
    return np.sum(y * x)


def test_a_positional_dtype_is_read():
    # float32 storage rounds the stored value: compared with the exact derivative
    g = sd.grad(store_into_positional_float32)(V.copy())
    expected = np.array([2 * 10 * np.float32(V[0] * 10) / 10, 0.0, 0.0])
    np.testing.assert_allclose(g, expected, rtol=1e-6)
    with pytest.raises(sd.SrcdiffError, match="cannot prove holds floats"):
        sd.grad(store_into_full_positional_int)(V.copy())


# -- lists of floats made into arrays ----------------------------------------------------
# `np.array(xs)` of a list filled by appends of floats is a float array: a store into it
# was refused as into an array not proven float (random programs hit it often). A list
# is proven to hold floats when its display has a float (or is empty) and every value
# appended or stored into it is a float (dtypes.py `_puts`).

def store_into_array_of_appended_floats(x):
    xs = []
    for i in range(3):
        xs.append(x[i] * 2.0)
    a = np.array(xs)
    a[1] = a[0] * 0.5 + a.sum()
    return np.sum(a * x)


def store_into_stacked_list_with_stores(x):
    xs = [x[0], 0.5]
    xs[1] = xs[0] * 3.0
    xs.append(x[2] ** 2)
    a = np.asarray(xs)
    a[2] = a[1] * x[1]
    return np.sum(a ** 2)


def store_into_array_of_appended_ints(x):
    xs = []
    for i in range(3):
        xs.append(i)
    a = np.array(xs)  # an int array: the store below truncates
    a[0] = x[0] * 10
    return np.sum(a * x)


@pytest.mark.parametrize("f", [store_into_array_of_appended_floats,
                               store_into_stacked_list_with_stores])
def test_a_store_into_an_array_of_a_list_of_floats(f):
    check_pipelines(f, (V.copy(),), 0)
    t = np.array([0.3, -1.1, 0.7])
    _, tangent = sd.jvp(f)(V.copy(), tangents=t)
    assert_close(tangent, np.sum(numeric_grad(f, [V], 0) * t))


@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_a_store_into_an_array_of_appended_ints_is_refused(mode):
    with pytest.raises(sd.SrcdiffError, match="cannot prove holds floats"):
        if mode == "reverse":
            sd.grad(store_into_array_of_appended_ints)(V.copy())
        else:
            sd.jvp(store_into_array_of_appended_ints)(V.copy(), tangents=np.ones(3))


def test_the_dtype_check_in_written_modules_and_under_numba(tmp_path):
    """A written module carries ``float_dtype`` and a SrcdiffError of its own (it runs without
    srcdiff); the numba backend, which has no compiled version, refuses when it compiles."""
    source = tmp_path / "model.py"
    source.write_text("import numpy as np\n\n\ndef loss(x, like):\n"
                      "    return np.sum(x.astype(like.dtype) ** 2)\n")
    out = tmp_path / "grad_model.py"
    assert cli.main([f"{source}:loss", "-o", str(out)]) == 0
    assert "float_dtype(" in out.read_text() and "class SrcdiffError" in out.read_text()
    x = np.array([0.3, -0.5])
    results = run_standalone_many(tmp_path, [
        ("float", out, "grad_loss", (x, np.ones(2))),
        ("int", out, "grad_loss", (x, np.ones(2, dtype=int)))])
    assert results["float"][0] == "ok"
    assert_close(results["float"][1], 2.0 * x)
    status, message = results["int"]
    assert status == "error" and message.startswith("SrcdiffError")
    assert "model.py:5:" in message and "to int64" in message
    pytest.importorskip("numba")
    with pytest.raises(sd.SrcdiffError, match="no compiled version of `float_dtype`"):
        sd.grad(astype_dtype_of_an_argument, backend="numba")(X, np.ones(2))
