"""0-d float arrays passed to a numba gradient as floats, their gradients returned as 0-d arrays.

numba types a 0-d array as an array: the numba helpers have no 0-d versions, and a name
holding a 0-d array on one path and a float on another (``P = np.sin(x)`` then ``P = P *
v``, NumPy's 0-d arithmetic giving scalars) is a typing error. NumPy computes with a 0-d
float64 array exactly as with a float64 number (the same IEEE operations, the same
values), so at the boundary, outside the compiled core, the runner (numba_runner.Runner)
passes such an argument as its float and turns the gradient returned for it back into a
0-d array of its dtype, as the NumPy backend's ``finish`` returns it.

Invariant: a parameter is passed as a float only when the generated code cannot tell
the difference: it is read as a number only (never as ``x.attr``, ``x[...]``, stored to,
or passed to a function of an array's shape or identity, :data:`SHAPED`), and every
``finish(g, x)`` of it sits at one place of the returned tuples, the same on every
``return`` (:func:`plan`), where the runner restores the 0-d array. Arguments the function
changes in place are refused before (backends._runner: ``compiled.writes``).
tests/numba/test_numba_fuzz_causes.py checks the gradients against the NumPy backend and
central differences, and that they come back as 0-d arrays.
"""

import ast

import numpy as np

# functions whose result depends on their argument being an array (its shape, its type,
# its identity): a parameter passed to one of them stays as passed
SHAPED = {"array", "asarray", "asanyarray", "copy", "shape", "ndim", "size", "ravel",
          "reshape", "atleast_1d", "atleast_2d", "atleast_3d", "expand_dims", "zeros_like",
          "ones_like", "empty_like", "full_like", "stack", "hstack", "vstack", "concatenate",
          "squeeze", "broadcast_to", "transpose", "len", "isinstance", "type", "id",
          "stack_rows", "view_of", "reshaped", "set_slice", "tape_alloc"}


def _callee(call):
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _read_as_number(node, parents):
    """Whether this load of a parameter reads it as a number only."""
    if not isinstance(node.ctx, ast.Load):
        return False
    up = parents.get(id(node))
    if isinstance(up, (ast.Attribute, ast.Subscript)) and up.value is node:
        return False
    if isinstance(up, ast.Call) and node in up.args and _callee(up) in SHAPED:
        return False
    return not isinstance(up, ast.Starred)


def _finish_paths(value, params, path=()):
    """``{path: position}`` of ``finish(g, x)`` (``x`` a parameter) in the returned
    ``value``, through nested tuples; the ids of those calls go into ``found``."""
    if isinstance(value, ast.Tuple):
        out = {}
        for i, item in enumerate(value.elts):
            out.update(_finish_paths(item, params, (*path, i)))
        return out
    if isinstance(value, ast.Call) and _callee(value) == "finish" and len(value.args) >= 2 \
            and isinstance(value.args[1], ast.Name) and value.args[1].id in params:
        return {path: params.index(value.args[1].id)}
    return {}


def plan(fn, n_params):
    """``(positions, paths)`` for the generated function ``fn`` (its first ``n_params``
    parameters the user function's): the positions of the parameters that may be passed
    as floats when they are 0-d float arrays, and ``{path: position}`` of the gradients
    returned for them. No position when the returns disagree."""
    params = [a.arg for a in fn.args.args][:n_params]
    parents = {id(c): n for n in ast.walk(fn) for c in ast.iter_child_nodes(n)}
    number = {p: True for p in params}
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and node.id in number:
            number[node.id] = number[node.id] and _read_as_number(node, parents)
    returns = [r for r in ast.walk(fn) if isinstance(r, ast.Return)]
    plans = [_finish_paths(r.value, params) if r.value is not None else {} for r in returns]
    if any(p != plans[0] for p in plans):
        return (), {}
    paths = plans[0] if plans else {}
    # a finish of a parameter anywhere else would return its float: that one stays as passed
    placed = sum(len(p) for p in plans)
    finishes = [c for c in ast.walk(fn) if isinstance(c, ast.Call) and _callee(c) == "finish"
                and len(c.args) >= 2 and isinstance(c.args[1], ast.Name)]
    if len(finishes) != placed:
        stray = {c.args[1].id for c in finishes}
        number = {p: ok and p not in stray for p, ok in number.items()}
    positions = tuple(i for i, p in enumerate(params) if number[p])
    return positions, {k: i for k, i in paths.items() if i in positions}


def _zero_d(x):
    return type(x) is np.ndarray and x.ndim == 0 and x.dtype == np.float64


def as_floats(args, positions, tangents_at=None):
    """``(args, converted)``: ``args`` with the 0-d float64 arrays at ``positions`` as floats
    (``converted``: those positions, or ``()`` with ``args`` as given); with
    ``tangents_at``, the 0-d float64 arrays in the tuple (or the one value) at that
    position too (forward mode's tangents: read only)."""
    converted = tuple(i for i in positions if i < len(args) and _zero_d(args[i]))
    t = args[tangents_at] if tangents_at is not None and tangents_at < len(args) else None
    tangents = isinstance(t, tuple) and any(_zero_d(v) for v in t) or _zero_d(t)
    if not converted and not tangents:
        return args, ()
    args = list(args)
    for i in converted:
        args[i] = float(args[i])
    if tangents:
        args[tangents_at] = (tuple(float(v) if _zero_d(v) else v for v in t)
                             if isinstance(t, tuple) else float(t))
    return args, converted


def restored(result, paths, converted, args):
    """``result`` with the gradient at each path of ``paths`` for a ``converted`` position
    a 0-d array again (of the argument's dtype, as ``finish`` returns it)."""
    for path, i in paths.items():
        if i in converted:
            result = _put(result, path, args[i].dtype)
    return result


def _put(value, path, dtype):
    if not path:
        return value if value is None else np.array(value, dtype=dtype)
    items = list(value)
    items[path[0]] = _put(items[path[0]], path[1:], dtype)
    return tuple(items)
