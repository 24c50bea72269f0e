"""Random programs of user calls (in loops, branches, recursion) reach the record shape
(compiler/reverse/records.py): their gradients with records, with verification, in the
reference pipeline (no records) and by central differences agree, and sd.vjp's pullback
gives the same gradients however often it is called."""

import importlib.util
import random
import re
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

HELPERS = '''
import numpy as np


def _h1(a, b):
    return np.sin(a) * b + a


def _h2(a):
    t = a
    for i in range(2):
        t = np.tanh(t) * 0.9 + a
    return t


def _h3(a, b):
    if np.sum(a) > 0.0:
        return a * b
    return a - 0.5 * b


def _rec(a, n):
    if n == 0:
        return a
    return _h1(_rec(a, n - 1), a) * 0.5


def _pair(a, b):
    return _h2(a) * b, np.cos(b)


def _shift_join(a, b):
    return np.concatenate((a[:1], a[1:] * b[:-1]))


def _crec(a, b, n):
    if n == 0:
        return a * b
    return np.cos(_crec(a, b, n - 1)) * b - a
'''

CALLS = ["_h1({u}, {w})", "_h2({u})", "_h3({u}, {w})", "_rec({u}, {n})", "np.cos({u}) * {w}",
         "_pair({u}, {w})[0]", "_pair({u}, {w})[1] * {u}"]
# with a display joined in a callee (reverse/contributions.py join_adjoint)
JOIN_CALLS = CALLS + ["_shift_join({u}, {w})", "_shift_join({u} * {w}, {u})"]
# with a negated cotangent passed to a callee's backward sweep (reverse/negated.py): a
# recursion through np.cos (a pair bwd__crec / bwd__crec_neg), a callee under np.cos
NEGATED_CALLS = CALLS + ["_crec({u}, {w}, {n})", "np.cos(_h1({u}, {w})) * {w}",
                         "np.cos(_h2({u})) + {w}"]


def _statement(rng, names, depth, calls=CALLS):
    u, w = rng.choice(names), rng.choice(names)
    v = f"v{len(names)}"
    call = rng.choice(calls).format(u=u, w=w, n=rng.randint(0, 3))
    kind = rng.random()
    if depth < 2 and kind < 0.25:
        body = _statement(rng, names + [v], depth + 1, calls)
        lines = [f"{v} = {u}", "for i in range(3):", f"    {v} = {call.replace(u, v, 1)}"]
        return lines + ["    " + line for line in body[0]], body[1]
    if depth < 2 and kind < 0.45:
        other = rng.choice(calls).format(u=w, w=u, n=1)
        return [f"if np.sum({u}) > {rng.uniform(-1, 1):.2f}:", f"    {v} = {call}", "else:",
                f"    {v} = {other}"], names + [v]
    return [f"{v} = {call}"], names + [v]


def program(seed, calls=CALLS):
    rng = random.Random(seed)
    names, lines = ["x", "y"], []
    for _ in range(rng.randint(2, 5)):
        new, names = _statement(rng, names, 0, calls)
        lines += new
    used = " + ".join(f"np.sum({v} * {v})" for v in names[2:][-3:])
    lines.append(f"return {used}")
    return "def f(x, y):\n" + "".join(f"    {line}\n" for line in lines)


def _load(tmp_path, seed, calls=CALLS, tag=""):
    path = tmp_path / f"calls{tag}_{seed}.py"
    path.write_text(HELPERS + "\n\n" + program(seed, calls))
    spec = importlib.util.spec_from_file_location(f"calls{tag}_{seed}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.f


@pytest.mark.parametrize("seed", range(24))
def test_random_calls(tmp_path, seed):
    f = _load(tmp_path, seed)
    text = _check(f, seed)
    assert "fwd_" in text and "bwd_" in text  # the shape: records kept


def _check(f, seed):
    """``f``'s gradients with records, verified, in the reference pipeline and by sd.vjp's
    pullback, against central differences; the generated source."""
    rng = np.random.default_rng(seed)
    args = (rng.uniform(-0.8, 0.8, 4), rng.uniform(-0.8, 0.8, 4))
    text = sd.source(f, wrt=(0, 1), args=args)
    expected = [numeric_grad(f, args, k) for k in (0, 1)]
    for options in ({}, {"verify": True}, {"optimize": False}):
        got = sd.grad(f, (0, 1), **options)(*args)
        for g, e in zip(got, expected):
            assert_close(g, e, rtol=1e-4, atol=1e-6)
    _, pullback = sd.vjp(f, (0, 1))(*args)
    for c in (1.0, -2.5, 1.0):
        for g, e in zip(pullback(c), expected):
            assert_close(g, c * e, rtol=1e-4, atol=1e-6)
    return text


def test_random_calls_reach_joins_and_gradients_passed_in(tmp_path):
    """Programs that also call a function joining a display reach this round's shapes
    (reverse/contributions.py join_adjoint, reverse/calls.py _own_buffer): a display joined
    in a callee, and a callee adding into a gradient its caller passes in; every one
    agrees with central differences as above."""
    texts = [_check(_load(tmp_path, seed, JOIN_CALLS, "_join"), seed) for seed in range(12)]
    assert sum("split_rest(" in t for t in texts) >= 3
    assert any(re.search(r"bwd_\w+\(_record\w*, [^)]*, b_[xyv]\w*[,)]", t) for t in texts)


def test_random_calls_reach_negated_sweeps(tmp_path):
    """Programs that also recurse through np.cos or call a function under it reach the
    backward sweeps of a negated cotangent (reverse/negated.py: ``bwd_g_neg``, rewritten
    from ``bwd_g``); every one agrees with central differences as above."""
    texts = [_check(_load(tmp_path, seed, NEGATED_CALLS, "_neg"), seed) for seed in range(12)]
    assert sum("_neg(_record" in t for t in texts) >= 4
    assert sum("hold their negations" in t for t in texts) >= 4
