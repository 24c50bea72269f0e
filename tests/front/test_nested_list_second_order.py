"""Second order through a list of lists read both whole (``sum(r) for r in M``) and by
entry (``M[1][0]``). The gradient of ``M`` starts with ``None`` in the entries nothing has
reached yet; its tangent (forward over reverse) starts as ``zeros_tree`` of it, ``0.0``
there, and adding the row's tangent list to that ``0.0`` stopped hvp with
"unsupported operand type(s) for +: 'float' and 'list'". add_tree now takes a scalar zero
and a container as the container."""

import numpy as np
import pytest

from pipelines import check_every_mode
from srcdiff.runtime import add_tree, zeros_tree

X = np.array([0.3, -1.2, 0.7, 2.1, -0.4])


def rows_and_an_entry(x):
    M = [[x[0], x[1]], [x[2], x[3]]]
    return sum(sum(r) for r in M) + M[1][0]


def comprehension_rows_and_an_entry(x):
    M = [[x[i] * x[j] for j in range(3)] for i in range(2)]
    return sum(sum(r) for r in M) + M[1][2] * x[4]


@pytest.mark.parametrize("f", [rows_and_an_entry, comprehension_rows_and_an_entry])
def test_every_mode_and_second_order(f):
    check_every_mode(f, X.copy(), hvp=True)


def test_a_zero_of_an_entry_nothing_reached_adds_to_a_list():
    zero = zeros_tree([None, [np.ones(2), 1.0]])
    total = add_tree(zero, [[1.0, 2.0], None])
    assert total[0] == [1.0, 2.0] and np.array_equal(total[1][0], np.zeros(2))
    assert add_tree({"a": 1.0}, 0.0) == {"a": 1.0}
    with pytest.raises(TypeError):  # a scalar that is not zero is not a container's zero
        add_tree(1.5, [1.0])
