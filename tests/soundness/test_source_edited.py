"""A user's function whose file was edited in place after the import is refused.

srcdiff differentiates a function from its source text. When the file changed after the
import, the text at the function's place is compiled again and compared with the running
code (srcdiff/compiler/ir/code_identity.py). The comparison used to look at names, locals
and constants only: ``x * y`` edited to ``x + y`` passed, and the gradient of the new text
was returned for the old function (f = x * x, edited to x + x: 2.0 where 6.0 is right).
Each edit below keeps every name and constant and was missed that way, or moves a
statement into or out of a branch or a loop (the same instructions in the same order:
only the jumps differ).
"""

import importlib
import sys

import pytest
from support import fd

import srcdiff as sd

SOURCE = '''import numpy as np


def f(x, y):
    """A docstring."""
    s = x * y
    if s > 0.5:
        s = s - y
        s = s * x
    for k in range(3):
        s = s + np.sin(x)
        s = s * y
    return np.sum(s)
'''

EDITS = {
    "operator": ("s = x * y", "s = x + y"),
    "operands swapped": ("s = s - y", "s = y - s"),
    "comparison": ("if s > 0.5:", "if s < 0.5:"),
    "negated test": ("if s > 0.5:", "if not s > 0.5:"),
    "out of the branch": ("        s = s * x\n", "    s = s * x\n"),
    "out of the loop": ("        s = s * y\n", "    s = s * y\n"),
}


@pytest.fixture
def load(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))

    def load(name):
        path = tmp_path / f"{name}.py"
        path.write_text(SOURCE)
        monkeypatch.delitem(sys.modules, name, raising=False)
        return importlib.import_module(name), path
    return load


def _write(path, text):
    path.write_text(text)
    import linecache
    linecache.checkcache()
    sd.api.invalidate()


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_an_edit_in_place_is_refused(load, edit):
    module, path = load("edited_" + edit.replace(" ", "_"))
    old, new = EDITS[edit]
    assert SOURCE.count(old) == 1
    _write(path, SOURCE.replace(old, new))
    for grad in (sd.grad(module.f, wrt=(0, 1)),
                 sd.grad(module.f, wrt=(0, 1), optimize=False)):
        with pytest.raises(sd.SrcdiffError, match="changed since it was imported"):
            grad(0.7, 0.9)


@pytest.mark.parametrize("edit", ["none", "comment", "docstring indented", "blank lines"])
def test_an_edit_that_changes_no_code_is_differentiated(load, edit):
    module, path = load("unedited_" + edit.replace(" ", "_"))
    text = {"none": SOURCE,
            "comment": SOURCE.replace("    s = x * y\n", "    s = x * y  # the product\n"),
            "docstring indented": SOURCE.replace('"""A docstring."""',
                                                 '"""A docstring.\n\n    More.\n    """'),
            "blank lines": SOURCE.replace("    for k", "\n    for k")}[edit]
    _write(path, text)
    x, y = 0.7, 0.9
    got = sd.grad(module.f, wrt=(0, 1))(x, y)
    expected = tuple(fd.numeric_grad(module.f, (x, y), k) for k in (0, 1))
    fd.assert_close(got, expected)
