"""``wrt`` naming a parameter the function rebinds (``a, b = b, a``; a loop's ``a, b = b,
a * b``): the derivative is with respect to the ARGUMENT passed for it, as JAX's
``argnums`` and TF's ``xs`` (an input tensor) are, in every mode; SPEC §1's "last
assignment" rule is for names that are not parameters. Session 45's open question, decided
here and checked (this held already: the test guards it). Oracle: central differences in
float64 (and closed forms)."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff import cli
from standalone_runner import run_standalone_many

A = np.array([1.5, -0.4, 0.9])
B = np.array([0.7, 1.1, -1.3])


def swapped(a, b):
    a, b = b, a
    return np.sum(a * 2.0 + b ** 3)


def swapped_in_a_loop(a, b):
    for _ in range(2):
        a, b = b, a * b  # (a, b) -> (b, a b) -> (a b, a b^2)
    return np.sum(np.sin(a) + 0.5 * b)


CASES = [swapped, swapped_in_a_loop]


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("name, k", [("a", 0), ("b", 1)])
@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}],
                         ids=["grad", "unoptimized", "verify"])
def test_reverse_is_with_respect_to_the_argument(f, name, k, options):
    assert_close(sd.grad(f, wrt=name, **options)(A, B), numeric_grad(f, (A, B), k))


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
def test_forward_hvp_and_hessian_are_with_respect_to_the_argument(f):
    ga, gb = numeric_grad(f, (A, B), 0), numeric_grad(f, (A, B), 1)
    t = np.array([0.3, -1.0, 0.5])
    for name, g in (("a", ga), ("b", gb)):
        _, tangent = sd.jvp(f, wrt=name)(A, B, tangents=t)
        assert_close(tangent, np.dot(g, t), what="tangent")
        h = 1e-5  # (central differences of the FD-checked gradient)
        k = "ab".index(name)
        grad = sd.grad(f, wrt=name)
        moved = [lambda s: (A + s * t, B), lambda s: (A, B + s * t)][k]
        want = (grad(*moved(h)) - grad(*moved(-h))) / (2 * h)
        assert_close(sd.hvp(f, wrt=name)(A, B, vector=t), want, rtol=1e-4, atol=1e-5)
    assert_close(sd.value_and_grad(f, wrt=("a", "b"))(A, B)[1][0], ga)


def test_closed_form_of_the_swap():
    # swapped(a, b) = sum(2 b + a^3): d/da = 3 a^2, d/db = 2
    ga, gb = sd.grad(swapped, wrt=("a", "b"))(A, B)
    assert_close(ga, 3 * A ** 2)
    assert_close(gb, np.full(3, 2.0))
    _, tangent = sd.jvp(swapped, wrt="a")(A, B, tangents=np.ones(3))
    assert_close(tangent, np.sum(3 * A ** 2), what="tangent")


def test_written_modules_are_with_respect_to_the_argument(tmp_path):
    source = tmp_path / "model.py"
    source.write_text("import numpy as np\n\ndef swapped(a, b):\n    a, b = b, a\n"
                      "    return np.sum(a * 2.0 + b ** 3)\n")
    back, forward = tmp_path / "grad_model.py", tmp_path / "jvp_model.py"
    assert cli.main([f"{source}:swapped", "--wrt", "a", "-o", str(back)]) == 0
    assert cli.main([f"{source}:swapped", "--wrt", "a", "--mode", "forward",
                     "-o", str(forward)]) == 0
    results = run_standalone_many(tmp_path, [("r", back, "grad_swapped", (A, B)),
                                             ("f", forward, "jvp_swapped", (A, B, np.ones(3)))])
    assert results["r"][0] == "ok" and results["f"][0] == "ok"
    assert_close(results["r"][1], 3 * A ** 2)
    assert_close(results["f"][1][1], np.sum(3 * A ** 2), what="tangent")
