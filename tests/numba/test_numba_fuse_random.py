"""Random programs of elementwise statements over arrays of mixed ranks (tests/numba/
gen_fused.py) through backend="numba" with fusion at random group sizes: each gradient is
refused with a SrcdiffError when it is made, or runs and agrees with the NumPy backend
(1e-12 relative) and with central finite differences. A numba typing error, or any other
exception, when the gradient is called is a failure. The runs count the programs whose
gradient ran a fused loop (numba_fuse.Group.loop_source made one for the argument types),
those where that loop mixes arrays of different numbers of axes, and those with a loop of
a group rebinding one of its array inputs (``rebinds``: ``b_x = add_into(b_x, b_sum1)``,
``b_x`` made before the group by a helper's adjoint). A SrcdiffError when the gradient is
first called (the numba source is made then) is a refusal, unless numba could not compile
it.

``SRCDIFF_NUMBA_FUSE_RANDOM_COUNT`` programs (default 3: about 10 s of CPU
each, numba's compiles) from ``SRCDIFF_FUZZ_SEED``;
longer runs: ``python tests/numba/test_numba_fuse_random.py --count 200 --seed 7``."""

import importlib.util
import os
import sys
import tempfile
import traceback

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "support"))

import gen_fused  # noqa: E402

from fd import assert_close, numeric_grad  # noqa: E402

COUNT = int(os.environ.get("SRCDIFF_NUMBA_FUSE_RANDOM_COUNT", "3"))


class Reach:
    """Counts, by wrapping numba_fuse.Group.loop_source, the loops made for a program; and,
    by wrapping numba_fuse_compile._choose, the loops of groups with a plain member that
    rebinds one of the group's array inputs (``b_x = add_into(b_x, b_sum1)``, ``b_x`` made
    before the group: session 44's wrong gradient, numba_fuse_ssa.for_loop)."""

    def __init__(self):
        from srcdiff.compiler.emit import numba_fuse, numba_fuse_compile
        self.fuse, self.real = numba_fuse, numba_fuse.Group.loop_source
        self.compile, self.real_choose = numba_fuse_compile, numba_fuse_compile._choose
        self.loops, self.mixed, self.rebinds = 0, 0, 0
        reach = self

        def choose(group, args, rows):
            impl = reach.real_choose(group, args, rows)
            plain = group.globals[f"{group.name}{'_rows' if rows else ''}_arrays"]
            kinds = dict(zip(group.inputs, args))
            rebound = [numba_fuse._member(s)[1] for s in group.stmts
                       if numba_fuse._member(s)[0] == "assign"]
            if impl is not plain.py_func and any(
                    n in group.inputs and hasattr(kinds.get(n), "ndim") for n in rebound):
                reach.rebinds += 1
            return impl
        numba_fuse_compile._choose = choose

        def counted(group, arrays, rows=False, ndim=1):
            text = reach.real(group, arrays, rows, ndim)
            if text:
                reach.loops += 1
                reach.mixed += isinstance(arrays, dict) and len(set(arrays.values())) > 1
            return text
        numba_fuse.Group.loop_source = counted

    def undo(self):
        self.fuse.Group.loop_source = self.real
        self.compile._choose = self.real_choose


def _load(directory, name, text):
    path = os.path.join(directory, f"{name}.py")
    with open(path, "w") as fh:
        fh.write(text)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check(seed, index, directory):
    """One program: ``(outcome, detail)``, outcome "ok", "refused", "fused", "mixed"
    ("ok" with a fused loop, one of mixed ranks), "rebinds" ("ok" with a loop of a group
    rebinding an array input, Reach) or "failure"."""
    import srcdiff as sd
    from srcdiff.compiler.emit import numba_fuse
    rng = np.random.default_rng([seed, index])
    source, args = gen_fused.program(rng)
    group_size = int(rng.integers(2, 5))
    name = f"fused_{seed}_{index}"
    module = _load(directory, name, source)
    wrt = tuple(range(len(args)))
    where = f"seed {seed} index {index} (MIN_GROUP {group_size})\n{source}"
    saved, numba_fuse.MIN_GROUP = numba_fuse.MIN_GROUP, group_size
    reach = Reach()
    try:
        try:
            compiled = sd.grad(module.f, wrt=wrt, backend="numba")
        except sd.SrcdiffError as e:
            return "refused", f"{where}\n{e}"
        try:
            ref = sd.grad(module.f, wrt=wrt)(*args)
        except sd.SrcdiffError as e:  # (refused by the NumPy backend's run time checks too)
            return "refused", f"{where}\n{e}"
        try:
            got = compiled(*args)
        except sd.SrcdiffError as e:
            # (refused where the numba source is made, at the first call: a helper with no
            # compiled version for these arguments; numba failing to compile is a failure)
            if "numba cannot compile" in str(e):
                return "failure", f"{where}\nnumba gradient raised:\n{e}"
            return "refused", f"{where}\n{e}"
        except Exception:
            return "failure", f"{where}\nnumba gradient raised:\n{traceback.format_exc()}"
        try:
            for k in wrt:
                # (None: no path from the argument, as the NumPy backend says: assert_close)
                assert got[k] is None or np.shape(got[k]) == np.shape(args[k]), \
                    (k, np.shape(got[k]))
                scale = float(np.max(np.abs(ref[k]))) if ref[k] is not None \
                    and np.size(ref[k]) else 1.0
                assert_close(got[k], ref[k], rtol=1e-12, atol=1e-12 * max(scale, 1e-3),
                             what=f"numba vs numpy [{k}]")
                fd = numeric_grad(module.f, args, k)
                assert_close(got[k], fd, rtol=1e-5, atol=1e-6 * max(scale, 1.0),
                             what=f"numba vs finite differences [{k}]")
        except AssertionError as e:
            return "failure", f"{where}\n{e}"
        if reach.rebinds:
            return "rebinds", where
        if reach.loops:
            return ("mixed" if reach.mixed else "fused"), where
        return "ok", where
    finally:
        reach.undo()
        numba_fuse.MIN_GROUP = saved


def run(count, seed, directory, log=None):
    counts = {"ok": 0, "fused": 0, "mixed": 0, "rebinds": 0, "refused": 0, "failure": 0}
    failures = []
    for index in range(count):
        outcome, detail = check(seed, index, directory)
        counts[outcome] += 1
        if outcome == "failure":
            failures.append(detail)
        if log:
            log(f"{index}: {outcome}" + (f"\n{detail}" if outcome == "failure" else ""))
    return counts, failures


def test_random_fused_groups(tmp_path, monkeypatch, capsys):
    import pytest
    pytest.importorskip("numba")
    # (compiled here, not loaded from srcdiff's disk cache: a loaded gradient makes no loop
    # in this process and the reach below would count nothing)
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    seed = int(os.environ["SRCDIFF_FUZZ_SEED"])
    counts, failures = run(COUNT, seed, str(tmp_path))
    with capsys.disabled():
        print(f"\nnumba fused random groups (seed {seed}): {counts}")
    assert not failures, "\n\n".join(failures[:3])
    assert sum(counts.values()) == COUNT
    if COUNT >= 3:  # (the generator still reaches the fused loops it is for)
        assert counts["fused"] + counts["mixed"] + counts["rebinds"] >= 1, counts


def main(argv=None):
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--keepdims", action="store_true",
                        help="draw np.sum(..., keepdims=True) as written (gen_fused.KEEPDIMS)")
    parser.add_argument("--numbers-3d", action="store_true",
                        help="draw norm and max of 3-d arrays (gen_fused.NUMBERS_3D)")
    parser.add_argument("--diff", action="store_true",
                        help="draw np.diff(x, axis=k) (gen_fused.DIFF)")
    parser.add_argument("--helpers-3d-in-loops", action="store_true",
                        help="draw helpers of 3-d values in loops (gen_fused.HELPERS_3D_IN_LOOPS)")
    parser.add_argument("--where-in-loops", action="store_true",
                        help="draw np.where in loops (gen_fused.WHERE_IN_LOOPS)")
    opts = parser.parse_args(argv)
    gen_fused.KEEPDIMS[0] = opts.keepdims
    gen_fused.WHERE_IN_LOOPS[0] = opts.where_in_loops
    gen_fused.NUMBERS_3D[0] = opts.numbers_3d
    gen_fused.DIFF[0] = opts.diff
    gen_fused.HELPERS_3D_IN_LOOPS[0] = opts.helpers_3d_in_loops
    seed = opts.seed if opts.seed is not None else int(
        os.environ.get("SRCDIFF_FUZZ_SEED") or np.random.SeedSequence().entropy % 1_000_000_007)
    with tempfile.TemporaryDirectory() as directory:
        os.environ.setdefault("SRCDIFF_NUMBA_CACHE_DIR", os.path.join(directory, "cache"))
        sys.path.insert(0, directory)
        counts, failures = run(opts.count, seed, directory,
                               None if opts.quiet else lambda s: print(s, flush=True))
    print(f"seed {seed}: {counts}")
    for f in failures:
        print("\n" + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
