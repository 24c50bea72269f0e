"""Minimal programs the loop fuzzer (fuzz.py) found srcdiff getting wrong, shrunk by
``fuzz.py --shrink`` and tidied by hand, each checked the four ways fuzz.check does
(finite differences, optimize=False, forward mode, arguments left as passed).

Every one of them now agrees (they are regression tests); REFUSED lists programs whose
only right answer is a refusal. The CONTROLS next to them are near misses that pin
down where each bug started.
"""

import numpy as np
import pytest

import fuzz

X3 = np.array([0.3, -0.6, 0.5])
EMPTY = np.array([])

LOOP = "loop soundness fixes pending"

KNOWN = {
    # ---- a loop-carried value times an expression of the loop element or index:
    # the backward sweep reads the last iteration's values instead of each iteration's
    "product_with_an_element_expression": (
        "def f(p, xs):\n    for v in xs:\n        p = p * (v * 1.0)\n    return p\n",
        (0.5, X3), LOOP),
    "product_with_a_temporary": (
        "def f(p, xs):\n    for v in xs:\n        t = 0.5 * v\n        p = t * p\n    return p\n",
        (0.5, X3), LOOP),
    "brief_compound_growth": (
        "def f(acc, xs):\n    for v in xs:\n        acc = acc * (1.0 + 0.1 * v)\n    return acc\n",
        (1.0, np.array([1.0, 2.0, 3.0])), LOOP),
    "sum_of_element_times_invariant": (
        "def f(x, xs):\n    z = 1.0\n    for v in xs:\n        z = z + 0.5 * v * x\n    return z\n",
        (0.9, X3), LOOP),
    "recurrence_without_the_element": (
        "def f(z):\n    for i in range(3):\n        z = 0.5 * (1.0 / (1.5 + z))\n    return z\n",
        (0.6,), LOOP),
    "filter_recurrence": (
        "def f(q):\n    P = 1.0\n    for i in range(3):\n        K = P * q\n"
        "        P = (1.0 - K) * P\n    return P\n", (0.3,), LOOP),
    # ---- (-c) ** k is read as -(c ** k): wrong gradient, and forward mode computes a
    # wrong *value*
    "negative_base_power_literal": (
        "def f(x):\n    return x * (-0.5) ** 2\n", (0.7,), "(-c) ** k is emitted as -c ** k"),
    "negative_base_power_of_the_index": (
        "def f(x):\n    s = x\n    for i in range(3):\n        s = s + (-0.5) ** i\n    return s\n",
        (0.7,), "(-c) ** k is emitted as -c ** k"),
    # ---- zero-trip loops: hoisted loop invariants and saved values read names that
    # only the (skipped) loop body binds
    "zero_trip_over_an_empty_array": (
        "def f(x, xs):\n    z = x\n    for v in xs:\n        z = z * (1.0 + 0.1 * x)\n"
        "    return z\n",
        (0.5, EMPTY), LOOP),
    "zero_trip_range_0": (
        "def f(x):\n    p = 0.5\n    for i in range(0):\n        p = p * (1.0 + 0.1 * x)\n"
        "    return p\n",
        (0.5,), LOOP),
    "zero_trip_element_temporary": (
        "def f(x, xs):\n    r = x\n    for v in xs:\n        t = 0.5 * v\n        r = t * r\n"
        "    return r\n",
        (0.5, EMPTY), LOOP),
    # ---- short-circuit tests in loops (and, or, chained comparisons) with an empty arm:
    # the backward sweep pops what the forward sweep never pushed
    "chained_comparison_in_a_loop": (
        "def f(y):\n    acc = y\n    for i in range(2):\n        if 0 < i < 3:\n            pass\n"
        "        else:\n            acc = y * 2.0\n    return acc\n", (0.9,), LOOP),
    "and_in_a_loop": (
        "def f(y):\n    acc = y\n    for i in range(3):\n        if i > 0 and y > 5.0:\n"
        "            pass\n        else:\n            acc = y * 2.0\n    return acc\n",
        (0.9,), LOOP),
    "or_in_a_conditional_expression_in_a_loop": (
        "def f(r):\n    P = 0.0\n    for i in range(3):\n"
        "        P = (0.5 if i < 2 or r > 5.0 else 0.25) * r\n    return P\n", (0.9,), LOOP),
    "chained_comparison_in_nested_loops": (  # pops an array where a test result was pushed
        "def f(xs):\n    m = xs\n    for i in range(3):\n        for j in range(2):\n"
        "            m = xs * (0.5 if 0 < i < 3 else 0.25)\n    return m\n", (X3,), LOOP),
    "brief_and_in_a_loop": (
        "def f(x, xs):\n    s = 0.0\n    for v in xs:\n        if v > 0 and x > 0.1:\n"
        "            s = s + x * v\n        else:\n            s = s - x\n    return s\n",
        (0.5, np.array([1.0, -1.0, 2.0])), LOOP),
    # ---- not loops: found on the way
    "prod_of_an_empty_array": (
        "def f(x, xs):\n    return x + np.prod(xs)\n", (0.5, EMPTY),
        "np.prod of an empty array: cannot reshape array of size 1 into shape (0,)"),
}

CONTROLS = {
    "product_with_the_element": (
        "def f(p, xs):\n    for v in xs:\n        p = p * v\n    return p\n", (0.5, X3)),
    "sum_of_element_times_invariant_one_factor": (
        "def f(x, xs):\n    z = 1.0\n    for v in xs:\n        z = z + v * x\n    return z\n",
        (0.9, X3)),
    "recurrence_without_the_scale": (
        "def f(z):\n    for i in range(3):\n        z = 1.0 / (1.5 + z)\n    return z\n", (0.6,)),
    "positive_base_power_literal": ("def f(x):\n    return x * 0.5 ** 2 - x * -(0.5 ** 2)\n",
                                    (0.7,)),
    "nonempty_loop_with_a_hoisted_invariant": (
        "def f(x, xs):\n    z = x\n    for v in xs:\n        z = z * (1.0 + 0.1 * x)\n"
        "    return z\n",
        (0.5, X3)),
}


def _source(body):
    return "import numpy as np\n\n\n" + body


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_known_failure(name):
    body, args, _ = KNOWN[name]
    outcome = fuzz.check_source(_source(body), args)
    assert outcome.kind == fuzz.AGREED, outcome.report()


REFUSED = {
    # on a 0-d array `r *= x` writes into the argument that r aliases (on a float it
    # would rebind r): refused, since the change would show through x
    "in_place_update_of_an_aliased_0d_array": (
        "def f(x):\n    r = x\n    r *= x\n    return r + x\n", (np.array(0.8),)),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused(name):
    body, args = REFUSED[name]
    outcome = fuzz.check_source(_source(body), args)
    assert outcome.kind == fuzz.REFUSED, outcome.report()
    # the same program on a float is an ordinary rebinding, and agrees
    outcome = fuzz.check_source(_source(body), tuple(float(a) for a in args))
    assert outcome.kind == fuzz.AGREED, outcome.report()


@pytest.mark.parametrize("name", sorted(CONTROLS))
def test_control(name):
    body, args = CONTROLS[name]
    outcome = fuzz.check_source(_source(body), args)
    assert outcome.kind == fuzz.AGREED, outcome.report()


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_known_failures_are_fair_tests(name):
    """Each repro is smooth at its point (so the failure is srcdiff's, not the oracle's)."""
    body, args, _ = KNOWN[name]
    fuzz.program_from_source(_source(body), args)


# A while loop whose trip breaks (an early return) after its test, an `and`, was computed:
# the test's short-circuit copy was pushed by every trip but the one that broke, and the
# backward sweep popped it for every trip (fuzz seed 20261130, programs 28, 262, 378).
WHILE_BREAK = {
    "and_in_the_test_of_a_loop_that_returns": (
        "def f(x, xs):\n    s = 1.0 + 0.1 * x\n    k0 = 0\n"
        "    while k0 < 3 and s < 2.976:\n        if xs[-1] > 0.28:\n            return -0.3 * s\n"
        "        s = s * (1.0 + 0.1 * xs[k0])\n        k0 += 1\n    return s\n",
        (0.86, np.array([-0.31, -0.40, 0.43]))),
    "and_in_the_test_of_a_loop_that_breaks_late": (
        "def f(x):\n    s = 0.5 * x\n    k0 = 0\n    while k0 < 4 and s < 5.0:\n"
        "        s = s * 1.5 + x\n        if k0 > 1:\n            break\n        k0 += 1\n"
        "    return s\n", (0.7,)),
}


@pytest.mark.parametrize("name", sorted(WHILE_BREAK))
def test_while_test_recomputed_only_by_trips_that_do_not_break(name):
    body, args = WHILE_BREAK[name]
    outcome = fuzz.check_source(_source(body), args)
    assert outcome.kind == fuzz.AGREED, outcome.report()
