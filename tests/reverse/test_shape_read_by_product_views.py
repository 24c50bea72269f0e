"""A gradient written into its place in a new array (optimize/views.py index_add_product)
reads the base it scatters into only for its shape, type and dtype, like index_add
(dataflow.SHAPE_READS): so a store into that base after the read needs no undo, and
verification mode checks the read as a shape. Before, verification compared the whole
value and raised a VerificationError (a false alarm: the gradient was right) on the
independent random programs (seed 2621, index 139). Checked against central differences
in every pipeline, small and above VIEW_SIZE."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def reversed_tail_then_store(x, s):
    v = x + 0.0
    sl1 = np.sum(v[len(v) - 1:0:-1])
    v[0] += 0.1 * sl1  # (v is not read again: the store needs no undo)
    return 1.0 * sl1 + s


def slice_product_then_store(x, s):
    v = x * 1.0
    t = np.sum(v[1:] * s)
    v[1:3] = s * t
    return t


rng = np.random.default_rng(139)


@pytest.mark.parametrize("f", [reversed_tail_then_store, slice_product_then_store])
@pytest.mark.parametrize("n", [5, 300])
@pytest.mark.parametrize("options", [{}, {"verify": True}, {"optimize": False}],
                         ids=["default", "verify", "reference"])
def test_gradients(f, n, options):
    args = (rng.uniform(-0.9, 0.9, n), 0.7)
    for wrt in (0, 1):
        assert_close(sd.grad(f, wrt, **options)(*args), numeric_grad(f, args, wrt))
