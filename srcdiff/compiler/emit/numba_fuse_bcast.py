"""The broadcasting loop of a fused group (numba_fuse.py): ``_fusedK_loop`` for float64
arrays of one number of axes whose lengths differ where one of them is 1 (nbody's
``(n, 1, 3)`` and ``(1, n, 3)`` positions, its ``(n, n, 3)`` differences, the ``(n, n)``
cotangent spread over the last axis), and for the sums ``unbroadcast(e, s)`` and
``-unbroadcast(e, s)`` of an elementwise value to the shape of an array ``s``.

Chosen (numba_fuse_loop.loop_source) for every group of 3-d arrays and for the 2-d groups
that take a sum to an array's shape (the one-shape 2-d loop runs such a group as written);
a group with stores, in-place adds, first contributions, augmented adds or tape rows, or
one that reads a sum's value after it, runs as written. The loop runs over the broadcast
shape ``(_n0, _n1, ...)`` (per axis the largest length of the arrays the values read) and
reads input ``x`` at ``x[_i0 * _bX_0, ...]`` (``_bX_d`` is 0 where ``x`` has length 1:
NumPy's broadcasting of that axis). The reserved names (``_i0``, ``_bK_d``, ``_cK_d``) are
numba_names.OWN's.

**Invariant (numba_fuse.py's: every read of element ``(i, j, k)`` sees the value the array
form computes; and each sum adds the same numbers in the same order as the unfused
``unbroadcast``).** Checked at run time before the loop, else the statements as written:

- every array read has, per axis, the loop's length or 1 (the array form broadcasts them
  to the loop's shape: element ``(i, j, k)`` of a value is its operation on the inputs'
  elements at the indices above);
- every value the group returns or sums has the loop's shape: per axis some array it
  reads (through the group's earlier values) has the loop's length (a value of a smaller
  shape, returned as the loop's shape or summed once per loop element, would be wrong);
- a sum's target ``s`` has, per axis, the loop's length or 1, is not the loop's shape
  (``unbroadcast`` then returns the value itself: no additions, signed zeros kept), and is
  not summed over its last axis while also summed over an axis before a kept one
  (``(1, n, 1)`` of ``(m, n, k)``: numba_broadcast._blocks totals each row of the last
  axis first, then adds the totals; in the other cases each element of the result gets
  the value's elements added one by one in C order, starting from 0.0, as the loop
  does). ``-unbroadcast``'s negation is taken after the loop, of the whole sum, as the
  array form does.

The group writes only new arrays (no stores, no adds into names), so no memory check is
needed. tests/numba/test_numba_fuse_bcast.py checks the chosen loops, the fallbacks and the
numbers against the NumPy backend's and finite differences (random broadcasting groups:
tests/numba/gen_stencils.py).
"""

import ast

from srcdiff.compiler.emit import numba_fuse_loop

_LOOP_KINDS = ("assign", "sum", "nsum")


def wants_broadcast(members, arrays, ndim):
    """Whether the group's loop is this module's: 3-d arrays, or 2-d with a sum to an
    array's shape."""
    return ndim == 3 or ndim == 2 and any(
        kind in ("sum", "nsum") and _sum_target(value_stmt) in arrays
        for (kind, *_), value_stmt in members)


def _sum_target(s):
    call = s.value.operand if isinstance(s.value, ast.UnaryOp) else s.value
    return call.args[1].id if isinstance(call.args[1], ast.Name) else None


def broadcast_source(group, members, arrays, ndim):
    """The loop's source (module docstring), or None: the statements as written."""
    if group.rows or any(kind not in _LOOP_KINDS for kind, *_ in members):
        return None
    views = {}
    values = [numba_fuse_loop._views(value, views) for _, _, _, value in members]
    if views:
        return None  # (a slice read: this loop reads whole arrays only)
    axes = range(ndim)
    idx = [f"_i{d}" for d in axes]
    read = [a for a in numba_fuse_loop._names(values) if a in arrays]
    if not read:
        return None
    lines = [f"def {group.name}_loop({', '.join(group.params())}):"]
    for d in axes:
        lens = ", ".join(f"{a}.shape[{d}]" for a in read)
        lines.append(f"    _n{d} = {f'max({lens})' if len(read) > 1 else lens}")
    shape = "(" + "".join(f"_n{d}, " for d in axes) + ")"
    checks = [f"({a}.shape[{d}] != _n{d} and {a}.shape[{d}] != 1)" for a in read for d in axes]
    deps, before, inside, after = {}, [], [], []
    computed, sums = set(), set()
    for (kind, name, _, _), v, s in zip(members, values, group.stmts):
        reads = {n.id for n in ast.walk(v) if isinstance(n, ast.Name)}
        if reads & sums:
            return None  # (a sum's value is known after the loop only)
        if kind != "assign":
            sums.add(name)
        mine = set().union(*[deps.get(r, {r} if r in arrays else set()) for r in reads])
        if not mine:  # (numbers only: once, before the loop)
            if kind != "assign":
                return None
            before.append(f"{name} = {ast.unparse(s.value)}")
            continue
        value = _indexed(v, arrays, computed, idx, read)
        if kind == "assign":
            deps[name] = mine
            computed.add(name)
            inside.append(f"_e_{name} = {value}")
            if name in group.outputs:
                checks += _full(mine, axes)
                before.append(f"{name} = np.empty({shape})")
                inside.append(f"{name}[{', '.join(idx)}] = _e_{name}")
            continue
        checks += _full(mine, axes)
        target = _sum_target(s)
        if target not in arrays:  # (a sum to a number)
            before.append(f"_s_{name} = 0.0")
            inside.append(f"_s_{name} += {value}")
        else:
            checks += [f"({target}.shape[{d}] != _n{d} and {target}.shape[{d}] != 1)"
                       for d in axes]
            checks.append("(" + " and ".join(f"{target}.shape[{d}] == _n{d}"
                                             for d in axes) + ")")
            if ndim == 3:  # (summed last axis, and a summed axis before a kept one)
                checks.append(f"({target}.shape[2] != _n2 and {target}.shape[0] != _n0 "
                              f"and {target}.shape[1] == _n1 and _n1 != 1)")
            before.append(f"_s_{name} = np.zeros({target}.shape)")
            at = ", ".join(f"{i} * _c{len(after)}_{d}" for d, i in enumerate(idx))
            before += [f"_c{len(after)}_{d} = 1 if {target}.shape[{d}] != 1 else 0" for d in axes]
            inside.append(f"_s_{name}[{at}] += {value}")
        after.append(f"{name} = {'-' if kind == 'nsum' else ''}_s_{name}")
    if not inside:
        return None
    lines.append(f"    if {' or '.join(checks)}:")
    lines += ["        " + ln for st in group.plain().body for ln in ast.unparse(st).splitlines()]
    for k, a in enumerate(read):
        lines += [f"    _b{k}_{d} = 1 if {a}.shape[{d}] != 1 else 0" for d in axes]
    lines += [f"    {ln}" for ln in before]
    for d in axes:
        lines.append("    " * (d + 1) + f"for _i{d} in range(_n{d}):")
    lines += ["    " * (ndim + 1) + ln for ln in inside]
    lines += [f"    {ln}" for ln in after]
    lines.append(f"    return ({''.join(o + ', ' for o in group.outputs)})")
    return "\n".join(lines) + "\n"


def _full(arrays, axes):
    """The checks that a value reading ``arrays`` has the loop's shape."""
    names = sorted(arrays)
    out = []
    for d in axes:
        lens = ", ".join(f"{a}.shape[{d}]" for a in names)
        out.append(f"({f'max({lens})' if len(names) > 1 else lens} != _n{d})")
    return out


def _indexed(expr, arrays, computed, idx, read):
    """``expr`` with each input array ``x`` read at its broadcast index, each value the
    group computed as ``_e_x``."""
    class Index(ast.NodeTransformer):
        def visit_Name(self, node):
            if node.id in computed:
                return ast.Name(id=f"_e_{node.id}", ctx=ast.Load())
            if node.id not in arrays:
                return node
            k = read.index(node.id)
            at = ", ".join(f"{i} * _b{k}_{d}" for d, i in enumerate(idx))
            return ast.parse(f"{node.id}[{at}]", mode="eval").body
    return ast.unparse(Index().visit(ast.parse(ast.unparse(expr), mode="eval")))
