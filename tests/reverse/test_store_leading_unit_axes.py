"""A store whose value has more axes than its target, all the extra ones leading and of
length 1 (``y[:2] = v`` with ``v`` of shape (1, 2)): NumPy drops them. The value's gradient
is the target's, those axes put back (runtime.unbroadcast): before session 26 it was summed
over the wrong axis, a wrong gradient in reverse mode only."""

import numpy
import pytest

from check_modes import check, check_pipelines


def slice_store(x):
    y = x * 1.0
    y[:2] = (x[:2] ** 2).reshape(1, 2)
    return numpy.sum(y * x)


def index_array_store(x):
    y = x * 1.0
    y[numpy.array([0, 2])] = numpy.sin(x[:2])[None, None, :]
    return numpy.sum(y * y * x)


def one_value_store(x):
    y = numpy.outer(x, x)
    y[1] = numpy.tanh(x[2]).reshape(1, 1)
    return numpy.sum(y * y)


def put_store(x):
    y = x * 1.0
    numpy.put(y, [0, 2], (x[:2] ** 2).reshape(1, 2))
    return numpy.sum(y * x)


def diagonal_store(x):
    a = numpy.outer(x, x)
    numpy.fill_diagonal(a, numpy.cos(x)[None, :])
    return numpy.sum(a * a)


CASES = [slice_store, index_array_store, one_value_store, put_store, diagonal_store]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_every_mode(f):
    x = numpy.array([0.3, 0.5, 0.7])
    check(f, x)
    check_pipelines(f, x)
