"""Calls of plain names: how passes recognize the runtime helpers in generated code.

Generated code calls its helpers (``unbroadcast``, ``index_add``, ``check_broadcast``,
``verify_equal``, ...) by their bare names; these three questions are the only way the
compiler's passes pick such calls out, so that each pass states the same shape. They take
gast nodes (the passes) and ast nodes alike (the numba emitter, emit/numba_*.py, rewrites
the written source as ``ast``).
"""

import ast

import gast

# the run-time checks srcdiff inserts (optimize/dead.py's ``check_broadcast(a, b)`` where a
# dead elementwise computation stood; analysis/dtypes.py's ``unused = check_in_place(m, v)``
# before ``m op= v``; rules/shape_rules.py's ``check_split(pieces, ary)`` in split's
# adjoint): each reads only its operands' shapes and dtypes and raises where the
# function would raise (NumPy's error, or srcdiff's refusal), else returns None. So such a
# call changes none of its operands, its result shares nothing with them, and it is never
# dead (it may raise). Every pass that asks "may this call change its arguments", "may its
# result alias them" or "may it be dropped" asks :func:`is_read_only_check`.
# (runtime_checks.py, runtime_memory.py, rules/shape_rules.py; the numba backend's
# versions in emit/numba_pieces.py keep their names and their contract)
READ_ONLY_CHECKS = frozenset({"check_broadcast", "check_in_place", "check_split"})


def is_read_only_check(f):
    """Is ``f`` one of :data:`READ_ONLY_CHECKS`: by name (a bare ``gast.Name`` in generated
    code, or the name itself) or as the function object (an analysis's resolved callee:
    srcdiff's own function of that name, never a user's)?"""
    if isinstance(f, _NAME):
        return f.id in READ_ONLY_CHECKS
    if isinstance(f, str):
        return f in READ_ONLY_CHECKS
    return callable(f) and getattr(f, "__name__", None) in READ_ONLY_CHECKS \
        and (getattr(f, "__module__", None) or "").startswith("srcdiff.")


_CALL, _NAME, _STARRED, _EXPR = ((getattr(gast, c), getattr(ast, c))
                                  for c in ("Call", "Name", "Starred", "Expr"))


def named_call(expr, names):
    """``expr`` when it is a call ``f(...)`` of a bare name ``f`` in ``names`` (one name
    or a collection of names), else None. Arguments and keywords are not looked at."""
    if isinstance(expr, _CALL) and isinstance(expr.func, _NAME) and (
            expr.func.id == names if isinstance(names, str) else expr.func.id in names):
        return expr
    return None


def plain_call(expr, names, nargs):
    """``named_call`` with exactly ``nargs`` positional arguments, none starred, and no
    keywords: the form in which the generator writes its helpers' calls."""
    call = named_call(expr, names)
    if call is None or call.keywords or len(call.args) != nargs \
            or any(isinstance(a, _STARRED) for a in call.args):
        return None
    return call


def call_statement(stmt, names):
    """The call of a statement that is only ``f(...)`` (a check, a push), else None."""
    return named_call(stmt.value, names) if isinstance(stmt, _EXPR) else None
