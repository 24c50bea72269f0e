"""``np.where(c, x, y)`` and ``np.clip(a, lo, hi)`` have their three operands' broadcast
shape (activity.py), so a float rebound by ``*=`` with a clip or a where of floats is known
to be a number: accepted and differentiated, not refused as a change in place of a value
another name holds. A 0-d array argument still is (``*=`` changes it in place)."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.analysis.activity import analyze
from srcdiff.compiler.analysis.facts import arg_fact
from srcdiff.compiler.analysis.ops import is_user_function
from srcdiff.compiler.emit.reserved import RESERVED
from srcdiff.compiler.front.normalize import normalize
from srcdiff.compiler.front.parse import parse_function
from srcdiff.rules import DEFAULT


def scaled_by_its_clip(x, y):
    t = x if x < -1.44 else y  # t may be y's object
    y *= np.clip(abs(y), -1.0, 1.0)
    return np.abs(y) ** 1.5 + 0.66 * t


def scaled_by_a_where(x, y):
    t = y
    y *= np.where(y > 0.5, y, 0.5)
    return y * x + t


@pytest.mark.parametrize("f", [scaled_by_its_clip, scaled_by_a_where])
def test_a_float_rebound_by_a_clip_or_where_of_itself(f):
    for wrt in (0, 1):
        want = numeric_grad(f, (0.3, 0.7), wrt)
        for options in ({}, {"verify": True}, {"optimize": False}):
            assert_close(sd.grad(f, wrt, **options)(0.3, 0.7), want)


@pytest.mark.parametrize("f", [scaled_by_its_clip, scaled_by_a_where])
def test_a_zero_d_array_argument_is_still_refused(f):
    with pytest.raises(sd.SrcdiffError, match="in place"):
        sd.grad(f, 0)(0.3, np.array(0.7))


def where_and_clips(v, s):
    a = np.where(v > 0, v, s)
    b = np.clip(s, -1.0, 1.0)
    c = np.clip(v, None, s)
    return a, b, c


def test_broadcast_patterns():
    parsed = parse_function(where_and_clips)
    anf, _ = normalize(parsed, RESERVED, set())
    facts = {"v": arg_fact(np.ones(3)), "s": arg_fact(0.5)}
    a = analyze(anf, parsed, DEFAULT, is_user_function, ["v", "s"], (), facts)
    assert a.shapes["a"] == a.shapes["v"] and len(a.shapes["a"]) == 1
    assert a.shapes["b"] == ()
    assert a.shapes["c"] is None  # a None bound: not known
