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

Arrays of fewer axes than the loop's (a 1-d ``gamma`` beside 2-d activations, a layer
normalisation's backward group: mlp_ln) are read as NumPy broadcasts them, trailing axes
aligned (``_Axes``); a sum to such an array's shape only in 2-d groups (numba_broadcast's
``unbroadcast`` of a 2-d value to a 1-d shape adds in C order from 0.0, as the loop). A
statement reading a sum's value (and no value the loop computes) runs as written after the
loop, the sums then known: the same statement on the same values. In 2-d groups each sum's
values of a row are kept in a buffer ``_aK`` by the inner loop and added after it, one
element of the sum at a time in the row's order (``_t`` carries an element summed over the
row): each element still gets its values in C order, and the inner loop holds no chain of
additions (which kept LLVM from vectorizing it).

The group writes only new arrays (no stores, no adds into names), so no memory check is
needed. tests/numba/test_numba_fuse_bcast.py checks the chosen loops, the fallbacks and the
numbers against the NumPy backend's and finite differences (random broadcasting groups:
tests/numba/gen_stencils.py).
"""

import ast

from srcdiff.compiler.emit import numba_fuse_loop, numba_fuse_ssa

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
    """The loop's source (module docstring), or None: the statements as written.
    ``arrays``: the array inputs, a dict of their numbers of axes (or a set: ``ndim``
    each)."""
    if group.rows or any(kind not in _LOOP_KINDS for kind, *_ in members):
        return None
    ranks = arrays if isinstance(arrays, dict) else dict.fromkeys(arrays, ndim)
    views = {}
    values = [numba_fuse_loop._views(value, views) for _, _, _, value in members]
    if views:
        return None  # (a slice read: this loop reads whole arrays only)
    axes = range(ndim)
    idx = [f"_i{d}" for d in axes]
    read = [a for a in numba_fuse_loop._names(values) if a in ranks]
    if not read or max(ranks[a] for a in read) != ndim or min(ranks.values()) < 1:
        return None
    at = _Axes(ranks, ndim)
    lines = [f"def {group.name}_loop({', '.join(group.params())}):"]
    for d in axes:
        lens = [at.length(a, d) for a in read if at.has(a, d)]
        lines.append(f"    _n{d} = {_largest(lens)}")
    shape = "(" + "".join(f"_n{d}, " for d in axes) + ")"
    checks = [f"({at.length(a, d)} != _n{d} and {at.length(a, d)} != 1)"
              for a in read for d in axes if at.has(a, d)]
    deps, before, inside, rows, after = {}, [], [], [], []
    computed, sums, late, placed = set(), set(), set(), set()
    # 2-d: each sum's values kept in a row buffer by the inner loop, added after it
    split = ndim == 2
    for k, ((kind, name, _, _), v, s) in enumerate(zip(members, values, group.stmts)):
        reads = {n.id for n in ast.walk(v) if isinstance(n, ast.Name)}
        if reads & (sums | late):  # (a sum's value is known after the loop only)
            if kind != "assign" or reads & computed:
                return None
            late.add(name)  # (its statement as written, after the loop)
            placed.add(k)
            after.append(f"{name} = {ast.unparse(s.value)}")
            continue
        if kind != "assign":
            sums.add(name)
            placed.add(k)
        mine = set().union(*[deps.get(r, {r} if r in ranks else set()) for r in reads])
        if not mine:  # (numbers only: once, before the loop)
            if kind != "assign":
                return None
            before.append(f"{name} = {ast.unparse(s.value)}")
            continue
        value = _indexed(v, at, computed, idx, read)
        if kind == "assign":
            deps[name] = mine
            computed.add(name)
            inside.append(f"_e_{name} = {value}")
            if name in group.outputs:
                if max(ranks[a] for a in mine) != ndim:
                    return None  # (NumPy's value has fewer axes than the loop's array:
                    # the two versions of the group would return different types)
                checks += _full(mine, at, axes)
                before.append(f"{name} = np.empty({shape})")
                inside.append(f"{name}[{', '.join(idx)}] = _e_{name}")
            continue
        checks += _full(mine, at, axes)
        target = _sum_target(s)
        k = len(after)
        if target not in ranks:  # (a sum to a number)
            before.append(f"_s_{name} = 0.0")
            if split:
                before.append(f"_a{k} = np.empty(_n1)")
                inside.append(f"_a{k}[_i1] = {value}")
                rows += ["for _j in range(_n1):", f"    _s_{name} += _a{k}[_j]"]
            else:
                inside.append(f"_s_{name} += {value}")
        else:
            if ranks[target] != ndim and ndim != 2:
                return None  # (unbroadcast's order for 3-d values: same ranks only)
            own = [d for d in axes if at.has(target, d)]
            checks += [f"({at.length(target, d)} != _n{d} and {at.length(target, d)} != 1)"
                       for d in own]
            if ranks[target] == ndim:
                checks.append("(" + " and ".join(f"{target}.shape[{d}] == _n{d}"
                                                 for d in axes) + ")")
            if ndim == 3:  # (summed last axis, and a summed axis before a kept one)
                checks.append(f"({target}.shape[2] != _n2 and {target}.shape[0] != _n0 "
                              f"and {target}.shape[1] == _n1 and _n1 != 1)")
            before.append(f"_s_{name} = np.zeros({target}.shape)")
            before += [f"_c{k}_{d} = 1 if {at.length(target, d)} != 1 else 0" for d in own]
            if split:  # (own[-1] == 1: trailing axes align)
                outer = "".join(f"{idx[d]} * _c{k}_{d}, " for d in own[:-1])
                before.append(f"_a{k} = np.empty(_n1)")
                inside.append(f"_a{k}[_i1] = {value}")
                rows += [f"if _c{k}_1:",
                         "    for _j in range(_n1):",
                         f"        _s_{name}[{outer}_j] += _a{k}[_j]",
                         "else:",
                         f"    _t = _s_{name}[{outer}0]",
                         "    for _j in range(_n1):",
                         f"        _t += _a{k}[_j]",
                         f"    _s_{name}[{outer}0] = _t"]
            else:
                where = ", ".join(f"{idx[d]} * _c{k}_{d}" for d in own)
                inside.append(f"_s_{name}[{where}] += {value}")
        after.append(f"{name} = {'-' if kind == 'nsum' else ''}_s_{name}")
    if not inside:
        return None
    numba_fuse_ssa.check_late(group, placed)  # (numba_fuse.py: where a sum is known)
    lines.append(f"    if {' or '.join(checks)}:")
    lines += ["        " + ln for st in group.plain().body for ln in ast.unparse(st).splitlines()]
    for k, a in enumerate(read):
        lines += [f"    _b{k}_{d} = 1 if {at.length(a, d)} != 1 else 0"
                  for d in axes if at.has(a, d)]
    lines += [f"    {ln}" for ln in before]
    for d in axes:
        lines.append("    " * (d + 1) + f"for _i{d} in range(_n{d}):")
    lines += ["    " * (ndim + 1) + ln for ln in inside]
    lines += ["    " * ndim + ln for ln in rows]
    lines += [f"    {ln}" for ln in after]
    lines.append(f"    return ({''.join(o + ', ' for o in group.outputs)})")
    return "\n".join(lines) + "\n"


class _Axes:
    """Which loop axis each array axis is: NumPy's broadcasting aligns the trailing axes,
    so axis ``d`` of the loop is axis ``d - (ndim - rank)`` of an array of ``rank`` axes
    (an array of fewer axes has length 1 along the loop's leading ones)."""

    def __init__(self, ranks, ndim):
        self.ranks, self.ndim = ranks, ndim

    def has(self, a, d):
        return d >= self.ndim - self.ranks[a]

    def length(self, a, d):
        return f"{a}.shape[{d - (self.ndim - self.ranks[a])}]"


def _full(arrays, at, axes):
    """The checks that a value reading ``arrays`` has the loop's shape."""
    names = sorted(arrays)
    out = []
    for d in axes:
        lens = [at.length(a, d) for a in names if at.has(a, d)]
        out.append(f"({_largest(lens) if lens else 1} != _n{d})")
    return out


def _largest(lens):
    return f"max({', '.join(lens)})" if len(lens) > 1 else lens[0]


def _indexed(expr, at, computed, idx, read):
    """``expr`` with each input array ``x`` read at its broadcast index, each value the
    group computed as ``_e_x``."""
    class Index(ast.NodeTransformer):
        def visit_Name(self, node):
            if node.id in computed:
                return ast.Name(id=f"_e_{node.id}", ctx=ast.Load())
            if node.id not in at.ranks:
                return node
            k = read.index(node.id)
            where = ", ".join(f"{i} * _b{k}_{d}" for d, i in enumerate(idx) if at.has(node.id, d))
            return ast.parse(f"{node.id}[{where}]", mode="eval").body
    return ast.unparse(Index().visit(ast.parse(ast.unparse(expr), mode="eval")))
