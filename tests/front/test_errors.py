"""Every rejected construct raises SrcdiffError with file:line:col, the line and a hint."""

import inspect
import math

import numpy as np
import pytest

import error_cases as E
import srcdiff as sd

FILE = inspect.getsourcefile(E)


def line_of(fn, needle):
    lines, start = inspect.getsourcelines(fn)
    for k, text in enumerate(lines):
        if needle in text:
            return start + k, text.strip()
    raise AssertionError(needle)


CASES = [
    # (function, text on the offending line, words the message must contain)
    (E.uses_class, "class Box", ["class"]),
    (E.uses_global, "global SOMETHING", ["global"]),
    (E.uses_nonlocal, "nonlocal x", ["nested directly", "nonlocal"]),
    (E.nonlocal_read_before_the_call, "return acc + scale(x[1])",
     ["`acc` is used in the statement that calls `scale`", "statement of its own"]),
    (E.uses_try, "try:", ["try"]),
    (E.uses_with, "with open", ["with"]),
    (E.uses_del, "del ys[0]", ["del"]),
    (E.pops_for_the_effect, "window.pop(0)", ["pop", "in place"]),
    (E.uses_lambda, "lambda v", ["lambda"]),
    (E.no_rule, "np.fft.fftshift(x) + np.i0(x)", ["no gradient rule", "register"]),
    (E.walrus_read_before, "return y + (y := x * 2.0)", ["`y` is named before", ":="]),
    (E.walrus_in_lambda, "f = lambda v", ["lambda"]),
    (E.nested_def_in_branch, "def g(v):", ["bound more than once", "own name"]),
    (E.in_place_method, "y.partition(1)", ["in place"]),
    (E.reserved_name, "np = 3.0", ["reserved"]),
    (E.binds_slice, "slice = x[1:]", ["reserved", "'slice'"]),
    (E.len_parameter, "def len_parameter", ["reserved", "'len'"]),
    (E.helper_parameter, "def helper_parameter", ["reserved", "'finish'"]),
    (E.grad_ys_parameter, "def grad_ys_parameter", ["reserved", "'grad_ys'"]),
    (E.calls_local_variable, "return f(x)", ["compile time"]),
    (E.uses_out_keyword, "np.multiply(x, 2.0, out=y[:])", ["out="]),
    (E.out_keyword_assigned, "z = np.multiply(x, 2.0, out=(y,))", ["out="]),
    (E.starred_call, "return _pair_sum(*parts)", ["own `*args`", "known only when"]),
    (E.reads_global_named_like_helper, "return x * seed", ["helper"]),
    (E.enumerate_zip_not_unpacked, "for i, pair in enumerate", ["enumerate(zip", "unpack"]),
]


@pytest.mark.parametrize("fn,needle,words", CASES, ids=[c[0].__name__ for c in CASES])
def test_rejected_with_location(fn, needle, words):
    if fn is E.calls_local_variable:  # a function as an argument is refused before any work
        with pytest.raises(TypeError, match="argument 'f' is a ufunc"):
            sd.grad(fn)(np.array([0.5, 1.5]), np.sin)
        return
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(fn)(np.array([0.5, 1.5]))
    err = info.value
    msg = str(err)
    lineno, text = line_of(fn, needle)
    assert err.filename == FILE
    assert err.lineno == lineno, msg
    assert err.col is not None
    assert f"{FILE}:{lineno}:" in msg
    assert text in msg, msg
    assert "^" in msg
    assert "hint:" in msg
    for w in words:
        assert w in msg, (w, msg)


def test_helper_parameter_rejected_in_forward_mode():
    with pytest.raises(sd.SrcdiffError, match="'finish' is reserved") as info:
        sd.jvp(E.helper_parameter)(np.array([0.5, 1.5]), tangents=np.ones(2))
    assert "def helper_parameter" in str(info.value)


def test_generator_rejected():
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(E.uses_yield)(1.0)
    assert "yield" in str(info.value)


def test_no_return():
    with pytest.raises(sd.SrcdiffError, match="return"):
        sd.grad(E.no_return)(1.0)


def test_varargs_are_lowered_per_call():  # (issue 15: no longer refused)
    assert sd.grad(E.varargs)(1.5) == 1.0
    assert sd.grad(E.varargs, wrt=1, unconnected_gradients="zero")(1.5, 2.5) == 0.0


def test_builtin_has_no_source():
    with pytest.raises(sd.SrcdiffError, match="not a Python function"):
        sd.grad(math.frexp)(1.0)  # a builtin without a rule (math.ldexp has one now)


def test_primitive_with_a_rule_is_differentiable():
    assert sd.grad(np.sin)(0.5) == pytest.approx(np.cos(0.5))


def test_function_without_source_file():
    ns = {}
    exec("def typed_at_prompt(x):\n    return x * x\n", ns)
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(ns["typed_at_prompt"])(1.0)
    assert "no source" in str(info.value) and "hint:" in str(info.value)


def test_lambda_function():
    square = lambda v: v * v  # noqa: E731  (read from this file: tests/front/test_lambdas.py)
    assert sd.grad(square)(1.5) == 3.0


def test_unknown_wrt_name():
    with pytest.raises(sd.SrcdiffError, match="neither a parameter nor a local"):
        sd.grad(E.wrt_unknown, wrt="zz")(1.0)


def test_wrt_out_of_range():
    with pytest.raises(ValueError, match="out of range"):
        sd.grad(E.wrt_unknown, wrt=3)


def test_bad_unconnected_option():
    with pytest.raises(ValueError, match="unconnected_gradients"):
        sd.grad(E.wrt_unknown, unconnected_gradients="maybe")


@pytest.mark.parametrize("name", ["sin", "mul"])
def test_wrt_cannot_name_a_compiler_temporary(name):
    # the normalized code has a temporary of that name; the user's source has no such variable
    with pytest.raises(sd.SrcdiffError, match="neither a parameter nor a local"):
        sd.grad(E.temporaries_only, wrt=name)(1.0)
    with pytest.raises(sd.SrcdiffError, match="neither a parameter nor a local"):
        sd.jvp(E.temporaries_only, wrt=name)(1.0, tangents=1.0)


def test_wrt_cannot_name_an_attribute_of_self():
    import method_cases

    with pytest.raises(sd.SrcdiffError, match="neither a parameter nor a local"):
        sd.grad(method_cases.REGRESSION.loss, wrt="decay")(method_cases.W0)
