"""Part of stage 4: what the backward sweep must keep (to-be-recorded analysis).

A statement that overwrites a value some adjoint code reads must keep the old
value: in a ``_v1`` name at top level, on ``_stack`` inside loops. Values are
kept only when both hold: the backward sweep reads them (``needed``) and a
later statement may overwrite them (assigned again outside a mutually
exclusive branch, or inside a loop). Cheap scalar temporaries of loop bodies,
and views ``xs[i]`` with an int ``i``, are recomputed instead of kept.
"""

import gast
import numpy as np

from srcdiff.compiler.analysis.activity import walk
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S


def plan_saves(body, analysis, params, needed, reads_of, op_active, never=(), reference=False):
    """Return ``(saved, recompute)``: S.key(statement) -> "stack" | "name", and name -> its
    defining statement for temporaries recomputed in the backward sweep."""
    planner = SavePlanner(body, analysis, params, reference)
    recompute = planner.recomputable(reads_of, op_active, never)
    return planner.saves(needed, recompute), recompute


class SavePlanner:
    """:func:`plan_saves` for the rounds of one generation (adjoint.Reverse.run), with what
    depends on the body alone found once, not once per round: each statement's branch
    path, the statements defining each name, the while loops' test flags, the undos
    nothing reads and each loop's candidate temporaries (:func:`_loop_candidates`).

    Invariant: the ANF body and its analysis do not change while its adjoint is generated
    (as for :class:`Definitions`). Check mode (``SRCDIFF_CHECK_FACTS=1``) compares each
    plan of a round with :func:`plan_saves` from scratch (adjoint.py)."""

    def __init__(self, body, analysis, params, reference=False):
        self.body, self.analysis, self.params = body, analysis, params
        self.reference = reference
        self.paths = _branch_paths(body)
        self.sites = {}  # name -> the statements defining it
        for s, _ in walk(body):
            op = analysis.op(s)
            if op is not None and op.target is not None and op.kind not in ("store", "append"):
                self.sites.setdefault(op.target, []).append(s)
        # a while loop's test flag is read by nothing but the primal loop's test, and its
        # recomputation is skipped by the trip that breaks: never saved unless needed
        self.tests = {x.test.id for x, _ in walk(body) if isinstance(x, gast.While)
                      and isinstance(x.test, gast.Name)}
        self.unread = set() if reference else _unread_undos(body, analysis, params)
        self.loops = None  # _loop_candidates(body), made at the first question

    def recomputable(self, reads_of, op_active, never=()):
        """The temporaries recomputed instead of saved (:func:`_recomputable`); the
        reference pipeline recomputes nothing."""
        if self.reference:
            return {}
        if self.loops is None:
            self.loops = _loop_candidates(self.body, self.analysis, self.sites, self.params)
        return _recomputable(self.body, self.analysis, self.sites, reads_of, op_active,
                             self.params, never, self.loops)

    def saves(self, needed, recompute):
        """S.key(statement) -> "stack" | "name": the statements keeping the value they
        overwrite, for the backward sweep reading ``needed`` and recomputing ``recompute``.
        (The reference pipeline keeps every value a later statement overwrites, needed or
        not.)"""
        analysis, params, reference, paths = self.analysis, self.params, self.reference, \
            self.paths

        def overwritten(s, v):
            if v in params:
                return True
            return any(o is not s and not _exclusive(paths[S.key(o)], paths[S.key(s)])
                       for o in self.sites.get(v, ()))

        saved = {}
        for s, depth in walk(self.body):
            op = analysis.op(s)
            if op is None or op.target is None:
                continue
            v = op.target
            if v in recompute:
                continue
            if op.kind in ("store", "append"):
                # a write into an argument is undone on the way back, on the gradient
                # path or not: the gradient function leaves its arguments as passed
                if S.key(s) in self.unread or getattr(s, "srcdiff_store_back", False):
                    continue  # (a store back puts the object already there: front/chains.py)
                # (or into an array another name shares, which the backward sweep may read:
                # `z = t; z[0] = 2.0` after `p = t @ x`, z itself inactive and never read)
                sharers = analysis.sharers.get(S.key(s), ())
                if v in needed or v in analysis.active or reference or v in params or any(
                        n in needed or n in analysis.active or n in params for n in sharers):
                    saved[S.key(s)] = "stack" if depth else "name"
                continue
            if not reference and _same_constant(s, op, self.sites, params):
                continue
            if (v in needed or (reference and v not in self.tests)) \
                    and (v in analysis.in_loop or overwritten(s, v)):
                saved[S.key(s)] = "stack" if depth else "name"
        return saved


def _unread_undos(body, analysis, params):
    """The stores ``v[i] = w`` whose undo nothing reads: S.keys of the statements.

    Such a store follows, in the same block, ``v = np.copy(x)`` (or ``x.copy()``) or a list
    or dict display (``v = {}``), and no statement in between (nested ones included)
    mentions ``v`` but stores into ``v`` of this kind. Invariant: the object ``O`` the store
    writes into is new in this run of the block (np.copy and a display allocate) and, until
    the store, only ``v`` refers to it and nothing reads it (in ANF a store's value and
    index are names computed before it: the store reads no entry of ``O``). The backward
    sweep undoes the store after the adjoints of everything that ran after it (they read
    ``O`` as the store left it, which is right) and before the adjoints of the statements
    before it: those of the statements between the copy and the store do not mention
    ``v`` or are such stores (whose adjoints read the gradient of ``v``, never ``O``, and
    whose undos are skipped too), the copy's or display's adjoint does not read its
    result, and the statements before it (in this run of the block or an earlier one)
    ran when ``O`` did not exist, so every value their adjoints read (restored, or never
    overwritten) is another object. The restored contents would be read by no one: the
    save and the undo are skipped (and ``v``, read by the undo alone, is then no longer
    saved either). A dict filled key by key this way then needs no undo that removes a
    key, which a second derivative could not follow (front/parse.py)."""
    out = set()
    for block in blocks(body):
        fresh = set()  # names holding a new object nothing else has seen (since it was made)
        for s in block:
            op = analysis.op(s)
            kept = None
            if op is not None and op.kind == "store" and op.target in fresh \
                    and op.target not in params:
                out.add(S.key(s))
                kept = op.target
            if fresh:  # (a statement mentioning no fresh name changes nothing: no walk)
                fresh -= {n.id for n in dataflow.names(s)} - {kept}
            if op is not None and _allocates(s, op):
                fresh.add(op.target)
    return out


def _allocates(s, op):
    """Is ``s`` ``v = np.copy(x)`` or ``v = <list or dict display>``: a new object in ``v``?"""
    if not (isinstance(s, gast.Assign) and len(s.targets) == 1
            and isinstance(s.targets[0], gast.Name) and s.targets[0].id == op.target):
        return False
    if op.kind == "prim" and op.func is np.copy and not op.kwargs:
        return True
    return op.kind == "literal" and isinstance(s.value, (gast.List, gast.Dict))


def blocks(body):
    """Every statement list of ``body`` (itself, and the bodies of its compound statements)."""
    yield body
    for s, _ in walk(body):
        if isinstance(s, gast.If):
            yield s.body
            yield s.orelse
        elif isinstance(s, (gast.For, gast.While)):
            yield s.body


def _same_constant(s, op, sites, params):
    """Is ``s`` the only definition of its target, and a number literal or a module's number
    (``pi = math.pi``)? Invariant: whenever the target is bound it holds that same value,
    so restoring it in the backward sweep is the identity and nothing is saved (before the
    first definition the name is unbound, and no primal statement could have read it)."""
    v = op.target
    if op.kind != "const" or v in params or len(sites.get(v, ())) != 1 \
            or not isinstance(s, gast.Assign) or len(s.targets) != 1:
        return False
    value = s.value
    if isinstance(value, gast.Attribute):
        value = op.args[0] if op.args else None
    return isinstance(value, gast.Constant) and type(value.value) in (int, float)


def defined_before(fn_body, s, v, analysis, params):
    """Is ``v`` certainly bound when ``s`` runs? (A parameter, or defined on every path
    that leads to ``s``.)"""
    return v in params or bool(_bound_before(fn_body, s, v, analysis))


class Definitions:
    """:func:`defined_before` for every statement of one function, from an index built
    once (the ANF body does not change while its adjoint is generated): the block and
    position of each statement, the compound statement each block belongs to, and for
    each block the first position of a statement defining each name (:func:`_defines`).
    ``v`` is bound before ``s`` when a statement before ``s``, or before a compound
    statement containing ``s``, in its block, defines it."""

    def __init__(self, fn_body, analysis, params):
        self.fn_body, self.analysis, self.params = fn_body, analysis, set(params)
        self.where = {}  # id(statement) -> (block, position)
        self.first = {}  # id(block) -> {name: first position defining it}
        self.owner = {}  # id(block) -> the compound statement holding it (None: the body)
        self._index(fn_body, None)

    def _index(self, block, owner):
        first = {}
        self.first[id(block)], self.owner[id(block)] = first, owner
        for i, st in enumerate(block):
            self.where[id(st)] = (block, i)
            for v in _defined_names(st, self.analysis):
                first.setdefault(v, i)
            if isinstance(st, (gast.If, gast.For, gast.While)):
                self._index(st.body, st)
            if isinstance(st, gast.If):
                self._index(st.orelse, st)

    def bound_before(self, s, v):
        """Is ``v`` certainly bound when ``s`` runs?"""
        if v in self.params:
            return True
        at = self.where.get(id(s))
        if at is None:  # not in a block the index covers (a loop's else): scan
            return defined_before(self.fn_body, s, v, self.analysis, self.params)
        block, i = at
        while True:
            if self.first[id(block)].get(v, i) < i:
                return True
            owner = self.owner[id(block)]
            if owner is None:
                return False
            block, i = self.where[id(owner)]


def _defined_names(stmt, analysis):
    """The names ``v`` for which ``_defines(stmt, v, analysis)`` holds."""
    op = analysis.op(stmt)
    out = set()
    if op is not None and op.target is not None and op.kind not in ("store", "append"):
        out.add(op.target)
    if isinstance(stmt, gast.If):
        branches = [set().union(*[_defined_names(y, analysis) for y in body])
                    for body in (stmt.body, stmt.orelse)]
        out |= branches[0] & branches[1]
    return out


def _bound_before(body, s, v, analysis):
    """True/False for ``s`` inside ``body``; None when ``s`` is not in ``body``."""
    for stmt in body:
        if stmt is s:
            return False
        if any(x is s for x, _ in walk([stmt])):  # s is nested inside stmt
            inner = [stmt.body, stmt.orelse] if isinstance(stmt, gast.If) else [stmt.body]
            for b in inner:
                found = _bound_before(b, s, v, analysis)
                if found is not None:
                    return found
            return False
        if _defines(stmt, v, analysis):
            return True
    return None


def _recomputable(body, analysis, sites, reads_of, op_active, params=(), never=(),
                  loops=None):
    """Temporaries of loop bodies that the backward sweep recomputes instead of saving.

    ``t = a * x`` (one definition, a cheap operation on scalars) and
    ``t = xs[i]`` (an int index into an array: a view, no copy) can be
    recomputed right before each adjoint that reads it. The backward sweep
    never restores such a temporary, so it holds the last iteration's value:
    a recomputation is exact only if everything it reads holds, at the reader,
    the value it had when ``t`` was made. The rule is applied transitively:

    * an operand of ``t`` that is itself recomputed is recomputed with it, in
      definition order (reverse.py), so it must be defined earlier in the same
      block (not read from the previous iteration) and satisfy this rule at
      every reader of ``t``;
    * every other operand is saved or unchanged: no statement from ``t``'s
      definition up to the reader (included) assigns, stores into or appends
      to it; the sweep's invariant then gives it the value it had.

    The readers of ``t`` are the adjoints that read it directly and the
    readers of every recomputed temporary that reads it. A temporary failing
    the rule is saved instead, which may make others fail: iterate until none
    does.

    ``loops`` (:func:`_loop_candidates` of ``body``, which depend on the body alone) may be
    given when kept from an earlier call on the same body.
    """
    out = {}
    if loops is None:
        loops = _loop_candidates(body, analysis, sites, params)
    for block, found, statements in loops:
        candidates = {t: c for t, c in found.items() if t not in never}
        if not candidates:
            continue

        # per statement of the block: whether it is compound, and the statements whose
        # adjoints read each name or that read it themselves, in order (one reading pass,
        # not one per candidate)
        compound = []
        readers_of = {}  # name -> indices in the block of the statements reading it
        for j, (ops, loaded, is_compound) in enumerate(statements):
            adjoint_reads = set()
            for x, o in ops:
                if o.kind != "control" and op_active(o):
                    adjoint_reads |= reads_of(o, x)
            compound.append(is_compound)
            for v in adjoint_reads | loaded:
                readers_of.setdefault(v, []).append(j)

        while True:
            readers = {}
            failed = set()
            for t in sorted(candidates, key=lambda t: -candidates[t][0]):  # later ones first
                k, s, operands = candidates[t]
                direct = direct_readers(readers_of, compound, t, k)
                if direct is None:
                    failed.add(t)
                    continue
                at = set(direct)
                for u, (ku, _, ops_u) in candidates.items():
                    if t in ops_u and u in readers:
                        at |= readers[u]
                readers[t] = at
                for u in operands & set(candidates):
                    if candidates[u][0] >= k:  # last iteration's value: not recomputable
                        failed.add(t)
                plain = operands - set(candidates)
                if any(_assigns(x, plain, analysis) for j in at for x in block[k + 1:j + 1]):
                    failed.add(t)
            # a candidate whose recomputation reads a failed one keeps reading it: fine,
            # the failed one is saved (the sweep's invariant holds for saved values)
            if not failed:
                break
            for t in failed:
                del candidates[t]
        for t, (_, s, _) in candidates.items():
            out[t] = s
    return out


def direct_readers(readers_of, compound, t, k):
    """The indices in a loop's block of the statements that read ``t`` (their adjoints or
    themselves) other than ``t``'s definition at ``k``, ascending; None if one cannot
    (before ``k``, or compound). ``readers_of``: name -> the indices of the statements
    reading it, ascending; ``compound``: per index, is the statement compound? (The same
    answer as a scan of every statement: tests/optimize/test_compile_shortcuts.py.)"""
    found = []
    for j in readers_of.get(t, ()):
        if j == k:
            continue
        if j < k or compound[j]:
            return None
        found.append(j)
    return found


def _loop_candidates(body, analysis, sites, params):
    """For each loop of ``body`` (in walk order), ``(block, candidates, statements)``: its
    body; the temporaries :func:`_recomputable` may recompute as far as the body alone
    tells (cheap, one definition, scalar or a basic view, not read outside the loop),
    ``t -> (index in block, statement, operands)``; and per statement of the block its
    statements with an operation ``[(statement, op)]``, the names it reads itself unless
    an assignment, and whether it is compound."""

    def own_reads(x):  # the names statement x reads itself (a compound one: its header)
        if isinstance(x, gast.Assign):
            return S.loaded_names(x.value)
        if isinstance(x, gast.If):
            return S.loaded_names(x.test)
        if isinstance(x, (gast.For, gast.While)):
            return S.loaded_names(x.iter if isinstance(x, gast.For) else x.test)
        return S.loaded_names(x)

    # how many statements of the function read each name: a loop's names used outside it
    # are those more statements read than the ones with the key of a statement of its body
    # (copies of a statement share its key); one reading pass, not one per loop, made at
    # the first loop (straight-line code asks nothing)
    reads_by_key = {}  # S.key(statement) -> the own reads of each statement with that key
    total = {}

    def count_reads():
        for x, _ in walk(body):
            names = own_reads(x)
            reads_by_key.setdefault(S.key(x), []).append(names)
            for v in names:
                total[v] = total.get(v, 0) + 1

    def used_outside(loop):
        """Is a name read by a statement outside ``loop``'s body? (a predicate)"""
        if not reads_by_key:
            count_reads()
        inside = {}
        for k in {S.key(x) for x, _ in walk(loop.body)}:
            for names in reads_by_key[k]:
                for v in names:
                    inside[v] = inside.get(v, 0) + 1
        return lambda v: total.get(v, 0) > inside.get(v, 0)

    out = []
    store_reads = None  # the names statements writing into a value in place read (at a loop)
    for loop, _ in walk(body):
        if not isinstance(loop, (gast.For, gast.While)):
            continue
        if store_reads is None:
            store_reads = set()
            for x, _ in walk(body):
                o = analysis.op(x)
                if o is not None and o.kind in ("store", "append"):
                    store_reads |= S.loaded_names(x)
        block = loop.body
        outside = used_outside(loop)
        candidates = {}  # t -> (index in block, statement, operands)
        for k, s in enumerate(block):
            op = analysis.op(s)
            cheap = op is not None and isinstance(s, gast.Assign) and (
                (op.kind == "prim" and isinstance(s.value, (gast.BinOp, gast.UnaryOp)))
                or (op.kind == "index" and isinstance(s.value.value, gast.Name)))
            if not cheap:
                continue
            t = op.target
            if len(sites.get(t, ())) != 1:
                continue
            # an int too, unless a store reads it: the backward sweep undoes the store
            # (``buf[k] = _stack.pop()``) with the names as they are there, which a
            # recomputed temporary is not (it holds the last iteration's value)
            scalar = analysis.ranks.get(t) == 0 and (
                analysis.kinds.get(t) == "array"
                or (analysis.kinds.get(t) == "int" and t not in store_reads))
            if not (scalar or _basic_view(op, analysis)):
                continue
            operands = S.loaded_names(s.value)
            if t in operands or t in params or outside(t):
                continue
            candidates[t] = (k, s, operands)
        statements = []
        if candidates:
            for other in block:
                inner = [x for x, _ in walk([other])]
                ops = [(x, o) for x in inner if (o := analysis.op(x)) is not None]
                loaded = set() if isinstance(other, gast.Assign) else S.loaded_names(other)
                statements.append((ops, loaded, len(inner) > 1))
        out.append((block, candidates, statements))
    return out


def _basic_view(op, analysis):
    """``xs[i]`` or ``xs[a:b:c]`` of an array ``xs`` with ints ``i``, ``a``, ``b``, ``c``
    (names or literals, or absent): basic indexing, an O(1) view that costs less to make
    again than to save."""
    if op.kind != "index" or not isinstance(op.args[0], gast.Name) \
            or analysis.kinds.get(op.args[0].id) != "array":
        return False
    return _basic_index(op.index, analysis)


def _basic_index(i, analysis):
    """An int (literal or int name) or a slice whose bounds are such ints or absent."""
    if isinstance(i, gast.Slice):
        return all(b is None or _basic_index(b, analysis) for b in (i.lower, i.upper, i.step))
    if isinstance(i, gast.UnaryOp) and isinstance(i.op, gast.USub):   # u[1:-1]
        return isinstance(i.operand, gast.Constant) and _basic_index(i.operand, analysis)
    if isinstance(i, gast.Constant):
        return isinstance(i.value, int) and not isinstance(i.value, bool)
    return isinstance(i, gast.Name) and analysis.kinds.get(i.id) == "int" \
        and analysis.shapes.get(i.id) == ()


def _assigns(stmt, names, analysis):
    """Does ``stmt`` (or a statement nested in it) assign, store into or append to one of
    ``names``? (A store ``xs[k] = v`` has target ``xs``: it changes the array.)"""
    for x, _ in walk([stmt]):
        op = analysis.op(x)
        if op is not None and op.target in names:
            return True
        if isinstance(x, gast.For) and x.target.id in names:
            return True
    return False


def _branch_paths(body, path=()):
    """For each statement: the (if, branch) choices that lead to it."""
    out = {}
    for s in body:
        out[S.key(s)] = path
        if isinstance(s, gast.If):
            out.update(_branch_paths(s.body, path + ((S.key(s), 0),)))
            out.update(_branch_paths(s.orelse, path + ((S.key(s), 1),)))
        elif isinstance(s, (gast.For, gast.While)):
            out.update(_branch_paths(s.body, path + ((S.key(s), 2),)))
    return out


def _exclusive(p1, p2):
    """Can two statements never both run (opposite branches of one ``if``)?"""
    choices = dict(p1)
    return any(node in choices and choices[node] != branch and branch != 2
               for node, branch in p2)


def _defines(stmt, v, analysis):
    for x, _ in walk([stmt]):
        op = analysis.op(x)
        if op is not None and op.target == v and op.kind not in ("store", "append"):
            if x is stmt:
                return True
    if isinstance(stmt, gast.If):
        return all(any(_defines(y, v, analysis) for y in body)
                   for body in (stmt.body, stmt.orelse))
    return False


def upward_exposed(body, analysis):
    """Names some statement of ``body`` reads before ``body`` assigns them."""
    assigned, exposed = set(), set()
    for s, _ in walk(body):
        op = analysis.op(s)
        if op is None:
            continue
        for o in op.operands:
            if o not in assigned:
                exposed.add(o)
        if op.target is not None and op.kind not in ("store", "append"):
            assigned.add(op.target)
    return exposed
