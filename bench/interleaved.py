"""srcdiff against the hand-written gradient and the eager peers, timed in ONE process.

    python bench/interleaved.py                  # both families (`make bench`)
    python bench/interleaved.py --only rnn,gp    # some workloads
    python bench/interleaved.py --secs 3         # CPU seconds per workload (default 12)

Issue 17's targets are ratios "in the same process, medians". bench/run.py times every
contender in its own process minutes apart, so on a shared machine its ratios carry the
load's drift between those minutes. Here each workload gets one fresh process holding the
hand-written gradient, srcdiff's (``sd.grad``, per-call checks included), PyTorch eager and
autograd; each round calls them once each in a shuffled order and records each call's CPU
time (``time.process_time``); a ratio is the median over rounds of that round's ratio, so
the load of a moment weighs on both sides of it. Every contender's gradient is first
compared with the hand-written one (rtol 1e-6, atol 1e-9, as run.py) and one that disagrees
is marked ✗ and not timed. Peers that are not installed are left out (a dash).

Writes bench/results/interleaved_latest.md; exit status 1 when srcdiff disagrees with a
hand-written gradient or fails on a workload.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for _p in (HERE, ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

CONTENDERS = ("hand", "srcdiff", "torch", "autograd")
# glibc's trim and mmap thresholds raised (as bench/gradbench/run.py), one BLAS thread
CHILD_ENV = {"MALLOC_TRIM_THRESHOLD_": str(1 << 30), "MALLOC_MMAP_THRESHOLD_": str(1 << 25),
             "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def all_names():
    from realistic import NAMES as REALISTIC
    from workloads import NAMES as FIRST
    return list(FIRST) + ["realistic." + n for n in REALISTIC]


def shuffled_rounds(calls, secs):
    """CPU time of each call, the calls in a shuffled order each round, for ``secs`` seconds
    of CPU time and at least 7 rounds."""
    times, rng = {k: [] for k in calls}, random.Random(0)
    start, rounds = time.process_time(), 0
    while time.process_time() - start < secs or rounds < 7:
        order = list(calls)
        rng.shuffle(order)
        for k in order:
            t = time.process_time()
            calls[k]()
            times[k].append(time.process_time() - t)
        rounds += 1
    return times


def ratio_cell(times, srcdiff_times):
    """The median over rounds of a contender's time ÷ srcdiff's, and its quartiles."""
    import numpy as np
    per_round = times / srcdiff_times
    q1, q3 = np.percentile(per_round, [25, 75])
    return {"per_srcdiff": float(np.median(per_round)), "per_srcdiff_q": [float(q1), float(q3)]}


def one_workload(name, secs):
    """The record of one workload, measured in this process."""
    import numpy as np

    import run_one
    import srcdiff as sd

    mod = run_one.load(name)
    args = mod.make_inputs(np.random.default_rng(run_one.SEED))
    n = len(mod.WRT)
    ref = run_one.as_tuple(mod.hand_grad(*args), n)
    rec = {"name": name, "cells": {}}
    calls = {"hand": lambda: mod.hand_grad(*args)}
    try:
        g = sd.grad(mod.primal, wrt=mod.WRT)
        calls["srcdiff"] = lambda: g(*args)
    except Exception as exc:   # noqa: BLE001 - reported in the table
        rec["cells"]["srcdiff"] = {"error": "%s: %s" % (type(exc).__name__, exc)}
    for peer in ("torch", "autograd"):
        fn = getattr(mod, peer + "_grad", None)
        if fn is None:
            rec["cells"][peer] = {"missing": "not written for this workload"}
            continue
        try:
            pargs = run_one.convert_args(peer, args)
        except ImportError as exc:
            rec["cells"][peer] = {"missing": str(exc)}
            continue
        calls[peer] = (lambda fn, pargs: lambda: fn(*pargs))(fn, pargs)
    for k in list(calls):
        try:
            ok, err, msg = run_one.compare(run_one.as_tuple(calls[k](), n), ref)
        except ImportError as exc:
            rec["cells"][k] = {"missing": str(exc)}
            del calls[k]
            continue
        except Exception as exc:   # noqa: BLE001
            ok, msg = False, "%s: %s" % (type(exc).__name__, exc)
        if not ok:
            rec["cells"][k] = {"error": msg}
            del calls[k]
    times = shuffled_rounds(calls, secs / 2) if len(calls) > 1 else {k: [] for k in calls}
    rec["rounds"], rec["pair_rounds"] = max((len(v) for v in times.values()), default=0), 0
    for k, ts in times.items():
        if "srcdiff" in times and k != "srcdiff":
            rec["cells"].setdefault(k, {}).update(
                ratio_cell(np.asarray(ts), np.asarray(times["srcdiff"])))
    if "hand" in calls and "srcdiff" in calls:
        # then hand and srcdiff alone for as long: a slow peer (torch on a scalar loop, 100×
        # srcdiff) leaves few rounds above, too few for a median of srcdiff ÷ hand
        pair = shuffled_rounds({k: calls[k] for k in ("hand", "srcdiff")}, secs / 2)
        rec["pair_rounds"] = len(pair["hand"])
        for k in ("hand", "srcdiff"):
            times[k] = times[k] + pair[k]
        rec["cells"]["hand"].update(ratio_cell(np.asarray(times["hand"]),
                                               np.asarray(times["srcdiff"])))
    for k, ts in times.items():
        rec["cells"].setdefault(k, {})["us"] = float(np.median(ts)) * 1e6
    return rec


def child(name, secs):
    env = dict(os.environ, **CHILD_ENV)
    env.setdefault("JAX_PLATFORMS", "cpu")
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", name,
                           "--secs", str(secs)], env=env, capture_output=True, text=True,
                          cwd=ROOT, timeout=max(600, 20 * secs))
    lines = proc.stdout.strip().splitlines()
    if proc.returncode or not lines:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        return {"name": name, "cells": {}, "crash": " | ".join(tail) or "no output"}
    return json.loads(lines[-1])


def fmt_us(x):
    return "%.0f" % x if x >= 100 else "%.1f" % x


def render(records, secs, load):
    out = ["# srcdiff and its peers in one process (%s)" % time.strftime("%Y-%m-%d %H:%M"), "",
           "- `python bench/interleaved.py` (in `make bench`): one fresh process per workload; "
           "each round calls every contender once in a shuffled order for half of %g s of CPU "
           "time, then hand and srcdiff alone for the other half (rounds: all + pair; "
           "srcdiff÷hand is over both, the peers' ratios over the first); one BLAS thread" % secs,
           "- times are medians of CPU time per call; a ratio is the median over rounds of "
           "that round's ratio (its interquartile range beside it); torch÷srcdiff and "
           "autograd÷srcdiff above 1 mean srcdiff is faster",
           "- 1-minute load average at start / end: %.2f / %.2f" % load, "",
           "| workload | rounds | hand µs | srcdiff µs | srcdiff÷hand | torch÷srcdiff "
           "| autograd÷srcdiff | issue 17 |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    notes = []
    for r in records:
        c = r["cells"]

        def cell(k, ratio=None, inverse=False):
            v = c.get(k, {})
            if "error" in v:
                notes.append("- %s, %s: ✗ %s" % (r["name"], k, v["error"][:200]))
                return "✗"
            if "missing" in v or not v:
                return "—"
            if ratio is None:
                return fmt_us(v["us"])
            x = v.get("per_srcdiff")
            if x is None:
                return "—"
            q1, q3 = v["per_srcdiff_q"]
            return "%.2f (IQR %.2f)" % ((1 / x, 1 / q1 - 1 / q3) if inverse else (x, q3 - q1))
        if "crash" in r:
            notes.append("- %s: the process failed: %s" % (r["name"], r["crash"]))
        hand = c.get("hand", {}).get("per_srcdiff")
        verdict = []
        if hand is not None:
            loops = r["name"].split(".")[-1] in ("scalar_loop",)
            verdict.append("≤%.1f×hand %s" % ((1.5, "✓" if 1 / hand <= 1.5 else "✗") if loops
                                               else (1.3, "✓" if 1 / hand <= 1.3 else "✗")))
        for peer in ("torch", "autograd"):
            x = c.get(peer, {}).get("per_srcdiff")
            if x is not None:
                verdict.append("%s %s" % (peer, "✓" if x > 1 else "✗"))
        out.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["name"], "%s + %s" % (r.get("rounds", "—"), r.get("pair_rounds", 0)),
            cell("hand"), cell("srcdiff"),
            cell("hand", ratio=True, inverse=True), cell("torch", ratio=True),
            cell("autograd", ratio=True), ", ".join(verdict) or "—"))
    if notes:
        out += ["", "Notes:", ""] + notes
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", default=[], metavar="NAME")
    ap.add_argument("--secs", type=float, default=12.0)
    ap.add_argument("--out", default=os.path.join(HERE, "results", "interleaved_latest.md"))
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    opts = ap.parse_args(argv)
    if opts.child:
        print(json.dumps(one_workload(opts.child, opts.secs)))
        return 0
    known = all_names()
    names = [n for item in opts.only for n in item.split(",") if n] or known
    names = [n if n in known or "." in n else ("realistic." + n if "realistic." + n in known
                                              else n) for n in names]
    unknown = [n for n in names if n not in known]
    if unknown:
        ap.error("unknown workload(s) %s; known: %s" % (", ".join(unknown), ", ".join(known)))
    load_start = os.getloadavg()[0]
    records = []
    for i, name in enumerate(names, 1):
        print("[%d/%d] %s ..." % (i, len(names), name), end=" ", flush=True)
        rec = child(name, opts.secs)
        records.append(rec)
        s = rec["cells"].get("srcdiff", {})
        h = rec["cells"].get("hand", {}).get("per_srcdiff")
        print("crash" if "crash" in rec else "srcdiff ✗" if "error" in s else
              "srcdiff÷hand %.2f" % (1 / h) if h else "done", flush=True)
    text = render(records, opts.secs, (load_start, os.getloadavg()[0]))
    os.makedirs(os.path.dirname(opts.out), exist_ok=True)
    with open(opts.out, "w") as f:
        f.write(text)
    print(text)
    print("written to %s" % os.path.relpath(opts.out, ROOT))
    bad = [r["name"] for r in records
           if "crash" in r or "error" in r["cells"].get("srcdiff", {"error": 1})]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
