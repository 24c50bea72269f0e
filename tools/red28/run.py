# ruff: noqa: E501, E402, BLE001
"""Run the sweep: MODES=grad,... python tools/red28/run.py cases_x [...]."""
import importlib
import os
import sys
import warnings

sys.path.insert(0, os.path.dirname(__file__))
warnings.filterwarnings("ignore")
from harness28 import run_cases  # noqa: E402

DEFAULT = ("grad", "reference", "verify", "vag", "jvp", "hvp", "hess", "gg", "gy", "jac", "vjp", "numba", "cli")
mods = sys.argv[1:]
modes = tuple(os.environ["MODES"].split(",")) if os.environ.get("MODES") else DEFAULT
for m in mods:
    mod = importlib.import_module(m)
    run_cases(mod.CASES, m, modes)
