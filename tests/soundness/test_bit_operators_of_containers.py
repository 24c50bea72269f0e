"""``|`` (``&``, ``^``) of values that depend on the differentiated inputs.

The rules treat ``|``, ``&`` and ``^`` as operators without a derivative (on integers and
booleans they are). Of dicts ``d | {"b": x}`` merges them and ``d |= e`` updates ``d``; of
sets of numbers they make sets of those numbers: the result held ``x``, yet its gradient
was None (sd.grad) or 0 (sd.jvp), silently. They are now refused where an operand depends
on the inputs; the boolean and integer uses stay accepted.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import PIPELINES


def merged_dict(x):
    d = {"a": x * 2.0}
    d2 = d | {"b": x}
    return np.sum(d2["a"] * d2["b"])


def updated_dict(x):
    d = {"a": x * 2.0}
    d |= {"b": x}
    return np.sum(d["a"] * d["b"])


def set_union(x):
    s = {float(x[0]), 1.0} | {float(x[1])}
    return sum(s)


X = np.array([0.7, -1.3, 0.4])


@pytest.mark.parametrize("f", [merged_dict, updated_dict, set_union])
@pytest.mark.parametrize("options", PIPELINES)
def test_a_varied_operand_of_a_bit_operator_is_refused(f, options):
    with pytest.raises(sd.SrcdiffError, match=r"of dicts or sets it keeps the numbers") as e:
        sd.grad(f, **options)(X.copy())
    assert "test_bit_operators_of_containers.py" in str(e.value)


@pytest.mark.parametrize("f", [merged_dict, updated_dict, set_union])
def test_forward_mode_refuses_it_too(f):
    with pytest.raises(sd.SrcdiffError, match=r"of dicts or sets it keeps the numbers"):
        sd.jvp(f)(X.copy(), tangents=np.ones(3))


def constant_dicts_merged(x):
    e = {"a": 1.0} | {"b": 2.0}
    return np.sum(x * e["a"] + x ** 2 * e["b"])


def boolean_masks(x):
    m = (x > 0.5) | (x < -0.5)
    k = (x > 0) ^ (x > 1)
    return np.sum(np.where(m & k, x ** 2, x))


def integer_flags(x):
    n = int(x[0] > 0) | 2
    return np.sum(x ** n)


def mask_argument(x, mask):
    return np.sum(np.where(mask | (x > 0), x ** 2, -x))


@pytest.mark.parametrize("f", [constant_dicts_merged, boolean_masks, integer_flags])
@pytest.mark.parametrize("options", PIPELINES)
def test_constant_operands_stay_accepted(f, options):
    assert_close(sd.grad(f, **options)(X.copy()), numeric_grad(f, (X,), 0))


def test_a_boolean_argument_stays_accepted():
    mask = np.array([True, False, False])
    assert_close(sd.grad(mask_argument)(X.copy(), mask), numeric_grad(mask_argument, (X, mask), 0))
