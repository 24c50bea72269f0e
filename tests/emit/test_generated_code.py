"""Properties of the generated code itself (DESIGN.md's example and its promises)."""

import numpy as np

import srcdiff as sd
import tf_cases as T
from fd import assert_close, numeric_grad

X, W = np.ones((2, 3)), np.ones((3, 4))


def test_design_example_reads_like_a_hand_written_gradient():
    src = sd.source(T.design_example, wrt=1, args=(X, W))
    assert "zeros" not in src  # no zero-filled accumulators for gradients assigned once
    assert "x.T @ b_matmul" in src
    # b_h * (1.0 - h * h): NumPy writes it into the temporary (1.0 - h * h) itself, so no
    # mul_into call (optimize/release.py _fresh_like)
    assert "b_matmul = b_h * (1.0 - h * h)" in src and "mul_into" not in src
    assert "# adjoint of line" in src and "h = np.tanh(x @ w)" in src
    assert "_stack" not in src  # straight-line code saves nothing


def test_no_adjoint_work_for_inactive_values():
    labels = np.array([1.0, -1.0, 2.0])
    src = sd.source(T.inactive_work, wrt=1, args=(X, W, labels))
    assert "b_counts" not in src and "b_labels" not in src and "b_n" not in src
    assert "b_x" not in src  # x is not differentiated
    g = sd.grad(T.inactive_work, wrt=1)(X, W, labels)
    assert_close(g, numeric_grad(T.inactive_work, (X, W, labels), 1))


def test_gradient_leaves_a_mutated_argument_as_passed():
    x = np.array([0.5, -1.0, 2.0])
    before = x.copy()
    g = sd.grad(T.mutates_argument)(x)
    np.testing.assert_array_equal(x, before)  # restored by the backward sweep
    expected = numeric_grad(lambda v: T.mutates_argument(v.copy()), (before,), 0)
    assert_close(g, expected)
    # the primal itself mutates, as Python does
    y = before.copy()
    T.mutates_argument(y)
    assert not np.array_equal(y, before)


def test_tracebacks_show_generated_lines():
    import linecache

    compiled = sd.grad(T.design_example).compiled([X, W])
    filename = compiled.fn.__code__.co_filename
    lines = linecache.getlines(filename)
    assert any("np.tanh" in line for line in lines)


def test_cache_generates_once():
    df = sd.grad(T.design_example)
    a = df.compiled([X, W])
    b = df.compiled([X, W])
    assert a is b


def test_a_gradient_is_a_plain_function_that_still_composes():
    import inspect

    df = sd.grad(T.design_example)
    assert inspect.isfunction(df) and df.__name__ == T.design_example.__name__
    g = df(X, W)
    assert df(X, W) is not g  # a fresh result each call
    assert_close(g, numeric_grad(T.design_example, (X, W), 0))
    # grad of a gradient, and a cache shared with the transform behind it
    assert df.compiled([X, W]) is df.compiled([X, W])
    x = 0.7
    assert_close(sd.grad(sd.grad(_cube))(x), 6 * x)


def _cube(x):
    return x ** 3
