"""Stage 2, normalize: a parsed function -> administrative normal form (ANF).

The output obeys this grammar (every node keeps the position of the user
statement it came from, so errors and comments point at the user's line)::

    body   := stmt*
    stmt   := NAME = value                       one primitive operation
            | NAME[index] = atom                 subscript store
            | NAME.append(atom)                  list growth
            | if test: body [else: body]         test := atom | not atom
            | for NAME in range(atom, atom, atom): body [if FLAG: break]
            | while NAME: body                   NAME is recomputed at the end of body
            | passthrough                        print/logging/assert/raise: kept verbatim
            | return atom | return (atom, ...)  exactly once, the last statement
    value  := atom | atom BINOP atom | UNARYOP atom | atom CMPOP atom
            | callee(atom, ..., kw=atom)         callee resolves at compile time
            | atom.method(atom, ..., kw=atom) | atom.attr | atom[index]
            | (atom, ...) | [atom, ...] | {atom: atom, ...}
    index  := atom | [atom]:[atom]:[atom] | (index, ...)
    atom   := NAME | CONSTANT

Early ``return``, ``break`` and ``continue`` are lowered to flags (``_returned``,
``_brk``, ``_skip``) guarding the rest of their block, so later stages only see
structured control flow. ``for`` over anything but ``range`` becomes a ``range``
loop over indices; ``and``/``or``/ternaries become ``if`` statements (keeping
short-circuit evaluation); augmented, tuple and chained assignments become plain
ones. Temporaries are named after their operation (``tanh``, ``matmul``).
"""

import logging
import warnings

import gast
import numpy as np

from srcdiff.compiler.front.jumps import always_returns, lower_jumps
from srcdiff.compiler.front.parse import MISSING, local_names
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.names import NameGen

PASSTHROUGH_CALLS = {print, logging.debug, logging.info, logging.warning, logging.error,
                     logging.critical, logging.log, warnings.warn}
_LOGGER_METHODS = {"debug", "info", "warning", "error", "critical", "log", "exception"}

_BINOP_NAMES = {gast.Add: "add", gast.Sub: "sub", gast.Mult: "mul", gast.Div: "div",
                gast.FloorDiv: "floordiv", gast.Mod: "mod", gast.Pow: "pow",
                gast.MatMult: "matmul", gast.BitAnd: "and_", gast.BitOr: "or_",
                gast.BitXor: "xor", gast.LShift: "lshift", gast.RShift: "rshift"}

_UNSUPPORTED_STMTS = {
    gast.ClassDef: ("class definitions inside a differentiated function are not supported",
                    "define the class outside the function"),
    gast.Global: ("`global` is not supported: srcdiff cannot follow module state",
                  "pass the value as an argument and return the new value"),
    gast.Nonlocal: ("`nonlocal` is not supported", "pass the value as an argument and return it"),
    gast.Try: ("`try` statements are not supported", "move the `try` outside the differentiated "
               "function, or check the condition with `if`"),
    gast.With: ("`with` statements are not supported",
                "move the `with` block outside the function"),
    gast.AsyncWith: ("`async with` is not supported", "use an ordinary function"),
    gast.AsyncFor: ("`async for` is not supported", "use an ordinary `for` loop"),
    gast.Delete: ("`del` is not supported", "let the variable go out of use instead"),
    gast.Import: ("imports inside a differentiated function are not supported",
                  "import at module level"),
    gast.ImportFrom: ("imports inside a differentiated function are not supported",
                      "import at module level"),
}

_UNSUPPORTED_EXPRS = {
    gast.Lambda: ("`lambda` inside a differentiated function is not supported",
                  "define a module-level `def` and call it"),
    gast.Yield: ("generators (`yield`) cannot be differentiated", "return a list instead"),
    gast.YieldFrom: ("generators (`yield from`) cannot be differentiated", "return a list instead"),
    gast.Await: ("`await` is not supported", "use an ordinary function"),
    gast.NamedExpr: ("assignment expressions (`:=`) are not supported",
                     "assign in a separate statement"),
    gast.Starred: ("starred expressions (`*xs`) are not supported",
                   "pass or unpack the elements explicitly"),
    gast.Set: ("sets are not supported", "use a list or tuple"),
    gast.SetComp: ("set comprehensions are not supported", "use a list comprehension"),
    gast.DictComp: ("dict comprehensions are not supported",
                    "build the dict with a `for` loop"),
    gast.JoinedStr: ("f-strings are only allowed in print/logging calls",
                     "format the string outside the differentiated function"),
}


def normalize(parsed, reserved=()):
    """Return a new ``FunctionDef`` in ANF (see module docstring) and its name generator.

    ``reserved`` names (helpers the generated code will call) are never used
    for temporaries.
    """
    fn = parsed.node
    names = NameGen(S.all_names(fn) | set(reserved))
    check_signature(parsed, fn)
    body = lower_jumps(parsed, fn.body, names)
    norm = _Normalizer(parsed, names)
    new_body = norm.block(body)
    if not new_body or not isinstance(new_body[-1], gast.Return):
        raise parsed.error(fn, f"{fn.name!r} does not end with a `return` statement",
                           hint="a differentiated function must return its value(s)")
    out = gast.FunctionDef(name=fn.name, args=_defaults_as_values(parsed, fn.args, names),
                           body=new_body, decorator_list=[], returns=None, type_comment=None,
                           type_params=[])
    S.locate(out, fn)
    parsed.locals |= local_names(out)  # temporaries are locals too, whatever the globals
    return out, names


def _defaults_as_values(parsed, args, names):
    """The signature with each default replaced by the value the function really has:
    a default is evaluated where the function was defined (``def fun(x, n=num)`` in a
    factory reads the factory's ``num``, which the function itself cannot see), so the
    generated function gets the value: a literal, or a name bound to it in its namespace."""
    values = getattr(parsed.fn, "__defaults__", None) or ()
    if len(values) != len(args.defaults):
        return args
    args = S.copy(args)
    params = [a.id for a in args.args][len(args.args) - len(values):]
    new = []
    for p, value in zip(params, values):
        if value is None or type(value) in (bool, int, float, str, bytes, complex):
            new.append(S.const(value))
        else:
            name = names.fresh("default_" + p)
            parsed.namespace[name] = value
            new.append(S.name(name))
    args.defaults = new
    return args


def check_signature(parsed, fn):
    a = fn.args
    if a.vararg is not None or a.kwarg is not None:
        raise parsed.error(fn, f"{fn.name!r} takes *args or **kwargs, which srcdiff cannot "
                           "differentiate through", hint="list the parameters explicitly")


# -------------------------------------------------------------------- ANF


# NumPy's index-trick objects (np.r_, np.c_, np.s_, np.index_exp, np.mgrid, np.ogrid),
# and what they derive from (np.ma.mr_ and the like)
_INDEX_TRICKS = tuple({t for n in ("r_", "c_", "s_", "index_exp", "mgrid", "ogrid")
                       for t in type(getattr(np, n)).__mro__ if t is not object})


class _Normalizer:
    def __init__(self, parsed, names):
        self.parsed = parsed
        self.names = names
        self.out = None
        self.loc = None
        self.local_functions = {}  # nested defs, inlined where they are called
        self.inlining = []  # names of nested functions being inlined (no recursion)

    def error(self, node, message, hint=None):
        return self.parsed.error(node, message, hint)

    def emit(self, stmt):
        S.locate(stmt, self.loc)
        self.out.append(stmt)

    def block(self, stmts):
        saved = self.out
        self.out = []
        for s in stmts:
            self.loc = s
            self.stmt(s)
        out, self.out = self.out, saved
        return out

    # -- statements --------------------------------------------------------
    def stmt(self, s):
        kind = type(s)
        if kind in _UNSUPPORTED_STMTS:
            msg, hint = _UNSUPPORTED_STMTS[kind]
            raise self.error(s, msg, hint)
        handler = getattr(self, "stmt_" + kind.__name__, None)
        if handler is None:
            raise self.error(s, f"`{kind.__name__}` statements are not supported")
        handler(s)

    def stmt_Assign(self, s):
        if len(s.targets) == 1:
            self.assign_to(s.targets[0], s.value)
            return
        first = self.atom(s.value)
        for t in s.targets:
            self.assign_to(t, first)

    def stmt_AnnAssign(self, s):
        if s.value is not None:
            self.assign_to(s.target, s.value)

    def assign_to(self, target, value):
        if isinstance(target, gast.Name):
            self.emit(S.assign(target.id, self.value(value, hint=target.id)))
        elif isinstance(target, (gast.Tuple, gast.List)):
            if any(isinstance(e, gast.Starred) for e in target.elts):
                raise self.error(target, "starred assignment targets are not supported",
                                 hint="index the sequence explicitly")
            if isinstance(value, (gast.Tuple, gast.List)) and len(value.elts) == len(target.elts):
                atoms = [self.atom(v) for v in value.elts]
                # `a, b = b, a`: every value is read before any target is written
                written = {n.id for n in gast.walk(target) if isinstance(n, gast.Name)}
                atoms = [self.fresh_assign(a.id, a) if isinstance(a, gast.Name) and a.id in written
                         else a for a in atoms]
                for t, a in zip(target.elts, atoms):
                    self.assign_to(t, a)
            else:
                seq = self.atom(value)
                for k, t in enumerate(target.elts):
                    self.assign_to(t, gast.Subscript(value=S.copy(seq), slice=S.const(k),
                                                     ctx=gast.Load()))
        elif isinstance(target, gast.Subscript):
            if not isinstance(target.value, gast.Name):
                raise self.error(target, "only a variable can be assigned into by subscript "
                                 "(`x[i] = ...`)", hint="assign the container to a variable first")
            index = self.index(target.slice)
            rhs = self.atom(value)
            self.emit(S.assign(gast.Subscript(value=S.name(target.value.id), slice=index,
                                              ctx=gast.Store()), rhs))
        else:
            raise self.error(target, f"cannot assign to a {type(target).__name__.lower()}",
                             hint="assign to a variable or to `variable[index]`")

    def stmt_AugAssign(self, s):
        t = s.target
        if isinstance(t, gast.Name):
            node = S.assign(t.id, self.value(
                gast.BinOp(left=S.name(t.id), op=s.op, right=s.value), hint=t.id))
            node.srcdiff_inplace = True  # `x += v` changes an array in place (aliasing.py)
            self.emit(node)
        elif isinstance(t, gast.Subscript) and isinstance(t.value, gast.Name):
            index = self.index(t.slice)
            cur = self.fresh_assign("item", gast.Subscript(value=S.name(t.value.id),
                                                           slice=S.copy(index), ctx=gast.Load()))
            new = self.fresh_assign(_BINOP_NAMES.get(type(s.op), "t"),
                                    gast.BinOp(left=cur, op=s.op, right=self.atom(s.value)))
            self.emit(S.assign(gast.Subscript(value=S.name(t.value.id), slice=index,
                                              ctx=gast.Store()), new))
        else:
            raise self.error(s, "this augmented assignment target is not supported",
                             hint="write `x = x + ...` or `x[i] += ...`")

    def stmt_Expr(self, s):
        v = s.value
        if isinstance(v, gast.Constant):  # a docstring or a bare constant
            return
        if isinstance(v, gast.Call):
            f = v.func
            target = self.parsed.resolve(f)
            if target is not MISSING and _is_passthrough(target):
                self.emit(S.copy(s))
                return
            if isinstance(f, gast.Attribute) and target is MISSING:
                if f.attr == "append" and isinstance(f.value, gast.Name) and len(v.args) == 1 \
                        and not v.keywords:
                    arg = self.atom(v.args[0])
                    self.emit(gast.Expr(value=S.call(
                        gast.Attribute(value=S.name(f.value.id), attr="append", ctx=gast.Load()),
                        [arg])))
                    return
                if f.attr == "pop" and isinstance(f.value, gast.Name) and len(v.args) <= 1 \
                        and not v.keywords and str(self.parsed.filename).startswith("<srcdiff"):
                    # generated code undoing an append (differentiated again by higher.py)
                    self.emit(gast.Expr(value=S.call(gast.Attribute(
                        value=S.name(f.value.id), attr="pop", ctx=gast.Load()),
                        [self.atom(a) for a in v.args])))
                    return
                if f.attr in _LOGGER_METHODS:
                    self.emit(S.copy(s))
                    return
                raise self.error(s, f"the call `.{f.attr}(...)` as a statement would change a "
                                 "value in place, which srcdiff cannot follow",
                                 hint="assign the result instead (e.g. `x = np.sort(x)`); only "
                                      "`list.append` and `x[i] = ...` may change a value in place")
        raise self.error(s, "this expression statement has an effect srcdiff cannot follow",
                         hint="assign its result to a variable; print/logging calls are fine")

    def stmt_FunctionDef(self, s):
        """A nested ``def`` is remembered and inlined at each call (it may read, not assign,
        the enclosing function's variables)."""
        if s.decorator_list:
            raise self.error(s, "decorated nested functions are not supported",
                             hint="define the helper at module level")
        a = s.args
        if a.vararg or a.kwarg or a.kwonlyargs:
            raise self.error(s, "nested functions with *args, **kwargs or keyword-only "
                             "parameters are not supported", hint="list the parameters explicitly")
        for n in gast.walk(s):
            if isinstance(n, (gast.Nonlocal, gast.Global)):
                raise self.error(n, "a nested function may read the enclosing function's "
                                 "variables but not assign them",
                                 hint="return the new value and assign it in the caller")
        self.local_functions[s.name] = s

    def inline(self, fdef, e):
        if fdef.name in self.inlining:
            raise self.error(e, f"the nested function {fdef.name!r} calls itself; recursion is "
                             "supported only for module-level functions",
                             hint=f"move {fdef.name!r} to module level")
        params = [a.id for a in fdef.args.args]
        values = dict(zip(params, e.args))
        if len(e.args) > len(params):
            raise self.error(e, f"{fdef.name}() takes {len(params)} arguments, "
                             f"{len(e.args)} given")
        for k in e.keywords:
            if k.arg not in params:
                raise self.error(e, f"{fdef.name}() has no parameter {k.arg!r}")
            values[k.arg] = k.value
        defaults = fdef.args.defaults
        for p, d in zip(params[len(params) - len(defaults):], defaults):
            values.setdefault(p, d)
        missing = [p for p in params if p not in values]
        if missing:
            raise self.error(e, f"{fdef.name}() is missing {', '.join(missing)}")
        local = set(params) | {n.id for n in gast.walk(fdef)
                               if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store)}
        rename = {n: self.names.fresh(f"{fdef.name}_{n}") for n in sorted(local)}
        args = {p: self.atom(values[p]) for p in params}
        for p in params:
            self.emit(S.assign(rename[p], args[p]))
        body = [S.copy(x) for x in fdef.body]
        if not body or not always_returns(body):
            body = body + [S.locate(gast.Return(value=S.const(None)), fdef)]
        body = lower_jumps(self.parsed, body, self.names)
        body = [S.substitute(x, {k: v for k, v in rename.items()}) for x in body]
        self.inlining.append(fdef.name)
        saved_loc = self.loc
        for x in body[:-1]:
            self.loc = x
            self.stmt(x)
        self.loc = saved_loc
        self.inlining.pop()
        ret = body[-1]
        value = ret.value if ret.value is not None else S.const(None)
        return self.value(value)

    def stmt_Assert(self, s):
        self.emit(S.copy(s))

    def stmt_Raise(self, s):
        self.emit(S.copy(s))

    def stmt_Pass(self, s):
        pass

    def stmt_Break(self, s):  # only the `if _brk: break` that jump lowering emits
        self.emit(gast.Break())

    def stmt_Continue(self, s):
        raise self.error(s, "internal: `continue` survived jump lowering")

    def stmt_Return(self, s):
        v = s.value
        if v is None:
            raise self.error(s, "a differentiated function must return a value",
                             hint="return the quantity to differentiate")
        if isinstance(v, gast.Tuple):
            elts = [self.atom(e) for e in v.elts]
            self.emit(gast.Return(value=gast.Tuple(elts=elts, ctx=gast.Load())))
        else:
            self.emit(gast.Return(value=self.atom(v)))

    def stmt_If(self, s):
        test = self.test(s.test)
        body = self.block(s.body)
        orelse = self.block(s.orelse)
        self.loc = s
        self.emit(gast.If(test=test, body=body or [gast.Pass()], orelse=orelse))

    def stmt_While(self, s):
        if s.orelse:
            raise self.error(s, "`while ... else` is not supported",
                             hint="set a flag before `break` and test it after the loop")
        cond = self.names.private("cond")
        self.emit(S.assign(cond, self.value(s.test)))
        body = self.block(s.body)
        saved, self.out = self.out, []
        self.loc = s
        self.emit(S.assign(cond, self.value(s.test)))
        again, self.out = self.out, saved
        last = body[-1] if body else None
        if isinstance(last, gast.If) and not last.orelse and len(last.body) == 1 \
                and isinstance(last.body[0], gast.Break):
            # the test is computed again only by a trip that does not break: in the
            # branch, so that the backward sweep replays it exactly when it ran
            last.orelse = again
        else:
            body += again
        self.emit(gast.While(test=S.name(cond), body=body, orelse=[]))

    def stmt_For(self, s):
        if s.orelse:
            raise self.error(s, "`for ... else` is not supported",
                             hint="set a flag before `break` and test it after the loop")
        it = s.iter
        fn = self.parsed.resolve(it.func) if isinstance(it, gast.Call) else MISSING
        if fn is range and not it.keywords and isinstance(s.target, gast.Name):
            args = [self.atom(a) for a in it.args]
            body = self.block(s.body)
            self.loc = s
            self.emit(gast.For(target=S.name(s.target.id, store=True),
                               iter=S.call(S.copy(it.func), args), body=body, orelse=[],
                               type_comment=None))
            return
        # every other iterable: a loop over indices
        if fn is enumerate and len(it.args) == 1 and not it.keywords:
            seqs = [self.atom(it.args[0])]
            if not (isinstance(s.target, (gast.Tuple, gast.List)) and len(s.target.elts) == 2):
                raise self.error(s.target, "unpack enumerate as `for i, v in enumerate(xs)`")
            idx_target, targets = s.target.elts[0], [s.target.elts[1]]
        elif fn is zip and it.args and not it.keywords:
            seqs = [self.atom(a) for a in it.args]
            if not (isinstance(s.target, (gast.Tuple, gast.List))
                    and len(s.target.elts) == len(seqs)):
                raise self.error(s.target, "unpack zip as `for a, b in zip(as_, bs)`")
            idx_target, targets = None, list(s.target.elts)
        elif fn is reversed and len(it.args) == 1 and not it.keywords:
            seq = self.atom(it.args[0])
            n = self.atom(S.call("len", [S.copy(seq)]))
            k = self.names.fresh("k")
            body = [S.assign(S.copy(s.target), gast.Subscript(value=S.copy(seq), slice=S.name(k),
                                                              ctx=gast.Load()), s)]
            start = self.fresh_assign("last", gast.BinOp(left=n, op=gast.Sub(), right=S.const(1)))
            loop = gast.For(target=S.name(k, store=True),
                            iter=S.call("range", [start, S.const(-1), S.const(-1)]),
                            body=body + list(s.body), orelse=[], type_comment=None)
            S.locate(loop, s)
            self.stmt_For(loop)
            return
        else:
            seqs = [self.atom(it)]
            idx_target, targets = None, [s.target]
        if len(seqs) == 1:
            n = self.atom(S.call("len", [S.copy(seqs[0])]))
        else:
            n = self.atom(S.call("min", [S.call("len", [S.copy(q)]) for q in seqs]))
        if idx_target is not None and isinstance(idx_target, gast.Name):
            k = idx_target.id
        else:
            k = self.names.fresh("k")
        head = []
        if idx_target is not None and not isinstance(idx_target, gast.Name):
            head.append(S.assign(S.copy(idx_target), S.name(k), s))
        for t, q in zip(targets, seqs):
            head.append(S.assign(S.copy(t), gast.Subscript(value=S.copy(q), slice=S.name(k),
                                                           ctx=gast.Load()), s))
        loop = gast.For(target=S.name(k, store=True), iter=S.call("range", [n]),
                        body=head + list(s.body), orelse=[], type_comment=None)
        S.locate(loop, s)
        self.loc = s
        args = [n]
        body = self.block(loop.body)
        self.loc = s
        self.emit(gast.For(target=S.name(k, store=True), iter=S.call("range", args), body=body,
                           orelse=[], type_comment=None))

    # -- expressions -------------------------------------------------------
    def fresh_assign(self, base, value):
        ident = self.names.fresh(base)
        self.emit(S.assign(ident, value))
        return S.name(ident)

    def test(self, e):
        if isinstance(e, gast.UnaryOp) and isinstance(e.op, gast.Not):
            return gast.UnaryOp(op=gast.Not(), operand=self.atom(e.operand))
        return self.atom(e)

    def atom(self, e):
        if isinstance(e, gast.Name):
            if e.id in self.local_functions:
                raise self.error(e, f"the nested function {e.id!r} is used as a value; srcdiff "
                                 "only inlines direct calls of nested functions",
                                 hint="call it directly, or define it at module level")
            if not isinstance(e.ctx, gast.Load):
                e = S.as_load(e)
            return e
        if isinstance(e, gast.Constant):
            return e
        folded = _fold_constant(e)
        if folded is not None:
            return folded
        if isinstance(e, gast.Attribute):
            obj = self.parsed.resolve(e)
            if obj is None:  # np.newaxis
                return S.const(None)
        v = self.value(e)
        if isinstance(v, (gast.Name, gast.Constant)):  # already named (ternary, and/or)
            return v
        return self.fresh_assign(_base_name(e, self.parsed), v)

    def index_trick(self, e):
        """``np.r_[a, b]`` / ``np.c_[a, b]`` as the concatenation they are
        (``np.concatenate([np.atleast_1d(a), ...])``, ``np.column_stack([a, ...])``);
        any other NumPy index-trick object is refused. None when ``e`` is an ordinary
        subscript."""
        obj = self.parsed.resolve(e.value)
        if obj is MISSING or not isinstance(obj, _INDEX_TRICKS):
            return None
        items = e.slice.elts if isinstance(e.slice, gast.Tuple) else [e.slice]
        is_r, is_c = obj is np.r_, obj is np.c_
        name = S.expr_source(e.value)
        if not (is_r or is_c):
            raise self.error(e, f"{name}[...] is a NumPy index trick srcdiff does not model",
                             hint="build the array with np.arange, np.linspace, "
                                  "np.meshgrid or np.concatenate instead")
        for x in items:
            if isinstance(x, gast.Slice) or (isinstance(x, gast.Constant)
                                              and isinstance(x.value, str)):
                raise self.error(x, f"{name}[...] with a slice or a string directive is not "
                                 "supported (only a list of values to join)",
                                 hint="write np.concatenate([...]) (and np.arange for ranges)")
        self.parsed.namespace.setdefault("np", np)
        if is_r:
            parts = [S.call(S.expr("np.atleast_1d"), [S.copy(x)]) for x in items]
            call = S.call(S.expr("np.concatenate"), [gast.List(elts=parts, ctx=gast.Load())])
        else:
            call = S.call(S.expr("np.column_stack"),
                          [gast.List(elts=[S.copy(x) for x in items], ctx=gast.Load())])
        return S.locate(call, e)

    def value(self, e, hint=None):
        """A simple value (see the grammar) computing ``e``; may emit statements first."""
        kind = type(e)
        if kind in _UNSUPPORTED_EXPRS:
            msg, hint_ = _UNSUPPORTED_EXPRS[kind]
            raise self.error(e, msg, hint_)
        folded = _fold_constant(e)
        if folded is not None:
            return folded
        if isinstance(e, (gast.Name, gast.Constant)):
            return self.atom(e)
        if isinstance(e, gast.BinOp):
            return gast.BinOp(left=self.atom(e.left), op=e.op, right=self.atom(e.right))
        if isinstance(e, gast.UnaryOp):
            return gast.UnaryOp(op=e.op, operand=self.atom(e.operand))
        if isinstance(e, gast.Compare):
            if len(e.ops) == 1:
                return gast.Compare(left=self.atom(e.left), ops=e.ops,
                                    comparators=[self.atom(e.comparators[0])])
            return self.chained_compare(e)
        if isinstance(e, gast.BoolOp):
            return self.boolop(e)
        if isinstance(e, gast.IfExp):
            return self.ifexp(e, hint)
        if isinstance(e, gast.Call):
            return self.call(e)
        if isinstance(e, gast.Subscript):
            trick = self.index_trick(e)
            if trick is not None:
                return self.value(trick, hint)
            return gast.Subscript(value=self.atom(e.value), slice=self.index(e.slice),
                                  ctx=gast.Load())
        if isinstance(e, gast.Attribute):
            obj = self.parsed.resolve(e)
            if obj is not MISSING:
                return S.copy(e)  # a compile-time constant such as np.pi
            return gast.Attribute(value=self.atom(e.value), attr=e.attr, ctx=gast.Load())
        if isinstance(e, (gast.Tuple, gast.List)):
            for x in e.elts:
                if isinstance(x, gast.Starred):
                    msg, h = _UNSUPPORTED_EXPRS[gast.Starred]
                    raise self.error(x, msg, h)
            elts = [self.atom(x) for x in e.elts]
            return type(e)(elts=elts, ctx=gast.Load())
        if isinstance(e, gast.Dict):
            if any(k is None for k in e.keys):
                raise self.error(e, "`**` in dict literals is not supported",
                                 hint="list the entries explicitly")
            return gast.Dict(keys=[self.atom(k) for k in e.keys],
                             values=[self.atom(v) for v in e.values])
        if isinstance(e, (gast.ListComp, gast.GeneratorExp)):
            return self.comprehension(e)
        raise self.error(e, f"`{kind.__name__}` expressions are not supported")

    def index(self, s):
        if isinstance(s, gast.Slice):
            return gast.Slice(lower=None if s.lower is None else self.atom(s.lower),
                              upper=None if s.upper is None else self.atom(s.upper),
                              step=None if s.step is None else self.atom(s.step))
        if isinstance(s, gast.Tuple):
            return gast.Tuple(elts=[self.index(x) for x in s.elts], ctx=gast.Load())
        return self.atom(s)

    def call(self, e):
        for a in e.args:
            if isinstance(a, gast.Starred):
                raise self.error(a, "calls with `*args` are not supported",
                                 hint="pass the arguments explicitly")
        for k in e.keywords:
            if k.arg is None:
                raise self.error(k.value, "calls with `**kwargs` are not supported",
                                 hint="pass the keyword arguments explicitly")
            if k.arg == "out":
                raise self.error(k.value, "`out=` writes the result into an existing array, "
                                 "which srcdiff cannot follow",
                                 hint="assign the result instead: `c = np.add(a, b)`")
        f = e.func
        if isinstance(f, gast.Name) and f.id in self.local_functions:
            return self.inline(self.local_functions[f.id], e)
        target = self.parsed.resolve(f)
        if target is MISSING:
            if isinstance(f, gast.Attribute):
                func = gast.Attribute(value=self.atom(f.value), attr=f.attr, ctx=gast.Load())
            elif isinstance(f, gast.Name):
                raise self.error(f, f"cannot tell what `{f.id}` refers to at compile time "
                                 "(a local variable holding a function?)",
                                 hint="call module-level functions by their global name")
            else:
                raise self.error(f, "calling the result of an expression is not supported",
                                 hint="call a named function")
        else:
            func = S.copy(f)
        args = [self.atom(a) for a in e.args]
        kws = [(k.arg, self.atom(k.value)) for k in e.keywords]
        return S.call(func, args, kws)

    def chained_compare(self, e):
        result = self.names.fresh("cmp")
        left = self.atom(e.left)
        rights = e.comparators
        saved = self.out
        first = True
        nested = None
        for op, right in zip(e.ops, rights):
            if first:
                r = self.atom(right)
                self.emit(S.assign(result, gast.Compare(left=left, ops=[op], comparators=[r])))
                first = False
            else:
                body = []
                self.out = body
                r = self.atom(right)
                self.emit(S.assign(result, gast.Compare(left=left, ops=[op], comparators=[r])))
                self.out = saved if nested is None else nested
                node = gast.If(test=S.name(result), body=body, orelse=[])
                self.emit(node)
                nested = body
            left = r
        self.out = saved
        return S.name(result)

    def boolop(self, e):
        result = self.names.fresh("cond")
        is_and = isinstance(e.op, gast.And)
        self.emit(S.assign(result, self.value(e.values[0])))
        target = self.out
        for v in e.values[1:]:
            body = []
            saved, self.out = self.out, body
            self.emit(S.assign(result, self.value(v)))
            self.out = saved
            test = S.name(result) if is_and else gast.UnaryOp(op=gast.Not(), operand=S.name(result))
            node = S.locate(gast.If(test=test, body=body, orelse=[]), self.loc)
            target.append(node)
            target = body
        return S.name(result)

    def ifexp(self, e, hint):
        result = self.names.fresh(hint or "choice") if hint is None else self.names.fresh(hint)
        test = self.test(e.test)
        saved = self.out
        self.out = []
        self.emit(S.assign(result, self.value(e.body)))
        body = self.out
        self.out = []
        self.emit(S.assign(result, self.value(e.orelse)))
        orelse = self.out
        self.out = saved
        self.emit(gast.If(test=test, body=body, orelse=orelse))
        return S.name(result)

    def comprehension(self, e):
        result = self.names.fresh("items")
        self.emit(S.assign(result, gast.List(elts=[], ctx=gast.Load())))
        inner = gast.Expr(value=S.call(gast.Attribute(value=S.name(result), attr="append",
                                                      ctx=gast.Load()), [e.elt]))
        stmt = inner
        for gen in reversed(e.generators):
            if gen.is_async:
                raise self.error(e, "async comprehensions are not supported")
            body = [stmt]
            for cond in reversed(gen.ifs):
                body = [gast.If(test=cond, body=body, orelse=[])]
            stmt = gast.For(target=gen.target, iter=gen.iter, body=body, orelse=[],
                            type_comment=None)
        S.locate(stmt, self.loc)
        loc = self.loc
        self.stmt(stmt)
        self.loc = loc
        return S.name(result)


def _is_passthrough(obj):
    if obj in PASSTHROUGH_CALLS:
        return True
    return isinstance(getattr(obj, "__self__", None), logging.Logger)


def _fold_constant(e):
    """``-1`` and ``+2.0`` are constants, not operations."""
    if isinstance(e, gast.UnaryOp) and isinstance(e.op, (gast.USub, gast.UAdd)) \
            and isinstance(e.operand, gast.Constant) \
            and isinstance(e.operand.value, (int, float, complex)) \
            and not isinstance(e.operand.value, bool):
        v = e.operand.value
        return S.const(-v if isinstance(e.op, gast.USub) else v)
    return None


def _base_name(e, parsed):
    if isinstance(e, gast.BinOp):
        return _BINOP_NAMES.get(type(e.op), "t")
    if isinstance(e, gast.UnaryOp):
        return {gast.USub: "neg", gast.Not: "not_", gast.Invert: "inv"}.get(type(e.op), "t")
    if isinstance(e, gast.Compare):
        return "cmp"
    if isinstance(e, gast.Call):
        f = e.func
        if isinstance(f, gast.Attribute):
            return f.attr
        if isinstance(f, gast.Name):
            return "n" if f.id == "len" else f.id
        return "call"
    if isinstance(e, gast.Subscript):
        key = e.slice
        if isinstance(key, gast.Constant) and isinstance(key.value, str) \
                and key.value.isidentifier():
            return key.value  # params["W1"] -> W1
        base = e.value.id if isinstance(e.value, gast.Name) else "item"
        return base + "_i"
    if isinstance(e, gast.Attribute):
        return {"T": "transposed"}.get(e.attr, e.attr)
    if isinstance(e, (gast.Tuple, gast.List)):
        return "items"
    if isinstance(e, gast.Dict):
        return "entries"
    if isinstance(e, gast.IfExp):
        return "choice"
    return "t"
