"""SRCDIFF_NUMBA_OPT (compiler/emit/numba_opt.py): srcdiff's generated modules optimized at a
lower LLVM level, numba's own and srcdiff's helpers at numba's; the gradients the same
numbers (checked against the NumPy backend and central finite differences)."""

import json
import os
import subprocess
import sys

import pytest

from paths import ROOT

numba = pytest.importorskip("numba")

CASES = """import numpy as np

DX, DT = 0.1, 0.002


def stencil(u0, nu, target, steps):
    u = u0
    for t in range(steps):
        un = u.copy()
        lap = u[2:] - 2 * u[1:-1] + u[:-2]
        un[1:-1] = u[1:-1] + nu * DT * lap - DT * u[1:-1] * (u[2:] - u[:-2])
        u = un
    return np.sum((u - target) ** 2)


def recurrence(a, x0, n):
    x = x0
    for i in range(n):
        x = a * np.sin(x) + 0.1 * x * x
    return x
"""

CHILD = r"""
import json, numpy as np
import srcdiff as sd
from numba.core import config
from srcdiff.compiler.emit import numba_opt
from tests.support.fd import numeric_grad
from opt_cases import recurrence, stencil

seen = []

def run():
    out = {}
    u = np.sin(np.linspace(0.0, 3.0, 12)) + 0.5
    target = np.cos(np.linspace(0.0, 3.0, 12))
    for name, fn, args in [("stencil", stencil, (u, 0.05, target, 6)),
                           ("recurrence", recurrence, (0.7, 0.3, 9))]:
        got = sd.grad(fn, wrt=0, backend="numba")(*args)
        ref = sd.grad(fn, wrt=0)(*args)
        fd = numeric_grad(fn, args, 0)
        out[name] = [float(np.max(np.abs(np.asarray(got) - ref))),
                     float(np.max(np.abs(np.asarray(got) - fd)) / (1 + np.max(np.abs(fd))))]
    return out

installed = numba_opt.install(__import__("numba"))
if installed:
    for key in ("functions", "final"):
        real = numba_opt._ORIGINAL[key]
        def spy(self, *a, _real=real, _key=key):
            module = a[0] if a else self._final_module
            mine = any(numba_opt.MARK in f.name for f in module.functions if not f.is_declaration
                       and f.linkage == 0)
            seen.append([_key, self.name, mine, int(config.OPT)])
            return _real(self, *a)
        numba_opt._ORIGINAL[key] = spy
print(json.dumps({"installed": installed, "errors": run(), "seen": seen, "opt": int(config.OPT)}))
"""


def _child(tmp_path, level):
    env = dict(os.environ, SRCDIFF_NUMBA_CACHE_DIR=str(tmp_path / "sd"),
               NUMBA_CACHE_DIR=str(tmp_path / "nb"),
               PYTHONPATH=os.pathsep.join([ROOT, str(tmp_path)]))
    env.pop("SRCDIFF_NUMBA_OPT", None)
    if level is not None:
        env["SRCDIFF_NUMBA_OPT"] = level
    script = tmp_path / "child_opt.py"
    script.write_text(CHILD)
    (tmp_path / "opt_cases.py").write_text(CASES)
    proc = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                          text=True, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_level_one_lowers_only_the_generated_modules(tmp_path):
    rec = _child(tmp_path, "1")
    assert rec["installed"]
    for name, (vs_numpy, vs_fd) in rec["errors"].items():
        assert vs_numpy <= 1e-12, name
        assert vs_fd <= 1e-6, name
    ours = [s for s in rec["seen"] if s[2]]
    others = [s for s in rec["seen"] if not s[2]]
    # the gradients, and the stencil's fused loops, went through both kinds of passes
    assert {s[0] for s in ours} == {"functions", "final"}, rec["seen"]
    assert any(s[1].startswith("_fused") for s in ours), ours
    assert all(s[3] == 1 for s in ours), ours
    # numba's implementations and srcdiff's helpers at numba's level
    assert others and all(s[3] == rec["opt"] == 3 for s in others)
    assert any("numba_helpers" in s[1] or s[1].startswith("_") for s in others)


def test_unset_changes_nothing(tmp_path):
    rec = _child(tmp_path, None)
    assert not rec["installed"] and rec["seen"] == []
    for name, (vs_numpy, vs_fd) in rec["errors"].items():
        assert vs_numpy <= 1e-12 and vs_fd <= 1e-6, name


def test_the_level_is_in_the_cache_key(monkeypatch):
    from srcdiff.compiler.emit import numba_cache
    keys = set()
    for level in ("", "1", "2", "3"):
        monkeypatch.setenv("SRCDIFF_NUMBA_OPT", level)
        keys.add(numba_cache.key("def f(x):\n    return x\n", numba))
    assert len(keys) == 3  # ("" and "3": numba's own level)
