"""Issue 17, stores whose undo nobody reads: ``un = u.copy(); un[1:-1] = ...`` writes into
an array made in the same run of the block that nothing has read yet, so the backward
sweep, which undoes the store before the adjoints of the statements before it, would
restore contents no adjoint reads (analysis/recording.py, ``_unread_undos``). The save
of the stored part and the undo are skipped, and so is the save of ``un`` itself (read by
the undo alone).

Each case checks the generated source, and the gradient against central differences in
the optimized pipeline, verification mode and the unoptimized reference; the near
misses keep the save.
"""

import numpy as np

import srcdiff as sd
from pipelines import check_pipelines

check = check_pipelines


def burgers(u0, nu, steps):
    u = u0
    for t in range(steps):
        un = u.copy()
        un[1:-1] = (u[1:-1] - 0.3 * u[1:-1] * (u[1:-1] - u[:-2])
                    + nu * (u[2:] - 2 * u[1:-1] + u[:-2]))
        u = un
    return np.sum(u ** 2)


ARGS = (np.sin(np.linspace(0.0, 3.0, 9)) + 0.5, 0.2, 4)


def test_the_stencil_into_a_copy_saves_neither_the_part_nor_the_name():
    src = sd.source(burgers, wrt=(0, 1), args=ARGS)
    assert "np.copy(un[" not in src and "_stack.append(un)" not in src, src
    assert "un[1:-1] = _stack.pop()" not in src, src
    # the reference pipeline keeps every undo
    ref = sd.source(burgers, wrt=(0, 1), args=ARGS, optimize=False)
    assert "np.copy(un[1:-1])" in ref, ref
    check(burgers, ARGS, (0, 1))


def test_short_arrays_and_no_trips():
    for n, steps in ((0, 2), (1, 2), (3, 3), (5, 0)):
        check(burgers, (np.linspace(0.1, 0.9, n), 0.3, steps), (0, 1))


def read_between(u, steps):
    s = 0.0
    for t in range(steps):
        un = u.copy()
        s = s + np.sum(un * un)  # its adjoint reads un as it was before the store
        un[1:-1] = u[1:-1] * u[2:]
        u = un
    return s + np.sum(u ** 3)


def copy_outside_the_branch(u, steps):
    for t in range(steps):
        un = u.copy()
        if t % 2 == 0:
            un[1:-1] = u[1:-1] * u[:-2]
        u = un * un
    return np.sum(u)


def stored_twice(u, steps):
    for t in range(steps):
        un = u.copy()
        un[1:-1] = u[1:-1] * u[2:]
        w = un * un  # reads the first store's result: before its undo, after the second's
        un[:2] = w[1:3] * 0.5
        u = 0.5 * un + 0.1 * w
    return np.sum(u * u)


def not_a_copy(u, steps):
    for t in range(steps):
        un = u * 1.0  # new too, but only np.copy is recognized
        un[1:-1] = u[1:-1] * u[2:]
        u = un
    return np.sum(u * u)


def test_near_misses_keep_the_save():
    args = (np.linspace(0.2, 0.9, 6), 3)
    for f in (read_between, copy_outside_the_branch, not_a_copy):
        src = sd.source(f, wrt=0, args=args)
        assert "_stack.append(np.copy(un[" in src, (f.__name__, src)
        check(f, args, 0)


def test_a_second_store_keeps_its_save_and_the_first_drops_it():
    args = (np.linspace(0.2, 0.9, 6), 3)
    src = sd.source(stored_twice, wrt=0, args=args)
    assert "np.copy(un[1:-1])" not in src and "np.copy(un[:2])" in src, src
    check(stored_twice, args, 0)
