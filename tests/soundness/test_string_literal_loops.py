"""A loop or comprehension over a string literal: ``for k in "abc"``,
``{k: x[i] for i, k in enumerate("abc")}`` (keys of a dict of parameters spelled as one string).

The front end lowers ``for v in seq`` to an index loop over ``range(len(seq))`` and took the
length of ``seq`` as a name's (``seq.id``); a literal is no name: every such loop, plain,
enumerated, zipped or reversed, crashed the compiler with ``AttributeError: 'Constant' object
has no attribute 'id'`` in both modes.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, total
from pipelines import PIPELINES
from tangents import inner, random_like


def plain(x):
    s = 0.0
    for c in "abc":
        s = s * x[1] + x[0]
    return s


def keys_of_a_dict_comprehension(x):
    p = {k: x[i] ** 2 for i, k in enumerate("abc")}
    p["a"] += p["b"] * p["c"]
    return sum(p[k] * (j + 1) for j, k in enumerate("cab"))


def zipped_with_an_array(x):
    p = {"a": x[0], "b": x[1]}
    s = 0.0
    for k, v in zip("ab", x[2:]):
        s = s + p[k] * v
    return s


def reversed_string(x):
    p = {"a": x[0], "b": x[1]}
    s = 1.0
    for k in reversed("ab"):
        s = s * p[k] + 1.0
    return s


X = np.array([0.31, 0.22, -0.53, 0.41])
CASES = [plain, keys_of_a_dict_comprehension, zipped_with_an_array, reversed_string]


@pytest.mark.parametrize("f", CASES)
@pytest.mark.parametrize("options", PIPELINES)
def test_reverse_mode(f, options):
    assert_close(sd.grad(f, **options)(X.copy()), numeric_grad(f, (X,), 0))


@pytest.mark.parametrize("f", CASES)
def test_forward_mode(f):
    t = random_like(X, np.random.default_rng(3))
    value, tangent = sd.jvp(f)(X.copy(), tangents=t)
    assert_close(value, f(X.copy()))
    assert_close(total(tangent), inner(numeric_grad(f, (X,), 0), t), what="tangent")
