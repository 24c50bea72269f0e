"""A uniform gradient (one scalar standing for itself over an array's shape: the gradient of
a full sum or mean, reverse/uniform.py) stays a scalar through a sum over some axes with
literal options: each element of ``x`` is added once into one element of
``np.sum(x, axis)``, so ``x``'s gradient is the same scalar over ``x``'s shape
(backward.py ``_summed_over_axes``). The cross-entropy ``-np.mean(np.sum(Y * logp, axis=1))``
no longer spreads its gradient to the rows and back out over the classes.

Checked: the generated source; gradients against central differences in every pipeline
(optimized, verification, reference), with keepdims and a tuple of axes; a sum with other
options keeps its rule; second order through it."""

import numpy as np

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_every_mode, check_pipelines

rng = np.random.default_rng(2303)


def cross_entropy(logits, Y):
    z = logits - np.max(logits, axis=1, keepdims=True)
    logp = z - np.log(np.sum(np.exp(z), axis=1, keepdims=True))
    return -np.mean(np.sum(Y * logp, axis=1))


def test_the_row_sums_gradient_stays_a_scalar():
    logits, Y = rng.standard_normal((16, 5)), np.eye(5)[rng.integers(0, 5, 16)]
    src = sd.source(cross_entropy, args=(logits, Y))
    assert "unreduce(b_sum2" not in src and "spread(b_sum2" not in src, src
    assert "mul_into(b_sum2, Y)" in src or "b_sum2 * Y" in src, src
    check_pipelines(cross_entropy, (logits, Y), 0)


def kept_and_tuple_axes(x, w):
    inner = np.sum(np.tanh(x) * w, axis=(0, 2), keepdims=True)
    return np.sum(np.sin(inner)) + 3.0 * np.sum(np.sum(x ** 2, axis=-1))


def test_keepdims_and_tuples_of_axes_against_differences():
    x, w = rng.standard_normal((3, 4, 5)), rng.standard_normal((4, 1))
    check_pipelines(kept_and_tuple_axes, (x, w), (0, 1))
    src = sd.source(kept_and_tuple_axes, wrt=(0, 1), args=(x, w))
    assert src.count("unreduce(") <= 1, src  # (the tanh branch's sum reads a non-uniform g)


def with_dtype(x):
    return np.mean(np.sum(x ** 3, axis=0, dtype=np.float64))


def test_a_sum_with_other_options_keeps_its_rule():
    x = rng.standard_normal((6, 3))
    assert_close(sd.grad(with_dtype)(x), numeric_grad(with_dtype, (x,), 0))
    check_pipelines(with_dtype, (x,), 0)


def row_energy(x):
    return np.sum(np.sum(np.sin(x) * x, axis=1) * 0.5)


def test_second_order_through_it():
    check_every_mode(row_energy, rng.standard_normal((4, 3)), hvp=True)
