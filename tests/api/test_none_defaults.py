"""A parameter whose default is None (``def f(x, w=None)``, decided by ``if w is None:``)
takes None, as the default or passed (Python cannot tell the two calls apart): a constant,
whose gradient is None. A None for any other parameter is refused before any work (SPEC §8,
tests/front/test_refusals.py). So is a str, except a str default left out of the call
(``def f(x, mode="edge")``): the default object itself, a constant of the function.
Gradients against finite differences and closed forms."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

X = np.array([0.3, -0.7, 1.2])
W = np.array([2.0, 0.5, -1.5])


def weighted(x, w=None):
    if w is None:
        w = np.ones_like(x)
    return np.sum(w * x ** 2)


def scaled(x, scale=None, axis=None):
    s = np.sum(np.sin(x) * x, axis=axis)
    if scale is not None:
        s = s * scale
    return np.sum(s)


def chosen(x, w=None):
    return np.sum(x * 2.0) if w is None else np.sum(x * w)


@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}])
def test_a_none_default_is_a_constant(options):
    assert_close(sd.grad(weighted, **options)(X), 2.0 * X)
    assert_close(sd.grad(weighted, **options)(X, None), 2.0 * X)
    assert_close(sd.grad(weighted, **options)(X, W), 2.0 * W * X)
    assert_close(sd.grad(scaled, **options)(X), numeric_grad(scaled, (X,), 0))
    assert_close(sd.grad(scaled, **options)(X, 3.0), numeric_grad(scaled, (X, 3.0), 0))


def test_its_gradient_is_none_and_other_transforms_take_it():
    gx, gw = sd.grad(chosen, wrt=(0, 1))(X)
    assert_close(gx, np.full(3, 2.0)) and gw is None
    gx, gw = sd.grad(chosen, wrt=(0, 1), unconnected_gradients="zero")(X)
    assert gw == 0.0
    gx, gw = sd.grad(chosen, wrt=(0, 1))(X, W)
    assert_close(gw, X)
    _, t = sd.jvp(weighted)(X, tangents=np.ones(3))
    assert t == pytest.approx(np.sum(2.0 * X))
    assert_close(sd.hessian(weighted)(X), 2.0 * np.eye(3))


def test_none_for_another_parameter_is_refused():
    with pytest.raises(TypeError, match="argument 'x' is None"):
        sd.grad(weighted)(None)


def test_the_numba_backend_takes_it():
    pytest.importorskip("numba")
    assert_close(sd.grad(weighted, backend="numba")(X), 2.0 * X)


def keyword_only(x, w=None, *, scale=2.0):
    if w is None:
        w = np.ones_like(x)
    return np.sum(w * x ** 2) * scale


def keyword_only_none(x, *, mask=None, scale=1.5):
    y = x ** 3 if mask is None else x ** 3 * mask
    return np.sum(y) * scale


def star_args(x, w=None, *rest):
    s = np.sum(x ** 2) if w is None else np.sum(w * x ** 2)
    return s + sum(np.sum(r * x) for r in rest)


@pytest.mark.parametrize("options", [{}, {"optimize": False}])
def test_none_default_beside_keyword_only_and_star_parameters(options):
    """With keyword-only parameters (or ``*args``) the call is lowered (signatures.py
    Callable) and the None defaults were read from the lowered defaults aligned with the
    function's positional names: ``keyword_only(x)`` was refused ("argument 'w' is None")
    and None was taken for ``x``."""
    for call in ((X,), (X, None)):
        assert_close(sd.grad(keyword_only, **options)(*call), 4.0 * X)
    assert_close(sd.grad(keyword_only, **options)(X, W, scale=3.0), 6.0 * W * X)
    assert_close(sd.grad(keyword_only_none, **options)(X), 4.5 * X ** 2)
    assert_close(sd.grad(keyword_only_none, **options)(X, mask=None), 4.5 * X ** 2)
    assert_close(sd.grad(star_args, **options)(X), 2.0 * X)
    assert_close(sd.grad(star_args, **options)(X, None, W), 2.0 * X + W)
    with pytest.raises(TypeError, match="argument 'x' is None"):
        sd.grad(keyword_only, **options)(None)


def padded(x, mode="edge", how="sum"):
    y = np.pad(x, 2, mode=mode) ** 2 * np.arange(7.0)
    return np.sum(y) if how == "sum" else np.mean(y)


@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}])
def test_a_str_default_left_out_is_a_constant(options):
    assert_close(sd.grad(padded, **options)(X), numeric_grad(padded, (X,), 0))
    assert_close(sd.jvp(padded)(X, tangents=W)[1],
                 np.dot(numeric_grad(padded, (X,), 0), W))
    # the Hessian of sum(k * y_k^2), y = x padded by its edges: x0 at k = 0, 1, 2, x2 at 4, 5, 6
    assert_close(sd.hvp(padded)(X, vector=W), 2.0 * np.array([0 + 1 + 2, 3, 4 + 5 + 6]) * W)


def test_a_str_passed_is_still_refused():
    with pytest.raises(TypeError, match="argument 'mode' is a str"):
        sd.grad(padded)(X, "reflect")
    with pytest.raises(TypeError, match="argument 'how' is a str"):
        sd.jvp(padded)(X, "edge", "mean", tangents=W)


def converted(x, dt=np.float64, kind=float, width=np.dtype("float64")):
    return np.sum(np.asarray(x * 2.0, dtype=kind) ** 2 + x.astype(dt) * x.astype(width) ** 2)


def truncated(x, dt=np.int64):
    return np.sum(x.astype(dt) * x)


def test_a_dtype_default_left_out_is_a_constant():
    # a dtype class as a default crashed the argument check (np.float64 has an unbound
    # __array_namespace__) and a dtype default was refused as an argument of another type
    assert_close(sd.grad(converted)(X), 8.0 * X + 3.0 * X ** 2)
    assert_close(sd.grad(converted, optimize=False)(X), 8.0 * X + 3.0 * X ** 2)
    assert_close(sd.jvp(converted)(X, tangents=W)[1], np.dot(8.0 * X + 3.0 * X ** 2, W))
    assert_close(sd.hvp(converted)(X, vector=W), (8.0 + 6.0 * X) * W)
    with pytest.raises(sd.SrcdiffError, match="integer types spelled in the source"):
        sd.grad(truncated)(X)  # (a conversion to an integer type known only at run time)
    with pytest.raises(TypeError, match="argument 'dt' is a type"):
        sd.grad(truncated)(X, np.float32)
