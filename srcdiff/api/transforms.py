"""The public API (SPEC §1, §3): grad, value_and_grad, vjp, source, differentiate.

Each transform compiles once per (function, options, argument structure) and caches the
result. The argument structure is what specialization may rely on: which arguments are
integers (constants), floats or arrays (and their ranks), or containers.
"""

import functools
import inspect
import linecache
import os
from typing import Any

import numpy as np

from srcdiff import leaves
from srcdiff.api import callables, located
from srcdiff.api import seeded as seeded_api
from srcdiff.api.held import PerFunction
from srcdiff.compiler import driver
from srcdiff.compiler.analysis import effects
from srcdiff.compiler.analysis.facts import (
    arg_fact,
    array_api_in,
    array_api_mixture,
    array_api_module,
    array_library,
)
from srcdiff.compiler.analysis.wrt import check_options, wrt_entries
from srcdiff.compiler.emit.execute import copy_arguments
from srcdiff.compiler.front import derivatives
from srcdiff.compiler.front.normalize import check_signature as check_def
from srcdiff.compiler.front.parse import parse_function
from srcdiff.compiler.front.signatures import Callable, constant_defaults, python_callable
from srcdiff.compiler.reverse.checkpoint import check_option as check_checkpoint
from srcdiff.errors import SrcdiffError, StaleGradient
from srcdiff.rules import DEFAULT
from srcdiff.types import Function, Names, Wrt

_CACHE = PerFunction("gradients")
_GENERATION = [0]  # bumped when rules change: every compiled gradient is then stale


def invalidate() -> None:
    """Forget every compiled gradient (a rule was registered or replaced)."""
    _CACHE.clear()
    effects.clear()
    _GENERATION[0] += 1


def _wrap_primitive(fn):
    """``sd.grad(np.sin)``, ``sd.grad(custom)``: a one-line Python function calling ``fn``,
    so that the compiler differentiates the call with ``fn``'s registered rule."""
    if DEFAULT.lookup(fn) is None:
        return None
    params, call = [], []
    if isinstance(fn, np.ufunc):
        params = call = [f"x{k}" for k in range(fn.nin)]
    else:
        try:
            sig = inspect.signature(fn)
        except (TypeError, ValueError):  # (`max`: several signatures)
            raise SrcdiffError(f"cannot tell the parameters of {fn!r}: it has no signature",
                               hint=f"differentiate a function calling it: `def f(x): return "
                               f"{getattr(fn, '__name__', 'fn')}(x)`") from None
        for p in sig.parameters.values():
            if p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) or p.name == "out":
                continue
            if p.default is p.empty:
                params.append(p.name)
            elif p.default is None or isinstance(p.default, (bool, int, float, str)):
                params.append(f"{p.name}={p.default!r}")
            else:
                continue
            call.append(p.name)
    name = getattr(fn, "__name__", "primitive")
    if not name.isidentifier():
        name = "primitive"
    src = f"def {name}({', '.join(params)}):\n    return _primitive({', '.join(call)})\n"
    filename = f"<srcdiff primitive {name} {id(fn):x}>"
    linecache.cache[filename] = (len(src), None, src.splitlines(True), filename)
    ns = {"_primitive": fn, "__name__": "srcdiff.primitive"}
    exec(compile(src, filename, "exec"), ns)
    return ns.pop(name)  # (not a global of its own: `len` would shadow the builtin)


def stop_gradient(x: Any) -> Any:
    """Identity at run time; the compiler treats the result as a constant."""
    return x


stop_gradient.__srcdiff_stop_gradient__ = True


_quick_key = seeded_api.quick_key  # (api/seeded.py: the steady-state cache key)


def _has_rule(fn):
    try:
        return DEFAULT.lookup(fn) is not None
    except TypeError:
        return False


def the_code_that_runs(fn):
    """What ``sd.grad(fn)`` differentiates: the code a call of ``fn`` runs.

    A Python function is itself, also when it is a decorator's wrapper
    (``functools.wraps`` sets ``__wrapped__``, which must not be followed:
    the wrapper may change the result). srcdiff's own wrappers
    (``@sd.differentiate``) run their function unchanged. Any other object that
    wraps a function (a C-level wrapper such as ``functools.lru_cache``) is refused.
    """
    if inspect.isfunction(fn) or _has_rule(fn):
        return fn
    method = python_callable(fn)  # a bound method, a classmethod, a callable object
    if method is not None:
        return method
    inner = getattr(fn, "__wrapped__", None)
    if inner is None:
        return fn
    if type(fn).__module__.split(".")[0] == "srcdiff":
        return the_code_that_runs(inner)
    raise SrcdiffError(f"{getattr(fn, '__qualname__', fn)!r} is a {type(fn).__name__} wrapping "
                       f"{getattr(inner, '__qualname__', inner)!r}; srcdiff differentiates the "
                       "code that runs when you call it, and this wrapper is not Python source "
                       "it can read", hint="differentiate the wrapped function itself")


_NUMBER_TYPES = (bool, int, float, np.bool_, np.integer, np.floating)
def check_arguments(fn, params, values):
    """Refuse, before any work, arguments srcdiff does not model (SPEC §8): anything but
    floats, ints, bools, real (float, int or bool) arrays (NumPy's, or dask's: a kind of
    their own, read by shape and dtype only, never computed), and tuples, lists and dicts
    of them. A complex number, a string, None or an object array would otherwise be
    treated as a constant or differentiated as if it were real. (None is taken where the
    default is None, a str where it is that default: ``def f(x, w=None, mode="edge")``.)"""
    defaults = constant_defaults(fn)  # (the default object itself: a constant of f's)
    for name, v in zip(params, values):
        bad = None if name in defaults and v is defaults[name] else _unsupported(v)
        if bad is not None:
            what, path = bad
            where = "argument " + leaves.shown(repr(name), path)
            if what == "unknown shape":
                raise ValueError(f"{fn.__name__}: {where} is a dask array of unknown shape "
                                 f"{v_at(v, path).shape}; srcdiff specializes on shapes, so "
                                 "they must be known: call .compute_chunk_sizes() on it first")
            if what in ("complex", "complex128", "complex64") or what.startswith("complex"):
                raise TypeError(f"{fn.__name__}: {where} is complex ({what}); srcdiff "
                                "differentiates real functions of real inputs only")
            raise TypeError(f"{fn.__name__}: {where} is {what}; srcdiff takes floats, ints, "
                            "bools, real arrays and tuples, lists and dicts of them")
    mixed = array_api_mixture(values)
    if mixed is not None:
        raise TypeError(f"{fn.__name__}: the arguments hold {mixed}; the gradient runs on "
                        "one array-API namespace, so give every array as one of its arrays")


def _unsupported(v):
    """``(description, path)`` of the first value in ``v`` (its entries too: leaves.py)
    srcdiff does not model, or None."""
    return leaves.first_answer(v, _unsupported_leaf)


def _unsupported_leaf(v, path):
    """``(description, path)`` if ``v`` (not a dict, list or tuple) is not modelled."""
    t = type(v)
    if t is float or t is int or t is bool:
        return None
    if t is np.ndarray or isinstance(v, np.ndarray):
        if t is not np.ndarray and not isinstance(v, np.memmap):  # (memmap: ndarray's ops)
            return (f"a {t.__module__}.{t.__qualname__}, a subclass of np.ndarray (its "
                    "operations differ: np.matrix's *; pass np.asarray(...))"), path
        if v.dtype.kind in "biuf":
            return None
        return (f"an array of dtype {v.dtype}" if v.dtype.kind != "c" else str(v.dtype)), path
    if isinstance(v, _NUMBER_TYPES):
        return None
    library = array_library(v)
    if library is not None:  # its dtype and shape only: metadata, nothing is computed
        if v.dtype.kind not in "biuf":
            return f"a {library} array of dtype {v.dtype}", path
        if any(d != d for d in v.shape):
            return "unknown shape", path
        return None
    if isinstance(v, (complex, np.complexfloating)):
        return type(v).__name__, path
    module = array_api_module(v)
    if module is not None:  # (runtime_array_api.py: NumPy's names bound to its namespace)
        if not v.__array_namespace__().isdtype(v.dtype, ("bool", "integral", "real floating")):
            return f"a {module} array of dtype {v.dtype}", path
        return (f"a {module} array of unknown shape {v.shape}", path) \
            if any(d is None for d in v.shape) else None
    if hasattr(v, "__array_function__"):
        return (f"an array of type {t.__module__.split('.')[0]}.{t.__name__}, which "
                "srcdiff's generated code (NumPy calls) does not run on: it takes NumPy, "
                "dask and CuPy arrays and arrays with __array_namespace__"), path
    return f"a {t.__name__}" if v is not None else "None", path


def refuse_array_api(fn, values, what):
    """Transforms of transforms (and matrices) assemble their results with NumPy."""
    module = array_api_in(values)
    if module is not None:
        raise TypeError(f"{fn.__name__}: {what} on {module} arrays is not supported (it "
                        "assembles results with NumPy); sd.grad, sd.value_and_grad, sd.vjp "
                        "and sd.jvp run on them")


def v_at(v, path):
    """The entry of ``v`` at ``path`` (keys and positions, as ``_unsupported`` gives it)."""
    for k in path:
        v = v[k]
    return v


def check_signature(fn, sig):
    """Refuse keyword-only, ``*args`` and ``**kwargs`` parameters (before any argument is
    looked at), with the location of the ``def``: the transforms lower them per call
    (callables.py), but code generated without a call (the command line, ``sd.source``
    without ``args=``) needs a fixed list of parameters."""
    if any(p.kind == p.KEYWORD_ONLY for p in sig.parameters.values()):
        parsed = parse_function(fn)
        raise parsed.error(parsed.node, f"{fn.__name__!r} has keyword-only parameters: "
                           "code generated without a call needs a fixed list of parameters "
                           "(sd.grad and the other transforms lower them for each call)",
                           hint="pass example arguments (sd.source(f, args=...)), or make "
                                "them ordinary parameters (remove the `*`)")
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in sig.parameters.values()):
        parsed = parse_function(fn)
        refuse_wrapper_signature(fn, parsed)
        check_def(parsed, parsed.node)


def refuse_wrapper_signature(fn, parsed):
    """A decorator's ``wrapper(*args, **kwargs)``: say that it is the wrapper (which runs,
    and is what srcdiff differentiates) whose signature is refused."""
    inner = getattr(fn, "__wrapped__", None)
    sig = inspect.signature(fn, follow_wrapped=False)
    if inner is not None and any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
                                 for p in sig.parameters.values()):
        raise parsed.error(
            parsed.node, f"{fn.__qualname__!r} is a wrapper (functools.wraps) around "
            f"{getattr(inner, '__qualname__', inner)!r}; srcdiff differentiates the wrapper, "
            "the code that runs when you call it, and its *args/**kwargs are not supported",
            hint="give the wrapper the wrapped function's parameters, or differentiate the "
                 "wrapped function itself")


def is_python(fn):
    """A function srcdiff reads: a ``def`` or lambda, or a method seen as one (Callable)."""
    return inspect.isfunction(fn) or isinstance(fn, Callable)


def code_to_read(fn):
    """The Python function a transform of ``fn`` compiles (the code that runs, or a one-line
    call of a primitive with a rule: ``np.sin``); anything else is refused."""
    fn = the_code_that_runs(fn)
    if not is_python(fn) or _has_rule(fn):
        wrapped = _wrap_primitive(fn)
        if wrapped is None:
            parse_function(fn)  # raises the "not a Python function" error
        fn = wrapped
    return fn


def open_parameters(params, bound_args, bound_kwargs):
    """The parameters a ``functools.partial`` leaves open (what ``wrt`` positions count)."""
    return [p for p in params[len(bound_args):] if p not in bound_kwargs]


def parameters(fn):
    try:
        sig = inspect.signature(fn, follow_wrapped=False)
    except (TypeError, ValueError):
        raise SrcdiffError(f"cannot read the signature of {fn!r}") from None
    return sig, [p.name for p in sig.parameters.values()
                 if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def wrt_names(fn, params, wrt):
    items, single = wrt_entries(wrt)
    if not items:
        raise ValueError("wrt must name at least one argument or variable")
    names = []
    for w in items:
        if isinstance(w, int):
            if not -len(params) <= w < len(params):
                raise ValueError(f"wrt={w} is out of range: {fn.__name__} has {len(params)} "
                                 f"positional parameters ({', '.join(params)})")
            names.append(params[w])
        else:
            names.append(w)
    return names, single


def check_modes(optimize, verify):
    """``(optimize, verify)``; ``SRCDIFF_VERIFY=1`` in the environment turns verification on
    for every gradient compiled from then on (SPEC §8)."""
    if not isinstance(optimize, bool):
        raise TypeError(f"optimize must be True or False, got {optimize!r}")
    if not isinstance(verify, bool):
        raise TypeError(f"verify must be True or False, got {verify!r}")
    return optimize, verify or os.environ.get("SRCDIFF_VERIFY", "") not in ("", "0")


class Transform:
    """What every transform object is (a first-order one here, ``Composed`` in higher.py):
    a transform of a transform is composed, never compiled as a plain function."""

    __srcdiff_derivative__ = True  # a call of it inside a differentiated function is refused
    __srcdiff_composable__ = True  # (api/callables.py: its generated code is differentiated)


class FirstOrder(Transform):
    """A compiled-on-demand transform of ``fn``, specialized by argument structure."""

    def __init__(self, fn, wrt, stop_gradients=(), unconnected_gradients="none",
                 return_value=False, optimize=True, verify=False, has_aux=False,
                 checkpoint=None):
        if not callable(fn):
            raise TypeError(f"expected a function, got {fn!r}")
        self.made_with = (fn, wrt, stop_gradients, unconnected_gradients, return_value, optimize,
                          verify, has_aux, checkpoint)  # (callables.follow)
        if isinstance(transform_of(fn), Transform):
            raise TypeError("this transform does not compose with another transform; use "
                            "sd.grad, sd.value_and_grad, sd.jvp, sd.hvp or sd.hessian on it")
        # functools.partial: its bound arguments are passed first, as constants (never
        # differentiated); wrt counts the parameters the partial leaves open, as JAX does
        self.bound_args, self.bound_kwargs = (), {}
        while isinstance(fn, functools.partial):
            self.bound_args = tuple(fn.args) + self.bound_args
            self.bound_kwargs = {**fn.keywords, **self.bound_kwargs}
            fn = fn.func
        self.fn = code_to_read(fn)
        self.sig, self.params = parameters(self.fn)
        check_signature(self.fn, self.sig)
        self.open_params = open_parameters(self.params, self.bound_args, self.bound_kwargs)
        self.wrt, self.single = wrt_names(self.fn, self.open_params, wrt)
        self.stop = check_options(unconnected_gradients, stop_gradients)
        self.unconnected = unconnected_gradients
        self.return_value = return_value
        if not isinstance(has_aux, bool):
            raise TypeError(f"has_aux must be True or False, got {has_aux!r}")
        self.has_aux = has_aux  # fn returns (value, aux): aux is returned, not differentiated
        self.optimize, self.verify = check_modes(optimize, verify)
        self.checkpoint = check_checkpoint(checkpoint)  # loops keep snapshots (SPEC §8)
        self._unverified = None
        self.reuse = None  # calls keep their callee's record (None: when optimizing)
        self.standins = True  # False for the numba backend (driver.Context)
        self._defaults = self.fn.__defaults__ or ()
        self._seen_defaults = callables.defaults_of(self.fn)  # (refresh_defaults)
        self._last = {}  # argument facts -> compiled, for this transform object
        self._fast = {}  # quick key -> generated function (see _fast_callable)
        self._hot = [seeded_api.no_entry]  # the last arguments' entry (_fast_callable)
        self._generation = _GENERATION[0]
        functools.update_wrapper(self, self.fn, updated=())

    def unverified(self):
        """The same transform for code that is differentiated again: without verification,
        without checkpointing, and with calls that run their callee's gradient whole (a
        record, a tuple of the callee's locals and tapes, is not something srcdiff
        differentiates through)."""
        if self._unverified is None:
            self._unverified = FirstOrder(self.fn, self.wrt if not self.single else self.wrt[0],
                                          self.stop, self.unconnected, self.return_value,
                                          self.optimize, has_aux=self.has_aux, checkpoint=False)
            self._unverified.verify = False
            self._unverified.reuse = False
        return self._unverified

    def bind_arguments(self, args, kwargs):
        if self.bound_args or self.bound_kwargs:  # a partial: its arguments come first
            args, kwargs = self.bound_args + tuple(args), {**self.bound_kwargs, **kwargs}
        n = len(self.params)
        if not kwargs and len(args) == n:
            return list(args)
        callables.refresh_defaults(self)
        if not kwargs and len(args) < n and n - len(args) <= len(self._defaults):
            return list(args) + list(self._defaults[len(args) - n:])
        bound = self.sig.bind(*args, **kwargs)
        bound.apply_defaults()
        extra = set(bound.arguments) - set(self.params)
        if extra:
            raise TypeError(f"{self.fn.__name__}: keyword-only parameters "
                            f"({', '.join(sorted(extra))}) are not supported by srcdiff; "
                            "make them ordinary parameters")
        return [bound.arguments[p] for p in self.params]

    def at(self, values, grad_ys=None):
        """The result for arguments already bound (:meth:`bind_arguments`)."""
        return located.call(self.compiled, values, invalidate, grad_ys)  # (stale: anew)

    def compiled(self, values):
        """The generated gradient for arguments like ``values`` (compiled once, then cached)."""
        if self._generation != _GENERATION[0]:
            callables.follow(self)
            self._last.clear()
            self._fast.clear()
            self._hot[0] = seeded_api.no_entry
            self._generation = _GENERATION[0]
        quick = _quick_key(values)  # type, shape and dtype: cheap, and decides the facts
        hit = self._last.get(quick) if quick is not None else None
        if hit is not None:
            return hit
        check_arguments(self.fn, self.params, values)
        facts = tuple([arg_fact(v) for v in values])
        seeded = self.optimize and self.standins and seeded_api.real_arguments(values)
        hit = self._last.get((seeded, facts))
        if hit is None:  # (grad_ys=None: a gradient with the seed folded, api/seeded.py)
            hit = seeded_api.Seeded(functools.partial(self.compiled_for, facts, seed_one=True),
                                    functools.partial(self.compiled_for, facts), len(values)) \
                if seeded else self.compiled_for(facts)
            self._last[(seeded, facts)] = hit
        if quick is not None:
            self._last[quick] = hit
            self._fast[quick] = hit.call
        return hit

    def compiled_for(self, facts, values=None, seed_one=False):
        """The generated gradient for arguments with ``facts`` (one per parameter; also
        the facts a call site inside a differentiated function knows, api/nested.py).
        (``values``: as Composed.compiled_for takes them; not needed here.)"""
        key = (tuple(self.wrt), self.single, self.stop, self.unconnected, self.return_value,
               self.has_aux, self.optimize, self.verify, self.checkpoint, self.reuse,
               self.standins, facts, seed_one)
        table = _CACHE.table(self.fn)
        hit = table.get(key)
        if hit is None:
            hit = driver.compile_reverse(
                self.fn, self.wrt, stop=self.stop, unconnected=self.unconnected,
                return_value=self.return_value, arg_facts=dict(zip(self.params, facts)),
                as_tuple=not self.single, optimize=self.optimize, verify=self.verify,
                has_aux=self.has_aux, checkpoint=self.checkpoint, reuse=self.reuse,
                standins=self.standins, seed_one=seed_one)
            table[key] = hit
        return hit

    def sweeps(self, values):
        """``(fwd, bwd, apart)``: the primal and backward sweeps split apart (records.py), for
        arguments like ``values``, compiled once, and the check of arguments sharing memory
        with one ``fn`` writes into (None if none: driver.compile_pullback); None when the
        generated code writes in place."""
        callables.follow(self)  # (also for the record's pullback: sd.vjp)
        check_arguments(self.fn, self.params, values)
        facts = tuple([arg_fact(v) for v in values])
        key = ("sweeps", tuple(self.wrt), self.single, self.stop, self.unconnected,
               self.optimize, self.verify, facts)
        table = _CACHE.table(self.fn)
        if key not in table:  # (invalidate() empties _CACHE when a rule changes)
            made = driver.compile_pullback(
                self.fn, self.wrt, stop=self.stop, unconnected=self.unconnected,
                arg_facts=dict(zip(self.params, facts)), as_tuple=not self.single,
                optimize=self.optimize, verify=self.verify)
            table[key] = (made[0], made[1], made[3]) if made is not None else None
        return table[key]

    def __call__(self, *args, grad_ys=None, **kwargs):
        # (the steady state, one key and one lookup, is the function _fast_callable makes)
        return self.at(self.bind_arguments(args, kwargs), grad_ys)


def transform_of(f):
    """The transform behind a callable ``sd.grad``/``sd.value_and_grad`` returned, else ``f``."""
    return getattr(f, "__srcdiff_transform__", f)


def _fast_callable(t):
    """``t`` as a plain function: a call costs one key and one dict lookup (a transform
    object's ``__call__`` costs several times that on small inputs)."""
    # (a partial's calls go through t, which puts its bound arguments first)
    fast = {} if t.bound_args or t.bound_kwargs else t._fast

    hot = t._hot if fast is t._fast else [seeded_api.no_entry]

    def call(*args, grad_ys=None, **kwargs):
        if not kwargs and t._generation == _GENERATION[0]:
            try:
                if grad_ys is None:  # (the last arguments' entry: api/seeded.py)
                    out = hot[0](*args)
                    if out is not seeded_api.MISS:
                        return out
                quick = _quick_key(args)
                fn = fast.get(quick)
                if fn is not None:
                    out = fn(*args, grad_ys)
                    entry = getattr(fn, "hot", None) if grad_ys is None else None
                    if entry is not None:  # (built once per quick key)
                        hot[0] = entry(quick, args)
                    return out
            except StaleGradient:  # (emit/live.py) compiled anew by t
                invalidate()
        return t(*args, grad_ys=grad_ys, **kwargs)

    functools.update_wrapper(call, t.fn, updated=())
    del call.__wrapped__  # not the user's function: a transform of it
    call.__srcdiff_transform__ = t
    call.__srcdiff_derivative__ = True  # (analysis/ops.py: not a function to differentiate)
    derivatives.mark(call, t.sig)  # its calls are, by its generated code (api/nested.py)
    call.compiled = t.compiled
    return call


def grad(f: Function, wrt: Wrt = 0, *, stop_gradients: Names = (),
         unconnected_gradients: str = "none", optimize: bool = True,
         verify: bool = False, checkpoint=None) -> Function:
    """The gradient of ``f`` (of the sum of its outputs) w.r.t. ``wrt``; see SPEC §1.

    ``f`` is a plain function here; higher.grad (``sd.grad``) also takes transforms
    (``sd.grad(sd.grad(f))``). ``optimize=False``: the reference
    pipeline; ``verify=True``: the generated code checks the backward sweep's
    invariant as it runs (SPEC §8, verify.py). ``checkpoint`` (None, "sqrt", "binomial",
    or an int k): the outermost loops keep snapshots of their state instead of every
    iteration's values, and the backward sweep recomputes segments (reverse/checkpoint.py).
    """
    per = callables.transform(f, lambda g, w: grad(
        g, w, stop_gradients=stop_gradients, unconnected_gradients=unconnected_gradients,
        optimize=optimize, verify=verify, checkpoint=checkpoint), wrt)
    if per is not None:  # *args, **kwargs, keyword-only parameters: per call shape
        return per
    return _fast_callable(FirstOrder(f, wrt, stop_gradients, unconnected_gradients,
                                     optimize=optimize, verify=verify, checkpoint=checkpoint))


def value_and_grad(f: Function, wrt: Wrt = 0, *, stop_gradients: Names = (),
                   unconnected_gradients: str = "none", optimize: bool = True,
                   verify: bool = False, has_aux: bool = False, checkpoint=None) -> Function:
    """Like :func:`grad`, returning ``(value, gradients)`` from one call. With
    ``has_aux=True`` (JAX's name), ``f`` returns ``(value, aux)``: only ``value`` is
    differentiated, and the result is ``((value, aux), gradients)``."""
    per = callables.transform(f, lambda g, w: value_and_grad(
        g, w, stop_gradients=stop_gradients, unconnected_gradients=unconnected_gradients,
        optimize=optimize, verify=verify, has_aux=has_aux, checkpoint=checkpoint), wrt)
    if per is not None:
        return per
    return _fast_callable(FirstOrder(f, wrt, stop_gradients, unconnected_gradients,
                                     return_value=True, optimize=optimize, verify=verify,
                                     has_aux=has_aux, checkpoint=checkpoint))


def vjp(f: Function, wrt: Wrt = 0, *, stop_gradients: Names = (),
        unconnected_gradients: str = "none", optimize: bool = True,
        verify: bool = False, checkpoint=None) -> Function:
    """``vjp(f)(*args) -> (value, pullback)``; ``pullback(cotangent)`` gives gradients.

    The value and every pullback are taken at the arguments as passed: ``f``
    runs on copies of them when it changes an argument in place, and the
    pullback keeps its own copy (later changes to the caller's arrays do not
    move it). The caller's arguments are left as passed.
    """
    per = callables.transform(f, lambda g, w: vjp(
        g, w, stop_gradients=stop_gradients, unconnected_gradients=unconnected_gradients,
        optimize=optimize, verify=verify, checkpoint=checkpoint), wrt)
    if per is not None:
        return per
    t = FirstOrder(f, wrt, stop_gradients, unconnected_gradients, optimize=optimize,
                   verify=verify, checkpoint=checkpoint)

    @functools.wraps(t.fn)
    def run(*args, **kwargs):
        values = t.bind_arguments(args, kwargs)
        sweeps = t.sweeps(values) if t.checkpoint is None else None
        if sweeps is not None:  # one primal sweep; each pullback runs the backward sweep
            fwd, bwd, apart = sweeps
            if apart is not None:  # (before the copy, which may part overlapping views)
                located.run(apart, values)
            try:
                value, record = located.run(fwd, *copy_arguments(values))
            except StaleGradient:  # a global it reads was rebound (emit/live.py)
                invalidate()
                fwd, bwd, _ = t.sweeps(values)
                value, record = located.run(fwd, *copy_arguments(values))
            return copy_arguments([value])[0], functools.partial(_pullback, bwd, record)
        compiled = t.compiled(values)
        apart = getattr(compiled, "apart", None)
        if apart is not None:  # (before the copy, which may part overlapping views)
            located.run(apart, values)
        point = copy_arguments(values)  # the point the pullback differentiates at
        value = t.fn(*(copy_arguments(point) if compiled.writes else values))

        def pullback(cotangent):
            return located.run(compiled.call, *point, cotangent)

        return value, pullback

    run.__srcdiff_derivative__ = "sd.vjp"  # a call of it inside a differentiated function is
    # refused by name (its pullback is a closure, not code srcdiff reads)
    return run


def _pullback(bwd, record, cotangent):
    """``sd.vjp``'s pullback: the backward sweep over the record of one primal sweep (the
    record is read, never changed: records.py)."""
    return located.run(bwd, record, cotangent)
