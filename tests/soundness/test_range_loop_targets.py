"""A ``for`` over ``range`` whose target name held a differentiated value before.

``for t in xs: ...`` then ``for t in range(3): s = s + t`` (a name reused, as people reuse
``t``, ``i`` or ``v``): each trip of the second loop binds ``t`` to an int, so no gradient
flows through ``t`` there. The backward sweep gathered the gradient of every read of ``t``
in the range loop and never cleared it at the header that binds ``t``, so it all reached
the value ``t`` held before the loop (``xs[-1]``): ``d/dx[1]`` of ``s`` was 4.0 for 1.0
(8.125 for 3.375 with ``s = s * 1.5 + t``; an array ``t = x * 2.0`` reused: 10.4 for 5.4 in
its first entry), in every pipeline. Forward mode was right.
Found by gen_python.py (program 1243: 0.362 for 0.312). When the range is empty the loop
binds nothing, and ``t`` keeps its value and its gradient (checked with ``n = 0``).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_every_mode, check_pipelines

X = np.array([0.3, -0.4, 0.5, 1.2])


def sum_then_count(x):
    s = 0.0
    for t in x[:2]:
        s = s + t
    for t in range(3):
        s = s + t
    return s


def scaled_count(x):
    s = 0.0
    for t in x[:2]:
        s = s + t
    for t in range(3):
        s = s * 1.5 + t
    return s


def a_temporary_reused(x):
    t = x[0] * 2.0
    y = t * 1.0
    for t in range(3):
        y = y + t
    return y


def in_an_outer_loop(x):
    s = 0.0
    for i in range(2):
        for t in x[i:i + 2]:
            s = s + t * t
        for t in range(2):
            s = s * 1.1 + t
        s = s + t * x[2]
    return s


def an_array_name_reused(x):
    t = x * 2.0
    s = np.sum(t ** 2)
    for t in range(2):
        s = s * 1.5 + t
    return s


def reused_inside_a_loop(x):
    s = 0.0
    for i in range(3):
        t = x[i] * 2.0
        s = s + t * t
        for t in range(2):
            s = s + t * x[3]
    return s


def maybe_empty(x, n):
    for t in x[:2]:
        s = t * 3.0
    for t in range(n):
        s = s + t
    return s + t * 2.0


@pytest.mark.parametrize("f", [sum_then_count, scaled_count, a_temporary_reused,
                               in_an_outer_loop, an_array_name_reused, reused_inside_a_loop])
def test_a_range_target_passes_no_gradient_to_its_old_value(f):
    check_every_mode(f, X)


def test_closed_form():
    for options in ({}, {"optimize": False}, {"verify": True}):
        np.testing.assert_allclose(sd.grad(sum_then_count, **options)(X), [1.0, 1.0, 0.0, 0.0])
        np.testing.assert_allclose(sd.grad(scaled_count, **options)(X), [3.375, 3.375, 0, 0])


@pytest.mark.parametrize("n", [0, 1, 3])
def test_an_empty_range_keeps_the_old_value_and_its_gradient(n):
    check_pipelines(maybe_empty, (X, n), 0)
    want = [0.0, 5.0 if n == 0 else 3.0, 0.0, 0.0]
    np.testing.assert_allclose(sd.grad(maybe_empty)(X, n), want)


@pytest.mark.parametrize("checkpoint", ["sqrt", "binomial", 2])
def test_checkpointed(checkpoint):
    assert_close(sd.grad(in_an_outer_loop, checkpoint=checkpoint)(X),
                 numeric_grad(in_an_outer_loop, (X,), 0))
