"""Issue 17, a copy's gradient handed to its source (compiler/reverse/handover.py): in
``un = u.copy(); <reads of u>; un[1:-1] = ...; u = un`` the backward sweep starts the
gradient of ``u`` from the buffer of ``un``'s instead of from zeros plus ``b_u += b_un``
at the copy, and a contribution that is the statement's own owned gradient passes the
buffer on (``b_u = b_sub`` for ``sub = u - target``; ``b_un = b_u`` for ``u = un``), so
the store's adjoint zeroes the stored part in place instead of copying the whole array.

Each case checks the generated source, and the gradient against central differences in
the optimized pipeline, verification mode and the unoptimized reference; near misses
(the copy read between, the source written between, a ``wrt`` on the copy, one gradient
reaching two operands) keep the addition.
"""

import numpy as np

import srcdiff as sd
from fd import assert_close, numeric_grad

PIPELINES = ({}, {"verify": True}, {"optimize": False})


def check(f, args, wrt):
    wrt = wrt if isinstance(wrt, tuple) else (wrt,)
    want = [numeric_grad(f, args, w) for w in wrt]
    for options in PIPELINES:
        got = sd.grad(f, wrt=wrt, **options)(*args)
        for g, expected in zip(got if isinstance(got, tuple) else (got,), want):
            assert_close(g, expected)


def stepper(u0, nu, target, steps):
    u = u0
    for t in range(steps):
        un = u.copy()
        un[1:-1] = (u[1:-1] - 0.3 * u[1:-1] * (u[1:-1] - u[:-2])
                    + nu * (u[2:] - 2 * u[1:-1] + u[:-2]))
        u = un
    return np.sum((u - target) ** 2)


ARGS = (np.sin(np.linspace(0.0, 3.0, 9)) + 0.5, 0.2, np.linspace(0.0, 1.0, 9), 4)


def test_the_stepper_accumulates_into_one_buffer():
    src = sd.source(stepper, wrt=(0, 1), args=ARGS)
    # no zeros to start from, no copy of the gradient, no addition of the copy's at the end
    assert "index_add(None" not in src and "b_un" not in src, src
    assert "np.array(b_" not in src and "b_u += " not in src, src
    assert "b_u[1:-1] = 0.0" in src, src
    ref = sd.source(stepper, wrt=(0, 1), args=ARGS, optimize=False)
    assert "b_un" in ref, ref  # the reference pipeline hands nothing over
    check(stepper, ARGS, (0, 1))


def test_short_arrays_and_no_trips():
    for n, steps in ((2, 2), (3, 3), (5, 0), (4, 1)):
        args = (np.linspace(0.1, 0.9, n), 0.3, np.zeros(n), steps)
        check(stepper, args, (0, 1))


def reads_between(u, c, steps):
    for t in range(steps):
        un = np.copy(u)
        a = np.sin(u[1:-1]) * c  # reads u after the copy: its adjoint adds into the buffer
        b = u[2:] * u[:-2]
        un[1:-1] = a + b
        u = un
    return np.sum(u * u)


def test_reads_between_the_copy_and_the_store():
    args = (np.linspace(-0.5, 0.7, 7), 0.8, 3)
    src = sd.source(reads_between, wrt=(0, 1), args=args)
    assert "index_add(None" not in src and "b_u += b_un" not in src, src
    check(reads_between, args, (0, 1))


def copy_read_between(u, steps):
    for t in range(steps):
        un = u.copy()
        a = u[1:-1] * un[0]  # reads the copy: b_un is not final before this adjoint
        un[1:-1] = a * u[2:]
        u = un
    return np.sum(u * u)


def source_written_between(x, steps):
    for t in range(steps):
        u = x * 1.0
        un = u.copy()
        u[0] = 2.0 * u[-1]  # u changes after the copy: its gradient is another value's
        un[1:-1] = u[1:-1] * u[2:]
        x = un
    return np.sum(x * x)


def wrt_on_the_copy(u):
    un = u.copy()
    un[1:-1] = u[1:-1] * u[2:]
    v = un * un
    return np.sum(v)


def test_near_misses_keep_the_addition():
    args = (np.linspace(-0.5, 0.7, 6), 3)
    src = sd.source(copy_read_between, wrt=0, args=args)
    assert "b_un" in src, src
    check(copy_read_between, args, 0)
    src = sd.source(source_written_between, wrt=0, args=args)
    assert "index_add(None" in src, src  # (b_un's buffer is b_x's: passed on by x = un)
    check(source_written_between, args, 0)
    u = np.linspace(-0.5, 0.7, 6)
    got = sd.grad(wrt_on_the_copy, wrt=("u", "un"))(u)
    ref = sd.grad(wrt_on_the_copy, wrt=("u", "un"), optimize=False)(u)
    assert_close(got[0], numeric_grad(wrt_on_the_copy, (u,), 0))
    assert_close(got[1], ref[1])
    assert np.any(got[1] != 0.0)


def two_operands_one_gradient(u, steps):
    for t in range(steps):
        v = u * 1.5
        w = u.copy()
        w[0] = 0.0  # its adjoint zeroes b_w[0], in place when b_w owns its buffer
        s = v + w  # b_v and b_w are both b_s: neither may own it
        u = 0.25 * s * s
    return np.sum(u)


def alias_then_store(u, steps):
    for t in range(steps):
        un = u * 1.0
        v = un  # a plain alias: its adjoint passes b_v's buffer on to b_un
        d = v - u  # b_d reaches both v and u (negated)
        v[2:] = d[2:] * v[:-2] + v[1:-1]
        u = v
    return np.sum(u ** 2)


def test_one_gradient_reaching_two_operands():
    args = (np.linspace(-0.5, 0.7, 6), 2)
    check(two_operands_one_gradient, args, 0)
    check(alias_then_store, args, 0)


def norm_then_lists(x, u):
    # the first-order code would have ``b_x = b_sub`` then ``b_x += ...`` (sub's buffer
    # passed on): an alias the second differentiation cannot follow (fuzz seed 106218433)
    t1 = [np.floor(2.0 * u) * x + u, np.outer(u, x) @ u]
    v2 = t1[0] * t1[1]
    s3 = np.linalg.norm(x - 0.5 * u)
    return np.sum(v2 * v2) + s3


def test_code_differentiated_again_hands_nothing_over():
    x, u = np.array([0.554, 0.489, 0.861]), np.array([0.197, -0.068, 0.219])
    assert "b_x = b_sub" in sd.source(norm_then_lists, wrt=0, args=(x, u))  # first order
    g = sd.grad(norm_then_lists)
    v, h = np.array([0.3, -0.7, 0.5]), 1e-5
    fd = (g(x + h * v, u) - g(x - h * v, u)) / (2 * h)
    assert_close(sd.hessian(norm_then_lists)(x, u) @ v, fd, rtol=1e-6, atol=1e-8)
