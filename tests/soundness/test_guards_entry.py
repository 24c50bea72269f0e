"""The steady-state entry of ``sd.grad(f)(*args)`` (api/seeded.py ``Seeded.hot``): one
generated function that tests the arguments' types, shapes and dtypes against the last
call's, then the specialized gradient's guards (emit/live.py ``guard_test``), and runs it.

The risk is a gradient run for arguments or code the entry did not look at: each test
passes every argument (the entry is taken only then), checks that the entry is in use, then
changes the arguments or the code between calls, and checks the gradient against central
differences or a closed form. (Rebound globals, closure cells, methods and defaults seen by
the entry: tests/soundness/test_guards_fast_path.py, whose checks call both paths.)"""

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from srcdiff import api
from srcdiff.api.transforms import transform_of

SCALE = 2.0


def loss(x, k):
    return np.sum(np.sin(x) * np.tanh(x)) * k * SCALE


X = np.array([0.3, -0.7])


@pytest.fixture(autouse=True)
def _restore():
    api.invalidate()
    code = loss.__code__
    yield
    loss.__code__ = code
    globals()["SCALE"] = 2.0
    api.invalidate()


def _check(g, f=loss, args=(X, 1.5)):
    want = numeric_grad(f, args, 0)
    np.testing.assert_allclose(g(*args), want, rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(g(*args), want, rtol=1e-6, atol=1e-8)  # (the entry's call)


def _entry_in_use(g):
    return transform_of(g)._hot[0].__code__.co_filename == "<srcdiff entry>"


def test_the_entry_is_what_a_second_call_runs():
    g = sd.grad(loss)
    _check(g)
    assert _entry_in_use(g)


def test_a_global_rebound_between_calls_of_the_entry_is_read():
    global SCALE
    g = sd.grad(loss)
    _check(g)
    for v in (3.0, -1.0, 3.0):  # (only calls the entry takes: no refresh in between)
        SCALE = v
        _check(g)
        assert _entry_in_use(g)


def test_replaced_code_is_seen():
    def other(x, k):
        return np.sum(np.cos(x)) * k

    g = sd.grad(loss)
    _check(g)
    loss.__code__ = other.__code__
    _check(g)


K = np.array([1.5, -2.0])


def product(x, k):
    return np.sum(np.asarray(x) * k)


@pytest.mark.parametrize("other, want", [
    ((np.array([0.3]), K), (np.array([-0.5]), np.array([0.3, 0.3]))),  # another shape
    ((np.array([1, 2]), K), (None, np.array([1.0, 2.0]))),  # another dtype: int, no gradient
    ((X.astype(np.float32), K), (K.astype(np.float32), X)),  # float32
    ((X, 2.0), (np.array([2.0, 2.0]), -0.4)),  # a float for an array
    ((X, 2), (np.array([2.0, 2.0]), None)),  # an int
    (([0.3, -0.7], K), ([1.5, -2.0], X)),  # a list (no entry of its own)
])
def test_other_arguments_after_the_entry_take_their_own_gradient(other, want):
    g = sd.grad(product, wrt=(0, 1))
    for _ in range(2):
        for got, w in zip(g(X, K), (K, X)):
            np.testing.assert_allclose(got, w, rtol=1e-12)
    assert _entry_in_use(g)
    got = g(*other)  # (d/dx sum(x * k): k summed to x's shape; d/dk: x summed to k's)
    for gi, wi, arg in zip(got, want, other):
        if wi is None:
            assert gi is None
            continue
        np.testing.assert_allclose(gi, wi, rtol=1e-6)
        assert np.shape(gi) == np.shape(arg)
        if isinstance(arg, np.ndarray):
            assert gi.dtype == arg.dtype
    for got, w in zip(g(X, K), (K, X)):  # and back
        np.testing.assert_allclose(got, w, rtol=1e-12)
    assert _entry_in_use(g)


def test_grad_ys_after_the_entry_takes_the_general_gradient():
    g = sd.grad(loss)
    _check(g)
    np.testing.assert_allclose(g(X, 1.5, grad_ys=3.0), 3.0 * numeric_grad(loss, (X, 1.5), 0),
                               rtol=1e-6, atol=1e-8)


def test_fewer_arguments_than_parameters_take_the_general_path():
    def f(x, k=2.0):
        return np.sum(x ** 3) * k

    g = sd.grad(f)
    _check(g, f, (X, 2.0))
    np.testing.assert_allclose(g(X), numeric_grad(f, (X,), 0), rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("real, complex_", [
    ((X, K), (np.array([0.3 + 1j, -0.7 - 0.5j]), K)),  # an array of the same shape
    ((X, 2.0), (X, 2.0 + 1j)),  # a number
])
def test_a_complex_argument_after_the_entry_is_refused(real, complex_):
    # (run through the real gradient it would give a wrong answer, not the refusal)
    g = sd.grad(lambda x, k: np.sum(np.abs(x * k) ** 2), wrt=(0, 1))
    g(*real)
    g(*real)
    assert _entry_in_use(g)
    with pytest.raises(TypeError, match="complex"):
        g(*complex_)


def test_entries_of_other_shapes_share_code_and_stay_few(monkeypatch):
    """Arguments of new shapes make entries of the same source: one code object, each with
    its own shapes in its namespace (seeded.py ``_code``); past ENTRIES_KEPT entries of one
    gradient they are made again. Each length's gradient is checked against a closed form:
    an entry run for another length's shape would fail it (or raise)."""
    from srcdiff.api import seeded

    monkeypatch.setattr(seeded, "ENTRIES_KEPT", 8)
    g = sd.grad(loss, wrt=0)
    made = []
    for n in list(range(2, 22)) + [3, 5, 21]:
        x = np.linspace(-1.0, 1.0, n)
        want = (np.cos(x) * np.tanh(x) + np.sin(x) / np.cosh(x) ** 2) * 1.5 * SCALE
        for _ in range(2):  # (the second call makes the entry, a third runs it)
            np.testing.assert_allclose(g(x, 1.5), want, rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(g(x, 1.5), want, rtol=1e-12, atol=1e-15)
        made.append(transform_of(g)._hot[0])
    assert all(e.__code__ is made[0].__code__ for e in made)
    one = transform_of(g).compiled([X, 1.5])
    assert 0 < len(one._entries) <= 8
