"""``sd.value_and_grad(f, has_aux=True)``: ``f`` returns ``(value, aux)``; only ``value`` is
differentiated and the result is ``((value, aux), gradients)``, as in JAX."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

W = np.array([0.3, -0.2])
X = np.array([[1.0, 2.0], [0.5, -1.0], [2.0, 0.1]])


def with_aux(w, x):
    pred = np.tanh(x @ w)
    loss = np.mean(pred ** 2)
    stats = {"max": np.max(pred), "scaled": 3.0 * w, "n": 3}  # depends on w: not seeded
    return loss, stats


def loss_only(w, x):
    return with_aux(w, x)[0]


@pytest.mark.parametrize("optimize", [True, False])
@pytest.mark.parametrize("verify", [False, True])
def test_value_aux_and_gradient(optimize, verify):
    (value, aux), g = sd.value_and_grad(with_aux, has_aux=True, optimize=optimize,
                                        verify=verify)(W, X)
    expected_value, expected_aux = with_aux(W, X)
    assert value == pytest.approx(expected_value, rel=1e-12)
    assert aux["n"] == 3 and aux["max"] == pytest.approx(expected_aux["max"])
    np.testing.assert_allclose(aux["scaled"], expected_aux["scaled"])
    assert_close(g, numeric_grad(loss_only, (W, X), 0))  # aux contributes nothing


def test_several_wrt_and_grad_ys():
    (value, _), (gw, gx) = sd.value_and_grad(with_aux, wrt=(0, 1), has_aux=True)(
        W, X, grad_ys=2.0)
    assert_close(gw, 2.0 * numeric_grad(loss_only, (W, X), 0))
    assert_close(gx, 2.0 * numeric_grad(loss_only, (W, X), 1))


def only_aux_depends_on_b(a, b):
    return np.sum(a * a), b * 2.0


def test_an_argument_reaching_only_aux_has_no_gradient():
    (_, aux), (ga, gb) = sd.value_and_grad(only_aux_depends_on_b, wrt=(0, 1),
                                           has_aux=True)(np.ones(2), 1.5)
    assert aux == 3.0
    assert_close(ga, 2.0 * np.ones(2))
    assert gb is None
    (_, _), (_, gb) = sd.value_and_grad(only_aux_depends_on_b, wrt=(0, 1), has_aux=True,
                                        unconnected_gradients="zero")(np.ones(2), 1.5)
    assert gb == 0.0


def returns_a_tuple_variable(w, x):
    out = (np.sum(w * x[0]), w)
    return out


def test_the_return_must_be_a_pair():
    with pytest.raises(sd.SrcdiffError, match=r"has_aux=True .* return a pair") as e:
        sd.value_and_grad(returns_a_tuple_variable, has_aux=True)(W, X)
    assert "return out" in str(e.value)


def test_bad_uses_are_refused():
    with pytest.raises(TypeError, match="has_aux"):
        sd.value_and_grad(with_aux, has_aux=1)
    with pytest.raises(TypeError, match="has_aux"):
        sd.value_and_grad(sd.grad(loss_only), has_aux=True)
