"""Property test: random array programs with subscript stores, reads, loops and branches.

The riskiest machinery of reverse mode is saving and restoring what a store
overwrites, under loops and branches. Hypothesis writes functions of a
length-3 vector that build arrays with ``a[i] = ...`` and ``a[i] += ...``
inside ``for``/``while`` loops and ``if``s, read them back with ``a[j]`` and
slices, and compares sd.grad with central differences.
"""

import itertools

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import srcdiff as sd
from fd import smooth_numeric_grad
from sourcefiles import load_function

_counter = itertools.count()

SCALAR = ["np.sin({a})", "np.tanh({a} * {b})", "({a} * 0.5 + {b} * 0.4)", "({a} * {b})",
          "np.cos({a})"]


@st.composite
def scalar_expr(draw, reads):
    a, b = draw(st.sampled_from(reads)), draw(st.sampled_from(reads))
    return draw(st.sampled_from(SCALAR)).format(a=a, b=b)


@st.composite
def statements(draw, depth, loop_var):
    idx = [str(k) for k in range(3)] + ([f"{loop_var} % 3"] if loop_var else [])
    reads = ["x[0]", "x[1]", "x[2]", "a[0]", "a[1]", "a[2]", "s"] + \
        ([f"a[{loop_var} % 3]", f"x[{loop_var} % 3]"] if loop_var else [])
    kinds = ["store", "store", "augstore", "scalar", "vector"]
    if depth < 2:
        kinds += ["for", "if", "while"]
    kind = draw(st.sampled_from(kinds))
    i = draw(st.sampled_from(idx))
    if kind == "store":
        return [f"a[{i}] = {draw(scalar_expr(reads))}"]
    if kind == "augstore":
        return [f"a[{i}] += {draw(scalar_expr(reads))}"]
    if kind == "scalar":
        return [f"s = {draw(scalar_expr(reads))}"]
    if kind == "vector":
        return [draw(st.sampled_from(["a = a * 0.9 + np.sin(x) * s", "a[1:] = a[:2] * 0.5",
                                      "a = np.tanh(a) + x", "s = s + np.sum(a * x)"]))]
    body = []
    for _ in range(draw(st.integers(1, 3))):
        body += draw(statements(depth + 1, f"i{depth}" if kind == "for" else loop_var))
    if kind == "for":
        return [f"for i{depth} in range({draw(st.integers(0, 3))}):"] + ["    " + x for x in body]
    if kind == "while":
        return [f"k{depth} = 0", f"while k{depth} < {draw(st.integers(0, 3))}:"] + \
            ["    " + x for x in body] + [f"    k{depth} += 1"]
    other = []
    for _ in range(draw(st.integers(0, 2))):
        other += draw(statements(depth + 1, loop_var))
    # odd margins keep finite differences away from the branch boundaries
    test = draw(st.sampled_from(["s > 0.2113", "x[0] > x[1] + 0.0137", "a[2] < -0.0173"]))
    lines = [f"if {test}:"] + ["    " + x for x in body]
    if other:
        lines += ["else:"] + ["    " + x for x in other]
    return lines


@st.composite
def programs(draw):
    lines = ["a = np.zeros(3)", "s = 0.3"]
    for _ in range(draw(st.integers(1, 5))):
        lines += draw(statements(0, None))
    ret = draw(st.sampled_from(["np.sum(a * a) + s", "a[0] * a[2] + s * x[1]",
                                "np.sum(np.tanh(a) * x) + s", "lse + s", "np.sum(p * x) + s"]))
    if ret.startswith(("lse", "np.sum(p")):  # shifts the output does not depend on
        lines += ["m = np.max(a + x)", "e = np.exp(a + x - m)",
                  "lse = np.log(np.sum(e)) + m", "p = e / np.sum(e)"]
    return "import numpy as np\n\n\ndef f(x):\n" + "\n".join("    " + x for x in lines) + \
        f"\n    return {ret}\n"


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(programs(), st.lists(st.floats(-1.0, 1.0), min_size=3, max_size=3))
def test_random_array_program_gradients(source, values):
    f = load_function(source)
    x = np.array(values)
    before = x.copy()
    got = sd.grad(f)(x)
    np.testing.assert_array_equal(x, before)  # the caller's array is left as passed
    expected = smooth_numeric_grad(f, (x,), 0, atol=1e-5 + 1e-8 * abs(float(f(x))))
    assume(expected is not None)  # not within a step of a branch boundary
    got = np.zeros(3) if got is None else got
    # central differences lose about |f| * 1e-10 to rounding: allow for it when f is large
    atol = 1e-5 + 1e-8 * abs(float(f(x)))
    assert np.allclose(got, expected, rtol=1e-4, atol=atol), (source, values, got, expected)
