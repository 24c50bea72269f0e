"""A sum over the last axis of an elementwise value, as one loop (``backend="numba"``).

The pair ``t = e`` (``e`` elementwise: numba_fuse._elementwise) followed by ``s = np.sum(t,
axis=-1)`` (or the last axis written as a number), where every other read of ``t`` in the
function is the shape argument of ``unreduce(g, t, ...)`` (numba_pieces.unreduce reads
``t.shape`` only), becomes ``s, t = _fused_sumK(inputs)``. For float64 arrays of one number
of axes (2 or 3, NumPy's broadcasting of axes of length 1 allowed) and float numbers, the
overload compiles a loop that adds ``e``'s elements of each row straight into ``s`` and
binds ``t`` to a stand-in of ``t``'s shape, a read-only broadcast of one zero (no memory):
nbody's ``pow1 = diff ** 2`` and its ``np.sum(pow1, axis=-1)``, a 1.5 MB array written and
read again at every call, become one pass over ``diff``. For other types (an int, a shape
the run-time check refuses) it runs the two statements as written (``_fused_sumK_arrays``).

**Invariant: ``s`` holds the numbers numba's ``np.sum(t, axis=-1)`` of the array form
computes, and ``t`` is read after the site only for its shape.** numba's sum over an axis
(numba/np/arraymath.py ``_numpy_sum_axis``) fills the result with 0.0 and adds ``t``'s
elements in the order of its memory; ``t`` is a new C-ordered array, so each ``s[i, j]``
is ``((0.0 + t[i, j, 0]) + t[i, j, 1]) + ...``: the loop adds the same numbers (each
element is ``e`` of the inputs' elements at its broadcast index, the operations of the
array form, as numba_fuse_bcast.py's loops compute them) in the same order, from 0.0.
Checked at generation time (:func:`rewrite`: the reads of ``t``; ``t`` assigned once and
not a parameter) and at run time (every array input's length per axis is the loop's or
1, else the statements as written). tests/numba/test_numba_fuse_reduce.py checks the
rewrite's shape, the fallbacks and the numbers (bit for bit the unfused numba gradient's,
the NumPy backend's to 1e-12 and central finite differences).
"""

import ast

from srcdiff.compiler.emit import numba_fuse_loop, numba_names
from srcdiff.compiler.emit.numba_fuse_compile import _float64
from srcdiff.compiler.emit.numba_helpers import numba, types

PREFIX = "_fused_sum"


class Site:
    """One rewritten pair: ``t = e`` and ``s = np.sum(t, axis)``."""

    def __init__(self, index, stmts, inputs, axis):
        self.name = f"{PREFIX}{index}"
        self.stmts, self.inputs, self.axis = stmts, inputs, axis
        self.t, self.s = stmts[0].targets[0].id, stmts[1].targets[0].id
        self.outputs = [self.s, self.t]
        self.rows, self.globals = [], None  # (as numba_fuse.Group's: no tape rows)

    def scratch(self):
        return None

    def defs(self):
        """``_fused_sumK_arrays``: the two statements as written."""
        body = "".join(f"    {ast.unparse(s)}\n" for s in self.stmts)
        source = (f"def {self.name}_arrays({', '.join(self.inputs)}):\n{body}"
                  f"    return ({self.s}, {self.t})\n")
        return ast.parse(source).body

    def call(self):
        return ast.parse(f"{self.s}, {self.t} = {self.name}({', '.join(self.inputs)})").body[0]

    def stub(self):
        """The overloaded function the rewritten code calls (numba_fuse_compile.stubs)."""
        params = ", ".join(self.inputs)
        scope = {"choose": lambda args: _choose(self, args)}
        exec(f"def {self.name}({params}):\n    pass\n\n"
             f"def typer({params}):\n    return choose(({params}{',' if params else ''}))\n",
             scope)
        numba.extending.overload(scope[self.name], inline="never")(scope["typer"])
        return scope[self.name]

    def loop_source(self, ndim):
        """``_fused_sumK_loop`` for float64 arrays of ``ndim`` axes (the inputs' names that
        hold arrays: ``self.arrays``), or None."""
        views = {}
        value = numba_fuse_loop._views(self.stmts[0].value, views)
        read = [a for a in numba_fuse_loop._names([value]) if a in self.arrays]
        if views or not read:
            return None
        axes = range(ndim)
        idx = [f"_i{d}" for d in axes]
        lines = [f"def {self.name}_loop({', '.join(self.inputs)}):"]
        lines += [f"    _n{d} = {_largest([f'{a}.shape[{d}]' for a in read])}" for d in axes]
        checks = [f"({a}.shape[{d}] != _n{d} and {a}.shape[{d}] != 1)" for a in read
                  for d in axes]
        lines += [f"    if {' or '.join(checks)}:",
                  f"        _s_s, _s_t = {self.name}_arrays({', '.join(self.inputs)})",
                  "        return (_s_s, np.broadcast_to(_s_t, _s_t.shape))"]
        for k, a in enumerate(read):
            lines += [f"    _b{k}_{d} = 1 if {a}.shape[{d}] != 1 else 0" for d in axes]
        outer = ", ".join(f"_n{d}" for d in axes[:-1])
        lines.append(f"    _s_s = np.empty(({outer},))")
        for d in axes:
            lines.append("    " * (d + 1) + f"for _i{d} in range(_n{d}):")
            if d == ndim - 2:
                lines.append("    " * (d + 2) + "_t = 0.0")
        lines.append("    " * (ndim + 1) + f"_t += {_indexed(value, read, idx)}")
        lines.append("    " * ndim + f"_s_s[{', '.join(idx[:-1])}] = _t")
        shape = "".join(f"_n{d}, " for d in axes)
        lines.append(f"    return (_s_s, np.broadcast_to(np.zeros(1), ({shape})))")
        return "\n".join(lines) + "\n"


def _largest(lens):
    return f"max({', '.join(lens)})" if len(lens) > 1 else lens[0]


def _indexed(expr, read, idx):
    """``expr`` with each array input ``x`` read at its broadcast index."""
    class Index(ast.NodeTransformer):
        def visit_Name(self, node):
            if node.id not in read:
                return node
            k = read.index(node.id)
            where = ", ".join(f"{i} * _b{k}_{d}" for d, i in enumerate(idx))
            return ast.parse(f"{node.id}[{where}]", mode="eval").body
    return ast.unparse(Index().visit(ast.parse(ast.unparse(expr), mode="eval")))


def _choose(site, args):
    """The implementation of ``_fused_sumK`` for argument types ``args``: the loop when
    every array is float64 of one number of axes, 2 or 3, the axis its last, and every
    other input a float; else the statements as written."""
    kinds = dict(zip(site.inputs, args))
    plain = site.globals[f"{site.name}_arrays"]
    ndims = {t.ndim for t in kinds.values() if isinstance(t, types.Array)}
    if len(ndims) != 1 or not all(map(_float64, kinds.values())):
        return plain.py_func
    ndim = ndims.pop()
    if ndim not in (2, 3) or site.axis not in (-1, ndim - 1):
        return plain.py_func
    site.arrays = {a for a, t in kinds.items() if isinstance(t, types.Array)}
    source = site.loop_source(ndim)
    if source is None:
        return plain.py_func
    # (its own names are numba_names.OWN's, apart from the gradient's: keep_apart)
    mine = {n.id for s in site.stmts for n in ast.walk(s) if isinstance(n, ast.Name)}
    numba_names.check_introduced(ast.parse(source), mine, set())
    scope = dict(site.globals)
    exec(source, scope)
    return scope[f"{site.name}_loop"]


def _sum_of(s):
    """``(s, t, axis)`` of ``s = np.sum(t, axis=A)`` (``A`` an int written in the source),
    or None."""
    if not (isinstance(s, ast.Assign) and len(s.targets) == 1
            and isinstance(s.targets[0], ast.Name) and isinstance(s.value, ast.Call)
            and ast.unparse(s.value.func) == "np.sum" and s.value.args
            and isinstance(s.value.args[0], ast.Name)):
        return None
    axes = s.value.args[1:] + [k.value for k in s.value.keywords if k.arg == "axis"]
    if len(axes) != 1 or len(s.value.args) + len(s.value.keywords) != 2:
        return None
    try:
        axis = ast.literal_eval(axes[0])
    except ValueError:
        return None
    if not isinstance(axis, int) or isinstance(axis, bool):
        return None
    return s.targets[0].id, s.value.args[0].id, axis


def _shape_reads_only(fn, t, skip):
    """Whether every occurrence of ``t`` in ``fn`` outside the statements ``skip`` is a
    read as ``unreduce``'s second argument (its shape), and ``t`` is no parameter."""
    if t in {a.arg for a in fn.args.args + fn.args.kwonlyargs}:
        return False
    inside = {id(n) for s in skip for n in ast.walk(s)}
    shape_args = {id(n.args[1]) for n in ast.walk(fn) if isinstance(n, ast.Call)
                  and isinstance(n.func, ast.Name) and n.func.id == "unreduce"
                  and len(n.args) >= 2}
    return all(id(n) in inside or id(n) in shape_args
               for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == t)


def rewrite(fn, start, elementwise):
    """Rewrite the pairs of ``fn`` (module docstring) as calls of ``_fused_sumK`` (numbered
    from ``start``); returns the :class:`Site` list. ``elementwise``: the predicate of an
    elementwise expression (numba_fuse._elementwise)."""
    sites = []
    for node in list(ast.walk(fn)):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if not (isinstance(block, list) and block and isinstance(block[0], ast.stmt)):
                continue
            k = 0
            while k + 1 < len(block):
                site = _site(fn, block[k], block[k + 1], start + len(sites), elementwise)
                if site is None:
                    k += 1
                    continue
                sites.append(site)
                block[k:k + 2] = [site.call()]
                k += 1
    return sites


def _site(fn, first, second, index, elementwise):
    found = _sum_of(second)
    if found is None or not (isinstance(first, ast.Assign) and len(first.targets) == 1
                             and isinstance(first.targets[0], ast.Name)):
        return None
    s, t, axis = found
    value = first.value
    if first.targets[0].id != t or s == t or not elementwise(value) \
            or any(isinstance(n, ast.Subscript) for n in ast.walk(value)):
        return None
    called = {id(f) for n in ast.walk(value) if isinstance(n, ast.Call) for f in ast.walk(n.func)}
    inputs = list(dict.fromkeys(n.id for n in ast.walk(value) if isinstance(n, ast.Name)
                                and id(n) not in called))
    if t in inputs or not _shape_reads_only(fn, t, (first, second)):
        return None
    return Site(index, [first, second], inputs, axis)
