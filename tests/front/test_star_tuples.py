"""``h(*t)`` where ``t`` is a local name bound exactly once, to a tuple display
(front/scopes.py tuple_display_lengths), and ``h(*(a, b))``: the call passes ``t[0], t[1], ...``;
in every mode against central differences. A ``*t`` whose length is known only when the
code runs (rebound, a parameter, a list, a tuple made by a call) stays refused."""

import numpy
import pytest

import srcdiff as sd
from check_modes import check, check_pipelines


def power_of_a_pair(x):
    t = (x, 2.0)
    return numpy.sum(numpy.power(*t))


def power_of_a_display(x):
    return numpy.sum(numpy.power(*(numpy.sin(x), 3.0)))


def _blend(a, b, w):
    return a * w + b * (1.0 - w)


def user_function_and_more(x):
    t = numpy.sin(x), x ** 2  # (a display without parentheses)
    return numpy.sum(_blend(*t, 0.3))


def in_a_loop(x):
    s = 0.0
    for k in range(3):
        t = (x * (k + 1.0), numpy.cos(x))
        s = s + numpy.sum(numpy.multiply(*t))
    return s


def read_by_a_nested_function(x):
    t = (x, numpy.tanh(x))

    def inner(w):
        return numpy.sum(numpy.add(*t) * w)
    return inner(2.0) + inner(x[0])


def two_stars_and_a_chain(x):
    t = u = (x[0], x[1])
    return _blend(*t, x[2]) * numpy.hypot(*u)


X = numpy.array([0.3, 0.5, 0.7])
CASES = [power_of_a_pair, power_of_a_display, user_function_and_more, in_a_loop,
         read_by_a_nested_function, two_stars_and_a_chain]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_every_mode(f):
    check(f, X)  # grad, jvp, grad of grad, hvp against differences
    check_pipelines(f, X)  # the reference pipeline, verify=True


def rebound(x):
    t = (x, 2.0)
    if x[0] > 0.0:
        t = (x, 2.0, 0.5)  # np.power's third argument is `out`
    return numpy.sum(numpy.hypot(*t))


def a_parameter(x, t=(1.0, 2.0)):
    return numpy.sum(numpy.hypot(*t) * x)


def a_list(x):
    t = [x, 2.0]
    return numpy.sum(numpy.power(*t))


def grown(x):
    t = (x,)
    t += (2.0,)
    return numpy.sum(numpy.power(*t))


def made_by_a_call(x):
    t = tuple([x, 2.0])
    return numpy.sum(numpy.power(*t))


def with_a_starred_entry(x):
    u = (x,)
    t = (*u, 2.0)
    return numpy.sum(numpy.power(*t))


def rebound_by_a_nested_function(x):
    t = (x, 2.0)

    def longer():
        nonlocal t
        t = (x, 2.0, 3.0)
        return 0.0
    return longer() + numpy.sum(numpy.power(*t))


STAR = "calls with `*xs` are supported only for the function's own `*args`"


@pytest.mark.parametrize("f, words", [
    (rebound, STAR), (a_parameter, STAR), (a_list, STAR), (grown, STAR),
    (made_by_a_call, STAR), (rebound_by_a_nested_function, STAR),
    (with_a_starred_entry, "starred expressions (`*xs`) are not supported"),
])
def test_refused(f, words):
    with pytest.raises(sd.SrcdiffError) as e:
        sd.grad(f)(X)
    assert words in str(e.value) and "test_star_tuples.py" in str(e.value)
