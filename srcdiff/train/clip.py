"""Gradient clipping with TensorFlow's semantics, on NumPy arrays.

These are the functions of ``tf.clip_by_norm``, ``tf.clip_by_global_norm``,
``tf.linalg.global_norm`` and ``tf.clip_by_value``, computed with NumPy.
They take what a gradient can be -- an ndarray, a NumPy scalar or a Python
number -- and give back the same kind of thing:

* an ndarray gives a new ndarray of the same shape and float dtype
  (float32 in, float32 out; integer and boolean arrays are promoted to
  float64, since a norm-scaled value is not an integer);
* a NumPy scalar gives a NumPy scalar of its (float) dtype;
* a Python ``int`` or ``float`` gives a Python ``float``.

The results never alias their inputs, so an optimizer may update them in
place.  Complex values are rejected (``TypeError``): ``t * t`` is not a
squared modulus.

Where TensorFlow itself would produce ``0/0`` or ``inf/inf`` for an argument
a user may reasonably pass (a zero ``clip_norm`` meeting a zero norm, an
infinite ``clip_norm`` meaning "do not clip"), these functions give the limit
instead of NaN; each docstring says so.  Everywhere else the arithmetic is
TensorFlow's, in the same order.
"""

import math
import numbers

import numpy as np

__all__ = ["clip_by_norm", "clip_by_global_norm", "global_norm", "clip_by_value"]


# ---------------------------------------------------------------------------
# Converting arguments and results
# ---------------------------------------------------------------------------

def _to_float(t, what):
    """``t`` as a float ndarray, and a function that turns a result back into
    the kind of value ``t`` was (ndarray, NumPy scalar or Python float)."""
    a = np.asarray(t)
    if a.dtype.kind == "c":
        raise TypeError(f"{what} must be real, got dtype {a.dtype}")
    if a.dtype.kind not in "biuf":
        raise TypeError(f"{what} must be a number or an array of numbers, "
                        f"got {type(t).__name__} with dtype {a.dtype}")
    if a.dtype.kind != "f":
        a = a.astype(np.float64)
    if isinstance(t, np.ndarray):
        return a, lambda r: r
    if isinstance(t, np.generic):
        return a, lambda r: r[()]
    if isinstance(t, numbers.Number):
        return a, lambda r: float(r)
    return a, lambda r: r  # lists and other array-likes give arrays


def _check_clip_norm(clip_norm):
    """``clip_norm`` as a Python float; it must be a scalar >= 0 (TensorFlow
    asks for "a 0-D (scalar) Tensor > 0" but does not check it, and a negative
    value silently flips signs; we raise instead)."""
    if np.ndim(clip_norm) != 0:
        raise ValueError(f"clip_norm must be a scalar, got shape {np.shape(clip_norm)}")
    c = float(np.asarray(clip_norm))
    if not c >= 0.0:  # also catches NaN
        raise ValueError(f"clip_norm must be a non-negative number, got {clip_norm!r}")
    return c


def _check_list(t_list, fname):
    """TensorFlow raises ``TypeError`` unless ``t_list`` is a sequence; an
    ndarray is one tensor, not a list of them."""
    if isinstance(t_list, (str, bytes, np.ndarray)) or not isinstance(t_list, (list, tuple)):
        raise TypeError(f"{fname}: t_list must be a list or tuple of arrays, "
                        f"got {type(t_list).__name__}")
    return list(t_list)


# ---------------------------------------------------------------------------
# Clipping by norm
# ---------------------------------------------------------------------------

def clip_by_norm(t, clip_norm, axes=None):
    """Rescale ``t`` so that its L2 norm over ``axes`` is at most ``clip_norm``.

    With ``n = sqrt(sum(t * t, axes, keepdims=True))``::

        clip_by_norm(t, c, axes) = t * c / max(n, c)

    so each slice along ``axes`` whose norm exceeds ``c`` is scaled down to
    norm ``c`` and every other slice is returned unchanged.  ``axes=None``
    takes the norm of the whole of ``t``; an int or a tuple of ints (negative
    allowed) takes one norm per slice, as ``tf.clip_by_norm`` does.

    A zero norm is safe: the slice is all zeros and stays so (for ``c > 0``
    this is TensorFlow's result; for ``c == 0`` TensorFlow computes ``0/0``
    and gives NaN, we give 0).  ``c = inf`` (or a ``c`` past the largest number of
    ``t``'s dtype, which the cast would make inf) means "do not clip" and returns a
    copy of ``t`` (TensorFlow would compute ``inf/inf``).  A negative or NaN
    ``clip_norm`` raises ``ValueError``.  A NaN in ``t`` makes its slice NaN.
    """
    c = _check_clip_norm(clip_norm)
    a, back = _to_float(t, "clip_by_norm: t")
    if isinstance(axes, list):
        axes = tuple(axes)
    if math.isinf(c) or c > float(np.finfo(a.dtype).max):  # (infinite in t's dtype too)
        return back(a.copy())
    c = a.dtype.type(c)  # TensorFlow casts clip_norm to t's dtype
    l2norm = np.sqrt(np.sum(a * a, axis=axes, keepdims=True))
    denom = np.maximum(l2norm, c)
    # denom == 0 only when the norm and c are both zero; then t * c is zero.  A NaN
    # denom (a NaN in the slice) must stay NaN: ``denom > 0`` would take it for 0.
    denom = np.where(denom == 0, a.dtype.type(1), denom)
    return back((a * c / denom).astype(a.dtype, copy=False))


def global_norm(t_list):
    """The L2 norm of all the arrays of ``t_list`` taken together::

        global_norm(t_list) = sqrt(sum_i sum(t_i * t_i))

    ``None`` entries are ignored.  The result is a NumPy scalar of the common
    float dtype of the entries (TensorFlow requires one dtype; we promote
    mixed ones, float32 with float64 giving float64).  A list with no
    non-``None`` entry raises ``ValueError`` (TensorFlow fails to stack an
    empty list); anything but a list or tuple raises ``TypeError``.
    """
    entries = [_to_float(t, "global_norm: entry")[0]
               for t in _check_list(t_list, "global_norm") if t is not None]
    if not entries:
        raise ValueError("global_norm: t_list has no entry that is not None; "
                         "there is no norm to compute")
    dtype = np.result_type(*entries)
    total = dtype.type(0)
    for a in entries:
        a = a.astype(dtype, copy=False)
        total = total + np.sum(a * a)
    return dtype.type(np.sqrt(total))


def clip_by_global_norm(t_list, clip_norm, use_norm=None):
    """Scale every array of ``t_list`` by one factor so that their global
    norm is at most ``clip_norm``.  Returns ``(clipped_list, norm)``.

    With ``n = global_norm(t_list)`` (or ``n = use_norm`` when given)::

        scale     = c * min(1 / n, 1 / c)        # = c / max(n, c)
        clipped_i = t_i * scale

    ``norm`` is ``n``, the norm *before* clipping.  ``None`` entries stay
    ``None`` at their place in the list.  As in TensorFlow:

    * an infinite or NaN ``n`` makes every clipped array all NaN (TensorFlow
      adds ``n - n`` to the scale), so a training step with an overflowed
      gradient is visible rather than silently huge;
    * a zero ``n`` is safe (``1/0 = inf`` loses to ``1/c``; scale 1);
    * a list with no non-``None`` entry raises ``ValueError`` only when the
      norm must be computed, i.e. when ``use_norm`` is None.

    Where TensorFlow would produce NaN from a degenerate but legal argument
    we take the limit: ``c == 0`` gives scale 0 (all zeros) and ``c = inf``
    gives scale 1 (no clipping), for a finite ``n``.  A negative ``clip_norm``
    or ``use_norm`` raises ``ValueError`` (TensorFlow would flip signs).
    """
    entries = _check_list(t_list, "clip_by_global_norm")
    c = _check_clip_norm(clip_norm)
    if use_norm is None:
        norm = global_norm(entries)
    else:
        if np.ndim(use_norm) != 0:
            raise ValueError(f"use_norm must be a scalar, got shape {np.shape(use_norm)}")
        norm, _ = _to_float(use_norm, "use_norm")
        norm = norm[()]
        if norm < 0:
            raise ValueError(f"use_norm must be non-negative, got {use_norm!r}")
    ftype = np.asarray(norm).dtype.type
    if not np.isfinite(norm):
        scale = ftype(np.nan)
    elif c == 0.0:
        scale = ftype(0)
    elif math.isinf(c) or c > float(np.finfo(ftype).max):  # (infinite in the norm's dtype)
        scale = ftype(1)
    else:
        cc = ftype(c)
        with np.errstate(divide="ignore"):
            inv_norm = ftype(1) / norm  # inf for a zero norm, which min() drops
        scale = cc * np.minimum(inv_norm, ftype(1) / cc)
    clipped = []
    for t in entries:
        if t is None:
            clipped.append(None)
            continue
        a, back = _to_float(t, "clip_by_global_norm: entry")
        clipped.append(back((a * a.dtype.type(scale)).astype(a.dtype, copy=False)))
    return clipped, norm


# ---------------------------------------------------------------------------
# Clipping by value
# ---------------------------------------------------------------------------

def clip_by_value(t, clip_value_min, clip_value_max):
    """Clip ``t`` elementwise to ``[clip_value_min, clip_value_max]``::

        clip_by_value(t, lo, hi) = maximum(minimum(t, hi), lo)

    in that order, as TensorFlow computes it, so ``lo > hi`` gives ``lo``
    everywhere (``np.clip`` would give ``hi``).  ``lo`` and ``hi`` may be
    scalars or arrays that broadcast to ``t``'s shape without changing it
    (otherwise ``ValueError``, as in TensorFlow).  NaN in ``t`` stays NaN.

    The result has ``t``'s shape and dtype; integer arrays are allowed here
    (no norm is taken) and a bound that cannot be represented in ``t``'s
    dtype, such as 2.5 for an integer array, raises ``TypeError`` as
    TensorFlow's conversion does.  A Python int or float ``t`` gives back a
    value of its own type.
    """
    a = np.asarray(t)
    if a.dtype.kind not in "biuf":
        raise TypeError(f"clip_by_value: t must be real numbers, got dtype {a.dtype}")
    if a.dtype.kind == "b":
        a = a.astype(np.float64)

    def bound(v, what):
        b = np.asarray(v)
        if b.dtype.kind not in "biuf":
            raise TypeError(f"clip_by_value: {what} must be real numbers, got dtype {b.dtype}")
        cast = b.astype(a.dtype)
        if a.dtype.kind in "iu" and not np.array_equal(cast, b):
            raise TypeError(f"clip_by_value: {what}={v!r} cannot be represented "
                            f"in t's dtype {a.dtype}")
        return cast

    lo = bound(clip_value_min, "clip_value_min")
    hi = bound(clip_value_max, "clip_value_max")
    out = np.maximum(np.minimum(a, hi), lo)
    if out.shape != a.shape:
        raise ValueError(f"clip_by_value: the bounds (shapes {lo.shape} and {hi.shape}) "
                         f"would broadcast t from shape {a.shape} to {out.shape}")
    if isinstance(t, np.ndarray):
        return out
    if isinstance(t, np.generic):
        return out[()]
    if isinstance(t, bool):
        return float(out)
    if isinstance(t, numbers.Number):
        return type(t)(out[()])
    return out
