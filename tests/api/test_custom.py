"""User rules (SPEC §4): @sd.custom_vjp, sd.register_vjp / register_jvp, sd.rules()."""

import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from paths import README
from srcdiff.api.custom import custom_vjp, register_jvp, register_vjp, rules
from srcdiff.rules import DEFAULT


@pytest.fixture
def registry_snapshot():
    """Registration changes the global table: put it back after the test."""
    from srcdiff.api import transforms as api

    # registering for a primitive that has a rule changes its Rule object in place: put
    # back the objects themselves (other tests hold them) and what they held
    originals = dict(DEFAULT._rules)
    saved = {k: r.copy() for k, r in originals.items()}
    yield
    for k, rule in originals.items():
        for attr in rule.__slots__:
            setattr(rule, attr, getattr(saved[k], attr))
    DEFAULT._rules.clear()
    DEFAULT._rules.update(originals)
    api._CACHE.clear()


# ------------------------------------------------------------------ custom_vjp


@custom_vjp
def softplus(x):
    return np.log1p(np.exp(x))


@softplus.defvjp
def _(g, ans, x):
    return g * (1 - np.exp(-ans))


@softplus.defjvp
def _(d, ans, x):
    return d * (1 - np.exp(-ans))


def uses_softplus(x):
    return np.sum(softplus(x) * 2.0)


@custom_vjp
def doubled(x):
    return 2.0 * x


@doubled.defvjp
def doubled_rule(g, ans, x):
    return g * 7.0  # deliberately not the derivative: proves the rule is used


def uses_doubled(x):
    return np.sum(doubled(x))


@custom_vjp
def cube_by_loop(x):
    return x * x * x


@cube_by_loop.defvjp
def _(g, ans, x):
    total = 0.0
    for _ in range(3):  # a loop: the rule cannot be inlined, generated code calls it
        total = total + g * x * x
    return total


@custom_vjp
def square_by_loop(x):
    return x * x


@square_by_loop.defvjp
def _(g, ans, x):
    total = 0.0
    for _ in range(2):
        total = total + g * x
    return total


def uses_two_called_rules(x):
    return np.sum(cube_by_loop(x) + square_by_loop(x))


@custom_vjp
def scaled_sum(x, y, scale=1.0):
    return scale * (x + 2.0 * y)


@scaled_sum.defvjp
def _(g, ans, x, y, scale=1.0):
    return g * scale, g * scale * 2.0


def uses_scaled_sum(x, y):
    return np.sum(scaled_sum(x, y, scale=3.0))


@custom_vjp
def no_rule_yet(x):
    return x + 1.0


def uses_no_rule(x):
    return np.sum(no_rule_yet(x))


X = np.array([0.3, -1.2, 2.0])
Y = np.array([1.5, 0.5, -0.7])


def test_custom_function_still_runs_the_original():
    assert np.allclose(softplus(X), np.log1p(np.exp(X)))
    assert softplus.__name__ == "softplus" and "custom_vjp" in repr(softplus)


def test_defvjp_returns_the_rule():
    assert doubled_rule.__name__ == "doubled_rule"


def test_custom_vjp_matches_finite_differences():
    got = sd.grad(uses_softplus)(X)
    assert_close(got, numeric_grad(uses_softplus, (X,), 0))


def test_custom_rule_is_used_at_the_call_site():
    np.testing.assert_allclose(sd.grad(uses_doubled)(X), np.full(3, 7.0))
    assert "7.0" in sd.source(uses_doubled, args=(X,))  # inlined into the generated code


def test_called_rules_get_distinct_names():
    src = sd.source(uses_two_called_rules, args=(X,))
    assert "vjp_cube_by_loop(" in src and "vjp_square_by_loop(" in src
    got = sd.grad(uses_two_called_rules)(X)
    np.testing.assert_allclose(got, 3 * X ** 2 + 2 * X)


def test_custom_rule_with_two_arguments_and_an_option():
    gx, gy = sd.grad(uses_scaled_sum, wrt=(0, 1))(X, Y)
    np.testing.assert_allclose(gx, np.full(3, 3.0))
    np.testing.assert_allclose(gy, np.full(3, 6.0))


def test_custom_jvp_in_forward_mode():
    jvp = getattr(sd, "jvp", None)
    if jvp is None:
        from srcdiff.api.higher import jvp
    value, tangent = jvp(uses_softplus)(X, tangents=np.ones(3))
    np.testing.assert_allclose(tangent, np.sum(2.0 / (1.0 + np.exp(-X))))


def test_function_without_rule_is_an_error():
    with pytest.raises(sd.SrcdiffError, match="register_vjp"):
        sd.grad(uses_no_rule)(X)


def test_check_grads_accepts_a_correct_custom_rule():
    assert sd_check_grads()(uses_softplus, X, modes=("rev", "fwd")) is None


def test_check_grads_rejects_a_wrong_custom_rule():
    with pytest.raises(AssertionError, match="does not match finite differences"):
        sd_check_grads()(uses_doubled, X)


def sd_check_grads():
    from srcdiff.api.check import check_grads

    return check_grads


# ------------------------------------------------------------------ register_vjp


def uses_erf(x):
    return math.erf(x) * 3.0


def uses_sinc(x):
    return np.sum(np.sinc(x))


class Scaler:
    def __init__(self, k):
        self.k = k

    def apply(self, x):
        return self.k * x


SCALER = Scaler(4.0)


def uses_bound_method(x):
    return np.sum(SCALER.apply(x))


def test_register_vjp_for_a_library_function(registry_snapshot):
    def erf_rule(g, ans, x):
        return g * 2.0 / np.sqrt(np.pi) * np.exp(-x * x)

    register_vjp(math.erf, erf_rule)
    got = sd.grad(uses_erf)(0.4)
    assert got == pytest.approx(numeric_grad(uses_erf, (0.4,), 0), rel=1e-6)


def test_register_vjp_with_a_lambda_is_called(registry_snapshot):
    register_vjp(math.erf, lambda g, ans, x: g * 2.0 / np.sqrt(np.pi) * np.exp(-x * x))
    got = sd.grad(uses_erf)(0.4)
    assert got == pytest.approx(numeric_grad(uses_erf, (0.4,), 0), rel=1e-6)
    assert "vjp_erf" in sd.source(uses_erf, args=(0.4,))


def test_register_vjp_replaces_a_builtin_rule_and_recompiles(registry_snapshot):
    x = np.array([0.2, 0.7])
    before = sd.grad(uses_sinc)(x)
    assert_close(before, numeric_grad(uses_sinc, (x,), 0))
    register_vjp(np.sinc, lambda g, ans, x: g * 0.0 + 5.0)
    np.testing.assert_allclose(sd.grad(uses_sinc)(x), [5.0, 5.0])


def test_register_vjp_for_a_bound_method(registry_snapshot):
    register_vjp(SCALER.apply, lambda g, ans, x: g * 4.0)
    np.testing.assert_allclose(sd.grad(uses_bound_method)(X), np.full(3, 4.0))


def test_register_jvp_is_listed(registry_snapshot):
    register_jvp(math.frexp, lambda d, ans, x: (d / 2.0 ** ans[1], None))  # no rule of its own
    assert ("math.frexp", "jvp") in rules()


def test_registration_returns_the_rule(registry_snapshot):
    def rule(g, ans, x):
        return g

    assert register_vjp(math.erf, rule) is rule


# ------------------------------------------------------------------ validation


def test_rule_without_g_and_ans_is_rejected():
    def bad(g):
        return g

    with pytest.raises(sd.SrcdiffError, match=r"must take \(g, ans, \*args\)"):
        register_vjp(math.erf, bad)


def test_rule_missing_an_argument_is_rejected():
    def two(x, y):
        return x * y

    def rule(g, ans, x):
        return g * x

    with pytest.raises(sd.SrcdiffError, match=r"cannot be called as rule\(g, ans, x, y\)"):
        register_vjp(two, rule)


def test_rule_with_an_extra_required_argument_is_rejected():
    def rule(g, ans, x, y):
        return g, g

    with pytest.raises(sd.SrcdiffError, match="one parameter per argument"):
        register_vjp(math.erf, rule)


def test_forward_rule_signature_is_checked():
    with pytest.raises(sd.SrcdiffError, match=r"\(d, ans, \*args\)"):
        register_jvp(math.erf, lambda d: d)


def test_non_callables_are_rejected():
    with pytest.raises(TypeError, match="rule must be a function"):
        register_vjp(math.erf, 3)
    with pytest.raises(TypeError, match="the function to give a rule to"):
        register_vjp("erf", lambda g, ans, x: g)
    with pytest.raises(TypeError, match="expects a function"):
        custom_vjp(3)


def test_ufunc_rules_are_checked_against_its_arity():
    with pytest.raises(sd.SrcdiffError, match=r"rule\(g, ans, x1, x2\)"):
        register_vjp(np.hypot, lambda g, ans, x: g)


# ------------------------------------------------------------------ rules()


def test_rules_lists_every_primitive_once_sorted():
    table = rules()
    names = [n for n, _ in table]
    assert table == sorted(table) and len(names) == len(set(names))
    kinds = dict(table)
    assert kinds["numpy.tanh"] == "vjp+jvp"
    assert kinds["numpy.argmax"] == "nondiff"
    assert kinds["numpy.linalg.eigh"] == "vjp+jvp"
    assert kinds["numpy.fft.rfft"] == "vjp+jvp"
    assert sd.rules() == table


def test_rules_include_custom_functions():
    assert (f"{__name__}.softplus", "vjp+jvp") in rules()
    assert (f"{__name__}.doubled", "vjp") in rules()


def test_rules_count_covers_autograd():
    kinds = [k for _, k in rules()]
    assert sum("vjp" in k for k in kinds) >= 200
    assert sum(k == "nondiff" for k in kinds) >= 80


def test_readme_coverage_count_matches_rules():
    import json
    import re
    import subprocess
    import sys

    readme = open(README).read()
    m = re.search(r"(\d+) with reverse and\s+forward rules \((\d+) without SciPy installed\)",
                  readme)
    nondiff = re.search(r"and (\d+) functions that are\s+constants", readme)
    assert m and nondiff, "README's coverage sentence changed"
    # a fresh interpreter: this one holds rules the other tests registered
    code = ("import json, srcdiff as sd, importlib.util as u; "
            "print(json.dumps([sd.rules(), u.find_spec('scipy') is not None]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    listed, has_scipy = json.loads(out.stdout)
    with_rules = [n for n, k in listed if k == "vjp+jvp"]
    scipy_free = [n for n in with_rules if not n.startswith("scipy")]
    if has_scipy:
        assert len(with_rules) == int(m.group(1))
    assert len(scipy_free) == int(m.group(2))
    assert len([n for n, k in listed if k == "nondiff"]) == int(nondiff.group(1))


def test_registering_while_a_rule_table_is_pending():
    """A custom rule registered after ``import scipy.stats`` (whose rule table loads on the
    first lookup) must not change the registry while reading it."""
    import subprocess
    import sys

    pytest.importorskip("scipy")
    code = ("import numpy as np, srcdiff as sd, scipy.stats\n"
            "@sd.custom_vjp\n"
            "def twice(x):\n"
            "    return 2.0 * x\n"
            "@twice.defvjp\n"
            "def _(g, ans, x):\n"
            "    return 2.0 * g\n"
            "print(any(n.startswith('scipy.stats') for n, _ in sd.rules()))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"
