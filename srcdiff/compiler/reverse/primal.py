"""The primal sweep of a reverse-mode function: the user's statements, and saves of what
the backward sweep needs and a later statement overwrites (a name at top level, the tape
``_stack`` in loops). Part of :class:`~srcdiff.compiler.reverse.adjoint.Reverse`.
"""

import gast

from srcdiff.compiler.analysis.activity import ARRAY, walk
from srcdiff.compiler.analysis.ops import dtype_check
from srcdiff.compiler.ir import origin
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.reverse.calls import record_call
from srcdiff.compiler.reverse.shapesaves import mark_save
from srcdiff.compiler.reverse.state import SweepView
from srcdiff.compiler.reverse.undos import mark_store_save
from srcdiff.runtime import index_add


class PrimalSweep:
    """Reverse's primal sweep (mixed into Reverse; shares its state)."""

    # ------------------------------------------------------------ primal sweep
    def primal_block(self, body, depth):
        out = []
        for s in body:
            out.extend(self.primal_stmt(s, depth))
        return out

    def primal_stmt(self, s, depth):
        """The primal sweep's code for ``s``: its copy, and what it saves."""
        out = self._primal_stmt(s, depth)
        op = self.a.op(s)
        check = dtype_check(op, self.parsed, s) if op is not None and op.target in \
            self.a.active and any(o in self.a.active for o in op.operands) else None
        if check is not None:
            out.insert(0, check)
        origin.tag_sweep(out, s, self.sid(s), "primal")
        if self.opt.verify and op is not None and op.kind != "control" \
                and not isinstance(s, (gast.If, gast.For, gast.While)):
            # where verify.py records what the adjoint reads (after the statement), even
            # if the optimizer removes the statement itself (a value only the loss needed)
            out.append(origin.marker(self.sid(s), "after"))
        return out

    def sid(self, s):
        """A statement's number: its place in program order (stable within a compilation)."""
        if self._order is None:
            self._order = {S.key(x): k for k, (x, _) in enumerate(walk(self.fn.body))}
        return self._order[S.key(s)]

    def _primal_stmt(self, s, depth):
        if isinstance(s, gast.If):
            pre = []
            test = s.test
            assigned = {op.target for x, _ in walk(s.body + s.orelse)
                        for op in [self.a.op(x)] if op is not None and op.target}
            if S.loaded_names(test) & assigned:  # the branch changes its own test: keep a copy
                keep = self.names.private("took")
                pre.append(S.assign(keep, S.copy(test), s))
                test = S.name(keep)
            self.cond_copies[S.key(s)] = test
            body = self.primal_block(s.body, depth) or [gast.Pass()]
            orelse = self.primal_block(s.orelse, depth)
            post = []
            if depth and pre:  # a copy made in every trip: kept per trip, like any value
                self.uses_stack = True
                self.cond_saved.add(S.key(s))
                post = [S.locate(gast.Expr(value=S.call("_stack.append", [S.copy(test)])), s)]
            return pre + [S.locate(gast.If(test=S.copy(test), body=body, orelse=orelse), s)] + post
        if isinstance(s, gast.For):
            return self.primal_for(s, depth)
        if isinstance(s, gast.While):
            counter = self.names.private("trips")
            self.counters[S.key(s)] = counter
            body = [S.assign(counter, S.expr(f"{counter} + 1"), s)]
            body += self.primal_block(s.body, depth + 1)
            loop = S.locate(gast.While(test=S.copy(s.test), body=body, orelse=[]), s)
            post = []
            if depth:
                self.uses_stack = True
                post = [S.locate(gast.Expr(value=S.expr(f"_stack.append({counter})")), s)]
            return [S.assign(counter, S.const(0), s), loop] + post
        how = self.saved.get(S.key(s))
        op = self.a.op(s)
        copy = [S.copy(s)]
        if op is not None and op.kind == "call" and self.may_record and self._op_active(op):
            copy = record_call(SweepView(self), op, s, depth) or copy
        if how is None or op is None:
            return copy
        return self._save(s, op, how) + copy

    def _save(self, s, op, how):
        v = op.target
        if op.kind == "store":
            if self.kind(v) == ARRAY:
                value = S.expr("np.copy(x[i])", x=S.name(v), i=S.copy(op.index))
            else:  # a call's argument: a slice is spelled slice(...)
                value = S.call("item_saved", [S.name(v), S.index_value(op.index)])
        elif op.kind == "append":
            return []  # undone by pop
        else:
            value = S.name(v)
            if not self._defined_before(s, v):
                return self._save_maybe_undefined(s, v, how)
            if _changes_in_place(op, v):
                # ``v = index_add(v, ...)`` (generated code, differentiated again) writes
                # into v's array before rebinding v: keep a copy, not the array
                value = S.call("snapshot", [value])
        undone = op.kind == "store" and self.kind(v) == ARRAY  # (undos.py may drop it)
        if how == "stack":
            self.uses_stack = True
            push = S.locate(gast.Expr(value=S.call("_stack.append", [value])), s)
            # (a store's earlier part goes back through item_restore, not a marked pop)
            if undone:
                return [mark_store_save(push, S.key(s))]
            return [push if op.kind == "store" else mark_save(push, v)]
        keep = self.names.private(v + "_saved" if op.kind == "store" else v)
        self.saved[S.key(s)] = ("name", keep)
        self.saved_names[keep] = None if op.kind == "store" else v  # (a copy: no object of v)
        save = S.assign(keep, value, s)
        return [mark_store_save(save, S.key(s)) if undone else save]

    def _save_maybe_undefined(self, s, v, how):
        # a name not yet bound on every path here: it starts as None (see run)
        self.unbound_saved.add(v)
        if how == "stack":
            self.uses_stack = True
            return [mark_save(S.locate(gast.Expr(value=S.call("_stack.append", [S.name(v)])),
                                       s), v)]
        keep = self.names.private(v)
        self.saved[S.key(s)] = ("name", keep)
        self.saved_names[keep] = v
        return [S.assign(keep, S.name(v), s)]

    def _defined_before(self, s, v):
        """Is ``v`` certainly bound when ``s`` runs?"""
        return self.definitions.bound_before(s, v)

    def _read_outside(self, s, v):
        """Is ``v`` read by a statement outside the loop ``s`` (its header and body)?"""
        def loads(node):
            return sum(isinstance(n, gast.Name) and n.id == v and isinstance(n.ctx, gast.Load)
                       for n in gast.walk(node))
        return loads(self.fn) > loads(s)

    def _keep_loop_variable(self, s, depth):
        """The save of the loop variable's value from before the loop ``s``: on the stack
        inside another loop (per trip of it), else in a name. The name is tagged a save, not
        a loop's bookkeeping: verify.py takes it for a copy of the variable, which the
        optimizer may read in the variable's place after the loop's adjoint."""
        i = s.target.id
        if depth:
            self.uses_stack = True
            self.saved[S.key(s)] = "stack"
            return S.locate(gast.Expr(value=S.call("_stack.append", [S.name(i)])), s)
        keep = self.names.private(i)
        self.saved[S.key(s)] = ("name", keep)
        self.saved_names[keep] = i
        return origin.tag(S.assign(keep, S.name(i), s), self.sid(s), "save")

    def primal_for(self, s, depth):
        body_assigned = {op.target for x, _ in walk(s.body)
                         for op in [self.a.op(x)] if op is not None and op.target}
        body_assigned |= {x.target.id for x, _ in walk(s.body) if isinstance(x, gast.For)}
        bounds = S.loaded_names(s.iter)
        has_break = any(isinstance(x, gast.Break) for x, _ in walk(s.body))
        replay = not has_break and not (bounds & body_assigned) and s.target.id not in bounds \
            and s.target.id not in body_assigned
        i = s.target.id
        pre, post = [], []
        # a value of the loop variable from before the loop that the backward sweep needs
        # (read by the adjoints of what ran before the loop, after this loop's adjoint has
        # left the variable at its first trip's value); bound before on some paths only
        # (in an earlier loop's body): it starts as None (see run). Inside another loop the
        # value differs per trip of that loop (the last trip's value of this loop's variable,
        # read after this loop by the adjoints of the earlier trip): it is kept on the stack
        if i in self.needed and (self.a.assign_count.get(i, 0) > 1 or i in self.params
                                 or depth and self._read_outside(s, i)):
            if not self._defined_before(s, i):
                self.unbound_saved.add(i)
            pre.append(self._keep_loop_variable(s, depth))
        if S.key(s) in self.checkpoints:
            return pre + self.checkpointed_primal(s, depth)
        if replay:
            self.counters[S.key(s)] = None
            body = self.primal_block(s.body, depth + 1) or [gast.Pass()]  # (`pass` alone)
            loop = S.locate(gast.For(target=S.copy(s.target), iter=S.copy(s.iter), body=body,
                                     orelse=[], type_comment=None), s)
            return pre + [loop]
        counter = self.names.private("trips")
        self.counters[S.key(s)] = counter
        body = [S.assign(counter, S.expr(f"{counter} + 1"), s)]
        inner = self.primal_block(s.body, depth + 1)
        tail = []
        if inner and isinstance(inner[-1], gast.If) and isinstance(inner[-1].body[0], gast.Break):
            tail = [inner.pop()]
        body += inner
        if i in self.needed:
            self.uses_stack = True
            body.append(S.locate(gast.Expr(value=S.expr(f"_stack.append({i})")), s))
        body += tail
        loop = S.locate(gast.For(target=S.copy(s.target), iter=S.copy(s.iter), body=body,
                                 orelse=[], type_comment=None), s)
        if depth:
            self.uses_stack = True
            post = [S.locate(gast.Expr(value=S.expr(f"_stack.append({counter})")), s)]
        return pre + [S.assign(counter, S.const(0), s), loop] + post


def _changes_in_place(op, v):
    """Does the statement change the array ``v`` holds (before it rebinds ``v``)? The
    run-time helpers that accumulate into their first argument do."""
    return op.kind == "prim" and op.func is index_add and op.args \
        and isinstance(op.args[0], gast.Name) and op.args[0].id == v
