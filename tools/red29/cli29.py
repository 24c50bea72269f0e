# ruff: noqa: E501, BLE001
"""red29: gen29 programs through the command line (`python -m srcdiff FILE:prog -o OUT.py`),
the written standalone module imported and its grad_prog checked against central differences.

    PYTHONPATH=. python tools/red29/cli29.py DIR [N]     # DIR: a gen29 --out folder
"""
import copy
import glob
import importlib.util
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "red27"))
sys.path.insert(0, os.path.dirname(__file__))
import gen29  # noqa: E402
import harness as h27  # noqa: E402


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    folder, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 60
    counts = {}
    out_dir = tempfile.mkdtemp(prefix="red29_cli_")
    for path in sorted(glob.glob(os.path.join(folder, "g29_*.py")))[:n]:
        seed = int(path.rsplit("_", 1)[1].split(".")[0])
        mod = load(path, "p%d" % seed)
        args = gen29.make_inputs(np.random.default_rng(seed + 17))
        try:
            fds = [h27.fd_grad(mod.prog, args, i) for i in range(4)]
            fds5 = [h27.fd_grad(mod.prog, args, i, h=1e-5) for i in range(4)]
        except Exception:
            continue
        if not all(h27.close(a, b, 2e-6) for a, b in zip(fds, fds5)):
            outcome, detail = "kink-skipped", ""
        else:
            out = os.path.join(out_dir, "grad_%d.py" % seed)
            r = subprocess.run([sys.executable, "-m", "srcdiff", "%s:prog" % path, "--wrt", "x,w,v,s", "-o", out],
                               capture_output=True, text=True)
            if r.returncode != 0:
                outcome = "refused" if "error:" in r.stderr else "crash"
                detail = r.stderr.strip().splitlines()[0][:200] if r.stderr.strip() else ""
            else:
                try:
                    g = load(out, "g%d" % seed).grad_prog(*copy.deepcopy(args))
                    bad = [i for i in range(4) if not h27.close(np.ravel(np.asarray(g[i], float)) if g[i] is not None else np.zeros_like(fds[i]), fds[i], 1e-5)]
                    outcome, detail = ("wrong", "args %s" % bad) if bad else ("right", "")
                except Exception as e:
                    outcome, detail = "crash", "%s: %s" % (type(e).__name__, e)
        counts[outcome] = counts.get(outcome, 0) + 1
        if outcome in ("wrong", "crash"):
            print(path, outcome, detail, flush=True)
    print(counts)


if __name__ == "__main__":
    main()
