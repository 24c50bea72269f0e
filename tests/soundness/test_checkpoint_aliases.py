"""Checkpointed loops restore a container's snapshot into the object the name held when the
snapshot was taken. Before, the contents went into whatever object the name held on the way
back, so another name holding the snapshot's object (``v = w`` before the loop, ``w`` read
by the backward sweep: the adjoint of ``np.tanh``) kept the contents the loop wrote: a
silently wrong gradient in "sqrt" and "binomial" modes (found by the independent random
family, seed 3232, index 32). reverse/checkpoint.py ``_state_tuple``. Oracle: central
differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def alias_then_nested(x, s):
    w = np.tanh(x * s)
    b = 1.0
    v = w
    for e1 in v:
        v[1:] += 0.5 * v[:-1]
    for i5 in range(3):
        for e6 in v:
            b += s * e6
            v = np.tanh(v[::-1])
            v[0] += 0.3
    return 0.5 * b + np.sum(v)


def alias_of_exp(x, s):
    w = np.exp(x * s)
    v = w
    for i in range(4):
        v[1:] = v[1:] * 0.5 + v[:-1]
    for i in range(3):
        v = np.tanh(v[::-1]) + s
        v[0] = v[0] * 2.0
    return np.sum(v)


X = np.array([0.68927251, -0.13056546, 0.69545527, -0.75468031, 0.80577602])


@pytest.mark.parametrize("f", [alias_then_nested, alias_of_exp])
@pytest.mark.parametrize("checkpoint", ["sqrt", "binomial", 2])
def test_checkpointed_alias(f, checkpoint):
    s = 0.4129460094994334
    got = sd.grad(f, wrt=(0, 1), checkpoint=checkpoint)(X.copy(), s)
    assert_close(got[0], numeric_grad(f, (X.copy(), s), 0))
    assert_close(got[1], numeric_grad(f, (X.copy(), s), 1))
    plain = sd.grad(f, wrt=(0, 1))(X.copy(), s)
    assert_close(got[0], plain[0])
