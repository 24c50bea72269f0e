"""The indexes that keep compilation linear answer what the scans they replace answered.

* ``names.Inverse`` (a gradient name's primal name) against a scan of the table, as
  the table grows and is replaced;
* ``uniform.TopLevel.source`` (the name a size is read from, answered per name with
  the interval of positions where the answer holds) against the walk along the chain
  of elementwise definitions it replaces, at every question a compilation asks, on a
  function with long chains, reassignments and sizes; the gradient against central
  differences.
"""

import importlib.util
import random

import numpy as np

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.ir.names import Inverse
from srcdiff.compiler.reverse import uniform


def scan(table, value):
    for k, v in table.items():
        if v == value:
            return k
    return None


def test_inverse_answers_as_a_scan_while_tables_grow_and_are_replaced():
    rnd = random.Random(3)
    inverse = Inverse()
    table = {}
    for step in range(400):
        roll = rnd.random()
        if roll < 0.6:
            table["v%d" % step] = "b_v%d" % rnd.randrange(step + 1)  # (values may repeat)
        elif roll < 0.7:
            table = dict(table)  # a branch starts over from a copy
        elif roll < 0.75:
            table = {k: v for k, v in list(table.items())[: len(table) // 2]}
        elif roll < 0.8:  # another table, as long, other values
            table = {k: v + "_" for k, v in table.items()}
        probe = "b_v%d" % rnd.randrange(step + 2)
        assert inverse.key_of(table, probe) == scan(table, probe)


def reference_source(top, x, k, view):
    """The walk TopLevel.source replaced (size_from_earlier before the index)."""
    body = top.body
    chain = [x]
    while view.a.assign_count.get(x) == 1 and x not in view.params:
        j = top.last_definition(x, k)
        op = view.a.op(body[j]) if j is not None else None
        if op is None or not uniform._elementwise(op):
            break
        px = view.a.shapes.get(x)
        names = [a for a in op.args if hasattr(a, "id")]
        known = px is not None and None not in px
        nxt = None
        for arg in names:
            if (len(names) == 1 or (known and view.a.shapes.get(arg.id) == px)) \
                    and not top.rebound(arg.id, j, k):
                nxt = arg.id
                break
        if nxt is None:
            break
        x = nxt
        chain.append(x)
    named = [c for c in chain if c in top.user]
    return named[-1] if named else chain[-1]


def chains_source(n):
    lines = ["import numpy as np", "", "", "def f(x, y, a):", "    u = x"]
    for k in range(n):
        if k % 11 == 6:  # one value's size asked before and after its operand is rebound
            lines.append(f"    v{k} = np.exp(u * 0.5)")
            lines.append(f"    a = a + 0.1 * np.mean(v{k})")
            lines.append("    u = np.cos(u) * 0.9")
            lines.append(f"    a = 0.5 * a + 0.1 * np.mean(v{k})")
        elif k % 5 == 4:
            lines.append("    u = np.tanh(u + 0.1 * y)")  # a reassignment: chains stop here
        elif k % 7 == 3:
            lines.append(f"    m{k} = np.mean(np.exp(-u * u))")  # a size read
            lines.append(f"    a = a * 0.9 + 0.1 * m{k}")
        else:
            lines.append(f"    t{k} = np.sin(u) * y - 0.5 * u")
            lines.append(f"    u = t{k} * a")
    lines.append("    return np.sum(u * y) + a")
    return "\n".join(lines) + "\n"


def test_size_sources_are_the_chain_walks_answers(tmp_path, monkeypatch):
    path = tmp_path / "chains.py"
    path.write_text(chains_source(60))
    spec = importlib.util.spec_from_file_location("chains", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    asked = []
    indexed = uniform.TopLevel.source

    def checked(top, x, k, view):
        got = indexed(top, x, k, view)
        asked.append((x, k, got, reference_source(top, x, k, view)))
        return got

    monkeypatch.setattr(uniform.TopLevel, "source", checked)
    args = (np.linspace(-1.0, 1.0, 5), np.linspace(0.5, 1.5, 5), 0.3)
    grads = sd.grad(mod.f, (0, 1, 2))(*args)
    assert len(asked) > 10
    assert [(x, k, got) for x, k, got, _ in asked] == [(x, k, ref) for x, k, _, ref in asked]
    assert any(got != x for x, _, got, _ in asked)  # some sizes come from earlier names
    for w, g in zip((0, 1, 2), grads):
        assert_close(g, numeric_grad(mod.f, args, w))
