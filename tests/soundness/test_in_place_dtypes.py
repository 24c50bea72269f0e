"""An in-place operation NumPy refuses by dtype raises as the function raises.

``m = k.copy(); m /= 2.0`` with ``k`` an int array raises numpy's UFuncTypeError (a float
result is not cast into an int array: ``same_kind``); srcdiff lowered it to ``m = m / 2.0``
and returned a gradient (both pipelines, and forward mode). It was refused at compile time
wherever ``m`` may be an array not proven to hold floats (also where ``m`` is a float array
the analysis cannot prove one); now the check before ``m = m op v`` raises NumPy's own
error where NumPy does, at run time (analysis/dtypes.py ``in_place_shapes``,
runtime_memory.py ``check_in_place``: red36), and lets a float ``m`` through. Oracles: the
function itself (it raises, and which error) and central differences for the cases that
run.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def divided(x, k):
    m = k.copy()
    m /= 2.0
    return np.sum(x * x) + np.sum(m)


def scaled(x, k):
    m = k.copy()
    m *= 0.5
    return np.sum(x * x) + np.sum(m)


def added(x, k):
    m = k.copy()
    m += x
    return np.sum(x * m)


def subtracted(x, k):
    m = k.copy()
    m -= x
    return np.sum(x * m)


def powered(x, k):
    m = k.copy()
    m **= 0.5
    return np.sum(x * x) + np.sum(m)


def in_a_loop(x, k):
    m = k.copy()
    for i in range(2):
        m += x * 0.5
    return np.sum(m)


X, K = np.array([0.3, 0.7, 1.1]), np.array([1, 2, 3])
REFUSED = [divided, scaled, added, subtracted, powered, in_a_loop]


@pytest.mark.parametrize("f", REFUSED, ids=[f.__name__ for f in REFUSED])
@pytest.mark.parametrize("options", [{}, {"optimize": False}])
def test_raises_where_numpy_refuses_the_cast(f, options):
    error = np._core._exceptions._UFuncOutputCastingError if hasattr(np, "_core") \
        else TypeError
    with pytest.raises(error):
        f(X, K)
    with pytest.raises(error):
        sd.grad(f, **options)(X, K)
    with pytest.raises(error):
        sd.jvp(f)(X, K, tangents=np.ones(3))


@pytest.mark.parametrize("f", REFUSED, ids=[f.__name__ for f in REFUSED])
def test_the_same_code_runs_on_a_float_array(f):
    k = K.astype(float)
    assert_close(sd.grad(f)(X, k), numeric_grad(f, (X, k), 0))
    assert_close(sd.grad(f, optimize=False)(X, k), numeric_grad(f, (X, k), 0))


def int_kept(x, k):
    m = k.copy()
    m += 1
    m *= 2
    m //= 2
    return np.sum(x * m)


def float_target(x, k):
    m = k.astype(float)
    m /= 2.0
    m += x
    return np.sum(x * m)


def zeros_target(x):
    acc = np.zeros(3)
    acc += x
    acc *= 0.5
    return np.sum(acc * x)


def number_target(x):
    s = 0
    for v in x:
        s += v * v
    s /= 2.0
    return s


def list_target(x):
    parts = [x[0]]
    parts += [x[1]]
    return parts[0] * parts[1]


ACCEPTED = [(int_kept, (X, K)), (float_target, (X, K)), (zeros_target, (X,)),
            (number_target, (X,)), (list_target, (X,))]


@pytest.mark.parametrize("f, args", ACCEPTED, ids=[a[0].__name__ for a in ACCEPTED])
@pytest.mark.parametrize("options", [{}, {"optimize": False}])
def test_accepted_where_the_kind_is_kept(f, args, options):
    assert_close(sd.grad(f, **options)(*args), numeric_grad(f, args, 0))
