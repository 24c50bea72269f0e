"""Random functions that write into an argument, called with arguments that share memory.

gen_aliased.py's ``f(a, b, s)`` changes ``a`` in place and reads ``b``; it is called with
``f(x, x, s)``, overlapping views ``f(x[1:], x[:-1], s)``, ``f(x[::-1], x, s)``, a list
holding ``x`` (``fl([x], x, s)``), and views apart ``f(x[:4], x[4:], s)``. Each program is
differentiated two ways: ``g(x, s)``, the module's caller of ``f`` (srcdiff compiles the
call: the helper inlined, or refused), and ``f`` itself called with the aliased arguments
(srcdiff's check of the arguments' memory at each call, emit/execute.py ``written_apart``).
The outcome must be the value and the gradient of Python's ``g`` (central differences in
float64, on a copy of ``x``: Python writes into it), or a SrcdiffError; never a wrong
result. For ``f`` called directly, the gradient with respect to ``x`` is the arguments'
gradients added where each views ``x``.

    python tests/property/test_random_aliased_programs.py --count 60 --seed 3
"""

import collections
import os
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))

import gen_aliased  # noqa: E402
import srcdiff as sd  # noqa: E402
from fd import numeric_grad  # noqa: E402
from sourcefiles import load_function  # noqa: E402

WAYS = ("caller", "direct")


def check(seed):
    """``(kind, {way: (outcome, detail)})``: outcome right/refused/wrong/crash, or
    ``{"all": ("skipped", None)}`` when Python's value is not finite."""
    source, kind = gen_aliased.program(seed)
    g = load_function(source, "g")
    f = g.__globals__["fl" if kind == "list" else "f"]
    rng = np.random.default_rng(seed)
    x, s = rng.uniform(-0.9, 0.9, gen_aliased.N), float(rng.uniform(0.2, 0.9))

    def aliased(x):  # f's first two arguments, made from x as g makes them
        return eval(f"({gen_aliased.CALLS[kind][0]},)", {"x": x})

    def caller():
        got_value, got = sd.value_and_grad(g, wrt=(0, 1))(x.copy(), s)
        return got_value, got[0], got[1]

    def direct():
        a, b = aliased(x.copy())
        got_value, (ga, gb, gs) = sd.value_and_grad(f, wrt=(0, 1, 2))(a, b, s)
        gx = np.zeros_like(x)
        for grad, view in zip((ga[0] if kind == "list" else ga, gb),
                              gen_aliased.CALLS[kind][1]):
            gx[view] += 0.0 if grad is None else np.asarray(grad)
        return got_value, gx, gs

    out = {}
    for way, compute, python in (("caller", caller, lambda x, s: g(x.copy(), s)),
                                 ("direct", direct, lambda x, s: f(*aliased(x.copy()), s))):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            try:
                value = python(x, s)
                want = [numeric_grad(python, [x, s], k) for k in (0, 1)]
            except Exception:  # (the generator's mistake, not srcdiff's)
                return kind, {"all": ("skipped", None)}
        if not np.isfinite(value):
            return kind, {"all": ("skipped", None)}
        out[way] = _outcome(compute, value, want)
    return kind, out


def _outcome(compute, value, want):
    try:
        got_value, gx, gs = compute()
    except sd.SrcdiffError as e:
        return "refused", str(e).splitlines()[0][:160]
    except Exception as e:  # a crash is a bug
        return "crash", f"{type(e).__name__}: {e}"[:300]
    ok = np.isclose(float(got_value), value, rtol=1e-9) and np.allclose(
        gx, want[0], rtol=1e-5, atol=1e-7) and np.isclose(
        0.0 if gs is None else float(gs), want[1], rtol=1e-5, atol=1e-7)
    return ("right", None) if ok else (
        "wrong", f"value {got_value} gradient {gx}, {gs}; want {value} {want[0]}, {want[1]}")


def run(seed, count, verbose=True):
    """``(counts, bad)``: ``counts[(kind, way, outcome)]`` over ``count`` programs, and the
    wrong or crashed ``(index, kind, way, outcome, detail)``."""
    counts, bad = collections.Counter(), []
    for index in range(count):
        kind, results = check(seed * 100003 + index)
        for way, (outcome, detail) in results.items():
            counts[(kind, way, outcome)] += 1
            if outcome in ("wrong", "crash"):
                bad.append((index, kind, way, outcome, detail))
                if verbose:
                    print(f"index {index} {kind} {way}: {outcome}: {detail}", flush=True)
    return counts, bad


def test_aliased_calls_are_right_or_refused(capsys):
    """At a seed from the clock (SRCDIFF_FUZZ_SEED replays it): no wrong value or
    gradient; every overlapping kind of call is reached and refused or right, and views
    apart (no shared entry) are differentiated."""
    import fuzz

    seed = fuzz.default_seed()
    counts, bad = run(seed, 24, verbose=False)
    with capsys.disabled():
        print(f"\naliased programs: --seed {seed}: {_summary(counts)}")
    assert not bad, "\n".join(f"--seed {seed} --index {i} {k} {w}: {o}: {d}\n"
                              f"{gen_aliased.program(seed * 100003 + i)[0]}"
                              for i, k, w, o, d in bad[:3])
    called = collections.Counter(k for (k, w, o), n in counts.items() for _ in range(n)
                                 if w == "direct")
    assert min(called[k] for k in gen_aliased.CALLS) > 0, called
    assert counts[("apart", "direct", "right")] > 0, counts


def _summary(counts):
    return ", ".join(f"{k} {w} {o}: {n}" for (k, w, o), n in sorted(counts.items()))


if __name__ == "__main__":
    import argparse

    p = argparse.ArgumentParser()
    p.add_argument("--count", type=int, default=60)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--index", type=int)
    a = p.parse_args()
    if a.index is not None:
        one = a.seed * 100003 + a.index
        print(gen_aliased.program(one)[0])
        print(check(one))
        sys.exit()
    counts, bad = run(a.seed, a.count)
    for way in WAYS:
        for kind in sorted(gen_aliased.CALLS):
            row = {o: counts[(kind, way, o)] for o in ("right", "refused", "wrong", "crash")
                   if counts[(kind, way, o)]}
            print(way, kind, row)
    print("skipped", sum(n for (k, w, o), n in counts.items() if w == "all"))
    sys.exit(1 if bad else 0)
