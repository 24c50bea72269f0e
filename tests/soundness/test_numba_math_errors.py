"""backend="numba": ``math`` functions and ``**`` of ints fail where Python fails (red38).

numba's ``math.sqrt(-1.0)`` is NaN, ``math.log(0.0)`` -inf, ``math.exp(1000.0)`` inf, where
Python (the function, and the NumPy backend's gradient, which calls the same function)
raises ValueError or OverflowError: the compiled gradient returned numbers. numba's
``2 ** -1`` of ints is the int 0 where Python's is 0.5: a wrong gradient. The generated
code now calls compiler/emit/numba_checked.py's versions (CPython's rules), and an int
to a negative int power raises SrcdiffError (numba cannot type Python's float result).
Oracles: Python's ``math`` itself, the function, central differences.
"""
import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.errors import SrcdiffError

pytest.importorskip("numba")

from srcdiff.compiler.emit import numba_checked  # noqa: E402

SPECIAL = [-1e308, -1000.0, -2.0, -1.0, -0.5, -0.0, 0.0, 1e-300, 0.5, 1.0, 2.0, 700.0,
           710.0, 1000.0, math.inf, -math.inf, math.nan]


def _outcome(fn, *args):
    try:
        r = fn(*args)
    except (ValueError, OverflowError, ZeroDivisionError) as e:
        return type(e)
    return ("nan",) if r != r else r


@pytest.mark.parametrize("name", sorted(numba_checked.OVERFLOWING + numba_checked.DOMAINS))
def test_one_argument_functions_as_python(name):
    ours = numba_checked.helpers()[f"math_{name}"]
    if name == "log":
        import numba

        def ours(x, _f=numba.njit(lambda x: numba_checked.math_log(x))):  # an overload
            return _f(x)
    for v in SPECIAL:
        assert _outcome(ours, v) == _outcome(getattr(math, name), v), (name, v)


def test_two_argument_functions_as_python():
    import numba
    log_base = numba.njit(lambda x, b: numba_checked.math_log(x, b))
    for a in SPECIAL:
        for b in SPECIAL:
            assert _outcome(numba_checked.math_pow, a, b) == _outcome(math.pow, a, b), (a, b)
            if not (math.isinf(a) or math.isinf(b)):  # (inf/inf: CPython's own NaN rule)
                assert _outcome(log_base, a, b) == _outcome(math.log, a, b), (a, b)


V = np.array([0.3, -0.7, 1.1, 0.4, -0.2])


def sqrt_loop(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.sqrt(x[i] + 0.5)
    return s


def log_at_zero(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.log(x[i] - x[3] + 0.4) * x[i]
    return s


def exp_overflow(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.exp(1000.0 * x[i]) * 0.0 + x[i]
    return s


def acos_domain(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.acos(1.8 * x[i])
    return s


def cosh_overflow(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.cosh(1000.0 * x[i]) * 0.0 + x[i]
    return s


def sin_of_inf(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.sin(x[i] * np.inf) * 0.0 + x[i]
    return s


@pytest.mark.parametrize("fn", [sqrt_loop, log_at_zero, exp_overflow, acos_domain,
                                cosh_overflow, sin_of_inf], ids=lambda f: f.__name__)
def test_the_compiled_gradient_raises_as_the_function(fn):
    with pytest.raises((ValueError, OverflowError)) as primal:
        fn(V)
    with pytest.raises(primal.type):
        sd.grad(fn)(V)
    with pytest.raises(primal.type):
        sd.grad(fn, backend="numba")(V)


def in_domain(x):
    s = 0.0
    for i in range(x.shape[0]):
        t = 0.3 * x[i]
        s += (math.sqrt(t + 1.0) + math.log(t + 2.0) + math.log10(t + 2.0)
              + math.log2(t + 2.0) + math.log1p(t) + math.acos(t) + math.asin(t)
              + math.acosh(t + 2.0) + math.atanh(t) + math.exp(t) + math.expm1(t)
              + math.cosh(t) + math.sinh(t) + math.sin(t) + math.cos(t) + math.tan(t)
              + math.pow(t + 1.0, 1.5) + math.log(t + 2.0, 3.0) ** 2)
    return s


def test_values_in_the_domain_agree():
    got = sd.grad(in_domain, backend="numba")(V)
    assert_close(got, numeric_grad(in_domain, (V,), 0))
    assert_close(got, sd.grad(in_domain)(V), rtol=1e-12, atol=1e-14)


def int_powers(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * (2 ** (i - 2))
    return s


def nonnegative_int_powers(x):
    s = 0.0
    for i in range(x.shape[0]):
        k = 2 ** i
        s += x[i] * k + x[i] ** 2 + x[i] ** i
    return s


def test_an_int_to_a_negative_int_power_is_refused():
    with pytest.raises(SrcdiffError, match="negative int power"):
        sd.grad(int_powers, backend="numba")(V)


def big_int_powers(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * 10 ** (16 + i) * 1e-18
    return s


def big_shifts(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * (1 << (60 + i)) * 1e-18
    return s


@pytest.mark.parametrize("fn", [big_int_powers, big_shifts], ids=lambda f: f.__name__)
def test_int_results_past_int64_are_refused(fn):
    # Python's ints grow: 10 ** 19 and 1 << 63 are exact; numba's int64 wrapped around
    # (the gradient's 4th entry was -8.4 where the differences give 10)
    with pytest.raises(SrcdiffError, match="wraps around"):
        sd.grad(fn, backend="numba")(V)
    got = sd.grad(fn, backend="numba")(V[:2])
    assert_close(got, numeric_grad(fn, (V[:2],), 0))


def test_nonnegative_int_powers_agree():
    got = sd.grad(nonnegative_int_powers, backend="numba")(V)
    assert_close(got, numeric_grad(nonnegative_int_powers, (V,), 0))
