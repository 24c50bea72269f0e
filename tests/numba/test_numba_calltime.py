"""backend="numba": gradients that failed at their first call on main (issue 18; session 47's
random programs), now compiled:

- a store at a mask in a loop (``y[y > 0.5] = c``, ``z[m] += v``): the adjoint restores the
  overwritten entries from the tape, ``y[m] = _stack.pop()``, and the mask itself is restored
  (``m = m_before``), so numba_masks.py did not take ``m`` for a mask (a store at a 2-d mask:
  numba's lowering assertion); the entries saved (as many as ``m`` holds, changing between
  trips) went on an array tape of one row shape ("changed shape between trips");
- a value of 4 or 5 axes saved in a loop (``tape_alloc``, ``tape_put``, ``mul_into``,
  ``finish`` took up to 3);
- ``np.expand_dims`` of a number (``np.sum(x)``; numba's takes arrays); its gradient,
  ``reshaped(b_e, np.shape(s))`` to the shape ``()``, is the number (a 0-d array before).

Each checked against the NumPy backend (1e-12 relative) and central finite differences
(numba_agree.agree), at several shapes, length 1 included."""

import numpy as np
import pytest

from numba_agree import agree

pytest.importorskip("numba")

RNG = np.random.default_rng(4848)


def mask_constant_in_loop(x):
    s = 0.0
    for i in range(3):
        y = x * (i + 1.0)
        y[y > 0.5] = 0.5
        s = s + np.sum(y * x)
    return s


def mask_restored_name(x):
    y = x * 1.0
    for i in range(3):
        m = y > 0.3
        y[m] = 0.25 * i
        y = y * x
    return np.sum(y)


def mask_add_constant(x, c):
    s = 0.0
    for i in range(3):
        z = c * (i + 1.0)
        z[c > 0.0] += 2.0
        s = s + np.sum(z * x)
    return s


def mask_store_carried(x):
    y = x * 1.0
    for i in range(2):
        y[y < 0.0] = 0.1
        y = y * y
    return np.sum(y)


def saved_many_axes(x):
    s = 0.0
    for i in range(2):
        y = np.sin(x * (i + 1.0))
        s = s + np.sum(y * y)
    return s


def expand_number(x):
    s = np.sum(x)
    e = np.expand_dims(s, -1)
    f = np.expand_dims(s * 2.0, 0)
    return np.sum(e * x) + np.sum(f * np.cos(x))


def expand_wrong_axis(x):
    return np.sum(np.expand_dims(np.sum(x), 1) * x)


SHAPES = [(1,), (5,), (1, 1), (3, 4)]


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("fn", [mask_constant_in_loop, mask_restored_name,
                                mask_store_carried, expand_number])
def test_compiled_and_right(fn, shape):
    agree(fn, (RNG.normal(size=shape),), (0,))


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_mask_add_constant(shape):
    agree(mask_add_constant, (RNG.normal(size=shape), RNG.normal(size=shape)), (0,))


@pytest.mark.parametrize("shape", [(1, 1, 1, 1), (2, 1, 3, 2), (1, 1, 1, 1, 1),
                                   (2, 1, 2, 1, 3)], ids=str)
def test_saved_four_and_five_axes(shape):
    agree(saved_many_axes, (RNG.normal(size=shape),), (0,))


def test_expand_dims_of_a_number_at_another_axis_raises():
    import srcdiff as sd
    x = RNG.normal(size=3)
    with pytest.raises(Exception) as numpy_error:
        sd.grad(expand_wrong_axis)(x)
    with pytest.raises(ValueError, match="axis"):
        sd.grad(expand_wrong_axis, backend="numba")(x)
    assert "axis" in str(numpy_error.value)


def kept_max(x):
    return np.sum(np.max(x, axis=0, keepdims=True) * x) + np.sum(np.min(x, axis=-1, keepdims=True))


@pytest.mark.parametrize("n", [1, 4])
def test_kept_extremes_of_a_vector(n):
    """``np.max(x, axis=0, keepdims=True)`` of a 1-d ``x``: expand_dims_of of max_axis's
    number, and extreme_grad of one-entry ``g``/``top`` (numba_rule_helpers2.py)."""
    agree(kept_max, (RNG.normal(size=n) + np.arange(n),), (0,))  # (no ties)


def zeros_accumulated(v):
    acc = np.zeros(())
    for i in range(len(v)):
        acc += v[i] ** 2
    return float(acc)


def zeros_accumulated_in_a_call(x, s):
    def helper(v, scale=0.5):
        acc = np.zeros(())
        for i in range(len(v)):
            acc += v[i] ** 2
        return float(acc) * scale
    return helper(x) + s * np.sum(np.sin(x))


@pytest.mark.parametrize("n", [1, 4])
def test_zero_d_zeros_rebound_to_a_number(n):
    """``acc = np.zeros(())`` then ``acc += ...`` in a loop (a random realistic program, seed
    48 index 1): numba_zero_d.py writes it ``np.float64(0.0)`` as it did ``np.array(0.0)``
    (numba could not unify the 0-d array with the float on the first call)."""
    agree(zeros_accumulated, (RNG.normal(size=n),), (0,))
    agree(zeros_accumulated_in_a_call, (RNG.normal(size=n), 0.7), (0, 1))
