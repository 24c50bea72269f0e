"""Where each generated statement comes from: the primal statement and its role.

The reverse generator tags every top-level statement it makes with an
:class:`Origin`: the number of the ANF statement it belongs to (its place in
program order) and its role:

* ``primal``: the primal sweep's copy of the statement (for a compound
  statement, the ``if``/``for``/``while`` itself);
* ``save``: what the primal sweep keeps for the backward sweep before or after it;
* ``adjoint``: its adjoint statements, and what restores the values it overwrote
  (for a compound statement, the backward ``if``/``for``);
* ``control``: bookkeeping of compound statements (trip counters, zeros made
  before a backward loop, sums deferred after it).

The tags ride on the nodes (``S.copy`` and ``S.locate`` carry them), so they
survive the optimizer's rewrites. verify.py reads them to check the sweep's
invariant; explain.py to link each generated line to the user's line. The
forward generator tags its statements too (role ``forward``). A *note* says
what a statement is for besides its role (``recompute``, ``deferred``).
"""

import gast

ATTR = "_srcdiff_origin"
PRE = "_srcdiff_pre"  # on ``v_before = _stack.pop()``: the name whose earlier value it holds

_COMPOUND = (gast.If, gast.For, gast.While)


class Origin(tuple):
    """``(sid, role)``."""

    @property
    def sid(self):
        return self[0]

    @property
    def role(self):
        return self[1]


def of(stmt):
    """The statement's :class:`Origin`, or None (made by a pass that does not say)."""
    return getattr(stmt, ATTR, None)


def tag(stmt, sid, role):
    if getattr(stmt, ATTR, None) is None:
        setattr(stmt, ATTR, Origin((sid, role)))
    return stmt


def tag_sweep(stmts, s, sid, sweep):
    """Tag the code one sweep made for the ANF statement ``s`` (``sweep``: primal or adjoint)."""
    compound = isinstance(s, _COMPOUND)
    last = len(stmts) - 1
    for k, x in enumerate(stmts):
        if compound:
            role = sweep if isinstance(x, _COMPOUND) else ("save" if sweep == "primal"
                                                           and isinstance(s, gast.If)
                                                           else "control")
        elif sweep == "primal":
            role = "primal" if k == last else "save"
        else:
            role = "adjoint"
        tag(x, sid, role)


def mark_pre(stmt, name):
    setattr(stmt, PRE, name)
    return stmt


def pre_of(stmt):
    return getattr(stmt, PRE, None)


NOTE = "_srcdiff_note"  # what a statement does besides its role: "recompute", "deferred"


def note(stmt, what):
    """Say what ``stmt`` is for (explain.py shows it); copies of ``stmt`` keep it."""
    setattr(stmt, NOTE, what)
    return stmt


def note_of(stmt):
    return getattr(stmt, NOTE, None)


MARK = "SRCDIFF_VERIFY_MARK"


def marker(sid, where):
    """An inert statement (a string expression) placed ``where`` ("before"/"after") the
    primal copy of statement ``sid``; every optimizer pass leaves it in place."""
    return tag(gast.Expr(value=gast.Constant(value=MARK, kind=None)), sid, "mark_" + where)


def is_marker(stmt):
    return isinstance(stmt, gast.Expr) and isinstance(stmt.value, gast.Constant) \
        and stmt.value.value == MARK
