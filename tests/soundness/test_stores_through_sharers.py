"""A store into a name the gradient does not flow through, into an array another name shares
that the backward sweep reads, is undone on the way back (analysis/recording.py asks
aliasing.py's sharers of each store).

``t = m * 0.75; p = t @ x; z = t; z[0] *= 2.0; return np.sum(p)``: nothing reads ``z`` or
``t`` after the store, so the alias check lets it pass, and ``z`` is inactive. The optimized
pipeline undid a store only when its own name was read by the backward sweep, active or an
argument: the adjoint of ``t @ x`` read ``t`` as the store had left it, and the gradient
w.r.t. ``x`` was silently wrong (verification mode raised for straight code but not inside
a loop, where the gradient w.r.t. ``x`` was wrong too). The reference pipeline saves every
store and was right. Found by helper hunt17a's random style programs (seed 3, program 92).

And the result of a helper made of new arrays (``(1 - t) * a + t * b``: its summary says it
*holds* parts of ``a`` and ``b``, as ``a + b`` of lists would) counted as a view of every
argument, so ``y /= 1.0 + blend(c, y) ** 2`` was refused as a change seen "through ``c``",
a number. A float array holds no reference to anything: such a result shares nothing now;
a list result (``[p]``) still shares its entries.
"""


import numpy as np

import srcdiff as sd
from fd import numeric_grad
from pipelines import check_pipelines, refusal_message

M = np.array([[0.3, -0.5, 0.8, 0.1], [0.6, 0.2, -0.7, 0.4], [-0.2, 0.9, 0.5, -0.6]])
X = np.array([0.4, -0.3, 0.7, 0.2])


def through_a_copy_of_the_name(m, x):
    t = m * 0.75
    p = t @ x
    z = t
    z[0] *= 2.0
    return np.sum(p)


def through_a_slice(m, x):
    t = m * 0.75
    p = t @ x
    z = t[1:]
    z[0] = 3.0
    return np.sum(p)


def through_a_transpose(m, x):
    t = np.sin(m)
    p = np.sum(t * x)
    z = t.T
    z[0] = 2.0
    return p


def in_a_loop(m, x):
    acc = 0.0
    for i in range(3):
        t = np.sin(m) * (i + 1.0)
        acc = acc + np.sum(t @ x)
        v = t[:, ::-1]
        v[i] = 0.5
    return acc


def _helper(m, x):
    t = np.sin(m)
    p = t @ x
    v = t.T
    v[0] = 2.0
    return np.sum(p)


def in_a_callee(m, x):
    return _helper(m * 1.5, x) + _helper(m, x * 2.0)


CASES = [through_a_copy_of_the_name, through_a_slice, through_a_transpose, in_a_loop,
         in_a_callee]


def test_stores_into_a_sharer_of_a_read_value_are_undone():
    for f in CASES:
        check_pipelines(f, (M.copy(), X.copy()), (0, 1))


def test_the_loop_case_was_wrong_by_a_margin(monkeypatch):
    """The numbers the fix changes (optimized pipeline, gradient w.r.t. x)."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    want = numeric_grad(in_a_loop, (M.copy(), X.copy()), 1)
    got = sd.grad(in_a_loop, wrt=1)(M.copy(), X.copy())
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-8)


def test_checkpointed_loop():
    want = numeric_grad(in_a_loop, (M.copy(), X.copy()), 1)
    for schedule in ("sqrt", 1):
        got = sd.grad(in_a_loop, wrt=1, checkpoint=schedule)(M.copy(), X.copy())
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-8)


def _blend(a, b, t=0.5):
    return (1 - t) * a + t * b


def through_a_helper_of_new_arrays(x):
    c = np.sin(x.sum())
    y = x * 1.0
    y /= 1.0 + _blend(c, y, 0.25) ** 2
    return np.sum(y) + c


def _wrapped(p):
    return [p]


def through_a_helper_holding_its_argument(x):
    y = x * 1.0
    w = _wrapped(y)
    y *= 2.0
    return np.sum(w[0] * x)


def test_a_new_array_from_a_helper_shares_nothing():
    check_pipelines(through_a_helper_of_new_arrays, (X.copy(),), 0)


def test_a_list_from_a_helper_still_holds_its_argument():
    assert "changes an array in place" in refusal_message(
        through_a_helper_holding_its_argument, X.copy(), "reverse")
