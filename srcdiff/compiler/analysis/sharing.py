"""Part of stage 3: which names may refer to the same memory (used by aliasing.py).

Two relations, flow-insensitive (one fact per name for the whole function, which can only
make more names share, never fewer) except where :meth:`Sharing.group` says so:

* ``edges``: ``(a, b) -> statement`` when ``a`` may share memory with ``b``: a copy
  (``a = b``), a view (``a = b[1:]``, ``a = b.T``, a registered view, ``np.array(b,
  copy=False)``), an entry read out of a container that may be an array
  (``a = b[0]``, ``a = max(b)``), a call of a user function whose result may share an
  argument (effects.py). Followed both ways.
* ``holds``: ``(container, entry) -> statement`` when a list, tuple or dict display (or
  ``container.append(entry)``) puts the object ``entry`` into ``container``. A change made
  to ``entry`` is seen through ``container`` (``t = [v]; v += 1`` changes ``t[0]``). A
  change made through a name read out of a container (``u = t[0]; u[0] = 1``) may be a
  change to any of its entries (``v``). A store into the container itself (``t[0] = w``)
  gives it another entry and changes no entry (nor what was read out of it before).
  Entries are told apart by position (``t = [v, w]; t[1] += 1`` leaves ``v``) only in a
  container every definition of which is a display.

What is read out of a container is known entry by entry when the container is a parameter
(the argument's facts: ``b, c = p`` with ``p = (0.5, 0.8)`` reads two floats, which share
nothing and which ``c += v`` rebinds) or an entry of one. An entry holding a 0-d array is
*mutable*: ``c += v`` writes into it. A negative position counts from the end of a list of
a fixed length (places.py). What a statement reads only for its shape: shape_reads.py.
"""

import operator

import gast
import numpy as np

from srcdiff import runtime
from srcdiff.compiler.analysis.activity import ARRAY, CONTAINER, INT
from srcdiff.compiler.analysis.facts import ZERO_D, bind_call
from srcdiff.compiler.analysis.objects import (
    NumberBindings,
    bound_by_definitions,
    closure,
    defines,
    entry_fact,
    is_number,
    new_astype,
    srcdiff_own,
)
from srcdiff.compiler.analysis.ops import makes_container
from srcdiff.compiler.analysis.places import (
    copying_index,
    counts_by,
    fixed_lengths,
    from_start,
    index_in,
    position,
    statement_blocks,
    statement_order,
)
from srcdiff.compiler.analysis.reaching import reaching_definitions
from srcdiff.compiler.analysis.scan import HOLDS
from srcdiff.compiler.front import derivatives
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.dataflow import in_walk_order
from srcdiff.runtime_memory import concat_sequences, repeat_sequence

_ONE_OF_THE_ARGUMENTS = {min, max}  # callables whose result is one of their arguments


class Sharing:
    """The module docstring's relations in one function; ``mutable`` gathers the names that
    may hold a 0-d array; ``numbers``: parameters holding numbers (objects.NumberBindings)."""

    def __init__(self, fn, analysis, registry, summaries=None, mutable=(), numbers=()):
        self.analysis = analysis
        self.order = statement_order(fn.body)  # S.key(statement) -> (position, enclosing loops)
        self.blocks = statement_blocks(fn.body)  # S.key(statement) -> (its block, index, parent)
        self.reaching = reaching_definitions(fn.body)
        self.counted = bound_by_definitions(fn)  # (whose bindings _steps can tell apart)
        self.numbers = NumberBindings(analysis, self.reaching, self.counted, numbers)
        self.put = {}  # (container, entry) -> the statements that put it there
        self.made = {}  # (a, b) of edges -> the statements (definitions of a) that made it
        self.carries = set()  # S.keys of definitions of a name that may share its old value
        self.through = {}  # after group(): name -> the bindings of it its paths met (None: any)
        self.mutable = set(mutable)
        self.edges, self.holds, self.lists = {}, {}, set()
        self.read_from = {}  # (entry, container) -> where the entry was read (None: unknown)
        self.positions = {}  # (container, entry) -> where it was put (None: unknown)
        self.copied_entries = {}  # c -> names whose entries (or rows) c holds: c = list(b)
        self.repeated = {}  # c -> the names whose entries c holds repeated: c = b * n
        self.number_reads = []  # index ops (`max(L)`) reading an entry that is a number
        self.made_by_name = {}  # name -> the ops binding it (not stores or appends)
        for op in analysis.order:
            if op.target is not None and op.kind not in ("store", "append"):
                self.made_by_name.setdefault(op.target, []).append(op)
        for op in analysis.order:
            if op.target is not None:
                self._add(op, registry, summaries or {})
        self._entries_of_copies()
        self.mutable = closure(self.mutable, self.edges)
        self._mutable_entries()
        # (positions tell entries apart only in a container every definition of which is a
        # display, ``exact`` below: an argument's, a slice's may hold one object twice)
        # the assignments of a name (a loop's target is none: it may be a row of an array)
        self.definitions = {S.key(op.stmt) for op in analysis.order if op.target is not None
                            and op.kind not in ("store", "append")
                            and isinstance(op.stmt, gast.Assign)}
        self.displays = {S.key(op.stmt): op.target for op in analysis.order
                         if op.kind == "literal" and op.target is not None
                         and isinstance(op.stmt.value, (gast.List, gast.Dict))}
        self.exact = exact = {c for c, ops in self.made_by_name.items()  # (displays only)
                              if all(o.kind == "literal" for o in ops)
                              and c not in {a.id for a in fn.args.args}}
        self.loops = {S.key(s): s for s in in_walk_order(fn) if isinstance(s, gast.For)}
        self.defining = {S.key(op.stmt): op for op in analysis.order if op.target is not None}
        n, unknown = fixed_lengths(fn, analysis, exact, [*self.edges, *self.holds]), {None}
        self.read_from = {(a, b): from_start(w, n.get(b)) if b in exact else frozenset(unknown)
                          for (a, b), w in self.read_from.items()}
        self.positions = {(c, e): set(from_start(w, n.get(c)) if c in exact else unknown)
                          for (c, e), w in self.positions.items()}

    def _add(self, op, registry, summaries):
        if op.kind == "call" and derivatives.is_derivative(op.func):
            # sd.value_and_grad(g)(x) returns g's value, which may be x itself (or part of it)
            for n in op.args + list(op.kwargs.values()):
                if isinstance(n, gast.Name):
                    self._edge(op, n.id)
            return
        found = summaries.get(id(op))
        if op.kind == "unknown" or op.kind == "call" and found is None \
                and not srcdiff_own(op.func):
            # a function srcdiff does not model, or a library's Python function it has no
            # summary of: its result may be (a view of) any argument (np.ascontiguousarray(z)
            # is z itself when z is contiguous, x.view() a view of x, np.require(z) z)
            for n in op.operands:
                self._edge(op, n)
            return
        if found is not None and found.returns:  # a helper's result may share an argument
            try:
                _, bound = bind_call(op, lambda *a: TypeError())
            except TypeError:
                bound = None
            for pname in found.returns if bound is not None else ():
                if found.returns[pname] == HOLDS and self.analysis.kinds.get(op.target) == ARRAY:
                    continue  # a new float array holding copies of p's numbers: no reference
                node = bound.arguments.get(pname)
                nodes = list(node) if isinstance(node, tuple) else \
                    list(node.values()) if isinstance(node, dict) else [node]
                for n in nodes:
                    if isinstance(n, gast.Name):
                        self._edge(op, n.id)
            return
        base = None
        if op.kind == "copy" and isinstance(op.args[0], gast.Name) and not new_astype(op):
            base = op.args[0].id
        elif op.kind == "index":
            entry = entry_fact(self.analysis, op)
            if entry is None:  # not a known entry of a container: its rank decides
                if self.analysis.ranks.get(op.target) != 0 and not copying_index(
                        self.analysis, op, self.made_by_name):
                    base = op.args[0].id
            elif not is_number(entry):  # a number read out of a container shares nothing
                base = op.args[0].id
                if len(entry) > 2 and entry[2] == ZERO_D:
                    self.mutable.add(op.target)
            else:  # (unless what was put there is a 0-d array after all: _mutable_entries)
                self.number_reads.append(op)
            if base is not None:
                self.read_from[(op.target, base)] = self.read_from.get(
                    (op.target, base), frozenset()) | {position(op.index)}
        elif op.kind == "prim" and op.func is not None and registry.is_view(op.func) \
                and op.args and isinstance(op.args[0], gast.Name) and not (
                    op.func is np.diag and self.analysis.ranks.get(op.args[0].id) == 1):
            base = op.args[0].id  # (np.diag of a vector is a new matrix)
        elif op.kind == "prim" and op.func is np.transpose and op.args \
                and isinstance(op.args[0], gast.Name):
            base = op.args[0].id
        elif op.kind in ("prim", "const") and "copy" in op.kwargs and op.args \
                and isinstance(op.args[0], gast.Name):
            base = op.args[0].id  # np.array(x, copy=False) may be x itself
        elif op.kind == "const" and getattr(op.func, "__srcdiff_stop_gradient__", False) \
                and isinstance(op.stmt.value, gast.Call) and op.stmt.value.args \
                and isinstance(op.stmt.value.args[0], gast.Name):
            base = op.stmt.value.args[0].id  # sd.stop_gradient(x) is x itself at run time
        elif op.kind == "prim" and op.args and isinstance(op.args[-1], gast.Name) \
                and op.args[-1].id != op.target and (
                    op.func in (list, tuple) and len(op.args) == 1
                    or makes_container(op, lambda n: isinstance(n, gast.Name)
                                       and self.analysis.kinds.get(n.id))):
            # list(m) holds m's rows, views of m; list(xs) xs's entries (_entries_of_copies);
            # dict_of(keys, values) (dict(d), {k: v for k, v in d.items()}, dict(zip(...)))
            # the entries of values; `c = xs.copy()` of a list or dict holds xs's entries
            self.copied_entries.setdefault(op.target, set()).add(op.args[-1].id)
        elif op.kind == "prim" and (op.func in (concat_sequences, repeat_sequence)
                                    or op.func is operator.add and any(
                isinstance(n, gast.Name) and self.analysis.kinds.get(n.id) == CONTAINER
                for n in op.args)):
            for n in op.args:  # `a + b` of lists holds a's entries and b's (`a * n`: a's)
                if isinstance(n, gast.Name) and n.id != op.target:
                    self.copied_entries.setdefault(op.target, set()).add(n.id)
            if op.func is repeat_sequence and isinstance(op.args[0], gast.Name):
                self.repeated.setdefault(op.target, set()).add(op.args[0].id)
        elif op.kind == "prim" and op.func in _ONE_OF_THE_ARGUMENTS:
            lone = op.args[0].id if len(op.args) == 1 and isinstance(op.args[0], gast.Name) \
                and self.analysis.kinds.get(op.args[0].id) == CONTAINER else None
            if lone is not None and self.analysis.ranks.get(op.target) == 0:
                self.number_reads.append(op)  # `max(L)`: an entry of L, `L[j]` (one that is
            elif lone is not None:  # a 0-d array is mutable: `r = max([p, p]); r += 1.0`)
                base, self.read_from[(op.target, lone)] = lone, frozenset([None])
            for n in [a for a in op.args if isinstance(a, gast.Name)] if lone is None else ():
                self._edge(op, n.id)  # (`max(a, b)` is a or b itself)
        elif op.kind == "literal":
            value = op.stmt.value
            keys = value.keys if isinstance(value, gast.Dict) else \
                [gast.Constant(value=k, kind=None) for k in range(len(op.args))]
            for n, key in zip(op.args, keys):
                self._hold(op, n, position(key))
        elif op.kind == "append":
            self._hold(op, op.args[0], None)
        elif op.kind == "store" and self.analysis.kinds.get(op.target) != ARRAY:
            self._hold(op, op.args[0], position(op.index))  # (an array copies the values)
        if base is not None:
            self._edge(op, base)

    def _mutable_entries(self):
        """An entry read out of a container is a number by its facts (activity.py, and
        what a called function returns: returns.py), which do not tell a float from a 0-d
        array that a name of rank 0 may hold (a 0-d array argument, or a name sharing it:
        ``mutable``): when such a name was put into the container, or the container may
        share memory with one (``t = helper(p)`` returning ``p, v``), the entry read may be
        that array, changed in place by ``e += v``."""
        grown = True
        while grown:
            grown = False
            for op in self.number_reads:
                base = op.args[0].id
                if (op.target, base) not in self.edges and (base in self.mutable or any(
                        c == base and e in self.mutable for c, e in self.holds)):
                    self._edge(op, base)
                    self.read_from[(op.target, base)] = frozenset([None])
                    self.mutable.add(op.target)
                    grown = True
            if grown:
                self.mutable = closure(self.mutable, self.edges)

    def _entries_of_copies(self):
        """What is read out of ``c = list(b)`` (or ``tuple(b)``) is read out of ``b``: an
        entry of the list ``b`` itself, a row of the array ``b`` a view of it (``rows =
        list(m); r = rows[0]; r[0] = v`` changes ``m``). ``c`` itself is a new container:
        a store into it or an append changes nothing of ``b``'s."""
        grown = True
        while grown:
            grown = False
            for (a, c), stmt in list(self.edges.items()):
                if (a, c) not in self.read_from:
                    continue
                for b in self.copied_entries.get(c, ()):
                    if b == a or (a, b) in self.edges:
                        continue
                    self.edges[(a, b)] = stmt
                    self.made.setdefault((a, b), []).extend(self.made.get((a, c), [stmt]))
                    if self.analysis.kinds.get(b) != ARRAY:
                        self.read_from[(a, b)] = frozenset([None])
                    grown = True

    def _edge(self, op, base):
        if base == op.target:  # `z = z[1:]`, `z = z`: the new z may be (part of) the old one
            self.carries.add(S.key(op.stmt))
            return
        self.edges[(op.target, base)] = op.stmt
        self.made.setdefault((op.target, base), []).append(op.stmt)

    def _hold(self, op, node, position):
        if isinstance(node, gast.Name) and node.id != op.target:
            self.holds[(op.target, node.id)] = op.stmt
            self.positions.setdefault((op.target, node.id), set()).add(position)
            self.put.setdefault((op.target, node.id), []).append(op.stmt)

    def _before(self, a, b):
        """May statement ``a`` run before ``b`` (it comes first, or a loop holds both)?"""
        pa, loops_a = self.order[S.key(a)]
        pb, loops_b = self.order[S.key(b)]
        return pa < pb or bool(loops_a & loops_b)

    def may_be_array(self, name):
        """May ``name += v`` write in place (``name`` is not known to hold a number)?"""
        return self.analysis.ranks.get(name) != 0 or name in self.mutable

    def linked(self, x, y):  # (is x made from y: a copy, a view, an entry of it)
        return (x, y) in self.edges

    def held_only_where_read(self, t, item, at, stored):
        """May ``t`` be exempt from the alias check of ``t[k] += v`` (``item = t[k]``, changed
        in place, then ``t[k] = stored``, the same object)? Not when ``t`` may hold that object
        at another position too, which the store at ``k`` leaves changed: a display holding
        it twice (``t = [y, y]``, ``z = y; t = [y, z]``), or a container copying the entries
        of others that hold it more than once between them (``[y] + [y]``) or repeated
        (``[y] * 2``), or filled by stores or appends that may put it twice (``c.append(y)``
        twice, or in a loop where ``y`` is made before it), or made elsewhere (a helper's
        result, an argument), whose entries are not known."""
        if self.analysis.kinds.get(t) == ARRAY:
            return True  # (a store into an array writes the values into it: `y[1:3] += v`)
        if not self._entries_known(t):
            return False  # (a helper's list, an argument, another name's list: `[y, y]`?)
        same = set(self.group(item, at=at))
        read = self.read_from.get((item, t)) or frozenset([None])
        held = {e: set(ps) for (c, e), ps in self.positions.items()
                if c == t and e in same and e != stored}  # (``stored``: what `t[k] = ` puts)
        if held and not any(None in ps for ps in held.values()):  # (a display: exact)
            if None not in read:
                if not set().union(*held.values()) <= set(read):
                    return False
            elif any(len(ps) > 1 for ps in held.values()) or any(
                    e2 in self.group(e1, at=at) for e1 in held for e2 in held if e1 != e2):
                return False  # (read at a position not known: any that holds it twice)
        elif held and not self._put_once(t, same, stored):
            return False  # (positions not known: an object appended or stored twice)
        return self._held(t, same, set()) < 2 or t not in self.copied_entries

    def _put_once(self, t, same, stored):
        """Is at most one object of ``same`` put into ``t`` (whose positions are not known):
        one statement puts it, and, in a loop, a new object each trip (``c.append(y * 2)``
        yes, ``c.append(y)`` of a ``y`` made before the loop no)?"""
        puts = [(e, h) for (c, e), made in self.put.items() if c == t and e in same
                and e != stored for h in made]
        if len(puts) > 1:
            return False
        for e, h in puts:
            loops = self.order[S.key(h)][1]
            if loops and not all(self.new_object(e, d) and loops <= self.order[d][1]
                                 or self._one_entry_per_trip(t, d, loops, same)
                                 for d in self.reaching[S.key(h)].get(e, ())):
                return False
        return True

    def _one_entry_per_trip(self, t, d, loops, same):
        """Does ``d`` (an S.key; ``e = c[i]``, put into ``t`` in the same loops) read another
        entry of ``c`` each trip, so that each object of ``same`` is put into ``t`` once: the
        innermost loop is ``for k in range(...)`` (rebinding ``k`` nowhere else), ``i`` is ``k``
        or ``keys[k]`` of ``keys = key_list(c)``, and ``c`` a display holding each object at one
        position at most, each made by statements of its own; in outer loops, ``t`` is a new
        list each of their trips (``dict(zip(names, [y, w]))``, ``dict(q)`` lowered)?"""
        op, inner = self.defining.get(d), [k for k in loops if self.order[k][1] == loops - {k}]
        loop = self.loops.get(inner[0]) if len(inner) == 1 else None
        if op is None or op.kind != "index" or loop is None or self.order[d][1] != loops \
                or not isinstance(op.args[0], gast.Name) or op.args[0].id not in self.exact \
                or not self._per_trip(op.index, loop, op.args[0].id, d):
            return False
        if loops != {inner[0]}:
            made = self.made_by_name.get(t, [])
            block, k, _ = self.blocks[inner[0]]
            if len(made) != 1 or S.key(made[0].stmt) not in self.displays or not (
                    self.blocks[S.key(made[0].stmt)][:2] < (block, k)):
                return False
        c = op.args[0].id
        held = {e: ps for (h, e), ps in self.positions.items() if h == c and e in same}
        made = [self._made_by(e, h) for e in held for h in self.put[(c, e)]]
        return all(len(ps) <= 1 for ps in held.values()) and (len(held) <= 1 or (
            None not in made and len(set().union(*made)) == sum(map(len, made))))

    def _per_trip(self, i, loop, c, at):
        """Is the index ``i`` read at ``at`` another one each trip of ``loop`` (see above)?"""
        if not isinstance(i, gast.Name):
            return False
        if isinstance(loop.target, gast.Name) and i.id == loop.target.id:
            return counts_by(loop, i.id)
        defs = list(self.reaching[at].get(i.id, ()))
        d = defs[0] if len(defs) == 1 else None
        op = self.defining.get(d)
        if op is None or op.kind != "index" or self.order[d][1] != self.order[at][1] \
                or not isinstance(op.args[0], gast.Name) or not self._per_trip(
                    op.index, loop, None, d):
            return False
        makers = [m for m in self.analysis.order if m.target == op.args[0].id]
        return bool(makers) and all(m.func is runtime.key_list and isinstance(
            m.stmt.value, gast.Call) and [S.expr_source(a) for a in m.stmt.value.args] == [c]
            for m in makers)

    def _made_by(self, e, at, seen=frozenset()):
        """The definitions (S.keys) that made the new object ``e`` may hold at the statement
        ``at``, following copies ``e = n``; None when it may be another kind of object."""
        out = set()
        for d in self.reaching[S.key(at)].get(e, [None]):
            op = self.defining.get(d)
            if d in seen:
                return None  # (copies around a loop)
            if op is not None and op.kind == "copy" and isinstance(op.args[0], gast.Name) \
                    and not new_astype(op) and op.args[0].id != e:
                inner = self._made_by(op.args[0].id, op.stmt, seen | {d})
                if inner is None:
                    return None
                out |= inner
            elif self.new_object(e, d):
                out.add(d)
            else:
                return None
        return frozenset(out)

    def _entries_known(self, t):
        """Is every definition of ``t`` a display, or a copy, concatenation or repetition of
        containers (whose entries this analysis follows), so that what it holds is known?"""
        defs = self.made_by_name.get(t, [])
        return bool(defs) and all(op.kind == "literal" or op.kind == "prim" and op.func in (
            concat_sequences, repeat_sequence, list, tuple, operator.add, operator.mul,
            runtime.dict_of) for op in defs)  # (`+`, `*` left: of constants)

    def _held(self, c, same, seen):
        """How many times (2 standing for more) the entries ``c`` copies from other containers
        (``list(b)``, ``a + b``, ``b * n``) may be an object of ``same``."""
        if c in seen:
            return 2
        seen.add(c)
        count = 0
        for b in self.copied_entries.get(c, ()):
            own = sum(len(ps) for (h, e), ps in self.positions.items() if h == b and e in same)
            if own and not self._put_once(b, same, None):
                return 2  # (appended twice, or in a loop each trip: `values.append(v)`)
            inner = own + self._held(b, same, seen)
            count += 2 * inner if b in self.repeated.get(c, ()) else inner
        return min(count, 2)

    def statements(self):  # (a, b) -> statement for both relations (for messages)
        return {**self.holds, **self.edges}

    def group(self, x, at=None, is_list=False, once=frozenset()):
        """Every name that may see a change made through ``x``, with the number of steps
        from ``x`` (see the module docstring). Each name is reached in a role: ``same``
        (it may be ``x``'s object, or share memory with it) or ``holder`` of ``x`` at a
        set of positions (its entry at one of them is ``x`` or holds it; None: a position
        not known). With ``at`` (the statement making the change), a container counts
        as holding an entry only where it may have been put there before ``at`` runs:
        one put there afterwards holds the changed value, as the gradient's model has it
        (``acc *= 2.0`` in a loop, then ``return acc, s``). ``is_list``: ``x`` is certainly
        a list (it is appended to), so what was read out of it is another object. ``once``:
        nodes a path may pass through one of at most (buffers.py's sites)."""
        self.at = at
        self.lists = {x} if is_list else set()
        self.old_puts, old_views = self._older_than_new_object(x, at)
        # x's own definitions that do not reach ``at`` made objects x no longer holds there
        # (`b = r[1]; b = b + g; b += h`: the last line changes a new array, not r's entry),
        # when every definition of x reaching ``at`` makes a new object: one that copies or
        # views a name may hand x an older object of its own back (`z = y; t = z; z = t`,
        # `z = y; z = z[1:]`: a change through z is a change of y)
        reach = () if at is None else self.reaching[S.key(at)].get(x, ())
        self.stale = set() if at is None or not all(self.new_object(x, d) for d in reach) \
            else {(a, b) for (a, b), made in self.made.items() if a == x and all(
                S.key(d) not in reach for d in made)}
        self.stale |= old_views
        bound = None if at is None else self._bindings(x, self.reaching[S.key(at)].get(x, ()))
        out, frontier, self.through = {x: 0}, [(x, _SAME, x in once, bound)], {x: bound}
        seen = set(frontier)
        while frontier:
            nxt = []
            for n, role, passed, via in frontier:
                for name, r, v in self._steps(n, role, via):
                    if is_list and self.analysis.kinds.get(name) in (ARRAY, INT):
                        continue  # an array or a number is never a list, nor holds one
                    if name in once and passed:
                        continue
                    step = (name, r, passed or name in once, v)
                    met = self.through.get(name, frozenset())
                    self.through[name] = None if v is None or met is None else met | v
                    if step not in seen:
                        seen.add(step)
                        nxt.append(step)
                        out.setdefault(step[0], out[n] + 1)
            frontier = nxt
        return out

    def rebound(self, y, at):
        """After :meth:`group` of a change at ``at``: does ``y`` hold there an object of
        another binding than those through which the change reaches it (``row`` viewed
        ``m`` in one loop and is ``x[k:]`` in the next, where ``m`` changes)?"""
        met, now = self.through.get(y), self._bindings(y, self.reaching[S.key(at)].get(y, ()))
        return met is not None and now is not None and not met & now

    def _older_than_new_object(self, x, at):
        """``(puts, views)``: the statements putting ``x`` into a container (``c.append(x)``,
        ``[x]``), and the edges ``(a, x)`` of names made from ``x`` (``a = x``, ``a = x[1:]``),
        that cannot have seen the object ``x`` holds at ``at``, which changes it.

        That is when ``x`` there was made by a new object (a display ``x = []``, or any
        definition that shares nothing: ``x = y.copy()``, ``x = a + b``), its only
        definition reaching ``at``, in a block ``B`` that holds ``at`` in a later statement:
        one run of ``B`` makes the object and then reaches ``at``. A put or a view saw the
        object only if it ran in between, so one outside ``B``, or in a statement of ``B``
        before the definition or after the one holding ``at``, saw an older object
        (``row = []``, appends to ``row``, then ``grid.append(row)``, in a loop: the change
        does not reach ``grid``'s rows; ``x_new = x.copy()``, ``x_new[i] = ...`` in an inner
        loop, then ``x = x_new``: the write does not reach ``x``, an older object)."""
        if at is None:
            return frozenset(), frozenset()
        defs = self.reaching[S.key(at)].get(x, ())
        if len(defs) != 1:
            return frozenset(), frozenset()
        (d,) = defs
        if self.displays.get(d) != x and not self.new_object(x, d):
            return frozenset(), frozenset()  # x there may be (a part of) another object
        block, start, _ = self.blocks[d]
        end = index_in(self.blocks, S.key(at), block)
        if end is None or end <= start:
            return frozenset(), frozenset()

        def older(stmt):
            k = index_in(self.blocks, S.key(stmt), block)
            return k is None or not start < k <= end
        puts = {S.key(h) for (c, e), made in self.put.items() if e == x for h in made
                if older(h)}
        views = {(a, b) for (a, b), made in self.made.items() if b == x and a != x
                 and all(older(m) for m in made)}
        return frozenset(puts), frozenset(views)

    def new_object(self, x, d):
        """Does the definition ``d`` (an S.key) of ``x`` make a new object, sharing nothing
        (``x = a + b``, ``x = y.copy()``; not ``x = y``, ``x = x[1:]``, a loop's target)?"""
        return d in self.definitions and d not in self.carries and not any(
            a == x and any(S.key(m) == d for m in made) for (a, _), made in self.made.items())

    def _steps(self, n, role, via):
        """The names one step from ``n`` reached in ``role``, with their roles and
        bindings. ``via``: the definitions of ``n`` whose object the path is about (None:
        any). An edge made by another definition of ``n``, or reading another binding of
        it, is not taken (``p = x[0]``, later ``p = t[1]``: ``p`` is never both)."""
        lists, kinds = self.lists, self.analysis.kinds

        def kind(name):  # (a name appended to is a list, whatever else it may be)
            return CONTAINER if name in lists else kinds.get(name)
        for a, b in self.edges:
            made = self.made.get((a, b))
            if (a, b) in self.stale or self.numbers.read_as_number(b, made):
                continue
            if lists and self.at is not None and not any(
                    self._before(d, self.at) for d in made or [self.at]):
                # made after the append: it sees the list as the data flow has it then
                continue
            read = self.read_from.get((a, b))
            if a == n:  # n is a copy or view of b, or was read out of b (at ``read``)
                own = self._made_bindings(n, made)
                if via is not None and own is not None and not via & own:
                    continue
                v = self._read_bindings(b, made)
                if read is None:
                    yield b, role, v
                elif role != _SAME or kind(b) == CONTAINER:
                    yield b, (_HOLDER, read), v  # b's entry there is x, or holds it
                else:
                    yield b, _SAME, v  # an array's view (or b may be either)
                    if kind(b) != ARRAY:
                        yield b, (_HOLDER, read), v
            elif b == n:  # a is a copy or view of n, or was read out of n (at ``read``)
                seen = self._read_bindings(n, made)
                if via is not None and seen is not None and not via & seen:
                    continue
                v = self._made_bindings(a, made)
                if read is None:
                    yield a, role, v
                elif role == _SAME:
                    if kind(n) != CONTAINER:
                        yield a, _SAME, v  # a view of the array n (an entry read out of
                        # the container n is another object: a store into n leaves it alone)
                elif _meet(read, role[1]):  # the entry that is x, or holds it
                    yield a, _SAME, v
                    yield a, _ANY, v
        for (c, e), where in self.positions.items():
            if self.at is not None and not any(
                    self._before(h, self.at) and S.key(h) not in self.old_puts
                    for h in self.put[(c, e)]) or self.numbers.read_as_number(e, self.put[(c, e)]):
                continue
            if e == n:
                yield c, (_HOLDER, frozenset(where)), None  # c holds n there
            elif c == n and role != _SAME and _meet(where, role[1]):
                yield e, _SAME, None
                yield e, _ANY, None

    def _bindings(self, name, defs):
        """Bindings (for ``_steps``): S.keys of definitions of a name in ``counted``, or None
        (not known: every path is kept; one may hand back its old object: ``z = z[1:]``)."""
        defs = frozenset(defs)
        return None if not defs or defs & self.carries or name not in self.counted else defs

    def _made_bindings(self, name, made):
        """The definitions of ``name`` among the statements ``made`` that made an edge."""
        ok = made and all(defines(m, name) for m in made)
        return self._bindings(name, (S.key(m) for m in made)) if ok else None

    def _read_bindings(self, name, made):
        """The definitions of ``name`` reaching the statements ``made`` (which read it)."""
        if not made:
            return None
        found = set()
        for m in made:
            if S.key(m) not in self.reaching:
                return None
            found.update(self.reaching[S.key(m)].get(name, ()))
        return self._bindings(name, found)


_SAME, _HOLDER = ("same",), "holder"
_ANY = (_HOLDER, frozenset([None]))


def _meet(p, q):
    """Can an entry at one of the positions ``p`` be one at one of ``q`` (None: any)?"""
    return None in p or None in q or bool(set(p) & set(q))
