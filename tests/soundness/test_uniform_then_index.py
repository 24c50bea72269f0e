"""A uniform gradient (one scalar standing for itself over an array, reverse/uniform.py) to
which the gradient of a read at an index is then added, ``index_add(None, t, i, g) + G``:
an array from there on, but it stayed marked uniform. A sum over an axis before it,
``t = np.sum(x, axis=1)``, then took that array for a scalar and broadcast it along the
wrong axis: ``x``'s gradient transposed on a square ``x`` (silently wrong), a broadcasting
error on another shape. And a scalar operand broadcast against it counted it ``n`` times.

Found by the array fuzzer (seed 7, program 58) once scalar operands of uniform gradients
take ``n`` times the gradient (uniform.py). Checked against central differences in every
pipeline; both fail without the fix in contributions.py ``index_adjoint``."""

import numpy as np

from pipelines import check_pipelines


def summed_rows(x):
    t = np.sum(x, axis=1)
    return np.sum(t[1:] ** 2) + np.sum(t * 0.7)


def test_a_sum_over_an_axis_then_a_uniform_and_an_index_read():
    for shape in ((3, 3), (4, 2), (2, 5)):
        x = np.arange(np.prod(shape), dtype=float).reshape(shape) / 10.0
        check_pipelines(summed_rows, (x,), 0)


def scalar_plus(s, w):
    t = s + w
    u = np.sum(t[..., :, None] * t[..., None, :], axis=-1)
    return np.sum(t * 0.7) + np.sum(u * -1.3)


def test_a_scalar_operand_after_an_index_read():
    w = np.linspace(-1.0, 1.0, 9).reshape(3, 3)
    check_pipelines(scalar_plus, (0.72, w), (0, 1))
