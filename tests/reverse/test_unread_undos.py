"""Issue 17, undos of array stores read by nothing after them (reverse/undos.py).

A 2-d heat stepper ``u[1:-1, 1:-1] += k * lap(u)`` is linear in ``u``: no adjoint reads
``u``, and the loss reads it only after the loop, whose adjoint runs before every undo.
The backward sweep used to copy the interior onto the tape at every step and write it
back, for no reader. The save and the undo now go; they stay wherever some statement of
the backward sweep after the undo may read the array: through its name, a name sharing
its memory (a view, a name it was bound to before), a save of such a name, or a callee's
record.

Each case checks the generated source (so that the rewrite is reached, or not), and the
gradient against central differences in the optimized pipeline, verification mode and
the unoptimized reference (which keeps every undo). A near miss whose undo were dropped
gives a wrong gradient: those cases fail if the pass drops too much.
"""

import numpy as np

import srcdiff as sd
from pipelines import check_pipelines


def heat(u0, kappa, steps):
    u = u0.copy()
    for t in range(steps):
        lap = u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4 * u[1:-1, 1:-1]
        u[1:-1, 1:-1] += kappa * lap
    return np.sum((u - 0.5) ** 2)


U0 = np.cos(np.linspace(0.0, 2.0, 30)).reshape(5, 6)


def _undone(src, part="u[1:-1, 1:-1] = "):
    """Does a line of ``src`` undo a store: write ``part`` from the tape or a saved name
    (``u[...] = _stack.pop()``; not the store itself, not ``b_u[...] = ...``)?"""
    return any(line.strip().startswith(part + "_") for line in src.splitlines())


def test_a_linear_stencil_keeps_no_copy_of_the_interior():
    args = (U0, 0.1, 4)
    src = sd.source(heat, wrt=(0, 1), args=args)
    assert "np.copy(u[1:-1, 1:-1])" not in src and not _undone(src), src
    ref = sd.source(heat, wrt=(0, 1), args=args, optimize=False)
    assert "np.copy(u[1:-1, 1:-1])" in ref, ref
    check_pipelines(heat, args, (0, 1))
    check_pipelines(heat, (U0, 0.1, 0), (0, 1))


def read_in_the_loop(u0, kappa, steps):
    u = u0.copy()
    s = 0.0
    for t in range(steps):
        s = s + np.sum(np.sin(u))  # the next trip's adjoint reads u as this store left it
        u[1:-1] += kappa * (u[2:] - u[:-2])
    return s + np.sum(u ** 2)


def read_before_the_loop(u0, kappa, steps):
    u = u0.copy()
    s = np.sum(u ** 3)  # its adjoint, last, reads u as it was before every store
    for t in range(steps):
        u[1:-1] += kappa * (u[2:] - u[:-2])
    return s + np.sum(u ** 2)


def through_a_view(u0, kappa, steps):
    u = u0.copy()
    v = u[1:]
    s = np.sum(v ** 3)  # reads v, which shares u's memory
    for t in range(steps):
        u[1:-1] += kappa * (u[2:] - u[:-2])
    return s + np.sum(u ** 2)


def through_an_earlier_binding(u0, kappa, steps):
    u = u0.copy()
    row = u[1:4]  # a view of u, then the name is bound to other arrays
    s = np.sum(row ** 3)
    for row in [u0 * 2.0, u0 * 3.0]:
        s = s + np.sum(row)
    for t in range(steps):
        u[1:-1] += kappa * (u[2:] - u[:-2])
    return s + np.sum(u ** 2)


def _cube_sum(a):
    return np.sum(a ** 3)


def through_a_callee(u0, kappa, steps):
    u = u0.copy()
    s = _cube_sum(u)  # the callee's backward sweep reads its argument, u's array
    for t in range(steps):
        u[1:-1] += kappa * (u[2:] - u[:-2])
    return s + np.sum(u ** 2)


def a_later_store_of_the_same_array(u0, kappa):
    u = u0 * 1.0  # (not a copy: recording.py's _unread_undos does not see it is new)
    u[0] = kappa * u[1]
    s = np.sum(u ** 3)  # reads u after the first store, before the second
    u[2] = kappa * u[3]
    return s + np.sum(u ** 2)


NEAR_MISSES = [read_in_the_loop, read_before_the_loop, through_a_view,
               through_an_earlier_binding, through_a_callee]
X0 = np.sin(np.linspace(0.0, 3.0, 7)) + 0.5


def test_the_undo_stays_where_the_array_is_read_after_it():
    for f in NEAR_MISSES:
        src = sd.source(f, wrt=(0, 1), args=(X0, 0.2, 3))
        assert _undone(src, "u[1:-1] = "), (f.__name__, src)
        check_pipelines(f, (X0, 0.2, 3), (0, 1))


def test_top_level_stores_undone_only_while_read():
    src = sd.source(a_later_store_of_the_same_array, wrt=(0, 1), args=(X0, 0.7))
    assert not _undone(src, "u[0] = ") and _undone(src, "u[2] = "), src
    check_pipelines(a_later_store_of_the_same_array, (X0, 0.7), (0, 1))


def into_an_argument(u, kappa, steps):
    for t in range(steps):
        u[1:-1] += kappa * (u[2:] - u[:-2])
    return np.sum(u ** 2)


def test_a_store_into_an_argument_is_always_undone():
    x = X0.copy()
    g = sd.grad(into_an_argument, wrt=1)(x, 0.2, 3)
    assert np.array_equal(x, X0)  # the gradient function leaves its arguments as passed
    want = (into_an_argument(X0.copy(), 0.2 + 1e-6, 3)
            - into_an_argument(X0.copy(), 0.2 - 1e-6, 3)) / 2e-6
    assert abs(g - want) < 1e-6 * max(1.0, abs(want))


def test_second_order_through_the_stencil():
    # the gradient source, differentiated again, against differences of the gradient
    g = sd.grad(heat, wrt=1)
    second = sd.grad(g, wrt=1)(U0, 0.1, 3)
    want = (g(U0, 0.1 + 1e-5, 3) - g(U0, 0.1 - 1e-5, 3)) / 2e-5
    assert abs(second - want) < 1e-5 * max(1.0, abs(want)), (second, want)
