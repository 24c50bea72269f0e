"""``unbroadcast(g, x)`` that the shape patterns prove sums axes of ``g`` away is a new
array the gradient owns (reverse/backward.py ``_summed_away``): a bias's gradient is then
returned by ``finish`` without an ``avoid`` check and takes later contributions in place.

Invariant checked here: ``v``'s rank known and larger than ``x``'s, and wherever ``x`` has
an axis of a length other than 1 so has ``v``. Against central differences (optimized,
reference, verification mode: ``verify_summed`` checks each such sum), on the generated
source, and the near misses added to out of place: equal ranks (a (1, n) bias), a rank
the compiler does not know, a uniform gradient (a scalar standing for an array).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.errors import VerificationError
from srcdiff.runtime_memory import verify_summed

rng = np.random.default_rng(34)


def layer(x, w, s):
    lc = np.cos(w) * s
    lh = np.tanh(x * 0.5 + w)
    return np.sum(lh * 2.0 + lc) * 0.7


def row_bias(x, w, s):  # (a (1, n) bias: the same rank as the product, nothing summed away)
    lc = np.cos(w) * s
    lh = np.tanh(x * 0.5 + w)
    return np.sum(lh * 2.0 + lc) * 0.7


def unknown_rank(x, w, s):  # (the squeezed concatenation's rank is not known)
    lc = np.cos(w) * s
    lh = np.tanh(np.squeeze(np.concatenate((x, x))) * 0.5 + w)
    return np.sum(lh * 2.0 + lc)


def uniform(x, w, s):  # (the sum's gradient is a scalar: unbroadcast broadcasts it)
    return np.sum(x + w) + np.sum(np.sin(w)) * s


ARGS = (rng.standard_normal((5, 3)), rng.standard_normal(3), 0.6)


def _seeded_source(f, args):
    g = sd.grad(f, wrt=(0, 1, 2))
    g(*args)
    return g.__srcdiff_transform__.compiled(list(args)).one.source  # (api/seeded.py)


@pytest.mark.parametrize("f, args", [
    (layer, ARGS), (row_bias, (ARGS[0], ARGS[1][None, :], 0.6)),
    (unknown_rank, (rng.standard_normal((2, 3)), rng.standard_normal(3), 0.6)),
    (uniform, (rng.standard_normal((4, 3)), rng.standard_normal(3), 0.6)),
])
@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}])
def test_against_differences(f, args, options):
    got = sd.grad(f, wrt=(0, 1, 2), **options)(*args)
    for k in range(3):
        assert_close(got[k], numeric_grad(f, args, k))
        assert not any(np.shares_memory(got[k], a) for a in args if isinstance(a, np.ndarray))


def test_a_summed_bias_gradient_is_owned():
    src = _seeded_source(layer, ARGS)
    assert "b_w = unbroadcast(b_add, w)" in src and "b_w -= b_cos * np.sin(w)" in src, src
    assert "finish(b_w, w)," in src, src
    general = sd.source(layer, (0, 1, 2), args=ARGS)
    assert "finish(b_w, w)," in general, general  # (a sum of grad_ys is not grad_ys)
    verified = sd.source(layer, (0, 1, 2), args=ARGS, verify=True)
    assert "verify_summed(b_add, w)" in verified, verified


@pytest.mark.parametrize("f, args", [
    (row_bias, (ARGS[0], ARGS[1][None, :], 0.6)),
    (unknown_rank, (rng.standard_normal((2, 3)), rng.standard_normal(3), 0.6)),
])
def test_near_misses_are_not_updated_in_place(f, args):
    src = _seeded_source(f, args)
    assert "b_w = unbroadcast(b_add, w)" in src and "b_w = add_into(b_w, " in src, src


def test_verify_summed_raises_where_nothing_is_summed():
    g = rng.standard_normal((4, 3))
    np.testing.assert_array_equal(verify_summed(g, np.zeros(3)), g.sum(axis=0))
    assert verify_summed(g, 0.5) == pytest.approx(g.sum())
    for x in (np.zeros((4, 3)), np.zeros((1, 3))):
        with pytest.raises(VerificationError, match="taken to be summed"):
            verify_summed(g, x)
    with pytest.raises(VerificationError, match="taken to be summed"):
        verify_summed(1.5, np.zeros(3))  # (a uniform scalar: broadcast, read-only)
