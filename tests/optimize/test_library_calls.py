"""Library calls spelled under the user's own names (``import numpy as onp``, ``from numpy
import exp``, ``from scipy.special import gammaln``) are known to have no effect
(analysis/effects.py library_calls), so a call whose value the gradient never reads is
dead code, as ``np.exp(x)`` is: a gradient-only function computed the loss's
``gammaln(y + 1)`` (a constant), ``onp.sum(...)`` (the unread loss) and such anyway.
A call that may write (``out=``, a ufunc's positional output, a NumPy function without
a derivative rule) or whose name the function rebinds keeps its effect."""

import numpy as onp
import pytest
import scipy.special as sps
from numpy import exp, log
from scipy.special import gammaln

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.analysis.effects import library_calls
from srcdiff.compiler.front.parse import parse_function
from srcdiff.rules import DEFAULT

PIPELINES = ({}, {"verify": True}, {"optimize": False})


def negbin_like(beta, log_r, y):
    mu = onp.exp(beta)
    r = exp(log_r)
    ll = (gammaln(y + r) - sps.gammaln(r) - gammaln(y + 1)
          + r * log(r / (r + mu)) + y * onp.log(mu / (r + mu)))
    return -onp.sum(ll)


def _args():
    rng = onp.random.default_rng(3)
    return 0.3 * rng.standard_normal(6), 0.4, onp.arange(6.0)


def test_dead_library_calls_are_gone():
    src = _code(sd.source(negbin_like, wrt=(0, 1), args=_args()))
    assert "gammaln(y + 1)" not in src          # a constant: never read
    assert "onp.sum(" not in src                # the loss itself: unread by the gradient


@pytest.mark.parametrize("options", PIPELINES, ids=("optimized", "verify", "reference"))
def test_gradient_matches_finite_differences(options):
    args = _args()
    got = sd.grad(negbin_like, wrt=(0, 1), **options)(*args)
    for k, g in zip((0, 1), got):
        assert_close(g, numeric_grad(negbin_like, args, k))


def _code(src):
    """The source without its comments (which quote the user's lines)."""
    return "\n".join(ln for ln in src.splitlines() if not ln.strip().startswith("#"))


def _calls(fn):
    parsed = parse_function(fn)
    return library_calls(parsed.node, parsed, DEFAULT)


def writes(x):
    buf = onp.zeros(3)
    a = exp(x, buf)               # a positional output: writes buf
    b = onp.exp(x, out=buf)       # out=
    c = onp.copyto(buf, x)        # no derivative rule: not known
    d = gammaln(x)
    e = log(x)
    return onp.sum(x) + a + b + c + d + e


def rebinds(x):
    exp = onp.sin                 # a local named like the import: not the library's
    return exp(x) + sps.gammaln(x)


def test_spellings():
    # (the number of a ufunc's inputs, for optimize/shapes.py; 0 for other functions)
    assert _calls(writes) == {"onp.zeros": 0, "gammaln": 1, "log": 1, "onp.sum": 0}
    assert _calls(rebinds) == {"sps.gammaln": 1}


def test_a_call_with_an_output_stays():
    def f(x):
        buf = onp.zeros(3)
        y = exp(x, buf)
        return onp.sum(x * buf) + 0.0 * y[0]
    try:
        src = sd.source(f, wrt=(0,), args=(onp.ones(3),))
    except sd.SrcdiffError:       # refused: fine too
        return
    code = _code(src)  # (kept as written, or as the store its `out` makes: front end)
    assert "exp(x, buf)" in code or "buf[...] = " in code, code
