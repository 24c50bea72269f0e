"""Common subexpressions and copy propagation in rounds, until a round shares nothing
(passes.py ``_shared_values``), each round after the first redoing only the blocks the
last one changed.

A value CSE replaces by a name becomes a copy (``ys_i2 = ys_i1``), and only the copy
propagation after it makes a later value that read the copy's name (``v2 = ys_i2 - m``)
the same text as an earlier one (``v1 = ys_i1 - m``): the next round shares that one. (A
recomputed primal value read by the adjoints of several statements is recomputed by each,
with its operands recomputed too: one round shares only the innermost.) Each round is
exact for the reasons the passes state, and the names changed in place are asked again,
of the function as the last round left it (:class:`~.parts.ChangedOnce`: only when the
round asks, so a first round that finds no value computed twice skips that walk).
Terminates: each sharing replaces a computed value by a name.

The blocks are the function's body and those of its ``if``, ``for`` and ``while``
statements, the ones both passes treat apart: each starts from nothing, and what CSE does
in a block depends on its own statements and on the names changed through views alone;
copy propagation on its statements alone (and a compound statement's test or iterable on
its block's). So a block the last round did not change (it shared nothing there, which
leaves it as that round's copy propagation, idempotent, leaves it) is left as it is, when
the names changed through views are the last round's (asked, then compared: a difference
redoes every block). A round that shares nothing ends without copy propagation (it changed
nothing). Check mode (``SRCDIFF_CHECK_FACTS=1``) makes each restricted round whole too, on
a copy, and compares; and the skipped copy propagation on a copy.
"""

import gast

from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize.facts import checking
from srcdiff.compiler.optimize.parts import ChangedOnce
from srcdiff.errors import InternalError

_COMPOUND = (gast.If, gast.For, gast.While)


def shared_values(fn, verify, gradients, cse, propagate):
    """``fn.body`` after the rounds; ``cse`` and ``propagate``: passes.py's
    ``_common_subexpressions`` and ``_copy_propagate``."""
    redo, last = None, None  # the blocks to redo ((id(owner), field); None: all); last asked
    while True:
        changed = ChangedOnce(fn, verify)
        if redo is not None:  # (the blocks left as they are hold for the names asked before)
            if last is not None and changed.ask() != last:
                redo = None
            changed.ask()
        whole = _whole_round(fn, cse, propagate, verify, gradients) \
            if checking() and redo is not None else None
        shared, blocks = [], []
        _round(fn, ("body",), redo, (changed, verify, gradients, shared), blocks, cse)
        for owner, field in blocks:
            setattr(owner, field, propagate(getattr(owner, field), fresh=False, nested=False))
        if whole is not None and whole != [S.dump(s) for s in fn.body]:
            raise InternalError("optimizer: a round of common subexpressions redoing only "
                                "the blocks the last one changed made another function than "
                                "a whole round")
        if not shared:
            if checking():
                _check_propagated(fn.body, propagate)
            return fn.body
        redo, last = {(id(o), f) for o, f in blocks}, changed.names


def _round(owner, fields, redo, args, blocks, cse):
    """CSE on the blocks of ``owner`` (and inside them) that ``redo`` names; the blocks
    where it shared something are added to ``blocks``."""
    shared = args[3]
    for field in fields:
        block = getattr(owner, field)
        if redo is None or (id(owner), field) in redo:
            before = len(shared)
            block = cse(block, *args, nested=False)
            setattr(owner, field, block)
            if len(shared) > before:
                blocks.append((owner, field))
        for s in block:
            if isinstance(s, _COMPOUND):
                _round(s, ("body", "orelse"), redo, args, blocks, cse)


def _whole_round(fn, cse, propagate, verify, gradients):
    """Check mode: the dumps of the body a whole round (every block) makes of a copy."""
    whole = S.copy(fn)
    shared = []
    whole.body = cse(whole.body, ChangedOnce(whole, verify), verify, gradients, shared)
    if shared:
        whole.body = propagate(whole.body, fresh=False)
    return [S.dump(s) for s in whole.body]


def _check_propagated(body, propagate):
    """Check mode: copy propagation leaves ``body`` as it is (a round that shared nothing
    ends without one)."""
    again = propagate(body, fresh=True)
    if [S.dump(s) for s in again] != [S.dump(s) for s in body]:
        raise InternalError("optimizer: copy propagation changed a body it had made")
