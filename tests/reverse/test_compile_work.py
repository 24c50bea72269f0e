"""Issue 16: compile-time work that must grow linearly with the function, counted (never
timed: bench/compile_scale.py measures the time).

* ``shape_only_saves`` (reverse/shapesaves.py) walks the backward sweep once for every
  saved name: it looked for each name's first restore and last other read with a walk of
  the whole sweep per name (quadratic: 60% of the loops family's compile at 1000
  statements).
* ``reaching_definitions`` (analysis/reaching.py) reads, at a loop's exit, each body
  statement's state once for all the names the body defines: it asked each state for each
  name (a chain walk per name and statement: quadratic in the loop body's length).

The generated code is unchanged by both (the golden files check it); here the work itself.
"""

import importlib.util
import os

import gast
import numpy as np

import srcdiff as sd
from paths import ROOT
from srcdiff.compiler import driver
from srcdiff.compiler.analysis import reaching as sharing  # (reaching definitions: reaching.py)
from srcdiff.compiler.ir import dataflow

ARGS = (np.linspace(-1.0, 1.0, 4), np.linspace(0.5, 1.5, 4), 0.3)


def _bench():
    path = os.path.join(ROOT, "bench", "compile_scale.py")
    spec = importlib.util.spec_from_file_location("compile_scale_for_tests", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _load(source, tmp_path, tag):
    path = tmp_path / f"work_{tag}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(f"work_{tag}", str(path))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.f


def _one_loop_source(bench, n):
    """One ``for`` loop of ``n`` statements of the benchmark's mix."""
    mix = bench._Mix(["x", "y"], ["a"], indent="        ")
    lines = ["def f(x, y, a):", "    for i in range(3):"]
    lines += [mix.statement() for _ in range(n)]
    lines += ["        x = np.tanh(%s + x)" % mix.arrays[-1],
              "        a = np.tanh(%s + a)" % mix.scalars[-1],
              "    return np.sum(x * y) + a"]
    return "import numpy as np\n\n\n" + "\n".join(lines) + "\n"


def _shape_saves_visits(monkeypatch, f):
    """Nodes walked inside shape_only_saves while compiling f's gradient."""
    count, inside = [0], [False]
    walk, nodes, saves = gast.walk, dataflow.nodes, driver.shape_only_saves

    def counted_walk(node):
        for n in walk(node):
            count[0] += inside[0]
            yield n

    def counted_nodes(node):
        out = nodes(node)
        count[0] += inside[0] * len(out)
        return out

    def counted_saves(*args, **kwargs):
        inside[0] = True
        try:
            return saves(*args, **kwargs)
        finally:
            inside[0] = False

    with monkeypatch.context() as m:
        m.setattr(gast, "walk", counted_walk)
        m.setattr(dataflow, "nodes", counted_nodes)
        m.setattr(driver, "shape_only_saves", counted_saves)
        sd.grad(f, (0, 1, 2))(*ARGS)
    return count[0]


def test_shape_only_saves_walks_linearly(monkeypatch, tmp_path):
    bench = _bench()
    small, big = (_load(bench.loops_source(n)[0], tmp_path, f"loops{n}") for n in (120, 240))
    a, b = _shape_saves_visits(monkeypatch, small), _shape_saves_visits(monkeypatch, big)
    assert a > 0
    assert b <= 2.5 * a, (a, b)


def _chain_reads(monkeypatch, f):
    """States of reaching_definitions asked for a name while compiling f's gradient."""
    count = [0]
    get, lookup = sharing._Defined.get, sharing._lookup

    def counted_get(self, name, default=None):
        count[0] += 1
        return get(self, name, default)

    def counted_lookup(state, wanted, stop=None):
        count[0] += 1
        return lookup(state, wanted, stop)

    with monkeypatch.context() as m:
        m.setattr(sharing._Defined, "get", counted_get)
        m.setattr(sharing, "_lookup", counted_lookup)
        sd.grad(f, (0, 1, 2))(*ARGS)
    return count[0]


def test_reaching_definitions_reads_each_loop_state_once(monkeypatch, tmp_path):
    bench = _bench()
    small, big = (_load(_one_loop_source(bench, n), tmp_path, f"one_loop{n}") for n in (40, 80))
    a, b = _chain_reads(monkeypatch, small), _chain_reads(monkeypatch, big)
    assert a > 0
    assert b <= 2.5 * a, (a, b)


def test_lookup_answers_as_get_does():
    """``_lookup`` (one chain walk for many names) gives each name what ``get`` gives, on a
    plain dict, on chains, and on chains grown again from a flattened state (past CHAIN
    links): names found only in the dict at the chain's end included."""
    state = {"a": frozenset({-1}), "b": frozenset({-2})}
    wanted = {"a", "b", "v1", "v5", "zz"}
    for k in range(2 * sharing.CHAIN + 50):
        expected = {v: state.get(v) for v in wanted if state.get(v) is not None}
        assert dict(sharing._lookup(state, wanted)) == expected, k
        state = sharing._define(state, "a" if k % 3 == 0 else "v%d" % (k % 7), gast.Pass())
    assert not isinstance(state, dict)  # (ends on a chain over a flattened state)
