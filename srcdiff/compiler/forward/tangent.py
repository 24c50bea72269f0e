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


import gast

from srcdiff.compiler.analysis.activity import ARRAY, INT, walk
from srcdiff.compiler.analysis.ops import dtype_check, no_rule_error
from srcdiff.compiler.analysis.wrt import check_wrt, last_assignments
from srcdiff.compiler.forward.control import ControlFlow
from srcdiff.compiler.forward.primitives import Primitives
from srcdiff.compiler.forward.state import TangentState, pop_call
from srcdiff.compiler.front.parse import local_names
from srcdiff.compiler.ir import origin
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.names import Inverse


class Forward(Primitives, ControlFlow):
    """The forward generator. Its parts: statements and the tangent bookkeeping (here),
    primitives, values and calls (primitives.py), in-place updates and compound
    statements (control.py)."""

    def __init__(self, fn, analysis, parsed, names, options, context):
        self.fn = fn
        self.a = analysis
        self.parsed = parsed
        self.names = names
        self.opt = options
        self.context = context
        self.params = [arg.id for arg in fn.args.args]
        self.tan = {}  # primal name -> tangent name
        self.inverse = Inverse()  # tangent name -> primal name
        self.helpers = {}  # names the generated code needs -> objects
        self.unbound = set()  # locals that start as None (their zero may be needed early)
        self.unbound_tangents = set()  # locals whose tangents start as None too
        self.state = TangentState()
        self.comment_line = None
        self.wrt_locals = {}  # local wrt name -> its defining statement
        self._alias_classes = None  # name -> names `y = x` may join it to (control.py)

    # ------------------------------------------------------------ helpers
    def t(self, v):
        if v not in self.tan:
            self.tan[v] = self.names.fresh("t_" + v.lstrip("_"))
        return self.tan[v]

    def primal_of(self, tname):
        return self.inverse.key_of(self.tan, tname)

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
        self.state.rebound(v)
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
                    and self.active(op.target) or pop_call(x, self.parsed) is not None:
                self.active_lines.add(self.parsed.source_line(x)[1])
        seeded = [w for w in self.opt.wrt if w in self.params]
        self.state = TangentState(bound=self.params, maybe=self.params)
        pre = []
        single = len(self.opt.wrt) == 1 and not self.opt.as_tuple
        self.tangent_sources = {}
        for k, w in enumerate(self.opt.wrt):
            self.tangent_sources[w] = S.name("tangents") if single else S.expr(f"tangents[{k}]")
        for w in seeded:
            # (a stopped parameter is still seeded: a stop blocks the flow through a
            # definition, and a parameter's is the input itself; reverse mode's d/dw)
            if w in self.a.active and self.kind(w) != INT:
                src = S.copy(self.tangent_sources[w])
                if self.opt.entry:  # (a written module knows no argument types: sd.jvp's)
                    src = S.call("input_tangent", [src, S.name(w)])
                pre.append(S.assign(self.t(w), src))
                self.define(w, owned=False)
        main = self.block(body[:-1])
        value = ret.value
        outputs = value.elts if isinstance(value, gast.Tuple) else [value]
        tangents = []
        for out in outputs:
            t = self.tangent_of(out)
            if self.opt.entry:  # (a list's None entries, the caller's own tangent)
                t = S.call("output_tangent", [t if t is not None else S.const(None),
                                              S.copy(out)])
            elif t is None:
                t = S.call("zeros_tree", [S.copy(out)])
            tangents.append(t)
        tangent = gast.Tuple(elts=tangents, ctx=gast.Load()) if isinstance(value, gast.Tuple) \
            else tangents[0]
        final = gast.Return(value=gast.Tuple(elts=[S.copy(value), tangent], ctx=gast.Load()))
        init = []
        if self.unbound:
            init.append(S.comment("names first bound inside loops or branches start unbound",
                                 heads=S.UNBOUND_INITS))
            init += [S.assign(v, S.const(None)) for v in sorted(self.unbound)]
            init += [S.assign(self.t(v), S.const(None)) for v in sorted(self.unbound_tangents)]
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
        check_wrt(self.fn, self.params, self.a, self.opt.wrt, local_names(self.parsed.node),
                  self.error)
        lasts = last_assignments(self.fn, self.params, self.a, self.opt.wrt, "forward",
                                 self.error)
        for w, last in lasts.items():
            self.wrt_locals[S.key(last)] = w

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
            self._order = {S.key(x): k for k, (x, _) in enumerate(walk(self.fn.body))}
        return self._order[S.key(s)]

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
        pop = pop_call(s, self.parsed)
        if pop is not None:
            return self._header(s) + self.pop_stmt(s, pop)
        if op is None or op.kind == "control":
            return [S.copy(s)]
        out = self._header(s)
        if any(o in self.a.active for o in op.operands):
            check = dtype_check(op, self.parsed, s)
            out.extend([check] if check is not None else [])
        out.extend(self.simple(s, op))
        w = self.wrt_locals.get(S.key(s))
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
        if kind == "copy" and isinstance(s, gast.Assign) and isinstance(s.value, gast.Name) \
                and stmts:  # `v = x` itself (not x.astype(...), a new array): one object
            self.state.alias(v, s.value.id)
        if not stmts:
            self.undefine(v)
            return out
        self.define(v, owned=fresh)
        for x in stmts:
            S.locate(x, s)
        return out + stmts

    def _no_rule(self, op):
        return no_rule_error(self.error, op, "derivative", "sd.register_jvp(fn, rule),")


