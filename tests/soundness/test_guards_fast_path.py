"""The guarded call's fast path (emit/live.py ``fast_call``): one generated function that
compares each guarded object with ``is`` and runs the gradient, falling back to the full
check (``Watch.stale``: refresh, or the stale error) on any difference.

The steady-state entry of a call passing every argument (api/seeded.py ``Seeded.hot``)
inlines the same checks: each check runs both (tests/soundness/test_guards_entry.py has
the entry's own cases).

The risk of a fast path is a gradient run with an object the check did not see: each test
rebinds, deletes or replaces something between calls — repeatedly, so that the objects the
fast path compares against must follow each refresh — and checks the gradient against
central differences of the function as it now is."""

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from srcdiff import api
from srcdiff.api.transforms import transform_of

SCALE = 2.0
W = np.array([1.0, -2.0])


class Model:
    def act(self, x):
        return np.tanh(x)


MODEL = Model()


def loss(x, k=1.5):
    return np.sum(np.sin(x) * SCALE * W) * k + np.sum(MODEL.act(x))


X = np.array([0.3, -0.7])


@pytest.fixture(autouse=True)
def _restore():
    api.invalidate()  # (a test deletes a global: forget what was compiled without it)
    saved = dict(SCALE=SCALE, W=W, MODEL=MODEL)
    act, defaults = Model.act, loss.__defaults__
    yield
    globals().update(saved)
    Model.act, loss.__defaults__ = act, defaults
    api.invalidate()


def _check(g, f=loss):
    want = numeric_grad(f, (X,), 0)
    np.testing.assert_allclose(g(X), want, rtol=1e-6, atol=1e-8)
    for _ in range(2):  # every argument passed: after its first call, the steady-state
        # entry (api/seeded.py Seeded.hot) with the same guards inlined
        np.testing.assert_allclose(g(X, *(f.__defaults__ or ())), want, rtol=1e-6, atol=1e-8)


def test_the_guarded_call_is_the_generated_fast_check():
    g = sd.grad(loss)
    _check(g)
    hit = transform_of(g).compiled([X, 1.5])  # (grad_ys=None and the general: api/seeded.py)
    for compiled in (hit.one, hit.general):
        assert compiled.call.__code__.co_filename == "<srcdiff guards>"


def test_values_rebound_again_and_again_are_each_read():
    global SCALE, W
    g = sd.grad(loss)
    compiled = transform_of(g).compiled([X, 1.5])
    for k in range(4):  # each rebind after the fast path saw the previous one
        SCALE, W = 2.0 + k, np.array([1.0 + k, -2.0 * k])
        _check(g)
        _check(g)  # (now through the fast path with the refreshed objects)
    assert transform_of(g).compiled([X, 1.5]) is compiled


def test_a_rebind_back_to_the_first_object_is_read():
    global W
    first = W
    g = sd.grad(loss)
    _check(g)
    W = np.array([4.0, 5.0])
    _check(g)
    W = first  # the object the fast path first compared against
    _check(g)


def test_another_kind_after_refreshes_compiles_again():
    global SCALE, W
    g = sd.grad(loss)
    SCALE = 3.0
    _check(g)
    W = np.array([1.0, 2.0, 3.0])[:2].copy()  # same shape: refreshed
    _check(g)
    W = np.array([[1.0, 2.0]])  # another shape: compiled again
    _check(g)


def test_a_deleted_global_is_not_run_with_the_old_value():
    global SCALE
    g = sd.grad(loss)
    _check(g)
    _check(g)
    del SCALE
    with pytest.raises(NameError):  # (compiled anew, without the name)
        g(X)
    with pytest.raises(NameError):
        g(X)


def test_a_replaced_method_and_object_class_are_seen():
    global MODEL
    g = sd.grad(loss)
    _check(g)
    Model.act = lambda self, x: x ** 3
    _check(g)

    class Other:
        def act(self, x):
            return np.exp(x)

    MODEL = Other()
    _check(g)


def test_changed_defaults_are_seen_after_the_fast_path():
    g = sd.grad(loss)
    _check(g)
    loss.__defaults__ = (4.0,)
    _check(g)
    loss.__kwdefaults__ = None
    loss.__defaults__ = (-1.0,)
    _check(g)


def test_a_closure_cell_rebound_between_calls_is_read():
    def make():
        c = 2.0

        def f(x):
            return np.sum(x * x) * c

        def set_c(v):
            nonlocal c
            c = v
        return f, set_c

    f, set_c = make()
    g = sd.grad(f)
    for v in (2.0, 3.0, -1.0, 3.0):
        set_c(v)
        _check(g, f)
        _check(g, f)
