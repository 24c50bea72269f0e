"""The gradient of ``f`` in every pipeline (optimized, verification mode, the unoptimized
reference) against central finite differences: the check of the tests of rewrites."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, total
from tangents import inner, random_like

PIPELINES = ({}, {"verify": True}, {"optimize": False})


def check_pipelines(f, args, wrt):
    """Each pipeline's gradient of ``f`` at ``args`` w.r.t. ``wrt`` (an int or a tuple)
    against central differences (computed once)."""
    wrt = wrt if isinstance(wrt, tuple) else (wrt,)
    want = [numeric_grad(f, args, w) for w in wrt]
    for options in PIPELINES:
        for got, expected in zip(sd.grad(f, wrt=wrt, **options)(*args), want):
            assert_close(got, expected)


def check_pipelines_and_tangent(f, args):
    """check_pipelines w.r.t. every argument, and the forward-mode tangent along random
    directions against the inner product of the differences with them."""
    wrt = tuple(range(len(args)))
    check_pipelines(f, args, wrt)
    t = tuple(random_like(a, np.random.default_rng(k)) for k, a in enumerate(args))
    _, tangent = sd.jvp(f, wrt=wrt)(*args, tangents=t)
    want = sum(inner(numeric_grad(f, args, k), t[k]) for k in wrt)
    assert_close(total(tangent), want, what="tangent")


def check_every_mode(f, x, seed=0, hvp=False):
    """``f``'s gradient at the array ``x`` in every pipeline against central differences,
    its forward-mode tangent along a random direction against their inner product, and,
    with ``hvp``, its Hessian-vector product against central differences of the gradient."""
    expected = numeric_grad(f, (x,), 0)
    for options in PIPELINES:
        assert_close(sd.grad(f, **options)(x), expected)
    t = random_like(x, np.random.default_rng(seed))
    _, tangent = sd.jvp(f)(x, tangents=t)
    assert_close(total(tangent), inner(expected, t), what="tangent")
    if hvp:
        v, h, g = random_like(x, np.random.default_rng(seed + 1)), 1e-6, sd.grad(f)
        assert_close(sd.hvp(f)(x, vector=v), (g(x + h * v) - g(x - h * v)) / (2 * h),
                     rtol=1e-4, atol=1e-5)
    return expected


def refusal_message(f, x, mode):
    """The message of the SrcdiffError ``f`` raises when differentiated at the array ``x``
    in reverse (``mode="reverse"``) or forward mode (fails when none is raised)."""
    with pytest.raises(sd.SrcdiffError) as info:
        if mode == "reverse":
            sd.grad(f)(x.copy())
        else:
            sd.jvp(f)(x.copy(), tangents=np.ones_like(x))
    return str(info.value)



def check_definition(fn, args, kwargs):
    """srcdiff's definition of ``fn`` (rules/composites.py ``COMPOSITES``) computes what
    ``fn`` computes on these arguments: the same shapes, dtypes and values, up to rounding
    (each entry of a tuple result)."""
    from srcdiff.rules.composites import COMPOSITES

    with np.errstate(all="ignore"):
        expected = fn(*args, **kwargs)
        got = COMPOSITES[fn](*args, **kwargs)
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
    for e, g in zip(expected if isinstance(expected, tuple) else [expected],
                    got if isinstance(expected, tuple) else [got]):
        assert np.shape(g) == np.shape(e) and np.asarray(g).dtype == np.asarray(e).dtype
        np.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-14, equal_nan=True)
