"""A function decorated with ``@sd.differentiate`` is still a function to call: a
differentiated function that calls it is differentiated through its source, in every
mode and in written modules."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.cli import commands as cli
from standalone_runner import run_standalone


@sd.differentiate
def inner(x):
    return np.sin(x) * x


def outer(x):
    return inner(x) + x ** 2


def writes_through_decorated(p):
    return touch(p)


@sd.differentiate
def touch(p):
    p[0] = 2.0 * p[0]
    return np.sum(p)


def test_gradient_jvp_and_hessian_through_a_decorated_helper():
    x = 0.7
    assert_close(sd.grad(outer)(x), numeric_grad(outer, (x,), 0))
    _, t = sd.jvp(outer)(x, tangents=1.0)
    assert_close(t, numeric_grad(outer, (x,), 0))
    h = sd.hessian(outer)(x)
    assert h == pytest.approx(-np.sin(x) * x + 2 * np.cos(x) + 2, rel=1e-9)
    v = np.linspace(-1.0, 1.0, 3)
    assert_close(sd.grad(lambda_free_vector)(v), numeric_grad(lambda_free_vector, (v,), 0))


def lambda_free_vector(v):
    return np.sum(inner(v) * v)


def test_a_decorated_helper_that_writes_its_argument_is_inlined():
    # (refused until session 42: `touch` reads `np`, which its caller does not, and was
    # compiled as a call; front/writing_helpers.py now inlines it, np being numpy in both)
    x = np.array([0.5, 1.0, 2.0])
    assert_close(sd.grad(writes_through_decorated)(x.copy()),
                 numeric_grad(writes_through_decorated, (x.copy(),), 0))


TOUCH_SCALE = 2.0


@sd.differentiate
def touch_scaled(p):
    p[0] = TOUCH_SCALE * p[0]
    return np.sum(p)


def shadows_the_helpers_global(p):
    TOUCH_SCALE = 3.0  # (inlined, touch_scaled would read this local)
    return touch_scaled(p) * TOUCH_SCALE


def test_a_decorated_helper_that_writes_its_argument_and_cannot_be_inlined_is_refused():
    with pytest.raises(sd.SrcdiffError, match="touch_scaled"):
        sd.grad(shadows_the_helpers_global)(np.ones(3))


def test_written_module_copies_the_helper(tmp_path):
    src = tmp_path / "decorated.py"
    src.write_text("import numpy as np\nimport srcdiff as sd\n\n\n@sd.differentiate\n"
                   "def inner(x):\n    return np.sin(x) * x\n\n\n"
                   "def outer(x):\n    return inner(x) + inner(2.0) + x ** 2\n")
    # (the active call keeps its record, fwd_inner; the constant one calls inner itself)
    out = tmp_path / "grad_decorated.py"
    assert cli.main([f"{src}:outer", "-o", str(out)]) == 0
    text = out.read_text()
    assert "import srcdiff" not in text and "def inner(x):" in text
    g = run_standalone(tmp_path, out, "grad_outer", (0.7,))
    assert_close(g, numeric_grad(outer, (0.7,), 0))


def inner_plain(x):
    return np.sin(x) * x


derivative = sd.grad(inner_plain)
tangent = sd.jvp(inner_plain)


def calls_a_derivative(x):
    return derivative(x) * x


def calls_a_jvp(x):
    return tangent(x, tangents=1.0)[1] * x


@pytest.mark.parametrize("fn", [calls_a_derivative, calls_a_jvp])
def test_calling_a_derivative_inside_is_differentiated_through_its_generated_code(fn):
    # (tests/api/test_nested.py has the rest: value_and_grad, hvp, fan-out, higher order)
    x = 0.7
    assert_close(sd.grad(fn)(x), numeric_grad(fn, (x,), 0))


matrix = sd.hessian(inner_plain)


def calls_a_hessian(x):
    return matrix(x) * x


def test_calling_a_hessian_inside_is_refused_by_name():
    with pytest.raises(sd.SrcdiffError, match=r"matrix is a derivative made by srcdiff "
                       r"\(Hessian\)") as e:
        sd.grad(calls_a_hessian)(0.7)
    assert "sd.hessian" in str(e.value)
