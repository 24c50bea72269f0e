"""Reach of session 46's changes in the random programs of a family: for each item, how many
of N programs show its source shape (gen_recent.SHAPES) and how many times srcdiff's
mechanism for it ran (counted by wrapping the function that implements it) while the
programs' gradients are made in the modes asked.

    python tests/property/reach_recent.py --family recent --count 40 --seed 4701
    python tests/property/reach_recent.py --family recent --count 20 --seed 4701 --modes numba

Mechanisms counted: composite_calls.misplaced_argument with a positional past the first
(positional), InPlace.add_at_statement for np.subtract.at (subtract_at), dtypes._module_float
proving a fill a float (full_float), activity's shape of a ``*_like`` maker (zeros_like),
higher._in_dtype_of casting an output tangent and runtime_checks.input_tangent casting a
float tangent of another precision (jvp32, tangent_cast), numba_masks._store (mask_store),
numba_fuse_reduce.rewrite's sites (last_axis_sum), numba_tapes' appended-list rows
(list_append) and numba_emit's min/max checks of lists (min_max_list).
"""

import argparse
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import gen_recent  # noqa: E402
import test_random_realistic_programs as t  # noqa: E402

counts = collections.Counter()


def wrap(owner, name, counted):
    """Replace ``owner.name`` by a function calling it and counting what ``counted(result,
    *args)`` says (a number)."""
    original = getattr(owner, name)

    def counting(*args, **kwargs):
        out = original(*args, **kwargs)
        for key, n in counted(out, *args, **kwargs).items():
            counts[key] += n
        return out

    setattr(owner, name, counting)


def install():
    from srcdiff import runtime_checks
    from srcdiff.api import higher, tangent_checks
    from srcdiff.compiler.analysis import activity, dtypes
    from srcdiff.compiler.front import composite_calls, in_place

    wrap(composite_calls, "misplaced_argument",
         lambda out, function, definition, count, keywords=(): {"positional": count > 1})
    wrap(in_place.InPlace, "add_at_statement",
         lambda out, self, s, call, ufunc="add": {"subtract_at": ufunc == "subtract"})
    wrap(dtypes, "_module_float", lambda out, node, parsed: {"full_float": bool(out)})
    like = activity._LIKE

    def like_fact(out, op, kinds, shapes, known):
        return {"zeros_like": bool(out and out[1]) and getattr(op, "func", None) in like}

    if hasattr(activity, "_fact"):
        wrap(activity, "_fact", like_fact)
    wrap(higher, "_in_dtype_of", lambda out, tt, x: {"jvp32": out is not tt})
    cast = lambda out, tt, x: {"tangent_cast": out is not tt and getattr(tt, "dtype", None)  # noqa: E731
                                is not None and tt.dtype.kind == "f"}
    wrap(runtime_checks, "input_tangent", cast)
    if hasattr(tangent_checks, "input_tangent"):
        wrap(tangent_checks, "input_tangent", cast)
    try:
        from srcdiff.compiler.emit import numba_emit, numba_fuse_reduce, numba_masks, numba_tapes
    except ImportError:
        return
    wrap(numba_masks, "_store", lambda out, node, masks: {"mask_store": out is not node})
    wrap(numba_fuse_reduce, "rewrite", lambda out, fn, start, e: {"last_axis_sum": len(out)})

    def rows(out, fn, counters):
        import ast
        return {"list_append": sum(isinstance(n, ast.Name) and n.id.endswith("_row")
                                   and isinstance(n.ctx, ast.Store) for n in ast.walk(fn))}

    wrap(numba_tapes, "array_accumulations", rows)

    def minmax(out, fn, namespace, where, generated=()):
        import ast
        return {"min_max_list": sum(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                                    and n.func.id in ("min", "max") for n in ast.walk(fn))}

    wrap(numba_emit, "_check_calls", minmax)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--family", default="recent", choices=sorted(t.FAMILIES))
    p.add_argument("--count", type=int, default=40)
    p.add_argument("--seed", type=int, default=4701)
    p.add_argument("--modes", default="reverse,forward,forward32,hvp")
    p.add_argument("--progress", action="store_true", help="the reach after each program")
    a = p.parse_args()
    drawn = collections.Counter()
    for index in range(a.count):
        source = t.FAMILIES[a.family](a.seed * 100003 + index)[0]
        for item, shapes in gen_recent.SHAPES.items():
            drawn[item] += any(shape in source for shape in shapes)
    install()
    modes, outcomes, reached, bad = tuple(a.modes.split(",")), collections.Counter(), \
        collections.Counter(), 0
    refusals = collections.Counter()
    for index in range(a.count):
        before = dict(counts)
        results = t.check(a.seed * 100003 + index, modes, large=index % 2 == 1,
                          family=a.family)
        for mode, (outcome, detail) in results.items():
            outcomes[mode, outcome] += 1
            if outcome == "refused":
                refusals[mode, detail.split("error: ")[-1][:90]] += 1
            if outcome in ("wrong", "crash"):
                bad += 1
                print(f"index {index} {mode}: {outcome}: {detail}", flush=True)
        for key, n in counts.items():
            reached[key] += n > before.get(key, 0)
        if a.progress:  # (a run cut short still tells what it reached)
            print(f"after {index + 1}: reached {dict(reached)}", flush=True)
    print("outcomes", dict(sorted(outcomes.items())))
    print(f"DRAWN (programs of {a.count} showing the shape)", dict(drawn))
    print("REACHED (programs in which the mechanism ran)", dict(reached))
    print("RUNS (times the mechanism ran)", dict(counts))
    for (mode, detail), n in refusals.most_common(12):
        print(f"{mode} refused {n}x: {detail}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
