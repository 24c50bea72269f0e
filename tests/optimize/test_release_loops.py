"""Release in loop bodies (optimize/release.py): a backward loop's body deletes what it
reads for the last time in an iteration (liveness: what the body reads before binding it
is live at its end), copies of arrays (``b_y_out = b_y``) and tuples of a call's results
(``b__f_args``) too; ``v = v + e`` goes through ``add_into``, whose reference count check
decides at run time whether ``v``'s buffer takes the sum.

The shape is an explicit Runge-Kutta step (GradBench's ode): the operands of a sum share
its gradient, so ``b_k1`` starts as the array ``b_mul5`` also holds; once that is read for
the last time and deleted, ``b_k1``'s buffer is its own again.
"""

import numpy as np
import pytest

import srcdiff as sd
import srcdiff.runtime_memory as memory
from fd import assert_close, numeric_grad, numeric_jvp

rng = np.random.default_rng(21)


def _rhs(x, y):
    return np.concatenate((x[:1], x[1:] * y[:-1]))


def stepper(x, s):
    h = 1.0 / s
    y = np.zeros(x.shape[0])
    for _ in range(s):
        k1 = _rhs(x, y)
        k2 = _rhs(x, y + 0.5 * h * k1)
        y = y + h * (k1 + 2.0 * k2)
    return np.sum(y * y)


def carried(x, s):
    """A gradient read at the start of the next iteration before it is bound again."""
    acc = x * 0.0
    for _ in range(s):
        t = np.sin(acc) + x
        acc = acc + t * t
    return np.sum(acc)


def invariant_read(x, s):
    """An array made before the loop that every backward iteration reads, never rebinds."""
    w = np.sin(x)
    acc = x * 1.0
    for _ in range(s):
        acc = acc * w + x
    return np.sum(acc)


def deleted_in_body(x, xs, zs):
    """Loops fuzz seed 8081 program 27 (found while this was written): ``w`` is deleted
    in the backward loop's body, so the ``del w`` after the loop raised UnboundLocalError."""
    p = 1.0
    u = xs.copy()
    w = np.sin(xs)
    for i0 in range(1):
        w = w * 0.25 + ((w * u) + (p if not -0.138 < ((i0 + 1) * 0.3) <= 0.705 else p))
    else:
        u[-1] += 0.2 * x
    for v0 in xs:
        u = np.tanh(u + np.sin((u - u)))
    p = p + (-1.3 * (xs[-2] * x))
    return 0.5 * p + np.sum(np.sin(w))


def _loop_body(code):
    lines = code.splitlines()
    start = next(k for k, line in enumerate(lines) if "in reversed(range(" in line)
    indent = len(lines[start]) - len(lines[start].lstrip()) + 4
    body = []
    for line in lines[start + 1:]:
        if line.strip() and len(line) - len(line.lstrip()) < indent:
            break
        body.append(line.strip())
    return body


def test_a_backward_loop_body_deletes_and_sums_into_its_own_buffer():
    x = rng.uniform(0.1, 0.5, 12)
    body = _loop_body(sd.source(stepper, args=(x, 3)))
    deletes = {v for line in body if line.startswith("del ") for v in line[4:].split(", ")}
    assert {"b_y_out", "b__rhs_args"} <= deletes  # a copy, a tuple of results
    assert any(line.startswith("b_k1 = add_into(b_k1, ") for line in body)
    assert any(line.startswith("b_y = add_into(b_y, ") for line in body)
    # (a name deleted that the next iteration reads would raise NameError: the gradients
    # below run the loop several times)


@pytest.mark.parametrize("pipeline", ({}, {"optimize": False}, {"verify": True}))
def test_stepper_gradient_against_differences(pipeline):
    x = rng.uniform(0.1, 0.5, 9)
    assert_close(sd.grad(stepper, **pipeline)(x, 4), numeric_grad(stepper, (x, 4), 0))


@pytest.mark.parametrize("pipeline", ({}, {"optimize": False}, {"verify": True}))
@pytest.mark.parametrize("fn", (carried, invariant_read))
def test_what_the_next_iteration_reads_is_not_deleted(fn, pipeline):
    x = rng.uniform(-0.5, 0.5, 7)
    assert_close(sd.grad(fn, **pipeline)(x, 3), numeric_grad(fn, (x, 3), 0))


def test_big_arrays_take_the_sums_in_place_and_agree(monkeypatch):
    """At IN_PLACE_SIZE elements the buffers are reused (the reference count says so) and
    the gradient is the reference pipeline's and verification mode's, and central
    differences' along directions. (The code shipped: ``make verify``'s SRCDIFF_VERIFY=1
    turns verification on for every gradient, whose checks hold references of their own.)"""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    x = rng.uniform(0.0, 0.5, memory.IN_PLACE_SIZE) / np.sqrt(memory.IN_PLACE_SIZE)
    seen = []
    owned = memory._owned

    def spy(m, other, refs):
        seen.append(owned(m, other, refs))
        return seen[-1]

    monkeypatch.setattr(memory, "_owned", spy)
    got = sd.grad(stepper)(x, 3)
    assert seen.count(True) >= 2 * 3  # b_y and b_k1 in each of the three iterations
    for options in ({"optimize": False}, {"verify": True}):
        assert_close(got, sd.grad(stepper, **options)(x, 3), rtol=1e-12, atol=1e-15)
    v = rng.standard_normal(x.shape)
    assert_close(np.dot(got, v), numeric_jvp(stepper, (x, 3), (0,), (v,)), rtol=1e-6)


@pytest.mark.parametrize("pipeline", ({}, {"optimize": False}, {"verify": True}))
def test_a_name_the_loop_body_deletes_is_not_deleted_again_after_it(pipeline, monkeypatch):
    monkeypatch.setattr(memory, "IN_PLACE_SIZE", 1)
    args = (0.477285, np.array([-0.485943, 0.774865]), [0.349238, -0.73009])
    got = sd.grad(deleted_in_body, wrt=(0, 1), **pipeline)(*args)
    for k in (0, 1):
        assert_close(got[k], numeric_grad(deleted_in_body, args, k))
