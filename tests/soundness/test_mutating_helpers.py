"""Module-level helpers that write into their arguments, inlined where they are called.

A call of a module-level function that writes into its argument (``z[0] *= a`` on the
caller's ``u``) was refused ("the call to hm changes its argument in place"). It is now
inlined like a nested ``def`` (front/writing_helpers.py), so that the write is the caller's
own in-place write, when that is exactly Python's semantics: same globals, no free name
shadowed by a caller's local, no recursion, constant defaults. Otherwise the call stays
refused. Oracle: central finite differences in float64 (the primal run afresh each time)."""

import importlib.util

import numpy as np
import pytest

import srcdiff as sd
import writing_helper_elsewhere
from fd import assert_close, numeric_grad

X = np.array([0.7, -1.2, 0.4, 1.5])
A = 1.3


# ------------------------------------------------------------------ helpers that write


def hm(z, a):
    z[0] *= a
    z[1:] += 0.5 * z[:-1]
    return np.sum(z)


def smooth(z, a, r=0.25):
    for i in range(1, z.shape[0]):
        z[i] -= r * a * z[i - 1]
    return z[-1]


def scale_first(p, a):
    p[0] = p[0] * a
    return p


def outer_step(z, a):
    t = hm(z, a)  # a chain: the argument passed on to a helper that writes
    z[2] = np.sin(z[2]) * t
    return t


WEIGHT = 0.75  # read by fills only (not by its callers): reserved, never a temporary's name


def fills(z, a):
    z[1:3] = a * z[0] * WEIGHT


# ------------------------------------------------------------------ callers


def slice_writes(x, a):
    u = x * 1.0
    s = hm(u, a)
    return s + np.sum(u * u)


def augmented_in_a_loop_with_default(x, a):
    u = np.tanh(x)
    s = smooth(u, a) + smooth(u, a, r=0.5)
    return s * np.sum(u ** 2)


def called_twice(x, a):
    u = x * 2.0
    s = hm(u, a)
    s = s + hm(u, a * 0.5)
    return s + np.sum(np.cos(u))


def in_a_loop(x, a):
    u = x + 0.0
    s = 0.0
    for _ in range(3):
        s = s + hm(u, a) * 0.1
    return s + np.sum(u * x)


def chain(x, a):
    u = x * 1.0
    t = outer_step(u, a)
    return t + np.sum(u ** 3)


def returns_the_argument(x, a):
    u = x * 1.0
    v = scale_first(u, a)
    return np.sum(v * u) + v[0] * x[1]


def as_a_statement(x, a):
    u = np.exp(x)
    fills(u, a)
    fills(u, a * 0.5)
    return np.sum(u * x)


PROGRAMS = [slice_writes, augmented_in_a_loop_with_default, called_twice, in_a_loop, chain,
            returns_the_argument, as_a_statement]


def expected(f):
    return numeric_grad(f, (X.copy(), A), 0), numeric_grad(f, (X.copy(), A), 1)


@pytest.mark.parametrize("f", PROGRAMS, ids=[f.__name__ for f in PROGRAMS])
@pytest.mark.parametrize("options", [{}, {"verify": True}, {"optimize": False},
                                     {"checkpoint": "sqrt"}], ids=["opt", "verify", "ref", "ckpt"])
def test_reverse_matches_finite_differences(f, options):
    x = X.copy()
    gx, ga = sd.grad(f, (0, 1), **options)(x, A)
    ex, ea = expected(f)
    assert_close(gx, ex)
    assert_close(ga, ea)
    np.testing.assert_array_equal(x, X)  # (the caller copies before the helper writes)


@pytest.mark.parametrize("f", PROGRAMS, ids=[f.__name__ for f in PROGRAMS])
def test_forward_and_hvp_match_finite_differences(f):
    t = np.array([0.3, -0.5, 1.0, 0.2])
    ex, _ = expected(f)
    _, jt = sd.jvp(f)(X.copy(), A, tangents=t)
    assert_close(jt, ex @ t)
    hv = sd.hvp(f)(X.copy(), A, vector=t)

    def directional(x, a):  # d/dx of <grad f, t>, by differences of differences
        return numeric_grad(f, (x, a), 0) @ t
    assert_close(hv, numeric_grad(directional, (X.copy(), A), 0, eps=1e-4), rtol=1e-4,
                 atol=1e-5)


def test_the_call_is_inlined_not_compiled_as_a_call(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    text = str(sd.source(chain, (0, 1)))
    assert "fwd_" not in text and "bwd_" not in text and "hm(" not in text
    assert "adjoint of line" in text and "t = outer_step(u, a)" in text  # (the call's line)


def test_a_call_of_a_helper_that_does_not_write_keeps_its_adjoints(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    text = str(sd.source(uses_reads_only))
    assert "bwd_reads_only" in text


def reads_only(z, a):
    return np.sum(z * a)


def uses_reads_only(x):
    return reads_only(x, 2.0) * np.sum(x)


def test_cli_module_matches_finite_differences(tmp_path, monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    src = tmp_path / "mutating_helper_sample.py"
    src.write_text("import numpy as np\n\n\ndef hm(z, a):\n    z[0] *= a\n"
                   "    z[1:] += 0.5 * z[:-1]\n    return np.sum(z)\n\n\ndef f(x, a):\n"
                   "    u = x * 1.0\n    s = hm(u, a)\n    return s + np.sum(u * u)\n")
    monkeypatch.chdir(tmp_path)
    from srcdiff import cli
    assert cli.main([f"{src.name}:f", "--wrt", "x,a", "-o", "grad_out.py"]) == 0
    spec = importlib.util.spec_from_file_location("grad_out_mutating", tmp_path / "grad_out.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    gx, ga = module.grad_f(X.copy(), A)
    ex, ea = expected(slice_writes)  # (the same program)
    assert_close(gx, ex)
    assert_close(ga, ea)


def test_numba_backend_matches_finite_differences():
    pytest.importorskip("numba")
    gx, ga = sd.grad(slice_writes, (0, 1), backend="numba")(X.copy(), A)
    ex, ea = expected(slice_writes)
    assert_close(gx, ex)
    assert_close(ga, ea)


# ------------------------------------------------------------------ still refused

SCALE = 2.0


def reads_scale(z):
    z[0] = z[0] * SCALE  # a global: the caller below has a local SCALE
    return z


def shadows_a_global(x):
    SCALE = 5.0
    u = x * 1.0
    v = reads_scale(u)
    return np.sum(v * u) * SCALE


def halves(z, n):
    z[0] = z[0] * 0.5
    if n > 0:
        z = halves(z, n - 1)
    return z


def recursive(x):
    u = x * 1.0
    v = halves(u, 2)
    return np.sum(v * x)


def keeps(x, acc=np.zeros(4)):
    acc[0] += x[0]
    return np.sum(acc * x)


def mutable_default(x):
    return keeps(x)


other_writes = writing_helper_elsewhere.writes  # another module's globals


def of_another_module(x):
    u = x * 1.0
    v = other_writes(u)
    return np.sum(v * u)


REFUSED = [(shadows_a_global, "reads_scale"), (recursive, "halves"),
           (mutable_default, "keeps"), (of_another_module, "writes")]


@pytest.mark.parametrize("f,helper", REFUSED, ids=[f.__name__ for f, _ in REFUSED])
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_not_inlinable_calls_stay_refused(f, helper, mode):
    with pytest.raises(sd.SrcdiffError) as info:
        if mode == "reverse":
            sd.grad(f)(X.copy())
        else:
            sd.jvp(f)(X.copy(), tangents=np.ones(4))
    msg = str(info.value)
    assert "changes" in msg and "in place" in msg, msg
    assert f"{helper} writes into its parameter" in msg or "default value" in msg, msg
    assert "test_mutating_helpers.py" in msg and "hint:" in msg


def ruled(z, a):
    z[0] = z[0] * a
    return z


def uses_ruled(x):
    u = x * 1.0
    v = ruled(u, 2.0)
    return np.sum(v * u)


@pytest.fixture
def rule_for_ruled():
    """A rule of the user's for ``ruled``, taken out of the global table after the test."""
    from srcdiff.api import transforms
    from srcdiff.rules import DEFAULT
    before = dict(DEFAULT._rules)
    sd.register_vjp(ruled, lambda g, ans, z, a: (g * a, None))
    yield
    DEFAULT._rules.clear()
    DEFAULT._rules.update(before)
    transforms._CACHE.clear()


def test_a_helper_with_a_rule_of_the_users_is_not_inlined(rule_for_ruled):
    # (the rule gives the helper's derivative: inlining would bypass it; refused as before)
    with pytest.raises(sd.SrcdiffError, match="the call to ruled changes its argument"):
        sd.grad(uses_ruled)(X.copy())


def statements_then_assignment(x, a):
    u = np.exp(x)
    fills(u, a)
    fills(u, a * 0.5)
    r = fills(u, a * 0.25)  # noqa: F841
    return np.sum(u * x)


def test_a_bare_statement_call_is_looked_at_once(monkeypatch):
    # normalize.py stmt_Expr asks whether `fills(u, a)` is inlined, then normalizing its
    # value asks again (expressions.py): the second ask reuses the first answer, so the helper
    # is parsed (and its names reserved) once per call, as for the assigned call
    from srcdiff.compiler.front import writing_helpers
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    parsed = []

    def counting(fn):
        parsed.append(fn.__name__)
        return real(fn)
    real = writing_helpers.parse_function
    monkeypatch.setattr(writing_helpers, "parse_function", counting)
    gx, ga = sd.grad(statements_then_assignment, (0, 1))(X.copy(), A)
    assert parsed == ["fills"] * 3
    assert_close(gx, numeric_grad(statements_then_assignment, (X.copy(), A), 0))
    assert_close(ga, numeric_grad(statements_then_assignment, (X.copy(), A), 1))
