"""A helper that writes into its argument and reads ``np``, called from a function that
never mentions ``np``.

The helper is inlined (front/writing_helpers.py) when each global it reads is, in the
generated code, the object its own module binds to that name. ``np`` was refused as a name
srcdiff reserves for its generated code unless the caller happened to read ``np`` itself: the
call was left a call and refused ("this expression statement has an effect srcdiff cannot
follow", or "changes its argument in place"). The generated code binds ``np`` to numpy, the
object the helper's module binds: inlined now. A global named like one of srcdiff's run-time
helpers but bound to another object is still not inlined (the call is refused as before).
Oracle: central finite differences in float64."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

X = np.array([0.7, -1.2, 0.4, 1.5])
A = 0.3


def rescale(z, a):
    z[0] = z[0] * np.exp(a)
    z[1:] += np.sin(z[:-1])
    return np.sum(z)


def as_a_statement(x, a):
    u = x * 1.0
    rescale(u, a)
    return (u * u * x).sum()


def assigned(x, a):
    u = x + 0.0
    s = rescale(u, a * x[0])
    return s * (u ** 2).sum()


PROGRAMS = [as_a_statement, assigned]


@pytest.mark.parametrize("f", PROGRAMS, ids=[f.__name__ for f in PROGRAMS])
@pytest.mark.parametrize("options", [{}, {"verify": True}, {"optimize": False}],
                         ids=["opt", "verify", "ref"])
def test_reverse_matches_finite_differences(f, options):
    gx, ga = sd.grad(f, (0, 1), **options)(X.copy(), A)
    assert_close(gx, numeric_grad(f, (X.copy(), A), 0))
    assert_close(ga, numeric_grad(f, (X.copy(), A), 1))


@pytest.mark.parametrize("f", PROGRAMS, ids=[f.__name__ for f in PROGRAMS])
def test_forward_and_second_order_match_finite_differences(f):
    t = np.array([0.3, -0.5, 1.0, 0.2])
    _, jt = sd.jvp(f)(X.copy(), A, tangents=t)
    assert_close(jt, numeric_grad(f, (X.copy(), A), 0) @ t)
    h = 1e-4  # (the Hessian along t: central differences of the differenced gradient)
    ahead, behind = (numeric_grad(f, (X + s * h * t, A), 0) for s in (1.0, -1.0))
    assert_close(sd.hvp(f)(X.copy(), A, vector=t), (ahead - behind) / (2 * h), rtol=1e-4,
                 atol=1e-5)


def test_the_helper_is_inlined(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    text = str(sd.source(as_a_statement, (0, 1)))
    assert "fwd_" not in text and "bwd_" not in text and "np.exp(a)" in text


def unbroadcast(z):  # (the name of a run-time helper of srcdiff's, another object)
    return z


def reads_a_helper_name(z, a):
    z[0] = unbroadcast(z[0]) * a
    return z


def calls_it(x, a):
    u = x * 1.0
    reads_a_helper_name(u, a)
    return (u * u).sum()


def test_a_global_named_like_a_runtime_helper_is_not_inlined():
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(calls_it)(X.copy(), A)
    msg = str(info.value)
    assert "reads_a_helper_name(u, a)" in msg and "test_helpers_reading_numpy.py" in msg, msg
