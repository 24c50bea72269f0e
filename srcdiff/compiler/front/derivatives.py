"""Calls of srcdiff's own derivatives inside a differentiated function (nested derivatives).

``dg = sd.grad(g)`` called inside ``f`` stands for the generated gradient
function of ``g``: Python source that srcdiff wrote and can read again. A call
``dg(x)`` stays a call of ``dg`` in the primal code; its adjoint (or tangent)
is that of the generated function, compiled for the argument facts at the call
site (``sd.grad(g)`` of an integer and of an array are different functions),
like any user helper.

Invariant: the function differentiated is the one a call of the object runs
for arguments with those facts (the transform's own compile cache gives it),
with the transform's options (wrt, stop_gradients, return_value) built in.

The compiler sits below ``api/`` (layers), so the transforms register how an
object yields its generated function (:func:`set_provider`, in api/nested.py).
"""

import inspect

import gast

from srcdiff.errors import SrcdiffError

DERIVATIVE = "__srcdiff_derivative__"  # set on every object a srcdiff transform returns
NESTABLE = "__srcdiff_nestable__"  # ... whose calls can be differentiated (this module)
SIGNATURE = "__srcdiff_signature__"  # its parameters as a call inside a function binds them
KEYWORDS = "__srcdiff_keywords__"  # {its keyword: the generated function's parameter}

_PROVIDER = []  # [function(obj, facts, mode) -> generated function], set by api/nested.py


def set_provider(provider):
    """Register how a transform object yields its generated function (api/nested.py)."""
    _PROVIDER[:] = [provider]


def is_derivative(fn):
    """An object a srcdiff transform returned (``sd.grad(g)``, ``sd.jvp(g)``, ...)."""
    try:
        return bool(getattr(fn, DERIVATIVE, False))
    except Exception:  # an object whose attribute lookup raises is not ours
        return False


def is_nestable(fn):
    """A derivative whose calls a differentiated function may contain."""
    return is_derivative(fn) and bool(getattr(fn, NESTABLE, False)) and bool(_PROVIDER)


def signature(fn):
    """The parameters a call of ``fn`` binds (a derivative: its function's parameters)."""
    sig = getattr(fn, SIGNATURE, None) if is_derivative(fn) else None
    if sig is not None:
        return sig
    return inspect.signature(fn, follow_wrapped=False)


def mark(obj, sig, keywords=None):
    """Make ``obj`` (a transform's result, parameters ``sig``) callable inside differentiated
    functions; ``keywords``: its own keywords (``tangents=``) and the generated function's
    parameter each stands for (``_tangents``, a keyword-only parameter after ``sig``'s)."""
    keywords = dict(keywords or {})
    extra = [inspect.Parameter(new, inspect.Parameter.KEYWORD_ONLY, default=None)
             for new in keywords.values()]
    setattr(obj, NESTABLE, True)
    setattr(obj, SIGNATURE, sig.replace(parameters=list(sig.parameters.values()) + extra))
    setattr(obj, KEYWORDS, keywords)
    return obj


def keywords(fn):
    """The call's keywords renamed as the generated function's parameters (see :func:`mark`)."""
    return getattr(fn, KEYWORDS, None) or {}


def kind(fn):
    """How to name derivative ``fn`` in a message (``sd.vjp``, ``JVP``, ...)."""
    what = getattr(fn, DERIVATIVE, None)
    return what if isinstance(what, str) else type(fn).__name__


def generated_function(fn, facts, mode, error, node):
    """What a call of derivative ``fn`` runs, as a Python function srcdiff can read, for
    arguments with ``facts`` (``((param, fact), ...)``); ``mode`` is the outer
    derivative's ("reverse" or "forward"). A refusal is located at the call ``node``."""
    try:
        return _PROVIDER[0](fn, dict(facts), mode)
    except SrcdiffError as e:
        if e.filename is not None:
            raise
        raise error(node, f"cannot differentiate this call of a derivative made by srcdiff: "
                    f"{e.message}", hint=e.hint) from None


_MAKERS = ("grad", "value_and_grad", "vjp", "jvp", "hvp", "hessian", "jacobian")


def is_maker(obj):
    """``sd.grad``, ``sd.jvp``, ...: a function of srcdiff's API that makes derivatives."""
    module = getattr(obj, "__module__", None) or ""
    return module.startswith("srcdiff.api") and getattr(obj, "__name__", None) in _MAKERS


def refuse_made_inside(parsed, func):
    """A located refusal when the called expression ``func`` is a derivative made inside
    the differentiated function (``sd.grad(h)(x)``, or ``dh = sd.grad(h)`` then
    ``dh(x)``), else None. Such a derivative may close over the function's own variables,
    whose dependence the outer derivative would need (perturbation confusion)."""
    made = None
    if isinstance(func, gast.Call) and is_maker(parsed.callee(func.func)):
        made = func
    elif isinstance(func, gast.Name):
        for n in gast.walk(parsed.node):
            if isinstance(n, gast.Assign) and isinstance(n.value, gast.Call) \
                    and any(isinstance(t, gast.Name) and t.id == func.id for t in n.targets) \
                    and is_maker(parsed.callee(n.value.func)):
                made = n.value
    if made is None:
        return None
    maker = getattr(parsed.callee(made.func), "__name__", "grad")
    return parsed.error(
        func, f"a derivative made inside the differentiated function (sd.{maker}(...) here) "
        "is not supported: it may close over this function's own variables, whose "
        "dependence the outer derivative needs, and srcdiff cannot see through it",
        hint=f"make it once at module level, passing what it reads as arguments "
             f"(`dh = sd.{maker}(lambda y, x: x * y ** 2)`, then `dh(y, x)` inside)")
