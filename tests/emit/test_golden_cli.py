"""Standalone modules written by the command line, byte for byte (tests/golden/cli/).

Covers every sample that declares ``SRCDIFF_TARGETS`` (see tests/support/cli_targets.py):
``tests/cli_samples/X.py`` -> ``tests/golden/cli/cli_samples/X.py`` and
``samples/X.py`` -> ``tests/golden/cli/samples/X.py``. Each golden file is what
``srcdiff FILE.py -o GOLDEN`` writes (run from the repository root), so
``srcdiff check FILE.py -o GOLDEN`` passes too. ``make golden`` rewrites them
(see golden_cases.regenerate); review the diff. test_golden_numeric.py runs them.
"""

import difflib
import os

import pytest

import cli_targets
from cli_targets import ROOT
from golden_cases import regenerate
from srcdiff.cli import commands as cli

FILES = cli_targets.sample_files()


@pytest.mark.parametrize("relpath", FILES)
def test_golden_standalone_module(monkeypatch, relpath):
    monkeypatch.chdir(ROOT)
    golden = cli_targets.golden_path(relpath)
    text = cli.render([relpath, "-o", golden])
    assert text == cli.render([relpath, "-o", golden]), "same input, different bytes"
    if regenerate():
        os.makedirs(os.path.dirname(golden), exist_ok=True)
        cli.write_atomic(golden, text)
    assert os.path.exists(golden), f"missing golden file {golden}: run `make golden`"
    with open(golden, "rb") as f:
        expected = f.read()
    if text.encode("utf-8") != expected:
        diff = "".join(difflib.unified_diff(
            expected.decode("utf-8", "replace").splitlines(True), text.splitlines(True),
            fromfile=golden, tofile="regenerated", n=1))
        pytest.fail(f"{golden} is stale; run `make golden` and review the diff:\n{diff[:4000]}")
    assert cli.main(["check", relpath, "-o", golden]) == 0


def test_every_golden_file_has_a_sample():
    """A golden file whose sample disappeared (or lost its SRCDIFF_TARGETS) is an error."""
    expected = {cli_targets.golden_path(r) for r in FILES}
    present = set()
    base = os.path.join(ROOT, cli_targets.GOLDEN_DIR)
    for directory, _, names in os.walk(base):
        for name in names:
            if name.endswith(".py"):
                rel = os.path.relpath(os.path.join(directory, name), ROOT)
                present.add(rel.replace(os.sep, "/"))
    assert present <= expected, f"golden files without a sample: {sorted(present - expected)}"
