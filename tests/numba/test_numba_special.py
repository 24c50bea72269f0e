"""backend="numba" on ``scipy.special`` functions of one float (compiler/emit/
numba_special.py: SciPy's own C functions, called through its Cython C API): the values
are the ufuncs' bit for bit; a negative binomial likelihood written with ``gammaln``
(whose gradient calls ``digamma``: the realistic workload negbin was refused for it)
agrees with its closed-form gradient, central finite differences and the NumPy backend;
a scipy.special function without a compiled version is refused, named."""

import numpy as np
import pytest
import scipy.special
from scipy.special import gammaln

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.errors import SrcdiffError

numba = pytest.importorskip("numba")


def _same(got, want):
    return np.array_equal(got.view(np.int64), want.view(np.int64)) or \
        np.array_equal(got, want, equal_nan=True)


def test_values_are_scipys_bit_for_bit():
    import ctypes

    from srcdiff.compiler.emit import numba_special
    rng = np.random.default_rng(41)
    x = np.concatenate([rng.standard_normal(300) * 4, rng.uniform(-30.0, 180.0, 300),
                        [0.0, -0.0, 1.0, -1.0, -2.0, 0.5, 1e-300, 1e300, 171.7, 1e-8,
                         1.0 - 1e-9, -1.0 + 1e-9, np.inf, -np.inf, np.nan]])
    c_function = ctypes.CFUNCTYPE(ctypes.c_double, ctypes.c_double, ctypes.c_int)
    with np.errstate(all="ignore"):
        for name in numba_special.NAMES:  # the function at the address compiled code calls
            fn = c_function(numba_special.address(name))
            got = np.array([fn(float(v), 0) for v in x])
            assert _same(got, getattr(scipy.special, name)(x)), name
        # through compiled code: a float array, a number, a 2-d int array
        ns = dict(numba_special.helpers())
        exec("def two(x):\n    return special_gammaln(x), special_digamma(x)\n", ns)  # noqa: S102
        two = numba.njit(ns["two"])
        got = two(x)
        assert _same(got[0], gammaln(x)) and _same(got[1], scipy.special.digamma(x))
        assert two(3.5) == (gammaln(3.5), scipy.special.digamma(3.5))
        ints = np.arange(-2, 4).reshape(2, 3)
        assert _same(two(ints)[1], scipy.special.digamma(ints.astype(float)))


def negbin(beta, log_r, X, y):
    mu = np.exp(X @ beta)
    r = np.exp(log_r)
    ll = (gammaln(y + r) - gammaln(r) - gammaln(y + 1)
          + r * np.log(r / (r + mu)) + y * np.log(mu / (r + mu)))
    # (gammaln's value read in the gradient: a call of the name imported from scipy)
    return -np.sum(ll) + 0.05 * np.sum(beta ** 2) + 0.01 * log_r * np.sum(gammaln(y + 1.5))


def negbin_grad(beta, log_r, X, y):
    mu = np.exp(X @ beta)
    r = np.exp(log_r)
    g_eta = r * (y - mu) / (r + mu)
    g_r = np.sum(scipy.special.digamma(y + r) + np.log(r / (r + mu)) + (mu - y) / (r + mu)
                 - scipy.special.digamma(r))
    return 0.1 * beta - X.T @ g_eta, -r * g_r + 0.01 * np.sum(gammaln(y + 1.5))


def test_negbin_gradient():
    rng = np.random.default_rng(7)
    X = rng.standard_normal((30, 4)) / 2.0
    y = rng.integers(0, 9, 30).astype(float)
    args = (0.3 * rng.standard_normal(4), 0.4, X, y)
    got = sd.grad(negbin, wrt=(0, 1), backend="numba")(*args)
    ref = sd.grad(negbin, wrt=(0, 1))(*args)
    for g, r, h, k in zip(got, ref, negbin_grad(*args), (0, 1)):
        assert np.shape(g) == np.shape(args[k])
        assert_close(g, h, rtol=1e-12, atol=1e-12)
        assert_close(g, r, rtol=1e-12, atol=1e-12)
        assert_close(g, numeric_grad(negbin, args, k))


def trigamma_needed(x):
    return np.sum(scipy.special.digamma(x))


def test_polygamma_refused_named():
    with pytest.raises(SrcdiffError, match=r"scipy\.special\.polygamma\(1, x\)"):
        sd.grad(trigamma_needed, backend="numba")(np.array([1.5, 2.5]))


# (function, argument template in its domain) for the random programs below; not j1, i1,
# i1e, y1 (their gradients call jv, iv, ive, yv of an order and x: refused) nor digamma
# (polygamma: test_polygamma_refused_named)
CASES = (("gammaln", "1.5 + {x} * {x}"), ("gamma", "1.2 + 0.3 * {x} * {x}"),
         ("rgamma", "1.1 + {x} * {x}"), ("loggamma", "2.0 + {x} * {x}"), ("erf", "{x}"),
         ("erfc", "{x}"), ("expit", "{x}"), ("logit", "0.5 + 0.3 * np.tanh({x})"),
         ("ndtr", "{x}"), ("log_ndtr", "{x}"), ("i0", "{x}"), ("i0e", "{x}"), ("j0", "{x}"),
         ("y0", "1.0 + {x} * {x}"), ("erfinv", "0.5 * np.tanh({x})"),
         ("entr", "0.5 + {x} * {x}"))
PROGRAMS = 2


def _program(rng):
    picks = [CASES[i] for i in rng.choice(len(CASES), 3, replace=False)]
    calls = [f"scipy.special.{n}({t.format(x=x)})"
             for (n, t), x in zip(picks, ("x", "y", "x * y"))]
    return ("import numpy as np\nimport scipy.special\n\n\ndef f(x, y):\n"
            f"    t = {calls[0]} * y + {calls[1]}\n    return np.sum(t * {calls[2]})\n")


def test_random_special_programs(random_programs):
    """Random compositions of the scipy.special functions srcdiff differentiates, through
    backend="numba" (a seed per run, printed): each compiles, reaching special_<name>, and
    agrees with the NumPy backend and central finite differences."""
    programs = random_programs("special")
    rng, texts = programs.rng, programs.texts
    compiled = 0
    for k in range(PROGRAMS):
        module = programs.load(f"special_{k}", _program(rng))
        args = (0.6 * rng.standard_normal(4), 0.6 * rng.standard_normal(4))
        got = sd.grad(module.f, wrt=(0, 1), backend="numba")(*args)
        ref = sd.grad(module.f, wrt=(0, 1))(*args)
        for g, r, i in zip(got, ref, (0, 1)):
            assert_close(g, r, rtol=1e-12, atol=1e-13)
            assert_close(g, numeric_grad(module.f, args, i))
        compiled += 1
    assert compiled == PROGRAMS and texts and all("special_" in t for t in texts)
