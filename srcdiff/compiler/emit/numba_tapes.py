"""Tapes of ``backend="numba"``: the shared ``_stack`` of generated code as one typed tape
per save site (numba_emit.py's module docstring says how saves and reads are paired).

A save site in a ``for`` loop over ``range(...)`` whose bounds are plain expressions
(names, constants, arithmetic, ``len`` of a name; nothing evaluated twice can differ) and
whose body has no ``break`` or ``continue`` gets a preallocated array: its trip count is
``len(range(...))``, known on entry. The loop counts its trips in ``_kN`` (incremented first
thing in the body, so ``_kN - 1`` is the trip's index); the first trip allocates the tape
(``tape_alloc``: ``(trips,) + shape`` of the saved value, its dtype), each trip writes its
row (``tape_put``, which checks the value's shape). The loop that reads the tape back (the
reversed loop, same trip count) decrements ``_kN`` first thing in its body and reads row
``_kN`` (``tape_get``, which refuses a negative row: more reads than saves). Every other
save site keeps a typed list (numba's grow-by-doubling) with ``append``/``pop``: those of a
``for`` loop over anything else or with a ``break``, and those of a ``while`` loop (its
trips are known only as they run; the generator counts them in ``_trips`` and the reversed
loop runs ``range(_trips)``, popping each site once a trip as the loop pushed it). A list
is typed by its appends, which numba must not drop as dead: numba_tape_sites.unfold_tests.
A value saved in an arm of a branch in a loop (``if``/``else``, ``elif``, nested branches,
the lowered ``continue``/``break``) has a typed list of its own, appended on the trips
that take the arm; the backward sweep's branch of the same test (or the ``_tookN`` name
its value is kept in) reads it back in the same arm (numba_tape_sites.Branch). How a
name first bound in the loop is saved: numba_tape_sites.mode. A save site in a loop nested
in another loop (``for`` or ``while``, any depth, in a branch or not) keeps one typed list
for every trip of its loop in every outer trip, pushed in the order the trips run and
popped in reverse by the reversed loops (numba_tape_sites.Nest, its invariant); the
outer loop's own sites keep their rows. Saves in ``try``/``with`` blocks stay refused,
named.

The deferred accumulations of the backward sweep (``X = []``, one ``X.append(v)`` a trip in a
range loop as above, read after the loop only as ``if X:``, ``concat_rows(X)`` or
``stack_rows(X)``) become arrays in the same way: ``stack_rows(X)`` is the array itself and
``concat_rows(X)`` its first two axes merged (``tape_rows``); ``if X:`` tests the count.
"""

import ast

from srcdiff.compiler.emit.numba_tape_sites import (
    Branch,
    Nest,
    assigns,
    mode,
    ragged_names,
    took,
    trip_end,
    unfold_tests,
)
from srcdiff.compiler.ir.calls import named_call

STACK = "_stack"
# nodes a range bound may contain to be evaluated twice safely (no calls but len(name))
_PURE = (ast.Name, ast.Constant, ast.BinOp, ast.UnaryOp, ast.operator, ast.unaryop,
         ast.expr_context, ast.Attribute, ast.Subscript)


def _is_push(stmt, stack=STACK):
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)
            and isinstance(stmt.value.func.value, ast.Name)
            and stmt.value.func.value.id == stack and stmt.value.func.attr == "append")


def _is_pop(stmt):
    return (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)
            and isinstance(stmt.value.func.value, ast.Name)
            and stmt.value.func.value.id == STACK and stmt.value.func.attr == "pop"
            and not stmt.value.args)


def _uses(node, name):
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))


def _stmt(text):
    return ast.parse(text).body[0]


def counted(loop):
    """``len(range(...))`` source for a loop whose trips are known on entry, else None
    (a ``while`` loop: its trips are counted as they run, its tapes are typed lists)."""
    if not isinstance(loop, ast.For):
        return None
    it = loop.iter
    if not (named_call(it, "range") is not None and 1 <= len(it.args) <= 3
            and not it.keywords):
        return None
    for node in ast.walk(ast.Module(body=loop.body, type_ignores=[])):
        if isinstance(node, (ast.Break, ast.Continue, ast.Return, ast.Yield)):
            return None
    if not all(map(pure, it.args)):
        return None
    return f"len({ast.unparse(it)})"


def pure(expr):
    """Whether ``expr`` gives the same value evaluated twice in a row (names, constants,
    arithmetic, attributes, subscripts, ``len(...)`` of such)."""
    for node in ast.walk(expr):
        if isinstance(node, ast.Call):
            if named_call(node, ("len", "range")) is None or node.keywords:
                return False
        elif not isinstance(node, _PURE):
            return False
    return True


class _Counters:
    """One trip counter per counted loop (``_kN``, its trip total ``_nN``), placed by
    :meth:`place` once every other edit is done."""

    def __init__(self):
        self.loops = {}  # id(loop) -> (N, loop)
        self.readers = []  # (loop that reads the tapes back, N)

    def of(self, loop):
        if id(loop) not in self.loops:
            self.loops[id(loop)] = (len(self.loops), loop)
        return self.loops[id(loop)][0]

    def place(self, fn):
        """Each counted loop steps its counter up first thing, each reader down; the
        counters start before their loops (top level of ``fn``)."""
        for n, loop in self.loops.values():
            loop.body.insert(0, _stmt(f"_k{n} += 1"))
        for loop, n in self.readers:
            loop.body.insert(0, _stmt(f"_k{n} -= 1"))
        body = []
        for stmt in fn.body:
            if id(stmt) in self.loops:
                n = self.loops[id(stmt)][0]
                body += [_stmt(f"_n{n} = {counted(stmt)}"), _stmt(f"_k{n} = 0")]
            body.append(stmt)
        fn.body[:] = body


def name_saved_values(fn):
    """``_stack.append(EXPR)`` (a value saved that is not a name: ``np.copy(u[1:-1])``
    before ``u[1:-1]`` is written) as ``_savedK = EXPR`` then ``_stack.append(_savedK)``,
    and ``TARGET = _stack.pop()`` to something that is not a name (``u[1:-1]``) as
    ``_restoredK = _stack.pop()`` then ``TARGET = _restoredK`` (and a call's last argument
    ``_stack.pop()``, ``item_restore(xs, i, _stack.pop())``, likewise): the same values saved and
    restored in the same order, each through a name (a save site of its own)."""
    count = [0]

    def fresh(prefix):
        count[0] += 1
        return f"{prefix}{count[0]}"

    for node in list(ast.walk(fn)):
        for field in ("body", "orelse"):
            body = getattr(node, field, None)
            if not isinstance(body, list):
                continue
            new = []
            for stmt in body:
                if _is_push(stmt) and len(stmt.value.args) == 1 \
                        and not isinstance(stmt.value.args[0], ast.Name):
                    name = fresh("_saved")
                    new += [_stmt(f"{name} = {ast.unparse(stmt.value.args[0])}"),
                            _stmt(f"{STACK}.append({name})")]
                elif (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                      and not isinstance(stmt.targets[0], ast.Name)
                      and ast.unparse(stmt.value) == f"{STACK}.pop()"):
                    name = fresh("_restored")
                    new += [_stmt(f"{name} = {STACK}.pop()"),
                            _stmt(f"{ast.unparse(stmt.targets[0])} = {name}")]
                elif (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
                      and [ast.unparse(a) for a in stmt.value.args[-1:]] == [
                          f"{STACK}.pop()"]):  # (``item_restore(xs, i, _stack.pop())``)
                    name = fresh("_restored")
                    stmt.value.args[-1] = ast.Name(id=name, ctx=ast.Load())
                    new += [_stmt(f"{name} = {STACK}.pop()"), stmt]
                else:
                    new.append(stmt)
            body[:] = new


def rewrite_tapes(fn, where):
    """Replace the shared ``_stack`` with one tape per save site (module docstring)."""
    refuse = where.error
    name_saved_values(fn)
    unbound = {s.targets[0].id for s in fn.body
               if isinstance(s, ast.Assign) and len(s.targets) == 1
               and isinstance(s.targets[0], ast.Name) and isinstance(s.value, ast.Constant)
               and s.value.value is None}
    sites = []  # (body, index of the push, pushed name, loop)
    pending = []  # the simulated stack: indices into sites, and Branch entries
    pairs = []  # (body, index of the pop, site, loop)
    in_arm = set()  # sites saved in an arm of a branch in a loop (list tapes)
    saving = []  # the branches in a loop that save (their tests: unfolded, below)
    nests = {}  # site -> Nest: its outermost loop, the bodies from that loop's down to it
    outermost = {}  # id(loop) -> the loop of the function's body holding it (itself at top)

    def walk(body, loop, pending, arm=False, path=()):
        for i, stmt in enumerate(body):
            if _is_push(stmt):
                arg = stmt.value.args[0] if len(stmt.value.args) == 1 else None
                if loop is None or not isinstance(arg, ast.Name):
                    raise refuse("the numba backend keeps tapes only for values saved "
                                 "directly in a loop", 'use backend="numpy"')
                sites.append((body, i, arg.id, loop))
                nests[len(sites) - 1] = Nest(outermost[id(loop)], path + ((body, i),))
                if arm:
                    in_arm.add(len(sites) - 1)
                pending.append(len(sites) - 1)
            elif _is_pop(stmt):
                if loop is None or not pending or not isinstance(pending[-1], int):
                    raise refuse("the numba backend could not pair a tape read with its "
                                 "save", 'use backend="numpy"')
                pairs.append((body, i, pending.pop(), loop))
            elif isinstance(stmt, (ast.For, ast.While)):
                outermost[id(stmt)] = stmt if loop is None else outermost[id(loop)]
                walk(stmt.body, stmt, pending, path=path + ((body, i),))
                if stmt.orelse and _uses(ast.Module(body=stmt.orelse, type_ignores=[]), STACK):
                    raise refuse("the numba backend does not support tapes in a loop's "
                                 "else block",
                                 'use backend="numpy"')
            elif isinstance(stmt, ast.If) and loop is not None \
                    and not _uses(stmt.test, STACK) and _uses(stmt, STACK):
                branch(stmt, loop, pending, took(body[i - 1] if i else None, stmt),
                       path + ((body, i),))
            elif _uses(stmt, STACK) and not (isinstance(stmt, ast.Assign)
                                             and stmt.targets[0].id == STACK):
                raise refuse(_where_refused(stmt, loop), 'use backend="numpy"')

    def branch(stmt, loop, pending, took, path):
        """A branch in a loop: one that saves (its arms' saves, in order, one Branch
        entry of ``pending``), or one that reads them back (the entry on top, of the same
        test, or of the name ``took`` kept the saving branch's test in: each arm reads
        exactly what the same arm saved)."""
        nodes = list(ast.walk(stmt))
        pushes, pops = any(map(_is_push, nodes)), any(map(_is_pop, nodes))
        if pushes == pops:  # (both, or a use of the stack that is neither)
            raise refuse(_where_refused(stmt, loop), 'use backend="numpy"')
        test = ast.unparse(stmt.test)
        if pushes:
            saving.append(stmt)
            entry = Branch({test, took})
            walk(stmt.body, loop, entry.arms[0], arm=True, path=path)
            walk(stmt.orelse, loop, entry.arms[1], arm=True, path=path)
            pending.append(entry)
            return
        entry = pending.pop() if pending else None
        if not isinstance(entry, Branch) or test not in entry.tests:
            raise refuse("the numba backend could not pair the tape reads of a branch "
                         "with the saves of the same branch", 'use backend="numpy"')
        for arm, saved in zip((stmt.body, stmt.orelse), entry.arms):
            walk(arm, loop, saved, arm=True, path=path)
            if saved:
                raise refuse("the numba backend could not pair every tape save of a "
                             "branch's arm with a read in the same arm",
                             'use backend="numpy"')

    walk(fn.body, None, pending)
    if pending:
        raise refuse("the numba backend could not pair every tape save with a read",
                     'use backend="numpy"')
    # every pop of a loop body takes the pushes of one loop body, all of them
    by_loop = {}
    for _, _, site, loop in pairs:
        by_loop.setdefault(id(loop), set()).add(id(sites[site][3]))
    pushed = {}
    for _, _, _, loop in sites:
        pushed[id(loop)] = pushed.get(id(loop), 0) + 1
    for loop_id, sources in by_loop.items():
        popped = sum(1 for p in pairs if id(p[3]) == loop_id)
        if len(sources) != 1 or pushed[next(iter(sources))] != popped:
            raise refuse("the numba backend could not pair a loop's tape reads with one "
                         "loop's saves", 'use backend="numpy"')
    counters = _Counters()
    readers = {}  # id(loop of the saves) -> the loop that reads them
    sites_loop = {id(site[3]): site[3] for site in sites}
    for _, _, k, loop in pairs:
        readers[id(sites[k][3])] = loop
    arrays = {id(site[3]) for site in sites if counted(site[3])
              and id(site[3]) in readers and counted(readers[id(site[3])])
              and outermost[id(site[3])] is site[3]}  # (a nested loop's: lists, Nest)
    # a value saved after its assignment (below) and then changed in place in the loop
    # (`t1[i0, 1:] = mul1`) keeps a list tape: a list keeps the array itself, as the NumPy
    # sweep's _stack does, where a tape row copies it before the change (a wrong gradient)
    modes = [mode(site, k in in_arm, unbound, refuse, nests[k])
             for k, site in enumerate(sites)]
    bound_first = {}  # name -> its first site of mode "init"
    for k in range(len(sites)):
        if modes[k] == "init":
            bound_first.setdefault(sites[k][2], sites[k])
    for k, (_, _, name, _) in enumerate(sites):  # (bound before the loop: saved as itself)
        modes[k] = "plain" if name in bound_first else modes[k]
    ragged = ragged_names(fn)
    on_array = [id(loop) in arrays and k not in in_arm and name not in ragged
                and not (name in unbound and name in _changed_in_place(loop))
                for k, (_, _, name, loop) in enumerate(sites)]
    edits = {}  # body id -> (body, [(index, replacement statements)])
    ends = []  # (loop body, statements to append at its end)
    for k, (body, i, name, loop) in enumerate(sites):
        tape = f"_tape{k}"
        if on_array[k]:
            n = counters.of(loop)
            push = [_stmt(f"if _k{n} == 1:\n    {tape} = tape_alloc(_n{n}, {name})"),
                    _stmt(f"tape_put({tape}, _k{n} - 1, {name})")]
        else:
            push = [_stmt(f"{tape}.append({name})")]
        if modes[k] == "prev":  # push after the value's last assignment in the loop body
            j = max(j for j in range(i + 1, len(body)) if assigns(body[j], name))
            edits.setdefault(id(body), (body, []))[1].extend([(i, []), (j, [body[j]] + push)])
        elif modes[k] == "end":  # push at the end of the trip
            j = trip_end(body)
            changes = [(i, [])]
            changes += [(j, push + [body[j]])] if j < len(body) else []
            edits.setdefault(id(body), (body, []))[1].extend(changes)
            if j == len(body):
                ends.append((body, push))
        else:
            edits.setdefault(id(body), (body, []))[1].append((i, push))
    # a name bound before its loop too (by an earlier loop) has a live value on entry:
    # the restore of the first trip gives that value back, kept in `_entryK`
    entries = {k: nests[k].outer for k, site in enumerate(sites)
               if modes[k] in ("prev", "end")
               and _bound_before(fn.body, nests[k].outer, site[2])}
    for body, i, k, loop in pairs:
        target, prev = body[i].targets[0].id, modes[k] in ("prev", "end")
        entry = f", _entry{k}" if k in entries else ""
        if on_array[k]:
            n = counters.of(sites[k][3])
            call = ("tape_get_entry" if entry else "tape_get_prev") if prev else "tape_get"
            text = f"{target} = {call}(_tape{k}, _k{n}{entry})"
        elif prev:
            call = "tape_pop_entry" if entry else "tape_pop_prev"
            text = f"{target} = {call}(_tape{k}{entry})"
        else:
            text = f"{target} = _tape{k}.pop()"
        edits.setdefault(id(body), (body, []))[1].append((i, [_stmt(text)]))
    _apply(edits)
    for body, push in ends:
        body.extend(push)
    for k, loop in entries.items():
        at = next(j for j, s in enumerate(fn.body) if s is loop)
        fn.body.insert(at, _stmt(f"_entry{k} = {sites[k][2]}"))
    for name, (body, i, _, loop) in bound_first.items():  # before the first loop saving it
        loops = {id(nests[k].outer) for k, site in enumerate(sites) if site[2] == name}
        at = next(j for j, s in enumerate(fn.body) if id(s) in loops)
        first = next(s for s in body[i + 1:] if assigns(s, name))  # (a bool constant)
        fn.body.insert(at, _stmt(f"{name} = {ast.unparse(first.value)}"))
    counters.readers = [(reader, counters.of(sites_loop[loop_id]))
                        for loop_id, reader in readers.items() if loop_id in arrays]
    init = [_stmt(f"_tape{k} = []") for k in range(len(sites)) if not on_array[k]]
    fn.body[:] = init + [s for s in fn.body
                         if not (isinstance(s, ast.Assign) and isinstance(s.targets[0], ast.Name)
                                 and (s.targets[0].id == STACK
                                      or s.targets[0].id in unbound
                                      and _only_none(s))) and not _zero_of_unbound(s, fn, unbound)]
    array_accumulations(fn, counters)
    counters.place(fn)
    drop_unread_tapes(fn)
    unfold_tests(saving)  # (every while loop's test: numba_tape_sites.unfold_loops)


def _where_refused(stmt, loop):
    """The refusal of a value saved inside ``stmt`` (a statement of a loop body when
    ``loop``, else of the function's): what holds the save and why it is refused."""
    if isinstance(stmt, (ast.If, ast.Match)):
        what = "a branch (`if`)" + (" inside a loop" if loop is not None else "")
    elif isinstance(stmt, (ast.Try, ast.With)):
        what = "a `try` or `with` block"
    else:
        what = "a statement it cannot pair"
    return (f"the numba backend does not keep tapes of values saved in {what}: each "
            "save site's tape holds one entry per trip of the loops around it, read back "
            "by the reversed loops")


_READS = ("tape_get", "tape_get_prev", "tape_get_entry")


def drop_unread_tapes(fn):
    """Array tapes whose every restore binds a name nothing reads, gone (in place).

    The reverse sweep restores each name its loop overwrote (``h_before = tape_get(_tape3,
    _k0)`` for ``h = h + matmul``) whether or not a later statement reads it; the NumPy
    backend's ``_stack`` pop is cheap, a tape row copied on every trip is not (conv1d_taps:
    ``h`` and ``out``, a 16000-float copy a trip). **Invariant:** a restore
    ``X = tape_get*(T, k)`` is a pure read (``k`` in range by construction: one read per
    save, paired above), so dropping it when no statement of ``fn`` loads ``X`` changes
    no value; a tape then read nowhere is only written (``tape_alloc``, ``tape_put``,
    which compute nothing else), so its writes go too. List tapes (``.pop()`` changes the
    list) are left alone."""
    loaded = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)
              and isinstance(n.ctx, ast.Load)}

    def dead_restore(stmt):
        return (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id not in loaded
                and named_call(stmt.value, _READS) is not None)

    def drop(body, keep):
        body[:] = [s for s in body if keep(s)] or [ast.Pass()]  # (a block left empty)
        for s in body:
            for field in ("body", "orelse"):
                if isinstance(getattr(s, field, None), list) and getattr(s, field):
                    drop(getattr(s, field), keep)

    drop(fn.body, lambda s: not dead_restore(s))
    written = {id(s.value.args[0]) for s in ast.walk(fn)  # (tape_put's tape: not a read)
               if isinstance(s, ast.Expr) and named_call(s.value, "tape_put") is not None}
    read = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)
            and isinstance(n.ctx, ast.Load) and id(n) not in written}
    unread = {s.targets[0].id for s in ast.walk(fn)
              if isinstance(s, ast.Assign) and len(s.targets) == 1
              and isinstance(s.targets[0], ast.Name) and s.targets[0].id.startswith("_tape")
              and named_call(s.value, "tape_alloc") is not None} - read

    def write_of_unread(s):
        if isinstance(s, ast.Expr) and named_call(s.value, "tape_put") is not None:
            return isinstance(s.value.args[0], ast.Name) and s.value.args[0].id in unread
        if isinstance(s, ast.If) and len(s.body) == 1 and not s.orelse:
            s = s.body[0]
        return (isinstance(s, ast.Assign) and isinstance(s.targets[0], ast.Name)
                and s.targets[0].id in unread and named_call(s.value, "tape_alloc") is not None)

    drop(fn.body, lambda s: not write_of_unread(s))


def _apply(edits):
    """Each body's changes ``(index, statements)``: the statement at ``index`` replaced by
    ``statements``. Several changes at one index that each keep the statement (saves
    placed before or after it, of several names) are merged: every one is kept."""
    for body, changes in edits.values():
        new = {}
        for i, stmts in changes:
            if i not in new:
                new[i] = stmts
                continue
            old, kept = new[i], body[i]
            if not (any(x is kept for x in old) and any(x is kept for x in stmts)):
                raise AssertionError("numba_tapes: two replacements of one statement")
            a, b = [x is kept for x in old].index(True), [x is kept for x in stmts].index(True)
            new[i] = old[:a] + stmts[:b] + [kept] + old[a + 1:] + stmts[b + 1:]
        body[:] = [s for i, s in enumerate(body) for s in new.get(i, [s])]


def _bound_before(body, loop, name):
    """Whether a statement of ``body`` before ``loop`` binds ``name`` (other than the
    ``name = None`` that starts an unbound name)."""
    for stmt in body:
        if stmt is loop:
            return False
        if assigns(stmt, name) and _only_none(stmt):
            continue
        if any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
               for n in ast.walk(stmt)):
            return True
    return False


def _zero_of_unbound(stmt, fn, unbound):
    """Whether ``stmt`` is ``t = zeros_tree(u)`` of a name ``u`` still unbound (its
    ``u = None``, dropped, and no other binding before): forward mode's tangent of a name
    first bound in a loop (``t_retval = zeros_tree(_retval)``, an early return), dropped
    with it. Its value, 0.0, is read only where ``u`` is (the tangent of an expression
    reads its primal), as never for an unbound name; numba starts a float at 0.0 too."""
    return (isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Name)
            and named_call(stmt.value, "zeros_tree") is not None
            and len(stmt.value.args) == 1 and isinstance(stmt.value.args[0], ast.Name)
            and stmt.value.args[0].id in unbound
            and not _bound_before(fn.body, stmt, stmt.value.args[0].id))


def _changed_in_place(loop):
    """Names the body of ``loop`` writes into in place: ``x[...] = v``, ``x[...] op= v``,
    ``x op= v`` (in place for an array), ``f(..., out=x)``."""
    out = set()
    for node in ast.walk(ast.Module(body=loop.body, type_ignores=[])):
        if isinstance(node, ast.AugAssign):
            targets = [node.target]
        elif isinstance(node, ast.Assign):
            targets = [t for t in node.targets if isinstance(t, ast.Subscript)]
            targets += [e for t in node.targets if isinstance(t, ast.Tuple) for e in t.elts
                        if isinstance(e, ast.Subscript)]
        else:
            targets = []
        for t in targets:
            while isinstance(t, ast.Subscript):
                t = t.value
            if isinstance(t, ast.Name):
                out.add(t.id)
        if isinstance(node, ast.Call):
            out |= {k.value.id for k in node.keywords
                    if k.arg == "out" and isinstance(k.value, ast.Name)}
    return out


def _only_none(stmt):
    return isinstance(stmt.value, ast.Constant) and stmt.value.value is None


def array_accumulations(fn, counters):
    """Deferred accumulation lists of counted loops as arrays (module docstring)."""
    lists = [s.targets[0].id for s in fn.body
             if isinstance(s, ast.Assign) and len(s.targets) == 1
             and isinstance(s.targets[0], ast.Name) and isinstance(s.value, ast.List)
             and not s.value.elts and s.targets[0].id != STACK
             and not s.targets[0].id.startswith("_tape")]
    for name in lists:
        found = _accumulation(fn, name)
        if found is None:
            continue
        loop, index, after = found
        n = counters.of(loop)
        value = ast.unparse(loop.body[index].value.args[0])
        # (in numba_names.OWN's space, which keep_apart cleared: a user's list `ys` too)
        row = f"{name}_row" if name.startswith("_") else f"_{name}_row"
        loop.body[index:index + 1] = [
            _stmt(f"{row} = {value}"),
            _stmt(f"if _k{n} == 1:\n    {name} = tape_alloc(_n{n}, {row})"),
            _stmt(f"tape_put({name}, _k{n} - 1, {row})")]
        for node in after:
            _retarget(node, name, n)
        fn.body[:] = [s for s in fn.body if not (
            isinstance(s, ast.Assign) and isinstance(s.targets[0], ast.Name)
            and s.targets[0].id == name)]


def _accumulation(fn, name):
    """(loop, index of the append, statements after it) when ``name`` is an accumulation
    list of the kind the module docstring describes, else None."""
    where = [(k, s) for k, s in enumerate(fn.body) if _uses(s, name)]
    loops = [(k, s) for k, s in where if isinstance(s, ast.For)]
    if len(loops) != 1 or not counted(loops[0][1]):
        return None
    k_loop, loop = loops[0]
    appends = [i for i, s in enumerate(loop.body) if _is_push(s, name)]
    if len(appends) != 1 or sum(1 for s in loop.body if _uses(s, name)) != 1:
        return None
    if len(loop.body[appends[0]].value.args) != 1:
        return None
    after = [s for k, s in where if k > k_loop]
    before = [s for k, s in where if k < k_loop]
    if len(before) != 1 or not _all_reads_allowed(after, name):
        return None
    return loop, appends[0], after


def _all_reads_allowed(stmts, name):
    allowed = set()
    for stmt in stmts:
        for node in ast.walk(stmt):
            if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                    and node.test.id == name:
                allowed.add(id(node.test))
            if named_call(node, ("concat_rows", "stack_rows")) is not None \
                    and len(node.args) == 1 \
                    and isinstance(node.args[0], ast.Name) and node.args[0].id == name:
                allowed.add(id(node.args[0]))
    return all(id(node) in allowed for stmt in stmts for node in ast.walk(stmt)
               if isinstance(node, ast.Name) and node.id == name)


def _retarget(stmt, name, n):
    """``if X:`` as ``if _kN > 0:``, ``stack_rows(X)`` as ``X``, ``concat_rows(X)`` as
    ``tape_rows(X)`` (in place)."""
    for node in ast.walk(stmt):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == name:
            node.test = ast.parse(f"_k{n} > 0", mode="eval").body
        for field, value in ast.iter_fields(node):
            if isinstance(value, list):
                value[:] = [_replacement(v, name) for v in value]
            elif isinstance(value, ast.expr):
                setattr(node, field, _replacement(value, name))


def _replacement(node, name):
    if named_call(node, ("stack_rows", "concat_rows")) is not None and len(node.args) == 1 \
            and isinstance(node.args[0], ast.Name) and node.args[0].id == name:
        if node.func.id == "stack_rows":
            return ast.Name(id=name, ctx=ast.Load())
        if node.func.id == "concat_rows":
            return ast.parse(f"tape_rows({name})", mode="eval").body
    return node
