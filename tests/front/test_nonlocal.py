"""Nested functions assigning the enclosing function's variables (``nonlocal``,
front/closures.py): inlined where called, the ``nonlocal`` names left as they are.
Every mode against central differences; the statement-order refusals tested too."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, numeric_jvp


def accumulate(x):
    acc = 0.0

    def add(v):
        nonlocal acc
        acc = acc + v * v
    for v in x:
        add(v)
    return acc


def running_moments(x):
    m, s = x[0], 0.0

    def update(v):
        nonlocal m, s
        d = v - m
        m = m + 0.5 * d
        s = s + d * (v - m)
    for v in x[1:]:
        update(v)
    return m + s


def step_returns_state(x):
    acc = x[0]

    def step(v):
        nonlocal acc
        acc = np.sin(acc) * v
        return acc
    y = step(x[1]) + step(x[2])
    return y * acc


def read_after_the_call(x):
    acc = x[0]

    def scale(v):
        nonlocal acc
        acc = acc * v
        return 1.0
    return scale(x[1]) + acc


def getter_before_setter(x):
    """``get()`` returns the name ``acc``, which ``scale`` rebinds later in the statement:
    the value ``get()`` gave is held (was 1.0 for 1.5 before that)."""
    acc = x[0]

    def get():
        return acc

    def scale(v):
        nonlocal acc
        acc = acc * v
        return 0.0
    return get() + scale(x[1]) + acc


def array_state(x):
    buf = np.zeros(3)

    def put(i, v):
        nonlocal buf
        buf = buf + np.eye(3)[i] * v
    for i in range(3):
        put(i, x[i] ** 2)
    return np.sum(buf * x)


def stores_into_enclosing_array(x):
    buf = np.zeros(3)

    def put(i, v):
        buf[i] = v * 2.0
    for i in range(3):
        put(i, x[i] ** 2)
    return np.sum(buf * x)


def parameter_as_state(x, k):
    def bump(v):
        nonlocal k
        k = k * v + 1.0
    for v in x:
        bump(v)
    return k


X = np.array([0.3, 0.5, 0.7])
CASES = [accumulate, running_moments, step_returns_state, read_after_the_call,
         getter_before_setter, array_state, stores_into_enclosing_array]


@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}],
                         ids=["default", "reference", "verify"])
@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_reverse_mode(f, options):
    assert_close(sd.grad(f, **options)(X), numeric_grad(f, (X,), 0))


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_forward_mode_and_hessian(f):
    t = np.array([0.1, -0.2, 0.3])
    value, tangent = sd.jvp(f)(X, tangents=t)
    assert_close(value, f(X))
    assert_close(tangent, numeric_jvp(f, (X,), (0,), (t,)))
    assert_close(sd.hvp(f)(X, vector=t),
                 numeric_grad(lambda y: np.dot(sd.grad(f)(y), t), (X,), 0), rtol=1e-5)


def test_a_parameter_assigned_through_nonlocal():
    g = sd.grad(parameter_as_state, wrt=(0, 1))(X, 0.4)
    assert_close(g[0], numeric_grad(parameter_as_state, (X, 0.4), 0))
    assert_close(g[1], numeric_grad(parameter_as_state, (X, 0.4), 1))


def through_a_helper(x):
    acc = x[0]

    def scale(v):
        nonlocal acc
        acc = acc * v

    def helper(v):
        scale(v)
        return 1.0
    return acc + helper(x[1])


def augmented(x):
    acc = x[0]

    def scale(v):
        nonlocal acc
        acc = acc * v
        return 1.0
    acc += scale(x[1])
    return acc


@pytest.mark.parametrize("f", [through_a_helper, augmented])
def test_a_read_before_a_call_that_assigns_it_is_refused(f):
    """Python reads ``acc`` before the call changes it; an atom ``acc`` would be read
    after the inlined body: refused, also when the call assigns it through a helper."""
    with pytest.raises(sd.SrcdiffError, match="`acc` is used in the statement that calls"):
        sd.grad(f)(X)


def _closure():
    count = 0.0

    def f(x):
        nonlocal count
        count = count + 1.0
        return np.sum(x * x)
    return f


def test_nonlocal_in_the_differentiated_function_is_refused():
    with pytest.raises(sd.SrcdiffError, match="`nonlocal` in the differentiated function"):
        sd.grad(_closure())(X)
