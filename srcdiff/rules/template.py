"""Rules as templates: a rule is a Python function whose body the compiler inlines.

A template body obeys::

    body := (NAME = expr | if TEST: body [else: body])* return expr

where every ``if`` test must be decidable at compile time once the options
(``axis``, ``keepdims`` ...) are bound to constants. Such a body is inlined:
parameters become the call site's atoms, locals get fresh names, and decided
``if``s disappear, so ``np.tanh``'s rule prints as ``b_t = b_h * (1.0 - h * h)``.
A body outside that grammar (loops, or tests on run-time values) is not
inlined; the generated code calls the rule function instead. A called rule's
result is read as a tuple of gradients when every ``return`` of its source
returns a tuple display, as the first argument's gradient when none does, and
by ``rule_results`` at run time otherwise (lambdas, mixed returns).

A ``*args`` parameter (``np.einsum``'s operands) counts as one differentiable
parameter whose gradient is a list, one entry per element, like a list
argument's; an absent ``*args``/``**kwargs`` binds to an empty tuple/dict.
A test like ``axis is None`` on a name (not a literal) decides False at
compile time, so a rule's branch for ``axis is not None`` must also be right
(or fail loudly) when the name holds None at run time.

``wrt``: parameters with a default that are nevertheless differentiable
arguments (``scipy.stats.norm.logpdf(x, loc=0, scale=1)``): a call may omit
them (the default is then a constant, with no gradient) or pass them by
position or keyword. ``options``: a ``*args`` parameter that holds options, not
arguments (``np.gradient``'s spacings). :attr:`Template.signature` shows the
former without their default and the latter as a keyword-only option with the
default ``()``, which is how every reader (``differentiable_params``, the check
that options are constants) tells an argument from an option;
:meth:`Template.bind` and :meth:`Template.call` use the rule's own signature.
"""

import functools
import inspect

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.rules.rule_source import running_source


class Template:
    def __init__(self, fn, kind, wrt=(), options=()):
        self.fn = fn
        self.kind = kind
        self.name = fn.__name__
        self.call_signature = inspect.signature(fn)  # what calls bind to (defaults included)
        self.signature = rule_signature(fn, wrt, options)  # arguments and options told apart
        self.params = list(self.signature.parameters)

    # (parsed when a compilation first needs it: some 600 rules are registered on import)
    @functools.cached_property
    def _parsed(self):
        """``(node, inlinable, returns)``: the rule's ``def`` (None: no source, or a lambda,
        called, never inlined), whether its body can be inlined, and "tuple" / "single"
        when every return agrees, else None."""
        try:
            src = getattr(self.fn, "_srcdiff_source", None)  # (a derived rule's: derive)
            # (None when the file no longer holds the code that runs: called, not inlined)
            node = gast.parse(src or running_source(self.fn)).body[0]
        except (OSError, TypeError, SyntaxError, IndexError, AttributeError):
            node = None
        if not isinstance(node, gast.FunctionDef):
            return None, False, None
        node.decorator_list = []
        return node, _inlinable(node.body), _return_shape(node)

    node = property(lambda self: self._parsed[0])
    returns = property(lambda self: self._parsed[2])
    inlinable = property(lambda self: self._parsed[1], lambda self, value: setattr(
        self, "_parsed", (self.node, value, self.returns)))  # (set by tests: called)

    @functools.cached_property
    def globals(self):
        """Names the rule's body reads from its module (looked up when first needed)."""
        out = {}
        if self.node is not None:
            local = set(self.params) | {
                n.id for n in gast.walk(self.node)
                if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store)}
            for ident in S.loaded_names(self.node):
                if ident not in local and ident in self.fn.__globals__:
                    out[ident] = self.fn.__globals__[ident]
        return out

    @functools.cached_property
    def _options_signature(self):
        """The call signature without its first two parameters (``g``, ``ans``)."""
        sig = self.call_signature
        return sig.replace(parameters=list(sig.parameters.values())[2:])

    @functools.cached_property
    def _plain_options(self):
        """``[(name, default)]`` of the options signature when every parameter is a plain
        positional-or-keyword one (the common case, bound without ``inspect``), else None."""
        params = self._options_signature.parameters.values()
        if all(p.kind == p.POSITIONAL_OR_KEYWORD for p in params):
            return [(p.name, p.default) for p in params]
        return None

    def bind(self, args, kwargs):
        """Map the primitive's call-site arguments (nodes) to rule parameters (after g, ans)."""
        plain = self._plain_options
        if plain is not None and len(args) <= len(plain):
            # what ``Signature.bind`` binds, when it binds (else it is asked: its error)
            given = dict(zip([n for n, _ in plain], args))
            if all(k not in given for k in kwargs):
                given.update(kwargs)
                if len(given) == len(args) + len(kwargs) and all(
                        n in given or d is not inspect.Parameter.empty for n, d in plain) \
                        and all(any(k == n for n, _ in plain) for k in kwargs):
                    return {n: given[n] if n in given else S.const(d) for n, d in plain
                            if n in given or d is not inspect.Parameter.empty}
        dummy = self._options_signature
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
            elif param.kind == param.VAR_POSITIONAL:
                out[name] = gast.Tuple(elts=[], ctx=gast.Load())
            elif param.kind == param.VAR_KEYWORD:
                out[name] = gast.Dict(keys=[], values=[])
            elif param.default is not inspect.Parameter.empty:
                out[name] = S.const(param.default)
        return out

    @functools.cached_property
    def differentiable_params(self):
        """Positional parameters without defaults after (g, ans): one gradient each.

        A ``*args`` parameter counts as one: its gradient is a list with one
        entry per element (``None`` for elements with none), like a list argument's.
        """
        return differentiable_params(self.signature)

    def instantiate(self, head, bound, names, call_name=None, prefold=None, helpers=None):
        """Return ``(stmts, results)``: statements to emit and one expression per output.

        ``head`` binds the first two parameters (``g``/``ans`` or their forward
        analogues); ``bound`` the rest (from :meth:`bind`). ``results`` has one
        entry per differentiable parameter (``None`` where the rule gives none).
        ``call_name`` is how generated code names this rule when it is called
        rather than inlined. An inlined body reads the rule module's globals by name: they
        are added to ``helpers`` (the generated namespace's), only then. ``prefold`` (the
        compiler's rank folding of ``np.ndim(x)``, which leaves a tree without an ``ndim``
        attribute as it is) is applied to the inlined statements when one may hold such an
        attribute.
        """
        subs = dict(zip(self.params[:2], head))
        subs.update(bound)
        n_out = len(self.differentiable_params)
        if self.inlinable:
            try:
                out = self._inline(subs, names, n_out, prefold)
            except _NotFoldable:
                pass
            else:
                if helpers is not None:
                    helpers.update(self.globals)
                return out
        tmp = names.fresh("vjp" if self.kind == "vjp" else "jvp")
        call = self.call(call_name or self.name, [S.copy(subs[p]) for p in self.params[:2]],
                          bound)
        if n_out == 1 or self.returns == "single":
            # a single returned expression is the first argument's gradient
            return [S.assign(tmp, call)], [S.name(tmp)] + [None] * (n_out - 1)
        if self.returns != "tuple":  # cannot tell from the source: decide at run time
            call = S.call("rule_results", [call, S.const(n_out)])
        return [S.assign(tmp, call)], [gast.Subscript(value=S.name(tmp), slice=S.const(i),
                                                      ctx=gast.Load())
                                       for i in range(n_out)]

    def call(self, name, head, bound):
        """``name(g, ans, ...)``: positional parameters positionally, then ``*args``, keywords."""
        args, kws = list(head), []
        params = list(self.call_signature.parameters.values())[2:]
        var = any(p.kind == p.VAR_POSITIONAL for p in params)
        for p in params:
            if p.name not in bound:
                continue
            v = S.copy(bound[p.name])
            if p.kind == p.VAR_POSITIONAL:
                args.extend(v.elts)
            elif p.kind == p.VAR_KEYWORD:
                kws.extend((k.value, x) for k, x in zip(v.keys, v.values))
            elif p.kind == p.POSITIONAL_ONLY or (var and p.kind == p.POSITIONAL_OR_KEYWORD):
                args.append(v)
            else:
                kws.append((p.name, v))
        return S.call(S.name(name), args, kws)

    @functools.cached_property
    def array_params(self):
        """The differentiable parameters some ``return`` of the rule gives a gradient (not
        ``None`` nor ``not_differentiable(...)``): the ones read as arrays, not a shape, an
        axis or indices. A single returned expression is the first parameter's gradient.
        Every differentiable parameter when the source is not known."""
        params = [p for p in self.differentiable_params
                  if self.signature.parameters[p].kind != inspect.Parameter.VAR_POSITIONAL]
        if self.node is None:
            return params
        out = set()
        for ret in (n for n in dataflow.nodes(self.node) if isinstance(n, gast.Return)):
            value = ret.value
            results = value.elts if isinstance(value, gast.Tuple) and \
                len(self.differentiable_params) != 1 else [value]
            for p, r in zip(self.differentiable_params, results):
                if not (isinstance(r, gast.Constant) and r.value is None) \
                        and not_differentiable(r) is None:
                    out.add(p)
        return [p for p in params if p in out]

    @functools.cached_property
    def not_differentiable(self):
        """``{parameter: what}`` for the differentiable parameters every ``return`` of the
        rule answers with an entry that raises ``not_differentiable("what")``: the
        generators refuse the call, with its file and line, when such an argument depends
        on ``wrt`` (where the generated code would raise at run time, without either)."""
        if self.node is None:
            return {}
        found = None
        for ret in (n for n in dataflow.nodes(self.node) if isinstance(n, gast.Return)):
            value = ret.value
            results = value.elts if isinstance(value, gast.Tuple) and \
                len(self.differentiable_params) != 1 else [value]
            here = {p: what for p, r in zip(self.differentiable_params, results)
                    if (what := _raises_not_differentiable(r)) is not None}
            found = here if found is None else {p: w for p, w in found.items() if p in here}
        return found or {}

    def refuse_underivable(self, active, error, stmt):
        """Refuse (``error(stmt, ...)``: the call's file and line) a call passing an argument
        that depends on ``wrt`` (``active(parameter)``) where the rule has no derivative
        (:attr:`not_differentiable`): the gradient would raise at run time, without them."""
        for p, what in self.not_differentiable.items():
            if active(p):
                raise error(stmt, f"no gradient with respect to {what}", NOT_DIFFERENTIABLE_HINT)

    @functools.cached_property
    def reads_ndim(self):
        """Does the rule's body hold an ``ndim`` attribute (``np.ndim(x)``)?"""
        return _reads_ndim(self.node)

    @functools.cached_property
    def local_names(self):
        """The names the rule's body assigns, sorted (each gets a fresh name per use)."""
        return sorted({n.id for s in self.node.body for n in dataflow.names(s)
                       if isinstance(n.ctx, gast.Store)})

    def _inline(self, subs, names, n_out, prefold):
        # fresh names for the rule's locals
        for ident in self.local_names:
            subs[ident] = S.name(names.fresh(ident))
        body = S.substituted(self.node.body, subs)
        # (``prefold`` rewrites ``np.ndim(x)`` calls and leaves other trees as they are: the
        # body holds one only if the rule's body or a substituted value does)
        if prefold is not None and (self.reads_ndim or any(
                _reads_ndim(v) for v in subs.values())):
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


def _reads_ndim(node):
    cls = node.__class__  # (a name or a number, the commonest substituted values: no walk)
    if cls is gast.Constant or cls is gast.Name and getattr(node, "annotation", None) is None:
        return False
    if isinstance(node, list):
        return any(_reads_ndim(x) for x in node)
    return isinstance(node, gast.AST) and any(  # (what rule_folding.py folds)
        isinstance(n, gast.Attribute) and n.attr in ("ndim", "iscomplexobj")
        for n in dataflow.nodes(node))


def rule_signature(fn, wrt=(), options=()):
    """The signature of rule ``fn`` with the parameters named in ``wrt`` (differentiable
    though they have defaults) shown without their default, and the ``*args`` parameter
    named in ``options`` as a keyword-only option (default ``()``). The ``wrt`` ones must
    come before the options (the other parameters with defaults)."""
    signature = inspect.signature(fn)
    if not wrt and not options:
        return signature
    params = list(signature.parameters.values())
    missing = (set(wrt) | set(options)) - {p.name for p in params[2:]}
    if missing:
        raise TypeError(f"rule {fn.__name__}: wrt/options name {sorted(missing)}, which are "
                        "not parameters of the rule")
    out, option = [], None
    for p in params:
        if p.name in options:
            if p.kind != p.VAR_POSITIONAL:
                raise TypeError(f"rule {fn.__name__}: options names {p.name}, which is not "
                                "its *args parameter (an option with a default is one already)")
            p = p.replace(kind=p.KEYWORD_ONLY, default=())
        elif p.name in wrt:
            if p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                raise TypeError(f"rule {fn.__name__}: the differentiable parameter {p.name} "
                                "must be positional (or keyword)")
            if option is not None:
                raise TypeError(f"rule {fn.__name__}: the differentiable parameter {p.name} "
                                f"must come before the option {option}")
            p = p.replace(default=p.empty)
        elif p.default is not p.empty and p.kind != p.KEYWORD_ONLY and option is None:
            option = p.name
        out.append(p)
    return signature.replace(parameters=out)


def differentiable_params(signature):
    """The parameters after ``(g, ans)`` that get a gradient (see ``Template``)."""
    out = []
    for p in list(signature.parameters.values())[2:]:
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty:
            out.append(p.name)
        elif p.kind == p.VAR_POSITIONAL:
            out.append(p.name)
    return out


def _return_shape(fn_node):
    """"tuple" when every ``return`` of the rule returns a tuple display, "single" if none does."""
    kinds = set()
    stack = list(fn_node.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda, gast.ClassDef)):
            continue
        if isinstance(node, gast.Return):
            kinds.add("tuple" if isinstance(node.value, gast.Tuple) else "single")
        stack.extend(gast.iter_child_nodes(node))
    return kinds.pop() if len(kinds) == 1 else None


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
            decided = decide_test(s.test)
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


class MarkConstants(gast.NodeTransformer):
    """``is_constant(x)``: True at compile time exactly when ``x`` is a literal."""

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, gast.Name) and node.func.id == "is_constant" \
                and len(node.args) == 1:
            return S.const(_is_literal(node.args[0]))
        return node


def _is_literal(node):
    if isinstance(node, gast.Constant):
        return True
    if isinstance(node, (gast.Tuple, gast.List)):
        return all(_is_literal(e) for e in node.elts)
    return False


def decide_test(test):
    """The value of a rule's compile-time test (its names other than :data:`_SAFE`'s are
    run-time values, any use of which makes it undecidable), or None when it cannot be
    decided.

    The answer depends on the test's tree alone (its printed source, evaluated with the
    names it reads unknown), so it is kept per tree (its dump: equal dumps print the same
    source): a rule's test is decided once per compilation instead of once per use
    (tests/optimize/test_compile_shortcuts.py checks the kept answers against deciding
    again)."""
    test = MarkConstants().visit(S.copy(test))
    key = S.dump(test)
    found = _DECIDED.get(key, _DECIDED)
    if found is _DECIDED:
        if len(_DECIDED) >= _KEEP:
            _DECIDED.clear()
        found = _DECIDED[key] = _decide(test)
    return found


_DECIDED = {}  # dump of a marked test -> its value (None: undecidable)
_KEEP = 4096


def _decide(test):
    import warnings

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


NOT_DIFFERENTIABLE_HINT = ("differentiate with respect to the other arguments, or wrap this one "
                           "in sd.stop_gradient(...) if it is meant to be a constant")


def _raises_not_differentiable(entry):
    """What a ``not_differentiable("what")`` call (srcdiff.runtime) that evaluating
    ``entry`` always runs names (``unbroadcast(not_differentiable(...), a)`` in a derived
    rule), or None (none, or one only under a condition)."""
    if entry is None or isinstance(entry, (gast.IfExp, gast.BoolOp, gast.Lambda,
                                           gast.ListComp, gast.GeneratorExp)):
        return None
    what = not_differentiable(entry)
    if what is not None:
        return what
    for child in gast.iter_child_nodes(entry):
        what = _raises_not_differentiable(child)
        if what is not None:
            return what
    return None


def not_differentiable(entry):
    """What a rule's entry ``not_differentiable("what")`` (srcdiff.runtime) names: an
    argument whose derivative srcdiff does not have; None for any other entry."""
    if isinstance(entry, gast.Call) and isinstance(entry.func, gast.Name) \
            and entry.func.id == "not_differentiable" and len(entry.args) == 1 \
            and isinstance(entry.args[0], gast.Constant) and isinstance(entry.args[0].value, str):
        return entry.args[0].value
    return None
