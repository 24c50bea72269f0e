"""A loop's variable bound before the loop on some paths only (in an earlier loop's body)
is given back its value after the loop's adjoint (reverse/primal.py primal_for).

The adjoint of a loop that breaks or returns pops its variable at each trip, so it leaves
the variable at its first trip's value; the adjoints of what ran before the loop then read
that value where they needed the earlier one. The value was kept only when the variable
was certainly bound before the loop: `for k in range(3): j = k + 1; acc = acc * x / j`
then `for j in ...: if ...: return acc` gave a gradient 0.75 of the right one in the
optimized pipeline (the loops fuzzer, seed 149434849 program 96, once its generator could
draw `for i in reversed(range(n))`).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from pipelines import check_pipelines
from soundness_cases import (
    inner_counter_after_break,
    inner_counter_read_after,
    inner_counter_read_before_next,
)
from srcdiff.api import transforms
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.reverse import primal
from srcdiff.errors import VerificationError


def earlier_loop_body_binds_it(x):
    acc = 0.5 * x
    for k in range(3):
        j = k + 1
        acc = acc * x * (1.0 / j)
    for j in range(4, -1, -1):
        if j >= 1:
            return acc
        acc = acc * 2.0
    return acc


def reversed_range_then_a_loop_that_breaks(x, xs):
    acc = 0.5 * x
    for i in reversed(range(len(xs))):
        acc *= 1.0 + 0.2 * np.sum(np.tanh(xs * acc))
        acc = 0.8 * acc - 0.1 * (acc * 0.5) ** 2 / (i + 1)
    for i in range(len(xs) - 1, -1, -1):
        acc = acc * 1.1
        if i <= 2:
            break
    return acc


@pytest.mark.parametrize("x", [0.7, 1.3])
def test_the_loop_variable_of_an_earlier_loop_body(x):
    check_pipelines(earlier_loop_body_binds_it, (x,), 0)
    assert numeric_grad(earlier_loop_body_binds_it, (x,), 0) != 0.0


def test_after_a_reversed_range():
    xs = np.array([-0.57, -0.71, 0.62, -0.18])
    check_pipelines(reversed_range_then_a_loop_that_breaks, (0.48, xs), (0, 1))


def inner_counter_read_after_each_trip(x):
    # the adjoint of the inner loop, in one trip of j, leaves `i` at its first value; the
    # adjoint of the line after the inner loop, in the trip before, needs the last one
    s = 0.0
    for j in range(3):
        for i in range(j + 2):  # srcdiff: checkpoint
            s = s * 0.9 + x
        s = s + i * x * x
    return s


@pytest.mark.parametrize("fn", [inner_counter_read_after_each_trip,
                                inner_counter_read_before_next])
def test_an_inner_loop_variable_is_given_back_per_trip_of_the_outer_loop(fn):
    # (kept on the stack for each trip of the loop around it: one saved name held the
    # last trip's value only; before, nothing was kept, as the variable had one binding)
    check_pipelines(fn, (0.7,), 0)
    expected = numeric_grad(fn, (0.7,), 0)
    for checkpoint in ("sqrt", 1):  # the outer loop recomputed from snapshots
        assert abs(sd.grad(fn, checkpoint=checkpoint)(0.7) - expected) < 1e-6


# ------------------------------------------- verification mode catches a stale loop variable

def _one_name_per_loop_variable(monkeypatch):
    """A mutant: 1d2dd31's fix undone. An inner loop's variable read outside its loop is not
    kept unless it has two bindings, and then in one name (the last trip's value only)."""
    plain = primal.PrimalSweep.primal_for

    def mutant(self, s, depth):
        self._read_outside = lambda s, v: False  # (this compilation's sweep only)
        out = plain(self, s, depth)
        if self.saved.get(S.key(s)) == "stack":
            out[0] = self._keep_loop_variable(s, 0)  # a name, as outside any loop
        return out

    monkeypatch.setattr(primal.PrimalSweep, "primal_for", mutant)
    transforms.invalidate()  # compiled now, by the mutant (not from the cache)


@pytest.mark.parametrize("fn", [inner_counter_read_after, inner_counter_read_before_next,
                                inner_counter_after_break, inner_counter_read_after_each_trip])
def test_verification_catches_the_loop_variable_left_stale(monkeypatch, fn):
    # Each backward read of a loop variable is compared with the primal's value: the
    # variable of a checkpointed loop (bound by an untagged inner `for`) was not checked,
    # nor its copy `_i` the optimizer read in place of `i` after the loop's adjoint
    # (verify.py _primal_names; primal.py tags the copy a save). Either left a wrong
    # gradient unseen by verification mode.
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)  # (make verify: the mutant runs plain)
    _one_name_per_loop_variable(monkeypatch)
    try:
        expected = numeric_grad(fn, (0.7,), 0)
        wrong = 0
        for options in ({}, {"optimize": False}, {"checkpoint": "sqrt"}):
            if abs(sd.grad(fn, **options)(0.7) - expected) < 1e-6:
                continue
            wrong += 1  # (the mutant is live here)
            with pytest.raises(VerificationError, match="read 'i'|read '_i"):
                sd.grad(fn, verify=True, **options)(0.7)
        assert wrong >= 2
    finally:
        transforms.invalidate()
