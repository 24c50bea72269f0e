"""An output array passed by position (front/signatures.py outputs_as_keywords): a ufunc's
argument after its inputs (``np.exp(x, y)``), NumPy's functions whose ``out`` parameter is
passed by position (``np.sum(x, 0, None, y)``, ``np.clip(x, lo, hi, y)``), an array
method's (``x.sum(0, None, y)``). Each was dropped with the statement whose value nothing
read, or its ``out`` ignored: the value and the gradient as if ``y`` had not changed. Now
each is the ``out=`` keyword; checked in every mode against central differences, and the
value against the function's own. Two positional outputs are refused."""

import numpy as np
import pytest

import srcdiff as sd
from check_modes import check, check_pipelines


def exp_out(x):
    y = x * 2.0
    np.exp(x, y)
    return np.sum(y * x)


def multiply_out(x):
    y = x * 2.0
    np.multiply(x, 3.0, y)
    w = x * 2.0
    return np.sum(y * w)


def sin_out_value(x):
    y = x * 2.0
    z = np.sin(x, y)
    return np.sum(z * y)


def sum_out(x):
    y = np.zeros(())
    np.sum(x * x, 0, None, y)
    return y * 1.0 + np.sum(x)


def clip_out(x):
    y = x * 2.0
    np.clip(x, -0.1, 0.1, y)
    return np.sum(y * x)


def cumsum_out(x):
    y = x * 2.0
    np.cumsum(x, 0, None, y)
    return np.sum(y * x)


def dot_out(x):
    y = np.zeros(())
    np.dot(x, x, y)
    return np.sum(y * x)


def mean_out_keepdims(x):
    y = np.zeros(1)
    np.mean(x * x, 0, None, y, True)
    return np.sum(y * x)


def method_sum_out(x):
    y = np.zeros(())
    z = x.sum(0, None, y)
    return y * 1.0 + z


def method_clip_out(x):
    y = x * 2.0
    z = x.clip(-0.1, 0.1, y)
    return np.sum(y * x) + np.sum(z)


CASES = [exp_out, multiply_out, sin_out_value, sum_out, clip_out, cumsum_out, dot_out,
         mean_out_keepdims, method_sum_out, method_clip_out]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_positional_out_is_the_out_keyword(f):
    x = np.array([0.3, -0.2, 0.5])
    value, _ = sd.value_and_grad(f)(x.copy())
    assert value == pytest.approx(f(x.copy()), rel=1e-14)
    check(f, x, modes=("rev", "fwd"))
    check_pipelines(f, x)


def two_outputs(x):
    y = x * 2.0
    z = x * 1.0
    r = np.modf(x, y, z)
    return np.sum(y * z) + np.sum(r[0])


def out_twice(x):
    y = x * 2.0
    np.sum(x, 0, None, y, out=y)
    return np.sum(y)


@pytest.mark.parametrize("f,line", [(two_outputs, "r = np.modf(x, y, z)"),
                                    (out_twice, "np.sum(x, 0, None, y, out=y)")])
def test_positional_outputs_refused(f, line):
    with pytest.raises(sd.SrcdiffError, match="by position") as e:
        sd.grad(f)(np.array([0.3, 1.2]))
    assert line in str(e.value)


def ufunc_out_none(x):
    # a ufunc's `out` given by position as None, its default (np.vecdot's rule takes `axis`
    # third: the None reached it, a TypeError at run time)
    y = np.array([1.0, 2.0, 3.0])
    return np.sum(np.vecdot(np.outer(x, y), np.outer(y, x), None) + np.exp(x * 0.5, None))


def test_a_ufunc_output_given_as_none_is_its_default():
    x = np.array([0.5, 1.2, -0.3])
    check(ufunc_out_none, x)
