"""A gradient's negation handed to its one reader, where the reader absorbs it for free.

``t = -E; ...; y = t * 2.0`` -> ``t = E; ...; y = t * -2.0``: the negation was a pass over
an array (the adjoint of a subtraction, ``-unbroadcast(b, v)``), the reader's literal takes
the sign at no cost. algebra.fold_negations does this only by moving a negated *name* into
its reader; here ``E`` may be any expression (a call of a run-time helper): it stays where
it is, nothing is moved, only the sign is.
"""

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize.algebra import (
    _absorb,
    _count_negations,
    _gradient_target,
    _is_product,
    _neg,
    _next_reader,
    _pull,
)
from srcdiff.compiler.optimize.exprs import replace


def sink_negations(body, gradients, facts, negated=None):
    """``t = -E`` -> ``t = E`` and its one reader ``u`` reads ``-t`` instead, with that sign
    absorbed into a literal factor or a ``+``/``-`` of ``u`` (algebra._absorb).

    Invariant (what makes it exact): ``t`` is a gradient (a float value) that the whole
    function names exactly twice, at this definition and at one load in ``u``'s value,
    the next statement of the same block reading ``t``; ``u`` is an assignment (plain or
    augmented) to a gradient other than ``t``. So ``u`` is the only place ``t``'s value is
    seen, and it sees ``-(E)`` before and after: IEEE negation is exact and
    ``(-a) * c == a * (-c)``, ``b + (-a) == b - a``. ``t`` may now share ``E``'s array
    (``unbroadcast`` returns its argument when no axis is summed) where ``-E`` made a new
    one: nothing writes into ``t`` (it is named nowhere else), and ``u``'s value stays an
    operation (``BinOp``/``UnaryOp``), a new array, not ``t``'s. Statements between are
    untouched: ``E`` is evaluated where it was.

    The sign also passes through products: ``t = -a * b / c`` (a product whose factors'
    signs multiply to a minus: it becomes ``a * b / c``) and links ``t2 = t * e`` (a
    gradient named exactly twice, whose value is ``t`` times or divided by factors that
    do not read ``t``: with ``-t`` it is ``-t2`` exactly, as IEEE products and quotients
    are symmetric in the sign) carry it to the first reader that takes it. A first
    contribution ``y = -t if y is None else y + -t`` (``t`` read in both arms and named
    nowhere else) takes it in both arms: ``y = t if y is None else y + t``. An arm that
    becomes ``t`` itself shares ``t``'s array, so that only where ``t``'s value is a new
    array (an operation: the chain's last product, or the definition's) that nothing else
    names: ``y`` then owns it as it owned ``-t``. (The sigmoid's adjoint: the quotient's
    ``-g * div / add`` and the negation's ``b_x = -b_neg`` cancel.)

    A carrier (``t`` or a link) may also be accumulated into before its reader, ``t += e``
    or ``t -= e`` with ``e`` not reading ``t`` (negative binomial's ``b_mu += b_add2``): with
    ``t`` holding ``-T`` the other operator gives ``-(T + e)`` exactly (``-T - e``: IEEE
    rounding is symmetric in the sign), so the operator flips and the sign stays carried.
    Only where the carrier's value is a new array (an operation, or a link naming one):
    ``t = E`` of a name would make the in-place update change that name's array. A
    matrix product carries the sign as a link (``t2 = A @ t``) and is taken by an
    augmented reader (``y += A @ -t`` -> ``y -= A @ t``): each product of its sums is
    negated exactly and a sum of negated numbers is the negated sum. The statements
    between are found by what they read or write (``_next_touch``), nothing moves, and
    each naming of a carrier is one of the chain's (the counts of the whole function).
    """
    occurrences = _occurrences(body)
    _sink_block(body, gradients, facts, occurrences)
    if negated is not None:
        _sink_into_calls(body, gradients, facts, occurrences, negated)
    return body


def _sink_into_calls(body, gradients, facts, occurrences, negated):
    """``t = -E`` (a sign anywhere in a product) whose one reader passes ``t`` as the
    cotangent of a generated backward sweep, ``y = bwd_g(_record_g, t, ...)``: ``t = E`` and
    ``y = bwd_g_neg(_record_g, t, ...)``, which computes what ``bwd_g`` does of ``-t``
    (reverse/negated.py; ``negated(f)``: the other function of ``f``'s pair, None when ``f``
    is not a backward sweep). Invariant: ``t`` is a gradient named exactly twice in the
    whole function, at this definition and as that argument, the call's second
    positional argument; ``_pull`` takes the sign out exactly (``(-a) * b == -(a * b)``)
    and leaves an operation (``E`` a product: ``t`` stays a new array, which the callee
    may own as ``-E`` was)."""
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            _sink_into_calls(s.body, gradients, facts, occurrences, negated)
            _sink_into_calls(s.orelse, gradients, facts, occurrences, negated)
    for k, s in enumerate(body):
        if not (isinstance(s, gast.Assign) and len(s.targets) == 1
                and isinstance(s.targets[0], gast.Name)):
            continue
        t = s.targets[0].id
        if t not in gradients or occurrences.get(t) != 2:
            continue
        sign, inner = _pull(s.value)
        if not sign or not isinstance(inner, gast.BinOp) or t in S.loaded_names(s.value):
            continue  # (an operation: t stays a new array, as the callee may own it)
        use = _next_reader(body, k, t, facts)
        u = body[use] if use is not None else None
        call = u.value if isinstance(u, gast.Assign) else None
        if not (isinstance(call, gast.Call) and isinstance(call.func, gast.Name)
                and len(call.args) >= 2 and isinstance(call.args[1], gast.Name)
                and call.args[1].id == t):
            continue
        other = negated(call.func.id)
        if other is None:
            continue
        s.value = inner
        call.func = S.name(other)
        facts.forget(s)
        facts.forget(u)


def _sink_block(body, gradients, facts, occurrences):
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            _sink_block(s.body, gradients, facts, occurrences)
            _sink_block(s.orelse, gradients, facts, occurrences)
    for k, s in enumerate(body):
        if not (isinstance(s, gast.Assign) and len(s.targets) == 1
                and isinstance(s.targets[0], gast.Name)):
            continue
        if _neg(s.value):  # t = -E: E stays as it is
            value = s.value.operand
        elif _is_product(s.value) and _pull(s.value)[0]:  # t = -a * b / c: a * b / c
            value = _pull(s.value)[1]
        else:
            continue
        t = s.targets[0].id
        if t not in gradients or occurrences.get(t, 0) < 2 or t in S.loaded_names(s.value):
            continue
        fresh = isinstance(value, (gast.BinOp, gast.UnaryOp))  # (a new array)
        links, flips, at = [], [], k  # flips: t += e / t -= e of a carrier (their ops flip)
        while True:
            use = _next_touch(body, at, t, facts)
            u = body[use] if use is not None else None
            if not isinstance(u, (gast.Assign, gast.AugAssign)) \
                    or not _gradient_target(u, gradients):
                break
            named = occurrences.get(t, 0) - sum(1 for j in flips if _target_of(body[j]) == t)
            if _accumulates(u, t):  # t holds -T: t -= e holds -(T + e) exactly
                if not fresh:
                    break  # (in place: t may be another name's array without its sign)
                flips.append(use)
                at = use
                continue
            taken = _taking(u, t, fresh, named)
            if taken is not None:
                s.value = value
                u.value, op = taken
                if op is not None:
                    u.op = op
                for j in flips:
                    body[j].op = gast.Sub() if isinstance(body[j].op, gast.Add) else gast.Add()
                for x in [s, u] + [body[j] for j in links + flips]:
                    facts.forget(x)
                break
            # not absorbed here: u = t * a / c or a @ t (linear in t) passes the sign on
            nxt = u.targets[0].id if isinstance(u, gast.Assign) and len(u.targets) == 1 else None
            if nxt is None or nxt == t or named != 2 or nxt not in gradients \
                    or nxt in S.loaded_names(u.value) or not _linear(u.value, t):
                break
            links.append(use)  # (a product is a new array; a name, the one it names)
            t, fresh, at = nxt, fresh or isinstance(u.value, (gast.BinOp, gast.UnaryOp)), use


def _next_touch(body, k, t, facts):
    """Index of the first statement after ``k`` in ``body`` reading or writing ``t``; None
    where a loop or a branch comes first. (Nothing moves: the statements between keep
    their values, and those naming ``t`` are each accounted for by the caller.)"""
    for j in range(k + 1, len(body)):
        u = body[j]
        if isinstance(u, (gast.If, gast.For, gast.While)):
            return None
        if t in facts.reads(u) or t in facts.writes(u):
            return j
    return None


def _accumulates(u, t):
    """Is ``u`` ``t += e`` or ``t -= e`` with ``e`` not reading ``t``? Where ``t`` holds
    ``-T``, ``t`` with the other operator holds ``-(T + e)`` (``-T - e``: IEEE rounding is
    symmetric in the sign), so the sign stays carried by ``t``."""
    return isinstance(u, gast.AugAssign) and isinstance(u.target, gast.Name) \
        and u.target.id == t and isinstance(u.op, (gast.Add, gast.Sub)) \
        and t not in S.loaded_names(u.value)


def _taking(u, t, fresh, named):
    """``(value, op)`` of ``u`` (an assignment to a gradient other than ``t``, its one
    reader) reading ``-t`` where it read ``t``, the sign absorbed; None where no place takes
    it. ``y = c if b is None else b + -t`` (a first contribution) takes it in both arms.
    ``named``: how many times ``t`` is named, its accumulations left out."""
    target = u.targets[0] if isinstance(u, gast.Assign) else u.target
    if target.id == t or len(u.targets if isinstance(u, gast.Assign) else [u]) != 1:
        return None
    value = u.value
    loads = sum(1 for n in dataflow.names(value) if n.id == t)
    if named != 1 + loads:
        return None
    if isinstance(u, gast.Assign) and isinstance(value, gast.IfExp) and loads == 2 \
            and t not in S.loaded_names(value.test):
        arms = [_signed(arm, t, fresh) for arm in (value.body, value.orelse)]
        if None in arms:
            return None
        return gast.IfExp(test=value.test, body=arms[0], orelse=arms[1]), None
    if loads != 1:
        return None
    new = _take_sign(replace(S.copy(value), t, gast.UnaryOp(op=gast.USub(), operand=S.name(t))))
    op = u.op if isinstance(u, gast.AugAssign) else None
    if isinstance(op, (gast.Add, gast.Sub)):  # y += -t  ->  y -= t; y += a @ -t  ->  y -= a @ t
        negated, inner = _pull_product(new)
        if negated:
            op = gast.Sub() if isinstance(op, gast.Add) else gast.Add()
            new = inner
    if _count_negations(new) > _count_negations(value):
        return None  # nowhere to put the sign
    if isinstance(u, gast.Assign) and not isinstance(new, (gast.BinOp, gast.UnaryOp)):
        return None  # y = t would share t's array
    return new, op


def _signed(arm, t, fresh):
    """One arm of a conditional reading ``t`` once, reading ``-t`` instead, the sign
    absorbed; None where it cannot be. It may become ``t`` itself only when ``t``'s value
    is a new array (``fresh``) that nothing else names: the target then owns it."""
    if sum(1 for n in dataflow.names(arm) if n.id == t) != 1:
        return None
    new = _take_sign(replace(S.copy(arm), t, gast.UnaryOp(op=gast.USub(), operand=S.name(t))))
    if _count_negations(new) > _count_negations(arm):
        return None
    if not isinstance(new, (gast.BinOp, gast.UnaryOp)) and not fresh:
        return None
    return new


def _pull_product(e):
    """``algebra._pull`` that also takes a sign out of a matrix product: ``a @ -b`` is
    ``-(a @ b)`` exactly (each product of the sums is negated exactly, and a sum of
    negated numbers is the negated sum: rounding to nearest is symmetric in the sign)."""
    if isinstance(e, gast.BinOp) and isinstance(e.op, gast.MatMult):
        nl, left = _pull_product(e.left)
        nr, right = _pull_product(e.right)
        return nl != nr, gast.BinOp(left=left, op=e.op, right=right)
    return _pull(e)


def _linear(e, t):
    """Is ``e`` the name ``t`` times (or divided by) factors that do not read ``t``, or a
    matrix product with ``t`` as one operand? Then ``e`` with ``-t`` for ``t`` is ``-e``
    exactly (IEEE products and quotients are symmetric in the sign; see _pull_product)."""
    if isinstance(e, gast.Name):
        return e.id == t
    if isinstance(e, gast.BinOp) and isinstance(e.op, gast.MatMult):
        left, right = t in S.loaded_names(e.left), t in S.loaded_names(e.right)
        return _linear(e.left, t) if left and not right else \
            right and not left and _linear(e.right, t)
    if _is_product(e):
        left, right = t in S.loaded_names(e.left), t in S.loaded_names(e.right)
        if left and not right:
            return _linear(e.left, t)
        if right and not left and isinstance(e.op, gast.Mult):
            return _linear(e.right, t)
    return False


def _take_sign(e):
    """``e`` with the signs of its products absorbed: by ``a + b`` -> ``a - b`` first when ``b``
    is negated (``y = c - 2.0 * t * a`` reads better than ``c + -2.0 * t * a``), else where
    algebra._absorb puts them."""
    if isinstance(e, gast.BinOp) and isinstance(e.op, (gast.Add, gast.Sub)):
        negated, inner = _pull(e.right)
        if negated:
            op = gast.Sub() if isinstance(e.op, gast.Add) else gast.Add()
            return gast.BinOp(left=_absorb(e.left), op=op, right=inner)
    return _absorb(e)


def lift_negations(body, gradients, scalars, facts):
    """``t = A * s; ...; u = -t * p`` -> ``t = A * -s; ...; u = t * p``: the negation a
    reader applies to an array goes to a factor of its definition that is a number (a
    gradient name holding a scalar, ``s`` -> ``-s``, or a literal, its sign flipped), a
    scalar operation instead of a pass over the array (the Bernoulli likelihood's
    ``-b_log1 * p`` of ``b_log1 = (1 - X) * b_sum1``).

    Invariant (what makes it exact): ``t`` is a gradient named exactly twice in the whole
    function, at its definition (a product or quotient, ``Mult``/``Div``, with that factor
    as a direct operand of the chain: a multiplier, or a divisor) and at one load in
    ``u``, the next statement of the same block reading it, an assignment to a gradient
    other than ``t`` whose value stays an operation; the factor is a float literal or a
    name in ``gradients`` that ``scalars`` says holds a single number (a float: IEEE
    negation is exact, ``a * (-s) == -(a * s)`` and ``a / (-s) == -(a / s)``). ``t`` then
    holds ``-t`` exactly, and ``u`` reads ``-t`` where it read ``t``, the two signs
    cancelled (algebra._pull): ``u``'s value is the same, bit for bit. ``s`` is read where
    it was, at the definition."""
    occurrences = _occurrences(body)
    for block in _inner_first(body):
        _lift_block(block, gradients & scalars, facts, occurrences, gradients)
    return body


def _occurrences(body):
    """How many times each name is named in ``body``."""
    counts = {}
    for n in dataflow.names(gast.Module(body=body, type_ignores=[])):
        counts[n.id] = counts.get(n.id, 0) + 1
    return counts


def _inner_first(body):
    """The blocks of ``body``, each nested block before the block holding it."""
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            yield from _inner_first(s.body)
            yield from _inner_first(s.orelse)
    yield body


def _lift_block(body, numbers, facts, occurrences, gradients):
    for k, s in enumerate(body):
        if not (isinstance(s, gast.Assign) and len(s.targets) == 1
                and isinstance(s.targets[0], gast.Name) and _is_product(s.value)):
            continue
        t = s.targets[0].id
        if t not in gradients or occurrences.get(t) != 2 or t in S.loaded_names(s.value):
            continue
        use = _next_reader(body, k, t, facts)
        u = body[use] if use is not None else None
        if not isinstance(u, (gast.Assign, gast.AugAssign)) \
                or not _gradient_target(u, gradients) or _target_of(u) == t:
            continue
        value = u.value
        if sum(1 for n in dataflow.names(value) if n.id == t) != 1:
            continue
        new = _take_sign(replace(S.copy(value), t, gast.UnaryOp(op=gast.USub(),
                                                                operand=S.name(t))))
        if _passes(new, u) >= _passes(value, u) \
                or not isinstance(new, (gast.BinOp, gast.UnaryOp)):
            continue  # (no negation pass saved; u = t would share t's array)
        factor = _number_factor(s.value, numbers)
        if factor is None:
            continue
        holder, side = factor
        old = getattr(holder, side)
        setattr(holder, side, S.const(-old.value) if isinstance(old, gast.Constant)
                else old.operand if _neg(old) else gast.UnaryOp(op=gast.USub(), operand=old))
        u.value = new
        facts.forget(s)
        facts.forget(u)


def _passes(e, u):
    """The negations of ``e`` (``u``'s value) that are passes of their own: not an operand
    of ``+``/``-`` (algebra.Peephole makes ``-a + b`` ``b - a``), nor ``u += -a``."""
    free = {id(n.left) for n in dataflow.nodes(e) if isinstance(n, gast.BinOp)
            and isinstance(n.op, (gast.Add, gast.Sub))}
    free |= {id(n.right) for n in dataflow.nodes(e) if isinstance(n, gast.BinOp)
             and isinstance(n.op, (gast.Add, gast.Sub))}
    if isinstance(u, gast.AugAssign) and isinstance(u.op, (gast.Add, gast.Sub)):
        free.add(id(e))
    return sum(1 for n in dataflow.nodes(e) if _neg(n) and id(n) not in free)


def _target_of(u):
    target = u.targets[0] if isinstance(u, gast.Assign) else u.target
    return target.id if isinstance(target, gast.Name) else None


def _number_factor(e, numbers):
    """``(node, "left"/"right")``: where the product or quotient chain ``e`` has a float
    literal or a name in ``numbers`` (or its negation) as a multiplier or divisor."""
    for side in ("right", "left"):
        f = getattr(e, side)
        core = f.operand if _neg(f) else f
        if isinstance(core, gast.Constant) and type(core.value) is float \
                or isinstance(core, gast.Name) and core.id in numbers:
            return e, side
        if _is_product(f) and (side == "left" or isinstance(e.op, gast.Mult)):
            found = _number_factor(f, numbers)
            if found is not None:
                return found
    return None
