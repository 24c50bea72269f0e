"""``x.size`` and ``x.ndim`` of an array are one int (analysis/makers.py ``size_read``), and
``np.diag`` of a vector is a matrix, of a matrix a vector (analysis/patterns.py).

Before session 33 neither had facts, so ``x = np.zeros(b.size)`` had no known rank, nor
did ``x[j]`` or ``L[i, j]`` of ``L = np.diag(...) - ...``: in a forward substitution or a
Gauss-Seidel sweep (``s = b[i]`` then ``s -= L[i, j] * x[j]``) the float ``s`` was taken
for a possible view of ``b`` changed in place, and the program was refused ("changes an
array in place that `b` also refers to"), where ``n = len(b)`` was accepted. A row of a
matrix is still a view: ``s = B[i]`` then ``s -= ...`` with ``B`` read afterwards stays
refused. (In a called function the same sweep is still refused: effects.py reads helpers
without argument facts, so ``s -= ...`` of ``s = b[i]`` may write into the caller's ``b``.)
"""

import numpy as np
import pytest

import srcdiff as sd
from golden_cases import lower_solve_size
from pipelines import check_pipelines_and_tangent

B = np.array([0.7, -1.2, 0.4, 2.1])
D = np.array([0.3, 0.9, 0.1, 0.6])


def ndim_scaled(b, d):
    k = b.ndim + d.size
    y = np.zeros(b.size)
    for i in range(b.size):
        t = b[i] * k
        t *= d[i]
        y[i] = t
    return np.sum(np.sin(y))


@pytest.mark.parametrize("f, args", [(lower_solve_size, (B,)), (ndim_scaled, (B, D))])
def test_gradients_against_differences(f, args):
    check_pipelines_and_tangent(f, args)


def row_changed_in_place(B):
    n = B.size
    s = B[0]
    s -= 0.5 * n
    return np.sum(s) + np.sum(B)


def test_a_row_of_a_matrix_is_still_a_view():
    with pytest.raises(sd.SrcdiffError, match="refers to"):
        sd.grad(row_changed_in_place)(np.ones((2, 3)))
