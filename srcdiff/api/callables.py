"""Transforms of functions whose signature is not a plain list of parameters.

``def f(x, *args, k=1.0, **kw)`` has no fixed list of values to differentiate: each call
fills it differently. :class:`PerShape` is a transform (``sd.grad``, ``sd.jvp``,
``sd.hessian``, ... and their compositions) of such a function: each call is bound to the
signature, the function is lowered for that call's shape (front/signatures.py: ``*args``
received three values -> three parameters; keyword-only parameters and ``**kwargs`` entries
-> ordinary ones), and the same transform of the lowered function, made once per shape,
runs on the values in the lowered order.

``wrt`` positions count the positional arguments as passed (those ``*args`` receives
included, those a ``functools.partial`` binds excluded); a name is a parameter (keyword-only
ones included), a ``**kwargs`` key is not one. Keyword-only parameters and ``**kwargs``
entries are constants unless ``wrt`` names the parameter.
"""

import functools
import inspect

from srcdiff.compiler.analysis.wrt import wrt_entries
from srcdiff.compiler.emit.live import callee_of, defaults_of, same_objects
from srcdiff.compiler.front.signatures import (
    Callable,
    lowered_arguments,
    needs_lowering,
    python_callable,
    shape_of,
)
from srcdiff.errors import NotComposable
from srcdiff.rules import DEFAULT

# keywords of the transforms themselves, never the function's (sd.grad's grad_ys, ...)
OWN_KEYWORDS = ("grad_ys", "tangents", "vector")


def refresh_defaults(t):
    """``t.sig`` and ``t._defaults`` (a transform's, api/transforms.py) as ``t.fn`` has them
    now: a function given other defaults since the transform was made
    (``f.__defaults__ = (5.0,)``) binds the new ones, as a call of it would (the compiled
    gradient is guarded too: emit/live.py). PerShape.bind does the same for its own."""
    fn = t.fn
    if getattr(fn, "__defaults__", None) is t._defaults and not getattr(fn, "__kwdefaults__", None):
        return  # (the same tuple: nothing changed)
    now = defaults_of(fn)
    if not same_objects(now, t._seen_defaults):
        t.sig = inspect.signature(t.fn, follow_wrapped=False)
        t._defaults = t.fn.__defaults__ or ()
        t._seen_defaults = now


def follow(t):
    """``t`` (a transform of an object whose class defines ``__call__``: ``sd.grad(model)``)
    made anew for what a call of the object runs now, when its class was given another
    ``__call__`` or the object another class since (a call of the object would run the new
    one; the compiled gradient's guard said it is stale: emit/live.py). Its caches are
    emptied in place (a fast path holds them)."""
    if call_replaced(t.fn):
        keep = (t.verify, t.reuse, t.standins, t._last, t._fast, t._hot)
        fn, *options = t.made_with  # (made of the Callable itself: t.unverified())
        t.__init__(fn.called_object if fn is t.fn else fn, *options)
        t.verify, t.reuse, t.standins, t._last, t._fast, t._hot = keep


def call_replaced(fn):
    """Is ``fn`` the ``__call__`` of an object that a call of it no longer runs?"""
    obj = getattr(fn, "called_object", None)
    return obj is not None and callee_of(getattr(type(obj), "__call__", None)) is not fn.base


class PerShape:
    """A transform (the ``chain`` of makers, innermost first) of ``fn``, made per call shape."""

    __srcdiff_derivative__ = True  # (analysis/ops.py: a call of it inside is refused)

    def __init__(self, fn, bound_args=(), bound_kwargs=None, chain=()):
        self.fn = fn
        self.sig = fn.call_signature
        self.bound_args, self.bound_kwargs = tuple(bound_args), dict(bound_kwargs or {})
        self.chain = tuple(chain)  # ((make(function, wrt) -> transform, wrt), ...)
        self._made = {}
        self._seen_defaults = defaults_of(fn.base)
        self.__name__, self.__qualname__ = fn.__name__, fn.__qualname__
        self.__module__, self.__doc__ = fn.__module__, getattr(fn.base, "__doc__", None)

    def then(self, make, wrt):
        """This transform, transformed again by ``make`` (``sd.grad(sd.grad(f))``)."""
        return PerShape(self.fn, self.bound_args, self.bound_kwargs,
                        self.chain + ((make, wrt),))

    def bind(self, args, kwargs):
        """``(lowered function, its arguments in order)`` for one call."""
        now = defaults_of(self.fn.base)
        if not same_objects(now, self._seen_defaults):
            # given other defaults since (``f.__kwdefaults__["s"] = 4.0``): bind the new ones
            self.fn = Callable(self.fn.base, self.fn.consts)
            self.sig, self._made, self._seen_defaults = self.fn.call_signature, {}, now
        try:
            bound = self.sig.bind(*self.bound_args, *args, **{**self.bound_kwargs, **kwargs})
        except TypeError as e:
            raise TypeError(f"{self.__name__}: {e}") from None
        bound.apply_defaults()
        lowered = self.fn.with_shape(shape_of(self.sig, bound, fill_defaults=True))
        return lowered, list(lowered_arguments(lowered, self.sig, bound).values())

    def made(self, lowered):
        """The transform of the lowered function (made once per shape)."""
        made = self._made.get(lowered.shape)
        if made is None:
            made = lowered
            for make, wrt in self.chain:
                made = make(made, self.wrt_of(lowered, wrt))
            self._made[lowered.shape] = made
        return made

    def __call__(self, *args, **kwargs):
        own = {k: kwargs.pop(k) for k in OWN_KEYWORDS if k in kwargs}
        lowered, values = self.bind(args, kwargs)
        return self.made(lowered)(*values, **own)

    def wrt_of(self, lowered, wrt):
        """``wrt`` in the lowered function's names (positions count arguments as passed)."""
        params = self.sig.parameters
        slots = [name for name, kind, of in lowered.lowered
                 if kind == "var" or (kind == "param" and params[of].kind in (
                     inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
                     and of not in self.bound_kwargs)][len(self.bound_args):]

        def one(w):
            if isinstance(w, str):
                return w
            if not -len(slots) <= w < len(slots):
                raise ValueError(f"wrt={w} is out of range: this call passes {len(slots)} "
                                 f"positional argument{'s' if len(slots) != 1 else ''} to "
                                 f"{self.__name__}")
            return slots[w]

        entries, single = wrt_entries(wrt)
        return one(wrt) if single else tuple(one(w) for w in entries)


def per_shape(f):
    """``f`` as a :class:`PerShape` with no transform yet when its signature needs lowering
    (``*args``, ``**kwargs``, keyword-only parameters), else None."""
    if isinstance(f, PerShape):
        return f
    if getattr(f, "__srcdiff_derivative__", False):  # another transform (sd.grad(f), ...)
        return None
    bound_args, bound_kwargs = (), {}
    while isinstance(f, functools.partial):
        bound_args = tuple(f.args) + bound_args
        bound_kwargs = {**f.keywords, **bound_kwargs}
        f = f.func
    try:
        if DEFAULT.lookup(f) is not None:
            return None
    except TypeError:
        return None
    fn = python_callable(f)
    if fn is None or getattr(fn, "__wrapped__", None) is not None:
        return None  # a decorator's wrapper: refused as such (transforms.py)
    if not needs_lowering(inspect.signature(fn, follow_wrapped=False)):
        return None
    return PerShape(fn if isinstance(fn, Callable) else Callable(fn), bound_args, bound_kwargs)


def transform(f, make, wrt):
    """``make(f, wrt)``, through :class:`PerShape` when ``f``'s signature needs lowering.
    Refuses a transform's result whose generated code is not differentiated again."""
    refuse_opaque_derivative(f)
    per = per_shape(f)
    if per is None:
        return None
    return per.then(make, wrt)


# results of transforms that are differentiated by their generated code (api/higher.py
# Composed, Target), and what each opaque one is called in a refusal
_OPAQUE = {"JVP": "sd.jvp(...)", "HVP": "sd.hvp(...)", "Hessian": "sd.hessian(...)",
           "Jacobian": "sd.jacobian(...)"}
_NESTABLE = ("JVP", "HVP")  # their calls inside a differentiated function are (nested.py)


def refuse_opaque_derivative(f):
    """A :class:`NotComposable` error for ``f`` when it is a transform's result that srcdiff
    does not differentiate directly (``sd.grad(sd.jvp(f))``): its source is srcdiff's, and
    reading it gave "not a Python function", naming the user's function."""
    label = getattr(f, "__srcdiff_derivative__", False)
    if not label or isinstance(f, PerShape) or getattr(
            getattr(f, "__srcdiff_transform__", f), "__srcdiff_composable__", False):
        return
    kind = type(f).__name__
    what = label if isinstance(label, str) else _OPAQUE.get(kind, "a srcdiff transform")
    hint = ("call it inside a function defined at module level, and differentiate that "
            "function (`J = sd.jvp(f)` at module level, then `def g(x): return J(x, "
            "tangents=t)[1]`; docs/api.md, Nested derivatives)" if kind in _NESTABLE else
            "differentiate the function itself: sd.hessian(f), sd.jacobian(sd.grad(f)), "
            "sd.jvp(sd.grad(f)) or sd.vjp(sd.grad(f))")
    if "numba" in what:
        hint = ('make the inner transform with the default backend="numpy": its generated '
                "NumPy code is what is differentiated again")
    raise NotComposable(
        f"the result of {what} cannot be differentiated again directly: srcdiff "
        "differentiates the generated code of sd.grad and sd.value_and_grad results "
        "(sd.grad(sd.grad(f)), sd.jvp(sd.grad(f)), sd.jacobian(sd.grad(f)))", hint=hint)
