"""A method calling another method of its object (``self.energy(...)``) had every refusal
of the callee reported as "calls `self.energy`, which changes its object (...)": also
when the callee changes nothing and is refused for another reason (a generator here;
before session 30, a multi-line docstring read as "the source changed since it was
imported"). Such an error is now the callee's own, at the callee's line; a callee
that does change the object is still reported through the call (test_methods_and_
signatures.py resets_then_reads)."""

import inspect

import numpy as np
import pytest

import srcdiff as sd

W = np.array([0.5, -1.0, 2.0])


class Chain:
    def __init__(self, k):
        self.k = k

    def terms(self, w):
        for v in w:
            yield self.k * v ** 2

    def energy(self, w):
        return sum(self.terms(w)) + np.sum(w)


def test_a_callee_refused_for_another_reason_is_reported_as_itself():
    lines, first = inspect.getsourcelines(Chain.terms)
    line = first + next(k for k, text in enumerate(lines) if "yield" in text)
    for transform in (lambda f: sd.grad(f)(W), lambda f: sd.jvp(f)(W, tangents=W)):
        with pytest.raises(sd.SrcdiffError) as info:
            transform(Chain(2.0).energy)
        assert "changes its object" not in str(info.value)
        assert "is a generator" in str(info.value)
        assert info.value.lineno == line


class Affine:
    def __init__(self, w):
        self.w = w

    def loss(self, x):
        return np.sum((x * self.w) ** 2)


def made_inside(x, w):
    model = Affine(w)
    return model.loss(x)


MODEL = Affine(np.array([1.0, 2.0, 3.0]))


def made_outside(x):
    return MODEL.loss(x)


def test_a_method_of_an_object_made_inside_names_the_reason():
    """``model = Affine(w); model.loss(x)``: the method was said to have "no Python
    source to differentiate it from"; it has, but which object `model` is is not known when
    the function compiles. The message says so and points at the forms that work."""
    for transform in (lambda f: sd.grad(f)(W, W), lambda f: sd.jvp(f)(W, W, tangents=W)):
        with pytest.raises(sd.SrcdiffError) as info:
            transform(made_inside)
        text = str(info.value)
        assert "no Python source" not in text and "which object" in text
        assert "sd.grad(model.loss)" in text and "module level" in text
    np.testing.assert_allclose(sd.grad(made_outside)(W), 2 * W * MODEL.w ** 2)
