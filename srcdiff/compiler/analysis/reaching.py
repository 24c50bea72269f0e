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

                start = head(fixpoint(trip, state, "reaching definitions", same=_same))
                end = flow(s.body, start)  # (records the stable states of the body)
                # after the loop: what reaches any point of it (a break leaves from there);
                # a name the body never defines holds start's definitions at every point
                inner = [x for x, _ in walk(s.body)]
                defined = _defined(inner)
                more = {}
                for x in inner:  # (start's own definitions are joined in already)
                    for v, reach in _lookup(before[S.key(x)], defined, start):
                        more[v] = more[v] | reach if v in more else reach
                state = _join(start, end, _over(start, more))
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
        return _same(self, other)

    __hash__ = None


def _lookup(state, wanted, stop=None):
    """``(name, state.get(name))`` for each name of ``wanted`` the state defines: one walk
    of a chain for them all (a ``get`` per name walks it once per name). With ``stop``:
    those the links above ``stop`` define when ``state`` descends from it (what the
    caller has from ``stop`` already), else all."""
    out = []
    seen = set()
    while isinstance(state, _Defined):
        if state is stop:
            return out
        name = state.name
        if name in wanted and name not in seen:
            seen.add(name)
            out.append((name, state.defs))
        state = state.parent
    if state is stop:
        return out
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


def _link(state, name, defs):
    new = _Defined(state, name, defs)
    return _flat(new) if new.length > CHAIN else new


def _define(state, name, stmt):
    return _link(state, name, frozenset([S.key(stmt)]))


def _over(state, more):
    """``state`` with each name of ``more`` (name -> definitions) also defined there."""
    for v in sorted(more):
        old = state.get(v)
        state = _link(state, v, more[v] if old is None else old | more[v])
    return state


def _common(states):
    """``(ancestor, above)``: a state every one of ``states`` descends from (a link or the
    dict a chain ends at; a state descends from itself), and for each state the names its
    links above the ancestor define, with their definitions (the nearest link's); or None
    when the states end at different dicts.

    Invariant: ``state.get(v) == above[i].get(v, ancestor.get(v))`` for every name ``v``
    of the ``i``-th state; so a join or a comparison needs only the names of ``above``
    (checked against the flat join in tests/optimize/test_compile_shortcuts.py)."""
    first = states[0]
    chain = []
    node = first
    while isinstance(node, _Defined):
        chain.append(node)
        node = node.parent
    chain.append(node)
    at = {id(x): k for k, x in enumerate(chain)}
    cut = 0
    for state in states[1:]:
        node = state
        while id(node) not in at:
            if not isinstance(node, _Defined):
                return None
            node = node.parent
        cut = max(cut, at[id(node)])
    ancestor = chain[cut]
    above = []
    for state in states:
        names = {}
        node = state
        while node is not ancestor:
            if node.name not in names:
                names[node.name] = node.defs
            node = node.parent
        above.append(names)
    return ancestor, above


def _join(*states):
    """The state each name of which has the definitions it has in any of ``states``."""
    states = [s for k, s in enumerate(states) if k == 0 or s is not states[0]]
    if len(states) == 1:
        return states[0]
    common = _common(states)
    if common is None:
        return _flat_join(states)
    ancestor, above = common
    names = sorted(set().union(*above))
    below = dict(_lookup(ancestor, set(names)))
    out = ancestor
    for v in names:
        acc = None
        for defs in above:
            d = defs.get(v, below.get(v))
            if d is not None and d is not acc:
                acc = d if acc is None else acc | d
        out = _link(out, v, acc)
    return out


def _flat_join(states):
    out = dict(_flat(states[0]))
    for state in states[1:]:
        for k, v in _flat(state).items():
            old = out.get(k)
            if old is None:
                out[k] = v
            elif old is not v:
                out[k] = old | v
    return out


def _same(a, b):
    """Do states ``a`` and ``b`` give every name the same definitions?"""
    if a is b:
        return True
    common = _common([a, b])
    if common is None:
        return _flat(a) == _flat(b)
    ancestor, (x, y) = common
    below = dict(_lookup(ancestor, set(x) | set(y)))
    return all(x.get(v, below.get(v)) == y.get(v, below.get(v)) for v in set(x) | set(y))


def _defined(stmts):
    """The names ``stmts`` bind (where reaching_definitions calls ``_define``)."""
    out = set()
    for s in stmts:
        if isinstance(s, gast.For):
            out.add(s.target.id)
        elif isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name):
            out.add(s.targets[0].id)
    return out
