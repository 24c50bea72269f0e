"""A name rebound to (a part of) what it held keeps sharing memory with what that shared.

``z = y`` then ``z = z[1:]`` (or ``z = z``, ``z = np.reshape(z, ...)``, ``t = z; z = t``,
``z = z * 1.0 if c else z``): a write through the new ``z`` is a write into ``y``. The
sharing analysis took an alias made by a definition of ``z`` that no longer reaches the
write as gone (a "stale" edge), whatever the definition that does reach it: the write was
not seen through ``y`` and every pipeline gave a wrong gradient, forward mode too (found by
helper hunt16's corpus: ``z = z * 1.0 if i == 1 else z`` in a loop, errors of 0.4 below).
And ``sd.stop_gradient(x)``, the identity at run time, was taken to share nothing with
``x``: ``v = sd.stop_gradient(w); v[0] = x[0] * 2.0`` changes ``w``, and the gradient of
``np.sum(w * x)`` missed it (0.6 for 1.2); a view of ``w`` through it returned as an output
changed when the backward sweep restored ``w`` (value_and_grad's value was not ``f``'s).
Both are refused now; a rebinding to a new object (``z = z + 1.0``) is not.

Likewise what is read out of ``list(m)`` (a row, a view of ``m``) or ``list(xs)`` (an entry
of ``xs`` itself) was taken to share nothing with ``m``/``xs`` (``rows = list(m); r =
rows[0]; r[0] = v``: 0.546 for 0.519), and ``operator.iadd(z, x)``, which is ``z += x``,
was a call with no effect on ``z`` (2.2 for 3.4): refused now, while a store into or an
append to the new list is not.

And np.diag of a matrix, np.real_if_close, np.matrix_transpose and sliding_window_view return
views of their argument but were not registered as views: a write into the matrix changed
its diagonal unseen (-1.02 for -1.2), and value_and_grad returned np.diag(w) of a ``w`` the
backward sweep had restored since (not ``f``'s value).
"""

import operator

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_every_mode, refusal_message

X = np.array([0.3, -0.4, 0.5])


def self_copy(x):
    y = x * 1.0
    z = y
    z = z
    z[0] = z[0] * x[2]
    return y + z


def through_a_temporary(x):
    y = x * 1.0
    z = y
    t = z
    z = t
    z[0] = z[0] * x[2]
    return y + z


def self_view(x):
    y = x * 1.0
    z = y
    z = z[1:]
    z[0] = z[0] * x[2]
    return y * 2.0 + np.sum(z)


def own_view_seen_by_an_older_view(x):
    y = x * 1.0
    v = y[:2]
    y = y[1:]
    y[0] = y[0] * x[2]
    return v * 2.0 + np.sum(y)


def self_reshape(x):
    y = x * 1.0
    z = y
    z = np.reshape(z, (3,))
    z[0] = z[0] * x[2]
    return y * 2.0 + np.sum(z)


def conditional_copy_in_a_loop(x):
    y = x * 1.0
    z = y
    i = 0
    while i < 2:
        z = z * 1.0 if i == 1 else z
        z[i] = z[i] * x[2]
        i += 1
    return y + z


def through_stop_gradient(x):
    w = x * 2.0
    v = sd.stop_gradient(w)
    v[0] = x[0] * 2.0
    return np.sum(w * x)


def view_through_stop_gradient_then_write(x):
    w = np.outer(x, x)
    v = sd.stop_gradient(w[:, 2])
    w[1] = x * 2.0
    return np.sum(v * x)


def row_of_a_list_of_rows(x):
    m = np.outer(x, x)
    rows = list(m)
    r = rows[0]
    r[0] = r[0] * x[2]
    return np.sum(m * m)


def entry_of_a_copied_list(x):
    xs = [x * 1.0, x * 2.0]
    ys = list(xs)
    z = ys[0]
    z[0] = z[0] * x[2]
    return xs[0] * xs[1]


def rows_of_a_tuple_in_a_loop(x):
    m = np.outer(x, x)
    for r in tuple(m):
        r[0] = r[0] * x[2]
    return np.sum(m * m)


def diagonal_of_a_changed_matrix(x):
    m = np.outer(x, x)
    d = np.diag(m)
    m[0, 0] = x[1] * 3.0
    return np.sum(d * x)


def write_through_real_if_close(x):
    m = np.outer(x, x)
    t = np.real_if_close(m)
    t[0, 1] = x[2] * 3.0
    return np.sum(m * x)


REFUSED = [diagonal_of_a_changed_matrix, write_through_real_if_close, row_of_a_list_of_rows,
           entry_of_a_copied_list, rows_of_a_tuple_in_a_loop, self_copy, through_a_temporary,
           self_view, own_view_seen_by_an_older_view, self_reshape, conditional_copy_in_a_loop,
           through_stop_gradient, view_through_stop_gradient_then_write]


@pytest.mark.parametrize("f", REFUSED, ids=[f.__name__ for f in REFUSED])
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_a_write_through_a_rebound_alias_is_refused(f, mode):
    message = refusal_message(f, X, mode)
    assert "changes an array in place that" in message, message
    assert "test_rebound_aliases.py" in message, message


def in_place_operator_function(x):
    y = x * 1.0
    z = y
    z = operator.iadd(z, x)
    return y * y + x


@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_an_in_place_operator_function_is_refused(mode):
    message = refusal_message(in_place_operator_function, X, mode)
    assert "operator.iadd" in message and "changes its first argument in place" in message


def rebound_to_a_new_object(x):
    y = x * 1.0
    z = y
    z = z + 1.0
    z[0] = z[0] * x[2]
    return y * 2.0 + np.sum(z)


def view_of_a_view_not_read_again(x):
    y = x * 1.0
    z = y[1:]
    z = z[1:]
    z[0] = z[0] * x[2]
    return np.sum(z) + x[0]


def rebound_in_a_loop_to_new_objects(x):
    z = x * 1.0
    for i in range(3):
        t = z
        z = t * 0.5 + x
        z[i] = z[i] * x[2]
    return np.sum(z * z)


def stop_gradient_of_a_new_object(x):
    w = x * 2.0
    v = sd.stop_gradient(w * 1.0)
    v[0] = 3.0
    return np.sum(w * x * v)


def append_to_a_copied_list(x):
    xs = [x * 1.0, x * 2.0]
    ys = list(xs)
    ys.append(x * 3.0)
    ys[0] = x ** 2
    return sum(ys) * xs[0]


def write_into_the_diagonal_matrix_of_a_vector(x):
    d = np.diag(x)  # a new matrix: no view of x
    d[0, 1] = x[2] * 3.0
    return np.sum(d @ x) + x


ACCEPTED = [write_into_the_diagonal_matrix_of_a_vector, rebound_to_a_new_object,
            view_of_a_view_not_read_again, rebound_in_a_loop_to_new_objects,
            append_to_a_copied_list]


@pytest.mark.parametrize("f", ACCEPTED, ids=[f.__name__ for f in ACCEPTED])
def test_a_rebinding_to_a_new_object_is_still_differentiated(f):
    check_every_mode(f, X.copy(), hvp=True)


@pytest.mark.parametrize("options", [{}, {"verify": True}, {"optimize": False}])
def test_a_write_into_the_stopped_copy_of_a_new_object_is_differentiated(options):
    # v = [3, 2 x1, 2 x2], a constant: the gradient of sum(2 x * x * v) is 4 x v
    v = np.array([3.0, 2 * X[1], 2 * X[2]])
    np.testing.assert_allclose(sd.grad(stop_gradient_of_a_new_object, **options)(X.copy()),
                               4 * X * v, rtol=1e-12)
    t = np.array([0.5, -1.0, 2.0])
    _, tangent = sd.jvp(stop_gradient_of_a_new_object)(X.copy(), tangents=t)
    np.testing.assert_allclose(tangent, np.dot(4 * X * v, t), rtol=1e-12)


def diagonal_returned_after_a_write(x, w):
    w[1] += np.exp(0.3 * x)
    return np.diag(w), np.sum(x * x)


def test_a_returned_view_keeps_the_value_f_returned():
    x, w = X.copy(), np.outer(X, X) + 1.0
    want = diagonal_returned_after_a_write(x.copy(), w.copy())
    for options in ({}, {"optimize": False}):
        value, grad = sd.value_and_grad(diagonal_returned_after_a_write, **options)(x, w.copy())
        np.testing.assert_allclose(value[0], want[0], rtol=1e-12)
        np.testing.assert_allclose(grad, 2 * x + np.exp(0.3 * x)[1] * 0.3 * np.eye(3)[1],
                                   rtol=1e-12)
