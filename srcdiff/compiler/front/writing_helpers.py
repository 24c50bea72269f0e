"""Module-level helpers that write into their arguments, inlined where they are called.

A call ``s = hm(u, a)`` of a module-level function ``hm`` that writes into its parameter
(``z[0] *= a`` with ``z`` bound to ``u``) changes the caller's ``u`` where the caller's code
does not say so; compiled as a call (fwd_/bwd_ adjoints) the change is invisible, and
aliasing.py refuses it. Inlined like a nested ``def`` (normalize.py ``inline``), the write
becomes the caller's own in-place write, which the rest of the pipeline models (saves,
restores, alias refusals) exactly as if the user had written it there.

Inlining is Python's semantics only when the inlined body reads what the call reads; each
condition is checked here, and a call that fails one is compiled as a call (and refused
there as before, aliasing.py ``_helper_error``):

* the callee is a plain function (no closure, no decorator, not a generator, no ``*args``,
  ``**kwargs`` or positional-only parameters) whose source can be read;
* its globals are the differentiated function's (its free names then denote the same
  objects), and none of its free names is a local variable or nested function of the
  caller, nor a name srcdiff gave a temporary or reserved for its helpers (inlined, it
  would read that variable instead) unless the generated code binds that name to the very
  object the helper's globals do (``np``: numpy, whether or not the caller reads ``np``);
* its defaults (``__defaults__``, values made when ``def`` ran) are numbers, strings,
  ``None`` or booleans, put in as constants (a default array would be one object shared
  by every call: not inlined);
* it is not being inlined already (recursion, direct or through other helpers: the inner
  call is compiled as a call, and refused as before when it writes into the caller's value).

The inlined statements take the call's source position: an error in them points at the
caller's line (the helper's lines are not in the caller's snippet).
"""

import builtins
import inspect

import gast
import numpy as np

from srcdiff.compiler.front.function_arguments import (
    calls_function_argument,
    is_function_value,
    spread_varargs,
)
from srcdiff.compiler.front.parse import parse_function
from srcdiff.compiler.ir.runtime_names import RUNTIME_HELPERS

_BUILTINS = frozenset(dir(builtins))
_CONSTANTS = (bool, int, float, complex, str, bytes, type(None))
_UNBOUND = object()


def inlinable(norm, func, target, call):
    """The ``FunctionDef`` to inline for the call ``call`` of ``target`` named by ``func`` in
    the normalizer ``norm`` (at the call's position), or None when the call stays a call (see
    the module docstring).

    The one place that commits an inlining: the helper's free names reserved (no later
    temporary takes a global's name), known as helper globals, its ``nonlocals`` entry made.
    A bare-statement call is asked twice (normalize.py ``stmt_Expr``, then expressions.py
    ``call`` from the value it normalizes): the answer of the ask just before, for the same
    call node, is given again without parsing or committing anew.
    """
    asked, norm.inline_asked = getattr(norm, "inline_asked", None), None
    if asked is not None and asked[0] is call:
        return asked[1]
    found = _helper(norm, func, target, call)
    if found is None:
        return None
    node, free = found
    norm.names.reserve(*free)
    norm.helper_globals = getattr(norm, "helper_globals", set()) | free
    norm.nonlocals.setdefault(node.name, frozenset())
    norm.inline_asked = (call, _located(node, call))
    return node


def _helper(norm, func, target, call):
    """``(FunctionDef, free names)``: the helper to inline, a new tree with its defaults
    put in as constants, or None (see the module docstring). Changes nothing in ``norm``.
    (Also a helper that calls a function it is passed: function_arguments.py.)"""
    writes = getattr(norm, "writes_into_argument", None)
    parsed = norm.parsed
    if writes is None or not isinstance(func, gast.Name) or not inspect.isfunction(target) \
            or target is parsed.fn or target.__closure__ is not None \
            or inspect.isgeneratorfunction(target) or inspect.iscoroutinefunction(target) \
            or getattr(parsed.fn, "__globals__", None) is not target.__globals__ \
            or func.id in norm.local_functions or target.__name__ in norm.inlining:
        return None
    written = writes(target)
    if not written and not any(is_function_value(norm, x) for x in
                               [*call.args, *(k.value for k in call.keywords)]):
        return None
    node = _source(target)
    if node is None:
        return None
    if not written:  # (inlined for the function it is passed: function_arguments.py)
        if not isinstance(node, gast.FunctionDef) \
                or not calls_function_argument(norm, node, call):
            return None
        node = spread_varargs(node, call)
        if node is None:
            return None
    a = node.args
    if not isinstance(node, gast.FunctionDef) or node.decorator_list or a.vararg \
            or a.kwarg or a.posonlyargs or node.name != target.__name__:
        return None
    defaults = list(target.__defaults__ or ())
    kw_values = target.__kwdefaults__ or {}
    if not all(isinstance(v, _CONSTANTS) for v in [*defaults, *kw_values.values()]):
        return None
    free, known = _free_names(node), getattr(norm, "helper_globals", set())
    if free & (parsed.locals | set(norm.local_functions)) or {
            n for n in (free & norm.names.taken) - _BUILTINS - known
            - (parsed.all_names() - parsed.locals) if not _bound_alike(target, n)}:
        return None  # (a caller's local, or a temporary or helper srcdiff named so)
    a.defaults = [gast.Constant(value=v, kind=None) for v in defaults]
    a.kw_defaults = [gast.Constant(value=kw_values[p.id], kind=None)
                     if p.id in kw_values else None for p in a.kwonlyargs]
    return node, free


def _bound_alike(target, name):
    """Does the generated code's global ``name`` denote the object ``target``'s global of
    that name does? Asked of a name srcdiff reserved for its generated code (``np``, a run-time
    helper: never a temporary's name, taken before any): the generated namespace binds it
    (execute.py ``base_namespace``, numpy's ``np``; the array-API backend rebinds ``np`` for
    the caller's own code alike), so the inlined body reads the same object."""
    bound = np if name == "np" else RUNTIME_HELPERS.get(name, _UNBOUND)
    return bound is not _UNBOUND and target.__globals__.get(name, _UNBOUND) is bound


def _source(fn):
    """``fn``'s ``FunctionDef`` (a new tree), or None when its source cannot be read (the
    call is then compiled as a call, which says why)."""
    try:
        return parse_function(fn).node
    except Exception:
        return None


def _located(node, call):
    """``node`` with every position replaced by the call's (see the module docstring)."""
    for n in gast.walk(node):
        for attr in ("lineno", "col_offset", "end_lineno", "end_col_offset"):
            if hasattr(call, attr) and attr in getattr(n, "_attributes", ()):
                setattr(n, attr, getattr(call, attr))
    return node


def _free_names(fdef):
    """The names ``fdef`` reads that it does not bind (its globals and builtins)."""
    bound = {p.id for p in fdef.args.args + fdef.args.kwonlyargs}
    read = set()
    for n in gast.walk(fdef):
        if isinstance(n, gast.Name):
            (read if isinstance(n.ctx, gast.Load) else bound).add(n.id)
        elif isinstance(n, (gast.FunctionDef, gast.ClassDef)) and n is not fdef:
            bound.add(n.name)
    return read - bound
