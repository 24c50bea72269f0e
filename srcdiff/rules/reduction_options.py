"""Definitions for NumPy's NaN-skipping and moment reductions given an option computed from
the differentiated inputs (composites.py ``OPTION_COMPOSITES`` explains the mechanism; the
rules, reduction_rules.py and nan_rules.py, take these options as constants):

- ``np.nanmax``/``np.nanmin`` with ``initial=``: ``np.max``/``np.min`` of the elements
  ``where=`` selects that are not NaN (which ``max_from`` below differentiates).
- ``np.var``/``np.std``/``np.nanvar``/``np.nanstd`` with ``mean=`` (NumPy 2): the moment of
  ``a - mean`` about the constant 0, with NumPy's NaN for too few elements kept.

Each computes what NumPy computes up to rounding, for every keyword it declares;
tests/rules/test_option_composites.py compares them with NumPy and checks their derivatives.
The definitions name their positional parameters as NumPy does (``out`` only checked to be
None, ``dtype`` to be None or the array's own: composites.py ``axis_without_out``); the
compiler refuses a call passing more by position (front/composite_calls.py
``misplaced_argument``). ``np.max``/``np.min`` with ``initial=`` are here too.
"""

import numpy as np

from srcdiff.rules.assembly_rules import cast_like
from srcdiff.rules.composites import axis_without_out, option_composite


def extreme_fill(a, sign):
    """The value no element of ``a``'s dtype is below (``sign`` -1) or above (+1): the
    infinity of a float type, the extreme of an integer type. A constant (numpy_rules.py)."""
    dtype = np.asarray(a).dtype
    if np.issubdtype(dtype, np.inexact):
        return sign * np.inf
    if np.issubdtype(dtype, np.bool_):
        return sign > 0
    return np.iinfo(dtype).max if sign > 0 else np.iinfo(dtype).min


# ``np.max(a, initial=c)`` is ``np.maximum(max of a, c)`` (NumPy's tie between an element and
# ``initial`` shares the gradient, as np.maximum's); ``where=`` fills the unselected elements
# with the dtype's lowest value. (An axis of length 0, where NumPy gives ``c``, raises here.)
@option_composite(np.amax, "initial")
@option_composite(np.max, "initial")
def max_from(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    c = cast_like(np.reshape(initial, ()), a)
    top = np.max(np.where(where, a, extreme_fill(a, -1)), axis=axis_without_out(axis, out),
                 keepdims=keepdims)
    return np.maximum(top, c)


@option_composite(np.amin, "initial")
@option_composite(np.min, "initial")
def min_from(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    c = cast_like(np.reshape(initial, ()), a)
    bottom = np.min(np.where(where, a, extreme_fill(a, 1)), axis=axis_without_out(axis, out),
                    keepdims=keepdims)
    return np.minimum(bottom, c)



# ``np.nanmax(a, initial=c, where=w)`` is ``np.max`` of the elements ``w`` selects that are
# not NaN (NumPy's ``np.fmax.reduce``): ``c`` for a slice of NaN only
@option_composite(np.nanmax, "initial")
def nanmax_from(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    return np.max(a, axis=axis_without_out(axis, out), keepdims=keepdims, initial=initial,
                  where=np.logical_and(where, ~np.isnan(a)))


@option_composite(np.nanmin, "initial")
def nanmin_from(a, axis=None, out=None, keepdims=False, initial=None, where=True):
    return np.min(a, axis=axis_without_out(axis, out), keepdims=keepdims, initial=initial,
                  where=np.logical_and(where, ~np.isnan(a)))


# ``np.var(a, mean=m)`` (NumPy 2) is the variance of ``a - m`` about 0, NumPy's own
# computation (``a - m`` squared, summed, over the count less ``ddof``): the rule takes the
# constant centre 0 and ``a - m`` carries ``m``'s gradient. ``nanvar``: NumPy zeroes the NaN
# of ``a`` after subtracting (a NaN of ``m`` stays), and makes the variance NaN where no more
# elements than ``ddof`` are kept (for a float ``a``; of integers it is ``np.var``'s).
@option_composite(np.var, "mean")
def var_about(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
              mean=None, correction=None):
    return np.var(a - mean, axis=axis, dtype=dtype, ddof=moment_dof(ddof, correction, out),
                  keepdims=keepdims, where=where, mean=0.0)


@option_composite(np.std, "mean")
def std_about(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
              mean=None, correction=None):
    return np.std(a - mean, axis=axis, dtype=dtype, ddof=moment_dof(ddof, correction, out),
                  keepdims=keepdims, where=where, mean=0.0)


@option_composite(np.nanvar, "mean")
def nanvar_about(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
                 mean=None, correction=None):
    return nan_moment_about(a, axis, dtype, moment_dof(ddof, correction, out), keepdims, where,
                            mean, False)


@option_composite(np.nanstd, "mean")
def nanstd_about(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
                 mean=None, correction=None):
    return nan_moment_about(a, axis, dtype, moment_dof(ddof, correction, out), keepdims, where,
                            mean, True)


def nan_moment_about(a, axis, dtype, ddof, keepdims, where, mean, root):
    """``np.nanvar`` (``np.nanstd`` if ``root``) of ``a`` about ``mean``, as NumPy computes it."""
    keep = np.logical_and(where, ~np.isnan(a))
    centred = np.where(np.isnan(a), 0.0, a - mean)
    if root:
        m = np.std(centred, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims, where=keep,
                   mean=0.0)
    else:
        m = np.var(centred, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims, where=keep,
                   mean=0.0)
    return np.where(too_few_kept(a, keep, axis, keepdims, ddof), np.nan, m)


def moment_dof(ddof, correction, out=None):
    """The delta degrees of freedom of a var/std call: ``correction=`` (NumPy 2's name) or
    ``ddof``, refusing both as NumPy does; and ``out`` (declared for the positional order;
    given by keyword it is refused when compiled) must be None. A constant
    (rules/numpy_rules.py lists it)."""
    if out is not None:
        raise TypeError("srcdiff: out= of var/std with a computed mean= is not supported; "
                        "assign the result instead")
    if correction is None:
        return ddof
    if ddof != 0:
        raise ValueError("ddof and correction can't be provided simultaneously.")
    return correction


def too_few_kept(a, keep, axis, keepdims, ddof):
    """Where ``np.nanvar``/``np.nanstd`` give NaN for want of elements: the slice keeps no
    more than ``ddof`` elements and ``a`` is of a float type (of an integer type NumPy
    computes ``np.var``, whose quotient by 0 may be inf). A constant (rules/numpy_rules.py
    lists it)."""
    count = np.sum(np.broadcast_to(keep, np.shape(a)), axis=axis, keepdims=keepdims)
    return np.logical_and(np.issubdtype(np.asarray(a).dtype, np.inexact), count <= ddof)
