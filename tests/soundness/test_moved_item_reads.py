"""Verification of a moved read of one item of a user function's gradients.

``b_g_args = bwd_g(...)`` returns a tuple of gradients; the caller takes an owned one as
its buffer (``b_x = b_g_args[0]``, reverse/calls.py) and adds into it in place
(``b_x += ...``), while the optimizer moves the read of another item
(``b_g_args[1]``) past that addition. The values are right (the item read is not the one
changed), but verification mode snapshotted the whole tuple and raised "moved an
expression reading 'b_copysign_args' past a change" on a correct program (PyTorch's OpInfo
hypot/copysign case, tests/compat/test_torch_opinfo_grads.py). The snapshot now holds the
items the moved value reads (optimize/exprs.py ``_read_values``); a change of an item it
does read is still caught. Oracle: central finite differences in float64."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.errors import VerificationError
from srcdiff.runtime_checks import verify_snapshot, verify_unchanged

W = np.cos(np.arange(12.0) * 1.7 + 0.3).reshape(3, 4)
RNG = np.random.default_rng(1)
X = RNG.standard_normal((3, 4))
Y = RNG.standard_normal((3, 4)) + 0.5


def weighted(y):
    w = np.cos(np.arange(np.size(y)) * 1.7 + 0.3).reshape(np.shape(y))
    return np.sum(y * w)


def hypot_then_copysign(x, y):
    return np.sum(np.hypot(x, y) * W) + np.sum(np.copysign(x, y) * W)


def through_a_helper(x, y):
    return weighted(np.hypot(x, y)) + weighted(np.copysign(x, y))


@pytest.mark.parametrize("fn", [hypot_then_copysign, through_a_helper])
@pytest.mark.parametrize("verify", [True, False])
def test_gradient_right_with_and_without_verification(fn, verify):
    got = sd.grad(fn, wrt=(0, 1), verify=verify)(X.copy(), Y.copy())
    assert_close(got, tuple(numeric_grad(fn, (X, Y), k) for k in (0, 1)))


def test_a_changed_item_that_is_read_is_still_caught():
    """The snapshot of an item: unchanged passes, a change of that item raises."""
    t = (np.ones(3), np.zeros(3))
    kept = verify_snapshot(dict(t=t[1]), ("t",))
    t[0][:] = 5.0  # another item: not read
    verify_unchanged(kept, dict(t=t[1]), ("t",))
    t[1][0] = 2.0
    with pytest.raises(VerificationError):
        verify_unchanged(kept, dict(t=t[1]), ("t",))


def test_the_snapshot_names_the_items_read():
    src = sd.source(hypot_then_copysign, wrt=(0, 1), args=(X, Y), verify=True)
    assert "verify_snapshot(dict(locals(), b_copysign_args=b_copysign_args[1])" in \
        " ".join(src.split()).replace("= ", "=").replace("( ", "("), src
