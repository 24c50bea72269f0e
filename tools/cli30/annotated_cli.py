#!/usr/bin/env python3
"""How many of gen_independent's programs the command line writes, with and without
annotations (srcdiff/cli/annotations.py): each program ``f(x, s, k)`` is written as is,
with ``s: float``, and with ``s: float, k: int`` (the arguments are a float and an int),
by ``srcdiff prog.py:f --wrt x,s``; the written module runs on the arguments and its
gradient is compared with central differences (test_random_realistic_programs._written).
sd.grad's outcome is counted beside them. ``wrong`` and ``crash`` must stay 0.

    PYTHONPATH=.:tests/property:tests/support python tools/cli30/annotated_cli.py --count 200
"""

import argparse
import collections
import os
import re
import sys
import warnings

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path[:0] = [ROOT] + [os.path.join(ROOT, "tests", d) for d in ("property", "support")]

import test_random_realistic_programs as R  # noqa: E402

VARIANTS = {
    "plain": lambda src: src,
    "s: float": lambda src: _annotate(src, "def f(x, s: float, k):"),
    "s: float, k: int": lambda src: _annotate(src, "def f(x, s: float, k: int):"),
}


def _annotate(source, header):
    new, n = re.subn(r"^def f\(x, s, k\):", header, source, count=1, flags=re.M)
    assert n == 1, source[:300]
    return new


def one(seed):
    """``{column: outcome}`` for one program, or None when the program is skipped."""
    source, _, _ = R.FAMILIES["independent"](seed)
    args = R.arguments(seed, "independent")
    try:
        f = R.load_function(source)
        if not np.isfinite(R._value(f, args)):
            return None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = [R.smooth_numeric_grad(f, R.copies(args), k) for k in R.WRT]
    except Exception:
        return None
    if any(w is None for w in want):
        return None
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        R._run(out, "sd.grad", lambda: (all(R.agrees(g, w) for g, w in zip(
            R.sd.grad(f, wrt=R.WRT)(*R.copies(args)), want)), None))
        for name, edit in VARIANTS.items():
            R._run(out, "cli " + name,
                   lambda edit=edit: R._written(edit(source), args, want))
    return {k: v[0] for k, v in out.items()}, {k: v[1] for k, v in out.items()}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--count", type=int, default=100)
    a = p.parse_args()
    counts = collections.Counter()
    reasons = collections.Counter()
    for i in range(a.count):
        got = one(a.seed * 100003 + i)
        if got is None:
            counts[("all", "skipped")] += 1
            continue
        outcomes, details = got
        for column, outcome in outcomes.items():
            counts[(column, outcome)] += 1
            if outcome in ("wrong", "crash"):
                print(f"index {i} {column}: {outcome}: {details[column]}", flush=True)
            if outcome == "refused" and column == "cli s: float":
                reasons[details[column].split("error: ")[-1][:90]] += 1
    columns = ["sd.grad"] + ["cli " + v for v in VARIANTS]
    print(f"seed {a.seed}, {a.count} programs, {counts[('all', 'skipped')]} skipped")
    for c in columns:
        row = {o: counts[(c, o)] for o in ("right", "refused", "wrong", "crash")}
        print(f"  {c:22s} " + "  ".join(f"{o} {n}" for o, n in row.items()))
    print("refusals left with s: float:")
    for r, n in reasons.most_common(8):
        print(f"  {n:3d}  {r}")


if __name__ == "__main__":
    main()
