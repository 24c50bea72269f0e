"""Optimizer passes that rewrite gradient arithmetic, each exactly: signs moved where
they cost nothing, loop-invariant arithmetic hoisted, power-of-two scalings
gathered and cancelled, sign peepholes (reductions spread lazily: spreads.py).
optimize.py runs them after its clean-ups.
"""

import math

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize.exprs import arithmetic, number, pure, replace, writes
from srcdiff.compiler.optimize.facts import Facts

# ------------------------------------------------------------- sign peepholes


def _neg(node):
    return isinstance(node, gast.UnaryOp) and isinstance(node.op, gast.USub)


class Peephole(gast.NodeTransformer):
    """Exact sign identities on ``+`` and ``-`` (IEEE, integers, NumPy arrays alike).

    ``t += -a`` -> ``t -= a``, ``-(a) + b`` -> ``b - a`` (only when swapping the evaluation
    order of ``a`` and ``b`` is harmless), ``a + -(b)`` -> ``a - b``, ``a - -(b)`` -> ``a + b``,
    and ``-(-(a))`` -> ``a`` as an operand of ``+`` or ``-`` (whose result is a
    new value, so no alias appears).
    """

    @staticmethod
    def wanted(node):
        """Does ``node`` start a rewrite (a negation as an operand of ``+`` or ``-``)? A
        tree with no such node is left as it is: every rewrite starts at one, and makes
        no new one above it (its result is a ``+``/``-``, not a negation)."""
        return isinstance(node, gast.BinOp) and isinstance(node.op, (gast.Add, gast.Sub)) \
            and (_neg(node.left) or _neg(node.right)) or isinstance(node, gast.AugAssign) \
            and isinstance(node.op, (gast.Add, gast.Sub)) \
            and (_neg(node.value) or _pull(node.value)[0])

    def visit_AugAssign(self, node):
        """``t += -a * b`` -> ``t -= a * b`` (and ``-=`` to ``+=``): the sign of the added
        product (algebra._pull) goes to the operator, which costs nothing."""
        self.generic_visit(node)
        if not isinstance(node.op, (gast.Add, gast.Sub)):
            return node
        node.value = _unneg2(node.value)
        negated, inner = _pull(node.value)
        if negated:
            node.op = gast.Sub() if isinstance(node.op, gast.Add) else gast.Add()
            node.value = inner
        return node

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if not isinstance(node.op, (gast.Add, gast.Sub)):
            return node
        node.left, node.right = _unneg2(node.left), _unneg2(node.right)
        if _neg(node.right):
            op = gast.Sub() if isinstance(node.op, gast.Add) else gast.Add()
            return self.visit_BinOp(gast.copy_location(
                gast.BinOp(left=node.left, op=op, right=node.right.operand), node))
        if isinstance(node.op, gast.Add) and _neg(node.left) \
                and pure(node.left) and pure(node.right):
            return self.visit_BinOp(gast.copy_location(
                gast.BinOp(left=node.right, op=gast.Sub(), right=node.left.operand), node))
        return node


def _unneg2(node):
    while _neg(node) and _neg(node.operand):
        node = node.operand.operand
    return node



# ------------------------------------------------------------ negations


def fold_negations(body, counts, gradients, mover=None, facts=None):
    """Move a gradient's negation where it costs nothing.

    ``t = a * b; y = -t`` -> ``y = -a * b`` (the sign on the first factor: a
    scalar there, often), and ``t = -u; ... c * (t * x) ...`` -> ``-c * (u * x)``
    or ``y = z - u * x`` when the sign reaches a literal or a ``+``/``-``. Both
    are exact: negation is exact and ``-(a * b) == (-a) * b``. Only gradients
    (floats) take part, as ``t``, ``y`` and ``u``, read once. ``facts``: the statements'
    kept summaries (facts.py).
    """
    body = list(body)
    facts = facts or Facts()
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = fold_negations(s.body, counts, gradients, mover, facts)
            s.orelse = fold_negations(s.orelse, counts, gradients, mover, facts)
    # last to first: a negation is first offered to its reader, then to its operand
    for k, s, t in _gradients_read_once(body, counts, gradients):
        if _is_product(s.value):  # t = a * b; ...; y = -t  ->  y = -a * b; ...
            j = _negating_reader(body, k, t, gradients, facts)
            if j is not None:
                body[k] = S.assign(body[j].targets[0].id, _negated_product(s.value), s)
                del body[j]
            continue
        use = _next_reader(body, k, t, facts)
        u = body[use] if use is not None else None
        if not isinstance(u, (gast.Assign, gast.AugAssign)) or not _gradient_target(u, gradients):
            continue
        value = u.value
        new = None
        if _neg(s.value) and isinstance(s.value.operand, gast.Name) \
                and s.value.operand.id in gradients:
            new = _absorb(replace(S.copy(value), t, s.value))
            if _count_negations(new) > _count_negations(value):
                new = None  # nowhere to put the sign
            elif isinstance(u, gast.Assign) and not isinstance(new, (gast.BinOp, gast.UnaryOp)):
                new = None  # y = -(-u) is a new array; y = u would share u's
        if new is None:
            continue
        if isinstance(u, gast.AugAssign) and _neg(new) and isinstance(u.op, (gast.Add, gast.Sub)):
            u.op = gast.Sub() if isinstance(u.op, gast.Add) else gast.Add()
            new = new.operand
        at_k, before_use = mover.move(s, u) if mover else ([], [])
        u.value = new
        facts.forget(u)
        body[use:use] = before_use
        body[k:k + 1] = at_k
    return body


def _gradients_read_once(body, counts, gradients):
    """``(k, statement, t)`` for ``t = <arithmetic>`` defining a gradient read once, last
    to first (so deleting ``body[k]`` while iterating is safe)."""
    for k in range(len(body) - 1, -1, -1):
        s = body[k]
        t = s.targets[0].id if isinstance(s, gast.Assign) and len(s.targets) == 1 \
            and isinstance(s.targets[0], gast.Name) else None
        if t in gradients and counts.get(t) == 1 and arithmetic(s.value):
            yield k, s, t


def _next_reader(body, k, t, facts):
    reads = S.loaded_names(body[k].value) | {t}
    for j in range(k + 1, len(body)):
        u = body[j]
        if isinstance(u, (gast.If, gast.For, gast.While)):
            return None
        if t in facts.reads(u):
            return j
        if facts.writes(u) & reads:
            return None
    return None


def _negating_reader(body, k, t, gradients, facts):
    """Index of ``y = -t``, the only reader of ``t``, when ``y`` could be assigned at ``k``."""
    for j in range(k + 1, len(body)):
        u = body[j]
        if isinstance(u, (gast.If, gast.For, gast.While)):
            return None
        if t in facts.reads(u):
            if isinstance(u, gast.Assign) and len(u.targets) == 1 \
                    and isinstance(u.targets[0], gast.Name) and u.targets[0].id in gradients \
                    and _neg(u.value) and isinstance(u.value.operand, gast.Name) \
                    and u.value.operand.id == t:
                y = u.targets[0].id
                between = body[k + 1:j]
                if y not in S.loaded_names(body[k].value) and not any(
                        y in facts.reads(x) or {y, t} & facts.writes(x) for x in between):
                    return j
            return None
    return None


def _gradient_target(stmt, gradients):
    target = stmt.targets[0] if isinstance(stmt, gast.Assign) else stmt.target
    return isinstance(target, gast.Name) and target.id in gradients


def _is_product(e):
    return isinstance(e, gast.BinOp) and isinstance(e.op, (gast.Mult, gast.Div))


def _count_negations(e):
    return sum(1 for n in dataflow.nodes(e) if _neg(n))


def _negated_product(e):
    """``-(e)`` for a product ``e``: the sign on its first factor."""
    if _is_product(e):
        return gast.BinOp(left=_negated_product(e.left), op=e.op, right=e.right)
    if _neg(e):
        return e.operand
    if isinstance(e, gast.Constant) and number(e.value):
        return S.const(-e.value)
    return gast.UnaryOp(op=gast.USub(), operand=e)


def _pull(e):
    """``(negated, e')`` with ``e == -e'`` when negated: signs gathered out of a product."""
    if _neg(e):
        n, inner = _pull(e.operand)
        return not n, inner
    if _is_product(e):
        nl, left = _pull(e.left)
        nr, right = _pull(e.right)
        return nl != nr, gast.BinOp(left=left, op=e.op, right=right)
    if _unbroadcast(e):  # a sum of negated values is the negated sum, exactly (rounding to
        n, inner = _pull(e.args[0])  # nearest is symmetric; so is a wrapped integer sum)
        if n:
            return True, gast.Call(func=e.func, args=[inner, e.args[1]], keywords=[])
    return False, e


def _unbroadcast(e):
    """Is ``e`` a call ``unbroadcast(g, x)`` of the run-time helper (runtime.py)?"""
    return isinstance(e, gast.Call) and isinstance(e.func, gast.Name) \
        and e.func.id == "unbroadcast" and len(e.args) == 2 and not e.keywords


def _absorb(e):
    """Signs of products moved into a literal factor or an enclosing ``+``/``-``."""
    if isinstance(e, gast.BinOp) and isinstance(e.op, (gast.Add, gast.Sub)):
        left, right = _absorb(e.left), _absorb(e.right)
        n, inner = _pull(right)
        if n:
            op = gast.Sub() if isinstance(e.op, gast.Add) else gast.Add()
            return gast.BinOp(left=left, op=op, right=inner)
        return gast.BinOp(left=left, op=e.op, right=right)
    if _is_product(e) or _neg(e):
        n, inner = _pull(e)
        if not n:
            return inner
        lit = _first_literal(inner)
        if lit is not None:
            lit.value = -lit.value
            return inner
        return gast.UnaryOp(op=gast.USub(), operand=inner)
    return e


def _first_literal(e):
    """A numeric literal factor of the product ``e`` (changed in place by the caller)."""
    if isinstance(e, gast.Constant) and number(e.value):
        return e
    if isinstance(e, gast.BinOp) and isinstance(e.op, gast.Mult):
        return _first_literal(e.left) or _first_literal(e.right)
    if isinstance(e, gast.BinOp) and isinstance(e.op, gast.Div):
        return _first_literal(e.left)
    return None


# ------------------------------------------------------------ loop-invariant arithmetic

_HOISTABLE_OPS = (gast.Add, gast.Sub, gast.Mult)


def hoist_invariants(body, gradients, taken, bound=(), verify=False, facts=None):
    """Arithmetic a loop body repeats on values the loop never changes is done once, before it.

    Only ``+``, ``-``, ``*`` and negation of names and literals (which raise
    nothing, so running them once more before a loop that runs zero times is
    harmless), inside gradient statements; the same expression, so the same bits.
    The hoisted expression reads only names certainly bound before the loop
    (``bound``: parameters, and names every path to the loop assigns), so a loop
    that runs zero times never makes it read an unbound or stale name.
    Invariant: the expression has the same value in every trip as before the
    loop. ``verify``: each trip checks it (``verify_equal(kept, expression)``
    where the expression was). ``facts``: the summaries of the statements of a loop
    body (which may change in place) are forgotten.
    """
    out = []
    bound = set(bound)
    for s in body:
        if isinstance(s, gast.If):
            s.body = hoist_invariants(s.body, gradients, taken, bound, verify, facts)
            s.orelse = hoist_invariants(s.orelse, gradients, taken, bound, verify, facts)
            bound |= _bound_by(s.body) & _bound_by(s.orelse)
        elif isinstance(s, (gast.For, gast.While)):
            inner = bound | (writes(s.target) if isinstance(s, gast.For) else set())
            s.body = hoist_invariants(s.body, gradients, taken, inner, verify, facts)
            changed = set()
            for x in s.body + ([s.target] if isinstance(s, gast.For) else []):
                changed |= writes(x)
            hoisted = {}  # dump -> name
            body = []
            for x in s.body:
                checks = {}  # kept name -> the expression, for verification
                if isinstance(x, gast.AugAssign) and _gradient_target(x, gradients):
                    x.value = _hoist_in(x.value, changed, bound, hoisted, taken, out, checks)
                elif isinstance(x, gast.Assign) and _gradient_target(x, gradients) \
                        and isinstance(x.value, (gast.BinOp, gast.UnaryOp)):
                    # parts only: ``b = <all invariant>`` stays a new array each time,
                    # which the sweep may then update in place
                    v = x.value
                    if isinstance(v, gast.BinOp):
                        v.left = _hoist_in(v.left, changed, bound, hoisted, taken, out, checks)
                        v.right = _hoist_in(v.right, changed, bound, hoisted, taken, out,
                                            checks)
                    else:
                        v.operand = _hoist_in(v.operand, changed, bound, hoisted, taken, out,
                                              checks)
                if verify:
                    body += [S.locate(gast.Expr(value=S.call("verify_equal", [
                        S.name(kept), e])), x) for kept, e in checks.items()]
                if facts is not None:
                    facts.forget(x)
                body.append(x)
            s.body = body
            if hoisted:
                out.insert(len(out) - len(hoisted), S.comment("computed once for the loop below"))
                bound |= set(hoisted.values())
        else:
            bound |= _bound_by([s])
        out.append(s)
    return out


def _bound_by(body):
    """Names a block certainly binds, whichever way it runs (loops may run zero times)."""
    out = set()
    for s in body:
        if isinstance(s, gast.If):
            out |= _bound_by(s.body) & _bound_by(s.orelse)
        elif isinstance(s, gast.Assign) and isinstance(s.value, gast.Constant) \
                and s.value.value is None:
            continue  # "starts unbound": not a value arithmetic may read
        elif isinstance(s, (gast.Assign, gast.AugAssign)):
            targets = s.targets if isinstance(s, gast.Assign) else [s.target]
            out |= {n.id for t in targets for n in dataflow.nodes(t)
                    if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store)}
        elif isinstance(s, (gast.Return, gast.Raise, gast.Break, gast.Continue)):
            break
    return out


def _hoist_in(e, changed, bound, hoisted, taken, out, checks):
    if _invariant(e, changed) and S.loaded_names(e) <= bound:
        key = S.dump(e)
        if key not in hoisted:
            name = _fresh("loop_invariant", taken)
            hoisted[key] = name
            out.append(S.assign(name, S.copy(e)))
        checks[hoisted[key]] = e
        return S.name(hoisted[key])
    if isinstance(e, gast.BinOp):
        e.left = _hoist_in(e.left, changed, bound, hoisted, taken, out, checks)
        e.right = _hoist_in(e.right, changed, bound, hoisted, taken, out, checks)
    elif isinstance(e, gast.UnaryOp):
        e.operand = _hoist_in(e.operand, changed, bound, hoisted, taken, out, checks)
    return e


def _invariant(e, changed):
    """A binary operation of names the loop does not change and literals."""
    if not isinstance(e, (gast.BinOp, gast.UnaryOp)) or not any(
            isinstance(n, gast.BinOp) for n in gast.walk(e)):
        return False
    names = 0
    for n in gast.walk(e):
        if isinstance(n, gast.Name):
            if n.id in changed:
                return False
            names += 1
        elif isinstance(n, gast.BinOp):
            if not isinstance(n.op, _HOISTABLE_OPS):
                return False
        elif isinstance(n, gast.UnaryOp):
            if not isinstance(n.op, gast.USub):
                return False
        elif isinstance(n, gast.Constant):
            if not number(n.value):
                return False
        elif not isinstance(n, (gast.Load, gast.operator, gast.unaryop)):
            return False
    return names > 0


def _fresh(base, taken):
    k, name = 0, base
    while name in taken:
        k += 1
        name = f"{base}{k}"
    taken.add(name)
    return name


# ------------------------------------------------------------ scalings by powers of two


def merge_scalings(body, counts, gradients, scalars=frozenset(), mover=None, facts=None):
    """``t = a * 0.5 / j; y = 2.0 * t * h`` (``t`` a gradient read once) -> ``y = a / j * h``.

    Scaling by a power of two is exact and commutes with the rounding of ``*``
    and ``/``, so such factors of one product can be gathered, cancelled, and
    put on any factor of the numerator: on a scalar one (``scalars``: names
    known to hold one number) when there is one, where it costs no array
    operation. Rule templates make such factors (``sqrt``'s ``0.5``, a square's
    ``2.0``). ``t`` is folded into its reader only when that saves operations
    on arrays; gradient statements only. ``facts``: the statements' kept summaries.
    """
    body = list(body)
    facts = facts or Facts()
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = merge_scalings(s.body, counts, gradients, scalars, mover, facts)
            s.orelse = merge_scalings(s.orelse, counts, gradients, scalars, mover, facts)
    for k, s, t in _gradients_read_once(body, counts, gradients):
        use = _next_reader(body, k, t, facts)
        u = body[use] if use is not None else None
        if not isinstance(u, (gast.Assign, gast.AugAssign)) or not _gradient_target(u, gradients) \
                or not (_scalings(s.value) or _scalings(u.value)):
            continue
        new = _gather_scalings(replace(S.copy(u.value), t, s.value), scalars)
        if _array_ops(new, scalars) >= _array_ops(u.value, scalars) + _array_ops(s.value, scalars) \
                or (isinstance(u, gast.Assign) and not isinstance(new, (gast.BinOp, gast.UnaryOp))):
            continue
        at_k, before_use = mover.move(s, u) if mover else ([], [])
        u.value = new
        facts.forget(u)
        body[use:use] = before_use
        body[k:k + 1] = at_k
    return body


def _array_ops(e, scalars):
    """Operations of ``e`` that may work on arrays (the cost that matters), counted."""
    count = 0
    for n in dataflow.nodes(e):
        if isinstance(n, gast.Call):
            count += 1
        elif isinstance(n, (gast.BinOp, gast.UnaryOp)) and any(
                x.id not in scalars for x in dataflow.names(n)):
            count += 1
    return count


def _power_of_two(v):
    if not number(v) or v == 0:
        return False
    m, _ = math.frexp(abs(float(v)))
    return m == 0.5


def _scalings(e):
    """Power-of-two literals that scale a product (factors of its ``*``/``/`` tree)."""
    out = []

    def visit(n, top):
        if isinstance(n, gast.BinOp) and isinstance(n.op, (gast.Mult, gast.Div)):
            for side in (n.left, n.right) if isinstance(n.op, gast.Mult) else (n.left, n.right):
                if isinstance(side, gast.Constant) and _power_of_two(side.value):
                    out.append(side)
                else:
                    visit(side, False)
        else:
            for child in gast.iter_child_nodes(n):
                visit(child, True)

    visit(e, True)
    return out


def _gather_scalings(e, scalars=frozenset()):
    """Each maximal ``*``/``/`` tree with power-of-two literals: the literals removed in
    place and their product put once on its first factor when that is a literal or a
    scalar name, else in front."""
    if isinstance(e, gast.BinOp) and not isinstance(e.op, (gast.Mult, gast.Div)):
        e.left, e.right = _gather_scalings(e.left, scalars), _gather_scalings(e.right, scalars)
        return e
    if isinstance(e, gast.UnaryOp):
        e.operand = _gather_scalings(e.operand, scalars)
        return e
    if not (isinstance(e, gast.BinOp) and isinstance(e.op, (gast.Mult, gast.Div))):
        return e
    scale = [1.0]

    def strip(n):
        if isinstance(n, gast.BinOp) and isinstance(n.op, (gast.Mult, gast.Div)):
            left, right = n.left, n.right
            if isinstance(right, gast.Constant) and _power_of_two(right.value):
                scale[0] = scale[0] * right.value if isinstance(n.op, gast.Mult) \
                    else scale[0] / right.value
                return strip(left)
            if isinstance(left, gast.Constant) and _power_of_two(left.value) \
                    and isinstance(n.op, gast.Mult):
                scale[0] *= left.value
                return strip(right)
            n.left, n.right = strip(left), _gather_scalings(right, scalars)
            return n
        return _gather_scalings(n, scalars)

    if not _scalings(e):
        return e
    rest = strip(e)
    if scale[0] == 1.0:
        return rest
    first, parent = rest, None
    while isinstance(first, gast.BinOp) and isinstance(first.op, (gast.Mult, gast.Div)):
        first, parent = first.left, first
    if isinstance(first, gast.Constant) and number(first.value):
        first.value = first.value * scale[0]  # exact: a power of two
        return rest
    if isinstance(first, gast.Name) and first.id in scalars and parent is not None:
        parent.left = gast.BinOp(left=S.const(scale[0]), op=gast.Mult(), right=first)
        return rest
    if scale[0] == -1.0:
        return gast.UnaryOp(op=gast.USub(), operand=rest)
    return gast.BinOp(left=S.const(scale[0]), op=gast.Mult(), right=rest)
