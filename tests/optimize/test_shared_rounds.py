"""Common subexpressions in rounds (optimize/passes.py ``_shared_values``): a value CSE
replaces by a name becomes a copy (``ys_i2 = ys_i1``), and only the copy propagation after
it makes a later value that read the copy (``v2 = ys_i2 - m``) the same text as an earlier
one (``v1 = ys_i1 - m``); the next round shares it. The backward sweep recomputes a loop
temporary for each adjoint that reads it, operands included, so a Kalman filter's innovation
and a GARCH return's square were computed two or three times per step. Invariant (each
round's): the shared name still holds the value where it is read, no statement in between
rebinding what it reads or changing it in place; verification mode checks each sharing
(``verify_equal``), and the reference pipeline shares nothing."""

import math
import re

import gast
import numpy as np
import pytest

import srcdiff as sd
from corpus import kalman_nll
from fd import assert_close, numeric_grad
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize import passes as O

PIPELINES = ({}, {"verify": True}, {"optimize": False})


def _optimized(body, gradients=("b_y", "b_z")):
    fn = S.stmts("def f(ys, m, t, b):\n"
                 + "".join("    " + ln + "\n" for ln in body.splitlines())
                 + "    return b_y, b_z\n")[0]
    out = S.to_source(O.optimize(fn, keep={"b_y", "b_z"}, gradients=set(gradients)))
    return "\n".join(ln.strip() for ln in out.splitlines()[1:-1])


def test_a_value_that_read_a_shared_copy_is_shared_in_the_next_round():
    out = _optimized("y1 = ys[t]\nv1 = y1 - m\nb_y = b * v1\n"
                     "y2 = ys[t]\nv2 = y2 - m\nb_z = b * v2 * v2")
    assert out.count(" - m") == 1 and "v2" not in out and "y2" not in out, out


def test_three_levels_share_in_three_rounds():
    out = _optimized("y1 = ys[t]\nv1 = y1 - m\nw1 = v1 * v1\nb_y = b * w1\n"
                     "y2 = ys[t]\nv2 = y2 - m\nw2 = v2 * v2\nb_z = b / w2")
    assert out.count(" - m") == 1 and out.count("v1 * v1") == 1, out


@pytest.mark.parametrize("between", [
    "m = m * 2.0",          # an operand rebound between the two values
    "ys = b",               # the list rebound
    "ys[t] = 1.0",          # the item stored into
    "ys.append(m)",         # a call that may change the list
])
def test_a_value_whose_operands_changed_is_not_shared(between):
    out = _optimized("y1 = ys[t]\nv1 = y1 - m\nb_y = b * v1\n" + between + "\n"
                     "y2 = ys[t]\nv2 = y2 - m\nb_z = b * v2 * v2")
    assert out.count(" - m") == 2, out


def test_an_array_changed_in_place_through_a_view_is_not_shared():
    # (rows of a 2-d array are views: a change of ys between the reads shows through them)
    out = _optimized("y1 = ys[t]\nv1 = y1 - m\nb_y = b * v1\nys[t, 0] = 1.0\n"
                     "y2 = ys[t]\nv2 = y2 - m\nb_z = b * v2 * v2")
    assert out.count(" - m") == 2, out


def garch(omega, alpha, beta, r):
    s2 = omega / (1.0 - alpha - beta)
    nll = 0.0
    for t in range(len(r)):
        nll += math.log(s2) + r[t] ** 2 / s2
        s2 = omega + alpha * r[t] ** 2 + beta * s2
    return nll


def drifting(a, m0, ys, n):
    """The near miss: the same text ``ys[t] - m`` read before and after ``m`` changes."""
    m = m0
    s = 0.0
    for t in range(n):
        s = s + (ys[t] - m) ** 2 * a
        m = m + 0.3 * np.tanh(ys[t] - m)
        s = s + np.sin(ys[t] - m)
    return s


YS = [0.3, -1.1, 0.8, 0.25, -0.4, 1.3, 0.05, -0.7]
CASES = [(kalman_nll, (0.8, -1.2, -0.7, YS), (0, 1, 2)),
         (garch, (0.04, 0.1, 0.85, YS), (0, 1, 2)),
         (drifting, (0.7, 0.2, YS, len(YS)), (0, 1))]


@pytest.mark.parametrize("options", PIPELINES)
@pytest.mark.parametrize("f, args, wrt", CASES, ids=lambda c: getattr(c, "__name__", ""))
def test_gradients_agree_with_central_differences(f, args, wrt, options):
    got = sd.grad(f, wrt, **options)(*args)
    for k, g in zip(wrt, got):
        assert_close(g, numeric_grad(f, args, k), rtol=1e-6, atol=1e-8)


def _backward(source):
    """The backward sweep's statements, without their heading comments."""
    return "\n".join(ln for ln in source[source.index("reversed("):].splitlines()
                     if not ln.strip().startswith("#"))


def test_the_innovation_is_computed_once_per_backward_step(monkeypatch):
    """tests/support/corpus.py's filter: ``v = y - m`` read by the adjoints of ``v * v``
    and ``k * v``."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    src = _backward(sd.source(kalman_nll, (0, 1, 2), args=CASES[0][1]))
    assert src.count("- m_before") == 1, src


def test_the_square_of_a_return_is_computed_once_per_backward_step(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    src = _backward(sd.source(garch, (0, 1, 2), args=CASES[1][1]))
    assert src.count("** 2") == 1, src


def test_the_near_miss_keeps_its_values(monkeypatch):
    """``ys[t] - m`` before and after ``m`` changes: two values, each its own."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    src = _backward(sd.source(drifting, (0, 1), args=CASES[2][1]))
    # (the one after the change reads m as the step left it, the one before m_before)
    assert sorted(set(re.findall(r"ys\S* - (m\w*)", src))) == ["m", "m_before"], src


def test_verification_mode_checks_each_sharing(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    src = _backward(sd.source(garch, (0, 1, 2), args=CASES[1][1], verify=True))
    assert "verify_equal(" in src, src


def test_the_rounds_stop_when_a_round_shares_nothing():
    body = gast.parse("a = x + y\nb = x + y\nc = a * 2.0\nd = b * 2.0\n").body
    fn = S.stmts("def f(x, y):\n    return x\n")[0]
    fn.body = body + fn.body
    out = O._shared_values(fn, False, frozenset())
    text = [S.to_source(s).strip() for s in out]
    assert text[:4] == ["a = x + y", "b = a", "c = a * 2.0", "d = c"], text


def _function(body):
    fn = S.stmts("def f(x, y, v):\n    return x\n")[0]
    fn.body = gast.parse(body).body + fn.body
    return fn


def _walks(monkeypatch):
    from srcdiff.compiler.ir import dataflow
    walks, walk = [], dataflow.changed_through_views
    monkeypatch.setattr(dataflow, "changed_through_views",
                        lambda fn: walks.append(1) or walk(fn))
    return walks


def test_a_round_that_asks_nothing_walks_nothing(monkeypatch):
    # (parts.ChangedOnce: names changed in place are walked for a round only when it finds
    # a value computed twice; the last round of this one finds none)
    monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "0")  # (check mode makes whole rounds too)
    walks = _walks(monkeypatch)
    O._shared_values(_function("a = x + y\nb = x * y\n"), False, frozenset())
    assert walks == []
    O._shared_values(_function("a = x + y\nb = x + y\nc = a * 2.0\nd = b * 2.0\n"), False,
                     frozenset())
    # (two rounds share; the third, which redoes only the block the second changed
    # (rounds.py), asks once to check the names changed through views are the second's)
    assert len(walks) == 3
    O._shared_values(_function("a = x + y\nb = x * y\n"), True, frozenset())
    assert len(walks) == 4  # (verification mode walks at each round's start)


def test_a_late_walk_of_a_changed_function_is_refused():
    # the invariant ChangedOnce relies on (nothing changes before the round first asks),
    # checked in verification mode: a function changed before the question raises
    from srcdiff.compiler.optimize.parts import ChangedOnce
    from srcdiff.errors import VerificationError
    fn = _function("a = x + y\nb = x + y\n")
    changed = ChangedOnce(fn, verify=True)
    fn.body.insert(0, gast.parse("v[0] = 1.0").body[0])
    with pytest.raises(VerificationError, match="asked late"):
        "a" in changed  # noqa: B015
    quiet = ChangedOnce(fn)
    assert "v" in quiet and "a" not in quiet
