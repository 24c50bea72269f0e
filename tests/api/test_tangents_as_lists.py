"""A tangent (``sd.jvp``'s ``tangents=``, ``sd.hvp``'s ``vector=``) given as a list of numbers
for an array argument is that array, as ``grad_ys`` given as a list is. Before, the list went
into the generated code as it was: ``t * n`` repeated the list (``n`` an int) and NumPy
raised "operands could not be broadcast" from deep inside (``np.sum(x * n) + np.sum(x)``),
or "can't multiply sequence by non-int" (``np.max(x + x)``). Checked against central
differences (tests/support/fd.py).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad

X = np.array([0.5, -1.0, 0.3])
T = [1.0, 2.0, -1.0]


def scaled(x, n):
    return np.sum(x * n) + np.sum(np.sin(x) * x)


def doubled(x):
    y = x + x
    return np.max(y) * np.sum(y ** 2)


@pytest.mark.parametrize("f, args", [(scaled, (2,)), (doubled, ())])
def test_a_list_tangent_is_the_array_of_its_numbers(f, args):
    want = float(np.dot(numeric_grad(f, [X, *args], 0), T))
    value, got = sd.jvp(f)(X.copy(), *args, tangents=T)
    assert np.isclose(got, want, rtol=1e-6)
    _, pair = sd.jvp(f, wrt=(0,))(X.copy(), *args, tangents=(list(T),))
    assert np.isclose(pair, want, rtol=1e-6)


def test_a_list_vector_of_hvp_is_the_array_of_its_numbers():
    got = sd.hvp(scaled)(X.copy(), 2, vector=T)
    want = sd.hvp(scaled)(X.copy(), 2, vector=np.array(T))
    hand = (2 * np.cos(X) - X * np.sin(X)) * np.array(T)  # d2/dx2 of sin(x) * x
    np.testing.assert_allclose(got, want)
    np.testing.assert_allclose(got, hand, rtol=1e-10)


def test_a_list_of_the_wrong_length_is_still_refused():
    with pytest.raises(ValueError, match="has shape"):
        sd.jvp(scaled)(X.copy(), 2, tangents=[1.0, 2.0])


def product(x, s):
    return np.sum(x) * s


def test_a_sequence_of_tangents_for_one_number_names_the_structure():
    # (np.shape of the pair raised NumPy's "inhomogeneous shape" ValueError before: the
    # caller meant one tangent a `wrt` argument, with wrt naming one)
    with pytest.raises(ValueError, match="is a tuple, but the argument is a float"):
        sd.jvp(product, wrt=1)(X.copy(), 2.0, tangents=(1.0, np.zeros(3)))
    with pytest.raises(ValueError, match="has no array shape"):
        sd.jvp(product, wrt=0)(X.copy(), 2.0, tangents=[[1.0], 2.0, 3.0])
    value, tangent = sd.jvp(product, wrt=1)(X.copy(), 2.0, tangents=1.0)
    assert np.isclose(tangent, np.sum(X))
