"""Issue 16 (compile time), session 43: shortcuts checked against the plain way they replace
(the generated code is unchanged: the golden files check that too).

* ``live.guards`` disassembles the generated module (``dis``) only when its ``co_names``
  hold a user name it may guard that the function does not read itself: the same guards
  as with the module always disassembled.
* ``seed.fold_seed`` copies and rewrites (``_Units``) only the statements holding a form
  ``_Units`` rewrites at (``seed._may_rewrite``): the same statements as with every
  statement rewritten.
"""

import copy
import importlib.util
import os
import types

import gast
import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from paths import ROOT
from srcdiff.compiler.emit import live
from srcdiff.compiler.optimize import seed

# the cases, loaded afresh for each test from a file (a function compiled by an earlier
# test would not be compiled again)
CASES = """
import numpy as np
import pytest

OFFSET = 0.25
SCALE = 1.5
exp = "a global named like np.exp's attribute"  # (in co_names: the bytecode is read)


def _helper(v):
    return np.tanh(v + OFFSET)  # (OFFSET: read by the helper only)


def reads_a_global(x, y):
    return np.sum(np.sin(x) * y) * SCALE


def calls_a_helper(x, y):
    return np.sum(_helper(x) * y)


def negated_seed(x, y):
    return -np.sum(np.exp(x) * y) - 1.0 * np.sum(x * x)


def broadcast_sum(x, y):
    return -np.sum(x[:, None] * y[None, :] * 1.0)


def _closure():
    k = 0.5

    def inner(x, y):
        return np.sum(x * y * k) / 1.0
    return inner


inner = _closure()
"""
NAMES = ("reads_a_global", "calls_a_helper", "negated_seed", "broadcast_sum", "inner")


def _bench_source(n):
    spec = importlib.util.spec_from_file_location(
        "compile_scale_for_tests", os.path.join(ROOT, "bench", "compile_scale.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.FAMILIES["straight"](n)[0]


def _args():
    return np.linspace(-1.0, 1.0, 5), np.linspace(0.5, 1.5, 5)


def _module(tmp_path, source, name):
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(name, str(path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _fns(tmp_path):
    cases = _module(tmp_path, CASES, "cases43")
    bench = _module(tmp_path, _bench_source(60), "scale_small43").f
    return [(getattr(cases, f), _args()) for f in NAMES] + [
        (bench, (np.linspace(-1.0, 1.0, 8), np.linspace(0.5, 1.5, 8), 0.3))]


def test_guards_read_the_bytecode_only_when_it_may_name_more(monkeypatch, tmp_path):
    real_names, real_guards, asked_seen = live._names, live.guards, []

    def spied(code, asked=None):
        if asked is not None:
            asked_seen.append(any(map(asked, live._all_co_names(code))))
        return real_names(code, asked)

    def plain(code, asked=None):  # (the plain way: always disassembled)
        return real_names(code)

    def checked(code, parsed, namespace):
        got = real_guards(code, parsed, namespace)
        with monkeypatch.context() as m:
            m.setattr(live, "_names", plain)
            want = real_guards(code, parsed, namespace)
        assert [(type(g), g.name, g.source is None, id(g.seen)) for g in got] \
            == [(type(g), g.name, g.source is None, id(g.seen)) for g in want]
        return got

    monkeypatch.setattr(live, "guards", checked)
    monkeypatch.setattr(live, "_names", spied)
    for f, args in _fns(tmp_path):
        g = sd.grad(f, tuple(range(len(args))))
        got = g(*args)
        got = got if isinstance(got, tuple) else (got,)
        for k, a in enumerate(args):  # (and the gradient against central differences)
            if isinstance(a, np.ndarray):
                fd = numeric_grad(f, args, k)
                np.testing.assert_allclose(got[k], fd, rtol=1e-6, atol=1e-8)
    # both ways taken: skipped (nothing more to guard), and read (``exp``: an attribute)
    assert True in asked_seen and False in asked_seen


def test_guards_see_a_global_only_the_helper_reads(tmp_path):
    """A global the helper reads (its own generated module's guard): rebound, the
    gradient is compiled again."""
    cases, args = _module(tmp_path, CASES, "cases43_offset"), _args()
    g = sd.grad(cases.calls_a_helper)
    before = g(*args)
    cases.OFFSET = 0.75
    after = g(*args)
    np.testing.assert_allclose(after, numeric_grad(cases.calls_a_helper, args, 0),
                               rtol=1e-6, atol=1e-8)
    assert not np.allclose(before, after)


def test_guards_of_a_global_only_the_generated_code_reads():
    """Generated code naming a user global its function does not read (made here by hand:
    the generator reads a helper's globals in the helper's own module): it is guarded, as
    with the bytecode always read; a global named like an attribute the code reads is not."""
    user = {"HIDDEN": 2.0, "tanh": "an attribute's name", "np": np}
    exec("def f(x):\n    return x\n", user)
    generated = compile("def g(x):\n    return np.tanh(x) * HIDDEN\n", "<generated>", "exec")
    parsed = types.SimpleNamespace(fn=user["f"], namespace=user, attribute_callees={},
                                   node=gast.parse("def f(x):\n    return x\n"))
    namespace = dict(user)
    names = [g.name for g in live.guards(generated, parsed, namespace)]
    assert "HIDDEN" in names and "tanh" not in names
    assert live._names(generated, lambda n: n == "HIDDEN") == live._names(generated)
    assert live._names(generated, lambda n: n == "nothing") == set()


def _dumps(body):
    return [gast.dump(s) for s in body]


def test_fold_seed_rewrites_what_rewriting_every_statement_does(monkeypatch, tmp_path):
    real, real_scan = seed.fold_seed, seed._scan
    seen = {"bodies": 0, "changed": 0, "skipped": 0}

    def checked(body, gradients, floats):
        kept = copy.deepcopy(body)
        got = real(body, gradients, floats)
        with monkeypatch.context() as m:  # the plain way: every statement rewritten
            m.setattr(seed, "_scan", lambda s: (*real_scan(s)[:2], True))
            plain = real(copy.deepcopy(kept), gradients, floats)
        assert _dumps(got) == _dumps(plain)
        seen["bodies"] += 1
        seen["changed"] += _dumps(got) != _dumps(kept)
        seen["skipped"] += sum(not any(map(_may_rewrite, gast.walk(s))) for s in kept)
        return got

    monkeypatch.setattr("srcdiff.compiler.driver.fold_seed", checked)
    fns = _fns(tmp_path)
    for f, args in fns:
        sd.grad(f, tuple(range(len(args))))(*args)
    assert seen["bodies"] >= len(fns) and seen["changed"] and seen["skipped"]


def _may_rewrite(node):
    return isinstance(node, (gast.BinOp, gast.Call)) and seed._may_rewrite(node)


@pytest.mark.parametrize("src, want", [
    ("c = g * -1.0", "c = -g"),
    ("c = -1.0 * (g + h)", "c = -(g + h)"),
    ("c = (g * h) / 1.0", "c = g * h"),
    ("c = unbroadcast(-(g * h), x)", "c = -unbroadcast(g * h, x)"),
    ("c = np.sum(g) * 2.0", "c = np.sum(g) * 2.0"),
    ("c = unbroadcast(g * h, x)", "c = unbroadcast(g * h, x)"),
])
def test_fold_seed_rewrites_a_statement_with_a_unit_as_every_statement(monkeypatch, src, want):
    """A statement with no gradient literal to read: rewritten by ``_Units`` where it holds
    a form it rewrites at, and as a plain rewrite of every statement leaves it."""
    real_scan = seed._scan
    body = gast.parse(src).body
    kept = copy.deepcopy(body)
    got = seed.fold_seed(body, {"c"}, {"g", "h", "c"})
    with monkeypatch.context() as m:
        m.setattr(seed, "_scan", lambda s: (*real_scan(s)[:2], True))
        plain = seed.fold_seed(copy.deepcopy(kept), {"c"}, {"g", "h", "c"})
    assert _dumps(got) == _dumps(plain) == _dumps(gast.parse(want).body)
    assert _dumps(body) == _dumps(kept)  # (a statement rewritten is a copy)
    assert (got[0] is body[0]) == (src == want)  # (one left as it is: not copied)
