"""Functions the command line must refuse, with FILE:LINE:COL and a caret (tests/test_cli.py)."""

import gast
import numpy as np

WEIGHTS = np.ones(3)


def uses_try(x):
    try:
        y = np.sin(x)
    except ValueError:
        y = x
    return y


def uses_global_array(x):
    return np.sum(x * WEIGHTS)


def uses_third_party(x):
    k = gast.__name__
    return np.sum(x) * len(k)


def fine(x):
    return np.sum(x * x)
