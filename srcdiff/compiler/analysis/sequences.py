"""``+`` and ``*`` on lists and tuples: Python concatenates and repeats them.

The numeric rules of ``+`` and ``*`` do not model that (the gradient of ``[v] * 3`` is
three times ``v``'s, not once), and a repeated list of lists or arrays holds one object
several times (a store into one entry changes them all): such an operation whose result
is differentiated is refused. A sequence of constants is not (``[0.0] * n``, the usual
way to make a list to fill, ``[0.0] * 2 + [1.0] * 2``): its result holds constants only,
no gradient flows back through it, and stores into it later are item stores.

Which operands may be sequences is decided per use, not only by the merged facts of the
name (a name holding a list on one path and a float on another has no known kind): a
name may hold one at a statement when a definition reaching it may make one (a display,
a container's fact, a copy, slice or ``list``/``sorted``/``tuple`` of one, ``+`` or ``*``
with one, an entry of a container whose entries may be sequences) or when it is a
container argument. The entries of a container a user's function returns are what its
analysis says of them (analysis/returns.py: a tuple display, a list filled by displays and
appends and stores; any other returned container may hold sequences). One place is still
not seen: an entry of no known kind (an argument's entry its facts say nothing of, in a
callee, and what such an entry flows into): taken for no sequence.
"""

import functools
import inspect

import gast

from srcdiff.compiler.analysis.activity import (
    ARRAY,
    CONTAINER,
    INT,
    fact_of_atom,
    fact_of_op,
    header_reads,
    walk,
)
from srcdiff.compiler.analysis.facts import NESTED
from srcdiff.compiler.analysis.reaching import reaching_definitions
from srcdiff.compiler.ir import syntax as S

_SEQUENCE_OPS = (gast.Add, gast.Mult)


class _Nest:
    """An entry not seen as an atom: a list nested ``depth`` levels (0: no sequence)."""

    def __init__(self, depth):
        self.depth = depth


_UNKNOWN = _Nest(float("inf"))  # an entry the facts say nothing about
_MAKE_LISTS = (sorted, list, tuple)  # builtins that make a list or tuple of their argument
_SYMBOL = {gast.Add: "+", gast.Mult: "*"}


def check_sequence_arithmetic(fn, analysis, parsed, arg_facts=None):
    """Refuse ``a + b`` and ``a * n`` on lists or tuples whose result is differentiated
    (see the module docstring), and a slice assignment into a list (``l[1:] = [a, b]``:
    it may change the list's length), which the item stores' undo does not model."""
    seqs = _Sequences(fn.body, analysis, arg_facts or {})
    for s, _ in walk(fn.body):
        op = analysis.op(s)
        if op is None:
            continue
        if op.kind == "store" and analysis.kinds.get(op.target) == CONTAINER \
                and isinstance(op.index, gast.Slice) and _differentiated(op.args[0], analysis):
            raise parsed.error(
                s, f"a slice of the list {op.target!r} is assigned: srcdiff models stores of "
                   "one entry (the list's length may change here)",
                hint="assign the entries one at a time (`l[1] = a`), or use an array")
        value = _value(op)
        if op.kind != "prim" or not _is_sequence_op(value) or op.target not in analysis.active:
            continue
        for side in (value.left, value.right):
            if isinstance(side, gast.Name) and side.id in seqs.names \
                    and side.id not in seqs.constant and seqs.may_be_sequence(side.id, s):
                what = "concatenates" if isinstance(value.op, gast.Add) else "repeats"
                shown = f"{side.id!r}" if side.id in S.all_names(parsed.node) else "this operand"
                raise parsed.error(
                    s, f"{shown} is a list or tuple (on some path at least): Python's "
                       f"`{_SYMBOL[type(value.op)]}` {what} it, which srcdiff's arithmetic "
                       "rules do not model",
                    hint="use np.concatenate / np.tile on arrays, `.append` in a loop, or "
                         "a comprehension; `[0.0] * n` of constants is supported")


class _Sequences:
    """What may hold a list or tuple: ``names`` (by name, whatever the path), refined per
    statement by :meth:`may_be_sequence`; ``constant``: the names every definition of which
    is a sequence of constants and that are read nowhere but as an operand of ``+`` or
    ``*`` (no store, append or alias can change them).

    A container's entries are what its displays hold, what is stored or appended into it,
    and the entries of what it is a copy, a concatenation or an entry of; an argument's,
    what its facts say level by level. What a call returns is taken to hold no sequence
    unless its facts say it is one (as before this analysis: its entries are not seen)."""

    def __init__(self, body, analysis, arg_facts, callers=frozenset()):
        self.body, self.analysis = body, analysis
        self.callers = callers  # the keys of the callees whose analysis asked for this one
        self.defs = {}  # name -> the ops defining it
        self.puts = {}  # container name -> the values stored or appended into it
        for op in analysis.order:
            if op.target is None:
                continue
            if op.kind in ("store", "append"):
                if op.args:
                    self.puts.setdefault(op.target, []).append(op.args[-1])
            else:
                self.defs.setdefault(op.target, []).append(op)
        self.arguments = {p for p, f in arg_facts.items() if f and f[0] == CONTAINER}
        # an argument's entries, by every definition of the name: ``(p, path)``, the keys
        # read into argument ``p`` (None: a key not known); what they may be is read off
        # the argument's fact along the path
        self.facts = {p: arg_facts[p] for p in self.arguments}
        self.origin = {p: (p, ()) for p in self.arguments if p not in self.defs}
        changed = True
        while changed:
            changed = False
            for t, ops in self.defs.items():
                got = {self._origin_of(op) for op in ops}
                if t not in self.origin and len(got) == 1 and None not in got:
                    self.origin[t] = got.pop()
                    changed = True
        self.written = self._written(analysis)
        self._elements = {}
        self.names = {n for n, k in analysis.kinds.items() if k == CONTAINER} | self.arguments
        self.names |= {t for t, (p, path) in self.origin.items() if self._level(p, path)
                       and analysis.kinds.get(t) not in (ARRAY, INT)}
        changed = True
        while changed:
            changed = False
            for t, ops in self.defs.items():
                if t not in self.names and t not in self.origin \
                        and any(self._makes(op, self.names.__contains__) for op in ops):
                    self.names.add(t)
                    changed = True
        self._arg_facts = arg_facts
        self._reach = None  # reaching definitions and the defining statements that may make
        self._making = None  # a sequence, computed when a use needs them

    @functools.cached_property
    def constant(self):
        """(Asked only of a name that may hold a sequence: most functions have none, and
        this reads every statement.)"""
        return self._constants(self.body, self._arg_facts)

    def _makes(self, op, may_be):
        """May ``op`` make a list or tuple, when ``may_be(name)`` tells whether the name it
        reads may hold one there?"""
        value = _value(op)
        if op.kind == "literal":
            return isinstance(value, (gast.List, gast.Tuple))
        if op.kind == "copy":
            return bool(op.args) and _name(op.args[0], may_be)
        known = self.analysis.kinds.get(op.target) in (ARRAY, INT)
        if op.kind == "prim" and op.func in _MAKE_LISTS \
                or op.kind == "call" and _tolist(op):
            return True
        receiver = _copied(value)
        if receiver is not None:  # ``L.copy()`` of a list is a list (not np.copy's array)
            return _name(receiver, may_be)
        if op.kind == "index":  # an entry of a container whose entries may be sequences
            base = op.args[0]
            if isinstance(op.index, gast.Slice):  # (a slice of a list is a list)
                return _name(base, may_be)
            if known or not isinstance(base, gast.Name):
                return False
            if base.id in self.origin:
                p, path = self.origin[base.id]
                return self._level(p, path + (_key(op.index),))
            return self._nested(base.id)
        if op.kind == "prim" and _is_sequence_op(value):
            # (with a float array on the other side, NumPy makes an array)
            sides = [(e, _name(e, may_be)) for e in (value.left, value.right)]
            return any(seq for _, seq in sides) \
                and not any(self._float_array(e) for e, seq in sides if not seq)
        return fact_of_op(self.analysis, op)[0] == CONTAINER

    def _origin_of(self, op):
        base = op.args[0] if op.kind in ("index", "copy") and op.args else None
        if not isinstance(base, gast.Name) or base.id not in self.origin:
            return None
        p, path = self.origin[base.id]
        return (p, path + (_key(op.index),)) if op.kind == "index" else (p, path)

    def _written(self, analysis):
        """``{argument: depth}``: from that depth of its entries down (1: its own entries),
        what the facts say no longer bounds what they may be, because the function stores
        or appends there a value that may be a container (``p["u"] = [x, y]``). A store into
        a container not traced to one argument counts for every argument (it may be an
        alias of one)."""
        out = {}
        for c, values in self.puts.items():
            if all(isinstance(v, gast.Constant) and not isinstance(v.value, tuple)
                   or isinstance(v, gast.Name) and analysis.kinds.get(v.id) in (ARRAY, INT)
                   for v in values):
                continue
            if c in self.origin:
                p, path = self.origin[c]
                out[p] = min(out.get(p, len(path) + 1), len(path) + 1)
            elif not all(op.kind == "literal" or op.kind == "prim" and op.func in _MAKE_LISTS
                         for op in self.defs.get(c, [None]) if op is not None) \
                    or c not in self.defs:
                for p in self.arguments:
                    out[p] = 1
        return out

    def _level(self, p, path):
        """May the entry of argument ``p`` at ``path`` (``()``: ``p`` itself) be a
        sequence?"""
        if len(path) >= self.written.get(p, len(path) + 1):
            return True
        return CONTAINER in _kinds(self.facts[p], path)

    def _nested(self, name):
        """May an entry of the container ``name`` be a list or tuple?"""
        if name in self.origin:
            p, path = self.origin[name]
            return self._level(p, path + (None,))
        for e in self.elements(name):
            if isinstance(e, _Nest) and e.depth > 0 \
                    or not isinstance(e, (gast.Name, gast.Constant, _Nest)) \
                    or isinstance(e, gast.Name) and e.id in self.names:
                return True
        return False

    def depth(self, name, seen=frozenset()):
        """How deep lists nest in what ``name`` holds: 0 for no sequence, 1 for a sequence
        of no sequences, ... (a dict counts as a sequence); inf when not known."""
        return 1 + self.nesting(name, seen) if name in self.names else 0

    def nesting(self, name, seen=frozenset()):
        """The deepest :meth:`depth` of the entries of the container ``name``: what an entry
        of what ``name`` returns may be, told to a caller (sequences nested deeper than an
        entry's own level are seen, not taken for unknown)."""
        if name in seen or name in self.origin:
            return _UNKNOWN.depth if name in seen or self._nested(name) else 0
        deepest = 0
        for e in self.elements(name):
            if isinstance(e, _Nest):
                d = e.depth
            elif isinstance(e, gast.Constant):
                d = 0
            elif isinstance(e, gast.Name):
                d = self.depth(e.id, seen | {name})
            else:
                d = _UNKNOWN.depth
            deepest = max(deepest, d)
        return deepest

    def elements(self, name, seen=None):
        """The atoms put into the container ``name`` (a display's entries, the values
        stored or appended; through copies, concatenations and entries of entries), with
        _UNKNOWN for an argument's entry its facts do not rule out."""
        got = self._elements.get(name)
        if got is not None:
            return got
        outermost = seen is None
        seen = set() if outermost else seen
        if name in seen:
            return []  # (a cycle: what it holds is reached from where it started)
        seen.add(name)
        out = list(self.puts.get(name, ()))
        if name in self.origin:
            out += [_UNKNOWN] if self._nested(name) else []
        for op in self.defs.get(name, ()):
            value = _value(op)
            if op.kind == "literal":
                out += value.elts if isinstance(value, (gast.List, gast.Tuple)) else \
                    value.values if isinstance(value, gast.Dict) else []
            elif op.kind == "copy" and op.args and isinstance(op.args[0], gast.Name):
                out += self.elements(op.args[0].id, seen)
            elif op.kind == "prim" and _is_sequence_op(value):
                for side in (value.left, value.right):
                    if isinstance(side, gast.Name):
                        out += self.elements(side.id, seen)
            elif _copied(value) is not None and isinstance(_copied(value), gast.Name):
                out += self.elements(_copied(value).id, seen)
            elif op.kind == "call" and _tolist(op):  # (a.tolist(): lists of lists by rank)
                rank = self.analysis.ranks.get(op.args[0].id) \
                    if op.args and isinstance(op.args[0], gast.Name) else None
                out.append(_Nest(rank - 1) if isinstance(rank, int) else _UNKNOWN)
            elif op.kind == "call":
                out += self._returned(op) or []
            elif op.kind == "prim" and op.func in _MAKE_LISTS:
                # (list(L), sorted(L): L's entries; an array's entries are no sequences)
                if op.args and isinstance(op.args[0], gast.Name):
                    out += self.elements(op.args[0].id, seen)
            elif op.kind == "index" and isinstance(op.index, gast.Slice) and op.args \
                    and isinstance(op.args[0], gast.Name):
                out += self.elements(op.args[0].id, seen)
            elif op.kind == "index" and op.args and isinstance(op.args[0], gast.Name):
                for e in self.elements(op.args[0].id, seen):
                    if isinstance(e, gast.Name):
                        out += self.elements(e.id, seen)
                    elif isinstance(e, _Nest):
                        out += [_Nest(e.depth - 1)] if e.depth > 0 else []
                    elif not isinstance(e, gast.Constant):
                        out.append(_UNKNOWN)
        if outermost:  # (an inner call's answer may miss what a cycle through it holds)
            self._elements[name] = out
        return out

    def _returned(self, op):
        """What a user function called by ``op`` returns, when it is a list or tuple: its
        entries (analysis/returns.py), _UNKNOWN when one is a container or when the
        callee's analysis does not know them; None when it returns no container. (An
        entry of no known kind is taken for no sequence, as an argument's entry is.)"""
        returns = self.analysis.returns
        if returns is None or _tolist(op):
            return None

        def atom(node):
            return fact_of_atom(self.analysis, node)
        callee = returns.callee(op, atom)
        if callee is not None and callee[0] not in self.callers:
            # the callee's own answer: may an entry of what it returns be a sequence?
            key, anf, _, a, _ = callee
            inner = _Sequences(anf.body, a, dict(key[1]), self.callers | {key})
            if len(a.outputs) > 1:  # (a tuple of the outputs)
                depth = max(inner.depth(v) for v in a.outputs)
            else:
                depth = inner.nesting(a.outputs[0]) if a.outputs else 0
            return [_Nest(depth)] if depth > 0 else []
        got = returns(op, atom)
        if got is None:  # (a recursive call whose result has no known facts: anything)
            return [_UNKNOWN] if returns.key_of(op, self.analysis) is not None else None
        if got[0] != CONTAINER:
            return None
        entries = got[2] if len(got) > 2 else None
        if entries is None or any(f and f[0] == CONTAINER for _, f in entries):
            return [_UNKNOWN]
        return []

    def _float_array(self, node):
        """Is ``node`` known to be a float or a float array (never a sequence)?"""
        if isinstance(node, gast.Constant):
            return isinstance(node.value, float)
        return isinstance(node, gast.Name) and self.analysis.kinds.get(node.id) == ARRAY

    def may_be_sequence(self, name, stmt):
        """May ``name`` hold a list or tuple where ``stmt`` reads it?"""
        if name not in self.names:
            return False
        if name in self.origin:
            return self._level(*self.origin[name])
        if name not in self.defs:
            return True
        if self._reach is None:
            self._reach = reaching_definitions(self.body)
            self._making = self._making_statements()
        return bool(self._reach[S.key(stmt)].get(name, frozenset()) & self._making)

    def _making_statements(self):
        """The S.keys of the definitions that may make a list or tuple (a fixpoint: a copy
        makes one when a definition reaching its operand does)."""
        making = set()

        def at(stmt):
            reach = self._reach[S.key(stmt)]
            return lambda n: n in self.arguments or n in self.names and n not in self.defs \
                or bool(reach.get(n, frozenset()) & making)

        changed = True
        while changed:
            changed = False
            for ops in self.defs.values():
                for op in ops:
                    k = S.key(op.stmt)
                    if k not in making and self._makes(op, at(op.stmt)):
                        making.add(k)
                        changed = True
        return making

    def _constants(self, body, arg_facts):
        other_reads = set()  # names read other than as an operand of + or * (once there)
        for s, _ in walk(body):
            value = s.value if isinstance(s, gast.Assign) else None
            if _is_sequence_op(value):
                sides = {e.id for e in (value.left, value.right) if isinstance(e, gast.Name)
                         and _reads_once(s, e.id)}
                other_reads |= S.loaded_names(s) - sides
            else:  # (a compound statement: its header; walk gives the statements inside)
                other_reads |= header_reads(s)
        candidates = {t for t in self.defs if t not in arg_facts and t not in other_reads}
        constant = set()
        changed = True
        while changed:  # ``[0.0] * 2 + [1.0] * 2``: made of sequences of constants
            changed = False
            for t in candidates - constant:
                if all(_constant_display(op) or self._of_constants(op, constant)
                       for op in self.defs[t]):
                    constant.add(t)
                    changed = True
        return constant

    def _of_constants(self, op, constant):
        """``a + b`` or ``a * n`` whose sequence operands are all sequences of constants."""
        value = _value(op)
        if op.kind != "prim" or not _is_sequence_op(value):
            return False
        sides = [e for e in (value.left, value.right) if _name(e, self.names.__contains__)]
        return bool(sides) and all(e.id in constant for e in sides)


def _key(index):
    """The key an index op reads, when a constant one an argument's facts name (a string,
    or an int from 0): None for any other (every entry)."""
    if isinstance(index, gast.Constant) and (
            type(index.value) is str or type(index.value) is int and index.value >= 0):
        return index.value
    return None


def _kinds(fact, path):
    """The kinds the entries of an argument with ``fact`` may have at ``path`` (``None``
    in it: any key); a long list's entries are known to include sequences when its fact
    is marked NESTED, and an entry its fact says nothing of (a callee's argument, whose
    caller's facts did not follow the entries) is taken for no sequence, as the facts of
    its kind do."""
    current = [fact]
    for key in path:
        entries = []
        for f in current:
            if not (isinstance(f, tuple) and f and f[0] == CONTAINER and len(f) > 2):
                continue
            if isinstance(f[2], tuple):
                entries.extend(c for k, c in f[2]
                               if key is None or k == key and type(k) is type(key))
            elif f[2] == NESTED:
                entries.append((CONTAINER, None))
        current = entries
        if not current:
            return set()
    return {f[0] if isinstance(f, tuple) and f else None for f in current}


def _tolist(op):
    """Is ``op`` a call of ``a.tolist()`` (srcdiff's own definition of it)?"""
    fn = op.func
    return inspect.isfunction(fn) and (fn.__module__ or "").startswith("srcdiff") \
        and fn.__name__ == "tolist"


def _copied(value):
    """``r`` for a call ``r.copy()``, else None."""
    if isinstance(value, gast.Call) and isinstance(value.func, gast.Attribute) \
            and value.func.attr == "copy" and not value.args and not value.keywords:
        return value.func.value
    return None


def _value(op):
    """The value an Assign op assigns (None for a store, an append, a control op)."""
    return op.stmt.value if isinstance(op.stmt, gast.Assign) else None


def _is_sequence_op(value):
    return isinstance(value, gast.BinOp) and isinstance(value.op, _SEQUENCE_OPS)


def _constant_display(op):
    value = _value(op)
    return op.kind == "literal" and isinstance(value, (gast.List, gast.Tuple)) \
        and all(isinstance(e, gast.Constant) for e in value.elts)


def _name(node, may_be):
    return isinstance(node, gast.Name) and may_be(node.id)


def _reads_once(s, name):
    return sum(isinstance(n, gast.Name) and n.id == name for n in gast.walk(s)) == 1


def _differentiated(node, analysis):
    return isinstance(node, gast.Name) and node.id in analysis.active
