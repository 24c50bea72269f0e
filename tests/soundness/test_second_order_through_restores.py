"""Second order through a generated gradient that restores an array it wrote in place
(found by tests/property/gen_realistic.py, seed 10 index 336; minimized here).

``p`` (a Horner polynomial in ``v[1]``) is read in a loop before ``v[:] = np.tanh(v)``
changes ``v`` in place; the gradient's backward sweep puts the old values back
(``_v1 = v ... v = _v1; _v1[:] = _v_saved``) before it reads ``v[1]`` again. The gradient is
right. Its forward-mode derivative (sd.hvp, sd.hessian: forward over reverse) is not: the
tangent of the restore is written into a copy of ``_v1``'s tangent (forward/control.py
``_own``: an unowned array tangent is copied before a store), which no longer is ``v``'s
tangent, though ``v`` and ``_v1`` are one array; the backward sweep then reads the tangent
of ``tanh(v)`` at ``v[1]``. Hessian[1, 1]: 0.16732 for 0.2 (closed form: p = 0.1 a^2 + 0.2 a
- 0.3 with a = x[1]).

The fix (forward/state.py ``same``): names bound to one object by ``y = x`` on a straight
path are remembered (a rebinding, a join or a loop head forgets them); a store through one
gives the others its tangent (forward/control.py ``store``). Without it: 0.16732 for 0.2
here, and the Hessian of the same code in an outer loop (the two names met through the
loop's stack: ``v_before = _stack.pop(); v = v_before; v_before[:] = ...``) wrong too.
"""

import numpy as np

import srcdiff as sd
from fd import numeric_grad
from sourcefiles import load_function

SOURCE = '''
import numpy as np


def f(x):
    v = x.copy()
    p = 0.0
    for c in [0.1, 0.2, -0.3]:
        p = p * v[1] + c
    v[:] = np.tanh(v)
    v *= 0.8
    return p
'''


def test_gradient_is_right():
    f = load_function(SOURCE)
    x = np.array([0.4, 0.65, -0.39])
    assert np.allclose(sd.grad(f)(x), [0.0, 0.2 * x[1] + 0.2, 0.0])


def test_hessian_through_a_restored_array(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    f = load_function(SOURCE)
    x = np.array([0.4, 0.65, -0.39])
    want = np.zeros((3, 3))
    want[1, 1] = 0.2
    assert np.allclose(sd.hessian(f)(x), want)  # gives 0.16731934 at [1, 1]


LOOPED = '''
import numpy as np


def f(x):
    v = x.copy()
    total = 0.0
    for ep in range(2):
        p = 0.0
        for c in [0.1, 0.2, -0.3]:
            p = p * v[1] + c
        v[:] = np.tanh(v)
        total += p
        v *= 0.8
    return total
'''


def _fd_hessian(g, x, h=1e-5):
    return np.array([(g(x + h * e) - g(x - h * e)) / (2 * h) for e in np.eye(len(x))]).T


def test_hessian_through_a_restored_array_in_a_loop(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    f = load_function(LOOPED)
    x = np.array([0.4, 0.65, -0.39])
    want = _fd_hessian(sd.grad(f), x)  # the gradient itself is right
    assert np.allclose(sd.hessian(f)(x), want, rtol=1e-5, atol=1e-7)


def appended_then_read_by_index(x):
    L = [t * 2.0 for t in x]
    L.append(x[0])
    R = [L[j] for j in range(len(L) - 1, -1, -1)]
    return R[0] - R[3] * R[1]


def test_an_append_through_a_second_name_of_the_list():
    # the generated gradient appends to `items` after `L = items`; forward mode copied the
    # tangent list before the append and `t_L` kept the old one: hvp raised IndexError
    x = np.array([0.3, 0.9, 0.5])
    d = np.array([1.0, -0.5, 0.25])
    h = sd.hvp(appended_then_read_by_index)(x, vector=d)
    # x0 - 2 x0 * 2 x2: the Hessian has -4 at (0, 2) and (2, 0)
    np.testing.assert_allclose(h, [-4.0 * d[2], 0.0, -4.0 * d[0]], atol=1e-12)


HELPER_IN_A_LOOP = '''
import numpy as np


def f(x, s):
    v = x * 1.0
    total = 0.0
    for ep in range(2):
        def helper(u, c):
            return np.sum(u[[0, 2]] ** 2) * c + np.sum(u ** 3)
        total = total + helper(v, s)
        v[1:] = v[:-1] * 0.5
    return total
'''


def test_hessian_through_a_nested_helper_called_in_a_loop(monkeypatch):
    """The inlined helper binds its parameter to the array (``helper_u = v``) before the
    loop changes ``v`` in place; the backward sweep restores ``v`` in its own loop and reads
    ``helper_u`` again: one object under two names, joined in another loop, which the
    straight-path aliases (``same``) had forgotten. The restore's tangent went to ``t_v``
    only, ``t_helper_u`` kept the tangent of the changed values. Forward mode now gives
    ``t_y`` the store's tangent where ``y is x`` at run time, for every ``y`` an assignment
    ``y = x`` may join to ``x``. Found by gen_numeric (seed 5 index 96); the Hessian's
    diagonal was [10.37, 0.19, 0.76, 0.0] for [10.37, -5.10, 1.81, -4.79] (and a
    non-symmetric -2.64 at [1, 0])."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    f = load_function(HELPER_IN_A_LOOP)
    x, s = np.array([0.69462682, -0.78282654, 0.15674224, -0.79877739]), 0.3776
    g = sd.grad(f)
    np.testing.assert_allclose(g(x, s), numeric_grad(f, [x, s], 0), rtol=1e-6, atol=1e-8)
    want = _fd_hessian(lambda y: g(y, s), x)  # the gradient itself is right
    np.testing.assert_allclose(sd.hessian(f)(x, s), want, rtol=1e-5, atol=1e-6)
    d = np.array([1.0, -0.5, 0.25, 2.0])
    np.testing.assert_allclose(sd.hvp(f)(x, s, vector=d), want @ d, rtol=1e-5, atol=1e-6)


ALIAS_STORED_ON_ONE_BRANCH = '''
import numpy as np


def f(x, s):
    v = x * 1.0
    total = 0.0
    for ep in range(3):
        u = v
        total = total + np.sum(u ** 3) * s
        if ep % 2 == 0:
            v[1:] = v[:-1] * 0.5
        else:
            v = v * 0.7
    return total
'''


def test_hessian_through_an_alias_changed_on_one_branch(monkeypatch):
    # u = v, then v changed in place on one branch and rebound on the other: the gradient
    # restores v in its backward loop, where u's tangent must follow (u is v on one path)
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    f = load_function(ALIAS_STORED_ON_ONE_BRANCH)
    x, s = np.array([0.69462682, -0.78282654, 0.15674224, -0.79877739]), 0.3776
    g = sd.grad(f)
    np.testing.assert_allclose(g(x, s), numeric_grad(f, [x, s], 0), rtol=1e-6, atol=1e-8)
    want = _fd_hessian(lambda y: g(y, s), x)
    np.testing.assert_allclose(sd.hessian(f)(x, s), want, rtol=1e-5, atol=1e-6)

