"""Rules as templates: a rule is a Python function whose body the compiler inlines.

A template body obeys::

    body := (NAME = expr | if TEST: body [else: body])* return expr

where every ``if`` test must be decidable at compile time once the options
(``axis``, ``keepdims`` ...) are bound to constants. Such a body is inlined:
parameters become the call site's atoms, locals get fresh names, and decided
``if``s disappear, so ``np.tanh``'s rule prints as ``b_t = b_h * (1.0 - h * h)``.
A body outside that grammar (loops, or tests on run-time values) is not
inlined; the generated code calls the rule function instead.
"""

import inspect
import textwrap

import gast

from .. import syntax as S


class Template:
    def __init__(self, fn, kind):
        self.fn = fn
        self.kind = kind
        self.name = fn.__name__
        self.signature = inspect.signature(fn)
        self.params = list(self.signature.parameters)
        self.node = None
        self.inlinable = False
        try:
            src = textwrap.dedent(inspect.getsource(fn))
            node = gast.parse(src).body[0]
            node.decorator_list = []
            self.node = node
            self.inlinable = _inlinable(node.body)
        except (OSError, TypeError, SyntaxError, IndexError):
            self.node = None

    @property
    def globals(self):
        """Names the rule's body reads from its module (looked up when first needed)."""
        out = {}
        if self.node is not None:
            local = set(self.params) | {n.id for n in gast.walk(self.node)
                                        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store)}
            for ident in S.loaded_names(self.node):
                if ident not in local and ident in self.fn.__globals__:
                    out[ident] = self.fn.__globals__[ident]
        return out

    def bind(self, args, kwargs):
        """Map the primitive's call-site arguments (nodes) to rule parameters (after g, ans)."""
        dummy = self.signature.replace(parameters=list(self.signature.parameters.values())[2:])
        ba = dummy.bind(*args, **kwargs)
        out = {}
        for name, param in dummy.parameters.items():
            if name in ba.arguments:
                v = ba.arguments[name]
                if param.kind == param.VAR_POSITIONAL:
                    v = gast.Tuple(elts=list(v), ctx=gast.Load())
                elif param.kind == param.VAR_KEYWORD:
                    v = gast.Dict(keys=[S.const(k) for k in v], values=list(v.values()))
                out[name] = v
            elif param.default is not inspect.Parameter.empty:
                out[name] = S.const(param.default)
        return out

    @property
    def differentiable_params(self):
        """Positional parameters without defaults after (g, ans): one gradient each."""
        out = []
        for p in list(self.signature.parameters.values())[2:]:
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty:
                out.append(p.name)
        return out

    def instantiate(self, head, bound, names, call_name=None, prefold=None):
        """Return ``(stmts, results)``: statements to emit and one expression per output.

        ``head`` binds the first two parameters (``g``/``ans`` or their forward
        analogues); ``bound`` the rest (from :meth:`bind`). ``results`` has one
        entry per differentiable parameter (``None`` where the rule gives none).
        ``call_name`` is how generated code names this rule when it is called
        rather than inlined.
        """
        subs = dict(zip(self.params[:2], head))
        subs.update(bound)
        n_out = len(self.differentiable_params)
        if self.inlinable:
            try:
                return self._inline(subs, names, n_out, prefold)
            except _NotFoldable:
                pass
        if True:
            args = [S.copy(subs[p]) for p in self.params[:2]]
            kws = [(p, S.copy(v)) for p, v in bound.items()]
            tmp = names.fresh("vjp" if self.kind == "vjp" else "jvp")
            call = S.call(S.name(call_name or self.name), args, kws)
            stmts = [S.assign(tmp, call)]
            if n_out == 1:
                return stmts, [S.name(tmp)]
            return stmts, [gast.Subscript(value=S.name(tmp), slice=S.const(i), ctx=gast.Load())
                           for i in range(n_out)]

    def _inline(self, subs, names, n_out, prefold):
        body = S.copy(self.node.body)
        # fresh names for the rule's locals
        local = {n.id for s in body for n in gast.walk(s)
                 if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store)}
        for ident in sorted(local):
            subs[ident] = S.name(names.fresh(ident))
        body = [S._substitute(s, subs) for s in body]
        if prefold is not None:
            body = [prefold(s) for s in body]
        stmts, ret = _fold(body)
        value = ret.value
        if isinstance(value, gast.Tuple) and n_out != 1:
            results = list(value.elts)
        else:
            # a single gradient is the first argument's; the others (axis, shape) get none
            results = [value] + [S.const(None)] * (n_out - 1)
        results = [None if (isinstance(r, gast.Constant) and r.value is None) else r
                   for r in results]
        if len(results) != n_out:
            raise TypeError(f"rule {self.name} returns {len(results)} gradients for "
                            f"{n_out} arguments")
        return stmts, results


def _inlinable(body):
    if not body or not isinstance(body[-1], gast.Return) or body[-1].value is None:
        return False
    for s in body[:-1]:
        if isinstance(s, gast.Assign) and all(isinstance(t, gast.Name) for t in s.targets):
            continue
        if isinstance(s, gast.Expr) and isinstance(s.value, gast.Constant):
            continue  # docstring
        if isinstance(s, gast.If):
            if not (_branch_ok(s.body) and _branch_ok(s.orelse)):
                return False
            continue
        return False
    return True


def _branch_ok(body):
    if not body:
        return True
    if isinstance(body[-1], gast.Return):
        return _inlinable(body)
    return _inlinable(body + [gast.Return(value=S.const(None))])


def _fold(body):
    """Decide compile-time ``if``s; return (statements, the final Return)."""
    out = []
    for s in body:
        if isinstance(s, gast.Expr):
            continue
        if isinstance(s, gast.Return):
            return out, s
        if isinstance(s, gast.If):
            decided = _decide(s.test)
            if decided is None:
                raise _NotFoldable(s)
            branch = s.body if decided else s.orelse
            if branch and isinstance(branch[-1], gast.Return):
                inner, ret = _fold(branch)
                return out + inner, ret
            inner, _ = _fold(branch + [gast.Return(value=S.const(None))])
            out.extend(inner)
            continue
        out.append(s)
    raise _NotFoldable(body[-1] if body else None)


class _NotFoldable(Exception):
    pass


_SAFE = {"None": None, "True": True, "False": False, "isinstance": isinstance, "int": int,
         "float": float, "tuple": tuple, "list": list, "len": len}


class _Unknown:
    """A run-time value in a compile-time test: any use makes the test undecidable."""

    def _fail(self, *args, **kwargs):
        raise _Undecidable()

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __bool__ = __call__ = _fail
    __add__ = __sub__ = __mul__ = __getattr__ = __getitem__ = __len__ = __hash__ = _fail


class _Undecidable(Exception):
    pass


class _MarkConstants(gast.NodeTransformer):
    """``is_constant(x)``: True at compile time exactly when ``x`` is a literal."""

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, gast.Name) and node.func.id == "is_constant" and len(node.args) == 1:
            return S.const(isinstance(node.args[0], gast.Constant))
        return node


def _decide(test):
    import warnings

    test = _MarkConstants().visit(S.copy(test))
    env = dict(_SAFE)
    for name in S.loaded_names(test) - set(_SAFE):
        env[name] = _Unknown()
    try:
        src = S.expr_source(test)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            code = compile(src, "<rule test>", "eval")
        return bool(eval(code, {"__builtins__": {}}, env))
    except Exception:
        return None
