"""Property test: random elementwise programs over broadcasting shapes, reduced by sums
and means, against central differences.

Gradients of full sums and means are kept as scalars while only elementwise rules
read them (uniform gradients, uniform.py) and the size of a mean is read from an
earlier value of the same shape: both rest on shape reasoning, which is what
broadcasting between scalars, rows, columns and matrices tests. Loops add
per-iteration sums (deferral.py), loop-invariant arithmetic and loop-carried
values (optimize.py).
"""

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import srcdiff as sd
from fd import numeric_grad
from sourcefiles import load_function

SHAPES = {"p": (), "q": (3,), "r": (1, 3), "m": (2, 3), "c": (2, 1)}
UNARY = ["np.sin({})", "np.tanh({})", "np.exp(0.3 * {})", "-{}", "({} * {})"]
BINARY = ["({} + {})", "({} - {})", "({} * {})", "({} * 0.5 - {})"]
REDUCE = ["np.sum({})", "np.mean({})", "np.sum({}) * 0.5", "np.mean({} * {})"]


@st.composite
def expression(draw, names, depth=0):
    if depth >= 3 or draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from(names))
    if draw(st.booleans()):
        a = draw(expression(names, depth + 1))
        return draw(st.sampled_from(UNARY)).format(a, a)
    a, b = draw(expression(names, depth + 1)), draw(expression(names, depth + 1))
    return draw(st.sampled_from(BINARY)).format(a, b)


@st.composite
def programs(draw):
    params = sorted(SHAPES)
    lines, names = [], list(params)
    for k in range(draw(st.integers(1, 4))):
        lines.append(f"t{k} = {draw(expression(names))}")
        names.append(f"t{k}")
    if draw(st.booleans()):  # a branch: uniform gradients must not cross it
        lines += ["if p > 0.1234:", f"    u = {draw(expression(names))}",
                  "else:", f"    u = {draw(expression(names))}"]
        names.append("u")
    terms = []
    if draw(st.booleans()):  # a loop: per-iteration sums, loop-carried values
        carried = draw(st.sampled_from(["q", "m", "c"]))
        lines += ["acc = 0.0", f"v = {carried}",
                  f"for i in range({draw(st.integers(0, 3))}):",
                  f"    v = v * 0.5 + {draw(expression(names))}",
                  "    acc = acc + " + draw(st.sampled_from(REDUCE)).format(
                      *[draw(expression(names + ["v"]))] * 2)]
        terms.append("acc")
    for _ in range(draw(st.integers(1, 3))):
        e = draw(expression(names))
        terms.append(draw(st.sampled_from(REDUCE)).format(e, e))
    body = "\n".join("    " + x for x in lines + ["return " + " + ".join(terms)])
    return f"import numpy as np\n\n\ndef f({', '.join(params)}):\n{body}\n"


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(programs(), st.integers(0, 2**31 - 1))
def test_random_broadcast_program_gradients(source, seed):
    f = load_function(source)
    rng = np.random.default_rng(seed)
    args = tuple(float(rng.uniform(-1, 1)) if s == () else rng.uniform(-1, 1, s)
                 for _, s in sorted(SHAPES.items()))
    wrt = tuple(range(len(args)))
    got = sd.grad(f, wrt=wrt, unconnected_gradients="zero")(*args)
    value = abs(float(f(*args)))
    for k in wrt:
        expected = numeric_grad(f, args, k)
        assert np.shape(got[k]) == np.shape(args[k]), (source, k)
        assert np.allclose(got[k], expected, rtol=1e-4, atol=1e-5 + 1e-8 * value), \
            (source, k, got[k], expected)
