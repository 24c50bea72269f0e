"""Shifts the output does not depend on: the max-shift of a log-sum-exp or a softmax.

``m = np.max(z, axis=-1, keepdims=True); p = np.exp(z - m); p = p / np.sum(p, axis=-1,
keepdims=True)`` computes the same ``p`` for *any* ``m``: read ``m`` as an independent
input, the function does not depend on it, so ``dL/dm`` is exactly zero and the backward
sweep need not form it (autograd and JAX users write ``stop_gradient(m)`` there). The
gradient through ``z`` itself is untouched: only ``m``'s own path is dropped, and that
path's total is zero, not merely small (it is rounding noise when computed).

The proof is an abstract interpretation of the top-level straight-line code after ``m``,
asking how each value changes when ``m`` becomes ``m + t`` (``t`` shaped like ``m``):

* ``INV`` (absent from the table): unchanged;
* ``(SHIFT, c, layout)``: becomes ``v + c * t``;
* ``(SCALE, c, layout)``: becomes ``v * exp(c * t)``.

``layout`` says where ``t``'s axes sit among ``v``'s trailing axes (``"o"``: ``t`` has
length 1 there, ``"v"``: it varies; ``more``: unknown varying axes further left). Each
primitive's fact is a row of :data:`_ELEMENTWISE` or a reduction over axes along which
``t`` is constant (so ``t`` leaves the sum, mean, max or min as a factor or a term):
``exp`` turns a shift into a scale, ``log`` a scale into a shift, sums and differences
add coefficients, products and quotients add exponents, and a shift times (or over) a
number is a shift whose coefficient is multiplied (divided) by it: a literal, or a
scalar name that holds one value wherever it is read (a parameter never rebound, or a
name bound once, never stored into), ``exp(-beta * (d - m))``. A coefficient is a sum of
exact rational multiples of products of such names (monomials), so a temperature
cancels only against itself; a coefficient of zero is ``INV``. The shift is *free* when
every value it reaches is read only by such rows and
nothing that changes with ``m`` reaches the output, a branch, a loop, a call, a store or
an index other than a full slice or a length-1 axis. Anything else keeps the gradient.

Verification mode keeps the gradient and checks that it is zero up to rounding
(``verify_negligible``, reverse/backward.py).
"""

import operator
from fractions import Fraction

import gast
import numpy as np

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

SHIFT, SCALE = "shift", "scale"

# primitive -> (kinds of its operands -> kind of its result); see _combine
_ADD = (operator.add, np.add)
_SUB = (operator.sub, np.subtract)
_MUL = (operator.mul, np.multiply)
_DIV = (operator.truediv, np.divide, np.true_divide)
_NEG = (operator.neg, np.negative)
_POS = (operator.pos, np.positive)
_EXP = (np.exp,)
_LOG = (np.log,)
# reductions: which kinds pass through (t constant along the reduced axes)
_REDUCTIONS = {np.sum: (SCALE,), np.mean: (SCALE, SHIFT), np.max: (SCALE, SHIFT),
               np.amax: (SCALE, SHIFT), np.min: (SCALE, SHIFT), np.amin: (SCALE, SHIFT)}
_SHIFTS = (np.max, np.amax, np.min, np.amin, np.mean)  # m: a reduction with kept axes


def free_shifts(fn, analysis):
    """Names of values ``m`` (single definitions at the top level, active) whose gradient
    is exactly zero: the output does not depend on them (see the module docstring)."""
    body = fn.body
    out = set()
    stable = None  # (asked once, when a shift is found)
    for k, s in enumerate(body):
        op = analysis.op(s)
        if op is None or op.kind != "prim" or op.func not in _SHIFTS or op.target is None \
                or op.target not in analysis.active or analysis.assign_count.get(op.target) != 1:
            continue
        layout = _shift_layout(op, analysis)
        stable = _stable_names(fn, analysis) if stable is None else stable
        if layout is not None and _output_independent(body[k + 1:], analysis, op.target,
                                                      layout, stable):
            out.add(op.target)
    return out


def _shift_layout(op, analysis):
    """``t``'s layout for ``m = reduce(z, axis, keepdims)``, or None when unknown."""
    axes, keep = _reduction_options(op)
    if axes is _UNKNOWN or not op.args or not isinstance(op.args[0], gast.Name):
        return None
    rank = analysis.ranks.get(op.args[0].id)
    if axes is None:
        return (False, ("o",) * rank) if keep and rank is not None else (
            (False, ()) if not keep else None)
    if rank is None:
        if not keep or any(a >= 0 for a in axes):
            return None
        width = -min(axes)
        return True, tuple("o" if a - width in axes else "v" for a in range(width))
    if not all(-rank <= a < rank for a in axes):
        return None
    neg = {a - rank if a >= 0 else a for a in axes}
    if not keep:
        return False, ("v",) * (rank - len(neg))
    return False, tuple("o" if a - rank in neg else "v" for a in range(rank))


_UNKNOWN = object()


def _reduction_options(op):
    """``(axes, keepdims)`` of a reduction with literal options: axes a tuple of ints or
    None (every axis); ``(_UNKNOWN, None)`` for anything else."""
    if set(op.kwargs) - {"axis", "keepdims"} or len(op.args) > 2:
        return _UNKNOWN, None
    axis = op.kwargs.get("axis", op.args[1] if len(op.args) > 1 else None)
    keep = op.kwargs.get("keepdims")
    keep = False if keep is None else _literal(keep)
    if not isinstance(keep, bool):
        return _UNKNOWN, None
    if axis is None or (isinstance(axis, gast.Constant) and axis.value is None):
        return None, keep
    value = _literal(axis)
    axes = value if isinstance(value, tuple) else (value,)
    if not axes or not all(type(a) is int for a in axes):
        return _UNKNOWN, None
    return axes, keep


def _literal(node):
    if isinstance(node, gast.Constant):
        return node.value
    if isinstance(node, gast.UnaryOp) and isinstance(node.op, gast.USub) \
            and isinstance(node.operand, gast.Constant) and type(node.operand.value) is int:
        return -node.operand.value
    if isinstance(node, gast.Tuple):
        return tuple(_literal(e) for e in node.elts)
    return _UNKNOWN


def _stable_names(fn, analysis):
    """The names that hold one value wherever they are read: parameters never bound again,
    locals bound once by an assignment (not a loop), neither stored into."""
    args = fn.args
    params = {a.id for a in args.posonlyargs + args.args + args.kwonlyargs}
    binds = {}
    for n in dataflow.names(fn):  # (counts and sets: the order of the walk is not asked)
        if isinstance(n.ctx, (gast.Store, gast.Del)):
            binds[n.id] = binds.get(n.id, 0) + 1
    loops = {n.target.id for n in dataflow.nodes(fn) if isinstance(n, gast.For)
             and isinstance(n.target, gast.Name)}
    changed = {o.target for o in analysis.order if o.kind in ("store", "append")}
    return {v for v in set(binds) | params if binds.get(v, 0) == (v not in params)
            and v not in loops and v not in changed}


def _output_independent(body, analysis, m, layout, stable):
    """Does nothing in ``body`` (the statements after ``m``'s definition) that changes
    with ``m`` reach the output or an unmodelled reader?"""
    table = {m: (SHIFT, _ONE, layout)}
    for s in body:
        reads = S.loaded_names(s) & set(table)
        op = analysis.op(s)
        if isinstance(s, gast.Assign) and op is not None and op.target is not None \
                and op.kind in ("prim", "copy", "index", "const"):
            if not reads:
                table.pop(op.target, None)  # rebound to a value that does not depend on m
                continue
            fact = _fact(op, table, analysis, stable)
            if fact is None:
                return False
            table.pop(op.target, None)
            if fact[1]:  # (a coefficient of zero: unchanged)
                table[op.target] = fact
            continue
        if reads or (dataflow_targets(s) & set(table)):
            return False  # read or rebound by a branch, loop, return, store, call, ...
    return True


def dataflow_targets(s):
    """Names a statement binds anywhere inside it."""
    return {n.id for n in gast.walk(s) if isinstance(n, gast.Name)
            and isinstance(n.ctx, (gast.Store, gast.Del))}


def _fact(op, table, analysis, stable):
    """The kind of ``op``'s result when some operand changes with ``m``; None: unmodelled."""
    if op.kind == "copy":
        return table.get(op.args[0].id) if isinstance(op.args[0], gast.Name) else None
    if op.kind == "index":
        return _index_fact(op, table, analysis)
    if op.kind != "prim" or op.kwargs and op.func not in _REDUCTIONS:
        return None
    facts = [table.get(a.id) if isinstance(a, gast.Name) else None for a in op.args]
    f = op.func
    if f in _REDUCTIONS:
        return _reduction_fact(op, facts, analysis)
    if f in _ADD or f in _SUB:
        return _combine(facts, SHIFT, -1 if f in _SUB else 1)
    if (f in _MUL or f in _DIV) and len(facts) == 2 and facts[0] is not None \
            and facts[0][0] == SHIFT and facts[1] is None:  # (v + c t) * k, (v + c t) / k
        return _scaled(facts[0], _number(op.args[1], analysis, stable), f in _DIV)
    if f in _MUL and len(facts) == 2 and facts[1] is not None and facts[1][0] == SHIFT \
            and facts[0] is None:  # k * (v + c t)
        return _scaled(facts[1], _number(op.args[0], analysis, stable), False)
    if f in _MUL or f in _DIV:
        return _combine(facts, SCALE, -1 if f in _DIV else 1)
    if len(facts) != 1 or facts[0] is None:
        return None
    kind, c, lay = facts[0]
    if f in _POS:
        return facts[0]
    if f in _NEG:
        # (a negated shift's coefficient negated; -(v e^ct) = (-v) e^ct: the same scale)
        return (SHIFT, _times(c, Fraction(-1), ()), lay) if kind == SHIFT else facts[0]
    if f in _EXP and kind == SHIFT:
        return SCALE, c, lay
    if f in _LOG and kind == SCALE:
        return SHIFT, c, lay
    return None


def _combine(facts, kind, sign):
    """``a + b`` / ``a - b`` of shifts (``kind`` SHIFT), ``a * b`` / ``a / b`` of scales:
    coefficients add (the second's with ``sign``); both must lay ``t`` out alike."""
    if len(facts) != 2:
        return None
    known = [f for f in facts if f is not None]
    if any(f[0] != kind for f in known) or len({f[2] for f in known}) > 1:
        return None
    c = _plus(facts[0][1] if facts[0] else (), _times(facts[1][1], Fraction(sign), ())
              if facts[1] else ())
    return kind, c, known[0][2]


# coefficients: tuples of (monomial, Fraction) sorted by monomial, no zero terms; a
# monomial is a sorted tuple of scalar names (``"/name"`` for a division by one)
_ONE = (((), Fraction(1)),)


def _plus(a, b):
    terms = dict(a)
    for mono, q in b:
        terms[mono] = terms.get(mono, 0) + q
    return tuple(sorted((m, q) for m, q in terms.items() if q))


def _times(c, q, names):
    """``c * q * names``: a name times its inverse cancels (a number the primal divides by
    is not zero, or the values it makes are not finite)."""
    return _plus((), [(_monomial(m + names), r * q) for m, r in c])


def _monomial(names):
    names = list(names)
    for n in [n for n in names if n.startswith("/")]:
        if n[1:] in names and n in names:
            names.remove(n[1:])
            names.remove(n)
    return tuple(sorted(names))


def _number(node, analysis, stable):
    """``(Fraction, names)`` of a factor that is one number wherever it is read (see the
    module docstring), or None."""
    value = _literal(node.operand) if isinstance(node, gast.UnaryOp) and isinstance(
        node.op, gast.USub) else _literal(node)
    if type(value) in (int, float) and np.isfinite(value):
        value = -value if isinstance(node, gast.UnaryOp) else value
        return Fraction(value), ()
    if isinstance(node, gast.Name) and node.id in stable and analysis.shapes.get(node.id) == () \
            and analysis.kinds.get(node.id) in ("array", "int"):
        return Fraction(1), (node.id,)
    return None


def _scaled(fact, factor, divide):
    """``fact`` (a shift) times the number ``factor``, or over it."""
    if factor is None:
        return None
    q, names = factor
    if divide:
        if not q:
            return None
        q, names = 1 / q, tuple("/" + n for n in names)  # (no name starts with "/")
    kind, c, lay = fact
    return kind, _times(c, q, names), lay


def _reduction_fact(op, facts, analysis):
    if not facts or facts[0] is None or any(f is not None for f in facts[1:]):
        return None
    kind, c, (more, lay) = facts[0]
    if kind not in _REDUCTIONS[op.func]:
        return None
    axes, keep = _reduction_options(op)
    if axes is _UNKNOWN:
        return None
    if axes is None:  # every axis: t must be constant everywhere
        if more or "v" in lay:
            return None
        return kind, c, (False, lay if keep else ())
    rank = analysis.ranks.get(op.args[0].id)
    neg = set()
    for a in axes:
        if a >= 0:
            if rank is None or a >= rank:
                return None
            a -= rank
        neg.add(a)
    out = list(lay)
    for a in sorted(neg):
        if -a <= len(lay):
            if lay[a] != "o":
                return None
        elif more:
            return None
    if not keep:
        out = [d for i, d in enumerate(lay) if i - len(lay) not in neg]
    return kind, c, (more, tuple(out))


def _index_fact(op, table, analysis):
    """``v[:, 0]``: full slices, and integers at axes where ``t`` has length 1 (or none)."""
    base = op.args[0].id if isinstance(op.args[0], gast.Name) else None
    fact = table.get(base)
    rank = analysis.ranks.get(base)
    if fact is None or rank is None or S.loaded_names(op.index) & set(table):
        return None
    kind, c, (more, lay) = fact
    parts = op.index.elts if isinstance(op.index, gast.Tuple) else [op.index]
    if len(parts) > rank:
        return None
    drop = set()
    for i, p in enumerate(parts):
        a = i - rank
        if isinstance(p, gast.Slice) and p.lower is None and p.upper is None and p.step is None:
            continue
        if isinstance(p, gast.Constant) and type(p.value) is int:
            if -a <= len(lay):
                if lay[a] != "o":
                    return None
            elif more:
                return None
            drop.add(a)
            continue
        return None
    return kind, c, (more, tuple(d for i, d in enumerate(lay) if i - len(lay) not in drop))
