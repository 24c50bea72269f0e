"""The loop of a fused group (numba_fuse.py): the Python source of ``_fusedK_loop`` that
numba compiles for arrays of one shape, 1-d or 2-d.

The invariant is numba_fuse.py's (every read of element ``(i)`` or ``(i, j)`` sees the
value the array form computes): each statement writes only its element of a new array or
of a store target no input shares, and reads the same element of what an earlier statement
wrote. A 2-d group runs the same statements over both indices, rows outer (C order, so a
sum adds the elements in the order numba's ``a.sum()`` of the array form does); the
run-time checks compare both axes of every array input, store target and tape row with
the first array input's, and the memory checks (``overlap``, numba_fuse_compile.py) take
both axes' strides into the address ranges. The values kept for in-place adds live in a
2-d group in new arrays (``_scrK``, the 1-d groups' reused buffer, has one shape for the
whole function). (Tried, not kept: a 2-d group's in-place adds as element loops after its
loop instead of ``index_add``: no gain measured in the whole gradient, 0.5 s more compile.)"""

import ast

from srcdiff.compiler.emit import numba_fuse_ssa
from srcdiff.compiler.ir.calls import named_call

# the run-time helpers whose numba versions are one operation (numba_helpers.mul_into:
# ``m * other``; add_into: ``m + other``): in the loop, that operation
PRODUCTS = {"mul_into": ast.Mult, "add_into": ast.Add}
_INDEX = {1: "_i", 2: "_i, _j"}


def loop_source(group, members, arrays, rows, ndim):
    """``group``'s loop (numba_fuse.Group.loop_source): ``members`` are its statements'
    ``(kind, name, base, value)``; None when the statements as written must run."""
    if any(kind == "nsum" for kind, *_ in members):
        return None  # (a negated sum: numba_fuse_bcast.py's loop, else as written)
    index = _INDEX[ndim]
    views, values = {}, []
    for kind, _, _, value in members:  # a slice read, x[1:-1], is a view made first
        values.append(_views(value, views))
    read = [a for a in _names(values) if a in arrays]
    read += list(views.values())
    if not read:
        return None
    lines = [f"def {group.name}_loop({', '.join(group.params(rows))}):"]
    lines += [f"    {v} = {text}" for text, v in views.items()]
    lines.append(f"    _n = {read[0]}.shape[0]")
    if ndim == 2:
        lines.append(f"    _m = {read[0]}.shape[1]")
    shape = "_n" if ndim == 1 else "(_n, _m)"
    targets, accs = [], []
    for k, (kind, name, _, _) in enumerate(members):
        if kind == "store":
            targets.append(f"_t{k}")
            lines.append(f"    _t{k} = {ast.unparse(group.stmts[k].targets[0])}")
        if kind == "acc" and name not in accs:
            accs.append(name)
    checks = [f"{a}.shape[{d}] != {n}" for a in read[1:] + targets
              for d, n in enumerate(("_n", "_m")[:ndim])]
    checks += [f"{t}.shape[{d + 1}] != {n}" for _, t in group.rows if rows
               for d, n in enumerate(("_n", "_m")[:ndim])]
    checks += [f"_fused_meets({t}, {a})" for t in targets for a in read]
    checks += [f"overlap({t}, {a})" for i, t in enumerate(targets) for a in targets[:i]]
    checks += [f"overlap({b}, {a})" for b in accs for a in read]
    if checks:  # (else the statements as written, here: no other function to compile)
        lines.append(f"    if {' or '.join(checks)}:")
        lines += ["        " + ln for s in group.plain(rows).body
                  for ln in ast.unparse(s).splitlines()]
    kept = set(group.outputs) | {s.value.args[3].id for (kind, *_), s in zip(
        members, group.stmts) if kind == "acc" and isinstance(s.value.args[3], ast.Name)}
    before, inside, after, buffers, scratch = [], [], [], [], group.scratch()

    def buffer():  # (a row of the reused buffer; a new array in a 2-d group)
        buffers.append(None)
        return f"{scratch}[{len(buffers) - 1}]" if ndim == 1 else f"np.empty({shape})"

    kinds, computed, late, placed = set(read), set(), set(), set()
    for k, ((kind, name, _, _), v) in enumerate(zip(members, values)):
        s = group.stmts[k]
        array = any(isinstance(n, ast.Name) and n.id in kinds for n in ast.walk(v))
        value = _indexed(v, kinds, computed, index) if array else ast.unparse(v)
        if kind == "acc" and array and not isinstance(s.value.args[3], ast.Name):
            before.append(f"_a{k} = {buffer()}")  # (the value's elements)
            inside.append(f"_a{k}[{index}] = {value}")
            s = ast.parse(ast.unparse(s)).body[0]
            s.value.args[3] = ast.Name(id=f"_a{k}", ctx=ast.Load())
        if kind == "acc":  # (after every read of the loop: the overlap checks)
            after.append(ast.unparse(s))
            continue
        if _loads(s.value) & late:  # a number computed from a sum: after the loop
            if array or kind != "assign":
                return None
            late.add(name)
            placed.add(k)
            after.append(ast.unparse(s))
            continue
        if kind == "store":
            inside.append(f"_t{k}[{index}] = {value}")
        elif not array:
            before.append(f"{name} = {ast.unparse(group.stmts[k].value)}")
            if kind == "sum":  # (of numbers: its readers still run after the loop)
                late.add(name)
                placed.add(k)
        elif kind == "sum":
            if ast.unparse(group.stmts[k].value.args[1]) in kinds | arrays:
                return None  # (a sum to an array's shape)
            before.append(f"_s_{name} = 0.0")
            inside.append(f"_s_{name} += {value}")
            after.insert(0, f"{name} = _s_{name}")
            late.add(name)
            placed.add(k)
        else:
            kinds.add(name)
            computed.add(name)
            inside.append(f"_e_{name} = {value}")
            row = [t for x, t in group.rows if x == name and rows]
            if row:
                before.append(f"{name} = {row[0]}[_row]")
            elif name in kept and name not in group.outputs:  # (read by adds only)
                before.append(f"{name} = {buffer()}")
            elif name in kept:
                before.append(f"{name} = np.empty({shape})")
            if name in kept:
                inside.append(f"{name}[{index}] = _e_{name}")
    if rows and not {x for x, _ in group.rows} <= computed:
        return None  # (a value saved that the loop does not compute as an array)
    if not inside:  # (only adds of values already made: nothing to compute per element)
        return None
    numba_fuse_ssa.check_late(group, placed)  # (numba_fuse.py: where a sum is known)
    if buffers and ndim == 1:
        before[:0] = [f"if {scratch}.shape[0] < {len(buffers)} or {scratch}.shape[1] != _n:",
                      f"    {scratch} = np.empty(({len(buffers)}, _n))"]
    lines += [f"    {ln}" for ln in before]
    lines.append("    for _i in range(_n):")
    pad = "        "
    if ndim == 2:
        lines.append("        for _j in range(_m):")
        pad += "    "
    lines += [pad + ln for ln in inside]
    lines += [f"    {ln}" for ln in after]
    lines.append(f"    return ({''.join(o + ', ' for o in group.outputs)})")
    return "\n".join(lines) + "\n"


def _loads(node):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)
            and isinstance(n.ctx, ast.Load)}


def _views(expr, views):
    """``expr`` (a copy) with each constant slice of a name replaced by a view's name,
    ``_vK``; ``views``: the slices' source to their names (added to)."""
    class Views(ast.NodeTransformer):
        def visit_Subscript(self, node):
            text = ast.unparse(node)
            name = views.setdefault(text, f"_v{len(views)}")
            return ast.Name(id=name, ctx=ast.Load())

        def visit_Call(self, node):  # mul_into(a, b): a * b (PRODUCTS)
            self.generic_visit(node)
            if named_call(node, PRODUCTS) is not None:
                return ast.BinOp(left=node.args[0], op=PRODUCTS[node.func.id](),
                                 right=node.args[1])
            return node
    return Views().visit(ast.parse(ast.unparse(expr), mode="eval").body)


def _names(values):
    seen = []
    for v in values:
        for n in ast.walk(v):
            if isinstance(n, ast.Name) and n.id not in seen:
                seen.append(n.id)
    return seen


def _indexed(expr, arrays, computed, index="_i"):
    """``expr`` with each array name read at ``index`` (an input ``x[_i]``, a value the
    group computed, in ``computed``, ``_e_x``)."""
    at = ast.parse(index, mode="eval").body

    class Index(ast.NodeTransformer):
        def visit_Name(self, node):
            if node.id not in arrays:
                return node
            if node.id in computed:
                return ast.Name(id=f"_e_{node.id}", ctx=ast.Load())
            return ast.Subscript(value=node, slice=at, ctx=ast.Load())
    return ast.unparse(Index().visit(ast.parse(ast.unparse(expr), mode="eval")))
