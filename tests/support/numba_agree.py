"""The check of a numba gradient (tests/numba): the NumPy backend's gradient to 1e-12
relative, central finite differences (fd.py), and each gradient shaped like its argument."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def agree(fn, args, wrt):
    """``sd.grad(fn, wrt, backend="numba")(*args)`` checked; returns it."""
    got = sd.grad(fn, wrt=wrt, backend="numba")(*args)
    ref = sd.grad(fn, wrt=wrt)(*args)
    for k, g, r in zip(wrt, got, ref):
        assert np.shape(g) == np.shape(args[k])
        assert_close(g, r, rtol=1e-12, atol=1e-14)
        assert_close(g, numeric_grad(fn, args, k))
    return got


def refused_where_written(fn, args, here):
    """``sd.grad(fn, backend="numba")(*args)`` raises a SrcdiffError located at ``fn``'s
    first two lines in the file ``here`` (never numba's typing error); returns it."""
    import inspect

    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(fn, backend="numba")(*args)
    assert "numba cannot compile" not in str(info.value), str(info.value)
    assert info.value.filename.endswith(here)
    line = inspect.getsourcelines(fn)[1]
    assert line <= info.value.lineno <= line + 1, str(info.value)
    return info.value
