"""Stage 4, reverse: an analyzed ANF function -> its adjoint (gradient) function.

The generated function has two sweeps::

    def grad_f(<f's parameters>, grad_ys=None):
        # primal: f's statements, plus saves of values the backward sweep needs
        #         and that a later statement overwrites
        # seed:   b_out = seed(grad_ys, out)   (scalar_seed(grad_ys) for a float scalar)
        # adjoint: each active statement's rule, in reverse order
        return b_x, ...

Invariants of the backward sweep:

* When the adjoint of statement S runs, every variable holds the value it had
  just after S ran in the primal: a statement that overwrote a needed value
  saved it (in a ``_v1`` name, or on ``_stack`` inside loops) and its adjoint
  restores it.
* ``b_v`` is the gradient of the outputs w.r.t. the *current* value of ``v``.
  A gradient no statement has contributed to yet is *undefined* (zero) and has
  no code at all: the first contribution is a plain assignment, later ones
  accumulate (``b_v = b_v + ...``). Loops and branches make gradients defined on
  every path where needed (``np.zeros_like``), nowhere else.
* A gradient may be *uniform*: a scalar standing for itself repeated over its
  variable's shape (a full sum's gradient), while only elementwise rules read
  it (uniform.py); it is spread into an array before anything else reads it,
  and at every block boundary.
* Branches are replayed by re-testing their (restored) condition; ``range``
  loops whose bounds the body does not change run ``reversed(range(...))``;
  other loops count their trips.
"""

import gast

from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.analysis.activity import ARRAY, INT, check_wrt, walk
from srcdiff.compiler.reverse.deferral import defer_accumulations
from srcdiff.compiler.ir import origin
from srcdiff.errors import FIXPOINT_LIMIT, not_converged
from srcdiff.compiler.analysis.recording import defined_before, plan_saves, upward_exposed
from srcdiff.compiler.reverse.uniform import is_spread_of, scalar_valued, size_from_earlier, uniform_results
from srcdiff.runtime import index_add


class ReverseOptions:
    def __init__(self, wrt, stop=(), unconnected="none", return_value=False, name=None,
                 zero_gradients=False, internal=False, reference=False, verify=False):
        self.wrt = list(wrt)  # names (parameters or locals), in the order returned
        self.stop = set(stop)
        self.unconnected = unconnected
        self.return_value = return_value
        self.name = name
        self.zero_gradients = zero_gradients  # user-call adjoints: zeros instead of None
        self.internal = internal  # called by generated code: grad_ys None means zero
        # the reference pipeline (optimize=False): the plainest correct adjoint (every
        # overwritten value saved, nothing recomputed, no uniform gradients, no deferral,
        # no in-place accumulation, no rewrites of the generated code)
        self.reference = reference
        self.verify = verify  # place markers for verify.py in the primal sweep


class _State:
    """Which gradients are defined (possibly non-zero), which arrays we own, and which
    are *uniform*: a scalar standing for that scalar repeated over the variable's shape
    (the gradient of a full sum or mean), kept as a scalar while only elementwise rules
    read it and spread into an array (``spread``) before anything else does.
    Uniform gradients never cross a block boundary: every block ends without any."""

    def __init__(self, defined=(), owned=(), uniform=(), own=True):
        self.defined = set(defined)
        self.owned = set(owned) if own else _OwnsNothing()
        self.uniform = set(uniform)
        self.own = own

    def copy(self):
        return _State(self.defined, self.owned, self.uniform, self.own)


class _OwnsNothing(set):
    """The reference pipeline's ownership: no gradient array is ever updated in place."""

    def add(self, item):
        pass

    def update(self, *items):
        pass

    def __ior__(self, other):
        return self


class Reverse:
    def __init__(self, fn, analysis, parsed, names, options, adjoint_of_call):
        self.fn = fn
        self.a = analysis
        self.parsed = parsed
        self.names = names
        self.opt = options
        self.adjoint_of_call = adjoint_of_call  # (op, g, names) -> (stmts, {operand: expr})
        self.params = [arg.id for arg in fn.args.args]
        self.needed = set()  # names some backward code reads (fixpoint in run)
        self._loop_facts = {}  # loop -> (carried, owned): the same in every pass of run
        self.renamed = {}  # pre-value name -> primal name, while one statement is processed
        self.comment_line = None
        self.current = None  # the statement whose adjoint is being made
        self._live_names = None  # see _adjoint_live
        self._order = None  # id(statement) -> its position in program order
        self.observed = {}  # id(statement) -> names its adjoint read (last round generated)
        self.no_recompute = set()  # temporaries a round showed must be saved instead
        self._reset_generation(set(names.taken))

    # ------------------------------------------------------------ helpers
    def b(self, v):
        if v not in self.adj:
            self.adj[v] = self.names.fresh("b_" + v.lstrip("_"))
        return self.adj[v]

    def kind(self, v):
        return self.a.kinds.get(v)

    def active(self, v):
        return v in self.a.active

    def error(self, node, msg, hint=None):
        return self.parsed.error(node, msg, hint)

    # ------------------------------------------------------------ driver
    def run(self):
        body = self.fn.body
        ret = body[-1]
        self._check_wrt()
        # the backward sweep's reads decide the saves, and saves add reads (a
        # restore inside a branch replays its test): iterate to a fixpoint
        # (generation is deterministic: the pass that reads nothing new is the result)
        taken = set(self.names.taken)
        self.needed = set()
        # A temporary is recomputed only if the adjoints that really read it (the
        # last round's code; every adjoint's operands before the first) allow it, and
        # the round's own code is checked against the same rule before it is kept.
        for _ in range(FIXPOINT_LIMIT):
            self._reset_generation(taken)
            self._plan_saves(body[:-1])
            primal, adjoint, seed_stmts, results = self._sweeps(body[:-1], ret)
            reads = self._reads(adjoint + [gast.Expr(value=results)])
            allowed = self._recomputable_now(body[:-1])
            if not set(self.recompute) <= allowed:
                self.no_recompute |= set(self.recompute) - allowed
                continue
            if reads <= self.needed:
                break
            self.needed |= reads
        else:
            raise not_converged("values-the-backward-sweep-reads", FIXPOINT_LIMIT)
        pre = [S.assign("_stack", gast.List(elts=[], ctx=gast.Load()))] if self.uses_stack else []
        if self.unbound_saved:
            pre.append(S.comment("names first bound inside loops or branches start unbound"))
            pre += [S.assign(v, S.const(None)) for v in sorted(self.unbound_saved)]
        value = ret.value
        if self.opt.return_value:
            # the outputs as computed, before the backward sweep restores overwritten names
            keep = self.names.private("value")
            kept = S.copy(value)
            if getattr(self.opt, "snapshot_value", False):  # the sweep restores them in place
                kept = S.call("snapshot_tree", [kept])
            primal.append(S.assign(keep, kept))
            final = gast.Tuple(elts=[S.name(keep), results], ctx=gast.Load())
        else:
            final = results
        new_body = pre + primal + seed_stmts + adjoint + [gast.Return(value=final)]
        args = S.copy(self.fn.args)
        args.args.append(S.name("grad_ys", store=False))
        args.args[-1].ctx = gast.Param()
        args.defaults = list(args.defaults) + [S.const(None)]
        name = self.opt.name or ("grad_" + self.fn.name)
        out = gast.FunctionDef(name=name, args=args, body=new_body, decorator_list=[],
                               returns=None, type_comment=None, type_params=[])
        return out

    def _reset_generation(self, taken):
        """Forget everything one pass of generation produced (names included)."""
        self.names.taken = set(taken)
        self.adj = {}  # primal name -> adjoint name
        self.saved = {}  # id(stmt) -> how its overwritten value is kept
        self.recompute = {}  # temporary -> its definition, recomputed instead of saved
        self.counters = {}  # id(loop) -> counter name (None when the loop is replayed by range)
        self.cond_copies = {}  # id(if) -> name holding the test
        self.cond_saved = set()  # id(if) whose test copy is kept per loop trip on _stack
        self.uses_stack = False
        self.unbound_saved = set()  # saved names that may be unbound at their first save
        self.wrt_locals = {}  # local wrt name -> capture name
        self.helpers = {}  # names the generated code needs -> objects
        self.carried = set()  # adjoints that must stay defined across loop iterations
        self.exposed = set()  # names read before assigned in the innermost loop's body
        self.ever_uniform = set()  # gradients that held a uniform scalar somewhere (_State)

    def _sweeps(self, body, ret):
        outputs = ret.value.elts if isinstance(ret.value, gast.Tuple) else [ret.value]
        tuple_out = isinstance(ret.value, gast.Tuple)
        self.comment_line = None
        primal = self.primal_block(body, depth=0)
        seed_stmts = [S.comment("seed: the gradient of the sum of the outputs")]
        state = _State(own=not self.opt.reference)
        gy = "grad_ys"
        if tuple_out and not self.opt.internal:
            gy = self.names.private("grad_ys")
            seed_stmts.append(S.assign(gy, S.expr(f"check_outputs(grad_ys, {len(outputs)})")))
        for k, out in enumerate(outputs):
            src = S.expr(f"{gy}[{k}]") if tuple_out else S.name(gy)
            where = [S.const(k)] if tuple_out else []
            if not isinstance(out, gast.Name) or not self.active(out.id):
                if not self.opt.internal:  # still check its grad_ys
                    seed_stmts.append(gast.Expr(value=self._seed(src, out, where)))
                continue
            if self.opt.internal:
                seed = S.call("cotangent", [src, S.copy(out)])
            else:
                seed = self._seed(src, out, where)
            self.contribute(seed_stmts, state, out.id, seed, owned=False)
        self.state = state
        adjoint = self.adjoint_block(body)
        result_stmts, results = self._results()
        return primal, adjoint + result_stmts, seed_stmts, results

    def _seed(self, src, out, where):
        """``seed(grad_ys, out)``; for an output known to be a float scalar, a seed that
        does not read the output, so the work computing only the output's value is dead."""
        if isinstance(out, gast.Name) and self.a.shapes.get(out.id) == () \
                and self.a.kinds.get(out.id) == ARRAY and not self.opt.reference:
            return S.call("scalar_seed", [src] + where)
        return S.call("seed", [src, S.copy(out)] + where)

    def _reads(self, stmts):
        names = set()
        for s in stmts:
            names |= S.loaded_names(s)
        return names - set(self.adj.values())

    def _check_wrt(self):
        check_wrt(self.fn.name, self.params, self.a, self.opt.wrt)

    # ------------------------------------------------------------ analysis of needs
    def _reads_of(self, op):
        names = set()
        if op.kind in ("prim", "call"):
            for x in op.args + list(op.kwargs.values()):
                names |= S.loaded_names(x)
            names.add(op.target)
        elif op.kind in ("index", "store"):
            names |= S.loaded_names(op.index)
            names.add(op.target if op.kind == "store" else op.args[0].id)
            names |= {x.id for x in op.args if isinstance(x, gast.Name)}
        elif op.kind == "append":
            names |= {x.id for x in op.args if isinstance(x, gast.Name)}
            names.add(op.target)
        elif op.kind == "literal":
            names |= {x.id for x in op.args if isinstance(x, gast.Name)}
            names.add(op.target)
        return names

    def _op_active(self, op):
        if op.kind in ("const", "control") or op.target is None:
            return False
        if op.target in self.opt.stop:
            return False
        return op.target in self.a.active and any(o in self.a.active for o in op.operands)

    def _plan_saves(self, body):
        self.saved, self.recompute = plan_saves(body, self.a, self.params, self.needed,
                                                self._adjoint_reads, self._op_active,
                                                self.no_recompute, self.opt.reference)

    def _adjoint_reads(self, op, stmt):
        """Names the adjoint of ``stmt`` reads: as generated in the last round, else
        every name the statement involves."""
        seen = self.observed.get(id(stmt))
        return self._reads_of(op) if seen is None else seen

    def _recomputable_now(self, body):
        """Temporaries the code just generated may recompute (recording.py's rule applied
        to what each adjoint really read)."""
        _, allowed = plan_saves(body, self.a, self.params, self.needed, self._adjoint_reads,
                                self._op_active, self.no_recompute, self.opt.reference)
        return set(allowed)

    # ------------------------------------------------------------ primal sweep
    def primal_block(self, body, depth):
        out = []
        for s in body:
            out.extend(self.primal_stmt(s, depth))
        return out

    def primal_stmt(self, s, depth):
        """The primal sweep's code for ``s``: its copy, and what it saves."""
        out = self._primal_stmt(s, depth)
        origin.tag_sweep(out, s, self.sid(s), "primal")
        op = self.a.op(s)
        if self.opt.verify and op is not None and op.kind != "control" \
                and not isinstance(s, (gast.If, gast.For, gast.While)):
            # where verify.py records what the adjoint reads (after the statement), even
            # if the optimizer removes the statement itself (a value only the loss needed)
            out.append(origin.marker(self.sid(s), "after"))
        return out

    def sid(self, s):
        """A statement's number: its place in program order (stable within a compilation)."""
        if self._order is None:
            self._order = {id(x): k for k, (x, _) in enumerate(walk(self.fn.body))}
        return self._order[id(s)]

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
            self.cond_copies[id(s)] = test
            body = self.primal_block(s.body, depth) or [gast.Pass()]
            orelse = self.primal_block(s.orelse, depth)
            post = []
            if depth and pre:  # a copy made in every trip: kept per trip, like any value
                self.uses_stack = True
                self.cond_saved.add(id(s))
                post = [S.locate(gast.Expr(value=S.call("_stack.append", [S.copy(test)])), s)]
            return pre + [S.locate(gast.If(test=S.copy(test), body=body, orelse=orelse), s)] + post
        if isinstance(s, gast.For):
            return self.primal_for(s, depth)
        if isinstance(s, gast.While):
            counter = self.names.private("trips")
            self.counters[id(s)] = counter
            body = [S.assign(counter, S.expr(f"{counter} + 1"), s)]
            body += self.primal_block(s.body, depth + 1)
            loop = S.locate(gast.While(test=S.copy(s.test), body=body, orelse=[]), s)
            post = []
            if depth:
                self.uses_stack = True
                post = [S.locate(gast.Expr(value=S.expr(f"_stack.append({counter})")), s)]
            return [S.assign(counter, S.const(0), s), loop] + post
        how = self.saved.get(id(s))
        op = self.a.op(s)
        if how is None or op is None:
            return [S.copy(s)]
        return self._save(s, op, how) + [S.copy(s)]

    def _save(self, s, op, how):
        v = op.target
        if op.kind == "store":
            value = S.expr("np.copy(x[i])" if self.kind(v) == ARRAY else "snapshot(x[i])",
                           x=S.name(v), i=S.copy(op.index))
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
        if how == "stack":
            self.uses_stack = True
            return [S.locate(gast.Expr(value=S.call("_stack.append", [value])), s)]
        keep = self.names.private(v + "_saved" if op.kind == "store" else v)
        self.saved[id(s)] = ("name", keep)
        return [S.assign(keep, value, s)]

    def _save_maybe_undefined(self, s, v, how):
        # a name not yet bound on every path here: it starts as None (see run)
        self.unbound_saved.add(v)
        if how == "stack":
            self.uses_stack = True
            return [S.locate(gast.Expr(value=S.call("_stack.append", [S.name(v)])), s)]
        keep = self.names.private(v)
        self.saved[id(s)] = ("name", keep)
        return [S.assign(keep, S.name(v), s)]

    def _defined_before(self, s, v):
        """Is ``v`` certainly bound when ``s`` runs?"""
        return defined_before(self.fn.body, s, v, self.a, self.params)

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
        if i in self.needed and (self.a.assign_count.get(i, 0) > 1 or i in self.params) \
                and self._defined_before(s, i):
            keep = self.names.private(i)
            pre.append(S.assign(keep, S.name(i), s))
            self.saved[id(s)] = ("name", keep)
        if replay:
            self.counters[id(s)] = None
            body = self.primal_block(s.body, depth + 1)
            loop = S.locate(gast.For(target=S.copy(s.target), iter=S.copy(s.iter), body=body,
                                     orelse=[], type_comment=None), s)
            return pre + [loop]
        counter = self.names.private("trips")
        self.counters[id(s)] = counter
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

    # ------------------------------------------------------------ backward sweep
    def adjoint_block(self, body):
        out = []
        for s in reversed(body):
            if isinstance(s, (gast.If, gast.For, gast.While)):
                out.extend(self._spread_uniform())
            out.extend(self.adjoint_stmt(s))
        out.extend(self._spread_uniform())
        return out

    def _spread_uniform(self, names=None):
        """Turn uniform gradients (all, or ``names``) into arrays of their variable's shape."""
        out = []
        for bv in sorted(self.state.uniform if names is None else names):
            self.state.uniform.discard(bv)
            if bv in self.state.defined and self._adjoint_live(bv):
                out.append(S.assign(bv, S.call("spread", [S.name(bv), S.name(self._primal_of(bv))])))
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
        # wrt names a local: capture its gradient just after its last assignment
        if op.target in self.opt.wrt and op.target not in self.params \
                and op.target not in self.wrt_locals and op.kind not in ("store", "append"):
            cap = self.names.private("grad_" + op.target)
            self.wrt_locals[op.target] = cap
            bv = self.b(op.target)
            if bv in self.state.uniform:
                out.extend(self._spread_uniform([bv]))
            val = S.name(bv) if bv in self.state.defined else self._zero(op.target)
            out.append(S.assign(cap, val, s))
        if self._op_active(op) and self.b(op.target) in self.state.defined:
            body = self.adjoint_op(s, op, restore)
            if body:
                used = S.loaded_names(gast.Module(body=body, type_ignores=[]))
                again, body = self._recompute_for(self._reads_of(op) & used, body, s)
                out = self._header(s) + out + again + body
        elif op.kind not in ("store", "append") and op.target is not None:
            self._reset(out, op.target)
        out.extend(restore["after"])
        self.observed[id(s)] = S.loaded_names(gast.Module(body=out, type_ignores=[]))
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
        for t in sorted(closure, key=lambda t: order[id(self.recompute[t])]):
            value = S.substitute(S.copy(self.recompute[t].value), dict(fresh))
            fresh[t] = self.names.fresh(t)
            again.append(origin.note(S.assign(fresh[t], value, s), "recompute"))
        if fresh:
            body = [S.substitute(x, fresh) if not any(S.assigns_name(x, t) for t in fresh)
                    else x for x in body]
        return again, body

    def _restore(self, s, op):
        """How to read the overwritten value (``pre``) and put it back (``after``)."""
        how = self.saved.get(id(s))
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
            res["after"] = [S.locate(S.assign(gast.Subscript(value=S.name(v), slice=S.copy(op.index),
                                                             ctx=gast.Store()), src), s)]
            return res
        if op.kind == "append":
            res["after"] = [S.locate(gast.Expr(value=S.expr(f"{v}.pop()")), s)]
            return res
        if how == "stack":
            pre = self.names.fresh(v + "_before")
            res["pre"] = pre
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
        uniform = {}  # operand -> is its contribution uniform (see _State)
        if bv in self.state.uniform and (op.kind not in ("prim", "copy") or v in op.operands):
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
        elif op.kind == "prim":
            stmts, pairs = self.instantiate(op, g, atom, s)
            if bv in self.state.uniform:
                pairs = _combine(pairs)
                uniform = uniform_results(self, op, stmts, pairs, bv)
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
            stmts, pairs = self.adjoint_of_call(self, op, g, atom, s)
            out.extend(stmts)
            contributions.extend(pairs)
        elif op.kind == "unknown":
            raise self._no_rule(op)
        # the statement defines v: its old value's gradient starts at zero
        self._reset(out, v, emit=False)
        if not self.opt.reference:
            contributions = _combine(contributions)
        for name, expr, owned in contributions:
            if name in self.a.active:
                self.contribute(out, self.state, name, expr, owned=owned, like=s,
                                uniform=uniform.get(name, False))
        self._materialize_if_carried(out, v, s)
        if keep is not None and not self.opt.reference:
            out = _drop_alias(out, start, keep, bv)
        return out

    def _no_rule(self, op):
        if op.reason is not None:
            return self.error(op.stmt.value if isinstance(op.stmt, gast.Assign) else op.stmt,
                              op.reason, hint="drop the keyword if it changes nothing, or "
                              "write the call without it (e.g. convert the result after)")
        return self.error(op.stmt.value if isinstance(op.stmt, gast.Assign) else op.stmt,
                          f"no gradient rule for {op.label} and no Python source to "
                          "differentiate it from",
                          hint="register one with sd.register_vjp(fn, rule) or @sd.custom_vjp, "
                               "or wrap the value in sd.stop_gradient(...) if it is a constant")

    def _reset(self, out, v, emit=True):
        bv = self.adj.get(v)
        if bv is None:
            return
        self.state.defined.discard(bv)
        self.state.owned.discard(bv)
        self.state.uniform.discard(bv)
        if emit:
            self._materialize_if_carried(out, v, None)

    def _materialize_if_carried(self, out, v, s):
        """Keep a loop-carried gradient defined after its variable is (re)assigned.

        When an earlier statement of the same iteration reads ``v`` (so the
        backward sweep will add to ``b_v`` before the iteration ends), the zero
        is left to the end of the loop body; otherwise it is made here, shaped
        like the value just assigned.
        """
        bv = self.adj.get(v)
        if bv is not None and bv in self.carried and bv not in self.state.defined \
                and v not in self.exposed:
            out.append(S.assign(bv, self._zero(v)))
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

    def _zero(self, v):
        if self.kind(v) == ARRAY and self.a.shapes.get(v) == ():
            return S.const(0.0)  # a scalar: Python floats keep the sweep fast
        if self.kind(v) == ARRAY:
            return S.expr(f"np.zeros_like({v})")
        return S.expr(f"zeros_tree({v})")

    def contribute(self, out, state, v, expr, owned=False, like=None, uniform=False):
        """Add ``expr`` to ``b_v``: a plain assignment when ``b_v`` is still zero.

        ``b_v`` is *owned* (safe to update in place) when its value is a fresh
        array: the result of arithmetic, which no other name refers to. An
        adjoint is aliased only while its variable's definition is processed,
        after which it is reset, so ownership is never shared.

        ``uniform``: ``expr`` is a scalar standing for itself repeated over
        ``v``'s shape (see _State); ``spread(s, v)`` is taken as the uniform ``s``.
        """
        bv = self.b(v)
        shape = self.a.shapes.get(v)
        if not uniform and is_spread_of(expr, v) and self.kind(v) == ARRAY and shape \
                and not self.opt.reference and scalar_valued(self, expr.args[0]):
            expr, uniform = size_from_earlier(self, expr.args[0]), True
        if (uniform and not shape) or self.opt.reference:
            uniform = False  # a scalar variable: its gradient is just the scalar
        if bv not in state.defined:
            out.append(S.assign(bv, expr, like))
            state.defined.add(bv)
            if uniform:
                state.uniform.add(bv)
                state.owned.discard(bv)
                self.ever_uniform.add(bv)
            elif owned or isinstance(expr, (gast.BinOp, gast.UnaryOp)):
                state.owned.add(bv)
            else:
                state.owned.discard(bv)
            return
        if bv in state.uniform:
            # uniform + uniform stays uniform; uniform + array is a fresh array
            out.append(S.assign(bv, gast.BinOp(left=S.name(bv), op=gast.Add(), right=expr), like))
            if not uniform:
                state.uniform.discard(bv)
                state.owned.add(bv)
            return
        if self.kind(v) == ARRAY and bv in state.owned and shape and all(
                d is not None for d in shape):
            # an array only this gradient refers to: accumulate in place
            out.append(S.locate(gast.AugAssign(target=S.name(bv, store=True), op=gast.Add(),
                                               value=expr), like))
            return
        if self.kind(v) in (ARRAY, INT):
            total = gast.BinOp(left=S.name(bv), op=gast.Add(), right=expr)
        else:
            total = S.call("add_tree", [S.name(bv), expr])
        out.append(S.assign(bv, total, like))
        state.owned.add(bv) if self.kind(v) == ARRAY else state.owned.discard(bv)

    # ------------------------------------------------------------ rules
    def instantiate(self, op, g, atom, s):
        template = op.rule.vjp
        if template is None:
            raise self._no_rule(op)
        args = [atom(x) for x in op.args]
        kwargs = {k: atom(x) for k, x in op.kwargs.items()}
        try:
            bound = template.bind(args, kwargs)
        except TypeError as e:
            raise self.error(op.stmt, f"cannot match the call to {op.label} with its gradient "
                             f"rule: {e}")
        ans = S.name(op.target)
        with_ranks = S.RankFolder(self.a.ranks)
        stmts, results = template.instantiate([g, ans], bound, self.names,
                                              call_name=self.rule_name(op),
                                              prefold=None if self.opt.reference
                                              else with_ranks.visit)
        self.helpers.update(template.globals)
        self.helpers[self.rule_name(op)] = template.fn
        pairs = []
        params = template.differentiable_params
        for pname, r in zip(params, results):
            if r is None:
                continue
            node = bound.get(pname)
            if node is None:
                continue
            targets = _operand_names(node)
            if len(targets) == 1 and isinstance(node, gast.Name):
                if not self.opt.reference:
                    r = _elide_unbroadcast(r, self.renamed.get(node.id, node.id), op,
                                           self.a.shapes)
                pairs.append((self.renamed.get(node.id, node.id), r, False))
            elif targets and isinstance(node, (gast.List, gast.Tuple)):
                tmp = self.names.fresh("parts")
                stmts.append(S.assign(tmp, r, s))
                for k, e in enumerate(node.elts):
                    if isinstance(e, gast.Name):
                        pairs.append((self.renamed.get(e.id, e.id), S.expr(f"{tmp}[{k}]"),
                                      False))
        for x in stmts:
            S.locate(x, s)
        return stmts, pairs

    def rule_name(self, op):
        return "vjp_" + op.rule.vjp.name.strip("_")

    def index_adjoint(self, s, op, base, g, atom):
        bb = self.b(base)
        index = S.index_value(op.index)
        value = atom(op.args[0])  # the indexed value as it was (``xs = xs[::-1]``)
        out = []
        if base == op.target:  # the statement redefines its base: start from zero
            self._reset(out, base, emit=False)
        if self.kind(base) == ARRAY:
            if bb not in self.state.defined:
                out.append(S.assign(bb, S.call("index_add", [S.const(None), value, index, g]), s))
            elif bb in self.state.owned:
                out.append(S.assign(bb, S.call("index_add", [S.name(bb), value, index, g]), s))
            else:
                out.append(S.assign(bb, gast.BinOp(
                    left=S.call("index_add", [S.const(None), value, index, g]),
                    op=gast.Add(), right=S.name(bb)), s))
            self.state.defined.add(bb)
            self.state.owned.add(bb)
        else:
            prev = S.name(bb) if bb in self.state.defined else S.const(None)
            out.append(S.assign(bb, S.call("item_add", [prev, value, index, g]), s))
            self.state.defined.add(bb)
            self.state.owned.discard(bb)
        if base != op.target:
            self._reset(out, op.target, emit=False)
        self._materialize_if_carried(out, op.target, s)
        return out

    def store_adjoint(self, s, op, g):
        """``x[i] = v``: ``v`` gets ``b_x[i]``, and ``b_x[i]`` is zero before the store."""
        x = op.target
        bx = self.b(x)
        out = []
        value = op.args[0]
        if isinstance(value, gast.Name) and self.active(value.id):
            if self.kind(x) == ARRAY:
                part = S.expr("np.copy(b[i])", b=S.name(bx), i=S.copy(op.index))
                part = S.call("unbroadcast", [part, S.copy(value)])
            else:
                part = S.call("item_grad", [S.name(bx), S.index_value(op.index), S.copy(value)])
            self.contribute(out, self.state, value.id, part, like=s)
        if self.kind(x) == ARRAY:
            if bx not in self.state.owned:
                out.append(S.assign(bx, S.expr(f"np.array({bx}, dtype=float)"), s))
                self.state.owned.add(bx)
            out.append(S.assign(gast.Subscript(value=S.name(bx), slice=S.copy(op.index),
                                               ctx=gast.Store()), S.const(0.0), s))
        else:
            out.append(S.assign(bx, S.call("item_clear", [S.name(bx), S.index_value(op.index)]), s))
            self.state.owned.discard(bx)
        return out

    def append_adjoint(self, s, op, g, atom):
        xs = op.target
        bxs = self.b(xs)
        value = op.args[0]
        out = []
        part = self.names.fresh("b_item")
        out.append(S.assign(gast.Tuple(elts=[S.name(bxs), S.name(part)], ctx=gast.Store()),
                            S.call("pop_grad", [S.name(bxs), S.copy(value)]), s))
        if isinstance(value, gast.Name) and self.active(value.id):
            self.contribute(out, self.state, value.id, S.name(part), like=s)
        return out

    def literal_adjoint(self, s, op, g, out):
        value = op.stmt.value
        pairs = []
        if isinstance(value, gast.Dict):
            items = list(zip(value.keys, value.values))
        else:
            items = [(S.const(k), e) for k, e in enumerate(value.elts)]
        for key, e in items:
            if isinstance(e, gast.Name) and self.active(e.id):
                pairs.append((e.id, S.call("item_grad", [S.copy(g), S.copy(key), S.copy(e)]),
                              False))
        return pairs

    # ------------------------------------------------------------ control flow
    def adjoint_if(self, s):
        test = self.cond_copies.get(id(s), s.test)
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
                v = self._primal_of(bv)
                code.append(S.assign(bv, self._zero_before(v, s)))
            final.append(code)
        self.state = _State(defined, owned, own=not self.opt.reference)
        self.comment_line = None
        pop = []
        if id(s) in self.cond_saved:
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
        return self._primal_of(bv) in self._live_names

    def _primal_of(self, bv):
        for v, b in self.adj.items():
            if b == bv:
                return v
        raise KeyError(bv)

    def adjoint_loop(self, s):
        counter = self.counters.get(id(s))
        touched = self._adjoints_touched(s.body)
        # fixpoint: which gradients are live across iterations
        saved_names = set(self.names.taken)
        saved_adj = dict(self.adj)
        carried_outer = self.carried
        exposed_outer = self.exposed
        self.exposed = upward_exposed(s.body, self.a)
        entry = self.state.copy()
        key = (id(s), frozenset(entry.defined), frozenset(entry.owned))
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
            v = self._primal_of(bv)
            pre.append(S.assign(bv, self._zero(v)))  # after the loop: v is bound
            self.state.defined.add(bv)
            self.state.owned.add(bv)
        self.carried = carried_outer | carried
        self.state.owned &= owned | {b for b in carried - entry.defined}
        self.comment_line = None
        body = self.adjoint_block(s.body)
        for bv in sorted(carried - self.state.defined):
            body.append(S.assign(bv, self._zero_before(self._primal_of(bv), s)))
            self.state.defined.add(bv)
            self.state.owned.add(bv)
        self.carried = carried_outer
        self.exposed = exposed_outer
        self.comment_line = None
        deferred_pre, deferred_post = [], []
        if not self.opt.reference:
            body, deferred_pre, deferred_post = defer_accumulations(self, body, s)
        pre += deferred_pre
        i = s.target.id if isinstance(s, gast.For) else None
        text, lineno = self.parsed.source_line(s)
        head = [S.comment(f"adjoint of line {lineno}: {text}")] if lineno else []
        if counter is None:  # replay the range backwards
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
        keep = self.saved.get(id(s))
        if isinstance(keep, tuple):
            post.append(S.assign(i, S.name(keep[1]), s))
        if not body and counter is None:
            return post
        if not any(not isinstance(x, gast.Expr) or not S.is_comment(x) for x in body) \
                and counter is None:
            return post
        return head + pre + loop_stmts + post

    def _loop_fixpoint(self, s, entry, touched, carried_outer):
        """Gradients live across iterations (``carried``) and arrays still owned at the head."""
        carried = {b for b in entry.defined if b in touched and self._adjoint_live(b)}
        owned = set(entry.owned)
        saved_names, saved_adj = set(self.names.taken), dict(self.adj)
        for _ in range(FIXPOINT_LIMIT):
            self.carried = carried_outer | carried
            self.state = _State(entry.defined | carried, owned & entry.owned,
                                own=not self.opt.reference)
            self.adjoint_block(s.body)
            exit_defined = {b for b in (self.state.defined | (carried & self.exposed)) & touched
                            if self._adjoint_live(b)}
            new_carried = carried | exit_defined
            new_owned = owned & self.state.owned
            self.names.taken = set(saved_names)
            self.adj = dict(saved_adj)
            if new_carried == carried and new_owned == owned:
                break
            carried, owned = new_carried, new_owned
        else:
            raise not_converged("loop-carried gradients", FIXPOINT_LIMIT)
        return carried, owned

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

    # ------------------------------------------------------------ results
    def _results(self):
        out = []
        elts = []
        zero = self.opt.unconnected == "zero" or self.opt.zero_gradients
        for w in self.opt.wrt:
            if w in self.wrt_locals:
                src = S.name(self.wrt_locals[w])
                like = S.name(w)
            elif w in self.params and w in self.a.active and self.b(w) in self.state.defined:
                src = S.name(self.b(w))
                like = S.name(w)
            else:
                src = S.const(None)
                like = S.name(w)
            if w in self.wrt_locals and w not in self.a.active:
                src = S.const(None)
            if isinstance(src, gast.Constant) and not zero:
                elts.append(S.const(None))
                continue
            if self.opt.internal:  # another generated function consumes it: no re-checking
                elts.append(src if not isinstance(src, gast.Constant) else self._zero(w))
                continue
            args = [src, like] + ([S.const(True)] if zero else [])
            elts.append(S.call("finish", args))
        if len(elts) == 1 and not getattr(self.opt, "as_tuple", False):
            return out, elts[0]
        return out, gast.Tuple(elts=elts, ctx=gast.Load())




def _changes_in_place(op, v):
    """Does the statement change the array ``v`` holds (before it rebinds ``v``)? The
    run-time helpers that accumulate into their first argument do."""
    return op.kind == "prim" and op.func is index_add and op.args \
        and isinstance(op.args[0], gast.Name) and op.args[0].id == v


def _operand_names(node):
    return [n.id for n in gast.walk(node) if isinstance(n, gast.Name)]


def _elide_unbroadcast(expr, x, op, shapes):
    """``unbroadcast(e, x)`` is ``e`` when no other operand can broadcast ``x`` up.

    Known shape patterns decide it: every other operand has at most ``x``'s
    rank, and wherever ``x`` has an axis of length 1 so do they.
    """
    if not (isinstance(expr, gast.Call) and isinstance(expr.func, gast.Name)
            and expr.func.id == "unbroadcast" and len(expr.args) == 2):
        return expr
    px = shapes.get(x)
    for a in op.args:
        if isinstance(a, gast.Constant):
            if isinstance(a.value, (int, float)) and not isinstance(a.value, bool):
                continue
            return expr
        if not isinstance(a, gast.Name):
            return expr
        if a.id == x:
            continue
        pa = shapes.get(a.id)
        if pa == ():
            continue
        if px is None or pa is None or len(pa) > len(px):
            return expr
        for da, dx in zip(reversed(pa), reversed(px)):
            if dx is not False and da is not True:
                return expr
    return expr.args[0]


def _combine(contributions):
    """One expression per operand: ``h * h`` gives ``b_h = 2.0 * (g * h)``, not two statements."""
    order, total = [], {}
    for name, expr, owned in contributions:
        if name in total:
            prev = total[name][0]
            if S.dump(S.canonical(prev)) == S.dump(S.canonical(expr)):
                if isinstance(prev, gast.BinOp) and isinstance(prev.op, gast.Mult):
                    # 2.0 * g * x: scaling by two is exact, so this is 2.0 * (g * x) to
                    # the bit, and 2.0 * g can be computed once when g is loop-invariant
                    expr = gast.BinOp(left=gast.BinOp(left=S.const(2.0), op=gast.Mult(),
                                                      right=prev.left),
                                      op=gast.Mult(), right=prev.right)
                else:
                    expr = gast.BinOp(left=S.const(2.0), op=gast.Mult(), right=prev)
            else:
                expr = gast.BinOp(left=prev, op=gast.Add(), right=expr)
            total[name] = (expr, False)
        else:
            order.append(name)
            total[name] = (expr, owned)
    return [(n, total[n][0], total[n][1]) for n in order]


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
