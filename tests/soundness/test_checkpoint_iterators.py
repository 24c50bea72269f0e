"""A checkpointed loop that takes items from an iterator with ``next``.

Like a random draw (test_checkpoint_random_draws.py), ``next(it)`` changes state that a
snapshot does not keep: a segment run again on the way back took later items, and the
gradient came out wrong with no error (0.455 for 0.907 with checkpoint="sqrt"), or the
iterator ran out (StopIteration from generated code). Refused with the line; without
checkpointing the gradient is right.
"""

import itertools

import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def from_a_list_iterator(x0, s):
    it = iter([0.1, -0.3, 0.5, 0.2, -0.1, 0.4, 0.9, -0.8, 0.7, 0.3, 0.3, 0.3])
    x = x0
    for _ in range(6):
        x = x - 0.1 * x ** 3 + s * next(it)
    return x ** 2


def from_a_cycle(x0, s):
    it = itertools.cycle([0.1, -0.3, 0.5, 0.25])
    x = x0
    for _ in range(6):
        x = x - 0.1 * x ** 3 + s * next(it)
    return x ** 2


def _forcing():
    v = 0.1
    while True:
        v = -v * 1.5
        yield v


def from_a_generator(x0, s):
    g = _forcing()
    x = x0
    for _ in range(6):
        x = x - 0.1 * x ** 3 + s * next(g)
    return x ** 2


def exhausted(x0, s):
    it = iter([0.1, -0.3, 0.5, 0.2, -0.1, 0.4])
    x = x0
    for _ in range(6):
        x = x - 0.1 * x ** 3 + s * next(it)
    return x ** 2


CASES = [from_a_list_iterator, from_a_cycle, from_a_generator, exhausted]


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("checkpoint", ["sqrt", 2])
def test_refused_when_checkpointed(f, checkpoint):
    with pytest.raises(sd.SrcdiffError, match="next item of an iterator") as info:
        sd.grad(f, wrt=(0, 1), checkpoint=checkpoint)(0.5, 0.7)
    assert "test_checkpoint_iterators.py" in str(info.value)


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
def test_right_without_checkpointing(f):
    args = (0.5, 0.7)
    got = sd.grad(f, wrt=(0, 1))(*args)
    for k in range(2):
        assert_close(got[k], numeric_grad(f, args, k))
