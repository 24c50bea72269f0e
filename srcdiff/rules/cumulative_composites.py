"""NumPy 2.1's ``np.cumulative_sum`` and ``np.cumulative_prod`` as compositions of
primitives with rules (composites.py explains the mechanism): ``np.cumsum``/``np.cumprod``,
after the identity when ``include_initial``."""

import numpy as np

from srcdiff.rules.composites import composite


def cumulative_start(x, axis):
    """The axis ``np.cumulative_sum``/``np.cumulative_prod`` run along and the shape of the
    slice ``include_initial`` puts first. A constant (rules/numpy_rules.py lists it);
    ``axis=None`` for an array of more than one dimension is refused as NumPy refuses it
    (a 0-d array is taken as 1-D, as NumPy takes it)."""
    if axis is None:
        if np.ndim(x) > 1:
            raise ValueError("For arrays which have more than one dimension ``axis`` "
                             "argument is required.")
        axis = 0
    shape = list(np.shape(x)) if np.ndim(x) else [1]
    shape[axis] = 1
    return axis, tuple(shape)


# NumPy 2.1's cumulative_sum/cumulative_prod: cumsum/cumprod, after the identity when
# ``include_initial``; ``dtype=`` and ``out=`` are not declared, so refused
@composite(getattr(np, "cumulative_sum", None))
def cumulative_sum(x, *, axis=None, include_initial=False):
    axis, start = cumulative_start(x, axis)
    out = np.cumsum(x, axis=axis)
    if include_initial:
        out = np.concatenate([np.zeros(start, dtype=np.result_type(out)), out], axis=axis)
    return out


@composite(getattr(np, "cumulative_prod", None))
def cumulative_prod(x, *, axis=None, include_initial=False):
    axis, start = cumulative_start(x, axis)
    out = np.cumprod(x, axis=axis)
    if include_initial:
        out = np.concatenate([np.ones(start, dtype=np.result_type(out)), out], axis=axis)
    return out
