"""Two versions of the generated gradient source timed against each other in one process.

    PYTHONPATH=. python bench/source_pairs.py dump DIR NAME...      # this tree's sources
    PYTHONPATH=. python bench/source_pairs.py time OLD [NEW] NAME... # OLD/NAME.py vs NEW's
                                                                    # (default: this tree's)
    PYTHONPATH=. python bench/source_pairs.py peers NAME...         # hand / srcdiff / torch /
                                                                    # autograd, interleaved
                                          # (PEERS=torch, PEERS=none: fewer contenders)

NAME is a GradBench eval (``gb.ode``), a realistic workload (``attention``) or a workload
of the first family (``workloads.mlp``). ``dump`` writes the source this tree generates for
each; run it in another worktree (main) to keep that tree's. ``time`` execs both sources in
the namespace of this tree's compiled gradient (so the run-time helpers are this tree's:
a helper both call that changed must be put back by hand), checks that they agree, then
calls the primal, the old and the new gradient (and the hand-written one, if the workload
has one) in a shuffled order each round for SECS seconds (default 10) of CPU time. It
prints each call's median CPU time (``time.process_time``), old and new divided by the
hand-written gradient (or the primal), and the median over rounds of new ÷ old. glibc's
trim and mmap thresholds are raised (as bench/gradbench/run.py does) and BLAS runs one
thread.
"""

import os
import sys

ALLOCATOR = {"MALLOC_TRIM_THRESHOLD_": str(1 << 30), "MALLOC_MMAP_THRESHOLD_": str(1 << 25),
             "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
if any(os.environ.get(k) != v for k, v in ALLOCATOR.items()):  # (read at start-up)
    os.execve(sys.executable, [sys.executable] + sys.argv, {**os.environ, **ALLOCATOR})
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "gradbench"), HERE]

import numpy as np  # noqa: E402

import srcdiff as sd  # noqa: E402
from interleaved import shuffled_rounds  # noqa: E402


def workload(name):
    """``(function, wrt, arguments, module with hand_grad or None)``."""
    if name.startswith("gb."):
        import evals
        ev = next(e for e in evals.EVALS if e.name == name[3:])
        return ev.fn, ev.wrt, ev.make(), None
    import run_one
    mod = run_one.load(name if "." in name else "realistic." + name)
    return mod.primal, mod.WRT, mod.make_inputs(np.random.default_rng(0)), mod


def compiled(name):
    fn, wrt, args, mod = workload(name)
    g = sd.grad(fn, wrt=wrt)
    g(*args)
    c = g.compiled.__self__.compiled(args)  # (the gradient a call without grad_ys runs:
    return getattr(c, "one", c), fn, args, mod  # api/seeded.py)


def entry(c, source):
    ns = dict(c.namespace)
    for v in c.namespace.values():  # (a called function's generated code may read helpers
        # bound in its own namespace only, as front/logistic.py's ``logistic``)
        if isinstance(getattr(v, "__globals__", None), dict):
            for k, w in v.__globals__.items():
                ns.setdefault(k, w)
    exec(compile(source, "<generated>", "exec"), ns)
    return ns[c.entry]


def _leaves(v):
    return v if isinstance(v, tuple) else (v,)


def time_pair(name, old, new, secs):
    c, fn, args, mod = compiled(name)
    f_old = entry(c, open(os.path.join(old, name + ".py")).read())
    f_new = entry(c, open(os.path.join(new, name + ".py")).read() if new else c.source)
    agree = all(np.allclose(p, q, rtol=1e-9, atol=1e-12)
                for p, q in zip(_leaves(f_old(*args, None)), _leaves(f_new(*args, None))))
    calls = {"primal": lambda: fn(*args), "old": lambda: f_old(*args, None),
             "new": lambda: f_new(*args, None)}
    if mod is not None:
        calls["hand"] = lambda: mod.hand_grad(*args)
    times = shuffled_rounds(calls, secs)
    ratios = np.asarray(times["new"]) / np.asarray(times["old"])
    rounds = len(ratios)
    med = {k: float(np.median(v)) for k, v in times.items()}
    base = "hand" if "hand" in med else "primal"
    print(f"{name}: {rounds} rounds, agree {agree}; "
          + ", ".join(f"{k} {1e6 * v:.0f} us" for k, v in med.items())
          + f"; old/{base} {med['old'] / med[base]:.3f}, new/{base} "
          f"{med['new'] / med[base]:.3f}, new/old (paired) {np.median(ratios):.3f}", flush=True)


def time_peers(name, secs):
    """srcdiff (through ``sd.grad``, its per-call checks included) against the hand-written
    gradient, torch eager and autograd; each ratio is the median of per-round ratios."""
    fn, wrt, args, mod = workload(name)
    g = sd.grad(fn, wrt=wrt)
    ref = _leaves(mod.hand_grad(*args))
    calls = {"hand": lambda: mod.hand_grad(*args), "srcdiff": lambda: g(*args),
             "torch": lambda: mod.torch_grad(*args),
             "autograd": lambda: mod.autograd_grad(*args)}
    keep = os.environ.get("PEERS", "torch,autograd").split(",")
    calls = {k: c for k, c in calls.items() if k in ("hand", "srcdiff") or k in keep}
    agree = {k: all(np.allclose(p, q, rtol=1e-6, atol=1e-9)
                    for p, q in zip(ref, _leaves(c()))) for k, c in calls.items()}
    times = shuffled_rounds(calls, secs)
    med = {k: float(np.median(v)) for k, v in times.items()}
    s = np.array(times["srcdiff"])

    def paired(k, inverse=False):
        r = np.array(times[k]) / s
        return float(np.median(1 / r if inverse else r))
    print(f"{name}: {len(s)} rounds, agree {agree}; "
          + ", ".join(f"{k} {1e6 * v:.0f} us" for k, v in med.items())
          + f"; srcdiff/hand {paired('hand', True):.3f}"
          + "".join(f", {k}/srcdiff {paired(k):.3f}" for k in calls if k in ("torch", "autograd")),
          flush=True)


def main(argv):
    if argv[0] == "peers":
        for name in argv[1:]:
            time_peers(name, float(os.environ.get("SECS", "10")))
        return
    if argv[0] == "dump":
        os.makedirs(argv[1], exist_ok=True)
        for name in argv[2:]:
            with open(os.path.join(argv[1], name + ".py"), "w") as f:
                f.write(compiled(name)[0].source)
        return
    old, rest = argv[1], argv[2:]
    new = rest.pop(0) if rest and os.path.isdir(rest[0]) else None
    for name in rest:
        time_pair(name, old, new, float(os.environ.get("SECS", "10")))


if __name__ == "__main__":
    main(sys.argv[1:])
