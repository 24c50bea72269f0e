"""Normalizing expressions: each compound expression becomes a chain of assignments of
one operation each (ANF), with ``and``/``or``/``if``-expressions, chained comparisons
and comprehensions turned into statements. Part of normalize.py's normalizer."""

import ast
import inspect
import logging
import warnings

import gast
import numpy as np

from srcdiff.compiler.front import derivatives
from srcdiff.compiler.front.composite_calls import CompositeCalls, keywords_by_position
from srcdiff.compiler.front.containers import Containers
from srcdiff.compiler.front.function_arguments import lambda_as_def
from srcdiff.compiler.front.parse import MISSING
from srcdiff.compiler.front.scopes import own_expressions, spread_tuple_names
from srcdiff.compiler.front.signatures import outputs_as_keywords, spread_literals
from srcdiff.compiler.front.writing_helpers import inlinable
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.rules import DEFAULT

PASSTHROUGH_CALLS = {print, logging.debug, logging.info, logging.warning, logging.error,
                     logging.critical, logging.log, warnings.warn}

LOGGER_METHODS = {"debug", "info", "warning", "error", "critical", "log", "exception"}

BINOP_NAMES = {gast.Add: "add", gast.Sub: "sub", gast.Mult: "mul", gast.Div: "div",
                gast.FloorDiv: "floordiv", gast.Mod: "mod", gast.Pow: "pow",
                gast.MatMult: "matmul", gast.BitAnd: "and_", gast.BitOr: "or_",
                gast.BitXor: "xor", gast.LShift: "lshift", gast.RShift: "rshift"}

_UNSUPPORTED_EXPRS = {
    gast.Yield: ("generators (`yield`) cannot be differentiated", "return a list instead"),
    gast.YieldFrom: ("generators (`yield from`) cannot be differentiated", "return a list instead"),
    gast.Await: ("`await` is not supported", "use an ordinary function"),
    gast.Starred: ("starred expressions (`*xs`) are not supported",
                   "pass or unpack the elements explicitly"),
}

# NumPy's index-trick objects (np.r_, np.c_, np.s_, np.index_exp, np.mgrid, np.ogrid),
# and what they derive from (np.ma.mr_ and the like)
_INDEX_TRICKS = tuple({t for n in ("r_", "c_", "s_", "index_exp", "mgrid", "ogrid")
                       for t in type(getattr(np, n)).__mro__ if t is not object})


class Expressions(CompositeCalls, Containers):
    """The normalizer's expressions (mixed into normalize._Normalizer; shares its state)."""

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
            if _is_dtype(obj):  # `.astype(np.int32)`: spelled as written, so the analysis
                return S.copy(e)  # reads whether a conversion keeps or truncates values
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
            if (isinstance(x, gast.Slice) and not (is_r and _int_range(x))) or (
                    isinstance(x, gast.Constant) and isinstance(x.value, str)):
                raise self.error(x, f"{name}[...] with this slice or a string directive is not "
                                 "supported (only values to join, and np.r_'s ranges with "
                                 "integer literal bounds)",
                                 hint="write np.concatenate([...]) (and np.arange for ranges)")
        self.parsed.namespace.setdefault("np", np)
        if is_r:
            # a range ``a:b:k`` (integer literals) is the constant np.arange(a, b, k)
            parts = [S.call(S.expr("np.arange"), _int_range(x)) if isinstance(x, gast.Slice)
                     else S.call(S.expr("np.atleast_1d"), [S.copy(x)]) for x in items]
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
        if kind is gast.Lambda:
            return self.closed_lambda(e)
        folded = _fold_constant(e)
        if folded is not None:
            return folded
        if isinstance(e, (gast.Name, gast.Constant)):
            return self.atom(e)
        if isinstance(e, gast.NamedExpr):
            return self.named_expr(e)
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
            return dataflow.in_range_as(gast.Subscript(
                value=self.atom(e.value), slice=self.index(e.slice), ctx=gast.Load()), e)
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
        if isinstance(e, gast.DictComp):
            return self.dictcomp(e)
        if isinstance(e, (gast.SetComp, gast.Set)):
            return self.setcomp(e)
        if isinstance(e, gast.JoinedStr):
            return self.joinedstr(e)
        raise self.error(e, f"`{kind.__name__}` expressions are not supported")

    def index(self, s):
        if isinstance(s, gast.Slice):
            return gast.Slice(lower=None if s.lower is None else self.atom(s.lower),
                              upper=None if s.upper is None else self.atom(s.upper),
                              step=None if s.step is None else self.atom(s.step))
        if isinstance(s, gast.Tuple):
            return gast.Tuple(elts=[self.index(x) for x in s.elts], ctx=gast.Load())
        return self.atom(s)

    def extreme_with_default(self, e):
        """``max(xs, default=d)`` (``min``, ``key=`` kept): ``max(xs) if len(xs) else d``,
        ``xs`` and ``d`` evaluated first, as Python does; the rules of max and min then see
        a non-empty ``xs`` only (``len`` of what max cannot iterate raises a TypeError)."""
        if len(e.args) != 1 or isinstance(e.args[0], gast.Starred):
            raise self.error(e, "`default=` of max/min is differentiated with one iterable "
                             "argument (Python refuses it with several)",
                             hint="pass the values as one list: `max([a, b], default=d)`")
        xs = self.atom(e.args[0])
        keywords = [gast.keyword(arg=k.arg, value=self.atom(k.value) if k.arg == "default"
                                 else S.copy(k.value)) for k in e.keywords]
        default = next(k.value for k in keywords if k.arg == "default")
        size = self.fresh_assign("size", gast.Call(func=self.builtin("len"), args=[S.copy(xs)],
                                                   keywords=[]))
        call = S.locate(gast.Call(func=S.copy(e.func), args=[xs], keywords=[
            k for k in keywords if k.arg != "default"]), e)
        return self.value(S.locate(gast.IfExp(test=size, body=call, orelse=default), e))

    def call(self, e):
        # h(*(a, b)), h(*t) with t = (a, b) bound once, h(**{"k": v}): the arguments are known
        e = spread_literals(spread_tuple_names(e, self.tuple_lengths))
        for a in e.args:
            if isinstance(a, gast.Starred):
                raise self.error(a, "calls with `*xs` are supported only for the function's "
                                 "own `*args` (never reassigned), a tuple display, and a "
                                 "local name bound once to one: the length of this `*xs` "
                                 "is known only when the code runs",
                                 hint="pass the arguments explicitly, or bind a tuple once: "
                                      "`t = (a, b)`")
        for k in e.keywords:
            if k.arg is None:
                raise self.error(k.value, "calls with `**mapping` are supported only for the "
                                 "function's own `**kwargs` (never reassigned): the keys of "
                                 "this mapping are known only when the code runs",
                                 hint="pass the keyword arguments explicitly")
        f = e.func
        target = self.parsed.callee(f)  # (a nested def, or a helper writing into an argument)
        if target in (max, min) and any(k.arg == "default" for k in e.keywords):
            return self.extreme_with_default(e)
        if isinstance(f, gast.Lambda):
            # `(lambda v: ...)(a)`: the lambda is a nested def made here and called at once
            # (its body reads the enclosing variables when called, as a def's does)
            name = self.names.fresh("lambda")
            self.stmt_FunctionDef(lambda_as_def(name, f, e))
            return self.inline(self.local_functions[name], e)
        fdef = self.local_functions.get(f.id) if isinstance(f, gast.Name) else None
        if fdef is not None or (fdef := inlinable(self, f, target, e)) is not None:
            return self.inline(fdef, e)
        if isinstance(target, np.ufunc) and target.nout == 1 \
                and len(e.args) == target.nin + 1 and _is_none(e.args[-1]):
            # np.vecdot(a, b, None): a ufunc's `out` given as None, its default, is left out
            # (a rule's parameter after the inputs may be another: vecdot's is `axis`)
            e = S.locate(gast.Call(func=e.func, args=e.args[:-1], keywords=e.keywords), e)
        try:  # np.exp(x, y), np.sum(x, 0, None, y): the output array as out=
            rewritten = outputs_as_keywords(e, target)
        except ValueError as what:
            raise self.error(e, f"{what} with its output arrays passed by position is not "
                             "supported here", hint="pass the output as out=") from None
        if rewritten is not None:
            return self.call(rewritten)
        if getattr(target, "__objclass__", None) is np.ndarray and e.args \
                and DEFAULT.method_primitive(target.__name__):
            # np.ndarray.sum(a, axis=0): the method called on its first argument, a.sum(axis=0)
            return self.call(S.locate(gast.Call(
                func=gast.Attribute(value=e.args[0], attr=target.__name__, ctx=gast.Load()),
                args=e.args[1:], keywords=e.keywords), e))
        if (by_position := keywords_by_position(e, target)) is not None:
            return self.call(by_position)  # np.asarray(a=x): the rule's `object`
        f, target, before = self.composite(f, target, e.keywords, len(e.args), e.args)
        lowered = self.container_call(e, target)
        if lowered is not None:
            return lowered
        keywords, out = [], None
        for k in e.keywords:
            if k.arg == "out":
                if _is_none(k.value) and out_defaults_to_none(target):
                    continue  # `out=None` is the default: it means nothing (generated code
                    # passes every option of a rule it calls, `out=None` included)
                if _is_none(k.value) and _ordinary_out(target):
                    keywords.append(k)  # a parameter of a function compiled from its source
                    continue  # (a generated gradient's: `grad_var_about(..., out=None)`)
                if isinstance(k.value, gast.Name) and _has_rule(target, f):
                    out = k.value.id  # (below: the result stored into it)
                    continue
                raise self.error(k.value, "`out=` writes the result into an existing array, "
                                 "which srcdiff follows for a NumPy function or array method "
                                 "writing into a variable (`out=y`) only",
                                 hint="assign the result instead: `c = np.add(a, b)`")
            keywords.append(k)
        if target is MISSING:
            refused = derivatives.refuse_made_inside(self.parsed, f)
            if refused is not None:
                raise refused
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
        args = [self.atom(a) for a in before + e.args]
        kws = [(k.arg, self.atom(k.value)) for k in keywords]
        if out is None:
            return S.call(func, args, kws)
        # `np.add(a, b, out=y)`: the result stored into y, `y[...] = result` (a store, with
        # its adjoint, undo and checks: aliasing.py, an integer y: dtypes.py); the call's
        # value is y itself
        result = self.fresh_assign("result", S.call(func, args, kws))
        self.emit(self.subscript_store(out, S.const(Ellipsis), (), result))
        return S.name(out)

    def named_expr(self, e):
        """``(y := v)``: ``y = v`` where it is evaluated (in a branch of ``and``/``or`` or
        of a ternary when it sits there), then ``y``. Sound only where no other part of the
        statement reads or binds ``y`` (an atom ``y`` is read when the statement runs, not
        where it is written): :meth:`check_named_exprs` refuses the others."""
        if not isinstance(e.target, gast.Name):
            raise self.error(e, "this assignment expression target is not supported")
        self.assign_to(S.name(e.target.id, store=True), e.value)
        return S.name(e.target.id)

    def check_named_exprs(self, s):
        """Refuse ``y := v`` in a statement whose other parts (not nested blocks) bind ``y``
        or read it written before ``v`` ends: ``y + (y := 2 * x)`` reads the old ``y`` in
        Python and the new one once lowered (an atom ``y`` is read where its operation
        runs). A read written after it (``(a := f(x)) * a``) comes after it in both: the
        lowering evaluates tests, iterables and conditions before the parts they guard,
        as Python does."""
        nodes = [n for x in own_expressions(s) for n in dataflow.in_walk_order(x)]
        for n in nodes:
            if isinstance(n, gast.NamedExpr) and isinstance(n.target, gast.Name):
                end = (getattr(n, "end_lineno", None), getattr(n, "end_col_offset", None))
                own = {id(m) for m in gast.walk(n.value)}  # (read before the binding: fine)
                others = [m for m in nodes if isinstance(m, gast.Name)
                          and m.id == n.target.id and m is not n.target and id(m) not in own
                          and (not isinstance(m.ctx, gast.Load) or None in end
                               or (m.lineno, m.col_offset) < end)]
                if others:
                    raise self.error(others[0], f"`{n.target.id}` is named before the end of "
                                     f"the assignment expression `{n.target.id} := ...` in "
                                     "the same statement: srcdiff does not follow which value "
                                     "it reads there",
                                     hint=f"assign `{n.target.id}` in a separate statement")
            if isinstance(n, gast.Lambda) and any(
                    isinstance(m, gast.NamedExpr) for m in gast.walk(n)):
                raise self.error(n, "assignment expressions (`:=`) in a lambda are not "
                                 "supported", hint="assign in a separate statement")

    def closed_lambda(self, e):
        """A ``lambda`` that reads nothing of the function's own (its parameters, globals and
        builtins only: ``key=lambda p: p[0]``) is a function known when the code is compiled,
        as a module-level ``def`` is: made once here and named in the namespace. One that
        reads the function's variables is refused (``f = lambda v: ...`` is a nested
        ``def``: normalize.py)."""
        a = e.args
        params = {p.id for p in a.posonlyargs + a.args + a.kwonlyargs}
        params |= {p.id for p in (a.vararg, a.kwarg) if p is not None}
        # (defaults are evaluated where the lambda is, so a parameter's name there is the
        # function's variable: `lambda v, k=k: v * k` reads the local `k`)
        for n, bound in [(n, params if part is e.body else ())
                         for part in (e.body, *a.defaults, *a.kw_defaults) if part is not None
                         for n in gast.walk(part)]:
            if isinstance(n, (gast.Lambda, gast.ListComp, gast.SetComp, gast.DictComp,
                              gast.GeneratorExp, gast.NamedExpr)) or (
                    isinstance(n, gast.Name) and n.id not in bound
                    and self.parsed.lookup(n.id) is MISSING):
                raise self.error(e, "a `lambda` that reads the function's own variables is "
                                 "supported only bound to a name (`f = lambda v: ...`) and "
                                 "called, or called where it is written (`(lambda v: ...)(a)`)",
                                 hint="define a module-level `def` and pass it")
        tree = gast.gast_to_ast(gast.Expression(body=S.copy(e)))
        made = eval(compile(ast.fix_missing_locations(tree), str(self.parsed.filename), "eval"),
                    self.parsed.namespace)
        filename, lineno, _, _ = self.parsed.where(e)
        made.__srcdiff_lambda_at__ = f"{filename}:{lineno}"  # (emit/standalone.py)
        name = self.names.fresh("lambda")
        self.parsed.namespace[name] = made
        return S.name(name)

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
        self.comprehension_loop(e.generators, [(result, e.elt)], e)
        return S.name(result)

    def comprehension_loop(self, generators, appends, e):
        """The loops of a comprehension's ``generators``, appending each ``(list name,
        element)`` of ``appends`` in the innermost body."""
        # A comprehension's variables are its own (Python 3): lowered to a loop of the
        # function, one whose name the function also uses elsewhere gets a fresh name, as
        # does one of an enclosing comprehension's (``[[v for v in r] for v in m]``)
        rename, loops = {}, []
        for gen in generators:
            if gen.is_async:
                raise self.error(e, "async comprehensions are not supported")
            it = S.substituted(gen.iter, rename)  # (the first one: no name renamed yet)
            for n in gast.walk(gen.target):
                if isinstance(n, gast.Name) and (n.id in self.outside_names
                                                 or n.id in self.comprehension_names):
                    rename[n.id] = self.names.fresh(n.id)
            loops.append((S.substituted(gen.target, rename), it,
                          [S.substituted(c, rename) for c in gen.ifs]))
        stmt = [gast.Expr(value=S.call(gast.Attribute(value=S.name(result), attr="append",
                                                      ctx=gast.Load()),
                                       [S.substituted(elt, rename)]))
                for result, elt in appends]
        for target, it, ifs in reversed(loops):
            body = stmt
            for cond in reversed(ifs):
                body = [gast.If(test=cond, body=body, orelse=[])]
            stmt = [gast.For(target=target, iter=it, body=body, orelse=[],
                             type_comment=None)]
        own = {n.id for target, _, _ in loops for n in gast.walk(target)
               if isinstance(n, gast.Name)}
        S.locate(stmt[0], self.loc)
        loc, enclosing = self.loc, self.comprehension_names
        self.comprehension_names = enclosing | own
        self.stmt(stmt[0])
        self.loc, self.comprehension_names = loc, enclosing


def _has_rule(target, f):
    """Is the call of ``f`` (denoting ``target``) one of a primitive of the rule table, or a
    method the rule table maps to one (``x.clip(...)``)? Its ``out=`` is NumPy's."""
    if target is MISSING:
        return isinstance(f, gast.Attribute) and DEFAULT.method_primitive(f.attr) is not None
    try:
        return DEFAULT.lookup(target) is not None
    except TypeError:
        return False


def _is_none(node):
    return isinstance(node, gast.Constant) and node.value is None


def out_defaults_to_none(fn):
    """Does the callable ``fn`` take an ``out`` parameter whose default is ``None`` (so that
    passing ``out=None`` is the same call as leaving it out)? Every ufunc does; other
    callables say so in their signature, or, for a primitive whose signature Python cannot
    read, in the signature of its rule (which mirrors the primitive's)."""
    if fn is MISSING:
        return False
    if isinstance(fn, np.ufunc):
        return True
    try:
        parameter = inspect.signature(fn).parameters.get("out")
    except (TypeError, ValueError):
        rule = DEFAULT.lookup(fn)
        template = rule and (rule.vjp or rule.jvp)
        parameter = template.signature.parameters.get("out") if template else None
    return parameter is not None and parameter.default is None \
        and parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)


def _ordinary_out(fn):
    """Is ``out`` an ordinary parameter of ``fn``: a Python function without a rule, which
    srcdiff compiles from its source (a definition's gradient made by srcdiff takes every
    argument the call passes, ``out=None`` of ``np.var(x, 0, None, None, 1, mean=m)``
    included, with no default), where ``out=None`` binds None as Python binds it?"""
    if not inspect.isfunction(fn) or DEFAULT.lookup(fn) is not None:
        return False
    try:
        return "out" in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def is_passthrough(obj):
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
        return BINOP_NAMES.get(type(e.op), "t")
    if isinstance(e, gast.UnaryOp):
        return {gast.USub: "neg", gast.Not: "not_", gast.Invert: "inv"}.get(type(e.op), "t")
    if isinstance(e, gast.Compare):
        return "cmp"
    if isinstance(e, gast.Call):
        f = e.func
        if isinstance(f, gast.Attribute):
            return f.attr
        if isinstance(f, gast.Name):
            return "n" if f.id in ("len", "loop_len") else f.id
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


def _int_range(x):
    """``[start, stop, step]`` constants of a slice ``a:b:k`` whose bounds are integer
    literals (``a`` and ``k`` may be omitted; ``b`` may not); None otherwise."""
    def literal(e, default):
        if e is None:
            return default
        if isinstance(e, gast.UnaryOp) and isinstance(e.op, gast.USub):
            v = literal(e.operand, None)
            return None if v is None else -v
        if isinstance(e, gast.Constant) and type(e.value) is int:
            return e.value
        return None

    bounds = [literal(x.lower, 0), literal(x.upper, None), literal(x.step, 1)]
    if any(b is None for b in bounds) or bounds[2] == 0:
        return None
    return [S.const(b) for b in bounds]


def _is_dtype(obj):
    """A NumPy scalar type or dtype (``np.float32``, ``np.dtype('f8')``): how a dtype is
    spelled as an attribute of a module."""
    return isinstance(obj, np.dtype) or (isinstance(obj, type) and issubclass(obj, np.generic))
