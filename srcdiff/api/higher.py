"""Forward mode and higher order (SPEC §2): jvp, hvp, hessian, jacobian, and composition.

Everything here is built from the two transforms and the fact that their
output is ordinary Python that srcdiff can read again:

* ``jvp(f)`` compiles ``f``'s tangent function (forward.py);
* ``hvp(f)`` is forward over reverse: the JVP of ``f``'s generated gradient
  function, so it works wherever both modes do, loops included;
* ``hessian`` runs ``hvp`` along each basis vector; ``jacobian`` runs one
  reverse pass per output element (``grad_ys`` a basis vector) or one forward
  pass per input element;
* ``grad`` of a transform (``sd.grad(sd.grad(f))``) differentiates the inner
  transform's generated function, compiled for the argument values at hand.

Each transform compiles once per (function, options, argument structure), like
``sd.grad``.
"""

import copy
import functools
import inspect

import gast
import numpy as np

from srcdiff.api import backends, callables, located
from srcdiff.api import transforms as api
from srcdiff.api.callables import PerShape
from srcdiff.api.held import PerFunction
from srcdiff.api.tangent_checks import check_like as _check_like
from srcdiff.api.tangent_checks import like as _like
from srcdiff.compiler import driver
from srcdiff.compiler.analysis.facts import arg_fact, array_api_module
from srcdiff.compiler.driver import compile_forward
from srcdiff.compiler.front import derivatives
from srcdiff.compiler.ir import syntax as S
from srcdiff.errors import SrcdiffError
from srcdiff.types import Function, Names, Wrt

_CACHE = PerFunction("derivatives")


def invalidate() -> None:
    """Forget every compiled gradient, first-order and composed (a rule changed)."""
    api.invalidate()
    _CACHE.clear()


def is_transform(f):
    """A srcdiff transform whose generated function can be compiled for given values."""
    return isinstance(api.transform_of(f), api.Transform)


class Target:
    """What a transform differentiates: a user function, or another transform's output.

    ``function(values)`` is the Python function to read: for a transform, its
    generated function for those argument values (whose extra parameters, such
    as ``grad_ys``, keep their defaults).
    """

    def __init__(self, f):
        self.made_from = f
        f = api.transform_of(f)
        self.bound_args, self.bound_kwargs = (), {}
        if is_transform(f):
            self.inner = f
            self.fn = f.fn
            self.sig, self.params = f.sig, list(f.params)
            self.open_params = list(f.open_params)
        else:
            if not callable(f):
                raise TypeError(f"expected a function, got {f!r}")
            self.inner = None
            # functools.partial: as in transforms.FirstOrder, its arguments are constants
            while isinstance(f, functools.partial):
                self.bound_args = tuple(f.args) + self.bound_args
                self.bound_kwargs = {**f.keywords, **self.bound_kwargs}
                f = f.func
            self.fn = api.code_to_read(f)
            self.sig, self.params = api.parameters(self.fn)
            api.check_signature(self.fn, self.sig)
            self.open_params = api.open_parameters(self.params, self.bound_args,
                                                   self.bound_kwargs)
        self._defaults = self.fn.__defaults__ or ()
        self._seen_defaults = callables.defaults_of(self.fn)  # (callables.refresh_defaults)
        if self.inner is not None:
            self._defaults = ()

    def bind(self, args, kwargs):
        if self.inner is not None:
            values = list(self.inner.bind_arguments(args, kwargs))
            api.refuse_array_api(self.fn, values, "a transform of a transform")
        else:
            values = api.FirstOrder.bind_arguments(self, args, kwargs)
        api.check_arguments(self.fn, self.params, values)
        return values

    def function(self, values):
        if self.inner is None:
            return self._follow()
        return _plain(self.inner).compiled(values).fn

    def function_for(self, facts):
        """:meth:`function` for arguments with ``facts`` (nested calls, api/nested.py)."""
        if self.inner is None:
            return self._follow()
        return _plain(self.inner).compiled_for(facts).fn


    def _follow(self):
        """``self.fn``, made anew when it is an object's ``__call__`` that a call of the object
        no longer runs (callables.follow)."""
        if callables.call_replaced(self.fn):
            self.__init__(self.made_from)
        return self.fn


def _plain(inner):
    """The transform whose generated code is differentiated again: without verification
    calls (the outer derivative is the one verified, when verification is on), without
    checkpointed loops (their schedule is not differentiable code), without callee
    records and without ``del`` (transforms.FirstOrder.unverified, Composed.unverified)."""
    if isinstance(inner, (api.FirstOrder, Composed)) or getattr(inner, "verify", False) \
            or getattr(inner, "checkpoint", False) is not False:
        return inner.unverified()
    return inner


def wrt_of(target, wrt):
    return api.wrt_names(target.fn, target.open_params, wrt)


def argument_facts(values):
    return tuple(arg_fact(v) for v in values)


# ------------------------------------------------------------------ jvp


class JVP:
    """``jvp(f, wrt)(*args, tangents=t) -> (value, output_tangent)``."""

    __srcdiff_derivative__ = True  # (analysis/ops.py)

    def __init__(self, f, wrt=0, stop_gradients=()):
        self.target = Target(f)
        self.wrt, self.single = wrt_of(self.target, wrt)
        self.stop = api.check_options("none", stop_gradients)
        functools.update_wrapper(self, self.target.fn, updated=())
        del self.__wrapped__  # not a plain wrapper: unwrapping it would lose the transform
        derivatives.mark(self, self.target.sig, {"tangents": "_tangents"})  # (api/nested.py)

    def compiled(self, values):
        return self.compiled_for(argument_facts(values), self.target.function(values))

    def compiled_for(self, facts, fn=None):
        """The generated JVP for arguments with ``facts`` (``fn``: the function it
        differentiates, when known; api/nested.py passes facts only)."""
        if fn is None:
            fn = self.target.function_for(facts)
        key = ("jvp", tuple(self.wrt), self.single, self.stop, facts)
        table = _CACHE.table(fn)
        hit = table.get(key)
        if hit is None:
            params = list(inspect.signature(fn).parameters)
            arg_facts = dict(zip(params, facts))
            hit = compile_forward(fn, self.wrt, stop=self.stop, arg_facts=arg_facts,
                                  as_tuple=not self.single)
            table[key] = hit
        return hit

    def __call__(self, *args, tangents=None, **kwargs):
        return self.at(self.target.bind(args, kwargs), tangents)

    def at(self, values, tangents):
        """The result for arguments already bound (``self.target.bind``)."""
        tangents = self._check_tangents(values, tangents)
        value, tangent = located.call(self.compiled, values, invalidate, tangents=tangents)
        return value, _fill(tangent, value, tangents)

    def _check_tangents(self, values, tangents):
        if tangents is None:
            raise TypeError("jvp needs tangents=: one tangent per wrt argument, shaped like it")
        params = self.target.params
        items = [tangents] if self.single else tangents
        if not self.single and (not isinstance(tangents, (tuple, list))
                                or len(tangents) != len(self.wrt)):
            raise ValueError(f"wrt names {len(self.wrt)} arguments, so tangents must be a tuple "
                             f"of {len(self.wrt)} tangents")
        out = []
        for w, t in zip(self.wrt, items):
            if w in params:
                t = _check_like(t, values[params.index(w)], f"the tangent for {w!r}")
            out.append(t)
        return out[0] if self.single else tuple(out)


def jvp(f: Function, wrt: Wrt = 0, *, stop_gradients: Names = (),
        backend: str = "numpy") -> "JVP":
    """Forward mode: ``jvp(f, wrt)(*args, tangents=t) -> (value, J @ t)``; see SPEC §2.
    ``backend="numba"``: the generated function compiled with numba (api/backends.py)."""
    if backends.check_backend(backend) == "numba":
        t = JVP(f, wrt, stop_gradients)
        t.at = backends.compiled_jvp(t, _fill)
        return t
    per = callables.transform(f, lambda g, w: JVP(g, w, stop_gradients), wrt)
    return per if per is not None else JVP(f, wrt, stop_gradients)


def _fill(t, x, tangents=None):
    """An output tangent with every zero (``None``) made explicit and ``x``'s structure,
    whose arrays are the caller's own: never one of its ``tangents``, a view of them, or
    another output's tangent (a copy then; JAX's and TensorFlow's are immutable)."""
    taken = [a for a in _leaves(tangents) if isinstance(a, np.ndarray)]
    return _filled(t, x, taken)


def _filled(t, x, taken):
    if isinstance(x, dict):
        t = t if isinstance(t, dict) else {}
        return {k: _filled(t.get(k), v, taken) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        t = t if isinstance(t, (list, tuple)) else [None] * len(x)
        out = [_filled(a, b, taken) for a, b in zip(t, x)]
        return _like(x, out) if isinstance(x, tuple) else out  # (a named tuple's class kept)
    if t is None:
        return _zeros(x)
    t = _in_dtype_of(t, x)
    if isinstance(x, np.ndarray) and np.shape(t) != x.shape:
        return np.broadcast_to(t, x.shape).copy()
    if isinstance(t, np.ndarray):
        if any(np.may_share_memory(t, a) for a in taken):
            t = t.copy()
        taken.append(t)
    return t


def _in_dtype_of(t, x):
    """``t`` in the float dtype of its value ``x`` (SPEC §1): forward rules that build a
    float64 constant (``np.max``'s mask of ties, ``np.log(2.0)`` of ``2.0 ** x``) promote a
    float32 tangent. A new array when cast, so never one of the caller's tangents."""
    if isinstance(x, (np.ndarray, np.generic)) and x.dtype.kind == "f" \
            and isinstance(t, (np.ndarray, np.generic)) and t.dtype.kind == "f" \
            and t.dtype != x.dtype:
        return t.astype(x.dtype)
    return t


def _leaves(tree):
    if isinstance(tree, dict):
        return [a for v in tree.values() for a in _leaves(v)]
    if isinstance(tree, (list, tuple)):
        return [a for v in tree for a in _leaves(v)]
    return [tree]


def _zeros(x):
    if array_api_module(x) is not None:
        xp = x.__array_namespace__()
        return xp.zeros(x.shape, dtype=x.dtype if xp.isdtype(x.dtype, "real floating")
                        else xp.float64)
    if isinstance(x, np.ndarray):
        return np.zeros(x.shape, x.dtype if np.issubdtype(x.dtype, np.inexact) else float)
    return 0.0


# ------------------------------------------------------------------ grad of a transform


class Composed(api.Transform):
    """``sd.grad`` of a transform (``sd.grad(sd.grad(f))``): reverse over reverse.

    For given argument values the inner transform's generated function is
    compiled, its ``grad_ys`` parameter renamed (the outer gradient adds its
    own), and that function is differentiated like any other. It behaves like
    ``sd.grad(f)``: same parameters, ``grad_ys=``, and it composes again.
    """

    def __init__(self, inner, wrt=0, stop_gradients=(), unconnected_gradients="none",
                 return_value=False):
        if not is_transform(inner):
            raise TypeError(f"expected a srcdiff transform, got {inner!r}")
        inner = api.transform_of(inner)
        self.inner = inner
        self.fn = inner.fn
        self.sig, self.params = inner.sig, list(inner.params)
        self.open_params = list(inner.open_params)
        self.wrt, self.single = api.wrt_names(self.fn, self.open_params, wrt)
        self.stop = api.check_options(unconnected_gradients, stop_gradients)
        self.unconnected = unconnected_gradients
        self.return_value = return_value
        self.verify = api.check_modes(True, False)[1]
        self.reuse = None  # False: its code is differentiated again (no records, no `del`)
        functools.update_wrapper(self, self.fn, updated=())
        del self.__wrapped__
        derivatives.mark(self, self.sig)  # its calls are differentiated (api/nested.py)

    def unverified(self):
        """The same transform for code that is differentiated again: without verification,
        callee records and deletes."""
        plain = copy.copy(self)
        plain.verify, plain.reuse = False, False
        return plain

    def bind_arguments(self, args, kwargs):
        values = self.inner.bind_arguments(args, kwargs)
        api.check_arguments(self.fn, self.params, values)
        api.refuse_array_api(self.fn, values, "a transform of a transform")
        return values

    def compiled(self, values):
        return self.compiled_for(argument_facts(values), values)

    def compiled_for(self, facts, values=None):
        """The generated function for arguments with ``facts``; without ``values`` (a call
        inside a differentiated function, api/nested.py), never forward over reverse."""
        inner = _plain(self.inner).compiled_for(facts, values).fn
        key = ("grad", tuple(self.wrt), self.single, self.stop, self.unconnected,
               self.return_value, self.verify, self.reuse, facts)
        table = _CACHE.table(inner)
        hit = table.get(key)
        if hit is None:
            if not _generated(inner):
                raise SrcdiffError("a third derivative through loops or containers is not "
                                   "supported: the second derivative there is computed by "
                                   "forward over reverse, not by generated reverse code",
                                   hint="use sd.hvp or sd.hessian for second derivatives")
            try:
                fn = _without_grad_ys(inner)
            except _Unsupported as e:
                if values is None:
                    raise
                hit = self._forward_over_reverse(e, values)
            else:
                params = list(inspect.signature(fn).parameters)
                hit = driver.compile_reverse(
                    fn, self.wrt, stop=self.stop, unconnected=self.unconnected,
                    return_value=self.return_value, arg_facts=dict(zip(params, facts)),
                    as_tuple=not self.single, verify=self.verify, reuse=self.reuse)
            table[key] = hit
        return hit

    def _forward_over_reverse(self, why, values):
        """The same derivative by forward over reverse, when reverse over reverse cannot run.

        For ``h(x) = grad(f, wrt=A)(x)``, ``grad(h, wrt=B)(x, grad_ys=c)`` is
        ``d/de grad(f, wrt=B)(x + e c)``: second derivatives commute. That
        needs the inner transform to be a plain gradient (no ``stop_gradients``,
        no value) of parameters, and no ``stop_gradients`` outside.
        """
        inner = self.inner
        if not isinstance(inner, api.FirstOrder) or inner.stop or inner.return_value \
                or self.stop or any(w not in inner.params for w in inner.wrt + self.wrt):
            raise why
        outer = api.grad(inner.fn, tuple(self.wrt), unconnected_gradients="zero")
        forward = JVP(outer, tuple(inner.wrt))
        return _Swapped(inner, forward, self.single, self.return_value,
                        forward.compiled(values).source)

    def __call__(self, *args, grad_ys=None, **kwargs):
        return self.at(self.bind_arguments(args, kwargs), grad_ys)

    def at(self, values, grad_ys=None):
        """The result for arguments already bound (:meth:`bind_arguments`)."""
        return located.call(self.compiled, values, invalidate, grad_ys=grad_ys)


def grad(f: Function, wrt: Wrt = 0, *, stop_gradients: Names = (),
         unconnected_gradients: str = "none", optimize: bool = True,
         verify: bool = False, checkpoint=None, backend: str = "numpy") -> Function:
    """``sd.grad``: the gradient of ``f`` (transforms.grad), or, when ``f`` is itself a
    transform (``grad(grad(f))``), of its generated code (:class:`Composed`).
    ``backend="numba"``: the generated gradient compiled with numba (api/backends.py)."""
    if backends.check_backend(backend) == "numba":
        return backends.compiled_transform(
            f, wrt, return_value=False, stop_gradients=stop_gradients,
            unconnected_gradients=unconnected_gradients, optimize=optimize, verify=verify,
            checkpoint=checkpoint)
    if isinstance(f, PerShape):  # of a function with *args, **kwargs, ... (callables.py)
        return f.then(lambda g, w: grad(g, w, stop_gradients=stop_gradients,
                                        unconnected_gradients=unconnected_gradients,
                                        optimize=optimize, verify=verify), wrt)
    if is_transform(f):
        api.check_modes(optimize, verify)
        _no_checkpoint(checkpoint)
        return Composed(f, wrt, stop_gradients, unconnected_gradients)
    return api.grad(f, wrt, stop_gradients=stop_gradients,
                    unconnected_gradients=unconnected_gradients, optimize=optimize,
                    verify=verify, checkpoint=checkpoint)


def _no_checkpoint(checkpoint):
    if checkpoint is not None:
        raise TypeError("checkpoint= applies to the loops of a function; the gradient of a "
                        "transform differentiates generated code: pass checkpoint= to the "
                        "inner transform, or mark its loops with `# srcdiff: checkpoint`")


def value_and_grad(f: Function, wrt: Wrt = 0, *, stop_gradients: Names = (),
                   unconnected_gradients: str = "none", optimize: bool = True,
                   verify: bool = False, has_aux: bool = False, checkpoint=None,
                   backend: str = "numpy") -> Function:
    """``sd.value_and_grad``: like :func:`grad`, returning ``(value, gradients)``;
    ``has_aux=True``: ``f`` returns ``(value, aux)`` and the result is
    ``((value, aux), gradients)`` (transforms.value_and_grad)."""
    if backends.check_backend(backend) == "numba":
        return backends.compiled_transform(
            f, wrt, return_value=True, stop_gradients=stop_gradients,
            unconnected_gradients=unconnected_gradients, optimize=optimize, verify=verify,
            checkpoint=checkpoint, has_aux=has_aux)
    if isinstance(f, PerShape):
        return f.then(lambda g, w: value_and_grad(
            g, w, stop_gradients=stop_gradients, unconnected_gradients=unconnected_gradients,
            optimize=optimize, verify=verify, has_aux=has_aux), wrt)
    if is_transform(f):
        api.check_modes(optimize, verify)
        _no_checkpoint(checkpoint)
        if has_aux:
            raise TypeError("has_aux=True takes a function returning (value, aux), not a "
                            "transform")
        return Composed(f, wrt, stop_gradients, unconnected_gradients, return_value=True)
    return api.value_and_grad(f, wrt, stop_gradients=stop_gradients,
                              unconnected_gradients=unconnected_gradients, optimize=optimize,
                              verify=verify, has_aux=has_aux, checkpoint=checkpoint)


def vjp(f: Function, wrt: Wrt = 0, *, stop_gradients: Names = (),
        unconnected_gradients: str = "none", optimize: bool = True, verify: bool = False,
        checkpoint=None, backend: str = "numpy") -> Function:
    """``sd.vjp`` (backends.vjp); of a transform (``sd.vjp(sd.grad(f))``), each pullback is
    :func:`grad` of its generated code with ``grad_ys`` the cotangent."""
    if not is_transform(f):
        return backends.vjp(f, wrt, stop_gradients=stop_gradients,
                            unconnected_gradients=unconnected_gradients, optimize=optimize,
                            verify=verify, checkpoint=checkpoint, backend=backend)
    if backends.check_backend(backend) == "numba":
        raise TypeError('sd.vjp of a transform differentiates its generated NumPy code: '
                        'backend="numba" does not apply')
    return backends.pulled_back(f, grad(
        f, wrt, stop_gradients=stop_gradients, unconnected_gradients=unconnected_gradients,
        optimize=optimize, verify=verify, checkpoint=checkpoint), "sd.vjp")


class _Unsupported(SrcdiffError):
    """Generated code that reverse mode cannot differentiate (forward mode can)."""


class _Swapped:
    """``grad(grad(f, A), B)`` computed as the JVP of ``grad(f, B)`` along ``grad_ys`` on ``A``."""

    def __init__(self, inner, forward, single, return_value, source):
        self.inner, self.forward = inner, forward
        self.single, self.return_value = single, return_value
        self.source = source  # the forward-over-reverse module that computes it
        self.writes = ()
        self.call = self.fn  # (self.forward and self.inner leave the arguments as passed)

    def fn(self, *values, grad_ys=None):
        inner = self.inner
        params = inner.params
        args = [values[params.index(w)] for w in inner.wrt]
        if grad_ys is None:
            seeds = [_ones(a) for a in args]
        else:
            seeds = [grad_ys] if inner.single else list(grad_ys)
            if len(seeds) != len(args):
                raise ValueError(f"the function has {len(args)} outputs, so grad_ys must be a "
                                 f"tuple of {len(args)} cotangents")
            seeds = [_check_like(c, a, "grad_ys") for c, a in zip(seeds, args)]
        _, tangent = self.forward(*values, tangents=tuple(seeds))
        result = tangent[0] if self.single else tuple(tangent)
        if self.return_value:
            return inner(*values), result
        return result


def _ones(x):
    if isinstance(x, dict):
        return {k: _ones(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return _like(x, [_ones(v) for v in x])
    if isinstance(x, np.ndarray):
        return np.ones(x.shape)
    return 1.0


_TREE_HELPERS = set()  # activity.py now knows these helpers return containers


def _generated(fn):
    return inspect.isfunction(fn) and fn.__code__.co_filename.startswith("<srcdiff")


def _undoes_appends(tree):
    """Does generated code ``tree`` hold a statement ``xs.pop()`` (the backward sweep undoing
    an append; driver.py refuses it in code differentiated in reverse mode)?"""
    return any(isinstance(n, gast.Expr) and isinstance(n.value, gast.Call)
               and isinstance(n.value.func, gast.Attribute) and n.value.func.attr == "pop"
               for n in gast.walk(tree))


def _without_grad_ys(entry, old="grad_ys", reverse=True):
    """A copy of generated function ``entry`` (and the generated functions it calls) whose
    ``grad_ys`` parameter (or ``old``) has another name, so that it can be differentiated
    in reverse (``reverse``: refuse what reverse mode cannot read) or forward mode."""
    functions, todo = {}, [entry]
    while todo:  # every generated function reachable from entry
        fn = todo.pop()
        if fn.__name__ in functions:
            continue
        functions[fn.__name__] = fn
        for ident in fn.__code__.co_names:
            other = fn.__globals__.get(ident)
            if _generated(other):
                todo.append(other)
    trees, taken = {}, set()
    for name, fn in functions.items():
        tree = S.parse_module(inspect.getsource(fn))
        trees[name] = tree
        taken |= S.all_names(tree)
        if reverse and "_stack" in S.all_names(tree):
            raise _Unsupported(
                f"reverse over reverse: the generated function {name!r} pushes values on a "
                "stack (a loop in the differentiated function), which srcdiff cannot yet "
                "differentiate in reverse mode",
                hint="use sd.hvp(f) or sd.hessian(f) (forward over reverse), which handle "
                     "loops, or sd.jvp(sd.grad(f))")
        if reverse and _undoes_appends(tree):  # (a loop whose temporaries all are
            # recomputed pushes nothing on ``_stack``, yet undoes its appends)
            raise _Unsupported(
                f"reverse over reverse: the generated function {name!r} undoes a list's "
                "appends (`.pop()`), which srcdiff cannot yet differentiate in reverse mode",
                hint="use sd.hvp(f) or sd.hessian(f) (forward over reverse), or sd.jvp(sd.grad(f))")
        tree_helpers = sorted(S.loaded_names(tree) & _TREE_HELPERS) if reverse else ()
        if tree_helpers:
            # reverse mode adds their gradients with ``+`` (activity.py takes any primitive's
            # value for an array): it would concatenate lists instead of adding them
            raise _Unsupported(
                f"reverse over reverse: the generated function {name!r} handles gradients of "
                f"lists, tuples or dicts ({', '.join(tree_helpers)}), which srcdiff cannot yet "
                "differentiate in reverse mode",
                hint="use sd.hvp(f) or sd.hessian(f) (forward over reverse), or sd.jvp(sd.grad(f))")
    new = "_" + old
    k = 0
    while new in taken:
        k += 1
        new = f"_{old}{k}"
    loaded = {}
    for name, tree in trees.items():
        for node in gast.walk(tree):
            if isinstance(node, gast.Name) and node.id == old:
                node.id = new
            elif isinstance(node, gast.keyword) and node.arg == old:
                node.arg = new
        source = S.to_source(tree)
        ns = located.load_renamed(functions[name], source, old, new)
        loaded[name] = ns
    for ns in loaded.values():
        for name, other in loaded.items():
            ns[name] = other[name]
    out = loaded[entry.__name__][entry.__name__]  # (its arguments are checked alike:)
    out.__srcdiff_apart__ = getattr(entry, "__srcdiff_apart__", None)  # (emit/execute.py)
    return out


# ------------------------------------------------------------------ hvp, hessian
