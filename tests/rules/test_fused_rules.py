"""``np.log(a / b)`` differentiated as one primitive (front/fused.py, rules/fused_rules.py
``log_ratio``): gradients ``g / a`` and ``-g / b``, checked against central differences in
every mode and pipeline, with broadcasting, literals, complex values and float32; the
generated source reads ``log_ratio`` exactly where the pair is fused, and the near misses
keep NumPy's two calls."""

import numpy as np
import pytest

import srcdiff as sd
from check_modes import check, check_pipelines
from srcdiff.rules.fused_rules import log_ratio


def kl(p, q):
    return np.sum(p * np.log(p / q))


def negative_binomial(r, mu, y):
    return np.sum(r * np.log(r / (r + mu)) + y * np.log(mu / (r + mu)))


def literals(a, b):
    return np.sum(np.log(a / 2.0) * b + np.log(3.0 / b))


def in_a_loop(a, b):
    s = 0.0
    for k in range(3):
        s = s + np.sum(np.log((a + k) / (b * b + 1.0)))
    return s


def read_twice(a, b):
    t = a / b  # (the user's name: never fused)
    return np.sum(np.log(t) + t)


def ratio_used_twice(a, b):
    return np.sum(np.log(a / b) * (a / b))


def log_with_keyword(a, b):
    return np.sum(np.log(a / b, dtype=np.float64))


def _positive(rng, shape):
    return rng.uniform(0.5, 2.0, size=shape)


CASES = [(kl, [(4,), (4,)]), (negative_binomial, [(), (5,), (5,)]),
         (literals, [(3,), (3,)]), (in_a_loop, [(3,), (3,)]),
         (read_twice, [(3,), (3,)]), (ratio_used_twice, [(3,), (1,)])]


@pytest.mark.parametrize("f,shapes", CASES, ids=[c[0].__name__ for c in CASES])
def test_gradients_in_every_mode(f, shapes):
    rng = np.random.default_rng(7)
    args = [_positive(rng, s) if s else float(_positive(rng, ())) for s in shapes]
    check(f, *args)
    for k in range(len(args)):
        check_pipelines(f, *args, k=k)


def test_the_pair_is_one_call():
    source = sd.source(negative_binomial, wrt=(0, 1))
    assert source.count("log_ratio(") == 2, source
    assert "np.log(" not in source.split("# seed")[0], source
    assert "log_ratio" not in sd.source(negative_binomial, wrt=(0, 1), optimize=False)


@pytest.mark.parametrize("f", [read_twice, ratio_used_twice])
def test_near_misses_keep_numpy(f):
    source = sd.source(f, wrt=0)
    assert "log_ratio" not in source and "np.log(" in source, source


def test_log_with_keywords_is_not_fused():
    """A keyword of np.log stays np.log's (refused by its rule): not fused away."""
    with pytest.raises(sd.SrcdiffError, match="dtype=") as e:
        sd.source(log_with_keyword, wrt=0)
    assert "np.log(a / b, dtype=np.float64)" in str(e.value)


def test_complex_and_float32():
    a = np.array([0.5 + 0.2j, 1.5 - 0.1j])
    b = np.array([2.0 + 0.0j, 0.7 + 0.3j])
    assert np.allclose(log_ratio(a, b), np.log(a / b))
    x, y = np.array([0.5, 1.5]), np.array([2.0, 0.7])
    g32 = sd.grad(kl, wrt=(0, 1))(x.astype(np.float32), y.astype(np.float32))
    assert all(g.dtype == np.float32 for g in g32)
    assert np.allclose(g32[0], np.log(x / y) + 1, rtol=1e-5)
    assert np.allclose(g32[1], -x / y, rtol=1e-5)


def loop_kl(p, q):
    s = 0.0
    for i in range(p.shape[0]):
        s = s + p[i] * np.log(p[i] / q[i])
    return s


def test_numba_backend_keeps_numpy():
    """The numba backend has no compiled log_ratio: its code keeps NumPy's pair."""
    pytest.importorskip("numba")
    p, q = np.array([0.2, 0.3, 0.5]), np.array([0.3, 0.3, 0.4])
    assert "log_ratio" in sd.source(loop_kl, wrt=0)
    g = sd.grad(loop_kl, wrt=0, backend="numba")(p, q)
    assert np.allclose(g, np.log(p / q) + 1.0, rtol=1e-12)
