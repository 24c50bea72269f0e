"""A generator function nested in the differentiated one, every call consumed at once (the
argument of sum, list, tuple, sorted, min, max, or a comprehension's iterable), is
differentiated as the function returning the list of its values (front/generators.py).
Refused before ("this expression statement has an effect"). Kept generator objects, loops
over one, ``yield from`` and received values stay refused. Oracle: central finite
differences, forward mode and the Hessian against differences of the gradient."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def pairs(v):
    def gen(w):
        for j_ in range(len(w) - 1):
            yield w[j_], w[j_ + 1]
    return sum(a_ * b_ for a_, b_ in gen(v)) + np.sum(np.sin(v))


def branches_and_a_list(v):
    def squares(w, k):
        for e in w:
            if e > 0.5:
                yield e * e * k
            else:
                yield np.sin(e)
        yield w[0]
    ys = list(squares(v, 2.0))
    return ys[0] * ys[1] + sum(squares(v * 2.0, 1.0))


def nested_comprehension(v):
    def g(w):
        yield w[0]
        yield w[1] * w[2]
    return np.sum(np.array([a * b for a in g(v) for b in g(v * a)]))


def extremes(v):
    def g(w):
        for e in w:
            yield np.tanh(e) * 2.0
    return max(g(v)) - min(g(v * 0.5)) + sum(sorted(g(v ** 2)))


X = np.array([0.3, 0.8, 1.7])


@pytest.mark.parametrize("f", [pairs, branches_and_a_list, nested_comprehension, extremes])
def test_a_generator_consumed_at_once(f):
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(f, **options)(X), numeric_grad(f, (X,), 0))
    t = np.array([0.2, -0.5, 1.0])
    np.testing.assert_allclose(sd.jvp(f)(X, tangents=t)[1], numeric_grad(f, (X,), 0) @ t,
                               rtol=1e-6)
    g = sd.grad(f)
    by_differences = np.array([(g(X + h) - g(X - h)) / 2e-5 for h in np.eye(3) * 1e-5])
    np.testing.assert_allclose(sd.hessian(f)(X), by_differences, atol=1e-6)


def kept_in_a_name(v):
    def g(w):
        yield w[0]
    it = g(v)
    return sum(it)


def a_for_loop(v):
    def g(w):
        yield w[0]
    s = 0.0
    for a in g(v):
        s = s + a
    return s


def with_walrus(v):
    def g(w):
        yield w[0]
    return sum([(t := a) * 2.0 for a in g(v)]) + t


def yield_from(v):
    def g(w):
        yield from w
    return sum(g(v))


def received(v):
    def g(w):
        got = yield w[0]
        yield got
    return sum(g(v))


def returning_a_value(v):
    def g(w):
        yield w[0]
        return 1.0
    return sum(g(v))


@pytest.mark.parametrize("f,why", [(kept_in_a_name, "consumed at once"),
                                   (a_for_loop, "consumed at once"),
                                   (with_walrus, "consumed at once"),
                                   (yield_from, "yield from"), (received, "yield from"),
                                   (returning_a_value, "without a value")])
def test_other_generators_are_refused(f, why):
    with pytest.raises(sd.SrcdiffError, match=why) as info:
        sd.grad(f)(X)
    assert "the generator `g`" in str(info.value)
