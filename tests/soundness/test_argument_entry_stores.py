"""A copy of an entry of a parameter's dict, list or tuple, changed in place
(``W = p["W"].copy(); W[0] *= 0.9``): the entry's argument is a float array, so the copy
holds floats and the store keeps its value and derivative (analysis/dtypes.py). Entries
holding ints or booleans, and containers the function changes, stay refused: a store into
an integer array truncates the value."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def dict_entry_scaled(p, x):
    W = p["W"].copy()
    W[0] *= 0.9
    W[1, 1:] += x[:2]
    return np.sum(np.tanh(W @ x))


def list_entry_stored(ws, x):
    W = ws[1].copy()
    W[:, 0] = x[:2] * 2.0
    return np.sum(W ** 2) + np.sum(ws[0] * x)


def tuple_entry_in_a_loop(pair, x):
    a, _ = pair
    acc = a * 1.0
    for i in range(3):
        acc[i] = acc[i] * x[i] + pair[1][i]
    return np.sum(acc ** 2)


rng = np.random.default_rng(11)
W0 = rng.normal(size=(2, 3))
X = rng.normal(size=3)
CASES = [
    (dict_entry_scaled, ({"W": W0, "b": 0.5}, X)),
    (list_entry_stored, ([rng.normal(size=3), W0], X)),
    (tuple_entry_in_a_loop, ((rng.normal(size=3), rng.normal(size=3)), X)),
]


def _flat_numeric(f, args, wrt):
    """Central differences of f with respect to each float array inside args[wrt]."""
    container = args[wrt]
    if isinstance(container, np.ndarray):
        return numeric_grad(f, args, wrt)
    keys = container.keys() if isinstance(container, dict) else range(len(container))
    out = {}
    for k in keys:
        if not isinstance(container[k], np.ndarray):
            continue

        def at(v, k=k):
            c = dict(container) if isinstance(container, dict) else list(container)
            c[k] = v
            c = c if not isinstance(container, tuple) else tuple(c)
            return f(*[c if j == wrt else a for j, a in enumerate(args)])
        out[k] = numeric_grad(at, (container[k],), 0)
    return out


@pytest.mark.parametrize("f, args", CASES, ids=[c[0].__name__ for c in CASES])
@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}],
                         ids=["default", "reference", "verify"])
def test_gradients(f, args, options):
    for wrt in (0, 1):
        got = sd.grad(f, wrt, **options)(*args)
        want = _flat_numeric(f, args, wrt)
        if isinstance(want, dict):
            for k, v in want.items():
                assert_close(got[k], v)
        else:
            assert_close(got, want)


def test_an_integer_entry_is_still_refused():
    p = {"W": np.ones((2, 3), dtype=int), "b": 0.5}
    with pytest.raises(sd.SrcdiffError, match="cannot prove holds floats"):
        sd.grad(dict_entry_scaled, 1)(p, X)


def test_a_boolean_entry_is_still_refused():
    with pytest.raises(sd.SrcdiffError, match="cannot prove holds floats"):
        sd.grad(list_entry_stored, 1)([X, np.ones((2, 3), dtype=bool)], X)


def changed_container(p, x):
    p["W"] = np.zeros((2, 3), dtype=int)  # (the argument's entry is no longer what is read)
    W = p["W"].copy()
    W[0] = x[:3] * 2.0
    return np.sum(W ** 2)


def test_a_container_the_function_changes_is_still_refused():
    with pytest.raises(sd.SrcdiffError, match="cannot prove holds floats"):
        sd.grad(changed_container, 1)({"W": W0}, X)
