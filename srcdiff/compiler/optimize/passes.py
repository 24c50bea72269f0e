"""Stage 5, optimize: clean-ups on the generated function, in this order.

* constant folding of literal arithmetic from rule templates;
* copy propagation (``b_x = b_y``), and common subexpressions (never making
  two names share an array that is later changed in place);
* dead code (dead.py): assignments nothing reads afterwards (no side effects); a
  dead broadcast of the primal sweep leaves a check of its operands' shapes;
* folding of single-use temporaries into their one reader, and of a value into
  the statement that redefines its name (``t = E; t = F(t)`` -> ``t = F(E)``);
* scatter-adds into one gradient at one index gathered into one (scatters.py);
* then the rewrites of gradient arithmetic in algebra.py: signs moved where they cost
  nothing (signs.py: a negation handed to its one reader, or a reader's to a number
  factor), power-of-two scalings gathered and cancelled, invariants hoisted, peepholes.
Every rewrite is exact: the same operations on the same values, or IEEE
identities (negation and scaling by two are exact), except the gathered scatters,
which add the same terms in another order (as reverse/deferral.py does). Shared
facts about expressions (purity, what a statement writes) are in exprs.py.
"""

import bisect
from typing import Iterable

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize.algebra import (
    Peephole,
    fold_negations,
    hoist_invariants,
    merge_scalings,
)
from srcdiff.compiler.optimize.dead import dead_code, primal_of
from srcdiff.compiler.optimize.exprs import (
    Mover,
    arithmetic,
    forget_copies,
    number,
    replace,
    writes,
)
from srcdiff.compiler.optimize.facts import Facts, check_unshared, checking
from srcdiff.compiler.optimize.parts import (
    may_change_arrays,
    reuse_parts,
    tree_keys,
)
from srcdiff.compiler.optimize.rounds import shared_values
from srcdiff.compiler.optimize.scatters import gather_scatters
from srcdiff.compiler.optimize.shapes import shape_sources
from srcdiff.compiler.optimize.signs import lift_negations, sink_negations
from srcdiff.compiler.optimize.spreads import unreduce_like


def optimize(fn: gast.FunctionDef, keep: Iterable[str] = (), gradients: Iterable[str] = (),
             scalars: Iterable[str] = (), verify: bool = False,
             negated=None, known_pure=None, arrays=frozenset(),
             one_element=None, containers=frozenset(),
             outputs=frozenset(), float_arrays=frozenset(),
             primal_names=None, made_from=None, cut=frozenset()) -> gast.FunctionDef:
    """Clean up a generated function. Names in ``keep`` (the user's) are never folded away;
    ``gradients`` (adjoint names: always floats) may have their negations moved;
    ``scalars`` are names known to hold single numbers. ``verify``: rewrites that move
    a read leave a check of their invariant behind (verify.py). ``known_pure``: spellings
    of library calls without effects (analysis/effects.py library_calls); ``arrays``: names
    of arrays (not lists), for shapes.py; ``one_element``: in a gradient, the names known to
    hold numbers or arrays of length-1 axes, ``containers`` lists and tuples, ``outputs``
    the primal's (dead.py: a dead broadcast of two other operands in the primal sweep leaves
    a check, the user's dead code that may raise stays; ``float_arrays``: the names of
    floats or float arrays and their shape patterns), None elsewhere; ``primal_names``: of a
    forward-mode function, the user's names (dead.py ``primal_of``); ``cut``: free shifts
    (dead.py ``_needed``). ``made_from``: None,
    or the trees ``fn`` was made from when none of its nodes is shared, within it or with
    them (the reverse generator's output, every node of which it makes or copies from the
    normalized function): the first copy propagation then changes ``fn``'s statements in
    place instead of copies of them (the same result: a copy is the same tree, its
    statements keep their keys, S.key); check mode (facts.py) checks the promise."""
    # (the names a verification snapshot must not take: read only in verification mode)
    mover = Mover(verify, S.all_names(fn) if verify else ())
    fn = _visit_where_wanted(_Fold(), fn)
    if made_from is not None and checking():
        check_unshared(fn, made_from)
    fn.body = _copy_propagate(fn.body, fresh=made_from is None)
    fn.body = _shared_values(fn, verify, frozenset(gradients))
    # from here on each statement's reads, writes and nodes are kept between passes (facts.py:
    # a pass that changes a statement in place forgets its summary)
    facts = Facts()
    fn = shape_sources(fn, set(scalars), arrays, known_pure or {}, verify,  # (before DCE)
                       facts=facts)
    primal = None if one_element is None else primal_of(
        fn, one_element, containers, known_pure, outputs, float_arrays, primal_names,
        facts=facts, cut=cut)
    changed = True
    while changed:
        fn.body, changed, _ = dead_code(fn.body, set(), facts=facts, known=known_pure,
                                        primal=primal, top=True)
    keep = set(keep) | {a.id for a in fn.args.args}
    fn.body = gather_scatters(fn.body, mover, facts)
    fn.body = _fold_single_use(fn.body, facts.load_counts(fn), keep, mover, facts)
    fn.body = _fold_into_redefinition(fn.body, mover, facts)
    fn.body = fold_negations(fn.body, facts.load_counts(fn), set(gradients), mover, facts)
    fn.body = sink_negations(fn.body, set(gradients), facts, negated)
    fn.body = lift_negations(fn.body, set(gradients), set(scalars), facts)
    fn.body = merge_scalings(fn.body, facts.load_counts(fn), set(gradients), set(scalars),
                             mover, facts)
    fn.body = hoist_invariants(fn.body, set(gradients), S.all_names(fn),
                               bound={a.id for a in fn.args.args}, verify=verify, facts=facts)
    fn = _visit_where_wanted(Peephole(), fn, facts)
    fn.body = unreduce_like(fn.body, facts.load_counts(fn), facts)
    facts.check_kept()
    fn.body = _drop_empty_comments(fn.body)
    return fn


def _drop_empty_comments(body):
    """A heading comment whose block was optimized away goes too."""
    out = []
    for k, s in enumerate(body):
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = _drop_empty_comments(s.body) or [gast.Pass()]
            s.orelse = _drop_empty_comments(s.orelse)
        if S.is_comment(s) and S.heads(s) != S.SEED:  # (the seed's heading stays: records
            nxt = body[k + 1] if k + 1 < len(body) else None  # and release.py split there)
            if nxt is None or S.is_comment(nxt) or isinstance(nxt, gast.Return):
                continue
            if S.heads(s) == S.UNBOUND_INITS and not (
                    isinstance(nxt, gast.Assign) and isinstance(nxt.value, gast.Constant)
                    and nxt.value.value is None):
                continue
        out.append(s)
    return out


def _visit_where_wanted(transformer, fn, facts=None):
    """``transformer.visit(fn)``, visiting only the statements (and the parameters) that
    hold a node ``transformer.wanted`` accepts: the same result, as the transformer changes
    nothing in a tree without one (its ``wanted`` says why). Walking a statement for the
    question is several times cheaper than visiting it. ``facts``: the summaries of the
    statements visited (changed in place) are forgotten."""
    wanted = transformer.wanted
    if any(map(wanted, dataflow.nodes(fn.args))):
        if facts is not None:
            for s in dataflow.nodes(fn):
                facts.forget(s)
        return transformer.visit(fn)
    body = []
    walk = dataflow.nodes if facts is None else facts.nodes  # (kept node lists: facts.py)
    for s in fn.body:
        every = walk(s)
        if any(map(wanted, every)):
            if facts is not None:  # (a statement inside a block too)
                for x in every:
                    facts.forget(x)
            s = transformer.visit(s)
        body.append(s)
    fn.body = body
    return fn


class _Fold(gast.NodeTransformer):
    """Arithmetic on two numeric literals (``3 - 1`` from a rule template) is done now."""

    @staticmethod
    def wanted(node):
        """An operation on two literals: folding starts at one (a fold makes a literal, so
        a tree without one has nothing to fold)."""
        return isinstance(node, gast.BinOp) and isinstance(node.left, gast.Constant) \
            and isinstance(node.right, gast.Constant)

    def visit_BinOp(self, node):
        self.generic_visit(node)
        left, right = node.left, node.right
        if isinstance(left, gast.Constant) and isinstance(right, gast.Constant) \
                and number(left.value) and number(right.value) \
                and isinstance(node.op, (gast.Add, gast.Sub, gast.Mult)):
            value = {gast.Add: lambda a, b: a + b, gast.Sub: lambda a, b: a - b,
                     gast.Mult: lambda a, b: a * b}[type(node.op)](left.value, right.value)
            return S.const(value)
        return node


def _copy_propagate(body, fresh=True, nested=True):
    """After ``a = b`` (names), read ``b`` for ``a`` until either is reassigned (``a += e``
    too: for a number it rebinds ``a``).

    Works block by block; entering or leaving a compound statement forgets
    every copy, which is conservative. Self-assignments disappear; the copies
    left unread are removed by dead-code elimination. Names are replaced in place, in
    copies of the statements (``fresh``: the generator's statements may share nodes);
    ``fresh=False`` when the statements are already this pass's unshared copies.
    ``nested=False``: the blocks inside compound statements are left as they are.
    """
    copy = S.copy if fresh else _same
    env = {}
    copies_of = {}  # b -> names a that env maps to b
    out = []
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s = copy(s)
            if isinstance(s, gast.If):  # a while test runs again after the body: left alone
                s.test = _subst(s.test, env)
            elif isinstance(s, gast.For):
                s.iter = _subst(s.iter, env)
            if nested:
                s.body = _copy_propagate(s.body, fresh)
                s.orelse = _copy_propagate(s.orelse, fresh)
            env, copies_of = {}, {}
            out.append(s)
            continue
        if isinstance(s, gast.Assign) and len(s.targets) == 1:
            s = copy(s)
            s.value = _subst(s.value, env)
            target = s.targets[0]
            if isinstance(target, gast.Subscript):
                target.value = _subst(target.value, env)
                target.slice = _subst(target.slice, env)
                out.append(s)
                continue
            if isinstance(target, gast.Name) and isinstance(s.value, gast.Name) \
                    and s.value.id == target.id:
                continue  # x = x
            written = {n.id for n in dataflow.names(target)}
            for w in written:  # forget the copies of a written name, and into it
                env.pop(w, None)
                for a in copies_of.pop(w, ()):
                    if env.get(a) == w:
                        del env[a]
            if isinstance(target, gast.Name) and isinstance(s.value, gast.Name):
                env[target.id] = s.value.id
                copies_of.setdefault(s.value.id, []).append(target.id)
            out.append(s)
            continue
        if isinstance(s, gast.AugAssign) and isinstance(s.target, gast.Name):
            # ``a += e`` rebinds ``a`` where its value is a number (a NumPy scalar too):
            # ``b`` no longer stands for ``a`` after it, nor ``a`` for its copies
            s = copy(s)
            s.value = _subst(s.value, env)
            w = s.target.id
            env.pop(w, None)
            for a in copies_of.pop(w, ()):
                if env.get(a) == w:
                    del env[a]
            out.append(s)
            continue
        s = _subst(copy(s), env)
        out.append(s)
    return out


def _same(node):
    return node


def _subst(node, env):
    if not env:
        return node

    def renamed(n):
        if isinstance(n.ctx, gast.Load) and n.id in env:
            return gast.copy_location(S.name(env[n.id]), n)
        return n

    return S.replace_names(node, renamed)


# --------------------------------------------------------- expression folding

def _fold_single_use(body, counts, keep, mover=None, facts=None):
    """``t = a * b; y = t + c`` -> ``y = a * b + c`` for compiler temporaries read once.

    Only arithmetic moves, only within one block, and only past statements
    that write none of the names it reads.
    """
    mover, facts = mover or Mover(), facts or Facts()
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = _fold_single_use(s.body, counts, keep, mover, facts)
            s.orelse = _fold_single_use(s.orelse, counts, keep, mover, facts)
    block = _Block(body, lambda u: isinstance(u, (gast.For, gast.While, gast.If)), facts)
    for k, s in enumerate(block.body):
        if not (isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name)):
            continue
        t = s.targets[0].id
        if t in keep or counts.get(t) != 1 or not arithmetic(s.value):
            continue
        reads = S.loaded_names(s.value) | {t}
        # the first statement after k that reads t, unless one before it writes a name
        # the value reads or is compound (a compound statement reading t is the use)
        use = block.next_read(t, k)
        if use is None or use > min(block.next_write(reads, k), block.next_barrier(k)):
            continue
        u = block.body[use]
        if isinstance(u, (gast.For, gast.While)) or _read_for_shape(u, t):
            continue
        if isinstance(u, gast.If) and t not in S.loaded_names(u.test):
            continue
        at_k, before_use = mover.move(s, u)
        if isinstance(u, gast.If):
            u.test = replace(u.test, t, s.value)
        block.fold(k, at_k, use, u if isinstance(u, gast.If) else replace(u, t, s.value),
                   before_use)
    return block.statements()


_NO_FACTS = (frozenset(), frozenset())


class _Block:
    """One block the folding passes scan, with an index of which statements read and
    write each name, so that "the first statement after ``k`` that reads ``t`` / writes
    a name of ``reads`` / stops the scan" is a few bisections, not a walk to it (a walk
    per candidate was quadratic in a long backward sweep).

    A fold removes ``t = E`` (its slot becomes None, read and written by nothing) and
    changes its use in place (its facts are computed again and its new names indexed).
    The index may keep positions whose statement no longer reads or writes a name:
    every answer is checked against the statement's current facts (``facts``: what the
    folding passes ask of each statement, names it reads and names it may write).
    Statements a fold adds (verification mode's snapshot and check, ``Mover.move``)
    are kept aside and put in place by :meth:`statements`; the scans pass over them,
    which is what scanning them would do: they bind and read only fresh
    ``_verify_moved`` names and helpers, which no folded value reads or is named.
    The barriers (``barrier(statement)``) are compound statements and comments, which
    no fold makes, removes or changes into another kind of statement."""

    def __init__(self, body, barrier, facts):
        self.body = list(body)
        self.kept = facts  # the statements' summaries (facts.py)
        self.facts = [facts.of(x)[:2] for x in self.body]
        self.reads, self.writes = {}, {}  # name -> ascending positions (maybe stale)
        for j, (loads, written) in enumerate(self.facts):
            self._index(j, loads, written)
        self.barriers = [j for j, x in enumerate(self.body) if barrier(x)]
        self.in_place = {}  # position -> statements a fold put in place of its t = E
        self.before = {}  # position -> statements a fold put before its use

    def _index(self, j, loads, written):
        for n in loads:
            bisect.insort(self.reads.setdefault(n, []), j)
        for n in written:
            bisect.insort(self.writes.setdefault(n, []), j)

    def _next(self, table, name, k, which):
        at = table.get(name, ())
        for i in range(bisect.bisect_right(at, k), len(at)):
            j = at[i]
            if name in self.facts[j][which]:
                return j
        return None

    def next_read(self, name, k):
        return self._next(self.reads, name, k, 0)

    def next_write(self, names, k):
        """The first position after ``k`` writing a name of ``names`` (len(body): none)."""
        found = [self._next(self.writes, n, k, 1) for n in names]
        return min((j for j in found if j is not None), default=len(self.body))

    def next_barrier(self, k):
        i = bisect.bisect_right(self.barriers, k)
        return self.barriers[i] if i < len(self.barriers) else len(self.body)

    def fold(self, k, at_k, use, new_use, before_use):
        """``t = E`` at ``k`` gives way to ``at_k``; its use becomes ``new_use``, with
        ``before_use`` in front of it."""
        self.body[k], self.facts[k] = None, _NO_FACTS
        if at_k:
            self.in_place[k] = list(at_k)
        self.body[use] = new_use  # (the use changed in place: its kept summary goes)
        self.kept.forget(new_use)
        self.facts[use] = self.kept.of(new_use)[:2]
        self._index(use, *self.facts[use])
        if before_use:
            self.before.setdefault(use, []).extend(before_use)

    def statements(self):
        out = []
        for j, x in enumerate(self.body):
            out.extend(self.before.get(j, ()))
            if x is None:
                out.extend(self.in_place.get(j, ()))
            else:
                out.append(x)
        return out


# arguments read only for their shape: folding an expression there would compute it
# for nothing but its shape
_SHAPE_ARGUMENTS = {"spread": 1, "unbroadcast": 1, "unreduce": 1, "np.size": 0, "size_of": 0,
                    "np.shape": 0, "np.zeros_like": 0}


def _read_for_shape(stmt, name):
    for n in dataflow.nodes(stmt):
        if isinstance(n, gast.Call):
            k = _SHAPE_ARGUMENTS.get(S.expr_source(n.func))
            if k is not None and len(n.args) > k and isinstance(n.args[k], gast.Name) \
                    and n.args[k].id == name:
                return True
    return False


def _shared_values(fn, verify, gradients):
    """Common subexpressions and copy propagation in rounds (rounds.py)."""
    return shared_values(fn, verify, gradients, _common_subexpressions, _copy_propagate)


def _common_subexpressions(body, changed=frozenset(), verify=False, gradients=frozenset(),
                           shared=None, nested=True):
    """A pure arithmetic value computed again in the same block reuses the first result.

    Not when either name's array is changed in place later: the two names would
    then share one array, and a change through one would show through the other.
    A part of a later statement's value may reuse it too (optimize/parts.py), when it is
    a gradient (``gradients``): a primal name read in the backward sweep would extend the
    primal value's life past where the sweep has undone its statement (verification mode
    checks every backward read of a primal name against the primal sweep at that point).

    A value that reads the name it rebinds (``b_P = b_P / s``) is known by what it reads
    before: after a plain copy ``b_P_out = b_P`` (the adjoint of ``P = P / s`` keeps the
    incoming gradient so), it is the value ``b_P_out / s``, which a later
    ``b_P_out / s * P`` then reads as ``b_P * P``. Invariant: the copy's name still holds
    the rebound name's value where the statement runs (``copies`` forgets the pair when
    either name is written); verification mode checks each reuse as above.
    """
    seen = {}  # dump of value -> (name, names the value reads, its parts.tree_keys key or None)
    involving = {}  # name -> dumps in ``seen`` whose name or reads include it
    parts = {}  # parts.tree_keys key of a value in ``seen`` -> (its name, epoch when computed)
    epoch = 0  # statements so far that may change an array in place (for ``parts``)
    copies = {}  # name -> a name a plain copy ``a = name`` bound to its value
    copied_to = {}  # a -> names ``copies`` may map to ``a`` (maybe stale: checked)
    out = []
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            if nested:  # (else the blocks inside are left as they are)
                s.body = _common_subexpressions(s.body, changed, verify, gradients, shared)
                s.orelse = _common_subexpressions(s.orelse, changed, verify, gradients, shared)
            seen, involving, parts, copies, copied_to = {}, {}, {}, {}, {}
            out.append(s)
            continue
        if isinstance(s, gast.Delete):  # (none before release.py, which runs after this
            # pass; a deleted name holds nothing)
            seen, involving, parts, copies, copied_to = {}, {}, {}, {}, {}
            out.append(s)
            continue
        value_changes = None  # may s's value change an array (asked once, when parts)
        if parts and isinstance(s, (gast.Assign, gast.AugAssign)):
            value_changes = may_change_arrays(s.value)  # (a call in the value may change
        if value_changes is False:  # a part's operands first)
            for kept, part in reuse_parts(s, parts, epoch, getattr(changed, "ask", None)):
                if shared is not None:
                    shared.append(kept)
                if verify:  # invariant: the value computed earlier is this part's value
                    out.append(S.locate(gast.Expr(value=S.call("verify_equal", [
                        S.name(kept), part])), s))
        key = None  # (the value's dump, when it may be shared: asked once per statement)
        value = s.value if isinstance(s, gast.Assign) else None  # (read before s rebinds)
        if isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name) \
                and isinstance(s.value, (gast.BinOp, gast.UnaryOp, gast.Subscript)) \
                and arithmetic(s.value):
            t = s.targets[0].id
            if t in copies and t in S.loaded_names(s.value):  # b = F(b) after a = b: F(a)
                value = replace(S.copy(s.value), t, S.name(copies[t]))
            key = S.dump(s.value)
            if key in seen and s.targets[0].id not in changed and seen[key][0] not in changed:
                if verify:  # invariant: the value computed earlier is this value
                    out.append(S.locate(gast.Expr(value=S.call("verify_equal", [
                        S.name(seen[key][0]), s.value])), s))
                if shared is not None:
                    shared.append(seen[key][0])
                s, key = S.assign(s.targets[0].id, S.name(seen[key][0]), s), None
        for name in writes(s):  # forget the values that read or are held by a written name
            for held in involving.pop(name, ()):
                if held in seen and (name == seen[held][0] or name in seen[held][1]):
                    tree = seen.pop(held)[2]
                    if tree is not None:
                        parts.pop(tree, None)
            if copies:  # (the pairs with ``name`` on either side; was a rebuild of
                forget_copies(copies, copied_to, name)  # every pair per written name)
        if key is not None and value is not s.value:
            key = S.dump(value)  # (s's value as read before s: for later statements only)
        reads = S.loaded_names(value) if key is not None else None
        if key is not None and s.targets[0].id not in reads:
            if key not in seen:
                tree = tree_keys(value).get(id(value)) if s.targets[0].id in gradients \
                    and isinstance(value, gast.BinOp) else None
                seen[key] = (s.targets[0].id, reads, tree)
                for name in seen[key][1] | {seen[key][0]}:
                    involving.setdefault(name, []).append(key)
                if tree is not None and tree not in parts:
                    parts[tree] = (s.targets[0].id, epoch)
        if isinstance(s, gast.Assign) and len(s.targets) == 1 \
                and isinstance(s.targets[0], gast.Name) and isinstance(s.value, gast.Name) \
                and s.targets[0].id != s.value.id:
            copies[s.value.id] = s.targets[0].id
            copied_to.setdefault(s.targets[0].id, set()).add(s.value.id)
        if parts and (value_changes or isinstance(s, gast.AugAssign) or (
                any(map(may_change_arrays, s.targets)) if value_changes is False
                else may_change_arrays(s))):
            epoch += 1
        out.append(s)
    return out


def _fold_into_redefinition(body, mover=None, facts=None):
    """``t = E; ...; t = F(t)`` -> ``...; t = F(E)`` when the second statement is E's only reader.

    The redefinition must be in the same block, read ``t`` exactly once, and be
    the first statement after ``t = E`` that reads ``t``; the statements in
    between are simple (no compound statement, no jump) and write none of the
    names E reads. The redefinition kills ``t = E`` on every path, so no later
    statement (nor a loop's next iteration) can see it. ``t`` may be a user's
    name: it survives, only its intermediate value goes. A heading comment in
    between stops the fold, so each line's adjoint stays under its heading.
    """
    mover, facts = mover or Mover(), facts or Facts()
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = _fold_into_redefinition(s.body, mover, facts)
            s.orelse = _fold_into_redefinition(s.orelse, mover, facts)
    # compound statements, jumps, returns; another line's adjoint
    block = _Block(body, lambda u: not isinstance(u, (gast.Assign, gast.AugAssign, gast.Expr))
                   or S.is_comment(u), facts)
    for k, s in enumerate(block.body):
        if not (isinstance(s, gast.Assign) and len(s.targets) == 1
                and isinstance(s.targets[0], gast.Name) and arithmetic(s.value)):
            continue
        t = s.targets[0].id
        reads = S.loaded_names(s.value) | {t}
        use = block.next_read(t, k)
        augmented = None  # t = -u; t += F -> t = -u + F (the peephole: F - u, one pass fewer)
        if isinstance(s.value, gast.UnaryOp) and isinstance(s.value.op, gast.USub):
            w = block.next_write({t}, k)
            if w < len(block.body) and (use is None or w < use) \
                    and _augmented_as_assign(block.body[w], t) is not block.body[w]:
                use = augmented = w
        if use is None or use >= block.next_barrier(k) or use > block.next_write(reads, k):
            continue
        u = block.body[use]
        if augmented is not None:
            u = _augmented_as_assign(u, t)
        if not _redefines_reading_once(u, t) or writes(u.value) & reads:
            continue
        at_k, before_use = mover.move(s, u)
        block.fold(k, at_k, use, replace(u, t, s.value), before_use)
    return block.statements()


def _augmented_as_assign(u, t):
    """``t op= F`` (``F`` not reading ``t``) as ``t = t op F``, else ``u`` itself. Asked only
    after ``t = -u``: a new array, which nothing else can see, so changing it in place or
    making ``-u op F`` anew gives ``t`` the same values."""
    if isinstance(u, gast.AugAssign) and isinstance(u.target, gast.Name) and u.target.id == t \
            and t not in S.loaded_names(u.value):
        return S.locate(gast.Assign(targets=[S.name(t, store=True)], value=gast.BinOp(
            left=S.name(t), op=u.op, right=u.value), type_comment=None), u)
    return u


def _redefines_reading_once(u, t):
    """Is ``u`` the statement ``t = F(t)`` with ``t`` read exactly once?"""
    return isinstance(u, gast.Assign) and len(u.targets) == 1 \
        and isinstance(u.targets[0], gast.Name) and u.targets[0].id == t \
        and sum(1 for n in dataflow.nodes(u.value) if isinstance(n, gast.Name)
                and isinstance(n.ctx, gast.Load) and n.id == t) == 1
