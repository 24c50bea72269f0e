"""Calls of plain names: how passes recognize the runtime helpers in generated code.

Generated code calls its helpers (``unbroadcast``, ``index_add``, ``check_broadcast``,
``verify_equal``, ...) by their bare names; these three questions are the only way the
compiler's passes pick such calls out, so that each pass states the same shape.
"""

import gast


def named_call(expr, names):
    """``expr`` when it is a call ``f(...)`` of a bare name ``f`` in ``names`` (one name
    or a collection of names), else None. Arguments and keywords are not looked at."""
    if isinstance(expr, gast.Call) and isinstance(expr.func, gast.Name) and (
            expr.func.id == names if isinstance(names, str) else expr.func.id in names):
        return expr
    return None


def plain_call(expr, names, nargs):
    """``named_call`` with exactly ``nargs`` positional arguments, none starred, and no
    keywords: the form in which the generator writes its helpers' calls."""
    call = named_call(expr, names)
    if call is None or call.keywords or len(call.args) != nargs \
            or any(isinstance(a, gast.Starred) for a in call.args):
        return None
    return call


def call_statement(stmt, names):
    """The call of a statement that is only ``f(...)`` (a check, a push), else None."""
    return named_call(stmt.value, names) if isinstance(stmt, gast.Expr) else None
