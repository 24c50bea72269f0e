"""A list display of numbers read by ``np.array``/``np.asarray`` makes a 1-d array
(activity.appended_lists takes a display's entries as it takes appended ones), so a float
rebound by ``+=`` with a product of it is known to be a number: accepted, not refused as a
change in place of the argument it was copied from."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def accumulate_onto_an_argument(x, y):
    z = np.array([x, y])
    acc = y
    acc += z @ z
    return acc


def test_a_float_accumulated_with_a_product_of_a_display():
    for wrt in (0, 1):
        assert_close(sd.grad(accumulate_onto_an_argument, wrt)(0.5, 0.3),
                     numeric_grad(accumulate_onto_an_argument, (0.5, 0.3), wrt))
        assert_close(sd.grad(accumulate_onto_an_argument, wrt, verify=True)(0.5, 0.3),
                     numeric_grad(accumulate_onto_an_argument, (0.5, 0.3), wrt))


def test_a_zero_d_array_argument_is_still_refused():
    # (y a 0-d array: `acc += ...` would change the caller's array in place)
    with pytest.raises(sd.SrcdiffError, match="in place"):
        sd.grad(accumulate_onto_an_argument, 0)(0.5, np.array(0.3))
