"""backend="numba": int arithmetic past int64 raises instead of wrapping (nbint).

numba types Python's ints as int64, whose ``*``, ``+``, ``-`` wrap around past 2**63 where
CPython's ints grow: a factorial kept in an int (``fact *= k`` to 25!), a binomial
coefficient ``c = c * (n - j) // (j + 1)``, a hash ``h = h * 31 + i`` gave the NumPy
backend the right gradient and the numba backend a silently wrong one (the binomial
program's 393530.5 was -255.6). ``int(x)`` of inf or NaN was numba's -2**63 where CPython
raises. compiler/emit/numba_ints.py rewrites the int-capable operations to overloads that
check and raise. Oracles: Python's own ints and ``int``, central differences, the NumPy
backend's gradient.
"""
import ast
import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.errors import SrcdiffError

numba = pytest.importorskip("numba")

from srcdiff.compiler.emit import numba_ints  # noqa: E402

X = np.array([0.3, 0.5, 0.7])


def series(x, n):
    s = 0.0
    fact = 1
    for k in range(1, n):
        fact *= k
        s += x[0] ** k / fact * x[k % 3]
    return s


def binomial(x, n):
    s = 0.0
    c = 1
    for j in range(n):
        s += x[j % 3] * c * 1e-15
        c = c * (n - j) // (j + 1)
    return s


def hashed(x, n):
    h = 7
    s = 0.0
    for i in range(n):
        h = h * 31 + i
        s += x[i % 3] * (h % 1000)
    return s


@pytest.mark.parametrize("fn, small, big", [(series, 15, 27), (binomial, 40, 70),
                                            (hashed, 10, 20)], ids=lambda v: getattr(
                                                v, "__name__", str(v)))
def test_ints_past_int64_raise_and_small_ones_agree(fn, small, big):
    g = sd.grad(fn, backend="numba")  # (one compilation: n is an int both times)
    got = g(X, small)
    assert_close(got, numeric_grad(fn, (X, small), 0))
    assert_close(got, sd.grad(fn)(X, small), rtol=1e-12, atol=1e-14)
    sd.grad(fn)(X, big)  # (Python's ints: the NumPy backend's gradient exists)
    with pytest.raises(SrcdiffError, match="int64 wraps around"):
        g(X, big)


M = 2 ** 63
CORNERS = [0, 1, -1, 2, -2, 31, 2 ** 31, -2 ** 31, 3037000499, 3037000500, -3037000500,
           2 ** 62, -2 ** 62, M - 1, -M, M - 2, -M + 1]
PYTHON = {"int_add": lambda a, b: a + b, "int_sub": lambda a, b: a - b,
          "int_mul": lambda a, b: a * b, "int_floordiv": lambda a, b: a // b,
          "int_iadd": lambda a, b: a + b, "int_imul": lambda a, b: a * b}


def _outcome(fn, *args):
    try:
        r = fn(*args)
    except SrcdiffError:
        return "past int64"
    except (ZeroDivisionError, ValueError, OverflowError) as e:
        return type(e)
    if isinstance(r, int) and not -M <= r < M:
        return "past int64"  # (Python's exact int, which int64 does not hold)
    return r


def _jitted(name, arity):
    args = ", ".join("ab"[:arity])
    return numba.njit(eval(f"lambda {args}: numba_ints.{name}({args})",
                           {"numba_ints": numba_ints}))


def test_int_operations_are_python_s_or_raise():
    for name, py in PYTHON.items():
        ours = _jitted(name, 2)
        for a in CORNERS:
            for b in CORNERS:
                assert _outcome(ours, a, b) == _outcome(py, a, b), (name, a, b)
        assert ours(2.5, 3) == py(2.5, 3) and ours(True, True) == py(True, True)
    for name, py in (("int_neg", lambda a: -a), ("int_abs", abs)):
        ours = _jitted(name, 1)
        for a in CORNERS:
            assert _outcome(ours, a) == _outcome(py, a), (name, a)
        assert math.copysign(1.0, ours(-0.0)) == math.copysign(1.0, py(-0.0))


def test_float_operands_keep_the_float_operation():
    # the sign of a zero (0 - x is not -x) and in-place updates of arrays
    neg, imul = _jitted("int_neg", 1), _jitted("int_imul", 2)
    assert math.copysign(1.0, neg(0.0)) == -1.0
    a = np.array([1.0, 2.0])
    assert imul(a, 3.0) is not None and a.tolist() == [3.0, 6.0]


FLOAT_TO_INT = {"int_of": int, "round_of": round, "floor_of": math.floor,
                "ceil_of": math.ceil, "trunc_of": math.trunc}


def test_float_to_int_raise_as_python():
    values = [0.0, -0.0, 2.5, -2.5, 3.5, 1e18, -1e18, 9.2e18, -9.2e18, 2.0 ** 63,
              -2.0 ** 63, 1e300, -1e300, math.inf, -math.inf, math.nan, 7, -M]
    for name, py in FLOAT_TO_INT.items():
        ours = _jitted(name, 1)
        for v in values:
            assert _outcome(ours, v) == _outcome(py, v), (name, v)


def scaled_index(x, scale):
    s = 0.0
    for i in range(x.shape[0]):
        k = int(scale * (i + 1))
        s += x[i] * k
    return s


def test_int_of_inf_and_nan_in_a_gradient():
    g = sd.grad(scaled_index, backend="numba")
    assert_close(g(X, 2.5), numeric_grad(scaled_index, (X, 2.5), 0))
    for scale, error in ((math.inf, OverflowError), (math.nan, ValueError),
                         (1e300, SrcdiffError)):
        if error is not SrcdiffError:
            with pytest.raises(error):
                scaled_index(X, scale)
        with pytest.raises(error):
            g(X, scale)


def _floats(text):
    return numba_ints.floats(ast.parse(text).body[0])


def test_floats_holds_only_names_every_binding_of_which_is_a_float():
    assert _floats("def f(x, n):\n s = 0.0\n for i in range(n):\n  s = s + x[i] * n\n"
                   " return s") == {"s"}
    # a binding of an int, a loop target, a parameter, an unpacking: not floats
    assert _floats("def f(x, n):\n s = 0.0\n s = n\n t = 1.0\n for t in x:\n  pass\n"
                   " u, v = 1.0, 2.0\n w = x / 2\n return s") == {"w"}
    # a tape of floats read back is a float; of ints, not
    assert _floats("def f(x, n):\n t = tape_alloc(n, 1.0)\n tape_put(t, 0, 2.0)\n"
                   " a = tape_get(t, 0)\n u = tape_alloc(n, 1.0)\n tape_put(u, 0, n)\n"
                   " b = tape_get(u, 0)\n b_x = zeros_tree(x)\n b_x += a * n\n"
                   " return a") == {"t", "a", "b_x"}


def rnn_like(w, xs, h0):
    h = h0
    s = 0.0
    for t in range(xs.shape[0]):
        h = np.tanh(0.5 * h + xs[t] * 1.5)
        s = s + h * 2.0
    return s


def test_float_code_is_written_as_before(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    g = sd.grad(rnn_like, wrt=(0, 2), backend="numba")
    assert_close(g(0.3, X, 0.1)[1], numeric_grad(rnn_like, (0.3, X, 0.1), 2))
    (_, runner), = g._runners.values()
    text = runner.source
    # the loop's float arithmetic is written as it was: checked are only the reversed
    # range's bound and ``h * h`` (``h`` starts as the argument ``h0``, which may be an int)
    checked = [ast.unparse(n) for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Call)
               and isinstance(n.func, ast.Name) and n.func.id.startswith("int_")]
    assert sorted(checked) == ["int_mul(h, h)", "int_sub(item_i, 1)"], text
    assert "add = 0.5 * h + xs[t] * 1.5" in text and "b_h = 0.5 * b_add" in text
