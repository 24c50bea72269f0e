"""0-d arrays of a number rebound to numbers under ``backend="numba"``.

``acc = np.array(0.0)`` then ``acc -= e * e`` in a loop: the generated code's ``acc = acc -
...`` binds ``acc`` to a 0-d array, then to a number (NumPy's arithmetic of a 0-d array
gives a scalar); numba types a name once and cannot unify a 0-d array with a float (a
typing error at the first call before). :func:`rewrite` writes such a binding
``np.array(c)`` of a number literal ``c`` as ``np.float64(c)`` (``np.int64(c)`` for an
integer; ``np.zeros(())``/``np.ones(())`` as ``np.float64(0.0)``/``(1.0)``) when every
read of the name is for its value alone (an operand of arithmetic
or a comparison, a positional argument of a call, returned); a name rebound so and read
otherwise (indexed, an attribute, a keyword argument, aliased) is refused, naming it, at
the user's line.

Invariant: NumPy's arithmetic and comparisons of a 0-d float64 (int64) array with a
number or an array give the values and dtypes they give with the float64 (int64) scalar
of the same value (both are strong operands under NumPy's promotion rules, NEP 50), and
NumPy's functions and srcdiff's helpers read both as one value of shape (); so every value
computed from the name is the same (a value returned as is: a float, where the NumPy
backend gives a 0-d array when the loop rebinding it runs no trip).
tests/numba/test_numba_zero_d.py checks gradients against the NumPy backend (1e-12) and
central finite differences.
"""

import ast

_SCALARS = {float: "float64", int: "int64"}


def rewrite(fn, where):
    """Rewrite (in place) or refuse the 0-d arrays of ``fn`` rebound to numbers
    (module docstring); ``where``: numba_emit's _Where, for the refusal."""
    parents = {id(c): n for n in ast.walk(fn) for c in ast.iter_child_nodes(n)}
    stores = {}
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
    for node in ast.walk(fn):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)):
            continue
        name, found = node.targets[0].id, _zero_d(node.value)
        if found is None or stores[name] < 2:
            continue
        kind, number = found
        reads = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == name
                 and isinstance(n.ctx, ast.Load)]
        odd = next((n for n in reads if not _as_value(n, parents)), None)
        if odd is not None:
            raise where.error(
                f"the numba backend types `{name}` once: it is bound to a 0-d array "
                f"({ast.unparse(node.value)}) and to a number elsewhere, and read as "
                f"`{ast.unparse(parents[id(odd)])}`",
                f"bind `{name}` to a number ({ast.unparse(number)}), "
                'or use backend="numpy" for this function', node=node)
        node.value.func = ast.Attribute(ast.Name("np", ast.Load()), kind, ast.Load())
        node.value.args = [number]


def _zero_d(value):
    """``("float64"/"int64", c)`` for ``np.array(c)`` of a float/int literal ``c``, and
    ``("float64", 0.0/1.0)`` for ``np.zeros(())``/``np.ones(())`` (float64 0-d arrays of
    that number), else None."""
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
            and isinstance(value.func.value, ast.Name) and value.func.value.id == "np"
            and value.func.attr in ("array", "zeros", "ones") and len(value.args) == 1
            and not value.keywords):
        return None
    c = value.args[0]
    if value.func.attr != "array":
        empty = isinstance(c, ast.Tuple) and not c.elts
        return ("float64", ast.Constant(float(value.func.attr == "ones"))) if empty else None
    if isinstance(c, ast.UnaryOp) and isinstance(c.op, (ast.USub, ast.UAdd)):
        c = c.operand
    kind = _SCALARS.get(type(c.value)) if isinstance(c, ast.Constant) else None
    return None if kind is None else (kind, value.args[0])


def _as_value(node, parents):
    """Whether the read ``node`` is read for its value alone: an operand of arithmetic or a
    comparison, a positional argument of a call (a tape's append, a helper, a NumPy
    function: each reads its value and shape, () for both), or the returned value."""
    up = parents.get(id(node))
    return isinstance(up, (ast.BinOp, ast.UnaryOp, ast.Compare, ast.Return)) or \
        isinstance(up, ast.AugAssign) and up.value is node or \
        isinstance(up, ast.Call) and node in up.args
