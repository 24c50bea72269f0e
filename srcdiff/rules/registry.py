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
* ``registry.nondiff(np.argmax, ...)`` — the output is constant (no gradient).
* ``registry.method("sum", np.sum)`` — ``x.sum(...)`` means ``np.sum(x, ...)``.
* ``registry.view(np.reshape, ...)`` — the output may share memory with its input.
* ``registry.tuple_output(np.linalg.eigh, ...)`` — the output is a tuple or list of
  arrays (its gradient ``g`` arrives as a list, ``None`` for unused entries).

Generated code that calls a rule rather than inlining it names it
``vjp_<name>``/``jvp_<name>`` after the template's ``name``: the rule
function's name, or, for anonymous rules (``_``, lambdas), the primitive's.
"""


from srcdiff.rules.template import Template


class Rule:
    __slots__ = ("primitive", "name", "vjp", "jvp", "nondiff", "source", "tuple_output",
                 "elementwise")

    def __init__(self, primitive, name):
        self.primitive = primitive
        self.name = name
        self.vjp = None  # a Template
        self.jvp = None
        self.nondiff = False
        self.source = None  # where the rule was defined
        self.tuple_output = False  # the primitive returns a tuple/list of arrays
        self.elementwise = False  # declared with elementwise=True (see the module docstring)

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
    mod = getattr(fn, "__module__", None) or ""
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or repr(fn)
    if isinstance(fn, type(abs)) and mod in ("", "builtins"):
        return name
    if mod.startswith("numpy"):
        mod = "numpy" + mod[len("numpy"):].replace("._core", "").replace(".core", "")
        for sub in ("linalg", "fft"):
            if f".{sub}" in mod:
                return f"numpy.{sub}.{name}"
        return f"numpy.{name}"
    if type(fn).__name__ == "ufunc":
        import sys

        for home in ("numpy", "scipy.special"):
            if getattr(sys.modules.get(home), fn.__name__, None) is fn:
                return f"{home}.{fn.__name__}"
        return f"ufunc.{fn.__name__}"
    if mod.startswith("_"):  # _operator.add -> operator.add
        import sys

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


class Registry:
    """A table of rules. ``copy()`` gives an independent registry to extend."""

    def __init__(self):
        self._rules = {}
        self._methods = {}
        self._views = set()

    def copy(self):
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
    def vjp(self, *primitives, name=None, elementwise=False):
        def register(rule_fn):
            template = Template(rule_fn, kind="vjp")
            template.name = _call_ident(rule_fn, primitives[0], name)
            for p in primitives:
                r = self._rule(p)
                r.vjp = template
                r.nondiff = False
                if elementwise:
                    self._declare_elementwise(r)
            return rule_fn
        return register

    def jvp(self, *primitives, name=None, elementwise=False):
        def register(rule_fn):
            template = Template(rule_fn, kind="jvp")
            template.name = _call_ident(rule_fn, primitives[0], name, suffix="_jvp")
            for p in primitives:
                r = self._rule(p)
                r.jvp = template
                r.nondiff = False
                if elementwise:
                    self._declare_elementwise(r)
            return rule_fn
        return register

    def nondiff(self, *primitives, elementwise=False):
        for p in primitives:
            if p is None:
                continue
            r = self._rule(p)
            r.nondiff = True
            r.vjp = r.jvp = None
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
    def lookup(self, fn):
        try:
            return self._rules.get(_key(fn))
        except TypeError:
            return None

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

