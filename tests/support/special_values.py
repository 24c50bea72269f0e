"""Test data for helpers that must give NumPy's results bit for bit (short_sum, planewise)."""

import numpy as np


def special_values(rng, shape, dtype):
    """Values over 24 decades with signed zeros, infinities and NaN among them."""
    x = rng.standard_normal(shape) * 10.0 ** rng.integers(-12, 12, shape)
    u = rng.random(shape)
    x[u < 0.08] = -0.0
    x[(u >= 0.08) & (u < 0.1)] = 0.0
    x[(u >= 0.1) & (u < 0.105)] = np.inf
    x[(u >= 0.105) & (u < 0.11)] = -np.inf
    x[(u >= 0.11) & (u < 0.115)] = np.nan
    return x.astype(dtype)
