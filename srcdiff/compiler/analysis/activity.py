"""Stage 3, analyze: which variables are active, and facts about their values.

A variable is *varied* when it may depend differentiably on a ``wrt`` input, *useful* when
an output may depend differentiably on it; it is *active* when both. Only active statements
get adjoint code. The analysis is flow-insensitive (one fact per name for the whole
function), which is conservative: it can only make more statements active, never fewer.

``stop_gradients`` names are cut: their defining statements pass no gradient to their
operands. ``sd.stop_gradient(x)`` is a constant (see ops.py).

Alongside, two value facts used to pick cheaper rules: the *kind* of each name (``array``
for numbers and arrays, ``int`` for integers, ``container`` for lists/tuples/dicts, ``None``
when unknown) and its *rank* (ndim, or None).
"""

import operator
from typing import Optional, Sequence

import gast
import numpy as np

from srcdiff.compiler.analysis.displays import display_entries, entry_read
from srcdiff.compiler.analysis.fixpoint import fixpoint
from srcdiff.compiler.analysis.makers import (
    MAKERS,
    advanced_index_pattern,
    int_array_names,
    maker_pattern,
    shape_entries,
    size_read,
    tuple_displays,
)
from srcdiff.compiler.analysis.ops import describe, makes_container, stop_gradient_argument
from srcdiff.compiler.analysis.patterns import (
    REARRANGING,
    broadcast_pattern,
    concatenated_pattern,
    converted_pattern,
    cumulative_pattern,
    join,
    linalg_pattern,
    matmul_pattern,
    rearranged_pattern,
    reduction_pattern,
)
from srcdiff.compiler.front.parse import Parsed
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.rules.math_rules import FLOAT_VALUED, INT_VALUED
from srcdiff.rules.registry import Registry
from srcdiff.rules.runtime_rules import TREE_VALUED
from srcdiff.runtime_memory import concat_sequences, repeat_sequence

ARRAY, INT, CONTAINER = "array", "int", "container"
class _EveryEntry:
    """The key of a container fact's entry that stands for every entry (see ``entry_of``)."""
    __slots__ = ()

    def __repr__(self):
        return "EVERY_ENTRY"


EVERY_ENTRY = _EveryEntry()


def entry_of(children, index, kinds):
    """The fact of ``base[index]`` from the facts of ``base``'s entries (``children``), or None.

    A constant index reads its own entry. A container whose entries all share one fact
    (a long list of floats: facts.arg_fact) records it under ``EVERY_ENTRY``; any index
    that is an integer (a constant, or a name whose kind is INT) reads an entry with that
    fact (an index out of range raises in the primal, before any gradient exists)."""
    if children is None:
        return None
    if isinstance(index, gast.Constant) and index.value in children:
        return children[index.value]
    if EVERY_ENTRY in children and (
            (isinstance(index, gast.Name) and kinds.get(index.id) == INT)
            or (isinstance(index, gast.Constant) and type(index.value) is int)):
        return children[EVERY_ENTRY]
    return None


_LIKE = {np.zeros_like, np.ones_like, np.empty_like, np.full_like}


class Analysis:
    """Facts about one normalized function (the result of :func:`analyze`)."""

    def __init__(self):
        self.ops = {}  # S.key(stmt) -> Op
        self.order = []  # every Op, in program order
        self.varied = set()
        self.useful = set()
        self.active = set()
        self.kinds = {}
        self.ranks = {}
        self.children = {}  # container name -> {key: fact}, when known
        self.fields = {}  # a named tuple's name (its entries known) -> its field names
        self.assign_count = {}  # name -> number of defining statements
        self.in_loop = set()  # names defined inside some loop
        self.outputs = []
        self.registry = None  # the rule table the ops were described with
        self.returns = None  # the facts of user calls' results (analysis/returns.py)
        self.lists = {}  # lists only appended to and stacked: appended_lists()
        self.same_shapes = None  # operands of equal unknown shapes (sameshape.py), or None
        self.sharers = {}  # S.key(store) -> other names that may see its change (aliasing.py)
        self.free_shifts = frozenset()  # constants of the optimized gradient (shift.py)
        self.int_values = {}  # the module's int constants the function reads -> value
        self.int_arrays = {}  # arrays proven to hold integers -> ascending? (makers.py)
        self.tuples = {}  # names bound once by a tuple display -> it (makers.py)

    def op(self, stmt):
        return self.ops.get(S.key(stmt))

    def is_active_op(self, op):
        return op.target in self.active and any(o in self.active for o in op.operands)


def header_reads(s):
    """The names statement ``s`` itself reads (a compound statement: its header only)."""
    if isinstance(s, gast.For):
        nodes = [s.iter]
    elif isinstance(s, (gast.While, gast.If)):
        nodes = [s.test]
    elif isinstance(s, (gast.Try, gast.With)):
        return S.all_names(s)  # (conservative)
    else:
        nodes = [s]
    return set().union(*map(S.loaded_names, nodes))


def appended_lists(a, fn, params):
    """The lists every entry of which a list display binding them or one of their own
    ``L.append(v)`` statements put there: ``{L: [the atoms put there]}``. ``L`` is bound
    only by list displays of names and literals (``L = []``, ``L = [x, y]``; not a
    parameter, never a loop target) and read by nothing but its own appends (of values
    that do not read ``L``) and ``np.stack(L)`` (which copies the entries): no alias,
    call, index, loop or return sees ``L``, so nothing else adds to it."""
    lists, bad = {}, set(params)
    for op in a.order:
        if op.kind == "literal" and isinstance(op.stmt, gast.Assign) \
                and isinstance(op.stmt.value, gast.List) \
                and all(isinstance(e, (gast.Name, gast.Constant)) for e in op.stmt.value.elts):
            lists.setdefault(op.target, []).extend(op.stmt.value.elts)
        elif op.kind == "append":
            lists.setdefault(op.target, []).append(op.args[0])
        elif op.target is not None:
            bad.add(op.target)
    for s, _ in walk(fn.body):
        if isinstance(s, gast.For):
            bad |= {n.id for n in gast.walk(s.target) if isinstance(n, gast.Name)}
        op = a.op(s)
        for v in header_reads(s) & set(lists):
            if op is not None and op.kind == "append" and op.target == v and not (
                    S.loaded_names(gast.Tuple(elts=op.args, ctx=gast.Load())) & {v}):
                continue
            if op is not None and op.kind == "prim" and op.func in _READERS and not op.kwargs \
                    and len(op.args) == 1 and isinstance(op.args[0], gast.Name):
                continue
            bad.add(v)
    return {v: ops for v, ops in lists.items() if v not in bad and ops}


# calls that copy a list's entries into one array with a new leading axis: np.stack, and
# np.array / np.asarray of a list (which make an array of shape (0,) of an empty list:
# their fact is known only for entries that are numbers, whatever the list's length)
_STACKERS = (np.stack, np.array, np.asarray)
# the calls that read such a list without keeping it: the stackers, and the builtin sum
# (``sum(xs)``: ``0 + xs[0] + ...``, a number when the entries are numbers, 0 if none)
_READERS = _STACKERS + (sum,)


def _stacked_fact(op, lists, kinds, shapes):
    """``np.stack(L)`` of a list from :func:`appended_lists`: an array with one more leading
    axis (of unknown length) than the entries, which share their facts. ``np.array(L)`` and
    ``np.asarray(L)``: the same when the entries are numbers (``()``); ``sum(L)``: a number."""
    facts = [_atom_fact(entry, kinds, shapes) for entry in lists[op.args[0].id]]
    kinds_seen = {k for k, _ in facts}
    if len(kinds_seen) != 1 or kinds_seen & {None, CONTAINER}:
        return None
    pattern = facts[0][1]
    for _, p in facts[1:]:
        pattern = join(pattern, p) if isinstance(p, tuple) else None
    if not isinstance(pattern, tuple) or (op.func is not np.stack and pattern != ()):
        return None
    if op.func is sum:
        return kinds_seen.pop(), ()
    return kinds_seen.pop(), (None,) + pattern


def walk(body, depth=0):
    """Every statement with its loop depth, in program order."""
    for s in body:
        yield s, depth
        if isinstance(s, gast.If):
            yield from walk(s.body, depth)
            yield from walk(s.orelse, depth)
        elif isinstance(s, (gast.For, gast.While)):
            yield from walk(s.body, depth + 1)


def analyze(fn: gast.FunctionDef, parsed: Parsed, registry: Registry, user_functions,
            wrt_names: Sequence[str], stop: Sequence[str] = (),
            arg_facts: Optional[dict] = None, returns=None) -> "Analysis":
    """Compute an :class:`Analysis` for the ANF function ``fn``. ``returns(op, atom)``
    gives the facts of a user call's result from its arguments' (analysis/returns.py)."""
    a = Analysis()
    a.returns, a.registry = returns, registry
    a.arg_facts = arg_facts = arg_facts or {}  # (aliasing.py: which parameters hold numbers)
    params = [arg.id for arg in fn.args.args + fn.args.kwonlyargs]  # (a helper's: returns.py)
    for s, depth in walk(fn.body):
        op = describe(s, parsed, registry, user_functions)
        a.ops[S.key(s)] = op
        a.order.append(op)
        if op.target is not None:
            a.assign_count[op.target] = a.assign_count.get(op.target, 0) + 1
            if depth > 0:
                a.in_loop.add(op.target)
        if isinstance(s, gast.For) and depth >= 0:
            a.assign_count[s.target.id] = a.assign_count.get(s.target.id, 0) + 1
            a.in_loop.add(s.target.id)
        if isinstance(s, gast.Return):
            v = s.value
            elts = v.elts if isinstance(v, gast.Tuple) else [v]
            a.outputs = [e.id for e in elts if isinstance(e, gast.Name)]
    stop = set(stop)
    # varied: forward closure from the wrt names
    a.varied = set(wrt_names)
    changed = True
    while changed:
        changed = False
        for op in a.order:
            t = op.target
            if t is None or t in a.varied or (t in stop):
                continue
            if any(o in a.varied for o in op.operands):
                a.varied.add(t)
                changed = True
    # useful: backward closure from the outputs (the least closure, whatever the order of
    # the passes; backwards, straight-line code settles in one pass, not one per link)
    a.useful = set(a.outputs)
    changed = True
    while changed:
        changed = False
        for op in reversed(a.order):
            if op.target in a.useful and op.target not in stop:
                for o in op.operands:
                    if o not in a.useful:
                        a.useful.add(o)
                        changed = True
    a.active = a.varied & a.useful
    a.int_arrays = int_array_names(a, params)
    a.tuples = tuple_displays(a, params)
    _value_facts(a, fn, params, arg_facts, _module_numbers(fn, parsed, a, params))
    return a


def _merge(table, name, value):
    if name in table and table[name] != value:
        table[name] = join(table[name], value) if isinstance(value, tuple) else None
    elif name not in table:
        table[name] = value


# (kind, shape pattern); a bool's shape is not known (analysis/facts.py _SIMPLE_FACTS)
_NUMBER_FACTS = {int: (INT, ()), bool: (INT, None), float: (ARRAY, ()), np.float64: (ARRAY, ())}


def _module_numbers(fn, parsed, a, params):
    """Facts of the global and closure names the function reads and never assigns that
    hold a Python number (``D = 64`` at module level): generated code runs in a snapshot
    of that namespace, and a number cannot change in place."""
    out = {}
    for n in dataflow.in_walk_order(fn):  # (gast.walk's order)
        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load) and n.id not in out \
                and n.id not in params and not a.assign_count.get(n.id):
            value = parsed.namespace.get(n.id, None)
            kind = _NUMBER_FACTS.get(type(value))
            if kind is not None:
                out[n.id] = kind
                if type(value) is int:
                    a.int_values[n.id] = value
    return out


def _value_facts(a, fn, params, arg_facts, numbers=None):
    kinds, shapes, children = {}, {}, {}
    for name, (kind, shape) in (numbers or {}).items():
        kinds[name], shapes[name] = kind, shape
    # a container's entries are known from its argument (or its entry in another container)
    # while the name keeps that one value: not when assigned again (`p = [x, y]`) or stored
    # or appended into; a store through another name is refused while this one is read
    # afterwards (aliasing.py)
    changed = {op.target for op in a.order if op.kind in ("store", "append")}

    def entries_known(name):
        return name not in changed and a.assign_count.get(name, 0) == (name not in params)

    a.lists = appended_lists(a, fn, params)
    for p in params:
        fact = arg_facts.get(p, (None, None))
        kinds[p], shapes[p] = fact[0], _as_pattern(fact[1])
        if len(fact) > 2 and isinstance(fact[2], tuple) and entries_known(p):
            children[p] = dict(fact[2])  # a container's entries
            if len(fact) > 4 and isinstance(fact[4], tuple):
                a.fields[p] = fact[4]  # (a named tuple's: facts.arg_fact)
    for s, _ in walk(fn.body):
        if isinstance(s, gast.For):
            _merge(kinds, s.target.id, INT)
            _merge(shapes, s.target.id, ())
    # sweeps in program order (definitions before uses in straight-line code) until nothing
    # changes: a name defined in several places keeps what they share (facts only weaken,
    # so a value that flows around a loop ends with what every iteration agrees on)
    def sweep(_):
        _sweep(a, kinds, shapes, children, entries_known, a.fields)
        return dict(kinds), dict(shapes)

    fixpoint(sweep, (dict(kinds), dict(shapes)), "kind-and-shape")
    a.kinds, a.shapes, a.children = kinds, shapes, children
    a.ranks = {k: (len(v) if isinstance(v, tuple) else None) for k, v in shapes.items()}


def _sweep(a, kinds, shapes, children, entries_known, fields):
    for op in a.order:
        if op.target is None or op.kind in ("store", "append"):
            continue
        kind, shape = _fact(op, kinds, shapes, a)
        if op.kind == "prim" and op.func in _READERS and not op.kwargs and len(op.args) == 1 \
                and isinstance(op.args[0], gast.Name) and op.args[0].id in a.lists:
            stacked = _stacked_fact(op, a.lists, kinds, shapes)
            if stacked is not None:
                kind, shape = stacked
        if op.kind == "prim" and op.func is np.concatenate and len(op.args) == 1 \
                and not op.kwargs and isinstance(op.args[0], gast.Name) \
                and op.args[0].id in children:
            kind, shape = ARRAY, concatenated_pattern(children[op.args[0].id])
        if op.kind == "call" and a.returns is not None:
            got = a.returns(op, lambda node: _atom_fact(node, kinds, shapes))
            if got is not None:
                kind, shape = got[0], got[1]
                if got[2] is not None and entries_known(op.target):
                    children[op.target] = dict(got[2])
        if (entries := shape_entries(op, kinds, shapes, EVERY_ENTRY)) and entries_known(op.target):
            kind, shape, children[op.target] = CONTAINER, None, entries
        if op.kind == "literal" or op.kind == "prim" and op.func in (list, tuple):
            held = display_entries(a, op, lambda e: _atom_fact(e, kinds, shapes), kinds,
                                   entries_known, EVERY_ENTRY, (ARRAY, INT))
            if held is not None:
                children[op.target] = held
        child = entry_read(op, children, kinds, entry_of, EVERY_ENTRY, (ARRAY, INT))
        if child is not None:
            kind, shape = child[0], _as_pattern(child[1])
            if len(child) > 2 and isinstance(child[2], tuple) and entries_known(op.target):
                children[op.target] = dict(child[2])
                if len(child) > 4 and isinstance(child[4], tuple):
                    fields[op.target] = child[4]
        _merge(kinds, op.target, kind)
        _merge(shapes, op.target, shape)


def fact_of_atom(a, node):
    """``(kind, pattern)`` of an atom (a name or a literal) in the analyzed function."""
    return _atom_fact(node, a.kinds, a.shapes)


def fact_of_op(a, op):
    """``(kind, pattern)`` of what ``op`` alone computes, from its operands' facts (the
    facts of its target join every definition of that name)."""
    return _fact(op, a.kinds, a.shapes, a)


def _as_pattern(fact):
    if isinstance(fact, tuple) or fact is None:
        return fact
    if isinstance(fact, int):
        return (None,) * fact
    return None


def _atom_fact(node, kinds, shapes):
    if isinstance(node, gast.Constant):
        v = node.value
        if isinstance(v, bool) or isinstance(v, int):
            return INT, ()
        if isinstance(v, (float, complex)):
            return ARRAY, ()
        return None, None
    if isinstance(node, gast.Name):
        return kinds.get(node.id), shapes.get(node.id)
    return None, None


# operators without a derivative that act entry by entry (NumPy's broadcasting, or on
# two numbers a number): their result has the operands' broadcast shape
_ELEMENTWISE_CONSTANTS = frozenset({
    operator.floordiv, operator.eq, operator.ne, operator.lt, operator.le, operator.gt,
    operator.ge, operator.and_, operator.or_, operator.xor, operator.invert})


# comparisons NumPy broadcasts (not `is` or `in`, which make one bool)
_ELEMENTWISE_COMPARISONS = (gast.Eq, gast.NotEq, gast.Lt, gast.LtE, gast.Gt, gast.GtE)


def _operands(value):
    """The atoms an operator applies to, or the positional arguments of a call; [] for
    anything else (a chained comparison, a keyword call: no facts)."""
    if isinstance(value, gast.BinOp):
        return [value.left, value.right]
    if isinstance(value, gast.UnaryOp):
        return [value.operand]
    if isinstance(value, gast.Compare) and len(value.comparators) == 1:
        return [value.left, value.comparators[0]]
    if isinstance(value, gast.Call) and not value.keywords:
        return list(value.args)
    return []


def _fact(op, kinds, shapes, known):
    """``(kind, pattern)`` of ``op``'s result; ``known``: the Analysis (makers.py's facts)."""
    value = op.stmt.value if isinstance(op.stmt, gast.Assign) else None
    if op.kind == "copy":
        return _atom_fact(op.args[0], kinds, shapes)
    if op.kind == "literal":
        return CONTAINER, None
    if op.kind == "index":
        base_kind, base_shape = _atom_fact(op.args[0], kinds, shapes)
        if base_kind == INT and isinstance(base_shape, tuple) and base_shape:
            # an entry or a slice of integers (an int array, a range) is integers
            return INT, _index_pattern(op.index, base_shape, kinds, shapes, known)
        if base_kind == CONTAINER and isinstance(op.index, gast.Slice):
            return CONTAINER, None  # a slice of a list or tuple is one
        if base_kind != ARRAY:
            return None, None
        return ARRAY, _index_pattern(op.index, base_shape, kinds, shapes, known)
    if op.kind == "const":
        if isinstance(value, gast.Constant):
            return _atom_fact(value, kinds, shapes)
        if isinstance(value, gast.Attribute) and op.args:  # a module's number (math.pi)
            return _atom_fact(op.args[0], kinds, shapes)
        fn = op.func
        stopped = stop_gradient_argument(op)
        if stopped is not None:  # the identity at run time: an array or int stays one
            kind, shape = _atom_fact(stopped, kinds, shapes)
            return (kind, shape) if kind in (ARRAY, INT) else (None, None)
        if fn in _LIKE:  # x's shape (the statement's x: a nondiff op keeps no arguments),
            # unless shape= is given, or x is 0-d (np.zeros_like(2.0) is a 0-d array)
            like = value.args[0] if isinstance(value, gast.Call) and value.args else None
            shape = shapes.get(like.id) if isinstance(like, gast.Name) and len(value.args) < 5 \
                and all(k.arg != "shape" for k in value.keywords) else None
            return ARRAY, shape if isinstance(shape, tuple) and shape else None
        if fn in MAKERS:  # (a rule without a derivative keeps no arguments: the call's)
            return ARRAY, maker_pattern(fn, value, kinds, shapes, known)
        if fn in (len, int) or fn in INT_VALUED or size_read(value, kinds):
            return INT, ()
        # (an op of a rule without a derivative keeps no arguments: read the statement's)
        operands = _operands(value)
        if fn in (np.argmax, np.argmin, round):
            # one int, unless along an axis (``np.argmax(a, axis=1)``) or of an array
            # (``round(a)`` rounds every entry)
            if len(operands) == 1 and (
                    fn is not round or _atom_fact(operands[0], kinds, shapes)[1] == ()):
                return INT, ()
            return INT, None
        if fn is range:  # a sequence of ints, like a 1-d int array
            return INT, (None,)
        if (fn in _ELEMENTWISE_CONSTANTS or isinstance(value, gast.Compare)
                and type(value.ops[0]) in _ELEMENTWISE_COMPARISONS) and operands:
            # `x // 1`, `a > b`, `a & m`: the broadcast shape of the operands (the kind is
            # not known: floats floor-divide to floats, comparisons make booleans; integers
            # floor-divide to integers)
            facts = [_atom_fact(x, kinds, shapes) for x in operands]
            kind = INT if fn is operator.floordiv and all(k == INT for k, _ in facts) else None
            return kind, broadcast_pattern([p for _, p in facts])
        return None, None
    if op.kind == "prim":
        if op.func in (np.where, np.clip) and len(op.args) == 3 and not op.kwargs:
            # np.where(c, x, y) (its one-argument form is a tuple), np.clip(a, lo, hi): the
            # three operands' broadcast shape (a None bound has none: then unknown)
            return ARRAY, broadcast_pattern([_atom_fact(x, kinds, shapes)[1] for x in op.args])
        if op.func in (concat_sequences, repeat_sequence, list, tuple) or makes_container(
                op, lambda n: _atom_fact(n, kinds, shapes)[0]):
            return CONTAINER, None
        if op.func in MAKERS:  # (np.full, np.linspace: a derivative in the values)
            return ARRAY, maker_pattern(op.func, value, kinds, shapes, known)
        if op.rule is not None and (op.rule.tuple_output or op.func in _tree_valued()):
            return None, None  # a list, tuple or dict of arrays
        facts = [_atom_fact(x, kinds, shapes) for x in op.args]
        fn = op.func
        if fn in FLOAT_VALUED:  # math's functions: a float, whatever the arguments
            return ARRAY, ()
        if fn in (min, max) and (len(facts) > 1 or facts and facts[0][0] in (INT, ARRAY)):
            return _extreme_fact(facts)  # one of the arguments, or of the entries of one
        if any(k == CONTAINER for k, _ in facts):
            return _sequence_fact(value, facts)
        if all(k == INT for k, _ in facts) and facts and not isinstance(value, gast.Call):
            # arithmetic on integers: an integer of their broadcast shape (arrays stay arrays)
            return INT, broadcast_pattern([p for _, p in facts])
        pats = [p for _, p in facts]
        is_matmul = fn is np.matmul or isinstance(getattr(value, "op", None), gast.MatMult)
        if op.rule.elementwise:  # declared by the rule table, never inferred from the type
            if not op.kwargs and pats:
                return ARRAY, broadcast_pattern(pats)
            return ARRAY, None
        if is_matmul or fn is np.dot:
            if len(pats) == 2 and None not in pats:
                p, q = pats
                if len(p) == 2 and len(q) == 2:
                    return ARRAY, (p[0], q[1])
                if len(p) == 2 and len(q) == 1:
                    return ARRAY, (p[0],)
                if len(p) == 1 and len(q) == 2:
                    return ARRAY, (q[1],)
                if len(p) == 1 and len(q) == 1:
                    return ARRAY, ()
                if fn is np.matmul or is_matmul:
                    return ARRAY, matmul_pattern(p, q)
            return ARRAY, None
        if fn in (np.sum, np.mean, np.max, np.min, np.prod, np.amax, np.amin, np.var, np.std):
            return ARRAY, reduction_pattern(op, pats)
        if fn is np.copy and len(pats) == 1 and not op.kwargs:  # x.copy(): x's shape
            return ARRAY, pats[0]
        if fn in (np.array, np.asarray) and converted_pattern(op, facts) is not None:
            return ARRAY, converted_pattern(op, facts)
        if fn in (np.cumsum, np.cumprod):
            return ARRAY, cumulative_pattern(op, pats)
        if fn is np.transpose and pats and len(op.args) == 1 and pats[0] is not None:
            return ARRAY, tuple(reversed(pats[0]))
        if fn in (np.linalg.inv, np.linalg.cholesky, np.linalg.solve, np.diag):
            return ARRAY, linalg_pattern(fn, op, pats)
        if fn in REARRANGING:  # np.outer, np.swapaxes, np.ravel, np.reshape (patterns.py)
            return ARRAY, rearranged_pattern(fn, op, pats, lambda n: _atom_fact(n, kinds, shapes))
        return ARRAY, None
    return None, None


def _sequence_fact(value, facts):
    """With a list or tuple operand: ``a + b`` of two, ``a * 3``: a sequence; with an array,
    or a call (``np.sum(L)``): an array; ``a * n``: a sequence for a Python int ``n``, an
    array for a 0-d int array (facts do not tell them apart): not known."""
    if not (isinstance(value, gast.BinOp) and isinstance(value.op, (gast.Add, gast.Mult))):
        return ARRAY, None
    other = [f for f in facts if f[0] != CONTAINER]
    if not other or isinstance(value.op, gast.Mult) and any(
            isinstance(e, gast.Constant) and type(e.value) is int
            for e in (value.left, value.right)):
        return CONTAINER, None
    kind, pattern = other[0]
    if kind == ARRAY or isinstance(pattern, tuple) and pattern:
        return ARRAY, None
    return None, None  # (an int, a bool: a Python one repeats the list)


def _extreme_fact(facts):
    """``max(a, b, ...)`` is one of its arguments: an int if all are, else what they share;
    ``max(v)`` of an array of known rank an entry (a number of a vector, a row of a matrix)."""
    if len(facts) == 1:
        return (facts[0][0], facts[0][1][1:]) if facts[0][1] else (ARRAY, None)
    if all(k == INT for k, _ in facts):
        return INT, ()
    pats = {p for _, p in facts}
    if len(pats) == 1 and None not in pats and all(k in (INT, ARRAY) for k, _ in facts):
        return ARRAY, pats.pop()
    return ARRAY, None


def _index_pattern(index, base, kinds, shapes, known):
    """The shape pattern of ``base[index]``: an int or an integer name whose shape is ()
    takes one axis away; index arrays of one axis: makers.py."""
    if base is None:
        return None
    parts = index.elts if isinstance(index, gast.Tuple) else [index]
    if any(isinstance(p, gast.Name) and isinstance(shapes.get(p.id), tuple)
           and len(shapes[p.id]) == 1 for p in parts):
        return advanced_index_pattern(parts, base, kinds, shapes, known.int_arrays)
    out = []
    axis = 0
    for p in parts:
        if isinstance(p, gast.Slice):
            if axis >= len(base):
                return None
            full = p.lower is None and p.upper is None and p.step is None
            out.append(base[axis] if full else (True if base[axis] is True else None))
            axis += 1
        elif isinstance(p, gast.Constant) and p.value is None:
            out.append(True)
        elif isinstance(p, gast.Constant) and isinstance(p.value, int) \
                and not isinstance(p.value, bool):
            axis += 1
        elif isinstance(p, gast.Name) and kinds.get(p.id) == INT and shapes.get(p.id) == ():
            axis += 1
        else:
            return None
    if axis > len(base):
        return None
    return tuple(out) + tuple(base[axis:])


def _tree_valued():
    return TREE_VALUED
