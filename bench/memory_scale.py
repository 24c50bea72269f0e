"""Peak memory of srcdiff's gradient against the primal and a hand-written gradient on
big arrays (1e6 and 1e7 elements).

    python bench/memory_scale.py            # 1e6 and 1e7 elements
    python bench/memory_scale.py --quick    # 1e6 elements only

Workloads (all float64, the differentiated argument holds ``n`` elements):

- ``elementwise``: ``sum(tanh(x) * exp(-x*x) + sin(x) * x)``;
- ``reduction``: row sums of a matrix, squared, and a mean of ``log1p(x*x)``;
- ``matmul``: ``sum(tanh(X @ W))`` with ``X`` of shape ``(n / 100, 100)``, w.r.t. ``X``
  and ``W`` (100 x 10).

Each call is measured once with ``tracemalloc`` (NumPy reports its buffers to it) after a
warm-up call that compiles the gradient: the peak of the bytes allocated during the call,
not counting the inputs. Time is the best of three calls without tracing. Results go to
``bench/results/memory_scale.md``.
"""
import argparse
import os
import sys
import time
import tracemalloc

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


# ------------------------------------------------------------------ workloads
def elementwise(x):
    return np.sum(np.tanh(x) * np.exp(-x * x) + np.sin(x) * x)


def elementwise_hand(x):
    t = np.tanh(x)
    e = np.exp(-x * x)
    g = (1.0 - t * t) * e
    g -= 2.0 * x * t * e
    g += np.cos(x) * x
    g += np.sin(x)
    return g


def reduction(x):
    r = np.sum(x, axis=1)
    return np.sum(r * r) + np.mean(np.log1p(x * x))


def reduction_hand(x):
    r = np.sum(x, axis=1)
    g = 2.0 * x / (x.size * (1.0 + x * x))
    g += 2.0 * r[:, None]
    return g


def matmul(X, W):
    return np.sum(np.tanh(X @ W))


def matmul_hand(X, W):
    t = np.tanh(X @ W)
    d = 1.0 - t * t
    return d @ W.T, X.T @ d


def inputs(name, n, rng):
    if name == "elementwise":
        return (rng.standard_normal(n),)
    if name == "reduction":
        return (rng.standard_normal((n // 1000, 1000)),)
    return (rng.standard_normal((n // 100, 100)), rng.standard_normal((100, 10)) / 10.0)


WORKLOADS = {"elementwise": (elementwise, elementwise_hand, 0),
             "reduction": (reduction, reduction_hand, 0),
             "matmul": (matmul, matmul_hand, (0, 1))}


# ------------------------------------------------------------------ measurement
def peak_mib(fn, args):
    tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    out = fn(*args)
    peak = tracemalloc.get_traced_memory()[1] - base
    tracemalloc.stop()
    del out
    return peak / 2**20


def best_ms(fn, args, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(*args)
        best = min(best, time.perf_counter() - t0)
    return 1000 * best


def measure(name, n):
    import srcdiff as sd

    f, hand, wrt = WORKLOADS[name]
    args = inputs(name, n, np.random.default_rng(0))
    g = sd.grad(f, wrt)
    ours, theirs = g(*args), hand(*args)  # warm-up: compiles the gradient
    ours = ours if isinstance(ours, tuple) else (ours,)
    theirs = theirs if isinstance(theirs, tuple) else (theirs,)
    ok = all(np.allclose(a, b, rtol=1e-9, atol=1e-12) for a, b in zip(ours, theirs))
    del ours, theirs
    row = {"workload": name, "n": n, "ok": ok}
    for label, fn in (("primal", f), ("hand", hand), ("srcdiff", g)):
        row[label + "_mib"] = peak_mib(fn, args)
        row[label + "_ms"] = best_ms(fn, args)
    return row


def report(rows):
    out = ["| workload | n | primal MiB | hand MiB | srcdiff MiB | srcdiff÷primal "
           "| srcdiff÷hand | primal ms | hand ms | srcdiff ms | ok |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    for r in rows:
        out.append("| %s | %.0e | %.1f | %.1f | %.1f | %.2f | %.2f | %.1f | %.1f | %.1f | %s |" % (
            r["workload"], r["n"], r["primal_mib"], r["hand_mib"], r["srcdiff_mib"],
            r["srcdiff_mib"] / r["primal_mib"], r["srcdiff_mib"] / r["hand_mib"],
            r["primal_ms"], r["hand_ms"], r["srcdiff_ms"], "✓" if r["ok"] else "✗"))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="1e6 elements only")
    ap.add_argument("--out", default=os.path.join(HERE, "results", "memory_scale.md"))
    opts = ap.parse_args(argv)
    sizes = (10**6,) if opts.quick else (10**6, 10**7)
    rows = []
    for n in sizes:
        for name in WORKLOADS:
            print("memory_scale: %s %.0e" % (name, n), file=sys.stderr, flush=True)
            rows.append(measure(name, n))
    text = "# srcdiff peak memory on big arrays (%s%s)\n\n%s\n" % (
        time.strftime("%Y-%m-%d %H:%M"), ", --quick" if opts.quick else "", report(rows))
    print(text)
    os.makedirs(os.path.dirname(opts.out), exist_ok=True)
    with open(opts.out, "w", encoding="utf-8") as f:
        f.write(text)
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
