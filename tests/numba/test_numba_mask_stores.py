"""backend="numba": stores at a boolean mask of two or three axes (``y[m] = v``,
``y[m] += v`` where ``y`` is not differentiated, and the adjoint's ``b_y[m] = 0.0``):
numba lowers a store at a mask of one axis only, so on main these failed at the first call
("numba cannot compile the gradient: its lowering failed"). numba_masks.py writes them as
``y[...] = masked_put(y, m, v)``. Checked against the NumPy backend (1e-12 relative) and
central finite differences (numba_agree.agree), masked_put against NumPy's store."""

import numpy as np
import pytest

from numba_agree import agree

pytest.importorskip("numba")

RNG = np.random.default_rng(4646)
X = RNG.normal(size=(3, 4))
C = RNG.normal(size=(3, 4))
CUBE = RNG.normal(size=(2, 3, 2))


def store_number(x):
    y = x * 2.0
    m = x > 0.1
    y[m] = 0.0
    return np.sum(y ** 2)


def store_compared(x):
    y = x * 2.0
    y[x > 0.1] = 3.0
    return np.sum(y * x)


def store_cube(x):
    y = np.sin(x)
    y[x < 0.0] = -1.0
    return np.sum(y * y * x)


def add_in_constant(x, c):
    z = c * 1.0
    z[c > 0.0] += 2.0
    z[c < -0.5] *= 3.0
    return np.sum(z * x)


def store_constant_entries(x, c):
    z = c * 1.0
    m = c > 0.0
    z[m] = c[m] ** 2
    return np.sum(np.tanh(z * x))


@pytest.mark.parametrize("fn, args, wrt", [
    (store_number, (X,), (0,)),
    (store_compared, (X,), (0,)),
    (store_cube, (CUBE,), (0,)),
    (add_in_constant, (X, C), (0,)),
    (store_constant_entries, (X, C), (0,)),
], ids=["number", "compared", "cube", "add_in_constant", "constant_entries"])
def test_store_at_a_mask_of_two_axes(fn, args, wrt):
    agree(fn, args, wrt)


def test_masked_put_is_numpys_store():
    import numba

    from srcdiff.compiler.emit.numba_masks import masked_put
    put = numba.njit(lambda a, m, v: masked_put(a, m, v))
    for a in (X, CUBE, np.arange(12).reshape(3, 4)):
        m = RNG.normal(size=a.shape) > 0.0
        for v in (2.5, RNG.normal(size=int(m.sum())), np.array([7.0])):
            want, got = a.copy(), a.copy()
            want[m] = v
            assert put(got, m, v) is not None and np.array_equal(got, want)
    with pytest.raises(ValueError):
        put(X.copy(), X > 0.0, np.ones(int((X > 0.0).sum()) + 1))
    with pytest.raises(IndexError):
        put(X.copy(), np.ones((4, 3), dtype=bool), 1.0)


@pytest.mark.parametrize("fn, args", [(store_number, (X,)), (add_in_constant, (X, C)),
                                      (store_cube, (CUBE,))],
                         ids=["number", "add_in_constant", "cube"])
def test_masked_store_does_not_copy_the_array_onto_itself(fn, args):
    # ``y[...] = masked_put(y, m, v)`` copied y onto itself at every store (numba's
    # overlapping copy: 23 ms for 1e6 entries against 0.44 ms for the put alone); the
    # statement ``masked_put(y, m, v)`` writes the same entries (numba_masks.without_self_copies)
    import srcdiff as sd
    source = sd.grad(fn, backend="numba").source(*args)
    assert "masked_put(" in source and "] = masked_put(" not in source
    agree(fn, args, (0,))
