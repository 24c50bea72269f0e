"""What srcdiff compiles for a function lives as long as the function (api/held.py).

A weak-keyed cache whose values refer back to their key never frees it: every closure or
lambda differentiated once stayed in memory with its compiled code. These tests check that
a differentiated closure, lambda, higher-order transform and nested call are freed with
their function, that the generated module's lines leave linecache with it, and that each
way a table could be shared by mistake (a copied ``__dict__``, a table from before the rules
changed, a pickled function) gets a table of its own. Gradients against closed forms.
"""

import functools
import gc
import linecache
import pickle
import weakref

import numpy as np
import pytest

import srcdiff as sd
from srcdiff.api import transforms
from srcdiff.api.held import PerFunction

X = np.array([0.3, -1.2, 2.0])


def _closure(k):
    def f(x):
        return np.sum(np.sin(x) * k)
    return f


def _freed(make_and_use):
    """Run ``make_and_use`` (it returns the function it differentiated) in a frame of its
    own; is that function freed once nothing of the caller refers to it?"""
    ref = weakref.ref(make_and_use())
    gc.collect()
    return ref() is None


def test_a_differentiated_closure_is_freed_with_its_gradient():
    def use():
        f = _closure(2.0)
        g = sd.grad(f)
        np.testing.assert_allclose(g(X), 2.0 * np.cos(X), rtol=1e-12)
        return f
    assert _freed(use)


def test_a_differentiated_lambda_is_freed():
    def use():
        f = lambda x: np.sum(x ** 3)  # noqa: E731
        np.testing.assert_allclose(sd.grad(f)(X), 3 * X ** 2, rtol=1e-12)
        return f
    assert _freed(use)


def test_higher_order_and_forward_transforms_are_freed():
    def use():
        f = _closure(1.5)
        value, tangent = sd.jvp(f)(X, tangents=np.ones(3))
        np.testing.assert_allclose(tangent, 1.5 * np.sum(np.cos(X)), rtol=1e-12)
        np.testing.assert_allclose(sd.hessian(f)(X), np.diag(-1.5 * np.sin(X)), rtol=1e-12,
                                   atol=1e-15)
        return f
    assert _freed(use)


def test_a_gradient_called_inside_a_differentiated_function_is_freed():
    def use():
        inner = sd.grad(_closure(0.5))

        def outer(x):
            return np.sum(inner(x) ** 2)  # sum (0.5 cos x)^2
        got = sd.grad(outer)(X)
        np.testing.assert_allclose(got, -0.5 * np.sin(2 * X) * 0.5, rtol=1e-12)
        return outer
    assert _freed(use)


def test_the_generated_lines_leave_linecache_with_the_function():
    before = {k for k in linecache.cache if k.startswith("<srcdiff")}

    def use():
        f = _closure(3.25)
        sd.grad(f)(X)
        made = {k for k in linecache.cache if k.startswith("<srcdiff")} - before
        assert made  # (tracebacks show the generated lines while the gradient lives)
        return f
    assert _freed(use)
    gc.collect()
    assert {k for k in linecache.cache if k.startswith("<srcdiff")} - before == set()


def test_a_copied_dict_does_not_share_the_compiled_gradient():
    f = _closure(2.0)
    sd.grad(f)(X)

    def h(x):
        return np.sum(x * x)
    h.__dict__.update(f.__dict__)  # (what functools.wraps does to a wrapper)
    np.testing.assert_allclose(sd.grad(h)(X), 2 * X, rtol=1e-12)
    np.testing.assert_allclose(sd.grad(f)(X), 2.0 * np.cos(X), rtol=1e-12)


def test_a_wrapper_made_by_functools_wraps_is_its_own_function():
    f = _closure(2.0)
    sd.grad(f)(X)

    @functools.wraps(f)
    def wrapper(x):
        return np.sum(x ** 2) * 4.0
    del wrapper.__wrapped__  # (a wrapper srcdiff reads as itself)
    np.testing.assert_allclose(sd.grad(wrapper)(X), 8.0 * X, rtol=1e-12)


def test_tables_made_before_the_rules_changed_are_not_used():
    cache = PerFunction("test")
    f = _closure(1.0)
    first = cache.table(f)
    first["k"] = "old"
    assert cache.table(f) is first
    cache.clear()
    assert cache.table(f) == {} and first == {}  # (emptied at once: nothing stale is kept)
    # and through sd.grad: invalidating compiles anew, with the same gradient
    g = sd.grad(f)
    g(X)
    transforms.invalidate()
    np.testing.assert_allclose(sd.grad(f)(X), np.cos(X), rtol=1e-12)


def test_a_pickled_table_is_an_empty_dict():
    f = _closure(2.0)
    sd.grad(f)(X)
    tables = [v for k, v in vars(f).items() if k.startswith("__srcdiff_")]
    assert tables and all(len(t) for t in tables)
    for t in tables:
        back = pickle.loads(pickle.dumps(t))
        assert back == {} and type(back) is dict


class _Model:
    def __init__(self, k):
        self.k = k

    def loss(self, x):
        return np.sum(np.exp(x) * self.k)


def test_bound_methods_keep_their_cache():
    m = _Model(2.0)
    np.testing.assert_allclose(sd.grad(m.loss)(X), 2.0 * np.exp(X), rtol=1e-12)
    np.testing.assert_allclose(sd.grad(m.loss)(X + 1), 2.0 * np.exp(X + 1), rtol=1e-12)


@pytest.mark.parametrize("n", [20])
def test_many_closures_do_not_accumulate(n):
    refs = []
    for k in range(n):
        f = _closure(float(k))
        np.testing.assert_allclose(sd.grad(f)(X), k * np.cos(X), rtol=1e-12, atol=0)
        refs.append(weakref.ref(f))
        del f
    gc.collect()
    assert sum(r() is not None for r in refs) == 0
