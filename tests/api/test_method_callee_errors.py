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

