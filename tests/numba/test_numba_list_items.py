"""backend="numba": the helpers of numba_list_items.py (issue 18; refused on main, "the
numba backend has no compiled version of `item_saved`/`item_clear`/`concat_sequences`/
`last_writes`"): stores into a list in a loop (``xs[i] = v``: the entry overwritten saved
and put back, its gradient cleared), ``a + b`` of two lists (of two tuples: refused on
the first call, located), and stores
whose gradient needs which writes last (an integer-array index with repeats, rows of a 2-d
array, negative indexes; a mask store reading the entries it overwrites). Each against the
NumPy backend (1e-12 relative) and central finite differences (numba_agree.agree), at
several shapes, length 1 included."""

import numpy as np
import pytest

from numba_agree import agree, refused_where_written

pytest.importorskip("numba")

RNG = np.random.default_rng(4849)  # (fixed: the same draws every run)


def list_store_in_loop(x):
    xs = [x, x * 2.0, x * 3.0]
    for i in range(3):
        xs[i] = np.sin(xs[i]) * x
    return np.sum(xs[0] * xs[2])


def list_store_chained(x):
    xs = [x * 1.0 for _ in range(3)]
    for i in range(1, 3):
        xs[i] = xs[i - 1] * x
    return np.sum(xs[2])


def list_concat(x):
    a = [x, x * 2.0]
    b = [np.sin(x)]
    c = a + b
    return np.sum(c[0] * c[2] + c[1])


def tuple_concat(x):
    a = (x, x * 2.0)
    b = (np.sin(x),)
    c = a + b
    return np.sum(c[0] * c[2] + c[1])


def repeated_index_store(x):
    y = x * 1.0
    idx = np.array([0, 1, 0, -1])
    y[idx] = x[:4] * 2.0
    return np.sum(y * y)


def repeated_rows_store(x):
    y = x * 1.0
    idx = np.array([1, 0, 1])
    y[idx] = np.cos(x[:3])
    return np.sum(y * x)


def mask_store_reading_itself(x):
    s = 0.0
    for i in range(3):
        y = np.sin(x * (i + 1.0))
        m = y > 0.0
        y[m] = y[m] * 2.0
        s = s + np.sum(y)
    return s


def mask_store_other_values(x):
    s = 0.0
    for i in range(2):
        y = x * (i + 1.0)
        m = x > 0.0
        y[m] = x[m] ** 2
        s = s + np.sum(y * y)
    return s


@pytest.mark.parametrize("shape", [(1,), (4,), (2, 3)], ids=str)
@pytest.mark.parametrize("fn", [list_store_in_loop, list_store_chained, list_concat,
                                mask_store_reading_itself,
                                mask_store_other_values])
def test_compiled_and_right(fn, shape):
    agree(fn, (RNG.normal(size=shape),), (0,))


def test_tuple_concat_refused_where_written():
    """A tuple's gradient is a tuple (numba_tuples.py), which sequence_part_grad cannot cut
    at a computed length: a located SrcdiffError on the first call, never numba's."""
    error = refused_where_written(tuple_concat, (RNG.normal(size=3),), "test_numba_list_items.py")
    assert "concatenation of two tuples" in str(error)


@pytest.mark.parametrize("n", [4, 6])
def test_repeated_index_store(n):
    agree(repeated_index_store, (RNG.normal(size=n),), (0,))


@pytest.mark.parametrize("shape", [(3, 1), (4, 2), (3, 2, 2)], ids=str)
def test_repeated_rows_store(shape):
    agree(repeated_rows_store, (RNG.normal(size=shape),), (0,))


def test_last_writes_against_the_runtime():
    """numba's last_writes against runtime.last_writes's, index by index."""
    import numba

    from srcdiff import runtime
    from srcdiff.compiler.emit.numba_list_items import last_writes

    run = numba.njit(lambda x, i: last_writes(x, i))
    for shape, index in [((5,), [0, 1, 0, 4, -1]), ((1,), [0, 0, -1]), ((4, 3), [3, 0, -1]),
                         ((2, 2, 2), [1, 1]), ((3,), [])]:
        x, index = np.zeros(shape), np.array(index, dtype=np.int64)
        want = runtime.last_writes(x, index)
        want = np.broadcast_to(want, x[index].shape)
        assert np.array_equal(run(x, index), want), (shape, index)
    with pytest.raises(IndexError):
        run(np.zeros(3), np.array([3]))


def swapped_rows(x):
    m = np.outer(x, x[:3])
    m[[0, 1]] = m[[1, 0]]
    return np.sum(m * np.arange(m.size).reshape(m.shape))


@pytest.mark.parametrize("n", [3, 5])
def test_rows_swapped_through_a_list_index(n):
    """``m[[0, 1]] = m[[1, 0]]`` of a 2-d array (a random realistic program): the list
    ``last_writes`` takes is written as an integer array (numba_builtins.list_indices), as
    for every helper but those taking lists (a list index of a 2-d store: numba's typing
    error on the first call otherwise)."""
    agree(swapped_rows, (RNG.normal(size=n),), (0,))
