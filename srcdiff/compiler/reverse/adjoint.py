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

from srcdiff.compiler.analysis.activity import ARRAY
from srcdiff.compiler.analysis.fixpoint import fixpoint
from srcdiff.compiler.analysis.recording import Definitions, SavePlanner, plan_saves
from srcdiff.compiler.analysis.wrt import check_wrt, last_assignments
from srcdiff.compiler.front.parse import local_names
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.names import Inverse
from srcdiff.compiler.optimize.facts import checking
from srcdiff.compiler.reverse.backward import BackwardStatements
from srcdiff.compiler.reverse.checkpoint import Checkpointing, backward_reads, checkpointed_loops
from srcdiff.compiler.reverse.contributions import Contributions
from srcdiff.compiler.reverse.control import ControlFlow
from srcdiff.compiler.reverse.primal import PrimalSweep
from srcdiff.compiler.reverse.records import keeps_records
from srcdiff.compiler.reverse.state import AdjointState, Needed
from srcdiff.compiler.reverse.undos import drop_unread_undos
from srcdiff.compiler.reverse.uniform import TopLevel
from srcdiff.errors import InternalError


class Reverse(PrimalSweep, BackwardStatements, Contributions, ControlFlow, Checkpointing):
    """The reverse generator. Its parts, one module each: the primal sweep (primal.py),
    the backward sweep of simple statements (backward.py), rule instantiation and
    gradient accumulation (contributions.py), compound statements (control.py); what
    is known at each point of the backward sweep is a :class:`state.AdjointState`."""

    def __init__(self, fn, analysis, parsed, names, options, adjoint_of_call):
        self.fn = fn
        self.a = analysis
        self.parsed = parsed
        self.names = names
        self.opt = options
        self.adjoint_of_call = adjoint_of_call  # (op, g, names) -> (stmts, {operand: expr})
        self.params = [arg.id for arg in fn.args.args]
        self.top = TopLevel(fn.body, analysis, parsed.all_names())
        self.definitions = Definitions(fn.body, analysis, self.params)  # defined_before
        self.needed = set()  # names some backward code reads (fixpoint in run)
        self._loop_facts = {}  # loop -> (carried, owned): the same in every pass of run
        self.renamed = {}  # pre-value name -> primal name, while one statement is processed
        self.comment_line = None
        self.current = None  # the statement whose adjoint is being made
        self._live_names = None  # see _adjoint_live
        self._order = None  # S.key(statement) -> its position in program order
        self.observed = {}  # S.key(statement) -> names its adjoint read (last round generated)
        self.no_recompute = set()  # temporaries a round showed must be saved instead
        self.planner = None  # recording.SavePlanner of the body (made in run)
        # (no_recompute, recompute) the last round's code allows: the next round's plan
        self._allowed = None
        # S.key(loop) -> its checkpoint schedule (checkpoint.py)
        self.checkpoints = checkpointed_loops(fn, parsed, options.checkpoint)
        # calls keep their callee's record only where nothing writes in place (records.py)
        self.may_record = getattr(options, "records", False) and not options.reference \
            and keeps_records(fn, analysis)
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
        self.planner = SavePlanner(body[:-1], self.a, self.params, self.opt.reference)
        self._allowed = None
        # A temporary is recomputed only if the adjoints that really read it (the
        # last round's code; every adjoint's operands before the first) allow it, and
        # the round's own code is checked against the same rule before it is kept.
        made = {}

        def generate(state):  # (values the backward sweep reads, temporaries saved instead)
            needed, _ = state
            self.needed = Needed(needed)
            self._reset_generation(taken)
            self._plan_saves(body[:-1])
            self.needed.asked = set()  # (the plan is compared whole, below)
            # A round whose inputs are the last round's makes the last round's code: the
            # generator reads ``needed`` only through the questions it asks (state.Needed
            # answers only those and keeps them), reads the last round's code only through
            # the plan of saves, and is deterministic. So when the plan is the last round's
            # and every name that round asked about gets the same answer, this round would
            # ask the same questions, make the same code and read the same names: the
            # last round's result stands (its reads are in ``needed``: the fixpoint is
            # reached), without generating it again. (Typically the second round changes no
            # answer the first asked for, so it is skipped; the check is the test.)
            inputs = (frozenset(self.no_recompute), dict(self.saved), dict(self.recompute))
            last = made.get("inputs")
            if last is not None and last == inputs \
                    and Needed.agree(made["asked"], made["needed"], needed):
                self.__dict__.update(made["generator"])
                self.names.taken = made["taken"]
                self.needed = set(needed)
                return needed | made["reads"], frozenset(self.no_recompute)
            made["sweeps"] = primal, adjoint, seed_stmts, results = self._sweeps(body[:-1], ret)
            asked = set(self.needed.asked)
            allowed = self._recomputable_now(body[:-1])
            if not set(self.recompute) <= allowed:  # another round, whatever this one read
                self.no_recompute |= set(self.recompute) - allowed
                made["inputs"] = None
                return needed, frozenset(self.no_recompute)
            made["reads"] = reads = self._reads(adjoint + [gast.Expr(value=results)])
            made["inputs"], made["generator"] = inputs, dict(self.__dict__)
            made["needed"], made["asked"] = needed, asked
            made["taken"] = self.names.taken
            return needed | reads, frozenset(self.no_recompute)

        fixpoint(generate, (frozenset(), frozenset(self.no_recompute)),
                 "values-the-backward-sweep-reads")
        primal, adjoint, seed_stmts, results = made["sweeps"]
        if not self.opt.reference and not self.checkpoints:
            primal, adjoint = drop_unread_undos(self, primal, adjoint, results)
        pre = [S.assign("_stack", gast.List(elts=[], ctx=gast.Load()))] if self.uses_stack else []
        pre += [S.assign(tape, gast.List(elts=[], ctx=gast.Load()))
                for tape in self.record_tapes()]
        if self.unbound_saved:
            pre.append(S.comment("names first bound inside loops or branches start unbound",
                                 heads=S.UNBOUND_INITS))
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
        for extra in ["grad_ys"] + [self.b(p) for p in self.opt.into]:
            args.args.append(S.name(extra, store=False))
            args.args[-1].ctx = gast.Param()
            args.defaults = list(args.defaults) + [S.const(None)]
        name = self.opt.name or ("grad_" + self.fn.name)
        out = gast.FunctionDef(name=name, args=args, body=new_body, decorator_list=[],
                               returns=None, type_comment=None, type_params=[])
        return out

    def record_tapes(self):
        """The lists holding one callee record per loop trip (calls.py), in order."""
        return [r[2] for r in self.call_records.values() if r[2] is not None]

    def _reset_generation(self, taken):
        """Forget everything one pass of generation produced (names included)."""
        self.names.taken = set(taken)
        self.adj = {}  # primal name -> adjoint name
        self.inverse = Inverse()  # adjoint name -> primal name (primal_of)
        self.saved = {}  # S.key(stmt) -> how its overwritten value is kept
        self.saved_names = {}  # a name holding a save -> the name saved (None: a copy)
        self.recompute = {}  # temporary -> its definition, recomputed instead of saved
        self.counters = {}  # S.key(loop) -> counter name (None when the loop is replayed by range)
        self.cond_copies = {}  # S.key(if) -> name holding the test
        self.cond_saved = set()  # S.key(if) whose test copy is kept per loop trip on _stack
        self.uses_stack = False
        self.unbound_saved = set()  # saved names that may be unbound at their first save
        self.wrt_locals = {}  # local wrt name -> capture name
        self.helpers = {}  # names the generated code needs -> objects
        self.carried = set()  # adjoints that must stay defined across loop iterations
        self.exposed = set()  # names read before assigned in the innermost loop's body
        self.ever_uniform = set()  # gradients that held a uniform scalar somewhere (AdjointState)
        self.nesting = 0  # blocks of the backward sweep being made (backward.py)
        self.into_fresh, self.into_zeros = set(), set()
        self.checkpoint_runs = {}  # S.key(loop) -> what checkpoint.py's two halves share
        # S.key(call) -> (record name, bwd_g, list of records or None, parameters into)
        self.call_records = {}

    def _sweeps(self, body, ret):
        outputs = ret.value.elts if isinstance(ret.value, gast.Tuple) else [ret.value]
        tuple_out = isinstance(ret.value, gast.Tuple)
        if self.opt.has_aux:  # (value, aux): aux is returned as computed, never seeded
            if not tuple_out or len(outputs) != 2:
                raise self.error(ret, "with has_aux=True the function must return a pair "
                                 "`value, aux` (the value to differentiate, and anything else)",
                                 hint="write the return as `return value, aux`")
            outputs, tuple_out = outputs[:1], False
        self.comment_line = None
        into = [self.b(p) for p in self.opt.into]  # (named first: the same in every round)
        self.into_fresh, self.into_zeros = set(into), set()  # (backward.py: first_into)
        primal = self.primal_block(body, depth=0)
        seed_stmts = [S.comment("seed: the gradient of the sum of the outputs", heads=S.SEED)]
        # a gradient passed in to accumulate into (calls.py) is an array of its parameter's
        # shape that only this sweep refers to: defined and owned from the start
        state = AdjointState(defined=into, owned=into, own=not self.opt.reference)
        gy = "grad_ys"
        if self.opt.seed_one:  # (grad_ys is None: nothing to check, every seed is ones)
            tuple_out = False
        if tuple_out and not self.opt.internal:
            gy = self.names.private("grad_ys")
            seed_stmts.append(S.assign(gy, S.expr(f"check_outputs(grad_ys, {len(outputs)})")))
        for k, out in enumerate(outputs):
            src = S.expr(f"{gy}[{k}]") if tuple_out else S.name(gy)
            if self.opt.seed_one:
                src = S.const(None)
            where = [S.const(k)] if tuple_out else []
            if not isinstance(out, gast.Name) or not self.active(out.id):
                if not self.opt.internal and not self.opt.seed_one:  # still check its grad_ys
                    seed_stmts.append(gast.Expr(value=self._seed(src, out, where)))
                continue
            if self.opt.internal and not tuple_out and self.kind(out.id) == ARRAY \
                    and not self.opt.reference:
                # a single array (or number) output: its caller's gradient of it, defined
                # wherever the caller's adjoint runs (backward.py), is never None, so it
                # is not read for a zero's shape (the record does not keep it for that)
                seed = S.name(src.id)
            elif self.opt.internal:
                seed = S.call("cotangent", [src, S.copy(out)])
            else:
                seed = self._seed(src, out, where)
            self.contribute(seed_stmts, state, out.id, seed, owned=False)
        self.state = state
        adjoint = self.adjoint_block(body)
        for p, bv in zip(self.opt.into, into):  # (backward.py: first_into)
            if bv in self.into_zeros | self.into_fresh:  # None passed in: start from zeros
                seed_stmts.append(S.assign(bv, S.call("cotangent", [S.name(bv), S.name(p)])))
        result_stmts, results = self._results()
        return primal, adjoint + result_stmts, seed_stmts, results

    def _seed(self, src, out, where):
        """``seed(grad_ys, out)``; for an output known to be a float scalar, a seed that
        does not read the output, so the work computing only the output's value is dead.
        Not where the function may make a complex value (analysis/complex_values.py): a
        0-d output may then be complex, and its cotangent complex (``scalar_seed`` checked
        it as a real output's: `sd.vjp(lambda a: a * 1j)(2.0)[1](1j)` was refused)."""
        if isinstance(out, gast.Name) and self.a.shapes.get(out.id) == () \
                and self.a.kinds.get(out.id) == ARRAY and not self.opt.reference \
                and not self.opt.complex_outputs:  # (not for dask arguments: a float seed)
            if self.opt.seed_one:  # (the seed grad_ys=None stands for, exactly)
                return S.const(1.0)
            return S.call("scalar_seed", [src] + where)
        return S.call("seed", [src, S.copy(out)] + where)

    def _reads(self, stmts):
        return backward_reads(stmts) - set(self.adj.values())

    def _check_wrt(self):
        check_wrt(self.fn, self.params, self.a, self.opt.wrt, local_names(self.parsed.node),
                  self.error)
        # a local's gradient is captured at its last assignment (backward.py), a top-level one
        self.wrt_last = {S.key(s): w for w, s in last_assignments(
            self.fn, self.params, self.a, self.opt.wrt, "reverse", self.error).items()}

    # ------------------------------------------------------------ analysis of needs
    def _reads_of(self, op):
        names = set()
        if op.kind in ("prim", "call"):
            for x in op.args + list(op.kwargs.values()):
                names |= S.loaded_names(x)
            names.add(op.target)
            names |= self.join_entries(op)  # (read by join_adjoint: contributions.py)
        elif op.kind in ("index", "store"):
            names |= S.loaded_names(op.index)
            names.add(op.target if op.kind == "store" else op.args[0].id)
            names |= {x.id for x in op.args if isinstance(x, gast.Name)}
            if op.kind == "index":  # (a uniform gradient of the read is spread to its shape)
                names.add(op.target)
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
        # The temporaries recomputed are the ones the last round's code allows, found by
        # _recomputable_now with the same inputs when no_recompute has not grown since:
        # ``observed`` changes only while a round generates, and recording._recomputable
        # reads nothing else that changes between rounds (not ``needed``).
        never = frozenset(self.no_recompute)
        allowed, self._allowed = self._allowed, None
        if allowed is not None and allowed[0] == never:
            recompute = dict(allowed[1])
        else:
            recompute = self.planner.recomputable(self._adjoint_reads, self._op_active, never)
        self.saved, self.recompute = self.planner.saves(self.needed, recompute), recompute
        if checking():  # (SRCDIFF_CHECK_FACTS=1: the plan is the plain one, in order)
            plain = plan_saves(body, self.a, self.params, self.needed.names, self._adjoint_reads,
                               self._op_active, never, self.opt.reference)
            if [list(d.items()) for d in plain] != [list(self.saved.items()),
                                                    list(self.recompute.items())]:
                raise InternalError(f"the plan of saves of {self.fn.name!r} differs from "
                                    f"plan_saves from scratch: {plain} != "
                                    f"{(self.saved, self.recompute)}")

    def _adjoint_reads(self, op, stmt):
        """Names the adjoint of ``stmt`` reads: as generated in the last round, else
        every name the statement involves."""
        seen = self.observed.get(S.key(stmt))
        return self._reads_of(op) if seen is None else seen

    def _recomputable_now(self, body):
        """Temporaries the code just generated may recompute (recording.py's rule applied
        to what each adjoint really read); kept for the next round's plan."""
        never = frozenset(self.no_recompute)
        allowed = self.planner.recomputable(self._adjoint_reads, self._op_active, never)
        self._allowed = (never, allowed)
        return set(allowed)

    # ------------------------------------------------------------ results
    def _results(self):
        out = []
        elts = []
        # the parameters whose returned gradient is a fresh array nothing else refers to
        # (owned where the sweep ends: not its grad_ys, not a view or a broadcast); a caller
        # keeping the record may update it in place (calls.py, driver.Context.owned)
        st = self.state
        self.owned_results = frozenset(
            w for w in self.opt.wrt if w not in self.wrt_locals and self.b(w) in st.owned
            and self.b(w) in st.defined and self.b(w) not in st.uniform
            and (w in self.opt.into or (w in self.params and w in self.a.active)))
        zero_all = self.opt.unconnected == "zero" or self.opt.zero_gradients
        shared = []  # the results before that the code does not own either
        for w in self.opt.wrt:
            zero = zero_all or w in self.opt.zero_for  # (connected through free shifts)
            if w in self.wrt_locals:
                cap, kept = self.wrt_locals[w]
                src, like = S.name(cap), S.name(kept or w)
            elif w in self.opt.into or (w in self.params and w in self.a.active
                                         and self.b(w) in self.state.defined):
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
            if w not in self.owned_results and not isinstance(src, gast.Constant):
                # not owned: it may share memory with the caller's grad_ys (a view of it,
                # itself) or a gradient returned before; finish copies it then
                args = [src, like, S.const(zero), gast.Tuple(
                    elts=[S.name("grad_ys")] + [S.copy(a) for a in shared], ctx=gast.Load())]
                shared.append(src)
            elts.append(S.call("finish", args))
        if len(elts) == 1 and not getattr(self.opt, "as_tuple", False):
            return out, elts[0]
        return out, gast.Tuple(elts=elts, ctx=gast.Load())


