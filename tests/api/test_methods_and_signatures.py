"""Bound methods, classmethods, staticmethods, callable objects, ``*args``, ``**kwargs``,
keyword-only parameters and ``functools.partial`` (issue 15, "Python and composition").

A method's object (``self``, ``cls``) is a constant, like a partial's bound arguments;
``wrt`` counts the parameters as passed. Every derivative is checked against central
finite differences of the original callable (tests/support/fd.py) in reverse mode,
forward mode and second order; every refusal by its message and location.
"""

import functools
import inspect
import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, total

X = np.array([0.3, -0.8, 1.1])
W = np.array([0.5, 0.2, -0.4])


class Model:
    scale = 1.5

    def __init__(self, A, bias):
        self.A = A
        self.bias = bias
        self.calls = []

    def predict(self, w, x):
        return np.tanh(np.dot(self.A, w * x) + self.bias)

    def loss(self, w, x):
        return np.sum(self.predict(w, x) ** 2) + self.penalty(w)

    def penalty(self, w):
        return 0.1 * np.sum(w ** 2) * self.scale

    def __call__(self, w, x):
        return self.loss(w, x) * 2.0 + Model.cube(w[0])

    @staticmethod
    def cube(t):
        return t ** 3

    @classmethod
    def scaled(cls, t):
        return cls.scale * math.sin(t) * t

    # refused: they change their object
    def records(self, w):
        self.calls.append(1.0)
        return np.sum(w)

    def overwrites(self, w):
        self.bias = np.sum(w)
        return np.sum(w)

    def through_alias(self, w):
        b = self.A
        b[0, 0] = w[0]
        return np.sum(self.A) * w[1]

    def resets_then_reads(self, w):
        self.reset()
        return np.sum(w * self.bias)

    def reset(self):
        self.bias = 0.0


MODEL = Model(np.array([[1.0, 0.5, -0.2], [0.3, -1.0, 0.8]]), 0.1)


def uses_methods(w, x):
    return MODEL.loss(w, x) + MODEL(w, x * 0.5) + Model.scaled(w[1]) + MODEL.cube(w[2])


def _closure():
    m = Model(np.eye(3), -0.2)

    def inner(w):
        return m.loss(w, X)

    return inner


closure_method = _closure()


def star(*xs):
    return xs[0] * np.sum(xs[1] ** 2) + len(xs)


def keyword_only(x, *, k=2.0):
    return np.sum(np.sin(x * k))


def keywords(x, **kw):
    return np.sum(x ** 2) * kw["a"] + kw["b"]


def _varargs_helper(*terms):
    total = 0.0
    for t in terms:
        total = total + np.sum(t ** 2)
    return total


def _keyword_helper(x, *, s=1.0, **extra):
    return np.sum(x * s) + extra["b"] ** 2


def calls_helpers(x, y):
    return _varargs_helper(x, y * 2.0, x * y) + _keyword_helper(x, s=3.0, b=y[0]) \
        + _keyword_helper(y, b=x[1])


def forwards(x, *rest, scale=1.0, **options):
    return _varargs_helper(x, *rest) * scale + _keyword_helper(x, **options)


# name -> (callable, args, kwargs, wrt)
CASES = {
    "bound_method": (MODEL.loss, (W, X), {}, 0),
    "bound_method_both": (MODEL.loss, (W, X), {}, (0, 1)),
    "callable_object": (MODEL, (W, X), {}, 0),
    "classmethod": (Model.scaled, (0.7,), {}, 0),
    "staticmethod": (Model.cube, (0.7,), {}, 0),
    "methods_inside": (uses_methods, (W, X), {}, 0),
    "method_of_a_closure_object": (closure_method, (W,), {}, 0),
    "varargs": (star, (0.7, X), {}, (0, 1)),
    "varargs_second": (star, (0.7, X, W), {}, 1),
    "keyword_only_default": (keyword_only, (X,), {}, 0),
    "keyword_only_passed": (keyword_only, (X,), {"k": 1.3}, 0),
    "kwargs": (keywords, (X,), {"a": 1.5, "b": 2.0}, 0),
    "helpers_with_signatures": (calls_helpers, (X, W), {}, (0, 1)),
    "forwarded_args_kwargs": (forwards, (X, W, X * W), {"scale": 0.5, "b": 0.3}, (0, 1, 2)),
}


def _positions(wrt):
    return [wrt] if isinstance(wrt, int) else list(wrt)


def _expected(fn, args, kwargs, wrt):
    grads = [numeric_grad(fn, args, k, kwargs=kwargs) for k in _positions(wrt)]
    return grads[0] if isinstance(wrt, int) else tuple(grads)


def _direction(args, wrt, rng):
    ts = [rng.standard_normal(np.shape(args[k])) if np.ndim(args[k])
          else float(rng.standard_normal()) for k in _positions(wrt)]
    return ts[0] if isinstance(wrt, int) else tuple(ts)


def _moved(args, wrt, ts, eps):
    ts = [ts] if isinstance(wrt, int) else list(ts)
    out = list(args)
    for k, t in zip(_positions(wrt), ts):
        out[k] = out[k] + eps * t
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_reverse_mode_matches_finite_differences(name):
    fn, args, kwargs, wrt = CASES[name]
    assert_close(sd.grad(fn, wrt=wrt)(*args, **kwargs), _expected(fn, args, kwargs, wrt))
    value, grads = sd.value_and_grad(fn, wrt=wrt)(*args, **kwargs)
    assert_close(value, fn(*args, **kwargs), rtol=1e-12, atol=1e-12)
    assert_close(grads, _expected(fn, args, kwargs, wrt))


@pytest.mark.parametrize("name", sorted(CASES))
def test_forward_mode_matches_finite_differences(name):
    fn, args, kwargs, wrt = CASES[name]
    ts = _direction(args, wrt, np.random.default_rng(3))
    value, tangent = sd.jvp(fn, wrt=wrt)(*args, tangents=ts, **kwargs)
    assert_close(value, fn(*args, **kwargs), rtol=1e-12, atol=1e-12)
    eps = 1e-6
    expected = (total(fn(*_moved(args, wrt, ts, eps), **kwargs))
                - total(fn(*_moved(args, wrt, ts, -eps), **kwargs))) / (2 * eps)
    assert_close(np.sum(tangent), expected)


@pytest.mark.parametrize("name", sorted(CASES))
def test_hvp_matches_finite_differences_of_the_gradient(name):
    fn, args, kwargs, wrt = CASES[name]
    vs = _direction(args, wrt, np.random.default_rng(5))
    got = sd.hvp(fn, wrt=wrt)(*args, vector=vs, **kwargs)
    eps = 1e-4
    plus = _expected(fn, _moved(args, wrt, vs, eps), kwargs, wrt)
    minus = _expected(fn, _moved(args, wrt, vs, -eps), kwargs, wrt)
    if isinstance(wrt, int):
        expected = (np.asarray(plus) - np.asarray(minus)) / (2 * eps)
    else:
        expected = tuple((np.asarray(p) - np.asarray(m)) / (2 * eps) for p, m in zip(plus, minus))
    assert_close(got, expected, rtol=1e-4, atol=1e-5)


def _second_difference(f, x, eps=1e-4):
    return (f(x + eps) - 2.0 * f(x) + f(x - eps)) / eps ** 2


@pytest.mark.parametrize("make", [
    lambda: (Model.scaled, lambda t: Model.scaled(t)),
    lambda: (MODEL.penalty, None),
    lambda: (functools.partial(star, 0.7), lambda t: star(0.7, t)),
    lambda: (functools.partial(keyword_only, k=1.3), lambda t: keyword_only(t, k=1.3)),
])
def test_second_order_of_scalar_functions(make):
    fn, scalar = make()
    if scalar is None:
        scalar = fn
    t = 0.6
    expected = _second_difference(lambda u: total(scalar(u)), t)
    assert_close(sd.grad(sd.grad(fn))(t), expected, rtol=1e-4, atol=1e-5)
    assert_close(sd.hessian(fn)(t), expected, rtol=1e-4, atol=1e-5)


def test_hessian_of_varargs_and_kwonly_counts_arguments_as_passed():
    h = sd.hessian(star, wrt=(0, 1))(0.7, X)
    assert_close(h[0][0], 0.0)
    assert_close(h[0][1], 2.0 * X)
    assert_close(h[1][1], 2.0 * 0.7 * np.eye(3))
    # a keyword-only parameter is a constant unless wrt names it
    assert_close(sd.grad(keyword_only, wrt="k")(X, k=1.3), np.sum(np.cos(X * 1.3) * X))
    assert_close(sd.hessian(keyword_only, wrt="k")(X, k=1.3), -np.sum(np.sin(X * 1.3) * X * X))


def test_partial_in_forward_mode_and_second_order():
    def f(x, a):
        return x * a ** 2 + np.sin(x * a)

    p = functools.partial(f, a=3.0)
    value, tangent = sd.jvp(p)(2.0, tangents=1.0)
    assert_close(value, f(2.0, 3.0))
    assert_close(tangent, 9.0 + 3.0 * np.cos(6.0))
    assert_close(sd.hessian(p)(2.0), -9.0 * np.sin(6.0))
    assert_close(sd.hvp(p)(2.0, vector=2.0), -18.0 * np.sin(6.0))
    q = functools.partial(f, 2.0)  # the positional one bound: wrt=0 is `a`
    assert_close(sd.hessian(q)(3.0), 4.0 - 4.0 * np.sin(6.0))
    assert_close(sd.jacobian(q, mode="forward")(3.0), 12.0 + 2.0 * np.cos(6.0))


def test_the_transform_keeps_the_signature_it_was_given():
    assert sd.grad(star, wrt=1)(0.7, X, W).shape == X.shape  # another shape: compiled again
    assert_close(sd.grad(star, wrt=2)(0.7, X, W), np.zeros(3))  # xs[2] is not used
    assert_close(sd.grad(keywords)(X, a=2.0, b=1.0), 4.0 * X)
    assert_close(sd.grad(keywords)(X, b=1.0, a=3.0), 6.0 * X)  # keys in another order
    value, pullback = sd.vjp(star, wrt=1)(0.7, X)
    assert_close(value, star(0.7, X))
    assert_close(pullback(2.0), 2.0 * 2.0 * 0.7 * X)


def test_the_object_is_read_when_the_gradient_runs():
    m = Model(np.eye(3)[:2], 0.0)
    g = sd.grad(m.loss)
    before = g(W, X)
    m.bias = 0.5  # a constant of the function, not of the compiled code
    assert_close(g(W, X), numeric_grad(m.loss, (W, X), 0))
    assert not np.allclose(before, g(W, X))


def test_generated_code_of_a_method_does_not_take_self():
    text = sd.source(MODEL.loss, args=(W, X))
    assert "def grad_loss(w, x, grad_ys=None):" in text
    assert "self.A" in text
    lowered = sd.source(star, wrt=1, args=(0.7, X))
    assert "def grad_star(xs_0, xs_1, grad_ys=None):" in lowered


# ------------------------------------------------------------------ refusals

FILE = inspect.getsourcefile(Model)


def _line_of(fn, needle):
    lines, first = inspect.getsourcelines(fn)
    return first + next(k for k, line in enumerate(lines) if needle in line)


@pytest.mark.parametrize("method,needle,words", [
    ("records", "self.calls.append", ["changes `self.calls` in place", "constant"]),
    ("overwrites", "self.bias =", ["changes `self.bias`"]),
    ("through_alias", "b[0, 0] =", ["changes `b[0, 0]`", "`b` may share memory with `self`"]),
    ("resets_then_reads", "self.reset()", ["calls `self.reset`", "changes its object"]),
])
def test_a_method_that_changes_its_object_is_refused(method, needle, words):
    bound = getattr(Model(np.eye(3)[:2], 0.1), method)
    for transform in (lambda f: sd.grad(f)(W), lambda f: sd.jvp(f)(W, tangents=W)):
        with pytest.raises(sd.SrcdiffError) as info:
            transform(bound)
        err = info.value
        assert err.filename == FILE and err.lineno == _line_of(getattr(Model, method), needle)
        for w in words:
            assert w in str(err)


def test_a_call_of_such_a_method_inside_is_refused():
    m = Model(np.eye(3)[:2], 0.1)

    def outer(w):
        return m.overwrites(w) * 2.0

    with pytest.raises(sd.SrcdiffError, match=r"changes `self.bias`"):
        sd.grad(outer)(W)


def _spreads(xs):
    return _varargs_helper(*xs)


def test_starred_arguments_of_unknown_length_are_refused_with_their_location():
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(_spreads)((X, W))
    err = info.value
    assert err.lineno == _line_of(_spreads, "*xs") and err.col is not None
    assert "supported only for the function's own `*args`" in str(err)


def test_wrt_beyond_the_arguments_passed_is_an_error():
    with pytest.raises(ValueError, match=r"wrt=2 is out of range: this call passes 2"):
        sd.grad(star, wrt=2)(0.7, X)


def test_a_written_module_refuses_a_methods_object_by_name(tmp_path, monkeypatch):
    from srcdiff.cli import commands as cli

    monkeypatch.chdir(tmp_path)
    (tmp_path / "layer.py").write_text(
        "import numpy as np\n\n\nclass Layer:\n    def __init__(self, s):\n"
        "        self.s = s\n\n    def act(self, z):\n        return np.tanh(z) * self.s\n\n\n"
        "LAYER = Layer(1.5)\n\n\ndef objective(w):\n    return np.sum(LAYER.act(w) ** 2)\n")
    with pytest.raises(sd.SrcdiffError, match=r"'self' is the object a method is bound to "
                                              r"\(a layer.Layer\)"):
        cli.render(["layer.py:objective"])
    monkeypatch.syspath_prepend(str(tmp_path))
    import layer  # the same function, in Python: differentiated
    assert_close(sd.grad(layer.objective)(W), numeric_grad(layer.objective, (W,), 0))


class _StaticCall:
    @staticmethod
    def __call__(t):
        return t ** 3


class _ClassCall:
    k = 2.0

    @classmethod
    def __call__(cls, t):
        return cls.k * t ** 2


def _spreads_displays(x):
    return keyword_only(*(x,), **{"k": 1.3}) + _varargs_helper(*[x, 2.0 * x])


def test_callable_objects_with_static_or_class_call_and_starred_displays():
    assert_close(sd.grad(_StaticCall())(0.7), 3.0 * 0.49)
    assert_close(sd.grad(_ClassCall())(0.7), 2.0 * 2.0 * 0.7)
    assert_close(sd.hessian(_ClassCall())(0.7), 4.0)
    assert_close(sd.grad(_spreads_displays)(X), numeric_grad(_spreads_displays, (X,), 0))
    ts = np.array([0.2, -0.1, 0.4])
    _, tangent = sd.jvp(_spreads_displays)(X, tangents=ts)
    assert_close(tangent, np.dot(numeric_grad(_spreads_displays, (X,), 0), ts))
