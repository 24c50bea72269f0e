"""backend="numba": where a fused group's sums are known (numba_fuse.py's invariant of the
group finder and the loop writers, numba_fuse_ssa.check_late).

The finder takes a sum (``unbroadcast``) as known only after the loop, and an assignment
reading it as run after the loop, as written; it therefore lets that assignment rebind a
name it reads (``b_x = add_into(b_x, b_sum1)``, ``b_x`` an input of the group). The 1-d/2-d
loop writer computed a sum of numbers alone before the loop and put the assignment reading
it into the loop, where ``b_x`` then named the loop's new array (session 44's wrong
gradient of ``norm(x) * sum(x) + sum(cumsum(x))``, hidden since by numba_fuse_ssa's
renaming). The writers now place those members where the finder does, and a loop placing
them otherwise raises SrcdiffError when it is made."""

import ast

import numpy as np
import pytest

from numba_agree import agree

pytest.importorskip("numba")

from srcdiff.compiler.emit import numba_fuse  # noqa: E402
from srcdiff.errors import SrcdiffError  # noqa: E402

# (the backward group of norm(x) * sum(x) + sum(cumsum(x)), spelled with elementwise
# operations: b_add, sum1, norm numbers, b_x the cumsum's adjoint, an array)
NUMBER_SUM = """def f(b_add, sum1, norm, b_x):
    b_norm = b_add * sum1
    b_sum1 = unbroadcast(norm * b_add, sum1)
    b_x = add_into(b_x, b_sum1)
    return b_norm, b_x
"""

# a sum of array values, and a number computed from it after the loop
ARRAY_SUM = """def f(x, y, c):
    a = x * y
    s = unbroadcast(a * 2.0, c)
    b = a + y
    t = s * c
    return b, t
"""


def _group(source):
    fn = ast.parse(source).body[0]
    groups = numba_fuse.fuse(fn)
    assert len(groups) == 1, ast.unparse(fn)
    return groups[0]


def test_the_finder_records_its_late_members(monkeypatch):
    monkeypatch.setattr(numba_fuse, "MIN_GROUP", 2)
    assert _group(NUMBER_SUM).late == {1, 2}
    assert _group(ARRAY_SUM).late == {1, 3}


@pytest.mark.parametrize("ndim", [1, 2])
def test_a_reader_of_a_sum_of_numbers_is_not_in_the_loop(ndim, monkeypatch):
    # (on the parent: b_sum1 before the loop, b_x = b_x[_i] + b_sum1 in it)
    monkeypatch.setattr(numba_fuse, "MIN_GROUP", 2)
    group = _group(NUMBER_SUM)
    source = group.loop_source({"b_x"}, ndim=ndim)
    assert source is None or "_e_b_x" not in source, source


@pytest.mark.parametrize("ndim", [1, 2, 3])
def test_a_writer_disagreeing_with_the_finder_raises(ndim, monkeypatch):
    monkeypatch.setattr(numba_fuse, "MIN_GROUP", 2)
    group = _group(ARRAY_SUM)
    assert group.loop_source({"x", "y"}, ndim=ndim) is not None
    group.late = frozenset({1})  # (the finder's record made to differ: t inside)
    with pytest.raises(SrcdiffError, match="after the loop where the group finder"):
        group.loop_source({"x", "y"}, ndim=ndim)


def sums_cumsum_3d(x):
    # (not np.linalg.norm, np.max: backend="numba" compiles them for 1-d and 2-d arrays)
    return np.mean(x) * np.sum(x * x) + np.sum(np.cumsum(x, axis=1))


def sum_times_roll_2d(x):
    s = np.sum(x)
    return s * np.sum(np.tanh(x) * s) + np.sum(np.roll(x, 1, axis=0) ** 2)


@pytest.mark.parametrize("fn, shape", [(sums_cumsum_3d, (2, 3, 4)),
                                       (sum_times_roll_2d, (3, 4))])
def test_gradients(fn, shape):
    x = np.random.default_rng(45).uniform(-2.0, 2.0, shape)
    agree(fn, (x,), (0,))
