"""Adjoints of compound statements: an ``if`` replayed by its (restored) test, a loop run
backwards (``reversed(range(...))`` or a trip count) with its carried gradients found by
a fixpoint. Part of :class:`~srcdiff.compiler.reverse.adjoint.Reverse`.
"""

import gast

from srcdiff.compiler.analysis.activity import walk
from srcdiff.compiler.analysis.fixpoint import fixpoint
from srcdiff.compiler.analysis.recording import upward_exposed
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.reverse.deferral import defer_accumulations
from srcdiff.compiler.reverse.state import AdjointState, SweepView


class ControlFlow:
    """Reverse's adjoints of if/for/while (mixed into Reverse)."""

    # ------------------------------------------------------------ control flow
    def adjoint_if(self, s):
        test = self.cond_copies.get(S.key(s), s.test)
        entry = self.state
        branches = []
        for body in (s.body, s.orelse):
            self.state = entry.copy()
            self.comment_line = None
            code = self.adjoint_block(body)
            branches.append((code, self.state))
        defined = branches[0][1].defined | branches[1][1].defined
        owned = branches[0][1].owned & branches[1][1].owned
        final = []
        defined = {bv for bv in defined if self._adjoint_live(bv)}
        for (code, st), body in zip(branches, (s.body, s.orelse)):
            for bv in sorted(defined - st.defined):
                v = self.primal_of(bv)
                code.append(S.assign(bv, self._zero_before(v, s)))
            final.append(code)
        self.state = AdjointState(defined, owned, own=not self.opt.reference)
        self.comment_line = None
        pop = []
        if S.key(s) in self.cond_saved:
            pop = [S.assign(test.id, S.expr("_stack.pop()"), s)]
        if not final[0] and not final[1]:
            return pop
        body = final[0] or [gast.Pass()]
        text, lineno = self.parsed.source_line(s)
        head = [S.comment(f"adjoint of line {lineno}: {text}")] if lineno else []
        return head + pop + [S.locate(gast.If(test=S.copy(test), body=body, orelse=final[1]), s)]

    def _adjoint_live(self, bv):
        """Can anything still read ``b_v`` (an operand use of ``v``, or a requested gradient)?"""
        if self._live_names is None:  # once per compilation: the analysis does not change
            self._live_names = set(self.opt.wrt)
            for op in self.a.order:
                if self._op_active(op):
                    self._live_names.update(op.operands)
                    self._live_names.add(op.target)
        return self.primal_of(bv) in self._live_names

    def primal_of(self, bv):
        v = self.inverse.key_of(self.adj, bv)
        if v is None:
            raise KeyError(bv)
        return v

    def adjoint_loop(self, s):
        counter = self.counters.get(S.key(s))
        touched = self._adjoints_touched(s.body)
        # fixpoint: which gradients are live across iterations
        saved_names = set(self.names.taken)
        saved_adj = dict(self.adj)
        carried_outer = self.carried
        exposed_outer = self.exposed
        self.exposed = upward_exposed(s.body, self.a)
        entry = self.state.copy()
        key = (S.key(s), frozenset(entry.defined), frozenset(entry.owned))
        if key in self._loop_facts:  # the same in every pass of run(): saves change no state
            carried, owned = self._loop_facts[key]
        else:
            carried, owned = self._loop_fixpoint(s, entry, touched, carried_outer)
            self._loop_facts[key] = carried, owned
            self.names.taken = set(saved_names)
            self.adj = dict(saved_adj)
        # the real generation
        pre = []
        self.state = entry.copy()
        for bv in sorted(carried - entry.defined):
            v = self.primal_of(bv)
            pre.append(S.assign(bv, self._zero(v)))  # after the loop: v is bound
            self.state.defined.add(bv)
            self.state.owned.add(bv)
        self.carried = carried_outer | carried
        self.state.owned &= owned  # the meet: owned on the entry and on the back edge
        head_owned = set(self.state.owned)
        self.comment_line = None
        body = self._trip_adjoint(s)
        for bv in sorted(carried - self.state.defined):
            body.append(S.assign(bv, self._zero_before(self.primal_of(bv), s)))
            self.state.defined.add(bv)
            self.state.owned.add(bv)
        # after the loop: the head's state when it ran no trip, the body's after it ran some;
        # an array the body made owned (np.array(b_a) before b_a[0] = 0.0) is not owned when
        # the loop runs zero times
        self.state.owned &= head_owned
        self.carried = carried_outer
        self.exposed = exposed_outer
        self.comment_line = None
        deferred_pre, deferred_post = [], []
        checkpointed = S.key(s) in self.checkpoints
        # (a checkpointed loop defers per segment: sums over one segment's iterations)
        if not self.opt.reference and self.segments_defer(s):
            body, deferred_pre, deferred_post = defer_accumulations(SweepView(self), body, s)
        if checkpointed:
            body = self.per_segment(body, deferred_pre, deferred_post)
            deferred_pre, deferred_post = [], []
        pre += deferred_pre
        i = s.target.id if isinstance(s, gast.For) else None
        text, lineno = self.parsed.source_line(s)
        head = [S.comment(f"adjoint of line {lineno}: {text}")] if lineno else []
        if checkpointed:  # segments recomputed from snapshots (checkpoint.py)
            loop_stmts = self.checkpointed_backward(s, body)
        elif counter is None:  # replay the range backwards
            loop = gast.For(target=S.copy(s.target), iter=S.call("reversed", [S.copy(s.iter)]),
                            body=body or [gast.Pass()], orelse=[], type_comment=None)
            loop_stmts = [S.locate(loop, s)]
        else:
            if i is not None and i in self.needed:
                body = [S.assign(i, S.expr("_stack.pop()"), s)] + body
            loop = gast.For(target=S.name("_", store=True), iter=S.expr(f"range({counter})"),
                            body=body or [gast.Pass()], orelse=[], type_comment=None)
            loop_stmts = [S.locate(loop, s)]
            if self._loop_depth(s):
                loop_stmts = [S.assign(counter, S.expr("_stack.pop()"), s)] + loop_stmts
        post = list(deferred_post)
        keep = self.saved.get(S.key(s))
        if keep == "stack":  # the loop variable's value from before the loop (primal.py)
            post.append(S.assign(i, S.expr("_stack.pop()"), s))
        elif isinstance(keep, tuple):
            post.append(S.assign(i, S.name(keep[1]), s))
        if not body and counter is None and not checkpointed:
            return post
        if not any(not isinstance(x, gast.Expr) or not S.is_comment(x) for x in body) \
                and counter is None and not checkpointed:
            return post
        return head + pre + loop_stmts + post

    def _trip_adjoint(self, s):
        """The adjoint of one trip of loop ``s``: its body's, then, for a ``for``, that of the
        header binding the target. Every ``for`` of the normalized function runs over a
        ``range`` (front/normalize.py), so the target is bound to an int: no gradient flows
        to that binding, and the target's gradient restarts from zero before the trip (else
        what the trip's reads of ``t`` gathered reached the value ``t`` held before the
        loop: ``for t in xs: ...`` then ``for t in range(3): s = s + t`` gave ``xs[-1]`` a
        gradient of 3 more)."""
        body = self.adjoint_block(s.body)
        if isinstance(s, gast.For) and isinstance(s.target, gast.Name):
            self._reset(body, s.target.id, s=s)
        return body

    def _loop_fixpoint(self, s, entry, touched, carried_outer):
        """Gradients live across iterations (``carried``) and those the back edge leaves
        owned (``back``: an owned array at the end of the body).

        Ownership at the head is the meet over the loop's two ways in: the entry (an array
        owned before the loop, or the zero made for a carried gradient undefined there) and
        the back edge. A gradient the body leaves as ``spread(g, v)``, a read-only broadcast
        view for an array of more than 4,096 entries, is not owned at the head, so the next
        trip adds to it out of place (``b_g = b_g + ...``), never ``b_g += ...`` ("output
        array is read-only"). ``back`` starts as every gradient and only shrinks; a round
        does not judge a gradient undefined at its head (not carried yet: its end there is
        not the end of a trip that started with it), and the last round judges them all.
        """
        carried = {b for b in entry.defined if b in touched and self._adjoint_live(b)}
        back = set(entry.owned) | touched
        saved_names, saved_adj = set(self.names.taken), dict(self.adj)
        def trial(state):  # the body generated on trial, its code and names thrown away
            carried, back = state
            self.carried = carried_outer | carried
            head = back & (entry.owned | (carried - entry.defined))
            self.state = AdjointState(entry.defined | carried, head, own=not self.opt.reference)
            self._trip_adjoint(s)
            exit_defined = {b for b in (self.state.defined | (carried & self.exposed)) & touched
                            if self._adjoint_live(b)}
            self.names.taken = set(saved_names)
            self.adj = dict(saved_adj)
            unjudged = touched - entry.defined - carried  # (undefined at this round's head)
            return carried | exit_defined, back & (self.state.owned | unjudged)

        return fixpoint(trial, (carried, back), "loop-carried gradients")

    def _loop_depth(self, s):
        for x, depth in walk(self.fn.body):
            if x is s:
                return depth
        return 0

    def _adjoints_touched(self, body):
        touched = set()
        for s, _ in walk(body):
            op = self.a.op(s)
            if op is None or op.target is None:
                continue
            for name in [op.target] + op.operands:
                if name in self.a.active:
                    touched.add(self.b(name))
        return touched
