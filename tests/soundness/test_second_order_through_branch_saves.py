"""Second order through a gradient that saves a value on one branch only (found by
tests/property/gen_independent.py, ``--seed 5 --index 418``; minimized here).

``w = np.tanh(x * s)`` is rebound on both branches of an ``if``, then changed in place by a
masked store in a loop. The generated gradient keeps the old ``w`` for the backward sweep
(``_w1 = w`` on one branch, ``_w2 = w`` on the other: the tanh's derivative reads it) and
restores the masked entries in place in its backward loop. Its forward-mode derivative
(sd.hvp, sd.hessian: forward over reverse) gives the tangent of every store into ``w`` to the
names that may be ``w`` (``t_w1 = t_w if _w1 is w else t_w1``, forward/control.py
``_other_names``). ``_w1`` starts as None on the branch that never binds it, so the test
is False there and reads ``t_w1``, which that branch never assigned either:
UnboundLocalError. The fix starts such a tangent as None with its value.
"""

import numpy as np

import srcdiff as sd
from fd import numeric_grad
from sourcefiles import load_function

SOURCE = '''
import numpy as np


def f(x, s):
    w = np.tanh(x * s)
    if x[0] > 1.2:
        w += x
    else:
        w = w * 2.0
    for i in range(2):
        w[w > 0.2] *= s
    return np.sum(w)
'''

X = np.array([0.3, -0.2, 0.45, 0.1, -0.6])
S = 0.43


def _closed_form_hessian(x, s):
    """x[0] <= 1.2: f = sum_i 2 tanh(x_i s) * s**m_i, m_i the number of trips that find
    the entry above 0.2 (the same for every point of a neighbourhood of X, S)."""
    t = np.tanh(x * s)
    m = np.zeros_like(x)
    w = 2.0 * t
    for _ in range(2):
        m += w > 0.2
        w = np.where(w > 0.2, w * s, w)
    d1, d2 = 1.0 - t * t, -2.0 * t * (1.0 - t * t)  # tanh' and tanh'' at x * s
    p = s ** m
    dp = np.where(m > 0, m * s ** (m - 1), 0.0)
    ddp = np.where(m > 1, m * (m - 1) * s ** (m - 2), 0.0)
    h = np.zeros((len(x) + 1, len(x) + 1))
    for i in range(len(x)):
        h[i, i] = 2.0 * d2[i] * s * s * p[i]
        cross = 2.0 * (d2[i] * x[i] * s + d1[i]) * p[i] + 2.0 * d1[i] * s * dp[i]
        h[i, -1] = h[-1, i] = cross
        h[-1, -1] += 2.0 * (d2[i] * x[i] ** 2 * p[i] + 2.0 * d1[i] * x[i] * dp[i]
                            + t[i] * ddp[i])
    return h


def test_closed_form_is_the_functions_hessian():
    f = load_function(SOURCE)
    g = lambda z: np.append(numeric_grad(f, [z[:-1], z[-1]], 0),  # noqa: E731
                            numeric_grad(f, [z[:-1], z[-1]], 1))
    z, h = np.append(X, S), 1e-4
    fd = np.array([(g(z + h * e) - g(z - h * e)) / (2 * h) for e in np.eye(len(z))])
    np.testing.assert_allclose(fd, _closed_form_hessian(X, S), rtol=1e-4, atol=1e-5)


def test_hvp_through_a_value_saved_on_one_branch():
    f = load_function(SOURCE)
    vx, vs = np.linspace(-1.0, 1.0, 5) + 0.3, 0.7
    got_x, got_s = sd.hvp(f, wrt=(0, 1))(X.copy(), S, vector=(vx, vs))  # UnboundLocalError
    want = _closed_form_hessian(X, S) @ np.append(vx, vs)
    np.testing.assert_allclose(np.append(got_x, got_s), want, rtol=1e-10, atol=1e-12)


def test_hessian_through_a_value_saved_on_one_branch():
    f = load_function(SOURCE)
    (hxx, hxs), (hsx, hss) = sd.hessian(f, wrt=(0, 1))(X.copy(), S)
    got = np.block([[hxx, np.reshape(hxs, (-1, 1))], [np.reshape(hsx, (1, -1)), hss]])
    np.testing.assert_allclose(got, _closed_form_hessian(X, S), rtol=1e-10, atol=1e-12)
