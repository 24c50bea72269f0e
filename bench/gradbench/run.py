"""GradBench's evals (evals.py) differentiated by srcdiff and by the installed peers.

    python bench/gradbench/run.py                 # every eval, every peer installed
    python bench/gradbench/run.py --only det,gmm  # some evals
    python bench/gradbench/run.py --no-peers      # srcdiff only (NumPy and numba backends)
    python bench/gradbench/run.py --no-numba      # without the srcdiff-numba column
    python bench/run.py --gradbench               # the same, from the main bench driver

For each eval: srcdiff's gradient is checked against a closed form or central
differences (a failed check makes the exit status non-zero), then the ratio
derivative time ÷ primal time is measured for srcdiff (NumPy primal), for srcdiff's
numba backend (``backend="numba"``: warm calls ÷ the same NumPy primal; its first call,
which generates the code and has numba compile it, is reported apart in CPU seconds;
an eval the backend refuses shows "refused:" and the reason) and for each
peer (its own primal: autograd runs NumPy, JAX its own eager or jitted code). Times
are CPU times (time.process_time: a loaded machine preempts long calls more
than short ones, which biases wall-clock ratios); a ratio is the median over interleaved
pairs of calls (``paired_ratio``: one primal call, then one derivative call), and the
primal column the minimum over repeats. The published GradBench
ratios (issue 21) are quoted beside them: they divide by compiled primals, so they are
a yardstick, not the same measurement. Writes bench/results/gradbench_latest.md
(gradbench.md is the written history, which a run never overwrites).

The allocator. A gradient keeps many mid-sized arrays alive until its backward sweep
(ode: about 20 arrays of 80 kB per step, where the primal reuses two or three), and
glibc's allocator by default returns the top of its heap to the system whenever more
than its trim threshold (128 kB, raised only by freeing large mmapped blocks) is free:
every call then page-faults its arrays in again, and a ratio depends on which evals ran
before it in the process (ode alone: 25; after gmm: 5; the same for a hand-written
gradient: 7.4 against 2.7). So the script runs itself with MALLOC_TRIM_THRESHOLD_ (1 GB)
and MALLOC_MMAP_THRESHOLD_ (32 MB, glibc's largest) set, for srcdiff, its peers and the
primals alike: memory freed by one call is reused by the next, as compiled tools'
allocators do; ``--default-allocator`` keeps glibc's defaults.
"""

import argparse
import datetime
import os
import re
import sys
import time

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # (before numpy loads its BLAS)
os.environ.setdefault("JAX_PLATFORMS", "cpu")
ALLOCATOR = {"MALLOC_TRIM_THRESHOLD_": str(1 << 30), "MALLOC_MMAP_THRESHOLD_": str(1 << 25)}
if "--default-allocator" not in sys.argv and any(os.environ.get(k) != v
                                                   for k, v in ALLOCATOR.items()):
    # glibc reads these when the process starts (see the docstring): run again with them
    os.execve(sys.executable, [sys.executable] + sys.argv, {**os.environ, **ALLOCATOR})
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))


import evals  # noqa: E402
import peers  # noqa: E402

import srcdiff as sd  # noqa: E402

TOLERANCE = 1e-6
PEER_LIMIT = 20.0  # seconds for a peer's first call (JAX eager on det's recursion: minutes)
JIT_SKIP = {"det", "ode", "lstm"}  # tracing unrolls the recursion / the Python loops: minutes


class TooSlow(Exception):
    pass


def _first_call(fn, args, limit):
    """Call ``fn`` once (warm-up: generation, caches); TooSlow when that call takes more
    than ``limit`` seconds."""
    t = time.process_time()
    fn(*args)
    if limit is not None and time.process_time() - t > limit:
        raise TooSlow(f"over {limit:.0f} s a call")


def best_time(fn, args, budget=1.0, least=3, most=50, limit=None):
    """Minimum seconds of one call, over repeats within ``budget`` seconds (TooSlow when
    the first call takes more than ``limit`` seconds)."""
    _first_call(fn, args, limit)
    times = []
    start = time.process_time()
    while len(times) < most and (len(times) < least or time.process_time() - start < budget):
        t = time.process_time()
        fn(*args)
        times.append(time.process_time() - t)
    return min(times)


def paired_ratio(fn, primal, args, budget=1.0, least=5, most=200, limit=None):
    """The median over interleaved pairs (one primal call, then one call of ``fn``) of
    ``fn``'s time ÷ the primal's (TooSlow when ``fn``'s first call takes more than
    ``limit`` seconds). This machine's CPU time per call drifts and is bimodal (lstm's
    primal: 58 or 91 ms by moment), so minima of separate runs give ratios that move by
    30% between runs; a pair sees one state of the machine, and its median is stable."""
    _first_call(fn, args, limit)
    ratios = []
    start = time.process_time()
    while len(ratios) < most and (len(ratios) < least or time.process_time() - start < budget):
        t0 = time.process_time()
        primal(*args)
        t1 = time.process_time()
        fn(*args)
        t2 = time.process_time()
        if t1 > t0:  # (a call shorter than the clock's resolution gives no ratio)
            ratios.append((t2 - t1) / (t1 - t0))
    ratios.sort()
    return ratios[len(ratios) // 2] if ratios else float("nan")


def measure(ev, with_peers, budget, with_numba=True):
    args = ev.make()
    row = {"eval": ev.name, "size": ev.size, "note": ev.note}
    grad = sd.grad(ev.fn, ev.wrt)
    row["error"] = float(ev.check(args, grad(*args)))
    primal = best_time(ev.fn, args, budget)
    row["primal_ms"] = primal * 1e3
    row["srcdiff"] = paired_ratio(grad, ev.fn, args, budget)
    if with_numba:
        numba_column(row, ev, args, budget)
    if not with_peers:
        return row
    g = peers.autograd_grad(ev)
    if g is not None:
        try:  # autograd's primal is NumPy's
            row["autograd"] = paired_ratio(g, ev.fn, args, budget, limit=PEER_LIMIT)
        except TooSlow as e:
            row["autograd"] = str(e)
        except Exception as e:  # a peer that cannot run an eval is reported, not fatal
            row["autograd"] = f"fails ({type(e).__name__})"
    for jit in (False, True):
        key = "jax_jit" if jit else "jax"
        if jit and ev.name in JIT_SKIP:
            continue
        g = peers.jax_grad(ev, jit)
        if g is None:
            continue
        try:
            row[key] = paired_ratio(g, peers.jax_primal(ev, jit), args, budget,
                                    limit=PEER_LIMIT)
        except TooSlow as e:
            row[key] = str(e)
        except Exception as e:  # a peer that cannot run an eval is reported, not fatal
            row[key] = f"fails ({type(e).__name__})"
    return row


def numba_column(row, ev, args, budget):
    """``srcdiff-numba``: ``sd.grad(..., backend="numba")``'s warm calls ÷ the NumPy primal
    (the same primal as the srcdiff column), its first call (generation and numba's
    compilation, CPU seconds) apart, its derivative checked as srcdiff's; an eval the
    backend refuses shows the refusal's reason."""
    try:
        grad = sd.grad(ev.fn, ev.wrt, backend="numba")
        t = time.process_time()
        value = grad(*args)
        row["numba_compile_s"] = time.process_time() - t
    except sd.SrcdiffError as e:
        row["numba"] = "refused: " + short_reason(e)
        return
    except ImportError:
        row["numba"] = "numba not installed"
        return
    error = float(ev.check(args, value))
    if not error <= TOLERANCE:
        row["numba"] = f"wrong (error {error:.1e})"
        row["numba_failed"] = True
        return
    row["numba"] = paired_ratio(grad, ev.fn, args, budget)


def short_reason(e):
    """The refusal's first line without its ``file:line:col: error: function:`` prefix,
    with the names of generated functions in parentheses left out."""
    text = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
    text = re.sub(r"^.*?:\d+:\d+: error: (\w+: )?", "", text)
    text = re.sub(r" \([^)]*\)", "", text).replace("the numba backend ", "", 1)
    return text if len(text) <= 90 else text[:87] + "..."


def cell(v):
    if v is None:
        return "—"
    return f"{v:.2f}" if isinstance(v, float) else str(v)


def table(rows):
    head = ("| eval (size) | check (max error) | primal | srcdiff | srcdiff-numba "
            "(first call) | autograd | JAX eager | JAX jit | published (GradBench nightly, "
            "issue 21) |")
    lines = [head, "|" + "---|" * 9]
    for r in rows:
        numba = cell(r.get("numba"))
        if "numba_compile_s" in r and isinstance(r.get("numba"), float):
            numba += f" ({r['numba_compile_s']:.1f} s)"
        lines.append(f"| {r['eval']} ({r['size']}) | {r['error']:.1e} | {r['primal_ms']:.2f} ms "
                     f"| **{cell(r['srcdiff'])}** | {numba} | {cell(r.get('autograd'))} | "
                     f"{cell(r.get('jax'))} | {cell(r.get('jax_jit'))} | "
                     f"{evals.PUBLISHED.get(r['eval'], '')} |")
    notes = [f"- {r['eval']}: {r['note']}" for r in rows if r["note"]]
    return "\n".join(lines + [""] + notes)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    ap.add_argument("--no-peers", action="store_true")
    ap.add_argument("--no-numba", action="store_true", help="leave out srcdiff-numba")
    ap.add_argument("--budget", type=float, default=1.0, help="seconds per timing")
    ap.add_argument("--default-allocator", action="store_true",
                    help="glibc's default trim and mmap thresholds (see the docstring)")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(HERE), "results",
                                                  "gradbench_latest.md"))  # (not the history)
    a = ap.parse_args(argv)
    only = set(filter(None, a.only.split(",")))
    rows, failed = [], []
    for ev in evals.EVALS:
        if only and ev.name not in only:
            continue
        row = measure(ev, not a.no_peers, a.budget, not a.no_numba)
        rows.append(row)
        print(f"{ev.name}: error {row['error']:.1e}, srcdiff {row['srcdiff']:.2f}, "
              f"srcdiff-numba {cell(row.get('numba'))}", flush=True)
        if not row["error"] <= TOLERANCE or row.get("numba_failed"):
            failed.append(ev.name)
    text = table(rows)
    print(text)
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w") as f:
        f.write("# GradBench evals: ratio derivative time ÷ primal time\n\n")
        f.write(f"Run {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, "
                f"load average {os.getloadavg()[0]:.1f}, one BLAS thread, "
                + ("glibc's default allocator thresholds" if a.default_allocator else
                   "MALLOC_TRIM_THRESHOLD_=1 GB and MALLOC_MMAP_THRESHOLD_=32 MB") +
                ". Written by "
                "`python bench/gradbench/run.py` (see its docstring for the method).\n\n")
        f.write(text + "\n")
    if failed:
        print("srcdiff's derivative failed its check on: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
