"""How srcdiff's compile time and memory grow with the size of the function.

    python bench/compile_scale.py            # 250 ... 8000 statements
    python bench/compile_scale.py --quick    # 250 ... 2000 statements
    python bench/compile_scale.py --sizes 500,1000 --kinds straight
    python bench/compile_scale.py --sizes 2000 --kinds straight --trace-max 0 --walks

Three families of generated functions (written to a temporary module, so that
srcdiff reads their source like any user's):

- ``straight``: straight-line code, a realistic mix of elementwise NumPy
  operations, reductions, scalar arithmetic and reassignments;
- ``loops``: several ``for`` loops whose bodies have 10-50 statements each;
- ``helpers``: one function calling 200 small user helpers (fixed size).

Each (family, size) is measured in a fresh subprocess: the CPU time (and wall
time) of the first ``sd.grad(f)`` compilation for the arguments (generation
only, from parse to loaded code; the call that runs it is timed separately), the process's
maximum RSS, and (up to ``--trace-max`` statements) a second compilation of a
fresh copy under ``tracemalloc`` for its peak memory.  The
fitted exponent is the log-log least-squares slope of time against size over
the sizes between 500 and 8000.  Results go to
``bench/results/compile_scale_latest.md`` (``compile_scale.md`` is the written history).
"""
import argparse
import importlib.util
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc

HERE = os.path.dirname(os.path.abspath(__file__))
SIZES = (250, 500, 1000, 2000, 4000, 8000)
QUICK_SIZES = (250, 500, 1000, 2000)
HELPERS = 200
TIMEOUT_S = 1800


# ------------------------------------------------------------------ generated sources
class _Mix:
    """Statements of a realistic mix, over arrays ``t*`` and scalars ``s*`` that stay
    bounded whatever the inputs (tanh, sin, small factors)."""

    def __init__(self, arrays, scalars, indent="    "):
        self.arrays = list(arrays)  # names holding arrays of the input's shape
        self.scalars = list(scalars)  # names holding float scalars
        self.indent = indent
        self.k = 0
        self.fresh = 0

    def _pick(self, pool, back):
        return pool[-1 - (self.k * 7 + back) % min(len(pool), 12)]

    def statement(self):
        k = self.k
        self.k += 1
        a, b = self._pick(self.arrays, 1), self._pick(self.arrays, 4)
        s = self._pick(self.scalars, 2)
        kind = k % 8
        if kind in (0, 1, 2):  # elementwise, a new array
            self.fresh += 1
            name = "t%d" % self.fresh
            expr = ("np.tanh(%s * %s + %s)" % (a, s, b), "np.sin(%s) * %s - 0.5 * %s" % (a, b, a),
                    "%s * %s + np.cos(%s)" % (a, b, s))[kind]
            self.arrays.append(name)
        elif kind == 3:  # reduction to a new scalar
            self.fresh += 1
            name = "s%d" % self.fresh
            expr = ("np.sum(%s * %s) * 0.01" % (a, b) if k % 16 < 8
                    else "np.mean(np.exp(-%s * %s))" % (a, a))
            self.scalars.append(name)
        elif kind in (4, 5):  # scalar arithmetic
            self.fresh += 1
            name = "s%d" % self.fresh
            expr = "np.tanh(%s * 0.5 + %s * 0.25)" % (s, self._pick(self.scalars, 5)) if kind == 4 \
                else "%s * %s - 0.1" % (s, s)
            self.scalars.append(name)
        elif kind == 6:  # reassignment of an array
            name = a
            expr = "np.tanh(%s + 0.1 * %s)" % (a, b)
        else:  # reassignment of a scalar
            name = s
            expr = "0.9 * %s + 0.1 * np.tanh(%s)" % (s, s)
        return "%s%s = %s" % (self.indent, name, expr)

    def result(self):
        last = self.arrays[-4:] + self.scalars[-4:]
        return "%sreturn np.sum(%s) + %s" % (self.indent, " + ".join(self.arrays[-4:]),
                                          " + ".join(self.scalars[-4:])) if last else ""


def straight_source(n):
    mix = _Mix(["x", "y"], ["a"])
    lines = ["def f(x, y, a):"] + [mix.statement() for _ in range(n)] + [mix.result()]
    return "import numpy as np\n\n\n" + "\n".join(lines) + "\n", n


def loops_source(n):
    """Loops of 10-50 statements each (counted in the total), ``range(3)`` trips."""
    mix = _Mix(["x", "y"], ["a"])
    lines = ["def f(x, y, a):"]
    count, k = 0, 0
    while count < n:
        size = min(10 + (k * 17) % 41, n - count)
        k += 1
        # the loop's state: carried names read and reassigned by the body
        lines.append("    for i in range(3):")
        mix.indent = "        "
        mix.arrays, mix.scalars = mix.arrays[-12:], mix.scalars[-12:]
        for _ in range(size):
            line = mix.statement()
            lines.append(line)
        mix.indent = "    "
        lines.append("    x = np.tanh(%s + x)" % mix.arrays[-1])
        lines.append("    a = np.tanh(%s + a)" % mix.scalars[-1])
        mix.arrays, mix.scalars = ["x", "y"], ["a"]
        count += size + 3
    lines.append("    return np.sum(x * y) + a")
    return "import numpy as np\n\n\n" + "\n".join(lines) + "\n", count


def helpers_source(n=HELPERS):
    out = ["import numpy as np", ""]
    for k in range(n):
        out += ["", "def h%d(u, v):" % k,
                "    w = np.tanh(u * %.2f + v)" % (0.5 + 0.01 * (k % 50)),
                "    return w * v + np.sin(u) * 0.1", ""]
    out += ["", "def f(x, y, a):", "    z = x"]
    for k in range(n):
        out.append("    z = h%d(z, y) + %s" % (k, "a" if k % 3 == 0 else "0.1 * z"))
    out.append("    return np.sum(z * z) + a")
    return "\n".join(out) + "\n", 2 * n + n + 2


FAMILIES = {"straight": straight_source, "loops": loops_source,
            "helpers": lambda n: helpers_source()}


# ------------------------------------------------------------------ one measurement (child)
def _load(source, tag):
    path = os.path.join(tempfile.mkdtemp(prefix="srcdiff_scale_"), "scale_%s.py" % tag)
    with open(path, "w", encoding="utf-8") as f:
        f.write(source)
    spec = importlib.util.spec_from_file_location("scale_%s" % tag, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.f


def _generation(fn, args):
    """CPU and wall seconds to generate and load the gradient of ``fn`` for ``args``, and
    the gradient. (CPU time is the measure: the machine may be shared.)"""
    import srcdiff as sd
    from srcdiff.api.transforms import transform_of

    g = sd.grad(fn, (0, 1, 2))
    t0, c0 = time.perf_counter(), time.process_time()
    hit = transform_of(g).compiled(list(args))
    getattr(hit, "one", None)  # (api/seeded.py: what a call without grad_ys runs, made here)
    return time.process_time() - c0, time.perf_counter() - t0, g


# the driver's stages (driver.reverse_function's steps; ``load``: printing, exec, guards)
STAGES = ("front_end", "check_mutations", "analyze", "same_shapes", "Reverse.run", "fold_seed",
          "effects.library_calls", "optimizer.optimize", "shape_only_saves",
          "lower_owned_scatters", "short_sums", "products_into_views", "sum_products",
          "planewise_ops", "release", "load")


# the syntax walkers every pass asks (srcdiff/compiler/ir/dataflow.py): ``--walks`` adds up
# their CPU seconds per stage (the most a summary kept between passes could save there)
WALKERS = ("nodes", "names", "_ids", "_summary", "in_walk_order", "children")


def walk_timers(active):
    """Wrap :data:`WALKERS` to add up their CPU seconds by the stage running (``active``:
    the stack :func:`stage_timers` keeps; ``other`` outside the stages): a dict. A walker
    called inside another counts in the outer one."""
    from srcdiff.compiler.ir import dataflow

    spent, depth = {}, [0]

    def timed(f):
        def run(*args):
            if depth[0]:
                return f(*args)
            depth[0] = 1
            c0 = time.process_time()
            try:
                return f(*args)
            finally:
                label = active[-1] if active else "other"
                spent[label] = spent.get(label, 0.0) + time.process_time() - c0
                depth[0] = 0
        return run

    for name in WALKERS:
        setattr(dataflow, name, timed(getattr(dataflow, name)))
    return spent


def stage_timers(walks=False):
    """Wrap the driver's stages (:data:`STAGES`) to add up their CPU seconds: a dict filled
    as the compilation runs. A stage called inside another (a callee's compilation inside
    the caller's generation) counts in the outer one: the stages partition the time.
    ``walks``: also the walkers' seconds per stage (:func:`walk_timers`), a second dict."""
    from srcdiff.compiler import driver

    spent, active = {}, []
    walked = walk_timers(active) if walks else None

    def timed(label, f):
        def run(*args, **kwargs):
            if active:
                return f(*args, **kwargs)
            active.append(label)
            c0 = time.process_time()
            try:
                return f(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + time.process_time() - c0
                active.pop()
        return run

    for label in STAGES:
        *path, attr = label.split(".")
        owner = driver.Reverse if path == ["Reverse"] else getattr(driver, path[0]) \
            if path else driver
        setattr(owner, attr, timed(label, getattr(owner, attr)))
    return (spent, walked) if walks else spent


def measure(family, n, profile=None, trace_max=None, stages=False, walks=False):
    import numpy as np

    source, statements = FAMILIES[family](n)
    args = (np.linspace(-1.0, 1.0, 8), np.linspace(0.5, 1.5, 8), 0.3)
    fn = _load(source, "%s_%d_t" % (family, n))
    spent = walked = None
    if walks:
        spent, walked = stage_timers(walks=True)
    elif stages:
        spent = stage_timers()
    if profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
        gen_s, wall_s, g = _generation(fn, args)
        prof.disable()
        stats = pstats.Stats(prof, stream=sys.stderr).strip_dirs()
        for order in ("cumulative", "tottime"):
            stats.sort_stats(order).print_stats(profile)
    else:
        gen_s, wall_s, g = _generation(fn, args)
    t0 = time.perf_counter()
    grads = g(*args)
    run_s = time.perf_counter() - t0
    ok = all(np.all(np.isfinite(v)) for v in grads)
    row = {"family": family, "n": statements, "gen_s": gen_s, "wall_s": wall_s, "run_s": run_s,
           "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "ok": bool(ok)}
    if spent is not None:
        row["stages"] = dict(spent, other=gen_s - sum(spent.values()))
    if walked is not None:
        row["walks"] = dict(walked)
    if trace_max is None or n <= trace_max:
        fn2 = _load(source, "%s_%d_m" % (family, n))
        tracemalloc.start()
        _generation(fn2, args)
        row["peak_mib"] = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    return row


# ------------------------------------------------------------------ driver (parent)
def run_one(family, n, trace_max, stages=False, walks=False):
    cmd = [sys.executable, os.path.abspath(__file__), "--child", "%s:%d" % (family, n),
           "--trace-max", str(trace_max)] + (["--stages"] if stages else []) \
        + (["--walks"] if walks else [])
    env = dict(os.environ)
    root = os.path.dirname(HERE)
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S, env=env)
    except subprocess.TimeoutExpired:
        return {"family": family, "n": n, "error": "timed out after %d s" % TIMEOUT_S}
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode or not lines:
        tail = " | ".join((proc.stderr or "").strip().splitlines()[-3:])
        return {"family": family, "n": n, "error": "exit %d: %s" % (proc.returncode, tail)}
    return json.loads(lines[-1])


def exponent(rows, lo=500, hi=8000):
    """Least-squares slope of log(time) against log(statements), sizes in [lo, hi]."""
    pts = [(math.log(r["n"]), math.log(r["gen_s"])) for r in rows
           if "gen_s" in r and lo * 0.9 <= r["n"] <= hi * 1.1]
    if len(pts) < 2:
        return None
    mx = sum(p[0] for p in pts) / len(pts)
    my = sum(p[1] for p in pts) / len(pts)
    den = sum((p[0] - mx) ** 2 for p in pts)
    return sum((p[0] - mx) * (p[1] - my) for p in pts) / den if den else None


def _stage_cell(row, label):
    cell = "%.2f" % row["stages"].get(label, 0.0)
    if "walks" in row:
        cell += " / %.2f" % row["walks"].get(label, 0.0)
    return cell


def report(rows):
    out = ["| family | statements | compile CPU s | wall s | ms / statement "
           "| tracemalloc peak MiB | max RSS MiB | run ms | ok |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    for r in rows:
        if "error" in r:
            out.append("| %s | %d | **%s** | | | | | | |" % (r["family"], r["n"], r["error"]))
            continue
        peak = "%.1f" % r["peak_mib"] if "peak_mib" in r else "—"
        out.append("| %s | %d | %.2f | %.2f | %.2f | %s | %.0f | %.1f | %s |"
                   % (r["family"], r["n"], r["gen_s"], r["wall_s"], 1000 * r["gen_s"] / r["n"],
                      peak, r["rss_mib"], 1000 * r["run_s"], "✓" if r["ok"] else "✗"))
    out.append("")
    for family in ("straight", "loops"):
        slope = exponent([r for r in rows if r["family"] == family])
        if slope is not None:
            out.append("- %s: fitted exponent (log-log slope of compile CPU time, 500-8000 "
                       "statements): **%.2f**" % (family, slope))
    staged = [r for r in rows if "stages" in r]
    if staged:
        labels = [s for s in STAGES + ("other",) if any(r["stages"].get(s, 0) >= 0.005
                                                        for r in staged)]
        out += ["", "CPU seconds per stage (driver.reverse_function's steps):", "",
                "| stage | " + " | ".join("%s %d" % (r["family"], r["n"]) for r in staged) + " |",
                "| --- |" + " ---: |" * len(staged)]
        for label in labels:
            out.append("| %s | " % label + " | ".join(
                _stage_cell(r, label) for r in staged) + " |")
        if any("walks" in r for r in staged):
            out += ["", "(seconds / of which in the syntax walkers, dataflow.py: ``--walks``)"]
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="sizes up to 2000 statements")
    ap.add_argument("--sizes", help="comma-separated statement counts")
    ap.add_argument("--kinds", default="straight,loops,helpers",
                    help="comma-separated families (straight, loops, helpers)")
    ap.add_argument("--profile", type=int, metavar="N",
                    help="with --child: print cProfile's top N (cumulative, then tottime)")
    ap.add_argument("--trace-max", type=int, default=2000, metavar="N",
                    help="measure the tracemalloc peak (a second, traced compilation) only up "
                         "to N statements (default 2000); max RSS is measured at every size")
    ap.add_argument("--stages", action="store_true",
                    help="also the CPU seconds of each stage of the compilation (STAGES)")
    ap.add_argument("--walks", action="store_true",
                    help="--stages, and the CPU seconds of the syntax walkers in each stage")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    # (compile_scale.md is the written history of the measurements: a run never overwrites it)
    ap.add_argument("--out", default=os.path.join(HERE, "results", "compile_scale_latest.md"))
    opts = ap.parse_args(argv)
    if opts.child:
        family, n = opts.child.split(":")
        print(json.dumps(measure(family, int(n), opts.profile, opts.trace_max,
                                 opts.stages, opts.walks)))
        return 0
    sizes = [int(s) for s in opts.sizes.split(",")] if opts.sizes else (
        QUICK_SIZES if opts.quick else SIZES)
    rows = []
    for family in [k for k in opts.kinds.split(",") if k]:
        for n in (sizes if family != "helpers" else [HELPERS]):
            print("compile_scale: %s %d" % (family, n), file=sys.stderr, flush=True)
            rows.append(run_one(family, n, opts.trace_max, opts.stages, opts.walks))
            print("compile_scale: %s" % json.dumps(rows[-1]), file=sys.stderr, flush=True)
    text = "# srcdiff compile time against function size (%s%s)\n\n%s\n" % (
        time.strftime("%Y-%m-%d %H:%M"), ", --quick" if opts.quick else "", report(rows))
    print(text)
    os.makedirs(os.path.dirname(opts.out), exist_ok=True)
    with open(opts.out, "w", encoding="utf-8") as f:
        f.write(text)
    return 1 if any("error" in r or not r.get("ok") for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
