"""A function srcdiff does not model (no rule, no source it reads: np.ascontiguousarray,
np.asanyarray, np.asfortranarray, NumPy's own Python np.require and np.asarray_chkfinite, a
method such as ``x.view()``) may return its argument itself or a view of it, so its result
shares memory with its arguments (analysis/sharing.py). A write through either name read
through the other was silently lost before: ``y = np.ascontiguousarray(z); y[0] = v`` changes
``z``, and the gradient of ``np.sum(z * z)`` came out as if it did not (an error of 60 at
the point below). Now refused, with the line."""

import numpy as np
import pytest

from pipelines import refusal_message

X = np.array([0.3, -1.2, 0.8])


def through_ascontiguousarray(x):
    z = x * 1.0
    y = np.ascontiguousarray(z)
    y[0] = 5.0 * z[1]
    return np.sum(z * z)


def through_asanyarray(x):
    z = x * 1.0
    y = np.asanyarray(z)
    y[0] = 5.0 * z[1]
    return np.sum(z * z)


def through_asfortranarray(x):
    z = x * 1.0
    y = np.asfortranarray(z)
    y[0] = 5.0 * z[1]
    return np.sum(z * z)


def through_require(x):
    z = x * 1.0
    y = np.require(z)
    y[0] = 5.0 * z[1]
    return np.sum(z * z)


def through_chkfinite(x):
    z = x * 1.0
    y = np.asarray_chkfinite(z)
    y[0] = 5.0 * z[1]
    return np.sum(z * z)


def through_a_view_method(x):
    z = x * 1.0
    y = z.view()
    y[0] = 5.0 * z[1]
    return np.sum(z * z)


def write_then_read_the_other(x):
    z = x * 1.0
    y = np.asanyarray(z)
    z[0] = 5.0 * z[1]
    return np.sum(y * x)


CASES = [through_ascontiguousarray, through_asanyarray, through_asfortranarray,
         through_require, through_chkfinite, through_a_view_method, write_then_read_the_other]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_a_write_through_an_unmodelled_alias_is_refused(f, mode):
    message = refusal_message(f, X, mode)
    assert "changes an array in place that" in message, message
    assert "test_unmodelled_aliases.py" in message and "[0] = 5.0 * z[1]" in message
