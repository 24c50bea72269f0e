"""Which names a statement reads, rebinds and changes in place: the one place every pass
asks (syntax only, so it serves the normalized function and generated code alike).

* ``reads``: names loaded anywhere in the node.
* ``bound``: names the node rebinds (assignment targets, ``for`` targets,
  augmented assignments).
* ``stored_into``: names whose value a subscript store changes (``x[i] = v``,
  ``x[i] += v``; ``x.a[i] = v`` changes ``x``'s).
* ``called_on``: names a call may change: the receiver of a method call
  (``xs.append(v)``, ``_stack.pop()``), and the name arguments of a call of a
  name that is not one of :data:`PURE_HELPERS` (``index_add(b, ...)``).
* ``writes``: ``bound | stored_into | called_on``: what the optimizer asks before
  it moves or folds an expression past a statement.
* ``changed_in_place``: names whose value may change while they stay bound: what
  the optimizer asks before it shares one expression between two places.

Both are conservative in their own way (see each); the optimizer's moves, folds and
sharing are checked by verification mode (verify.py) and the reference pipeline.
"""

import gast

from srcdiff.compiler.ir.calls import is_read_only_check

_AST = gast.AST


def nodes(node):
    """Every node inside ``node`` (``node`` included), like ``gast.walk`` but in no
    particular order: for the questions whose answer is a set. (Several times faster than
    ``gast.walk``, which the compiler asks some hundred times per statement.)"""
    out = []
    todo = [node]
    pop, push, extend, append = todo.pop, todo.append, todo.extend, out.append
    children = _CHILD_FIELDS
    Name, Constant = gast.Name, gast.Constant
    while todo:
        n = pop()
        cls = n.__class__
        # (the two commonest nodes, in the order the general case gives: a name, then its
        # context; a constant holds no node)
        if cls is Name and getattr(n, "annotation", None) is None:
            append(n)
            if isinstance(n.ctx, _AST):
                append(n.ctx)
            continue
        if cls is Constant:
            append(n)
            continue
        fields = children.get(cls)
        if fields is None:
            if _not_a_node(n, node):  # (a list's item that is no node: see _not_a_node)
                continue
            fields = _child_fields(cls)
        append(n)
        for field in fields:
            v = getattr(n, field, None)
            if isinstance(v, _AST):
                push(v)
            elif isinstance(v, list):
                extend(v)
    return out


def _not_a_node(item, root):
    """Is ``item``, met by a walk from ``root``, a list's item that holds no node (``None``
    in a ``Dict``'s keys or an ``arguments``' ``kw_defaults``, a name in a ``Global``'s
    names)? The walks here push a list field's items as they are (a list made of the
    nodes alone cost a good part of a walk) and skip those when they pop them, where
    they are told from a node by their class, which has no fields entry. The items pushed
    are the nodes in the same order, so a walk meets the same nodes in the same order as
    one that pushed the nodes alone. (A root that is no node is an error, as before.)"""
    if isinstance(item, _AST):
        return False
    if item is root:
        raise TypeError(f"not a syntax node: {item!r}")
    return True


# fields of gast's node classes that hold a name, a number or a flag, never a node (or a
# list of them): nodes() does not look into them (the answer is the same, sooner)
_SCALAR_FIELDS = frozenset({"id", "attr", "asname", "conversion", "is_async", "kind", "level",
                            "lineno", "module", "simple", "tag", "type_comment", "nl", "arg"})
_CHILD_FIELDS = {}  # node class -> the fields that may hold nodes


def _child_fields(cls):
    fields = tuple(f for f in cls._fields if f not in _SCALAR_FIELDS
                   and not (cls is gast.Constant and f == "value"))
    _CHILD_FIELDS[cls] = fields
    return fields


def in_walk_order(node):
    """``list(gast.walk(node))``: every node, breadth first in field order, as ``gast.walk``
    gives them (for the walks whose answer depends on the order), made without its
    generators and its generic field iteration."""
    out = [node]
    fields_of = _WALK_FIELDS
    i = 0
    while i < len(out):
        n = out[i]
        i += 1
        cls = n.__class__
        fields = fields_of.get(cls)
        if fields is None:
            # (``type``, a scalar elsewhere, is the exception an ``except`` clause names)
            fields = fields_of[cls] = tuple(
                f for f in cls._fields if f == "type" or f not in _SCALAR_FIELDS
                and not (cls is gast.Constant and f == "value"))
        out.extend(_in_fields(n, fields))
    return out


_WALK_FIELDS = {}  # node class -> the fields in_walk_order looks into, in field order


def children(node):
    """The nodes directly inside ``node``, like ``gast.iter_child_nodes`` (asked in no
    particular order; faster)."""
    fields = _CHILD_FIELDS.get(node.__class__)
    if fields is None:
        fields = _child_fields(node.__class__)
    return _in_fields(node, fields)


def children_fields(node):
    """The fields of ``node`` that may hold nodes (``ctx`` too), in field order."""
    fields = _CHILD_FIELDS.get(node.__class__)
    return fields if fields is not None else _child_fields(node.__class__)


def _in_fields(node, fields):
    """The nodes ``node`` holds in ``fields``, in that order."""
    out = []
    for field in fields:
        v = getattr(node, field, None)
        if isinstance(v, _AST):
            out.append(v)
        elif isinstance(v, list):
            out.extend([x for x in v if isinstance(x, _AST)])
    return out


def names(node):
    """The ``Name`` nodes inside ``node``, in no particular order (the order ``nodes``
    lists them in)."""
    out = []
    todo = [node]
    pop, push, extend, append = todo.pop, todo.append, todo.extend, out.append
    children = _NAME_FIELDS
    Name, Constant = gast.Name, gast.Constant
    while todo:
        n = pop()
        cls = n.__class__
        if cls is Name:
            append(n)
            annotation = getattr(n, "annotation", None)
            if isinstance(annotation, _AST):
                push(annotation)
            continue
        if cls is Constant:
            continue
        fields = children.get(cls)
        if fields is None:
            if _not_a_node(n, node):  # (a list's item that is no node)
                continue
            fields = _name_fields(cls)
        for field in fields:
            v = getattr(n, field, None)
            if isinstance(v, _AST):
                push(v)
            elif isinstance(v, list):
                extend(v)
    return out


# the fields ``names`` walks: a node's child fields but its ``ctx`` (a Load or Store
# node, which holds nothing); a walk for names only is a good part of the compile
_NAME_FIELDS = {}


def _name_fields(cls):
    fields = _CHILD_FIELDS.get(cls) or _child_fields(cls)
    _NAME_FIELDS[cls] = fields = tuple(f for f in fields if f != "ctx")
    return fields


# the roots of calls that never change their arguments: numpy's and math's functions and
# the run-time helpers that make new values (srcdiff/runtime.py)
# on ``read = a[i]``, a statement ``a[i]`` (front/in_place.py): never dead, as a check;
# on a loop's read of its item ``q[k]``, ``k`` in ``range(len(q))``: it cannot raise
INDEX_READ, IN_RANGE = "_srcdiff_index_read", "_srcdiff_in_range"


def in_range_as(read, like):
    """``read`` (a subscript made for ``like``), marked IN_RANGE where ``like`` is."""
    if getattr(like, IN_RANGE, False):
        setattr(read, IN_RANGE, True)
    return read


PURE_HELPERS = frozenset({"np", "math", "unbroadcast", "unreduce", "reduce_mask", "item_grad",
                          "extreme_grad", "zeros_tree", "add_tree", "seed", "check_outputs",
                          "sum_product"})


# calls in generated code whose argument at this position is read only for its shape (and
# dtype): verification mode compares those reads by shape, and an undo that changes values
# only is not seen by them (reverse/undos.py)
SHAPE_READS = {"np.shape": 0, "np.size": 0, "size_of": 0, "np.ndim": 0, "np.zeros_like": 0,
               "zeros_tree": 0, "len": 0, "spread": 1, "unbroadcast": 1, "unreduce": 1,
               "seed": 1, "finish": 1, "cotangent": 1, "index_add": 1, "item_add": 1,
               "sum_product": 2, "verify_sum_product": 2, "verify_shape": (0, 1),
               "index_add_product": 1, "verify_index_add_product": 1, "verify_summed": 1}


def shape_arguments(call):
    """The names (Name nodes) that ``call``, a call in generated code, reads only for their
    shape (SHAPE_READS: ``verify_shape(a, v)`` checks that two shapes agree)."""
    parts, f = [], call.func
    while isinstance(f, gast.Attribute):
        parts.append(f.attr)
        f = f.value
    if not isinstance(f, gast.Name):
        return []
    k = SHAPE_READS.get(".".join([f.id] + parts[::-1]))
    at = () if k is None else k if isinstance(k, tuple) else (k,)
    return [call.args[i] for i in at if i < len(call.args) and isinstance(call.args[i], gast.Name)]


def reads(node):
    """Names read anywhere inside ``node``."""
    return _ids(node, gast.Load)


def bound(node):
    """Names ``node`` rebinds (anywhere inside it)."""
    return _ids(node, gast.Store)


def _ids(node, context):
    """The ids of the ``Name`` nodes inside ``node`` whose context is a ``context``
    (``reads`` is the question the passes ask most: some eighty times per statement).
    (``{n.id for n in names(node) if isinstance(n.ctx, context)}`` in one walk, without the
    list of names between.)"""
    out = set()
    add = out.add
    todo = [node]
    pop, push, extend = todo.pop, todo.append, todo.extend
    children = _NAME_FIELDS
    Name, Constant = gast.Name, gast.Constant
    while todo:
        n = pop()
        cls = n.__class__
        if cls is Name:
            if isinstance(n.ctx, context):
                add(n.id)
            annotation = getattr(n, "annotation", None)
            if isinstance(annotation, _AST):
                push(annotation)
            continue
        if cls is Constant:
            continue
        fields = children.get(cls)
        if fields is None:
            if _not_a_node(n, node):  # (a list's item that is no node)
                continue
            fields = _name_fields(cls)
        for field in fields:
            v = getattr(n, field, None)
            if isinstance(v, _AST):
                push(v)
            elif isinstance(v, list):
                extend(v)
    return out


def bound_in(every):
    """``bound(node)`` from ``every = nodes(node)`` (a pass that walks ``node`` anyway)."""
    Name, Store = gast.Name, gast.Store
    return {n.id for n in every if isinstance(n, Name) and isinstance(n.ctx, Store)}



def stored_into(node):
    """Names whose value a subscript store inside ``node`` changes."""
    return _stored_into(nodes(node))


def _stored_into(every):
    out = set()
    for n in every:
        if isinstance(n, gast.Subscript) and isinstance(n.ctx, gast.Store):
            out |= {b.id for b in names(n.value)}
    return out


def called_on(node):
    """Names a call inside ``node`` may change, as moving code needs them: the receiver
    of a method call (``xs.append(v)``, ``_stack.pop()``) and the name arguments of a
    call of a name that is not one of :data:`PURE_HELPERS` (``index_add(b, ...)``)."""
    return _called_on(nodes(node))


# calls by name that may change only some of their arguments in place: the positions of
# those (srcdiff/runtime.py: ``index_add`` adds into its first; ``item_add`` and
# ``pop_grad`` copy the container they are given; the builtins ``slice`` and ``len``, which
# generated code calls and the user may not bind: emit/reserved.py)
CHANGED_ARGUMENTS = {"index_add": (0,), "item_add": (), "pop_grad": (), "slice": (), "len": ()}


def _changed_arguments(call):
    """The arguments of ``call`` (a call by name, not of a pure helper) it may change."""
    f = call.func
    if isinstance(f, gast.Name) and f.id in CHANGED_ARGUMENTS and not call.keywords \
            and not any(isinstance(a, gast.Starred) for a in call.args):
        return [call.args[k] for k in CHANGED_ARGUMENTS[f.id] if k < len(call.args)]
    return call.args


def _called_on(every):
    out = set()
    for n in every:
        if isinstance(n, gast.Call):
            f = n.func
            if isinstance(f, gast.Attribute) and isinstance(f.value, gast.Name):
                out.add(f.value.id)
            elif not (isinstance(f, gast.Name) and f.id in PURE_HELPERS or is_read_only_check(f)):
                out |= {a.id for a in _changed_arguments(n) if isinstance(a, gast.Name)}
    return out




def changed_in_place(node):
    """Names whose value ``node`` may change while they stay bound, as sharing an
    expression needs them: augmented assignments to names, ``stored_into``, and the
    name arguments of every call but ``xs.append(v)`` and the :data:`PURE_HELPERS`
    called by name (of the helpers in :data:`CHANGED_ARGUMENTS`, the arguments named
    there). (Numpy's functions count: more than needed, never less.)"""
    return _changed(nodes(node), PURE_HELPERS)


def _changed(every, unchanging):
    out = {n.target.id for n in every
           if isinstance(n, gast.AugAssign) and isinstance(n.target, gast.Name)}
    out |= _stored_into(every)
    for n in every:
        if not isinstance(n, gast.Call):
            continue
        f = n.func
        if isinstance(f, gast.Name) and f.id in unchanging or is_read_only_check(f) \
                or isinstance(f, gast.Attribute) and f.attr == "append":
            continue
        out |= {a.id for a in _changed_arguments(n) if isinstance(a, gast.Name)}
    return out


def changed_through_views(fn):
    """The names whose array ``fn`` may change in place, with every name that may share an
    array with one of those: ``v = a[..., :1]; v[...] = 0.3`` changes ``a``'s array too.

    Changes: as :func:`changed_in_place`, but for the run-time helpers that change none of
    their arguments (:data:`UNCHANGING`), and with the receivers of method calls. Sharing,
    followed from the changed name to what it may hold: a name bound to anything but
    arithmetic (which makes a new array) may hold what its value reads (a subscript, an
    attribute, a call's arguments, a name, ``x or y``); a ``for`` target what it
    iterates; a list what is appended to it (``rows.append(a)``), which only a change of
    its items' arrays reaches (``rows.append(b)`` changes the list, not ``a``). (More than
    needed, never less.) Not the other way: a change of ``a`` shows through a view
    ``v = a[1:]`` as it shows through ``a``, so names that share a view share it still;
    what the common subexpressions must not share is a new array some view of it changes.
    """
    held, items = {}, {}  # name -> names it may be or view; list -> names appended to it
    fresh = (gast.BinOp, gast.UnaryOp, gast.Compare, gast.Constant)
    every = nodes(fn)
    listwise = set()  # receivers of the list methods that change no item
    for n in every:
        if isinstance(n, gast.Assign) and not isinstance(n.value, fresh):
            for t in bound(n):
                held.setdefault(t, set()).update(_values_read(n.value))
        elif isinstance(n, (gast.For, gast.comprehension)):
            for t in bound(n.target):
                held.setdefault(t, set()).update(_values_read(n.iter))
        elif isinstance(n, gast.Call) and isinstance(n.func, gast.Attribute):
            receivers = _values_read(n.func.value)
            if n.func.attr in _LIST_METHODS:
                listwise |= receivers
            for r in receivers:
                items.setdefault(r, set()).update(x for a in n.args for x in _values_read(a))
    calls = [n for n in every if isinstance(n, gast.Call)]  # (asked once, not per node)
    module = {id(n) for n in calls if _module_call(n)}
    changed = _changed([n for n in every if id(n) not in module], UNCHANGING)
    for n in calls:
        if id(n) in module:  # NumPy's: ``out=`` and the functions that change an argument
            changed |= {k.value.id for k in n.keywords if k.arg == "out"
                        and isinstance(k.value, gast.Name)}
            if n.func.attr in _CHANGING and n.args and isinstance(n.args[0], gast.Name):
                changed.add(n.args[0].id)
        elif isinstance(n, gast.Call) and isinstance(n.func, gast.Attribute) \
                and n.func.attr not in _LIST_METHODS:
            changed |= _values_read(n.func.value)  # (a method may change its receiver)
    out = _closure(changed, held, items)
    return out | _closure(listwise, held, {})


_LIST_METHODS = frozenset({"append", "extend", "insert", "pop", "clear", "remove", "reverse"})
# NumPy's functions (and ufunc methods) that change their first argument
_CHANGING = frozenset({"copyto", "put", "place", "putmask", "fill_diagonal", "put_along_axis",
                       "at", "shuffle"})


def _module_call(n):
    """``n`` calls a function of a module generated code calls (``np.exp(x)``)."""
    if not isinstance(n, gast.Call) or not isinstance(n.func, gast.Attribute):
        return False
    root = n.func
    while isinstance(root, gast.Attribute):
        root = root.value
    return isinstance(root, gast.Name) and root.id in MODULES


def _closure(start, *links):
    out, todo = set(), list(start)
    while todo:
        x = todo.pop()
        if x not in out:
            out.add(x)
            for table in links:
                todo.extend(table.get(x, ()))
    return out


MODULES = frozenset({"np", "math", "scipy"})  # (the modules generated code calls)
# run-time helpers that change none of their arguments, besides PURE_HELPERS (which
# generated code's moves rely on; these only answer changed_through_views) and the
# read-only checks (ir/calls.py is_read_only_check, which every question here asks)
UNCHANGING = PURE_HELPERS | {"finish", "spread", "size_of", "scalar_seed", "short_sum",
                             "check_outputs", "cotangent", "matmul_lhs", "matmul_rhs"}


def _values_read(node):
    """The names ``node`` reads as values that a result may hold: not a called function's
    name, not a module, not an argument a helper reads only for its shape."""
    skip, loaded = set(), []
    Name, Call, Load = gast.Name, gast.Call, gast.Load
    for n in nodes(node):  # (one walk for both: names are the walk's Name nodes)
        if n.__class__ is Name:
            if isinstance(n.ctx, Load):
                loaded.append(n)
        elif isinstance(n, Call):
            skip.add(id(n.func))
            skip.update(id(a) for a in shape_arguments(n))
    return {n.id for n in loaded if id(n) not in skip and n.id not in MODULES}


def writes(node):
    """Everything ``node`` may rebind or change, as moving code needs it."""
    return _summary(node, False)[1]


def reads_and_writes(node):
    """``(reads(node), writes(node))`` from one walk of ``node``."""
    read, written, _ = summary(node)
    return read, written


def summary(node):
    """``(reads(node), writes(node), loads)`` from one walk of ``node``: ``loads`` maps each
    name to how many times ``node`` reads it (``b += g`` reads ``b`` once more)."""
    return _summary(node, True)


def _summary(node, reading):
    """:func:`summary` (``reading``), or its writes alone: one walk of the nodes ``nodes``
    lists, in its order, but without a list of them between and without the ``ctx`` nodes
    (which hold nothing); a Subscript's store, a call and an augmented assignment are
    asked about where the walk meets them, as ``nodes``' order meets them (the sets and
    ``loads`` are filled in the same order). (``writes`` and ``summary`` are asked some
    twenty times per statement: tests/optimize/test_compile_shortcuts.py compares them with the
    definitions by ``nodes``.)"""
    read, written, loads = set(), set(), {}
    todo = [node]
    pop, push, extend = todo.pop, todo.append, todo.extend
    fields_of = _SUMMARY_FIELDS
    Name, Constant, Subscript, Call, AugAssign = (gast.Name, gast.Constant, gast.Subscript,
                                                  gast.Call, gast.AugAssign)
    Load, Store = gast.Load, gast.Store
    while todo:
        n = pop()
        cls = n.__class__
        if cls is Name:
            ctx = n.ctx
            if isinstance(ctx, Load):
                if reading:
                    read.add(n.id)
                    loads[n.id] = loads.get(n.id, 0) + 1
            elif isinstance(ctx, Store):
                written.add(n.id)
            annotation = getattr(n, "annotation", None)
            if isinstance(annotation, _AST):
                push(annotation)
            continue
        if cls is Constant:
            continue
        if cls is Subscript:
            if isinstance(n.ctx, Store):
                written |= {b.id for b in names(n.value)}
        elif cls is Call:
            written |= _called_on((n,))
        elif cls is AugAssign:
            if reading and isinstance(n.target, Name):
                loads[n.target.id] = loads.get(n.target.id, 0) + 1
        fields = fields_of.get(cls)
        if fields is None:
            if _not_a_node(n, node):  # (a list's item that is no node)
                continue
            if cls not in (Subscript, Call, AugAssign) \
                    and issubclass(cls, (Name, Constant, Subscript, Call, AugAssign)):
                return _summary_by_nodes(node)  # (a subclass: by the definition)
            fields = fields_of[cls] = _NAME_FIELDS.get(cls) or _name_fields(cls)
        for field in fields:
            v = getattr(n, field, None)
            if isinstance(v, _AST):
                push(v)
            elif isinstance(v, list):
                extend(v)
    return read, written, loads


_SUMMARY_FIELDS = {}  # node class -> the fields _summary walks (``names``' fields)


def _summary_by_nodes(node):
    """:func:`summary` by its definition over ``nodes(node)`` (what ``_summary`` gives)."""
    Name, Load, Store = gast.Name, gast.Load, gast.Store
    read, written, loads = set(), set(), {}
    for n in nodes(node):
        if isinstance(n, Name):
            if isinstance(n.ctx, Load):
                read.add(n.id)
                loads[n.id] = loads.get(n.id, 0) + 1
            elif isinstance(n.ctx, Store):
                written.add(n.id)
        elif isinstance(n, gast.Subscript):
            if isinstance(n.ctx, Store):
                written |= {b.id for b in names(n.value)}
        elif isinstance(n, gast.Call):
            written |= _called_on((n,))
        elif isinstance(n, gast.AugAssign) and isinstance(n.target, Name):
            loads[n.target.id] = loads.get(n.target.id, 0) + 1
    return read, written, loads


def assigns(stmt, name):
    """Does ``stmt`` rebind ``name`` (anywhere inside it)?"""
    return name in bound(stmt)
