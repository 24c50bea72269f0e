"""Which functions the command-line tests sweep: every declared target of every sample.

A sample file declares what to differentiate with a module-level literal dict,
the same one the command line reads (``srcdiff FILE.py`` compiles every entry)::

    SRCDIFF_TARGETS = {"loss": ("w", "b"), "energy": "x"}   # function -> wrt

and, for the finite-difference test, example arguments per function (a tuple,
or a function of no arguments returning one)::

    SRCDIFF_EXAMPLES = {"loss": (w0, b0, x, y)}

Files swept: ``tests/cli_samples/*.py`` and ``samples/*.py``. Targets are read
from the file's text (``ast.literal_eval``), so collection never imports a sample.
"""

import ast
import glob
import importlib.util
import itertools
import os

from paths import ROOT

SAMPLE_DIRS = ("tests/cli_samples", "samples")
GOLDEN_DIR = "tests/golden/cli"

_counter = itertools.count()


def declared(relpath):
    """The SRCDIFF_TARGETS dict of a file (relative to the repo root), or None."""
    with open(os.path.join(ROOT, relpath), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "SRCDIFF_TARGETS" for t in node.targets):
            return ast.literal_eval(node.value)
    return None


def sample_files():
    """Repo-relative paths of every sample file that declares SRCDIFF_TARGETS, sorted."""
    out = []
    for d in SAMPLE_DIRS:
        for path in sorted(glob.glob(os.path.join(ROOT, d, "*.py"))):
            rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
            if declared(rel):
                out.append(rel)
    return out


def targets():
    """[(relpath, function name, wrt)] for every declared target."""
    return [(rel, func, wrt) for rel in sample_files() for func, wrt in declared(rel).items()]


def golden_path(relpath):
    """``samples/mlp.py`` -> ``tests/golden/cli/samples/mlp.py`` (repo-relative)."""
    directory, name = os.path.split(relpath)
    return f"{GOLDEN_DIR}/{os.path.basename(directory)}/{name}"


def load(relpath):
    """Import a sample file under a fresh module name."""
    name = f"cli_sample_{next(_counter)}"
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, relpath))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
