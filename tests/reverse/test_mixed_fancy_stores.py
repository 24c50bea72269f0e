"""A store through an index that mixes slices with an index array (``M[1:, [0, 2]] = v``):
its adjoint reads the gradient at the stored positions, kept only where the store was the
last write there (runtime ``last_writes``, given the index as a value: ``1:`` as
``slice(1, None, None)``). Before, the generated code wrote the slice inside a call's
argument (``last_writes(b_M, (1:, items))``), a SyntaxError in every pipeline."""

import numpy as np
import pytest

from pipelines import check_every_mode

X = np.array([0.3, -1.2, 0.7, 2.1, -0.4, 0.9])


def add_through_slice_and_list(x):
    M = np.zeros((3, 3))
    M[1:, [0, 2]] += x[3:5, None] * x[5]
    return np.sum(M @ M)


def store_through_slice_and_list(x):
    M = np.outer(x[:3], x[3:]) * 1.0
    M[1:, [0, 2]] = x[3:5, None] * x[5]
    return np.sum(M @ M)


def store_with_a_repeated_column(x):  # the last write to column 0 keeps its value
    M = np.outer(x[:3], x[3:]) * 1.0
    M[:2, [0, 0]] = np.stack([x[:2] * 2.0, x[2:4] ** 2], axis=1)
    return np.sum(M * np.arange(9.0).reshape(3, 3))


def store_with_a_step_and_an_array(x):
    M = np.zeros((4, 3))
    M[::-2, np.array([2, 1])] = x[:4].reshape(2, 2) ** 2
    return np.sum(M * np.arange(12.0).reshape(4, 3)) + np.sum(M ** 2)


CASES = [add_through_slice_and_list, store_through_slice_and_list,
         store_with_a_repeated_column, store_with_a_step_and_an_array]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_every_mode_against_central_differences(f):
    check_every_mode(f, X.copy(), hvp=True)
