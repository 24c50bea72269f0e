# ruff: noqa: W293  (the sources below keep lines of spaces on purpose)
"""Functions whose source holds a multi-line string: a docstring of a method (indented,
so removing the indentation changes its text) and any triple-quoted string with a line
of spaces only (textwrap.dedent empties such lines) were refused as "changed since it
was imported", though nothing changed. The check that the source read is the code that
runs ignores the docstring (it does not change what the function computes), and the
source is dedented by removing the common margin only, so that a string's lines of
spaces keep their spaces and its value stays the one the code computes. Gradients
against central differences."""

import importlib
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad

SOURCE = '''import numpy as np


def blank_line_doc(w):
    """Loss.
    
    More text.
    """
    return np.sum(w ** 3)


def string_used(w):
    s = """a
  
b"""
    return np.sum(w ** 2) * len(s)


class Model:
    def __init__(self, c):
        self.c = c

    def loss(self, w):
        """The loss.

        Sums the squares, scaled by c.
        """
        return self.c * np.sum(w ** 2)


def outer(w):
    k = 2.0

    def inner(v):
        """Closes over k.

        Second paragraph.
        """
        return k * v ** 3
    return np.sum(inner(w))


def nested_string(w):
    def inner(v):
        s = """x
        y"""
        return v * len(s)
    return np.sum(inner(w) ** 2)
'''


def _load(tmp_path, monkeypatch, name, text):
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / f"{name}.py").write_text(text)
    monkeypatch.delitem(sys.modules, name, raising=False)
    return importlib.import_module(name)


@pytest.fixture
def mod(tmp_path, monkeypatch):
    return _load(tmp_path, monkeypatch, "docstring_source_mod", SOURCE)


@pytest.mark.parametrize("name", ["blank_line_doc", "string_used", "method", "outer",
                                  "nested_string"])
def test_multiline_strings_in_source(mod, name):
    w = np.array([0.5, -1.5, 2.0])
    fn = mod.Model(1.5).loss if name == "method" else getattr(mod, name)
    for df in (sd.grad(fn), sd.grad(fn, optimize=False)):
        np.testing.assert_allclose(df(w), numeric_grad(fn, (w,), 0), rtol=1e-6)
    _, t = sd.jvp(fn)(w, tangents=np.ones(3))
    np.testing.assert_allclose(t, np.sum(numeric_grad(fn, (w,), 0)), rtol=1e-6)


def test_string_keeps_its_spaces(mod):
    # the generated code computes len(s) with the string as written (6 characters)
    assert "len(s)" in sd.source(mod.string_used)
    w = np.array([1.0, 2.0])
    np.testing.assert_allclose(sd.grad(mod.string_used)(w), 2 * w * 6)


def test_written_module_keeps_the_string(tmp_path, monkeypatch):
    """The CLI copies a constant helper's source into the module: its string as written."""
    from srcdiff.cli import commands as cli
    from standalone_runner import run_standalone

    (tmp_path / "spaced.py").write_text(
        'import numpy as np\n\n\ndef count():\n    s = """a\n  \nb"""\n    return len(s)\n\n\n'
        'def f(w):\n    """Doc.\n    \n    """\n    return np.sum(w ** 2) * count()\n')
    monkeypatch.chdir(tmp_path)
    assert cli.main(["spaced.py:f", "-o", "out.py"]) == 0
    assert '"""a\n  \nb"""' in (tmp_path / "out.py").read_text()
    w = np.array([1.0, -2.0])
    np.testing.assert_allclose(run_standalone(tmp_path, tmp_path / "out.py", "grad_f", (w,)),
                               2 * w * 6)


COMMENTED = '''import numpy as np


class M:
    def __init__(self, w):
        self.w = w

    def loss(self, x):
        y = self.w * x
#        y = y + 1
        s = """a
#b"""
        return np.sum(y ** 2) * len(s)


def outer(x):
    def inner(y):
# old: return y
        return y ** 3
    return np.sum(inner(x))
'''


def test_comment_at_column_zero_in_an_indented_function(tmp_path, monkeypatch):
    """A commented-out line at column 0 inside a method (an editor's toggle) made the
    common margin empty, so the method's source did not parse ("unexpected indent"):
    comment lines do not count for the margin, and stay as they are."""
    mod = _load(tmp_path, monkeypatch, "commented_mod", COMMENTED)
    x = np.array([0.5, -1.5, 2.0])
    for fn in (mod.M(np.array([1.0, 2.0, -1.0])).loss, mod.outer):
        np.testing.assert_allclose(sd.grad(fn)(x), numeric_grad(fn, (x,), 0), rtol=1e-6)


LINES_AT_COLUMN_0 = '''import numpy as np


class M:
    def loss(self, x):
        """Loss.
continued at column 0, as older code writes docstrings
        """
        y = (x
* 2.0)
        return np.sum(y ** 2)


def outer(x):
    k = 1.0

    def inner(v):
        s = """a
        b"""
        return k * v * len(s)
    return np.sum(inner(x) ** 2)


def make(k):
    def loss(x):
        s = """a
        b"""
        return k * np.sum(x ** 2) * len(s)
    return loss
'''


def test_string_and_continuation_lines_at_column_zero(tmp_path, monkeypatch):
    """A method whose docstring (or a bracketed expression) continues at column 0: such
    lines do not count for the margin and stay as they are, so a string keeps its value
    (the nested function's `s` has 11 characters, its second line's 8 spaces kept)."""
    mod = _load(tmp_path, monkeypatch, "column0_mod", LINES_AT_COLUMN_0)
    x = np.array([0.5, -1.5, 2.0])
    for fn in (mod.M().loss, mod.outer):
        np.testing.assert_allclose(sd.grad(fn)(x), numeric_grad(fn, (x,), 0), rtol=1e-6)
    np.testing.assert_allclose(sd.grad(mod.outer)(x), 2 * 11 ** 2 * x)
    np.testing.assert_allclose(sd.grad(mod.make(3.0))(x), 2 * 3.0 * 11 * x)  # a closure
