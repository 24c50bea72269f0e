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

from srcdiff.api import higher, matrices
from srcdiff.api import transforms as api
from srcdiff.api.held import PerFunction
from srcdiff.compiler.emit import execute as emit
from srcdiff.compiler.front import derivatives
from srcdiff.errors import SrcdiffError

_CACHE = PerFunction("nested")  # transform -> {(facts, mode): function}


def nestable(t):
    """None when calls of transform ``t`` can be differentiated, else why not."""
    if isinstance(t, matrices.HVP):
        return nestable(t.jvp)
    if isinstance(t, higher.JVP):
        if t.stop:
            return "it has stop_gradients"
        return None if t.target.inner is None else nestable(t.target.inner)
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


def generated_function(obj, facts, mode):
    """The generated function a call of ``obj`` runs for arguments with ``facts``
    (``{param: fact}``), ready to be differentiated in ``mode``."""
    t = api.transform_of(obj)
    why = nestable(t)
    if why is not None:
        raise SrcdiffError(f"{why}", hint="compute the inner derivative outside the "
                           "differentiated function, or differentiate the composition with "
                           "sd.grad(sd.grad(f)) / sd.hessian(f)")
    table = _CACHE.table(t)
    key = (tuple(sorted(facts.items(), key=str)), mode, api._GENERATION[0])  # (rules changed)
    fn = table.get(key)
    if fn is None:
        if isinstance(t, (higher.JVP, matrices.HVP)):
            fn = _forward(t, facts, mode)
        else:
            row = tuple(facts.get(p, (None, None)) for p in t.params)
            fn = _reverse(t, _compiled(t, higher._plain(t).compiled_for, row), mode)
        table[key] = fn
    return fn


def _compiled(t, compile_for, row):
    """The transform's compiled code for argument facts ``row``, checked for nesting."""
    try:
        compiled = compile_for(row)
    except higher._Unsupported as e:
        raise SrcdiffError(e.message, hint="differentiate the outer function in forward mode "
                           "(sd.jvp), which reads such code") from None
    if compiled.writes:
        raise SrcdiffError(f"{t.__name__!r} changes its arguments in place (the derivative "
                           "runs it on copies, which srcdiff does not model here)",
                           hint="make the function leave its arguments unchanged")
    if not higher._generated(compiled.fn):
        raise SrcdiffError("its derivative is not computed by generated code here")
    return compiled


def _reverse(t, compiled, mode):
    """sd.grad / sd.value_and_grad: the generated gradient, ``grad_ys`` renamed for
    reverse mode (the helper's adjoint takes its own)."""
    if mode == "forward":
        return compiled.fn
    try:
        return higher._without_grad_ys(compiled.fn)
    except higher._Unsupported as e:
        raise SrcdiffError(e.message, hint="differentiate the outer function in forward mode "
                           "(sd.jvp(f)), which reads such code") from None


def _forward(t, facts, mode):
    """sd.jvp (and sd.hvp, the JVP of a gradient): the generated JVP with its
    ``tangents`` parameter renamed ``_tangents`` (what the call's ``tangents=`` or
    ``vector=`` keyword binds, front/derivatives.py); sd.hvp keeps only the tangent."""
    jvp = t.jvp if isinstance(t, matrices.HVP) else t
    row = tuple(facts.get(p, (None, None)) for p in jvp.target.params)
    compiled = _compiled(t, jvp.compiled_for, row)
    fn = higher._without_grad_ys(compiled.fn, "tangents", reverse=False)
    if jvp.target.inner is not None:  # the JVP of a generated gradient: its grad_ys too
        fn = _reverse(t, _Fn(fn), mode)
    if isinstance(t, matrices.HVP):
        params = ", ".join(jvp.target.params)
        name = "hvp_" + compiled.fn.__name__[len("jvp_"):]
        source = (f"def {name}({params}, _tangents):\n"
                  f"    return {fn.__name__}({params}, _tangents=_tangents)[1]\n")
        fn = emit.load(source, {**fn.__globals__, fn.__name__: fn}, name)[name]
    return fn


class _Fn:
    """A generated function where a Compiled is expected (``.fn``)."""

    def __init__(self, fn):
        self.fn = fn


derivatives.set_provider(generated_function)
