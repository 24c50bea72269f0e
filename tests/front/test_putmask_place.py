"""``np.putmask(a, mask, values)`` and ``np.place(arr, mask, vals)`` (refused before session
48) as stores of the whole array (front/in_place.py): ``a[...] = np.where(mask, values at
each entry, a)``, the values cycled by the entry's flat position (putmask) or by its count
among the masked entries (place), as NumPy cycles them (rules/array_composites.py). In
every mode against central differences; the forms not modelled are refused with their
location, and bad arguments raise as NumPy raises."""

import numpy
import pytest

import srcdiff as sd
from check_modes import check, check_pipelines
from fd import assert_close, numeric_grad, numeric_jvp


def putmask_same_shape(x):
    y = x.copy()
    numpy.putmask(y, x > 0.5, x * 3.0)
    return numpy.sum(y ** 2)


def putmask_cycled(x):
    y = x ** 2
    numpy.putmask(y, x > 0.5, x[:2])  # entry k takes x[k % 2]
    return numpy.sum(y * numpy.arange(x.size))


def putmask_one_value_of_a_matrix(x):
    y = numpy.outer(x, x)
    numpy.putmask(y, numpy.eye(x.size) > 0, x[0] * x[1])
    return numpy.sum(y * y)


def putmask_integer_mask_by_keywords(x):
    y = numpy.ones(x.size)
    numpy.putmask(y, mask=numpy.arange(x.size) % 3, values=numpy.sin(x))
    return numpy.sum(y * x)


def putmask_in_a_loop(x):
    y = x.copy()
    for k in range(2):
        numpy.putmask(y, y > 0.5, y * 0.5 + x[k])
    return numpy.sum(y ** 2)


def place_cycled(x):
    y = x.copy()
    numpy.place(y, x > 0.5, x[:2] ** 2)  # the masked entries take x[0]**2, x[1]**2, ...
    return numpy.sum(y ** 2 * numpy.arange(x.size))


def place_into_a_matrix(x):
    y = numpy.zeros((2, 3))
    numpy.place(y, numpy.eye(2, 3) > 0, numpy.sin(x[:3]))
    return numpy.sum(y * numpy.outer(x[:2], x[1:4]))


def place_nothing(x):
    y = x.copy()
    numpy.place(y, x > 10.0, [])  # (no masked entry: no values needed)
    return numpy.sum(y ** 2)


X = numpy.array([0.3, 0.8, 1.7, 0.2, 0.9, 0.65, 0.1])
CASES = [putmask_same_shape, putmask_cycled, putmask_one_value_of_a_matrix,
         putmask_integer_mask_by_keywords, putmask_in_a_loop, place_cycled,
         place_into_a_matrix, place_nothing]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_every_mode(f):
    check(f, X)  # grad, jvp, grad of grad, hvp against differences
    check_pipelines(f, X)  # the reference pipeline, verify=True


def test_the_stores_write_what_numpy_writes():
    y, z = X.copy(), X.copy()
    numpy.putmask(y, X > 0.5, X[:2])
    numpy.place(z, X > 0.5, X[:2])
    assert_close(y, numpy.array([0.3, 0.8, 0.3, 0.2, 0.3, 0.8, 0.1]))
    assert_close(z, numpy.array([0.3, 0.3, 0.8, 0.2, 0.3, 0.8, 0.1]))
    for f in (putmask_cycled, place_cycled):  # the values the generated code computes
        assert sd.value_and_grad(f)(X.copy())[0] == pytest.approx(f(X.copy()))


def putmask_the_argument(x):
    numpy.putmask(x, x > 0.5, x[0] ** 2)  # the caller's array, changed as NumPy would
    return numpy.sum(x * x)


def place_into_the_argument(x):
    numpy.place(x, x < 0.5, x[1:3] * 2.0)
    return numpy.sum(x * x)


@pytest.mark.parametrize("f", [putmask_the_argument, place_into_the_argument])
def test_an_argument_changed_in_place(f):
    expected = numeric_grad(f, (X.copy(),), 0)
    mine, theirs = X.copy(), X.copy()
    value, g = sd.value_and_grad(f, verify=True)(mine)
    assert value == pytest.approx(f(theirs))
    assert_close(g, expected)
    assert_close(sd.jvp(f)(X.copy(), tangents=X * 0.5)[1],
                 numeric_jvp(f, (X.copy(),), (0,), (X * 0.5,)))


def putmask_through_a_view(x):
    y = x.copy()
    z = y[1:]
    numpy.putmask(z, z > 0.5, 2.0 * z)
    return numpy.sum(y ** 2)


def putmask_into_an_expression(x):
    y = x.copy()
    numpy.putmask(y[1:], x[1:] > 0.5, 1.0)
    return numpy.sum(y)


def putmask_without_values(x):
    y = x.copy()
    numpy.putmask(y, x > 0.5)
    return numpy.sum(y)


def place_by_keyword_array(x):
    y = x.copy()
    numpy.place(arr=y, mask=x > 0.5, vals=x)
    return numpy.sum(y)


def putmask_into_integers(x):
    y = numpy.arange(7)
    numpy.putmask(y, x > 0.5, x * 3.0)  # (NumPy truncates the values)
    return numpy.sum(y * x)


@pytest.mark.parametrize("f, words", [
    (putmask_through_a_view, "changes an array in place that `y` also refers to"),
    (putmask_into_an_expression, "with `a` a variable"),
    (putmask_without_values, "needs the mask and the values"),
    (place_by_keyword_array, "with `a` a variable"),
    (putmask_into_integers, "integer"),
])
def test_refused_forms(f, words):
    with pytest.raises(sd.SrcdiffError) as e:
        sd.grad(f)(X.copy())
    assert words in str(e.value) and "test_putmask_place.py" in str(e.value)


def putmask_wrong_size(x):
    y = x.copy()
    numpy.putmask(y, x[1:] > 0.5, 1.0)
    return numpy.sum(y)


def place_from_nothing(x):
    y = x.copy()
    numpy.place(y, x > 0.5, [])
    return numpy.sum(y)


def putmask_into_a_list(x):
    y = [1.0, 2.0]
    numpy.putmask(y, [True, False], x[0])
    return y[0] * x[1]


@pytest.mark.parametrize("f, error, words", [
    (putmask_wrong_size, ValueError, "same size"),
    (place_from_nothing, ValueError, "empty array"),
    (putmask_into_a_list, TypeError, "first argument must be an array"),
])
def test_bad_arguments_raise_as_numpy_does(f, error, words):
    with pytest.raises(error, match=words):
        f(X.copy())
    with pytest.raises(error, match=words):
        sd.grad(f)(X.copy())


@pytest.mark.parametrize("f", [putmask_cycled, place_cycled], ids=["putmask", "place"])
def test_the_numba_backend_refuses_them_by_name(f):
    pytest.importorskip("numba")
    with pytest.raises(sd.SrcdiffError, match=f"{f.__name__}: the numba backend"):
        sd.grad(f, backend="numba")(X.copy())
