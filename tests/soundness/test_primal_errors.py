# ruff: noqa: F841  (unused values are the dead code under test)
"""A gradient raises where the function raises because its operands do not broadcast.

``np.sum(a + b)``'s gradient needs neither ``a + b`` nor the sum (the seed spread to each
operand's shape), so the optimized pipeline dropped both: for ``a`` of shape (3,) and ``b``
of shape (4,) the function raises and its gradient returned ones of each shape, where the
reference pipeline raises (``np.mean(a + b)``'s gradient even divided by ``a``'s size). A
dead elementwise statement of the primal sweep now leaves ``check_broadcast`` of its
operands' shapes (optimize/dead.py); a value read only by such checks is not computed: the
checks read the names it is computed from (``check_broadcast(x, w, c)``), unless one of
them is rebound between the two. A statement whose value nothing reads (the user's dead
code) stays when it may raise (``np.inner`` of misaligned vectors). Oracles: the function
itself (it raises, or not) and central differences.
"""

import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def sum_of_sum(a, b):
    return np.sum(a + b)


def mean_of_sum(a, b):
    return np.mean(a + b) + np.sum(b)


def scaled_difference(a, b):
    c = a - b
    return np.sum(c * 2.0)


def linear_model(X, w, b):
    return np.sum(X @ w + b)


def chain(a, b, c):
    t = a * 2.0
    u = t + b * c
    return np.sum(u) + np.sum(a * a)


def through_ufunc(a, b):
    return np.sum(np.add(a, b)) + np.sum(np.log(a))


def compared(a, b):
    m = a > b
    return np.sum(a * 3.0) + np.sum(b)


def cross_entropy(x, w):
    return -np.sum(x * np.log(w) + (1 - x) * np.log(1 - w))


def unused_inner(a, b):
    t = np.inner(a, b)  # (nothing reads it: the user's dead code, kept as it may raise)
    return np.sum(a * 2.0) + np.sum(b)


def rebound_between(a, b, c):
    t = a * b
    a = a.T
    u = t + c
    return np.sum(u) + np.sum(a * a)


def _rng():
    return np.random.default_rng(33)


# (function, arguments whose shapes broadcast, arguments whose shapes do not)
CASES = [
    (sum_of_sum, (np.ones((3, 1)), np.arange(4.0)), (np.ones(3), np.ones(4))),
    (mean_of_sum, (np.ones((3, 1)), np.arange(4.0)), (np.ones(3), np.ones(4))),
    (scaled_difference, (np.ones(3), np.arange(3.0)), (np.ones(3), np.ones(4))),
    (linear_model, (np.ones((4, 3)), np.arange(3.0), np.ones(4)),
     (np.ones((4, 3)), np.arange(3.0), np.ones(5))),
    (chain, (np.ones((2, 3)), np.ones(3), np.ones((2, 1))),
     (np.ones((2, 3)), np.ones(3), np.ones((3, 1)))),
    (through_ufunc, (np.full(3, 2.0), np.ones((2, 3))), (np.full(3, 2.0), np.ones((2, 4)))),
    (compared, (np.arange(3.0), np.ones(3)), (np.arange(3.0), np.ones(4))),
    (cross_entropy, (np.full(3, 0.3), np.full(3, 0.4)), (np.full(3, 0.3), np.full(2, 0.4))),
    (unused_inner, (np.ones(3), np.arange(3.0)), (np.ones(3), np.ones(4))),
]


def _wrt(args):
    return tuple(range(len(args)))


@pytest.mark.parametrize("fn, good, bad", CASES, ids=[c[0].__name__ for c in CASES])
@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}],
                         ids=["optimized", "reference", "verify"])
def test_raises_where_the_function_raises(fn, good, bad, options):
    with pytest.raises(ValueError):
        fn(*bad)
    with pytest.raises(ValueError):
        sd.grad(fn, wrt=_wrt(bad), **options)(*bad)
    with pytest.raises(ValueError):
        sd.value_and_grad(fn, wrt=_wrt(bad), **options)(*bad)


@pytest.mark.parametrize("fn, good, bad", CASES, ids=[c[0].__name__ for c in CASES])
def test_right_where_the_shapes_broadcast(fn, good, bad):
    args = tuple(a + 0.1 * _rng().uniform(size=np.shape(a)) for a in good)
    grads = sd.grad(fn, wrt=_wrt(args))(*args)
    for k, g in enumerate(grads):
        assert_close(g, numeric_grad(fn, args, k))


def test_the_check_is_in_the_generated_source():
    text = sd.source(sum_of_sum, wrt=(0, 1), args=(np.ones(3), np.ones(3)))
    assert "check_broadcast(a, b)" in text
    # a value read only by checks is not computed: they read its operands
    text = sd.source(chain, wrt=(0, 1, 2), args=(np.ones((2, 3)), np.ones(3), np.ones((2, 1))))
    assert "check_broadcast" in text and "\n    u = " not in text


def test_a_name_rebound_between_keeps_the_value():
    """``t = a * b`` read by the check of ``t + c`` after ``a = a.T``: its term would read
    the transposed ``a`` (and raise where the function does not); ``t`` is computed."""
    a, b, c = _rng().normal(size=(2, 3)), _rng().normal(size=3), _rng().normal(size=(2, 3))
    grads = sd.grad(rebound_between, wrt=(0, 1, 2))(a, b, c)
    for k, g in enumerate(grads):
        assert_close(g, numeric_grad(rebound_between, (a, b, c), k))
    text = sd.source(rebound_between, wrt=(0, 1, 2), args=(a, b, c))
    assert "\n    t = a * b" in text


def test_dead_code_that_cannot_raise_goes():
    def unused_sum(x):
        t = np.sum(x)
        u = x.T
        return np.sum(x * x)

    text = sd.source(unused_sum, args=(np.ones(3),))
    assert "np.sum(x)" not in text and "x.T" not in text


def test_scalars_and_lists_need_no_check():
    def scalar_operand(x, s):
        return np.sum(x + s)

    text = sd.source(scalar_operand, wrt=(0, 1), args=(np.ones(3), 2.0))
    assert "check_broadcast" not in text


def test_array_api_arrays_raise_too(monkeypatch):
    """The check reads only the operands' shapes (runtime_array_api.py binds it for
    array-API arrays, whose code may not run NumPy's functions). Verification mode is
    refused on these arrays (tests/distributed/test_array_api.py), so it runs without it."""
    xp = pytest.importorskip("array_api_strict")
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    g = sd.grad(sum_of_sum, wrt=(0, 1))
    ga, gb = g(xp.asarray([1.0, 2.0, 3.0]), xp.asarray([0.5, 1.0, 2.0]))
    assert np.allclose(np.asarray(ga), 1.0) and np.allclose(np.asarray(gb), 1.0)
    with pytest.raises(ValueError):
        g(xp.asarray([1.0, 2.0, 3.0]), xp.asarray([1.0, 2.0, 3.0, 4.0]))


NUMBA_CASES = [c for c in CASES if c[0] is not unused_inner]  # (numba has no np.inner)


@pytest.mark.parametrize("fn, good, bad", NUMBA_CASES, ids=[c[0].__name__ for c in NUMBA_CASES])
def test_numba_raises_and_is_right(fn, good, bad):
    """The compiled check (numba_pieces.py, written for the operands' types): bad shapes
    raise ValueError, shapes that broadcast (length-1 axes, fewer axes) give the gradient."""
    pytest.importorskip("numba")
    with pytest.raises(ValueError):
        sd.grad(fn, wrt=_wrt(bad), backend="numba")(*bad)
    args = tuple(a + 0.1 * _rng().uniform(size=np.shape(a)) for a in good)
    grads = sd.grad(fn, wrt=_wrt(args), backend="numba")(*args)
    for k, g in enumerate(grads):
        assert_close(g, numeric_grad(fn, args, k))


def dead_quotient(x, y):
    t = 1.0 / y  # (never read: a Python float 0.0 raises ZeroDivisionError)
    return x * 2.0 + y


def dead_integer_quotient(x, n):
    t = x ** 2 / (n - 3)
    return x * 3.0


def dead_power(x, y):
    t = 10.0 ** y  # (OverflowError from 10.0 ** 400.0)
    return x * y


def dead_root(x, y):
    t = math.sqrt(y)  # (ValueError: math domain error; NumPy's sqrt would warn)
    return x * 2.0 + y


# (function, good arguments, arguments where the function raises, the exception)
NUMBER_CASES = [
    (dead_quotient, (1.5, 2.0), (1.5, 0.0), ZeroDivisionError),
    (dead_integer_quotient, (1.5, 4), (1.5, 3), ZeroDivisionError),
    (dead_power, (1.5, 2.0), (1.5, 400.0), OverflowError),
    (dead_root, (1.5, 2.0), (1.5, -1.0), ValueError),
]


@pytest.mark.parametrize("fn, good, bad, error", NUMBER_CASES,
                         ids=[c[0].__name__ for c in NUMBER_CASES])
@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}],
                         ids=["optimized", "reference", "verify"])
def test_dead_code_raising_on_numbers_is_kept(fn, good, bad, error, options):
    """The user's dead code on Python numbers: ``/``, ``//``, ``%`` and ``**`` raise where
    NumPy's would warn, and so do math's functions (library_calls no longer counts them
    elementwise: a one-name term needed no check, and the call went)."""
    with pytest.raises(error):
        fn(*bad)
    with pytest.raises(error):
        sd.grad(fn, wrt=(0,), **options)(*bad)
    g = sd.grad(fn, wrt=(0,), **options)(*good)
    assert_close(g[0], numeric_grad(fn, good, 0))


def dead_quotient_after_norm(x, y):
    n = np.linalg.norm(y)  # (facts.py counts ``y`` among the call's writes: still a float)
    t = 1.0 / y  # (fuzz --family arrays --seed 4242 index 2600)
    return np.sum(x * 2.0) + y * n


def dead_quotient_after_unpacking(x, y):
    q, r = np.divmod(x, 2.0)
    m = np.linalg.norm(y)
    t = 2.0 / y + 1.0 / m
    return np.sum(q * 0.0 + x * x) + y * 3.0


@pytest.mark.parametrize("fn", [dead_quotient_after_norm, dead_quotient_after_unpacking])
@pytest.mark.parametrize("transform", ["grad", "value_and_grad", "reference", "verify", "jvp"])
def test_dead_quotient_of_a_float_a_numpy_call_read_is_kept(fn, transform):
    """Only the names ``name = np.f(...)`` binds hold NumPy values (dead.py
    ``_numpy_made``); an argument the call reads stays a Python float, and ``1.0 / y`` of
    it raises at 0.0 where the function does."""
    x = np.array([0.5, -1.2, 2.0])
    call = {
        "grad": lambda *a: sd.grad(fn, wrt=(0, 1))(*a),
        "value_and_grad": lambda *a: sd.value_and_grad(fn, wrt=(0, 1))(*a)[1],
        "reference": lambda *a: sd.grad(fn, wrt=(0, 1), optimize=False)(*a),
        "verify": lambda *a: sd.grad(fn, wrt=(0, 1), verify=True)(*a),
        "jvp": lambda *a: (sd.jvp(fn, wrt=(1,))(*a, tangents=(1.0,))[1],),
    }[transform]
    with pytest.raises(ZeroDivisionError):
        fn(x, 0.0)
    with pytest.raises(ZeroDivisionError):
        call(x, 0.0)
    got = call(x, 0.7)
    want = (numeric_grad(fn, (x, 0.7), 1),) if transform == "jvp" else \
        (numeric_grad(fn, (x, 0.7), 0), numeric_grad(fn, (x, 0.7), 1))
    for g, w in zip(got, want):
        assert_close(g, w)
