"""``np.fill_diagonal(a, val)`` and ``np.put(a, ind, v)`` as stores at the positions NumPy
writes (front/in_place.py, runtime_checks.diagonal_index / put_index), in every mode
against central differences; the forms not modelled are refused with their location, at
compile time or when the values they would repeat or cut are seen."""

import numpy
import pytest

import srcdiff as sd
from check_modes import check, check_pipelines
from fd import assert_close, numeric_grad, numeric_jvp


def diagonal_constant(x):
    a = numpy.outer(x, x)
    numpy.fill_diagonal(a, 1.0)
    return numpy.sum(a * a)


def diagonal_values(x):
    a = numpy.outer(x, numpy.sin(x))
    numpy.fill_diagonal(a, x ** 2)  # the gradient flows to val and to the rest of a
    return numpy.sum(a * x)


def diagonal_wide(x):
    a = numpy.outer(x[:2], x)  # 2 x 3: two diagonal entries
    numpy.fill_diagonal(a, x[:2] * 3.0)
    return numpy.sum(numpy.tanh(a))


def diagonal_tall_wrapped(x):
    a = numpy.outer(numpy.concatenate([x, x, x]), x[:2])  # 9 x 2
    numpy.fill_diagonal(a, x[2], wrap=True)  # every third row starts again
    return numpy.sum(a * a)


def diagonal_cube(x):
    a = x[:, None, None] * x[None, :, None] * x[None, None, :]
    numpy.fill_diagonal(a, numpy.cos(x))  # a[i, i, i]
    return numpy.sum(a * x)


def diagonal_in_loop(x):
    a = numpy.outer(x, x)
    for k in range(2):
        numpy.fill_diagonal(a, numpy.diagonal(a) * x)
    return numpy.sum(a)


def put_values(x):
    y = x.copy()
    numpy.put(y, [0, 2], x[:2] ** 2)
    return numpy.sum(y * x)


def put_repeated(x):
    y = x * 2.0
    numpy.put(y, [1, 1, -1], numpy.sin(x))  # y[1] takes sin(x[1]); y[-1] sin(x[2])
    return numpy.sum(y * y)


def put_one_value(x):
    y = numpy.outer(x, x)
    numpy.put(y, numpy.array([[0], [4], [7]]), x[1] * x[2])  # flat positions of a 3 x 3
    return numpy.sum(y * x)


def put_in_loop(x):
    y = x * 1.0
    for k in range(3):
        numpy.put(y, k, numpy.tanh(y[k - 1]) * x[k], mode="raise")
    return numpy.sum(y)


def put_method(x):
    y = x * 2.0
    y.put([0, 2, 0], numpy.cos(x))  # the method: np.put's store (position 0 takes cos(x[2]))
    z = numpy.zeros(4)
    z.put(numpy.array([3, 1]), x[:2] * 3.0)
    return numpy.sum(y * x) + numpy.sum(numpy.sin(z)) * x[1]


X = numpy.array([0.3, 0.5, 0.7])
CASES = [diagonal_constant, diagonal_values, diagonal_wide, diagonal_tall_wrapped,
         diagonal_cube, diagonal_in_loop, put_values, put_repeated, put_one_value, put_in_loop,
         put_method]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_every_mode(f):
    check(f, X)  # grad, jvp, grad of grad, hvp against differences
    check_pipelines(f, X)  # the reference pipeline, verify=True


def fill_the_argument(m):
    numpy.fill_diagonal(m, m[0, 1] * 2.0)  # the caller's array, changed as NumPy would
    return numpy.sum(m * m)


def put_into_the_argument(x):
    numpy.put(x, [0], x[1] ** 2)
    return numpy.sum(x * x)


@pytest.mark.parametrize("f, x", [
    (fill_the_argument, numpy.arange(1.0, 10.0).reshape(3, 3) / 10.0),
    (put_into_the_argument, X),
], ids=["fill_diagonal", "put"])
def test_an_argument_changed_in_place(f, x):
    expected = numeric_grad(f, (x.copy(),), 0)
    mine, theirs = x.copy(), x.copy()
    value, g = sd.value_and_grad(f, verify=True)(mine)
    assert value == pytest.approx(f(theirs))
    assert_close(g, expected)
    assert_close(sd.jvp(f)(x.copy(), tangents=x * 0.5)[1],
                 numeric_jvp(f, (x.copy(),), (0,), (x * 0.5,)))


def put_clipped(x):
    y = x * 1.0
    numpy.put(y, [5], x[0], mode="clip")
    return numpy.sum(y)


def put_into_expression(x):
    y = x * 1.0
    numpy.put(y[1:], [0], x[0])
    return numpy.sum(y)


def fill_diagonal_without_value(x):
    y = numpy.outer(x, x)
    numpy.fill_diagonal(y)
    return numpy.sum(y)


def fill_diagonal_starred(x):
    y = numpy.outer(x, x)
    numpy.fill_diagonal(*[y, 1.0])
    return numpy.sum(y)


def put_method_clipped(x):
    y = x * 1.0
    y.put([5], x[0], mode="clip")
    return numpy.sum(y)


def put_by_keywords(x):
    y = x * 1.0
    numpy.put(a=y, ind=[0], v=x[0])
    return numpy.sum(y)


@pytest.mark.parametrize("f, words", [
    (put_by_keywords, "with `a` a variable"),
    (put_clipped, "default `mode='raise'` only"),
    (put_method_clipped, "default `mode='raise'` only"),
    (put_into_expression, "with `a` a variable"),
    (fill_diagonal_without_value, "needs the value to write"),
    (fill_diagonal_starred, "with `a` a variable"),
])
def test_refused_forms(f, words):
    with pytest.raises(sd.SrcdiffError) as e:
        sd.grad(f)(X)
    assert words in str(e.value) and "test_fill_diagonal_put.py" in str(e.value)


def put_cycled(x):
    y = numpy.zeros(4)
    numpy.put(y, [0, 1, 2, 3], x[:2])  # NumPy repeats x[:2]
    return numpy.sum(y * y)


def diagonal_cut(x):
    y = numpy.zeros((2, 2))
    numpy.fill_diagonal(y, x)  # NumPy writes x[0], x[1] and drops x[2]
    return numpy.sum(y * y)


def put_float_positions(x):
    y = x * 1.0
    numpy.put(y, [1.0], x[0])  # (NumPy takes a list of floats)
    return numpy.sum(y)


@pytest.mark.parametrize("f, words", [
    (put_cycled, "would repeat or cut them"),
    (diagonal_cut, "would repeat or cut them"),
    (put_float_positions, "integer positions"),
])
@pytest.mark.parametrize("mode", ["grad", "jvp"])
def test_refused_when_it_runs(f, words, mode):
    f(X)  # NumPy runs it
    with pytest.raises(sd.SrcdiffError) as e:
        sd.grad(f)(X) if mode == "grad" else sd.jvp(f)(X, tangents=X)
    assert words in str(e.value)


def put_out_of_range(x):
    y = x * 1.0
    numpy.put(y, [3], x[0])
    return numpy.sum(y)


def test_out_of_range_raises_as_numpy_does():
    with pytest.raises(IndexError, match="out of bounds"):
        put_out_of_range(X)
    with pytest.raises(IndexError, match="out of bounds"):
        sd.grad(put_out_of_range)(X)


def flat_stores(x):
    # `y.flat[i] = v` stores as np.put(y, i, v) (front/chains.py): flat positions, counted
    # from the end when negative, the later value at a repeated position (3 takes v[1])
    y = numpy.outer(x, x) * 2.0
    y.flat[1] = x[0] ** 2
    y.flat[-1] = numpy.sin(x[2])
    y.flat[numpy.array([3, 3, 5])] = x * x[1]
    for k in range(2):
        y.flat[k + 6] = y[0, k] * x[k]
    return numpy.sum(y * y)


def test_flat_stores_in_every_mode():
    # refused before: "only a variable can be assigned into by subscript"
    check(flat_stores, X)
    check_pipelines(flat_stores, X)
    y = numpy.outer(X, X) * 2.0
    y.flat[1] = 3.0  # the position NumPy's flat write takes
    assert y[0, 1] == 3.0


def flat_slice(x):
    y = x * 2.0
    y.flat[1:] = x[0]
    return numpy.sum(y * y)


def transposed_row(x):
    b = numpy.ones((3, 2)) * x[0]
    b.T[0] += x
    return numpy.sum(b * b)


@pytest.mark.parametrize("f, words", [
    (flat_slice, "np.put(y, np.arange(start, stop), v)"),
    (transposed_row, "`B.T[i]` of a 2-d `B` is `B[:, i]`"),
], ids=["flat_slice", "transposed"])
def test_stores_through_a_view_attribute_say_the_index_to_write(f, words):
    # the hint was "assign the container to a variable first" (then refused as an alias)
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(f)(X.copy())
    assert words in str(info.value)
