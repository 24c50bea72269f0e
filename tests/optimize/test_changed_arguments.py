"""Which arguments a call may change in place (dataflow.CHANGED_ARGUMENTS): ``index_add``
only its first (the gradient it adds into), ``item_add``/``pop_grad`` none (they copy),
the builtins ``slice`` and ``len`` none. The other arguments stay shareable: ``2 * b``
computed for ``w[b:2 * b]`` and again for ``w[2 * b:3 * b]`` is computed once, though the
backward sweep passes it to ``index_add`` inside ``slice(...)``."""

import gast
import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.ir import dataflow

PIPELINES = ({}, {"verify": True}, {"optimize": False})


def _stmt(source):
    return gast.parse(source).body[0]


@pytest.mark.parametrize("source,changed", [
    ("b = index_add(b, x, slice(m, None, None), g)", {"b"}),
    ("b = index_add(b, x, (i, j), g)", {"b"}),
    ("b = item_add(b, xs, k, g)", set()),
    ("b, g = pop_grad(b, x)", set()),
    ("n = len(xs)", set()),
    ("s = slice(m, n, None)", set()),
    # (anything else, or a helper called another way: every name argument)
    ("b = index_add(b, x, index=i, g=g)", {"b", "x"}),
    ("b = index_add(*args)", set()),
    ("y = user_function(a, m)", {"a", "m"}),
])
def test_only_the_arguments_a_helper_may_change(source, changed):
    stmt = _stmt(source)
    assert dataflow.changed_in_place(stmt) == changed
    # (writes: what the call may change, and the names bound)
    assert dataflow.writes(stmt) == changed | dataflow.bound(stmt)


def gates(w, x):
    b = x.shape[0]
    u = x * w[:b] + w[b:2 * b]
    v = np.tanh(x * w[2 * b:3 * b] + w[3 * b:])
    return np.sum(u * v)


def test_an_index_computed_twice_is_computed_once():
    w, x = np.linspace(-1.0, 1.5, 8), np.array([0.3, -0.7])
    source = sd.source(gates, 0, args=(w, x))
    code = "\n".join(line for line in source.splitlines() if not line.strip().startswith("#"))
    assert code.count("2 * b") == 1 and code.count("3 * b") == 1, source


@pytest.mark.parametrize("options", PIPELINES)
def test_its_gradient(options):
    w, x = np.linspace(-1.0, 1.5, 8), np.array([0.3, -0.7])
    assert_close(sd.grad(gates, 0, **options)(w, x), numeric_grad(gates, (w, x), 0))
