"""A list or dict entry changed in place, then rebound: the backward sweep puts the entry's
own object back (runtime_snapshots.item_saved keeps the object, not a copy), so the undo of
the in-place change reaches the entry. With a copy the entry kept the changed values where
the primal had the old ones: a callee reading the container (``h(D)``: its adjoint runs its
primal again on ``D``) got a silently wrong gradient in every mode, and verification mode
raised on right gradients (random state programs, seed 48011 index 53). A second derivative
through such a function is refused (front/parse.py ``_plain_item_stores``)."""

import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def _h(D):
    return np.sum(np.sin(D["u"]) * D["g"])


def dict_entry_read_by_callee(x, s):
    D = {"u": np.tanh(x * s), "g": x * s}
    acc = 0.0
    for e in x:
        D["u"][0] *= 1.0 + 0.2 * math.tanh(x[-1])
        D["u"] = D["u"] - 0.1 * D["g"]
        acc = acc + _h(D) * e
    return acc + np.sum(D["u"] * D["g"])


def _hl(L):
    return np.sum(np.cos(L[0]) * L[1])


def list_entry_read_by_callee(x, s):
    L = [np.tanh(x * s), x * s]
    acc = 0.0
    for e in x:
        L[0][1:] *= 1.0 + 0.3 * np.sin(x[:-1])
        L[0] = L[0] * 0.9 - 0.1 * L[1]
        acc = acc + _hl(L) * e
    return acc + np.sum(L[0] ** 2)


def dict_entry_nested_loops(x, s):
    w = np.tanh(x * s)
    D = {"u": w + 0.0, "g": x * s}
    for e2 in x:
        D["u"][0] *= 1.0 + 0.2 * math.tanh(x[-1])
        for e4 in w:
            D["u"] -= 0.1 * np.sin(D["g"] * D["u"])
    return np.sum(D["u"] * D["g"])


def dict_entry_rebound(x, s):  # (the same without the change in place: second order works)
    D = {"u": np.tanh(x * s), "g": x * s}
    acc = 0.0
    for e in x:
        D["u"] = D["u"] * (1.0 + 0.2 * math.tanh(x[-1]))
        D["u"] = D["u"] - 0.1 * D["g"]
        acc = acc + _h(D) * e
    return acc + np.sum(D["u"] * D["g"])


FUNCTIONS = [dict_entry_read_by_callee, list_entry_read_by_callee, dict_entry_nested_loops,
             dict_entry_rebound]
MODES = [{}, {"optimize": False}, {"verify": True}, {"checkpoint": "sqrt"},
         {"checkpoint": "binomial"}, {"checkpoint": 2}]


def _args(n):
    return np.linspace(-0.6, 0.7, n), 0.3


@pytest.mark.parametrize("f", FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("mode", MODES, ids=lambda m: ",".join(f"{k}={v}" for k, v in m.items())
                         or "default")
@pytest.mark.parametrize("n", [1, 2, 6])
def test_gradient_equals_finite_differences(f, mode, n):
    x, s = _args(n)
    got = sd.grad(f, wrt=(0, 1), **mode)(x.copy(), s)
    assert_close(got[0], numeric_grad(f, (x.copy(), s), 0))
    assert_close(got[1], numeric_grad(f, (x.copy(), s), 1))


@pytest.mark.parametrize("f", [dict_entry_read_by_callee, list_entry_read_by_callee,
                               dict_entry_nested_loops], ids=lambda f: f.__name__)
def test_second_derivative_is_refused(f):
    x, s = _args(4)
    with pytest.raises(sd.SrcdiffError, match="second derivative through a container entry"):
        sd.hvp(f, wrt=0)(x.copy(), s, vector=np.ones(4))


def test_second_derivative_of_a_rebound_entry_equals_differences_of_the_gradient():
    x, s = _args(6)
    v = np.linspace(1.0, -0.5, 6)
    g, h = sd.grad(dict_entry_rebound, wrt=0), 1e-5
    # (the gradient itself is checked against finite differences above)
    want = (g(x + h * v, s) - g(x - h * v, s)) / (2 * h)
    assert_close(sd.hvp(dict_entry_rebound, wrt=0)(x.copy(), s, vector=v), want, rtol=1e-6)
