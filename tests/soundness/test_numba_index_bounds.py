"""backend="numba" and indices past an array's end (red38).

NumPy raises IndexError for an index past an array's end; numba, without
``boundscheck``, reads or writes whatever memory is there. The gradients compiled with
numba returned a value (garbage, or the neighbour's memory) where the function raises,
in ``sd.grad(f, backend="numba")`` and in the module ``srcdiff --backend numba`` writes.
The generated functions are now compiled with ``boundscheck=True``
(compiler/emit/numba_cache.py ``_JIT``; cli/numba_module.py): they raise IndexError as
the function does. Negative indices within range still wrap as NumPy's do.
"""

import importlib.util

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.cli import commands as cli

pytest.importorskip("numba")

V = np.array([0.3, -0.7, 1.1, 0.4, -0.2])


def read_past_end(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * x[i + 1]
    return s


def read_before_start(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * x[i - 7]
    return s


def store_past_end(x):
    y = np.zeros(5)
    for i in range(x.shape[0]):
        y[i + 1] = x[i] ** 2
    return np.sum(y)


def index_array_past_end(x, idx):
    s = 0.0
    for k in range(idx.shape[0]):
        s += x[idx[k]] ** 2
    return s


def row_past_end(m):
    s = 0.0
    for i in range(m.shape[0] + 1):
        s += m[i, 0] * m[0, i]
    return s


def negative_wrap(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * x[i - 1]
    return s


def negative_index_array(x, idx):
    s = 0.0
    for k in range(idx.shape[0]):
        s += x[idx[k]] ** 2
    return s


RAISING = [(read_past_end, (V,)), (read_before_start, (V,)), (store_past_end, (V,)),
           (index_array_past_end, (V, np.array([0, 2, 7]))),
           (row_past_end, (np.arange(9.0).reshape(3, 3),))]


@pytest.mark.parametrize("fn, args", RAISING, ids=[f.__name__ for f, _ in RAISING])
def test_the_compiled_gradient_raises_as_the_function(fn, args):
    with pytest.raises(IndexError):
        fn(*args)
    with pytest.raises(IndexError):
        sd.grad(fn, backend="numba")(*args)
    with pytest.raises(IndexError):
        sd.value_and_grad(fn, backend="numba")(*args)


@pytest.mark.parametrize("fn, args", [(negative_wrap, (V,)),
                                      (negative_index_array, (V, np.array([0, -1, -5])))])
def test_negative_indices_in_range_wrap(fn, args):
    got = sd.grad(fn, backend="numba")(*args)
    assert_close(got, numeric_grad(fn, args, 0))


SAMPLE = '''import numpy as np


def kalman(alpha, ys, n):
    level = 0.0
    loss = 0.0
    for t in range(n):
        err = ys[t] - level
        loss = loss + err * err
        level = level + np.tanh(alpha) * err
    return loss
'''


def test_the_written_module_raises(tmp_path):
    (tmp_path / "sample.py").write_text(SAMPLE)
    out = tmp_path / "grad_sample.py"
    assert cli.main([str(tmp_path / "sample.py") + ":kalman", "--backend", "numba",
                     "-o", str(out)]) == 0
    spec = importlib.util.spec_from_file_location("red38_written_numba", out)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with pytest.raises(IndexError):  # n past the end of ys (NumPy raises too)
        module.grad_kalman(0.3, V, 6)
    namespace = {}
    exec(SAMPLE, namespace)
    assert_close(module.grad_kalman(0.3, V, 5), numeric_grad(namespace["kalman"], (0.3, V, 5), 0))
