"""Checkpointed loops (issue 16): memory and time of an RNN's gradient against its length.

    python bench/checkpoint.py            # T = 1,000 / 4,000 / 16,000  (also run by `make bench`)
    python bench/checkpoint.py --quick    # fewer repeats

The tanh RNN of bench/workloads/rnn.py (batch 8, hidden 32, input 16), differentiated
with ``checkpoint=None``, ``"sqrt"`` and ``"binomial"``. For each: the peak memory one
gradient call allocates (tracemalloc, inputs excluded), its median time, and its largest
difference from the unchecked gradient (must be <= 1e-12, relative to the gradient's
size). Writes bench/results/checkpoint.md and bench/results/checkpoint.png (matplotlib,
if installed). Exit status 1 when a gradient disagrees.
"""

import argparse
import math
import os
import statistics
import sys
import time
import tracemalloc

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # as bench/run.py runs its workloads (before numpy)

import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import srcdiff as sd  # noqa: E402
from workloads import rnn  # noqa: E402

LENGTHS = (1000, 4000, 16000)
SCHEDULES = (None, "sqrt", "binomial")
WRT = (0, 1, 2)


def measure(T, how, repeats):
    args = rnn.make_inputs(np.random.default_rng(0), T)
    g = sd.grad(rnn.primal, wrt=WRT, checkpoint=how)
    grads = g(*args)  # compiles
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        g(*args)
        times.append(time.perf_counter() - t0)
    tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    g(*args)
    peak = tracemalloc.get_traced_memory()[1] - base
    tracemalloc.stop()
    return grads, statistics.median(times), peak


def growth(values, lengths):
    """The exponent p of value ~ T**p between the shortest and the longest loop."""
    return math.log(values[-1] / values[0]) / math.log(lengths[-1] / lengths[0])


def plot(rows, lengths, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("bench/checkpoint: matplotlib is not installed; no plot", file=sys.stderr)
        return False
    fig, (ax_mem, ax_time) = plt.subplots(1, 2, figsize=(10, 4))
    for how in SCHEDULES:
        label = str(how) if how is not None else "none"
        ax_mem.plot(lengths, [rows[(T, how)]["peak"] / 2**20 for T in lengths], "o-",
                    label=label)
        ax_time.plot(lengths, [rows[(T, how)]["time"] * 1e3 for T in lengths], "o-",
                     label=label)
    for ax, what in ((ax_mem, "peak memory of one gradient (MiB)"),
                     (ax_time, "time of one gradient (ms)")):
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("RNN steps T")
        ax.set_ylabel(what)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(title="checkpoint")
    fig.suptitle("srcdiff: checkpointed RNN gradient (batch 8, hidden 32)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repeats")
    ap.add_argument("--lengths", default=",".join(map(str, LENGTHS)),
                    help="comma-separated loop lengths (default 1000,4000,16000)")
    ap.add_argument("--out", default=os.path.join(HERE, "results"))
    opts = ap.parse_args(argv)
    lengths = [int(x) for x in opts.lengths.split(",")]
    repeats = 1 if opts.quick else 3
    rows, bad = {}, []
    for T in lengths:
        ref = None
        for how in SCHEDULES:
            print(f"bench/checkpoint: T={T} checkpoint={how}", file=sys.stderr, flush=True)
            grads, seconds, peak = measure(T, how, repeats)
            if ref is None:
                ref = grads
            diff = max(float(np.max(np.abs(a - b)) / max(1.0, float(np.max(np.abs(b)))))
                       for a, b in zip(grads, ref))
            if diff > 1e-12:
                bad.append((T, how, diff))
            rows[(T, how)] = {"time": seconds, "peak": peak, "diff": diff}
    lines = ["# Checkpointed loops: RNN gradient against its length", "",
             "tanh RNN (bench/workloads/rnn.py: batch 8, hidden 32, input 16), gradient "
             "w.r.t. its three weights. Peak memory: what one gradient call allocates "
             "(tracemalloc, inputs excluded); time: median of %d call(s); diff: largest "
             "difference from the unchecked gradient, relative to its size." % repeats, "",
             "| T | checkpoint | peak MiB | time ms | time ÷ none | memory ÷ none | diff |",
             "|---:|---|---:|---:|---:|---:|---:|"]
    for T in lengths:
        none = rows[(T, None)]
        for how in SCHEDULES:
            r = rows[(T, how)]
            lines.append("| %d | %s | %.2f | %.0f | %.2f | %.3f | %.1e |" % (
                T, how or "none", r["peak"] / 2**20, r["time"] * 1e3, r["time"] / none["time"],
                r["peak"] / none["peak"], r["diff"]))
    if len(lengths) > 1:
        lines += ["", "Growth of peak memory between T = %d and T = %d (exponent p of "
                  "memory ~ T**p; sqrt(T) is p = 0.5, log T is far below it):" % (
                      lengths[0], lengths[-1]), ""]
        for how in SCHEDULES:
            peaks = [rows[(T, how)]["peak"] for T in lengths]
            lines.append("- %s: p = %.2f (memory x%.2f for T x%.0f; log T x%.2f)" % (
                how or "none", growth(peaks, lengths), peaks[-1] / peaks[0],
                lengths[-1] / lengths[0], math.log(lengths[-1]) / math.log(lengths[0])))
    text = "\n".join(lines) + "\n"
    print(text)
    os.makedirs(opts.out, exist_ok=True)
    with open(os.path.join(opts.out, "checkpoint.md"), "w", encoding="utf-8") as f:
        f.write(text)
    if plot(rows, lengths, os.path.join(opts.out, "checkpoint.png")):
        print("bench/checkpoint: wrote %s" % os.path.join(opts.out, "checkpoint.png"),
              file=sys.stderr)
    if bad:
        print("bench/checkpoint: gradients disagree: %s" % bad, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
