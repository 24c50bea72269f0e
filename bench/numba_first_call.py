"""Cold first call of ``sd.grad(f, backend="numba")``, CPU time, each in a fresh process.

    python bench/numba_first_call.py [--steady] [--helpers-cached] scalar_loop rnn ...

``cold``: srcdiff's and numba's disk caches empty (a temp dir each run): srcdiff's generation,
numba's compile of the gradient, of srcdiff's helpers it calls and of numba's NumPy
implementations. ``--helpers-cached``: numba's cache first filled by a run of another process
(the helpers compiled), srcdiff's cache empty: a new gradient after srcdiff's first use on the
machine. Prints one line per workload (CPU s of ``sd.grad`` + first call, and with
``--steady`` the median CPU µs of a call afterwards). Environment variables (NUMBA_OPT ...) are
passed on to the child.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REALISTIC = ("kalman", "burgers", "lotka_rk4", "nbody", "conv1d_taps", "garch", "heat2d",
             "gmm", "softmax_reg", "negbin", "mlp_ln")

CHILD = r"""
import importlib, json, os, statistics, sys, time
sys.path.insert(0, {here!r})
import numpy as np
import numba  # noqa: F401  (import not counted: jax's import is not either)
import srcdiff as sd
assert sd.__file__.startswith({tree!r}), sd.__file__
mod = importlib.import_module({module!r})
args = mod.make_inputs(np.random.default_rng(0))
t0 = time.process_time()
g = sd.grad(mod.primal, wrt=mod.WRT, backend="numba")
g(*args)
first = time.process_time() - t0
out = {{"first_s": first}}
if {steady}:
    runs = []
    for _ in range(31):
        n, t0 = 0, time.process_time()
        while time.process_time() - t0 < 0.02:
            g(*args)
            n += 1
        runs.append((time.process_time() - t0) / n)
    out["us"] = statistics.median(runs) * 1e6
print(json.dumps(out))
"""


def child_setup(name, prefix):
    """The workload's module name, the srcdiff tree, a new cache directory and the child's
    environment (empty caches of srcdiff and numba there)."""
    module = ("realistic." if name in REALISTIC else "workloads.") + name
    tree = os.environ.get("SRCDIFF_TREE", os.path.dirname(HERE))
    cache = tempfile.mkdtemp(prefix=prefix)
    env = dict(os.environ, SRCDIFF_NUMBA_CACHE_DIR=os.path.join(cache, "sd"),
               NUMBA_CACHE_DIR=os.path.join(cache, "nb"), OMP_NUM_THREADS="1",
               PYTHONPATH=os.pathsep.join([tree, HERE]))
    return module, tree, cache, env


def run(name, steady, helpers_cached, cached=False):
    module, tree, cache, env = child_setup(name, "srcdiff-first-")
    code = CHILD.format(here=HERE, module=module, steady=steady, tree=tree)
    try:
        if helpers_cached or cached:  # fill numba's cache with the helpers (and the gradient)
            subprocess.run([sys.executable, "-c", code.replace("if True:", "if False:")],
                           env=env, capture_output=True, text=True, check=True, cwd=tree)
            if not cached:  # then a fresh srcdiff cache, at another path (numba's index
                # of the gradient's file is keyed by its path)
                env["SRCDIFF_NUMBA_CACHE_DIR"] = os.path.join(cache, "sd2")
        proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, cwd=tree)
        lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
        if not lines:
            return {"error": proc.stderr[-2000:]}
        return json.loads(lines[-1])
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def main(argv):
    steady = "--steady" in argv
    helpers = "--helpers-cached" in argv
    cached = "--cached" in argv
    names = [a for a in argv if not a.startswith("--")] or [
        "scalar_loop", "rnn", "vec20", "ode", "kalman", "burgers"]
    for name in names:
        rec = run(name, steady, helpers, cached)
        print(name, json.dumps(rec), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
