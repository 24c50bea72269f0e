"""Functions that srcdiff once differentiated wrongly without a word (issue: soundness).

Module-level ``def``s so srcdiff can read their source. Each is checked against
finite differences with the optimizer on and off, in verification mode, and for
arguments left as passed (tests/soundness/test_soundness.py).
"""

import numpy as np

import srcdiff as sd


def acc_chain(acc, xs):
    for v in xs:
        acc = acc * (1.0 + 0.1 * v)
    return acc


def k5(q):
    P = 1.0
    for i in range(3):
        K = P * q
        P = (1.0 - K) * P
    return P


def scalar_loop(x, y):
    s = 0.0
    for i in range(200):
        t = y - x * x
        u = 1.0 - x
        s = s + 0.01 * (u * u + 100.0 * t * t)
        x_next = 0.6 * x + 0.3 * np.sin(y) + 0.1
        y = 0.6 * y + 0.3 * np.cos(x) - 0.1
        x = x_next
    return s


def kalman_nll(q, r, ys):
    """Negative log likelihood of a scalar random walk observed with noise."""
    m = 0.0
    P = 1.0
    nll = 0.0
    for y in ys:
        P = P + q
        S = P + r
        K = P / S
        e = y - m
        nll = nll + 0.5 * (np.log(S) + e * e / S)
        m = m + K * e
        P = (1.0 - K) * P
    return nll


def acc_times_two_v(acc, xs):
    for v in xs:
        acc = acc * (2.0 * v)
    return acc


def acc_one_plus_v(acc, xs):
    for v in xs:
        acc = acc * (1.0 + v)
    return acc


def sin_acc(acc, xs):
    for v in xs:
        acc = np.sin(acc) * (1.0 + 0.1 * v)
    return acc


def acc_square_v(acc, xs):
    for v in xs:
        acc = acc * (1.0 + 0.1 * v * v)
    return acc


def while_reads_xs(acc, xs):
    i = 0
    while i < len(xs):
        t = 0.5 * xs[i]
        acc = acc * (1.0 + t)
        i = i + 1
    return acc


def index_chain(x, xs):
    n = len(xs)
    for k in range(n):
        a = xs[k] * 0.5
        b = a + 0.1 * k
        c = b * b
        x = x * (1.0 + c) + np.sin(b)
    return x


def coupled(a, b, xs):
    for v in xs:
        t = a * v
        a = 0.9 * a + 0.1 * b * t
        b = b - 0.2 * t
    return a * b


def neg_power(x):
    return x * (-0.5) ** 2


def neg_power_branch(x):
    if x * (-0.5) ** 2 > 0.2:
        return x * x
    return 3.0 * x


def or_in_loop(x):
    for i in range(3):
        if i != 1 or x < -5.0:
            x = x * 1.5
    return x


def and_in_loop(x):
    for i in range(4):
        if i > 0 and x < 100.0:
            x = x * 1.25 + 0.5
    return x


def not_or_chain_in_loop(x, xs):
    for v in xs:
        if not (v > 0.5 or x > 10.0) and v < 2.0:
            x = x * v
        else:
            x = x + v
    return x


def writes_argument_off_path(x, y):
    y[0] += 0.5
    return np.sum(x)


def writes_argument_on_path(x):
    x[0] = x[0] * 2.0
    return np.sum(x * x)


def nested_loops(x, n):
    s = 0.0
    for i in range(n):
        t = x * (i + 1.0)
        for j in range(2):
            u = t * 0.5 + j
            s = s + np.sin(u) * t
    return s


def loop_over_rebound_array(v):
    # the loop iterates the first `v`; the rebinding inside does not change what it reads
    acc = 0.0
    for p in v:
        acc = acc + p * p
        v = v * 0.5
    return acc + np.sum(v)


def zip_over_rebound_array(u, v):
    acc = 0.0
    for p, q in zip(u, v):
        acc = acc + p * q
        u = u - 0.55 * u
    return acc


def enumerate_over_rebound_array(v):
    acc = 0.0
    for i, p in enumerate(v):
        acc = acc + (i + 1.0) * np.sin(p)
        v = np.tanh(v)
    return acc


def reversed_over_rebound_array(x, v):
    for p in reversed(v):
        x = x * p
        v = v * 2.0
    return x


def loop_over_rebound_list(x):
    a = [x, 2.0 * x]
    for p in a:
        a = [p * 3.0, p]
        x = x + p * a[0]
    return x


def carried_value_changes_shape(x):
    # `a` is a float before the loop and an array inside: the zero its gradient restarts
    # from at each iteration has the shape of the value before (was the new value's:
    # 11.4 for 5.8)
    a = x * 1.0
    b = a
    s = 0.0
    for i in range(2):
        s = s + b * b
        a = np.ones(3) * x
    return s + np.sum(a)


def prefix_grows_in_loop(x):
    for i in range(3):
        y = x[:i + 1] * 2.0
    return np.sum(y)


def suffix_shrinks_in_loop(x):
    for i in range(3):
        y = x[i:] * x[0]
    return np.sum(y)


def prefix_read_by_a_sum_in_loop(x):
    # the uniform gradient of x[:i + 1] is spread to that iteration's slice (recomputed)
    acc = 0.0
    for i in range(3):
        y = np.sum(x[:i + 1]) * x[:i + 1]
        acc = acc + y[0]
    return np.sum(y) + acc


def carried_value_rebound_to_a_constant(x):
    # `g` is active before the loop and a constant inside, one entry longer each trip: its
    # gradient restarts from a zero shaped like the value before the statement, as for an
    # active value (was the new value's: a broadcast error in the backward sweep; found by
    # gen_loops' shape-changing carried variable)
    g = np.sin(x)
    s = x
    for i in range(3):
        g = np.linspace(0.5, 1.0, 2 + i)
        s = s * g[-1] + g[0] * x
    return s + np.sum(g)


def clip_of_a_float_by_keyword_bounds(s, lo):
    # a keyword bound broadcasts the float up as a positional one does: its gradient is
    # summed back to a float (the optimized pipeline dropped that unbroadcast, reading only
    # positional operands: a gradient of shape (3,) for a float; found by gen_arrays)
    return np.sum(np.clip(s, a_min=lo, a_max=None) ** 2) + np.sum(np.clip(s, a_min=None,
                                                                       a_max=lo))


def counter_read_after_loop(x):
    # the optimizer removed the primal loop once its body was dead, leaving `i` unbound
    # for the adjoint of `i * x` (UnboundLocalError)
    for i in range(3):
        y = x * i
    return y + i * x


def counter_of_empty_loop(x):
    for i in range(3):
        pass
    return i * x


def inner_counter_read_after(x):
    # the backward sweep's `for i in reversed(range(3))` left `i` at 0 for the adjoint of
    # the line after the inner loop in the next (earlier) trip of j: 10.0 for 12.0
    s = 0.0
    for j in range(2):
        for i in range(3):
            s = s + x
        s = s + i * x * (j + 1.0)
    return s


def inner_counter_read_before_next(x):
    # `i` read at the top of a trip is the last trip's inner counter (1 before the first)
    s = 0.0
    i = 1
    for j in range(3):
        s = s + i * x * x
        for i in range(j + 2):
            s = s * 0.9 + x
    return s


def inner_counter_after_break(x):
    s = 0.0
    for j in range(2):
        for i in range(5):
            s = s + x
            if i >= j + 1:
                break
        s = s + i * x * x
    return s


def inner_array_target_read_after(x):
    s = 0.0
    for j in range(2):
        for v in x:
            s = s + v * v
        s = s + v * x[0] * (j + 1.0)
    return s



def carried_array_becomes_a_float(x, ys):
    # `g` an array before the loop and a float inside it: the sum's adjoint spread the
    # float's gradient into a read-only 0-d view, which the next trip's `b_g += ...` could
    # not update (ValueError: output array is read-only; found by gen_loops at seed
    # 192915940, program 55). A number's spread is a number now.
    acc = x
    g = ys * 0.5
    for i in range(3):
        g = np.tanh(np.sum(g)) + -0.5
        acc = acc * (1.0 + 0.25 * np.sum(g) * x)
    return 0.2 * acc


def carried_array_shrinks(x, ys):
    # `g` 5,000 entries after the first trip, fewer later: the adjoint of the second trip's
    # np.sum(g) gave `b_g` as spread's read-only broadcast view (over 4,096 entries), which
    # the first trip's `b_g += ...` could not update (ValueError: output array is read-only,
    # optimized and verify pipelines). The loop head took the zero made before the loop as
    # owned on every trip; ownership there is now the meet of the entry and the back edge
    acc = x
    g = ys * 0.5
    for i in range(3):
        g = np.tanh(np.sum(g) * 0.01) + 0.5 * ys[: 5000 - 2000 * i]
        acc = acc * (1.0 + 0.25 * np.sum(g) * x)
    return 0.2 * acc


def carried_array_alternates_with_a_float(x, ys):
    acc = x
    g = ys * 0.5
    for i in range(4):
        if i % 2 == 0:
            g = np.tanh(np.sum(g) * 0.01) * ys
        else:
            g = np.tanh(np.sum(g) * 0.01) + -0.5
        acc = acc * (1.0 + 0.25 * np.sum(g) * x)
    return 0.2 * acc


BIG = np.linspace(-0.01, 0.02, 5000)  # (more entries than spread fills: a read-only view)

def slice_store_into_a_value_of_unknown_kind(x, w, s):
    # `m` from sd.stop_gradient(...) in a loop: its kind is unknown, so the reference
    # pipeline saved what the store overwrites with item_saved(m, (:, 0)), a slice spelled
    # as a call's argument: a SyntaxError in the generated code (found by helper hunt16's
    # corpus). The index of item_saved/item_restore is spelled slice(None, None, None).
    for i in range(3):
        m = sd.stop_gradient(np.transpose(w) * 0.5)
    m[:, 0] += x * s
    m[1:] *= s
    return np.sum(x * w) + np.mean(w * s)


def sign_carried_to_a_matrix_product(beta, X, y):
    # negative binomial's shape (optimize/signs.py): b_log = -y's sign carried through
    # b_mu's += and X.T @ b_matmul to b_beta -= ...
    mu = np.exp(X @ beta)
    return -np.sum(y * np.log(mu / (1.0 + mu))) + 0.5 * np.sum(beta ** 2)


def bias_summed_then_updated(x, w, s):
    # unbroadcast(b_add, w) sums x's rows away (reverse/backward.py _summed_away): owned,
    # so np.cos(w)'s contribution is subtracted in place
    lc = np.cos(w) * s
    lh = np.tanh(x * 0.5 + w)
    return np.sum(lh * 2.0 + lc) * 0.7


CASES = [
    (acc_chain, (2.0, np.array([1.0, 2.0, 3.0])), (0,)),
    (k5, (0.3,), (0,)),
    (scalar_loop, (0.3, 0.2), (0, 1)),
    (kalman_nll, (0.3, 0.5, np.array([0.1, -0.4, 0.8, 1.1, 0.3, -0.2])), (0, 1)),
    (acc_times_two_v, (1.5, np.array([0.5, 1.5, 0.8])), (0,)),
    (acc_one_plus_v, (1.5, np.array([0.5, 1.5, 0.8])), (0,)),
    (sin_acc, (0.7, np.array([0.5, 1.5, 0.8])), (0,)),
    (acc_square_v, (1.2, np.array([0.5, 1.5, 0.8])), (0,)),
    (while_reads_xs, (1.2, np.array([0.5, 1.5, 0.8])), (0, 1)),
    (index_chain, (0.4, np.array([0.5, -1.5, 0.8, 0.2])), (0, 1)),
    (coupled, (0.8, 1.3, np.array([0.5, -1.5, 0.8])), (0, 1)),
    (neg_power, (1.3,), (0,)),
    (neg_power_branch, (1.3,), (0,)),
    (neg_power_branch, (0.5,), (0,)),
    (or_in_loop, (1.0,), (0,)),
    (and_in_loop, (1.0,), (0,)),
    (not_or_chain_in_loop, (1.0, np.array([0.3, 0.7, 0.2, 1.4])), (0, 1)),
    (writes_argument_off_path, (np.array([1.0, 2.0]), np.array([3.0, 4.0])), (0, 1)),
    (writes_argument_on_path, (np.array([1.0, 2.0, -0.5]),), (0,)),
    (nested_loops, (0.3, 3), (0,)),
    (loop_over_rebound_array, (np.array([0.5, -0.3, 0.2]),), (0,)),
    (zip_over_rebound_array, (np.array([0.571, -0.526]), np.array([0.3, 1.2])), (0, 1)),
    (enumerate_over_rebound_array, (np.array([0.5, -0.3, 0.2]),), (0,)),
    (reversed_over_rebound_array, (0.7, np.array([1.0, 2.0, 3.0])), (0, 1)),
    (loop_over_rebound_list, (0.7,), (0,)),
    (carried_value_changes_shape, (0.7,), (0,)),
    (prefix_grows_in_loop, (np.array([0.5, 1.5, 2.0, 0.3]),), (0,)),
    (suffix_shrinks_in_loop, (np.array([0.5, 1.5, 2.0, 0.3]),), (0,)),
    (prefix_read_by_a_sum_in_loop, (np.array([0.5, 1.5, 2.0, 0.3]),), (0,)),
    (carried_value_rebound_to_a_constant, (0.7,), (0,)),
    (clip_of_a_float_by_keyword_bounds, (0.3, np.array([0.1, 0.5, -0.2])), (0, 1)),
    (carried_array_becomes_a_float, (-0.181, np.array([-0.09, 0.378, 0.24])), (0, 1)),
    (counter_read_after_loop, (0.7,), (0,)),
    (counter_of_empty_loop, (0.7,), (0,)),
    (inner_counter_read_after, (0.7,), (0,)),
    (inner_counter_read_before_next, (0.7,), (0,)),
    (inner_counter_after_break, (0.7,), (0,)),
    (inner_array_target_read_after, (np.array([0.3, -0.8, 1.1]),), (0,)),
    (carried_array_shrinks, (0.3, BIG), (0,)),
    (carried_array_alternates_with_a_float, (0.3, BIG), (0,)),
    (slice_store_into_a_value_of_unknown_kind,
     (np.array([0.3, -0.8, 1.1]), np.array([[0.5, -0.2, 0.1], [0.3, 0.9, -0.4], [0.7, 0.2, 0.6]]),
      0.7), (0, 1, 2)),
    (sign_carried_to_a_matrix_product, (np.array([0.3, -0.2, 0.5]),
     np.array([[0.1, 0.4, -0.3], [0.2, 0.1, 0.6], [0.3, 0.3, 0.3], [1.0, -0.5, 0.2]]),
     np.array([1.0, 2.0, 0.0, 3.0])), (0,)),
    (bias_summed_then_updated, (np.array([[0.3, -0.2, 0.5], [0.1, 0.2, 0.3]]),
                                np.array([0.1, 0.4, -0.3]), 0.5), (0, 1, 2)),
]
