"""Gradient throughput of the logistic-regression loss on dask workers vs NumPy on one core.

    python bench/dask_scaling.py [--rows 1000000] [--repeats 5]
    python bench/run.py --dask        # the same table after the main ones

srcdiff's generated gradient (``sd.value_and_grad``) is called on NumPy arrays
(one process, BLAS on one thread) and on dask arrays computed by a
``LocalCluster`` of 1, 2 and 4 worker processes (one thread each, loopback),
the data generated and kept on the workers. A dask step is graph building plus
one ``dask.compute`` of loss and gradients. rows/s = rows / median step time.
Written to bench/results/dask_scaling.md. Needs the dask extra.
"""

import argparse
import datetime
import os
import statistics
import sys
import time

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"  # one core for NumPy, one per dask worker

import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "samples"))

import srcdiff as sd  # noqa: E402
from distributed_logreg import logreg_loss  # noqa: E402

FEATURES = 20


def numpy_data(rows, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(rows, FEATURES))
    y = (x @ rng.normal(size=FEATURES) + 0.5 * rng.normal(size=rows) > 0).astype(float)
    return x, y


def median_time(step, repeats):
    step()  # warm: compiles the gradient, starts what needs starting
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        step()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def bench_numpy(rows, repeats):
    x, y = numpy_data(rows)
    params = {"w": np.full(FEATURES, 0.1), "b": np.zeros(1)}
    vg = sd.value_and_grad(logreg_loss)
    return median_time(lambda: vg(params, x, y), repeats)


def bench_dask(rows, workers, repeats, chunk_rows):
    import dask
    import dask.array as da
    from dask.distributed import Client, LocalCluster, wait

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      host="127.0.0.1", dashboard_address=None) as cluster, \
            Client(cluster) as client:
        rng = da.random.default_rng(0)
        x = rng.normal(size=(rows, FEATURES), chunks=(chunk_rows, FEATURES))
        y = (x @ np.random.default_rng(1).normal(size=FEATURES) > 0).astype(float)
        x, y = client.persist([x, y])
        wait([x, y])
        params = {"w": np.full(FEATURES, 0.1), "b": np.zeros(1)}
        vg = sd.value_and_grad(logreg_loss)
        return median_time(lambda: dask.compute(vg(params, x, y)), repeats)


def loadavg():
    try:
        return os.getloadavg()[0]
    except OSError:
        return float("nan")


def table(rows, repeats, chunk_rows, worker_counts=(1, 2, 4)):
    load = loadavg()
    base = bench_numpy(rows, repeats)
    lines = ["| engine | step (ms) | rows/s | vs NumPy |", "|---|---:|---:|---:|",
             f"| NumPy, one core | {base * 1e3:.0f} | {rows / base:,.0f} | 1.00 |"]
    for w in worker_counts:
        t = bench_dask(rows, w, repeats, chunk_rows)
        lines.append(f"| dask, {w} worker process{'es' if w > 1 else ''} | {t * 1e3:.0f} | "
                     f"{rows / t:,.0f} | {base / t:.2f} |")
    head = (f"Gradient (value_and_grad) of the logistic-regression loss, {rows:,} rows x "
            f"{FEATURES} features, chunks of {chunk_rows:,} rows; median of {repeats} steps. "
            f"{os.cpu_count()} cores; load average {load:.1f} -> {loadavg():.1f}.")
    return head + "\n\n" + "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--chunk-rows", type=int, default=125_000)
    ap.add_argument("--out", default=os.path.join(HERE, "results", "dask_scaling.md"))
    opts = ap.parse_args(argv)
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        print("dask_scaling: needs dask (pip install 'srcdiff[dask]'); skipped")
        return 0
    text = table(opts.rows, opts.repeats, opts.chunk_rows)
    stamp = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    text = f"# srcdiff on dask: gradient throughput ({stamp})\n\n" + text
    print(text)
    os.makedirs(os.path.dirname(opts.out), exist_ok=True)
    with open(opts.out, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
