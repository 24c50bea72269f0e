"""sd.vjp(f, backend="numba") (api/backends.py): the value is f's, each pullback runs the
compiled gradient with the cotangent as grad_ys, at the arguments as they were at the call.
Checked against the NumPy backend's vjp and central finite differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

pytest.importorskip("numba")


def smooth(x, a, n):
    s = 0.0
    for i in range(n):
        s = s + np.sin(a * s) + np.sum(x * x) * 0.1
    return s


def field(u, c):
    v = u
    for _ in range(3):
        v = np.tanh(v * c) + 0.5 * v
    return v


def test_scalar_output_pullback_scales_the_gradient():
    args = (np.array([0.3, -0.2, 0.5]), 0.8, 4)
    value, pullback = sd.vjp(smooth, wrt=(0, 1), backend="numba")(*args)
    ref_value, ref_pullback = sd.vjp(smooth, wrt=(0, 1))(*args)
    assert value == pytest.approx(ref_value, rel=1e-14)
    got, want = pullback(2.5), ref_pullback(2.5)
    for k, g, w in zip((0, 1), got, want):
        assert_close(g, w, rtol=1e-12, atol=1e-14)
        assert_close(g, 2.5 * np.asarray(numeric_grad(smooth, args, k)))


def test_array_output_pullback_and_a_later_change_of_the_arguments():
    rng = np.random.default_rng(2)
    u, c = rng.standard_normal(5), 1.3
    ct = rng.standard_normal(5)
    value, pullback = sd.vjp(field, backend="numba")(u, c)
    _, ref_pullback = sd.vjp(field)(u, c)
    assert_close(value, field(u, c), rtol=1e-14, atol=0)
    want = ref_pullback(ct)
    assert_close(want, numeric_grad(lambda w: np.dot(ct, field(w, c)), (u,), 0))
    u[:] = 0.0  # the pullback keeps the point of the call
    assert_close(pullback(ct), want, rtol=1e-12, atol=1e-14)
    assert_close(pullback(2.0 * ct), 2.0 * want, rtol=1e-12, atol=1e-14)


def test_the_numba_vjp_takes_the_backend_options_of_grad():
    with pytest.raises(ValueError, match='backend must be "numpy" or "numba"'):
        sd.vjp(field, backend="jax")
    with pytest.raises(TypeError, match="verify=True"):
        sd.vjp(field, backend="numba", verify=True)
