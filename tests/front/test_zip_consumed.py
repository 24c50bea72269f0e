"""``zip(a, b)`` consumed at once by ``list``, ``tuple`` or ``sorted`` (front/maps.py
``zipped``): the generator of its tuples, ``((p, q) for p, q in zip(a, b))``, which a
comprehension over ``zip`` differentiates. Before session 33 ``sorted(zip(a, b), key=...)``
and ``list(zip(a, b))`` were refused ("no gradient rule for zip"), where the comprehension
written out was right. A zip kept in a name stays refused."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, total
from golden_cases import zipped_pairs
from pipelines import check_pipelines
from tangents import inner, random_like

A = np.array([0.3, -1.1, 2.0, 0.7])
B = np.array([1.5, -0.4, 0.9, 2.2])


def zip_three_as_tuple(a, b):
    rows = tuple(zip(a, b, a * b))
    return sum(p * q - r for p, q, r in rows) + rows[1][2] ** 2


def zip_rows_of_a_matrix(a, b):
    M = np.outer(a, b)
    pairs = list(zip(M, b))
    return sum(np.sum(row) * v for row, v in pairs)


@pytest.mark.parametrize("f", [zipped_pairs, zip_three_as_tuple, zip_rows_of_a_matrix])
def test_gradients_against_differences(f):
    check_pipelines(f, (A, B), (0, 1))
    t = (random_like(A, np.random.default_rng(4)), random_like(B, np.random.default_rng(5)))
    _, tangent = sd.jvp(f, wrt=(0, 1))(A, B, tangents=t)
    want = inner(numeric_grad(f, (A, B), 0), t[0]) + inner(numeric_grad(f, (A, B), 1), t[1])
    assert_close(total(tangent), want, what="tangent")


def zip_kept(a, b):
    z = zip(a, b)
    return sum(p * q for p, q in z)


def test_a_zip_kept_in_a_name_is_still_refused():
    with pytest.raises(sd.SrcdiffError, match="zip"):
        sd.grad(zip_kept)(A, B)
