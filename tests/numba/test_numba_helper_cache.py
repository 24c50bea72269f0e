"""srcdiff's numba helpers are cached on disk by numba (compiler/emit/numba_helpers.py): a
process compiling a gradient it has not compiled before compiles the gradient only, and
its numbers are those of the NumPy backend and of central finite differences."""

import os
import subprocess
import sys

import pytest

from paths import ROOT

pytest.importorskip("numba")

_CHILD = """
import sys
import numpy as np
from numba.core import event
import srcdiff as sd
from fd import numeric_grad

def {name}(w, x, n):
    s = 0.0
    for i in range(n):
        x = np.tanh(w * x + {shift})
        s = s + np.sum(x * x)
    return s

args = (0.7, np.linspace(-1.0, 1.0, 5), 4)
with event.install_recorder("numba:compile") as rec:
    got = sd.grad({name}, backend="numba")(*args)
assert abs(got - sd.grad({name})(*args)) <= 1e-12 * abs(got), got
assert abs(got - numeric_grad({name}, args, 0)) <= 1e-6 * abs(got), got
names = set()
for _, e in rec.buffer:
    if e.is_start:
        py = getattr(e.data["dispatcher"], "py_func", None)
        names.add(getattr(py, "__module__", "") or "")
print(sorted(names))
"""


def _child(tmp_path, name, shift):
    env = dict(os.environ, SRCDIFF_NUMBA_CACHE_DIR=str(tmp_path / name),
               NUMBA_CACHE_DIR=str(tmp_path / "numba"),
               PYTHONPATH=os.pathsep.join([ROOT, os.path.join(ROOT, "tests", "support")]))
    script = tmp_path / f"{name}.py"  # (srcdiff reads the function's source file)
    script.write_text(_CHILD.format(name=name, shift=shift))
    out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1]


def test_a_new_gradient_in_a_new_process_compiles_without_the_helpers(tmp_path):
    helpers = "'srcdiff.compiler.emit.numba_helpers'"
    first = _child(tmp_path, "first", 0.5)
    assert helpers in first  # compiled (into NUMBA_CACHE_DIR)
    second = _child(tmp_path, "second", -0.25)  # another gradient: not in srcdiff's cache
    assert helpers not in second and "srcdiff.compiler.emit.numba_math" not in second
    assert second != "[]"  # (the gradient itself was compiled)
