"""The seeds of a function of several outputs under ``backend="numba"``: a numba version of
``runtime.check_outputs(grad_ys, n)``, which the gradient of ``return a, b`` calls first
(``_grad_ys = check_outputs(grad_ys, 2)``, then ``seed(_grad_ys[1], ..., 1)``).

Same meaning as the NumPy runtime's: ``grad_ys`` None (no cotangents given) gives ``n``
Nones (each output's seed then ones); a tuple or list of ``n`` cotangents is returned as
it is; a longer tuple or a list of another length raises the runtime's ValueError. ``n``
is the literal the generated code passes. A shorter tuple, a single array for several
outputs, or more than 8 outputs without cotangents have no implementation: numba's typing
error where the NumPy runtime raises ValueError (not a wrong number).
Invariant: each case returns what ``runtime.check_outputs`` returns; tests/numba/
test_numba_seeds.py compares gradients with the NumPy backend's and finite differences.
"""

from srcdiff.compiler.emit.numba_helpers import _none, overload, types

NAMES = ("check_outputs",)


def check_outputs(grad_ys, n):
    """``runtime.check_outputs`` (module docstring)."""


# ``n`` Nones for n = 0..8 (numba types neither ``(None,) * n`` of an int nor an exec'd
# function it can cache): more outputs than 8 without grad_ys have no implementation
_NONES = (
    lambda grad_ys, n: (),
    lambda grad_ys, n: (None,),
    lambda grad_ys, n: (None, None),
    lambda grad_ys, n: (None, None, None),
    lambda grad_ys, n: (None, None, None, None),
    lambda grad_ys, n: (None, None, None, None, None),
    lambda grad_ys, n: (None, None, None, None, None, None),
    lambda grad_ys, n: (None, None, None, None, None, None, None),
    lambda grad_ys, n: (None, None, None, None, None, None, None, None),
)


def _wrong(n):
    return (f"the function has {n} outputs, so grad_ys must be a tuple of {n} cotangents "
            f"(got a different number)")


@overload(check_outputs, prefer_literal=True)
def _check_outputs(grad_ys, n):
    if not isinstance(n, types.IntegerLiteral):
        return None
    k = n.literal_value
    if _none(grad_ys):
        return _NONES[k] if k < len(_NONES) else None
    message = _wrong(k)
    if isinstance(grad_ys, types.BaseTuple):
        if len(grad_ys) < k:  # (the generated code's `_grad_ys[k - 1]` would not type)
            return None
        if len(grad_ys) > k:
            def wrong(grad_ys, n):
                if len(grad_ys) != n:  # (always: raises, typed as returning the tuple)
                    raise ValueError(message)
                return grad_ys
            return wrong
        return lambda grad_ys, n: grad_ys
    if isinstance(grad_ys, types.List):
        def listed(grad_ys, n):
            if len(grad_ys) != n:
                raise ValueError(message)
            return grad_ys
        return listed
    return None


def helpers():
    """The helpers of this module by the names generated code calls them."""
    return {name: globals()[name] for name in NAMES}
