"""Python and NumPy operations numba does not compile for some argument types, which
generated gradients use, with their Python/NumPy meaning (``backend="numba"``):

- ``np.clip(a, lo, hi)`` of three numbers (numba's takes arrays): numba_emit.py writes
  every ``np.clip(a, lo, hi)`` as ``clip_of(a, lo, hi)``, numba's ``np.clip`` of arrays,
  and of numbers NumPy's definition ``minimum(maximum(a, lo), hi)`` (NaN propagated,
  ``hi`` when ``lo > hi``).
- ``r[k]`` of a ``range`` object ``r`` (the reverse sweep of ``for i in reversed(range(n))``
  reads ``range1[k]``): an overload of ``operator.getitem`` for numba's range type and an
  integer, ``r.start + k * r.step``, a negative ``k`` counted from the end, IndexError out
  of range (Python's). numba has no ``getitem`` of a range; the overload adds one for the
  whole process, Python's.

Invariant: each gives the value Python/NumPy give; tests/numba/test_numba_fuzz_causes.py
checks them through gradients against the NumPy backend and finite differences, and the
values and errors of ``range`` indexing against Python's.
"""

import operator

import numpy as np

from srcdiff.compiler.emit.numba_helpers import _num, overload, types


def clip_of(a, lo, hi):
    """``np.clip(a, lo, hi)`` (module docstring)."""


@overload(clip_of)
def _clip_of(a, lo, hi):
    if _num(a) and _num(lo) and _num(hi):
        return lambda a, lo, hi: np.minimum(np.maximum(a, lo), hi)
    return lambda a, lo, hi: np.clip(a, lo, hi)


@overload(operator.getitem)
def _range_item(r, k):
    if not (isinstance(r, types.RangeType) and isinstance(k, types.Integer)):
        return None

    def item(r, k):
        n = len(r)
        j = k + n if k < 0 else k
        if j < 0 or j >= n:
            raise IndexError("range object index out of range")
        return r.start + j * r.step
    return item
