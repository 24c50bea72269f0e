"""``backend="numba"`` for ``sd.grad``, ``sd.value_and_grad`` and ``sd.vjp`` (SPEC §8, issue 18).

The gradient is generated as for NumPy (transforms.FirstOrder: same options, same
caches), then compiled with numba once per argument structure (compiler/emit/
numba_emit.py); the numba function itself compiles once per argument types, on the first
call with them. What the numba backend refuses raises SrcdiffError then, never a wrong
number.
"""

import functools

from srcdiff import runtime_numba_checks
from srcdiff.api import located
from srcdiff.api import transforms as api
from srcdiff.compiler.emit.execute import copy_arguments
from srcdiff.errors import SrcdiffError, StaleGradient


def _numba_emit():
    """compiler/emit/numba_emit.py, imported when a numba gradient is first asked for
    (it imports numba: 0.15-0.2 s that ``import srcdiff`` does not pay)."""
    from srcdiff.compiler.emit import numba_emit
    numba_emit.statement_line = located._statement_line
    return numba_emit


def check_backend(backend):
    """``backend`` checked: "numpy" or "numba" (numba then must be importable)."""
    if backend not in ("numpy", "numba"):
        raise ValueError(f'backend must be "numpy" or "numba", got {backend!r}')
    if backend == "numba":
        _numba_emit().require_numba()
    return backend


def compiled_transform(f, wrt, *, return_value, stop_gradients, unconnected_gradients,
                       optimize, verify, checkpoint, has_aux=False):
    """``sd.grad(f, backend="numba")`` (or value_and_grad with ``return_value``)."""
    _numba_emit().require_numba()
    if verify or checkpoint is not None or has_aux:
        raise TypeError('backend="numba" does not take verify=True, checkpoint= or '
                        'has_aux=True (use the default backend="numpy" for them)')
    t = api.FirstOrder(f, wrt, stop_gradients, unconnected_gradients,
                       return_value=return_value, optimize=optimize, checkpoint=checkpoint)
    t.verify = False  # (SRCDIFF_VERIFY=1 instruments NumPy code, not compiled code)
    t.standins = False  # (runtime.shape_only has no numba version: driver.Context)
    runners = {}
    # the steady state (positional arguments, no grad_ys): the quick key of the arguments
    # (api/transforms.py) -> (runner, the positions of lists it passes as arrays), valid
    # while no rule or global changed (the generation); a key decides the gradient as
    # t.compiled would (its facts), and the positions (Runner.lists_in)
    fast, n = {}, len(t.params)
    plain = not (t.bound_args or t.bound_kwargs)

    @functools.wraps(t.fn)
    def call(*args, grad_ys=None, **kwargs):
        quick = None
        if plain and grad_ys is None and not kwargs and len(args) == n:
            if t._generation == api._GENERATION[0]:
                floats = {}  # (lists of floats as arrays, made by the key's pass)
                quick = api._quick_key(args, floats)
                hit = fast.get(quick) if quick is not None else None
                if hit is not None:
                    try:
                        return hit[0].run((*args, None), hit[1], floats)
                    except StaleGradient:  # (emit/live.py) compiled anew below
                        api.invalidate()
                        runners.clear()
                        fast.clear()
                        quick = None
            else:
                fast.clear()
        values = t.bind_arguments(args, kwargs)
        try:
            runner = _runner(t, runners, values)
            result = runner(*values, grad_ys)
        except StaleGradient:  # a global it reads was rebound (emit/live.py): compile anew
            api.invalidate()
            runners.clear()
            fast.clear()
            quick = None
            runner = _runner(t, runners, values)
            result = runner(*values, grad_ys)
        if quick is not None:
            fast[quick] = (runner, runner.lists_in(values))
        return result

    call.__srcdiff_derivative__ = 'sd.grad(backend="numba")'
    call.source = lambda *args, **kwargs: _source(t, runners, args, kwargs)
    call._runners = runners  # (tests: numba's cache statistics)
    return call


def _runner(t, runners, values, fn=None):
    """The numba runner of ``t``'s gradient for arguments like ``values`` (made once per
    generated gradient; ``runners`` holds them with the gradient they compile); ``fn``: the
    user function (``t.fn`` by default)."""
    fn = t.fn if fn is None else fn
    params = t.params if hasattr(t, "params") else t.target.params  # (sd.jvp: its target's)
    for name, value in zip(params, values):
        found = runtime_numba_checks.other_precision(value, name)
        if found is not None:
            raise _numba_emit()._Where(fn).error(*runtime_numba_checks.refusal(found))
    compiled = t.compiled(values)
    held = runners.get(id(compiled))
    if held is None or held[0] is not compiled:
        if compiled.writes:
            named = ", ".join(f"`{params[k]}`" for k in compiled.writes if k < len(params))
            raise _numba_emit()._Where(fn).error(
                "the numba backend does not compile functions that change an argument in "
                f"place (srcdiff's scan of the source says they may: {named}, or an object "
                "it holds)", 'use backend="numpy" for this function')
        held = runners[id(compiled)] = (compiled, _numba_emit().numba_function(
            compiled, fn, values))
    return held[1]


def compiled_jvp(t, fill):
    """``sd.jvp(f, backend="numba")``: ``t`` is the JVP transform (api/higher.py), whose
    generated forward-mode function runs compiled; ``fill(tangent, value, tangents)``
    completes the output tangent as the NumPy backend's. Returns ``at(values, tangents)``."""
    _numba_emit().require_numba()
    runners = {}

    def at(values, tangents):
        tangents = t._check_tangents(values, tangents)
        try:
            value, tangent = _runner(t, runners, values, t.target.fn)(*values, tangents)
        except StaleGradient:  # a global it reads was rebound (emit/live.py): compile anew
            api.invalidate()
            runners.clear()
            value, tangent = _runner(t, runners, values, t.target.fn)(*values, tangents)
        return value, fill(tangent, value, tangents)

    at.runners = runners
    return at


def vjp(f, wrt=0, *, stop_gradients=(), unconnected_gradients="none", optimize=True,
        verify=False, checkpoint=None, backend="numpy"):
    """``sd.vjp``: ``vjp(f)(*args) -> (value, pullback)`` (transforms.vjp). With
    ``backend="numba"`` the value is ``f``'s own and each pullback runs the compiled
    gradient with ``grad_ys`` set to the cotangent, at a copy of the arguments taken at
    the call (later changes to the caller's arrays do not move it). The compiled gradient
    is one function: each pullback runs the primal sweep again."""
    if check_backend(backend) != "numba":
        return api.vjp(f, wrt, stop_gradients=stop_gradients,
                       unconnected_gradients=unconnected_gradients, optimize=optimize,
                       verify=verify, checkpoint=checkpoint)
    gradient = compiled_transform(f, wrt, return_value=False, stop_gradients=stop_gradients,
                                  unconnected_gradients=unconnected_gradients,
                                  optimize=optimize, verify=verify, checkpoint=checkpoint)
    return pulled_back(f, gradient, 'sd.vjp(backend="numba")')


def pulled_back(f, gradient, label):
    """``sd.vjp`` of ``f`` whose pullbacks run ``gradient`` with ``grad_ys`` the cotangent,
    at a copy of the arguments taken at the call (api/higher.py uses it too)."""

    @functools.wraps(f, updated=())  # (not f's __dict__: a transform's marks are not run's)
    def run(*args, **kwargs):
        point, named = copy_arguments([list(args), kwargs])
        value = f(*args, **kwargs)
        return copy_arguments([value])[0], functools.partial(_pullback, gradient, point,
                                                             named)

    run.__srcdiff_derivative__ = label
    return run


def _pullback(gradient, point, named, cotangent):
    return gradient(*point, grad_ys=cotangent, **named)


def _source(t, runners, args, kwargs):
    """The numba-flavoured source for arguments like ``args`` (compiled if needed)."""
    return _runner(t, runners, t.bind_arguments(args, kwargs)).source


__all__ = ["SrcdiffError", "check_backend", "compiled_jvp", "compiled_transform", "vjp"]
