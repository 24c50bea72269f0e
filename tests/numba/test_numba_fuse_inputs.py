"""backend="numba": a fused group's member that rebinds one of the group's inputs.

A group (numba_fuse.py) holding ``b_x = add_into(b_x, b_sum1)``, with ``b_x`` an array
made before the group (the adjoint of ``np.cumsum``, of ``np.linalg.norm``) and ``b_sum1``
a number (the adjoint of a scalar ``np.sum(x)`` times another scalar), was written as a loop
that made its new ``b_x = np.empty(n)`` first and then read element i of that new array
instead of the input's: a silently wrong gradient (``norm(x) * sum(x) + sum(cumsum(x))``:
[4.24, 4.43, 6.73, 7.41, 7.92] where [8.24, 6.43, 6.73, 5.41, 3.92] is right; found by
helper nbfix44). The loop now gives such a member a name of its own
(numba_fuse_ssa.for_loop), as it did for augmented assignments and first contributions."""

import numpy as np
import pytest

from numba_agree import agree

pytest.importorskip("numba")


def norm_sum_cumsum(x):
    return np.linalg.norm(x) * np.sum(x) + np.sum(np.cumsum(x, axis=0))


def norm_sum_roll(x):
    w = np.array([0.3, -1.0, 2.0, 0.5, 1.5])
    return np.linalg.norm(x) * np.sum(x) + np.sum(np.roll(x, 1) * w)


def max_sum_flip(x):
    return np.max(x) * np.sum(x) + np.sum(np.flip(x) * np.arange(5.0))


def mean_norm_tanh(x):
    return np.mean(x) * np.linalg.norm(x) + np.sum(np.tanh(x) ** 2)


def two_scalars(x):
    s = np.sum(x * x)
    t = np.sum(np.sin(x))
    return s * t + np.sum(np.cumsum(x))


def matrix_rows(a):
    return np.sum(a) * np.linalg.norm(a) + np.sum(np.cumsum(a, axis=1))


CASES = [(norm_sum_cumsum, (5,)), (norm_sum_roll, (5,)), (max_sum_flip, (5,)),
         (mean_norm_tanh, (5,)), (two_scalars, (6,)), (matrix_rows, (3, 4))]


@pytest.mark.parametrize("fn, shape", CASES, ids=[c[0].__name__ for c in CASES])
def test_a_member_rebinding_an_input(fn, shape):
    x = np.random.default_rng(44).uniform(-2.0, 2.0, shape)
    agree(fn, (x,), (0,))
