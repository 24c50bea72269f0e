"""Never a silently wrong gradient: regressions, the reference pipeline, verification mode.

Every function here was once differentiated wrongly without an error. Each is
checked against central finite differences (the independent oracle), with the
optimizer on and off (``optimize=False``, the reference pipeline), in
verification mode, and the arguments must be left as they were passed.
"""

import copy

import gast
import numpy as np
import pytest

import srcdiff as sd
from corpus import CASES as CORPUS
from fd import assert_close, numeric_grad, numeric_jvp
from soundness_cases import (
    CASES,
    acc_chain,
    enumerate_over_rebound_array,
    k5,
    loop_over_rebound_array,
    loop_over_rebound_list,
    or_in_loop,
    reversed_over_rebound_array,
    scalar_loop,
    zip_over_rebound_array,
)
from srcdiff import errors
from srcdiff.api import transforms as api
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.reverse import adjoint as reverse


def _ids(case):
    fn, args, _ = case
    return fn.__name__ + "-" + "-".join(str(np.round(a, 2)) for a in args if np.ndim(a) == 0)


@pytest.mark.parametrize("optimize", [True, False], ids=["optimized", "reference"])
@pytest.mark.parametrize("verify", [False, True], ids=["plain", "verify"])
@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_matches_finite_differences_and_leaves_arguments(case, optimize, verify):
    fn, args, wrt = case
    before = copy.deepcopy(args)
    got = sd.grad(fn, wrt=wrt, optimize=optimize, verify=verify)(*args)
    for a, b in zip(args, before):
        np.testing.assert_array_equal(a, b, err_msg="an argument was left changed")
    for g, k in zip(got, wrt):
        assert_close(g, numeric_grad(fn, copy.deepcopy(args), k), rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("case", [c for c in CASES if c[0] in (
    loop_over_rebound_array, zip_over_rebound_array, enumerate_over_rebound_array,
    reversed_over_rebound_array, loop_over_rebound_list)], ids=_ids)
def test_loop_iterates_the_object_it_started_with_in_forward_mode(case):
    # `for p in v: ...; v = ...`: Python iterates the first `v`; the value and the
    # tangent must both follow that object, not the name rebound inside the loop
    fn, args, wrt = case
    directions = tuple(0.7 if np.ndim(args[k]) == 0 else np.linspace(0.3, 1.1, np.size(args[k]))
                       for k in wrt)
    value, tangent = sd.jvp(fn, wrt=wrt)(*copy.deepcopy(args), tangents=directions)
    np.testing.assert_allclose(value, fn(*copy.deepcopy(args)), rtol=1e-12)
    assert_close(tangent, numeric_jvp(fn, copy.deepcopy(args), wrt, directions),
                 rtol=1e-5, atol=1e-7)


def test_empty_loop_gives_the_identity():
    assert sd.grad(acc_chain)(2.0, np.array([])) == 1.0
    assert sd.grad(acc_chain, optimize=False)(2.0, np.array([])) == 1.0
    assert sd.grad(acc_chain, verify=True)(2.0, np.array([])) == 1.0


def _relative_agreement(a, b, rtol=1e-12):
    if a is None or b is None:
        assert a is None and b is None or np.all(np.asarray(a if a is not None else b) == 0)
        return
    if isinstance(a, dict):
        assert a.keys() == b.keys()
        for k in a:
            _relative_agreement(a[k], b[k], rtol)
        return
    if isinstance(a, (list, tuple)):
        assert len(a) == len(b)
        for x, y in zip(a, b):
            _relative_agreement(x, y, rtol)
        return
    a, b = np.asarray(a, dtype=complex), np.asarray(b, dtype=complex)
    assert a.shape == b.shape
    scale = max(np.max(np.abs(b), initial=0.0), 1e-300)
    assert np.max(np.abs(a - b), initial=0.0) <= rtol * scale, (a, b)


@pytest.mark.parametrize("case", CORPUS, ids=lambda c: c.name)
def test_optimized_agrees_with_the_reference_pipeline(case):
    args = copy.deepcopy(case.args)
    fast = sd.grad(case.fn, wrt=case.wrt)(*args, **case.kwargs)
    args = copy.deepcopy(case.args)
    plain = sd.grad(case.fn, wrt=case.wrt, optimize=False)(*args, **case.kwargs)
    _relative_agreement(fast, plain)


@pytest.mark.parametrize("case", CORPUS, ids=lambda c: c.name)
def test_corpus_passes_verification(case):
    got = sd.grad(case.fn, wrt=case.wrt, verify=True)(*copy.deepcopy(case.args), **case.kwargs)
    expected = sd.grad(case.fn, wrt=case.wrt, optimize=False)(*copy.deepcopy(case.args),
                                                            **case.kwargs)
    _relative_agreement(got, expected)


def test_reference_pipeline_is_plain():
    src = sd.source(scalar_loop, wrt=(0, 1), args=(0.3, 0.2), optimize=False)
    assert "loop_invariant" not in src
    assert "scalar_seed" not in src and "seed(grad_ys, s)" in src
    assert "+=" not in src


def test_verify_from_the_environment(monkeypatch):
    monkeypatch.setenv("SRCDIFF_VERIFY", "1")
    assert "verify_check" in sd.grad(k5).compiled([0.3]).source
    assert "verify_check" not in sd.source(k5, args=(0.3,))  # the source asked for
    monkeypatch.setenv("SRCDIFF_VERIFY", "0")
    assert "verify_check" not in sd.grad(k5).compiled([0.3]).source


def test_modes_are_checked():
    with pytest.raises(TypeError, match="optimize"):
        sd.grad(k5, optimize="no")
    with pytest.raises(TypeError, match="verify"):
        sd.grad(k5, verify=1)


# ------------------------------------------ the checks can fail: break a pass on purpose


@pytest.fixture(autouse=False)
def fresh():
    """Compile afresh (a broken pass must really run) and forget what it compiled."""
    api.invalidate()
    yield
    api.invalidate()


def _stale_recompute(self, reads, body, s):
    """The old, wrong recomputation: only what the adjoint reads directly."""
    again = []
    for t in sorted(reads & set(self.recompute)):
        fresh = self.names.fresh(t)
        again.append(S.assign(fresh, S.copy(self.recompute[t].value), s))
        body = [S.substitute(x, {t: fresh}) if not S.assigns_name(x, t) else x for x in body]
    return again, body


def test_verification_catches_stale_temporaries(monkeypatch, fresh):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    monkeypatch.setattr(reverse.Reverse, "_recompute_for", _stale_recompute)
    monkeypatch.setattr(reverse.Reverse, "_recomputable_now",
                        lambda self, body: set(self.recompute))
    xs = np.array([1.0, 2.0, 3.0])
    wrong = sd.grad(acc_chain)(2.0, xs)
    assert abs(wrong - numeric_grad(acc_chain, (2.0, xs), 0)) > 0.1  # the mutant is wrong...
    with pytest.raises(errors.VerificationError, match=r"s = s \+ 0.01"):
        sd.grad(scalar_loop, wrt=(0, 1), verify=True)(0.3, 0.2)  # ...and verification says so
    with pytest.raises(errors.VerificationError, match="'mul'"):
        sd.grad(acc_chain, verify=True)(2.0, np.array([1.0, 2.0, 3.0]))


def test_verification_catches_a_branch_test_not_kept_per_trip(monkeypatch, fresh):
    original = reverse.Reverse._primal_stmt

    def forget(self, s, depth):
        out = original(self, s, depth)
        self.cond_saved.clear()
        return [x for x in out if not (isinstance(x, type(out[-1])) and "_stack.append(_took"
                                       in S.to_source(x))]
    monkeypatch.setattr(reverse.Reverse, "_primal_stmt", forget)
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    assert sd.grad(or_in_loop)(1.0) != pytest.approx(2.25)
    with pytest.raises(errors.VerificationError):
        sd.grad(or_in_loop, verify=True)(1.0)


def rows_in_place(x):
    a = np.ones((3, 2))
    for i in range(3):
        a[i] = a[i] * x + x
        a[i] = a[i] * a[i]
    return np.sum(a)


def test_verification_catches_a_saved_view_changed_in_place(monkeypatch, fresh):
    """The tape: a value taken back is the one pushed. The mutant saves the view
    ``a[i]`` instead of a copy, so the store that follows changes what was saved."""
    original = reverse.Reverse._save

    def view_not_copy(self, s, op, how):
        out = original(self, s, op, how)
        for x in out:
            for n in gast.walk(x):
                if isinstance(n, gast.Call) \
                        and S.expr_source(n.func) == "_stack.append" and n.args \
                        and isinstance(n.args[0], gast.Call) \
                        and S.expr_source(n.args[0].func) == "np.copy":
                    n.args[0] = n.args[0].args[0]
        return out
    monkeypatch.setattr(reverse.Reverse, "_save", view_not_copy)
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    x = 0.7
    assert "_stack.append(a[i])" in sd.source(rows_in_place, args=(x,))
    assert abs(sd.grad(rows_in_place)(x) - numeric_grad(rows_in_place, (x,), 0)) > 0.1
    with pytest.raises(errors.VerificationError, match="takes back"):
        sd.grad(rows_in_place, verify=True)(x)


def test_a_fixpoint_that_does_not_converge_raises(monkeypatch, fresh):
    monkeypatch.setattr(errors, "FIXPOINT_LIMIT", 1)
    with pytest.raises(errors.InternalError, match="did not converge"):
        sd.grad(scalar_loop, wrt=(0, 1))(0.3, 0.2)
