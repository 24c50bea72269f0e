"""Part of stage 2: early ``return``, ``break`` and ``continue`` become structured code.

Guard clauses (``if c: ...; return a`` followed by the rest) become
``if``/``else`` so that every return ends a path and one result variable
suffices. Other jumps set flags (``_returned``, ``_brk``, ``_skip``) that guard
the rest of their block; a loop with a ``break`` ends its body with
``if _brk: break``. A loop's ``else`` block runs when the loop ends without
``break``: it follows the loop, under ``if not _brk:`` when the loop may break
(a ``return`` in the loop leaves it, so it skips the ``else`` block too). Later
stages then see only structured control flow.
"""

import gast

from srcdiff.compiler.ir import syntax as S


class _Loop:
    def __init__(self, names, needs_skip, needs_brk):
        self.skip = names.private("skip") if needs_skip else None
        self.brk = names.private("brk") if needs_brk else None


def _contains(nodes, kinds, stop_at_loops):
    for node in nodes:
        for sub in _walk_stmts(node, stop_at_loops):
            if isinstance(sub, kinds):
                return True
    return False


def _walk_stmts(node, stop_at_loops):
    yield node
    if isinstance(node, gast.If):
        for s in node.body + node.orelse:
            yield from _walk_stmts(s, stop_at_loops)
    elif isinstance(node, (gast.For, gast.While)):
        # (a jump in a loop's ``else`` block is the enclosing loop's)
        for s in (node.orelse if stop_at_loops else node.body + node.orelse):
            yield from _walk_stmts(s, stop_at_loops)


def always_returns(body):
    if not body:
        return False
    last = body[-1]
    if isinstance(last, gast.Return):
        return True
    if isinstance(last, gast.If):
        return always_returns(last.body) and always_returns(last.orelse)
    return False


def _restructure_returns(body):
    """Guard clauses without flags: ``if c: ...; return a`` followed by ``rest``
    becomes ``if c: ...; return a`` / ``else: rest``, so every return ends a path."""
    out = []
    for k, s in enumerate(body):
        if isinstance(s, gast.If) and k + 1 < len(body):
            rest = body[k + 1:]
            if always_returns(s.body) and not _contains(s.body, (gast.Break, gast.Continue), True):
                new = S.copy(s)
                new.body = _restructure_returns(s.body)
                new.orelse = _restructure_returns(list(s.orelse) + rest)
                out.append(new)
                return out
            if s.orelse and always_returns(s.orelse) \
                    and not _contains(s.orelse, (gast.Break, gast.Continue), True):
                new = S.copy(s)
                new.body = _restructure_returns(list(s.body) + rest)
                new.orelse = _restructure_returns(s.orelse)
                out.append(new)
                return out
        if isinstance(s, gast.If):
            s = S.copy(s)
            s.body = _restructure_returns(s.body)
            s.orelse = _restructure_returns(s.orelse)
        out.append(s)
    return out


def _tail_returns_only(body):
    """Does every return end a path of ``body`` (no return inside a loop or mid-block)?"""
    for k, s in enumerate(body):
        last = k == len(body) - 1
        if isinstance(s, gast.Return) and not last:
            return False
        if isinstance(s, gast.If):
            if not last and (_contains(s.body + s.orelse, (gast.Return,), False)):
                return False
            if not (_tail_returns_only(s.body) and _tail_returns_only(s.orelse)):
                return False
        if isinstance(s, (gast.For, gast.While)) and _contains(s.body, (gast.Return,), False):
            return False
    return True


def _returns_to_assignments(body, retval):
    out = []
    for s in body:
        if isinstance(s, gast.Return):
            out.append(S.assign(retval, s.value if s.value is not None else S.const(None), s))
        elif isinstance(s, gast.If):
            new = S.copy(s)
            new.body = _returns_to_assignments(s.body, retval)
            new.orelse = _returns_to_assignments(s.orelse, retval)
            out.append(new)
        else:
            out.append(s)
    return out


def _loop_else(body):
    """A loop's ``else`` block after the loop, when no ``break`` of that loop can skip it."""
    out = []
    for s in body:
        if isinstance(s, gast.If):
            s = S.copy(s)
            s.body, s.orelse = _loop_else(s.body), _loop_else(s.orelse)
        elif isinstance(s, (gast.For, gast.While)):
            s = S.copy(s)
            s.body, s.orelse = _loop_else(s.body), _loop_else(s.orelse)
            if s.orelse and not _contains(s.body, (gast.Break,), True):
                after, s.orelse = s.orelse, []
                out.append(s)
                out.extend(after)
                continue
        out.append(s)
    return out


def lower_jumps(parsed, body, names):
    """Turn early returns, ``break`` and ``continue`` into flags (see module docstring)."""
    body = _restructure_returns(_loop_else(body))
    if always_returns(body) and not isinstance(body[-1], gast.Return) \
            and _tail_returns_only(body) \
            and not _contains(body, (gast.Break, gast.Continue), False):
        # every path ends in its own return: one result variable, no flags
        retval = names.private("retval")
        return _returns_to_assignments(body, retval) + [
            S.locate(gast.Return(value=S.name(retval)), body[-1])]
    returns = [n for s in body for n in _walk_stmts(s, False) if isinstance(n, gast.Return)]
    final = body[-1] if body and isinstance(body[-1], gast.Return) else None
    early = [r for r in returns if r is not final]
    jumps = _contains(body, (gast.Break, gast.Continue), False)
    if not early and not jumps:
        return body
    state = {"ret": None}
    if early:
        state["ret"] = (names.private("retval"), names.private("returned"))

    def guard(flag, rest):
        return [S.locate(gast.If(test=S.expr(f"not {flag}"), body=rest, orelse=[]), rest[0])]

    def block(stmts, loop):
        out = []
        for k, s in enumerate(stmts):
            new, flag = stmt(s, loop)
            out.extend(new)
            if flag:
                rest = block(stmts[k + 1:], loop)
                if rest:
                    out.extend(guard(flag, rest))
                return out
        return out

    def stmt(s, loop):
        if isinstance(s, gast.Return):
            if state["ret"] is None:  # the one final return
                return [s], None
            retval, returned = state["ret"]
            value = s.value if s.value is not None else S.const(None)
            new = [S.assign(retval, value, s), S.assign(returned, S.const(True), s)]
            if loop is not None:
                new += [S.assign(loop.skip, S.const(True), s), S.assign(loop.brk, S.const(True), s)]
                return new, loop.skip
            return new, returned
        if isinstance(s, gast.Break):
            return [S.assign(loop.brk, S.const(True), s), S.assign(loop.skip, S.const(True), s)], \
                loop.skip
        if isinstance(s, gast.Continue):
            return [S.assign(loop.skip, S.const(True), s)], loop.skip
        if isinstance(s, gast.If):
            body_, orelse = block(s.body, loop), block(s.orelse, loop)
            new = S.locate(gast.If(test=s.test, body=body_ or [gast.Pass()], orelse=orelse), s)
            may_jump = _contains(s.body + s.orelse, (gast.Return,), False) and state["ret"] or \
                (loop is not None
                 and _contains(s.body + s.orelse, (gast.Break, gast.Continue), True))
            return [new], (_guard_flag(loop, state) if may_jump else None)
        if isinstance(s, (gast.For, gast.While)):
            has_ret = state["ret"] is not None and _contains(s.body, (gast.Return,), False)
            has_brk = _contains(s.body, (gast.Break,), True) or has_ret
            has_cont = _contains(s.body, (gast.Continue,), True)
            inner = _Loop(names, has_brk or has_cont, has_brk)
            body_ = block(s.body, inner)
            if inner.skip:
                body_ = [S.assign(inner.skip, S.const(False), s)] + body_
            if inner.brk:
                body_.append(S.locate(gast.If(test=S.name(inner.brk), body=[gast.Break()],
                                              orelse=[]), s))
            new = S.copy(s)
            new.body, new.orelse = body_, []
            pre = [S.assign(inner.brk, S.const(False), s)] if inner.brk else []
            orelse, else_jumps = [], False
            if s.orelse:  # (a loop that may break: _loop_else moved the others' blocks)
                orelse = [S.locate(gast.If(test=S.expr(f"not {inner.brk}"),
                                           body=block(s.orelse, loop) or [gast.Pass()],
                                           orelse=[]), s.orelse[0])]
                else_jumps = bool(_contains(s.orelse, (gast.Return,), False) and state["ret"]
                                  or loop is not None
                                  and _contains(s.orelse, (gast.Break, gast.Continue), True))
            if not has_ret:
                return pre + [new] + orelse, (_guard_flag(loop, state) if else_jumps else None)
            _, returned = state["ret"]
            if loop is None:
                return pre + [new] + orelse, returned
            post = S.locate(gast.If(test=S.name(returned), body=[
                S.assign(loop.skip, S.const(True), s), S.assign(loop.brk, S.const(True), s)],
                orelse=[]), s)
            return pre + [new] + orelse + [post], loop.skip
        return [s], None

    out = block(body, None)
    if state["ret"] is not None:
        retval, returned = state["ret"]
        out = [S.assign(retval, S.const(None), body[0]),
               S.assign(returned, S.const(False), body[0])] \
            + out + [S.locate(gast.Return(value=S.name(retval)), body[-1])]
    return out


def _guard_flag(loop, state):
    if loop is not None:
        return loop.skip
    return state["ret"][1]
