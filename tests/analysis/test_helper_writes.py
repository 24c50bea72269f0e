"""Calls that change a value in place without the caller's code saying so are refused.

A user function that writes into one of its parameters (``p[0] *= 2``, ``p +=
v`` on an array, ``p.sort()``, ``np.copyto(p, ...)``, ``out=p``), directly or
through another helper, changed the caller's array behind srcdiff's back:
``np.sum(scale_first(x)) + np.sum(x)`` had gradient [3, 2] instead of [4, 2].
Such calls are refused at the call site, naming the helper, its parameter
and the line that writes, unless the call can be inlined like a nested ``def``
(front/writing_helpers.py: a module-level helper of the caller's module that surely
writes): the write is then the caller's own, differentiated or refused by the caller's
checks. Helpers that write only into their own arrays are differentiated (checked
against central differences).
"""

import inspect

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

FILE = inspect.getsourcefile(lambda: None)


def line_of(fn, needle):
    lines, start = inspect.getsourcelines(fn)
    for k, text in enumerate(lines):
        if needle in text and not text.lstrip().startswith("def "):
            return start + k
    raise AssertionError(needle)


# ------------------------------------------------------------------ helpers that write


def scale_first(p):
    p[0] *= 2.0
    return p


def calls_scale_first(q):
    s = scale_first(q)
    return s * 1.0


def adds_in_place(p, v):
    p += v
    return p


def sorts_in_place(p):
    p.sort()
    return p


def copies_into(p, v):
    np.copyto(p, v)
    return v


def writes_through_out(p, v):
    np.multiply(v, 2.0, out=p)
    return v


def writes_element_of_list(ps):
    qs = ps.copy()  # a new list holding the same arrays
    qs[1][0] = 0.0
    return qs[0]


def writes_default(x, acc=np.zeros(2)):
    acc[0] += 1.0
    return x * acc[1]


def uses_sum(x):
    return np.sum(scale_first(x)) + np.sum(x)


def uses_view(x):
    return np.sum(scale_first(x[:, 0])) + np.sum(x)


def uses_nested(x):
    return np.sum(calls_scale_first(x)) + np.sum(x)


def uses_temporary(x):
    return np.sum(scale_first(x * 3.0))


def uses_inactive(x, c):
    s = scale_first(c)
    return np.sum(x * s)


def uses_adds_in_place(x):
    return np.sum(adds_in_place(x, 1.0) * x)


def uses_sorts(x):
    return np.sum(sorts_in_place(x) * x)


def uses_copies_into(x):
    return np.sum(copies_into(x, x * 2.0) * x)


def uses_out(x):
    return np.sum(writes_through_out(x, x * 2.0) * x)


def uses_list(x):
    y = writes_element_of_list([x, x * 2.0])
    return np.sum(y * x)


def uses_default(x):
    return writes_default(x)


factor = 2.0  # read by scales_by_factor: a global the caller below shadows


def scales_by_factor(p):
    p[0] = p[0] * factor
    return p


def uses_shadowed_global(x):
    factor = 3.0  # (inlined, the helper would read this one)
    return np.sum(scales_by_factor(x)) + np.sum(x) * factor


def calls_with_a_global_shadowed(q):
    s = scales_by_factor(q)
    return s * factor


def uses_nested_shadowed(x):
    factor = 3.0
    return np.sum(calls_with_a_global_shadowed(x)) + np.sum(x) * factor


REFUSED = [
    # (function, helper, parameter, line in the helper (needle), words): calls that are
    # not inlined (a weak write `p += v`; a default array; a global shadowed by the caller)
    (uses_shadowed_global, scales_by_factor, "p", "p[0] = p[0] * factor", ["p = p.copy()"]),
    (uses_nested_shadowed, calls_with_a_global_shadowed, "q", "p[0] = p[0] * factor",
     ["scales_by_factor", "s = scales_by_factor(q)", "q = q.copy()"]),
    (uses_adds_in_place, adds_in_place, "p", "p += v", ["p = p + ..."]),
    (uses_default, writes_default, "acc", "acc[0] += 1.0", ["default value"]),
]

# inlined where called, then refused by the caller's own checks, at the call's line
REFUSED_INLINED = [(uses_view, scale_first), (uses_sorts, sorts_in_place),
                   (uses_list, writes_element_of_list)]

# inlined where called: the write is the caller's own, and differentiated
INLINED = [uses_sum, uses_nested, uses_temporary, uses_copies_into, uses_out]


def _input(f):
    return np.array([[1.0, 2.0], [3.0, 4.0]]) if f is uses_view else np.array([1.0, 2.0])


def _refusal(f, x, mode):
    """The SrcdiffError that differentiating ``f`` at ``x`` in ``mode`` (reverse: sd.grad,
    forward: sd.jvp) raises; the test fails when nothing is raised."""
    with pytest.raises(sd.SrcdiffError) as info:
        if mode == "reverse":
            sd.grad(f)(x)
        else:
            sd.jvp(f)(x, tangents=np.ones_like(x))
    return info.value


@pytest.mark.parametrize("f,helper,param,needle,words", REFUSED,
                         ids=[c[0].__name__ for c in REFUSED])
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_call_of_a_helper_writing_its_argument_is_refused(f, helper, param, needle, words, mode):
    err = _refusal(f, _input(f), mode)
    msg = str(err)
    assert err.filename == FILE
    assert err.lineno == line_of(f, helper.__name__ + "("), msg  # the call site
    assert f"{FILE}:{err.lineno}:" in msg and "^" in msg and "hint:" in msg
    assert helper.__name__ in msg and f"`{param}`" in msg
    inner = scales_by_factor if f is uses_nested_shadowed else helper
    assert f"{FILE}:{line_of(inner, needle)}" in msg
    assert needle in msg
    for w in words:
        assert w in msg, (w, msg)
    assert "_retval" not in msg


@pytest.mark.parametrize("f,helper", REFUSED_INLINED, ids=[c[0].__name__ for c in REFUSED_INLINED])
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_inlined_call_refused_by_the_callers_checks(f, helper, mode):
    err = _refusal(f, _input(f), mode)
    msg = str(err)
    assert err.filename == FILE and err.lineno == line_of(f, helper.__name__ + "("), msg
    assert "hint:" in msg


@pytest.mark.parametrize("f", INLINED, ids=[f.__name__ for f in INLINED])
def test_inlined_call_matches_finite_differences(f):
    x, t = np.array([1.0, 2.0]), np.array([0.5, -1.5])
    expected = numeric_grad(lambda y: f(y.copy()), [x], 0)
    assert_close(sd.grad(f)(x), expected)
    np.testing.assert_array_equal(x, [1.0, 2.0])
    assert sd.jvp(f)(x, tangents=t)[1] == pytest.approx(expected @ t)


def test_inactive_argument_written_by_a_helper():
    # the backward sweep reads c after the helper changed it: inlined, the caller's own
    # write c[0] *= 2 is followed (gradient [2 c0, c1])
    c = np.array([3.0, 4.0])
    g = sd.grad(uses_inactive)(np.array([1.0, 2.0]), c)
    assert_close(g, numeric_grad(lambda x: uses_inactive(x, c.copy()), [np.array([1.0, 2.0])], 0))
    np.testing.assert_array_equal(c, [3.0, 4.0])


def test_the_issue_example_was_silently_wrong():
    # d/dx (sum(scale_first(x)) + sum(x)) is [4, 2]; srcdiff gave [3, 2] while leaving x
    # changed; then it refused; now the call is inlined and the gradient is right
    x = np.array([1.0, 2.0])
    assert_close(sd.grad(uses_sum)(x), np.array([4.0, 2.0]))
    np.testing.assert_array_equal(x, [1.0, 2.0])


# ------------------------------------------------------------------ helpers that do not write


def local_copy(p):
    p = p.copy()
    p[0] *= 2.0
    return p


def local_zeros(p):
    t = np.zeros(3)
    t[0] = p[0]
    t[1] += p[1] * p[2]
    return t * p


def adds_to_number(a, b):
    a += b  # a number: a new value, not a change in place
    return a * b


def returns_new_list(ps):
    qs = [ps[0], ps[1]]
    qs[0] = qs[0] * 2.0
    return qs


def calls_local_copy(q):
    return local_copy(q) * q


def uses_local_helpers(x):
    return (np.sum(local_copy(x)) + np.sum(x) + np.sum(local_zeros(x) ** 2)
            + np.sum(calls_local_copy(x)))


def uses_number_helper(x):
    return adds_to_number(x[0], x[1]) + adds_to_number(2.0, x[2])


def uses_list_helper(x):
    ys = returns_new_list([x, x * 2.0])
    return np.sum(ys[0] * ys[1]) + np.sum(x)


ACCEPTED = [uses_local_helpers, uses_number_helper, uses_list_helper]


@pytest.mark.parametrize("f", ACCEPTED, ids=[f.__name__ for f in ACCEPTED])
def test_helpers_writing_only_their_own_arrays(f):
    x = np.array([0.5, -1.5, 2.0])
    expected = numeric_grad(lambda y: f(y.copy()), [x], 0)
    assert_close(sd.grad(f)(x), expected)
    np.testing.assert_array_equal(x, [0.5, -1.5, 2.0])
    t = np.array([1.0, 0.5, -2.0])
    assert sd.jvp(f)(x, tangents=t)[1] == pytest.approx(expected @ t)


# ------------------------------------------------------------------ the result of a helper


def first_rest(p):
    return p[1:]


def writes_through_result(x):
    y = first_rest(x)
    y[0] = 0.0
    return np.sum(x * x)


def test_writing_into_a_helper_result_that_views_an_argument_is_refused():
    x = np.array([1.0, 2.0, 3.0])
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(writes_through_result)(x)
    msg = str(info.value)
    assert "`y[0] = 0.0`" in msg and "`x`" in msg and "hint:" in msg
    np.testing.assert_array_equal(x, [1.0, 2.0, 3.0])


# ------------------------------------------------------------------ methods that change a value


def sorts_by_assignment(x):
    y = x.sort()  # noqa: F841
    return np.sum(x * x)


def fills_by_assignment(x):
    y = x.fill(2.0)  # noqa: F841
    return np.sum(x * x)


def copyto_by_assignment(x):
    r = np.copyto(x, 2.0 * x)  # noqa: F841
    return np.sum(x * x)


def pops_inactive_list(x):
    ks = [0, 2, 1]
    y = x[ks]
    k = ks.pop()
    return np.sum(y * y) + x[k]


@pytest.mark.parametrize("f,needle,words", [
    (sorts_by_assignment, "y = x.sort()", ["`.sort()`", "np.sort"]),
    (fills_by_assignment, "y = x.fill(2.0)", ["`.fill()`", "full_like"]),
    (copyto_by_assignment, "r = np.copyto(x, 2.0 * x)", ["np.copyto"]),
    (pops_inactive_list, "k = ks.pop()", ["`.pop()`", "xs[-1]"]),
])
def test_method_changing_a_value_in_place_is_refused(f, needle, words):
    x = np.array([2.0, 1.0, 3.0])
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(f)(x)
    err, msg = info.value, str(info.value)
    assert err.lineno == line_of(f, needle) and needle in msg and "in place" in msg
    assert "hint:" in msg
    for w in words:
        assert w in msg, (w, msg)
    np.testing.assert_array_equal(x, [2.0, 1.0, 3.0])


def test_pop_is_followed_in_forward_mode():
    t = np.array([1.0, 0.0, 0.0])
    x = np.array([2.0, 1.0, 3.0])
    value, tangent = sd.jvp(pops_inactive_list)(x, tangents=t)
    assert value == pytest.approx(pops_inactive_list(x.copy()))
    assert tangent == pytest.approx(numeric_grad(pops_inactive_list, [x], 0) @ t)


def writes_through_no_copy_array(x):
    y = np.array(x, copy=False)
    y[0] = 0.0
    return np.sum(x * x)


def test_array_without_copy_is_a_view():
    x = np.array([1.0, 2.0])
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(writes_through_no_copy_array)(x)
    msg = str(info.value)
    assert info.value.lineno == line_of(writes_through_no_copy_array, "y[0] = 0.0")
    assert "`x`" in msg and "hint:" in msg


# ------------------------------------------------------------------ arithmetic results


def writes_into_a_scaled_row(p):
    z = (p * 0.5)[1]
    z[0] = 1.0
    w = (p / 2.0)[0]
    w[1] = 2.0
    return z * w


def writes_into_a_product_row(p, m):
    r = (p @ m)[0]
    r[0] = 0.0
    s = (p ** 2)[1]
    s[1] = 0.0
    return r + s


def writes_into_a_repeated_list(p):
    q = p * 2  # (a list argument: its entries, twice)
    q[0][0] = 5.0
    return q


def writes_into_a_joined_list(p, m):
    q = p + m
    q[1][0] = 5.0
    return q


def test_a_float_scaled_or_divided_value_holds_nothing_of_its_operands():
    """``p * 0.5``, ``p / 2.0``, ``p @ m`` and ``p ** 2`` make new numbers or arrays (no
    container repeats or joins by them): writing into their rows changes no argument, so
    the numba backend compiles such a function (it refused it as changing ``p``). ``p * 2``
    and ``p + m`` may repeat or join a list argument's entries: writes through them still
    count as the argument's."""
    from srcdiff.compiler.analysis.effects import summary
    from srcdiff.rules.registry import DEFAULT

    for fn in (writes_into_a_scaled_row, writes_into_a_product_row):
        assert summary(fn, DEFAULT).writes == {}, fn.__name__
    assert set(summary(writes_into_a_repeated_list, DEFAULT).writes) == {"p"}
    assert set(summary(writes_into_a_joined_list, DEFAULT).writes) == {"p", "m"}
    xs = [np.array([1.0, 2.0]), np.array([3.0, 4.0])]
    writes_into_a_repeated_list(xs)
    assert xs[0][0] == 5.0  # (what the scan guards against: the argument's entry changed)


def scaled_row_written(x):
    z = (x / 2.0)[1]
    z[0] = 1.0
    w = (x ** 2)[0]
    w[1] = 3.0
    return np.sum(z * x[0]) + np.sum(w * x[1])


def test_the_numba_backend_compiles_writes_into_new_arithmetic_results():
    pytest.importorskip("numba")
    x = np.arange(1.0, 5.0).reshape(2, 2)
    expected = numeric_grad(lambda y: scaled_row_written(y.copy()), [x], 0)
    assert_close(sd.grad(scaled_row_written, backend="numba")(x.copy()), expected)
    assert_close(sd.grad(scaled_row_written)(x.copy()), expected)
