# ruff: noqa: E501, E402, BLE001, E731
"""Session 31 (me): decorated helpers, mutable defaults, wrappers."""
import functools

import numpy as np
from harness import Case


def doubled(f):
    @functools.wraps(f)
    def wrapper(*a, **k):
        return 2.0 * f(*a, **k)
    return wrapper


def plain_wrap(f):
    def wrapper(v):
        return f(v) + 1.0 * v
    return wrapper


@doubled
def sq(v):
    return v * v


@plain_wrap
def cube(v):
    return v * v * v


@functools.lru_cache(maxsize=None)
def cached_coef(n):
    return 1.0 / (n + 1)


def use_wraps(x):
    return sq(x) + np.sum(x)


def use_plain_wrap(x):
    return cube(x)


def use_cache(x):
    return x * cached_coef(3)


def helper_default(v, acc=[]):
    acc.append(v)
    return len(acc) * v


def use_mutable_default(x):
    return helper_default(x) + helper_default(x)


class Scaled:
    k = 2.0

    def __call__(self, v):
        return self.k * v


SC = Scaled()


def use_callable_obj(x):
    return SC(x) * x


def partial_use(x):
    f = functools.partial(np.power, x)
    return f(3.0)


def staticmethod_like(x):
    return Helper.twice(x) + Helper().thrice(x)


class Helper:
    @staticmethod
    def twice(v):
        return 2.0 * v

    def thrice(self, v):
        return 3.0 * v


def prop_obj(x):
    return PR.value * x


class WithProp:
    @property
    def value(self):
        return 4.0


PR = WithProp()


S = lambda r: (float(r.uniform(.5, 1)),)
CASES = [Case(f, S) for f in (use_wraps, use_plain_wrap, use_cache, use_mutable_default,
                              use_callable_obj, partial_use, staticmethod_like, prop_obj)]
