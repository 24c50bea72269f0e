"""What the compiler leaves out when it knows more: the output's value when the
output is a float scalar (``scalar_seed``), and the array a full sum or mean
spreads its gradient over while only elementwise rules read it (*uniform*
gradients). Each case: the generated source shows the saving, and the gradient
matches central differences, including the cases where the saving must not be
made (broadcasting, non-elementwise rules, branches, loops).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

rng = np.random.default_rng(7)


def code_of(f, wrt, args):
    """The generated source without comment lines (comments quote the user's source)."""
    src = sd.source(f, wrt=wrt, args=args)
    return "\n".join(line for line in src.splitlines() if not line.strip().startswith("#"))


def check(f, args, wrt):
    got = sd.grad(f, wrt=wrt)(*args)
    got = got if isinstance(wrt, tuple) else (got,)
    for w, g in zip(wrt if isinstance(wrt, tuple) else (wrt,), got):
        assert_close(g, numeric_grad(f, args, w))


# ------------------------------------------------------------ the loss value is dead


def log_loss(w, X, y):
    z = X @ w
    return np.mean(np.log1p(np.exp(z)) - y * z)


def test_a_scalar_loss_is_not_computed_for_its_gradient():
    args = (rng.standard_normal(4), rng.standard_normal((6, 4)), (rng.random(6) < 0.5) * 1.0)
    code = code_of(log_loss, 0, args)
    assert "scalar_seed(grad_ys)" in code
    assert "np.log1p" not in code and "np.mean" not in code  # only the loss needed them
    assert "spread" not in code  # the mean's gradient stays a scalar
    assert "size_of(z)" in code  # the size read from a value the sweep holds anyway
    check(log_loss, args, 0)


def test_scalar_seed_still_checks_and_scales_by_grad_ys():
    args = (rng.standard_normal(4), rng.standard_normal((6, 4)), (rng.random(6) < 0.5) * 1.0)
    df = sd.grad(log_loss)
    base = numeric_grad(log_loss, args, 0)
    assert_close(df(*args, grad_ys=2.5), 2.5 * base)
    assert_close(df(*args, grad_ys=np.array(-1.0)), -base)
    with pytest.raises(ValueError, match=r"shape \(3,\).*shape \(\)"):
        df(*args, grad_ys=np.ones(3))
    with pytest.raises(ValueError, match="dtype"):
        df(*args, grad_ys="a")
    value, g = sd.value_and_grad(log_loss)(*args)
    assert value == pytest.approx(log_loss(*args))
    assert_close(g, base)


def tuple_of_scalars(x):
    return np.sum(x * x), np.mean(np.sin(x))


def test_tuple_of_scalar_outputs_each_seeded_and_checked():
    x = rng.standard_normal(5)
    code = code_of(tuple_of_scalars, 0, (x,))
    assert "np.sum(" not in code and "np.mean(" not in code
    g = sd.grad(tuple_of_scalars)(x, grad_ys=(2.0, -3.0))
    assert_close(g, 2.0 * 2 * x - 3.0 * np.cos(x) / x.size)
    with pytest.raises(ValueError, match="output 1"):
        sd.grad(tuple_of_scalars)(x, grad_ys=(1.0, np.ones(2)))


def running_sum(a, x0, n):
    x = x0
    s = 0.0
    for i in range(n):
        x = a * x * (1.0 - x)
        s = s + x * x
    return x


def test_an_accumulator_only_its_own_update_reads_is_dead_in_loops():
    code = code_of(running_sum, (0, 1), (3.1, 0.3, 6))
    assert "s = s +" not in code and "s = 0.0" not in code
    check(running_sum, (3.1, 0.3, 6), (0, 1))


def branch_only_for_value(a, x):
    if a > 0.0:
        t = a * a
    else:
        t = -a
    return t + np.sum(x * x)


def test_a_branch_left_empty_by_dead_code_goes():
    x = rng.standard_normal(3)
    code = code_of(branch_only_for_value, 1, (0.7, x))
    assert "if" not in code
    check(branch_only_for_value, (0.7, x), 1)
    check(branch_only_for_value, (0.7, x), 0)


# ------------------------------------------------------------ uniform gradients


def squared_error(x, y):
    return np.mean((x - y) ** 2)


def test_uniform_gradient_through_elementwise_rules():
    args = (rng.standard_normal(5), rng.standard_normal(5))
    code = code_of(squared_error, (0, 1), args)
    assert "spread" not in code and "size_of(x)" in code
    check(squared_error, args, (0, 1))


def bias_broadcast(b, B):
    return np.sum(b + B)  # b's gradient is a sum over B's rows, not a uniform 1.0


def scaled_broadcast(b, B):
    return np.mean(b * B)


def scalar_broadcast(s, B):
    return np.sum(s - B * B)


@pytest.mark.parametrize("f", [bias_broadcast, scaled_broadcast, scalar_broadcast])
def test_uniform_gradient_spread_where_broadcasting_sums(f):
    args = (rng.standard_normal(3), rng.standard_normal((4, 3)))
    check(f, args, (0, 1))
    args = (0.7, rng.standard_normal((4, 3)))  # a Python float broadcast over B
    check(f, args, (0, 1))
    args = (rng.standard_normal((4, 1)), rng.standard_normal((4, 3)))  # a length-1 axis
    check(f, args, (0, 1))


def through_matmul(x, W):
    return np.mean(np.tanh(x) @ W)


def through_reshape(x):
    return np.sum(np.reshape(np.sin(x), (6,)) * 2.0)


def through_index(x):
    return np.sum(np.exp(x)[1:])


def through_transpose(x):
    return np.sum(np.cos(x).T * np.arange(3.0))


def through_reduction(x):
    return np.sum(np.sum(x * x, axis=0))


def through_where(x):
    return np.sum(np.where(x > 0, x, 2.0 * x))


@pytest.mark.parametrize("f,args", [
    (through_matmul, (rng.standard_normal((2, 3)), rng.standard_normal((3, 4)))),
    (through_reshape, (rng.standard_normal((2, 3)),)),
    (through_index, (rng.standard_normal(4),)),
    (through_transpose, (rng.standard_normal((3, 2)),)),
    (through_reduction, (rng.standard_normal((3, 2)),)),
    (through_where, (rng.standard_normal(5),)),
])
def test_uniform_gradient_spread_before_rules_that_need_the_array(f, args):
    check(f, args, 0)


def in_branches(x, flag):
    t = np.sin(x)
    if flag > 0:
        u = t * 3.0
    else:
        u = t - 1.0
    return np.mean(u)


def in_a_loop(x, w, n):
    s = 0.0
    for i in range(n):
        s = s + np.sum(x * w)
        x = x * 0.9
    return s


def mean_of_copy(x):
    y = x
    return np.mean(y) + np.sum(y)


def wrt_local(x):
    t = np.sin(x)
    u = t * 2.0
    return np.sum(u)


@pytest.mark.parametrize("flag", [1, -1])
def test_uniform_gradient_across_branches(flag):
    check(in_branches, (rng.standard_normal(4), flag), 0)


def test_uniform_gradient_in_a_loop():
    check(in_a_loop, (rng.standard_normal(3), rng.standard_normal(3), 4), (0, 1))


def test_uniform_gradients_add_up_and_reach_the_result_as_arrays():
    x = rng.standard_normal((2, 3))
    g = sd.grad(mean_of_copy)(x)
    assert isinstance(g, np.ndarray) and g.shape == x.shape and g.flags.writeable
    assert_close(g, np.full(x.shape, 1.0 / 6 + 1.0))
    g = sd.grad(mean_of_copy)(x.astype(np.float32))
    assert g.dtype == np.float32


def test_uniform_gradient_of_a_local_wrt_is_an_array():
    x = rng.standard_normal(4)
    gu, gt = sd.grad(wrt_local, wrt=("u", "t"))(x)
    np.testing.assert_array_equal(gu, np.ones(4))
    np.testing.assert_array_equal(gt, np.full(4, 2.0))


def uniform_into_a_loop_product(x, w, n):
    s = 0.0
    for i in range(n):
        s = s + np.sum(x * w)
        x = x * 0.9
    return s


def test_a_uniform_gradient_is_not_taken_for_an_array_by_deferred_sums():
    # b_w's per-iteration term is x * (a uniform scalar): not a product of two arrays
    x, w = rng.standard_normal(3), rng.standard_normal(3)
    code = code_of(uniform_into_a_loop_product, (0, 1), (x, w, 4))
    assert "np.array(" not in code
    check(uniform_into_a_loop_product, (x, w, 4), (0, 1))
    check(uniform_into_a_loop_product, (x, w, 0), (0, 1))


def two_equal_gradients(c, m, p):
    t3 = m
    if p > 0.1234:
        u = c
    else:
        u = m
    return np.mean(np.sin(c + (m + t3)) * np.sin(c + (m + t3))) + np.sum(c) + np.sum(u)


@pytest.mark.parametrize("p", [0.9, -0.9])
def test_equal_gradient_expressions_do_not_share_an_array_added_to_in_place(p):
    # b_m and b_t3 are computed by the same expression; b_m is then added to in
    # place, so common-subexpression elimination must not make them one array
    args = (rng.standard_normal((2, 1)), rng.standard_normal((2, 3)), p)
    code = code_of(two_equal_gradients, (0, 1), args)
    assert "b_t3 = b_m\n" not in code
    check(two_equal_gradients, args, (0, 1))


# ------------------------------------------------------------ shapes of reductions


def log_softmax_loss(x, y):
    z = x - np.max(x, axis=1, keepdims=True)
    logp = z - np.log(np.sum(np.exp(z), axis=-1, keepdims=True))
    return -np.mean(np.sum(y * logp, axis=1))


def reductions_over_axes(x):
    a = np.sum(x, axis=(0, 2))               # (3,)
    b = np.mean(x, axis=-1, keepdims=True)   # (2, 3, 1)
    c = np.max(x, 1)                         # (2, 4)
    return np.sum(a * a) + np.sum((x - b) ** 2) + np.sum(c * np.sum(x, axis=1))


def test_reduction_shapes_are_known_so_unbroadcast_goes():
    x, y = rng.standard_normal((4, 5)), rng.random((4, 5))
    code = code_of(log_softmax_loss, 0, (x, y))
    assert "unbroadcast(b_logp, z)" not in code and "unbroadcast(b_z, x)" not in code
    assert "-unbroadcast(b_logp, " in code  # summed over the kept axis: still needed
    check(log_softmax_loss, (x, y), 0)


def test_reductions_over_axes_tuples_and_negative_axes():
    check(reductions_over_axes, (rng.standard_normal((2, 3, 4)),), 0)
    check(reductions_over_axes, (rng.standard_normal((2, 1, 4)),), 0)


def layer_norm_loss(a, gamma):
    mu = a.mean(axis=1, keepdims=True)
    var = a.var(axis=1, keepdims=True)
    sd_ = np.std(a, axis=1, keepdims=True, ddof=1)
    an = (a - mu) / np.sqrt(var + 1e-5)
    return np.sum(np.tanh(gamma * an) + sd_ * an)


def test_variance_shapes_are_known_so_unbroadcast_goes():
    # np.var / np.std with kept axes have the pattern of a sum: before, theirs was unknown,
    # and so was every value made from them (an unbroadcast per operand downstream)
    a, gamma = rng.standard_normal((6, 5)), rng.standard_normal(5)
    code = code_of(layer_norm_loss, (0, 1), (a, gamma))
    assert "unbroadcast(b_an / sqrt, sub)" not in code and "b_sub = b_an / sqrt" in code
    check(layer_norm_loss, (a, gamma), (0, 1))
    check(layer_norm_loss, (rng.standard_normal((6, 2)), rng.standard_normal(2)), (0, 1))


# ------------------------------------------------------------ signs of gradients


def gaussian_bump(x):
    return np.sum(np.exp(-(x * x)) * np.cos(x))


def euler_step(q, v, dt, n):
    for i in range(n):
        acc = -(q * q) - 0.5 * v
        q = q + dt * v
        v = v + dt * acc
    return np.sum(q * v)


def test_a_negation_moves_into_a_literal_factor():
    x = rng.standard_normal(5)
    code = code_of(gaussian_bump, 0, (x,))
    assert "-2.0 * b_neg * x" in code  # -(b * x) * 2.0: one array operation fewer
    assert "= -b_neg" not in code
    check(gaussian_bump, (x,), 0)


def test_a_negated_product_puts_its_sign_on_the_first_factor():
    args = (rng.standard_normal(3), rng.standard_normal(3), 0.1, 4)
    code = code_of(euler_step, (0, 1), args)
    assert "= -dt * b_v" in code  # the sign on the Python float, not on an array
    assert "b_acc" not in code
    check(euler_step, args, (0, 1))


def negated_twice_read(x, w):
    t = -(x * w)
    return np.sum(t * t) + np.sum(np.sin(t))


def test_negations_read_twice_or_in_primal_code_stay():
    args = (rng.standard_normal(4), rng.standard_normal(4))
    src = sd.source(negated_twice_read, wrt=(0, 1), args=args)
    assert "t = -(x * w)" in src  # the user's own line: never rewritten
    check(negated_twice_read, args, (0, 1))


# ------------------------------------------------------------ loop-invariant arithmetic


def mean_square_path(a, x0, n):
    x = x0
    s = 0.0
    for i in range(n):
        x = a * x * (1.0 - x)
        s = s + x * x
    return s / n


def nested_paths(a, x0, n):
    x = x0
    s = 0.0
    for i in range(n):
        for j in range(2):
            x = a * x * (1.0 - x)
            s = s + x * x
        a = a * 0.99  # changes inside the outer loop: nothing of it is hoisted there
    return s


@pytest.mark.parametrize("n", [1, 7])
def test_loop_invariant_gradient_arithmetic_is_done_once(n):
    code = code_of(mean_square_path, (0, 1), (3.3, 0.4, n))
    assert "loop_invariant = 2.0 * b_s" in code
    loop = code.split("for i in reversed")[1]
    assert "2.0 * b_s" not in loop
    check(mean_square_path, (3.3, 0.4, n), (0, 1))


def test_nested_loops_hoist_only_what_each_loop_keeps():
    check(nested_paths, (3.1, 0.3, 3), (0, 1))
    check(nested_paths, (3.1, 0.3, 0), (1,))


def negated_after_accumulating(p, r):
    t0 = -(r + -p)
    return np.sum(-((t0 - p) * 0.5 - p)) + np.mean(t0 * t0) + np.sum(-(r + -p))


def test_a_gradient_added_to_before_its_negation_keeps_its_name():
    # b_t0 = 2.0 * ...; b_t0 += ...; b_add = -b_t0: the product must not become b_add
    args = (0.3, rng.standard_normal((1, 3)))
    check(negated_after_accumulating, args, (0, 1))


def double_negation(c):
    t2 = (c + np.sin(c)) + --c
    return np.sum(t2)


def test_a_double_negation_never_makes_two_gradients_one_array():
    # b_c = -(-b_t2) must stay a new array: b_c is then added to in place
    check(double_negation, (rng.standard_normal((2, 1)),), 0)


def invariant_whole_gradient(x, w, n):
    s = 0.0
    for i in range(n):
        y = w * 3.0
        s = s + np.sum(np.sin(y)) + np.sum(y * x)
    return s


def test_a_gradient_wholly_loop_invariant_is_still_made_each_iteration():
    check(invariant_whole_gradient, (rng.standard_normal(3), rng.standard_normal(3), 3), (0, 1))


# ------------------------------------------------------------ powers of two


def soft_norm(x, w):
    h = x * w
    j = np.sqrt(1.0 + h * h)
    return np.sum(j * w)


def cube_of_sqrt(x):
    r = np.sqrt(x)
    return np.sum(0.1 * r * r * r)


def test_sqrt_and_square_scalings_cancel():
    args = (rng.standard_normal(5), rng.standard_normal(5))
    code = code_of(soft_norm, (0, 1), args)
    # sqrt's 0.5 and the square's 2.0 (h's last read reuses its buffer: optimize/release.py)
    assert "0.5" not in code and ("/ j * h" in code or "mul_into(h, b_j / j)" in code)
    check(soft_norm, args, (0, 1))


def test_other_literals_are_never_regrouped():
    x = rng.random(4) + 0.5
    code = code_of(cube_of_sqrt, 0, (x,))
    assert "0.1" in code  # not a power of two: its rounding stays where it was
    check(cube_of_sqrt, (x,), 0)


def scaled_sqrt(y):
    return np.sum(np.sqrt(4.0 * y) * y)


def test_power_of_two_scalings_gather_into_one_literal():
    y = rng.random(4) + 0.5
    code = code_of(scaled_sqrt, 0, (y,))
    assert "0.5" not in code and "4.0 * b_" not in code
    assert "2.0 * b_sum1 * y / sqrt" in code  # the scale on the scalar seed: no array op
    check(scaled_sqrt, (y,), 0)


def log_of_square(k):
    return np.sum(np.log(1.0 + k * k))


def test_a_scale_lands_on_a_scalar_factor_when_folding_saves_an_array_operation():
    k = rng.standard_normal(6)
    code = code_of(log_of_square, 0, (k,))
    assert "b_k = 2.0 * b_sum1 / (1.0 + k * k) * k" in code
    check(log_of_square, (k,), 0)
