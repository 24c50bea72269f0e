"""``w[...] = a`` where ``w = v[i]`` is a view: a store into every element of the view.

front/aliases.py reads a view changed in place (``w += a``) as ``v[i] += a``, so the store
analysis follows the change of ``v``; a store ``w[...] = a`` stayed a change through an
alias and was refused (a needless refusal met by tools/red29/gen29.py's view templates).
It is now read as ``v[i] = a``, the same elements. A store into some
elements (``w[0] = a``) stays refused.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import PIPELINES


def slice_stored_whole(x):
    a = x.copy()
    b = a[1:]
    b[...] = np.tanh(b) * 0.5
    return np.sum(np.sin(a)) + np.sum(b * b)


def column_stored_whole(x):
    a = x * 1.0
    b = a[..., 0]
    b[...] = b * x[0, 1] + 1.0
    return np.sum(a * a) + np.sum(np.cos(b))


def added_into_whole(x):
    a = x.copy()
    b = a[:, ::2]
    b[...] += x[:, 1:2] * b
    return np.sum(np.sin(a)) * 2.0


def stored_whole_in_a_loop(x):
    a = x.copy()
    b = a[::-1, 1:]
    for k in range(3):
        b[...] = np.sin(b) + 0.1 * k
        a = a * 1.0 if k == 5 else a
    return np.sum(a * a)


def stored_whole_in_a_branch(x):
    a = x.copy()
    b = a[None, 0]
    if x[0, 0] > 0.0:
        b[...] = b ** 2
    return np.sum(a * x)


CASES = [slice_stored_whole, column_stored_whole, added_into_whole, stored_whole_in_a_branch]
X = np.array([[0.31, -0.52, 0.77], [-0.24, 0.05, 0.43]])


@pytest.mark.parametrize("f", CASES)
@pytest.mark.parametrize("options", PIPELINES)
def test_reverse(f, options):
    assert_close(sd.grad(f, **options)(X.copy()), numeric_grad(f, (X,), 0))


@pytest.mark.parametrize("f", CASES)
def test_forward(f):
    t = np.array([[0.3, 1.1, -0.7], [0.5, -0.2, 0.9]])
    value, tangent = sd.jvp(f)(X.copy(), tangents=t)
    assert_close(value, f(X.copy()))
    assert_close(tangent, np.sum(numeric_grad(f, (X,), 0) * t))


def some_elements_stored(x):
    a = x.copy()
    b = a[1:]
    b[0] = x[0, 0] * 3.0
    return np.sum(np.sin(a))


def test_a_store_into_some_elements_is_still_refused():
    with pytest.raises(sd.SrcdiffError, match="changes an array in place"):
        sd.grad(some_elements_stored)(X.copy())


def test_a_loop_rebinding_the_array_is_still_refused():
    with pytest.raises(sd.SrcdiffError, match="changes an array in place"):
        sd.grad(stored_whole_in_a_loop)(X.copy())
