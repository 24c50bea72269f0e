"""Scatter-adds into one gradient at one index, gathered into one.

Each read of a slice (``u[1:-1]``) has an adjoint of its own that adds into the
gradient of the whole array, one call per read::

    b_u = index_add(b_u, u_before, slice(1, -1, None), b_u_i5)
    ...
    b_u = index_add(b_u, u_before, slice(1, -1, None), b_sub)

A hand-written backward pass adds the terms first and scatters their sum once,
which :func:`gather_scatters` does::

    b_u = index_add(b_u, u_before, slice(1, -1, None), b_u_i5 + b_sub)

It is the same sum in another order (``index_add`` is linear in its last argument:
``b[i] += g1; b[i] += g2`` is ``b[i] += g1 + g2`` up to rounding, and so is
``np.add.at`` for an index array), done only when it is safe. Invariant, for
the members ``B = index_add(B, X, I, G_1) ... B = index_add(B, X, I, G_m)`` of
one block (the first may start from ``None``), gathered into the last one's place:

* between the first member and the last, every statement that mentions ``B`` is
  such an ``index_add`` into ``B`` (of any index): nothing reads ``B`` between, so
  only the final sum is seen, and the adds to other indices commute with these;
* each ``G_k`` is pure, ``X`` and ``I`` are too, none of them reads ``B``, and no
  statement between member ``k`` and the last writes a name that ``G_k``, ``X``
  or ``I`` reads (rebinds it, or changes it in place: an indexed store, an
  augmented assignment, a call taking it); the ``index_add`` calls in between
  change only their first argument, an owned array no other name refers to (the
  reverse generator's ownership rule: ``runtime.index_add``'s contract), so
  ``G_k`` holds at the last member the value it held at its own;
* a member starting from ``None`` is gathered only when no other ``index_add``
  into ``B`` comes between it and the last member (they would add into ``B``
  before it exists).

Verification mode leaves the optimizer's usual check of a moved value behind
(``Mover``: a snapshot of ``G_k``'s names where it was and a check that they are
unchanged where it is read). The reference pipeline (``optimize=False``)
gathers nothing.
"""

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.calls import named_call, plain_call
from srcdiff.compiler.optimize.exprs import READS, pure

_SCATTER = "index_add"


def gather_scatters(body, mover, facts):
    """``body`` with each gatherable group of ``index_add`` members summed into its last
    member (see the module's docstring); nested blocks are done first."""
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = gather_scatters(s.body, mover, facts)
            s.orelse = gather_scatters(s.orelse, mover, facts)
    body = list(body)
    members = [_member(s) for s in body]
    done = set()  # positions already placed in a group
    replaced, inserted, dropped = {}, {}, set()
    for k, m in enumerate(members):
        if m is None or k in done:
            continue
        b = m[0]
        span = _span(body, members, b, k)
        for group in _groups(span, members):
            done |= set(group)
            keep = _movable(body, members, group, facts)
            if len(keep) < 2:
                continue
            last = keep[-1]
            u = body[last]
            terms = []
            for j in keep[:-1]:
                g = members[j][4]
                fake = S.assign("_gathered", S.copy(g), body[j])
                at_j, before_last = mover.move(fake, u)
                replaced[j] = at_j
                inserted.setdefault(last, []).extend(before_last)
                dropped.add(j)
                terms.append(S.copy(g))
            terms.append(members[last][4])
            total = terms[0]
            for t in terms[1:]:
                total = gast.BinOp(left=total, op=gast.Add(), right=t)
            start = members[keep[0]][1]  # None or B: the first gathered member's start
            facts.forget(u)
            u.value.args[0] = S.copy(start)
            # B is an owned array where the group starts only if it is at its first member
            setattr(u, S.INTO_OWNED, getattr(body[keep[0]], S.INTO_OWNED, False))
            u.value.args[3] = S.locate(total, u)
    out = []
    for k, s in enumerate(body):
        out.extend(inserted.get(k, ()))
        if k in dropped:
            out.extend(replaced.get(k, ()))
        else:
            out.append(s)
    return out


def lower_owned_scatters(body, verify=False):
    """``B = index_add(B, X, I, G)`` as ``B[I] += G`` where the reverse generator marked it
    (``S.INTO_OWNED``: ``B`` is an array it owns there, not None; ``I`` is basic and reaches
    an axis; ``G`` is real): what ``runtime.index_add`` does then, without its call. The
    call's ``slice(a, b, None)`` becomes ``a:b`` again. Only for NumPy-like arrays and code
    that is not differentiated again (the driver decides); verification mode checks the
    three conditions where it runs (``verify_scatter``)."""
    out = []
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = lower_owned_scatters(s.body, verify)
            s.orelse = lower_owned_scatters(s.orelse, verify)
        m = _into_owned(s) if getattr(s, S.INTO_OWNED, False) else None
        if m is None:
            out.append(s)
            continue
        b, index, g = m
        if verify:
            g = S.call("verify_scatter", [S.name(b), S.copy(index), g])
        target = gast.Subscript(value=S.name(b), slice=S.index_from_value(index), ctx=gast.Store())
        new = S.locate(gast.AugAssign(target=target, op=gast.Add(), value=g), s)
        setattr(new, S.INTO_OWNED, True)  # (still: optimize/views.py asks)
        if hasattr(s, READS):  # (what verification mode checks where: exprs.Mover; the
            setattr(new, READS, getattr(s, READS))  # foreign names came with S.locate)
        out.append(new)
    return out


def _into_owned(s):
    """``(B, I, G)`` for ``B = index_add(B, X, I, G)`` where neither ``I`` nor ``G`` reads
    ``B`` (the augmented store reads ``B[I]`` before it evaluates ``G``, the call after:
    the same values when nothing in them can see ``B``, an array no other name holds)."""
    call = _scatter_call(s)
    if call is None:
        return None
    b, (start, _, index, g) = call
    if not (isinstance(start, gast.Name) and start.id == b) or any(
            isinstance(n, gast.Starred) for n in dataflow.nodes(s.value)):
        return None
    if b in dataflow.reads(index) | dataflow.reads(g):
        return None
    return b, index, g


def _scatter_call(s):
    """``(B, arguments)`` for a statement ``B = index_add(...)`` of four arguments."""
    if not (isinstance(s, gast.Assign) and len(s.targets) == 1
            and isinstance(s.targets[0], gast.Name) and plain_call(s.value, _SCATTER, 4)):
        return None
    return s.targets[0].id, s.value.args


def _member(s):
    """``(B, start, X, I, G)`` for ``B = index_add(start, X, I, G)`` (``start`` is
    ``B`` or ``None``) whose ``X`` is a name and whose ``X``, ``I``, ``G`` are pure
    and do not read ``B``; else None."""
    call = _scatter_call(s)
    if call is None:
        return None
    b, (start, x, index, g) = call
    if not ((isinstance(start, gast.Name) and start.id == b)
            or (isinstance(start, gast.Constant) and start.value is None)):
        return None
    if not isinstance(x, gast.Name) or x.id == b:
        return None
    if not (_plain_index(index) and pure(g)) or any(isinstance(n, gast.Starred)
                                            for n in dataflow.nodes(s.value)):
        return None
    if b in dataflow.reads(index) | dataflow.reads(g):
        return None
    return b, start, x, index, g


def _plain_index(index):
    """An index made of names, numbers and ``slice(...)`` calls (pure: reading it twice
    gives the same index while its names keep their values)."""
    for n in dataflow.nodes(index):
        if isinstance(n, gast.Call):
            if named_call(n, "slice") is None or n.keywords:
                return False
        elif not isinstance(n, (gast.Name, gast.Constant, gast.Tuple, gast.UnaryOp,
                                gast.USub, gast.Load, gast.expr_context)):
            return False
    return True


def _span(body, members, b, k):
    """The positions of the members into ``b`` from ``k`` on, up to the first statement
    that mentions ``b`` otherwise (reads or writes it) or a member that starts ``b``
    from ``None`` again."""
    span = [k]
    for j in range(k + 1, len(body)):
        m = members[j]
        if m is not None and m[0] == b:
            if _starts_fresh(m):
                break
            span.append(j)
            continue
        s = body[j]
        if b in dataflow.reads(s) or b in dataflow.writes(s):
            break
    return span


def _starts_fresh(m):
    return isinstance(m[1], gast.Constant)


def _groups(span, members):
    """The members of ``span`` grouped by their ``X`` and ``I`` (the same text)."""
    groups = {}
    for j in span:
        _, _, x, index, _ = members[j]
        groups.setdefault((x.id, S.dump(index)), []).append(j)
    return list(groups.values())


def _movable(body, members, group, facts):
    """The members of ``group`` whose sum may be taken at the last one: each keeps the
    values of the names its ``G``, ``X`` and ``I`` read until there (see the module's
    docstring). The last member always stays; a member that may not move is left out
    (it adds into ``B`` where it is)."""
    last = group[-1]
    b = members[last][0]
    keep = []
    for j in group[:-1]:
        _, start, x, index, g = members[j]
        if _starts_fresh(members[j]) and any(
                members[i] is not None and members[i][0] == b and i not in group
                for i in range(j + 1, last)):
            continue
        reads = dataflow.reads(g) | dataflow.reads(index) | {x.id}
        if all(not (reads & _changes(body[i], members[i], facts)) for i in range(j + 1, last)):
            keep.append(j)
    return keep + [last]


def _changes(s, member, facts):
    """The names ``s`` may rebind or change in place; an ``index_add`` member changes
    only its own gradient (its first argument, owned)."""
    if member is not None:
        return {member[0]}
    return facts.writes(s)
