"""Property test: random programs of supported statements, checked against finite differences.

Hypothesis writes a module with a function of two scalars built from
straight-line assignments, ``if``/``else``, short ``for`` loops and calls to
a helper, imports it (srcdiff needs source), and compares sd.grad with
central differences. Values stay bounded (sin, cos, tanh, products of
bounded values), so finite differences are accurate.
"""

import itertools

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import srcdiff as sd
from fd import smooth_numeric_grad
from sourcefiles import load_function

UNARY = ["np.sin({})", "np.cos({})", "np.tanh({})", "({} * {})", "(0.5 * {})", "(-{})",
         "np.exp(np.tanh({}))", "helper({}, 0.3)"]
BINARY = ["({} + {})", "({} - {})", "({} * {})", "np.tanh({} * {})", "helper({}, {})"]

_counter = itertools.count()


@st.composite
def expressions(draw, names):
    a = draw(st.sampled_from(names))
    if draw(st.booleans()):
        t = draw(st.sampled_from(UNARY))
        return t.format(a, a) if t.count("{}") == 2 else t.format(a)
    b = draw(st.sampled_from(names + ["0.7"]))
    return draw(st.sampled_from(BINARY)).format(a, b)


@st.composite
def blocks(draw, names, depth, budget):
    lines = []
    names = list(names)
    n = draw(st.integers(1, budget))
    for _ in range(n):
        kind = draw(st.sampled_from(["assign", "assign", "update", "if", "for"] if depth < 2
                                    else ["assign", "update"]))
        if kind == "assign":
            new = f"v{next(_counter) % 1000}"
            lines.append(f"{new} = {draw(expressions(names))}")
            names.append(new)
        elif kind == "update":
            target = draw(st.sampled_from(names))
            lines.append(f"{target} = {draw(expressions(names))}")
        elif kind == "if":
            a, b = draw(st.sampled_from(names)), draw(st.sampled_from(names))
            body, _ = draw(blocks(names, depth + 1, 2))
            orelse, _ = draw(blocks(names, depth + 1, 2))
            lines.append(f"if {a} > {b} + 0.05:")
            lines += ["    " + x for x in body]
            lines.append("else:")
            lines += ["    " + x for x in orelse]
        else:
            k = draw(st.integers(0, 3))
            body, _ = draw(blocks(names, depth + 1, 2))
            lines.append(f"for i{depth} in range({k}):")
            lines += ["    " + x for x in body]
    return lines, names


@st.composite
def programs(draw):
    lines, names = draw(blocks(["x", "y"], 0, 5))
    out = draw(st.lists(st.sampled_from(names), min_size=1, max_size=3))
    body = "\n".join("    " + x for x in lines)
    return (
        "import numpy as np\n\n\n"
        "def helper(a, b):\n"
        "    return np.sin(a) * b + a * 0.25\n\n\n"
        "def f(x, y):\n"
        + body + "\n"
        + "    return " + " + ".join(out) + "\n"
    )




@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(programs(), st.floats(-1.0, 1.0), st.floats(-1.0, 1.0))
def test_random_program_gradients(source, x, y):
    f = load_function(source)
    gx, gy = sd.grad(f, wrt=(0, 1))(x, y)
    ex = smooth_numeric_grad(f, (x, y), 0)
    ey = smooth_numeric_grad(f, (x, y), 1)
    assume(ex is not None and ey is not None)  # not within a step of a branch boundary
    for got, expected in ((gx, ex), (gy, ey)):
        got = 0.0 if got is None else got
        assert np.isclose(got, expected, rtol=1e-4, atol=1e-5), (source, x, y, got, expected)
