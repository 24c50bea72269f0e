"""Stage 4 (forward mode): an analyzed ANF function -> its tangent (JVP) function.

    parse -> normalize -> analyze -> forward -> optimize -> emit

The generated function runs the primal statements in order, each followed by
the statements computing its tangent::

    def jvp_f(<f's parameters>, tangents):
        t_x = tangents                  # one tangent per wrt argument
        # line 2: h = np.tanh(x)
        h = np.tanh(x)
        t_h = t_x * (1.0 - h * h)       # the rule for np.tanh, inlined
        return h, t_h                   # (value, tangent)

Invariants, at every point of the generated code:

* A variable ``v`` whose tangent is *defined* has ``t_v`` holding the tangent
  of ``v``'s current value whenever ``v`` is bound. An *undefined* tangent is
  zero and has no code at all (constants, ``stop_gradient``, values that do
  not depend on ``wrt``). Branches and loops make a tangent defined on every
  path that needs it (``np.zeros_like``), nowhere else.
* ``t_v`` is *owned* when no other name can refer to its object; only owned
  tangents are updated in place (``t_x[i] = t_v``, ``t_xs.append(t_v)``,
  ``t_xs.pop()``). Others are copied first.
* Only *active* variables (depending on ``wrt`` and reaching an output) get
  tangents. A container's tangent is a container of the same structure;
  ``None`` entries are zero.

Calls to user functions become calls of their own generated ``jvp_g``, which
returns ``(value, tangent)``; ``xs.pop()`` on a list with a tangent pops the
tangent too, which is what differentiating reverse-mode code (its ``_stack``)
needs: forward over reverse works through loops.
"""

import inspect

import gast

from srcdiff.compiler.analysis.activity import ARRAY, CONTAINER, INT, check_wrt, walk
from srcdiff.compiler.analysis.facts import arg_fact, bind_call, fact_of
from srcdiff.compiler.front.parse import MISSING
from srcdiff.compiler.ir import syntax as S
from srcdiff.errors import FIXPOINT_LIMIT, SrcdiffError, not_converged
from srcdiff.rules.runtime_rules import TREE_VALUED
from srcdiff.rules.template import _decide, _MarkConstants
from srcdiff.compiler.ir import origin


class ForwardOptions:
    def __init__(self, wrt, stop=(), name=None, as_tuple=False):
        self.wrt = list(wrt)  # names (parameters or locals), in the order of ``tangents``
        self.stop = set(stop)
        self.name = name
        self.as_tuple = as_tuple  # ``tangents`` is a tuple even for one wrt name


class _State:
    """Which tangents are defined and owned; which primal names are (maybe) bound."""

    def __init__(self, defined=(), owned=(), bound=(), maybe=()):
        self.defined = set(defined)
        self.owned = set(owned)
        self.bound = set(bound)  # bound on every path to here
        self.maybe = set(maybe)  # bound on some path to here

    def copy(self):
        return _State(self.defined, self.owned, self.bound, self.maybe)


class Forward:
    def __init__(self, fn, analysis, parsed, names, options, context):
        self.fn = fn
        self.a = analysis
        self.parsed = parsed
        self.names = names
        self.opt = options
        self.context = context
        self.params = [arg.id for arg in fn.args.args]
        self.tan = {}  # primal name -> tangent name
        self.helpers = {}  # names the generated code needs -> objects
        self.unbound = set()  # locals that start as None (their zero may be needed early)
        self.state = _State()
        self.comment_line = None
        self.wrt_locals = {}  # local wrt name -> its defining statement

    # ------------------------------------------------------------ helpers
    def t(self, v):
        if v not in self.tan:
            self.tan[v] = self.names.fresh("t_" + v.lstrip("_"))
        return self.tan[v]

    def primal_of(self, tname):
        for v, t in self.tan.items():
            if t == tname:
                return v
        return None

    def kind(self, v):
        return self.a.kinds.get(v)

    def active(self, v):
        return v in self.a.active and v not in self.opt.stop

    def defined(self, v):
        return v in self.state.defined

    def tangent_of(self, node):
        """The tangent of an atom (a Name node), or None when it is zero."""
        if isinstance(node, gast.Name) and self.defined(node.id):
            return S.name(self.t(node.id))
        return None

    def error(self, node, msg, hint=None):
        return self.parsed.error(node, msg, hint)

    def zero(self, v):
        """A zero tangent shaped like the current value of ``v``."""
        if self.kind(v) == ARRAY and (self.a.ranks.get(v) or 0) > 0:
            return S.expr(f"np.zeros_like({v})")
        return S.call("zeros_tree", [S.name(v)])

    def define(self, v, owned):
        self.state.defined.add(v)
        if owned:
            self.state.owned.add(v)
        else:
            self.state.owned.discard(v)

    def undefine(self, v):
        self.state.defined.discard(v)
        self.state.owned.discard(v)

    def bind(self, v):
        self.state.bound.add(v)
        self.state.maybe.add(v)

    def disown_reads(self, nodes):
        """Tangents read by code whose result may share their memory lose ownership."""
        for node in nodes:
            for ident in S.loaded_names(node):
                v = self.primal_of(ident)
                if v is not None:
                    self.state.owned.discard(v)

    def materialize(self, v, state):
        """Statements making ``t_v`` a zero on a path where it is undefined (maybe none)."""
        if v in state.bound:
            value = self.zero(v)
        elif v in state.maybe:  # bound on some paths only: start it as None
            self.unbound.add(v)
            value = S.call("zeros_tree", [S.name(v)])
        else:
            return []
        state.defined.add(v)
        state.owned.add(v)
        return [S.assign(self.t(v), value)]

    # ------------------------------------------------------------ driver
    def run(self):
        body = self.fn.body
        ret = body[-1]
        self._check_wrt()
        self.active_lines = set()
        for x, _ in walk(body):
            op = self.a.op(x)
            if op is not None and op.target is not None and op.kind not in ("const", "control") \
                    and self.active(op.target) or _pop_call(x, self.parsed) is not None:
                self.active_lines.add(self.parsed.source_line(x)[1])
        seeded = [w for w in self.opt.wrt if w in self.params]
        self.state = _State(bound=self.params, maybe=self.params)
        pre = []
        single = len(self.opt.wrt) == 1 and not self.opt.as_tuple
        self.tangent_sources = {}
        for k, w in enumerate(self.opt.wrt):
            self.tangent_sources[w] = S.name("tangents") if single else S.expr(f"tangents[{k}]")
        for w in seeded:
            if self.active(w) and self.kind(w) != INT:
                pre.append(S.assign(self.t(w), S.copy(self.tangent_sources[w])))
                self.define(w, owned=False)
        main = self.block(body[:-1])
        value = ret.value
        outputs = value.elts if isinstance(value, gast.Tuple) else [value]
        tangents = []
        for out in outputs:
            t = self.tangent_of(out)
            if t is None:
                t = S.call("zeros_tree", [S.copy(out)])
            tangents.append(t)
        tangent = gast.Tuple(elts=tangents, ctx=gast.Load()) if isinstance(value, gast.Tuple) \
            else tangents[0]
        final = gast.Return(value=gast.Tuple(elts=[S.copy(value), tangent], ctx=gast.Load()))
        init = []
        if self.unbound:
            init.append(S.comment("names first bound inside loops or branches start unbound"))
            init += [S.assign(v, S.const(None)) for v in sorted(self.unbound)]
        args = S.copy(self.fn.args)
        param = S.name("tangents")
        param.ctx = gast.Param()
        args.args.append(param)
        if args.defaults:  # a parameter without a default cannot follow one with a default
            args.defaults = list(args.defaults) + [S.const(None)]
        name = self.opt.name or ("jvp_" + self.fn.name)
        return gast.FunctionDef(name=name, args=args, body=init + pre + main + [final],
                                decorator_list=[], returns=None, type_comment=None,
                                type_params=[])

    def _check_wrt(self):
        check_wrt(self.fn.name, self.params, self.a, self.opt.wrt)
        for w in self.opt.wrt:
            if w in self.params:
                continue
            last = None
            for s in self.fn.body:  # the last top-level definition
                op = self.a.op(s)
                if op is not None and op.target == w and op.kind not in ("store", "append"):
                    last = s
            nested = [s for s, _ in walk(self.fn.body) if self.a.op(s) is not None
                      and self.a.op(s).target == w and not any(s is x for x in self.fn.body)]
            if last is None or any(_after(self.fn.body, x, last) for x in nested):
                raise SrcdiffError(
                    f"wrt={w!r}: forward mode needs the last assignment of {w!r} at the top "
                    f"level of {self.fn.name!r} (not inside an if)",
                    hint="assign the value you mean to a new variable at the top level")
            self.wrt_locals[id(last)] = w

    # ------------------------------------------------------------ statements
    def block(self, body):
        out = []
        for s in body:
            made = self.stmt(s)
            for x in made:  # where each statement comes from (origin.py; explain.py reads it)
                origin.tag(x, self.sid(s), "forward")
            out.extend(made)
        return out

    def sid(self, s):
        """A statement's number: its place in program order, as in reverse.py."""
        if getattr(self, "_order", None) is None:
            self._order = {id(x): k for k, (x, _) in enumerate(walk(self.fn.body))}
        return self._order[id(s)]

    def _header(self, s):
        """``# line N: <the user's line>`` before the first statement of a line with tangents."""
        text, lineno = self.parsed.source_line(s)
        if lineno is None or not text or self.comment_line == lineno \
                or lineno not in self.active_lines:
            return []
        self.comment_line = lineno
        return [S.comment(f"line {lineno}: {text}")]

    def stmt(self, s):
        if isinstance(s, gast.If):
            return self.if_stmt(s)
        if isinstance(s, (gast.For, gast.While)):
            return self.loop(s)
        op = self.a.op(s)
        pop = _pop_call(s, self.parsed)
        if pop is not None:
            return self._header(s) + self.pop_stmt(s, pop)
        if op is None or op.kind == "control":
            return [S.copy(s)]
        out = self._header(s)
        out.extend(self.simple(s, op))
        w = self.wrt_locals.get(id(s))
        if w is not None:  # a local wrt: its tangent is added at its last assignment
            src = S.copy(self.tangent_sources[w])
            if self.defined(w):
                tw = S.name(self.t(w))
                value = gast.BinOp(left=tw, op=gast.Add(), right=src) \
                    if self.kind(w) in (ARRAY, INT) else S.call("add_tree", [tw, src])
                out.append(S.assign(self.t(w), value, s))
                self.define(w, owned=isinstance(value, gast.BinOp))
            else:
                out.append(S.assign(self.t(w), src, s))
                self.define(w, owned=False)
        return out

    def simple(self, s, op):
        """The primal statement and its tangent statements."""
        v = op.target
        kind = op.kind
        if kind in ("store", "append"):
            if not self.active(v):
                return [S.copy(s)]
            return self.store(s, op) if kind == "store" else self.append(s, op)
        if v is None:
            return [S.copy(s)]
        if kind == "call" and self.active(v):
            out = self.call(s, op)
            self.bind(v)
            return out
        if kind in ("const",) or not self.active(v):
            self.undefine(v)
            self.bind(v)
            return [S.copy(s)]
        # the statement may read the name it defines: keep the old value for the rule
        old = self.names.private(v + "_old") if v in S.loaded_names(s.value) else None
        rename = {v: old} if old else {}

        def atom(node):
            return S.substitute(S.copy(node), rename) if rename else S.copy(node)

        if kind == "copy":
            stmts = []
            t = self.tangent_of(op.args[0])
            if t is not None:
                stmts = [S.assign(self.t(v), t, s)]
                self.disown_reads([t])
            fresh = False
        elif kind == "prim":
            stmts, fresh = self.prim(s, op, atom, old)
        elif kind == "index":
            stmts, fresh = self.index(s, op, atom)
        elif kind == "literal":
            stmts, fresh = self.literal(s, op)
        elif kind == "unknown":
            if any(self.tangent_of(S.name(o)) is not None for o in op.operands):
                raise self._no_rule(op)
            stmts, fresh = [], False
        else:  # pragma: no cover - every kind is handled above
            raise AssertionError(kind)
        out = [S.copy(s)]
        if old is not None and any(old in S.loaded_names(x) for x in stmts):
            out.insert(0, S.assign(old, S.name(v), s))
        self.bind(v)
        if not stmts:
            self.undefine(v)
            return out
        self.define(v, owned=fresh)
        for x in stmts:
            S.locate(x, s)
        return out + stmts

    def _no_rule(self, op):
        if op.reason is not None:
            return self.error(op.stmt.value if isinstance(op.stmt, gast.Assign) else op.stmt,
                              op.reason, hint="drop the keyword if it changes nothing, or "
                              "write the call without it (e.g. convert the result after)")
        return self.error(op.stmt.value if isinstance(op.stmt, gast.Assign) else op.stmt,
                          f"no derivative rule for {op.label} and no Python source to "
                          "differentiate it from",
                          hint="register one with sd.register_jvp(fn, rule), or wrap the value "
                               "in sd.stop_gradient(...) if it is a constant")

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
        folder = S.RankFolder(ranks)
        self.helpers.update(template.globals)
        stmts, parts = [], []
        params = template.differentiable_params
        for k, p in enumerate(params):
            node = bound_tangent.get(p)
            d = self._tangent_arg(node)
            if d is None:
                continue
            if isinstance(node, gast.Name) and self.kind(node.id) == CONTAINER \
                    and op.func not in TREE_VALUED and not op.rule.tuple_output \
                    and not _fills_zeros(template):
                d = S.call("filled", [d, S.copy(node)])  # a list read as one array
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
            body = S.copy(template.node.body)
            local = {n.id for x in body for n in gast.walk(x)
                     if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store)}
            for ident in sorted(local):
                subs[ident] = S.name(self.names.fresh(ident))
            body = [folder.visit(S.substitute(x, subs)) for x in body]
            stmts, e = self._select(body, k, n_out)
            if e is None:
                return [], None
            return _prune(stmts, S.loaded_names(e)), e
        if k > 0 and (n_out == 1 or template.returns == "single"):
            return [], None  # a single returned expression is the first argument's
        call_name = "jvp_" + template.name.strip("_")
        self.helpers[call_name] = template.fn
        tmp = self.names.fresh("jvp")
        call = template._call(call_name, [d, ans], bound)
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
                decided = _decide(x.test)
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
                test = _MarkConstants().visit(S.copy(x.test))
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
        return out

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
        return out

    def pop_stmt(self, s, pop):
        """``v = xs.pop()`` (or a bare ``xs.pop()``): the tangent list pops as well."""
        xs, args = pop
        target = s.targets[0].id if isinstance(s, gast.Assign) else None
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
            return out
        out.append(S.assign(self.t(target), S.call("cotangent", [popped, S.name(target)]), s))
        self.define(target, owned=False)
        return out

    # ------------------------------------------------------------ calls
    def call(self, s, op):
        """``y = g(a, b)`` -> ``y, t_y = jvp_g(a, b, tangents=(t_a,))``."""
        fn = op.func
        v = op.target
        sig, bound = bind_call(op, self.error)
        for p in sig.parameters.values():
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                raise self.error(op.stmt.value, f"{op.label} takes *args or **kwargs, which "
                                 "srcdiff cannot differentiate through",
                                 hint="give the helper explicit parameters")
        active = [(name, node) for name, node in bound.arguments.items()
                  if self.tangent_of(node) is not None]
        if not active:
            self.undefine(v)
            return [S.copy(s)]

        facts = {}
        for p in sig.parameters.values():
            if p.name in bound.arguments:
                facts[p.name] = fact_of(self.a, bound.arguments[p.name])
            elif p.default is not inspect.Parameter.empty:
                facts[p.name] = arg_fact(p.default)
        name = self.context.tangent_name(fn, tuple(n for n, _ in active),
                                tuple(sorted(facts.items(), key=str)))
        tangents = gast.Tuple(elts=[self.tangent_of(node) for _, node in active], ctx=gast.Load())
        call = S.call(S.name(name), [S.copy(a) for a in op.args],
                      [(k, S.copy(x)) for k, x in op.kwargs.items()] + [("tangents", tangents)])
        target = gast.Tuple(elts=[S.name(v), S.name(self.t(v))], ctx=gast.Store())
        self.disown_reads([tangents])
        self.define(v, owned=False)
        return [S.assign(target, call, s)]

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
        self.state = _State(st1.defined | st2.defined, st1.owned & st2.owned,
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
            if v in entry.defined and v not in owned and v not in entry.owned:
                if how == "list":
                    hoist.append(S.assign(self.t(v), S.call("list", [S.name(self.t(v))]), s))
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
        self.state = _State(entry.defined | carried, owned & end.owned, entry.bound,
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
        carried, lost = set(), set()  # lost: not owned at the end of some trip
        for _ in range(FIXPOINT_LIMIT):
            owned = (entry.owned | {v for v in carried if v in entry.maybe}) - lost
            self.state = self._body_entry(entry, s, carried, owned)
            self.block(s.body)
            out = self.state
            new_carried = carried | (out.defined - entry.defined)
            new_lost = lost | (owned - out.owned)
            self.names.taken, self.tan, self.unbound = set(taken), dict(tan), set(unbound)
            self.comment_line = line
            if new_carried == carried and new_lost == lost:
                return carried, owned
            carried, lost = new_carried, new_lost
        raise not_converged("loop-carried tangents", FIXPOINT_LIMIT)

    def _updated_in_place(self, body):
        """Names whose tangent the body updates in place: "list" (append/pop) or "item"."""
        out = {}
        for x, _ in walk(body):
            op = self.a.op(x)
            pop = _pop_call(x, self.parsed)
            if pop is not None:
                out[pop[0]] = "list"
            elif op is not None and op.kind == "append":
                out[op.target] = "list"
            elif op is not None and op.kind == "store":
                out.setdefault(op.target, "item")
        return out

    def _body_entry(self, entry, s, carried, owned):
        state = _State(entry.defined | carried, owned, entry.bound, entry.maybe)
        if isinstance(s, gast.For):
            state.bound.add(s.target.id)
            state.maybe.add(s.target.id)
            self.undefine_in(state, s.target.id)
        return state

    @staticmethod
    def undefine_in(state, v):
        state.defined.discard(v)
        state.owned.discard(v)


def _after(body, x, last):
    """Does (nested) statement ``x`` come after top-level statement ``last`` in ``body``?"""
    seen = False
    for s in body:
        if s is last:
            seen = True
            continue
        if seen and any(y is x for y, _ in walk([s])):
            return True
    return False


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


def _pop_call(s, parsed):
    """``(list name, args)`` when ``s`` is ``v = xs.pop(...)`` or ``xs.pop(...)``, else None."""
    value = s.value if isinstance(s, (gast.Assign, gast.Expr)) else None
    if isinstance(s, gast.Assign) and not isinstance(s.targets[0], gast.Name):
        return None
    if isinstance(value, gast.Call) and isinstance(value.func, gast.Attribute) \
            and value.func.attr == "pop" and isinstance(value.func.value, gast.Name) \
            and not value.keywords and parsed.resolve(value.func) is MISSING:
        return value.func.value.id, list(value.args)
    return None


def _fills_zeros(template):
    """Does the rule make the ``None`` entries of a list's tangent zeros itself?"""
    return template.node is not None and "fill_zeros" in S.loaded_names(template.node)
