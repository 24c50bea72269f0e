"""A function called through an attribute, replaced after a transform was made.

srcdiff resolves a callee at compile time (rules are looked up by the object a name
denotes) and guarded the *global names* a gradient reads (emit/live.py), not a callee
found through an attribute: ``model.act(x)``, ``self.helper(x)``, ``Layer.forward``,
``config.loss``. Monkeypatched (``Model.act = relu``, ``model.act = ...``, the instance's
class changed, a method's ``__code__`` replaced, an object's ``__call__`` replaced) the
gradient kept the old callee's derivative and even the old primal values, with no error:
2.0 for 10.0 below. Such callees are now guarded (``AttributeGuard``, noted by
``Parsed.callee``). Oracle: closed forms.
"""

import types

import numpy as np
import pytest

import srcdiff as sd


def _classes():
    """A fresh Model and Other per case: the cases change them."""
    class Model:
        def loss(self, x):
            return x * 2.0

        def scaled(self, x, k=2.0):
            return x * k

        def __call__(self, x):
            return x * 3.0

    class Other:
        def loss(self, x):
            return x * 5.0

    return Model, Other


def _class_method_replaced():
    Model, Other = _classes()
    m = Model()

    def f(x):
        return m.loss(x) ** 2

    def change():
        type(m).loss = lambda self, x: x * 10.0
    return f, change, lambda x: 2 * (2.0 * x) * 2.0, lambda x: 2 * (10.0 * x) * 10.0


def _instance_method_set():
    Model, Other = _classes()
    m = Model()

    def f(x):
        return m.loss(x) ** 2

    def change():
        m.loss = types.MethodType(lambda self, x: x * 4.0, m)
    return f, change, lambda x: 8.0 * x, lambda x: 32.0 * x


def _class_swapped():
    Model, Other = _classes()
    m = Model()

    def f(x):
        return m.loss(x) ** 2

    def change():
        m.__class__ = Other
    return f, change, lambda x: 8.0 * x, lambda x: 50.0 * x


def _method_code_replaced():
    Model, Other = _classes()
    m = Model()

    def f(x):
        return m.loss(x) ** 2

    def change():
        type(m).loss.__code__ = (lambda self, x: x * 7.0).__code__
    return f, change, lambda x: 8.0 * x, lambda x: 98.0 * x


def _method_default_changed():
    Model, Other = _classes()
    m = Model()

    def f(x):
        return m.scaled(x) ** 2

    def change():
        type(m).scaled.__defaults__ = (6.0,)
    return f, change, lambda x: 8.0 * x, lambda x: 72.0 * x


def _call_replaced():
    Model, Other = _classes()
    m = Model()

    def f(x):
        return m(x) ** 2

    def change():
        type(m).__call__ = lambda self, x: x * 6.0
    return f, change, lambda x: 18.0 * x, lambda x: 72.0 * x


def _namespace_function_set():
    config = types.SimpleNamespace(act=np.tanh)

    def f(x):
        return config.act(x)

    def change():
        config.act = np.sin
    return f, change, lambda x: 1.0 - np.tanh(x) ** 2, np.cos


def _middle_object_replaced():
    config = types.SimpleNamespace(inner=types.SimpleNamespace(act=np.tanh))

    def f(x):
        return config.inner.act(x)

    def change():
        config.inner = types.SimpleNamespace(act=np.sin)
    return f, change, lambda x: 1.0 - np.tanh(x) ** 2, np.cos


CASES = {f.__name__.strip("_"): f for f in (_middle_object_replaced,
    _class_method_replaced, _instance_method_set, _class_swapped, _method_code_replaced,
    _method_default_changed, _call_replaced, _namespace_function_set)}

TRANSFORMS = {
    "grad": lambda f, x: sd.grad(f)(x),
    "value_and_grad": lambda f, x: sd.value_and_grad(f)(x)[1],
    "jvp": lambda f, x: sd.jvp(f)(x, tangents=1.0)[1],
}


@pytest.mark.parametrize("transform", sorted(TRANSFORMS))
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_gradient_follows_the_new_callee(case, transform):
    f, change, before, after = CASES[case]()
    x = 0.6
    run = TRANSFORMS[transform]
    held = sd.grad(f)
    assert np.isclose(run(f, x), before(x))
    assert np.isclose(held(x), before(x))
    change()
    assert np.isclose(run(f, x), after(x))
    assert np.isclose(held(x), after(x))  # the transform made before the change


SCALE = 2.0


def helper(x):
    return x * 2.0


def _method_classes():
    class Net:
        def loss(self, x, k=1.0):
            return x * SCALE * k

        def through_helper(self, x):
            return helper(x)

        def __call__(self, x):
            return x * SCALE

    return Net


@pytest.mark.parametrize("transform", sorted(TRANSFORMS))
def test_a_differentiated_method_follows_its_globals_code_and_defaults(transform):
    """``sd.grad(model.loss)``, ``sd.grad(model)``: no user name was guarded at all (a
    method is compiled from a front/signatures.Callable, not a function), so a rebound
    global, a redefined helper, a replaced code or new defaults kept the old gradient."""
    global SCALE, helper
    Net = _method_classes()
    net = Net()
    run = TRANSFORMS[transform]
    held = {name: sd.grad(f) for name, f in
            [("loss", net.loss), ("call", net), ("helper", net.through_helper)]}
    x = 0.6
    try:
        assert np.isclose(held["loss"](x), 2.0) and np.isclose(held["call"](x), 2.0)
        SCALE = 3.0
        assert np.isclose(held["loss"](x), 3.0) and np.isclose(held["call"](x), 3.0)
        assert np.isclose(run(net.loss, x), 3.0) and np.isclose(run(net, x), 3.0)
        assert np.isclose(held["helper"](x), 2.0)

        def helper(x):  # noqa: F811 (redefined, as in a notebook)
            return x * 4.0
        assert np.isclose(held["helper"](x), 4.0)
        Net.loss.__defaults__ = (5.0,)
        assert np.isclose(held["loss"](x), 15.0) and np.isclose(run(net.loss, x), 15.0)
        Net.loss.__code__ = (lambda self, x, k=1.0: x * 7.0 * k).__code__
        assert np.isclose(held["loss"](x), 35.0) and np.isclose(run(net.loss, x), 35.0)
    finally:
        SCALE = 2.0

        def helper(x):  # noqa: F811
            return x * 2.0


def test_an_attribute_made_anew_at_each_read_is_not_guarded():
    """``__getattr__`` making a new function at each read cannot be guarded by identity
    (it would be stale at every call): it is left as before, compiled once."""
    class Dynamic:
        def __getattr__(self, name):
            def act(x):
                return np.tanh(x)
            return act

    d = Dynamic()

    def f(x):
        return d.act(x) * 2.0

    df = sd.grad(f)
    assert np.isclose(df(0.0), 2.0)
    assert np.isclose(df(0.5), 2.0 * (1.0 - np.tanh(0.5) ** 2))
