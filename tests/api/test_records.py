"""Records (compiler/reverse/records.py): sd.vjp's pullback runs only the backward sweep over
what one primal sweep recorded, and a call's adjoint reuses its callee's record.

Oracles: central finite differences (tests/support/fd.py) of ``sum(e * f(x))``, and
``sd.grad(..., grad_ys=e)`` of the reference pipeline (optimize=False, which keeps no
records and runs every callee's primal again)."""

import functools

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.errors import VerificationError


def _rotate(p, w):
    c = np.cos(w)
    s = np.sin(w)
    return p * c + np.roll(p, 1) * s


def _distort(p, k):
    r2 = np.sum(p * p)
    return p * (1.0 + k * r2)


def project(p, w, k):
    """Helper-heavy (bundle-adjustment style): two helpers per step, in a loop."""
    q = p
    for i in range(3):
        q = _distort(_rotate(q, w), k)
    return q


def _chain(x, n):
    if n == 0:
        return x
    return np.sin(_chain(x, n - 1)) * x


def recursive(x):
    return _chain(x, 25)


def two_outputs(x, y):
    z = _rotate(x, y)
    return np.tanh(z), z * y


X = np.array([0.3, -0.5, 0.7])
W = np.array([0.2, 0.4, -0.1])
COTANGENTS = [np.array([1.0, 0.0, 0.0]), np.array([0.0, -2.0, 0.5]),
              np.array([0.3, 1.5, -1.0])]


def _fd_vjp(f, args, k, e):
    def weighted(*a):
        out = f(*a)
        if isinstance(out, tuple):
            return sum(np.sum(ek * ok) for ek, ok in zip(e, out))
        return np.sum(e * out)
    return numeric_grad(weighted, args, k)


CASES = [(project, (X, W, 0.1), 0), (project, (X, W, 0.1), 1), (recursive, (X,), 0)]


@pytest.mark.parametrize("f, args, k", CASES)
@pytest.mark.parametrize("verify", [False, True])
def test_pullback_three_cotangents(f, args, k, verify):
    value, pullback = sd.vjp(f, k, verify=verify)(*args)
    assert_close(value, f(*args), what="value")
    reference = sd.grad(f, k, optimize=False)
    for e in COTANGENTS + COTANGENTS[:1]:  # the first again: earlier calls left no trace
        got = pullback(e)
        assert_close(got, reference(*args, grad_ys=e))
        assert_close(got, _fd_vjp(f, args, k, e))


def test_pullback_of_a_tuple_output():
    _, pullback = sd.vjp(two_outputs, (0, 1))(X, W)
    for e in COTANGENTS:
        cot = (e, 2.0 * e)
        got = pullback(cot)
        for k in (0, 1):
            assert_close(got[k], _fd_vjp(two_outputs, (X, W), k, cot))


def test_pullback_is_the_backward_sweep_only():
    """The pullback holds the record of one primal sweep and calls the backward sweep."""
    _, pullback = sd.vjp(project)(X, W, 0.1)
    assert isinstance(pullback, functools.partial)
    bwd, record = pullback.args
    assert bwd.__name__ == "bwd_project" and isinstance(record, tuple)


def test_verification_catches_a_record_changed_after_the_primal_sweep():
    """The sweep's invariant across the split: a value of the record changed in place
    between the primal sweep and a pullback is caught (verify.py's checks in bwd_)."""
    _, pullback = sd.vjp(recursive, verify=True)(X)
    pullback(COTANGENTS[0])
    arrays = [v for v in pullback.args[1] if isinstance(v, np.ndarray)]
    assert arrays
    for a in arrays:
        a += 1.0
    with pytest.raises(VerificationError):
        pullback(COTANGENTS[1])


def writes_in_place(x):
    y = np.sin(x)
    y[0] = y[0] * x[1]
    return y * x


def test_in_place_writes_keep_the_full_pullback():
    """A function writing in place has no reusable record: its pullback runs the whole
    gradient, and is still right every time."""
    _, pullback = sd.vjp(writes_in_place)(X)
    assert not isinstance(pullback, functools.partial)
    for e in COTANGENTS:
        assert_close(pullback(e), _fd_vjp(writes_in_place, (X,), 0, e))


def test_jacobian_runs_one_primal_sweep(monkeypatch):
    jac = sd.jacobian(project, 0)
    expected = jac(X, W, 0.1)  # compiles (the rules are looked up with the real np.sin)
    calls = [0]
    real = np.sin

    def counting_sin(x):
        calls[0] += 1
        return real(x)

    monkeypatch.setattr(np, "sin", counting_sin)
    got = jac(X, W, 0.1)
    monkeypatch.setattr(np, "sin", real)
    assert calls[0] == 3  # one primal sweep: _rotate's np.sin once per loop trip
    assert_close(got, expected)
    rows = np.array([_fd_vjp(project, (X, W, 0.1), 0, e) for e in np.eye(3)])
    assert_close(got, rows)


def caller_writes(x, w):
    y = _rotate(x, w) + 0.0
    y[0] = y[0] * 2.0
    return np.sum(y * y)


@pytest.mark.parametrize("f, args, uses", [
    (project, (X, W, 0.1), "bwd__rotate("),
    (recursive, (X,), "bwd__chain("),
    (caller_writes, (X, W), "grad__rotate("),  # writes in place: the callee runs again
])
def test_call_adjoints(f, args, uses):
    text = sd.source(f, args=args)
    assert uses in text
    assert "grad__rotate(" in sd.source(f, args=args, optimize=False) or f is recursive
    expected = numeric_grad(f, args, 0)
    for options in ({}, {"verify": True}, {"optimize": False}):
        assert_close(sd.grad(f, **options)(*args), expected)


def _function(text, name):
    """The lines of the generated function ``name`` in ``text``."""
    lines = text.splitlines()
    start = lines.index(next(line for line in lines if line.startswith(f"def {name}(")))
    end = next((k for k in range(start + 1, len(lines)) if lines[k].startswith("def ")),
               len(lines))
    return [line.strip() for line in lines[start:end]]


def test_one_gradient_comes_back_bare():
    """A callee with one active parameter returns its gradient bare (no 1-tuple packed by
    bwd_g and indexed by its caller: calls.bare_result); with two, a tuple. The same
    gradients in every pipeline."""
    text = sd.source(recursive, args=(X,))
    bwd = _function(text, "bwd__chain")
    assert "return b_x" in bwd and "return b_x," not in bwd
    assert "b_x = bwd__chain(_record__chain, b_chain, b_x)" in bwd
    assert "_args[" not in text
    both = sd.source(two_outputs, (0, 1), args=(X, W))
    assert "return b_p, b_w" in _function(both, "bwd__rotate")
    assert "b__rotate_args[0]" in both and "b__rotate_args[1]" in both
    for f, args, wrt in ((recursive, (X,), 0), (two_outputs, (X, W), (0, 1)),
                         (two_outputs, (X, W), 0), (project, (X, W, 0.1), 1)):
        ks = wrt if isinstance(wrt, tuple) else (wrt,)
        expected = [_fd_vjp(f, args, k, (np.ones(3), np.ones(3)) if f is two_outputs
                            else np.ones(3)) for k in ks]
        for options in ({}, {"verify": True}, {"optimize": False}):
            got = sd.grad(f, wrt, **options)(*args)
            got = got if isinstance(wrt, tuple) else (got,)
            for g, e in zip(got, expected):
                assert_close(g, e)


def test_deep_recursion_is_linear():
    """Depth 300: each level's backward sweep runs once (a quadratic adjoint would make
    about 45,000 calls of _chain's primal; the record makes 300)."""
    def deep(x):
        return _chain(x, 300)

    import sys
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 5000))
    try:
        calls = [0]
        real = np.sin
        g = sd.grad(deep)
        g(X)

        def counting_sin(x):
            calls[0] += 1
            return real(x)

        np.sin = counting_sin
        try:
            got = g(X)
        finally:
            np.sin = real
    finally:
        sys.setrecursionlimit(old)
    assert calls[0] == 300
    assert_close(got, numeric_grad(deep, (X,), 0), rtol=1e-4)


# ------------------------------------------------------------ callers that append to lists


def appends_rows(x, w):
    """Rows gathered in a list and joined by np.stack (lstm's layers): the list is read only
    by its appends and by the copying join, so _rotate's record is kept."""
    q = x
    for i in range(3):
        rows = []
        for j in range(2):
            q = _rotate(q, w)
            rows.append(q)
            rows.append(q * w)
        q = np.sum(np.stack(rows), axis=0)
    return np.sum(np.tanh(q))


def _sum_list(rows):
    return rows[0] + rows[1]


def passes_the_list(x, w):
    rows = []
    rows.append(_rotate(x, w))
    rows.append(x)
    return np.sum(_sum_list(rows) * _rotate(x, w))


def indexes_the_list(x, w):
    rows = []
    rows.append(_rotate(x, w))
    rows.append(x)
    return np.sum(rows[0] * rows[1])


def nests_the_list(x, w):
    inner = []
    inner.append(_rotate(x, w))
    outer = []
    outer.append(inner)
    return np.sum(np.stack(outer) ** 2)


def list_from_a_call(x, w):
    rows = _pair(x, w)
    rows.append(x)
    return np.sum(np.stack(rows) ** 2)


def _pair(x, w):
    return [_rotate(x, w), w]


@pytest.mark.parametrize("f, uses", [
    (appends_rows, "bwd__rotate("),
    (passes_the_list, "grad__rotate("),  # a callee sees the list: its primal runs again
    (indexes_the_list, "grad__rotate("),  # an index reads the list
    (nests_the_list, "grad__rotate("),  # a list appended into another
    (list_from_a_call, "grad__pair("),  # the list is a callee's result (its record's)
])
def test_call_adjoints_of_callers_that_append(f, uses):
    args = (X, W)
    assert uses in sd.source(f, args=args)
    expected = numeric_grad(f, args, 0)
    for options in ({}, {"verify": True}, {"optimize": False}):
        assert_close(sd.grad(f, **options)(*args), expected)
    e = np.array([0.5, -1.0, 2.0])
    assert_close(sd.jvp(f)(*args, tangents=e)[1], np.sum(expected * e))
    assert_close(sd.hvp(f)(*args, vector=e),
                 numeric_grad(lambda x: np.sum(sd.grad(f, optimize=False)(x, W) * e), (X,), 0))


def test_appending_caller_keeps_one_primal_sweep(monkeypatch):
    """appends_rows's _rotate runs 6 times in the gradient, not 12 (record reused)."""
    g = sd.grad(appends_rows)
    expected = g(X, W)
    calls = [0]
    real = np.sin

    def counting_sin(x):
        calls[0] += 1
        return real(x)

    monkeypatch.setattr(np, "sin", counting_sin)
    got = g(X, W)
    monkeypatch.setattr(np, "sin", real)
    assert calls[0] == 6
    assert_close(got, expected)
