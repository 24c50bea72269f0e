"""Decorated functions (tests/front/test_refusals.py): srcdiff differentiates what a call runs."""

import functools

import numpy as np


def doubled(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return 2.0 * fn(*args, **kwargs)
    return wrapper


def doubled_same_params(fn):
    @functools.wraps(fn)
    def wrapper(x):
        return 2.0 * fn(x)
    return wrapper


@doubled
def f(x):
    return np.sum(x * x)


@doubled_same_params
def g(x):
    return np.sum(x * x)


@functools.lru_cache(maxsize=None)
def cached(x):
    return x * x
