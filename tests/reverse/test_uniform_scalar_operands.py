"""A uniform gradient (one scalar standing for itself over an array's shape, the gradient of
a full sum or mean: reverse/uniform.py) reaching a scalar operand broadcast against the
array, ``np.sum(gammaln(y + r) - gammaln(r))``: the operand's gradient is the sum of ``G``
over the output's ``n`` elements, ``n * G``, and needs no array (``uniform_results``). It
used to spread ``G`` over the output and sum it back. Rule bodies calling elementwise
library functions other than NumPy's (``scipy.special.digamma``) keep the scalar too.

Checked: the generated source, and gradients against central differences in every pipeline
(optimized, verification, reference) over 1-d and 2-d outputs, sums and means, negated
operands; an operand broadcast against no array of the output's shape keeps the spread.
"""

import numpy as np
from scipy.special import gammaln

import srcdiff as sd
from pipelines import check_pipelines

Y = np.linspace(1.0, 3.0, 12)


def loglik(r, y):
    return np.sum(gammaln(y + r) - gammaln(r) + r * np.log(y))


def test_a_scalar_operand_of_a_summed_difference_takes_n_times_the_gradient():
    src = sd.source(loglik, wrt=0, args=(0.7, Y))
    assert "spread(" not in src and "size_of(" in src, src
    check_pipelines(loglik, (0.7, Y), 0)


def shifted_mean(c, A):
    return np.mean(np.tanh(A) - c) + np.sum(c - A * A)


def plus_2d(c, A):
    return np.sum(np.sin(A) * 2.0 + c) * 0.5


def test_means_and_two_dimensional_outputs():
    A = np.cos(np.linspace(0.0, 2.0, 15)).reshape(3, 5)
    for f in (shifted_mean, plus_2d):
        src = sd.source(f, wrt=(0, 1), args=(0.3, A))
        assert "spread(" not in src, (f.__name__, src)
        check_pipelines(f, (0.3, A), (0, 1))


def outer_plus(c, a, b):
    return np.sum(np.where(a[:, None] > 0.5, b[None, :], c))


def test_no_operand_of_the_outputs_shape_keeps_the_spread():
    a, b = np.linspace(0.0, 1.0, 4), np.linspace(1.0, 2.0, 3)
    check_pipelines(outer_plus, (0.3, a, b), (0, 2))


def test_a_zero_length_output():
    check_pipelines(loglik, (0.7, np.zeros(0) + 1.0), 0)
    assert sd.grad(loglik)(0.7, np.zeros(0)) == 0.0
