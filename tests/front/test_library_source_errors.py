"""A refusal raised inside an installed library's source (srcdiff has no rule for a SciPy
function, so it reads that function's source) pointed at a line of the library with a
hint to rewrite that line ("move the `try` outside the differentiated function"), as if
it were the user's code. The message now says the line is the library's and hints at a
rule or stop_gradient instead."""

import numpy as np
import pytest

import srcdiff as sd
from srcdiff.errors import SrcdiffError


def test_error_inside_an_installed_package_says_so():
    e = SrcdiffError("`try` statements are not supported",
                     filename="/venv/lib/python3.11/site-packages/somelib/_impl.py",
                     lineno=12, col=4, line="    try:\n",
                     hint="move the `try` outside the differentiated function")
    text = str(e)
    assert text.startswith("/venv/lib/python3.11/site-packages/somelib/_impl.py:12:5: error: ")
    assert "inside the installed package somelib" in text
    assert "sd.register_vjp" in text and "sd.stop_gradient" in text
    assert "move the `try`" not in text


def test_error_in_user_code_is_unchanged():
    e = SrcdiffError("`try` statements are not supported", filename="/home/me/model.py",
                     lineno=3, hint="move the `try` outside the differentiated function")
    assert "installed package" not in str(e) and "move the `try`" in str(e)


def test_scipy_function_without_a_rule():
    signal = pytest.importorskip("scipy.signal")

    def f(x, h):
        return np.sum(signal.lfilter(h, [1.0, -0.5], x) ** 2)

    try:
        sd.grad(f, wrt=0)(np.ones(5), np.array([0.5, 0.2]))
    except SrcdiffError as e:
        if "site-packages" in str(e.filename) or "dist-packages" in str(e.filename):
            assert "inside the installed package scipy" in str(e)
            assert "sd.register_vjp" in str(e)
    else:
        pytest.skip("srcdiff differentiates scipy.signal.lfilter now")
