"""Operands with the same shape although their lengths are unknown: slices of one array read
at one time, and what elementwise arithmetic makes of them.

Shape patterns (activity.py) know which axes have length 1, not the lengths themselves, so
in a stencil ``un[1:-1] = u[1:-1] - c * (u[1:-1] - u[:-2]) + d * (u[2:] - 2 * u[1:-1])`` they
cannot tell that every operand has the length of ``u`` less two, and each rule's
``unbroadcast(g, x)`` stays a call (a Python call per operand per step; the array is never
summed). This analysis proves those equalities so the reverse generator can drop them
(reverse/contributions.py, ``_elide_unbroadcast``).

A *shape key* ``(block, base, version, parts)`` stands for the shape of ``base[parts]``
where ``base`` is a name read in one run of the straight-line ``block`` while its binding
has ``version`` (bumped at every statement that may rebind or change it). Equal keys mean
equal shapes, because:

* the same name with the same version in the same run of a block is one value (its shape
  can change only by rebinding: stores into it and method calls on it bump the version
  too, conservatively);
* ``parts`` is the index, one entry per index item: a slice with literal bounds (step 1) by
  its length as a function of the axis length ``n`` (two slices with the same function have
  the same length for every ``n``: ``[1:-1]``, ``[:-2]`` and ``[2:]`` all have
  ``max(0, n - 2)``), a literal int by ``"i"`` (the axis goes), ``None`` by ``"n"`` (a new
  axis of length 1); trailing full slices are dropped (``x[1:, :]`` is ``x[1:]``); any other
  index has no key (a name may hold a bool, which adds an axis where an int drops one);
* ``y = x``, ``y = x.copy()`` give ``y`` the key of ``x``; ``y = x[i]`` composes with the key of
  ``x`` when that key has no parts (``un = u.copy(); un[1:-1]`` is ``u[1:-1]``);
* elementwise arithmetic (operators other than ``@``, rules declared elementwise,
  ``np.where``, ``np.clip``, without keywords) whose non-scalar operands (shape pattern ``()``
  marks scalars) all have one key gives its result that key: broadcasting equal shapes and
  scalars changes nothing.

Each block is walked in order with a table that starts empty (a name not yet defined in the
block has the key of itself), so keys never mix values from two runs of a loop body or two
branches. Verification mode checks each elision it allows (``verify_shape``).
"""

import gast
import numpy as np

from srcdiff.compiler.analysis.activity import ARRAY
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

STORED = "<stored part>"  # the entry for ``x[i]`` of a store ``x[i] = v``
_ELEMENTWISE_CALLS = (np.where, np.clip)
_BOUND = 32  # slices with literal bounds beyond +-_BOUND get no key
_SAMPLES = tuple(range(2 * _BOUND + 4)) + (10 ** 6, 10 ** 6 + 1)


class SameShapes:
    """The shape keys of each statement's operands, where the statement reads them."""

    def __init__(self):
        self._at = {}  # S.key(stmt) -> {name (or STORED): key}

    def keys_at(self, stmt):
        return self._at.get(S.key(stmt), {})

    def same(self, stmt, names):
        """Do all ``names`` (operands of ``stmt``, or STORED) have one shape there?"""
        at = self.keys_at(stmt)
        keys = {at.get(n) for n in names}
        return len(keys) == 1 and None not in keys


def same_shapes(fn, analysis):
    """:class:`SameShapes` for the normalized function ``fn`` (see the module docstring)."""
    out = SameShapes()
    _Walk(analysis, out).block(fn.body)
    return out


class _Walk:
    def __init__(self, analysis, out):
        self.a = analysis
        self.out = out
        self.version = {}
        self.blocks = 0

    def block(self, body):
        self.blocks += 1
        bid = self.blocks
        table = {}
        for s in body:
            if isinstance(s, (gast.For, gast.While, gast.If)):
                for part in ("body", "orelse"):
                    if getattr(s, part, None):
                        self.block(getattr(s, part))
                self._kill(s, table)
                continue
            op = self.a.op(s)
            if op is not None:
                self._record(s, op, table, bid)
            new = self._key_of(s, op, table, bid) if op is not None else None
            self._kill(s, table)
            if new is not None:
                table[op.target] = new

    def _kill(self, s, table):
        for n in _shape_changes(s, self.a):
            self.version[n] = self.version.get(n, 0) + 1
            table.pop(n, None)

    def _name_key(self, name, table, bid):
        got = table.get(name)
        return got if got is not None else (bid, name, self.version.get(name, 0), ())

    def _record(self, s, op, table, bid):
        names = {n.id for n in op.args if isinstance(n, gast.Name)}
        if op.target is not None:
            names.add(op.target)
        keys = {n: self._name_key(n, table, bid) for n in names}
        if op.kind == "store":
            keys[STORED] = self._index_key(op.target, op.index, table, bid)
        self.out._at[S.key(s)] = keys

    def _key_of(self, s, op, table, bid):
        if op.target is None or not isinstance(s, gast.Assign) \
                or not isinstance(s.targets[0], gast.Name):
            return None
        if self.a.kinds.get(op.target) != ARRAY:
            return None
        if op.kind == "copy" and isinstance(op.args[0], gast.Name) \
                and self.a.kinds.get(op.args[0].id) == ARRAY:
            return self._name_key(op.args[0].id, table, bid)
        if op.kind == "index" and isinstance(op.args[0], gast.Name) \
                and self.a.kinds.get(op.args[0].id) == ARRAY:
            return self._index_key(op.args[0].id, op.index, table, bid)
        if op.kind == "prim":
            return self._elementwise_key(s, op, table, bid)
        return None

    def _index_key(self, base, index, table, bid):
        parts = _parts(index)
        if parts is None:
            return None
        got = table.get(base)
        if got is not None and got[3] == ():
            return got[:3] + (parts,)
        return (bid, base, self.version.get(base, 0), parts)

    def _elementwise_key(self, s, op, table, bid):
        if op.kwargs or not _elementwise(s, op):
            return None
        keys = set()
        for x in op.args:
            if isinstance(x, gast.Constant) and isinstance(x.value, (int, float)):
                continue
            if not isinstance(x, gast.Name) or self.a.kinds.get(x.id) != ARRAY:
                return None
            if self.a.shapes.get(x.id) == ():
                continue
            keys.add(self._name_key(x.id, table, bid))
        return keys.pop() if len(keys) == 1 else None


def _elementwise(s, op):
    value = s.value
    if isinstance(value, gast.BinOp):
        return not isinstance(value.op, gast.MatMult)
    if isinstance(value, gast.UnaryOp):
        return True
    return (op.rule is not None and op.rule.elementwise) or op.func in _ELEMENTWISE_CALLS \
        or op.func is np.copy


def _shape_changes(s, analysis):
    """Names whose shape ``s`` may change: every name it binds; arrays a call may resize or
    an attribute store reshape (``x.resize(n)``, ``x.shape = ...``); a container stored into
    (``xs[1:3] = [v]``); the name arguments of calls of anything but a rule's primitive (a
    user function may reshape what it is given)."""
    if isinstance(s, (gast.For, gast.While, gast.If)):
        out = dataflow.bound(s.target) if isinstance(s, gast.For) else set()
        for part in (s.body, s.orelse):
            for x in part:
                out |= _shape_changes(x, analysis)
        return out | _call_changes(s.test if isinstance(s, (gast.While, gast.If)) else s.iter,
                                   None, analysis)
    op = analysis.op(s)
    out = dataflow.bound(s)
    for n in dataflow.nodes(s):
        if isinstance(n, (gast.Attribute, gast.Subscript)) and isinstance(n.ctx, gast.Store):
            out |= {b.id for b in dataflow.names(n.value)
                    if isinstance(n, gast.Attribute) or analysis.kinds.get(b.id) != ARRAY}
    return out | _call_changes(s, op, analysis)


def _call_changes(node, op, analysis):
    out = set()
    primitive = op is not None and op.kind in ("prim", "const")
    for n in dataflow.nodes(node):
        if not isinstance(n, gast.Call):
            continue
        f = n.func
        if isinstance(f, gast.Attribute) and isinstance(f.value, gast.Name) and (
                f.attr == "resize" or analysis.kinds.get(f.value.id) != ARRAY):
            out.add(f.value.id)
        if not primitive:
            out |= {b.id for a in list(n.args) + [k.value for k in n.keywords]
                    for b in dataflow.names(a)}
    return out


def _parts(index):
    """The index items as shape parts (see the module docstring), or None."""
    items = index.elts if isinstance(index, gast.Tuple) else [index]
    parts = []
    for p in items:
        if isinstance(p, gast.Slice):
            length = _slice_length(p)
            if length is None:
                return None
            parts.append(("s", length))
        elif isinstance(p, gast.Constant) and p.value is None:
            parts.append(("n",))
        elif isinstance(p, gast.Constant) and type(p.value) is int:
            parts.append(("i",))
        else:  # (a name: an int drops the axis, but a bool, of the same kind, adds one)
            return None
    full = ("s", _slice_length(gast.Slice(lower=None, upper=None, step=None)))
    while parts and parts[-1] == full:
        parts.pop()
    return tuple(parts)


def _slice_length(p):
    """The length of ``x[p]`` along an axis of length ``n``, as its values at enough ``n``
    to fix the function (bounds within +-_BOUND, step 1: ``max(0, stop - start)`` with
    ``start`` and ``stop`` clamped affine functions of ``n``, affine beyond ``2 * _BOUND``),
    or None."""
    bounds = []
    for b in (p.lower, p.upper):
        if b is None or isinstance(b, gast.Constant) and b.value is None:
            bounds.append(None)
        elif isinstance(b, gast.Constant) and type(b.value) is int and abs(b.value) <= _BOUND:
            bounds.append(b.value)
        elif isinstance(b, gast.UnaryOp) and isinstance(b.op, gast.USub) \
                and isinstance(b.operand, gast.Constant) and type(b.operand.value) is int \
                and abs(b.operand.value) <= _BOUND:
            bounds.append(-b.operand.value)
        else:
            return None
    step = p.step
    if step is not None and not (isinstance(step, gast.Constant) and (
            step.value is None or type(step.value) is int and step.value == 1)):
        return None
    sl = slice(bounds[0], bounds[1])
    return tuple(len(range(*sl.indices(n))) for n in _SAMPLES)
