"""``xs += (v,)`` on a list: Python extends the list by the tuple's items.

The normalizer writes ``xs += v`` as ``xs = xs + v`` and the analysis (list_arguments.py)
as ``concat_sequences(xs, v)``, whose plain ``xs + v`` raised ``TypeError: can only
concatenate list (not "tuple") to list`` from inside generated code, in every pipeline
(and the statement of constants, not rewritten, raised it as well). A list extended by a
tuple is now refused with a SrcdiffError naming both types; lists extended by lists and
tuples by tuples stay differentiated.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, numeric_jvp
from pipelines import PIPELINES


def extended_by_a_tuple(x):
    a = [x[0]]
    a += (x[1], x[2])
    return a[0] * a[1] * a[2]


def extended_in_a_loop(x):
    a = [x[0]]
    for t in x[1:]:
        a += (t,)
    return a[-1] * a[0]


def constants_extended(x):
    a = [1.0]
    a += (2.0,)
    return x * a[1]


X = np.array([0.71, -1.33, 0.42])


@pytest.mark.parametrize("f", [extended_by_a_tuple, extended_in_a_loop, constants_extended])
@pytest.mark.parametrize("options", PIPELINES)
def test_a_list_extended_by_a_tuple_is_refused(f, options):
    with pytest.raises(sd.SrcdiffError, match=r"of a list and a tuple is differentiated as"):
        sd.grad(f, **options)(X.copy())


def test_forward_mode_refuses_it_too():
    with pytest.raises(sd.SrcdiffError, match=r"of a list and a tuple"):
        sd.jvp(extended_by_a_tuple)(X.copy(), tangents=np.ones(3))


def lists_and_tuples(x):
    a = [x[0]]
    a += [x[1] * 2.0]
    t = (x[2],)
    t += (x[0] ** 2,)
    c = [1.0]
    c += [3.0]
    return a[0] * a[1] + t[0] * t[1] * c[1]


@pytest.mark.parametrize("options", PIPELINES)
def test_lists_extended_by_lists_and_tuples_by_tuples(options):
    assert_close(sd.grad(lists_and_tuples, **options)(X.copy()),
                 numeric_grad(lists_and_tuples, (X,), 0))


def test_forward_mode_of_lists_extended_by_lists():
    t = np.array([0.3, 0.5, -0.2])
    _, tangent = sd.jvp(lists_and_tuples)(X.copy(), tangents=t)
    assert_close(tangent, numeric_jvp(lists_and_tuples, (X,), (0,), (t,)))
