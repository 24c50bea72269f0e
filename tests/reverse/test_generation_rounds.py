"""The fixpoint of the reverse generator (adjoint.Reverse.run): a round whose plan of saves
is the last round's, and whose every question to ``needed`` the last round asked gets the
same answer, makes the last round's code, so it is not generated again (state.Needed
records the questions). Checked: how many rounds run, that the code is the code every
round would make, and gradients against central differences in every pipeline."""

import types

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.reverse import adjoint
from srcdiff.compiler.reverse.state import Needed


def no_overwrites(x, w):
    h = np.tanh(x * w)
    s = np.sum(h * h)
    return s * np.sum(np.sin(x))


def overwrites(x, w):
    h = np.tanh(x * w)
    h = np.sin(h) * x  # the first h is read by the adjoint of this line: saved
    return np.sum(h * w)


def in_a_loop(x, w):
    h = x
    for _ in range(3):
        h = np.cos(h) * w
    return np.sum(h)


@pytest.fixture
def rounds(monkeypatch):
    count = [0]
    real = adjoint.Reverse._sweeps

    def counting(self, *args):
        count[0] += 1
        return real(self, *args)

    monkeypatch.setattr(adjoint.Reverse, "_sweeps", counting)
    return count


@pytest.mark.parametrize("f, expected", [(no_overwrites, 1), (overwrites, 2), (in_a_loop, 2)])
def test_a_round_that_would_repeat_the_last_is_skipped(f, expected, rounds):
    """Without saves the first round (nothing known to be needed) already makes the final
    code; a save learned from the first round's reads takes a second."""
    x, w = np.linspace(-0.8, 0.9, 5), np.linspace(0.4, 1.3, 5)
    text = sd.source(f, (0, 1), args=(x, w))
    assert rounds[0] == expected
    for options in ({}, {"verify": True}, {"optimize": False}):
        got = sd.grad(f, (0, 1), **options)(x, w)
        for k in (0, 1):
            assert_close(got[k], numeric_grad(f, (x, w), k))
    if f is overwrites:
        assert "h1 = h" in text or "_h" in text  # the overwritten value is kept


def test_the_skipped_round_would_make_the_same_code(monkeypatch):
    """Forcing every round to generate (as before the skip) gives the same source."""
    x, w = np.linspace(-0.8, 0.9, 5), np.linspace(0.4, 1.3, 5)
    texts = {f: sd.source(f, (0, 1), args=(x, w)) for f in (no_overwrites, overwrites)}

    rounds = [0]
    real = adjoint.Reverse._sweeps

    def counting(self, *args):
        rounds[0] += 1
        return real(self, *args)

    monkeypatch.setattr(adjoint.Reverse, "_sweeps", counting)
    monkeypatch.setattr(Needed, "agree", staticmethod(lambda asked, old, new: False))
    for f, text in texts.items():
        rounds[0] = 0
        fresh = types.FunctionType(f.__code__, f.__globals__, f.__name__)  # (not cached)
        assert sd.source(fresh, (0, 1), args=(x, w)) == text
        assert rounds[0] >= 2  # (the rounds the fixpoint skipped, made again)


def test_needed_answers_only_what_it_records():
    needed = Needed({"a", "b"})
    assert "a" in needed and "c" not in needed
    assert needed & {"b", "d"} == {"b"} and {"a", "e"} & needed == {"a"}
    assert needed.asked == {"a", "c", "b", "d", "e"}
    with pytest.raises(TypeError):
        list(needed)  # no question goes unrecorded
    with pytest.raises(TypeError):
        needed | {"x"}
