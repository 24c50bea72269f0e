"""Logistic regression on a dataset no process holds whole, trained on a dask cluster.

    make distributed-demo        # installs the dask extra, then runs this
    python samples/distributed_logreg.py [--rows 5000000] [--steps 20] [--model mlp]

The sample starts a ``dask.distributed.LocalCluster`` of two worker processes
(loopback only), generates 5 million rows x 20 features in chunks on the
workers (each holds its half; the whole table never exists in one process), and
trains with ``sd.optimizers.Adam``. The gradient is srcdiff's generated code,
unchanged: called on dask arrays it builds a dask graph (nothing is computed),
and one ``dask.compute`` per step evaluates loss and gradients on the cluster.
The parameters stay small NumPy arrays in this process.
"""

import argparse
import time

import numpy as np

import srcdiff as sd

try:
    import dask
    import dask.array as da
    from dask.distributed import Client, LocalCluster, progress, wait
except ImportError:  # dask is an optional extra
    raise SystemExit("this sample needs dask: pip install 'srcdiff[dask]' "
                     "(or run `make distributed-demo`)") from None


def logreg_loss(params, x, y):
    """Mean log-loss of a linear classifier plus a small L2 penalty; ``y`` in {0, 1}."""
    z = x @ params["w"] + params["b"]
    log_loss = np.maximum(z, 0.0) + np.log1p(np.exp(-np.abs(z))) - y * z
    return np.mean(log_loss) + 1e-4 * np.sum(params["w"] * params["w"])


def mlp_loss(params, x, y):
    """The same log-loss for a one-hidden-layer network (tanh units)."""
    h = np.tanh(x @ params["w1"] + params["b1"])
    z = h @ params["w2"] + params["b2"]
    log_loss = np.maximum(z, 0.0) + np.log1p(np.exp(-np.abs(z))) - y * z
    return np.mean(log_loss) + 1e-4 * np.sum(params["w1"] * params["w1"])


def make_data(rows, features, chunk_rows, seed=0):
    """Features and labels as dask arrays whose chunks are generated on the workers."""
    rng = da.random.default_rng(seed)
    true_w = np.random.default_rng(seed + 1).normal(size=features)
    x = rng.normal(size=(rows, features), chunks=(chunk_rows, features))
    noise = rng.normal(size=rows, chunks=chunk_rows)
    y = (x @ true_w + 0.5 * noise > 0).astype(float)
    return x, y


def initial_params(model, features, hidden=16, seed=2):
    if model == "logreg":
        return {"w": np.zeros(features), "b": np.zeros(1)}
    rng = np.random.default_rng(seed)
    return {"w1": rng.normal(scale=1.0 / np.sqrt(features), size=(features, hidden)),
            "b1": np.zeros(hidden), "w2": rng.normal(scale=0.1, size=hidden),
            "b2": np.zeros(1)}


def bar(fraction, width=30):
    done = int(round(width * fraction))
    return "[" + "#" * done + "." * (width - done) + "]"


def train(client, model="logreg", rows=5_000_000, features=20, steps=20, chunk_rows=625_000,
          learning_rate=0.1):
    x, y = make_data(rows, features, chunk_rows)
    print(f"generating {rows:,} rows x {features} features in {x.numblocks[0]} chunks "
          f"({x.nbytes / 2**20:,.0f} MiB) on the workers ...")
    x, y = client.persist([x, y])
    progress(x, y)  # a text progress bar while the workers generate their chunks
    wait([x, y])
    print()
    loss = logreg_loss if model == "logreg" else mlp_loss
    value_and_grad = sd.value_and_grad(loss)
    params = initial_params(model, features)
    opt = sd.optimizers.Adam(learning_rate=learning_rate)
    curve, start = [], time.perf_counter()
    for step in range(1, steps + 1):
        value, grads = value_and_grad(params, x, y)  # a dask graph: nothing computed yet
        value, grads = dask.compute(value, grads)  # one pass over the data, on the cluster
        opt.apply_gradients([(grads[k], params[k]) for k in params])
        curve.append(float(value))
        elapsed = time.perf_counter() - start
        print(f"\r  step {step:3d}/{steps} {bar(step / steps)} loss {value:.4f}  "
              f"{step * rows / elapsed / 1e6:5.1f} M rows/s", end="", flush=True)
    print()
    return params, curve


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=5_000_000)
    parser.add_argument("--features", type=int, default=20)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--model", choices=("logreg", "mlp"), default="logreg")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0") as cluster, Client(cluster) as client:
        print(f"cluster: 2 worker processes; dashboard: {client.dashboard_link} "
              "(needs the bokeh package)")
        params, curve = train(client, args.model, args.rows, args.features, args.steps)
    print(f"loss {curve[0]:.4f} -> {curve[-1]:.4f} in {len(curve)} Adam steps "
          f"({time.perf_counter() - t0:.1f} s in all)")
    return curve


if __name__ == "__main__":
    main()
