"""Tangents of values: a primitive's forward rule instantiated for one statement, literals
and subscripts, calls of user functions (their own generated ``jvp_g``). Part of
:class:`~srcdiff.compiler.forward.tangent.Forward`.
"""

import inspect

import gast

from srcdiff.compiler.analysis.activity import ARRAY, CONTAINER
from srcdiff.compiler.analysis.facts import arg_fact, fact_of, lowered_call
from srcdiff.compiler.front import derivatives
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.rule_folding import RankFolder
from srcdiff.rules.runtime_rules import TREE_VALUED
from srcdiff.rules.template import MarkConstants, decide_test


class Primitives:
    """Forward's tangents of primitives, values and calls (mixed into Forward)."""

    # ------------------------------------------------------------ primitives
    def prim(self, s, op, atom, old):
        template = op.rule.jvp
        if template is None:
            raise self.error(op.stmt.value if isinstance(op.stmt, gast.Assign) else op.stmt,
                             f"{op.label} ({op.rule.name}) has a reverse rule but no forward "
                             "(JVP) rule, so forward mode cannot differentiate it",
                             hint="register one with sd.register_jvp, use reverse mode "
                                  "(sd.grad), or wrap the value in sd.stop_gradient(...)")
        try:
            bound_tangent = template.bind(op.args, op.kwargs)
            bound = template.bind([atom(x) for x in op.args],
                                  {k: atom(x) for k, x in op.kwargs.items()})
        except TypeError as e:
            raise self.error(op.stmt, f"cannot match the call to {op.label} with its forward "
                             f"rule: {e}")
        v = op.target
        ranks = dict(self.a.ranks)
        if old is not None:
            ranks[old] = ranks.get(v)
        folder = RankFolder(ranks)
        stmts, parts = [], []
        params = template.differentiable_params
        for k, p in enumerate(params):
            node = bound_tangent.get(p)
            d = self._tangent_arg(node)
            if d is None:
                continue
            template.refuse_underivable(lambda q, p=p: q == p, self.error, op.stmt)
            if isinstance(node, gast.Name) and self._may_be_list(node.id, op) \
                    and op.func not in TREE_VALUED and not op.rule.tuple_output \
                    and not _fills_zeros(template):
                d = S.call("filled", [d, atom(node)])  # a list read as one array (its
                # value before the statement: `k = np.atleast_1d(k)`)
            code, e = self.instantiate(template, k, len(params), d, S.name(v), bound, folder)
            if e is None:
                continue
            stmts.extend(code)
            parts.append(e)
        if not parts:
            return [], False
        if len(parts) == 2 and S.dump(S.canonical(parts[0])) == S.dump(S.canonical(parts[1])):
            parts = [gast.BinOp(left=S.const(2.0), op=gast.Mult(), right=parts[0])]  # x * x
        value = parts[0]
        for e in parts[1:]:
            if not self._tree_valued(op):
                value = gast.BinOp(left=value, op=gast.Add(), right=e)
            else:
                value = S.call("add_tree", [value, e])
        stmts.append(S.assign(self.t(v), value, s))
        fresh = isinstance(value, (gast.BinOp, gast.UnaryOp))
        if not fresh:  # the result may be (a view of) an argument's tangent
            self.disown_reads(stmts)
        return stmts, fresh

    def _may_be_list(self, v, op):
        """``v`` may hold a list whose tangent has ``None`` entries (constants): known to be a
        container, or of unknown kind (a value merged around a loop, a helper's parameter)
        passed to a NumPy function that reads a list as an array. (Python's operators and
        the elementwise primitives never get a list here: ``*`` of a list is refused.)"""
        kind = self.kind(v)
        return kind == CONTAINER or kind is None and not op.rule.elementwise \
            and getattr(op.func, "__module__", None) != "_operator"

    def _tree_valued(self, op):
        """May the value be a container (so tangents add with ``add_tree``, not ``+``)?"""
        if op.rule.tuple_output or op.func in TREE_VALUED or self.kind(op.target) == CONTAINER:
            return True
        return any(isinstance(x, (gast.List, gast.Tuple, gast.Dict))
                   or (isinstance(x, gast.Name) and self.kind(x.id) == CONTAINER)
                   for x in op.args)

    def _tangent_arg(self, node):
        """``d`` for one rule parameter: a tangent, or a list of them for a list display."""
        if node is None:
            return None
        if isinstance(node, gast.Name):
            return self.tangent_of(node)
        if isinstance(node, (gast.List, gast.Tuple)):
            elts = [self.tangent_of(e) for e in node.elts]
            if all(e is None for e in elts):
                return None
            return gast.List(elts=[e if e is not None else S.const(None) for e in elts],
                             ctx=gast.Load())
        return None

    def instantiate(self, template, k, n_out, d, ans, bound, folder):
        """(statements, expression): the rule's contribution for its ``k``-th argument.

        The rule's body is inlined with ``d`` standing for that argument's
        tangent; ``if``s decided by the bound options (and known ranks) fold
        away, the others stay as run-time ``if``s. Only what the ``k``-th
        contribution needs is kept.
        """
        subs = dict(zip(template.params[:2], [d, ans]))
        subs.update(bound)
        if template.inlinable:
            self.helpers.update(template.globals)  # (what the inlined body reads)
            for ident in template.local_names:
                subs[ident] = S.name(self.names.fresh(ident))
            body = [folder.fold(x) for x in S.substituted(template.node.body, subs)]
            stmts, e = self._select(body, k, n_out)
            if e is None:
                return [], None
            return _prune(stmts, S.loaded_names(e)), e
        if k > 0 and (n_out == 1 or template.returns == "single"):
            return [], None  # a single returned expression is the first argument's
        call_name = "jvp_" + template.name.strip("_")
        self.helpers[call_name] = template.fn
        tmp = self.names.fresh("jvp")
        call = template.call(call_name, [d, ans], bound)
        if n_out == 1 or template.returns == "single":
            return [S.assign(tmp, call)], S.name(tmp)
        if template.returns != "tuple":
            call = S.call("rule_results", [call, S.const(n_out)])
        return [S.assign(tmp, call)], S.expr(f"{tmp}[{k}]")

    def _select(self, body, k, n_out):
        out = []
        for i, x in enumerate(body):
            if isinstance(x, gast.Expr):
                continue  # a docstring
            if isinstance(x, gast.Return):
                return out, _pick(x.value, k, n_out)
            if isinstance(x, gast.If):
                rest = body[i + 1:]
                decided = decide_test(x.test)
                if decided is not None:
                    branch = x.body if decided else x.orelse
                    inner, e = self._select(list(branch) + rest, k, n_out)
                    return out + inner, e
                yes, e1 = self._select(list(x.body) + S.copy(rest), k, n_out)
                no, e2 = self._select(list(x.orelse) + S.copy(rest), k, n_out)
                if e1 is None and e2 is None:
                    return out, None
                r = self.names.fresh("jvp")
                yes = _prune(yes, S.loaded_names(e1) if e1 is not None else set())
                no = _prune(no, S.loaded_names(e2) if e2 is not None else set())
                yes.append(S.assign(r, e1 if e1 is not None else S.const(0.0)))
                no.append(S.assign(r, e2 if e2 is not None else S.const(0.0)))
                test = MarkConstants().visit(S.copy(x.test))
                out.append(gast.If(test=test, body=yes, orelse=no))
                return out, S.name(r)
            out.append(x)
        return out, None
    # ------------------------------------------------------------ values
    def index(self, s, op, atom):
        base = op.args[0]
        t = self.tangent_of(base)
        if t is None:
            return [], False
        v = op.target
        if self.kind(base.id) == ARRAY:
            rank = self.a.ranks.get(base.id)
            if rank == 0:
                # a 0-d base (`v[None]`, `v[...]`, `v[v > 0]`) may have a Python float for
                # its tangent, which has no indexing
                t = S.call("np.asarray", [t])
            elif rank is None:
                # of unknown rank, it may be 0-d too; np.asarray would also make a dask
                # tangent a NumPy array: `indexable` converts Python numbers only
                t = S.call("indexable", [t])
            value = gast.Subscript(value=t, slice=atom(op.index), ctx=gast.Load())
            scalar = self.a.ranks.get(v) == 0
            if not scalar:
                self.disown_reads([value])
            return [S.assign(self.t(v), value, s)], scalar
        # a container entry (zero when None); replacing entries of a list or dict later
        # does not change the entry's object, so a container stays owned (an array
        # of unknown kind may give a view: it does not)
        value = S.call("item_grad", [t, S.index_value(atom(op.index)), S.name(v)])
        if self.kind(base.id) != CONTAINER:
            self.disown_reads([t])
        return [S.assign(self.t(v), value, s)], False

    def literal(self, s, op):
        value = op.stmt.value
        v = op.target
        elts = [self.tangent_of(e) for e in op.args]
        if isinstance(value, gast.Tuple) and all(e is None for e in elts):
            return [], False
        fill = [e if e is not None else S.const(None) for e in elts]
        if isinstance(value, gast.Dict):
            t = gast.Dict(keys=[S.copy(key) for key in value.keys], values=fill)
        else:
            t = type(value)(elts=fill, ctx=gast.Load())
        self.disown_reads(fill)
        return [S.assign(self.t(v), t, s)], True
    # ------------------------------------------------------------ calls
    def call(self, s, op):
        """``y = g(a, b)`` -> ``y, t_y = jvp_g(a, b, tangents=(t_a,))``."""
        v = op.target
        fn, sig, arguments, args, kwargs = lowered_call(op, self.error)
        active = [(name, node) for name, node in arguments.items()
                  if self.tangent_of(node) is not None]
        if not active:
            self.undefine(v)
            return [S.copy(s)]

        facts = {}
        for p in sig.parameters.values():
            if p.name in arguments:
                facts[p.name] = fact_of(self.a, arguments[p.name])
            elif p.default is not inspect.Parameter.empty:
                facts[p.name] = arg_fact(p.default)
        facts = tuple(sorted(facts.items(), key=str))
        if derivatives.is_derivative(fn):  # a derivative made by srcdiff: its generated code
            fn = derivatives.generated_function(fn, facts, "forward", self.error, op.stmt.value)
        name = self.context.tangent_name(fn, tuple(n for n, _ in active), facts)
        tangents = gast.Tuple(elts=[self.tangent_of(node) for _, node in active], ctx=gast.Load())
        call = S.call(S.name(name), [S.copy(a) for a in args],
                      [(k, S.copy(x)) for k, x in kwargs.items()] + [("tangents", tangents)])
        target = gast.Tuple(elts=[S.name(v), S.name(self.t(v))], ctx=gast.Store())
        self.disown_reads([tangents])
        self.define(v, owned=False)
        return [S.assign(target, call, s)]


def _pick(value, k, n_out):
    """The ``k``-th contribution of a rule's returned expression (None: no contribution)."""
    if isinstance(value, gast.Tuple) and n_out != 1:
        e = value.elts[k] if k < len(value.elts) else None
    elif n_out == 1 or k == 0:
        e = value
    else:
        e = None
    if e is None or (isinstance(e, gast.Constant) and e.value is None):
        return None
    return e


def _prune(stmts, needed):
    """Drop the rule's local assignments that the kept expression does not need."""
    needed = set(needed)
    out = []
    for x in reversed(stmts):
        if isinstance(x, gast.Assign) and isinstance(x.targets[0], gast.Name):
            if x.targets[0].id not in needed:
                continue
            needed |= S.loaded_names(x.value)
        elif isinstance(x, gast.If):
            assigned = {n.id for n in gast.walk(x) if isinstance(n, gast.Name)
                        and isinstance(n.ctx, gast.Store)}
            if not assigned & needed:
                continue
            x.body = _prune(x.body, needed) or [gast.Pass()]
            x.orelse = _prune(x.orelse, needed)
            needed |= S.loaded_names(x)
        else:
            needed |= S.loaded_names(x)
        out.append(x)
    out.reverse()
    return out


def _fills_zeros(template):
    """Does the rule make the ``None`` entries of a list's tangent zeros itself?"""
    return template.node is not None and "fill_zeros" in S.loaded_names(template.node)
