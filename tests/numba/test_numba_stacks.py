"""backend="numba": the gradients of ``np.array(obj)`` (compiler/emit/numba_stacks.py):
``unstack_like`` in reverse mode, ``stack_tangents`` in forward mode, of an array (a copy)
and of a list of numbers. Refused until session 42 (no compiled version). Checked
against the NumPy backend (1e-12) and central finite differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from numba_agree import agree

pytest.importorskip("numba")


def copied(x, xs):
    a = np.array(xs)
    s = 0.0
    for k in range(len(a)):
        s = s + np.sin(a[k] * x)
    return s


def of_numbers(x, y):
    s = x
    for k in range(3):
        t = np.array([y, 0.9, x * s])
        s = np.sum(np.tanh(t * s)) + y
    return s


def typed(x, xs):
    v = np.array(xs, dtype=float)
    return np.sum(v * v) * x


XS = np.array([0.3, -0.8, 1.1, 0.4])
CASES = [(copied, (0.6, XS), (0, 1)), (of_numbers, (0.4, -0.7), (0, 1)),
         (typed, (0.6, XS), (0, 1))]


@pytest.mark.parametrize("fn, args, wrt", CASES, ids=[c[0].__name__ for c in CASES])
def test_reverse(fn, args, wrt):
    agree(fn, args, wrt)


@pytest.mark.parametrize("fn, args, wrt", [c for c in CASES if c[0] is not of_numbers],
                         ids=["copied", "typed"])
def test_forward(fn, args, wrt):
    tangents = tuple(np.full(np.shape(args[k]), 0.7) if np.ndim(args[k]) else 0.7
                     for k in wrt)
    value, got = sd.jvp(fn, wrt=wrt, backend="numba")(*args, tangents=tangents)
    ref_value, ref = sd.jvp(fn, wrt=wrt)(*args, tangents=tangents)
    assert_close(value, ref_value, rtol=1e-12, atol=1e-14)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)
    h = 1e-6  # (central differences along the tangent)
    spread = _spread(tangents, wrt, args)
    up = [a + h * t for a, t in zip(args, spread)]
    down = [a - h * t for a, t in zip(args, spread)]
    assert_close(got, (fn(*up) - fn(*down)) / (2 * h), rtol=1e-6, atol=1e-8)


def _spread(tangents, wrt, args):
    out = [0.0] * len(args)
    for k, t in zip(wrt, tangents):
        out[k] = t
    return out


def test_forward_of_a_list_of_numbers_stays_refused():
    """Its tangent list holds None for constants (``[t_y, None, t_mul]``): ``filled`` has
    no numba version; refused, named."""
    with pytest.raises(sd.SrcdiffError, match="filled"):
        sd.jvp(of_numbers, wrt=(0, 1), backend="numba")(0.4, -0.7, tangents=(1.0, 0.5))


def trajectory(v, s):
    # np.array of a list of 1-d arrays (a trajectory of states): the gradient unstacks g's
    # rows (random programs, realistic family, seed 47001 index 6: a numba typing error
    # at the first call before)
    traj = [np.array([s, 0.0])]
    for i in range(len(v)):
        y = traj[-1]
        dy = np.array([y[1], -np.sin(y[0]) + v[i]])
        traj.append(y + 0.1 * dy)
    return np.sum(np.array(traj) ** 2)





def trajectory_rounds(x, s):
    # random programs, realistic family, seed 47001 index 6 (cut down): an entry of the
    # rows read at a constant position in the adjoint of a loop (item_add of an array)
    v = np.asarray(x) + 0.0
    s = np.array(s)
    total = 0.0
    for ep in reversed(range(2)):
        traj9 = [np.array([s, 0.0])]
        for i6 in range(len(v)):
            y10 = traj9[-1]
            dy11 = np.array([y10[1], -np.sin(y10[0]) + v[i6]])
            traj9.append(y10 + 0.1 * dy11)
        hw8 = np.sum(np.array(traj9) ** 2)
        s += 0.1 * np.tanh(hw8)
        total += 0.5 * hw8 + 2.0 * s
    return total + 0.1 * np.sum(np.sin(v))


@pytest.mark.parametrize("fn", [trajectory, trajectory_rounds], ids=lambda f: f.__name__)
def test_array_of_a_list_of_arrays(fn):
    v = np.random.default_rng(3).standard_normal(4)
    for wrt in (0, 1):
        got = sd.grad(fn, wrt=wrt, backend="numba")(v, 0.3)
        assert_close(got, sd.grad(fn, wrt=wrt)(v, 0.3), rtol=1e-12, atol=1e-14)
        assert_close(got, numeric_grad(fn, (v, 0.3), wrt))
