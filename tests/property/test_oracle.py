"""The finite-difference oracle refuses to judge a point within a step of a jump.

CI drew ``x = -0.59, y = -0.64`` for a program branching on ``x > y + 0.05``: central
differences gave -16818 (the jump over 2e-6) where the gradient is cos(x). The random
program tests discard such points through ``smooth_numeric_grad``.
"""

import numpy as np

from fd import smooth_numeric_grad


def branchy(x, y):
    if x > y + 0.05:
        v = x
    else:
        v = np.sin(x)
    return v * y


def test_a_point_on_a_branch_boundary_has_no_oracle():
    assert smooth_numeric_grad(branchy, (-0.59, -0.64), 0) is None


def test_a_smooth_point_gets_the_closed_form():
    x, y = -0.9, -0.64
    assert np.isclose(smooth_numeric_grad(branchy, (x, y), 0), np.cos(x) * y, rtol=1e-8)
    assert np.isclose(smooth_numeric_grad(branchy, (x, y), 1), np.sin(x), rtol=1e-8)


def test_array_arguments_are_compared_element_by_element():
    def f(a):
        return np.sum(np.where(a > 0.25, a, 0.0) ** 2)

    a = np.array([0.5, 0.25, -1.0])
    assert smooth_numeric_grad(f, (a,), 0) is None  # a[1] sits on the boundary
    a = np.array([0.5, 0.3, -1.0])
    np.testing.assert_allclose(smooth_numeric_grad(f, (a,), 0), [1.0, 0.6, 0.0], rtol=1e-6)
