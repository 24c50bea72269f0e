"""Ownership of a loop-carried gradient at the loop head (reverse/control.py
``_loop_fixpoint``).

Invariant: the backward sweep updates ``b_g`` in place (``b_g += ...``) at the top of a
loop body only if ``b_g`` is a fresh writable array on both ways into the head: the entry
(an owned array, or the zero made before the loop) and the back edge (what the body leaves
at its end). The back edge may leave ``spread(g, v)``: for an array ``v`` of more than
4,096 entries a read-only broadcast view (runtime.spread). The head took the zero made
before the loop as owned on every trip, so a carried array whose value had more than 4,096
entries at the end of one trip, and a sum of it read in the next, crashed the optimized
and verify pipelines (ValueError: output array is read-only); on array-API arrays a float
argument (a 0-d array) did the same (soundness case carried_array_becomes_a_float).

Checked here on the generated source (no ``b_g +=`` where the back edge leaves a spread;
``+=`` kept where it leaves an owned array), against central differences (along a random
direction for the 5,000-entry argument) in every pipeline, checkpointed, in a ``while``.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_pipelines
from soundness_cases import BIG, carried_array_alternates_with_a_float, carried_array_shrinks
from srcdiff.runtime import spread

CASES = [carried_array_shrinks, carried_array_alternates_with_a_float]


def shrinks_in_a_while(x, ys):
    acc = x
    g = ys * 0.5
    i = 0
    while i < 3:
        g = np.tanh(np.sum(g) * 0.01) + 0.5 * ys[: 5000 - 2000 * i]
        acc = acc * (1.0 + 0.25 * np.sum(g) * x)
        i += 1
    return 0.2 * acc


def shrinks_checkpointed(x, ys):
    acc = x
    g = ys * 0.5
    for i in range(4):  # srcdiff: checkpoint
        g = np.tanh(np.sum(g) * 0.01) + 0.5 * ys[: 5000 - 1500 * i]
        acc = acc * (1.0 + 0.25 * np.sum(g) * x)
    return 0.2 * acc


def weight_read_each_trip(x, w):
    # b_w's back edge is `b_w += ...` of a fresh product: owned at the head, kept in place
    acc = x
    for i in range(3):
        acc = acc * 0.5 + np.sum(w * acc)
    return acc


def test_spread_of_a_big_array_is_a_read_only_view():
    # (the premise: what the back edge may leave)
    assert not spread(1.5, BIG).flags.writeable
    assert spread(1.5, BIG[:4096]).flags.writeable


def _directional(f, args, k, v, h=1e-6):
    up, down = list(args), list(args)
    up[k], down[k] = args[k] + h * v, args[k] - h * v
    return (f(*up) - f(*down)) / (2 * h)


@pytest.mark.parametrize("fn", CASES + [shrinks_in_a_while, shrinks_checkpointed])
def test_a_carried_gradient_left_as_a_spread_is_added_to_out_of_place(fn):
    args = (0.3, BIG)
    v = np.random.default_rng(5).standard_normal(BIG.shape)
    want_x = numeric_grad(fn, args, 0)
    want_ys = _directional(fn, args, 1, v)
    every = ({}, {"verify": True}, {"optimize": False}, {"checkpoint": "sqrt"})
    for options in every[:3] if fn is shrinks_in_a_while else every:
        gx, gys = sd.grad(fn, wrt=(0, 1), **options)(*args)
        assert_close(gx, want_x)
        assert_close(float(np.dot(gys, v)), want_ys, rtol=1e-5)
    assert "b_g +=" not in sd.source(fn, wrt=(0, 1), args=args)


def test_an_owned_back_edge_keeps_the_update_in_place():
    args = (0.3, np.linspace(0.1, 0.9, 6))
    check_pipelines(weight_read_each_trip, args, (0, 1))
    assert "b_w +=" in sd.source(weight_read_each_trip, wrt=(0, 1), args=args)
