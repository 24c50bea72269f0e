"""Property test: random programs made of small numeric algorithms (gen_realistic.py: Kalman
filters, RNN steps, in-place accumulators, Horner, Welford, Newton, descent, negative bases,
``and``/``or`` on values, index tricks, helpers with default arguments; ``--family numeric``:
gen_numeric.py's longer hand-written algorithms; ``--family independent``: gen_independent.py's
short snippets written as an outside tester writes them; ``--family state``: its third from
gen_independent_state.py, arrays in lists and dicts shared by several names and changed in
place), checked in every mode against central differences in float64:

* reverse (``sd.grad``), ``verify=True``, the reference pipeline ``optimize=False``, and
  checkpointing (``checkpoint=2``; ``"binomial"`` with verification);
* forward: ``sd.jvp`` along a random tangent against the differences' dot product with it;
* second order: ``sd.hvp`` against central differences of the (already checked) gradient;
* float32 arguments: the gradient against the float64 differences, to float32 accuracy;
* asked for only (``--modes numba``, slow: a compile a program): ``backend="numba"``, against
  the differences and the NumPy backend; numba failing to compile a gradient is a crash.

A program the generator got wrong (it raises, warns, or is not finite) is skipped, and so is
a point where differences at two step sizes disagree (a kink within a step). A refusal
(SrcdiffError) is allowed; any other exception (a crash) or a wrong number fails.

    python tests/property/test_random_realistic_programs.py --count 2000 --seed 7
    python tests/property/test_random_realistic_programs.py --seed 7 --index 41
    python tests/property/test_random_realistic_programs.py --family numeric --count 500
"""

import collections
import contextlib
import importlib
import io
import os
import sys
import tempfile
import warnings

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))

import gen_independent  # noqa: E402
import gen_independent_state  # noqa: E402
import gen_numeric  # noqa: E402
import gen_realistic  # noqa: E402
import gen_recent  # noqa: E402
import srcdiff as sd  # noqa: E402
from fd import smooth_numeric_grad  # noqa: E402
from gen_realistic import length  # noqa: E402
from sourcefiles import load_function  # noqa: E402

PIPELINES = (
    ("reverse", {}),
    ("verify", {"verify": True}),
    ("reference", {"optimize": False}),
    ("checkpoint", {"checkpoint": 2}),
    ("binomial", {"checkpoint": "binomial", "verify": True}),
)
MODES = (
    "reverse", "verify", "reference", "checkpoint", "binomial", "forward", "hvp", "float32",
    "zerod", "cli",
)
# modes run only when asked (--modes numba): backend="numba" compiles each gradient (seconds)
ASKED_MODES = ("numba", "forward32")
WRT = (0, 1)  # x and s (k is an int)
# program families: gen_realistic's kernels; gen_numeric's hand-written algorithms with some
# gen_independent's snippets written as an outside tester writes them
FAMILIES = {
    "realistic": gen_realistic.program,
    "numeric": gen_numeric.program,
    "independent": gen_independent.program,
    "state": gen_independent_state.program,  # (a third of "independent")
    "recent": gen_recent.program,  # what session 46 changed (gen_recent.py)
    "recent_numba": gen_recent.numba_program,  # its numba kernels alone (--modes numba)
}
LENGTHS = {"independent": gen_independent.length, "state": gen_independent.length}


def arguments(seed, family="realistic"):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-0.9, 0.9, LENGTHS.get(family, length)(seed))
    return [x, float(rng.uniform(-0.9, 0.9)), int(rng.integers(2, 4))]


def copies(args):
    return [a.copy() if isinstance(a, np.ndarray) else a for a in args]


def agrees(got, want, rtol=1e-5, atol=1e-7):
    if got is None:
        return bool(np.all(np.asarray(want) == 0))
    return np.shape(got) == np.shape(want) and np.allclose(got, want, rtol=rtol, atol=atol)


def _value(f, args):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return float(f(*copies(args)))


def _hvp_fd(grad, args, vector, h=1e-5):
    plus, minus = copies(args), copies(args)
    plus[0] = plus[0] + h * vector[0]
    minus[0] = minus[0] - h * vector[0]
    plus[1] = plus[1] + h * vector[1]
    minus[1] = minus[1] - h * vector[1]
    gp, gm = grad(*plus), grad(*minus)
    return [(dense(a, x) - dense(b, x)) / (2 * h) for a, b, x in zip(gp, gm, args)]


def dense(g, x):
    """A gradient as a float64 array shaped like ``x`` (``None``: unconnected, zero)."""
    return np.zeros(np.shape(x)) if g is None else np.asarray(g, dtype=float)


SIZES = (
    (
        "srcdiff.runtime_memory",
        ("IN_PLACE_SIZE", "SHORT_SUM_SIZE", "VIEW_SIZE", "PRODUCT_SUM_SIZE"),
    ),
    ("srcdiff.runtime", ("SUM_BY_EINSUM_SIZE",)),
    ("srcdiff.rules.product_rules", ("EINSUM_PATH_MIN_SIZE",)),
)


@contextlib.contextmanager
def large_array_paths():
    """Every run-time path srcdiff takes only for large arrays taken at every size (these
    programs' arrays are small): in-place sums into owned gradients, sums by einsum or BLAS,
    contraction paths, the fast paths of tests/property/fuzz.py."""
    saved = []
    for module, names in SIZES:
        m = importlib.import_module(module)
        for name in names:
            saved.append((m, name, getattr(m, name)))
            setattr(m, name, 1)
    from srcdiff import runtime_memory

    plans = runtime_memory.sum_product.__defaults__[0]
    plans.clear()
    try:
        yield
    finally:
        for m, name, value in saved:
            setattr(m, name, value)
        plans.clear()


def check(seed, modes=MODES, large=False, family="realistic"):
    if large:
        with large_array_paths():
            return check(seed, modes, family=family)
    """``{mode: (outcome, detail)}``; outcome right/refused/wrong/crash, or 'skipped' alone."""
    source, params, _ = FAMILIES[family](seed)
    args = arguments(seed, family)
    try:
        f = load_function(source)
        value = _value(f, args)
        if not np.isfinite(value):
            return {"all": ("skipped", None)}
    except Exception:  # the generator's mistake, not srcdiff's
        return {"all": ("skipped", None)}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            want = [smooth_numeric_grad(f, copies(args), k) for k in WRT]
        except Exception:
            return {"all": ("skipped", None)}
        if any(w is None for w in want):
            return {"all": ("skipped", None)}
        return _modes(f, source, args, value, want, modes)


def _run(out, mode, compute):
    try:
        ok, detail = compute()
    except sd.SrcdiffError as e:
        out[mode] = ("refused", str(e).splitlines()[0][:200])
        return
    except Exception as e:  # a crash is a bug
        out[mode] = ("crash", f"{type(e).__name__}: {e}"[:400])
        return
    out[mode] = ("right", None) if ok else ("wrong", detail)


def _modes(f, source, args, value, want, modes):
    out = {}
    for mode, options in PIPELINES:
        if mode not in modes:
            continue

        def reverse(options=options):
            passed = copies(args)
            got_value, got = sd.value_and_grad(f, wrt=WRT, **options)(*passed)
            ok = all(agrees(g, w) for g, w in zip(got, want))
            ok = ok and np.isclose(float(got_value), value, rtol=1e-9)
            ok = ok and all(np.array_equal(p, a) for p, a in zip(passed, args))
            return ok, f"got {got} value {got_value}; want {want} value {value}"

        _run(out, mode, reverse)
    rng = np.random.default_rng(12345)
    tangent = (rng.normal(size=len(args[0])), float(rng.normal()))
    if "forward" in modes:

        def forward():
            got_value, dot = sd.jvp(f, wrt=WRT)(*copies(args), tangents=tangent)
            expect = float(np.sum(want[0] * tangent[0]) + want[1] * tangent[1])
            ok = np.isclose(float(np.sum(dot)), expect, rtol=1e-5, atol=1e-7)
            return ok and np.isclose(
                float(got_value), value, rtol=1e-9
            ), f"got {dot} value {got_value}; want {expect} value {value}"

        _run(out, "forward", forward)
    if "hvp" in modes and out.get("reverse", ("right",))[0] == "right":

        def second():
            grad = sd.grad(f, wrt=WRT)
            got = sd.hvp(f, wrt=WRT)(*copies(args), vector=tangent)
            fd_small = _hvp_fd(grad, args, tangent, 1e-5)
            fd_large = _hvp_fd(grad, args, tangent, 1e-4)
            if not all(agrees(a, b, 1e-3, 1e-5) for a, b in zip(fd_small, fd_large)):
                return True, None  # a kink within a step: no oracle here
            ok = all(agrees(dense(g, w), w, 1e-4, 1e-5) for g, w in zip(got, fd_small))
            return ok, f"got {got}; want {fd_small}"

        _run(out, "hvp", second)
    if "forward32" in modes:
        _run(out, "forward32", lambda: _forward32(f, args, value, want, tangent))
    if "float32" in modes:

        def single():
            passed = [args[0].astype(np.float32), np.float32(args[1]), args[2]]
            got = sd.grad(f, wrt=WRT)(*passed)
            ok = all(agrees(dense(g, w), w, 2e-2, 2e-3) for g, w in zip(got, want))
            return ok, f"got {got}; want {want}"

        _run(out, "float32", single)
    if "zerod" in modes:

        def zerod():  # s a 0-d array, as np.float64, as np.array(s) (mutable: written through?)
            passed = [args[0].copy(), np.array(args[1]), args[2]]
            got_value, got = sd.value_and_grad(f, wrt=WRT)(*passed)
            ok = all(agrees(dense(g, w), w) for g, w in zip(got, want))
            ok = ok and np.isclose(float(got_value), value, rtol=1e-9)
            ok = ok and np.array_equal(passed[0], args[0]) and float(passed[1]) == args[1]
            got64 = sd.grad(f, wrt=WRT)(args[0].copy(), np.float64(args[1]), args[2])
            ok = ok and all(agrees(dense(g, w), w) for g, w in zip(got64, want))
            return ok, f"got {got} and {got64} value {got_value}; want {want} value {value}"

        _run(out, "zerod", zerod)
    if "numba" in modes:
        _run(out, "numba", lambda: _numba(f, args, want))
    if "cli" in modes:

        def written():
            return _written(source, args, want)

        _run(out, "cli", written)
    return out


def _forward32(f, args, value, want, tangent):
    """sd.jvp of float32 arguments: along float32 tangents and along float64 ones (another
    precision: taken in the argument's dtype, runtime_checks.input_tangent), the output
    tangent is in the value's float dtype (api/higher._filled; float32 unless the program
    makes float64) and agrees with the float64 differences to float32 accuracy; float64
    arguments along float32 tangents: a float64 tangent."""
    x32, s32 = args[0].astype(np.float32), np.float32(args[1])
    expect = float(np.sum(want[0] * tangent[0]) + want[1] * tangent[1])
    runs = (
        ([x32, s32, args[2]], (tangent[0].astype(np.float32), np.float32(tangent[1])),
         np.float32),
        ([x32, s32, args[2]], (tangent[0], np.float64(tangent[1])), np.float32),
        (copies(args), (tangent[0].astype(np.float32), np.float32(tangent[1])), np.float64),
    )
    for passed, direction, dtype in runs:
        got_value, dot = sd.jvp(f, wrt=WRT)(*passed, tangents=direction)
        tol = (2e-2, 2e-3) if dtype == np.float32 else (1e-4, 1e-6)  # (a float32 tangent)
        kinds = {np.asarray(got_value).dtype, np.asarray(dot).dtype}
        if dtype == np.float64 and kinds != {np.dtype(dtype)} or len(kinds) != 1 \
                or not np.isclose(float(np.sum(dot)), expect, *tol):
            return False, (f"{dtype.__name__} run: tangent {dot!r} value {got_value!r}; want "
                           f"{expect} ({value})")
    return True, None


def _numba(f, args, want):
    """backend="numba": refused when the gradient is made, or agreeing with the differences
    and with the NumPy backend (1e-10); numba failing to compile it when it is called is a
    crash, not a refusal (its SrcdiffError says so: numba_emit.py)."""
    compiled = sd.grad(f, wrt=WRT, backend="numba")
    try:
        got = compiled(*copies(args))
    except sd.SrcdiffError as e:
        if "numba cannot compile" in str(e):
            raise RuntimeError(str(e)) from e
        raise
    ref = sd.grad(f, wrt=WRT)(*copies(args))
    ok = all(agrees(g, w) for g, w in zip(got, want)) and all(
        agrees(dense(g, x), dense(r, x), 1e-10, 1e-12) for g, r, x in zip(got, ref, args))
    return ok, f"got {got}; want {want} (numpy backend {ref})"


def _written(source, args, want):
    """The module ``srcdiff FILE.py:f --wrt x,s`` writes, run on the arguments."""
    from srcdiff.cli.commands import main

    folder = tempfile.mkdtemp(prefix="srcdiff_realistic_")
    path, written = os.path.join(folder, "prog.py"), os.path.join(folder, "grad_prog.py")
    with open(path, "w") as fh:
        fh.write(source)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main([f"{path}:f", "--wrt", "x,s", "-o", written])
    if code:
        if "error:" in err.getvalue():
            raise sd.SrcdiffError(err.getvalue().strip().splitlines()[0])
        raise RuntimeError(f"srcdiff exited with {code}: {err.getvalue()[-300:]}")
    grad_f = load_function(open(written).read(), "grad_f")
    try:
        got = grad_f(*copies(args))
    except Exception as e:  # a written module's run-time refusal: its own SrcdiffError class
        if type(e).__name__ == "SrcdiffError" and type(e).__module__ == grad_f.__module__:
            raise sd.SrcdiffError(str(e)) from e
        raise
    return all(agrees(g, w) for g, w in zip(got, want)), f"got {got}; want {want}"


def run(seed, count, modes=MODES, verbose=True, large=False, family="realistic"):
    counts = collections.Counter()
    bad = []
    for index in range(count):
        large_here = large or index % 2 == 1
        results = check(seed * 100003 + index, modes, large=large_here, family=family)
        for mode, (outcome, detail) in results.items():
            counts[(mode, outcome)] += 1
            if outcome == "refused":
                counts[("refusal", mode, detail.split("error: ")[-1][:100])] += 1
            if outcome in ("wrong", "crash"):
                bad.append((index, mode, outcome, detail))
                if verbose:
                    print(f"index {index} {mode}: {outcome}: {detail}", flush=True)
    return counts, bad


@pytest.mark.parametrize("family, seed", [("realistic", 1), ("realistic", 2), ("numeric", 1),
                                          ("state", 1), ("recent", 1)])
def test_random_realistic_programs(family, seed):
    counts, bad = run(seed, 18, verbose=False, family=family)
    assert not bad, "\n".join(
        f"{seed=} index {i} {m}: {o}: {d}\n{FAMILIES[family](seed * 100003 + i)[0]}"
        for i, m, o, d in bad[:3]
    )
    assert counts[("reverse", "right")] >= 8, counts  # the generator still reaches srcdiff


STATE_SHAPES = (  # what gen_independent_state adds to the grammar, each drawn in 200 programs
    "u = v", "u = w[::-1]", "X = [u, u]", "for z", "in D.items():", "hm(", "hl(L",
    "[[0, 1, 0]] +=", "np.add.at(", "while True:", "/= 1.5", "**= ", "-0.4 < ", "max(L, key=abs)",
    "X.append(", 'D["g"][1:] *=', "[::-2] +=", "[-1:0:-1] =", "[:] = np.where(",
    'D["u"][0] *=', "default=", "L.insert(", 'del D["', "(lambda z", "hc(math.sin",
    "hc(lambda z", "hc(hf", "hc(np.tanh", "hc(hr",
)


def test_state_programs_are_deterministic_and_reach_their_shapes():
    sources = [gen_independent_state.program(seed)[0] for seed in range(200)]
    assert sources[:5] == [gen_independent_state.program(seed)[0] for seed in range(5)]
    missing = [shape for shape in STATE_SHAPES if not any(shape in src for src in sources)]
    assert not missing, missing
    runs = 0
    for seed in range(40):  # most programs run (a program that raises is skipped)
        with contextlib.suppress(Exception):
            runs += np.isfinite(_value(load_function(sources[seed]), arguments(seed, "state")))
    assert runs >= 32, runs
    picked = collections.Counter(  # a third of the independent family
        gen_independent.program(seed)[0] == gen_independent_state.program(seed)[0]
        for seed in range(300))
    assert 70 <= picked[True] <= 130, picked


def test_recent_programs_reach_session_46s_shapes():
    """gen_recent draws each of session 46's shapes (gen_recent.SHAPES) in at least a tenth
    of its programs, its numba family each of the numba ones; tests/property/reach_recent.py
    counts how many of them reach srcdiff's mechanism."""
    for family, program, items in (
            ("recent", gen_recent.program, gen_recent.SHAPES),
            ("recent_numba", gen_recent.numba_program,
             ("mask_store", "last_axis_sum", "list_append", "min_max_list"))):
        sources = [program(seed)[0] for seed in range(100)]
        assert sources[:3] == [program(seed)[0] for seed in range(3)]
        drawn = {item: sum(any(shape in src for shape in gen_recent.SHAPES[item])
                           for src in sources) for item in items}
        assert min(drawn.values()) >= 10, (family, drawn)


def test_random_independent_programs(capsys):
    """gen_independent's programs at a seed from the clock (SRCDIFF_FUZZ_SEED replays it)."""
    import fuzz

    seed = fuzz.default_seed()
    with capsys.disabled():
        print(f"\nindependent programs: --family independent --seed {seed}")
    counts, bad = run(seed, 24, verbose=False, family="independent")
    assert not bad, "\n".join(
        f"--seed {seed} --index {i} {m}: {o}: {d}\n{FAMILIES['independent'](seed * 100003 + i)[0]}"
        for i, m, o, d in bad[:3]
    )
    assert counts[("reverse", "right")] >= 10, counts


if __name__ == "__main__":
    import argparse

    p = argparse.ArgumentParser()
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--index", type=int)
    p.add_argument("--large", action="store_true", help="large-array paths in every program")
    p.add_argument("--modes", default=",".join(MODES))
    p.add_argument("--family", choices=sorted(FAMILIES), default="realistic")
    a = p.parse_args()
    modes = tuple(a.modes.split(","))
    if a.index is not None:
        one = a.seed * 100003 + a.index
        print(FAMILIES[a.family](one)[0])
        print(arguments(one, a.family))
        print(check(one, modes, large=a.large or a.index % 2 == 1, family=a.family))
        sys.exit()
    counts, bad = run(a.seed, a.count, modes, large=a.large, family=a.family)
    for mode in ("all",) + MODES + ASKED_MODES:
        row = {
            o: counts[(mode, o)]
            for o in ("right", "refused", "wrong", "crash", "skipped")
            if counts[(mode, o)]
        }
        if row:
            print(mode, row)
    refusals = [(n, key[1], key[2]) for key, n in counts.items() if key[0] == "refusal"]
    for n, mode, d in sorted(refusals, reverse=True)[:16]:
        print(f"{mode} refused {n}x: {d}")
    sys.exit(1 if bad else 0)
