"""The compiler's driver: one function per transform, reading top to bottom.

    parse -> normalize -> analyze -> reverse -> optimize -> emit
"""

import contextlib
import gc
import sys
import threading
from typing import Any, Optional, Sequence

import gast

from srcdiff.compiler.analysis import effects, refusals
from srcdiff.compiler.analysis.activity import ARRAY, INT, analyze
from srcdiff.compiler.analysis.aliasing import check_mutations, outputs_changed_in_place
from srcdiff.compiler.analysis.complex_values import may_make_complex
from srcdiff.compiler.analysis.dtypes import (
    chains_to_split,
    check_chained_stores,
    check_integer_stores,
    held_values,
    in_place_shapes,
    inexact_names,
)
from srcdiff.compiler.analysis.facts import (
    array_api_of,
    dict_arguments,
    dict_entries,
    other_library_arrays,
    record_fields,
    sequence_arguments,
    zero_d,
)
from srcdiff.compiler.analysis.list_arguments import concatenations, lists_as_arrays, repetitions
from srcdiff.compiler.analysis.ops import is_user_function
from srcdiff.compiler.analysis.returns import Returns
from srcdiff.compiler.analysis.sameshape import same_shapes
from srcdiff.compiler.analysis.sequences import check_sequence_arithmetic
from srcdiff.compiler.analysis.shift import free_shifts
from srcdiff.compiler.emit import array_api, reserved
from srcdiff.compiler.emit import execute as emit
from srcdiff.compiler.emit import verify as verifier
from srcdiff.compiler.emit.execute import Compiled
from srcdiff.compiler.emit.reserved import RESERVED, check_forward_names, check_reserved_names
from srcdiff.compiler.forward.state import ForwardOptions
from srcdiff.compiler.forward.tangent import Forward
from srcdiff.compiler.front.aliases import views_to_read
from srcdiff.compiler.front.fused import fuse_log_ratios
from srcdiff.compiler.front.logistic import fuse_logistics
from srcdiff.compiler.front.normalize import normalize
from srcdiff.compiler.front.parse import function_name, parse_function
from srcdiff.compiler.front.shared_values import share_values
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.names import NameGen
from srcdiff.compiler.optimize import passes as optimizer
from srcdiff.compiler.optimize.contractions import sum_products
from srcdiff.compiler.optimize.dead import primal_facts
from srcdiff.compiler.optimize.planes import planewise_ops
from srcdiff.compiler.optimize.release import patterns_of, release
from srcdiff.compiler.optimize.scatters import lower_owned_scatters
from srcdiff.compiler.optimize.seed import fold_seed
from srcdiff.compiler.optimize.sums import short_sums
from srcdiff.compiler.optimize.views import products_into_views
from srcdiff.compiler.reverse import records
from srcdiff.compiler.reverse.adjoint import Reverse
from srcdiff.compiler.reverse.calls import adjoint_of_call, bare_result
from srcdiff.compiler.reverse.checkpoint import may_checkpoint
from srcdiff.compiler.reverse.negated import negated_sweep
from srcdiff.compiler.reverse.shapesaves import shape_only_saves
from srcdiff.compiler.reverse.state import ReverseOptions
from srcdiff.rules import DEFAULT
from srcdiff.types import Function, Generated


class Context:
    """What one compilation shares: the rule registry and the functions generated so far.

    Adjoints of called user functions are compiled here, each into its own
    namespace (the callee's globals), and shared by every caller.
    """

    def __init__(self, registry=None, taken=(), optimize=True, verify=False, reuse=None,
                 standins=True):
        self.optimize = optimize  # False: the reference pipeline, for callees too
        # values read only for their shape are taped as stand-ins (reverse/shapesaves.py):
        # runtime.shape_only, which the numba backend has no version of (it passes False);
        # not in code that is differentiated again (reuse=False: it reads plain tapes)
        self.standins = standins and reuse is not False
        # `[0.0] * n` made repeat_sequence(...) (analysis/list_arguments.py): not for numba,
        # which has no compiled version of it (there the product's kind stays unknown)
        self.repeat_constants = standins
        # backward sweeps delete arrays after their last read (optimize/release.py); not in
        # code that is differentiated again (compiled with reuse=False: no `del` to read)
        self.release = optimize and reuse is not False
        # calls keep their callee's record for its adjoint (records.py); the reference
        # pipeline runs the callee's primal again instead (the plainest correct adjoint)
        self.reuse = optimize if reuse is None else reuse
        self.records = {}  # (function, wrt, facts) -> (fwd name, bwd name), or None
        # backward sweeps of a negated cotangent (reverse/negated.py): bwd_g <-> bwd_g_neg,
        # each made once bwd_g's code is final (``finished``: bwd name -> (node, parsed))
        self.sweeps, self.pairs, self.finished, self.pending = set(), {}, {}, set()
        # bwd_g -> the parameters whose returned gradient is a fresh array (calls.py)
        self.owned = {}
        self.verify = verify  # the generated code checks the sweep's invariant (verify.py)
        self.registry = registry or DEFAULT
        self.helpers = {}  # name -> object, for every generated namespace
        self.array_api = None  # the array-API module the arguments' arrays are of, if any
        # may the first function compiled, or any function it calls, make complex values
        # (analysis/complex_values.py)? Then no gradient accumulates in place: a callee's
        # cotangent may be complex although the callee makes none
        self.complex_values = None
        self.functions = []  # generated adjoints of called user functions, in order
        self.adjoints = {}  # (function, wrt, facts) -> generated name
        self.tangents = {}  # the same for forward mode
        self.namespaces = []  # namespaces of generated callee adjoints
        self.function_names = NameGen(taken)
        # the facts of what called user functions return (analysis/returns.py)
        self.returns = Returns(self.registry, RESERVED, _srcdiff_code)

    def namespace(self, parsed):
        """The names the code generated from ``parsed`` runs with (emit/execute.py)."""
        return emit.base_namespace(parsed.namespace, self.helpers, self.array_api)

    def check_array_api(self, nodes, parsed, ns):
        """For array-API arguments: refuse NumPy-only code before it runs (emit/array_api.py)."""
        if self.array_api is None:
            return
        if self.verify:
            raise parsed.error(parsed.node, "verification mode compares values with NumPy's "
                               f"functions, which do not run on {self.array_api} arrays",
                               hint="verify the gradient on NumPy arrays (verify=False here)")
        array_api.refuse_numpy_only(self.functions + list(nodes), parsed,
                                    self.namespaces + [ns] * len(nodes), self.array_api)

    def adjoint_name(self, fn, wrt, facts):
        key = (fn, wrt, facts)
        name = self.adjoints.get(key)
        if name is not None:
            return name
        name = self.function_names.fresh("grad_" + function_name(fn))
        self.adjoints[key] = name
        node, parsed, _ = reverse_function(
            fn, list(wrt), arg_facts=dict(facts), name=name, as_tuple=True, context=self,
            zero_gradients=True, internal=True)
        source = emit.module_source([node])
        ns = emit.load(source, self.namespace(parsed), name, parsed, [node])
        self.functions.append(node)
        self.namespaces.append(ns)
        self.helpers[name] = ns[name]
        return name

    def record_names(self, fn, wrt, facts):
        """``(fwd_g, bwd_g)`` for a called user function whose adjoint may reuse the record
        of its primal sweep (records.py), compiled once; None when it writes in place."""
        key = (fn, wrt, facts)
        if key in self.records:
            return self.records[key]
        self.records[key] = None
        if not self.reuse or _srcdiff_code(fn):
            return None
        parsed = parse_function(fn)
        arg_facts = dict(facts)
        anf, _ = normalize(parsed, RESERVED, records=record_fields(arg_facts),
                           writes_into_argument=effects.writes_into_argument(self.registry))
        seeds = [w for w in wrt if arg_facts.get(w, (None,))[0] != INT]
        analysis = analyze(anf, parsed, self.registry, is_user_function, seeds, (), arg_facts)
        if not records.in_place_free(anf, analysis):
            return None
        base = function_name(fn)
        into = tuple(w for w in wrt if _accumulates(w, analysis, arg_facts))
        names = (self.function_names.fresh("fwd_" + base),
                 self.function_names.fresh("bwd_" + base), into)
        self.records[key] = names  # before compiling: recursive calls find them
        self.sweeps.add(names[1])
        # one gradient: bwd_g returns it bare, not in a 1-tuple (calls.py: bare_result)
        node, parsed, _ = reverse_function(
            fn, list(wrt), arg_facts=dict(facts), name=names[0], as_tuple=not bare_result(wrt),
            context=self, zero_gradients=True, internal=True, return_value=True, into=into)
        self.owned[names[1]] = node._srcdiff_generator.owned_results
        pair = records.split(node, *names[:2])
        ns = emit.load(emit.module_source(pair), self.namespace(parsed), names[0], parsed,
                       list(pair))
        for name, node in zip(names[:2], pair):  # (functions and namespaces: parallel lists)
            self.functions.append(node)
            self.namespaces.append(ns)
            self.helpers[name] = ns[name]
        self.finished[names[1]] = (pair[1], parsed)
        if names[1] in self.pending:
            self._negate(names[1])
        return names

    def negated_call(self, name):
        """The other function of the pair of the generated backward sweep ``name``
        (``bwd_g`` -> ``bwd_g_neg`` and back), None for any other function. ``bwd_g_neg``
        is made once ``bwd_g`` is compiled (at once, or at the end of record_names)."""
        if name in self.pairs:
            return self.pairs[name]
        if name not in self.sweeps:
            return None
        other = self.function_names.fresh(name + "_neg")
        self.pairs[name], self.pairs[other] = other, name
        if name in self.finished:
            self._negate(name)
        else:
            self.pending.add(name)
        return other

    def _negate(self, name):
        self.pending.discard(name)
        bwd, parsed = self.finished[name]
        node = negated_sweep(bwd, self.pairs[name],
                             lambda f: f in self.sweeps or f in self.pairs, self.negated_call)
        ns = emit.load(emit.module_source([node]), self.namespace(parsed), node.name, parsed,
                       [node])
        self.functions.append(node)
        self.namespaces.append(ns)
        self.helpers[node.name] = ns[node.name]

    def tangent_name(self, fn, wrt, facts):
        """The name of the generated ``jvp_g`` for a called user function (compiled once)."""
        table = self.tangents
        key = (fn, wrt, facts)
        name = table.get(key)
        if name is not None:
            return name
        name = self.function_names.fresh("jvp_" + function_name(fn))
        table[key] = name  # before compiling: recursive calls find it
        node, parsed, _ = forward_function(fn, list(wrt), arg_facts=dict(facts), name=name,
                                           as_tuple=True, context=self)
        source = emit.module_source([node])
        ns = emit.load(source, self.namespace(parsed), name, parsed, [node])
        self.functions.append(node)
        self.namespaces.append(ns)
        self.helpers[name] = ns[name]
        return name

    def link(self, ns):
        """Give every generated namespace every generated function (mutual recursion)."""
        for other in self.namespaces + [ns]:
            for k, v in self.helpers.items():
                other.setdefault(k, v)


def front_end(fn, wrt, stop, arg_facts, ctx, entry, check_names):
    """Parse, normalize and analyze ``fn`` for one transform: ``(parsed, anf, names, analysis)``.

    ``entry`` is the generated function's name (reserved in ``ctx``), and
    ``check_names(parsed)`` refuses names the generated code needs.
    """
    parsed = parse_function(fn)
    ctx.function_names.reserve(entry, *parsed.namespace)
    check_names(parsed)
    wrt, stop = parsed.compiled_names(wrt), parsed.compiled_names(stop)  # (renames.py)
    refusals.check_stop(parsed, stop)
    arg_facts = arg_facts or {}
    seeds = [w for w in wrt if arg_facts.get(w, (None,))[0] != INT]
    held = None  # (again when views of arrays are changed in place: front/aliases.py)
    parsed.split_chains = frozenset()  # (and for chained stores into lists: front/chains.py)
    while True:
        anf, names = normalize(parsed, RESERVED, dict_arguments(arg_facts),
                               sequence_arguments(arg_facts), dict_entries(arg_facts),
                               record_fields(arg_facts), held,
                               effects.writes_into_argument(ctx.registry))
        if ctx.optimize:  # (not in the reference pipeline: front/shared_values.py)
            share_values(parsed, anf, RESERVED)
            if ctx.standins:  # (nor for the numba backend: front/fused.py)
                fuse_log_ratios(parsed, anf, names)
                fuse_logistics(parsed, anf, names, stop)  # (front/logistic.py)
        analysis = analyze(anf, parsed, ctx.registry, is_user_function, seeds, stop,
                           arg_facts, returns=ctx.returns)
        if (split := parsed.split_chains | chains_to_split(anf, analysis)) \
                != parsed.split_chains:
            parsed.split_chains = split
        elif held is not None or not views_to_read(parsed.node, held := held_values(analysis)):
            break
    if lists_as_arrays(anf, analysis, parsed, names) | concatenations(anf, analysis, parsed) \
            | repetitions(anf, analysis, parsed, ctx.repeat_constants) \
            | (not _srcdiff_code(fn)  # (m op= v: NumPy keeps m's shape and dtype: dtypes.py)
               and in_place_shapes(anf, analysis, parsed, names, arg_facts,
                                   ctx.optimize and not ctx.verify)):
        analysis = analyze(anf, parsed, ctx.registry, is_user_function, seeds, stop,
                           arg_facts, returns=ctx.returns)
    if not _srcdiff_code(fn):
        refusals.refuse_varied_options(parsed, analysis)
        refusals.refuse_varied_keys(parsed, analysis)
        refusals.refuse_varied_bit_operators(parsed, analysis)
    return parsed, anf, names, analysis


def _srcdiff_code(fn):
    """srcdiff's own code, compiled again for higher derivatives: the rules' helpers (whose
    options get integers computed from the arguments, which the analysis cannot tell from
    floats) and generated functions (whose options were checked in the user's code)."""
    code = getattr(fn, "__code__", None)
    if getattr(fn, "__srcdiff_composite__", False):  # (rules/composites.py: like a user's)
        return False
    return (getattr(fn, "__module__", None) or "").startswith("srcdiff.") or (
        code is not None and code.co_filename.startswith("<srcdiff"))


def reverse_function(fn: Function, wrt: Sequence[str], *, stop: Sequence[str] = (),
                     unconnected: str = "none", return_value: bool = False,
                     arg_facts: Optional[dict] = None, name: Optional[str] = None,
                     as_tuple: bool = False, context: Optional["Context"] = None,
                     zero_gradients: bool = False, internal: bool = False,
                     optimize: bool = True, verify: bool = False,
                     has_aux: bool = False, checkpoint: Any = None,
                     reuse: Optional[bool] = None, into: Sequence[str] = (),
                     standins: bool = True, numbers: Sequence[str] = (),
                     seed_one: bool = False) -> Generated:
    """Compile the reverse-mode gradient of ``fn``; return (gast FunctionDef, parsed, context).

    ``optimize=False`` gives the reference pipeline (SPEC §8): the plainest correct
    adjoint. ``verify=True`` makes the generated code check, at each backward read,
    that a primal value is the one the primal sweep had (verify.py). A ``context``
    brings its own settings of both, shared by every callee's adjoint. ``checkpoint``
    (None, "sqrt", "binomial" or an int) checkpoints the function's outermost loops
    (reverse/checkpoint.py); ``# srcdiff: checkpoint`` marks loops anywhere. ``reuse``
    (default: with the optimizer) lets calls keep their callee's record (records.py);
    a checkpointed compilation keeps none (its segments re-run the primal sweep).
    ``standins=False``: code for the numba backend (no runtime.shape_only; Context).
    ``numbers``: parameters that hold a number at every call (checked at a written
    module's entry: cli/annotations.py), which no in-place write can change.
    ``seed_one``: the gradient for ``grad_ys=None`` only (api/seeded.py, optimize/seed.py).
    """
    ctx = context or _context(arg_facts, optimize=optimize, verify=verify, reuse=reuse,
                                  standins=standins)
    if checkpoint not in (None, False) and context is None:
        ctx.reuse = False
    entry = name or "grad_" + function_name(fn)
    parsed, anf, names, analysis = front_end(fn, wrt, stop, arg_facts, ctx, entry,
                                             check_reserved_names)
    wrt, stop = parsed.compiled_names(wrt), parsed.compiled_names(stop)
    ever = {}
    sharers = check_mutations(anf, analysis, parsed, ctx.registry,
                              mutable_scalars=zero_d(arg_facts), ever=ever,
                              buffers=not may_checkpoint(parsed, checkpoint), numbers=numbers)
    if not _is_generated(parsed):
        check_integer_stores(anf, analysis, parsed, _params(anf), arg_facts or {})
        check_chained_stores(anf, analysis, parsed)
        check_sequence_arithmetic(anf, analysis, parsed, arg_facts)
    refusals.refuse_undone_appends(anf, parsed)
    # shifts the output does not depend on (a log-sum-exp's max): constants (a zero gradient;
    # a wrt reaching the output through them only: zeros, as the reference); verify checks
    free, connected = free_shifts(anf, analysis) if ctx.optimize else set(), analysis.active
    if free and not ctx.verify:
        seeds = [w for w in wrt if (arg_facts or {}).get(w, (None,))[0] != INT]
        analysis = analyze(anf, parsed, ctx.registry, is_user_function, seeds,
                           list(stop) + sorted(free), arg_facts, returns=ctx.returns)
        analysis.free_shifts = frozenset(free)  # (their operands may raise: dead.py _needed)
    # slices of one array read at one time, and elementwise arithmetic on them: equal shapes
    # whose lengths are unknown (their unbroadcasts are dropped; verification checks them)
    analysis.same_shapes = same_shapes(anf, analysis) if ctx.optimize else None
    analysis.sharers, analysis.ever_sharers = sharers, ever  # (stores undone for them too)
    options = ReverseOptions(wrt, stop=stop, unconnected=unconnected, return_value=return_value,
                             name=name, zero_gradients=zero_gradients, internal=internal,
                             reference=not ctx.optimize, verify=ctx.verify, has_aux=has_aux,
                             checkpoint=checkpoint, into=into)
    options.as_tuple, options.seed_one = as_tuple, seed_one and ctx.optimize
    options.zero_for = {w for w in wrt if w in connected and w not in analysis.active}
    if ctx.complex_values is None:
        ctx.complex_values = may_make_complex(parsed)  # (its callees' sources read too)
    options.complex_outputs = ctx.complex_values  # (+ dask, CuPy: none accumulates in place)
    options.complex_values = ctx.complex_values or other_library_arrays(arg_facts)
    options.free_shifts = free if ctx.verify else set()  # checked zero (backward.py)
    if return_value:  # outputs the backward sweep restores in place are returned as copies
        options.snapshot_value = outputs_changed_in_place(anf, analysis, ctx.registry)
    options.records = ctx.reuse and not _srcdiff_code(fn)  # calls keep records (records.py)
    # gradient buffers handed over and passed on (reverse/handover.py): they leave names that
    # alias an array updated in place, which code differentiated again must not have
    options.hand_over = options.records
    rev = Reverse(anf, analysis, parsed, names, options, adjoint_of_call)
    rev.context = ctx
    out = rev.run()
    ctx.helpers.update(rev.helpers)
    user = parsed.all_names()
    keep = user | {rev.adj[u] for u in user if u in rev.adj} | {"grad_ys", "_stack"}
    # array gradients keep their own line; scalar ones fold (which matters in Python loops)
    keep |= {b for v, b in rev.adj.items() if analysis.shapes.get(v) != ()}
    scalars = {v for v, p in analysis.shapes.items() if p == ()}
    scalars |= {rev.adj[v] for v in scalars if v in rev.adj}
    if options.seed_one and not options.complex_values:  # (a real x * 1.0 is x exactly)
        gradients = set(rev.adj.values())
        out.body = fold_seed(out.body, gradients, gradients | inexact_names(
            anf, analysis, parsed, _params(anf), arg_facts or {}))
    if ctx.optimize:
        out = optimizer.optimize(out, keep, gradients=set(rev.adj.values()), scalars=scalars,
                                verify=ctx.verify, negated=ctx.negated_call if ctx.reuse else None,
                                known_pure=effects.library_calls(out, parsed, ctx.registry),
                                arrays=_arrays(analysis, rev.adj), **primal_facts(analysis),
                                outputs=_outputs(anf), made_from=[anf, parsed.node, *ctx.functions])
        if ctx.standins:  # values the backward sweep reads only for their shape
            out = shape_only_saves(out, scalars)
            # (not numba's code, nor code differentiated again)
            out.body = lower_owned_scatters(out.body, ctx.verify)
            if ctx.array_api is None:  # sums over an axis, as NumPy adds them but faster
                out.body = short_sums(out.body, ctx.verify)
                out = products_into_views(out, ctx.verify)  # (and products scattered)
                # products summed by unbroadcast: one einsum or matmul, no product array
                out = sum_products(out, set(rev.adj.values()),
                                  patterns_of(analysis.shapes, rev.adj), ctx.verify)
                out.body = planewise_ops(out.body, ctx.verify)  # (X[:, None, :] - ...)
    if ctx.verify:
        out = verifier.instrument(out, rev)
    if ctx.release:
        out = release(out, _arrays(analysis, rev.adj), patterns_of(analysis.shapes, rev.adj))
    out._srcdiff_generator = rev  # what made it (explain.py maps its lines to the user's)
    return out, parsed, ctx


def _accumulates(w, analysis, arg_facts):
    """May the caller pass parameter ``w``'s gradient in for the callee's backward sweep to
    accumulate into (calls.py)? When ``w`` is an array not known to be a scalar (a plain
    fact: no container, 0-d or other library's array) that the function never rebinds, so
    its gradient variable holds the gradient of the value passed from entry to exit."""
    fact = arg_facts.get(w)
    return w in analysis.active and not analysis.assign_count.get(w, 0) \
        and isinstance(fact, tuple) and len(fact) == 2 and fact[0] == ARRAY \
        and fact[1] != ()


def _outputs(anf):
    """The names the function returns (its outputs)."""
    return {v for n in dataflow.nodes(anf) if isinstance(n, gast.Return) and n.value
            is not None for v in S.loaded_names(n.value)}


def _arrays(analysis, adj):
    """Variables that hold arrays (or values whose shape is not known to be a scalar's)
    and their adjoints: what the backward sweep may delete (optimize/release.py)."""
    out = {v for v, k in analysis.kinds.items() if k == ARRAY and analysis.shapes.get(v) != ()}
    return out | {adj[v] for v in out if v in adj}


def compile_reverse(fn: Function, wrt: Sequence[str], **options: Any) -> Compiled:
    """Compile and load; return a :class:`Compiled` whose entry is the gradient function."""
    with deep_recursion():
        node, parsed, ctx = reverse_function(fn, wrt, **options)
        return load(node, parsed, ctx, *effects.argument_changes(parsed, ctx.registry,
                                                         options.get("arg_facts")))


def compile_pullback(fn: Function, wrt: Sequence[str], **options: Any):
    """``sd.vjp``'s sweeps: ``(fwd, bwd, source, apart)`` with ``fwd(*args) -> (value,
    record)`` and ``bwd(record, cotangent) -> gradients`` (records.py: ``bwd`` may take the
    same record back any number of times), or None when ``fn`` writes into a value in place
    (its backward sweep then restores values the record holds); ``apart``: execute.py's."""
    with deep_recursion():
        entry = "vjp_" + function_name(fn)
        node, parsed, ctx = reverse_function(fn, wrt, return_value=True, name=entry, **options)
        rev = node._srcdiff_generator
        if not records.in_place_free(rev.fn, rev.a):
            return None
        base = function_name(fn)
        names = ctx.function_names.fresh("fwd_" + base), ctx.function_names.fresh("bwd_" + base)
        pair = records.split(node, *names)
        source = emit.module_source(list(pair))
        ns = emit.load(source, ctx.namespace(parsed), names[0], parsed, list(pair))
        ctx.link(ns)
        ctx.check_array_api(pair, parsed, ns)
        writes, checked = effects.argument_changes(parsed, ctx.registry, options.get("arg_facts"))
        made = emit.Compiled(source, ns, names[0], writes, len(parsed.node.args.args),
                             ctx.namespaces, checked, getattr(parsed.fn, "consts", ()))
        fwd = made.call  # (guarded, and checked: emit/execute.py ``written_apart``)
        bwd = ns[names[1]]
        if ctx.array_api is not None:
            fwd, bwd = (array_api.converting(f, ctx.array_api) for f in (fwd, bwd))
        return fwd, bwd, emit.module_source(ctx.functions + list(pair)), made.apart


# ---------------------------------------------------------------- forward mode


def forward_function(fn: Function, wrt: Sequence[str], *, stop: Sequence[str] = (),
                     arg_facts: Optional[dict] = None, name: Optional[str] = None,
                     as_tuple: bool = False, context: Optional["Context"] = None,
                     entry: bool = False, numbers: Sequence[str] = ()) -> Generated:
    """Compile the forward-mode (JVP) function of ``fn``: (gast FunctionDef, parsed, context).

    The generated ``jvp_<fn>`` takes ``fn``'s parameters plus ``tangents`` (one
    tangent per ``wrt`` name, a tuple when there are several or ``as_tuple``)
    and returns ``(value, tangent)``, the tangent shaped like the value (``entry``: as
    ``sd.jvp`` returns it, runtime.output_tangent; a written module's). ``numbers``: as
    reverse_function's.
    """
    ctx = context or _context(arg_facts)
    parsed, anf, names, analysis = front_end(fn, wrt, stop, arg_facts, ctx,
                                             name or "jvp_" + function_name(fn),
                                             check_forward_names)
    wrt, stop = parsed.compiled_names(wrt), parsed.compiled_names(stop)
    if not _is_generated(parsed):
        check_mutations(anf, analysis, parsed, ctx.registry, allow_pop=True,
                        mutable_scalars=zero_d(arg_facts), numbers=numbers)
        check_integer_stores(anf, analysis, parsed, _params(anf), arg_facts or {})
        check_chained_stores(anf, analysis, parsed)
        check_sequence_arithmetic(anf, analysis, parsed, arg_facts)
    options = ForwardOptions(wrt, stop, name, as_tuple, entry)
    fwd = Forward(anf, analysis, parsed, names, options, ctx)
    out = fwd.run()
    ctx.helpers.update(fwd.helpers)
    # the user's names and their tangents keep their own lines, as array tangents do;
    # scalar temporaries fold into their single use (which matters in Python loops)
    user = parsed.all_names()
    keep = user | {fwd.tan[u] for u in user if u in fwd.tan} | {"tangents"}
    keep |= {t for v, t in fwd.tan.items() if analysis.shapes.get(v) != ()}
    # (the user's dead code as reverse mode keeps it: optimize/dead.py, forward_primal)
    out = optimizer.optimize(out, keep, known_pure=effects.library_calls(out, parsed, ctx.registry),
                             **primal_facts(analysis), outputs=_outputs(out),
                             primal_names=S.all_names(anf))
    out._srcdiff_generator = fwd  # what made it (api/explain.py maps its lines to the user's)
    return out, parsed, ctx


def compile_forward(fn: Function, wrt: Sequence[str], **options: Any) -> Compiled:
    """Compile and load; return a :class:`Compiled` whose entry is the JVP function."""
    with deep_recursion():
        node, parsed, ctx = forward_function(fn, wrt, **options)
        return load(node, parsed, ctx, *effects.argument_changes(parsed, ctx.registry,
                                                         options.get("arg_facts")))


def _params(fn):
    return [a.id for a in fn.args.args]


def _is_generated(parsed):
    """Generated reverse-mode code keeps views across in-place restores on purpose: the
    user's function passed the alias check, and tangents have value semantics (an
    in-place update copies a shared tangent first), so it is not checked again."""
    return str(parsed.filename).startswith("<srcdiff")


# Python's default recursion limit (1000) is below the depth of the trees of expressions
# CPython itself parses (a few hundred chained operators); the AST libraries recurse once
# per level. Compilation raises it to this, and restores it after.
RECURSION_LIMIT = 60000


# A compilation allocates trees that live until it ends; each of the cyclic garbage
# collector's full collections walks all of them, and its default schedule runs a dozen
# while a function of a thousand statements compiles (a third of the time, growing with
# the size). Compilation lets young collections (which free its short-lived cycles) run
# as usual and defers full ones to at most one per FULL_COLLECTION_SPACING young ones.
FULL_COLLECTION_SPACING = 1000
_collector = {"depth": 0, "threshold": None}
_collector_lock = threading.Lock()


@contextlib.contextmanager
def deep_recursion():
    """Let the compiler walk trees as deep as CPython parses (see RECURSION_LIMIT), with
    the garbage collector's full collections spaced out (FULL_COLLECTION_SPACING)."""
    old = sys.getrecursionlimit()
    if old < RECURSION_LIMIT:
        sys.setrecursionlimit(RECURSION_LIMIT)
    with _collector_lock:
        _collector["depth"] += 1
        if _collector["depth"] == 1:
            _collector["threshold"] = threshold = gc.get_threshold()
            if len(threshold) == 3 and threshold[0] > 0:
                gc.set_threshold(threshold[0], threshold[1],
                                 max(threshold[2], FULL_COLLECTION_SPACING))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)
        with _collector_lock:
            _collector["depth"] -= 1
            if _collector["depth"] == 0 and gc.get_threshold() != _collector["threshold"]:
                gc.set_threshold(*_collector["threshold"])


def load(node: gast.FunctionDef, parsed: Any, ctx: "Context",
         writes: Optional[dict] = None, checked: Optional[dict] = None) -> Compiled:
    """Exec a generated function and its adjoints: a :class:`Compiled` (``writes``,
    ``checked``: ``effects.argument_changes``)."""
    reserved.check_helper_names(node, parsed, ctx.helpers)
    if not checked:  # a derivative of a derivative (hvp): the first one's arguments' checks
        checked = getattr(parsed.fn, "__srcdiff_apart__", None)
    text = emit.module_source([node])  # printed once: the module's source ends with it
    ns = emit.load(text, ctx.namespace(parsed), node.name, parsed, [node])
    ctx.link(ns)
    ctx.check_array_api([node], parsed, ns)
    source = "\n\n".join(([emit.module_source(ctx.functions)] if ctx.functions else [])
                         + [text])
    out = Compiled(source, ns, node.name, writes, len(parsed.node.args.args), ctx.namespaces,
                   checked, getattr(parsed.fn, "consts", ()))  # (a method's object: bound)
    if ctx.array_api is not None:
        out.call = array_api.converting(out.call, ctx.array_api)
    return out


def _context(arg_facts, **options):
    """A new compilation's :class:`Context`, bound to the arguments' array-API module."""
    ctx = Context(**options)
    ctx.array_api = array_api_of(arg_facts)
    return ctx

