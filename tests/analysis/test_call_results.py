"""The facts of what a called user function returns (compiler/analysis/returns.py).

The caller learns the kind and shape pattern of a call's result from the callee's own
analysis (a returned tuple: each entry's), so ``unbroadcast`` of gradients of call
results goes where the shapes cannot broadcast; recursion keeps a guess only when it is
a fixed point. Each case: what the generated code shows, and the gradient against
central differences in reverse mode, forward mode and with verification.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.analysis import returns

rng = np.random.default_rng(3)


def code(f, args, wrt=0):
    src = sd.source(f, wrt, args=args)
    return "\n".join(line for line in src.splitlines() if not line.strip().startswith("#"))


def check_all(f, args, wrt=0):
    want = numeric_grad(f, args, wrt)
    for options in ({}, {"verify": True}, {"optimize": False}):
        assert_close(sd.grad(f, wrt, **options)(*args), want)
    x = args[wrt]
    t = rng.standard_normal(np.shape(x))
    _, d = sd.jvp(f, wrt)(*args, tangents=t)
    assert_close(d, np.sum(want * t))


def _squash(v):
    return 1.0 / (1.0 + np.exp(-v))


def _cell(w, h, c):
    gate = _squash(h * w)
    c = c * gate + np.tanh(h)
    return np.tanh(c) * gate, c


def cell_steps(w, h, c):
    for _ in range(3):
        h, c = _cell(w, h, c)
    return np.sum(h * h) + np.sum(c)


def test_the_entries_of_a_returned_tuple_have_their_shapes():
    args = (rng.standard_normal(5), rng.standard_normal(5), rng.standard_normal(5))
    src = code(cell_steps, args)
    body = src[src.index("def bwd__cell"):src.index("def grad_cell_steps")]
    assert "unbroadcast" not in body
    check_all(cell_steps, args)


def test_a_call_result_that_broadcasts_keeps_its_unbroadcast():
    # _squash(h * w) of a (3, 1) and a (4,): the gate is (3, 4), c (4,) broadcasts up
    args = (rng.standard_normal(4), rng.standard_normal((3, 1)), rng.standard_normal(4))
    src = code(cell_steps, args)
    assert "unbroadcast" in src[src.index("def bwd__cell"):src.index("def grad_cell_steps")]
    check_all(cell_steps, args)


def chain(x, n):
    """x's shape at every depth: a fixed point."""
    return x if n == 0 else 0.5 * x + np.sin(chain(x, n - 1)) * x


def recursion(x):
    total = np.sum(chain(x, 6))
    return total


def test_a_recursive_result_has_the_shape_of_its_fixed_point():
    args = (np.linspace(0.1, 0.9, 5),)
    src = code(recursion, args)
    assert "unbroadcast" not in src
    check_all(recursion, args)


def shrinking(x, n):
    if n == 0:
        return np.sum(x)  # a scalar at the bottom, x's shape above it: no fixed point
    return shrinking(x, n - 1) * x


def test_a_recursion_whose_shape_changes_with_depth_stays_unknown():
    args = (np.linspace(0.1, 0.9, 4),)
    f = lambda x: np.sum(shrinking(x, 3))  # noqa: E731
    src = code(lambda x: np.sum(shrinking(x, 3)), args)
    assert "unbroadcast" in src
    check_all(f, args)


def widening(x, n):
    if n == 0:
        return x  # x's shape at the bottom, a scalar above it: no fixed point
    return np.sum(widening(x, n - 1) * x)


def test_a_first_guess_that_is_not_a_fixed_point_is_not_kept():
    """The first guess (x's shape) fails: the body returns a scalar under it too."""
    args = (np.linspace(0.1, 0.9, 4),)
    f = lambda x: np.sum(widening(x, 3) * x)  # noqa: E731
    assert "unbroadcast" in code(f, args)
    check_all(f, args)


def _ping(x, n):
    if n == 0:
        return x
    return _pong(x, n - 1) * 2.0


def _pong(x, n):
    if n == 0:
        return np.sum(x)
    return np.sin(_ping(x, n - 1)) + x


def mutual(x):
    return np.sum(_ping(x, 5)) + np.sum(_pong(x, 4))


def test_mutual_recursion_is_sound():
    args = (np.linspace(-0.5, 0.7, 3),)
    check_all(mutual, args)


def test_no_fixed_point_within_the_rounds_is_unknown():
    """A guess that keeps changing gives up after ROUNDS analyses (none is kept)."""
    assert returns.ROUNDS >= 2
    args = (np.linspace(0.1, 0.9, 4),)
    check_all(lambda x: np.sum(shrinking(x, 5)), args)


@pytest.mark.parametrize("n", [0, 1, 4])
def test_recursion_depths_including_the_base_case(n):
    args = (np.linspace(0.2, 0.8, 3),)
    check_all(lambda x: np.sum(chain(x, n)), args)


def layers(w, state):
    for _ in range(2):
        rows = []
        for i in range(2):
            h, c = _cell(w, state[2 * i], state[2 * i + 1])
            rows.append(h)
            rows.append(c)
        state = np.stack(rows)
    return np.sum(state * state)


def test_a_list_only_appended_to_and_stacked_has_its_entries_shape():
    """np.stack(rows) of rows of x's shape keeps state's rows of that shape around the
    loop, so the cell's results (and their gradients) need no unbroadcast."""
    args = (rng.standard_normal(5), rng.standard_normal((4, 5)))
    src = code(layers, args)
    assert "unbroadcast" not in src
    check_all(layers, args)


def layers_read_otherwise(w, state):
    for k in range(3):
        rows = []
        h, c = _cell(w, state[0], state[1])
        rows.append(h)
        rows.append(c)
        rows.append(w[:1])  # an entry of another shape, and a slice reads the list
        state = np.stack(rows[:2]) * (k + 1.0)
    return np.sum(state * state)


def test_a_list_read_otherwise_or_with_other_entries_is_not_known():
    args = (rng.standard_normal(5), rng.standard_normal((4, 5)))
    assert "unbroadcast" in code(layers_read_otherwise, args)
    check_all(layers_read_otherwise, args)


def shifted_sum(x):
    total = 0.0
    for i in range(x.shape[0] - 1):
        total = total + x[i + 1] * x[i]
    return total


def test_an_int_temporary_is_recomputed_not_saved():
    args = (rng.standard_normal(6),)
    src = code(shifted_sum, args)
    assert "_stack" not in src
    check_all(shifted_sum, args)
