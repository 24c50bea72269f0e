"""``with`` blocks the front end can read as their bodies: ``with np.errstate(...)``.

NumPy's floating-point error settings change which warnings are shown, never a value,
unless one of them is "raise" or "call" (an overflow then raises, or calls a function):
those, and every other context manager, stay refused (normalize.py's table).
"""

import copy

import gast
import numpy as np

_QUIET = ("ignore", "warn", "print", "log", None)


def without_errstate(parsed, body):
    """``body`` with each ``with np.errstate(...):`` replaced by the statements it holds:
    NumPy's floating-point error settings change which warnings are shown, never a value,
    when none of them is "raise" or "call" (those turn an overflow into an exception or a
    call: such a `with` stays refused)."""
    out = []
    for s in body:
        if isinstance(s, gast.With) and all(
                isinstance(item.context_expr, gast.Call) and item.optional_vars is None
                and parsed.callee(item.context_expr.func) is np.errstate
                and not item.context_expr.args
                and all(k.arg is not None and isinstance(k.value, gast.Constant)
                        and k.value.value in _QUIET for k in item.context_expr.keywords)
                for item in s.items):
            out.extend(without_errstate(parsed, s.body))
            continue
        if isinstance(s, (gast.If, gast.For, gast.While, gast.With, gast.FunctionDef)):
            s = copy.copy(s)  # (nested functions too: they are inlined where called)
            s.body = without_errstate(parsed, s.body)
            if isinstance(s, (gast.If, gast.For, gast.While)):
                s.orelse = without_errstate(parsed, s.orelse)
        out.append(s)
    return out
