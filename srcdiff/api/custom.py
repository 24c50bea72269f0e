"""User-defined rules (SPEC §4): custom_vjp, register_vjp, register_jvp, rules().

Two ways to give srcdiff a derivative it does not know::

    @sd.custom_vjp                       # a function of your own
    def softplus(x):
        return np.log1p(np.exp(x))

    @softplus.defvjp
    def _(g, ans, x):
        return g * (1 - np.exp(-ans))

    sd.register_vjp(np.sinc, my_rule)    # any existing callable (library function, method)

A reverse rule has the signature ``rule(g, ans, *args)``: ``g`` is the
gradient of the output, ``ans`` the output, then the primitive's own
parameters (with the same defaults, e.g. ``axis=None``). It returns one
gradient per required positional parameter (a tuple when there are several,
``None`` for a parameter without one); a single returned value is the first
parameter's. A forward rule ``rule(d, ans, *args)`` returns, for each required
positional parameter, the output's tangent when that parameter moves by ``d``.

The compiler then uses the rule at every call site: it inlines the rule's body
when it is a sequence of assignments, compile-time ``if``s and a ``return``,
and otherwise calls it (as ``vjp_<name>`` in generated code). Registering a
rule replaces any previous one for that callable and invalidates compiled
gradients that might have used the old one.
"""

import functools
import inspect

from srcdiff.api.higher import invalidate
from srcdiff.errors import SrcdiffError
from srcdiff.rules import DEFAULT, primitive_name


def rules():
    """Every supported primitive as sorted ``(name, kind)`` pairs; ``kind`` is ``"vjp+jvp"``,
    ``"vjp"``, ``"jvp"`` or ``"nondiff"``."""
    return DEFAULT.rules()


class CustomFunction:
    """What ``@sd.custom_vjp`` returns: the function, unchanged when called, plus
    ``defvjp``/``defjvp`` to give its derivative rules."""

    def __init__(self, fn):
        if not callable(fn):
            raise TypeError(f"sd.custom_vjp expects a function, got {fn!r}")
        self.fn = fn
        for attr in ("__module__", "__name__", "__qualname__", "__doc__"):
            if hasattr(fn, attr):
                setattr(self, attr, getattr(fn, attr))
        try:
            self.__signature__ = inspect.signature(fn)
        except (TypeError, ValueError):
            pass
        # no __wrapped__: sd.grad(...) must not unwrap this and ignore the rule

    def __call__(self, *args, **kwargs):
        return self.fn(*args, **kwargs)

    def __repr__(self):
        return f"<srcdiff custom_vjp {getattr(self, '__qualname__', self.fn)!r}>"

    def __get__(self, obj, objtype=None):  # as a method: bind like the function would
        if obj is None:
            return self
        return functools.partial(self, obj)

    def defvjp(self, rule):
        """Register ``rule(g, ans, *args)`` as this function's reverse rule; return ``rule``."""
        register_vjp(self, rule)
        return rule

    def defjvp(self, rule):
        """Register ``rule(d, ans, *args)`` as this function's forward rule; return ``rule``."""
        register_jvp(self, rule)
        return rule


def custom_vjp(fn):
    """Decorator: a function whose reverse (and forward) rules you give with
    ``@f.defvjp`` (and ``@f.defjvp``). Calling it still runs ``fn``."""
    return CustomFunction(fn)


def register_vjp(fn, rule, registry=None):
    """Make the compiler use ``rule(g, ans, *args)`` for every call of ``fn``."""
    _register(fn, rule, "vjp", registry)
    return rule


def register_jvp(fn, rule, registry=None):
    """Make the compiler use ``rule(d, ans, *args)`` (forward mode) for every call of ``fn``."""
    _register(fn, rule, "jvp", registry)
    return rule


# ------------------------------------------------------------------ checks


def _register(fn, rule, kind, registry):
    registry = DEFAULT if registry is None else registry
    what = "sd.register_vjp" if kind == "vjp" else "sd.register_jvp"
    if not callable(fn):
        raise TypeError(f"{what}: the first argument must be the function to give a rule to, "
                        f"got {fn!r}")
    if not callable(rule):
        raise TypeError(f"{what}: the rule must be a function, got {rule!r}")
    if isinstance(fn, type):
        raise TypeError(f"{what}: {fn.__name__} is a class; register its constructor's result "
                        "function instead")
    _check_signature(fn, rule, kind)
    name = _call_name(fn, rule, kind, registry)
    getattr(registry, kind)(fn, name=name)(rule)
    _invalidate()


def _positional(sig):
    """Required positional parameters, and whether more positionals are accepted."""
    required, extra = [], False
    for p in sig.parameters.values():
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            if p.default is p.empty:
                required.append(p.name)
            else:
                extra = True
        elif p.kind == p.VAR_POSITIONAL:
            extra = True
    return required, extra


def _check_signature(fn, rule, kind):
    label = primitive_name(fn)
    head = "(g, ans, *args)" if kind == "vjp" else "(d, ans, *args)"
    try:
        rsig = inspect.signature(rule)
    except (TypeError, ValueError):
        raise SrcdiffError(f"the {kind} rule for {label} has no readable signature",
                           hint=f"define it with `def rule{head}: ...`") from None
    params = list(rsig.parameters.values())
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    varargs = any(p.kind == p.VAR_POSITIONAL for p in params)
    if len(positional) < 2 and not varargs:
        raise SrcdiffError(
            f"the {kind} rule for {label} must take {head}: the output's "
            f"{'gradient' if kind == 'vjp' else 'tangent'}, the output, then {label}'s "
            f"arguments; it takes ({', '.join(p.name for p in params)})",
            hint=f"define it as `def rule{head}`")
    try:
        fsig = inspect.signature(fn)
    except (TypeError, ValueError):
        nin = getattr(fn, "nin", None)  # a ufunc
        fparams = [f"x{i + 1}" for i in range(nin)] if isinstance(nin, int) else None
    else:
        fparams, _ = _positional(fsig)
    if fparams is None:
        return
    try:
        rsig.bind(None, None, *[None] * len(fparams))
    except TypeError as e:
        raise SrcdiffError(
            f"the {kind} rule for {label} cannot be called as rule{head[:-len('*args)')]}"
            f"{', '.join(fparams)}) ({e}); it takes ({', '.join(p.name for p in params)})",
            hint=f"give the rule one parameter per argument of {label}, after "
                 f"{'g' if kind == 'vjp' else 'd'} and ans, with the same defaults") from None


def _call_name(fn, rule, kind, registry):
    """A name for generated code to call the rule by that no other rule of ``registry`` uses."""
    base = getattr(rule, "__name__", "") or ""
    if base.endswith("_" + kind):
        base = base[:-len(kind) - 1]
    if not base.strip("_").isidentifier():  # "_", "<lambda>": name it after the function
        base = getattr(fn, "__name__", None) or primitive_name(fn).rsplit(".", 1)[-1]
    base = "".join(c if c.isalnum() or c == "_" else "_" for c in base).strip("_") or "rule"
    own = registry.lookup(fn)  # (may load pending rule tables: before reading the table)
    taken = {getattr(r, kind).name: getattr(r, kind).fn for r in list(registry._rules.values())
             if getattr(r, kind) is not None and own is not r}
    name, k = base, 1
    while name in taken and taken[name] is not rule:
        k += 1
        name = f"{base}_{k}"
    return name


def _invalidate():
    """Compiled gradients may have used the previous rule: forget them."""
    invalidate()
