"""A factory's function whose default is a name of the factory's (front/test_refusals.py)."""

import numpy as np


def make_power(num):
    def fun(x, n=num):
        return np.sum(x ** n)
    return fun


def make_scaled(weights):
    def fun(x, w=weights):
        return np.sum(w * np.sin(x))
    return fun
