"""``np.copyto(a, v)`` and ``np.copyto(a, v, where=m)`` as stores of the whole array
(front/in_place.py), in every mode against central differences; the forms not
modelled are refused with their location."""

import numpy
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, numeric_jvp


def copy_all(x):
    y = numpy.zeros(3)
    numpy.copyto(y, x * 2)
    return numpy.sum(y * x)


def copy_where(x):
    y = x ** 2
    numpy.copyto(y, numpy.sin(x), where=x > 0.4)
    return numpy.sum(y * x)


def copy_broadcast(x):
    y = numpy.ones((2, 3))
    numpy.copyto(y, x[0] * x)
    return numpy.sum(y * y)


def copy_in_loop(x):
    y = x * 1.0
    for k in range(3):
        numpy.copyto(y, numpy.tanh(y) * x[k])
    return numpy.sum(y)


def copy_seen_through_a_view(x):
    y = x * 1.0
    z = y[1:]
    numpy.copyto(y, x * 3)  # z is read as y[1:] afterwards (front/aliases.py)
    return numpy.sum(z * x[1:])


X = numpy.array([0.3, 0.5, 0.7])
CASES = [copy_all, copy_where, copy_broadcast, copy_in_loop, copy_seen_through_a_view]


@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}],
                         ids=["default", "reference", "verify"])
@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_reverse_mode(f, options):
    assert_close(sd.grad(f, **options)(X), numeric_grad(f, (X,), 0))


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_forward_mode(f):
    t = numpy.array([0.1, -0.2, 0.3])
    assert_close(sd.jvp(f)(X, tangents=t)[1], numeric_jvp(f, (X,), (0,), (t,)))


def copy_into_a_view(x):
    y = x * 1.0
    z = y[1:]
    numpy.copyto(z, x[:2] * 3)  # a change through z (seen through y)
    return numpy.sum(y)



def copy_with_casting(x):
    y = x * 1.0
    numpy.copyto(y, x * 3, casting="unsafe")
    return numpy.sum(y)


def copy_into_expression(x):
    y = x * 1.0
    numpy.copyto(y[1:], x[:2])
    return numpy.sum(y)


@pytest.mark.parametrize("f, words", [
    (copy_into_a_view, "`y` also refers to"),
    (copy_with_casting, "np.copyto is differentiated as"),
    (copy_into_expression, "with `a` a variable"),
])
def test_refused_forms(f, words):
    with pytest.raises(sd.SrcdiffError) as e:
        sd.grad(f)(X)
    assert words in str(e.value) and "test_copyto.py" in str(e.value)
