"""Fused groups (numba_fuse.py) that write the values a loop saves straight into the rows
of their tapes (numba_tapes.py), instead of a new array each trip copied into the row.

**The rewrite.** After a group, the tape writes of a value ``x`` the group computes,
``if _kN == 1: T = tape_alloc(_nN, x)`` and ``tape_put(T, _kN - 1, x)`` (moved after the
group by numba_fuse), become::

    if _kN == 1:
        x, ... = _fusedK(...)            # as before: the first trip allocates the tape
        T = tape_alloc(_nN, x)
        tape_put(T, _kN - 1, x)
    else:
        x, ... = _fusedK_rows(..., T, _kN - 1)

``_fusedK_rows``'s loop (numba_fuse.Group.loop_source with ``rows``) computes ``x``'s
element ``i`` into ``T[_kN - 1, i]`` and returns the row ``T[_kN - 1]`` as ``x``; for any
other argument types, a row length other than the group's, or a value the loop does not
compute as an array, it runs the statements as written and then ``tape_put``, as before.

**Invariant: the row holds the numbers the copy would, and nothing writes ``x`` or the
row afterwards.** The element values are the loop's (numba_fuse's invariant), stored in
the row instead of a new array. Row ``_kN - 1`` of a tape is written once, on trip ``_kN``,
and read only through ``tape_get*`` in the reversed loop after it, so before the write no
name holds a view of it (no group input can overlap it). ``x`` now shares the row's
memory, which is exact only while nothing writes into ``x``: every other occurrence of
``x`` in the function (checked here, ``_row_safe``) rebinds the name, or reads it where
the value is copied (an operand of arithmetic, an argument of a helper that returns a
new array or copies it, a value read by another fused group that writes no array
through it). A moved statement is a tape write of another value or a binding of
another name (checked), so the order of the tape writes does not matter.
tests/numba/test_numba_fuse.py checks the source, the fallbacks and the numbers.
"""

import ast

from srcdiff.compiler.emit import numba_fuse_ssa
from srcdiff.compiler.ir.calls import named_call

# calls whose arguments are only read (a new array made from them, or copied, or a shape)
_COPYING = {"mul_into", "add_into", "tape_alloc", "tape_put", "np.exp", "np.log", "np.sin",
            "np.cos", "np.sqrt", "np.tanh", "tanh_fast"}


def _alloc(s):
    """``(tape, counter, value)`` of ``if _kN == 1: T = tape_alloc(_nN, x)``, or None."""
    if not (isinstance(s, ast.If) and not s.orelse and len(s.body) == 1
            and isinstance(s.test, ast.Compare) and isinstance(s.test.left, ast.Name)
            and isinstance(s.test.ops[0], ast.Eq) and len(s.test.comparators) == 1
            and ast.unparse(s.test.comparators[0]) == "1"):
        return None
    a = s.body[0]
    if (isinstance(a, ast.Assign) and len(a.targets) == 1 and isinstance(a.targets[0], ast.Name)
            and isinstance(a.value, ast.Call) and ast.unparse(a.value.func) == "tape_alloc"
            and len(a.value.args) == 2 and isinstance(a.value.args[1], ast.Name)
            and ast.unparse(a.value.args[0]) == "_n" + s.test.left.id[2:]):
        return a.targets[0].id, s.test.left.id, a.value.args[1].id
    return None


def _put(s):
    """``(tape, counter, value)`` of ``tape_put(T, _kN - 1, x)``, or None."""
    if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Call)
            and ast.unparse(s.value.func) == "tape_put" and len(s.value.args) == 3
            and all(isinstance(a, ast.Name) for a in (s.value.args[0], s.value.args[2]))):
        return None
    k = s.value.args[1]
    if (isinstance(k, ast.BinOp) and isinstance(k.op, ast.Sub) and isinstance(k.left, ast.Name)
            and ast.unparse(k.right) == "1"):
        return s.value.args[0].id, k.left.id, s.value.args[2].id
    return None


def _row_safe(fn, x, skip, groups):
    """Whether every occurrence of ``x`` in ``fn`` outside the nodes ``skip`` rebinds it or
    reads it where its value is copied (module docstring)."""
    by_name = {g.name: g for g in groups}
    by_name.update({g.name + "_rows": g for g in groups})
    parents = {}
    for node in ast.walk(fn):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    for node in ast.walk(fn):
        if not (isinstance(node, ast.Name) and node.id == x) or id(node) in skip:
            continue
        up = parents.get(id(node))
        if isinstance(node.ctx, ast.Store):
            if isinstance(up, ast.Assign) or isinstance(up, ast.Tuple) and isinstance(
                    parents.get(id(up)), ast.Assign):
                continue
            return False
        if isinstance(up, (ast.BinOp, ast.UnaryOp, ast.Compare)):
            continue
        if not (isinstance(up, ast.Call) and node in up.args):
            return False
        func = ast.unparse(up.func)
        if func in _COPYING:
            continue
        group = by_name.get(func)
        if group is None or not _only_values(group, x):
            return False
    return True


def _only_values(group, x):
    """Whether the group's statements read ``x`` only inside arithmetic (not stored into,
    added into, returned as a bare name of a sum, nor assigned)."""
    for s in group.stmts:
        t, v = numba_fuse_ssa.target(s), s.value
        if x in {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}:
            return False
        if named_call(v, ("index_add", "unbroadcast")) is not None and any(
                isinstance(a, ast.Name) and a.id == x for a in v.args):
            return False
    return True


def absorb(group, sunk, fn, groups):
    """The statements that replace ``group.call()`` followed by ``sunk``: the rows form
    (module docstring) for the tape writes of the group's outputs that qualify; sets
    ``group.rows`` and ``group.counter``. ``sunk`` unchanged when none does."""
    allocs = {}
    pairs, counter = [], None
    bound = {t.id for s in sunk if isinstance(s, ast.Assign) for t in s.targets
             if isinstance(t, ast.Name)}
    for s in sunk:
        a, p = _alloc(s), _put(s)
        if a is not None:
            allocs[a[0]] = (a, s)
        elif p is not None and p[0] in allocs and allocs[p[0]][0] == p:
            tape, k, x = p
            if (x in group.outputs and x not in bound and counter in (None, k)
                    and not bound & {tape, k, "_n" + k[2:]}
                    and sum(_uses(t, tape) for t in sunk) == 2):
                pairs.append((x, tape, allocs[tape][1], s))
                counter = k
    skip = {id(n) for _, _, a, p in pairs for st in (a, p) for n in ast.walk(st)}
    call = group.call()
    skip |= {id(n) for n in ast.walk(call)}
    pairs = [q for q in pairs if _row_safe(fn, q[0], skip, groups)]
    if not pairs:
        return [call] + sunk
    group.rows = [(x, tape) for x, tape, _, _ in pairs]
    group.counter = counter
    taken = {id(st) for _, _, a, p in pairs for st in (a, p)}
    first = [call] + [s.body[0] if isinstance(s, ast.If) else s for s in sunk
                      if id(s) in taken]  # (the allocation: this branch is the first trip)
    args = ", ".join(group.inputs + [t for _, t in group.rows] + [f"{counter} - 1"])
    outs = "".join(o + ", " for o in group.outputs)
    rows = ast.parse(f"{outs}= {group.name}_rows({args})" if outs
                     else f"{group.name}_rows({args})").body[0]
    branch = ast.If(test=ast.parse(f"{counter} == 1", mode="eval").body, body=first,
                    orelse=[rows])
    return [branch] + [s for s in sunk if id(s) not in taken]


def _uses(node, name):
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))
