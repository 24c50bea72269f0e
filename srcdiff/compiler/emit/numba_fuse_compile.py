"""The overloads of numba_fuse.py's groups: ``_fusedK`` (and ``_fusedK_rows``,
numba_fuse_rows.py) compile, for each argument types, the group's loop (its source made by
``numba_fuse.Group.loop_source`` for those types) or the statements as written; and
``overlap``, the run-time check the loops make of two 1-d arrays' memory (and
``_fused_meets``, the same check that lets a store target be exactly an input's view:
numba_fuse_loop.py)."""

import ast

import numpy as np

from srcdiff.compiler.emit import numba_fuse_ssa, numba_names
from srcdiff.compiler.emit.numba_helpers import numba, types
from srcdiff.compiler.emit.numba_pieces import shares as _overlap_impl
from srcdiff.compiler.emit.numba_pieces import shares_nd as _overlap_nd


def stubs(groups):
    """The overloaded functions ``_fusedK`` (and ``_fusedK_rows``) the rewritten code
    calls, by name (and numba_fuse_reduce.py's ``_fused_sumK``: ``Site.stub``)."""
    made = {g.name: g.stub() if hasattr(g, "stub") else _stub(g, False) for g in groups}
    made.update({g.name + "_rows": _stub(g, True) for g in groups if g.rows})
    return made


def _stub(group, rows):
    name = group.name + ("_rows" if rows else "")
    params = ", ".join(group.params(rows))
    scope = {"choose": lambda args: _choose(group, args, rows)}
    exec(f"def {name}({params}):\n    pass\n\n"
         f"def typer({params}):\n    return choose(({params}{',' if params else ''}))\n",
         scope)
    # (not cached on disk: the loop's source is made here; the gradient that calls it is)
    # (not inlined: numba compiles an overload's implementation in full to type it even
    # when it is inlined, then lowers it again inside the caller; called, it is compiled
    # once: Burgers' cold first call 11.7 -> 7.1 CPU s; its gradient 5-9% slower, two calls
    # a step, issue 18 round 6)
    numba.extending.overload(scope[name], inline="never")(scope["typer"])
    return scope[name]


def _choose(group, args, rows):
    """The implementation of ``_fusedK`` for argument types ``args``: the loop when every
    array is float64 of one number of axes, 1, 2 or 3 (or of 1 or 2 axes, the broadcasting
    loop's), and every other input a float
    (``rows``: and the tapes float64 with one axis more, C order), else the statements."""
    kinds = dict(zip(group.inputs, args))
    ns = group.globals
    plain = ns[f"{group.name}{'_rows' if rows else ''}_arrays"]
    scratch = kinds.pop(group.scratch(), None)  # (a 2-d float64 buffer, Group.scratch)
    if scratch is not None and not (isinstance(scratch, types.Array) and scratch.ndim == 2
                                    and scratch.dtype == types.float64):
        return plain.py_func
    # (first contributions resolved by their names' types, augmented assignments as
    # rebindings: the statements the loop is written from, numba_fuse_ssa.py)
    made = numba_fuse_ssa.for_loop(group, kinds, _float64)
    if made is None:
        return plain.py_func
    group, nones = made
    for a in nones:
        del kinds[a]
    # (arrays of fewer axes than the others': the broadcasting loop, numba_fuse_bcast.py)
    arrays = {a: t.ndim for a, t in kinds.items() if isinstance(t, types.Array)}
    tapes = args[len(group.inputs):-1] if rows else ()
    ndims = set(arrays.values())
    # (mixed ranks only in 2-d loops: a 3-d one reading a 2-d array failed numba's typing,
    # tests/numba/test_numba_broadcast.py's sum_sin of (3, 4) and (2, 3, 4) arrays)
    ndim = max(ndims) if len(ndims) == 1 or ndims and min(ndims) >= 1 and max(ndims) == 2 \
        and not rows else None
    # (an int input: the statements as written, whose int operations numba_ints.py checks;
    # the loop computes them unchecked)
    if ndim not in (1, 2, 3) or not all(map(_float64, kinds.values())) \
            or not all(isinstance(t, types.Array) and t.ndim == ndim + 1
                       and t.dtype == types.float64 and t.layout == "C" for t in tapes):
        return plain.py_func
    source = group.loop_source(arrays, rows, ndim)
    if source is None:
        return plain.py_func
    # (its own names are numba_names.OWN's, apart from the gradient's: keep_apart)
    mine = {n.id for s in group.stmts for n in ast.walk(s) if isinstance(n, ast.Name)}
    numba_names.check_introduced(ast.parse(source), mine | set(group.params(rows)), set())
    scope = dict(ns)
    scope["overlap"] = overlap if ndim == 1 else overlap_nd
    scope["_fused_meets"] = meets if ndim == 1 else meets_nd
    exec(source, scope)
    return scope[f"{group.name}_loop"]


def _float64(t):
    """Whether the numba type ``t`` is a float64 array or a float."""
    return isinstance(t, types.Array) and t.dtype == types.float64 or isinstance(t, types.Float)


# (inlined into each loop: 7 checks a step of Burgers' gradient, 2-3% of its time as calls)
overlap = numba.njit(inline="always")(_overlap_impl) if numba is not None else _overlap_impl
overlap_nd = numba.njit(inline="always")(_overlap_nd) if numba is not None else _overlap_nd


def _same(a, b):
    """Whether ``a`` and ``b`` are one view: the same first address, shape and strides (so
    element ``i`` of both is one address)."""
    return a.ctypes.data == b.ctypes.data and a.shape == b.shape and a.strides == b.strides


def _meets(a, b):
    return overlap(a, b) and not same(a, b)


def _meets_nd(a, b):
    return overlap_nd(a, b) and not same(a, b)


# (a store target against an array input: numba_fuse_loop.py, the identical view allowed)
same = numba.njit(inline="always")(_same) if numba is not None else _same
meets = numba.njit(inline="always")(_meets) if numba is not None else _meets
meets_nd = numba.njit(inline="always")(_meets_nd) if numba is not None else _meets_nd
_ = np  # (the loop sources run with the generated module's np)
