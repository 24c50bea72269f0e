"""The shape patterns of ``np.reshape`` / ``x.reshape(...)`` and ``np.ravel`` (patterns.py
rearranged_pattern): one axis per entry of a literal shape (a 1 an axis of length 1), per
int argument, or one for ``ravel``.

They were not known, so ``M = np.outer(x, x) + x.reshape(-1, 1)`` had no rank, nor had
``a = M[0, 1]``, and ``a += s`` was refused as a change of ``M`` in place (helper
breadth36: the random independent programs' ``M = np.tanh(M + w.reshape(-1, 1))`` made
``M``'s rank, then ``s``'s through ``M[-1, -1]``, not known). A shape held by a name (which
may be a tuple) or given by keyword stays unknown.
"""

import gast
import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from pipelines import check_pipelines
from srcdiff.compiler.analysis.patterns import rearranged_pattern


class _Op:
    def __init__(self, source):
        call = gast.parse(source).body[0].value
        method = call.func.value.id != "np"  # (x.reshape(...): x is the first argument)
        self.args = [call.func.value] * method + list(call.args)
        self.kwargs = {k.arg: k.value for k in call.keywords}


def _facts(node):
    return {"n": ("int", ()), "t": ("container", None), "v": ("int", (None,))}.get(
        node.id, (None, None))


@pytest.mark.parametrize("source, fn", [
    ("x.reshape(-1, 1)", np.reshape), ("x.reshape(2, 3)", np.reshape),
    ("np.reshape(x, (1, -1))", np.reshape), ("x.reshape(6)", np.reshape),
    ("x.reshape(n, 3)", np.reshape), ("np.ravel(x)", np.ravel),
    ("np.outer(x, x)", np.outer), ("np.reshape(x, (3, 1, 2))", np.reshape),
])
def test_the_pattern_is_the_results_shape(source, fn):
    got = eval(source, {"np": np, "x": np.arange(6.0), "n": 2})
    pattern = rearranged_pattern(fn, _Op(source), [(False,)] * 2, _facts)
    assert len(pattern) == got.ndim
    for known, length in zip(pattern, got.shape):
        assert known is None or known == (length == 1)


@pytest.mark.parametrize("source", ["x.reshape(t)", "x.reshape(v)", "np.reshape(x, shape=(6,))",
                                    "x.reshape(())", "x.reshape(-1, order='F')"])
def test_a_shape_not_spelled_out_is_not_known(source):
    assert rearranged_pattern(np.reshape, _Op(source), [(False,)], _facts) is None


def reshaped(x, s):
    M = np.outer(x, x) + x.reshape(-1, 1)
    a = M[0, 1]  # a number: an entry of a matrix
    a += s
    return a + np.sum(M * M)


def test_an_entry_of_a_reshaped_sum_is_a_number():
    args = [np.array([-0.35, 0.21, 0.4]), 0.3]
    check_pipelines(reshaped, args, (0, 1))
    t = (np.array([0.7, -1.3, 0.2]), 0.4)
    _, dot = sd.jvp(reshaped, wrt=(0, 1))(*args, tangents=t)
    want = np.dot(numeric_grad(reshaped, args, 0), t[0]) + numeric_grad(reshaped, args, 1) * t[1]
    assert np.isclose(float(dot), want, rtol=1e-6, atol=1e-8)
