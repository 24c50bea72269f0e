"""The names srcdiff's generated code relies on, which the user's code must leave alone:
its run-time helpers, ``np``, its own variables, and the builtins it calls by name."""

import builtins

import gast
import numpy as np

from srcdiff.compiler.emit import execute as emit
from srcdiff.compiler.front.parse import own_code
from srcdiff.compiler.ir import dataflow
from srcdiff.errors import SrcdiffError

# builtins generated code calls by name (``index_add(b, x, slice(1, None, None), g)``,
# ``stacked_parts(b, len(xs), 0)``), which the optimizer knows change nothing
# (dataflow.CHANGED_ARGUMENTS): the user's code may not bind them
BUILTINS = ("slice", "len")
RESERVED = set(emit.RUNTIME_HELPERS) | {"np", "grad_ys", "_stack", "tangents", *BUILTINS}
_FORWARD_RESERVED = set(emit.RUNTIME_HELPERS) | {"np", "tangents", *BUILTINS}


def check_forward_names(parsed):
    """Names the generated code relies on must not be the user's (``_stack`` and
    ``grad_ys`` are allowed: differentiating generated reverse-mode code needs them)."""
    own = own_code(parsed)
    for n in gast.walk(parsed.node):
        if isinstance(n, gast.Name) and n.id in _FORWARD_RESERVED and (
                isinstance(n.ctx, gast.Store) or isinstance(n.ctx, gast.Param)
                and (n.id in (*BUILTINS, "tangents") or not own)):
            raise _reserved(parsed, n)
        _check_global(parsed, n, _FORWARD_RESERVED)
    _check_module(parsed)


def check_reserved_names(parsed):
    """The reverse mode's reserved names: not bound by the user's function, and a global of
    a helper's name it reads must be that helper. (Locals of those names are renamed when
    the function is parsed, front/renames.py: what is left here is a parameter, a name
    declared ``global``, ``np``, ``slice`` and ``len``. srcdiff's own code compiled again,
    parse.own_code, may have parameters of these names: ``grad_ys`` is renamed before a
    reverse pass over it.)"""
    # (the walk in order, for the first offending name, only when some name may be one:
    # every reserved name but np, or np stored)
    suspects = any(n.id in RESERVED and (n.id != "np" or isinstance(n.ctx, gast.Store))
                   for n in dataflow.names(parsed.node))
    own = suspects and own_code(parsed)
    for n in gast.walk(parsed.node) if suspects else ():
        if isinstance(n, gast.Name) and n.id in RESERVED and (
                isinstance(n.ctx, gast.Store)
                or isinstance(n.ctx, gast.Param) and (n.id in BUILTINS or not own)):
            raise _reserved(parsed, n)
        _check_global(parsed, n, RESERVED)
    _check_module(parsed)


def _check_global(parsed, n, reserved):
    """A global the user's code reads under a helper's name must be that helper: the
    generated code's namespace holds the helper under it, so the user's call would run the
    helper instead (both modes: forward mode emitted such a call of a constant argument
    as it was, and ran srcdiff's ``seed`` or ``unbroadcast`` for the user's)."""
    if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load) and n.id in reserved \
            and n.id in parsed.namespace and n.id != "np" \
            and parsed.namespace[n.id] is not emit.RUNTIME_HELPERS.get(n.id):
        raise parsed.error(n, f"the global {n.id!r} has the name of a helper srcdiff's "
                           "generated code calls", hint=f"rename the global {n.id!r}")


def _reserved(parsed, n):
    return parsed.error(n, f"the name {n.id!r} is reserved for srcdiff's generated code",
                        hint=f"rename the variable {n.id!r}")


def _check_module(parsed):
    """The module's ``np`` is numpy, and it does not rebind the builtins in ``BUILTINS``."""
    for name in BUILTINS:
        if parsed.namespace.get(name, getattr(builtins, name)) is not getattr(builtins, name):
            raise SrcdiffError(f"{parsed.name!r} lives in a module that binds `{name}`, a "
                               "builtin srcdiff's generated code calls",
                               hint=f"rename the global {name!r}")
    if parsed.namespace.get("np", np) is not np:
        raise SrcdiffError(f"{parsed.name!r} lives in a module where `np` is not numpy; "
                           "srcdiff's generated code uses `np` for numpy",
                           hint="import numpy as np in that module")


def check_helper_names(node, parsed, helpers):
    """The helpers a generated function reads as globals (a rule helper an inlined rule's
    body calls, ``cholesky_grad``) must be what it finds under their names: a local of the
    function of that name would shadow the helper, and a global of that name the user's
    function reads would be replaced by the helper in the generated code's namespace. Both
    are refused (the user's code renames its variable), rather than run to a wrong call."""
    local = {n.id for n in dataflow.names(node) if not isinstance(n.ctx, gast.Load)}
    clash = local.intersection(helpers)
    if clash:
        name = min(clash)
        at = next((n for n in gast.walk(parsed.node) if isinstance(n, gast.Name)
                   and n.id == name), parsed.node)
        raise parsed.error(at, f"the name {name!r} is also the name of a helper srcdiff's "
                               "generated code calls for this function", hint=f"rename {name!r}")
    # the helpers a global of the user's function of the same name would be replaced by
    # (asked first: with none, as for NumPy's `np`, the function is not walked)
    replaced = {k for k, v in helpers.items() if k in parsed.namespace
                and k not in parsed.locals and parsed.namespace[k] is not v}
    if not replaced:
        return
    for n in gast.walk(parsed.node):
        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load) and n.id in replaced:
            raise parsed.error(n, f"the global {n.id!r} has the name of a helper srcdiff's "
                                  "generated code calls for this function",
                               hint=f"rename the global {n.id!r}")
