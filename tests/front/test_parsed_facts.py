"""Facts of the parsed user function kept between stages (front/parse.py
``Parsed.all_names``): the names its tree holds, walked once per compilation instead of
by each of half a dozen stages.

Invariant: the tree is not changed in place once the names were asked (a new tree put in
``parsed.node`` is asked again). Check mode (``SRCDIFF_CHECK_FACTS=1``) walks again at
every question and raises on a difference: here it runs over the whole corpus in every
pipeline, and a change made after the question is shown to be caught.
"""

from types import SimpleNamespace

import numpy as np
import pytest

import srcdiff as sd
from corpus import CASES
from srcdiff.compiler.front.parse import parse_function
from srcdiff.compiler.ir import syntax as S
from srcdiff.errors import InternalError

PIPELINES = ({}, {"optimize": False}, {"verify": True}, {"mode": "forward"})


def _source(case, check, monkeypatch, **kw):
    monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "1" if check else "0")
    return str(sd.source(case.fn, case.wrt, args=case.args, **kw))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_corpus_in_check_mode(case, monkeypatch):
    """No stage changes the parsed tree after its names were kept (check mode raises
    InternalError otherwise), and the code is the code made without the checks."""
    for kw in PIPELINES:
        try:
            checked = _source(case, True, monkeypatch, **kw)
        except sd.SrcdiffError as e:
            assert not isinstance(e, InternalError)
            continue  # refused (the same way without the checks: not compared)
        assert checked == _source(case, False, monkeypatch, **kw)


def _renamed_locals(x):
    grad_ys = x * 2.0  # renamed in place before the names are first asked (renames.py)
    return np.sum(grad_ys * x)


def test_renamed_locals_in_check_mode(monkeypatch):
    monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "1")
    x = np.linspace(0.1, 1.0, 4)
    assert np.allclose(sd.grad(_renamed_locals)(x), 4.0 * x)


def _f(x, y):
    t = x * y
    return np.sum(t)


def test_a_change_after_the_question_is_caught(monkeypatch):
    """A name changed in place after ``all_names``: check mode raises; without it the kept
    answer is the stale one (which is why no stage may change the tree in place)."""
    for check in ("1", "0"):
        monkeypatch.setenv("SRCDIFF_CHECK_FACTS", check)
        parsed = parse_function(_f)
        assert parsed.all_names() == {"x", "y", "t", "np"}
        target = parsed.node.body[0].targets[0]
        target.id = "u"
        if check == "1":
            with pytest.raises(InternalError, match="changed after"):
                parsed.all_names()
        else:
            assert "t" in parsed.all_names() and "u" not in parsed.all_names()


def test_a_new_tree_is_asked_again(monkeypatch):
    """A tree put in place of the parsed one (signatures.py lowers ``*args`` so) gets its
    own names, in both modes."""
    for check in ("1", "0"):
        monkeypatch.setenv("SRCDIFF_CHECK_FACTS", check)
        parsed = parse_function(_f)
        assert "t" in parsed.all_names()
        node = S.copy(parsed.node)
        node.body[0].targets[0].id = "u"
        parsed.node = node
        assert parsed.all_names() == {"x", "y", "t", "u", "np"}


def _generator_loop(x, xs):
    z = 0.0
    for v in (x * w + 0.5 * t for t, w in enumerate(xs)):  # (rewritten as loops: lazy.py)
        z = z + v * v
    g = (x * w for w in xs if w > 0.0)  # (a named generator moved into its loop)
    for u in g:
        z = z + u
    return z


def test_generator_loops_leave_the_parsed_tree_as_written(monkeypatch):
    """lazy.py rewrites ``for v in (... for t in ...)`` into the loops it runs, renaming the
    generator's variables: on a copy, not the parsed tree whose names were kept (in check
    mode it raised InternalError, "the names of '_generator_loop' changed"). The gradient
    against the closed form d/dx sum((x w_t + t/2)^2) + sum(w > 0) = sum(2 w (x w + t/2)) +
    sum(w[w > 0]), and the parsed tree unchanged by normalizing."""
    from srcdiff.compiler.front.normalize import normalize
    xs = np.array([0.5, -1.5, 2.0, 0.25])
    t = np.arange(4)
    want = np.sum(2 * xs * (0.7 * xs + 0.5 * t)) + np.sum(xs[xs > 0])
    monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "1")
    for kw in ({}, {"optimize": False}, {"verify": True}):
        assert np.isclose(sd.grad(_generator_loop, **kw)(0.7, xs), want, rtol=1e-12)
    parsed = parse_function(_generator_loop)
    before = S.dump(parsed.node)
    parsed.all_names()
    normalize(parsed, ())
    assert S.dump(parsed.node) == before
    parsed.all_names()  # (check mode: raises where the tree changed)


def _generator_pairs(v, w):
    def pairs(u):
        for j in range(len(u) - 1):
            yield u[j], u[j + 1]
    return sum(a * b for a, b in pairs(v)) + np.sum(w * w)


@pytest.mark.parametrize("kw", PIPELINES, ids=str)
def test_a_nested_generator_in_check_mode(kw, monkeypatch):
    # front/generators.py rewrites the generator's body in place (a list `yielded`): the
    # names kept before are asked again (check mode raised InternalError on the parent)
    v, w = np.array([0.5, -1.0, 2.0]), np.array([1.5, 0.25])
    case = SimpleNamespace(fn=_generator_pairs, wrt=(0, 1), args=(v, w))
    checked = _source(case, True, monkeypatch, **kw)
    assert checked == _source(case, False, monkeypatch, **kw)
    monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "1")
    expected = (np.array([-1.0, 2.5, -1.0]), 2 * w)
    for got, want in zip(sd.grad(_generator_pairs, wrt=(0, 1))(v, w), expected):
        np.testing.assert_allclose(got, want, rtol=1e-12)
