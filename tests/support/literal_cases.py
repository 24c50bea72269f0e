"""Functions that subscript a literal (imported with SyntaxWarning silenced:
``2[0.5]`` makes Python warn "'int' object is not subscriptable")."""

import numpy as np


def literal_item_in_dead_branch(x):
    if False:
        y = 2[0.5]  # noqa: F841
    return x * 2.0


def literal_item_in_branch_not_taken(x):
    if x > 10.0:
        y = 2[0.5] * x
    else:
        y = x * x
    return x * 2.0 + y


def string_item(x):
    n = len("abc"[1:])
    return x * n + np.sum(x)


def literal_item_run(x):
    return x * 2[0]
