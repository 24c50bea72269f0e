"""A method srcdiff has no rule for, given a differentiated value by keyword, is refused.

``r = p._replace(b=p.b * x)`` of a named-tuple argument ``p``: the call's operands were its
receiver and positional arguments only (analysis/ops.py), so the differentiated keyword
value made no operand differentiated, the call counted as a constant, and the gradient
lost every path through ``r.b`` (half the true gradient of ``sum(r.a * r.b * x)``, both
pipelines and forward mode: red35's probes). Its keyword values are operands now: such a
call is refused. Oracle: central differences (the gradient srcdiff returned was wrong).
"""

from typing import NamedTuple

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from srcdiff.errors import SrcdiffError


class P(NamedTuple):
    a: np.ndarray
    b: np.ndarray


PA = P(np.array([0.5, 1.5, -0.5]), np.array([2.0, -1.0, 0.25]))
X = np.array([0.3, -0.7, 1.1])


def replaced(x, p):
    r = p._replace(b=p.b * x)
    return np.sum(r.a * r.b * x)


def replaced_in_a_nested_def(x, p):
    def f(q):
        r = q._replace(b=q.b * x)
        return r[0] * r[1]
    return np.sum(f(p) * x)


@pytest.mark.parametrize("f", [replaced, replaced_in_a_nested_def])
@pytest.mark.parametrize("options", [{}, {"optimize": False}])
def test_a_differentiated_keyword_of_an_unknown_method_is_refused(f, options):
    true = numeric_grad(f, (X, PA), 0)
    assert np.allclose(true, 2 * PA.a * PA.b * X)  # (the oracle: the closed form)
    with pytest.raises(SrcdiffError, match="_replace|attribute .b"):
        sd.grad(f, **options)(X, PA)
    with pytest.raises(SrcdiffError, match="_replace|attribute .b"):
        sd.jvp(f)(X, PA, tangents=np.ones(3))


def constant_keyword(x, p):
    r = p._replace(b=p.b * 2.0)
    return np.sum(r[1] * x)


def test_a_constant_keyword_is_still_a_constant():
    assert np.allclose(sd.grad(constant_keyword)(X, PA), numeric_grad(constant_keyword, (X, PA), 0))
