"""Nested derivatives: what a call of ``sd.grad(g)`` inside a differentiated function runs.

The compiler (front/derivatives.py) asks, for a call site's argument facts,
for the generated function a call of the transform object runs there; it then
differentiates that function like a user helper. The function is the
transform's own compiled code for those facts (its cache), so the primal call
and the differentiated function are one computation:

* reverse mode: its ``grad_ys`` parameter renamed (the helper's adjoint takes
  its own ``grad_ys``), as ``sd.grad(sd.grad(g))`` does (higher.py);
* forward mode: the generated function as it is.

Refused (with the reason): transforms with ``stop_gradients`` (whether the
stopped value is constant for the outer derivative too is a choice srcdiff does
not make silently), ``has_aux``, ``functools.partial`` targets, functions
that change their arguments in place, and generated code reverse mode cannot
read again (a loop in ``g``: the outer derivative in forward mode works).
"""

import weakref

from srcdiff.api import higher
from srcdiff.api import transforms as api
from srcdiff.compiler.front import derivatives
from srcdiff.errors import SrcdiffError

_CACHE = weakref.WeakKeyDictionary()  # transform -> {(facts, mode): function}


def nestable(t):
    """Whether calls of transform ``t`` can be differentiated (its refusal otherwise)."""
    if isinstance(t, higher.Composed):
        if t.stop:
            return "it has stop_gradients"
        return nestable(t.inner)
    if not isinstance(t, api.FirstOrder):
        return f"it is a {type(t).__name__}"
    if t.stop:
        return "it has stop_gradients (whether the stopped values are constants for the " \
               "outer derivative too is not decided silently)"
    if t.has_aux:
        return "it has has_aux=True"
    if t.bound_args or t.bound_kwargs:
        return "it differentiates a functools.partial"
    return None


def mark(obj, t):
    """Make ``obj`` (a callable returned for transform ``t``) callable inside differentiated
    functions (front/derivatives.py reads these attributes)."""
    setattr(obj, derivatives.NESTABLE, True)
    setattr(obj, derivatives.SIGNATURE, t.sig)
    return obj


def generated_function(obj, facts, mode):
    """The generated function a call of ``obj`` runs for arguments with ``facts``
    (``{param: fact}``), ready to be differentiated in ``mode``."""
    t = api.transform_of(obj)
    why = nestable(t)
    if why is not None:
        raise SrcdiffError(f"{why}", hint="compute the inner derivative outside the "
                           "differentiated function, or differentiate the composition with "
                           "sd.grad(sd.grad(f)) / sd.hessian(f)")
    row = tuple(facts.get(p, (None, None)) for p in t.params)
    table = _CACHE.setdefault(t, {})
    key = (row, mode)
    fn = table.get(key)
    if fn is None:
        fn = _generate(t, row, mode)
        table[key] = fn
    return fn


def _generate(t, row, mode):
    try:
        compiled = higher._plain(t).compiled_for(row)
    except higher._Unsupported as e:
        raise SrcdiffError(e.message, hint="differentiate the outer function in forward mode "
                           "(sd.jvp), which reads such code") from None
    if compiled.writes:
        raise SrcdiffError(f"{t.fn.__name__!r} changes its arguments in place (the "
                           "derivative runs it on copies, which srcdiff does not model here)",
                           hint="make the function leave its arguments unchanged")
    fn = compiled.fn
    if not higher._generated(fn):
        raise SrcdiffError("its derivative is not computed by generated code here")
    if mode == "forward":
        return fn
    try:
        return higher._without_grad_ys(fn)
    except higher._Unsupported as e:
        raise SrcdiffError(e.message, hint="differentiate the outer function in forward mode "
                           "(sd.jvp(f)), which reads such code") from None


derivatives.set_provider(generated_function)
