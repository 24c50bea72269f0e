"""Lean backward sweeps (optimize/release.py): ``del`` after an array's last read, and
``mul_into``/``add_into`` reusing the buffer of an array read for the last time.

Checked on the generated source (it happened; it is absent where it must be), against
central differences, on the run-time guard of the in-place helpers, and on peak memory.
"""

import tracemalloc

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.runtime_memory import IN_PLACE_SIZE, add_into, mul_into, owned_refs

rng = np.random.default_rng(16)


def elementwise(x):
    return np.sum(np.tanh(x) * np.exp(-x * x) + np.sin(x) * x)


def branchy(x, flag):
    y = np.sin(x) * x
    if flag > 0:
        z = np.cos(y) * x
    else:
        z = y * y
    return np.sum(z * x)


_d_elementwise = sd.grad(elementwise)


def _summed_gradient(x):
    return np.sum(_d_elementwise(x))


def _lines(code):
    return [line.strip() for line in code.splitlines()]


def test_arrays_are_deleted_after_their_last_read():
    x = rng.standard_normal(7)
    code = sd.source(elementwise, args=(x,))
    lines = _lines(code)
    assert "del sin" in lines
    seed = next(k for k, line in enumerate(lines) if line.startswith("# seed"))
    for k, line in enumerate(lines):
        if line.startswith("del "):
            assert k > seed  # only the backward sweep lets go of values
            for v in line[4:].split(", "):  # nothing reads a deleted name afterwards
                assert not any(v in later.replace("del ", "").split("(")
                               or f" {v}" in later or f"({v}" in later
                               for later in lines[k + 1:] if not later.startswith("#"))
    assert lines[-2] != "del" and not lines[-2].startswith("del ")  # none before the return
    assert_close(sd.grad(elementwise)(x), numeric_grad(elementwise, (x,), 0))


@pytest.mark.parametrize("flag", (1, -1))
def test_deletes_in_branches(flag):
    x = rng.standard_normal(6)
    g = sd.grad(branchy)
    assert_close(g(x, flag), numeric_grad(branchy, (x, flag), 0))
    assert_close(sd.grad(branchy, verify=True)(x, flag), numeric_grad(branchy, (x, flag), 0))
    assert_close(sd.grad(branchy, optimize=False)(x, flag), numeric_grad(branchy, (x, flag), 0))


def test_reference_pipeline_and_second_order_have_no_deletes():
    x = rng.standard_normal(5)
    assert "del " not in sd.source(elementwise, args=(x,), optimize=False)
    assert "mul_into" not in sd.source(elementwise, args=(x,), optimize=False)
    # forward over reverse reads the generated gradient (the front end refuses `del`)
    v = rng.standard_normal(5)
    eps = 1e-6
    fd = (sd.grad(elementwise)(x + eps * v) - sd.grad(elementwise)(x - eps * v)) / (2 * eps)
    assert_close(sd.hvp(elementwise)(x, vector=v), fd, rtol=1e-5, atol=1e-6)
    assert_close(sd.grad(_summed_gradient)(x), numeric_grad(_summed_gradient, (x,), 0))


def _elementwise_by_hand(x):
    t, e = np.tanh(x), np.exp(-x * x)
    return (1.0 - t * t) * e - 2.0 * x * t * e + np.cos(x) * x + np.sin(x)


def test_a_record_read_twice_is_not_written_into():
    """sd.vjp's record holds the saved arrays: mul_into must leave them alone (arrays big
    enough for it to work in place), so a second pullback gives the same numbers."""
    x = rng.standard_normal(IN_PLACE_SIZE)
    assert "mul_into(sin" in sd.source(elementwise, args=(x,))
    _, pullback = sd.vjp(elementwise)(x)
    first = np.copy(pullback(1.0))
    np.testing.assert_array_equal(first, pullback(1.0))
    assert_close(first, _elementwise_by_hand(x), rtol=1e-12, atol=1e-12)
    assert_close(sd.grad(elementwise)(x), _elementwise_by_hand(x), rtol=1e-12, atol=1e-12)


def _level(x, n):
    if n == 0:
        return x
    return np.cos(_level(x, n - 1)) * x


def recursive(x):
    return np.sum(_level(x, 5))


def test_copies_of_a_parameter_are_neither_deleted_nor_written_into():
    """``b_retval = grad_ys`` in a callee's backward sweep: the parameter holds the value
    for the whole call, so ``del b_retval`` frees nothing and ``mul_into(b_retval, ...)``
    could never write in place (release._parameter_copies); both are left out."""
    x = rng.standard_normal(6)
    text = sd.source(recursive, args=(x,))
    bwd = text[text.index("def bwd__level("):text.index("def grad_recursive(")]
    assert "b_retval = grad_ys" in bwd
    assert "del b_retval" not in bwd and "mul_into(b_retval" not in bwd
    assert "b_x += cos * b_retval" in bwd
    expected = numeric_grad(recursive, (x,), 0)
    for options in ({}, {"verify": True}, {"optimize": False}):
        assert_close(sd.grad(recursive, **options)(x), expected)
    big = rng.uniform(-1.0, 1.0, IN_PLACE_SIZE)
    assert_close(sd.grad(recursive)(big), sd.grad(recursive, optimize=False)(big),
                 rtol=1e-13, atol=1e-13)


def test_parameter_copies_are_copies_of_parameters_never_rebound():
    import gast

    from srcdiff.compiler.optimize.release import _parameter_copies
    node = gast.parse("def f(a, b, c):\n    d = a\n    e = b\n    b = 1.0\n"
                      "    g = a\n    g = g * 2.0\n    h = c\n    del c\n").body[0]
    assert _parameter_copies(node, {"a", "b", "c"}) == {"d"}


def test_mul_into_never_writes_into_a_copy_of_a_parameter():
    """The premise of release._parameter_copies, at run time: even for an argument no
    caller variable holds, the parameter and its copy are two references."""
    def callee(p, other):
        copy = p
        return mul_into(copy, other) is copy

    other = _fresh()
    assert not callee(_fresh(), other)


# ------------------------------------------------------------------ the run-time guard


def _fresh():
    return rng.standard_normal(IN_PLACE_SIZE)


def test_mul_into_writes_into_an_array_only_its_variable_holds():
    m = _fresh()
    other = _fresh()
    expected = m * other
    out = mul_into(m, other)
    assert out is m and owned_refs() >= 2
    np.testing.assert_array_equal(out, expected)
    m = _fresh()
    expected = m + 1.5
    assert add_into(m, 1.5) is m
    np.testing.assert_array_equal(m, expected)


@pytest.mark.parametrize("case", ("alias", "view", "dtype", "broadcast", "scalar", "list",
                                  "small"))
def test_mul_into_leaves_shared_or_mismatched_arrays_alone(case):
    m = _fresh()
    keep = np.copy(m)
    other = _fresh()
    alias = None
    if case == "alias":
        alias = m  # another reference: a record, a tape, the caller's own variable
    elif case == "view":
        m = m[1:]
        keep = keep[1:]
        other = other[1:]
    elif case == "dtype":
        m = m.astype(np.float32)
        keep = np.copy(m)  # float32 * float64 is float64: not m's dtype
    elif case == "broadcast":
        other = rng.standard_normal((3, IN_PLACE_SIZE))  # the product is bigger than m
    elif case == "scalar":
        m, keep = 2.0, 2.0
    elif case == "small":  # nothing to gain: a new array
        m, other = m[:10].copy(), other[:10]
        keep = np.copy(m)
    else:
        other = list(other)
    out = mul_into(m, other)
    expected = keep * np.asarray(other) if case != "scalar" else keep * other
    assert out is not m
    np.testing.assert_array_equal(out, expected)
    assert np.result_type(out) == np.result_type(expected)
    np.testing.assert_array_equal(m, keep)  # unchanged
    if alias is not None:
        np.testing.assert_array_equal(alias, keep)
    out = add_into(m, other) if case != "list" else m + np.asarray(other)
    np.testing.assert_array_equal(m, keep)


# ------------------------------------------------------------------ peak memory


def _peak(fn, *args):
    fn(*args)
    tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    fn(*args)
    peak = tracemalloc.get_traced_memory()[1] - base
    tracemalloc.stop()
    return peak


def test_elementwise_gradient_peak_is_at_most_twice_the_primal(monkeypatch):
    """issue 16: the backward sweep frees what it no longer reads (bench/memory_scale.py
    measures it at 1e6 and 1e7 elements; here a size whose arrays dominate). Measured on
    the code users run: verification mode (SRCDIFF_VERIFY=1) keeps copies on purpose."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    x = rng.standard_normal(200_000)
    g = sd.grad(elementwise)
    primal = _peak(elementwise, x)
    assert _peak(g, x) <= 2.0 * primal + 64 * 1024


# --------------------------------------------- products NumPy writes into a temporary itself


def _tanh_layer(x, w):
    h = np.tanh(x * w)
    return np.sum(h * h)


def test_a_product_with_a_fresh_temporary_of_its_shape_stays_a_plain_product(monkeypatch):
    """``b_h * (1.0 - h * h)``, ``b_cos * np.sin(chain1)``: NumPy writes the product into
    the fresh temporary itself (release._fresh_like), so no ``mul_into`` call in front of
    it; a product with a name (nothing to reuse) keeps it. Peak memory on big arrays is
    no more than with ``mul_into``, the gradients equal differences in every pipeline."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    x, w = rng.standard_normal(6), rng.standard_normal(6)
    text = sd.source(_tanh_layer, args=(x, w))
    assert "b_mul = b_h * (1.0 - h * h)" in text
    # a name's value is no temporary: mul_into stays (test_a_record_read_twice too)
    assert "b_x = mul_into(b_mul, w)" in text
    rec = sd.source(recursive, args=(x,))
    assert rec.count("b_level = b_cos * np.sin(level)") == 2 and "mul_into" not in rec
    for options in ({}, {"verify": True}, {"optimize": False}):
        gx, gw = sd.grad(_tanh_layer, (0, 1), **options)(x, w)
        assert_close(gx, numeric_grad(_tanh_layer, (x, w), 0))
        assert_close(gw, numeric_grad(_tanh_layer, (x, w), 1))
        assert_close(sd.grad(recursive, **options)(x), numeric_grad(recursive, (x,), 0))
    big = rng.standard_normal(200_000)
    g = sd.grad(_tanh_layer)
    assert _peak(g, big, big) <= 3.0 * _peak(_tanh_layer, big, big) + 64 * 1024


def test_fresh_like_needs_a_known_shape_of_no_unit_axes():
    import gast

    from srcdiff.compiler.optimize.release import _fresh_like
    pats = {"a": (False,), "b": (False,), "s": (), "u": (True,), "n": (None,)}

    def fresh(src, pattern=(False,)):
        return _fresh_like(gast.parse(src).body[0].value, pattern, pats)

    assert fresh("np.sin(a)") and fresh("1.0 - a * b") and fresh("-a * s")
    assert not fresh("a") and not fresh("np.sin(s)") and not fresh("np.sum(a)")
    assert not fresh("a * u") and not fresh("a * n") and not fresh("np.sin(a)", (None,))
    assert not fresh("np.sin(a, out=b)") and not fresh("np.sin(c)") and not fresh("a @ b")
    assert not fresh("np.sin(a)", (True,)) and not fresh("s * 2.0")
