"""NumPy functions added for issue 15 (np.gradient, np.real_if_close, np.linalg.eig and
eigvals, np.float64 / integer casts, stacked scipy.linalg.solve_triangular) in user code,
in both modes and to second order, and the registry's ``wrt=`` / ``options=`` vocabulary
they and the scipy.stats rules use.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from srcdiff.errors import SrcdiffError
from srcdiff.rules.registry import Registry
from srcdiff.rules.template import Template, rule_signature
from srcdiff.runtime import broadcast_like, unbroadcast  # noqa: F401  (read by derived rules)

try:
    import scipy.linalg
except ImportError:  # pragma: no cover
    scipy = None

RNG = np.random.default_rng(1515)


def both_orders(f, *args, **kwargs):
    sd.check_grads(f, *args, modes=("rev", "fwd"), order=2, **kwargs)


# ------------------------------------------------------------------ np.gradient

COORDS = np.array([0.0, 0.4, 1.0, 1.3, 2.5])


def laplacian_energy(u):
    gy, gx = np.gradient(u, 0.5, COORDS, edge_order=2)
    return np.sum(gx ** 2) + np.sum(np.sin(gy) * u)


def one_axis(u):
    return np.sum(np.gradient(u, axis=-1) ** 3) + np.sum(np.gradient(u[0], 2.0) * u[1])


@pytest.mark.parametrize("fn", [laplacian_energy, one_axis], ids=lambda f: f.__name__)
def test_gradient_to_second_order(fn):
    both_orders(fn, RNG.standard_normal((4, 5)))


def spacing_varied(u, h):
    return np.sum(np.gradient(u, h) ** 2)


@pytest.mark.parametrize("mode", ["rev", "fwd"])
def test_a_spacing_that_depends_on_the_inputs_is_refused(mode):
    u = RNG.standard_normal(5)
    with pytest.raises(SrcdiffError, match="`spacing` as a constant"):
        if mode == "rev":
            sd.grad(spacing_varied, wrt=(0, 1))(u, 0.5)
        else:
            sd.jvp(spacing_varied, wrt=(0, 1))(u, 0.5, tangents=(np.ones(5), 1.0))
    np.testing.assert_allclose(sd.grad(spacing_varied)(u, 0.5),
                               numeric_grad(spacing_varied, (u, 0.5), 0), rtol=1e-6, atol=1e-8)


# ------------------------------------------------------------------ eig, eigvals

CW = RNG.standard_normal(4) + 1j * RNG.standard_normal(4)
CV = RNG.standard_normal((4, 4)) + 1j * RNG.standard_normal((4, 4))


def eig_values(a):
    w, _ = np.linalg.eig(a)
    return np.real(np.sum(CW * w ** 2))


def eig_vectors(a):
    """Invariant under v -> -v: LAPACK picks each eigenvector's sign, and may flip it."""
    w, v = np.linalg.eig(a)
    return np.real(np.sum(CV * v * v)) + np.real(np.sum(CW * w))


def eigvals_stack(a):
    return np.real(np.sum(np.linalg.eigvals(a) ** 3 * CW))


def real_spectrum(n, seed):
    r = np.random.default_rng(seed)
    q = r.standard_normal((n, n)) + 2.0 * np.eye(n)
    return (q * (np.arange(1.0, n + 1.0) + r.uniform(0, 0.3, n))) @ np.linalg.inv(q)


def complex_spectrum(seed):
    """4 x 4, eigenvalues 1 +- 2i and 3 +- 0.5i."""
    r = np.random.default_rng(seed)
    q = r.standard_normal((4, 4)) + 2.0 * np.eye(4)
    blocks = np.array([[1.0, -2.0, 0, 0], [2.0, 1.0, 0, 0], [0, 0, 3.0, -0.5], [0, 0, 0.5, 3.0]])
    return q @ blocks @ np.linalg.inv(q)


@pytest.mark.parametrize("fn", [eig_values, eig_vectors], ids=lambda f: f.__name__)
@pytest.mark.parametrize("spectrum", ["complex", "real"])
def test_eig(fn, spectrum):
    a = complex_spectrum(3) if spectrum == "complex" else real_spectrum(4, 3)
    assert np.iscomplexobj(np.linalg.eigvals(a)) == (spectrum == "complex")
    sd.check_grads(fn, a, modes=("rev", "fwd"))


def test_eigvals_of_a_stack_to_second_order():
    both_orders(eigvals_stack, RNG.standard_normal((2, 4, 4)))


def test_eigenvalues_second_order_on_a_real_spectrum():
    both_orders(eig_values, real_spectrum(4, 5))


def multi_dot_3d(a, b):
    return np.sum(np.linalg.multi_dot([a, b]))


def test_multi_dot_of_stacks_is_refused():
    """NumPy's multi_dot of two 3-D arrays is np.dot's tensor product, not a batch."""
    a = RNG.standard_normal((2, 3, 3))
    with pytest.raises(NotImplementedError, match="np.matmul"):
        sd.grad(multi_dot_3d)(a, a)


# ------------------------------------------------------------------ casts, real_if_close


def casts(x):
    n = np.int64(x[0])  # a constant, like int(x[0])
    return np.sum(np.float64(x) ** 2) * n + np.float64(x[1]) * np.int32(3)


def round_trip(x):
    y = np.real_if_close(np.fft.ifft(np.fft.fft(x)))  # drops an imaginary part of ~1e-17
    return np.sum(y ** 3)


def test_casts_and_real_if_close():
    x = np.array([2.3, -0.7, 1.1])
    np.testing.assert_allclose(sd.grad(casts)(x), 2 * x * 2 + np.array([0.0, 3.0, 0.0]))
    both_orders(casts, x)
    assert not np.iscomplexobj(round_trip(x) * 1.0)
    both_orders(round_trip, x)


# ------------------------------------------------------------------ stacked solve_triangular


def triangular_stack(a, b):
    return np.sum(scipy.linalg.solve_triangular(a, b, lower=True, trans=1) ** 2)


def test_solve_triangular_of_stacks():
    if scipy is None:  # pragma: no cover
        pytest.skip("scipy is not installed")
    a = RNG.standard_normal((2, 3, 3)) + 3.0 * np.eye(3)
    both_orders(triangular_stack, a, RNG.standard_normal((4, 2, 3, 2)))
    both_orders(triangular_stack, a, RNG.standard_normal(3))


# ------------------------------------------------------------------ the vocabulary


def _shifted(x, loc=0.0, scale=1.0):
    return (x - loc) / scale


def _stretched(x, *factors, axis=None):
    return x * np.prod(factors)


def test_wrt_makes_parameters_with_defaults_differentiable():
    reg = Registry()

    @reg.elementwise(_shifted, wrt=("loc", "scale"))
    def shifted(g, ans, x, loc=0.0, scale=1.0):
        return g / scale, -g / scale, -g * ans / scale

    t = reg.lookup(_shifted).vjp
    assert t.differentiable_params == ["x", "loc", "scale"]
    assert str(t.signature) == "(g, ans, x, loc, scale)"
    assert str(t.call_signature) == "(g, ans, x, loc=0.0, scale=1.0)"
    import gast

    bound = t.bind([gast.Name(id="a", ctx=gast.Load(), annotation=None, type_comment=None)], {})
    assert bound["loc"].value == 0.0 and bound["scale"].value == 1.0


def test_options_makes_a_star_parameter_an_option():
    def stretched(g, ans, x, *factors, axis=None):
        return g * np.prod(factors)

    t = Template(stretched, "vjp", options=("factors",))
    assert t.differentiable_params == ["x"]
    assert t.signature.parameters["factors"].default == ()
    assert t.call_signature.parameters["factors"].kind.name == "VAR_POSITIONAL"


def test_misdeclared_vocabulary_is_refused():
    def rule(g, ans, x, axis=None, loc=0.0):
        return g

    with pytest.raises(TypeError, match="before the option axis"):
        rule_signature(rule, wrt=("loc",))
    with pytest.raises(TypeError, match="not parameters"):
        rule_signature(rule, wrt=("scale",))
    with pytest.raises(TypeError, match="not its \\*args"):
        rule_signature(rule, options=("axis",))
