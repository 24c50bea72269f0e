"""Rules for NumPy's reductions that skip NaN: ``nansum``, ``nanprod``, ``nanmax``/``nanmin``,
``nanmean``, ``nanvar``, ``nanstd``.

Each is its plain reduction (reduction_rules.py) over the elements ``where=`` selects and
that are not NaN (``kept_not_nan``), its gradient that reduction's gradient with that mask:
NaN entries and unselected ones get none, nor does a slice with nothing kept (its NaN
result is the same whatever the elements). ``initial=``, ``ddof=``/``correction=`` and ``mean=`` are
constants here, as for the plain reductions; given values computed from the differentiated
inputs, ``initial=`` and ``mean=`` go through the definitions of composites.py instead.
``nanmax``/``nanmin`` share ties as ``max`` with ``initial=``.
"""

import numpy as np

from srcdiff.rules.reduction_rules import (
    dof,
    extreme_mask,
    masked_deviation,
    masked_prod_others,
    mean_where_grad,
    positive_or_one,
)
from srcdiff.rules.registry import DEFAULT as R
from srcdiff.runtime import unreduce


def kept_not_nan(a, where=True):
    """The elements a NaN-skipping reduction reads: selected by ``where`` and not NaN (a
    constant mask of ``a``'s shape)."""
    return np.logical_and(where, ~np.isnan(a))


@R.vjp(np.nansum)
def nansum(g, ans, a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
           where=True):
    return np.where(kept_not_nan(a, where), unreduce(g, a, axis, keepdims), 0.0)


@R.jvp(np.nansum)
def nansum_jvp(d, ans, a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
               where=True):
    return np.sum(np.where(kept_not_nan(a, where), d, 0.0), axis=axis, keepdims=keepdims)


@R.vjp(np.nanprod)
def nanprod(g, ans, a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
            where=True):
    return unreduce(g, a, axis, keepdims) * masked_prod_others(a, axis, initial,
                                                               kept_not_nan(a, where))


@R.jvp(np.nanprod)
def nanprod_jvp(d, ans, a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
                where=True):
    mask = kept_not_nan(a, where)
    return np.sum(np.where(mask, d, 0.0) * masked_prod_others(a, axis, initial, mask),
                  axis=axis, keepdims=keepdims)


@R.vjp(np.nanmax, np.nanmin)
def nanmax(g, ans, a, axis=None, out=None, keepdims=False, initial=None, where=True):
    return unreduce(g, a, axis, keepdims) * extreme_mask(a, ans, axis, keepdims, initial,
                                                         kept_not_nan(a, where))


@R.jvp(np.nanmax, np.nanmin)
def nanmax_jvp(d, ans, a, axis=None, out=None, keepdims=False, initial=None, where=True):
    mask = kept_not_nan(a, where)
    return np.sum(np.where(mask, d, 0.0) * extreme_mask(a, ans, axis, keepdims, initial, mask),
                  axis=axis, keepdims=keepdims)


@R.vjp(np.nanmean)
def nanmean(g, ans, a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    return mean_where_grad(g, a, axis, keepdims, kept_not_nan(a, where))


@R.jvp(np.nanmean)
def nanmean_jvp(d, ans, a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    mask = kept_not_nan(a, where)
    return (np.sum(np.where(mask, d, 0.0), axis=axis, keepdims=keepdims)
            / np.maximum(np.sum(mask, axis=axis, keepdims=keepdims), 1))


@R.vjp(np.nanvar)
def nanvar(g, ans, a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
           mean=None, correction=None):
    half = masked_deviation(a, axis, kept_not_nan(a, where), mean, dof(ddof, correction))
    return unreduce(g, a, axis, keepdims) * 2.0 * half


@R.jvp(np.nanvar)
def nanvar_jvp(d, ans, a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
               where=True, mean=None, correction=None):
    mask = kept_not_nan(a, where)
    half = masked_deviation(a, axis, mask, mean, dof(ddof, correction))
    return np.real(np.sum(np.where(mask, d, 0.0) * half, axis=axis, keepdims=keepdims)) * 2.0


@R.vjp(np.nanstd)
def nanstd(g, ans, a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
           mean=None, correction=None):
    half = masked_deviation(a, axis, kept_not_nan(a, where), mean, dof(ddof, correction))
    return unreduce(g / positive_or_one(ans), a, axis, keepdims) * half


@R.jvp(np.nanstd)
def nanstd_jvp(d, ans, a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *,
               where=True, mean=None, correction=None):
    mask = kept_not_nan(a, where)
    half = masked_deviation(a, axis, mask, mean, dof(ddof, correction))
    return (np.real(np.sum(np.where(mask, d, 0.0) * half, axis=axis, keepdims=keepdims))
            / positive_or_one(ans))
