"""Random tangents with the structure of an argument (forward mode and second order)."""

import numpy as np

from fd import _like  # (a list, tuple or named tuple, as the argument is)


def is_int(x):
    return isinstance(x, (bool, int, np.integer)) or (
        isinstance(x, np.ndarray) and not np.issubdtype(x.dtype, np.inexact))


def random_like(x, rng):
    """A random tangent with the structure of ``x`` (integers get 0: they are constants)."""
    if isinstance(x, dict):
        return {k: random_like(v, rng) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return _like(x, [random_like(v, rng) for v in x])
    if is_int(x):
        return 0
    if np.ndim(x):
        return rng.standard_normal(np.shape(x))
    return float(rng.standard_normal())


def inner(a, b):
    """``Re sum(a * b)`` over matching structures; ``None`` is zero."""
    if a is None or b is None:
        return 0.0
    if isinstance(a, dict) or isinstance(b, dict):
        return sum(inner(a.get(k), b.get(k)) for k in set(a) | set(b))
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return sum(inner(x, y) for x, y in zip(a, b))
    return float(np.real(np.sum(np.asarray(a) * np.asarray(b))))
