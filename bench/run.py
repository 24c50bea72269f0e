"""srcdiff benchmarks: the gradient srcdiff generates against a hand-written
NumPy gradient, the primal itself, and the peers (autograd, JAX, PyTorch).

    python bench/run.py                 # everything  (`make bench`)
    python bench/run.py --quick         # fewer repeats
    python bench/run.py --only rnn      # one workload (repeatable, or a,b,c)
    python bench/run.py --selfcheck     # hand gradients vs central differences
    python bench/run.py --threads 2     # BLAS / XLA / torch threads (default 1)
    python bench/run.py --family realistic   # the realistic family (bench/realistic/) alone
    python bench/run.py --gradbench     # only GradBench's evals (bench/gradbench/run.py)
    python bench/run.py --dask          # also gradient throughput on 1, 2, 4 dask workers
    python bench/run.py --scale         # then compile_scale.py and memory_scale.py

Without --only it also runs bench/checkpoint.py (checkpointed loops against their length).

Each workload runs in its own subprocess (bench/run_one.py).  The tables are
printed and written to bench/results/latest.md.  Exit status is non-zero when
srcdiff's gradient disagrees with the hand-written one or srcdiff fails on a
workload (after printing everything).  See bench/README.md for the method.
"""
import argparse
import datetime
import importlib
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from workloads import NAMES  # noqa: E402

FAMILIES = ("workloads", "realistic")

PEER_COLS = (("autograd", "autograd÷srcdiff"), ("jax_eager", "jax÷srcdiff"),
             ("jax_jit", "jax-jit÷srcdiff"), ("torch", "torch÷srcdiff"))
CORE_TIMEOUT_S = 1800
PEER_TIMEOUT_S = 600


# ------------------------------------------------------------------ plumbing
def child_env(threads):
    env = dict(os.environ)
    n = str(threads)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
                "VECLIB_MAXIMUM_THREADS", "NUMEXPR_NUM_THREADS"):
        env[var] = n
    env["JAX_PLATFORMS"] = "cpu"
    if threads == 1:
        env["XLA_FLAGS"] = (env.get("XLA_FLAGS", "") + " --xla_cpu_multi_thread_eigen=false"
                            " intra_op_parallelism_threads=1").strip()
    env["TF_CPP_MIN_LOG_LEVEL"] = "2"
    return env


def run_child(extra, env, timeout=CORE_TIMEOUT_S):
    cmd = [sys.executable, os.path.join(HERE, "run_one.py")] + extra
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timed out after %d s" % timeout
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        tail = (proc.stderr or "").strip().splitlines()[-8:]
        return None, "exit %d: %s" % (proc.returncode, " | ".join(tail))
    return json.loads(lines[-1]), None


# ------------------------------------------------------------------ formatting
def fmt_us(x):
    if x is None:
        return "n/a"
    if x >= 1000:
        return "%.0f" % x
    if x >= 10:
        return "%.1f" % x
    return "%.2f" % x


def fmt_ratio(a, b):
    if not a or not b:
        return "—"
    r = a / b
    return "%.2f" % r if r < 100 else "%.0f" % r


def srcdiff_cell(sd):
    if not sd:
        return "n/a"
    if "error" in sd:
        return "**%s**" % sd["error"]
    return fmt_us(sd.get("us")) + ("" if sd.get("ok") else " ✗")


def peer_time(rec):
    if not rec or "missing" in rec:
        return None
    if "error" in rec:
        return None
    return rec.get("us")


def main_table(results):
    head = ["workload", "hand µs", "primal µs", "srcdiff µs", "srcdiff÷hand",
            "srcdiff÷primal"] + [c for _, c in PEER_COLS] + ["gen ms"]
    rows = [head, ["---"] + ["---:"] * (len(head) - 1)]
    for name, res in results:
        if "crash" in res:
            rows.append([name, "**crashed**"] + [""] * (len(head) - 2))
            continue
        sd = res.get("srcdiff", {})
        sd_us = sd.get("us") if "error" not in sd else None
        hand, primal = res["hand"]["us"], res["primal"]["us"]
        row = [name, fmt_us(hand), fmt_us(primal), srcdiff_cell(sd),
               fmt_ratio(sd_us, hand), fmt_ratio(sd_us, primal)]
        for peer, _ in PEER_COLS:
            rec = res["peers"].get(peer)
            if not rec or "missing" in rec:
                row.append("n/a")
            elif "error" in rec:
                row.append("**%s**" % rec["error"])
            else:
                row.append(fmt_ratio(rec.get("us"), sd_us) + ("" if rec.get("ok") else " ✗"))
        row.append("%.1f" % sd["gen_ms"] if "gen_ms" in sd else "—")
        rows.append(row)
    return rows


def detail_table(results):
    head = ["workload", "contender", "median µs", "IQR µs", "min µs", "first call ms",
            "check (max abs err)"]
    rows = [head, ["---", "---", "---:", "---:", "---:", "---:", "---"]]
    for name, res in results:
        entries = [("hand", res.get("hand", {})), ("primal", res.get("primal", {})),
                   ("srcdiff", res.get("srcdiff", {}))]
        entries += [(p, res["peers"].get(p, {}))
                    for p in [p for p, _ in PEER_COLS] + ["srcdiff_numba"]]
        for label, rec in entries:
            if not rec or "missing" in rec:
                rows.append([name, label, "n/a", "", "", "", ""])
                continue
            if "error" in rec and "us" not in rec:
                rows.append([name, label, "**%s**" % rec["error"], "", "", "", ""])
                continue
            if label in ("hand", "primal"):
                check = "reference" if label == "hand" else ""
            else:
                check = (("✓" if rec.get("ok") else "✗")
                         + " (%.1e)" % rec.get("max_abs_err", float("nan")))
            first = "%.1f" % rec["first_ms"] if "first_ms" in rec else ""
            rows.append([name, label, fmt_us(rec.get("us")), fmt_us(rec.get("iqr_us")),
                         fmt_us(rec.get("min_us")), first, check])
    return rows


def memory_table(results):
    head = ["workload", "loop n", "primal KiB", "hand KiB", "srcdiff KiB", "srcdiff÷hand"]
    rows = [head, ["---", "---:", "---:", "---:", "---:", "---:"]]
    for name, res in results:
        for m in res.get("memory", []):
            if "srcdiff_kib" in m:
                sd = "%.1f" % m["srcdiff_kib"] + ("" if m.get("ok") else " ✗")
                ratio = fmt_ratio(m["srcdiff_kib"], m["hand_kib"])
            else:
                sd, ratio = "**%s**" % m.get("srcdiff_error", "n/a"), "—"
            rows.append([name, str(m["n"]), "%.1f" % m["primal_kib"],
                         "%.1f" % m["hand_kib"], sd, ratio])
    return rows if len(rows) > 2 else None


def compiled_table(results):
    """srcdiff's numba backend beside jax.jit: steady-state times and first-call (compile)
    times, for the workloads where both ran."""
    head = ["workload", "srcdiff µs", "srcdiff-numba µs", "jax-jit µs", "jax-jit÷srcdiff-numba",
            "srcdiff-numba first call ms", "srcdiff-numba first call, helpers cached ms",
            "srcdiff-numba first call, cached ms", "jax-jit first call ms"]
    rows = [head, ["---"] + ["---:"] * (len(head) - 1)]
    for name, res in results:
        peers = res.get("peers", {})
        nb, jj = peers.get("srcdiff_numba"), peers.get("jax_jit")
        if not nb or "missing" in nb:
            continue
        sd = res.get("srcdiff", {})
        nb_cell = ("**%s**" % nb["error"] if "error" in nb and "us" not in nb
                   else fmt_us(nb.get("us")) + ("" if nb.get("ok") else " ✗"))
        rows.append([name, fmt_us(sd.get("us")), nb_cell, fmt_us(peer_time(jj)),
                     fmt_ratio(peer_time(jj), peer_time(nb)),
                     "%.0f" % nb["first_ms"] if "first_ms" in nb else "—",
                     "%.0f" % nb["helpers_cached_first_ms"]
                     if nb.get("helpers_cached_first_ms") else "—",
                     "%.0f" % nb["cached_first_ms"] if nb.get("cached_first_ms") else "—",
                     "%.0f" % jj["first_ms"] if jj and "first_ms" in jj else "—"])
    return rows if len(rows) > 2 else None


def render(rows):
    return "\n".join("| " + " | ".join(r) + " |" for r in rows)


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def machine_text(m, threads, loads=()):
    blas = m.get("blas") or {}
    peers = ", ".join("%s %s" % (k, v or "not installed") for k, v in m.get("peers", {}).items())
    env = m.get("env", {})
    lines = [
        "- CPU: %s; %s logical cores (benchmark pinned to core(s) %s)"
        % (m.get("cpu"), m.get("nproc"), m.get("affinity")),
        "- Python %s, NumPy %s; BLAS %s, kernel %s, %s thread(s)"
        % (m.get("python"), m.get("numpy"), blas.get("library", "?"),
           blas.get("core", "?"), blas.get("threads", "?")),
        "- threads for every contender: %d (OMP/OPENBLAS/MKL_NUM_THREADS, "
        "torch.set_num_threads, XLA single-threaded)" % threads,
        "- peers: %s" % peers,
    ]
    if "OPENBLAS_CORETYPE" in env:
        lines.append("- note: OPENBLAS_CORETYPE=%s is set in this environment "
                     "(it forces NumPy's BLAS kernel; torch uses MKL)"
                     % env["OPENBLAS_CORETYPE"])
    loads = [x for x in loads if x is not None]
    if loads:
        busy = max(loads) > 0.5
        lines.append("- 1-minute load average at start / end: %s%s"
                     % (" / ".join("%.2f" % x for x in loads),
                        " — **other processes were using the CPU: timings are noisy**"
                        if busy else ""))
    return "\n".join(lines)


def notes(results):
    out = []
    for name, res in results:
        if "crash" in res:
            out.append("- %s: the subprocess crashed: %s" % (name, res["crash"]))
        recs = [("srcdiff", res.get("srcdiff", {}))] + list(res["peers"].items())
        for label, rec in recs:
            if "error" in rec:
                out.append("- %s / %s raised %s: %s" % (name, label, rec["error"],
                                                         rec.get("message", "")))
            elif rec.get("ok") is False:
                out.append("- %s / %s: wrong gradient: %s" % (name, label, rec.get("check_msg")))
        for m in res.get("memory", []):
            if m.get("ok") is False:
                out.append("- %s / srcdiff at n=%d: wrong gradient: %s"
                           % (name, m["n"], m.get("check_msg")))
            elif "srcdiff_error" in m and m.get("message"):
                out.append("- %s / srcdiff at n=%d raised %s: %s"
                           % (name, m["n"], m["srcdiff_error"], m["message"]))
    return out


# ------------------------------------------------------------------ selfcheck
def selfcheck(names, verbose=True):
    """Hand gradients against central finite differences (float64).

    Every gradient entry of small arguments, a random sample of 16 entries
    of large ones; loop workloads at their default length.
    """
    import numpy as np

    from run_one import SEED, as_tuple, load

    failed = []
    for name in names:
        mod = load(name)
        rng = np.random.default_rng(SEED)
        args = list(mod.make_inputs(rng))
        grads = as_tuple(mod.hand_grad(*args), len(mod.WRT))
        worst = 0.0
        ok = True
        for pos, g in zip(mod.WRT, grads):
            x0 = args[pos]
            is_float = not isinstance(x0, np.ndarray)
            flat = np.array([x0], dtype=np.float64) if is_float else x0.astype(np.float64).ravel()
            g = np.asarray(g, dtype=np.float64).ravel()
            if g.shape != flat.shape:
                ok = False
                print("  %s arg %d: gradient shape %s != %s" % (name, pos, g.shape, flat.shape))
                continue
            idx = (np.arange(flat.size) if flat.size <= 16
                   else rng.choice(flat.size, 16, replace=False))
            for i in idx:
                h = 1e-5 * max(1.0, abs(flat[i]))
                vals = []
                for s in (+1, -1):
                    xp = flat.copy()
                    xp[i] += s * h
                    args[pos] = float(xp[0]) if is_float else xp.reshape(x0.shape)
                    vals.append(float(mod.primal(*args)))
                args[pos] = x0
                fd = (vals[0] - vals[1]) / (2 * h)
                err = abs(fd - g[i])
                worst = max(worst, err / (1e-7 + 1e-5 * abs(fd)))
                if err > 1e-7 + 1e-5 * abs(fd):
                    ok = False
                    print("  %s arg %d entry %d: hand %.10g, finite difference %.10g"
                          % (name, pos, i, g[i], fd))
        if verbose:
            print("%-12s %s  (worst error / tolerance = %.3f)"
                  % (name, "ok  " if ok else "FAIL", worst))
        if not ok:
            failed.append(name)
    return failed


# ------------------------------------------------------------------ scale
SCALE_SCRIPTS = ("compile_scale.py", "memory_scale.py")


def scale_benchmarks(quick, env):
    """Run the scale benchmarks (each writes its own table to bench/results/); return the
    names of those that failed."""
    failed = []
    for script in SCALE_SCRIPTS:
        print("bench: %s" % script, file=sys.stderr, flush=True)
        cmd = [sys.executable, os.path.join(HERE, script)] + (["--quick"] if quick else [])
        if subprocess.run(cmd, env=env).returncode:
            failed.append(script)
    return failed


# ------------------------------------------------------------------ main
def run_gradbench(opts):
    """GradBench's evals, in their own process (bench/gradbench/run.py)."""
    cmd = [sys.executable, os.path.join(HERE, "gradbench", "run.py")]
    if opts.peers == "":
        cmd.append("--no-peers")
    return subprocess.run(cmd, env=child_env(opts.threads)).returncode


def run_dask_scaling(quick):
    """bench/dask_scaling.py in its own process (it starts dask clusters)."""
    cmd = [sys.executable, os.path.join(HERE, "dask_scaling.py")]
    if quick:
        cmd += ["--rows", "250000", "--repeats", "3"]
    return subprocess.call(cmd)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repeats")
    ap.add_argument("--only", action="append", default=[], metavar="NAME",
                    help="run only these workloads (repeatable or comma-separated)")
    ap.add_argument("--selfcheck", action="store_true",
                    help="check the hand-written gradients by finite differences and exit")
    ap.add_argument("--threads", type=int, default=1,
                    help="threads for BLAS, XLA and torch (default 1)")
    ap.add_argument("--peers", default="autograd,jax_eager,jax_jit,torch,srcdiff_numba",
                    help="comma-separated peers (default: all; missing ones show n/a)")
    ap.add_argument("--family", choices=FAMILIES, default="workloads",
                    help="bench/workloads (default) or bench/realistic (issue 17)")
    ap.add_argument("--out", default=None, help="default bench/results/latest.md, "
                    "or realistic_latest.md for --family realistic (realistic.md is the "
                    "family's written history: a run never overwrites it)")
    ap.add_argument("--scale", action="store_true",
                    help="then run compile_scale.py and memory_scale.py (`make bench`)")
    ap.add_argument("--gradbench", action="store_true",
                    help="run only GradBench's evals (bench/results/gradbench.md)")
    ap.add_argument("--no-gradbench", action="store_true",
                    help="skip GradBench's evals (run after the workloads by default)")
    ap.add_argument("--dask", action="store_true",
                    help="also the dask scaling row (bench/dask_scaling.py; needs the dask "
                         "extra), written to bench/results/dask_scaling.md")
    opts = ap.parse_args(argv)
    if opts.gradbench:
        return run_gradbench(opts)

    known = NAMES if opts.family == "workloads" else importlib.import_module(opts.family).NAMES
    names = [n for item in opts.only for n in item.split(",") if n] or list(known)
    unknown = [n for n in names if n not in known]
    if unknown:
        ap.error("unknown workload(s) %s; known: %s" % (", ".join(unknown), ", ".join(known)))
    if opts.family != "workloads":
        names = [opts.family + "." + n for n in names]
    opts.out = opts.out or os.path.join(
        HERE, "results",
        "latest.md" if opts.family == "workloads" else opts.family + "_latest.md")

    if opts.selfcheck:
        failed = selfcheck(names)
        print("selfcheck: %s" % ("all hand gradients agree with finite differences"
                                 if not failed else "FAILED: " + ", ".join(failed)))
        return 1 if failed else 0

    load_start = loadavg()
    env = child_env(opts.threads)
    machine, err = run_child(["--machine"], env)
    if machine is None:
        machine = {}
        print("bench: machine info failed: %s" % err, file=sys.stderr)

    results = []
    extra = ["--quick"] if opts.quick else []
    peers = [p for p in opts.peers.split(",") if p]
    for name in names:
        print("bench: %s: core" % name, file=sys.stderr, flush=True)
        res, err = run_child([name, "--part", "core"] + extra, env)
        if res is None:
            res = {"crash": err}
        res.setdefault("peers", {})
        for peer in peers:
            print("bench: %s: %s" % (name, peer), file=sys.stderr, flush=True)
            pres, perr = run_child([name, "--part", peer] + extra, env, PEER_TIMEOUT_S)
            if pres is None:
                kind = "Timeout" if perr.startswith("timed out") else "Crashed"
                res["peers"][peer] = {"error": kind, "message": perr}
            else:
                res["peers"].update(pres["peers"])
        results.append((name, res))

    stamp = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    parts = ["# srcdiff benchmark (%s%s)" % (stamp, ", --quick" if opts.quick else ""), "",
             machine_text(machine, opts.threads, (load_start, loadavg())), "",
             "Times are medians per call; ratios above 1 in the peer columns mean "
             "srcdiff is faster. ✗ = gradient disagrees with the hand-written one "
             "(rtol 1e-6, atol 1e-9). gen ms = first `sd.grad(f)(*args)` in a fresh "
             "process minus a steady-state call.", "",
             render(main_table(results))]
    compiled = compiled_table(results)
    if compiled:
        parts += ["", "## Compiled backend (backend=\"numba\") beside jax.jit", "",
                  "First call = generation + numba compile (srcdiff, into empty disk "
                  "caches: srcdiff's and numba's) or trace + XLA compile (jax.jit), in a "
                  "fresh process; helpers cached = the same in a process whose numba cache "
                  "holds srcdiff's numba helpers (compiled by an earlier gradient: after "
                  "srcdiff's first use on a machine); cached = srcdiff's first call in a "
                  "second fresh process, numba's machine code then loaded from the disk "
                  "cache (compiler/emit/numba_cache.py).", "",
                  render(compiled)]
    mem = memory_table(results)
    if mem:
        parts += ["", "## Peak memory of one call (tracemalloc)", "", render(mem)]
    parts += ["", "## All timings", "", render(detail_table(results))]
    note_lines = notes(results)
    if note_lines:
        parts += ["", "## Notes", ""] + note_lines
    text = "\n".join(parts) + "\n"
    print(text)
    os.makedirs(os.path.dirname(os.path.abspath(opts.out)), exist_ok=True)
    with open(opts.out, "w", encoding="utf-8") as f:
        f.write(text)
    if opts.dask:
        run_dask_scaling(opts.quick)

    bad = []
    if not opts.only and opts.family == "workloads":  # checkpointed loops against T
        print("bench: checkpoint", file=sys.stderr, flush=True)
        ck = subprocess.run([sys.executable, os.path.join(HERE, "checkpoint.py")] + extra,
                            env=env)
        if ck.returncode != 0:
            bad.append("checkpoint")
    if opts.scale:
        bad += scale_benchmarks(opts.quick, env)
    for name, res in results:
        sd = res.get("srcdiff", {})
        if "crash" in res or "error" in sd or sd.get("ok") is False or any(
                m.get("ok") is False or "srcdiff_error" in m for m in res.get("memory", [])):
            bad.append(name)
    if bad:
        print("bench: srcdiff failed or disagreed on: %s" % ", ".join(bad), file=sys.stderr)
    gradbench = 0 if opts.no_gradbench or opts.only or opts.family != "workloads" \
        else run_gradbench(opts)
    return 1 if bad or gradbench else 0


if __name__ == "__main__":
    sys.exit(main())
