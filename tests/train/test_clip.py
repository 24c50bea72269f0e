"""Tests of srcdiff.clip against closed forms computed here, by hand or with
plain loops; never against the functions under test."""

import math

import numpy as np
import pytest

from srcdiff.train.clip import clip_by_global_norm, clip_by_norm, clip_by_value, global_norm


def _slice_norm(values):
    return math.sqrt(sum(float(v) ** 2 for v in np.ravel(values)))


# ---------------------------------------------------------------------------
# clip_by_norm
# ---------------------------------------------------------------------------

def test_clip_by_norm_spec_example():
    # d(w*x*x)/dw = x*x = 9 and d(w*x*x)/dx = 2*w*x = 12 at w=2, x=3;
    # a scalar's norm is its absolute value, so clipping to 5 gives 5 each.
    assert clip_by_norm(9.0, 5.0) == 5.0
    assert clip_by_norm(12.0, 5.0) == 5.0
    assert clip_by_norm(-12.0, 5.0) == -5.0
    assert clip_by_norm(3.0, 5.0) == 3.0
    assert isinstance(clip_by_norm(9.0, 5.0), float)


def test_clip_by_norm_whole_array():
    t = np.array([3.0, 4.0])  # norm 5
    np.testing.assert_allclose(clip_by_norm(t, 2.0), [1.2, 1.6])
    np.testing.assert_allclose(clip_by_norm(t, 5.0), [3.0, 4.0])
    np.testing.assert_allclose(clip_by_norm(t, 10.0), [3.0, 4.0])
    m = np.array([[1.0, 2.0], [2.0, 4.0]])  # norm sqrt(25) = 5
    np.testing.assert_allclose(clip_by_norm(m, 1.0), m / 5.0)


def test_clip_by_norm_axis_int():
    t = np.array([[3.0, 4.0], [0.3, 0.4], [0.0, 0.0], [6.0, 8.0]])
    # row norms 5, 0.5, 0, 10: rows over 1 are scaled to norm 1
    expected = np.array([[0.6, 0.8], [0.3, 0.4], [0.0, 0.0], [0.6, 0.8]])
    np.testing.assert_allclose(clip_by_norm(t, 1.0, axes=1), expected)
    np.testing.assert_allclose(clip_by_norm(t, 1.0, axes=-1), expected)
    # column norms: sqrt(9 + .09 + 36) and sqrt(16 + .16 + 64)
    c0, c1 = math.sqrt(45.09), math.sqrt(80.16)
    np.testing.assert_allclose(clip_by_norm(t, 2.0, axes=0),
                               t * np.array([2.0 / c0, 2.0 / c1]))


def test_clip_by_norm_axes_tuple():
    rng = np.random.default_rng(1)
    t = rng.normal(size=(3, 4, 5))
    clip = 2.0
    got = clip_by_norm(t, clip, axes=(0, 2))
    assert got.shape == t.shape
    expected = np.empty_like(t)
    for j in range(4):
        n = _slice_norm(t[:, j, :])
        expected[:, j, :] = t[:, j, :] * (clip / n if n > clip else 1.0)
    np.testing.assert_allclose(got, expected, rtol=1e-12)
    # and a list of axes means the same
    np.testing.assert_allclose(clip_by_norm(t, clip, axes=[0, 2]), expected, rtol=1e-12)


@pytest.mark.filterwarnings("error")  # no divide-by-zero or invalid-value warning
def test_clip_by_norm_zero_norm_is_safe():
    z = clip_by_norm(np.zeros(3), 1.0)
    z0 = clip_by_norm(np.zeros(3), 0.0)
    rows = clip_by_norm(np.array([[0.0, 0.0], [3.0, 4.0]]), 0.0, axes=1)
    np.testing.assert_array_equal(z, [0.0, 0.0, 0.0])
    np.testing.assert_array_equal(z0, [0.0, 0.0, 0.0])
    np.testing.assert_array_equal(rows, [[0.0, 0.0], [0.0, 0.0]])


def test_clip_by_norm_nan_makes_its_slice_nan():
    # The docstring's contract (and TensorFlow's max(NaN, c) = NaN): a NaN in a slice
    # makes the whole slice NaN; the other slices are clipped as usual. Before the fix
    # the NaN norm was taken for a zero norm: [nan, 1.0] came back for [nan, nan].
    with np.errstate(invalid="ignore"):
        whole = clip_by_norm(np.array([np.nan, 1.0]), 1.0)
        rows = clip_by_norm(np.array([[np.nan, 1.0], [3.0, 4.0]]), 1.0, axes=1)
        f32 = clip_by_norm(np.array([2.0, np.nan], np.float32), 0.5)
    assert np.isnan(whole).all()
    assert np.isnan(rows[0]).all()
    np.testing.assert_allclose(rows[1], [0.6, 0.8], rtol=1e-15)
    assert np.isnan(f32).all() and f32.dtype == np.float32


@pytest.mark.filterwarnings("error")
def test_clip_norm_too_large_for_the_dtype_does_not_clip():
    # 1e5 is inf in float16: TensorFlow's cast then computes t * inf / inf; both clipping
    # functions gave all NaN for float16 arrays of norm 1.73 (now unchanged, as for inf).
    t = np.ones(3, np.float16)
    np.testing.assert_array_equal(clip_by_norm(t, 1e5), t)
    clipped, norm = clip_by_global_norm([t], 1e5)
    np.testing.assert_array_equal(clipped[0], t)
    assert clipped[0].dtype == np.float16 and abs(float(norm) - 3 ** 0.5) < 1e-3
    np.testing.assert_allclose(clip_by_norm(np.array([3.0, 4.0], np.float16), 2.0), [1.2, 1.6],
                               rtol=1e-3)


def test_clip_by_norm_infinite_clip_norm_does_not_clip():
    t = np.array([3.0, 4.0])
    np.testing.assert_array_equal(clip_by_norm(t, math.inf), t)


@pytest.mark.parametrize("bad", [-1.0, -1e-12, float("nan")])
def test_clip_by_norm_rejects_negative_clip_norm(bad):
    with pytest.raises(ValueError, match="clip_norm"):
        clip_by_norm(np.ones(2), bad)


def test_clip_by_norm_dtype_shape_and_no_alias():
    t32 = np.array([[3.0, 4.0]], dtype=np.float32)
    out = clip_by_norm(t32, 1.0)
    assert out.dtype == np.float32 and out.shape == (1, 2)
    np.testing.assert_allclose(out, [[0.6, 0.8]], rtol=1e-6)
    same = clip_by_norm(t32, 100.0)
    assert same is not t32 and not np.shares_memory(same, t32)
    assert clip_by_norm(np.float32(3.0), 1.0).dtype == np.float32
    ints = clip_by_norm(np.array([3, 4]), 1.0)
    assert ints.dtype == np.float64
    np.testing.assert_allclose(ints, [0.6, 0.8])
    assert clip_by_norm(np.ones((2, 0)), 1.0).shape == (2, 0)


# ---------------------------------------------------------------------------
# global_norm
# ---------------------------------------------------------------------------

def test_global_norm():
    t_list = [np.array([1.0, 2.0]), None, np.array([[2.0], [4.0]])]
    assert global_norm(t_list) == pytest.approx(5.0)  # sqrt(1 + 4 + 4 + 16)
    assert global_norm([3.0, 4.0]) == pytest.approx(5.0)
    assert global_norm((np.array(-12.0), None, 5.0)) == pytest.approx(13.0)
    assert global_norm([np.zeros(4)]) == 0.0


def test_global_norm_dtype():
    n = global_norm([np.array([3.0], np.float32), np.array([4.0], np.float32)])
    assert n.dtype == np.float32 and n == pytest.approx(5.0)


@pytest.mark.parametrize("bad", [[], [None], (None, None)])
def test_global_norm_needs_an_entry(bad):
    with pytest.raises(ValueError):
        global_norm(bad)


def test_global_norm_wants_a_list():
    with pytest.raises(TypeError):
        global_norm(np.array([3.0, 4.0]))


# ---------------------------------------------------------------------------
# clip_by_global_norm
# ---------------------------------------------------------------------------

def test_clip_by_global_norm_scales_and_keeps_none_in_place():
    a, c = np.array([3.0, 4.0]), 12.0  # global norm sqrt(9 + 16 + 144) = 13
    clipped, norm = clip_by_global_norm([a, None, c, None], 5.0)
    assert norm == pytest.approx(13.0)  # the norm before clipping
    assert len(clipped) == 4 and clipped[1] is None and clipped[3] is None
    np.testing.assert_allclose(clipped[0], a * 5.0 / 13.0)
    assert clipped[2] == pytest.approx(12.0 * 5.0 / 13.0)
    assert isinstance(clipped[2], float)
    # the clipped list has the clip norm as its global norm
    assert math.sqrt(np.sum(clipped[0] ** 2) + clipped[2] ** 2) == pytest.approx(5.0)
    np.testing.assert_array_equal(a, [3.0, 4.0])  # inputs untouched


def test_clip_by_global_norm_below_clip_is_unchanged():
    t_list = (np.array([0.3, 0.4]), np.array([[1.2]]))  # norm 1.3
    clipped, norm = clip_by_global_norm(t_list, 2.0)
    assert norm == pytest.approx(1.3)
    np.testing.assert_allclose(clipped[0], [0.3, 0.4], rtol=1e-15)
    np.testing.assert_allclose(clipped[1], [[1.2]], rtol=1e-15)


def test_clip_by_global_norm_use_norm():
    t_list = [np.array([3.0, 4.0]), None]
    clipped, norm = clip_by_global_norm(t_list, 5.0, use_norm=10.0)
    assert norm == 10.0
    np.testing.assert_allclose(clipped[0], [1.5, 2.0])  # scale 5/10
    assert clipped[1] is None
    clipped, _ = clip_by_global_norm(t_list, 5.0, use_norm=1.0)
    np.testing.assert_allclose(clipped[0], [3.0, 4.0])  # norm below clip: scale 1
    # with use_norm there is nothing to compute, so an all-None list is fine
    assert clip_by_global_norm([None, None], 1.0, use_norm=2.0) == ([None, None], 2.0)


@pytest.mark.parametrize("bad", [np.inf, -np.inf, np.nan])
def test_clip_by_global_norm_non_finite_norm_gives_nan(bad):
    t_list = [np.array([1.0, bad]), None, np.array([[2.0, 3.0]]), 4.0]
    clipped, norm = clip_by_global_norm(t_list, 1.0)
    assert not np.isfinite(norm)
    assert clipped[1] is None
    assert np.isnan(clipped[0]).all() and clipped[0].shape == (2,)
    assert np.isnan(clipped[2]).all() and clipped[2].shape == (1, 2)
    assert math.isnan(clipped[3])


def test_clip_by_global_norm_infinite_use_norm_gives_nan():
    clipped, norm = clip_by_global_norm([np.array([1.0, 2.0])], 1.0, use_norm=np.inf)
    assert norm == np.inf and np.isnan(clipped[0]).all()


@pytest.mark.filterwarnings("error")
def test_clip_by_global_norm_zero_norm_is_safe():
    clipped, norm = clip_by_global_norm([np.zeros(2), None, np.zeros((1, 3))], 1.0)
    clipped0, _ = clip_by_global_norm([np.zeros(2)], 0.0)
    assert norm == 0.0
    np.testing.assert_array_equal(clipped[0], [0.0, 0.0])
    np.testing.assert_array_equal(clipped[2], [[0.0, 0.0, 0.0]])
    np.testing.assert_array_equal(clipped0[0], [0.0, 0.0])


def test_clip_by_global_norm_dtype():
    t_list = [np.array([3.0, 4.0], np.float32), None, np.array([[12.0]], np.float32)]
    clipped, norm = clip_by_global_norm(t_list, 5.0)
    assert norm.dtype == np.float32 and norm == pytest.approx(13.0)
    assert clipped[0].dtype == np.float32 and clipped[2].dtype == np.float32
    assert clipped[2].shape == (1, 1)
    np.testing.assert_allclose(clipped[2], [[60.0 / 13.0]], rtol=1e-6)


def test_clip_by_global_norm_errors():
    with pytest.raises(ValueError):
        clip_by_global_norm([], 1.0)
    with pytest.raises(ValueError):
        clip_by_global_norm([None], 1.0)
    with pytest.raises(ValueError):
        clip_by_global_norm([np.ones(2)], -1.0)
    with pytest.raises(ValueError):
        clip_by_global_norm([np.ones(2)], 1.0, use_norm=-2.0)
    with pytest.raises(TypeError):
        clip_by_global_norm(np.ones(2), 1.0)


# ---------------------------------------------------------------------------
# clip_by_value
# ---------------------------------------------------------------------------

def test_clip_by_value():
    t = np.array([[-2.0, 0.5], [3.0, 1.0]])
    np.testing.assert_array_equal(clip_by_value(t, 0.0, 1.0), [[0.0, 0.5], [1.0, 1.0]])
    np.testing.assert_array_equal(t, [[-2.0, 0.5], [3.0, 1.0]])  # input untouched
    # array bounds broadcast along t
    np.testing.assert_array_equal(clip_by_value(t, np.array([-1.0, 0.0]), np.array([0.0, 2.0])),
                                  [[-1.0, 0.5], [0.0, 1.0]])
    assert clip_by_value(7.5, -1.0, 2.0) == 2.0
    assert isinstance(clip_by_value(7.5, -1.0, 2.0), float)


def test_clip_by_value_low_above_high_gives_low():
    # TensorFlow computes maximum(minimum(t, hi), lo)
    np.testing.assert_array_equal(clip_by_value(np.array([-5.0, 0.0, 5.0]), 2.0, 1.0),
                                  [2.0, 2.0, 2.0])


def test_clip_by_value_dtype_and_nan():
    t32 = np.array([-1.0, np.nan, 9.0], np.float32)
    out = clip_by_value(t32, 0.0, 1.0)
    assert out.dtype == np.float32
    assert out[0] == 0.0 and np.isnan(out[1]) and out[2] == 1.0
    ints = clip_by_value(np.array([-3, 2, 9]), 0, 5)
    assert ints.dtype == np.array([1]).dtype
    np.testing.assert_array_equal(ints, [0, 2, 5])


def test_clip_by_value_errors():
    with pytest.raises(ValueError):  # bounds would change t's shape
        clip_by_value(np.ones(2), np.zeros((3, 2)), 1.0)
    with pytest.raises(TypeError):  # 2.5 is not an integer
        clip_by_value(np.array([1, 2, 3]), 0, 2.5)
