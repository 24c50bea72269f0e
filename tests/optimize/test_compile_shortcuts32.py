"""Issue 16 (compile time), session 32: passes that skip a slow visit of a tree it would
leave as it is, each compared with the visit it skips on the corpus (the generated source
is the same text with and without the shortcut; bench/compile_sources.py checks the same
over the corpus, compile_scale's families and fuzz drafts in four pipelines).

* ``planes._holds_rewrite``: planewise_ops's transformer visits only the assignment values
  that hold an operation it rewrites.
* ``parts._may_reuse``: reuse_parts visits a value only when a key its visit may look up
  names a part kept.
* ``parse.dedent_margin`` returns a text whose first line starts a statement at column 0
  as it is, without tokenizing it: what the full computation returns.
* (no test of their own: ``sharing.Sharing.loops`` lists the ``for`` loops through
  ``dataflow.in_walk_order``, which test_compile_shortcuts.py compares with ``gast.walk``;
  ``objects.bound_by_definitions`` walks children with ``dataflow.children``, a set.)
"""

import numpy as np
import pytest

import corpus
import srcdiff as sd
from sourcefiles import load_function
from srcdiff.compiler.front import parse
from srcdiff.compiler.ir import code_identity
from srcdiff.compiler.optimize import parts, planes

PAIRS = """
import numpy as np


def f(pos, m, g):
    p = pos[:, None, :]
    d = p - pos[None, :, :]
    r2 = np.sum(d ** 2, axis=-1) + 0.1
    e = np.sum(m[:, None] * m[None, :] / np.sqrt(r2))
    u = d * g + pos[:, None, :] * 0.5
    q = u / (m[:, None, None] + 2.0)
    return e + np.sum(q * d) / np.sum(m / (g[0] + 3.0))
"""


def _sources(cases):
    out = []
    for fn, wrt, args in cases:
        for options in ({}, {"verify": True}):
            try:
                out.append(str(sd.source(fn, wrt, args=args, **options)))
            except Exception as e:  # (a refusal is part of the output)
                out.append("ERROR %s: %s" % (type(e).__name__, e))
    return out


def _cases():
    rng = np.random.default_rng(0)
    pairs = (rng.standard_normal((6, 3)), rng.uniform(0.5, 1.5, 6), rng.standard_normal(3))
    return [(c.fn, c.wrt, c.args) for c in corpus.CASES] + [
        (load_function(PAIRS, "f"), (0, 1, 2), pairs)]


@pytest.mark.parametrize("shortcut", ["planes", "parts"])
def test_skipped_visits_change_nothing(monkeypatch, shortcut):
    answers = []
    module, name = (planes, "_holds_rewrite") if shortcut == "planes" else (parts, "_may_reuse")
    asked = getattr(module, name)

    def noted(*args):
        answers.append(asked(*args))
        return answers[-1]

    monkeypatch.setattr(module, name, noted)
    quick = _sources(_cases())
    assert True in answers and False in answers  # (both kinds of values were met)
    monkeypatch.setattr(module, name, lambda *args: True)  # (the plain way: always visited)
    assert _sources(_cases()) == quick


COLUMN_0 = [
    "def f(x):\n    return x\n",
    '@dec\ndef f(x):\n    s = """a\n  b"""\n  # comment\n    return (x +\n  1)\n',
    'def f(x):\n    """doc\ncontinued at column 0"""\n    return x\n',
    "def f(x):\n    return x\n    )\n",  # (not tokenizable)
    "x = 1\n  \n\tdef g():\n",
    "lambda x: x\n",
]


@pytest.mark.parametrize("text", COLUMN_0)
def test_no_margin_is_the_full_computation(text):
    assert parse.dedent_margin(text) == code_identity._dedented(text) == text


def test_indented_text_is_still_dedented():
    text = '    def f(x):\n        s = """a\n  b"""\n        return s\n'
    assert parse.dedent_margin(text) == 'def f(x):\n    s = """a\n  b"""\n    return s\n'
