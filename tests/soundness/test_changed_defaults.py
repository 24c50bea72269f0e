"""A function given other default values after a transform of it was made.

Generated code has a plain default (a float, an int) as a literal and binds a call that
leaves the parameter out to the default the transform saw when it was made. A function
given other defaults since (``f.__defaults__ = (5.0,)``, ``f.__kwdefaults__["s"] = 4.0``;
for the differentiated function or a helper it calls) kept the old value with no error:
``sd.grad(f)(1.0)`` gave 2.0 for 5.0, and for a helper even a *new* ``sd.grad`` gave the
old gradient (the cached one). Defaults are now guarded as a function's code is
(emit/live.py ``DefaultsGuard``) and bound as the function has them at the call
(api/transforms.py ``refresh_defaults``; api/callables.py for keyword-only parameters).
Oracle: the closed form with the new default.
"""

import numpy as np
import pytest

import srcdiff as sd


def _direct():
    def f(x, s=2.0):
        return x * s * s
    return f, f


def _helper():
    def helper(x, s=2.0):
        return x * s * s

    def f(x):
        return helper(x) + x
    return f, helper


def _keyword_only():
    def f(x, *, s=2.0):
        return x * s * s
    return f, f


def _keyword_only_helper():
    def helper(x, *, s=2.0):
        return x * s * s

    def f(x):
        return helper(x) + x
    return f, helper


def _set_positional(fn, value):
    fn.__defaults__ = (value,)


def _set_keyword(fn, value):
    fn.__kwdefaults__["s"] = value


MAKERS = {
    "direct": (_direct, _set_positional, 0.0),
    "helper": (_helper, _set_positional, 1.0),
    "keyword_only": (_keyword_only, _set_keyword, 0.0),
    "keyword_only_helper": (_keyword_only_helper, _set_keyword, 1.0),
}

TRANSFORMS = {
    "grad": lambda f: (lambda x: sd.grad(f)(x)),
    "value_and_grad": lambda f: (lambda x: sd.value_and_grad(f)(x)[1]),
    "jvp": lambda f: (lambda x: sd.jvp(f)(x, tangents=1.0)[1]),
    "vjp": lambda f: (lambda x: sd.vjp(f)(x)[1](1.0)),
}


@pytest.mark.parametrize("transform", sorted(TRANSFORMS))
@pytest.mark.parametrize("case", sorted(MAKERS))
@pytest.mark.parametrize("made", ["before", "after"])
def test_the_gradient_uses_the_new_default(case, transform, made):
    make, change, extra = MAKERS[case]
    f, changed = make()
    x = 0.75
    early = TRANSFORMS[transform](f)  # made (and compiled) with the old default
    assert np.isclose(early(x), 4.0 + extra)
    change(changed, 5.0)
    run = early if made == "before" else TRANSFORMS[transform](f)
    assert np.isclose(run(x), 25.0 + extra)


def test_hvp_and_hessian_use_the_new_default():
    def f(x, s=2.0):
        return s * x ** 3

    hv = sd.hvp(f)
    assert np.isclose(hv(0.5, vector=1.0), 2.0 * 6 * 0.5)
    f.__defaults__ = (3.0,)
    assert np.isclose(hv(0.5, vector=1.0), 3.0 * 6 * 0.5)
    assert np.isclose(sd.hessian(f)(0.5), 3.0 * 6 * 0.5)


def test_an_array_default_rebound():
    def f(x, w=np.array([1.0, 2.0])):
        return np.sum(x * w)

    df = sd.grad(f)
    assert np.allclose(df(np.ones(2)), [1.0, 2.0])
    f.__defaults__ = (np.array([3.0, -1.0]),)
    assert np.allclose(df(np.ones(2)), [3.0, -1.0])


def test_unchanged_defaults_keep_the_compiled_gradient():
    def f(x, s=2.0):
        return x * s

    df = sd.grad(f)
    first = df(1.0)
    f.__defaults__ = tuple(f.__defaults__)  # the same objects: the same gradient
    assert df(1.0) == first == 2.0
    assert df(1.0, 3.0) == 3.0


def test_the_numba_backend_uses_the_new_default():
    pytest.importorskip("numba")

    def f(x, s=2.0):
        t = 0.0
        for i in range(x.shape[0]):
            t = t + x[i] * s
        return t

    df = sd.grad(f, backend="numba")
    assert np.allclose(df(np.ones(2)), [2.0, 2.0])
    f.__defaults__ = (5.0,)
    assert np.allclose(df(np.ones(2)), [5.0, 5.0])
