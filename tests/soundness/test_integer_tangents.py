"""Integer and boolean tangents of float arguments (sd.jvp's tangents=, sd.hvp's vector=).

They were passed on as given, and the generated forward code copies a tangent and stores
float derivatives into the copy's entries: for ``y = x.copy(); y[0] = x[1] * 0.5`` the
tangent along ``np.ones(2, int)`` came out ``[0, 1]`` (the 0.5 truncated) where it is
``[0.5, 1]``, and ``sd.hvp`` of ``sum(y ** 3)`` along an int vector gave ``[0, 12]`` where
it is ``[0, 13.5]``; a written module's ``jvp_FUNC`` likewise. Found by the Python-breadth
hunt (unusual inputs). Now such a tangent is taken in its argument's float dtype
(api/tangent_checks.py; runtime_checks.input_tangent in a written module). Checked against
central differences and closed forms.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_jvp
from srcdiff import cli
from standalone_runner import run_standalone_many

X = np.array([1.0, 2.0])


def stored_copy(x):
    y = x.copy()
    y[0] = x[1] * 0.5
    return y


def cubed(x):
    return np.sum(stored_copy(x) ** 3)


def scaled_loop(x, n=2):
    y = x * 1.0
    for _ in range(n):
        y[1:] *= 0.5
    return y


TANGENTS = [np.ones(2, dtype=int), np.ones(2, dtype=bool), [1, 1], np.array([3, -2])]


@pytest.mark.parametrize("f", [stored_copy, scaled_loop], ids=lambda f: f.__name__)
@pytest.mark.parametrize("t", TANGENTS, ids=["int", "bool", "list", "int2"])
def test_an_integer_tangent_is_a_float_one(f, t):
    value, tangent = sd.jvp(f)(X.copy(), tangents=t)
    direction = np.asarray(t, dtype=float)
    assert_close(tangent, numeric_jvp(f, [X], (0,), (direction,)))
    assert tangent.dtype == np.float64
    assert_close(value, f(X))


def test_an_integer_tangent_of_a_float32_argument_is_float32():
    x = X.astype(np.float32)
    _, tangent = sd.jvp(stored_copy)(x, tangents=np.array([1, 1]))
    assert tangent.dtype == np.float32
    assert_close(tangent, np.array([0.5, 1.0]))


@pytest.mark.parametrize("v", TANGENTS, ids=["int", "bool", "list", "int2"])
def test_an_integer_hvp_vector_is_a_float_one(v):
    # sum(stored_copy(x) ** 3) = (1/8 + 1) x1 ** 3: the Hessian is [[0, 0], [0, 6.75 x1]]
    w = np.asarray(v, dtype=float)
    got = sd.hvp(cubed)(X.copy(), vector=v)
    assert_close(got, np.array([0.0, 6.75 * X[1] * w[1]]))


def test_an_integer_tangent_of_a_float_scalar():
    value, tangent = sd.jvp(lambda s: s * 0.5)(0.7, tangents=1)
    assert isinstance(tangent, float) and tangent == 0.5


def test_an_integer_tangent_in_a_written_module(tmp_path):
    source = tmp_path / "model.py"
    source.write_text("def stored_copy(x):\n    y = x.copy()\n    y[0] = x[1] * 0.5\n"
                      "    return y\n")
    out = tmp_path / "jvp_model.py"
    assert cli.main([f"{source}:stored_copy", "--mode", "forward", "-o", str(out)]) == 0
    x32 = X.astype(np.float32)
    results = run_standalone_many(tmp_path, [
        (str(k), out, "jvp_stored_copy", (x, t)) for k, (x, t) in enumerate(
            [(X, np.ones(2, dtype=int)), (X, [1, 1]), (x32, np.array([True, True]))])])
    for k, x in enumerate([X, X, x32]):
        status, (value, tangent) = results[str(k)]
        assert status == "ok"
        assert_close(tangent, np.array([0.5, 1.0]))
        assert tangent.dtype == x.dtype


# A float tangent of another precision than its argument's (session 45's open question):
# SPEC gives a derivative "the float dtype of the value it belongs to", and JAX refuses a
# tangent whose dtype differs from its primal's; a float64 tangent of a float32 argument
# gave a float64 output tangent from sd.jvp and a written jvp_FUNC (sd.hvp's was float32).
# Now the tangent is taken in the argument's float dtype everywhere (runtime_checks
# ``input_tangent``), as an integer one is.
PRECISIONS = [(np.float32, np.float64), (np.float64, np.float32)]


@pytest.mark.parametrize("primal, given", PRECISIONS, ids=["f32-of-f64", "f64-of-f32"])
def test_a_float_tangent_of_another_precision_follows_the_argument(primal, given):
    x = X.astype(primal)
    _, tangent = sd.jvp(stored_copy)(x, tangents=np.array([1.0, 1.0], dtype=given))
    assert tangent.dtype == primal
    assert_close(tangent, np.array([0.5, 1.0]))
    _, tangent = sd.jvp(lambda s: np.sin(s) * 2.0)(x, tangents=np.ones(2, dtype=given))
    assert tangent.dtype == primal
    assert_close(tangent, 2.0 * np.cos(X), rtol=1e-6)
    got = sd.hvp(cubed)(x, vector=np.array([1.0, 2.0], dtype=given))
    assert got.dtype == primal
    assert_close(got, np.array([0.0, 6.75 * X[1] * 2.0]), rtol=1e-6)


def test_a_float_tangent_of_another_precision_in_a_written_module(tmp_path):
    source = tmp_path / "model.py"
    source.write_text("import numpy as np\n\ndef wave(x):\n    return np.sin(x) * 2.0\n")
    out = tmp_path / "jvp_model.py"
    assert cli.main([f"{source}:wave", "--mode", "forward", "-o", str(out)]) == 0
    cases = [(X.astype(p), np.ones(2, dtype=g)) for p, g in PRECISIONS]
    results = run_standalone_many(tmp_path, [
        (str(k), out, "jvp_wave", case) for k, case in enumerate(cases)])
    for k, (x, _) in enumerate(cases):
        status, (value, tangent) = results[str(k)]
        assert status == "ok"
        assert tangent.dtype == x.dtype
        assert_close(tangent, 2.0 * np.cos(X), rtol=1e-6)


def test_a_float_tangent_of_another_precision_of_an_array_api_argument():
    xp = pytest.importorskip("array_api_strict")
    import array_api_cases
    x = xp.asarray(X, dtype=xp.float32)
    _, tangent = sd.jvp(array_api_cases.elementwise)(x, tangents=xp.asarray(np.ones(2)))
    assert tangent.dtype == xp.float32
    _, want = sd.jvp(array_api_cases.elementwise)(X, tangents=np.ones(2))
    assert_close(np.asarray(tangent), want, rtol=1e-5)
