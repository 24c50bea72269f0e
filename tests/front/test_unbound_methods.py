"""``np.ndarray.sum(a, axis=0)`` is the method called on its first argument (``a.sum(axis=0)``);
it was refused: "no gradient rule for np.ndarray.sum"."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

X = np.array([0.3, 0.5, 0.2, 0.9, 0.1, 0.4])


def unbound_methods(x):
    m = x.reshape(2, 3)
    return (np.ndarray.sum(m * m, axis=0)[1] + np.ndarray.max(m) + np.ndarray.mean(x)
            + np.sum(np.ndarray.dot(m, m.T)))


def test_unbound_array_methods_in_every_mode():
    want = numeric_grad(unbound_methods, (X,), 0)
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(unbound_methods, **options)(X), want)
    assert_close(sd.jvp(unbound_methods)(X, tangents=np.ones(6))[1], np.sum(want))


def unbound_without_a_rule(x):
    return np.sum(np.ndarray.choose(np.array([0, 1]), [x[:2], x[2:4]]))


def test_a_method_without_a_rule_is_refused():
    with pytest.raises(sd.SrcdiffError, match="choose"):
        sd.grad(unbound_without_a_rule)(X)
