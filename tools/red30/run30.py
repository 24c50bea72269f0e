# ruff: noqa: E501, E402, BLE001
"""red30 sweep: PYTHONPATH=. python tools/red30/run30.py MODULE [CASE_NAME ...]  (MODES=grad,... env).
A case's note, when it has one, follows its name (red32 runs one function over several shapes);
the totals are given over all modes, then per mode."""
import importlib
import os
import sys
import time
import warnings

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "red27"))
warnings.filterwarnings("ignore")
from harness import ALL_MODES, check_case  # noqa: E402

modes = tuple(os.environ["MODES"].split(",")) if os.environ.get("MODES") else ALL_MODES
mod = importlib.import_module(sys.argv[1])
only = set(sys.argv[2:])
tot = {}
per_mode = {}
for case in mod.CASES:
    if only and case.fn.__name__ not in only:
        continue
    t = time.time()
    if os.environ.get("NUMBA_ALL"):
        case.numba = True
    res = check_case(case, modes)
    bad = [(m, o, d) for m, (o, d) in res.modes.items() if o not in ("right", "skip")]
    for m, (o, d) in res.modes.items():
        tot.setdefault(o, 0)
        tot[o] += 1
        per_mode.setdefault(m, {}).setdefault(o, 0)
        per_mode[m][o] += 1
    name = case.fn.__name__ + ("[%s]" % case.note if case.note else "")
    print("%-22s %5.1fs %s" % (name, time.time() - t, " ".join("%s:%s" % (m, o[0]) for m, (o, d) in res.modes.items())), flush=True)
    seen = {}
    for m, o, d in bad:
        seen.setdefault((o, d.split(" | ")[0][-400:]), []).append(m)
    for (o, d), ms in seen.items():
        print("    %-8s %s: %s" % (o, ",".join(ms), d), flush=True)
print("TOTAL", mod.__name__, len(mod.CASES), tot)
for m, c in per_mode.items():
    print("  %-10s %s" % (m, ", ".join("%s %d" % kv for kv in sorted(c.items()))))
