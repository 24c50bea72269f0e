"""The overloads of numba_fuse.py's groups: ``_fusedK`` (and ``_fusedK_rows``,
numba_fuse_rows.py) compile, for each argument types, the group's loop (its source made by
``numba_fuse.Group.loop_source`` for those types) or the statements as written; and
``overlap``, the run-time check the loops make of two 1-d arrays' memory."""

import numpy as np

from srcdiff.compiler.emit.numba_helpers import numba, types


def stubs(groups):
    """The overloaded functions ``_fusedK`` (and ``_fusedK_rows``) the rewritten code
    calls, by name."""
    made = {g.name: _stub(g, False) for g in groups}
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
    # (inlined into the gradient: a group costs no function of its own to compile)
    numba.extending.overload(scope[name], inline="always")(scope["typer"])
    return scope[name]


def _choose(group, args, rows):
    """The implementation of ``_fusedK`` for argument types ``args``: the loop when every
    array is 1-d float64 and every other input a real number (``rows``: and the tapes
    2-d float64), else the statements."""
    kinds = dict(zip(group.inputs, args))
    ns = group.globals
    plain = ns[f"{group.name}{'_rows' if rows else ''}_arrays"]
    scratch = kinds.pop(group.scratch(), None)  # (a 2-d float64 buffer, Group.scratch)
    if scratch is not None and not (isinstance(scratch, types.Array) and scratch.ndim == 2
                                    and scratch.dtype == types.float64):
        return plain.py_func
    arrays = {a for a, t in kinds.items() if isinstance(t, types.Array)}
    tapes = args[len(group.inputs):-1] if rows else ()
    if not all((isinstance(t, types.Array) and t.ndim == 1 and t.dtype == types.float64)
               or isinstance(t, (types.Float, types.Integer)) for t in kinds.values()) \
            or not all(isinstance(t, types.Array) and t.ndim == 2 and t.dtype == types.float64
                       and t.layout == "C" for t in tapes):
        return plain.py_func
    source = group.loop_source(arrays, rows)
    if source is None:
        return plain.py_func
    scope = dict(ns)
    scope["overlap"] = overlap
    exec(source, scope)
    return scope[f"{group.name}_loop"]


def _overlap_impl(a, b):
    if a.shape[0] == 0 or b.shape[0] == 0:
        return False
    pa, pb = a.ctypes.data, b.ctypes.data
    ea, eb = (a.shape[0] - 1) * a.strides[0], (b.shape[0] - 1) * b.strides[0]
    lo_a, hi_a = pa + min(0, ea), pa + max(0, ea) + a.itemsize
    lo_b, hi_b = pb + min(0, eb), pb + max(0, eb) + b.itemsize
    return lo_a < hi_b and lo_b < hi_a


# (inlined into each loop: 7 checks a step of Burgers' gradient, 2-3% of its time as calls)
overlap = numba.njit(inline="always")(_overlap_impl) if numba is not None else _overlap_impl
_ = np  # (the loop sources run with the generated module's np)
