"""Generator expressions and dict views are lazy: they read their names (a view: the
dict's entries) when they are consumed, and a generator only once. srcdiff computed them
where they are written, so ``g = (x * k for _ in range(2)); k = 5.0; sum(g)`` gave 4 x
where Python gives 10 x, ``sum(g)`` read twice counted the values twice, ``vals =
d.values(); d["a"] = y; sum(vals)`` missed ``y``, and a ``for`` loop over a generator
expression whose body rebinds or stores into what it reads saw the old values: silently
wrong values and gradients (every refused case below was wrong before, and the loops of
LOOPS). front/lazy.py: a ``for`` loop over a generator expression is rewritten as the
loop its iterator runs; every other lazy value is computed where it is written only where
it is consumed at once, and refused elsewhere. Oracle: central differences."""

import functools
import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def read_twice(x):
    g = (x * t for t in range(3))
    a = sum(g)
    b = sum(g)
    return a + 10.0 * b


def changed_before_the_loop(x):
    w = x * 2.0
    g = (v for v in w)
    w[0] = 0.0
    tot = 0.0
    for v in g:
        tot = tot + v * v
    return tot


def rebound_before_consumed(x):
    k = 2.0
    g = (x * k for _ in range(2))
    k = 5.0
    return sum(g)


def iterable_changed_in_place(x):
    w = x * 2.0
    g = (p for p in w)
    w *= 3.0
    return sum(g)


def consumed_then_listed(x):
    g = (v * v for v in x)
    s = sum(g)
    return s * len(list(g))


def bump_through_nonlocal(x):
    k = 1.0

    def bump():
        nonlocal k
        k = k + 1.0
        return 0.0

    g = (x * k for _ in range(2))
    b = bump()  # (k is 2.0 when sum reads it)
    return sum(g) + b


def changed_through_a_closure(x):
    a = x * 1.0

    def bump():
        a[0] = 5.0 * x[1]
        return 0.0

    g = (v * v for v in a)
    return bump() + sum(g)


def written_through_out(x):
    a = x * 1.0
    g = (v * v for v in a)
    z = np.multiply(a, 2.0, out=a)
    return sum(g) + np.sum(z) * 0.0


def view_then_store(x):
    d = {"a": x, "b": x * 2.0}
    vals = d.values()
    d["a"] = x * 3.0
    return sum(vals)


def items_then_store(x):
    d = {"a": x, "b": x * 2.0}
    items = d.items()
    d["b"] = x * 5.0
    return sum([v * v for _, v in items])


def zipped_views_in_a_loop_that_stores(x):
    d = {"a": x, "b": x * 2.0}
    tot = 0.0
    for _, v in zip(d.keys(), d.values()):
        tot = tot + v
        d["b"] = x * 7.0
    return tot


def nested_clauses_break_and_rebind(x):
    k = 1.0
    tot = 0.0
    for v in (a * b * k for a in (x, 2.0 * x) for b in (1.0, 2.0)):
        if v > 2.5:
            break
        k = k + 0.5
        tot = tot + v
    return tot


def _argument(f):
    vector = f in (changed_before_the_loop, iterable_changed_in_place, consumed_then_listed,
                   changed_through_a_closure, written_through_out)
    return np.array([0.4, 0.9, 1.3, 0.7]) if vector else 0.8


REFUSED = [read_twice, changed_before_the_loop, rebound_before_consumed,
           iterable_changed_in_place, consumed_then_listed, bump_through_nonlocal,
           changed_through_a_closure, written_through_out, view_then_store, items_then_store,
           zipped_views_in_a_loop_that_stores, nested_clauses_break_and_rebind]


@pytest.mark.parametrize("f", REFUSED)
def test_a_generator_expression_not_consumed_at_once_is_refused(f):
    x = _argument(f)
    for call in (lambda: sd.grad(f)(x), lambda: sd.grad(f, optimize=False)(x),
                 lambda: sd.jvp(f)(x, tangents=np.ones_like(x) if np.ndim(x) else 1.0)):
        with pytest.raises(sd.SrcdiffError) as e:
            call()
        text = str(e.value)
        assert "is evaluated lazily" in text, text
        assert "test_lazy_values.py" in text, text
        assert "write a list" in text, text


def named_and_consumed_next(x):
    g = (x * t for t in range(1, 4))
    return sum(g)


def loop_changes_nothing_read(x):
    tot = 0.0
    for v in (x * t for t in range(3)):
        tot = tot * 0.5 + v
    return tot


def named_loop(x):
    k = 1.5
    g = (x * k * t for t in range(3))
    tot = 0.0  # (nothing g reads changes before the loop)
    for v in g:
        tot = tot * 0.5 + v * v
    return tot


def unpacked(x):
    a, b, c = (x ** t for t in range(1, 4))
    return a * b + c


def keyed_min(x):
    return max(x * t - t * t for t in range(1, 4)) + min((x - t for t in range(3)),
                                                         key=lambda v: abs(v))


def reduced(x):
    return functools.reduce(lambda a, b: a * b, (x + t for t in range(3)), 1.0)


def eager_consumers(x):
    s = sorted((x * t for t in (3.0, -1.0, 2.0)), reverse=True)
    ok = all(v < 10.0 for v in s) and any(v > 0.0 for v in s)
    return (s[0] - s[2]) * math.fsum(x * t for t in range(3)) + math.prod(
        x + t for t in range(2)) + (1.0 if ok else 0.0) + sum(list(x * t for t in range(2)))


def nested_in_a_comprehension(x):
    k = 2.0
    return sum([v * v for v in (x * k + t for t in range(3))])


ACCEPTED = [named_and_consumed_next, loop_changes_nothing_read, named_loop, unpacked,
            keyed_min, reduced, eager_consumers, nested_in_a_comprehension]


@pytest.mark.parametrize("f", ACCEPTED)
def test_a_generator_expression_consumed_at_once_is_differentiated(f):
    x = 1.3
    expected = numeric_grad(f, (x,), 0)
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(f, **options)(x), expected)
    value, tangent = sd.jvp(f)(x, tangents=1.0)
    assert_close(value, f(x), what="value")
    assert_close(tangent, expected, what="tangent")


# ------------------------------------------- loops over generator expressions, lazily


def loop_rebinds_what_it_reads(x):
    k = 1.0
    tot = 0.0
    for v in (x[1] * k for _ in range(3)):
        k = k + 1.0
        tot = tot + v
    return tot


def loop_stores_into_what_it_reads(x):
    a = x * 1.0
    tot = 0.0
    for v in (a[i] for i in range(3)):
        a[2] = a[2] * 3.0
        tot = tot + v
    return np.sum(tot)


def loop_calls_in_place(x):
    a = x * 1.0
    tot = 0.0
    for v in (a[i] for i in range(3)):
        np.copyto(a, a * 2.0)
        tot = tot + v
    return np.sum(tot)


def filtered_with_else(x):
    tot = 0.0
    k = 1.0
    for v in (t * k for t in x if t > 0.5):
        k = k * 1.5
        tot = tot + v
    else:
        tot = tot * 2.0
    return tot + k


def its_variable_is_its_own(x):
    t = x[0] * 3.0
    tot = 0.0
    for v in (t * 2.0 for t in x):
        tot = tot + v * t
    return tot


def nested_clauses(x):
    k = 1.0
    tot = 0.0
    for v in (a * b * k for a in x for b in x[:2]):
        k = k * 1.1
        tot = tot + v
    return tot


LOOPS = [loop_rebinds_what_it_reads, loop_stores_into_what_it_reads, loop_calls_in_place,
         filtered_with_else, its_variable_is_its_own, nested_clauses]


@pytest.mark.parametrize("f", LOOPS)
def test_a_loop_over_a_generator_expression_computes_each_value_when_it_is_reached(f):
    x = np.array([0.4, 0.9, 1.3, 0.7])
    expected = numeric_grad(f, (x,), 0)
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(f, **options)(x), expected)
    t = np.array([0.3, -0.2, 0.5, 1.0])
    value, tangent = sd.jvp(f)(x, tangents=t)
    assert_close(value, f(x), what="value")
    assert_close(tangent, float(np.dot(expected, t)), what="tangent")


def views_consumed_at_once(x):
    d = {"a": x, "b": x * 2.0}
    s = sum(d.values()) + sum([v * v for v in d.values()])
    for k, v in zip(d.keys(), d.values()):
        s = s + v * (2.0 if k == "a" else 3.0)
    vals = d.values()
    w = s * 2.0  # (quiet: nothing changed in place before the view is read)
    e = dict(zip(d.keys(), [v * v for v in d.values()]))
    if "a" in d.keys() and len(d.values()) == 2:
        w = w + e["b"]
    return w + max(vals)


def test_views_consumed_at_once_are_differentiated():
    x = 1.3
    expected = numeric_grad(views_consumed_at_once, (x,), 0)
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(views_consumed_at_once, **options)(x), expected)
