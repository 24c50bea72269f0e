"""Forward mode (SPEC §2) over the shared corpus, checked against finite differences.

The oracle is a central difference of the *original* function along the
tangent direction, in float64 (never srcdiff itself).
"""

import copy
import math

import numpy as np
import pytest

import srcdiff as sd
from corpus import CASES
from fd import assert_close
from srcdiff.api import higher
from srcdiff.compiler.driver import Context, compile_forward, forward_function
from srcdiff.rules import DEFAULT
from tangents import is_int, random_like

jvp = higher.jvp


# ------------------------------------------------------------ the oracle


def _leaves(x):
    if isinstance(x, dict):
        return [leaf for v in x.values() for leaf in _leaves(v)]
    if isinstance(x, (list, tuple)):
        return [leaf for v in x for leaf in _leaves(v)]
    return [x]


def moved(x, t, eps):
    if isinstance(x, dict):
        return {k: moved(x[k], t[k], eps) for k in x}
    if isinstance(x, (list, tuple)):
        return type(x)(moved(a, b, eps) for a, b in zip(x, t))
    if is_int(x):
        return x
    return x + eps * t


def directional(f, args, positions, tangents, eps=1e-6, kwargs=None):
    """d/de f(args + e * tangents) at 0, by central differences; shaped like f's output."""
    kwargs = kwargs or {}

    def at(e):
        a = copy.deepcopy(list(args))
        for k, t in zip(positions, tangents):
            a[k] = moved(a[k], t, e)
        return f(*a, **kwargs)

    return _combine(at(eps), at(-eps), lambda p, m: (np.asarray(p, float) - m) / (2 * eps))


def _combine(p, m, op):
    if isinstance(p, dict):
        return {k: _combine(p[k], m[k], op) for k in p}
    if isinstance(p, (list, tuple)):
        return type(p)(_combine(a, b, op) for a, b in zip(p, m))
    r = op(p, m)
    return r if np.ndim(r) else float(r)


def _positions(case):
    return [case.wrt] if isinstance(case.wrt, int) else list(case.wrt)


def _run_case(case, positions, single):
    rng = np.random.default_rng(7)
    tangents = [random_like(case.args[k], rng) for k in positions]
    args = copy.deepcopy(list(case.args))
    value, tangent = jvp(case.fn, wrt=positions[0] if single else tuple(positions))(
        *args, tangents=tangents[0] if single else tuple(tangents), **case.kwargs)
    expected = directional(case.fn, case.args, positions, tangents, kwargs=case.kwargs)
    assert_close(tangent, expected, rtol=1e-5, atol=1e-6, what="tangent")
    assert_close(value, case.fn(*copy.deepcopy(list(case.args)), **case.kwargs), what="value")


# ------------------------------------------------------------ the corpus


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_jvp_each_argument(case):
    """One wrt argument at a time, along a random tangent."""
    for k in _positions(case):
        _run_case(case, [k], single=True)


@pytest.mark.parametrize("case", [c for c in CASES if not isinstance(c.wrt, int)],
                         ids=lambda c: c.name)
def test_jvp_all_arguments_at_once(case):
    """A tuple wrt: one tangent per argument, the output tangent is their total effect."""
    _run_case(case, _positions(case), single=False)


@pytest.mark.parametrize("case", CASES[:12], ids=lambda c: c.name)
def test_generation_is_deterministic(case):
    a = sd.source(case.fn, wrt=case.wrt, mode="forward", args=case.args)
    higher._CACHE.clear()
    b = sd.source(case.fn, wrt=case.wrt, mode="forward", args=case.args)
    assert a == b
    assert "def jvp_" + case.fn.__name__ in a


# ------------------------------------------------------------ containers


def dict_in_list_out(p, x):
    h = np.tanh(p["w"] * x + p["b"])
    return [h, {"s": np.sum(h * h), "x": x}]


def list_of_arrays(xs):
    out = []
    for v in xs:
        out.append(v * v)
    out[0] = out[0] + xs[1]
    return out[0], out[1]


def pop_from_list(x):
    xs = [x, 2.0 * x, x * x]
    last = xs.pop()
    first = xs.pop(0)
    return last * first + xs[0]


def test_container_tangents_have_the_structure_of_values():
    p = {"w": np.array([0.5, -1.0]), "b": 0.25}
    x = np.array([1.0, 2.0])
    t = {"w": np.array([1.0, 0.5]), "b": -2.0}
    value, tangent = jvp(dict_in_list_out)(p, x, tangents=t)
    assert isinstance(tangent, list) and isinstance(tangent[1], dict)
    assert set(tangent[1]) == {"s", "x"}
    assert_close(tangent, directional(dict_in_list_out, (p, x), [0], [t]))
    # x is not differentiated: its tangent is an explicit zero, not None
    assert np.array_equal(tangent[1]["x"], np.zeros(2))


def test_list_argument_append_and_store():
    xs = [np.array([1.0, 2.0]), np.array([0.5, -0.5])]
    ts = [np.array([1.0, 0.0]), np.array([0.0, 3.0])]
    value, tangent = jvp(list_of_arrays)(xs, tangents=ts)
    assert isinstance(tangent, tuple) and len(tangent) == 2
    assert_close(tangent, directional(list_of_arrays, (xs,), [0], [ts]))


def pop_for_the_effect(x):
    window = []
    for k in range(4):
        window.append(x * (k + 1.0))
        if len(window) > 2:
            window.pop(0)  # a statement: the value is dropped, the tangent too
    return window[0] * window[1] ** 2


def test_pop_moves_the_tangent_too():
    value, tangent = jvp(pop_from_list)(0.7, tangents=1.0)
    # last * first + xs[0] = x*x * x + 2x  ->  3 x^2 + 2
    assert tangent == pytest.approx(3 * 0.7 ** 2 + 2.0)
    # 3x * (4x)^2 = 48 x^3  ->  144 x^2
    value, tangent = jvp(pop_for_the_effect)(0.7, tangents=1.0)
    assert value == pytest.approx(48 * 0.7 ** 3)
    assert tangent == pytest.approx(144 * 0.7 ** 2)


def store_into_argument(x):
    x[0] = x[1] * x[2]
    return np.sum(x * x)


def test_tangent_arrays_are_never_written_in_place():
    x = np.array([1.0, 2.0, 3.0])
    t = np.array([0.1, 0.2, 0.3])
    jvp(store_into_argument)(x.copy(), tangents=t)
    assert np.array_equal(t, [0.1, 0.2, 0.3])


# ------------------------------------------------------------ flow: branches, loops, aliases


def view_then_store(x):
    y = x * 1.0
    v = y[1:]
    s = np.sum(v * v)
    y[0] = s
    return np.sum(y * y)


def alias_then_store(x):
    y = +x
    z = y.copy()
    z[0] = 5.0 * z[1]
    w = z
    w[2] = y[0] * w[0]
    return np.sum(w * y)


def defined_in_one_branch(x, flag):
    if flag:
        y = x * 2.0
    else:
        y = 3.0
    return y * x


def first_bound_in_loop(x, n):
    for i in range(n):
        if i == 0:
            y = x * x
        else:
            y = y + x
    return y


def constant_before_loop(x, n):
    y = 1.0
    for i in range(n):
        y = x * 3.0
    return y * x


def reset_in_loop(x):
    s = x * 1.0
    for i in range(3):
        s = s * x
        if i == 1:
            s = 2.0
    return s


def while_with_store(x):
    out = np.zeros(3)
    i = 0
    while i < 3:
        out[i] = x[i] * x[(i + 1) % 3]
        i += 1
    return out


FLOW = [(view_then_store, (np.array([0.5, 1.5, -2.0]),)),
        (alias_then_store, (np.array([0.5, 1.5, -2.0]),)),
        (defined_in_one_branch, (0.7, True)), (defined_in_one_branch, (0.7, False)),
        (first_bound_in_loop, (0.7, 3)), (constant_before_loop, (0.7, 0)),
        (constant_before_loop, (0.7, 2)), (reset_in_loop, (0.7,)),
        (while_with_store, (np.array([0.5, 1.5, -2.0]),))]


@pytest.mark.parametrize("fn,args", FLOW, ids=[f"{f.__name__}-{i}" for i, (f, _) in
                                                enumerate(FLOW)])
def test_flow(fn, args):
    rng = np.random.default_rng(1)
    t = random_like(args[0], rng)
    value, tangent = jvp(fn)(*copy.deepcopy(args), tangents=t)
    assert_close(tangent, directional(fn, args, [0], [t]), what="tangent")
    assert_close(value, fn(*copy.deepcopy(args)), what="value")


# ------------------------------------------------------------ stop_gradient, wrt, integers


def uses_stop_gradient(x):
    return x * sd.stop_gradient(x * x)


def test_stop_gradient():
    value, tangent = jvp(uses_stop_gradient)(1.5, tangents=1.0)
    assert tangent == pytest.approx(1.5 ** 2)  # the stopped factor is a constant


def scaled_sum(a):
    b = 2.0 * a
    return a + b


def test_stop_gradients_option():
    _, tangent = jvp(scaled_sum, stop_gradients=("b",))(1.0, tangents=1.0)
    assert tangent == pytest.approx(1.0)


def test_stopping_a_differentiated_parameter_keeps_its_tangent():
    # a stop blocks the flow through a definition; a parameter's is the input itself, so
    # d/da stays what reverse mode gives (SPEC §1's example: (1.0, 1.0) with both stopped).
    # The tangent of a stopped parameter was dropped: 0.0 where reverse mode gives 3.0.
    eps = 1e-6
    total = (scaled_sum(1.5 + eps) - scaled_sum(1.5 - eps)) / (2 * eps)  # 3: through b too
    for wrt in ("a", ("a",)):
        _, tangent = jvp(scaled_sum, wrt=wrt, stop_gradients=("a",))(1.5, tangents=(
            1.0 if wrt == "a" else (1.0,)))
        assert tangent == pytest.approx(total)
        assert sd.grad(scaled_sum, wrt=wrt, stop_gradients=("a",))(1.5) == pytest.approx(
            total if wrt == "a" else (total,))
    for t, want in (((1.0, 0.0), 1.0), ((0.0, 1.0), 1.0), ((2.0, 10.0), 12.0)):
        _, tangent = jvp(scaled_sum, wrt=("a", "b"), stop_gradients=("a", "b"))(
            1.5, tangents=t)
        assert tangent == pytest.approx(want)  # <(1.0, 1.0), t>, the gradient's


def test_wrt_a_local_variable():
    # tf.gradients' meaning: b is an independent input at its last assignment, a's
    # tangent still flows through b's definition
    _, tangent = jvp(scaled_sum, wrt=("a", "b"))(1.0, tangents=(1.0, 10.0))
    assert tangent == pytest.approx(3.0 + 10.0)
    _, tangent = jvp(scaled_sum, wrt="b")(1.0, tangents=1.0)
    assert tangent == pytest.approx(1.0)


def power_loop(x, n):
    y = 1.0
    for i in range(n):
        y = y * x
    return y


def test_integer_arguments_are_constants():
    value, tangent = jvp(power_loop, wrt=(0, 1))(1.5, 3, tangents=(1.0, 0))
    assert value == pytest.approx(1.5 ** 3)
    assert tangent == pytest.approx(3 * 1.5 ** 2)


def constant_output(x):
    return 3.0, x * 2.0


def test_inactive_outputs_get_zero_tangents():
    x = np.array([1.0, 2.0])
    _, (t0, t1) = jvp(constant_output)(x, tangents=np.ones(2))
    assert t0 == 0.0
    assert np.array_equal(t1, [2.0, 2.0])


def test_jvp_of_a_gradient_is_a_hessian_vector_product():
    def f(x):
        return np.sum(np.sin(x) * x)
    import inspect
    if inspect.getsourcefile(f) is None:  # pragma: no cover
        pytest.skip("no source")
    x = np.array([0.3, -1.2])
    v = np.array([1.0, 2.0])
    _, hv = jvp(sd.grad(f))(x, tangents=v)
    # d2/dx2 (x sin x) = 2 cos x - x sin x
    assert_close(hv, (2 * np.cos(x) - x * np.sin(x)) * v)


# ------------------------------------------------------------ user rules

from srcdiff.api import custom  # noqa: E402


@custom.custom_vjp
def softplus(x):
    return np.log1p(np.exp(x))


@softplus.defvjp
def _softplus_vjp(g, ans, x):
    return g * (1.0 - np.exp(-ans))


@softplus.defjvp
def _softplus_jvp(d, ans, x):
    return d * (1.0 - np.exp(-ans)) * 1.0  # exact, and marked so the test sees it is used


@custom.custom_vjp
def reverse_only(x):
    return x * x


@reverse_only.defvjp
def _reverse_only_vjp(g, ans, x):
    return 2.0 * g * x


def uses_softplus(x):
    return np.sum(softplus(x) * x)


def uses_reverse_only(x):
    return reverse_only(x) + 1.0


def test_user_forward_rule_is_used():
    x = np.array([0.3, -1.0])
    t = np.array([1.0, 2.0])
    _, tangent = jvp(uses_softplus)(x, tangents=t)
    assert_close(tangent, directional(uses_softplus, (x,), [0], [t]))
    assert "* 1.0" in sd.source(uses_softplus, mode="forward", args=(x,))


def test_user_function_with_reverse_rule_only():
    with pytest.raises(sd.SrcdiffError, match="reverse_only.*no forward"):
        jvp(uses_reverse_only)(1.0, tangents=1.0)


# ------------------------------------------------------------ errors


class _NoSource:  # (a __call__ written in Python would be differentiated: issue 15)
    __call__ = math.fabs


opaque = _NoSource()


def calls_opaque(x):
    return opaque(x) * 2.0


def squash(x):
    """A primitive with a reverse rule only (registered in a private registry below)."""
    return np.tanh(x)


def uses_squash(x):
    return squash(x) + x


def test_missing_forward_rule_names_the_primitive():
    registry = DEFAULT.copy()

    @registry.vjp(squash)
    def squash_vjp(g, ans, x):
        return g * (1.0 - ans * ans)

    with pytest.raises(sd.SrcdiffError) as info:
        forward_function(uses_squash, ["x"], context=Context(registry))
    msg = str(info.value)
    assert "squash" in msg and "forward" in msg and "return squash(x) + x" in msg

    @registry.jvp(squash)
    def squash_jvp(d, ans, x):
        return d * (1.0 - ans * ans)

    node, _, _ = forward_function(uses_squash, ["x"], context=Context(registry))
    assert node.name == "jvp_uses_squash"


def bilinear(x, y):
    return x @ y if np.ndim(x) == 2 else x * y


def uses_bilinear(x, y):
    return np.sum(bilinear(x, y))


def test_rule_ifs_fold_with_known_ranks_and_stay_otherwise():
    registry = DEFAULT.copy()

    @registry.jvp(bilinear)
    def bilinear_jvp(d, ans, x, y):
        if np.ndim(x) == 2:
            return d @ y, x @ d
        return d * y, x * d

    def compiled(facts):
        ctx = Context(registry)
        node, parsed, _ = forward_function(uses_bilinear, ["x", "y"], arg_facts=facts,
                                           context=ctx)
        from srcdiff.compiler.emit import execute as emit
        ns = emit.load(emit.module_source([node]),
                       emit.base_namespace(parsed.namespace, ctx.helpers), node.name)
        return emit.module_source([node]), ns[node.name]

    x, y = np.array([[1.0, 2.0], [0.5, -1.0]]), np.array([0.3, 0.7])
    tx, ty = np.array([[0.1, 0.0], [1.0, 2.0]]), np.array([1.0, -1.0])
    expected = np.sum(tx @ y + x @ ty)
    generic, fn = compiled(None)
    assert "if np.ndim(x) == 2" in generic  # ranks unknown: decided at run time
    assert fn(x, y, (tx, ty))[1] == pytest.approx(expected)
    assert fn(y, y, (ty, ty))[1] == pytest.approx(np.sum(2 * ty * y))
    from srcdiff.compiler.analysis.facts import arg_fact
    special, fn = compiled({"x": arg_fact(x), "y": arg_fact(y)})
    assert "ndim" not in special  # folded away
    assert fn(x, y, (tx, ty))[1] == pytest.approx(expected)


def test_no_rule_and_no_source():
    with pytest.raises(sd.SrcdiffError) as info:
        jvp(calls_opaque)(1.0, tangents=1.0)
    assert "no derivative rule" in str(info.value) and "opaque(x)" in str(info.value)


def test_tangent_shape_must_match():
    with pytest.raises(ValueError, match=r"shape \(3,\).*\(2,\)"):
        jvp(constant_output)(np.ones(2), tangents=np.ones(3))
    with pytest.raises(TypeError, match="tangents="):
        jvp(constant_output)(np.ones(2))
    with pytest.raises(ValueError, match="tuple of 2"):
        jvp(scaled_sum, wrt=("a", "b"))(1.0, tangents=1.0)


def loop_local(x):
    for i in range(3):
        y = x * i
    return y


def reserved_parameter(x, tangents):
    return x * tangents


def test_rejected_wrt_and_names():
    with pytest.raises(sd.SrcdiffError, match="inside a loop"):
        jvp(loop_local, wrt="y")(1.0, tangents=1.0)
    with pytest.raises(sd.SrcdiffError, match="neither a parameter nor a local"):
        jvp(loop_local, wrt="nope")(1.0, tangents=1.0)
    with pytest.raises(sd.SrcdiffError, match="reserved"):
        jvp(reserved_parameter)(1.0, 2.0, tangents=1.0)


def test_compile_forward_entry_and_source():
    compiled = compile_forward(scaled_sum, ["a"])
    assert compiled.entry == "jvp_scaled_sum"
    assert compiled.fn(2.0, 1.0) == (6.0, 3.0)
    assert compiled.source.startswith("def jvp_scaled_sum(a, tangents):")


def test_public_names():
    from srcdiff.api import matrices

    assert sd.jvp is higher.jvp
    for name in ("hvp", "hessian", "jacobian"):
        assert getattr(sd, name, None) is getattr(matrices, name), name


def _rows_after_a_loop_element(w, s):
    t0 = 0.0
    for row in w:  # `row` holds floats here ...
        t0 = t0 + np.sum(row * row) * s
    g = []
    for r in range(2):
        row = []  # ... and a new list, appended to, here
        for k in range(2):
            row.append(np.sin(s) * (k + r) + t0)
        g.append(row)
    return g[0][1] * g[1][0]


def test_a_list_rebound_every_trip_is_not_copied_on_entry():
    # the loop's entry copy of an appended list's tangent (`t_row = list(t_row)`) was made
    # of the float `row` held before the loop: a TypeError (array fuzz, seed 20261204)
    w, s = np.array([0.3, 0.5, -0.2]), 0.4
    _, got = sd.jvp(_rows_after_a_loop_element)(w, s, tangents=np.array([0.2, -1.0, 0.5]))
    h = 1e-6
    t = np.array([0.2, -1.0, 0.5])
    want = (_rows_after_a_loop_element(w + h * t, s)
            - _rows_after_a_loop_element(w - h * t, s)) / (2 * h)
    assert np.allclose(got, want, rtol=1e-6, atol=1e-8)
    assert "list(t_row)" not in sd.source(_rows_after_a_loop_element, mode="forward",
                                          args=(w, s))
