"""The logistic ``1 / (1 + np.exp(-a))`` and the logs of its value as primitives
(front/logistic.py, rules/fused_rules.py ``logistic``, ``log_logistic``,
``log1m_logistic``): gradients checked against central differences in every mode (reverse,
forward, reverse over reverse, Hessian-vector products) and through the reference pipeline
and verification mode; the value bit for bit the user's; the generated source fuses exactly
where the module's conditions hold, and the near misses keep NumPy's calls; no NaN where
the chain of NumPy's rules gave a finite number (it gave NaN where ``np.exp(-a)``
overflows)."""

import numpy as np
import pytest

import srcdiff as sd
from check_modes import check, check_pipelines
from fd import assert_close, numeric_grad
from srcdiff.rules.fused_rules import log1m_logistic, log_logistic, logistic

scipy_special = pytest.importorskip("scipy.special")


def bernoulli(w, X):
    p = 1.0 / (1.0 + np.exp(-(X @ w)))
    return -np.sum(X[:, 0] * np.log(p) + (1 - X[:, 0]) * np.log(1 - p))


def int_literals(a, y):
    p = 1 / (np.exp(-(a * 2.0)) + 1)
    return np.sum(y * np.log(p) + (1.0 - y) * np.log(1.0 - p))


def with_expit(a, y):
    p = scipy_special.expit(a * y)
    return np.sum(np.log(p) * y + np.log(1 - p))


def logistic_read_again(a, y):
    p = 1.0 / (1.0 + np.exp(-(a + 0.5)))
    return np.sum(np.log(p) * y + p * p + np.tanh(p))


def in_a_loop(a, y):
    s = 0.0
    for k in range(3):
        z = a * (k + 0.5)
        p = 1.0 / (1.0 + np.exp(-z))
        s = s + np.sum(y * np.log(p) + (1 - y) * np.log(1 - p))
    return s


def of_a_parameter(a, y):
    p = 1.0 / (1.0 + np.exp(-a))  # (a parameter: the logistic fused, its logs not)
    return np.sum(y * np.log(p) + np.log(1 - p))


def view_read(a, y):
    z = a * 1.5
    p = 1.0 / (1.0 + np.exp(-z))
    v = p[:2]  # (a view of p: its logs are not fused)
    return np.sum(np.log(p) * y) + np.sum(v)


def argument_changed(a, y):
    z = a * 1.5
    v = z[:2]  # (a view of a: its logs are not fused)
    p = 1.0 / (1.0 + np.exp(-z))
    v *= 2.0
    return np.sum(np.log(p) * y + np.log(1 - p))


def positional_out(a, y):
    z = a * 1.5
    p = 1.0 / (1.0 + np.exp(-z))
    q = np.multiply(p, 2.0, p)  # (p changed in place: its logs are not fused)
    return np.sum(np.log(p) * y + q)


def two(a, y):
    p = 2.0 / (1.0 + np.exp(-(a * y)))  # (2.0: another function)
    return np.sum(np.log(p))


def no_negation(a, y):
    p = 1.0 / (1.0 + np.exp(a * y))  # (exp(+x): not this form)
    return np.sum(np.log(1 - p))


def minus_user_name(a, y):
    p = 1.0 / (1.0 + np.exp(-(a * y)))
    s = 1 - p  # (the user's name: log(s) is np.log's)
    return np.sum(np.log(s) + s)


def _inputs(n=5):
    rng = np.random.default_rng(29)
    return rng.normal(size=n), rng.uniform(0.1, 0.9, size=n)


CASES = [int_literals, with_expit, logistic_read_again, in_a_loop, of_a_parameter,
         view_read, argument_changed, positional_out, two, no_negation, minus_user_name]


def _bernoulli_args():
    rng = np.random.default_rng(3)
    return rng.normal(size=3), np.abs(rng.uniform(0.1, 0.9, size=(6, 3)))


def test_bernoulli_in_every_mode():
    w, X = _bernoulli_args()
    check(bernoulli, w, X)
    check_pipelines(bernoulli, w, X, k=0)
    check_pipelines(bernoulli, w, X, k=1)


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_gradients_in_every_mode(f):
    a, y = _inputs()
    check(f, a, y)
    check_pipelines(f, a, y, k=0)
    check_pipelines(f, a, y, k=1)


def _code(source):
    return "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("#"))


def test_the_logistic_and_its_logs_are_fused():
    source = sd.source(bernoulli, wrt=(0, 1))
    code = _code(source)
    assert source.count(" logistic(") == 1 and "np.exp(" not in code, source
    assert "log_logistic(p, " in source and "log1m_logistic(p, " in source, source
    assert "/ p" not in source and "1.0 - p" in source, source
    assert " logistic(" not in sd.source(bernoulli, wrt=0, optimize=False)
    loop = sd.source(in_a_loop, wrt=0)
    assert "np.exp(" not in _code(loop) and "/ p" not in loop, loop
    assert "expit(" in sd.source(with_expit, wrt=0) and "/ p" not in sd.source(with_expit, wrt=0)


@pytest.mark.parametrize("f", [of_a_parameter, view_read, argument_changed, positional_out,
                               minus_user_name])
def test_logs_not_fused_where_the_relation_is_unproven(f):
    """The logistic itself is fused; its logs keep np.log (a division by p or 1 - p)."""
    source = sd.source(f, wrt=0, mode="forward")
    assert "log_logistic" not in source and "log1m_logistic" not in source, source
    assert "logistic(" in source, source


@pytest.mark.parametrize("f", [two, no_negation])
def test_other_forms_keep_numpy(f):
    source = sd.source(f, wrt=0)
    assert "logistic" not in source and "np.exp(" in source, source


def test_stopped_value_is_not_fused():
    """With ``p`` stopped its logs send nothing to ``a``: not fused (their rules would send
    ``p``'s gradient to ``a`` past the stop), and ``a`` gets no gradient."""
    a, y = _inputs()
    assert sd.grad(with_expit, wrt=0, stop_gradients=("p",))(a, y) is None
    g = sd.grad(with_expit, wrt=0, stop_gradients=("p",), unconnected_gradients="zero")(a, y)
    assert np.array_equal(g, np.zeros_like(a))
    assert "log_logistic" not in sd.source(with_expit, wrt=0, stop_gradients=("p",))


def test_values_bit_for_bit():
    for dtype in (np.float16, np.float32, np.float64, np.complex128):
        a = np.array([-800.0, -3.0, 0.2, 40.0, 800.0]).astype(dtype)
        with np.errstate(over="ignore", divide="ignore"):
            assert np.array_equal(logistic(a, 1.0, 1.0), 1.0 / (1.0 + np.exp(-a)))
            assert np.array_equal(logistic(a, 1, 1), 1 / (1 + np.exp(-a)))
            p = logistic(a)
            assert np.array_equal(log_logistic(p, a), np.log(p))
            assert np.array_equal(log1m_logistic(p, a, 1), np.log(1 - p))
    a, y = _inputs()
    value, _ = sd.value_and_grad(int_literals, wrt=0)(a, y)
    assert value == int_literals(a, y)
    g32 = sd.grad(int_literals, wrt=0)(a.astype(np.float32), y.astype(np.float32))
    assert g32.dtype == np.float32
    assert np.allclose(g32, numeric_grad(int_literals, (a, y), 0), rtol=1e-4)


def saturated(a, y):
    p = 1.0 / (1.0 + np.exp(-(a * 1.0)))
    return np.sum(y * np.log(p + 0.5) + (1 - y) * p)


def test_saturation_gives_no_nan():
    """Where ``np.exp(-a)`` overflows (a = -800) the chain of rules gave ``0 * inf``; the
    logistic's rule gives the exact 0. The reference pipeline (no fusion) still gives NaN
    there: the fused gradient is finite wherever the old one was."""
    a, y = np.array([-800.0, -30.0, 0.3, 30.0, 800.0]), np.full(5, 0.3)
    with np.errstate(over="ignore", invalid="ignore"):
        g = sd.grad(saturated, wrt=0)(a, y)
        old = sd.grad(saturated, wrt=0, optimize=False)(a, y)
    assert np.all(np.isfinite(g)), g
    assert np.isnan(old[0]) and np.all(np.isfinite(old[1:]))
    # the same within |g| times a rounding of 1 (``1 - p`` where p rounds near 1: as
    # the expert's ``p - X``, JAX's and scipy.special.expit's rule)
    assert_close(g[1:4], old[1:4], rtol=1e-12, atol=1e-15)
    assert g[0] == 0.0 and g[4] == 0.0
    b, x = np.array([-5000.0, 5000.0]), np.array([0.3, 0.6])
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        gb = sd.grad(with_expit, wrt=0)(b, x)
    assert np.all(np.isfinite(gb)), gb


def loop_logistic(a, y):
    s = 0.0
    for i in range(a.shape[0]):
        p = 1.0 / (1.0 + np.exp(-a[i]))
        s = s + y[i] * np.log(p)
    return s


def test_numba_backend_keeps_numpy():
    pytest.importorskip("numba")
    a, y = _inputs()
    assert " logistic(" in sd.source(loop_logistic, wrt=0)
    g = sd.grad(loop_logistic, wrt=0, backend="numba")(a, y)
    assert np.allclose(g, y * (1.0 - 1.0 / (1.0 + np.exp(-a))), rtol=1e-12)
