"""The ping-pong buffer analysis (analysis/buffers.py) on its own: which names are movers,
what each holds at a store (a view: its array's site), and the fallback to sharing.py's
group when it gives up.
tests/soundness/test_ping_pong_buffers.py checks the gradients it lets through.

And effects.py's scan of a tuple assignment of a display (``u, w = w, u``): each name gets
its own value. It gave both names everything on the right (read out of a tuple), so a
function copying its argument and swapping the copy with a new array "changed its argument
in place" and the numba backend refused it.
"""

import numpy as np
import pytest

import srcdiff as sd
from buffer_cases import X, a_reversed_view, heat, one_statement_makes_both, the_argument_itself
from srcdiff.api import transforms as api
from srcdiff.compiler.analysis import buffers
from srcdiff.compiler.analysis.effects import summary
from srcdiff.rules import DEFAULT


def copied_once(x):
    u = x.copy()
    w = np.zeros_like(x)
    for t in range(3):
        w[:] = u * 2.0 + 1.0
        u = w
    return np.sum(u ** 2)


def analysed(f, monkeypatch):
    """The Buffers of ``f``'s reverse-mode compilation (refused or not)."""
    seen = []
    original = buffers.Buffers.__init__

    def spy(self, *args):
        original(self, *args)
        seen.append(self)
    monkeypatch.setattr(buffers.Buffers, "__init__", spy)
    try:
        sd.source(f, args=(X.copy(),))
    except sd.SrcdiffError:
        pass
    return seen[0]


def stores_into(b, name):
    return [op.stmt for op in b.analysis.order if op.kind == "store" and op.target == name]


def test_a_swap_keeps_the_two_arrays_apart(monkeypatch):
    b = analysed(heat, monkeypatch)
    assert {"u", "w"} <= b.movers
    store = stores_into(b, "w")[0]
    envs = b.before[id_of(store)]
    u, w = b.index["u"], b.index["w"]
    # each holds either array, never the one the other holds
    assert len({(env[u], env[w]) for env in envs}) == 2
    assert all(env[u] is not None and env[w] is not None and env[u] != env[w] for env in envs)
    assert "u" not in b.group("w", store) and "u" in b.sharing.group("w", at=store)


def test_a_one_way_copy_makes_the_names_hold_one_array(monkeypatch):
    b = analysed(copied_once, monkeypatch)
    (store,) = stores_into(b, "w")
    u, w = b.index["u"], b.index["w"]
    assert any(env[u] == env[w] for env in b.before[id_of(store)])
    assert "u" in b.group("w", store)


def test_names_not_bound_to_new_arrays_only_are_no_movers(monkeypatch):
    b = analysed(the_argument_itself, monkeypatch)  # (u = x: the caller's array)
    assert not {"u", "w"} & b.movers


def test_a_view_holds_the_site_of_its_array(monkeypatch):
    b = analysed(a_reversed_view, monkeypatch)  # w = u[::-1]
    assert {"u", "w"} <= b.movers
    store = stores_into(b, "w")[0]
    u, w = b.index["u"], b.index["w"]
    assert all(env[u] == env[w] for env in b.before[id_of(store)])
    assert "u" in b.group("w", store)


def test_too_many_environments_fall_back_to_sharing(monkeypatch):
    """Past LIMIT the analysis gives up: the store is refused as it was without it."""
    monkeypatch.setattr(buffers, "LIMIT", 1)
    api.invalidate()  # (compile afresh, and forget it)
    try:
        with pytest.raises(sd.SrcdiffError, match="that `u` also refers to"):
            sd.grad(heat)(X.copy())
    finally:
        api.invalidate()


def test_the_limit_ends_a_loop_before_the_fixpoint_limit():
    """A loop's head gains an environment a round at least, so past LIMIT it gives up
    within errors.FIXPOINT_LIMIT rounds, and never raises an InternalError instead."""
    from srcdiff import errors

    assert buffers.LIMIT + 1 < errors.FIXPOINT_LIMIT


def test_ages_of_one_site(monkeypatch):
    """``w = np.zeros_like(u)`` then ``u, w = w, u``: after the swap ``u`` holds the latest
    run's array and ``w`` an earlier one's (one site, two ages)."""
    b = analysed(one_statement_makes_both, monkeypatch)
    store = stores_into(b, "w")[0]
    u, w = b.index["u"], b.index["w"]
    envs = b.before[id_of(store)]
    assert any(env[u][0] == env[w][0] for env in envs)  # (one site)
    assert all(env[u] != env[w] for env in envs)  # (never one age)
    assert "u" not in b.group("w", store)


def id_of(stmt):
    from srcdiff.compiler.ir import syntax as S
    return S.key(stmt)


# ------------------------------------------------------------------ effects.py's scan


def swaps_its_own_arrays(p):
    u = p.copy()
    w = np.zeros_like(p)
    u, w = w, u
    w[0] = 1.0
    return u + w


def swaps_an_argument_in(p, q):
    a, b = q.copy(), p
    b[0] = 1.0
    return a


def writes_the_second(p, q):
    a, b = p, q
    b[0] = 1.0
    return a


def unpacks_a_starred_display(p, q):
    a, *b = p, q
    b[0][0] = 1.0
    return a


def test_the_scan_binds_each_name_of_a_tuple_assignment_its_own_value():
    assert not summary(swaps_its_own_arrays, DEFAULT).writes
    assert set(summary(swaps_an_argument_in, DEFAULT).writes) == {"p"}
    assert set(summary(writes_the_second, DEFAULT).writes) == {"q"}
    assert set(summary(unpacks_a_starred_display, DEFAULT).writes) == {"p", "q"}
