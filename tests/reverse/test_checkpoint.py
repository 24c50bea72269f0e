"""Checkpointed loops (issue 16): ``checkpoint=`` and ``# srcdiff: checkpoint``.

Gradients equal the unchecked ones and central differences; the generated code runs the
schedule it claims (body executions counted by tracing the generated lines, tape and
snapshot sizes read from its frame); unsupported loops are refused with located errors.
"""

import linecache
import sys
from functools import lru_cache

import numpy as np
import pytest

import checkpoint_cases as cc
import corpus
import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.api import transforms
from srcdiff.compiler.reverse.checkpoint import Checkpointing
from srcdiff.errors import SrcdiffError, VerificationError
from srcdiff.runtime_memory import BINOMIAL_BLOCK, checkpoint_schedule

SCHEDULES = (None, "sqrt", "binomial", 3)
REFUSED = {"while_data_dependent", "rk4_pendulum", "break_loop", "early_return_in_loop",
           "return_from_loop", "early_return_taken", "return_from_loop_taken"}
LOOPS = [c for c in corpus.CASES if "loop" in c.tags and c.name not in REFUSED]


def _flat(g):
    """The gradients as a list, one per position of ``wrt`` (a dict argument's a dict)."""
    return list(g) if isinstance(g, tuple) else [g]


def _positions(wrt):
    return [wrt] if isinstance(wrt, int) else list(wrt)


def _check(fn, wrt, args, how, verify=False, optimize=True):
    """The checkpointed gradient equals the unchecked one (1e-12) and finite differences."""
    got = _flat(sd.grad(fn, wrt=wrt, checkpoint=how, verify=verify, optimize=optimize)(*args))
    ref = _flat(sd.grad(fn, wrt=wrt)(*args))
    for g, r in zip(got, ref):
        assert_close(g, r, rtol=1e-12, atol=1e-12, what="checkpointed vs unchecked")
    for g, k in zip(got, _positions(wrt)):
        assert_close(g, numeric_grad(fn, list(args), k))


@pytest.mark.parametrize("how", SCHEDULES, ids=str)
@pytest.mark.parametrize("case", LOOPS, ids=lambda c: c.name)
def test_corpus_loops(case, how):
    _check(case.fn, case.wrt, case.args, how)


@pytest.mark.parametrize("how", ("sqrt", "binomial", 3))
@pytest.mark.parametrize("case", [c for c in LOOPS if c.name in (
    "rnn", "scalar_recurrence", "nested_loops", "append_in_loop", "for_over_list_of_arrays",
    "continue_loop", "zip_loop")], ids=lambda c: c.name)
def test_corpus_loops_verified_and_reference(case, how):
    _check(case.fn, case.wrt, case.args, how, verify=True)
    _check(case.fn, case.wrt, case.args, how, optimize=False)


TRIPS = (0, 1, 2, 3, 5, 7, 13, 31)


def _rnn_args(T, seed=0):
    rng = np.random.default_rng(seed)
    return rng.normal(size=3), rng.normal(size=(3, 3)) * 0.6, rng.normal(size=(T, 3))


@pytest.mark.parametrize("T", TRIPS)
@pytest.mark.parametrize("how", ("sqrt", "binomial", "binomial:2", 3, 1))
def test_trip_counts(T, how):
    _check(cc.rnn_len, (0, 1), _rnn_args(T), how)
    _check(cc.recurrence, 0, (0.7, T), how)
    _check(cc.temp_before_loop, 0, (0.4, T), how, verify=True)


@pytest.mark.parametrize("n", (1, 2, 3, 6))
@pytest.mark.parametrize("how", ("sqrt", "binomial", "binomial:1", 2, 1))
def test_value_bound_in_the_loop_that_changes_shape(n, how):
    # `y` is bound only inside the loop and read after it; a segment's saving run pushed
    # the y left by the segment processed before (a later iteration's, of another shape),
    # and the adjoint's reset `b_y = zeros_tree(y_before)` took that shape: a NumPy
    # ValueError (1 of shape (1,) vs (2,) for n=3, every schedule but binomial)
    rng = np.random.default_rng(n)
    args = (rng.normal(size=n), rng.normal(size=n))
    _check(cc.shrinking_overwrite, (0, 1), args, how)
    _check(cc.shrinking_overwrite, (0, 1), args, how, verify=True)


@pytest.mark.parametrize("T", (0, 1, 2, 7, 13))
def test_outer_loop_checkpointed_inner_ordinary(T):
    _check(cc.outer_with_inner, 0, (np.array([0.3, -0.2]), T), "binomial", verify=True)
    _check(cc.outer_with_inner, 0, (np.array([0.3, -0.2]), T), "sqrt", optimize=False)


@pytest.mark.parametrize("m", (0, 1, 2, 5, 11))
def test_marked_inner_loop(m):
    x = np.array([0.3, -0.2, 0.1])
    _check(cc.nested_marked, 0, (x, m), None, verify=True)
    assert "checkpoint_schedule" in sd.source(cc.nested_marked, args=(x, m))


@pytest.mark.parametrize("n", (0, 1, 2, 4, 9))
def test_container_changed_in_place(n):
    x = np.array([0.5, -0.3, 0.8])
    _check(cc.stores_in_place, 0, (x, n), None, verify=True)
    _check(cc.stores_in_place, 0, (x, n), None, optimize=False)
    before = x.copy()
    sd.grad(cc.stores_in_place)(x, n)
    np.testing.assert_array_equal(x, before)


def test_markers_show_in_the_generated_source():
    h, w, xs = _rnn_args(6)
    text = sd.source(cc.rnn_binomial, wrt=(0, 1), args=(h, w, xs))
    assert "checkpointed loop (binomial)" in text
    assert "checkpoint_schedule(len(_iters), 'binomial')" in text
    assert "_stack.append(h)" in text and "_snaps" in text
    _check(cc.rnn_binomial, (0, 1), (h, w, xs), None)
    text = sd.source(cc.rnn_marked_above, wrt=(0, 1), args=(h, w, xs))
    assert "checkpoint_schedule(len(_iters), 2)" in text
    _check(cc.rnn_marked_above, (0, 1), (h, w, xs), None, verify=True)
    # the option gives the schedule of a bare marker only; unmarked loops stay ordinary
    plain = sd.source(corpus.rnn, wrt=(0, 1), args=(h, w, xs))
    assert "checkpoint" not in plain


def test_other_transforms_take_the_option():
    h, w, xs = _rnn_args(9)
    ref = sd.value_and_grad(corpus.rnn, wrt=(0, 1))(h, w, xs)
    val, g = sd.value_and_grad(corpus.rnn, wrt=(0, 1), checkpoint="sqrt")(h, w, xs)
    assert val == ref[0]
    np.testing.assert_allclose(g[1], ref[1][1], rtol=1e-12, atol=1e-12)
    value, pullback = sd.vjp(corpus.rnn, wrt=1, checkpoint="binomial")(h, w, xs)
    np.testing.assert_allclose(pullback(2.0), 2.0 * ref[1][1], rtol=1e-12, atol=1e-12)
    f = sd.differentiate(corpus.rnn, wrt=(0, 1), checkpoint=3)
    np.testing.assert_allclose(f.grad(h, w, xs)[1], ref[1][1], rtol=1e-12, atol=1e-12)
    assert "checkpoint_schedule(len(_iters), 3)" in sd.source(corpus.rnn, wrt=(0, 1),
                                                              args=(h, w, xs), checkpoint=3)


# ------------------------------------------------------------------ the schedule runs


def _trace(fn, args, how, marker="h = np.tanh("):
    """Run ``sd.grad(fn, checkpoint=how)``: (body executions, max tape length, max number
    of snapshots), read from the generated lines as they run."""
    g = sd.grad(fn, wrt=(0, 1), checkpoint=how)
    g(*args)  # compiled
    counts = {"body": 0, "stack": 0, "snaps": 0}

    def local(frame, event, arg):
        if event == "line":
            line = linecache.getline(frame.f_code.co_filename, frame.f_lineno)
            if line.strip().startswith(marker):  # (not a verification message)
                counts["body"] += 1
            f = frame.f_locals
            counts["stack"] = max(counts["stack"], len(f.get("_stack", ())))
            counts["snaps"] = max(counts["snaps"], len(f.get("_snaps", ())))
        return local

    def calls(frame, event, arg):
        return local if frame.f_code.co_filename.startswith("<srcdiff") else None

    sys.settrace(calls)
    try:
        g(*args)
    finally:
        sys.settrace(None)
    return counts


@lru_cache(maxsize=None)
def _fewest(steps, slots):
    """The fewest advance steps any schedule with ``slots`` snapshots needs (brute force)."""
    if steps == 1:
        return 0
    best = steps * (steps - 1) // 2  # advance from the first snapshot every time
    if slots > 1:
        for m in range(1, steps):
            best = min(best, m + _fewest(steps - m, slots - 1) + _fewest(m, slots))
    return best


def test_unchecked_tape_grows_with_the_loop():
    T = 64
    c = _trace(corpus.rnn, _rnn_args(T), None)
    assert c["body"] == T and c["stack"] == T and c["snaps"] == 0


@pytest.mark.parametrize("T", (16, 64, 100))
def test_sqrt_runs_twice_with_root_memory(T):
    c = _trace(corpus.rnn, _rnn_args(T), "sqrt")
    k = int(np.ceil(np.sqrt(T)))
    assert c["body"] == 2 * T  # the primal sweep, and each segment once more
    assert c["stack"] <= k  # one segment's tape (one value per iteration here)
    assert c["snaps"] <= k


@pytest.mark.parametrize("T,how,slots", [(30, "binomial:3", 3), (64, "binomial:7", 7),
                                         (100, "binomial:4", 4), (7, "binomial:2", 2)])
def test_binomial_is_optimal_and_bounded(T, how, slots):
    c = _trace(corpus.rnn, _rnn_args(T), how)
    forward, _ = checkpoint_schedule(T, how)
    # the generated code advances exactly as often as the best schedule with these
    # snapshots: the primal sweep's own run up to its last snapshot, then the re-runs
    advances = c["body"] - 2 * T + forward[-1][0]
    assert advances == _fewest(T, slots)
    assert c["snaps"] <= slots
    assert c["stack"] <= 1  # one iteration taped at a time


@pytest.mark.parametrize("T", (64, 100, 200))
def test_binomial_blocks_are_optimal_and_bounded(T):
    """checkpoint="binomial": revolve over blocks of BINOMIAL_BLOCK iterations, each block
    taped whole, with log2(blocks) snapshots: the fewest block advances for them."""
    block = BINOMIAL_BLOCK
    blocks = -(-T // block)
    slots = max(2, blocks.bit_length())
    c = _trace(corpus.rnn, _rnn_args(T), "binomial")
    forward, backward = checkpoint_schedule(T, "binomial")
    assert c["body"] - 2 * T == sum(m - a for a, m, _, _ in backward)  # the code runs the plan
    # only whole blocks are advanced (the last, maybe shorter, one is reversed first)
    assert c["body"] - 2 * T + forward[-1][0] == _fewest(blocks, slots) * block
    assert c["snaps"] <= slots
    assert c["stack"] <= block  # one block taped at a time


@pytest.mark.parametrize("how", ("sqrt", "binomial", "binomial:3", 1, 4, 50))
def test_schedule_reverses_each_iteration_once(how):
    for n in range(0, 60):
        forward, backward = checkpoint_schedule(n, how)
        assert [b for _, b in forward][-1:] == ([n] if n else [])
        kept = {a for a, _ in forward}
        reversed_ = []
        for a, m, b, last in backward:
            assert a in kept
            if last:
                kept.discard(a)
            if b is None:
                kept.add(m)
            else:
                reversed_ += list(range(b - 1, m - 1, -1))
        assert reversed_ == list(range(n - 1, -1, -1))
        assert not kept


# ------------------------------------------------------------------ verification, refusals


def test_verification_catches_a_snapshot_missing_state(monkeypatch):
    monkeypatch.setattr(Checkpointing, "_checkpoint_state", lambda self, s: ([], set()))
    transforms.invalidate()  # compiled now, with the broken snapshots (not from the cache)
    try:
        with pytest.raises(VerificationError, match="checkpointed loop at line .* again"):
            sd.grad(cc.recurrence, checkpoint="sqrt", verify=True)(0.7, 9)
    finally:
        transforms.invalidate()


@pytest.mark.parametrize("fn,what", [
    (cc.marked_while, "a `while` loop runs until its test fails"),
    (cc.marked_break, "can be left early"),
    (cc.marked_return, "can be left early"),
    (cc.marked_nonsense, "`# srcdiff: checkpoint often` names no schedule"),
    (cc.assigns_loop_variable, "needs the loop variable as the loop sets it, but the body "
                               "assigns it"),
])
def test_refused_markers(fn, what):
    arg = 0.5 if fn is cc.marked_while else np.array([0.2, 0.9, 0.1])
    with pytest.raises(SrcdiffError, match=what) as e:
        sd.grad(fn)(*((arg, 3) if fn is cc.assigns_loop_variable else (arg,)))
    text = str(e.value)
    assert "checkpoint_cases.py:" in text and "for " in text or "while " in text


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_with_the_option(name):
    case = {c.name: c for c in corpus.CASES}[name]
    with pytest.raises(SrcdiffError, match="trip count") as e:
        sd.grad(case.fn, wrt=case.wrt, checkpoint="sqrt")(*case.args)
    assert "corpus.py:" in str(e.value)
    sd.grad(case.fn, wrt=case.wrt)(*case.args)  # without checkpointing it is fine


@pytest.mark.parametrize("bad,error", [("often", ValueError), (0, ValueError),
                                       (True, TypeError), (2.5, TypeError),
                                       ("binomial:0", ValueError)])
def test_bad_option(bad, error):
    with pytest.raises(error, match="checkpoint"):
        sd.grad(corpus.rnn, checkpoint=bad)


def test_command_line_option(tmp_path):
    from srcdiff.cli import commands as cli

    src = tmp_path / "loops.py"
    src.write_text("import numpy as np\n\n\ndef acc(x, n):\n    s = x * 1.0\n"
                   "    for i in range(n):\n        s = np.sin(s) + 0.1 * i\n    return s\n")
    out = tmp_path / "out.py"
    assert cli.main([f"{src}:acc", "--checkpoint", "binomial", "-o", str(out)]) == 0
    text = out.read_text()
    assert "--checkpoint binomial" in text and "def checkpoint_schedule(" in text
    ns = {}
    exec(compile(text, str(out), "exec"), ns)  # standalone: no srcdiff import
    for n in (0, 1, 2, 9):
        expected = numeric_grad(lambda x: _acc(x, n), [0.3], 0)
        assert abs(ns["grad_acc"](0.3, n) - expected) < 1e-7
    assert cli.main([f"{src}:acc", "--checkpoint", "sometimes", "-o", str(out)]) != 0


def _acc(x, n):
    s = x * 1.0
    for i in range(n):
        s = np.sin(s) + 0.1 * i
    return s


def test_differentiated_again_without_checkpointing():
    """Second order differentiates the inner gradient's code: without its schedule (the
    marked function and its unmarked twin, corpus.rnn, give the same Hessian products)."""
    h, w, xs = _rnn_args(6)
    v = np.array([0.3, -1.0, 0.5])
    got = sd.hvp(cc.rnn_binomial, wrt=0)(h, w, xs, vector=v)
    np.testing.assert_allclose(got, sd.hvp(corpus.rnn, wrt=0)(h, w, xs, vector=v),
                               rtol=1e-12, atol=1e-12)
    g = sd.grad(lambda a: cc.recurrence(a, 7), checkpoint="sqrt")
    hess = sd.grad(g)(0.7)
    fd_hess = (g(0.7 + 1e-5) - g(0.7 - 1e-5)) / 2e-5
    assert abs(hess - fd_hess) < 1e-5
    assert "checkpoint_schedule" not in sd.source(cc.rnn_binomial, wrt=0, args=(h, w, xs),
                                                  checkpoint=False)


@pytest.mark.parametrize("T", (0, 1, 5))
def test_marked_loop_in_a_called_function(T):
    h, w, xs = _rnn_args(T)
    _check(cc.calls_marked, (0, 1), (h, w, xs), None, verify=True)
    assert "checkpoint_schedule" in sd.source(cc.calls_marked, wrt=(0, 1), args=(h, w, xs))
    assert len(sd.explain(cc.rnn_binomial, wrt=(0, 1), args=(h, w, xs)).html()) > 0
