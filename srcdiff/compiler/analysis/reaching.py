"""Reaching definitions over structured ANF (used by sharing.py: which definitions of a
name may reach a statement), with states kept as short chains of one-name links."""

import gast

from srcdiff.compiler.analysis.activity import walk
from srcdiff.compiler.analysis.fixpoint import fixpoint
from srcdiff.compiler.ir import syntax as S


def reaching_definitions(body):
    """S.key(statement) -> {name: S.keys of the definitions of name that may reach it}
    (just before it runs), over structured ANF; a superset where loops make it simpler."""
    before = {}

    def flow(stmts, state):
        for s in stmts:
            before[S.key(s)] = state
            if isinstance(s, gast.If):
                state = _join(flow(s.body, state), flow(s.orelse, state))
            elif isinstance(s, (gast.For, gast.While)):
                def head(current, s=s):
                    return _define(current, s.target.id, s) if isinstance(s, gast.For) \
                        else current

                def trip(current, s=s, entry=state):
                    start = head(current)
                    return _join(entry, start, flow(s.body, start))

                start = head(fixpoint(trip, state, "reaching definitions"))
                end = flow(s.body, start)  # (records the stable states of the body)
                # after the loop: what reaches any point of it (a break leaves from there);
                # a name the body never defines holds start's definitions at every point
                inner = [x for x, _ in walk(s.body)]
                state = _join(start, end)
                defined = _defined(inner)
                for x in inner:  # (state is a dict of its own)
                    for v, reach in _lookup(before[S.key(x)], defined):
                        state[v] = state[v] | reach if v in state else reach
            elif isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name):
                state = _define(state, s.targets[0].id, s)
        return state

    flow(body, {})
    return before


# A state of reaching_definitions is a plain dict (name -> definitions) or a chain of at
# most CHAIN links, each defining one name, ending at one: a dict per statement would make
# the analysis's memory grow with the statements times the names (135 MiB at 1000 lines).
CHAIN = 256


class _Defined:
    """``parent`` with ``name`` defined by ``defs`` (a state, see CHAIN)."""

    __slots__ = ("parent", "name", "defs", "length")

    def __init__(self, parent, name, defs):
        self.parent, self.name, self.defs = parent, name, defs
        self.length = parent.length + 1 if isinstance(parent, _Defined) else 1

    def get(self, name, default=None):
        state = self
        while isinstance(state, _Defined):
            if state.name == name:
                return state.defs
            state = state.parent
        return state.get(name, default)

    def __eq__(self, other):
        return _flat(self) == _flat(other)

    __hash__ = None


def _lookup(state, wanted):
    """``(name, state.get(name))`` for each name of ``wanted`` the state defines: one walk
    of a chain for them all (a ``get`` per name walks it once per name)."""
    out = []
    seen = set()
    while isinstance(state, _Defined):
        name = state.name
        if name in wanted and name not in seen:
            seen.add(name)
            out.append((name, state.defs))
        state = state.parent
    for name in wanted:
        if name not in seen:
            reach = state.get(name)
            if reach is not None:
                out.append((name, reach))
    return out


def _flat(state):
    """The state as one dict."""
    if not isinstance(state, _Defined):
        return state
    chain = []
    while isinstance(state, _Defined):
        chain.append(state)
        state = state.parent
    out = dict(state)
    for link in reversed(chain):
        out[link.name] = link.defs
    return out


def _define(state, name, stmt):
    new = _Defined(state, name, frozenset([S.key(stmt)]))
    return _flat(new) if new.length > CHAIN else new


def _join(*states):
    out = dict(_flat(states[0]))
    for state in states[1:]:
        if state is states[0]:
            continue
        for k, v in _flat(state).items():
            old = out.get(k)
            if old is None:
                out[k] = v
            elif old is not v:
                out[k] = old | v
    return out


def _defined(stmts):
    """The names ``stmts`` bind (where reaching_definitions calls ``_define``)."""
    out = set()
    for s in stmts:
        if isinstance(s, gast.For):
            out.add(s.target.id)
        elif isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name):
            out.add(s.targets[0].id)
    return out
