"""Where a numba gradient's first call goes: exclusive CPU seconds per compiled function,
split into numba's passes (type inference, lowering, ...) and LLVM's steps (function
passes, module passes, machine code), each in a fresh process.

    python bench/numba_compile_profile.py [--helpers-cached] [--top N] rnn vec20 ...

A function's time excludes the functions compiled while it compiles (a callee typed
during its type inference is the callee's). numba's ``numba:compile`` and
``numba:run_pass`` events give the functions and passes; timers around
``CPUCodeLibrary._optimize_functions`` / ``_optimize_final_module`` /
``_finalize_specific`` give LLVM's steps (attributed to the function being compiled).
Caches as in ``numba_first_call.py`` (``--helpers-cached``: numba's cache filled by an
earlier process, srcdiff's empty).
"""
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from numba_first_call import child_setup  # noqa: E402

CHILD = r"""
import collections, importlib, json, sys, time
sys.path.insert(0, {here!r})
import numpy as np
import numba
from numba.core import caching, codegen, event
import srcdiff as sd

clock = time.process_time
stack = []  # [label, start, children's time]
table = collections.defaultdict(float)
counts = collections.Counter()


def owner():
    for frame in reversed(stack):
        if frame[0][0] == "fn":
            return frame[0][1]
    return "(outside)"


def push(label):
    stack.append([label, clock(), 0.0])


def pop(step):
    label, start, kids = stack.pop()
    spent = clock() - start
    if stack:
        stack[-1][2] += spent
    fn = label[1] if label[0] == "fn" else owner()
    table[(fn, step)] += spent - kids


class Compiles(event.Listener):
    def on_start(self, ev):
        d = ev.data["dispatcher"]
        name = getattr(d, "py_func", None)
        name = getattr(name, "__qualname__", str(d))
        mod = getattr(getattr(d, "py_func", None), "__module__", "") or ""
        if mod.startswith("srcdiff_numba_"):
            name = "GEN." + name
        elif mod.startswith("numba"):
            name = "numba." + name
        elif mod.startswith("srcdiff"):
            name = "helper." + name
        counts[name] += 1
        push(("fn", name))

    def on_end(self, ev):
        pop("other")


class Passes(event.Listener):
    def on_start(self, ev):
        push(("pass", ev.data["name"]))

    def on_end(self, ev):
        pop(stack[-1][0][1])


def timed(cls, meth, step):
    orig = getattr(cls, meth)

    def wrapper(self, *a, **k):
        push(("llvm", step))
        try:
            return orig(self, *a, **k)
        finally:
            pop(step)
    setattr(cls, meth, wrapper)


timed(codegen.CPUCodeLibrary, "_optimize_functions", "llvm_fn_passes")
timed(codegen.CPUCodeLibrary, "_optimize_final_module", "llvm_module_passes")
timed(codegen.JITCodeLibrary, "_finalize_specific", "llvm_machine_code")
timed(caching.Cache, "save_overload", "cache_save")
timed(caching.Cache, "load_overload", "cache_load")
event.register("numba:compile", Compiles())
event.register("numba:run_pass", Passes())

mod = importlib.import_module({module!r})
args = mod.make_inputs(np.random.default_rng(0))
t0 = clock()
g = sd.grad(mod.primal, wrt=mod.WRT, backend="numba")
t1 = clock()
g(*args)
t2 = clock()
rows = [[fn, step, s] for (fn, step), s in table.items()]
print(json.dumps({{"gen_s": t1 - t0, "call_s": t2 - t1, "rows": rows,
                   "counts": dict(counts)}}))
"""

STEPS = {"nopython_type_inference": "typing", "native_lowering": "lowering",
         "llvm_fn_passes": "llvm_fn", "llvm_module_passes": "llvm_mod",
         "llvm_machine_code": "machine", "cache_save": "cache", "cache_load": "cache"}


def run(name, helpers_cached):
    module, tree, cache, env = child_setup(name, "srcdiff-prof-")
    code = CHILD.format(here=HERE, module=module)
    try:
        if helpers_cached:
            subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, check=True, cwd=tree)
            env["SRCDIFF_NUMBA_CACHE_DIR"] = os.path.join(cache, "sd2")
        proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, cwd=tree)
        lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
        if not lines:
            raise SystemExit(proc.stderr[-3000:])
        return json.loads(lines[-1])
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def report(name, rec, top):
    per = {}
    for fn, step, s in rec["rows"]:
        cols = per.setdefault(fn, {})
        key = STEPS.get(step.split(" [")[0], "other")
        cols[key] = cols.get(key, 0.0) + s
    total = sum(sum(c.values()) for c in per.values())
    print(f"{name}: sd.grad {rec['gen_s']:.2f} s, first call {rec['call_s']:.2f} s, "
          f"numba compile events {total:.2f} s")
    heads = ["typing", "lowering", "llvm_fn", "llvm_mod", "machine", "cache", "other"]
    print(f"  {'function':44s} {'n':>3s} {'total':>6s} " + " ".join(f"{h:>8s}" for h in heads))
    order = sorted(per, key=lambda f: -sum(per[f].values()))
    for fn in order[:top]:
        cols = per[fn]
        print(f"  {fn[:44]:44s} {rec['counts'].get(fn, 0):3d} {sum(cols.values()):6.2f} "
              + " ".join(f"{cols.get(h, 0.0):8.2f}" for h in heads))
    rest = order[top:]
    if rest:
        print(f"  ({len(rest)} more functions: "
              f"{sum(sum(per[f].values()) for f in rest):.2f} s)")


def main(argv):
    helpers = "--helpers-cached" in argv
    top = 25
    if "--top" in argv:
        top = int(argv[argv.index("--top") + 1])
        argv = [a for a in argv if a != str(top)]
    names = [a for a in argv if not a.startswith("--")] or ["rnn", "vec20"]
    for name in names:
        report(name, run(name, helpers), top)


if __name__ == "__main__":
    main(sys.argv[1:])
