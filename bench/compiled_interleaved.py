"""srcdiff-numba beside jax.jit in one process, timed alternately: batches of calls of each
(about 20 ms a batch), 41 rounds, medians, one thread each (XLA single-threaded, as
bench/run.py). Under a fluctuating load this ratio is steadier than bench/run.py's, which
times each contender in its own process.

    python bench/compiled_interleaved.py scalar_loop rnn vec20 ode kalman burgers
    python bench/compiled_interleaved.py --cpu burgers   # CPU time (process_time): under
                                                         # load, steadier than wall time
"""
import importlib
import os
import statistics
import sys
import time

# one thread for every contender, as bench/run.py's default (--threads 1): XLA's CPU
# backend otherwise runs a thread pool, which a loaded 2-core machine slows several-fold
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " --xla_cpu_multi_thread_eigen="
                           "false intra_op_parallelism_threads=1").strip()

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import srcdiff as sd  # noqa: E402
from run_one import convert_args  # noqa: E402

REALISTIC = ("kalman", "burgers", "attention", "einsum_conv", "gmm", "gp", "nbody", "lotka_rk4",
             "conv1d_taps", "garch", "heat2d", "vae", "softmax_reg", "negbin", "mlp_ln")


CLOCK = time.perf_counter


def per_call(f, args, budget=0.02):
    n, t0 = 0, CLOCK()
    while True:
        f(*args)
        n += 1
        t = CLOCK() - t0
        if t > budget:
            return t / n


def main(names):
    print("| workload | srcdiff-numba µs | jax-jit µs | jax-jit ÷ srcdiff-numba |")
    print("| --- | ---: | ---: | ---: |")
    for name in names:
        family = "realistic" if name in REALISTIC else "workloads"
        mod = importlib.import_module(f"{family}.{name}")
        args = mod.make_inputs(np.random.default_rng(0))
        compiled = sd.grad(mod.primal, wrt=mod.WRT, backend="numba")
        jax_args = convert_args("jax_jit", args)
        compiled(*args)
        mod.jax_jit_grad(*jax_args)
        ours, theirs = [], []
        for _ in range(41):
            ours.append(per_call(compiled, args))
            theirs.append(per_call(mod.jax_jit_grad, jax_args))
        a, b = statistics.median(ours), statistics.median(theirs)
        print(f"| {name} | {a * 1e6:.1f} | {b * 1e6:.1f} | {b / a:.2f} |", flush=True)


if __name__ == "__main__":
    if "--cpu" in sys.argv:
        sys.argv.remove("--cpu")
        CLOCK = time.process_time
    main(sys.argv[1:] or ["scalar_loop", "rnn", "vec20", "ode", "kalman", "burgers"])
