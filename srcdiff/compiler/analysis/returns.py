"""What a called user function returns: the facts of its result, for the caller's analysis.

A call ``y = g(a, b)`` of a plain user function (keyword-only parameters too, bound to
an argument or their default; not one gathering ``*args`` or ``**kwargs``) gets the facts
(kind, shape pattern: activity.py) that ``g``'s own analysis gives its returned value when
its parameters have the facts the caller knows of ``a`` and ``b``; a returned tuple display
(``return h, c``) gives a container whose entries have the facts of ``h`` and ``c``.
This is sound for the reason every fact is: the analysis of ``g`` holds for every value
its parameters can take under their facts. With it the caller knows, say, that
``forget = _sigmoid(x * w + b)`` has the shape of ``x``, and leaves out the
``unbroadcast`` of its gradients.

Recursion. While ``g``'s body is analyzed for some argument facts, a call of ``g`` with
those same facts returns a *guess*: first the facts of the values ``g`` returns without
going through such a call, then what the body returned under the previous guess. A
guess is kept only when ``g``'s body, analyzed under it, returns exactly it (a fixed
point); by induction on the depth of the recursion every call then returns a value with
those facts (the deepest one returns through a path without a recursive call, and each
level above gets from its inner calls what the guess says). With no fixed point within
a few rounds the result is unknown (None), as for anything the analysis cannot tell.
A result computed while another function's guess was in use (mutual recursion) is not
kept for later calls: that guess may still change.
"""

import inspect

import gast

from srcdiff.compiler.analysis.activity import (
    CONTAINER,
    EVERY_ENTRY,
    analyze,
    fact_of_atom,
    fact_of_op,
    header_reads,
)
from srcdiff.compiler.analysis.facts import arg_fact, bind_call, record_fields
from srcdiff.compiler.analysis.ops import is_user_function
from srcdiff.compiler.analysis.patterns import join
from srcdiff.compiler.front import derivatives, signatures
from srcdiff.compiler.front.normalize import normalize
from srcdiff.compiler.front.parse import parse_function
from srcdiff.compiler.ir import syntax as S
from srcdiff.errors import SrcdiffError

ROUNDS = 4  # guesses tried for one recursive function before its result is unknown


class _NoBinding(Exception):
    pass


def _refuse(node, message):
    raise _NoBinding(message)


class Returns:
    """``returns(op, atom)`` for :func:`activity.analyze`: the facts ``(kind, pattern,
    entries)`` of what the user function called by ``op`` returns, given ``atom`` (the
    caller's facts of an argument node), or None. One per compilation (driver.Context)."""

    def __init__(self, registry, reserved, own_code):
        self.registry, self.reserved, self.own_code = registry, set(reserved), own_code
        self.known = {}  # (function, facts) -> result (None: unknown)
        self.guesses = {}  # (function, facts) in progress -> its current guess
        self.used = []  # per computation in progress: the keys of the guesses it read
        self.callees = {}  # key -> callee() of it
        self.memo = {}  # other analyses' results per callee and facts (dtypes.py)

    def __call__(self, op, atom):
        found = self._key(op, atom)
        if found is None:
            return None
        key, fn, facts = found
        if key in self.known:
            return self.known[key]
        if key in self.guesses:  # a recursive call: its guess (see the module docstring)
            for used in self.used:
                used.add(key)
            return self.guesses[key]
        return self._solve(key, fn, facts)

    def callee(self, op, atom):
        """``(key, anf, parsed, analysis, bound arguments)`` of the plain user function
        ``op`` calls, its body analyzed under the facts ``atom`` gives the caller's
        argument nodes (``key`` names the function and those facts); None when unknown,
        and while a recursive function's guess is in use (an analysis made then may rest
        on a guess that still changes)."""
        if self.guesses:
            return None
        found = self._key(op, atom)
        if found is None:
            return None
        key, fn, facts = found
        if key not in self.callees:
            self.callees[key] = None
            self(op, atom)  # (what the callee returns: the facts of its own calls first)
            try:
                parsed = parse_function(fn)
                anf, _ = normalize(parsed, self.reserved, records=record_fields(facts))
                a = analyze(anf, parsed, self.registry, is_user_function, [], (), facts,
                            returns=self)
            except SrcdiffError:
                return None
            self.callees[key] = anf, parsed, a
        if self.callees[key] is None:
            return None
        _, bound = bind_call(op, _refuse)  # (bound by _key already: no error here)
        return (key, *self.callees[key], bound.arguments)

    def key_of(self, op, a):
        """The key of the call ``op`` in the analyzed function ``a`` (or None)."""
        found = self._key(op, lambda node: fact_of_atom(a, node))
        return None if found is None else found[0]

    def _key(self, op, atom):
        """``(key, function, argument facts)`` of a call of a plain user function, or None."""
        fn = op.func
        if not inspect.isfunction(fn) or derivatives.is_derivative(fn) or self.own_code(fn):
            return None
        try:
            sig, bound = bind_call(op, _refuse)
        except _NoBinding:
            return None
        if signatures.gathers(sig):  # (keyword-only parameters: analyze binds them too)
            return None
        facts = {}
        for p in sig.parameters.values():
            if p.name in bound.arguments:
                facts[p.name] = atom(bound.arguments[p.name])
            elif p.default is not inspect.Parameter.empty:
                facts[p.name] = arg_fact(p.default)
        return (fn, tuple(sorted(facts.items(), key=str))), fn, facts

    def _solve(self, key, fn, facts):
        self.used.append(set())
        try:
            parsed = parse_function(fn)
            anf, _ = normalize(parsed, self.reserved, records=record_fields(facts))
        except SrcdiffError:  # refused here, refused with its location when compiled
            self.used.pop()
            self.known[key] = None
            return None
        result, guess, seen = None, None, []
        try:
            for k in range(ROUNDS):
                self.guesses[key] = guess
                a = analyze(anf, parsed, self.registry, is_user_function, [], (), facts,
                            returns=self)
                got = _returned(a, {p.id for p in anf.args.args + anf.args.kwonlyargs})
                if k and got == guess:  # a fixed point (the first round guesses nothing)
                    result = got
                    break
                if key not in self.used[-1]:  # no recursive call read the guess
                    result = got
                    break
                guess = _first_guess(a, key, self) if k == 0 else got
                if guess is None or guess in seen:
                    break
                seen.append(guess)
        except SrcdiffError:
            result = None
        finally:
            del self.guesses[key]
            used = self.used.pop() - {key}
        if self.used:
            self.used[-1] |= used
        if not used:  # (computed under another function's guess: not kept)
            self.known[key] = result
        return result


def _returned(a, params=()):
    """The facts of what the analyzed function returns: ``(kind, pattern, entries)``."""
    if not a.outputs:
        return None
    if len(a.outputs) > 1:  # return h, c
        return CONTAINER, None, tuple(enumerate(_nested(a, v, _name_fact(a, v))
                                                for v in a.outputs))
    v = a.outputs[0]
    display = _tuple_display(a, v)
    if display is not None:
        return CONTAINER, None, tuple(enumerate(_nested(a, e, fact_of_atom(a, e))
                                                for e in display.elts))
    entries = _list_entries(a, v, params)
    if entries is not None:
        return CONTAINER, None, entries
    kind, pattern = _name_fact(a, v)
    return (kind, pattern, None) if kind is not None else None


def _list_entries(a, v, params):
    """The facts of the entries of the list (or dict) ``v`` a function returns, when only
    displays of atoms (with constant keys) binding it and its own ``v.append(e)`` and
    ``v[i] = e`` put them there: nothing else reads ``v`` (no alias, call, index or loop
    could add to it or change one; reading an entry does neither). One display and no
    other: each entry's facts; else ``EVERY_ENTRY``'s, shared by all the atoms (None when
    their kinds differ, and for a dict with other keys than integers). The caller needs
    them: a list of lists a helper returns has rows that ``+`` and ``*`` concatenate and
    repeat (sequences.py)."""
    if v in params:
        return None
    displays, appended = [], []
    for op in a.order:
        value = op.stmt.value if isinstance(op.stmt, gast.Assign) else None
        if op.target == v and op.kind == "literal" and isinstance(value, gast.Dict) \
                and all(isinstance(k, gast.Constant) for k in value.keys) \
                and all(isinstance(e, (gast.Name, gast.Constant)) for e in value.values):
            displays.append(dict(zip((k.value for k in value.keys), value.values)))
        elif op.target == v and op.kind == "literal" and isinstance(value, gast.List) \
                and all(isinstance(e, (gast.Name, gast.Constant)) for e in value.elts):
            displays.append(dict(enumerate(value.elts)))
        elif op.target == v and op.kind in ("append", "store") and op.args \
                and isinstance(op.args[-1], (gast.Name, gast.Constant)) \
                and v not in S.loaded_names(gast.Tuple(elts=list(op.args), ctx=gast.Load())):
            appended.append(op.args[-1])  # (an entry stored: any index)
        elif op.kind == "index" and op.target != v and op.args \
                and isinstance(op.args[0], gast.Name) and op.args[0].id == v \
                and v not in S.loaded_names(op.index):
            continue  # (reading an entry changes none)
        elif op.target == v or (v in header_reads(op.stmt)
                                and not isinstance(op.stmt, gast.Return)):
            return None
    if not displays:
        return None
    if len(displays) == 1 and not appended:
        return tuple((k, _nested(a, e, fact_of_atom(a, e))) for k, e in displays[0].items())
    if any(not all(isinstance(k, int) for k in d) for d in displays):
        return None  # (a dict: one display only)
    facts = [fact_of_atom(a, e) for d in displays for e in d.values()]
    facts += [fact_of_atom(a, e) for e in appended]
    if not facts:
        return ()
    kinds = {k for k, _ in facts}
    if len(kinds) != 1 or None in kinds:
        return None
    pattern = facts[0][1]
    for _, p in facts[1:]:
        pattern = join(pattern, p) if isinstance(p, tuple) and isinstance(pattern, tuple) \
            else None
    return ((EVERY_ENTRY, (kinds.pop(), pattern)),)


def returned_atoms(a):
    """The atoms the analyzed function returns: its returned names, or the entries of
    the tuple display its one returned name holds."""
    if len(a.outputs) == 1:
        display = _tuple_display(a, a.outputs[0])
        if display is not None:
            return list(display.elts)
    return [gast.Name(id=v, ctx=gast.Load(), annotation=None, type_comment=None)
            for v in a.outputs]


def _nested(a, e, fact):
    """``fact`` of a returned entry ``e``, with the facts of its own entries when the
    analysis knows them (a tuple display ``(a, b)`` in a returned list: the caller's
    ``p, q = pairs(x)[1]`` reads two numbers), as an argument's fact carries them."""
    name = e if isinstance(e, str) else getattr(e, "id", None)
    entries = a.children.get(name) if name is not None else None
    if entries is None or fact[0] != CONTAINER:
        return fact
    return fact[0], fact[1], tuple(entries.items())


def _name_fact(a, v):
    return a.kinds.get(v), a.shapes.get(v)


def _tuple_display(a, v):
    """The tuple display ``v = (h, c)`` when that is ``v``'s only definition."""
    if a.assign_count.get(v) != 1:
        return None
    for op in a.order:
        if op.target == v and op.kind == "literal" and isinstance(op.stmt, gast.Assign) \
                and isinstance(op.stmt.value, gast.Tuple) \
                and all(isinstance(e, (gast.Name, gast.Constant)) for e in op.stmt.value.elts):
            return op.stmt.value
    return None


def _first_guess(a, key, returns):
    """What the function returns on paths through no call with ``key``: the facts of the
    definitions of its returned name (through copies) that read no result of such a call,
    each from its own operands (a name's facts join every definition)."""
    if len(a.outputs) != 1 or _tuple_display(a, a.outputs[0]) is not None:
        return None  # (tuples: unknown; only a returned name is guessed)
    tainted = set()
    for _ in range(len(a.order) + 1):  # a forward closure, from the recursive calls
        before = len(tainted)
        for op in a.order:
            if op.target is None:
                continue
            if (op.kind == "call" and returns.key_of(op, a) == key) \
                    or S.loaded_names(op.stmt) & tainted:
                tainted.add(op.target)
        if len(tainted) == before:
            break
    facts, todo, done = [], [a.outputs[0]], set()
    while todo:
        v = todo.pop()
        if v in done:
            continue
        done.add(v)
        defining = [op for op in a.order if op.target == v and op.kind not in ("store", "append")]
        if not defining:  # a parameter
            facts.append(_name_fact(a, v))
        for op in defining:
            if op.kind == "copy" and isinstance(op.args[0], gast.Name):
                todo.append(op.args[0].id)
            elif not (op.kind == "call" and returns.key_of(op, a) == key) \
                    and not (S.loaded_names(op.stmt) & tainted):
                facts.append(fact_of_op(a, op))
    return _join_all(facts)


def _join_all(facts):
    if not facts or any(k is None for k, _ in facts):
        return None
    kinds = {k for k, _ in facts}
    if len(kinds) != 1 or CONTAINER in kinds:
        return None
    pattern = facts[0][1]
    for _, p in facts[1:]:
        if not isinstance(p, tuple) or not isinstance(pattern, tuple) or len(p) != len(pattern):
            return None
        pattern = tuple(x if x == y else None for x, y in zip(pattern, p))
    return kinds.pop(), pattern, None
