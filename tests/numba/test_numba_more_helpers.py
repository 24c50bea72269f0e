"""backend="numba": the helpers of numba_more_helpers.py (issue 18; refused on main, "the
numba backend has no compiled version of `linspace_grads`/`diagonal_grad`/`sort_grad`/
`take_along_axis_grad`, which its gradient calls"): np.linspace with differentiable ends,
np.diag of a matrix, np.sort/np.partition, np.take_along_axis. Each against the NumPy
backend (1e-12 relative) and central finite differences (numba_agree.agree), at several
shapes, length 1 included; the helpers against the NumPy runtime's directly for the
argument forms the forward functions numba compiles do not reach (ends of an array,
other axes, NaN); each refused form's message."""

import numpy as np
import pytest

import srcdiff as sd
from numba_agree import agree, refused_where_written

pytest.importorskip("numba")

RNG = np.random.default_rng(4850)  # (fixed: the same draws every run)


def linspace_ends(x):
    y = np.linspace(x[0], x[-1] * 2.0, 7)
    return np.sum(np.sin(y) * y)


def linspace_open_from_zero(x):
    y = np.linspace(0.0, np.sum(x), 5, endpoint=False)
    return np.sum(y * y * x[0])


def linspace_one_sample(x):
    y = np.linspace(x[-1], x[0], 1)
    return np.sum(y * x)


def diag_of_outer(x):
    m = np.outer(x, np.cos(x))
    return np.sum(np.diag(m) ** 2) + np.sum(np.diag(m, 1) * 3.0) - np.sum(np.diag(m, -1))


def diag_not_square(x):
    m = np.outer(x, x[:2])
    return np.sum(np.sin(np.diag(m)))


def sort_weighted(x):
    return np.sum(np.sort(x * 1.5) * np.arange(x.shape[0]))


def sort_rows(x):
    m = np.outer(x, x[::-1]) - x[0]
    return np.sum(np.sort(m) ** 2 * np.arange(x.shape[0]))


def partition_first(x):
    return np.sum(np.partition(x, 0)[:1] * 2.0) + np.sum(x * x)


def take_sorted(x):
    i = np.argsort(x)
    return np.sum(np.take_along_axis(x * 2.0, i, 0) * np.arange(x.shape[0]))


def take_repeated(x):
    i = np.array([0, -1, 0, 0])
    return np.sum(np.sin(np.take_along_axis(x, i, 0)))


def take_rows(x):
    m = np.outer(x, np.cos(x))
    n = x.shape[0]
    i = (np.arange(2 * n).reshape((n, 2)) * 7) % n  # (repeats: each column once or more)
    return np.sum(np.take_along_axis(m, i, 1) * np.arange(2.0)) + np.sum(
        np.take_along_axis(m, i.T, 0) ** 2)


@pytest.mark.parametrize("n", [1, 3, 6])
@pytest.mark.parametrize("fn", [linspace_ends, linspace_open_from_zero, linspace_one_sample,
                                diag_of_outer, sort_weighted, sort_rows, partition_first,
                                take_sorted, take_repeated, take_rows])
def test_compiled_and_right(fn, n):
    agree(fn, (RNG.normal(size=n),), (0,))


@pytest.mark.parametrize("n", [2, 5])
def test_diag_of_a_matrix_not_square(n):
    agree(diag_not_square, (RNG.normal(size=n),), (0,))


@pytest.mark.parametrize("fn, helper", [(linspace_ends, "linspace_grads"),
                                        (diag_of_outer, "diagonal_grad"),
                                        (sort_rows, "sort_grad"),
                                        (take_rows, "take_along_axis_grad")])
def test_the_gradient_calls_the_helper(fn, helper):
    """(the functions above reach the helpers: the test is of them)"""
    assert f"{helper}(" in sd.source(fn, wrt=(0,))


def _compiled(name):
    import numba

    from srcdiff.compiler.emit import numba_more_helpers

    helper = getattr(numba_more_helpers, name)
    return numba.njit(lambda *args: helper(*args))


def _same(got, want):
    if isinstance(want, tuple):
        assert len(got) == len(want)
        for a, b in zip(got, want):
            _same(a, b)
        return
    assert np.shape(got) == np.shape(want)
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-14)


def test_linspace_grads_against_the_runtime():
    """Ends of arrays (np.linspace of arrays: numba's forward takes numbers only), other
    axes, open intervals, one sample."""
    from srcdiff.rules.shape_rules import linspace_grads

    run = _compiled("linspace_grads")
    for start, stop, num, endpoint, axis in [
            (0.5, 2.0, 7, True, 0), (0.5, 2.0, 1, True, 0), (1.0, -1.0, 4, False, 0),
            (np.ones(3), np.zeros(3), 5, True, 0), (np.ones(3), 2.0, 5, True, 1),
            (np.ones(3), np.zeros(3), 4, False, -1), (np.ones((2, 3)), 1.0, 3, True, 1),
            (np.ones(1), np.zeros(1), 6, True, 0)]:
        shape = np.linspace(start, stop, num, endpoint, axis=axis).shape
        g = RNG.normal(size=shape)
        _same(run(g, start, stop, num, endpoint, axis),
              linspace_grads(g, start, stop, num, endpoint, axis))


def test_diagonal_grad_against_the_runtime():
    from srcdiff.rules.reduction_rules import diagonal_grad

    run = _compiled("diagonal_grad")
    for shape, offset, axis1, axis2 in [((3, 3), 0, 0, 1), ((3, 4), 2, 0, 1), ((4, 3), -1, 0, 1),
                                        ((3, 4), 1, 1, 0), ((4, 2), -2, -1, -2), ((1, 1), 0, 0, 1),
                                        ((2, 3), 5, 0, 1)]:
        a = np.zeros(shape)
        g = RNG.normal(size=np.diagonal(a, offset, axis1, axis2).shape)
        got = run(g, a, offset, axis1, axis2)
        assert np.array_equal(got, diagonal_grad(g, a, offset, axis1, axis2)), shape


def test_sort_grad_against_the_runtime():
    """Other axes, all axes (None), ties and NaN (sorted last by both): the same positions."""
    from srcdiff.rules.shape_rules import sort_grad

    run = _compiled("sort_grad")
    ties = np.array([2.0, 1.0, 2.0, np.nan, 1.0, -np.inf, np.nan])
    for a, axis in [(ties, -1), (ties, None), (RNG.normal(size=(3, 4)), 0),
                    (RNG.normal(size=(2, 3, 2)), 1), (RNG.normal(size=(2, 3)), None),
                    (np.array([[1.0, 1.0], [0.0, 0.0]]), -2)]:
        ans = np.sort(a, axis=axis)
        g = RNG.normal(size=ans.shape)
        got = run(g, ans, a, axis)
        assert np.array_equal(got, sort_grad(g, ans, a, axis)), (a, axis)


def test_take_along_axis_grad_against_the_runtime():
    from srcdiff.rules.shape_rules import take_along_axis_grad

    run = _compiled("take_along_axis_grad")
    for shape, ind, axis in [((4,), [0, 3, 0, -1, 2], 0), ((3, 2), [[0, 1], [2, 2]], 0),
                             ((2, 3), [[2, 2, 0, -3], [1, 1, 1, 1]], 1),
                             ((2, 3), [5, 0, -6], None),
                             ((2, 2, 3), [[[1, 0, 1]], [[0, 0, 0]]], 1)]:
        a, ind = np.zeros(shape), np.array(ind, dtype=np.int64)
        g = RNG.normal(size=np.take_along_axis(a, ind, axis).shape)
        got = run(g, a, ind, axis)
        assert np.array_equal(got, take_along_axis_grad(g, a, ind, axis)), (shape, axis)
    with pytest.raises(IndexError):
        run(np.ones(1), np.zeros(3), np.array([3]), 0)


def take_broadcast(x):
    m = np.reshape(x, (1, x.shape[0]))
    i = np.zeros((3, 2), dtype=np.int64)
    return np.sum(np.take_along_axis(m, i, 1))


def test_broadcast_indices_refused_where_written():
    error = refused_where_written(take_broadcast, (RNG.normal(size=3),),
                                  "test_numba_more_helpers.py")
    assert "indices broadcast against the array" in str(error)


def test_refused_forms():
    """What numba's versions do not take: a located SrcdiffError, never numba's traceback
    nor a number (ends of linspace of another shape; broadcast take_along_axis indices)."""
    from srcdiff.compiler.emit.numba_lists import REFUSED

    run = _compiled("linspace_grads")
    with pytest.raises(ValueError, match="np.linspace with ends of another shape"):
        run(np.ones((5, 3)), np.ones(2), 0.0, 5, True, 0)
    with pytest.raises(ValueError, match=REFUSED):
        run(np.ones((5, 3)), 1.0, 0.0, 5, True, 2)
    run = _compiled("take_along_axis_grad")
    with pytest.raises(ValueError, match="indices broadcast against the array"):
        run(np.ones((3, 2)), np.zeros((3, 2)), np.zeros((3, 1), dtype=np.int64), 1)
    run = _compiled("diagonal_grad")
    with pytest.raises(ValueError, match="more than two axes"):
        run(np.ones((2, 2)), np.zeros((2, 2, 2)), 0, 1, 2)
    with pytest.raises(ValueError, match="of these axes"):
        run(np.ones(2), np.zeros((2, 2)), 0, 1, 1)


def quantile_one(x):
    return np.quantile(np.sin(x) * x, 0.3) * 2.0


def quantiles_of_a_matrix(x):
    m = np.outer(x, x[::-1])
    return np.sum(np.quantile(m, np.array([0.0, 0.25, 0.5, 1.0])) * np.arange(1.0, 5.0))


@pytest.mark.parametrize("n", [1, 4, 7])
@pytest.mark.parametrize("fn", [quantile_one, quantiles_of_a_matrix])
def test_quantile(fn, n):
    assert "quantile_grad(" in sd.source(fn, wrt=(0,))
    agree(fn, (RNG.normal(size=n),), (0,))


def test_quantile_grad_against_the_runtime():
    """Ties and NaN (ranked last by both stable sorts), q of 0 and 1: the same numbers."""
    from srcdiff.rules.curve_rules import quantile_grad

    run = _compiled("quantile_grad")
    ties = np.array([[2.0, 1.0, 2.0], [np.nan, 1.0, -np.inf]])
    for a, q in [(ties, 0.5), (ties, np.array([0.0, 0.4, 1.0])), (np.ones(1), 0.7),
                 (RNG.normal(size=5), np.array([[0.1, 0.9], [0.5, 0.33]]))]:
        g = RNG.normal(size=np.shape(q))
        g = float(g) if np.ndim(q) == 0 else g
        got = run(g, a, q, None, False, "linear")
        assert np.array_equal(got, quantile_grad(g, a, q, None, False, "linear")), (a, q)
    with pytest.raises(ValueError, match="another method"):
        run(1.0, np.ones(3), 0.5, None, False, "lower")


def norm_rows(x):
    m = np.outer(x, np.cos(x)) + 0.5
    return np.sum(np.linalg.norm(m, axis=1) * np.arange(x.shape[0]))


def norm_orders(x):
    m = np.outer(x, x[::-1]) + np.arange(x.shape[0])
    return np.sum(np.linalg.norm(m, ord=1, axis=0)) + np.sum(
        np.linalg.norm(m, np.inf, -1) ** 2) + np.sum(np.linalg.norm(m, 3, 0))


def norm_of_a_vector_along_its_axis(x):
    return np.linalg.norm(x * 2.0 + 1.0, 2, 0) + np.linalg.norm(x, -np.inf, axis=-1)


@pytest.mark.parametrize("n", [1, 3, 5])
@pytest.mark.parametrize("fn", [norm_rows, norm_orders, norm_of_a_vector_along_its_axis])
def test_norm_along_an_axis(fn, n):
    assert "norm_grad(" in sd.source(fn, wrt=(0,))
    agree(fn, (RNG.normal(size=n),), (0,))


def test_norm_along_against_numpy_and_the_runtime():
    """norm_along against np.linalg.norm (NumPy's sums are pairwise: 1e-12), and the
    gradient against linalg_rules.norm_grad, for each ord, axes of a 3-d array, zeros,
    ties and NaN."""
    import numba

    from srcdiff.compiler.emit import numba_more_helpers, numba_rule_helpers2
    from srcdiff.rules.linalg_rules import norm_grad

    value = numba.njit(lambda x, o, a: numba_more_helpers.norm_along(x, o, a))
    grad = numba.njit(lambda g, t, x, o, a: numba_rule_helpers2.norm_grad(g, t, x, o, a, False))
    x3 = RNG.normal(size=(2, 3, 4))
    x3[0, 1, :2] = 0.0
    x3[1, 2, 1] = x3[1, 2, 3] = -x3[1, 2, 0]
    xn = np.array([[1.0, np.nan, -1.0], [0.0, 2.0, -2.0]])
    for x, ords, axes in [(x3, (None, 1, 2, 0, 3.5, np.inf, -np.inf, -1), (0, 1, 2, -1)),
                          (xn, (None, np.inf, 1), (0, 1)),
                          (RNG.normal(size=4), (None, 2, -np.inf), (0,))]:
        for o in ords:
            for a in axes:
                ans = np.linalg.norm(x, o, a)
                np.testing.assert_allclose(value(x, o, a), ans, rtol=1e-12, atol=0)
                g = RNG.normal(size=np.shape(ans))
                g = float(g) if np.ndim(g) == 0 else g
                np.testing.assert_allclose(grad(g, ans, x, o, a), norm_grad(g, ans, x, o, a),
                                           rtol=1e-12, atol=1e-15)


def norm_kept(x):
    m = np.outer(x, x)
    return np.sum(np.linalg.norm(m, axis=1, keepdims=True))


def norm_of_two_axes(x):
    m = np.outer(x, x)
    return np.linalg.norm(m, axis=(0, 1))


@pytest.mark.parametrize("fn", [norm_kept, norm_of_two_axes])
def test_norm_forms_refused_at_generation(fn):
    """keepdims and a tuple of axes: no numba version, refused where written."""
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(fn, backend="numba")(RNG.normal(size=3))
    assert "no compiled version of `norm_grad` for these arguments" in str(info.value)
    assert info.value.filename.endswith("test_numba_more_helpers.py")


def norm_inf(x):
    return np.linalg.norm(x, np.inf) * 2.0


def norm_minus_inf(x):
    return np.linalg.norm(x * 1.0, -np.inf, axis=None)


def norm_three(x):
    return np.linalg.norm(x, 3)


@pytest.mark.parametrize("fn", [norm_inf, norm_minus_inf, norm_three])
@pytest.mark.parametrize("x", [[1.0, np.nan, -3.0], [np.nan, 2.0], [-2.0, 0.5, 2.0]], ids=str)
def test_vector_norm_with_nan(fn, x):
    """np.linalg.norm(x, ord) of a vector is norm_along(x, ord, None) (numba's skips a NaN
    after the first entry in inf and -inf norms: 3.0 for [1, nan, -3], where NumPy's is NaN;
    the gradient was [0, nan, -1], the NumPy backend's all NaN; then numba's norm_grad
    divided 0 by 0 sharing among no ties: ZeroDivisionError). Both fail on main."""
    x = np.array(x)
    got = sd.grad(fn, backend="numba")(x)
    np.testing.assert_allclose(got, sd.grad(fn)(x), rtol=1e-12, atol=1e-15)
    if not np.isnan(x).any():
        agree(fn, (x,), (0,))
