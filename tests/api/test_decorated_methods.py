"""``@sd.differentiate`` on a method (SPEC §3): read from an instance, the decorated object is
the derivatives of the bound method, as ``sd.grad(obj.method)`` is; ``wrt`` counts the
parameters after ``self``. Before, the object had no ``__get__``: ``obj.loss(w)`` and
``obj.loss.grad(w)`` both raised ``TypeError`` (``self`` was never passed). Gradients are
checked against central finite differences (tests/support/fd.py).
"""

import numpy as np

import srcdiff as sd
from fd import assert_close, numeric_grad

W = np.array([0.7, -0.4, 1.1])


class Model:
    def __init__(self, c):
        self.c = c

    @sd.differentiate
    def loss(self, w, x):
        return self.c * np.sum(np.sin(w * x) ** 2)

    @sd.differentiate(wrt=("w", "b"))
    def fit(self, w, b):
        return np.sum((self.c * w + b) ** 2)

    def total(self, w):  # a plain method calling the decorated one, differentiated whole
        return self.loss(w, 2.0) + np.sum(w)


def test_a_decorated_method_runs_and_differentiates_with_its_object():
    for c in (3.0, 0.5):  # two objects: each its own constant
        m = Model(c)
        assert np.isclose(m.loss(W, 2.0), c * np.sum(np.sin(2.0 * W) ** 2))
        want = numeric_grad(m.loss.fn, [W, 2.0], 0)
        assert_close(m.loss.grad(W, 2.0), want)
        value, g = m.loss.value_and_grad(W, 2.0)
        assert np.isclose(value, m.loss(W, 2.0))
        assert_close(g, want)
        gw, gb = m.fit.grad(W, 0.3)
        assert_close(gw, numeric_grad(m.fit.fn, [W, 0.3], 0))
        assert_close(gb, numeric_grad(m.fit.fn, [W, 0.3], 1))


def test_the_bound_derivatives_follow_the_object_and_are_made_once_per_object():
    m = Model(2.0)
    assert m.loss is m.loss  # kept on the instance: no new transform per access
    m.c = 5.0  # the object is read when the gradient runs, not when it was made
    assert_close(m.loss.grad(W, 2.0), numeric_grad(m.loss.fn, [W, 2.0], 0))
    assert isinstance(Model.loss, sd.api.decorator.Differentiable)  # read from the class
    assert np.isclose(Model.loss(m, W, 2.0), m.loss(W, 2.0))


def test_a_method_calling_a_decorated_method_is_differentiated_through_it():
    m = Model(1.5)
    assert_close(sd.grad(m.total)(W), numeric_grad(m.total, [W], 0))
