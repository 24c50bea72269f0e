"""The rule registry: one table, keyed by the callable a call site resolves to.

Vocabulary (one registration style, like a table):

* ``@registry.vjp(np.tanh, ...)`` — a reverse rule ``rule(g, ans, *primal_args)``
  that mirrors the primitive's signature after ``g`` (the output's gradient)
  and ``ans`` (the output). It returns one gradient per *required* positional
  parameter (a tuple when there are several); ``None`` marks an argument with
  no gradient. Parameters with defaults are options (``axis``, ``keepdims``).
  The rule is real Python: tests call it, and the compiler inlines its body.
* ``@registry.jvp(np.tanh, ...)`` — a forward rule ``rule(d, ans, *primal_args)``
  with the same signature convention: it returns one tangent contribution per
  required positional parameter (a tuple when there are several), where ``d``
  stands for the tangent of *that* parameter, e.g. ``return d * y, x * d`` for
  ``x * y``. Each contribution is shaped like ``ans``; the forward transform sums
  the contributions of the active arguments. For a list or ``*args`` parameter,
  ``d`` is the list of its elements' tangents (``None`` where inactive) and the
  contribution is one tangent. A forward rule named ``tanh_jvp`` is called
  ``jvp_tanh`` in generated code (the ``_jvp`` suffix keeps the rule modules
  free of duplicate names).
* ``elementwise=True`` (a keyword of ``vjp``, ``jvp`` and ``nondiff``) — the
  primitive is *elementwise*: it maps its (broadcast) arguments element by
  element, so its output has their broadcast shape and ``f(broadcast args) ==
  broadcast(f(args))``. Shape analysis and uniform gradients (uniform.py) rely
  on it, so it is declared, never inferred: being a ``np.ufunc`` is not enough
  (``np.matmul`` and ``np.vecdot`` are ufuncs with a core signature, and a
  primitive with a non-None ``.signature`` is refused here).
* ``wrt=("loc", "scale")`` (a keyword of ``vjp``, ``jvp``, ``elementwise`` and
  ``self_adjoint``) — parameters with defaults that are differentiable
  arguments, not options (``scipy.stats.norm.logpdf(x, loc=0, scale=1)``): a
  call may omit them (the default is a constant) or pass them by position or by
  keyword, and the rule returns a gradient for each, after the required ones.
  They come before the options.
* ``options=("spacing",)`` (a keyword of ``vjp`` and ``jvp``) — the rule's ``*args``
  parameter holds options, not arguments (``np.gradient``'s spacings): constants,
  so a call passing one a value that depends on the differentiated inputs is
  refused, like any option; the rule returns no entry for it.
* ``not_differentiable("what")`` (srcdiff.runtime) as a rule's entry for an
  argument whose derivative is not available (``gammainc``'s ``a``): the entry
  is evaluated only when that argument is differentiated, and raises a
  ``SrcdiffError`` naming it; never ``None`` there (``None`` means a zero
  gradient, right only for integers and constants).
* ``registry.nondiff(np.argmax, ...)`` — the output is constant (no gradient).
* ``registry.method("sum", np.sum)`` — ``x.sum(...)`` means ``np.sum(x, ...)``.
* ``registry.view(np.reshape, ...)`` — the output may share memory with its input.
* ``registry.tuple_output(np.linalg.eigh, ...)`` — the output is a tuple or list of
  arrays (its gradient ``g`` arrives as a list, ``None`` for unused entries).

Most rules need not be written twice. Three forms write one function and
derive the other mode's rule from it; each registers an ordinary reverse and
forward rule (real ``def``s of the rule's module, with the same signature,
inlined and called like hand-written ones), and the decorator returns the
reverse rule:

* ``@registry.elementwise(np.tanh, ...)`` — an elementwise primitive's
  derivative, given once as ``rule(g, ans, *args)``: per argument, the seed
  ``g`` times that argument's partial derivative::

      @R.elementwise(np.tanh)            @R.elementwise(operator.mul, np.multiply)
      def tanh(g, ans, x):               def multiply(g, ans, x, y):
          return g * (1.0 - ans * ans)       return g * y, x * g

  An elementwise Jacobian is diagonal, so the same expression is the reverse
  and the forward rule: with one argument the function is the reverse rule
  and the forward rule is it with ``g`` renamed ``d``; with several, entry
  ``k`` is wrapped as ``unbroadcast(entry, arg_k)`` (reverse) and
  ``broadcast_like(entry, ans)`` (forward), which the rule's module imports.
  Declares ``elementwise=True``. A rule with one argument gets no
  ``unbroadcast``, so its options must not broadcast that argument (``np.clip``'s
  bounds do: it is written by hand).
* ``@registry.self_adjoint(np.copy, ...)`` — the same map in both modes,
  ``rule(g, ans, *args)`` is the reverse rule and, with ``g`` renamed ``d``,
  the forward rule. Right when each argument's Jacobian is its own transpose
  (identity, elementwise factors, ``swapaxes(-1, -2)``, softmax's ``diag(s) -
  s s^T``); nothing is wrapped and nothing is declared.
* ``@registry.linear(np.flip, ...)`` — a primitive linear in its first
  argument (JAX's ``deflinear``, autograd's ``def_linear``): the decorated
  function is the reverse rule (the transpose), and the forward rule is the
  primitive applied to the tangent, ``rule_jvp(d, ans, m, axis=None): return
  np.flip(d, axis)``. Options are passed on by position in the rule's order
  (all by keyword with ``keywords=True``, keyword-only ones always), except
  those in ``ignore`` (default ``("dtype", "out")``: ``out=`` is refused at
  every call and a tangent keeps its own dtype). The primitive is written as
  the rule's module names it (``np.fft.fft``, ``finish``); ``elementwise=True``
  declares it, as for ``vjp``.

``Rule.form`` records which form registered a rule (``None`` for a pair written
by hand). Write a pair by hand when the modes differ in more than the seed
(``np.abs``'s complex case, ``np.reshape``'s ``ans`` shape), when they differ
branch by branch (``np.power``'s constant exponents skip ``unbroadcast``), or
when the form would declare what is not declared today (``np.where`` and
``np.clip`` are not declared elementwise).

Generated code that calls a rule rather than inlining it names it
``vjp_<name>``/``jvp_<name>`` after the template's ``name``: the rule
function's name, or, for anonymous rules (``_``, lambdas), the primitive's.
"""


import ast
import importlib
import inspect
import sys
import types

from srcdiff import runtime
from srcdiff.rules.derive import derive
from srcdiff.rules.template import Template, differentiable_params, rule_signature


class Rule:
    __slots__ = ("primitive", "name", "vjp", "jvp", "nondiff", "source", "tuple_output",
                 "elementwise", "form", "check", "varying")

    def __init__(self, primitive, name):
        self.primitive = primitive
        self.name = name
        self.vjp = None  # a Template
        self.jvp = None
        self.nondiff = False
        self.source = None  # where the rule was defined
        self.tuple_output = False  # the primitive returns a tuple/list of arrays
        self.elementwise = False  # declared with elementwise=True (see the module docstring)
        self.form = None  # "elementwise", "self_adjoint" or "linear": how it was registered
        # check(literals): why the rules do not model a call, from its arguments written as
        # literals ({parameter: value}), or None; read when the call is compiled
        self.check = None
        # varying(args, kwargs): of a nondiff primitive, the arguments ([(parameter, node)])
        # its value is not locally constant in (np.arange's start and step): a value that
        # depends on the differentiated inputs there is refused (analysis/wrt.py), or None
        self.varying = None

    def copy(self):
        new = Rule(self.primitive, self.name)
        for attr in self.__slots__:
            setattr(new, attr, getattr(self, attr))
        return new

    def __repr__(self):
        kind = "nondiff" if self.nondiff else "+".join(
            k for k in ("vjp", "jvp") if getattr(self, k) is not None)
        return f"<rule {self.name}: {kind}>"


def _key(fn):
    """Registry key: bound methods of the same object/function compare equal by value."""
    try:
        hash(fn)
        return fn
    except TypeError:
        return id(fn)


def primitive_name(fn):
    owner = getattr(fn, "__self__", None)
    if type(owner).__name__ == "ufunc":  # np.multiply.outer
        return f"{primitive_name(owner)}.{fn.__name__}"
    kind = type(owner).__name__
    if kind.endswith("_gen") and type(owner).__module__.startswith("scipy.stats") \
            and getattr(sys.modules.get("scipy.stats"), kind[:-4], None) is owner:
        return f"scipy.stats.{kind[:-4]}.{fn.__name__}"  # a distribution's method: norm.pdf
    mod = getattr(fn, "__module__", None) or ""
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or repr(fn)
    if isinstance(fn, type(abs)) and mod in ("", "builtins"):
        return name
    if mod.startswith("numpy"):
        mod = "numpy" + mod[len("numpy"):].replace("._core", "").replace(".core", "")
        for sub in ("linalg", "fft", "lib.stride_tricks"):
            if f".{sub}" in mod:
                return f"numpy.{sub}.{name}"
        return f"numpy.{name}"
    if type(fn).__name__ == "ufunc":
        for home in ("numpy", "scipy.special"):
            if getattr(sys.modules.get(home), fn.__name__, None) is fn:
                return f"{home}.{fn.__name__}"
        return f"ufunc.{fn.__name__}"
    if mod.startswith("_"):  # _operator.add -> operator.add
        if getattr(sys.modules.get(mod.lstrip("_")), name, None) is fn:
            mod = mod.lstrip("_")
    if mod:  # scipy.special._logsumexp -> scipy.special
        parts = mod.split(".")
        while len(parts) > 1 and parts[-1].startswith("_"):
            parts.pop()
        mod = ".".join(parts)
    return f"{mod}.{name}" if mod else name


def _call_ident(rule_fn, primitive, name, suffix=""):
    """The identifier generated code calls a rule by (after ``vjp_``/``jvp_``)."""
    if name is None:
        name = getattr(rule_fn, "__name__", "") or ""
        if suffix and name.endswith(suffix):
            name = name[:-len(suffix)]
        if not name.strip("_").isidentifier():  # "_", "<lambda>": use the primitive's name
            name = getattr(primitive, "__name__", None) or primitive_name(primitive)
    name = "".join(c if c.isalnum() or c == "_" else "_" for c in name.split(".")[-1])
    return name if name.strip("_") else "rule"


def _jvp_name(rule_fn):
    """``tanh`` -> ``tanh_jvp``, ``float_`` -> ``float_jvp``, ``seed_vjp`` -> ``seed_jvp``."""
    base = rule_fn.__name__
    if base.endswith("_vjp"):
        base = base[:-len("_vjp")]
    return base.rstrip("_") + "_jvp"


def _nth(params, k):
    if k >= len(params):
        raise TypeError(f"an elementwise rule returns more entries than its {len(params)} "
                        "arguments")
    return params[k]


def _wrap(helper, expr, name):
    """``helper(expr, name)``; ``-helper(e, name)`` for ``helper(-e, name)``: the negation
    touches the smaller array (after ``unbroadcast``'s reduction, before ``broadcast_like``'s
    expansion). Exact: rounding to nearest is symmetric, so a sum of negated terms is the
    negated sum."""
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        return ast.UnaryOp(op=ast.USub(), operand=_wrap(helper, expr.operand, name))
    if _leading_negation(expr):
        # ``-g * ans / y``: ``(-g) * ans`` is ``-(g * ans)`` to the bit, so the sign moves
        # out of the product and past the reduction too (both modes alike)
        return ast.UnaryOp(op=ast.USub(), operand=_wrap(helper, _strip_leading(expr), name))
    return ast.Call(func=ast.Name(id=helper, ctx=ast.Load()),
                    args=[expr, ast.Name(id=name, ctx=ast.Load())], keywords=[])


def _leading_negation(expr):
    """Is ``expr`` a product (``*``, ``/``) whose first factor is a negation (of anything
    but a literal, whose sign costs nothing where it is)?"""
    while isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Mult, ast.Div)):
        expr = expr.left
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
            return not isinstance(expr.operand, ast.Constant)
    return False


def _strip_leading(expr):
    """The product ``expr`` without the negation of its first factor."""
    if isinstance(expr, ast.UnaryOp):
        return expr.operand
    return ast.BinOp(left=_strip_leading(expr.left), op=expr.op, right=expr.right)


def _check_broadcasting(rule_fn, params):
    for helper in ("unbroadcast", "broadcast_like"):
        if rule_fn.__globals__.get(helper) is not getattr(runtime, helper):
            raise TypeError(f"elementwise rule {rule_fn.__name__} of {len(params)} arguments: "
                            f"its module must import {helper} from srcdiff.runtime")


def _callee(primitive, namespace):
    """How the module ``namespace`` names ``primitive``: ``np.sum``, ``np.fft.fft``, ``finish``."""
    attr = getattr(primitive, "__name__", None)
    if attr:
        modules = [(k, v) for k, v in namespace.items()
                   if isinstance(v, types.ModuleType) and not k.startswith("_")]
        for k, mod in modules:
            if getattr(mod, attr, None) is primitive:
                return f"{k}.{attr}"
        for k, mod in modules:
            for sub, inner in list(vars(mod).items()):
                if not sub.startswith("_") and isinstance(inner, types.ModuleType) \
                        and getattr(inner, attr, None) is primitive:
                    return f"{k}.{sub}.{attr}"
        if namespace.get(attr) is primitive:
            return attr
    raise TypeError(f"linear rule: the rule's module has no name for {primitive!r} (import it, "
                    "or its module, there)")


class Registry:
    """A table of rules. ``copy()`` gives an independent registry to extend."""

    def __init__(self):
        self._rules = {}
        self._methods = {}
        self._views = set()
        self._pending = {}  # library module -> rule table loaded once the library is imported

    def copy(self):
        self.load_pending(everything=True)
        new = Registry()
        new._rules = {k: r.copy() for k, r in self._rules.items()}
        new._methods = dict(self._methods)
        new._views = set(self._views)
        return new

    def _rule(self, fn):
        k = _key(fn)
        rule = self._rules.get(k)
        if rule is None:
            rule = self._rules[k] = Rule(fn, primitive_name(fn))
        return rule

    def _declare_elementwise(self, rule):
        signature = getattr(rule.primitive, "signature", None)
        if signature is not None:
            raise ValueError(f"{rule.name} has the core signature {signature!r}: it is not "
                             "elementwise")
        rule.elementwise = True

    # -- registration vocabulary --------------------------------------------
    def vjp(self, *primitives, name=None, elementwise=False, wrt=(), options=()):
        def register(rule_fn):
            template = Template(rule_fn, kind="vjp", wrt=wrt, options=options)
            template.name = _call_ident(rule_fn, primitives[0], name)
            for p in primitives:
                r = self._rule(p)
                r.vjp = template
                r.nondiff = False
                r.form = None
                if elementwise:
                    self._declare_elementwise(r)
            return rule_fn
        return register

    def jvp(self, *primitives, name=None, elementwise=False, wrt=(), options=()):
        def register(rule_fn):
            template = Template(rule_fn, kind="jvp", wrt=wrt, options=options)
            template.name = _call_ident(rule_fn, primitives[0], name, suffix="_jvp")
            for p in primitives:
                r = self._rule(p)
                r.jvp = template
                r.nondiff = False
                r.form = None
                if elementwise:
                    self._declare_elementwise(r)
            return rule_fn
        return register

    def checks(self, *primitives):
        """Decorator: ``check(literals)`` refuses, when the call is compiled, a call whose
        literal arguments the rules do not model (the reason as a string), rather than
        at run time; arguments computed at run time are the rule's to check."""
        def register(check):
            for p in primitives:
                self._rule(p).check = check
            return check
        return register

    def elementwise(self, *primitives, name=None, wrt=()):
        """Decorator: an elementwise primitive's derivative, written once for both modes.

        ``rule(g, ans, *args)`` returns, per required positional argument, the
        seed ``g`` times that argument's partial derivative (a tuple when there
        are several; ``None`` for an argument without one), e.g. ``return g * y,
        x * g`` for ``x * y``. Registers the reverse and forward rules with
        ``elementwise=True``. With one argument the rule *is* the reverse rule and
        the forward rule is it with ``g`` renamed ``d``; with several, entry
        ``k`` becomes ``unbroadcast(entry, arg_k)`` in the reverse rule and
        ``broadcast_like(entry, ans)`` in the forward rule (both read from the
        rule's module). Returns the reverse rule.
        """
        return self._once(primitives, name, declare=True, broadcasting=True, form="elementwise",
                          wrt=wrt)

    def self_adjoint(self, *primitives, name=None, wrt=()):
        """Decorator: a rule that is the same map in both modes, written once.

        ``rule(g, ans, *args)`` is the reverse rule; the forward rule is the same
        function with ``g`` renamed ``d``. Right when each argument's Jacobian is
        its own transpose (identities, elementwise factors, ``swapaxes``, ``tril``,
        softmax's). Declares nothing else (an elementwise primitive uses
        :meth:`elementwise`). Returns the reverse rule.
        """
        return self._once(primitives, name, declare=False, broadcasting=False,
                          form="self_adjoint", wrt=wrt)

    def linear(self, *primitives, name=None, elementwise=False, keywords=False,
               ignore=("dtype", "out")):
        """Decorator on the reverse rule (the transpose) of a primitive that is linear in its
        first argument: the forward rule is the primitive applied to the tangent (JAX's
        ``deflinear``, autograd's ``def_linear``).

        For ``rule(g, ans, a, *options)`` the forward rule is ``rule_jvp(d, ans, a,
        *options)`` returning ``primitive(d, *options)``: options passed by position
        in the rule's order (by keyword with ``keywords=True``, and keyword-only ones
        always by keyword), except those in ``ignore`` (``out`` is refused at every
        call; a tangent keeps its own ``dtype``). The primitive is written as the
        rule's module names it (``np.fft.fft``, ``finish``). Returns the reverse rule.
        """
        def register(rule_fn):
            signature = inspect.signature(rule_fn)
            params = list(signature.parameters.values())
            if len(params) < 3 or differentiable_params(signature)[:1] != [params[2].name]:
                raise TypeError(f"linear rule {rule_fn.__name__}: its third parameter (after "
                                "g, ans) must be the argument the primitive is linear in")
            args, by_keyword = ["d"], keywords
            for p in params[3:]:
                if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                    raise TypeError(f"linear rule {rule_fn.__name__}: cannot pass on "
                                    f"{'*' if p.kind == p.VAR_POSITIONAL else '**'}{p.name}")
                if p.name in ignore:
                    by_keyword = True  # the positions after a dropped option shift
                elif by_keyword or p.kind == p.KEYWORD_ONLY:
                    args.append(f"{p.name}={p.name}")
                else:
                    args.append(p.name)
            callee = _callee(primitives[0], rule_fn.__globals__)
            self.vjp(*primitives, name=name, elementwise=elementwise)(rule_fn)
            jvp_fn = derive(rule_fn, _jvp_name(rule_fn), seed="d",
                            body=f"return {callee}({', '.join(args)})")
            self.jvp(*primitives, name=name, elementwise=elementwise)(jvp_fn)
            self._set_form(primitives, "linear")
            return rule_fn
        return register

    def _once(self, primitives, name, declare, broadcasting, form, wrt=()):
        def register(rule_fn):
            vjp_fn, jvp_fn = rule_fn, None
            params = differentiable_params(rule_signature(rule_fn, wrt))
            if broadcasting and len(params) > 1:
                _check_broadcasting(rule_fn, params)
                ans = list(inspect.signature(rule_fn).parameters)[1]
                vjp_fn = derive(rule_fn, rule_fn.__name__,
                                wrap=lambda e, k: _wrap("unbroadcast", e, _nth(params, k)))
                jvp_fn = derive(rule_fn, _jvp_name(rule_fn), seed="d",
                                wrap=lambda e, k: _wrap("broadcast_like", e, ans))
            else:
                jvp_fn = derive(rule_fn, _jvp_name(rule_fn), seed="d")
            self.vjp(*primitives, name=name, elementwise=declare, wrt=wrt)(vjp_fn)
            self.jvp(*primitives, name=name, elementwise=declare, wrt=wrt)(jvp_fn)
            self._set_form(primitives, form)
            return vjp_fn
        return register

    def _set_form(self, primitives, form):
        for p in primitives:
            self._rule(p).form = form

    def nondiff(self, *primitives, elementwise=False, varying=None):
        """``varying``: see ``Rule.varying`` (a function whose value moves smoothly with
        some of its arguments is a constant only where those are)."""
        for p in primitives:
            if p is None:
                continue
            r = self._rule(p)
            r.nondiff = True
            r.vjp = r.jvp = None
            r.form = None
            r.varying = varying
            if elementwise:
                self._declare_elementwise(r)

    def method(self, name, primitive):
        self._methods[name] = primitive

    def view(self, *primitives):
        self._views.update(_key(p) for p in primitives)

    def tuple_output(self, *primitives):
        for p in primitives:
            self._rule(p).tuple_output = True

    # -- queries -------------------------------------------------------------
    def load_when_imported(self, library, table):
        """Load the rule table ``table`` (a module that registers into this registry) once
        ``library`` has been imported, not before: ``scipy.stats`` and ``scipy.signal`` take
        a second to import, which every ``import srcdiff`` would pay. A function of the
        library reaches srcdiff only after its user imported it, so the first lookup after
        that loads the table; :meth:`rules` and :meth:`copy` load every pending table."""
        if library in sys.modules:
            importlib.import_module(table)
        else:
            self._pending[library] = table

    def load_pending(self, everything=False):
        """Load the pending tables whose library is imported (all of them with
        ``everything``, importing their libraries); True if one was loaded."""
        loaded = False
        for library, table in list(self._pending.items()):
            if everything or library in sys.modules:
                del self._pending[library]
                try:
                    importlib.import_module(table)
                except ImportError:  # pragma: no cover - the library is not installed
                    continue
                loaded = True
        return loaded

    def lookup(self, fn):
        try:
            rule = self._rules.get(_key(fn))
        except TypeError:
            return None
        if rule is None and self._pending and self.load_pending():
            rule = self._rules.get(_key(fn))
        return rule

    def is_elementwise(self, fn):
        """Was ``fn`` registered with ``elementwise=True``? (Never inferred from its type.)"""
        rule = self.lookup(fn)
        return rule is not None and rule.elementwise

    def method_primitive(self, name):
        return self._methods.get(name)

    def is_view(self, fn):
        return _key(fn) in self._views

    def rules(self):
        """Every registered primitive, as sorted ``(name, kind)`` pairs."""
        self.load_pending(everything=True)
        out = []
        for rule in self._rules.values():
            if rule.nondiff:
                kind = "nondiff"
            else:
                kind = "+".join(k for k in ("vjp", "jvp") if getattr(rule, k) is not None)
            out.append((rule.name, kind))
        return sorted(set(out))

    def __contains__(self, fn):
        return self.lookup(fn) is not None


# the default table: rules/__init__.py imports the rule tables, each registers into it
DEFAULT = Registry()
