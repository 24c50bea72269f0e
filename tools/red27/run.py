# ruff: noqa: E501, E402, BLE001
"""Run the sweep: python tools/red27/run.py [module ...]."""
import importlib
import os
import sys
import warnings

sys.path.insert(0, os.path.dirname(__file__))
# cases_tangent shares its functions with the test suite's port of Tangent's corpus
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tests", "support"))
warnings.filterwarnings("ignore")
from harness import ALL_MODES, run_cases  # noqa: E402

mods = sys.argv[1:] or ["cases_tangent"]
modes = ALL_MODES
if os.environ.get("MODES"):
    modes = tuple(os.environ["MODES"].split(","))
for m in mods:
    mod = importlib.import_module(m)
    run_cases(mod.CASES, m, modes)
