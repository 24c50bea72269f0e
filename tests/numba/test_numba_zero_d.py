"""backend="numba" on two constructs numba refused at the first call (issue 18; session 46's
random programs): ``max(lst)``/``min(lst)`` of a list of numbers (numba_rule_helpers'
extreme_grads and extreme_tangent of one list), and a name bound to ``np.array(c)`` then
rebound to a number in a loop (``acc = np.array(0.0)``, ``acc -= ...``: numba_zero_d.py).
Lowered: gradients and tangents equal to the NumPy backend's (1e-12) and central finite
differences; a 0-d array read otherwise is refused when the gradient is made, naming it
at the user's line."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.errors import SrcdiffError

pytest.importorskip("numba")


def max_min_of_list(x):
    lst = [x[0] * 2.0, x[1], np.sin(x[2]), x[3] * x[0]]
    return max(lst) + min(lst) * 0.5


def max_of_built_list(x):
    vals = []
    for e in x:
        vals.append(e * e - e)
    return max(vals) * 3.0 - min([x[1], 0.25])


def tied_max(x):
    lst = [x[0], x[0], x[1] * 0.0 - 5.0]
    return max(lst) * 2.0


def zero_d_sub(x):
    acc = np.array(0.0)
    for e in x:
        acc -= e * e
    return acc * 1.0


def zero_d_returned(x):
    acc = np.array(1.0)
    for e in x:
        acc = acc * np.cos(e)
    return acc


def zero_d_counter(x):
    n = np.array(0)
    s = 0.0
    for e in x:
        n = n + 1
        s = s + e * n
    return s


def zero_d_taped(x):
    acc = np.array(-0.5)
    for e in x:
        acc = acc * e + np.sin(acc)
    return acc * np.sum(x) + acc


CASES = [max_min_of_list, max_of_built_list, tied_max, zero_d_sub, zero_d_returned,
         zero_d_counter, zero_d_taped]


@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_gradient_matches_numpy_and_finite_differences(fn):
    x = np.random.default_rng(3).standard_normal(5) * 0.8
    got = sd.grad(fn, backend="numba")(x)
    ref = sd.grad(fn)(x)
    assert_close(got, ref, rtol=1e-12, atol=1e-14)
    if fn is not tied_max:  # (a tie: FD sees a kink; the shared gradient is checked below)
        assert_close(got, numeric_grad(fn, (x,), 0))


def test_tied_max_shares_the_gradient():
    x = np.array([0.3, -1.0, 0.5, 0.1, 0.2])
    assert_close(sd.grad(tied_max, backend="numba")(x), np.array([2.0, 0.0, 0.0, 0.0, 0.0]))


@pytest.mark.parametrize("fn", [max_min_of_list, zero_d_sub, zero_d_taped],
                         ids=lambda f: f.__name__)
def test_tangent_matches_numpy_and_finite_differences(fn):
    rng = np.random.default_rng(4)
    x, t = rng.standard_normal(5) * 0.8, rng.standard_normal(5)
    value, got = sd.jvp(fn, backend="numba")(x, tangents=t)
    ref_value, ref = sd.jvp(fn)(x, tangents=t)
    assert value == pytest.approx(ref_value, rel=1e-12)
    assert got == pytest.approx(ref, rel=1e-12, abs=1e-14)
    eps = 1e-6
    assert got == pytest.approx((fn(x + eps * t) - fn(x - eps * t)) / (2 * eps), rel=1e-6)


def zero_d_method(x):
    acc = np.array(0.0)
    for e in x:
        acc = acc + e * e
    return acc.sum() * 2.0


def test_zero_d_read_otherwise_refused_when_the_gradient_is_made():
    with pytest.raises(SrcdiffError) as info:
        sd.grad(zero_d_method, backend="numba")(np.arange(3.0))
    text = str(info.value)
    assert "`acc`" in text and "0-d array" in text and "numba cannot compile" not in text
    assert "acc = np.array(0.0)" in info.value.line  # the user's line
