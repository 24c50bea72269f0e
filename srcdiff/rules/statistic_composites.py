"""``np.linalg.cond`` and ``np.nanmedian`` as compositions of primitives with rules
(composites.py explains the mechanism), computed as NumPy computes them:

- ``np.linalg.cond(x, p)``: for ``p`` None, 2 or -2 the ratio of the largest and smallest
  singular values (``np.linalg.svd(x, compute_uv=False)``); for any other ``p`` (``'fro'``,
  ``'nuc'``, 1, -1, inf, -inf) the ``p``-norm of ``x`` times that of its inverse. A NaN
  result from an input without NaN is inf, as NumPy makes it. (A singular ``x`` with such a
  ``p``: ``np.linalg.inv`` raises where NumPy gives inf; the condition number has no
  derivative there.)
- ``np.nanmedian(a, axis, keepdims=)``: along the merged reduced axes, the mean of the two
  middle elements (the same one twice for an odd count) of the sorted slice, NaN sorting
  last, at the positions its count of non-NaN elements gives; a slice of NaN only gives
  NaN. Its gradient goes to those one or two elements (``np.sort``'s and
  ``np.take_along_axis``'s rules); ties share it as ``np.sort``'s rule shares them.
  ``overwrite_input`` only lets NumPy reorder ``a``; ``out=`` is the compiler's (a result
  stored into a variable).

tests/rules/test_statistic_composites.py compares them with NumPy and checks their
derivatives against central differences.
"""

import numpy as np

from srcdiff.rules.composites import composite


@composite(np.linalg.cond)
def condition_number(x, p=None):
    if p is None or p == 2 or p == -2:
        s = np.linalg.svd(x, compute_uv=False)
        if p == -2:
            r = s[..., -1] / s[..., 0]
        else:
            r = s[..., 0] / s[..., -1]
    else:
        r = np.linalg.norm(x, p, axis=(-2, -1)) * np.linalg.norm(np.linalg.inv(x), p,
                                                                 axis=(-2, -1))
    return np.where(np.isnan(r) & ~np.any(np.isnan(x), axis=(-2, -1)), np.inf, r)


@composite(np.nanmedian)
def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    a = np.asarray(a)
    if axis is None:
        axes = tuple(range(a.ndim))
    else:
        axes = tuple(sorted(int(k) % a.ndim for k in np.atleast_1d(axis)))
    moved = np.moveaxis(a, axes, tuple(range(a.ndim - len(axes), a.ndim)))
    rows = np.reshape(moved, np.shape(moved)[:a.ndim - len(axes)] + (-1,))
    ordered = np.sort(rows, axis=-1)
    kept = np.sum(~np.isnan(rows), axis=-1, keepdims=True)
    low = np.take_along_axis(ordered, np.maximum(kept - 1, 0) // 2, axis=-1)
    high = np.take_along_axis(ordered, kept // 2, axis=-1)
    middle = (low[..., 0] + high[..., 0]) / 2.0
    if keepdims:
        return np.expand_dims(middle, axes)
    return middle
