"""A comprehension's variables are its own (Python 3): ``v = x[0]; [f(v) for v in x]``
leaves ``v`` as it was. Lowered to a loop of the function, the comprehension overwrote
it, and the gradient (and the value) came out wrong in every mode; its variable is now
renamed where the function uses the name elsewhere (front/expressions.py
``comprehension_loop``)."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close
from pipelines import check_every_mode


def list_comprehension(x):
    v = x[0]
    ys = [v * 2.0 for v in x]
    return v * 10.0 + sum(ys)


def generator_in_sum(x):
    i = 1
    s = sum(x[i] ** 2 for i in range(3))
    return s + x[i] * 7.0


def dict_comprehension(x):
    k = 2
    d = {k: x[k] * 3.0 for k in range(2)}
    return d[0] + d[1] + x[k]


def set_and_nested(x):
    r = x[1]
    m = [[r * c for r in row] for row, c in ((x[:2], 2.0), (x[1:], 3.0))]
    n = len({r for r in range(3)})
    return m[0][1] * m[1][0] + r * n


def shadowed_inside(x):
    rows = [x[:2], x[1:]]
    out = [sum(v * 2.0 for v in v) for v in rows]  # the inner `v in v` reads the row
    v = x[2]
    return out[0] * out[1] + v


CASES = [list_comprehension, generator_in_sum, dict_comprehension, set_and_nested,
         shadowed_inside]
X = np.array([0.5, 0.7, 0.2])


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
def test_every_mode(f):
    check_every_mode(f, X, seed=5)
    value, _ = sd.value_and_grad(f)(X)
    assert_close(value, f(X), what="value")


def test_names_used_only_in_comprehensions_keep_their_spelling():
    def plain(x):
        return sum(v * v for v in x)
    assert "for v in x" in sd.source(plain)
