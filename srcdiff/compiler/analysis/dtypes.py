"""Which arrays are proven to hold floats: a store into an integer array truncates.

``y[i] = v`` converts ``v`` to ``y``'s dtype. Into a float (or complex) array the
store keeps the value and its derivative; into an integer or boolean array it
truncates it (derivative 0), which the store's adjoint and tangent do not model. So
a store of a differentiated value is accepted only into an array this analysis
proves inexact; any other is refused with the reason (:func:`check_integer_stores`).

A name is *inexact* when every statement that defines it makes a float or complex
array (a greatest fixed point: loops keep what every trip agrees on):

- a parameter whose argument is a float array (its fact's kind is ARRAY: facts.py
  gives integer arrays the kind INT), or one compiled without facts (a written module
  or ``sd.source`` without arguments: its parameters are taken to be float arrays,
  the arguments a gradient is asked for);
- ``np.zeros(n)``, ``np.ones``, ``np.empty``, ``np.eye``, ``np.identity``,
  ``np.linspace`` without ``dtype`` (float64 by default), ``np.full(n, fill)`` with a
  float fill (a literal, ``float(...)``, or a module's float such as ``np.inf``), the
  ``*_like`` makers of an inexact array, any maker or conversion with a float
  ``dtype=`` spelled in the source;
- a copy, an index or a view of an inexact array; a list or tuple display holding a
  float (``np.array([0.0, 0.0])``); an entry of a parameter's list, tuple or dict whose
  argument's entry is a float array (``W = p["W"].copy()``), while nothing changes it;
- the result of a differentiable primitive (a rule that is not ``nondiff``) with an
  inexact or float operand: NumPy's promotion keeps floats float, and a primitive
  whose result could be an integer would have no derivative to declare;
- the result of a call of a plain user function whose own body, analyzed the same way
  with its parameters inexact where the caller's arguments are (or their defaults are
  floats), returns inexact names (a returned tuple: every entry), as returns.py gives
  the caller the facts of a call's result.
"""

import inspect
import operator
import types

import gast
import numpy as np

from srcdiff.compiler.analysis.activity import ARRAY, CONTAINER, INT, entry_of, fact_of_atom, walk
from srcdiff.compiler.analysis.ops import static_dtype, stop_gradient_argument
from srcdiff.compiler.analysis.reaching import reaching_definitions
from srcdiff.compiler.analysis.recording import blocks
from srcdiff.compiler.analysis.returns import returned_atoms
from srcdiff.compiler.analysis.sameshape import same_shapes
from srcdiff.compiler.ir import syntax as S
from srcdiff.runtime import dict_of
from srcdiff.runtime_memory import check_in_place

_DEFAULT_FLOAT = {np.zeros, np.ones, np.empty, np.eye, np.identity, np.linspace}
# where a maker takes its dtype positionally (np.zeros(3, int), np.full(3, 0.0, int))
_DTYPE_POSITION = {np.zeros: 1, np.ones: 1, np.empty: 1, np.zeros_like: 1, np.ones_like: 1,
                   np.empty_like: 1, np.full: 2, np.full_like: 2, np.identity: 1, np.eye: 3,
                   np.linspace: 5}
_PARAMETER = "parameter"  # a parameter's binding on entry, in a name's definitions
_LIKE = {np.zeros_like, np.ones_like, np.empty_like, np.full_like}
# whose results (a list of parts) keep their array's dtype: parts of a float array are floats
_SPLITS = {np.split, np.array_split, np.hsplit, np.vsplit, np.dsplit}
# constants (nondiff rules) whose result keeps its first argument's dtype: a float's rounding
_ROUNDINGS = {np.round, np.around, np.fix}


def inexact_names(fn, analysis, parsed, params, arg_facts):
    """The names of ``fn`` (ANF) proven to hold float or complex arrays, or lists every
    entry of which is one (``np.array(xs)`` of such a list is a float array)."""
    return _proven(fn, analysis, params,
                   lambda p: p not in arg_facts or (arg_facts[p] or (None,))[0] == ARRAY,
                   lambda op, known: _makes_inexact(op, known, parsed, analysis)
                   or _argument_entry_is_float(op, analysis, params),
                   _puts(fn, analysis))


def _argument_entry_is_float(op, analysis, params):
    """Is ``op`` the read ``p[k]`` of an entry of a parameter's list, tuple or dict whose
    argument's entry is a float array or number? The entries' facts are the argument's
    (facts.arg_fact: an array has the kind ARRAY only with a float or complex dtype), and
    the analysis keeps them only while nothing changes the container (activity.py)."""
    base = op.args[0] if op.kind == "index" and op.args else None
    if not (isinstance(base, gast.Name) and base.id in params):
        return False
    children = analysis.children.get(base.id)
    entry = entry_of(children, op.index, analysis.kinds) if children else None
    return entry is not None and entry[0] == ARRAY


def _puts(fn, analysis):
    """``name -> [value, ...]``: what ``xs.append(v)`` and a store into a list
    (``xs[i] = v``) put into the list ``name`` (a store into an array converts the value
    to the array's dtype: not a put). An entry of a list comes from its display or one of
    these; a list is proven to hold floats only when all of them are floats (and
    aliasing.py refuses a change seen through another live name of the same list)."""
    out = {}
    for s, _ in walk(fn.body):
        op = analysis.op(s)
        if op is None or op.target is None or not op.args:
            continue
        if op.kind == "append" or (op.kind == "store"
                                   and analysis.kinds.get(op.target) == CONTAINER):
            out.setdefault(op.target, []).append(op.args[0])
    return out


def container_names(fn, analysis, params, arg_facts):
    """The names of ``fn`` proven to hold lists or dicts (a store keeps the value)."""
    return _proven(fn, analysis, params,
                   lambda p: (arg_facts.get(p) or (None,))[0] == CONTAINER,
                   _makes_container)


def _proven(fn, analysis, params, param_ok, def_ok, puts=None):
    """The greatest set of names every definition of which ``def_ok(op, set)`` proves
    (a parameter's binding on entry: ``param_ok``; a loop variable: never), and every
    value put into which (``puts``: a list's appended and stored entries) is a float."""
    puts = puts or {}
    defs = {p: [_PARAMETER] for p in params}
    for s, _ in walk(fn.body):
        op = analysis.op(s)
        if op is not None and op.target is not None and op.kind not in ("store", "append"):
            defs.setdefault(op.target, []).append(op)
        if isinstance(s, gast.For):
            defs.setdefault(s.target.id, []).append(None)  # a loop variable: unknown
    candidates = set(defs)
    changed = True
    while changed:  # remove what some definition does not prove
        changed = False
        for name in list(candidates):
            if not all(param_ok(name) if op is _PARAMETER else
                       op is not None and def_ok(op, candidates) for op in defs[name]) \
                    or not all(_is_float(v, candidates) for v in puts.get(name, ())):
                candidates.discard(name)
                changed = True
    return candidates


def _makes_container(op, containers):
    value = op.stmt.value if isinstance(op.stmt, gast.Assign) else None
    if op.kind == "literal":
        return isinstance(value, (gast.List, gast.Dict))
    if op.kind == "copy":
        return isinstance(op.args[0], gast.Name) and op.args[0].id in containers
    return isinstance(value, gast.Call) and op.func in (dict, list, dict_of)


def _is_float(node, inexact):
    if isinstance(node, gast.Name):
        return node.id in inexact
    return isinstance(node, gast.Constant) and isinstance(node.value, (float, complex))


def _makes_inexact(op, inexact, parsed, analysis):
    value = op.stmt.value if isinstance(op.stmt, gast.Assign) else None
    if op.kind == "call":
        return _call_returns_inexact(op, inexact, analysis)
    if op.kind == "copy":  # (``k.astype(float)`` of an int ``k``: its dtype spelled)
        spelled = value.args[0] if isinstance(value, gast.Call) and isinstance(
            value.func, gast.Attribute) and value.func.attr == "astype" and value.args else None
        dtype = None if spelled is None else static_dtype(spelled, parsed)
        return _is_float(op.args[0], inexact) or dtype is not None and dtype.kind in "fc"
    if op.kind == "index":
        return _is_float(op.args[0], inexact)
    if op.kind == "literal":
        # NumPy promotes to float when one entry is a float; an empty list or tuple
        # (`xs = []`, filled by appends of floats) makes a float64 array
        return any(_is_float(e, inexact) for e in op.args) or (
            isinstance(value, (gast.List, gast.Tuple)) and not value.elts)
    if op.kind not in ("const", "prim"):
        return False
    stopped = stop_gradient_argument(op)
    if stopped is not None:  # sd.stop_gradient(a) is `a` itself at run time
        return _is_float(stopped, inexact)
    if isinstance(value, gast.Constant):
        return isinstance(value.value, (float, complex))
    if isinstance(value, gast.Attribute):  # np.inf, math.pi: a module's float constant
        return _module_float(value, parsed)
    call = value if isinstance(value, gast.Call) else None
    args = call.args if call is not None else op.args  # a nondiff rule's op keeps none
    keywords = {k.arg: k.value for k in call.keywords} if call is not None else op.kwargs
    fn = op.func
    spelled = keywords.get("dtype")
    position = _DTYPE_POSITION.get(fn)
    if spelled is None and position is not None and len(args) > position:
        spelled = args[position]  # np.zeros(3, np.float32)
    if spelled is not None:
        dtype = static_dtype(spelled, parsed)
        return dtype is not None and dtype.kind in "fc"
    if fn in _DEFAULT_FLOAT or fn is float:  # (float(...) is a Python float)
        return True
    if fn is np.full:
        return len(args) == 2 and _is_float(args[1], inexact)
    if fn in _SPLITS:
        return bool(args) and _is_float(args[0], inexact)
    if fn in _LIKE:
        return bool(args) and _is_float(args[0], inexact) and (
            fn is not np.full_like or len(args) < 2 or _is_float(args[1], inexact))
    if fn is operator.floordiv and isinstance(value, gast.BinOp):  # a float's floor: a float
        return _is_float(value.left, inexact) or _is_float(value.right, inexact)
    if fn in _ROUNDINGS:
        return bool(args) and _is_float(args[0], inexact)
    if op.kind == "prim" and op.rule is not None and not op.rule.nondiff \
            and not op.rule.tuple_output:
        return any(_is_float(a, inexact) for a in op.args)
    return False


def _module_float(node, parsed):
    """Is ``node`` (``np.inf``, ``math.pi``) an attribute of a module that is a Python float
    (np.float64 too: a subclass)? An object's attribute may change: not proven."""
    base = parsed.resolve(node.value)
    return isinstance(base, types.ModuleType) and isinstance(
        getattr(base, node.attr, None), float)


def _call_returns_inexact(op, inexact, analysis):
    """Whether the user function ``op`` calls returns a float array (or a tuple of them),
    given which of its arguments are: its own body's analysis, its parameters proven
    inexact where the caller's arguments are (or their defaults are floats). A recursive
    call, while the callee's answer is being computed, proves nothing (False: the answer
    is then smaller, never wrong)."""
    returns = analysis.returns
    callee = None if returns is None else returns.callee(
        op, lambda node: fact_of_atom(analysis, node))
    if callee is None:
        return False
    key, anf, parsed, a, arguments = callee
    floats = {}
    for p in anf.args.args:
        if p.id in arguments:
            floats[p.id] = _is_float(arguments[p.id], inexact)
        else:  # a default
            default = inspect.signature(key[0]).parameters[p.id].default
            floats[p.id] = isinstance(default, (float, complex)) or (
                isinstance(default, np.ndarray) and default.dtype.kind in "fc")
    memo_key = ("inexact", key, tuple(sorted(floats.items())))
    if memo_key not in returns.memo:
        returns.memo[memo_key] = False  # (in progress: see the docstring)
        proven = _proven(anf, a, list(floats), floats.get,
                         lambda o, known: _makes_inexact(o, known, parsed, a), _puts(anf, a))
        returns.memo[memo_key] = bool(a.outputs) and all(
            _is_float(e, proven) for e in returned_atoms(a))
    return returns.memo[memo_key]


def check_integer_stores(fn, analysis, parsed, params, arg_facts):
    """Refuse ``y[i] = v`` with ``v`` differentiated unless ``y`` is proven to hold
    floats (a store into an integer array truncates the value: derivative 0, which
    srcdiff does not model). Lists and dicts keep what is stored: not checked. In-place
    operations on names are checked at run time (:func:`in_place_shapes`)."""
    inexact, reaching = None, {}
    for s, _ in walk(fn.body):
        op = analysis.op(s)
        if op is None or op.kind != "store" or analysis.kinds.get(op.target) == CONTAINER:
            continue
        value = op.args[0]
        if not (isinstance(value, gast.Name) and value.id in analysis.active):
            continue  # no gradient flows through this store
        if inexact is None:
            floats = inexact_names(fn, analysis, parsed, params, arg_facts)
            inexact = floats | container_names(fn, analysis, params, arg_facts)
        if op.target in inexact or _reaching_inexact(s, op.target, fn, analysis, parsed,
                                                     params, arg_facts, floats, reaching):
            continue
        raise parsed.error(
            s, f"a differentiated value is stored into {op.target!r}, which srcdiff cannot "
               "prove holds floats: a store into an integer or boolean array truncates the "
               "value (its derivative is 0), which srcdiff does not model",
            hint=f"make {op.target!r} a float array (np.zeros(n), dtype=float, "
                 ".astype(float)), or store sd.stop_gradient(...) of the value")



def _reaching_inexact(store, name, fn, analysis, parsed, params, arg_facts, floats, memo):
    """Does every definition of ``name`` that may reach ``store`` make a float array? A
    name rebound (``xs = np.array(xs, dtype=float)`` of a list parameter ``xs``) holds
    floats from there on though not every definition of it does (:func:`inexact_names`
    asks that of all of them; its answer, ``floats``, is what the definitions' operands
    are proven by). A parameter's binding on entry is a definition (a statement ``p = p``
    put first), proven as :func:`inexact_names` proves it; the definitions are
    reaching.py's (a superset where loops make it simpler)."""
    if not memo:
        entry = [S.assign(p, S.name(p)) for p in sorted(params)]
        memo["reach"] = reaching_definitions(entry + list(fn.body))
        memo["entry"] = {S.key(e): e.targets[0].id for e in entry}
        memo["stmts"] = {S.key(x): x for x, _ in walk(fn.body)}
        memo["puts"] = _puts(fn, analysis)
    defs = memo["reach"].get(S.key(store), {}).get(name)
    if not defs or not all(_is_float(v, floats) for v in memo["puts"].get(name, ())):
        return False
    for k in defs:
        if k in memo["entry"]:
            if name in arg_facts and (arg_facts[name] or (None,))[0] != ARRAY:
                return False
            continue
        stmt = memo["stmts"].get(k)
        op = None if stmt is None else analysis.op(stmt)
        if op is None or op.target != name or op.kind in ("store", "append") or not (
                _makes_inexact(op, floats, parsed, analysis)
                or _argument_entry_is_float(op, analysis, params)):
            return False
    return True


def in_place_shapes(fn, analysis, parsed, names, arg_facts, same=False):
    """Check ``m op= v`` (lowered to ``m = m op v``: front/normalize.py) where ``m`` may be
    an array at run time. NumPy writes the result into ``m``: it refuses a result of another
    shape (``v`` of more axes, or longer where ``m``'s axis has length 1: ValueError) and
    casts it to ``m``'s dtype (``same_kind``: a float result into an int array raises
    UFuncTypeError; an int64 result into an int8 array wraps around; a bool ``m += 1``
    raises), where ``m = m op v`` would make a new array of the result's own shape and
    dtype. Likewise ``x[i] op= v`` (lowered to ``item = x[i]; new = item op v; x[i] = new``):
    an array ``item`` (a view, or a fancy index's copy) is changed in place first, where the
    store ``x[i] = new`` would take a result with more leading axes of length 1, or cast
    a float into an int array. A statement ``unused = check_in_place(m, v, op)``
    (srcdiff/runtime_memory.py: NumPy's error where NumPy raises, a refusal where the int
    dtypes differ, nothing otherwise) goes before each, unless ``v`` surely broadcasts into
    any ``m`` (a number
    literal, a name of rank 0, or of a shape pattern whose axes all have length 1 and are
    no more than ``m``'s) and ``m`` is proven to hold floats (:func:`inexact_names`) or is
    of rank 0. With ``same`` (the optimizing pipeline, not in verification mode), also
    where ``v`` has ``m``'s shape by analysis/sameshape.py (``w = -v; w += v * v``: the
    check would read ``w`` and keep the two statements from folding into one); the
    reference pipeline and verification mode keep those checks. Never dropped as dead (not
    a pure call: optimize/dead.py). True if one was added; the caller analyzes the
    function again then."""
    added, inexact, shapes = False, None, None
    for body in list(blocks(fn.body)):
        for k in range(len(body) - 1, -1, -1):
            s = body[k]
            v = s.value if getattr(s, "srcdiff_inplace", False) \
                or getattr(s, "srcdiff_inplace_item", None) else None
            if not (isinstance(v, gast.BinOp) and isinstance(v.left, gast.Name)) \
                    or analysis.kinds.get(v.left.id) == CONTAINER:
                continue
            if inexact is None:
                inexact = inexact_names(fn, analysis, parsed, [a.id for a in fn.args.args],
                                        arg_facts)
            if same and shapes is None:
                shapes = same_shapes(fn, analysis)
            fits = _broadcasts_into(v.right, v.left.id, analysis) or same and isinstance(
                v.right, gast.Name) and shapes.same(s, [v.left.id, v.right.id])
            if fits and not isinstance(v.op, gast.MatMult) and (
                    v.left.id in inexact or analysis.ranks.get(v.left.id) == 0):
                continue
            parsed.namespace["check_in_place"] = check_in_place
            args = [S.name(v.left.id), S.copy(v.right)]
            ufunc = _UFUNCS.get(type(v.op))
            check = S.call("check_in_place", args + ([S.const(ufunc)] if ufunc else []))
            body.insert(k, S.locate(S.assign(names.fresh("unused"), check), s))
            added = True
    return added


# the ufunc NumPy calls for ``m op= v`` (check_in_place reads "add" when none is given)
_UFUNCS = {gast.Sub: "subtract", gast.Mult: "multiply", gast.Div: "true_divide",
           gast.FloorDiv: "floor_divide", gast.Mod: "remainder", gast.Pow: "power",
           gast.MatMult: "matmul", gast.BitAnd: "bitwise_and", gast.BitOr: "bitwise_or",
           gast.BitXor: "bitwise_xor", gast.LShift: "left_shift", gast.RShift: "right_shift"}


def _broadcasts_into(r, m, analysis):
    if isinstance(r, gast.Constant):
        return isinstance(r.value, (bool, int, float, complex))
    if not isinstance(r, gast.Name):
        return False
    pattern, outer = analysis.shapes.get(r.id), analysis.shapes.get(m)
    return analysis.ranks.get(r.id) == 0 or pattern == () or (
        isinstance(pattern, tuple) and isinstance(outer, tuple)
        and len(pattern) <= len(outer) and all(d == 1 for d in pattern))


def check_chained_stores(fn, analysis, parsed):
    """Refuse a chained store ``x[i][j] = v`` (stored as ``x[i, j] = v``: front/
    chains.py ``subscript_target``) unless every outer index is an int (never a bool:
    ``x[True]`` is a copy, which the store would not reach) and ``x`` an array: only then
    is ``x[i]`` a view of ``x`` whose entry ``j`` is ``x[i, j]``."""
    ints = None
    for s, _ in walk(fn.body):
        outer = getattr(s, "srcdiff_chained", None)
        op = analysis.op(s) if outer else None
        if op is None:
            continue
        if ints is None:
            ints = _int_names(fn, analysis, parsed)
        if analysis.kinds.get(op.target) == ARRAY and all(
                type(e.value) is int if isinstance(e, gast.Constant) else
                isinstance(e, gast.Name) and e.id in ints for e in outer):
            continue
        raise parsed.error(
            s, "a chained store `x[i][j] = ...` is differentiated as `x[i, j] = ...`, which "
               "is the same store only when `x` is an array and each index but the last an "
               f"int; srcdiff cannot prove that here (of {op.target!r})",
            hint="write one index, `x[i, j] = ...`, or assign the row to a variable and "
                 "store it back")


def chains_to_split(fn, analysis):
    """The positions of the chained stores ``x[i][j] = v`` whose ``x`` this (first) analysis
    does not show an array: the front end stores them through the entry ``x[i]`` instead,
    checked to be of a list or dict when the code runs (front/chains.py)."""
    return frozenset(s.srcdiff_chain_at for s, _ in walk(fn.body)
                     if getattr(s, "srcdiff_chained", None) and analysis.op(s) is not None
                     and analysis.kinds.get(analysis.op(s).target) != ARRAY)


def held_values(analysis):
    """``{name: "array" or "int"}``: names holding arrays or ints (front/aliases.py)."""
    return {n: "array" if analysis.shapes.get(n) != () else "int"
            for n, k in analysis.kinds.items()
            if k == INT or k == ARRAY and analysis.shapes.get(n) != ()}


_INT_ARITHMETIC = (gast.Add, gast.Sub, gast.Mult, gast.FloorDiv, gast.Mod)


def _int_names(fn, analysis, parsed):
    """Names every definition of which makes a Python int, never a bool (a parameter may
    be a bool, which the facts do not tell from an int): the target of a loop over
    ``range(...)``, an int literal, ``len(...)``, a copy of such a name, and ``+ - * // %``
    or unary minus of such names and int literals (a greatest fixed point)."""
    defs = {}
    for s, _ in walk(fn.body):
        if isinstance(s, gast.For) and isinstance(s.target, gast.Name):
            it = s.iter
            defs.setdefault(s.target.id, []).append(
                "range" if isinstance(it, gast.Call) and parsed.callee(it.func) is range
                else None)
            continue
        op = analysis.op(s)
        if op is not None and op.target is not None and op.kind not in ("store", "append"):
            defs.setdefault(op.target, []).append(
                op.stmt.value if isinstance(op.stmt, gast.Assign) else None)
    params = {a.id for a in fn.args.args}
    known = {n for n in defs if n not in params}

    def atom(e):
        return type(e.value) is int if isinstance(e, gast.Constant) else \
            isinstance(e, gast.Name) and e.id in known

    def makes_int(v):
        if v == "range":
            return True
        if isinstance(v, (gast.Constant, gast.Name)):
            return atom(v)
        if isinstance(v, gast.BinOp):
            return isinstance(v.op, _INT_ARITHMETIC) and atom(v.left) and atom(v.right)
        if isinstance(v, gast.UnaryOp):
            return isinstance(v.op, gast.USub) and atom(v.operand)
        return isinstance(v, gast.Call) and parsed.callee(v.func) is len
    changed = True
    while changed:
        changed = False
        for n in list(known):
            if not all(makes_int(v) for v in defs[n]):
                known.discard(n)
                changed = True
    return known
