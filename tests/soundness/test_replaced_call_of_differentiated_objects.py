"""``sd.grad(obj)`` of an object whose class defines ``__call__``, then the class given
another ``__call__`` or the object another class.

A call of ``obj`` runs what its class has at that moment, so its gradient must too. The
transform kept the ``__call__`` it found when it was made: 2x for 3 below, silently
(its callees and globals were guarded, not the object's own ``__call__``). Now the
generated code guards the object's class and the class's ``__call__`` (emit/live.py) and
the transform follows the new one (api/callables.py ``follow``). An instance attribute
named ``__call__`` changes nothing (Python looks ``__call__`` up on the type). Oracle:
closed forms.
"""

import numpy as np
import pytest

import srcdiff as sd


def _classes():
    class Square:
        def __call__(self, x):
            return np.sum(x * x)

    class Sine:
        def __call__(self, x):
            return np.sum(np.sin(x))

    return Square, Sine


def _linear(self, x):
    return np.sum(3.0 * x)


X = np.array([1.0, 2.0])


@pytest.mark.parametrize("transform", ["grad", "value_and_grad"])
@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}])
def test_a_class_given_another_call(transform, options):
    Square, _ = _classes()
    obj = Square()
    g = getattr(sd, transform)(obj, **options)
    first = g(X)
    Square.__call__ = _linear
    then = g(X)
    if transform == "value_and_grad":
        np.testing.assert_allclose(first[0], 5.0)
        np.testing.assert_allclose(then[0], 9.0)
        first, then = first[1], then[1]
    np.testing.assert_allclose(first, 2 * X)
    np.testing.assert_allclose(then, [3.0, 3.0])


def test_an_object_given_another_class():
    Square, Sine = _classes()
    obj = Square()
    g = sd.grad(obj)
    np.testing.assert_allclose(g(X), 2 * X)
    obj.__class__ = Sine
    np.testing.assert_allclose(g(X), np.cos(X))
    obj.__class__ = Square
    np.testing.assert_allclose(g(X), 2 * X)


def test_an_instance_attribute_named_call_changes_nothing():
    Square, _ = _classes()
    obj = Square()
    g = sd.grad(obj)
    obj.__call__ = lambda x: 0.0
    assert obj(X) == 5.0  # (what a call runs: the class's)
    for _ in range(3):
        np.testing.assert_allclose(g(X), 2 * X)


def test_a_classmethod_call_replaced():
    class Scaled:
        scale = 2.0

        @classmethod
        def __call__(cls, x):
            return np.sum(cls.scale * x)

    g = sd.grad(Scaled())
    np.testing.assert_allclose(g(X), [2.0, 2.0])
    Scaled.__call__ = classmethod(lambda cls, x: np.sum(x ** 3))
    np.testing.assert_allclose(g(X), 3 * X ** 2)


def test_a_bound_method_keeps_its_function():
    """``sd.grad(obj.loss)`` holds the bound method, which keeps its function when the
    class is given another (as calling that bound method does)."""
    class Model:
        def loss(self, x):
            return np.sum(x * x)

    m = Model()
    bound = m.loss
    g = sd.grad(bound)
    Model.loss = _linear
    np.testing.assert_allclose(bound(X), 5.0)
    np.testing.assert_allclose(g(X), 2 * X)


def test_every_transform_follows_a_new_call():
    """Forward mode, the pullback, the Hessian (forward over reverse), the HVP and the
    Jacobian differentiate what a call runs now too (they raised StaleGradient, or,
    before the guard, kept the old function)."""
    Square, _ = _classes()
    obj = Square()
    jvp, vjp, hvp = sd.jvp(obj), sd.vjp(obj), sd.hvp(obj)
    hessian, jacobian = sd.hessian(obj), sd.jacobian(obj)
    checks = [lambda: jvp(X, tangents=X)[1], lambda: vjp(X)[1](1.0),
              lambda: hvp(X, vector=X), lambda: hessian(X), lambda: jacobian(X)]
    before = [np.sum(2 * X * X), 2 * X, 2 * X, 2 * np.eye(2), 2 * X]
    for check, expected in zip(checks, before):
        np.testing.assert_allclose(check(), expected)
    Square.__call__ = lambda self, x: np.sum(x ** 3)
    after = [np.sum(3 * X ** 2 * X), 3 * X ** 2, 6 * X * X, np.diag(6 * X), 3 * X ** 2]
    for check, expected in zip(checks, after):
        np.testing.assert_allclose(check(), expected)
