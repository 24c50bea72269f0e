"""Arithmetic of broadcast arrays with a short last axis (``X[:, None, :] - X[None, :, :]``)
in the generated code is computed one plane of the last axis at a time (optimize/planes.py,
runtime_memory.planewise): the operator's result bit for bit, 2-4x faster for pairwise
differences of points in two or three dimensions.

Checked: the helper against the operators over shapes, dtypes, memory layouts and special
values (signed zeros, infinities, NaN), including the result's layout; where the rewrite
happens and where it does not (the reference pipeline, code differentiated again);
gradients against central differences in every pipeline with arrays large enough for the
planes to be taken; a value from ``value_and_grad`` equal to the function's own; and a
mutant helper caught by verification mode's ``verify_planewise``.
"""

import operator

import numpy as np
import pytest

import srcdiff as sd
import srcdiff.runtime_checks as checks
from pipelines import check_pipelines as check
from special_values import special_values as _data
from srcdiff.errors import VerificationError
from srcdiff.runtime_memory import PLANEWISE_SIZE, planewise

OPS = [(np.subtract, operator.sub), (np.add, operator.add), (np.multiply, operator.mul),
       (np.true_divide, operator.truediv)]


def _same(a, b):
    """Equal values (NaN where NaN), signs of zeros, shape, dtype and memory layout."""
    if not isinstance(b, np.ndarray):
        return type(a) is type(b) and a == b
    numbers = ~np.isnan(b)
    return isinstance(a, np.ndarray) and a.shape == b.shape and a.dtype == b.dtype \
        and a.strides == b.strides and np.array_equal(a, b, equal_nan=True) \
        and np.array_equal(np.signbit(a)[numbers], np.signbit(b)[numbers])


SHAPES = [((200, 1, 2), (1, 200, 2)), ((1000, 1, 3), (1, 8, 3)), ((1, 64, 4), (64, 1, 4)),
          ((3, 70, 1, 2), (1, 1, 60, 2)), ((2000, 1, 2), (1, 4, 2)), ((300, 2), (1, 2)),
          ((10, 1, 2), (1, 10, 2)), ((100, 1, 5), (1, 100, 5)), ((100, 50, 3), (1, 50, 3)),
          ((100, 50, 3), (100, 50, 3))]


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_the_helper_is_the_operator_bit_for_bit(dtype):
    rng = np.random.default_rng(23)
    for sa, sb in SHAPES:
        a, b = _data(rng, sa, dtype), _data(rng, sb, dtype)
        wide = _data(rng, (sa[0] * 2,) + sa[1:], dtype)
        for x, y in ((a, b), (b, a), (wide[::2], b), (np.asfortranarray(a), b)):
            for ufunc, op in OPS:
                assert _same(planewise(ufunc, x, y), op(x, y)), (sa, sb, ufunc.__name__)


def test_the_planes_are_taken_where_they_pay():
    """The fast path (not NumPy's own call) where the last axis is short and the operands
    broadcast along the axis before it; the operator elsewhere (the same object type)."""
    taken = []

    def spy(a, b, out=None):
        taken.append(out is not None)
        return np.subtract(a, b, out=out) if out is not None else np.subtract(a, b)

    x = np.ones((200, 1, 2))
    planewise(spy, x, np.ones((1, 200, 2)))
    assert taken == [True, True]  # two planes written into the result
    assert (200 * 200 * 2) >= PLANEWISE_SIZE
    for a, b in [(np.ones((20, 1, 2)), np.ones((1, 20, 2))),  # small result
                 (np.ones((100, 1, 5)), np.ones((1, 100, 5))),  # a longer last axis
                 (np.ones((100, 50, 3)), np.ones((1, 50, 3))),  # joins the last two axes
                 (np.ones((200, 1, 2), dtype=np.int64), np.ones((1, 200, 2), dtype=np.int64)),
                 (np.ones((200, 1, 2)), np.ones((1, 200, 2), dtype=np.float32))]:
        got = planewise(np.subtract, a, b)
        assert _same(got, a - b)
    ints = planewise(np.true_divide, np.ones((200, 1, 2), dtype=np.int64),
                     np.ones((1, 200, 2), dtype=np.int64))
    assert ints.dtype == np.float64  # (the operator's promotion, not the operands' dtype)
    with pytest.raises(TypeError):  # (lists: the operator's own error)
        planewise(np.subtract, [[1.0, 2.0]], [[0.5, 0.5]])


def pairwise_energy(pos, m):
    d = pos[:, None, :] - pos[None, :, :]
    r2 = np.sum(d ** 2, axis=-1) + 0.1
    q = m[:, None, None] * d
    return np.sum(m[:, None] * m[None, :] / np.sqrt(r2)) + np.sum(np.tanh(q) * d)


def _bodies(rng, n=60):  # 60 x 60 x 3 = 10,800 entries: the planes are taken
    return rng.standard_normal((n, 3)), rng.uniform(0.5, 1.5, n)


def test_pairwise_differences_are_rewritten_and_their_gradients_right():
    args = _bodies(np.random.default_rng(0))
    src = sd.source(pairwise_energy, wrt=(0, 1), args=args)
    assert "planewise(np.subtract, pos_i, pos_i1)" in src \
        or "planewise(np.subtract, pos[:, None, :], pos[None, :, :])" in src, src
    assert "planewise(np.multiply" not in src, src  # (m[:, None] * m[None, :]: long last axis)
    ref = sd.source(pairwise_energy, wrt=(0, 1), args=args, optimize=False)
    assert "planewise" not in ref, ref  # the reference pipeline keeps the operator
    check(pairwise_energy, args, (0, 1))


def test_the_value_is_the_function_s_own():
    rng = np.random.default_rng(1)
    pos, m = _bodies(rng)
    pos[3] = -0.0
    value, _ = sd.value_and_grad(pairwise_energy, wrt=(0, 1))(pos, m)
    assert value == pairwise_energy(pos, m)


def test_not_in_code_differentiated_again():
    def f(x):
        d = x[:, None, :] - x[None, :, :]
        return np.sum(np.sin(d) ** 2)

    x = np.random.default_rng(3).standard_normal((3, 2))
    h = sd.hessian(f)(x)
    eps, g = 1e-5, sd.grad(f)
    for i in range(3):
        for k in range(2):
            e = np.zeros((3, 2))
            e[i, k] = eps
            np.testing.assert_allclose(h[:, :, i, k], (g(x + e) - g(x - e)) / (2 * eps),
                                       rtol=1e-5, atol=1e-6)


def test_verification_catches_a_wrong_plane(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)

    def swapped(op, a, b):  # a mutant: the operands of each plane swapped
        return op(b, a)

    monkeypatch.setattr(checks, "planewise", swapped)
    a, b = np.arange(400.0).reshape(200, 1, 2), np.ones((1, 200, 2))
    with pytest.raises(VerificationError, match="plane by plane"):
        checks.verify_planewise(np.subtract, a, b)
    assert checks.verify_planewise(np.add, a, b).shape == (200, 200, 2)  # (add commutes)
