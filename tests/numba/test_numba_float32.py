"""backend="numba": arguments of another float precision than float64 (float32, float16).

SPEC §1 gives derivatives the float dtype of their argument; the numba backend's generated
code computes in float64. A float32 argument returned a float64 gradient, and a loop storing
into a float32 array failed at the first call ("numba cannot compile the gradient:
index_add(array(float32 ...), ..., float64)", found by helper hunt46). Both are refused on
the first call with such an argument, located at the function, never computed in another
precision; float64 and int arguments are unchanged (checked against the NumPy backend and
central differences)."""

import numpy as np
import pytest

import srcdiff as sd
from numba_agree import agree

pytest.importorskip("numba")

X64 = np.linspace(0.1, 1.0, 5)


def centred(y):
    return np.sum((y - np.sum(y)) ** 2)


def recurrence(x):
    acc = np.zeros_like(x)
    for i in range(1, x.shape[0]):
        acc[i] = 0.5 * acc[i - 1] + x[i]
    return np.sum(acc ** 2)


def of_a_dict(p):
    return np.sum(p["w"] * p["w"]) + p["b"]


def scaled(x, s):
    return s * np.sum(np.sin(x))


def gathered(x, idx):
    return np.sum(x[idx] ** 2)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("fn", [centred, recurrence], ids=lambda f: f.__name__)
def test_an_array_of_another_precision_is_refused(fn, dtype):
    with pytest.raises(sd.SrcdiffError, match="computes in float64") as info:
        sd.grad(fn, backend="numba")(X64.astype(dtype))
    assert f"`x` is {np.dtype(dtype)}" in str(info.value) \
        or f"`y` is {np.dtype(dtype)}" in str(info.value)
    assert info.value.filename.endswith("test_numba_float32.py")
    assert "numba cannot compile" not in str(info.value)
    # the NumPy backend differentiates it in its own precision
    assert sd.grad(fn)(X64.astype(dtype)).dtype == dtype


def test_entries_of_containers_and_numpy_floats_are_refused():
    with pytest.raises(sd.SrcdiffError, match=r"`p\['w'\]` is float32"):
        sd.grad(of_a_dict, backend="numba")({"w": X64.astype(np.float32), "b": 1.0})
    with pytest.raises(sd.SrcdiffError, match="`s` is float32"):
        sd.grad(scaled, wrt=(0, 1), backend="numba")(X64, np.float32(2.0))
    with pytest.raises(sd.SrcdiffError, match="computes in float64"):
        sd.value_and_grad(centred, backend="numba")(X64.astype(np.float32))
    with pytest.raises(sd.SrcdiffError, match="computes in float64"):
        sd.jvp(centred, backend="numba")(X64.astype(np.float32),
                                         tangents=np.ones(5, np.float32))


def test_float64_and_int_arguments_are_unchanged():
    for fn in (centred, recurrence):
        got = agree(fn, (X64,), (0,))
        assert got[0].dtype == np.float64
    agree(scaled, (X64, np.float64(2.0)), (0, 1))
    agree(scaled, (X64, 2.0), (0, 1))
    agree(gathered, (X64, np.array([0, 2, 2, 4])), (0,))
