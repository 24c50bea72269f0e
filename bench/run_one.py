"""Benchmark ONE workload in this process and print the result as JSON.

    python bench/run_one.py NAME [--quick] [--part core|autograd|jax_eager|jax_jit|torch]
    python bench/run_one.py --machine        # BLAS / library facts, as JSON

Part `core` (the default) times the hand-written gradient, the primal and
srcdiff, and measures memory; each peer is a part of its own, so that its
imports, threads and memory stay out of the other measurements and a peer
that hangs loses only its own cell.

Normally started by bench/run.py, which sets the thread environment
(OMP_NUM_THREADS etc.) before this process starts.  The JSON document is the
last line of stdout; everything else (library chatter) goes to stderr.
"""
import argparse
import ctypes
import gc
import importlib
import json
import os
import sys
import time
import traceback
import tracemalloc

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for _p in (HERE, ROOT):          # `workloads` package, and srcdiff from the work tree
    if _p not in sys.path:
        sys.path.insert(0, _p)

import numpy as np  # noqa: E402

SEED = 20240531
RTOL, ATOL = 1e-6, 1e-9
PEERS = ("autograd", "jax_eager", "jax_jit", "torch", "srcdiff_numba")
_MADE_CACHE = []  # the numba cache directory this process made (removed after use)


def load(name):
    """The workload module: `rnn` is workloads/rnn.py, `realistic.gp` realistic/gp.py."""
    return importlib.import_module(name if "." in name else "workloads." + name)


# --------------------------------------------------------------------- timing
def measure(fn, quick):
    """Median and IQR of the time of one call of fn(), in microseconds.

    Like timeit: warm up, pick a loop count so that one sample lasts at least
    `target` seconds, then take `repeats` samples with the garbage collector
    off.  Each sample's time is divided by its loop count.
    """
    target, repeats, budget = (0.002, 7, 1.5) if quick else (0.01, 25, 8.0)
    for _ in range(2):
        fn()
    t0 = time.perf_counter()
    fn()
    one = max(time.perf_counter() - t0, 1e-7)
    loops = max(1, int(target / one))
    repeats = max(3, min(repeats, int(budget / (one * loops))))
    samples = []
    gc.collect()
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            t0 = time.perf_counter()
            for _ in range(loops):
                fn()
            samples.append((time.perf_counter() - t0) / loops)
    finally:
        if gc_was_on:
            gc.enable()
    q1, med, q3 = np.percentile(samples, [25, 50, 75])
    return {"us": med * 1e6, "iqr_us": (q3 - q1) * 1e6, "min_us": min(samples) * 1e6,
            "loops": loops,
            "repeats": repeats}


def peak_kib(fn):
    """tracemalloc peak (KiB) of one call of fn(), arguments already allocated."""
    gc.collect()
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        out = fn()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    del out
    return peak / 1024.0


# --------------------------------------------------------------------- checks
def as_tuple(g, n):
    if n == 1 and not isinstance(g, (tuple, list)):
        return (g,)
    return tuple(g)


def compare(got, ref):
    """(ok, max abs error, message) of gradient tuples against the reference."""
    if got is None or len(got) != len(ref):
        return False, float("nan"), "got %r values, expected %d" % (
            None if got is None else len(got), len(ref))
    worst = 0.0
    for i, (g, r) in enumerate(zip(got, ref)):
        if g is None:
            return False, float("nan"), "gradient %d is None" % i
        g = np.asarray(g, dtype=np.float64)
        r = np.asarray(r, dtype=np.float64)
        if g.shape != r.shape:
            return False, float("nan"), "gradient %d has shape %s, expected %s" % (
                i, g.shape, r.shape)
        err = float(np.max(np.abs(g - r))) if g.size else 0.0
        worst = max(worst, err)
        if not np.allclose(g, r, rtol=RTOL, atol=ATOL):
            return False, worst, "gradient %d differs (max abs error %.3g)" % (i, err)
    return True, worst, ""


def error_record(exc):
    msg = str(exc).strip().splitlines()
    return {"error": type(exc).__name__, "message": msg[0][:300] if msg else "",
            "traceback": traceback.format_exc()[-2000:]}


# ---------------------------------------------------------------- contenders
def convert_args(peer, args):
    """Inputs in the peer's own array type, made once outside the timed region."""
    if peer.startswith("jax"):
        from workloads import _peers
        _, jnp = _peers.jax_modules()
        # (a list of floats, the Kalman filter's observations, as one array: what a JAX
        # user passes to a jitted function, rather than a pytree of 500 scalars)
        return tuple(jnp.asarray(a) if isinstance(a, np.ndarray) or (
            isinstance(a, list) and a and all(type(v) is float for v in a)) else a
            for a in args)
    if peer == "torch":
        from workloads import _peers
        torch = _peers.torch_module()
        return tuple(torch.from_numpy(a) if isinstance(a, np.ndarray) else a for a in args)
    return args


def run_srcdiff(mod, args, ref, quick, out):
    rec = out["srcdiff"] = {}
    try:
        import srcdiff as sd
    except Exception as exc:   # noqa: BLE001 - any failure is reported, not raised
        rec.update(error_record(exc))
        return None
    try:
        # Generation time = (construct + first call, cold cache, in a fresh
        # process whose NumPy is already warm) - median steady-state call.
        t0 = time.perf_counter()
        g = sd.grad(mod.primal, wrt=mod.WRT)
        got = as_tuple(g(*args), len(mod.WRT))
        first = time.perf_counter() - t0
    except Exception as exc:   # noqa: BLE001
        rec.update(error_record(exc))
        return None
    ok, err, msg = compare(got, ref)
    rec.update({"ok": ok, "max_abs_err": err, "check_msg": msg, "first_ms": first * 1e3})
    try:
        rec.update(measure(lambda: g(*args), quick))
        rec["gen_ms"] = max(0.0, first * 1e3 - rec["us"] / 1e3)
    except Exception as exc:   # noqa: BLE001
        rec.update(error_record(exc))
        return None
    try:
        rec["source_lines"] = len(sd.source(mod.primal, wrt=mod.WRT).splitlines())
    except Exception:          # noqa: BLE001 - optional extra
        pass
    return g


def run_peer(mod, peer, args, ref, quick, out):
    rec = out["peers"][peer] = {}
    fn = getattr(mod, peer + "_grad", None) if peer != "srcdiff_numba" else numba_grad(mod)
    if fn is None:
        rec["missing"] = "not implemented for this workload"
        return
    try:
        pargs = convert_args(peer, args)
        t0 = time.perf_counter()
        got = as_tuple(fn(*pargs), len(mod.WRT))
        rec["first_ms"] = (time.perf_counter() - t0) * 1e3   # includes jit compile
    except ImportError as exc:
        rec["missing"] = str(exc)
        return
    except Exception as exc:   # noqa: BLE001
        rec.update(error_record(exc))
        return
    ok, err, msg = compare(got, ref)
    rec.update({"ok": ok, "max_abs_err": err, "check_msg": msg})
    try:
        rec.update(measure(lambda: fn(*pargs), quick))
    except Exception as exc:   # noqa: BLE001
        rec.update(error_record(exc))
    if peer == "srcdiff_numba" and "error" not in rec:
        rec["cached_first_ms"] = cached_first_ms(mod.__name__)
        # a gradient not compiled before, in a process whose numba cache holds the helpers
        # (compiled by the runs above): the first call of a new gradient after srcdiff's
        # first use on this machine
        import tempfile
        rec["helpers_cached_first_ms"] = cached_first_ms(
            mod.__name__, SRCDIFF_NUMBA_CACHE_DIR=tempfile.mkdtemp(prefix="srcdiff-bench-nb-"))
    if peer == "srcdiff_numba" and _MADE_CACHE:  # the empty cache made for this run
        import shutil
        shutil.rmtree(_MADE_CACHE.pop(), ignore_errors=True)


def cached_first_ms(name, **env):
    """The first call of the numba gradient in a fresh process whose disk cache holds it
    (this process compiled it into SRCDIFF_NUMBA_CACHE_DIR, numba's helpers into
    NUMBA_CACHE_DIR): generation + loading. ``env``: variables changed for that process."""
    import subprocess
    cmd = [sys.executable, os.path.abspath(__file__), name.replace("workloads.", ""),
           "--part", "srcdiff_numba_first"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, **env))
    if env:
        import shutil
        shutil.rmtree(env["SRCDIFF_NUMBA_CACHE_DIR"], ignore_errors=True)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    return json.loads(lines[-1]).get("first_ms") if lines else None


def numba_first(name):
    """Part srcdiff_numba_first: only the first call's time (cached_first_ms)."""
    mod = load(name)
    args = mod.make_inputs(np.random.default_rng(SEED))
    fn = numba_grad(mod)
    t0 = time.perf_counter()
    fn(*args)
    return {"first_ms": (time.perf_counter() - t0) * 1e3}


def numba_grad(mod):
    """srcdiff's gradient with backend="numba" (compiled on the first call, which the
    first-call time includes); ImportError when numba is missing (shown as n/a)."""
    try:
        import numba  # noqa: F401 - the backend's optional dependency
    except ImportError as exc:
        message = str(exc)

        def missing(*args):
            raise ImportError(message)
        return missing
    import srcdiff as sd
    if "SRCDIFF_NUMBA_CACHE_DIR" not in os.environ:  # a cold cache (compiler/emit/numba_cache.py)
        import tempfile
        os.environ["SRCDIFF_NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="srcdiff-bench-numba-")
        _MADE_CACHE.append(os.environ["SRCDIFF_NUMBA_CACHE_DIR"])
        # numba's own cache too (srcdiff's helpers, numba_helpers.py): truly cold, and
        # the child processes (cached_first_ms) read the same
        os.environ["NUMBA_CACHE_DIR"] = numba.config.CACHE_DIR = \
            os.environ["SRCDIFF_NUMBA_CACHE_DIR"]
    return sd.grad(mod.primal, wrt=mod.WRT, backend="numba")


def run_memory(mod, g, quick, out):
    """Peak memory of one gradient call at loop lengths n and 4n."""
    pos, n0 = mod.LOOP
    rows = out["memory"] = []
    for n in (n0, 4 * n0):
        args = mod.make_inputs(np.random.default_rng(SEED), n=n)
        ref = as_tuple(mod.hand_grad(*args), len(mod.WRT))
        row = {"n": n,
               "primal_kib": peak_kib(lambda: mod.primal(*args)),
               "hand_kib": peak_kib(lambda: mod.hand_grad(*args))}
        if g is None:
            row["srcdiff_error"] = out["srcdiff"].get("error", "n/a")
        else:
            try:
                got = as_tuple(g(*args), len(mod.WRT))   # (re)generates if needed
                ok, err, msg = compare(got, ref)
                row.update({"ok": ok, "max_abs_err": err, "check_msg": msg})
                row["srcdiff_kib"] = peak_kib(lambda: g(*args))
            except Exception as exc:   # noqa: BLE001
                row["srcdiff_error"] = type(exc).__name__
                row["message"] = str(exc).strip().splitlines()[0][:300] if str(exc).strip() else ""
        rows.append(row)


def run_workload(name, quick, part="core"):
    mod = load(name)
    args = mod.make_inputs(np.random.default_rng(SEED))
    out = {"name": name, "wrt": list(mod.WRT), "peers": {}}
    ref = as_tuple(mod.hand_grad(*args), len(mod.WRT))
    if part == "core":
        out["hand"] = measure(lambda: mod.hand_grad(*args), quick)
        out["primal"] = measure(lambda: mod.primal(*args), quick)
        g = run_srcdiff(mod, args, ref, quick, out)
        if hasattr(mod, "LOOP"):
            run_memory(mod, g, quick, out)
    elif part in PEERS:
        run_peer(mod, part, args, ref, quick, out)
    elif part == "srcdiff_numba_first":
        out.update(numba_first(name))
    else:
        raise SystemExit("unknown part %r" % part)
    return out


# -------------------------------------------------------------------- machine
def blas_info():
    """OpenBLAS core name and thread count of the library NumPy loaded."""
    info = {}
    try:
        with open("/proc/self/maps") as f:
            paths = {line.split()[-1] for line in f if "openblas" in line.lower()}
    except OSError:
        paths = set()
    for path in sorted(paths):
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for suffix in ("64_", "", "_64"):
            for prefix in ("scipy_openblas_", "openblas_"):
                get_core = getattr(lib, prefix + "get_corename" + suffix, None)
                get_threads = getattr(lib, prefix + "get_num_threads" + suffix, None)
                if get_core is not None and get_threads is not None:
                    get_core.restype = ctypes.c_char_p
                    info = {"library": os.path.basename(path),
                            "core": get_core().decode(),
                            "threads": int(get_threads())}
                    return info
    return info


def machine_info():
    info = {"numpy": np.__version__, "python": sys.version.split()[0],
            "blas": blas_info(), "nproc": os.cpu_count(),
            "affinity": (sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                         else None),
            "env": {k: os.environ[k] for k in sorted(os.environ)
                    if k.startswith(("OMP_", "OPENBLAS_", "MKL_", "XLA_FLAGS", "JAX_PLATFORMS"))}}
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    info["cpu"] = cpu
    versions = {}
    for lib in ("autograd", "jax", "torch"):
        try:
            from importlib.metadata import version
            versions[lib] = version(lib)
        except Exception:      # noqa: BLE001
            versions[lib] = None
    info["peers"] = versions
    return info


def pin_threads():
    """Pin this process to OMP_NUM_THREADS cores (when fewer than available)."""
    n = int(os.environ.get("OMP_NUM_THREADS", "0") or 0)
    if n and hasattr(os, "sched_getaffinity"):
        cpus = sorted(os.sched_getaffinity(0))
        if n < len(cpus):
            os.sched_setaffinity(0, set(cpus[-n:]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("name", nargs="?")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--machine", action="store_true")
    ap.add_argument("--part", default="core",
                    choices=("core",) + PEERS + ("srcdiff_numba_first",))
    opts = ap.parse_args(argv)
    pin_threads()
    real_stdout = sys.stdout
    sys.stdout = sys.stderr        # stray prints must not corrupt the JSON line
    try:
        if opts.machine:
            result = machine_info()
        elif opts.name:
            result = run_workload(opts.name, opts.quick, opts.part)
        else:
            ap.error("a workload NAME or --machine is required")
    finally:
        sys.stdout = real_stdout
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
