"""Part of stage 2: a value the normalized function computes twice is computed once.

``(H - mu) ** 2`` and ``(H - mu) / s`` in one function normalize to two temporaries,
``sub = H - mu`` and ``sub1 = H - mu``; differentiated as they stand, each sends its own
gradient back through ``H - mu`` (two reductions onto ``mu``'s shape, two additions into
``H``'s gradient). Reading ``sub`` for ``sub1`` gives ``sub`` one gradient, the sum of
both, sent back once: what a person differentiating by hand writes. (The optimizer's
common subexpressions, optimize/passes.py, share the primal value after generation; the
adjoint work by then is already doubled.)

The second statement is dropped and its temporary's reads read the first one's when all
of these hold, which make the two values equal wherever the second is read:

* both names are temporaries the normalizer made (not the user's names), each bound by
  exactly one statement in the function, a plain assignment, in the same block, and
  every read of either is in a later statement of that block;
* the value is a pure expression of names and literals: an arithmetic, comparison or
  unary operator, or a call of one of :data:`PURE`'s NumPy functions with literal
  keywords (never a copy, never a random draw, never a function given ``out=``);
* no statement between the two binds a name the value reads, and no statement from the
  first to the last read of either name may change an array in place (a store into a
  subscript or an attribute, an augmented assignment, a method call on a name, a call of
  anything but :data:`PURE` with a name argument): the two would share one array, and a
  change through one would show through the other.

Not in the reference pipeline (SPEC §8), which differentiates the function as normalized:
``make fuzz`` compares the two on random programs that repeat subexpressions
(tests/property/gen_arrays.py ``repeated_values``).
"""

import gast
import numpy as np

from srcdiff.compiler.front.writes import mutates_first_argument, writes_by_keyword
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

# NumPy functions whose result depends on their arguments' values alone and that change
# none of them
PURE = frozenset([
    np.exp, np.log, np.sqrt, np.sin, np.cos, np.tan, np.tanh, np.sinh, np.cosh, np.arcsin,
    np.arccos, np.arctan, np.abs, np.absolute, np.square, np.log1p, np.expm1, np.exp2,
    np.log2, np.log10, np.sign, np.reciprocal, np.negative, np.power, np.multiply, np.add,
    np.subtract, np.divide, np.true_divide, np.maximum, np.minimum, np.logaddexp, np.hypot,
    np.arctan2, np.sum, np.mean, np.max, np.min, np.amax, np.amin, np.prod, np.dot,
    np.matmul, np.outer, np.transpose, np.swapaxes, np.std, np.var, np.cbrt, np.sinc,
    np.where, np.clip])


def share_values(parsed, fn, reserved=()):
    """Drop, in ``fn`` (normalized, changed in place), each temporary's statement whose value
    an earlier temporary holds (module docstring), reading the earlier one instead."""
    user = parsed.all_names() | set(reserved)
    binds, loads = {}, {}
    for n in dataflow.names(fn):
        if isinstance(n.ctx, gast.Store) or isinstance(n.ctx, gast.Del):
            binds[n.id] = binds.get(n.id, 0) + 1
        elif isinstance(n.ctx, gast.Load):
            loads[n.id] = loads.get(n.id, 0) + 1
    for a in fn.args.args:
        binds[a.id] = binds.get(a.id, 0) + 1
    temporaries = {k for k, c in binds.items() if c == 1 and k not in user}
    renamed = {}
    _block(parsed, fn.body, temporaries, loads, renamed)
    if renamed:
        for n in dataflow.names(fn):
            if isinstance(n.ctx, gast.Load) and n.id in renamed:
                n.id = renamed[n.id]
    return renamed


def _block(parsed, body, temporaries, loads, renamed):
    rows = []  # per statement: (names it reads -> how often, may it change arrays in place)
    for s in body:
        for inner in [] if isinstance(s, _NESTED) else _blocks(s):
            _block(parsed, inner, temporaries, loads, renamed)
        _, _, counts = dataflow.summary(s)
        rows.append((counts, _changes_in_place(parsed, s)))
    seen = {}  # dump of a value -> (its temporary, its statement's index, names it reads)
    # name -> the dumps in ``seen`` of values reading it (a dump's names are its own, so an
    # entry is forgotten when a statement binds one of them without rebuilding ``seen``)
    readers = {}
    drop = set()
    for k, s in enumerate(body):
        if rows[k][1] or _blocks(s):
            seen, readers = {}, {}
            continue
        written = dataflow.bound(s)
        if renamed and isinstance(s, gast.Assign):  # (a value read through a dropped name)
            for n in dataflow.names(s.value):
                n.id = renamed.get(n.id, n.id) if isinstance(n.ctx, gast.Load) else n.id
        key = _value_key(parsed, s, temporaries)
        if key is not None and key[0] in seen:
            first, i, _ = seen[key[0]]
            second = s.targets[0].id
            if _shareable(rows, i, k, first, second, loads):
                drop.add(k)
                renamed[second] = first
                continue
        for w in written:
            for d in readers.pop(w, ()):
                seen.pop(d, None)
        if key is not None and key[0] not in seen:
            seen[key[0]] = (s.targets[0].id, k, key[1])
            for r in key[1]:
                readers.setdefault(r, set()).add(key[0])
    if drop:
        body[:] = [s for k, s in enumerate(body) if k not in drop]


def _shareable(rows, i, k, first, second, loads):
    """Every read of ``first`` (bound at ``i``) and of ``second`` (at ``k``) is in a later
    statement of the block, and none from ``i`` to the last of those reads may change an
    array in place."""
    last = k
    for name, at in ((first, i), (second, k)):
        found = 0
        for j in range(at + 1, len(rows)):
            c = rows[j][0].get(name, 0)
            if c:
                found += c
                last = max(last, j)
        if found != loads.get(name, 0):
            return False
    return not any(rows[j][1] for j in range(i, last + 1))


_NESTED = (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef)


def _blocks(s):
    """The statement lists inside a compound statement."""
    return [getattr(s, f) for f in ("body", "orelse", "finalbody") if isinstance(
        getattr(s, f, None), list) and getattr(s, f)] + [h.body for h in getattr(s, "handlers", [])]


def _value_key(parsed, s, temporaries):
    """``(dump of the value, names it reads)`` when ``s`` binds a temporary to a pure value
    of names and literals, else None."""
    if not (isinstance(s, gast.Assign) and len(s.targets) == 1
            and isinstance(s.targets[0], gast.Name) and s.targets[0].id in temporaries):
        return None
    v = s.value
    if isinstance(v, gast.BinOp):
        operands = [v.left, v.right]
    elif isinstance(v, gast.UnaryOp):
        operands = [v.operand]
    elif isinstance(v, gast.Compare):
        operands = [v.left] + list(v.comparators)
    elif isinstance(v, gast.Call) and _pure_call(parsed, v):
        operands = list(v.args)
    else:
        return None
    if not all(isinstance(o, gast.Name) or _literal(o) for o in operands):
        return None
    return S.dump(v), {o.id for o in operands if isinstance(o, gast.Name)}


def _pure_call(parsed, call):
    try:
        f = parsed.resolve(call.func)
        return f in PURE and all(k.arg is not None and k.arg != "out" and _literal(k.value)
                                 for k in call.keywords)
    except TypeError:  # (an unhashable object)
        return False


def _literal(node):
    if isinstance(node, gast.Constant):
        return True
    if isinstance(node, gast.UnaryOp) and isinstance(node.op, (gast.USub, gast.UAdd)):
        return _literal(node.operand)
    if isinstance(node, gast.Tuple):
        return all(_literal(e) for e in node.elts)
    return False


def _changes_in_place(parsed, s):
    """May ``s`` change an array (or any object) in place? (More than needed, never less.)"""
    for n in dataflow.nodes(s):
        if isinstance(n, gast.AugAssign) or isinstance(n, (gast.Subscript, gast.Attribute)) \
                and isinstance(n.ctx, (gast.Store, gast.Del)):
            return True
        if isinstance(n, gast.Call) and not _pure_call(parsed, n) \
                and not numpy_call_changes_nothing(parsed, n) \
                and (isinstance(n.func, gast.Attribute) or n.keywords
                     or any(not _literal(a) for a in n.args)):
            return True  # (a method call may change its receiver)
    return False


def numpy_call_changes_nothing(parsed, call):
    """``call`` calls one of NumPy's functions (resolved through the module's names) that
    changes none of its arguments: not one that changes its first argument
    (front/writes.py: ``np.copyto``, a ufunc's ``at``, ...), no ``out=``, no
    ``overwrite_*`` keyword."""
    f = parsed.resolve(call.func)
    module = getattr(f, "__module__", None) or ""
    if not (isinstance(f, np.ufunc) or callable(f) and module.split(".")[0] == "numpy"):
        return False
    return not mutates_first_argument(f) and getattr(f, "__name__", "") != "at" \
        and not any(k.arg in (None, "out") for k in call.keywords) \
        and not writes_by_keyword(f, call)
