"""A global named like a parameter (or a variable) of the function is not read by it.

A script commonly names its arrays as the function's parameters: ``x = ...;
sd.grad(step)(x, v)``. The check of arguments sharing memory with a global the function
reads (emit/execute.py ``written_apart``, session 40) took every name the function reads,
its parameters included, and every name in the generated code's ``co_names``, attribute
names included, for a global read: a function writing into its argument ``x`` called with
the global ``x`` was refused ("argument 'x' shares memory with the global 'x'"), though
the function never reads that global. Now only names that are not local to the function
(emit/live.py ``guards``) and the generated code's global loads (not its attribute names,
``p.shape`` and the global ``shape``) count; a global the
function does read, passed as the argument it writes into, is still refused.

Gradients are checked against central differences (tests/support/fd.py).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def shifts(a, b):
    a[1:] = a[1:] * 2.0 + b[:-1]
    return np.sum(a * b)


class Holder:
    def __init__(self, w):
        self.w = w

    def scales(self, w):
        w *= self.w  # (the attribute `w` is not the global `w` either)
        return np.sum(w ** 2)


def by_rows(v, p):
    v *= p.shape[0]  # (the attribute `shape` is not the global `shape`)
    return np.sum(v ** 2)


def reads_global(v):
    v *= 2.0
    return np.sum(v * a)  # the global `a`


a = np.array([1.0, 2.0, 3.0])
b = np.array([0.5, 0.2, 0.1])
w = np.array([0.3, -0.7])
shape = np.array([1.0, -2.0])


def test_arguments_that_are_the_globals_of_their_names_are_differentiated():
    want = [numeric_grad(lambda p, q: shifts(p.copy(), q), [a, b], k) for k in (0, 1)]
    got = sd.grad(shifts, wrt=(0, 1))(a, b)
    assert_close(got, want)
    np.testing.assert_array_equal(a, [1.0, 2.0, 3.0])  # (the caller's arrays unchanged)
    h = Holder(np.array([1.5, 0.5]))
    assert_close(sd.grad(h.scales)(w), numeric_grad(lambda p: h.scales(p.copy()), [w], 0))
    assert_close(sd.grad(by_rows)(shape, w), 8.0 * shape)  # d/dv sum((v * 2) ** 2)


def test_a_global_the_function_reads_passed_as_the_argument_it_writes_is_refused():
    with pytest.raises(sd.SrcdiffError, match="shares memory with the global 'a'"):
        sd.grad(reads_global)(a)
    assert_close(sd.grad(reads_global)(b.copy()), 2.0 * a)
