"""``with np.errstate(...)`` around numeric code is read as its body (front/contexts.py):
the settings change which warnings NumPy shows, never a value. Settings that raise or
call, ``as`` targets and other context managers stay refused, with the location."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.cli import commands as cli

X = np.array([0.5, 0.7, 1.5, 2.0])


def quiet_logs(x):
    s = 0.0
    for v in x:
        with np.errstate(divide="ignore", invalid="ignore"):
            r = np.log(v) * v
        if v > 1.0:
            with np.errstate(over="ignore"), np.errstate(under="warn"):
                return s + r * 2.0
        s = s + r
    return s


def in_a_nested_helper(x):
    def helper(v, scale=0.5):
        with np.errstate(divide="ignore"):
            w = np.log(v)
        return np.sum(w * v) * scale
    return helper(x, scale=2.0) + helper(x * x)


def test_inside_a_nested_function():
    # (the nested def's body was not unwrapped: refused, "`with` statements ...")
    assert_close(sd.grad(in_a_nested_helper)(X), numeric_grad(in_a_nested_helper, (X,), 0))


def test_the_body_is_differentiated_in_every_mode():
    # (was refused: "`with` statements are not supported")
    want = numeric_grad(quiet_logs, (X,), 0)
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(quiet_logs, **options)(X), want)
    d = np.cos(np.arange(4.0))
    assert_close(sd.jvp(quiet_logs)(X, tangents=d)[1], want @ d, what="tangent")
    h = sd.hvp(quiet_logs)(X, vector=d)
    fd = (sd.grad(quiet_logs)(X + 1e-6 * d) - sd.grad(quiet_logs)(X - 1e-6 * d)) / 2e-6
    assert_close(h, fd, rtol=1e-4, atol=1e-5, what="hvp")


def test_a_written_module(tmp_path):
    mod = tmp_path / "quiet.py"
    mod.write_text("import numpy as np\n\n\ndef f(x):\n    with np.errstate(divide='ignore'):\n"
                   "        y = np.log(x)\n    return np.sum(y * x)\n")
    out = tmp_path / "grad_quiet.py"
    assert cli.main([f"{mod}:f", "-o", str(out)]) == 0
    from standalone_runner import run_standalone
    assert_close(run_standalone(tmp_path, out, "grad_f", (X,)), np.log(X) + 1.0)


def raising(x):
    with np.errstate(divide="raise"):
        return np.sum(np.log(x))


def named(x):
    with np.errstate(all="ignore") as state:  # noqa: F841
        return np.sum(np.log(x))


@pytest.mark.parametrize("fn", [raising, named], ids=lambda f: f.__name__)
def test_other_with_statements_are_refused_with_their_line(fn):
    with pytest.raises(sd.SrcdiffError, match=r"test_with_errstate.py:\d+:5: error: `with` "
                                              "statements are not supported"):
        sd.grad(fn)(X)
