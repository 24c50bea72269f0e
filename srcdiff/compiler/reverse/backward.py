"""The backward sweep of simple statements: restore what the statement overwrote, recompute
the temporaries its adjoint reads, and apply its rule. Part of
:class:`~srcdiff.compiler.reverse.adjoint.Reverse`.
"""

import gast
import numpy as np

from srcdiff.compiler.analysis.activity import ARRAY, INT
from srcdiff.compiler.analysis.ops import no_rule_error
from srcdiff.compiler.ir import origin
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.calls import named_call
from srcdiff.compiler.reverse.contributions import combine
from srcdiff.compiler.reverse.handover import handover_points, pass_ownership
from srcdiff.compiler.reverse.state import SweepView
from srcdiff.compiler.reverse.undos import mark_store_undo
from srcdiff.compiler.reverse.uniform import (
    is_spread_of,
    scalar_valued,
    size_from_earlier,
    uniform_results,
)


class BackwardStatements:
    """Reverse's backward sweep of simple statements (mixed into Reverse)."""

    # ------------------------------------------------------------ backward sweep
    def adjoint_block(self, body):
        out = []
        self.nesting += 1  # (1: the function's own body, run once from top to bottom)
        points = handover_points(body, self.a) if self._handing_over() else {}
        for k in range(len(body) - 1, -1, -1):
            s = body[k]
            for v, w in points.get(k + 1, ()):
                out.extend(self._hand_over(v, w, s))
            if isinstance(s, (gast.If, gast.For, gast.While)):
                out.extend(self._spread_uniform())
            out.extend(self.adjoint_stmt(s))
        out.extend(self._spread_uniform())
        self.nesting -= 1
        return out

    def _hand_over(self, v, w, s):
        """``b_w = b_v`` where handover.py allows it and the state does (its docstring):
        ``b_w`` undefined, ``b_v`` an owned array, neither passed in nor captured; ``s`` is
        the statement whose adjoint comes next. Verification mode checks ``b_v``'s shape."""
        bv, bw = self.adj.get(v), self.b(w)
        st = self.state
        if bv is None or not self._gives_own(v, bv) \
                or bw in st.defined or bw in st.uniform or not self.active(w) \
                or bw in self.into_fresh | self.into_zeros or w in self.opt.into \
                or w in self.wrt_locals or self.kind(w) != ARRAY:
            return []
        value = S.name(bv)
        if self.opt.verify:
            value = S.call("verify_shape", [value, S.name(w)])
        st.defined.discard(bv)
        st.owned.discard(bv)
        st.defined.add(bw)
        st.owned.add(bw)
        return [S.assign(bw, value, s)]

    def first_into(self, bv):
        """Is this the first contribution to ``bv``, a gradient the caller passed in
        (calls.py), which may be None (zero)? At the top of the backward sweep, it then
        takes the None into account itself (``index_add`` does, and ``contribute`` adds
        conditionally); elsewhere (in a loop or branch: it may not run) the sweep starts
        with ``bv = cotangent(bv, p)`` (zeros for None) instead, and every contribution
        may take ``bv`` to be an array."""
        if bv not in self.into_fresh:
            return False
        self.into_fresh.discard(bv)
        if self.nesting > 1:
            self.into_zeros.add(bv)
            return False
        return True

    def _spread_uniform(self, names=None):
        """Turn uniform gradients (all, or ``names``) into arrays of their variable's shape."""
        out = []
        for bv in sorted(self.state.uniform if names is None else names):
            self.state.uniform.discard(bv)
            if bv in self.state.defined and self._adjoint_live(bv):
                spread = S.call("spread", [S.name(bv), S.name(self.primal_of(bv))])
                out.append(S.assign(bv, spread))
                self.state.owned.discard(bv)
        return out

    def _header(self, s):
        text, lineno = self.parsed.source_line(s)
        if lineno is None or not text:
            return []
        if self.comment_line == lineno:
            return []
        self.comment_line = lineno
        return [S.comment(f"adjoint of line {lineno}: {text}")]

    def adjoint_stmt(self, s):
        """The backward sweep's code for ``s``: its adjoint, and what restores its values."""
        out = self._adjoint_stmt(s)
        origin.tag_sweep(out, s, self.sid(s), "adjoint")
        return out

    def _adjoint_stmt(self, s):
        if isinstance(s, gast.If):
            return self.adjoint_if(s)
        if isinstance(s, (gast.For, gast.While)):
            return self.adjoint_loop(s)
        op = self.a.op(s)
        if op is None or op.kind == "control":
            return []
        out = []
        restore = self._restore(s, op)
        # wrt names a local: capture its gradient just after its last assignment (a
        # top-level statement: adjoint.py), and when the name is assigned before, the value
        # it binds there (the backward sweep restores the earlier ones), which gives the
        # gradient its shape and dtype (finish)
        w = self.wrt_last.get(S.key(s))
        if w is not None:
            cap = self.names.private("grad_" + w)
            like = self.names.private(w) if self.a.assign_count.get(w, 0) > 1 else None
            self.wrt_locals[w] = (cap, like)
            bv = self.b(w)
            if bv in self.state.uniform:
                out.extend(self._spread_uniform([bv]))
            val = S.name(bv) if bv in self.state.defined else self._zero(w)
            out.append(S.assign(cap, val, s))
            if like is not None:
                out.append(S.assign(like, S.name(w), s))
        if self._op_active(op) and self.b(op.target) in self.state.defined:
            body = self.adjoint_op(s, op, restore)
            if body:
                used = _reads(body)
                again, body = self._recompute_for(self._reads_of(op) & used, body, s)
                if again:  # (the body reads the recomputed copies: read it again)
                    used = _reads(again + body)
                # (what ``out`` reads: the body's reads, walked once, and the others'; a
                # header reads nothing)
                used |= _reads(out)
                out = self._header(s) + out + again + body
            else:
                used = _reads(out)
        else:
            if op.kind not in ("store", "append") and op.target is not None:
                # (an inactive value: the gradient restarts shaped like the value before s,
                # popped first when s saved it on the stack)
                pre = restore.get("pre")
                if pre is not None and len(restore["after"]) == 2:
                    out.append(restore["after"].pop(0))
                self._reset(out, op.target, s=s, old=pre)
            used = _reads(out)
        out.extend(restore["after"])
        self.observed[S.key(s)] = used | _reads(restore["after"])
        return out

    def _recompute_for(self, reads, body, s):
        """Recompute the temporaries ``body`` reads (recording.py), with every recomputed
        temporary they read in turn, in definition order; ``(statements, body)``."""
        todo = [t for t in reads if t in self.recompute]
        closure = set()
        while todo:
            t = todo.pop()
            if t in closure:
                continue
            closure.add(t)
            todo += [u for u in S.loaded_names(self.recompute[t].value) if u in self.recompute]
        self.sid(self.fn.body[0])
        order = self._order
        fresh = {}
        again = []
        for t in sorted(closure, key=lambda t: order[S.key(self.recompute[t])]):
            value = S.substitute(S.copy(self.recompute[t].value), dict(fresh))
            fresh[t] = self.names.fresh(t)
            again.append(origin.note(S.assign(fresh[t], value, s), "recompute"))
        if fresh:
            body = [S.substitute(x, fresh) if not any(S.assigns_name(x, t) for t in fresh)
                    else x for x in body]
        return again, body

    def _restore(self, s, op):
        """How to read the overwritten value (``pre``) and put it back (``after``)."""
        how = self.saved.get(S.key(s))
        v = op.target
        res = {"pre": None, "after": []}
        if how is None:
            if op.kind == "append" and (v in self.needed or self.active(v)):
                res["after"] = [S.locate(gast.Expr(value=S.expr(f"{v}.pop()")), s)]
            return res
        if op.kind == "store":
            if how == "stack":
                src = S.expr("_stack.pop()")
            else:
                src = S.name(how[1])
            if self.kind(v) == ARRAY:
                target = gast.Subscript(value=S.name(v), slice=S.copy(op.index),
                                        ctx=gast.Store())
                res["after"] = [mark_store_undo(S.locate(S.assign(target, src), s), S.key(s))]
            else:  # a list or dict: the store may have added a dict key (runtime.item_saved)
                undo = S.call("item_restore", [S.name(v), S.index_value(op.index), src])
                res["after"] = [S.locate(gast.Expr(value=undo), s)]
            return res
        if op.kind == "append":
            res["after"] = [S.locate(gast.Expr(value=S.expr(f"{v}.pop()")), s)]
            return res
        if how == "stack":
            pre = self.names.fresh(v + "_before")
            res["pre"] = pre
            self.saved_names[pre] = v
            pop = S.assign(pre, S.expr("_stack.pop()"), s)
            origin.mark_pre(pop, v)  # holds v's value from before s (verify.py checks it)
            res["after"] = [pop, S.assign(v, S.name(pre), s)]
            return res
        keep = how[1]
        res["pre"] = keep
        res["after"] = [S.assign(v, S.name(keep), s)]
        return res

    def adjoint_op(self, s, op, restore):
        """Adjoint statements of one active simple statement; updates the state."""
        self.current = s
        v = op.target
        bv = self.b(v)
        out = []
        pre = restore.get("pre")
        if pre is not None and len(restore["after"]) == 2:
            # a stack save: pop the old value first so the rule can read it
            out.append(restore["after"].pop(0))
        rename = {v: S.name(pre)} if pre is not None else {}
        self.renamed = {pre: v} if pre is not None else {}

        def atom(node):
            if isinstance(node, gast.Name) and node.id in rename and op.kind != "store":
                return S.copy(rename[node.id])
            return S.copy(node)

        g = S.name(bv)
        if v in getattr(self.opt, "free_shifts", ()):  # (analysis/shift.py) exactly zero
            if bv in self.state.uniform:
                out.extend(self._spread_uniform([bv]))
            x = op.args[0].id if op.args and isinstance(op.args[0], gast.Name) else None
            bx = self.b(x) if x is not None else None
            primal = tuple(dict.fromkeys(n for n in (v, pre, x) if n is not None))
            out.append(S.locate(gast.Expr(value=S.call("verify_negligible", [
                S.name(bv), S.name(bx) if bx in self.state.defined else S.const(None),
                S.call("locals"), gast.Tuple(elts=[S.const(n) for n in primal],
                                             ctx=gast.Load())])), s))
        uniform = {}  # operand -> is its contribution uniform (see AdjointState)
        if bv in self.state.uniform and (op.kind not in ("prim", "copy") or v in op.operands) \
                and not self._scatters_uniform(op, v):
            out.extend(self._spread_uniform([bv]))
        keep = None
        if op.kind != "store" and v in op.operands:
            keep = self.names.fresh(bv + "_out")
            out.append(S.assign(keep, S.name(bv), s))
            g = S.name(keep)
        start = len(out)
        contributions = []  # (operand name, expression, owned)
        if op.kind == "copy":
            contributions.append((op.args[0].id, g, False))  # never renamed: v = v is a no-op
            if bv in self.state.uniform:
                uniform[op.args[0].id] = True
        elif op.kind == "prim" and (joined := self.join_adjoint(op, g, s)) is not None:
            if bv in self.state.uniform:  # (its pieces are slices of an array)
                out.extend(self._spread_uniform([bv]))
            stmts, pairs = joined
            out.extend(stmts)
            contributions.extend(pairs)
        elif op.kind == "prim" and bv in self.state.uniform \
                and (summed := self._summed_over_axes(op)) is not None:
            contributions.append((summed, g, False))  # (G over the sum's shape: over x's)
            uniform[summed] = True
        elif op.kind == "prim":
            stmts, pairs = self.instantiate(op, g, atom, s)
            if bv in self.state.uniform:
                pairs = combine(pairs)
                uniform = uniform_results(SweepView(self), op, stmts, pairs, bv)
                if uniform is None:  # a rule that needs the array itself
                    out.extend(self._spread_uniform([bv]))
                    start = len(out)
                    stmts, pairs = self.instantiate(op, g, atom, s)
                    uniform = {}
            out.extend(stmts)
            contributions.extend(pairs)
        elif op.kind == "index":
            base = op.args[0].id
            if self.active(base):
                out.extend(self.index_adjoint(s, op, base, g, atom))
                return out
        elif op.kind == "store":
            out.extend(self.store_adjoint(s, op, g))
            return out
        elif op.kind == "append":
            out.extend(self.append_adjoint(s, op, g, atom))
            return out
        elif op.kind == "literal":
            contributions.extend(self.literal_adjoint(s, op, g, out))
        elif op.kind == "call":
            stmts, pairs = self.adjoint_of_call(SweepView(self), op, g, atom, s)
            out.extend(stmts)
            contributions.extend(pairs)
        elif op.kind == "unknown":
            raise self._no_rule(op)
        if op.kind == "prim" and bv not in self.state.uniform and not self.opt.reference:
            contributions = [(n, *self._summed_away(e, n, v, g, o)) for n, e, o in contributions]
        # the statement defines v: its old value's gradient starts at zero
        gives = keep is None and self._handing_over() and self._gives_own(v, bv)
        self._reset(out, v, emit=False)
        if not self.opt.reference:
            contributions = combine(contributions)
            if gives:  # (handover.py)
                contributions = pass_ownership(contributions, bv, out[start:], self.a.active)
        for name, expr, owned in contributions:
            if name in self.a.active:
                self.contribute(out, self.state, name, expr, owned=owned, like=s,
                                uniform=uniform.get(name, False))
        self._materialize_if_carried(out, v, s, old=pre)
        if keep is not None and not self.opt.reference:
            out = _drop_alias(out, start, keep, bv)
        return out

    def _summed_away(self, expr, x, v, g, owned):
        """``(expr, owned)``: ``unbroadcast(g, x)`` of ``v``'s gradient ``g`` (an array:
        not uniform) is owned where the shape patterns prove it sums axes away.

        Invariant: ``g`` has ``v``'s shape (every contribution to a gradient has its
        variable's shape), ``v``'s rank is known and larger than ``x``'s, and wherever ``x``
        has an axis of a length other than 1 so has ``v``: then ``unbroadcast`` sums at
        least one leading axis of ``g`` (``np.sum``, a product with ones, einsum), a new
        array (or a NumPy number) that no other name refers to, never ``g`` or a view of it
        (a bias's gradient: returned by ``finish`` without an ``avoid`` check, updated in
        place). Verification mode calls ``verify_summed``, which checks that."""
        if owned or not (isinstance(expr, gast.Call) and isinstance(expr.func, gast.Name)
                         and expr.func.id == "unbroadcast" and len(expr.args) == 2
                         and not expr.keywords and isinstance(expr.args[0], gast.Name)
                         and expr.args[0].id == g.id and isinstance(expr.args[1], gast.Name)
                         and self.renamed.get(expr.args[1].id, expr.args[1].id) == x):
            return expr, owned
        px, pv = self.a.shapes.get(x), self.a.shapes.get(v)
        if px is None or pv is None or len(pv) <= len(px) or self.kind(v) != ARRAY \
                or any(dx is False and dv is not False
                       for dx, dv in zip(reversed(px), reversed(pv))):
            return expr, owned
        if self.opt.verify:
            expr = S.call("verify_summed", list(expr.args))
        return expr, True

    def _scatters_uniform(self, op, v):
        """Does the adjoint of the read ``v = x[index]`` of an array ``x`` take ``v``'s
        uniform gradient as it is? ``index_add(b, x, index, g)`` adds ``g`` at every
        position of ``x[index]`` (``b[index] += g``, ``np.add.at``: both broadcast ``g``
        to ``x[index]``'s shape, repeated positions adding up), so the scalar ``G``
        standing for itself over ``v``'s shape, which is ``x[index]``'s, scatters the same
        numbers as its spread array."""
        return op.kind == "index" and v not in op.operands and not self.opt.reference \
            and self.kind(op.args[0].id) == ARRAY and self.active(op.args[0].id)

    def _summed_over_axes(self, op):
        """``x`` for ``np.sum(x, axis, keepdims=...)`` with literal options and ``x`` an
        array variable, else None: a uniform gradient of the sum (one scalar ``G`` over its
        shape) gives ``x`` the uniform gradient ``G`` over ``x``'s shape (each element of
        ``x`` is added once into one element of the sum), as a sum over every axis does
        through its rule's ``spread``.

        Only where NumPy sums so: the axes ints in range of ``x``'s known rank, none twice,
        ``keepdims`` a bool. Otherwise the sum raises (AxisError, ValueError, TypeError),
        and with the uniform gradient nothing in the gradient would read the sum: the
        specialized gradient dropped it and returned (``np.sum(np.sum(x, axis=2))`` of a
        2-d ``x``, or of a list's arrays of unknown rank; tests/soundness/
        test_sum_axes_uniform.py)."""
        if op.func is not np.sum or not 1 <= len(op.args) <= 2 \
                or set(op.kwargs) - {"axis", "keepdims"} \
                or not isinstance(op.args[0], gast.Name) or self.kind(op.args[0].id) != ARRAY:
            return None
        shape = self.a.shapes.get(self.renamed.get(op.args[0].id, op.args[0].id))
        axis = op.kwargs.get("axis", op.args[1] if len(op.args) > 1 else None)
        keep = op.kwargs.get("keepdims")
        if keep is not None and not (isinstance(keep, gast.Constant)
                                     and type(keep.value) is bool):
            return None
        if axis is None or isinstance(axis, gast.Constant) and axis.value is None:
            return op.args[0].id
        axes = _literal_ints(axis.elts if isinstance(axis, gast.Tuple) else [axis])
        if axes is None or not axes or len(set(axes)) != len(axes):
            return None
        if shape is None:  # (the rank unknown: the sum's rule reads the sum, which raises
            return None  # where NumPy does; a generic module spreads, then unreduces)
        rank = len(shape)
        if not all(-rank <= a < rank for a in axes) or len({a % rank for a in axes}) != len(axes):
            return None
        return op.args[0].id

    def _gives_own(self, v, bv):
        """May the adjoint of ``v``'s definition pass ``b_v``'s buffer on (handover.py:
        pass_ownership)? An owned array, neither uniform nor passed in, of a ``v`` whose
        gradient no local ``wrt`` captured."""
        st = self.state
        return bv in st.owned and bv in st.defined and bv not in st.uniform \
            and self.kind(v) == ARRAY and self.a.shapes.get(v) not in (None, ()) \
            and bv not in self.into_fresh | self.into_zeros and v not in self.opt.into \
            and not self._captured(v)

    def _handing_over(self):
        """Are gradient buffers handed over and passed on (handover.py)? Not in the
        reference pipeline, nor in code that is differentiated again: ``b_u = b_sub`` then
        ``b_u += e`` leaves ``b_sub`` naming the updated array, an in-place change through an
        alias that the next differentiation would not follow."""
        return not self.opt.reference and getattr(self.opt, "hand_over", False)

    def _captured(self, v):
        """Is (or will) ``v``'s gradient be captured for a local ``wrt`` (``grad_v = b_v``
        at ``v``'s last assignment, _adjoint_stmt)? Its buffer is then not ours to pass on."""
        return v in self.wrt_locals or (v in self.opt.wrt and v not in self.params)

    def _no_rule(self, op):
        return no_rule_error(self.error, op, "gradient",
                             "sd.register_vjp(fn, rule) or @sd.custom_vjp,")

    def _reset(self, out, v, emit=True, s=None, old=None):
        bv = self.adj.get(v)
        if bv is None:
            return
        self.state.defined.discard(bv)
        self.state.owned.discard(bv)
        self.state.uniform.discard(bv)
        if emit:
            self._materialize_if_carried(out, v, s, old=old)

    def _materialize_if_carried(self, out, v, s, old=None):
        """Keep a loop-carried gradient defined after its variable is (re)assigned.

        When an earlier statement of the same iteration reads ``v`` (so the
        backward sweep will add to ``b_v`` before the iteration ends), the zero
        is left to the end of the loop body; otherwise it is made here, shaped
        like the value ``v`` held before ``s``: ``old``, the name the backward sweep
        has it under (``v_before``) when ``s`` overwrote a value it restores (that
        value may have another shape: ``a = x * 1.0`` then ``a = np.ones(3) * x``).
        """
        bv = self.adj.get(v)
        if bv is not None and bv in self.carried and bv not in self.state.defined \
                and v not in self.exposed:
            zero = self._zero(v, like=old)
            if old is not None and isinstance(zero, gast.Call) and v not in self.params \
                    and not self._defined_before(s, v):  # (None before its first binding:
                zero = S.call("zeros_tree", [S.name(old)])  # 0.0, as _zero_before)
            out.append(S.assign(bv, zero))
            self.state.defined.add(bv)
            self.state.owned.add(bv)

    def _zero_before(self, v, s):
        """A zero gradient for ``v`` where the backward sweep stands before ``s`` runs.

        On some paths ``v`` may not be bound there yet (branches that agree
        with each other, which no static test sees); its gradient is then
        unused, and ``v`` starts as ``None`` so that ``zeros_tree`` gives 0.0.
        """
        if v in self.params or self._defined_before(s, v):
            return self._zero(v)
        self.unbound_saved.add(v)
        return S.call("zeros_tree", [S.name(v)])

    def _zero(self, v, like=None):
        """A zero gradient for ``v``, shaped like ``like`` (a name holding a value of ``v``'s;
        ``v`` itself by default)."""
        if self.kind(v) == ARRAY and self.a.shapes.get(v) == ():
            return S.const(0.0)  # a scalar: Python floats keep the sweep fast
        like = like or v
        if self.kind(v) == ARRAY:
            return S.expr(f"np.zeros_like({like})")
        return S.expr(f"zeros_tree({like})")

    def contribute(self, out, state, v, expr, owned=False, like=None, uniform=False):
        """Add ``expr`` to ``b_v``: a plain assignment when ``b_v`` is still zero.

        ``b_v`` is *owned* (safe to update in place) when its value is a fresh
        array: the result of arithmetic, which no other name refers to. An
        adjoint is aliased only while its variable's definition is processed,
        after which it is reset, so ownership is never shared.

        ``uniform``: ``expr`` is a scalar standing for itself repeated over
        ``v``'s shape (see AdjointState); ``spread(s, v)`` is taken as the uniform ``s``.
        """
        bv = self.b(v)
        shape = self.a.shapes.get(v)
        # (an unknown shape too: its readers decide, uniform.py; a 0-d array's is a float)
        if not uniform and is_spread_of(expr, v) and self.kind(v) == ARRAY and shape != () \
                and not self.opt.reference and scalar_valued(SweepView(self), expr.args[0]):
            expr, uniform = size_from_earlier(SweepView(self), expr.args[0]), True
        if (uniform and shape == ()) or self.opt.reference:
            uniform = False  # a scalar variable: its gradient is just the scalar
        if bv not in state.defined:
            out.append(S.assign(bv, expr, like))
            state.defined.add(bv)
            if uniform:
                state.uniform.add(bv)
                state.owned.discard(bv)
                self.ever_uniform.add(bv)
            elif owned or isinstance(expr, (gast.BinOp, gast.UnaryOp)) or _fresh_call(expr):
                state.owned.add(bv)
            else:
                state.owned.discard(bv)
            return
        if self.first_into(bv):  # the caller's gradient, or None
            first = expr
            if uniform:  # a scalar standing for an array: given no buffer, the callee
                # returns the array itself (added to a buffer, the scalar broadcasts)
                first = S.call("spread", [S.copy(expr), S.name(self.primal_of(bv))])
            out.append(S.assign(bv, gast.IfExp(
                test=gast.Compare(left=S.name(bv), ops=[gast.Is()], comparators=[S.const(None)]),
                body=first, orelse=gast.BinOp(left=S.name(bv), op=gast.Add(), right=S.copy(expr))),
                like))
            # (uniform: given None, the callee starts from spread's broadcast, read-only)
            fresh = not uniform and (owned or isinstance(expr, (gast.BinOp, gast.UnaryOp))
                                     or _fresh_call(expr))
            state.owned.add(bv) if fresh else state.owned.discard(bv)
            return
        if bv in state.uniform:
            # uniform + uniform stays uniform; uniform + array is a fresh array
            out.append(S.assign(bv, gast.BinOp(left=S.name(bv), op=gast.Add(), right=expr), like))
            if not uniform:
                state.uniform.discard(bv)
                state.owned.add(bv)
            return
        if self.kind(v) == ARRAY and bv in state.owned and shape != () \
                and not self.opt.complex_values:
            # an array only this gradient refers to: accumulate in place (where no value is
            # complex: the sum then has the buffer's dtype). Also where v's shape is not
            # known: every contribution has v's shape (rules keep unbroadcast(g, v) unless
            # the facts prove it), and so has the buffer, made by one of them
            out.append(S.locate(gast.AugAssign(target=S.name(bv, store=True), op=gast.Add(),
                                               value=expr), like))
            return
        if self.kind(v) in (ARRAY, INT):
            total = gast.BinOp(left=S.name(bv), op=gast.Add(), right=expr)
        else:
            total = S.call("add_tree", [S.name(bv), expr])
        out.append(S.assign(bv, total, like))
        state.owned.add(bv) if self.kind(v) == ARRAY else state.owned.discard(bv)


# run-time helpers whose result is a new array that nothing else refers to
_FRESH_HELPERS = frozenset({"extreme_grad"})


def _fresh_call(expr):
    return named_call(expr, _FRESH_HELPERS) is not None


def _drop_alias(out, start, keep, bv):
    """``b_v_out = b_v; b_v = f(b_v_out)`` -> ``b_v = f(b_v)`` when that is the only use."""
    users = [k for k in range(start, len(out)) if keep in S.loaded_names(out[k])]
    if len(users) != 1:
        return out
    k = users[0]
    stmt = out[k]
    if not (isinstance(stmt, gast.Assign) and isinstance(stmt.targets[0], gast.Name)
            and stmt.targets[0].id == bv):
        return out
    for j in range(start, k):
        if bv in S.all_names(out[j]):
            return out
    out = list(out)
    out[k] = S.substitute(stmt, {keep: bv})
    del out[start - 1]
    return out


def _reads(stmts):
    """The names a list of statements reads (none, without a walk, for no statement)."""
    return S.loaded_names(gast.Module(body=stmts, type_ignores=[])) if stmts else set()


def _literal_ints(nodes):
    """The ints of the literals ``nodes`` (``2``, ``-1``), or None."""
    out = []
    for e in nodes:
        if isinstance(e, gast.UnaryOp) and isinstance(e.op, gast.USub) \
                and isinstance(e.operand, gast.Constant) and type(e.operand.value) is int:
            out.append(-e.operand.value)
        elif isinstance(e, gast.Constant) and type(e.value) is int:
            out.append(e.value)
        else:
            return None
    return out
