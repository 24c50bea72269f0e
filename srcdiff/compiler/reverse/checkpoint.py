"""Checkpointed loops: snapshots of a loop's state instead of every iteration's saves.

A loop is checkpointed when ``checkpoint=`` asks for it (every outermost loop of the
function) or when its line (or the line above it) carries ``# srcdiff: checkpoint``,
optionally followed by the schedule: ``sqrt``, ``binomial``, ``binomial:<c>`` or an
int ``k``. The generated code, for ``for t in <iter>: <body>`` with loop state ``h``::

    # primal sweep
    _iters = <iter>                     # the iterations, fixed on entry (a range)
    _forward, _backward = checkpoint_schedule(len(_iters), "sqrt")
    _snaps = {}
    for _a, _b in _forward:             # keep the state at the start of each segment
        _snaps[_a] = h,
        for t in _iters[_a:_b]:
            <body>                      # the user's statements, nothing saved
    # backward sweep
    for _a, _m, _b, _last in _backward:
        h, = _snaps.pop(_a) if _last else _snaps[_a]
        for t in _iters[_a:_m]:         # advance without saving
            <body>
        if _b is None:
            _snaps[_m] = h,             # a snapshot the schedule takes on the way back
        else:
            for t in _iters[_m:_b]:     # the segment again, saving what its adjoint reads
                <body with saves>
            for t in reversed(_iters[_m:_b]):
                <adjoint of body>

The schedule is srcdiff.runtime_memory.checkpoint_schedule. Inside a loop (depth > 0) the
three values of a run (``_iters``, ``_backward``, ``_snaps``) go on ``_stack``.

The *state* kept in a snapshot: the names the body writes that are live into the body
(read before the body certainly assigns them) or that the backward sweep reads and
that are bound outside the loop (their value from before the loop is then restored as
the last segment's adjoint undoes it). Containers the body changes in place are copied
with the objects they hold (``snapshot_objects``) and put back in place
(``restore_objects``) into those very objects, the container and every array, list and
dict in it: another name holding one of them (``v = w`` before the loop, ``w`` read by the
backward sweep; ``entry = D["u"]`` before a loop changing ``D["u"][0]``) sees its contents
as they were (before session 32 the contents went into whatever object the name held on
the way back, and before session 43 the arrays in a container were put back as new
copies, the old objects keeping the loop's last contents: wrong gradients).

The sweep's invariant holds for each segment as for an ordinary loop: a segment starts
from the state the primal sweep had at its first iteration (the snapshot; every other
name the body reads is one the body does not write, holding its value during the loop
by the invariant, since the segment's reads are reads of the backward sweep and so
kept), its saving run records what its adjoint reads, and the adjoint restores the
state of the segment's start. Verification mode keeps the values live into the body at
every iteration of the primal sweep and checks each recomputed iteration against them.

Only loops whose trip count is known on entry are checkpointed: a ``while`` loop or a
loop left early (``break``, ``return``) is refused with a located error.
"""

import re
import types

import gast
import numpy as np

from srcdiff.compiler.analysis.activity import walk
from srcdiff.compiler.analysis.recording import defined_before
from srcdiff.compiler.front.parse import MISSING, closure_values
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

_DIRECTIVE = re.compile(r"#\s*srcdiff:\s*checkpoint\b[ \t]*([^\s#]*)")


def check_option(value):
    """``checkpoint=``: None, "sqrt", "binomial", "binomial:<c>" or an int k >= 1; False
    checkpoints no loop, marked ones included (code that is differentiated again)."""
    if value is None or value is False or value == "sqrt" or value == "binomial":
        return value
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"checkpoint must be None, 'sqrt', 'binomial' or an int, got {value!r}")
    if isinstance(value, int):
        if value < 1:
            raise ValueError(f"checkpoint={value}: a snapshot every k iterations needs k >= 1")
        return value
    head, _, count = value.partition(":")
    if head == "binomial" and count.isdigit() and int(count) >= 1:
        return value
    raise ValueError(f"checkpoint must be None, 'sqrt', 'binomial', 'binomial:<snapshots>' "
                     f"or an int, got {value!r}")


def checkpointed_loops(fn, parsed, option):
    """``{S.key(loop): schedule}`` for the loops of the ANF function ``fn`` to checkpoint;
    refuses (located SrcdiffError) a marked or asked-for loop that cannot be."""
    out = {}
    generators = None  # (found once, for the first checkpointed loop)
    for s, depth in walk(fn.body if option is not False else ()):
        if not isinstance(s, (gast.For, gast.While)):
            continue
        how = _marker(s, parsed, option)
        if how is None and option is not None and depth == 0:
            how = option
        if how is None:
            continue
        _check_loop(s, parsed, how)
        generators = _generators(fn, parsed) if generators is None else generators
        _check_draws(s, parsed, how, generators)
        out[S.key(s)] = how
    return out


def may_checkpoint(parsed, option):
    """May a loop of the parsed function be checkpointed (``checkpoint=`` asks for it, or a
    line of the source carries the directive)? A snapshot keeps the arrays the body changes
    in place by the names that change them, which ping-pong buffers (analysis/buffers.py)
    trade: their stores are then refused as sharing.py's relations have it."""
    if option is False:
        return False
    return option is not None or any(_DIRECTIVE.search(line) for line in parsed.lines)


def _marker(s, parsed, option):
    lineno = getattr(s, "lineno", None)
    if not lineno or lineno > len(parsed.lines):
        return None
    lines = [parsed.lines[lineno - 1]]
    if lineno > 1 and parsed.lines[lineno - 2].strip().startswith("#"):
        lines.append(parsed.lines[lineno - 2])
    for line in lines:
        found = _DIRECTIVE.search(line)
        if found is None:
            continue
        word = found.group(1)
        if not word:
            return option or "sqrt"
        try:
            return check_option(int(word) if word.isdigit() else word)
        except (TypeError, ValueError):
            raise parsed.error(s, f"`# srcdiff: checkpoint {word}` names no schedule",
                               hint="write `# srcdiff: checkpoint` followed by nothing, sqrt, "
                                    "binomial, binomial:<snapshots> or a number of "
                                    "iterations") from None
    return None


def _check_loop(s, parsed, how):
    what = f"checkpointing ({how!r}) needs the loop's trip count when it starts, but "
    if isinstance(s, gast.While):
        raise parsed.error(s, what + "a `while` loop runs until its test fails",
                           hint="write it as a `for` loop over a range, or do not "
                                "checkpoint it")
    if any(isinstance(x, gast.Break) for x in _own_statements(s.body)):
        raise parsed.error(s, what + "this loop can be left early (a `break` or a `return` "
                           "inside it)", hint="compute the loop without leaving it early, "
                                              "or do not checkpoint it")
    if s.target.id in {n for x, _ in walk(s.body) for n in dataflow.bound(x)
                       if not isinstance(x, (gast.For, gast.While, gast.If))}:
        raise parsed.error(s, f"checkpointing ({how!r}) needs the loop variable as the loop "
                           "sets it, but the body assigns it", hint="use another name")


_RANDOM_MAKERS = (np.random.default_rng, np.random.RandomState, np.random.Generator)
# the methods of NumPy's generators (no array, list, dict or number has one of these names):
# `g.normal()` of a local `g` the compiler cannot tell (made by a helper) draws
_DRAWING_METHODS = frozenset(n for c in (np.random.Generator, np.random.RandomState)
                             for n in dir(c) if not n.startswith("_"))


def _generators(fn, parsed):
    """Names of ``fn`` bound to a random generator (``rng = np.random.default_rng(0)``, and
    names copied from one)."""
    found = set()
    while True:
        more = set()
        for x, _ in walk(fn.body):
            if not isinstance(x, gast.Assign) or len(x.targets) != 1 \
                    or not isinstance(x.targets[0], gast.Name):
                continue
            v = x.value
            if isinstance(v, gast.Call) and parsed.resolve(v.func) in _RANDOM_MAKERS \
                    or isinstance(v, gast.Name) and v.id in found:
                more.add(x.targets[0].id)
        if more <= found:
            return found
        found |= more


def _draws(obj, seen=None, depth=0):
    """Does calling or reading ``obj`` draw random numbers or advance an iterator: a
    generator, NumPy's global random functions (``np.random.randn``), ``next``, or a
    Python function using one of them?"""
    if isinstance(obj, (np.random.Generator, np.random.RandomState)) \
            or isinstance(getattr(obj, "__self__", None),
                          (np.random.Generator, np.random.RandomState)) \
            or obj is np.random or obj is next:
        return True
    if not isinstance(obj, types.FunctionType) or depth > 8:
        return False
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return False
    seen.add(id(obj))
    codes, names = [obj.__code__], set()
    while codes:
        code = codes.pop()
        names.update(code.co_names)
        codes.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    closure = closure_values(obj)
    for name in names:
        for space in (closure, obj.__globals__):
            if name in space:
                value = space[name]
                if value is np and "random" in names or _draws(value, seen, depth + 1):
                    return True
                break
    return False


def _check_draws(s, parsed, how, generators):
    """A segment run again must compute what the primal sweep computed: a random draw in
    the loop would draw new numbers (the generator's state is not part of the snapshot),
    ``next(it)`` would take later items, and the gradient would belong to other values."""
    for n in gast.walk(s):
        hit = isinstance(n, gast.Name) and n.id in generators \
            or isinstance(n, gast.Attribute) and (
                n.attr in ("__next__", "send") or n.attr in _DRAWING_METHODS
                and parsed.resolve(n.value) is MISSING)
        if hit or isinstance(n, (gast.Name, gast.Attribute)) and _draws(parsed.resolve(n)):
            raise parsed.error(n, f"checkpointing ({how!r}) runs parts of this loop again "
                               "backwards, and here the loop draws random numbers or takes "
                               "the next item of an iterator: a run again would draw or take "
                               "new ones, not the primal sweep's",
                               hint="draw the numbers or take the items before the loop (an "
                                    "array or list indexed by the loop variable), or do not "
                                    "checkpoint this loop")


RERUN = "_srcdiff_rerun"  # on a segment's loop run again: the ANF loop it runs


def backward_reads(stmts):
    """Names the backward sweep ``stmts`` reads that must hold their primal values: a
    segment run again reads only what is live into the loop's body (what it computes
    itself needs no save)."""
    names = set()
    for node in stmts:
        stack = [node]
        while stack:
            x = stack.pop()
            loop = getattr(x, RERUN, None)
            if loop is not None:
                names |= dataflow.reads(x.iter) | live_into(loop.body)[0]
                continue
            if not hasattr(x, "body"):  # (a statement holding none: RERUN marks loops only)
                names |= dataflow.reads(x)
                continue
            if isinstance(x, gast.Name) and isinstance(x.ctx, gast.Load):
                names.add(x.id)
            stack.extend(dataflow.children(x))
    return names


def _own_statements(body):
    """The statements of ``body`` and of its branches, not of loops nested in it."""
    for x in body:
        yield x
        if isinstance(x, gast.If):
            yield from _own_statements(x.body)
            yield from _own_statements(x.orelse)


def live_into(body, assigned=frozenset()):
    """``(names read before being certainly assigned, names certainly assigned)`` of a
    statement list (conservative: a branch or a loop assigns for sure only what every
    way through it does)."""
    live, assigned = set(), set(assigned)
    for x in body:
        if isinstance(x, gast.If):
            live |= dataflow.reads(x.test) - assigned
            l1, a1 = live_into(x.body, assigned)
            l2, a2 = live_into(x.orelse, assigned)
            live |= l1 | l2
            assigned |= a1 & a2
        elif isinstance(x, (gast.For, gast.While)):
            head = x.iter if isinstance(x, gast.For) else x.test
            live |= dataflow.reads(head) - assigned
            inner = assigned | (dataflow.bound(x.target) if isinstance(x, gast.For) else set())
            live |= live_into(x.body, inner)[0]
        else:
            live |= dataflow.reads(x) - assigned
            assigned |= dataflow.bound(x)
    return live, assigned


class Checkpointing:
    """Reverse's checkpointed loops (mixed into Reverse; shares its state)."""

    def _checkpoint_state(self, s):
        """``(names, containers)``: the loop state a snapshot keeps (sorted), and those of
        them whose object the body may change in place: through the name itself, or through
        another that may share memory with it (``hb = ha; hb[1:] += v`` in the body changes
        the object of ``ha``, the state: before session 33 kept by reference, a segment ran
        again from its changed contents; sharing.py's group, aliasing.py's ``ever``)."""
        written, in_place = set(), set()
        ever = getattr(self.a, "ever_sharers", None) or {}
        for x, _ in walk(s.body):
            op = self.a.op(x)
            if op is not None and op.target is not None:
                written.add(op.target)
                if op.kind in ("store", "append"):
                    in_place.add(op.target)
                    in_place |= ever.get(S.key(x), frozenset())
            written |= dataflow.bound(x) if not isinstance(x, (gast.If, gast.While)) \
                else set()
        inside = {S.key(x) for x, _ in walk(s.body)}
        outside = set(self.params)
        read_outside = set()  # (the loop's own head counts: a nested loop's is re-read)
        for x, _ in walk(self.fn.body):
            if S.key(x) not in inside and x is not s:
                op = self.a.op(x)
                if op is not None and op.target is not None:
                    outside.add(op.target)
                if isinstance(x, gast.For):
                    outside.add(x.target.id)
                    read_outside |= dataflow.reads(x.iter)
                elif isinstance(x, (gast.If, gast.While)):
                    read_outside |= dataflow.reads(x.test)
                else:
                    read_outside |= dataflow.reads(x)
        # a name the body binds that is read after the loop (`y = x[r:] * c` in the body,
        # `np.sum(y)` after it) is kept too even when bound only inside: its adjoint is
        # carried from iteration to iteration, reset at each of its assignments to zeros
        # shaped like the value from the iteration before (`zeros_tree(y_before)`), which
        # a segment's saving run pushes: without the snapshot, the value the segment
        # processed before had left, of another shape when the shape changes
        state = written & (live_into(s.body)[0] | (self.needed & (outside | read_outside)))
        state.discard(s.target.id)
        state = sorted(state)
        return state, in_place & set(state)

    def checkpointed_primal(self, s, depth):
        """The primal sweep of a checkpointed loop (the code above, its first half)."""
        how = self.checkpoints[S.key(s)]
        private = self.names.private
        names = {k: private(k) for k in ("iters", "forward", "backward", "snaps", "a", "b",
                                          "m", "last")}
        state, containers = self._checkpoint_state(s)
        for v in state:
            if not defined_before(self.fn.body, s, v, self.a, self.params):
                self.unbound_saved.add(v)  # bound in an earlier trip of an outer loop
        trail = private("verify_states") if self.opt.verify else None
        saving = self.primal_block(s.body, depth + 1)
        self.checkpoint_runs[S.key(s)] = (names, state, containers, saving, trail)
        what = ", ".join(state) or "nothing"
        out = [S.comment(f"checkpointed loop ({how}): snapshots of {what} at the iterations "
                         "the schedule picks, instead of every iteration's values"),
               S.assign(names["iters"], S.copy(s.iter), s)]
        out += S.stmts(f"{names['forward']}, {names['backward']} = "
                       f"checkpoint_schedule(len({names['iters']}), {how!r})\n"
                       f"{names['snaps']} = {{}}")
        if trail:
            out.append(S.assign(trail, gast.Dict(keys=[], values=[])))
        inner = self._segment(s, names["a"], names["b"], self._plain(s), trail, keep=True)
        loop = S.stmts(f"for {names['a']}, {names['b']} in {names['forward']}:\n    pass")[0]
        loop.body = [self._store(names, names["a"], state, containers)] + inner
        out.append(S.locate(loop, s))
        if depth:
            self.uses_stack = True
            out.append(S.locate(gast.Expr(value=S.call("_stack.append", [_run(names, trail)])),
                                s))
        return [S.locate(x, s) for x in out]

    def checkpointed_backward(self, s, segment):
        """The backward sweep of a checkpointed loop: its actions (the docstring above)."""
        adjoint, deferred_pre, deferred_post = segment
        names, state, containers, saving, trail = self.checkpoint_runs[S.key(s)]
        n = names
        out = []
        if self._loop_depth(s):
            out.append(S.assign(_run(names, trail), S.expr("_stack.pop()")))
        loop = S.stmts(f"for {n['a']}, {n['m']}, {n['b']}, {n['last']} in {n['backward']}:"
                       "\n    pass")[0]
        body = self._restore_state(names, state, containers)
        body += self._segment(s, n["a"], n["m"], self._plain(s), trail)
        back = gast.For(target=S.copy(s.target), iter=S.expr(
            f"reversed({n['iters']}[{n['m']}:{n['b']}])"), body=adjoint or [gast.Pass()],
            orelse=[], type_comment=None)
        body.append(gast.If(test=S.expr(f"{n['b']} is None"),
                            body=[self._store(names, n["m"], state, containers)],
                            orelse=self._segment(s, n["m"], n["b"], S.copy(saving), trail)
                            + deferred_pre + [S.locate(back, s)] + deferred_post))
        loop.body = body
        out.append(loop)
        return [S.locate(x, s) for x in out]

    def segments_defer(self, s):
        """Are sums over iterations deferred for loop ``s`` (deferral.py)? For a
        checkpointed loop, per segment: a segment's adjoint sums over its iterations
        at once (``"binomial:<c>"`` tapes one iteration at a time: nothing to defer)."""
        how = self.checkpoints.get(S.key(s))
        return how is None or not str(how).startswith("binomial:")

    def per_segment(self, adjoint, deferred_pre, deferred_post):
        """The adjoint loop's body, with the sums deferral keeps for after the loop made
        after each segment's adjoint instead (``checkpointed_backward`` unpacks it)."""
        return adjoint, deferred_pre, deferred_post

    def _plain(self, s):
        return [S.copy(x) for x in s.body] or [gast.Pass()]

    def _segment(self, s, start, stop, body, trail, keep=False):
        """``for t in _iters[start:stop]: body`` (with verification's state checks)."""
        iters = self.checkpoint_runs[S.key(s)][0]["iters"]
        if trail:
            # every name live into the body (not only the snapshot's state, which is what
            # this checks): an iteration run again starts where the primal sweep's did
            text, lineno = self.parsed.source_line(s)
            live = sorted(live_into(s.body)[0] - {s.target.id})
            args = [S.call("locals"), gast.Tuple(elts=[S.const(v) for v in live],
                                                 ctx=gast.Load())]
            if keep:
                check = S.assign(gast.Subscript(value=S.name(trail), slice=S.copy(s.target),
                                                ctx=gast.Store()),
                                 S.call("verify_snapshot", args))
            else:
                check = gast.Expr(value=S.call("verify_state_same", [
                    S.name(trail), S.copy(s.target)] + args
                    + [S.const(f"line {lineno}: {text}")]))
            body = [check] + body
        loop = gast.For(target=S.copy(s.target), iter=S.expr(f"{iters}[{start}:{stop}]"),
                        body=body, orelse=[], type_comment=None)
        if not keep:
            setattr(loop, RERUN, s)
        return [S.locate(loop, s)]

    def _store(self, names, at, state, containers):
        target = S.expr(f"{names['snaps']}[{at}]")
        return S.assign(target, _state_tuple(state, containers))

    def _restore_state(self, names, state, containers):
        if not state:
            return S.stmts(f"if {names['last']}:\n    del {names['snaps']}[{names['a']}]")
        kept = {v: self.names.private(v + "_kept") for v in containers}
        targets = gast.Tuple(elts=[S.name(kept.get(v, v), store=True) for v in state],
                             ctx=gast.Store())
        n = names
        value = S.expr(f"{n['snaps']}.pop({n['a']}) if {n['last']} else {n['snaps']}[{n['a']}]")
        out = [gast.Assign(targets=[targets], value=value, type_comment=None)]
        out += [S.assign(v, S.call("restore_objects", [S.name(kept[v])]))
                for v in sorted(containers)]
        return out


def _run(names, trail):
    """What a run of a loop nested in another keeps for its backward sweep."""
    kept = [names["iters"], names["backward"], names["snaps"]] + ([trail] if trail else [])
    return gast.Tuple(elts=[S.name(v) for v in kept], ctx=gast.Load())


def _state_tuple(state, containers):
    """A snapshot: each name's value; of a container, its objects (the container and every
    array, list and dict in it) each with a copy of its contents, restored into those very
    objects (runtime_snapshots.py), so every other name holding one sees it as it was."""
    elts = [S.call("snapshot_objects", [S.name(v)]) if v in containers else S.name(v)
            for v in state]
    return gast.Tuple(elts=elts, ctx=gast.Load())
