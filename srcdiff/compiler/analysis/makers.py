"""Shape patterns of NumPy's array makers and of reads at integer-array indices.

Part of the kind-and-shape facts (activity.py; patterns.py says what a pattern is).

Makers: ``np.zeros(n)``, ``np.ones``, ``np.empty``, ``np.full(n, v)`` have one axis
per entry of their shape argument (an int, or a tuple display of ints); ``np.eye`` and
``np.identity`` two; ``np.arange`` and ``np.linspace`` one. An axis's length is known
(its pattern entry True or False) when the numbers that give it are: int literals and
the module's int constants the function reads and never assigns (``N = 512`` at module
level; generated code runs in a snapshot of that namespace).

Reads at index arrays (``logits[np.arange(N), y]``): NumPy's advanced indexing, for
the one case decided here, each index array of one axis (``x[i, j]``, ``x[:, i]``; an
int beside them counts as an index array of no axes). Every one of them takes one axis
of the base away (an int array of one axis, and a boolean one of one axis too); the
result has their broadcast length in place of them when they stand next to each other,
else first, and the other axes as a basic index gives them. The broadcast length is
known to be longer than 1 when one of the index arrays that are proven to hold integers
(``int_arrays``: every definition is ``np.arange(...)``, whose result is never
boolean) is: a boolean mask reads as many entries as it has True ones, so its own
pattern says nothing of the length.
"""

import gast
import numpy as np

from srcdiff.compiler.analysis.patterns import broadcast_pattern, literal

INT = "int"  # (activity.py's kind of integers)
_FILLED = {np.zeros, np.ones, np.empty, np.full}
MAKERS = _FILLED | {np.arange, np.linspace, np.eye, np.identity}


def int_value(node, kinds, shapes, values):
    """The value of an int atom when the analysis knows it (a literal, a module's int
    constant), else None."""
    v = literal(node)  # (``-1`` too)
    if type(v) is int:
        return v
    if isinstance(node, gast.Name) and kinds.get(node.id) == INT and shapes.get(node.id) == ():
        return values.get(node.id)
    return None


def maker_pattern(fn, call, kinds, shapes, known):
    """The shape pattern of the maker call ``call`` of ``fn`` (in MAKERS), or None;
    ``known``: the Analysis's ``int_values`` and ``tuples`` (:func:`tuple_displays`)."""
    values = known.int_values
    if not isinstance(call, gast.Call):
        return None
    args = call.args
    kwargs = {k.arg: k.value for k in call.keywords}
    if None in kwargs:  # (**options)
        return None

    def axis(node):  # one axis of length ``node`` (an int), or ``literal``: not one
        n = int_value(node, kinds, shapes, values)
        if n is not None:
            return n == 1
        if isinstance(node, gast.Name) and kinds.get(node.id) == INT \
                and shapes.get(node.id) == ():
            return None
        return literal

    if fn in _FILLED:
        shape = args[0] if args else kwargs.get("shape")
        if isinstance(shape, gast.Name) and shape.id in known.tuples:
            shape = known.tuples[shape.id]  # (ANF names a tuple display: ``items = n, 3``)
        if isinstance(shape, gast.Tuple):
            dims = tuple(axis(e) for e in shape.elts)
            return None if literal in dims else dims
        dim = axis(shape) if shape is not None else literal
        return None if dim is literal else (dim,)
    if fn in (np.eye, np.identity):
        rows = args[0] if args else kwargs.get("N", kwargs.get("n"))
        cols = args[1] if fn is np.eye and len(args) > 1 else kwargs.get("M")
        dims = (axis(rows) if rows is not None else literal,
                axis(cols) if cols is not None else None)
        if dims[0] is literal or dims[1] is literal:
            return None
        return (dims[0], dims[1] if cols is not None else dims[0])
    if fn is np.arange:
        if len(kwargs) > 1 or set(kwargs) - {"dtype"} or not 1 <= len(args) <= 3:
            return None
        numbers = [int_value(a, kinds, shapes, values) for a in args]
        if None in numbers:
            return (None,)
        try:
            n = len(range(*numbers))
        except ValueError:  # (a step of 0: raises when run)
            return None
        return (n == 1,)
    if fn is np.linspace:
        if set(kwargs) - {"num", "endpoint", "dtype"} or len(args) > 3:
            return None  # (retstep=True makes a tuple)
        num = args[2] if len(args) > 2 else kwargs.get("num")
        if num is None:
            return (False,)  # (50 by default)
        n = int_value(num, kinds, shapes, values)
        return (None,) if n is None else (n == 1,)
    return None


def shape_entries(op, kinds, shapes, every_entry):
    """The facts of the entries of ``op``'s value when it reads ``x.shape`` of an array ``x``
    (a tuple of ints, one per axis: ``{axis: (INT, ())}``, or every entry's when the rank is
    not known), else None."""
    value = op.stmt.value if isinstance(op.stmt, gast.Assign) else None
    if op.kind != "const" or not isinstance(value, gast.Attribute) or value.attr != "shape" \
            or not isinstance(value.value, gast.Name) or kinds.get(value.value.id) != "array":
        return None
    pattern = shapes.get(value.value.id)
    if not isinstance(pattern, tuple):
        return {every_entry: (INT, ())}
    return {k: (INT, ()) for k in range(len(pattern))}


def size_read(value, kinds):
    """Is ``value`` an array's ``x.size`` or ``x.ndim`` (one int: ``np.zeros(x.size)`` is 1-d,
    ``x[i]`` of a vector with ``i`` in ``range(x.size)`` a number)?"""
    return isinstance(value, gast.Attribute) and value.attr in ("size", "ndim") \
        and isinstance(value.value, gast.Name) and kinds.get(value.value.id) in ("array", INT)


def advanced_index_pattern(parts, base, kinds, shapes, int_arrays):
    """The pattern of ``base[parts]`` (a tuple index) when at least one part is an index
    array of one axis and the others slices, ints and such arrays; None when unsure
    (an index array of another rank, ``None``, ``...``)."""
    advanced, basic = [], []  # positions among ``parts``; (position, pattern entry)
    arrays = []  # the index arrays' patterns as the broadcast sees them
    for k, p in enumerate(parts):
        if k >= len(base):
            return None
        if isinstance(p, gast.Slice):
            full = p.lower is None and p.upper is None and p.step is None
            basic.append((k, base[k] if full else (True if base[k] is True else None)))
        elif isinstance(p, gast.Constant) and type(p.value) is int:
            advanced.append(k)
        elif isinstance(p, gast.Name) and kinds.get(p.id) == INT and shapes.get(p.id) == ():
            advanced.append(k)
        elif isinstance(p, gast.Name) and (kinds.get(p.id) == INT or p.id in int_arrays) \
                and isinstance(shapes.get(p.id), tuple) and len(shapes[p.id]) == 1:
            advanced.append(k)
            arrays.append(shapes[p.id] if p.id in int_arrays else (None,))
        else:
            return None
    if not arrays:
        return None
    length = broadcast_pattern(arrays)
    together = advanced == list(range(advanced[0], advanced[-1] + 1))
    first = advanced[0] if together else 0
    out = [d for k, d in basic if k < first] + list(length) + [d for k, d in basic if k > first]
    return tuple(out) + tuple(base[len(parts):])


def tuple_displays(a, params):
    """``{name: its tuple display}`` for the names bound once, by a tuple display (never
    a parameter or a loop target): a tuple never changes."""
    out, count = {}, {}
    for op in a.order:
        if op.target is None:
            continue
        count[op.target] = count.get(op.target, 0) + 1
        value = op.stmt.value if isinstance(op.stmt, gast.Assign) else None
        if op.kind == "literal" and isinstance(value, gast.Tuple):
            out[op.target] = value
    return {t: v for t, v in out.items() if t not in params and count[t] == 1
            and a.assign_count.get(t, 0) == 1}


def int_array_names(a, params):
    """``{name: ascending}`` for the names every definition of which is ``np.arange(...)``
    without ``dtype=`` (never a parameter or a loop target, never stored into): arrays of
    integers (or floats, which no index accepts), never of booleans (``np.arange(2,
    dtype=bool)`` is one). ``ascending``: every definition starts at a literal int of at
    least 0 (or 0 by default) and steps by a literal positive int (or 1): its entries are
    distinct positions along any axis (a negative entry counts from the end, and may be
    the position of another)."""
    defined, count = {}, {}
    for op in a.order:
        if op.target is None or op.kind in ("store", "append"):
            continue
        value = op.stmt.value if isinstance(op.stmt, gast.Assign) else None
        kind = None  # not an arange
        if op.kind == "const" and op.func is np.arange and isinstance(value, gast.Call) \
                and not value.keywords and 1 <= len(value.args) <= 3:
            start = literal(value.args[0]) if len(value.args) > 1 else 0
            step = literal(value.args[2]) if len(value.args) > 2 else 1
            kind = "ascending" if type(start) is int and start >= 0 and type(step) is int \
                and step > 0 else "ints"
        was = defined.get(op.target, "ascending")
        defined[op.target] = None if kind is None or was is None else \
            "ascending" if kind == was == "ascending" else "ints"
        count[op.target] = count.get(op.target, 0) + 1
    # (a loop's target is counted among a name's assignments, never among the ops)
    return {t: kind == "ascending" for t, kind in defined.items() if kind is not None
            and t not in params and a.assign_count.get(t, 0) == count[t]}


def distinct_positions(index, base, kinds, shapes, int_arrays):
    """Does the read ``x[index]`` (``x`` of pattern ``base``) reach each position of ``x``
    at most once? For an index whose pattern advanced_index_pattern knows, one index array
    of which is ascending (int_array_names) and known to be longer than 1: the broadcast
    length is then its length, each result row takes a different entry of it, and ints and
    slices never repeat a position along their axes."""
    parts = index.elts if isinstance(index, gast.Tuple) else [index]
    if base is None or advanced_index_pattern(parts, base, kinds, shapes, int_arrays) is None:
        return False
    return any(isinstance(p, gast.Name) and int_arrays.get(p.id) and shapes.get(p.id) == (False,)
               for p in parts)
