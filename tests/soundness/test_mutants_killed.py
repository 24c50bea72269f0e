"""Tests written to kill mutants of the compiler that the suite let survive (tools/mutate.py).

Each test names the mutant(s) it kills. Gradients are checked against central
finite differences (tests/support/fd.py) or a closed form; a rewrite that only changes
speed is checked on the generated source (it fires on a program that reaches
it) and numerically (finite differences, and the same bits as the reference
pipeline, ``optimize=False``, where the rewrite is exact). Programs are
module-level ``def``s: srcdiff reads their source.
"""

import gast
import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff import errors
from srcdiff.api import transforms as api
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize import algebra
from srcdiff.runtime_checks import verify_check, verify_equal

rng = np.random.default_rng(11)


def _positions(wrt):
    return wrt if isinstance(wrt, tuple) else (wrt,)


def check_fd(f, args, wrt=0, **options):
    """``sd.grad(f, wrt, **options)`` against central differences, for every ``wrt``."""
    got = sd.grad(f, wrt=wrt, **options)(*args)
    got = got if isinstance(wrt, tuple) else (got,)
    for k, g in zip(_positions(wrt), got):
        assert_close(g, numeric_grad(f, args, k), what=f"gradient of {f.__name__} wrt {k}")


def check_exact(f, args, wrt=0):
    """The optimized gradient has the reference pipeline's bits (its rewrites are exact),
    with a cotangent that is not 1.0."""
    fast = sd.grad(f, wrt=wrt)(*args, grad_ys=0.37)
    plain = sd.grad(f, wrt=wrt, optimize=False)(*args, grad_ys=0.37)
    if not isinstance(wrt, tuple):
        fast, plain = (fast,), (plain,)
    for a, b in zip(fast, plain):
        assert np.array_equal(a, b), f"{f.__name__}: {a!r} != reference {b!r}"


def code_of(f, wrt, args):
    """The generated source without its comment lines."""
    src = sd.source(f, wrt=wrt, args=args)
    return "\n".join(line for line in src.splitlines() if not line.strip().startswith("#"))


# ------------------------------------------------------------ max/min: tied elements
# mutants rule-max-ties-not-shared, rule-max-ties-first-only (runtime.reduce_mask)


def max_all(x):
    return np.max(x)


def max_rows(x, w):
    return np.sum(np.max(x, axis=1) * w)


def min_columns(x, w):
    return np.sum(np.amin(x, axis=0) * w)


def range_rows(x, w):
    return np.sum(np.ptp(x, axis=1) * w)


# two tied maxima in rows 0 and 1; two tied minima in columns 0, 1 and 3
TIED = np.array([[1.0, 3.0, 3.0, -2.0],
                 [2.0, 0.5, 2.0, -1.0],
                 [1.0, 0.5, 4.0, -2.0]])
W3 = np.array([1.0, -2.0, 0.5])
W4 = np.array([1.0, -2.0, 0.5, 3.0])


@pytest.mark.parametrize("f, args", [
    (max_all, (np.array([0.5, 2.0, 2.0, -1.0]),)),
    (max_rows, (TIED[:2], W3[:2])),
    (min_columns, (TIED, W4)),
    (range_rows, (TIED[:2], W3[:2])),
], ids=["max", "max-axis1", "amin-axis0", "ptp-axis1"])
def test_two_tied_extremes_share_the_gradient_equally(f, args):
    # with two tied extremes, the central difference is half the gradient each:
    # f(x + e u_i) - f(x - e u_i) = e (one side moves the extreme, the other does not)
    check_fd(f, args, 0)
    check_fd(f, args, 0, optimize=False)


def test_several_tied_extremes_share_the_gradient_equally():
    # three or more tied: each gets its share (central differences would give 1/2)
    x = np.array([2.0, -1.0, 2.0, 2.0])
    assert_close(sd.grad(max_all)(x), np.array([1.0, 0.0, 1.0, 1.0]) / 3.0)
    X = np.array([[5.0, 5.0, 5.0, 1.0], [0.0, 2.0, 2.0, 2.0]])
    expected = np.array([[1.0, 1.0, 1.0, 0.0], [0.0, 1.0, 1.0, 1.0]]) / 3.0 * W3[:2, None]
    assert_close(sd.grad(max_rows)(X, W3[:2]), expected)
    X = np.array([[0.0, 5.0, 1.0], [0.0, 5.0, 2.0], [3.0, 5.0, 1.0], [0.0, 6.0, 1.0]])
    w = np.array([1.0, -2.0, 0.5])
    expected = np.array([[1 / 3, -2 / 3, 0.5 / 3], [1 / 3, -2 / 3, 0.0], [0.0, -2 / 3, 0.5 / 3],
                         [1 / 3, 0.0, 0.5 / 3]])
    assert_close(sd.grad(min_columns)(X, w), expected)
    # forward mode: along the direction of all ones, max(x + t) = max(x) + t, so the
    # tangent is 1 whatever the ties (not the number of tied elements)
    _, tangent = sd.jvp(max_all, 0)(x, tangents=np.ones(4))
    assert tangent == pytest.approx(1.0)


# ------------------------------------------------------------ runtime helpers


def gather_repeats(x, idx):
    return np.sum(np.sin(x[idx]) * np.arange(1.0, 5.0))


def gather_pairs(x, rows, cols):
    return np.sum(np.exp(x[rows, cols]))


def test_gradient_of_a_fancy_index_with_repeats_adds_up():
    # mutant runtime-index-add-fancy: index_add assigns through a fancy index
    x = rng.standard_normal(4)
    check_fd(gather_repeats, (x, np.array([0, 2, 2, 1])), 0)
    X = rng.standard_normal((3, 3))
    check_fd(gather_pairs, (X, np.array([0, 2, 0, 0]), np.array([1, 1, 1, 2])), 0)


def elementwise_output(x):
    return np.sin(x) * 2.0


def weighted_output(x, c):
    return np.sum(c * elementwise_output(x))


def test_grad_ys_of_an_array_output_weights_the_gradient():
    # mutant runtime-seed-ignores-grad-ys: seed replaces grad_ys by ones
    x, c = rng.standard_normal(5), rng.standard_normal(5)
    got = sd.grad(elementwise_output)(x, grad_ys=c)
    assert_close(got, numeric_grad(weighted_output, (x, c), 0))
    assert_close(got, 2.0 * np.cos(x) * c)


# ------------------------------------------------------------ recording: what is saved


def overwritten_in_one_branch(x, flag):
    if flag > 0:
        y = np.sin(x)
        z = y * y
        y = np.cos(x)  # y is needed by z = y * y's adjoint and overwritten in this branch
        z = z + y * x
    else:
        z = x * x
    return z


@pytest.mark.parametrize("optimize", [True, False], ids=["optimized", "reference"])
@pytest.mark.parametrize("flag", [1, 0])
def test_a_value_overwritten_later_in_the_same_branch_is_kept(flag, optimize):
    # mutant recording-exclusive-same-branch: statements of one branch "exclusive"
    check_fd(overwritten_in_one_branch, (0.7, flag), 0, optimize=optimize)


def parameter_reassigned(x):
    y = np.sin(x)  # its adjoint reads x as passed
    x = x * 2.0  # the only assignment of x: no other statement "overwrites" it
    return y * x


@pytest.mark.parametrize("optimize", [True, False], ids=["optimized", "reference"])
@pytest.mark.parametrize("x", [0.7, np.array([0.7, -0.2])], ids=["float", "array"])
def test_a_parameter_reassigned_once_keeps_its_value_as_passed(x, optimize):
    # mutant recording-param-overwrite
    check_fd(parameter_reassigned, (x,), 0, optimize=optimize)


# ------------------------------------------------------------ reverse: replaying loops


def shrinking_bound(x, n):
    for i in range(n):
        x = x * 1.1 + 0.1 * i
        n = n - 1  # range(n) was evaluated once; the backward sweep must not re-read n
    return x


def reassigned_target(x):
    for i in range(3):
        i = i * 2
        x = x * (1.0 + i)
    return x


@pytest.mark.parametrize("n", [0, 1, 4])
def test_a_loop_whose_body_reassigns_its_bound_is_not_replayed_from_it(n):
    # mutant reverse-replay-bound-reassigned (a known survivor)
    for options in ({}, {"optimize": False}, {"verify": True}):
        check_fd(shrinking_bound, (0.5, n), 0, **options)
    assert_close(sd.grad(shrinking_bound)(0.5, n), 1.1 ** n)


def test_a_loop_whose_body_reassigns_its_variable_is_not_replayed():
    # mutant reverse-replay-target-assigned
    check_fd(reassigned_target, (0.5,), 0)
    assert sd.grad(reassigned_target)(0.5) == pytest.approx(1.0 * 3.0 * 5.0)


# ------------------------------------------------------------ algebra: sign rewrites


def sign_into_a_difference(a, c):
    y = a * c
    z = a - y  # b_y = -b_z, read once by b_a = b_z + b_y * c
    return z


def test_a_sign_moves_into_an_enclosing_difference():
    # mutant algebra-absorb-sum (reached before only by random programs)
    code = code_of(sign_into_a_difference, 0, (0.3, 1.7))
    assert "b_a = b_z - b_z * c" in code and "= -b_z" not in code
    check_fd(sign_into_a_difference, (0.3, 1.7), 0)
    check_exact(sign_into_a_difference, (0.3, 1.7), 0)


def two_signs_cancel(q, x):
    y = -q
    t = x * y
    out = -t
    return out


def test_two_signs_in_one_product_cancel():
    # mutant algebra-pull-parity: -x * -b_out
    code = code_of(two_signs_cancel, 0, (0.3, 1.7))
    assert "b_q = x * b_out" in code
    check_fd(two_signs_cancel, (0.3, 1.7), 0)
    check_exact(two_signs_cancel, (0.3, 1.7), 0)


def sign_into_a_quotient(x, c):
    h = np.sqrt(x)
    k = c - h  # b_h = -b_k, read once by sqrt's b_x = b_h * 0.5 / h
    return np.sum(k)


def test_a_sign_moves_into_the_literal_of_a_quotient():
    # mutant algebra-divlit-disabled (a rewrite no test reached)
    x = rng.random(6) + 0.5
    code = code_of(sign_into_a_quotient, 0, (x, 1.0))
    assert "* -0.5 / h" in code and "-b_" not in code
    check_fd(sign_into_a_quotient, (x, 1.0), 0)
    check_exact(sign_into_a_quotient, (x, 1.0), 0)


def _fold_negations(src, gradients):
    body = S.parse_module(src).body
    counts = {}
    for n in gast.walk(gast.Module(body=body, type_ignores=[])):
        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load):
            counts[n.id] = counts.get(n.id, 0) + 1
        elif isinstance(n, gast.AugAssign):
            counts[n.target.id] = counts.get(n.target.id, 0) + 1
    out = algebra.fold_negations(body, counts, set(gradients))
    return S.to_source(gast.Module(body=out, type_ignores=[])).strip()


def _run(src, values):
    env = dict(values, np=np)
    exec(src, env)
    return env


@pytest.mark.parametrize("op", ["+=", "-="])
def test_a_sign_reaching_an_augmented_assignment_flips_it(op):
    # mutant algebra-augassign-flip. No program found reaches this branch (the sign
    # needs a product with two more negated factors and no literal), so the rewrite
    # is checked directly: it fires, and it computes the same numbers.
    src = f"b_t = -b_u\nb_v {op} -a * -w * b_t\n"
    out = _fold_negations(src, {"b_t", "b_u", "b_v"})
    flipped = "-=" if op == "+=" else "+="
    assert out.splitlines() == [f"b_v {flipped} a * w * b_u"], out
    values = {"a": rng.standard_normal(3), "w": rng.standard_normal(3),
              "b_u": rng.standard_normal(3)}
    before = _run(src, dict(values, b_v=np.ones(3)))["b_v"]
    after = _run(out, dict(values, b_v=np.ones(3)))["b_v"]
    assert np.array_equal(before, after)


# ------------------------------------------------------------ algebra: scalings


def quarter_square(x):
    h = x / 4.0
    return np.sum(h * h)


def test_a_division_by_a_power_of_two_is_gathered_as_a_division():
    # mutant algebra-scaling-division: 2.0 * g * h / 4.0 -> 8.0 * g * h
    x = rng.standard_normal(5)
    code = code_of(quarter_square, 0, (x,))  # (h's last read may reuse its buffer)
    assert "0.5 * b_sum1 * h" in code or "mul_into(h, 0.5 * b_sum1)" in code
    check_fd(quarter_square, (x,), 0)
    check_exact(quarter_square, (x,), 0)


def scaled_sqrt_three(y):
    return np.sum(np.sqrt(3.0 * y) * y)


def scaled_sqrt_tenth(y):
    return np.sum(np.sqrt(0.1 * y) * y)


@pytest.mark.parametrize("f, literal, merged", [(scaled_sqrt_three, "3.0", "1.5"),
                                                (scaled_sqrt_tenth, "0.1", "0.05")])
def test_literals_other_than_powers_of_two_are_never_gathered(f, literal, merged):
    # mutant algebra-scaling-any-literal: 0.5 * 3.0 regrouped into 1.5 (one rounding
    # less, so other bits than the reference pipeline's)
    y = rng.random(1000) + 0.5
    code = code_of(f, 0, (y[:3],))
    assert literal in code and merged not in code
    check_exact(f, (y,), 0)
    check_fd(f, (y[:4],), 0)


def sqrt_times_three(x):
    h = np.sqrt(x)
    return np.sum(3.0 * h)


def test_a_gathered_scale_lands_on_a_leading_literal():
    # mutant algebra-leadlit-wrong (a rewrite no test reached): 3.0 * g * 0.5 / h
    x = rng.random(6) + 0.5
    assert "b_x = 1.5 * b_sum1 / h" in code_of(sqrt_times_three, 0, (x,))
    check_fd(sqrt_times_three, (x,), 0)
    check_exact(sqrt_times_three, (x,), 0)


# ------------------------------------------------------------ algebra: hoisting


def divided_sum(x, c, n):
    s = x
    for i in range(n):
        s = s + x / c
    return s


def test_a_division_is_not_hoisted_before_a_loop_that_may_not_run():
    # mutant algebra-hoist-division: b_s / c computed before the loop raises
    # ZeroDivisionError for c == 0.0 although the loop runs zero times
    assert sd.grad(divided_sum)(0.7, 0.0, 0) == 1.0
    check_fd(divided_sum, (0.7, 0.0, 0), 0)
    check_fd(divided_sum, (0.7, 2.0, 3), (0, 1))


def bound_in_one_branch(x, flag, n):
    if flag:
        c = 2.0 * x
    s = x
    for i in range(n):
        s = s + c * x
    return s


def bound_in_a_loop(x, n, m):
    for i in range(n):
        c = 2.0 * x
    s = x
    for j in range(m):
        s = s + c * x
    return s


def test_hoisted_arithmetic_reads_only_names_bound_before_the_loop():
    # mutants algebra-hoist-unbound, algebra-hoist-branch-bound: c * b_s hoisted
    # before a loop that runs zero times, where c was never bound
    assert sd.grad(bound_in_one_branch)(0.7, False, 0) == 1.0
    assert sd.grad(bound_in_a_loop)(0.7, 0, 0) == 1.0
    check_fd(bound_in_one_branch, (0.7, True, 3), 0)
    check_fd(bound_in_a_loop, (0.7, 2, 3), 0)
    check_fd(bound_in_a_loop, (0.7, 0, 0), 0)


# ------------------------------------------------------------ uniform gradients


def mean_after_rebinding(x):
    d = x * 2.0
    x = x[1:]  # x now has fewer elements than d
    return np.mean(d * d) + np.sum(x)


def test_a_mean_does_not_read_its_size_from_a_rebound_name():
    # mutant uniform-size-rebound: size_of(x) (8 elements) for d's size (12)
    x = rng.standard_normal((3, 4))
    assert "size_of(x)" not in code_of(mean_after_rebinding, 0, (x,))
    check_fd(mean_after_rebinding, (x,), 0)


# ------------------------------------------------------------ verification mode


def test_verify_check_compares_array_values():
    # mutants verify-same-values-ignored, verify-check-always-passes
    record = (None, {"x": np.array([1.0, 2.0]), "k": 3, "s": 0.5})
    verify_check(record, {"x": np.array([1.0, 2.0]), "k": 3, "s": 0.5}, ("x", "k", "s"),
                 "line 1")
    for name, value in [("x", np.array([1.0, 2.5])), ("x", np.array([1.0, 2.0, 3.0])),
                        ("s", 0.25), ("k", 4)]:
        ns = {"x": np.array([1.0, 2.0]), "k": 3, "s": 0.5, name: value}
        with pytest.raises(errors.VerificationError, match=repr(name)):
            verify_check(record, ns, ("x", "k", "s"), "line 1")
    with pytest.raises(errors.VerificationError, match="unbound"):
        verify_check(record, {"k": 3, "s": 0.5}, ("x", "k", "s"), "line 1")
    # read for its shape only: other values of that shape pass
    verify_check(record, {"x": np.array([7.0, 8.0])}, ("x",), "line 1", shape_only=("x",))
    verify_equal(np.array([1.0, np.nan]), np.array([1.0, np.nan]))
    with pytest.raises(errors.VerificationError, match="computed once"):
        verify_equal(np.array([1.0, 2.0]), np.array([1.0, 2.5]))


def logistic_path(a, x0, n):
    x = x0
    s = 0.0
    for i in range(n):
        x = a * x * (1.0 - x)
        s = s + x * x
    return s


@pytest.fixture
def fresh():
    """Compile afresh (a broken pass must really run) and forget what it compiled."""
    api.invalidate()
    yield
    api.invalidate()


def test_verification_catches_a_hoisted_value_that_changes_in_the_loop(monkeypatch, fresh):
    # mutant verify-equal-always-passes: break the hoister on purpose (it then takes
    # 2.0 * b_s * x, which changes every trip, as invariant); verification must say so
    def ignores_changes(e, changed):
        return isinstance(e, gast.BinOp) and all(
            isinstance(n, (gast.Name, gast.Constant, gast.BinOp, gast.Load, gast.operator))
            for n in gast.walk(e)) and any(isinstance(n, gast.Name) for n in gast.walk(e))

    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    monkeypatch.setattr(algebra, "_invariant", ignores_changes)
    args = (3.3, 0.4, 5)
    wrong = sd.grad(logistic_path, wrt=1)(*args)
    assert abs(wrong - numeric_grad(logistic_path, args, 1)) > 1e-3  # the break is real...
    with pytest.raises(errors.VerificationError, match="computed once for a loop"):
        sd.grad(logistic_path, wrt=1, verify=True)(*args)  # ...and verification sees it


# ------------------------------------------------------------ every program, every mode


PROGRAMS = [
    (max_rows, (TIED[:2], W3[:2]), 0),
    (min_columns, (TIED, W4), 0),
    (gather_repeats, (rng.standard_normal(4), np.array([0, 2, 2, 1])), 0),
    (overwritten_in_one_branch, (0.7, 1), 0),
    (parameter_reassigned, (np.array([0.7, -0.2]),), 0),
    (shrinking_bound, (0.5, 4), 0),
    (reassigned_target, (0.5,), 0),
    (sign_into_a_difference, (0.3, 1.7), 0),
    (two_signs_cancel, (0.3, 1.7), 0),
    (sign_into_a_quotient, (rng.random(4) + 0.5, 1.0), 0),
    (quarter_square, (rng.standard_normal(4),), 0),
    (scaled_sqrt_three, (rng.random(4) + 0.5,), 0),
    (sqrt_times_three, (rng.random(4) + 0.5,), 0),
    (divided_sum, (0.7, 0.0, 0), 0),
    (bound_in_one_branch, (0.7, False, 0), 0),
    (bound_in_a_loop, (0.7, 2, 3), 0),
    (mean_after_rebinding, (rng.standard_normal((3, 4)),), 0),
    (logistic_path, (3.3, 0.4, 5), (0, 1)),
]


@pytest.mark.parametrize("options", [{"verify": True}, {"optimize": False}],
                         ids=["verify", "reference"])
@pytest.mark.parametrize("f, args, wrt", PROGRAMS, ids=[p[0].__name__ for p in PROGRAMS])
def test_programs_here_pass_verification_and_the_reference_pipeline(f, args, wrt, options):
    check_fd(f, args, wrt, **options)
