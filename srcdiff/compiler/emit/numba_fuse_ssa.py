"""Two statement forms a fused group (numba_fuse.py) takes beside its plain members, and the
statements its loop is written from when it holds them.

**First contributions.** A called function's backward sweep adds into the adjoints its
caller passes, which may be ``None`` (nothing added yet): ``b_x = e1 if b_x is None else
b_x + e2`` (``e1``, ``e2`` elementwise, ``e1`` not reading ``b_x``). Which branch runs is
decided by the type numba gives ``b_x``, an input of the group: ``NoneType`` takes ``e1``,
a float64 array or a float takes the other branch; any other type (an optional array)
runs the statements as written. The loop is written for the branch the type decides
(:func:`for_loop`), so every call with those types computes that branch's numbers, as the
statements as written do.

**Augmented assignments.** ``b_y += e`` (``+``, ``-``, ``*``; ``e`` elementwise) of a name
an earlier member of the group assigned. That value is a new array (or a number) made by
an elementwise operation in the group, which only the group's elementwise expressions read
before the ``+=`` (numba_fuse._Span refuses a moved binding, tape write or view of it), so
nothing else sees the array written in place: ``b_y = b_y + e`` has the same numbers (for
the loop's float64 arrays of one shape, the same shape and dtype). The statements as
written keep the ``+=``.

**The loop's statements** (:func:`for_loop`): every member rebinding a name gets a name of
its own (``_wK``, numba_names.OWN) where it is not the last binding, or where the name
is an input of the group too (the loop function's parameter keeps the input; a plain
member as much as a first contribution or an augmented assignment: ``b_x = add_into(b_x,
g)`` read ``np.empty`` for the input before session 44), and the reads after it read that
name: each name is then assigned once, as numba_fuse_loop.py
writes its loops.
"""

import ast
import copy

from srcdiff.compiler.ir.calls import named_call
from srcdiff.errors import SrcdiffError

OPS = (ast.Add, ast.Sub, ast.Mult)


def first_form(s):
    """``(name, tested, if_none, otherwise)`` of ``name = e1 if tested is None else e2``,
    or None."""
    if not (isinstance(s, ast.Assign) and len(s.targets) == 1
            and isinstance(s.targets[0], ast.Name) and isinstance(s.value, ast.IfExp)):
        return None
    test = s.value.test
    if (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            and len(test.ops) == 1 and isinstance(test.ops[0], ast.Is)
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value is None):
        return s.targets[0].id, test.left.id, s.value.body, s.value.orelse
    return None


def aug_form(s):
    """``(name, value)`` of ``name op= e`` (``op`` in OPS), ``value`` the expression
    ``name op e``; or None."""
    if (isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Name)
            and isinstance(s.op, OPS)):
        return s.target.id, ast.BinOp(left=ast.Name(id=s.target.id, ctx=ast.Load()),
                                      op=type(s.op)(), right=s.value)
    return None


def target(s):
    """The target node of a member (an ``Assign``'s one target, an ``AugAssign``'s)."""
    return s.target if isinstance(s, ast.AugAssign) else s.targets[0]


def is_none(t):
    return type(t).__name__ == "NoneType"


def for_loop(group, kinds, value_type):
    """A copy of ``group`` whose statements are the loop's (module docstring) for the
    input types ``kinds`` (name -> numba type), or None when they cannot be chosen (a
    first contribution's name of another type than ``NoneType`` or ``value_type(t)``, or
    a ``None`` input read by the branch taken). Returns ``(copy, none_inputs)``."""
    last = {}
    for k, s in enumerate(group.stmts):
        if isinstance(target(s), ast.Name):
            last[target(s).id] = k
    current, stmts, fresh = {}, [], 0
    for k, s in enumerate(group.stmts):
        first, aug = first_form(s), aug_form(s)
        if first is not None:
            name, tested, if_none, otherwise = first
            t = kinds.get(tested)
            if tested in current or t is None:
                return None
            if is_none(t):
                value = if_none
            elif value_type(t):
                value = otherwise
            else:
                return None
        elif aug is not None:
            name, value = aug
        else:
            s = _renamed(s, current)
            t = target(s)
            # (a plain member rebinding an input it may read, ``b_x = add_into(b_x, g)``:
            # the loop's new array must not take the input's name, which its reads of
            # element i of the input would then read (numba_fuse_loop.py writes
            # ``b_x = np.empty(n)`` before the loop); an in-place add, ``index_add``,
            # writes into the input itself after the loop and keeps its name)
            if isinstance(t, ast.Name) and t.id in group.inputs \
                    and named_call(s.value, ("index_add",)) is None:
                current[t.id], t.id, fresh = f"_w{fresh}", f"_w{fresh}", fresh + 1
            stmts.append(s)
            continue
        value = _renamed(ast.Expression(body=copy.deepcopy(value)), current).body
        new = name
        if last[name] != k or name in group.inputs:
            new, fresh = f"_w{fresh}", fresh + 1
        stmts.append(ast.Assign(targets=[ast.Name(id=new, ctx=ast.Store())], value=value,
                                lineno=0))
        current[name] = new
    nones = {a for a, t in kinds.items() if is_none(t)}
    if any(isinstance(n, ast.Name) and n.id in nones for s in stmts for n in ast.walk(s)):
        return None
    loop = copy.copy(group)
    loop.stmts = stmts
    loop.plain = group.plain  # (the loop's fallback, lengths differing: as written)
    loop.outputs = [current.get(o, o) for o in group.outputs]
    loop.rows = [(current.get(x, x), t) for x, t in group.rows]
    return loop, nones


def _renamed(node, current):
    """A copy of ``node`` whose loads of names in ``current`` read their current names."""
    node = copy.deepcopy(node)
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in current:
            n.id = current[n.id]
    return ast.fix_missing_locations(node)


def check_late(group, placed):
    """Raise SrcdiffError unless the members a loop writer placed as known after the loop
    (``placed``: indices of sums and of assignments run after it) are the group finder's
    (``group.late``): numba_fuse.py's invariant of where a sum's number is known."""
    if set(placed) != set(group.late):
        differ = sorted(set(placed) ^ set(group.late))
        raise SrcdiffError(
            f"internal error: fused group {group.name}: the loop places members "
            f"{sorted(placed)} after the loop where the group finder has {sorted(group.late)}"
            f" (differing: " + "; ".join(ast.unparse(group.stmts[k]) for k in differ) + ")")
