"""numba versions of array rule helpers the NumPy backend's gradients call, for argument
kinds numba_helpers.py's do not take (``backend="numba"``, issue 18):

- ``mul_into(m, mask)`` with a boolean array operand (the gradient of ``np.maximum``,
  ``np.minimum``, ``np.clip`` multiplies by a comparison's mask): NumPy's ``m * mask``,
  the mask read as 0.0/1.0 (a float times True is itself, times False 0.0 of its sign,
  NaN for NaN or an infinity: IEEE's product, as NumPy's).

Invariant: each returns the values the NumPy runtime's returns; tests/numba/
test_numba_rule_helpers.py compares gradients with the NumPy backend's (1e-12 relative)
and central finite differences.
"""

import numpy as np

from srcdiff.compiler.emit import numba_helpers
from srcdiff.compiler.emit.numba_helpers import overload, types

NAMES = ()


def _mask(t):
    return isinstance(t, types.Array) and 1 <= t.ndim <= 3 and isinstance(t.dtype, types.Boolean)


def _floats(t):
    return isinstance(t, (types.Float, types.Integer)) and not isinstance(t, types.Boolean) \
        or isinstance(t, types.Array) and 1 <= t.ndim <= 3 \
        and isinstance(t.dtype, (types.Float, types.Integer))


@overload(numba_helpers.mul_into)
def _mul_into_mask(m, other):
    # (runtime_memory.mul_into: ``m * other``; the mask as float64, NumPy's promotion of
    # bool with a float; two masks are left to numba_helpers: not a gradient's product)
    if _floats(m) and _mask(other):
        return lambda m, other: m * other.astype(np.float64)
    if _mask(m) and _floats(other):
        return lambda m, other: m.astype(np.float64) * other
    return None


def helpers():
    """The helpers of this module by the names generated code calls them."""
    return {name: globals()[name] for name in NAMES}
