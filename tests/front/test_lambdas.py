"""Lambdas are read from their file as ``def``: module-level names bound to lambdas,
lambdas made by a function (closures), and lambdas called from a differentiated function."""

import inspect
import math
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.cli import commands as cli

two_args = lambda x, y: np.sin(x) * y + x ** 2  # noqa: E731
sum_sq = lambda v: np.sum(v * v)  # noqa: E731
first, second = (lambda a: a * 2.0, lambda a: a * 3.0)


def make(scale):
    return lambda x: scale * np.tanh(x)


scaled = make(3.0)


def calls_a_lambda(v):
    return sum_sq(v) + 1.0


def test_gradients_against_finite_differences():
    assert_close(sd.grad(two_args, wrt=(0, 1))(0.5, 2.0),
                 (numeric_grad(two_args, (0.5, 2.0), 0), numeric_grad(two_args, (0.5, 2.0), 1)))
    v = np.array([0.5, -1.0, 2.0])
    assert_close(sd.grad(sum_sq)(v), 2.0 * v)
    assert_close(sd.grad(scaled)(0.2), numeric_grad(scaled, (0.2,), 0))
    assert_close(sd.grad(calls_a_lambda)(v), 2.0 * v)


def test_forward_mode_and_second_order():
    _, t = sd.jvp(two_args)(0.5, 2.0, tangents=1.0)
    assert_close(t, numeric_grad(two_args, (0.5, 2.0), 0))
    assert_close(sd.hessian(sum_sq)(np.ones(2)), 2.0 * np.eye(2))


def test_the_generated_code_is_named_and_located():
    src = sd.source(two_args)
    assert src.startswith("def grad_lambda(x, y, grad_ys=None):")
    line = inspect.getsourcelines(two_args)[1]
    assert f"# adjoint of line {line}: two_args = lambda x, y:" in src


@pytest.mark.skipif(sys.version_info < (3, 11), reason="columns of code need Python 3.11")
def test_two_lambdas_on_one_line_are_told_apart_by_column():
    assert sd.grad(first)(1.0) == 2.0 and sd.grad(second)(1.0) == 3.0


def test_a_lambda_that_cannot_be_found_is_refused(tmp_path, monkeypatch):
    src = tmp_path / "edited.py"
    src.write_text("f = lambda x: x * x\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import edited

    src.write_text("# edited\n\nf = lambda x: x * x\n")
    with pytest.raises(sd.SrcdiffError, match="cannot find this lambda"):
        sd.grad(edited.f)(1.0)


def test_written_modules(tmp_path, capsys):
    mod = tmp_path / "lams.py"
    mod.write_text("import numpy as np\n\nf = lambda x: np.sin(x) * x\n\nsq = lambda v: v * v\n"
                   "\n\ndef uses(x):\n    return sq(x) + 1.0\n"
                   "\n\ndef uses_constant(x):\n    return sq(2.0) * x\n")
    out = tmp_path / "grad_f.py"
    assert cli.main([f"{mod}:f", "-o", str(out)]) == 0
    assert "def grad_lambda(x, grad_ys=None):" in out.read_text()
    # an active call of a lambda keeps its record: the module holds the generated
    # fwd_/bwd_ pair, not the lambda
    assert cli.main([f"{mod}:uses", "-o", str(tmp_path / "g.py")]) == 0
    assert "def bwd_lambda(" in (tmp_path / "g.py").read_text()
    from standalone_runner import run_standalone  # (here: lines above are quoted by number)
    x = np.array([0.5, -1.5])
    assert_close(run_standalone(tmp_path, tmp_path / "g.py", "grad_uses", (x,)), 2.0 * x)
    # a constant call runs the lambda itself, which has no source of its own to copy
    # into a module: refused, by name
    assert cli.main([f"{mod}:uses_constant", "-o", str(tmp_path / "h.py")]) == cli.COMPILE
    assert "'sq' is a lambda" in capsys.readouterr().err


def black_scholes(S, sigma):
    K, T, r = 1.0, 0.5, 0.01
    N = lambda z: 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))  # noqa: E731
    d1 = (math.log(S / K) + (r + 0.5 * sigma ** 2) * T) / (sigma * math.sqrt(T))
    d2 = d1 - sigma * math.sqrt(T)
    return S * N(d1) - K * math.exp(-r * T) * N(d2)


def scaled_lambda(x):
    scale = 2.0
    f = lambda v, p=2.0: scale * v ** p  # noqa: E731 (reads `scale` when called)
    scale = 3.0
    return np.sum(f(x)) + np.sum(f(x, p=3.0))


@pytest.mark.parametrize("f,args", [(black_scholes, (1.1, 0.2)),
                                    (scaled_lambda, (np.array([0.5, -1.2]),))],
                         ids=["black_scholes", "scaled_lambda"])
def test_a_lambda_assigned_to_a_name_inside_the_function_is_a_nested_def(f, args):
    for wrt in range(len(args)):
        expected = numeric_grad(f, args, wrt)
        assert_close(sd.grad(f, wrt=wrt)(*args), expected)
        assert_close(sd.grad(f, wrt=wrt, optimize=False)(*args), expected)
        _, t = sd.jvp(f, wrt=wrt)(*args, tangents=np.ones_like(args[wrt]))
        assert_close(t, np.sum(expected), what="tangent")


def smallest_weighted(x):
    pairs = [(x[0], 1.0), (x[1], 2.0), (x[2], 3.0)]
    s = sorted(pairs, key=lambda p: p[0])
    t = sorted([x[0], x[1], x[2]], key=lambda v, sign=-1.0: v * sign)
    return s[0][0] * s[0][1] + s[-1][0] + t[0] * 5.0


def test_a_lambda_passed_as_a_value_that_reads_no_local_is_a_known_function():
    # (was refused: "`lambda` inside a differentiated function is not supported")
    x = np.array([0.7, 0.3, 0.5])
    want = numeric_grad(smallest_weighted, (x,), 0)
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(smallest_weighted, **options)(x), want)
    assert_close(sd.jvp(smallest_weighted)(x, tangents=np.ones(3))[1], np.sum(want))


def key_reads_a_local(x):
    k = 2.0
    return sorted([x[0], x[1]], key=lambda v: v * k)[0]


def test_a_lambda_value_reading_a_local_is_refused(tmp_path, capsys):
    with pytest.raises(sd.SrcdiffError, match="reads the function's own variables"):
        sd.grad(key_reads_a_local)(np.array([0.7, 0.3]))
    mod = tmp_path / "keyed.py"
    mod.write_text("def f(x):\n    return sorted([x, 2.0], key=lambda v: -v)[0] * x\n")
    assert cli.main([f"{mod}:f", "-o", str(tmp_path / "g.py")]) == cli.COMPILE
    assert f"the `lambda` at {mod}:2 is not written" in capsys.readouterr().err
