"""Tangents through in-place updates (``x[i] = v``, ``xs.append(v)``, ``xs.pop()``: only
owned tangents are updated in place) and through branches and loops (a loop's carried
and owned tangents found by a fixpoint). Part of
:class:`~srcdiff.compiler.forward.tangent.Forward`.
"""


import gast

from srcdiff.compiler.analysis.activity import ARRAY, CONTAINER, walk
from srcdiff.compiler.analysis.fixpoint import fixpoint
from srcdiff.compiler.forward.state import TangentState, pop_call
from srcdiff.compiler.ir import syntax as S


class ControlFlow:
    """Forward's in-place updates and compound statements (mixed into Forward)."""

    # ------------------------------------------------------------ in-place updates
    def _own(self, x, s, index=None):
        """Statements making ``t_x`` an object nothing else refers to (to update in place).

        With ``index`` (a container entry about to be written), a copy also
        clears that entry. Returns (statements, whether the entry is cleared).
        """
        tx = self.t(x)
        cleared = False
        if not self.defined(x):
            out = [S.assign(tx, self.zero(x), s)]
            cleared = True
        elif x in self.state.owned:
            return [], False
        elif self.kind(x) == ARRAY:
            out = [S.assign(tx, S.call("np.copy", [S.name(tx)]), s)]
        elif index is not None:
            out = [S.assign(tx, S.call("item_clear", [S.name(tx), index]), s)]
            cleared = True
        else:
            out = [S.assign(tx, S.call("list", [S.name(tx)]), s)]
        self.define(x, owned=True)
        return out, cleared

    def store(self, s, op):
        """``x[i] = v``: ``t_x[i] = t_v`` (zero when ``v`` has no tangent)."""
        x = op.target
        tv = self.tangent_of(op.args[0])
        out = [S.copy(s)]
        if tv is None and not self.defined(x):
            return out
        array = self.kind(x) == ARRAY
        own, cleared = self._own(x, s, index=None if array else S.index_value(op.index))
        out += own
        target = gast.Subscript(value=S.name(self.t(x)), slice=S.copy(op.index), ctx=gast.Store())
        if tv is not None:
            out.append(S.assign(target, tv, s))
            if not array:  # the container now refers to the value's tangent
                self.disown_reads([tv])
        elif array:
            out.append(S.assign(target, S.const(0.0), s))
        elif not cleared:
            # a zero entry: None in a list or dict, 0.0 in an array (a float array cannot
            # hold None); when the kind is unknown the tangent's type decides at run time
            zero = S.const(None) if self.kind(x) == CONTAINER \
                else S.call("zero_entry", [S.name(self.t(x))])
            out.append(S.assign(target, zero, s))
        return out + self._other_names(x, s)

    def _other_names(self, x, s):
        """After an in-place change of ``x`` (a store, an append, a pop): the other names of
        the object (`y = x` on this path) changed too, so their tangents become ``x``'s
        (whose tangent the change may have copied first: copy on write).

        A name that may be another name of the object only (``y = x`` somewhere in the
        function, an alias the path forgot at a join: a loop's head or its exit) gets
        ``x``'s tangent when it is that object at run time (``if y is x``). Forward over a
        gradient needs it: an inlined helper's parameter bound in a loop (``helper_u = v``
        before ``v[1:] = ...``) is restored with ``v`` in the backward sweep's loop."""
        out = []
        same = self.state.same.get(x, set())
        for y in sorted(same):
            out.append(S.assign(self.t(y), S.name(self.t(x)), s))
            self.define(y, owned=False)
            self.state.owned.discard(x)
        for y in sorted(self._may_alias(x) - same - {x}):
            if not self.active(y) or y not in self.state.maybe:
                continue
            if y not in self.state.bound:
                # None until bound: `y is x` is then False and the test reads t_y, which a
                # path that never bound y never assigned either (y = x on one branch only)
                self.unbound.add(y)
                if self.defined(y):
                    self.unbound_tangents.add(y)
            other = S.name(self.t(y)) if self.defined(y) else self.zero_tree(y)
            value = gast.IfExp(test=gast.Compare(left=S.name(y), ops=[gast.Is()],
                                                 comparators=[S.name(x)]),
                               body=S.name(self.t(x)), orelse=other)
            out.append(S.assign(self.t(y), value, s))
            self.define(y, owned=False)
            self.state.owned.discard(x)
        return out

    def zero_tree(self, v):
        return S.call("zeros_tree", [S.name(v)])

    def _may_alias(self, x):
        """Names that may be bound to the object ``x`` names: those joined to it by
        assignments ``y = x`` anywhere in the function (transitively)."""
        if self._alias_classes is None:
            parent = {}

            def find(v):
                while parent.setdefault(v, v) != v:
                    v = parent[v]
                return v

            for node, _ in walk(self.fn.body):
                if isinstance(node, gast.Assign) and len(node.targets) == 1 \
                        and isinstance(node.targets[0], gast.Name) \
                        and isinstance(node.value, gast.Name):
                    parent[find(node.targets[0].id)] = find(node.value.id)
            classes = {}
            for v in parent:
                classes.setdefault(find(v), set()).add(v)
            self._alias_classes = {v: classes[find(v)] for v in parent}
        return self._alias_classes.get(x, set())

    def append(self, s, op):
        """``xs.append(v)``: ``t_xs.append(t_v)`` (``None`` when ``v`` has no tangent)."""
        xs = op.target
        tv = self.tangent_of(op.args[0])
        out = [S.copy(s)]
        if not self.defined(xs):
            if tv is None:
                return out
            out.append(S.assign(self.t(xs), S.call("zeros_tree", [S.name(xs)]), s))
            self.define(xs, owned=True)
            out.append(S.assign(gast.Subscript(value=S.name(self.t(xs)), slice=S.const(-1),
                                               ctx=gast.Store()), tv, s))
        else:
            out += self._own(xs, s)[0]
            out.append(S.locate(gast.Expr(value=S.call(
                S.expr(f"{self.t(xs)}.append"), [tv if tv is not None else S.const(None)])), s))
        if tv is not None:
            self.disown_reads([tv])
        return out + self._other_names(xs, s)

    def pop_stmt(self, s, pop):
        """``v = xs.pop()`` (or a bare ``xs.pop()``): the tangent list pops as well."""
        xs, args = pop
        target = s.targets[0].id if isinstance(s, gast.Assign) else None
        if len(args) == 2:
            return self._pop_default(s, xs, args, target)
        out = [S.copy(s)]
        if target is not None:
            self.bind(target)
        if not (self.active(xs) and self.defined(xs)):
            if target is not None:
                self.undefine(target)
            return out
        out += self._own(xs, s)[0]
        popped = S.call(S.expr(f"{self.t(xs)}.pop"), [S.copy(a) for a in args])
        if target is None or not self.active(target):
            out.append(S.locate(gast.Expr(value=popped), s))
            if target is not None:
                self.undefine(target)
            return out + self._other_names(xs, s)
        out.append(S.assign(self.t(target), S.call("cotangent", [popped, S.name(target)]), s))
        self.define(target, owned=False)
        return out + self._other_names(xs, s)
    def _pop_default(self, s, xs, args, target):
        """``v = d.pop(key, default)``: v's tangent is the entry's tangent when the key was
        there, else the default's (which the dict's tangent knows nothing about)."""
        present = self.names.private("had_key")
        out = [S.assign(present, gast.Compare(left=S.copy(args[0]), ops=[gast.In()],
                                              comparators=[S.name(xs)]), s), S.copy(s)]
        if target is not None:
            self.bind(target)
        t_entry = gast.Constant(value=None, kind=None)
        if self.active(xs) and self.defined(xs):
            out += self._own(xs, s)[0]
            t_entry = S.call(S.expr(f"{self.t(xs)}.pop"),
                             [S.copy(args[0]), gast.Constant(value=None, kind=None)])
        t_default = self.tangent_of(args[1]) or gast.Constant(value=None, kind=None)
        if target is None or not self.active(target):
            if self.active(xs) and self.defined(xs):
                out.append(S.locate(gast.Expr(value=t_entry), s))
            if target is not None:
                self.undefine(target)
            return out + (self._other_names(xs, s) if self.defined(xs) else [])
        picked = gast.IfExp(test=S.name(present), body=t_entry, orelse=t_default)
        out.append(S.assign(self.t(target), S.call("cotangent", [picked, S.name(target)]), s))
        self.define(target, owned=False)
        return out + (self._other_names(xs, s) if self.defined(xs) else [])

    # ------------------------------------------------------------ control flow
    def if_stmt(self, s):
        entry = self.state
        branches = []
        for body in (s.body, s.orelse):
            self.state = entry.copy()
            self.comment_line = None
            code = self.block(body)
            branches.append((code, self.state))
        (yes, st1), (no, st2) = branches
        for v in sorted(st1.defined - st2.defined):
            no.extend(self.materialize(v, st2))
        for v in sorted(st2.defined - st1.defined):
            yes.extend(self.materialize(v, st1))
        self.state = TangentState(st1.defined | st2.defined, st1.owned & st2.owned,
                            st1.bound & st2.bound, st1.maybe | st2.maybe)
        self.comment_line = None
        return [S.locate(gast.If(test=S.copy(s.test), body=yes or [gast.Pass()], orelse=no), s)]

    def loop(self, s):
        entry = self.state.copy()
        carried, owned = self._loop_fixpoint(entry, s)
        # a tangent updated in place in the body but shared on entry: copy it once, here,
        # rather than on every trip
        hoist = []
        for v, how in sorted(self._updated_in_place(s.body).items()):
            # (only a value bound on entry: a tangent carried from an earlier trip of an outer
            # loop that first binds the value is not assigned before that trip)
            if v in entry.defined and v in entry.bound and v not in owned \
                    and v not in entry.owned and not self._rebound_first(s.body, v):
                if how == "list":  # (a zero, not a list, while the value is None: unbound)
                    hoist.append(S.assign(self.t(v), S.expr(
                        f"list({self.t(v)}) if isinstance({self.t(v)}, list) else {self.t(v)}"),
                        s))
                elif self.kind(v) == ARRAY:
                    hoist.append(S.assign(self.t(v), S.call("np.copy", [S.name(self.t(v))]), s))
                else:
                    continue
                entry.owned.add(v)
        if hoist:
            carried, owned = self._loop_fixpoint(entry, s)
        # the real generation
        self.state = entry.copy()
        pre = list(hoist)
        for v in sorted(carried):
            pre.extend(self.materialize(v, self.state))
        self.state = self._body_entry(entry, s, carried, owned)
        self.comment_line = None
        body = self.block(s.body)
        end = self.state
        tail = []
        if body and isinstance(body[-1], gast.If) and len(body[-1].body) == 1 \
                and isinstance(body[-1].body[0], gast.Break):
            tail = [body.pop()]
        for v in sorted((entry.defined | carried) - end.defined):  # zero again for the next trip
            body.extend(self.materialize(v, end))
        body += tail
        self.state = TangentState(entry.defined | carried, owned & end.owned, entry.bound,
                            entry.maybe | end.maybe)
        self.comment_line = None
        new = S.copy(s)
        new.body = body or [gast.Pass()]
        return pre + [S.locate(new, s)]

    def _loop_fixpoint(self, entry, s):
        """(tangents defined across trips, tangents owned at the start of every trip).

        The body is generated on trial (its code and names thrown away) until
        both sets are stable: a tangent defined at the end of a trip is defined
        (made zero before the loop if needed) at the start of the next, and a
        tangent is owned at the start only if it is owned at the end as well.
        """
        taken, tan = set(self.names.taken), dict(self.tan)
        unbound, line = set(self.unbound), self.comment_line
        unbound_tangents = set(self.unbound_tangents)

        def owned_at_start(carried, lost):  # lost: not owned at the end of some trip
            return (entry.owned | {v for v in carried if v in entry.maybe}) - lost

        def trial(state):
            carried, lost = state
            owned = owned_at_start(carried, lost)
            self.state = self._body_entry(entry, s, carried, owned)
            self.block(s.body)
            out = self.state
            self.names.taken, self.tan, self.unbound = set(taken), dict(tan), set(unbound)
            self.unbound_tangents = set(unbound_tangents)
            self.comment_line = line
            return carried | (out.defined - entry.defined), lost | (owned - out.owned)

        carried, lost = fixpoint(trial, (set(), set()), "loop-carried tangents")
        return carried, owned_at_start(carried, lost)

    def _rebound_first(self, body, v):
        """Does every trip of ``body`` bind ``v`` anew (a statement of ``body`` itself)
        before any statement that may update its tangent in place? Then the value on
        entry is never updated, whatever it is (``for row in w`` before a loop doing
        ``row = []``, ``row.append(...)``): nothing to copy on entry."""
        for x in body:
            if isinstance(x, gast.Assign) and any(
                    isinstance(t, gast.Name) and t.id == v for t in x.targets):
                return True
            if v in self._updated_in_place([x]) or v in S.loaded_names(x):
                return False
        return False

    def _updated_in_place(self, body):
        """Names whose tangent the body updates in place: "list" (append/pop) or "item"."""
        out = {}
        for x, _ in walk(body):
            op = self.a.op(x)
            pop = pop_call(x, self.parsed)
            if pop is not None:
                out[pop[0]] = "list"
            elif op is not None and op.kind == "append":
                out[op.target] = "list"
            elif op is not None and op.kind == "store":
                out.setdefault(op.target, "item")
        return out

    def _body_entry(self, entry, s, carried, owned):
        state = TangentState(entry.defined | carried, owned, entry.bound, entry.maybe)
        if isinstance(s, gast.For):
            state.bound.add(s.target.id)
            state.maybe.add(s.target.id)
            self.undefine_in(state, s.target.id)
        return state

    @staticmethod
    def undefine_in(state, v):
        state.defined.discard(v)
        state.owned.discard(v)
