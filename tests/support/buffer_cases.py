"""Programs keeping ping-pong buffers (analysis/buffers.py): the supported ones, and the
near misses whose names do share an array (tests/soundness/test_ping_pong_buffers.py,
tests/analysis/test_buffers.py)."""

import numpy as np

X = np.array([0.35, 0.8, -0.4, 0.55, 1.1, -0.2, 0.45])


def heat(x):  # the program of the report
    u = x.copy()
    w = np.zeros_like(x)
    for t in range(3):
        w[1:-1] = u[1:-1] + 0.1 * (u[2:] - 2 * u[1:-1] + u[:-2])
        w[0] = u[0]; w[-1] = u[-1]  # noqa: E702
        u, w = w, u
    return np.sum(u ** 2)


def through_a_temporary(x):
    u = x.copy()
    w = np.zeros_like(x)
    for t in range(3):
        w[1:-1] = u[1:-1] * u[2:] + np.sin(u[:-2])
        w[0] = u[0]
        w[-1] = u[-1]
        tmp = u
        u = w
        w = tmp
    return np.sum(u ** 3)


def into_an_empty_buffer(x):
    u = x * 1.0
    w = np.empty_like(u)
    for t in range(4):
        w[:] = np.tanh(u) * u[::-1]
        u, w = w, u
    return np.sum(u * x)


def three_rotating(x):
    a = x.copy()
    b = np.zeros_like(x)
    c = np.ones_like(x)
    for t in range(4):
        c[:] = a * b + np.cos(a)
        b[1:] = c[:-1] * a[1:]
        a, b, c = b, c, a
    return np.sum(a * a) + np.sum(b) + np.sum(c ** 2)


def swapped_in_a_branch(x):
    u = x.copy()
    w = np.zeros_like(x)
    for t in range(5):
        w[:] = u * u[::-1] * 0.5 + u
        if t % 2 == 0:
            u, w = w, u
    return np.sum(u ** 2) + np.sum(w)


def in_nested_loops(x):
    u = x.copy()
    w = np.zeros_like(x)
    for s in range(2):
        for t in range(2):
            w[1:] = u[1:] * u[:-1]
            w[0] = u[0] * 2.0
            u, w = w, u
        u[0] = u[0] + np.sum(w)
    return np.sum(u ** 2)


def returning_the_buffer(x):
    u = x.copy()
    w = np.zeros_like(x)
    for t in range(3):
        w[:] = u ** 2 * 0.5 + u
        u, w = w, u
    return u


def in_a_while_loop(x):
    u = x.copy()
    w = np.zeros_like(x)
    t = 0
    while t < 3:
        w[:] = np.sin(u) + u
        u, w = w, u
        t += 1
    return np.sum(u * u)


def updated_in_place(x):
    u = x.copy()
    w = np.zeros_like(x)
    for t in range(3):
        w[:] = u * 0.5
        w += np.cos(u)
        u, w = w, u
    return np.sum(u ** 2)


def entries_updated_in_place(x):
    u = x.copy()
    w = np.zeros_like(x)
    for t in range(3):
        w[1:-1] = u[1:-1] * 0.5 + u[2:] * u[:-2]
        w[0] += u[0]
        w[-1] *= u[-1] * 0.9
        u, w = w, u
    return np.sum(u ** 2)


def read_before_the_other_writes(x):
    # the adjoint of the first trip reads u's array as it was then, after the second trip
    # wrote into it through w: the store is undone before (recording.py, reverse/undos.py)
    u = x.copy()
    w = np.zeros_like(x)
    acc = 0.0
    for t in range(3):
        acc = acc + np.sum(np.sin(u) * x)
        w[:] = 0.5
        u, w = w, u
    return acc


def _steps(v, k):
    u = v.copy()
    w = np.zeros_like(v)
    for t in range(k):
        w[1:-1] = u[1:-1] * 0.5 + u[2:] * u[:-2]
        w[0] = u[0]
        w[-1] = u[-1] * 0.9
        u, w = w, u
    return u


def through_a_helper(x):
    acc = 0.0
    y = x
    for s in range(2):
        y = _steps(y, 2) + 0.1 * x
        acc = acc + np.sum(np.sin(y))
    return acc


def checkpointed_heat(x):
    u = x.copy()
    w = np.zeros_like(x)
    # srcdiff: checkpoint
    for t in range(4):
        w[1:-1] = u[1:-1] * u[2:] + np.sin(u[:-2])
        u, w = w, u
    return np.sum(u ** 2)


# ------------------------------------------------------------------ near misses


def one_array_two_names(x):
    u = x.copy()
    w = u
    for t in range(3):
        w[1:] = u[:-1] * 2.0
        u, w = w, u
    return np.sum(u ** 2)


def a_reversed_view(x):
    u = x.copy()
    w = u[::-1]
    for t in range(3):
        w[1:] = u[:-1] * 2.0
        u, w = w, u
    return np.sum(u ** 2)


def the_argument_itself(x):
    u = x
    w = np.zeros_like(x)
    for t in range(3):
        w[:] = u * 2.0
        u, w = w, u
    return np.sum(u ** 2)


def a_view_kept_from_before_the_loop(x):
    u = x.copy()
    w = np.zeros_like(x)
    v = u[1:]
    for t in range(2):
        w[:] = u * 2.0 + 1.0
        u, w = w, u
    return np.sum(v * x[1:])


def a_view_kept_across_the_swap(x):
    u = x.copy()
    w = np.zeros_like(x)
    acc = 0.0
    for t in range(3):
        w[:] = u * 1.5
        v = u[1:]
        u, w = w, u
        w[0] = 3.0
        acc = acc + np.sum(v * x[1:])
    return acc


def a_view_of_the_other_buffer(x):
    u = x.copy()
    w = np.zeros_like(x)
    acc = 0.0
    for t in range(3):
        v = w[1:]
        u[:] = u * 1.1 + x
        u, w = w, u
        u[0] = 1.5
        acc = acc + np.sum(v * x[1:])
    return acc + np.sum(u * w)


def three_names_two_arrays(x):
    a = x.copy()
    b = a
    c = np.zeros_like(x)
    for t in range(3):
        c[:] = a * 2.0
        a, b, c = b, c, a
    return np.sum(a ** 2) + np.sum(b)


def a_list_of_the_buffers(x):
    u = x.copy()
    w = np.zeros_like(x)
    bufs = [u, w]
    for t in range(3):
        w[:] = u * 2.0
        u, w = w, u
    return np.sum(bufs[0] ** 2)


def a_new_array_every_trip_swapped(x):
    u = x.copy()
    for t in range(3):
        w = np.zeros_like(u)
        w[:] = u * 2.0
        u, w = w, u
        w[0] = 5.0
        u = u + np.sum(w)
    return np.sum(u ** 2)


def one_statement_makes_both(x):
    u = x.copy()
    for t in range(3):
        w = np.zeros_like(u)
        w[:] = u * 2.0 + 0.5
        u, w = w, u
        w[0] = 5.0
    return np.sum(u ** 2)


# (a new array each trip handed to the other name: `a, t = t + a * 0.1, a`; seed 39001)
def a_new_array_each_trip_handed_on(x):
    a = x * 0.5
    t = x * 0.3
    for e in x:
        a, t = t + a * 0.1, a
    t += 0.3 * a  # (t holds the array of an earlier trip, or a's first: a has a newer one)
    return np.sum(a * t)


def handed_on_and_changed_in_the_loop(x):
    a = x * 0.5
    t = x * 0.3
    for e in x:
        a, t = t + a * 0.1, a[::-1]
        t *= 1.0 + 0.1 * e  # (a view of the older array: a holds the newer)
        t[0] += 0.2 * a[1]
    return np.sum(a * t)


def handed_on_and_kept(x):  # near miss: w keeps the array t changes
    a = x * 0.5
    t = x * 0.3
    for e in x:
        a, t = t + a * 0.1, a
        w = t
    t += 0.3 * a
    return np.sum(a * t) + np.sum(w * x)


def handed_on_and_taken_back(x):  # near miss: a takes the array t holds in some trips
    a = x * 0.5
    t = x * 0.3
    for e in x:
        a, t = t + a * 0.1, a
        if e > 0.0:
            a = t
    t += 0.3 * a
    return np.sum(a * t)


def one_run_makes_both(x):  # near miss: one run of the statement, two names
    u = x.copy()
    for t in range(3):
        w = np.zeros_like(u)
        w[:] = u * 2.0 + 0.5
        u = w
        w[0] = 5.0
    return np.sum(u ** 2)
