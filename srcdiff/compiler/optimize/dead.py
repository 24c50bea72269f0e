"""Dead code: assignments nothing reads afterwards (no side effects) go; a loop's body is
cleaned with what later iterations read, found by a fixpoint, so an accumulator only its own
update reads goes; empty branches and counted loops go.

A dead statement of the primal sweep may still be the one that raises: ``np.sum(a + b)``
needs neither ``a + b`` nor the sum for its gradient (``spread`` of the seed to each
operand's shape), but the function raises when ``a`` and ``b`` do not broadcast, and so must
its gradient (the reference pipeline computes both, so does the user's function). Such a
statement leaves ``check_broadcast(a, b)`` (runtime_checks.py) in its place: NumPy's error
for operands that do not broadcast, nothing otherwise, and no array made.

Invariant of the drop: every elementwise operation of the primal sweep whose value is
dropped had operands that broadcast, or the gradient raises where it stood. The check reads
the names the operation's value is computed from through elementwise operations (its term:
broadcasting is associative, so one check of all of them is every broadcast on the way);
literals, names the shape analysis knows hold one number or arrays of length-1 axes, and
lists need none. A value read only by checks is not computed: the checks read its term,
unless a name of the term is bound or changed between the value and the check (then the
value is computed). An operand that is neither a name nor a literal keeps the statement.
Shape reasoning elsewhere (patterns, optimize/shapes.py, analysis/sameshape.py) assumes the
primal's operands broadcast, which the checks make true wherever the gradient goes on.

A check proves shapes only. The user's dead code that may raise by its operands' values or
dtypes (:meth:`Primal.raises`: ``x / y`` of Python floats, ``a & b`` of float arrays, an
int array to a negative int power, ``math.log(x)``) is kept, computed as the function
computes it; an operation of a float array is not such a one (NumPy's float operations
warn). A value the outputs are computed from is not kept for this (``return math.log(x)``
at ``x < 0``: its gradient ``g / x`` is returned; README, Semantics).

Any other dead statement whose value the outputs are not computed from (the user's own dead
code: :func:`_needed`) is kept, computed as the function computes it (``np.inner(a, b)`` of
operands that do not align raises, so does ``zs[i]`` out of range), unless it cannot raise
(:meth:`Primal._total`: names, literals, displays, elementwise operations checked as above,
whole-array calls such as ``np.sum(x)`` of an array, the items of a tuple assignment). A
value the outputs are computed from is dropped as before: the backward sweep's own
products, concatenations, reshapes and index reads of the same operands raise on the shapes
that make the primal's raise (not checked for every operation: the broadcasts are).
tests/soundness/test_primal_errors.py.

An index out of range is an error of shape too, but the backward sweep need not repeat the
read (``z = z + zs[i]`` of an inactive ``z``: none). A dropped statement's reads that may
raise by their index (:func:`_index_reads`: not slices, not a loop's read of its own item,
front/in_place.py ``item_read``) stay as a statement of their own, ``zs[i]``: evaluated where
and as the function evaluates them (lists, tuples, dicts' keys, arrays along any axis,
fancy indices). Such a statement (``read = zs[i]`` in ANF: front/in_place.py
``read_statement``, the user's own ``zs[i]`` too) is never dead; where nothing reads it, it
is printed as ``zs[i]`` again, so a second differentiation (hvp: forward over reverse) keeps
it as well. Not removed: a check that the backward sweep repeats (``x[i]`` of an active
``x`` in a loop, read again by its adjoint: corpus_loop_index_sum's golden).
tests/soundness/test_dropped_index_reads.py.
"""

import gast

from srcdiff.compiler.analysis.activity import ARRAY, CONTAINER
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.calls import call_statement, named_call
from srcdiff.compiler.optimize.exprs import pure
from srcdiff.compiler.optimize.facts import Facts
from srcdiff.errors import InternalError

CHECK = "check_broadcast"
# calls of one array that cannot raise (a sum of an empty array is 0.0, a mean nan)
TOTAL_CALLS = frozenset({"np.sum", "np.mean", "np.nansum", "np.nanmean", "np.prod",
                         "np.transpose", "np.ravel", "np.copy", "np.asarray", "np.shape",
                         "np.size", "np.ndim", "np.linalg.norm"})
_TOTAL_ATTRIBUTES = frozenset({"T", "shape", "ndim", "size", "dtype", "real"})
_ELEMENTWISE = (gast.Add, gast.Sub, gast.Mult, gast.Div, gast.FloorDiv, gast.Mod, gast.Pow,
                gast.BitAnd, gast.BitOr, gast.BitXor, gast.LShift, gast.RShift)
_SAME_SHAPE = (gast.USub, gast.UAdd, gast.Invert)
# operations that raise by their operands' values or dtypes, not only their shapes: of floats
# (``&``, ``<<``, ``~``), of complex numbers (``//``, ``%``), of Python numbers (``x / 0.0``)
_RAISING = (gast.FloorDiv, gast.Mod, gast.BitAnd, gast.BitOr, gast.BitXor, gast.LShift,
            gast.RShift, gast.Invert)
# ... unless an operand is a float array (NumPy's float operations warn): of Python numbers
# (``1.0 / 0.0``, ``10.0 ** 400.0``), of ints (an int array to a negative int power); a
# division by a number literal other than 0 does not raise (``x / 2.0`` of a huge x is inf)
_RAISING_ON_NUMBERS = (gast.Div, gast.Pow)
_RAISING_CALLS = frozenset({"np.power", "np.floor_divide", "np.remainder", "np.mod",
                           "np.fmod", "np.divmod", "np.left_shift", "np.right_shift",
                           "np.bitwise_and", "np.bitwise_or", "np.bitwise_xor", "np.invert",
                           "np.gcd", "np.lcm"})


class Primal:
    """What the dead-code pass knows of the primal sweep: its statements (by id), the names
    known to hold numbers or arrays of length-1 axes (they broadcast with anything), the
    names of lists and tuples (``+`` and ``*`` join or repeat them: no broadcast),
    library_calls' table of elementwise calls (spelling -> number of inputs), and the names
    the outputs are computed from (:func:`_needed`), and the names of float arrays
    (:meth:`raises`)."""

    def __init__(self, statements=frozenset(), one_element=frozenset(),
                 containers=frozenset(), known=None, needed=None, float_arrays=frozenset()):
        self.statements, self.one_element = statements, one_element
        self.containers, self.known = containers, known or {}
        self.needed = needed  # (None: every name: nothing is the user's dead code)
        self.float_arrays = float_arrays

    def check_for(self, s):
        """What the dead primal statement ``s`` leaves: ``None`` (nothing: no two operands
        that may fail to broadcast), ``s`` itself (kept: it may raise otherwise, by its
        operands' values (:meth:`raises`), or its operands' shapes have no term), or a
        ``check_broadcast(...)`` statement."""
        if id(s) not in self.statements:
            return None
        if self.raising_dead_code(s):
            return s
        term = self.term(s.value)
        dead_code_of_user = self.needed is not None and s.targets[0].id not in self.needed
        if term is None:  # (not elementwise: the user's dead code is kept if it may raise)
            if getattr(s, S.UNPACKED_ITEM, False):  # (``a, b = seq``: the length is checked)
                return None
            if dead_code_of_user and not self._total(s.value):
                return s
            return _index_check(s)
        return _check(term, s) if len(term) > 1 else None

    def term(self, e):
        """The names whose shapes broadcast to the shape of the elementwise expression ``e``
        (in order of first reading; literals and one-element names need none), or None
        when ``e`` is not elementwise over names and literals. Broadcasting is associative
        and commutative (shapes broadcast when, along each axis counted from the end, their
        lengths other than 1 agree), so ``(a + b) * c`` and ``a + b * c`` have the term
        ``(a, b, c)``: one check of its names is every broadcast of the expression."""
        if isinstance(e, gast.Constant) and isinstance(e.value, (int, float, bool)):
            return ()
        if isinstance(e, gast.Name):
            if e.id in self.containers:
                return None
            return () if e.id in self.one_element else (e.id,)
        operands = self._operands(e)
        if operands is None:
            return None
        terms = [self.term(o) for o in operands]
        if any(t is None for t in terms):
            return None
        return _joined(terms)

    def _total(self, e):
        """Can ``e`` not raise where the primal's other statements ran? Names, literals,
        displays, reads of an array's ``.T``/``.shape``/..., elementwise operations that
        cannot fail to broadcast, and the calls of :data:`TOTAL_CALLS` (as library_calls
        proves them: NumPy's) of one name not a list's; not a subscript (an index out of
        range, a missing key) but the items of a tuple assignment (check_for) and a loop's
        read of its item."""
        if isinstance(e, (gast.Name, gast.Constant)) or getattr(e, dataflow.IN_RANGE, False):
            return True  # (IN_RANGE: a loop's read of its item, front/in_place.py item_read)
        if isinstance(e, gast.Attribute):
            return e.attr in _TOTAL_ATTRIBUTES and self._total(e.value)
        if isinstance(e, (gast.Tuple, gast.List)):
            return all(self._total(c) for c in dataflow.children(e)
                       if isinstance(c, gast.expr))
        operands = self._operands(e)
        if operands is not None:  # (names and literals through elementwise operations:
            if self.raises(e):    # no broadcast fails where at most one name's shape counts)
                return False
            term = self.term(e)
            if term is not None:
                return len(term) <= 1
            return len(operands) == 1 and self._total(operands[0])
        if isinstance(e, gast.Call):
            spelled = S.expr_source(e.func)
            return spelled in TOTAL_CALLS and spelled in self.known and len(e.args) == 1 \
                and not e.keywords and isinstance(e.args[0], gast.Name) \
                and e.args[0].id not in self.containers  # (``np.sum([a, b])`` may raise)
        return False

    def raising_dead_code(self, s):
        """Is ``s`` (``name = E``) the user's dead code (:func:`_needed`) that may raise by
        its operands' values (:meth:`raises`)? It is kept. A value the outputs are computed
        from is not: its derivative rule may need none of it (``math.log(x)``'s ``g / x``),
        and computing it costs scalar loops (README, Semantics)."""
        return self.needed is not None and s.targets[0].id not in self.needed \
            and self.raises(s.value)

    def raises(self, e):
        """May the expression ``e`` raise by its operands' values or dtypes (not their
        shapes: the checks' part)? A ``math`` function (``math.log(-1.0)``, elementwise or
        not), an elementwise operation of :data:`_RAISING`, a NumPy ufunc of
        :data:`_RAISING_CALLS`, or a division or power (:data:`_RAISING_ON_NUMBERS`),
        unless a name of that operation holds a float array (its result is one, and
        NumPy's float operations do not raise: they warn)."""
        spelled = S.expr_source(e.func) if isinstance(e, gast.Call) else ""
        if spelled.startswith("math."):  # (elementwise or not: ``math.log`` of an output)
            return True
        operands = self._operands(e)
        if operands is None:
            return False
        op = getattr(e, "op", None)
        if isinstance(op, _RAISING):
            return True
        if isinstance(op, gast.Div) and isinstance(e.right, gast.Constant) and \
                isinstance(e.right.value, (int, float)) and e.right.value != 0:
            return self.raises(e.left)
        if isinstance(op, _RAISING_ON_NUMBERS) or spelled in _RAISING_CALLS:
            if not any(isinstance(n, gast.Name) and n.id in self.float_arrays
                       for o in operands for n in dataflow.nodes(o)):
                return True
        return any(map(self.raises, operands))

    def _operands(self, n):
        if isinstance(n, gast.BinOp) and isinstance(n.op, _ELEMENTWISE):
            return [n.left, n.right]
        if isinstance(n, gast.UnaryOp) and isinstance(n.op, _SAME_SHAPE):
            return [n.operand]
        if isinstance(n, gast.Compare) and len(n.comparators) == 1:
            return [n.left, n.comparators[0]]
        if isinstance(n, gast.Call) and not n.keywords and 0 < len(n.args) <= self.known.get(
                S.expr_source(n.func), 0):  # (a ufunc, library_calls proves)
            return list(n.args)
        return None


def _joined(terms):
    """The names of several terms, each once, in order of first reading."""
    return tuple(dict.fromkeys(v for t in terms for v in t))


def _check(names, like):
    """``check_broadcast(a, b, ...)`` of ``names``, at ``like``'s position."""
    return S.locate(gast.Expr(value=S.call(S.name(CHECK), [S.name(v) for v in names])), like)


def _index_check(s):
    """What a dropped ``name = E`` leaves for the reads of ``E`` that may raise by their
    index (:func:`_index_reads`): ``None`` (none), the reads as a statement of their own
    (``zs[i]``, or ``zs[i], a[:, k]``: evaluated as the function evaluates them, where it
    does: an index out of range, a missing key, an axis too short raise as they do there),
    or ``s`` itself when a read names what ``E`` binds (a comprehension's variable)."""
    reads = _index_reads(s.value)
    if reads is None:
        return s
    if not reads:
        return None
    value = reads[0] if len(reads) == 1 else gast.Tuple(elts=reads, ctx=gast.Load())
    return S.locate(gast.Expr(value=S.copy(value)), s)


_BINDING = (gast.Lambda, gast.ListComp, gast.SetComp, gast.DictComp, gast.GeneratorExp,
            gast.NamedExpr)


def _index_reads(e):
    """The outermost subscripts of ``e`` that may raise by their index (an index that is
    not only slices with ``None`` or nonzero literal steps, ``None`` and ``...``: slices
    clip); None when one is inside a lambda or comprehension (it reads names bound
    there)."""
    reads = []
    todo = [(e, False)]
    while todo:
        n, binding = todo.pop()
        if isinstance(n, gast.Subscript) and _index_may_raise(n.slice) \
                and not getattr(n, dataflow.IN_RANGE, False):  # (a loop's item: in range)
            if binding:
                return None
            reads.append(n)
            continue
        binding = binding or isinstance(n, _BINDING)
        todo.extend((c, binding) for c in reversed(list(gast.iter_child_nodes(n))))
    return reads


def _index_may_raise(index):
    parts = index.elts if isinstance(index, gast.Tuple) else [index]
    for p in parts:
        if isinstance(p, gast.Constant) and (p.value is None or p.value is Ellipsis):
            continue
        if not isinstance(p, gast.Slice):
            return True
        if p.step is not None and not (isinstance(p.step, gast.Constant) and p.step.value
                                       not in (0, None)):
            return True  # (``a[::k]`` raises at ``k == 0``)
    return False


def _substituted(check, name, term):
    """``check`` (a ``check_broadcast(...)`` statement) reading ``term``'s names for
    ``name``; None when fewer than two names are left to check."""
    names = _joined([term if a.id == name else (a.id,) for a in check.value.args])
    return _check(names, check) if len(names) > 1 else None


def _is_check(s):
    return call_statement(s, CHECK) is not None


def dead_code(body, live_out, apply=True, facts=None, known=frozenset(), primal=None,
              top=False):
    """Remove dead pure assignments; return ``(body, changed, names live on entry)``.

    A loop's body is cleaned with what is live after the loop plus what the
    body itself reads in a later iteration, found by iterating to a fixpoint
    (``apply=False``: the liveness only, nothing changed): a variable that only
    feeds its own update (``s = s + x * x`` with ``s`` unread after the loop)
    is dead. ``facts``: the statements' kept summaries (facts.py); ``known``: exprs.pure's;
    ``primal``: a :class:`Primal`, the checks dead primal statements leave (module
    docstring). ``top``: the function's own body, where a value the checks read is not
    computed for them: they read its term instead (``check_broadcast(x, y, z)``).
    """
    facts = facts or Facts()
    primal = primal or Primal()
    changed = False
    live = set(live_out)
    checks = _Pending(primal) if top else None
    out = []
    for s in reversed(body):
        if checks is not None:
            checks.step += 1
            if _is_check(s):
                checks.add(s, out)
                continue
        if isinstance(s, gast.Assign) and len(s.targets) == 1 \
                and isinstance(s.targets[0], gast.Name):
            t = s.targets[0].id
            dead = t not in live and pure(s.value, known) and not t.startswith("_stack")
            if dead and getattr(s, dataflow.INDEX_READ, False):  # (``a[i]`` as a statement:
                s = S.locate(gast.Expr(value=s.value), s)  # so differentiated again, too)
                changed = True
                live |= facts.reads(s)
                out.append(s)
                continue
            if checks is not None and checks.read(t):
                if checks.substitute(out, t, s, dead, live) and dead:
                    changed = True
                    continue  # (its checks read its term now)
            elif dead:
                check = primal.check_for(s)
                if check is not s:
                    changed = True
                    if checks is not None and check is not None and _is_check(check):
                        checks.add(check, out)
                    elif check is not None:
                        out.append(check)
                        live |= S.loaded_names(check)
                    continue
            if checks is not None:
                live |= checks.bind(s, facts.writes(s), t)
            live.discard(t)
            live |= facts.reads(s)  # (s.value's: the target is a name)
            out.append(s)
            continue
        if checks is not None:
            live |= checks.bind(s, facts.writes(s))
        if isinstance(s, gast.If):
            then, c1, live_body = dead_code(s.body, live, apply, facts, known, primal)
            other, c2, live_else = dead_code(s.orelse, live, apply, facts, known, primal)
            changed |= c1 or c2
            if apply:
                s.body, s.orelse = then, other
            if not then and not other and pure(s.test, known):
                changed = True  # nothing left to branch over
                continue
            live = live_body | live_else | S.loaded_names(s.test)
            out.append(s)
            continue
        if isinstance(s, (gast.For, gast.While)):
            header = S.loaded_names(s.iter if isinstance(s, gast.For) else s.test)
            loop_live = live | header
            while True:  # what an iteration reads that an earlier one (or the code before) wrote
                _, _, body_live = dead_code(s.body, loop_live, False, facts, known, primal)
                if body_live <= loop_live:
                    break
                loop_live |= body_live
            inner, c1, _ = dead_code(s.body, loop_live, apply, facts, known, primal)
            changed |= c1
            if apply:
                s.body = inner
            targets = {n.id for n in dataflow.names(s.target)} \
                if isinstance(s, gast.For) else set()
            if not inner and isinstance(s, gast.For) and _is_range(s.iter) \
                    and not targets & live:
                changed = True  # an empty counted loop whose counter is not read after it
                continue
            # the body may run zero times; its reads of the loop's target read each trip's
            # binding (the value before the loop is read only after it, if no trip ran)
            live = (loop_live - targets) | (live & targets) | header
            out.append(s)
            continue
        live |= facts.reads(s)
        if isinstance(s, gast.AugAssign) and isinstance(s.target, gast.Name):
            live.add(s.target.id)  # ``b += g`` reads b
        out.append(s)
    out = [s for s in reversed(out) if s is not None]  # (None: a check substituted away)
    return out, changed, live | (checks.names() if checks is not None else set())


class _Pending:
    """The checks of the function's body (walked backwards) and the names they read, for
    their shapes only: a primal value of a known term (:meth:`Primal.term`) read by checks
    alone is not computed; the checks read its term. A term is read where the check stands,
    so its names must hold there what they held where the value was computed: none is
    bound, nor changed in place, in between (else the value is computed for the checks)."""

    def __init__(self, primal):
        self.primal = primal
        self.step = 0  # the statements walked so far
        self.readers = {}  # name -> the checks (in ``out``) that read it
        self.at = {}  # id(check) -> the step at which it was walked
        self.index = {}  # id(check) -> its index in ``out``
        self.bound = {}  # name -> the last step that bound or changed it

    def read(self, name):
        return bool(self.readers.get(name))

    def names(self):
        return {v for v, r in self.readers.items() if r}

    def add(self, check, out, at=None, index=None):
        """``check`` appended to ``out`` (or put at ``index``), walked at step ``at``."""
        if index is None:
            index = len(out)
            out.append(check)
        else:
            out[index] = check
        self.at[id(check)] = self.step if at is None else at
        self.index[id(check)] = index
        for v in S.loaded_names(check):
            readers = self.readers.setdefault(v, [])
            if not any(c is check for c in readers):
                readers.append(check)

    def bind(self, s, writes, target=None):
        """``s`` binds or changes names (``writes``: dataflow.writes(s)); returns the names
        the checks read that it binds or changes (its own target aside): their values are
        computed for the checks."""
        written = set(writes)
        if target is None:  # (a compound statement: any name in it, to be safe)
            written |= {n.id for n in dataflow.names(s)}
        for v in written:
            self.bound[v] = self.step
        if target is not None:
            written.discard(target)
            self.readers.pop(target, None)  # (they read the value ``s`` binds)
        return {v for v in written if self.readers.pop(v, None)}

    def substitute(self, out, name, s, dropped, live):
        """The checks that read ``name`` read the term of ``s`` (``name = E``) instead,
        where that is exact (no name of the term is bound or changed between ``s`` and the
        check; ``t = t + x`` is never substituted: its term reads the ``t`` it rebinds);
        returns whether every one does now. ``dropped``: ``s`` is dead otherwise. For a
        statement kept, a term of one name in ``live`` (the names live after it) is read
        instead (``log = np.log(w)`` with ``w`` read later: ``w``); reading another would
        only keep it from folding into its one use and alive longer (``exp = np.exp(mul)``:
        not ``mul``)."""
        term = self.primal.term(s.value) if id(s) in self.primal.statements else None
        if term is None or self.primal.raising_dead_code(s) or name in term or not dropped and (
                len(term) > 1 or not set(term) <= live):
            return False
        every = True
        for check in list(self.readers.get(name, [])):
            at = self.at[id(check)]
            if any(self.bound.get(v, -1) > at for v in term):
                every = False  # (a name of the term changes between here and the check)
                continue
            k = self.index[id(check)]
            new = _substituted(check, name, term)
            for v in S.loaded_names(check):
                self.readers[v] = [c for c in self.readers.get(v, ()) if c is not check]
            out[k] = None
            if new is not None:
                self.add(new, out, at, k)
        return every


def _is_range(node):
    return named_call(node, ("range", "reversed")) is not None and not node.keywords \
        and all(pure(a) and (not isinstance(a, gast.Call) or _is_range(a)) for a in node.args)


def primal_facts(analysis):
    """What :func:`primal_of` knows of the primal's names, from the analysis (passes.py
    ``optimize``): ``one_element`` (a number or an array of length-1 axes only: it
    broadcasts with any shape), ``float_arrays`` (-> shape patterns), ``containers``."""
    kinds = analysis.kinds
    return dict(one_element={v for v, k in kinds.items() if k != CONTAINER and isinstance(
        analysis.shapes.get(v), tuple) and all(analysis.shapes[v])}, float_arrays={
        v: analysis.shapes.get(v) for v, k in kinds.items() if k == ARRAY},
        containers={v for v, k in kinds.items() if k == CONTAINER},
        cut=analysis.free_shifts)


def primal_of(fn, one_element, containers, known, outputs, floats=None, names=None,
              facts=None, cut=frozenset()):
    """The :class:`Primal` of the gradient ``fn``: its statements are those before the
    seed's heading, and the statements inside them (none when there is no heading).
    ``floats``: the names of floats and float arrays -> their shape patterns; float arrays
    are those of a known rank or made by NumPy's functions only (not Python numbers).

    ``names``: ``fn`` is a forward-mode function, where each of the user's statements is
    followed by its tangents' (forward/tangent.py): its statements are those binding one of
    ``names`` (the user's), and the names needed are those its outputs (the value and the
    tangents) are computed from; a dead tangent statement is dropped (its primal
    statement's check, or the statement itself, stays).

    ``facts``: the optimizer's :class:`~srcdiff.compiler.optimize.facts.Facts`, whose
    summaries answer the reads and writes asked here (one walk of each statement, which the
    dead-code pass then asks again; without it, each statement is walked for each)."""
    facts = facts or Facts()
    if names is not None:
        every = statements_in(fn.body, facts.check)
        floats, made = floats or {}, _numpy_made(every, facts)
        return Primal(frozenset(id(s) for s in every if isinstance(s, gast.Assign) and len(
            s.targets) == 1 and isinstance(s.targets[0], gast.Name) and s.targets[0].id in names),
            one_element, containers, known, _needed(every, outputs, facts, cut),
            frozenset(v for v in floats if floats[v] or v in made))
    for k, s in enumerate(fn.body):
        if S.is_comment(s) and S.heads(s) == S.SEED:
            statements = statements_in(fn.body[:k], facts.check)
            floats, made = floats or {}, _numpy_made(statements, facts)
            return Primal(frozenset(map(id, statements)), one_element, containers, known,
                          _needed(statements, outputs, facts, cut),
                          frozenset(v for v in floats if floats[v] or v in made))
    return Primal()


# the fields of a node that may hold statements: a statement's blocks, an ``except``
# clause's and a ``case``'s (an expression holds none: a lambda's body is an expression)
_BLOCK_HOLDERS = (gast.stmt, gast.excepthandler, gast.match_case)


def statements_in(body, check=False):
    """The statements of ``body`` and every statement inside them: the ``gast.stmt`` nodes
    of ``dataflow.nodes`` over each statement of ``body``, in that order (``_needed``
    goes over them backwards: the top-level statements in program order take one round
    for straight-line code), found without walking their expressions (which hold none;
    the same stack walk, over the same fields, met in the same order). ``check`` (the
    facts' check mode) compares with that walk."""
    out = []
    for t in body:
        todo = [t]
        while todo:
            n = todo.pop()
            if isinstance(n, gast.stmt):
                out.append(n)
            for field in dataflow.children_fields(n):
                v = getattr(n, field, None)
                if isinstance(v, list):
                    todo.extend([x for x in v if isinstance(x, _BLOCK_HOLDERS)])
                elif isinstance(v, _BLOCK_HOLDERS):
                    todo.append(v)
    if check:
        walked = [n for t in body for n in dataflow.nodes(t) if isinstance(n, gast.stmt)]
        if len(walked) != len(out) or any(a is not b for a, b in zip(walked, out)):
            raise InternalError("dead.statements_in: other statements, or another order, "
                                "than the walk's")
    return out


def _numpy_made(statements, facts):
    """The names every binding of which in ``statements`` is a NumPy call's value (an
    array or a NumPy number: NumPy's operations on them warn, never raise); not an argument
    the call may change (facts.py: ``s`` of ``n = np.linalg.norm(s)``), a Python float
    stays one (``1.0 / s`` raises at 0.0: tests/soundness/test_primal_errors.py)."""
    made, other = set(), set()
    for s in statements:  # (a block's own statements are in ``statements`` too)
        written = {n.id for n in dataflow.names(s.target)} if isinstance(s, gast.For) \
            else set() if isinstance(s, (gast.If, gast.While)) else facts.writes(s)
        numpy = isinstance(s, gast.Assign) and isinstance(s.value, gast.Call) and \
            S.expr_source(s.value.func).startswith("np.")
        bound = set().union(*map(_bound, s.targets)) if numpy else set()
        made |= written & bound
        other |= written - bound
    return made - other


def _bound(target):
    """The names an assignment's ``target`` binds (through tuples, lists and ``*``; not
    the container of a subscript or attribute it stores into)."""
    if isinstance(target, gast.Name):
        return {target.id}
    if isinstance(target, gast.Starred):
        return _bound(target.value)
    if isinstance(target, (gast.Tuple, gast.List)):
        return set().union(*map(_bound, target.elts))
    return set()


def _needed(statements, outputs, facts, cut=frozenset()):
    """The names the outputs are computed from in the primal sweep's ``statements``
    (flattened: order and blocks aside, so more than needed, never less): an output, or a
    name a statement that binds or changes a needed name reads (a loop's or branch's
    header when a statement inside it does). Any other value is the user's dead code, so is
    what only ``cut`` (free shifts, analysis/shift.py: no adjoint repeats their operations,
    which may raise) is computed from (``t5 = np.mean(np.vstack([x, w.T]) ** 2)``)."""
    needed = set(outputs)
    # (a block's writes: all inside it; a module's functions called change no module)
    inside = [(facts.writes(s) - dataflow.MODULES, S.loaded_names(
        s.iter if isinstance(s, gast.For) else s.test) if isinstance(
        s, (gast.For, gast.While, gast.If)) else facts.reads(s)) for s in statements]
    changed = True
    while changed:
        changed = False
        for written, reads in reversed(inside):
            if written & needed:
                if not reads - cut <= needed:
                    needed |= reads - cut
                    changed = True
    return needed
