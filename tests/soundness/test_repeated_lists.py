"""``[0.0] * n`` with an integer *name* ``n`` (``n = len(d)``, ``d.size``, ``d.shape[0]``)
is a list: written ``repeat_sequence([0.0], n)`` (analysis/list_arguments.py
``repetitions``), which makes the list or refuses at run time (a 0-d int array ``n``, with
which ``*`` multiplies instead). Before session 34 the product had no kind, so a Thomas
algorithm's lists of coefficients were taken for arrays whose entries may be views of the
right-hand side, and the program was refused ("changes an array in place that `dp` also
refers to"). Checked against central differences in every pipeline and in forward mode;
the items of ``[row] * n`` are one array, and a change of it in place stays refused.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from golden_cases import thomas_lists
from pipelines import check_pipelines_and_tangent


def backward_bidiagonal(a, d):
    """Forward elimination into lists of an upper-bidiagonal system, then back
    substitution from the end (`x[-1]`, a reversed range), summed by a generator."""
    n = d.size
    u = [0.0] * n
    r = [0.0] * n
    for i in range(n):
        u[i] = 1.0 / (3.0 + a[i] ** 2)
        r[i] = d[i] * u[i]
    x = [0.0] * n
    x[-1] = r[-1]
    for i in reversed(range(n - 1)):
        x[i] = r[i] - 0.5 * u[i] * x[i + 1]
    return sum(v * v for v in x)


def filled_lists(a, d):
    n = d.shape[0]
    c = [0.0 for _ in range(n)]
    e = [None] * n
    c[0] = a[0]
    e[0] = d[0]
    for i in range(1, n):
        c[i] = a[i] * c[i - 1] + 1.0
        e[i] = e[i - 1] * c[i] + d[i]
    return np.sum(np.array(e) ** 2)


def repeated_active(a, d):
    n = len(d)
    v = [a[0] * 2.0] * n
    w = n * [0.0]
    for i in range(1, n):
        v[i] = v[i - 1] * d[i] + a[i]
        w[i] = v[i] * a[i - 1]
    return sum(v) + sum(w)


A = np.array([0.3, -0.7, 0.5, 1.1, -0.2])
D = np.array([0.9, 0.1, -0.4, 0.6, 1.3])
CASES = [(thomas_lists, (A, 4.0 + A ** 2, D, D * 0.5)), (backward_bidiagonal, (A, D)),
         (filled_lists, (A * 0.5, D)), (repeated_active, (A, D))]


@pytest.mark.parametrize("f, args", CASES, ids=[c[0].__name__ for c in CASES])
def test_gradients_against_differences(f, args):
    check_pipelines_and_tangent(f, args)


def row_changed_in_place(a, d):
    n = len(d)
    row = np.zeros(2)
    rows = [row] * n  # (every item is the one array `row`)
    row[0] = a[0]
    return sum(np.sum(r) for r in rows) * d[0]


def item_changed_in_place(a, d):
    n = len(d)
    rows = [a * 1.0] * n
    r = rows[0]
    r[0] = 5.0  # (changes every item)
    return np.sum(rows[1] * d)


@pytest.mark.parametrize("f", [row_changed_in_place, item_changed_in_place])
def test_items_of_one_array_changed_in_place_are_refused(f):
    for mode in ("reverse", "forward"):
        with pytest.raises(sd.SrcdiffError, match="changes an array in place that"):
            if mode == "reverse":
                sd.grad(f)(A, D)
            else:
                sd.jvp(f)(A, D, tangents=np.ones_like(A))


def zeros_of_count(a, k):
    v = [0.0] * k
    for i in range(3):
        v[i] = a[i] * a[i + 1]
    return sum(v)


def test_a_count_that_is_a_0d_array_is_refused_at_run_time():
    g = sd.grad(zeros_of_count)(A, 3)
    assert_close(g, numeric_grad(zeros_of_count, (A, 3), 0))
    assert_close(sd.grad(zeros_of_count)(A, np.int64(4)),
                 numeric_grad(zeros_of_count, (A, np.int64(4)), 0))
    # with a 0-d int array, `[0.0] * k` is the array [0.0] multiplied (NumPy's `*`)
    with pytest.raises(sd.SrcdiffError, match="compiled as the repetition of a list"):
        sd.grad(zeros_of_count)(A, np.array(3))


def test_the_numba_backend_refuses_as_before():
    """numba has no compiled repeat_sequence: the rewrite is not made there, and the
    Thomas algorithm stays refused with the message it had (never a crash)."""
    pytest.importorskip("numba")
    args = CASES[0][1]
    with pytest.raises(sd.SrcdiffError, match="changes an array in place that `dp`"):
        sd.grad(thomas_lists, wrt=(0, 1, 2, 3), backend="numba")(*args)
