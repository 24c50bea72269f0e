"""The one copy a loop makes on entry of a tangent its body appends to (forward/control.py
``loop``: ``t_v = list(t_v)`` rather than a copy at every append).

Both programs are a Cholesky factorization written by hand: the terms of
``sum(L[i][q] * L[j][q] for q in range(j))`` are a list bound in the innermost loop.

* In an outer loop (first order, ``sd.jvp``): the list's tangent is carried from the outer
  loop's previous trip, so the analysis took it as defined on the middle loop's entry, but
  on the first trip nothing had bound it: UnboundLocalError on ``t_items1`` (gen_numeric,
  seed 88 index 46). The copy is now made only for a value bound on entry.
* Under second order (``sd.hessian``, forward over the gradient): the gradient starts the
  list as None, whose zero tangent is 0.0: ``list(0.0)`` raised TypeError 'float' object is
  not iterable (gen_numeric, seed 9 index 0). The copy now leaves a non-list alone.

Oracles: central differences of the function (first order) and of srcdiff's gradient,
itself checked against differences of the function (second order).
"""

import numpy as np

import srcdiff as sd
from fd import numeric_grad
from sourcefiles import load_function

CHOLESKY_IN_A_LOOP = '''
import math

import numpy as np


def f(x, s):
    total = 0.0
    for ep in range(2):
        A = np.outer(x, x) + np.eye(3) * (1.0 + s * s)
        L = np.zeros((3, 3))
        for i in range(3):
            for j in range(i + 1):
                t = sum(L[i][q] * L[j][q] for q in range(j))
                if i == j:
                    L[i][j] = math.sqrt(A[i][i] - t)
                else:
                    L[i][j] = (A[i][j] - t) / L[j][j]
        total = total + np.sum(L * np.arange(9.0).reshape(3, 3))
        x = x * 0.8
    return total
'''

CHOLESKY = '''
import math

import numpy as np


def f(M):
    A = M @ M.T + np.eye(3)
    L = np.zeros((3, 3))
    for i in range(3):
        for j in range(i + 1):
            t = sum(L[i][k] * L[j][k] for k in range(j))
            if i == j:
                L[i][j] = math.sqrt(A[i][i] - t)
            else:
                L[i][j] = 1.0 / L[j][j] * (A[i][j] - t)
    return np.sum(L * np.arange(9.0).reshape(3, 3))
'''


def test_jvp_of_a_list_first_bound_in_an_inner_loop_of_an_outer_loop():
    f = load_function(CHOLESKY_IN_A_LOOP)
    x, s = np.array([0.3, -0.5, 0.7]), 0.4
    dx, ds = np.array([1.0, 0.5, -2.0]), 0.7
    value, dot = sd.jvp(f, wrt=(0, 1))(x, s, tangents=(dx, ds))
    want = numeric_grad(f, [x, s], 0) @ dx + numeric_grad(f, [x, s], 1) * ds
    assert np.isclose(value, f(x, s))
    np.testing.assert_allclose(dot, want, rtol=1e-6, atol=1e-8)


def test_hessian_of_a_list_that_is_none_on_entry(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    f = load_function(CHOLESKY)
    M = np.array([[2.1, 0.3, -0.2], [0.1, 1.8, 0.4], [-0.3, 0.2, 2.2]])
    g = sd.grad(f)
    np.testing.assert_allclose(g(M), numeric_grad(f, [M], 0), rtol=1e-6, atol=1e-8)
    h = 1e-5
    want = np.stack([(g(M + h * E) - g(M - h * E)) / (2 * h)
                     for E in np.eye(9).reshape(9, 3, 3)], axis=-1).reshape(3, 3, 3, 3)
    np.testing.assert_allclose(sd.hessian(f)(M), want, rtol=1e-5, atol=1e-6)
