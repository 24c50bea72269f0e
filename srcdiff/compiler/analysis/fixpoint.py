"""The one fixpoint loop every analysis and generator uses.

Each fixpoint of the compiler computes facts that only grow (or only weaken)
from round to round, so it converges; one that has not converged after
``errors.FIXPOINT_LIMIT`` rounds is a compiler bug, and it raises
:class:`~srcdiff.errors.InternalError`: using its last round could silently
give a wrong gradient.
"""

from srcdiff import errors


def fixpoint(step, state, what, same=None):
    """Apply ``state = step(state)`` until ``same(new, state)`` (``==`` by default); return
    the stable state. ``what`` names the facts for the error when it does not converge.

    (``errors.FIXPOINT_LIMIT`` is read at call time, so tests can lower it.)"""
    same = same or (lambda a, b: a == b)
    limit = errors.FIXPOINT_LIMIT
    for _ in range(limit):
        new = step(state)
        if same(new, state):
            return new
        state = new
    raise errors.not_converged(what, limit)
