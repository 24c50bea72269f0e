"""Generated gradients on array-API arrays (array_api_strict), proving that no NumPy-only
call slipped in (issue 19).

For arguments with ``__array_namespace__`` (not NumPy's, dask's or CuPy's) the generated
code runs with ``np`` bound to an allowlist namespace built from the arrays' own namespace
(srcdiff/runtime_array_api.py); what it cannot run is refused before running
(srcdiff/compiler/emit/array_api.py). On Python 3.11 array_api_strict still lets NumPy
convert its arrays (``__array__``); every test here runs with that conversion made an
error (the fixture), so a NumPy call on the gradient path cannot go unnoticed. The
oracles: the NumPy gradient of the same function (1e-12) and central finite differences.
"""

import ast

import numpy as np
import pytest

import array_api_cases as F
import srcdiff as sd
from array_api_cases import CASES as FUNCTIONS
from corpus import CASES
from fd import assert_close, numeric_grad
from soundness_cases import CASES as SOUNDNESS
from srcdiff.compiler.analysis.facts import arg_fact, array_api_mixture, array_api_module
from srcdiff.compiler.emit.array_api import converting
from srcdiff.runtime_array_api import ALLOWED, Namespace

xp = pytest.importorskip("array_api_strict")
ARRAY = type(xp.asarray(0.0))


@pytest.fixture(autouse=True)
def _no_conversion(monkeypatch):
    """An array_api_strict array converted to NumPy (np.asarray, any NumPy function on it)
    fails the test; verification mode (SRCDIFF_VERIFY=1) is refused on these arrays, so
    these tests run without it (test_verification_is_refused checks the refusal)."""
    def converted(self, *args, **kwargs):
        raise AssertionError("an array_api_strict array was converted to NumPy")

    monkeypatch.setattr(ARRAY, "__array__", converted)
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)


def on_xp(v):
    if isinstance(v, np.ndarray):
        return xp.asarray(v)
    if isinstance(v, dict):
        return {k: on_xp(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return type(v)(on_xp(x) for x in v)
    return v


def flat(g):
    if isinstance(g, dict):
        return [x for v in g.values() for x in flat(v)]
    if isinstance(g, (list, tuple)):
        return [x for v in g for x in flat(v)]
    return [g]


def as_numpy(g):
    """A gradient leaf as NumPy (tests only), checking it is the library's own array."""
    if isinstance(g, float) or g is None:
        return g
    assert isinstance(g, ARRAY), f"a {type(g).__name__} came back, not an array_api_strict array"
    return np.from_dlpack(g)


def assert_same(expected, got):
    pairs = list(zip(flat(expected), flat(got)))
    assert len(pairs) == len(flat(got)) == len(flat(expected)) > 0
    for e, g in pairs:
        g = as_numpy(g)
        assert (g is None) == (e is None)
        if e is None:
            continue
        assert np.shape(g) == np.shape(e)
        np.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-12)


def test_the_guard_catches_a_conversion():
    with pytest.raises(AssertionError, match="converted to NumPy"):
        np.exp(xp.asarray([1.0, 2.0]))


# ---------------------------------------------------------- functions written for it


@pytest.mark.parametrize("optimize", [True, False], ids=["optimized", "reference"])
@pytest.mark.parametrize("case", FUNCTIONS, ids=lambda c: c[0].__name__)
def test_gradient_equals_numpy_and_finite_differences(case, optimize):
    fn, args, wrt = case
    expected = sd.grad(fn, wrt=wrt, optimize=optimize)(*args)
    got = sd.grad(fn, wrt=wrt, optimize=optimize)(*on_xp(args))
    assert_same(expected, got)
    for k, g in zip(wrt, got):
        numeric = numeric_grad(fn, args, k)
        for a, b in zip(flat(g), flat(numeric)):
            assert_close(as_numpy(a), b)


@pytest.mark.parametrize("case", FUNCTIONS, ids=lambda c: c[0].__name__)
def test_jvp_equals_numpy_jvp(case):
    fn, args, wrt = case
    rng = np.random.default_rng(3)
    tangents = tuple([rng.normal(size=np.shape(v)) for v in args[k]]
                     if isinstance(args[k], list) else rng.normal(size=np.shape(args[k]))
                     if np.ndim(args[k]) else 0.5 for k in wrt)
    value, tangent = sd.jvp(fn, wrt=wrt)(*args, tangents=tangents)
    got_value, got_tangent = sd.jvp(fn, wrt=wrt)(*on_xp(args), tangents=on_xp(tangents))
    assert_same((value, tangent), (got_value, got_tangent))


def test_value_and_grad_vjp_and_containers():
    fn, args, wrt = FUNCTIONS[2]  # layer(W, x, b)
    value, grads = sd.value_and_grad(fn, wrt=wrt)(*args)
    got_value, got = sd.value_and_grad(fn, wrt=wrt)(*on_xp(args))
    assert_same((value, grads), (got_value, got))
    _, pullback = sd.vjp(fn, wrt=wrt)(*on_xp(args))
    assert_same(tuple(2.0 * g for g in grads), pullback(2.0))
    params = {"W": args[0], "b": args[2]}
    expected = sd.grad(_dict_layer)(params, args[1])
    assert_same(expected, sd.grad(_dict_layer)(on_xp(params), xp.asarray(args[1])))


def test_seeds_of_an_array_output():
    x, m = F.arrays(3), F.arrays(2, 3)
    grad_ys = np.array([0.5, -2.0])
    for seed in (None, grad_ys):
        expected = sd.grad(F.vector_output, wrt=(0, 1))(x, m, grad_ys=seed)
        got = sd.grad(F.vector_output, wrt=(0, 1))(*on_xp((x, m)), grad_ys=on_xp(seed))
        assert_same(expected, got)
    with pytest.raises(ValueError, match="grad_ys for the output has shape \\(3,\\)"):
        sd.grad(F.vector_output)(*on_xp((x, m)), grad_ys=xp.ones(3))


def _dict_layer(p, x):
    return F.layer(p["W"], x, p["b"])


def test_the_generated_source_is_the_numpy_kinds():
    """The kind changes what ``np`` is bound to, not the code: no golden file of its own;
    but a sum over a short axis stays ``np.sum`` (optimize/sums.py) and a product summed
    by ``unbroadcast`` stays two steps (optimize/contractions.py): NumPy arrays only."""
    for fn, args, wrt in FUNCTIONS:
        numpy_source = sd.source(fn, wrt=wrt, args=args).replace("short_sum(", "np.sum(")
        assert _two_steps(sd.source(fn, wrt=wrt, args=on_xp(args))) == _two_steps(numpy_source)


class _TwoSteps(ast.NodeTransformer):
    """``sum_product(A, B, X)`` as the ``unbroadcast(A * B, X)`` it stands for."""

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "sum_product":
            a, b, x = node.args
            return ast.Call(func=ast.Name(id="unbroadcast", ctx=ast.Load()),
                            args=[ast.BinOp(left=a, op=ast.Mult(), right=b), x], keywords=[])
        return node


def _two_steps(source):
    return ast.unparse(_TwoSteps().visit(ast.parse(source)))


def test_a_kind_of_its_own_compiled_once():
    x = xp.asarray([0.1, 0.2, 0.3])
    fact = arg_fact(x)  # (reads shape, dtype and namespace: with conversion forbidden)
    assert fact != arg_fact(np.asarray([0.1, 0.2, 0.3]))
    assert fact[3] == ("array-API array", "array_api_strict")
    t = sd.grad(F.elementwise).__srcdiff_transform__
    assert t.compiled([x]) is t.compiled([xp.asarray([0.4, 0.5, 0.6])])
    assert t.compiled([x]) is not t.compiled([np.asarray([0.1, 0.2, 0.3])])


def test_numpys_own_arrays_and_scalars_are_not_the_kind():
    """NumPy 2's arrays and scalars have __array_namespace__ too (numpy): not this kind."""
    for v in (np.ones(2), np.float64(0.5), np.int64(3), np.bool_(True)):
        assert array_api_module(v) is None
    assert array_api_mixture([np.ones(2), np.float64(0.5), 2.0, [np.int64(1)]]) is None
    assert array_api_module(xp.asarray(1.0)) == "array_api_strict"


def test_lists_of_python_numbers_are_skipped_and_arrays_inside_lists_found():
    """A list of plain numbers is passed over in one step (the per-call check of a list of
    500 floats); an array inside a list still counts."""
    x = xp.asarray([0.1, 0.2])
    assert array_api_mixture([x, [0.5] * 500, (1, True, 2.0)]) is None
    assert "numpy.ndarray beside array_api_strict" in array_api_mixture(
        [x, [0.5, np.ones(2)]])
    assert array_api_mixture([[0.5, 1.0], [[x, 2.0]], {"k": [np.ones(1)]}]) is not None


def test_a_value_error_inside_the_library_is_converted_and_srcdiffs_own_is_not():
    def write_into_a_broadcast():
        b = xp.broadcast_to(xp.asarray(1.0), (3,))
        b[0] = 2.0

    def bad_seed():
        raise ValueError("grad_ys for the output has shape (3,)")

    with pytest.raises(sd.SrcdiffError, match="ValueError: assignment destination is read-only"):
        converting(write_into_a_broadcast, "array_api_strict")()
    with pytest.raises(ValueError, match="grad_ys"):
        converting(bad_seed, "array_api_strict")()


# --------------------------------------------------------------- the corpora, swept

ARRAY_CASES = [c for c in CASES if any(isinstance(a, np.ndarray) and a.ndim >= 1 for a in c.args)]
# the corpus's array functions refused on array_api_strict arrays, each with a SrcdiffError
# naming what (the list is kept exact; all others agree with NumPy to 1e-12):
REFUSED = {
    # NumPy-only array methods (x.reshape(...), x.sum()): refused before running
    "product": "`.reshape` is an attribute of NumPy arrays only",
    "methods": "`.reshape` is an attribute of NumPy arrays only",
    "indexing_2d": "`.sum` is an attribute of NumPy arrays only",
    "store_through_repeated_indices": "`.reshape` is an attribute of NumPy arrays only",
    # NumPy-only functions, in the user's code or a rule's helper: before running
    "where_clip": "np.clip has no exact array-API equivalent",
    "varargs_helper": "calls _weighted_terms .* as it is",
    # np.maximum's gradient, (x > y) + 0.5 * (x == y): arithmetic on booleans
    "max_min_elementwise": "arithmetic on a comparison's booleans",
    # met while running (the array library refuses; converted, located at the line)
    "comparisons_are_constant": "TypeError: Only numeric dtypes",
    "rnn": "IndexError: .*index only specifies 1 dimensions",  # xs[t] of a matrix
    "store_2d": "AttributeError: 'Array' object has no attribute 'copy'",
    "store_under_branch_in_loop": "AttributeError: 'Array' object has no attribute 'copy'",
    "constants_only": "index array \\(a scatter-add\\)",
}


def test_the_sweep_covers_the_corpus():
    names = {c.name for c in ARRAY_CASES}
    assert set(REFUSED) <= names
    assert len(names - set(REFUSED)) >= 44  # supported: 44 of 57


@pytest.mark.parametrize("case", ARRAY_CASES, ids=lambda c: c.name)
def test_corpus_gradient_equals_numpy_gradient_or_is_refused(case):
    expected = sd.grad(case.fn, wrt=case.wrt)(*case.args, **case.kwargs)
    run = sd.grad(case.fn, wrt=case.wrt)
    if case.name in REFUSED:
        with pytest.raises(sd.SrcdiffError, match=REFUSED[case.name]):
            run(*on_xp(case.args), **case.kwargs)
        return
    assert_same(expected, run(*on_xp(case.args), **case.kwargs))


SOUNDNESS_ARRAYS = [c for c in SOUNDNESS if any(isinstance(a, np.ndarray) for a in c[1])]
SOUNDNESS_REFUSED = {  # (the others agree with NumPy and finite differences)
    "clip_of_a_float_by_keyword_bounds": "np.clip has no exact array-API equivalent",
    "slice_store_into_a_value_of_unknown_kind": "sd.stop_gradient is srcdiff's",
}


@pytest.mark.parametrize("optimize", [True, False], ids=["optimized", "reference"])
@pytest.mark.parametrize("case", SOUNDNESS_ARRAYS, ids=lambda c: c[0].__name__)
def test_soundness_cases_agree_with_finite_differences_or_are_refused(case, optimize):
    fn, args, wrt = case
    run = sd.grad(fn, wrt=wrt, optimize=optimize)
    if fn.__name__ in SOUNDNESS_REFUSED:
        with pytest.raises(sd.SrcdiffError, match=SOUNDNESS_REFUSED[fn.__name__]):
            run(*on_xp(args))
        return
    passed = on_xp(args)
    got = run(*passed)
    assert_same(sd.grad(fn, wrt=wrt, optimize=optimize)(*args), got)
    for k, g in zip(wrt, got):
        if g is not None:  # (None: no path to the output, as on NumPy arrays)
            assert_close(as_numpy(g), numeric_grad(fn, args, k))
    for a, p in zip(args, passed):  # the arguments are left as passed
        if isinstance(a, np.ndarray):
            np.testing.assert_array_equal(np.from_dlpack(p), a)


# ------------------------------------------------------------------ refusals


def _refusal(fn, *args, **options):
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(fn, **options)(*on_xp(args))
    return str(info.value)


def test_a_numpy_only_function_is_refused_at_its_line():
    text = _refusal(F.uses_einsum, F.arrays(3))
    assert "array_api_cases.py:" in text and 'np.einsum("i,i->", x, x)' in text
    assert "np.einsum has no exact array-API equivalent" in text
    assert "np.matmul (or @) and np.sum" in text  # the hint
    text = _refusal(F.uses_clip, F.arrays(3))
    assert "np.clip has no exact array-API equivalent" in text and "np.minimum(np.maximum(" in text


def test_a_numpy_array_method_is_refused_at_its_line():
    text = _refusal(F.uses_method, F.arrays(3))
    assert "`.mean` is an attribute of NumPy arrays only" in text
    assert "return x.mean() + np.sum(x)" in text and "np.mean(x, ...)" in text


def test_a_rule_helper_needing_numpy_is_refused_with_its_path():
    text = _refusal(F.uses_concatenate_gradient, F.arrays(2), F.arrays(3))
    assert "rule helper split_like, in which np.cumsum has no exact array-API" in text
    assert "np.concatenate([x, y], axis=None)" in text
    text = _refusal(F.uses_prod, F.arrays(3))
    assert "rule helper prod_grad -> prod_others, in which" in text


def test_what_fails_while_running_is_a_located_srcdiff_error():
    text = _refusal(F.uses_boolean_arithmetic, F.arrays(3))
    assert "TypeError: Only numeric dtypes" in text and "<srcdiff grad_uses_boolean" in text
    text = _refusal(F.uses_index_array, F.arrays(4), np.array([0, 2, 2]))
    assert "an index array (a scatter-add) has no array-API equivalent" in text
    with pytest.raises(sd.SrcdiffError, match="np.dot of 3-d and 2-d arrays has no array-API"):
        Namespace(xp).dot(xp.asarray(F.arrays(2, 2, 3)), xp.asarray(F.arrays(3, 2)))


def test_arithmetic_on_booleans_is_refused_before_running():
    """np.maximum's gradient counts ties as (x > y) + 0.5 * (x == y); the array API has no
    arithmetic on booleans: refused at the line, before running."""
    text = _refusal(F.uses_maximum, F.arrays(3))
    assert "arithmetic on a comparison's booleans" in text and "np.maximum(x, 0.0)" in text
    assert "np.where(x > y, x, y)" in text
    text = _refusal(F.uses_dot_3d, F.arrays(2, 2, 3), F.arrays(3, 2))
    assert "rule helper dot_lhs, in which np.tensordot has no exact" in text


def test_verification_is_refused():
    text = _refusal(F.elementwise, F.arrays(3), verify=True)
    assert "verification mode compares values with NumPy" in text


def test_arguments_srcdiff_does_not_model_are_refused_before_any_work():
    x = xp.asarray([0.5, -1.0, 2.0])
    with pytest.raises(TypeError, match="numpy.ndarray beside array_api_strict arrays"):
        sd.grad(F.layer)(xp.asarray(F.arrays(2, 3)), np.ones(3), x[:2])
    with pytest.raises(TypeError, match="complex"):
        sd.grad(F.elementwise)(xp.asarray([1.0 + 2.0j]))
    for transform in (lambda: sd.hessian(F.elementwise)(x), lambda: sd.grad(sd.grad(
            F.loop, wrt=1), wrt=1)(x, 0.3), lambda: sd.jacobian(F.elementwise)(x)):
        with pytest.raises(TypeError, match="on array_api_strict arrays is not supported"):
            transform()
    with pytest.raises(TypeError, match="its tangent must be one too"):
        sd.jvp(F.elementwise)(x, tangents=np.ones(3))


# ------------------------------------------------------------ the allowlist, name by name

A, B = F.arrays(3, 4), F.arrays(3, 4)
V, W = F.arrays(4), F.arrays(4)
P = np.abs(A) + 0.5  # positive
U = F.arrays(3, 4) * 0.9  # inside (-1, 1)
SAMPLES = {  # NumPy name -> calls (NumPy arguments) whose results must be equal
    **{n: [(A,)] for n in ("abs", "exp", "expm1", "sin", "cos", "tan", "sinh", "cosh",
                           "tanh", "sign", "floor", "ceil", "trunc", "square", "negative",
                           "arctan", "arcsinh", "isfinite", "isnan")},
    "logical_not": [(A > 0,)],
    **{n: [(P,)] for n in ("log", "log1p", "log2", "log10", "sqrt")},
    "arccosh": [(P + 1.0,)],
    **{n: [(U,)] for n in ("arcsin", "arccos", "arctanh")},
    **{n: [(A, B), (A, 0.5), (2.0, V)] for n in (
        "maximum", "minimum", "add", "subtract", "multiply", "divide", "logaddexp",
        "hypot", "copysign", "arctan2", "equal", "not_equal", "less", "less_equal",
        "greater", "greater_equal")},
    "logical_and": [(A > 0, B > 0)], "logical_or": [(A > 0, B > 0)],
    "power": [(P, B), (P, 2.0)],
    **{n: [(A,), (A, 0), (A, 1, None, None, True), (A, (0, 1))] for n in ("sum", "prod")},
    "mean": [(A,), (A, 1), (A, 0, None, None, True)],
    **{n: [(A,), (A, 1), (A, 0, None, True)] for n in ("max", "min", "amax", "amin")},
    **{n: [(A,), (A, 1)] for n in ("argmax", "argmin", "count_nonzero")},
    "matmul": [(A, V), (V, V), (A.T, A)],
    "where": [(A > 0, A, B), (A > 0, 1.0, 0.0), (A > 0, A, 0.0)],
    "transpose": [(A,), (A[None], (1, 0, 2))],
    "swapaxes": [(A[None], 0, 2)],
    "reshape": [(A, (4, 3)), (A, -1), (A, (2, -1))], "ravel": [(A,), (A.T,), (2.0,)],
    "expand_dims": [(A, 0), (A, -1), (A, (0, 3)), (V, (2, 0))],
    "squeeze": [(A[None, :, None],), (A[None], 0)],
    "broadcast_to": [(V, (3, 4)), (2.0, (2, 3))],
    "zeros": [((2, 3),), (4,)], "ones": [((2, 3),)], "full": [((2, 3), 1.5)],
    "arange": [(5,), (1, 7, 2)],
    "zeros_like": [(A,)], "ones_like": [(A,)], "full_like": [(A, 2.5)],
    "copy": [(A,)], "array": [(A,), ([V, W],), ([1.0, 2.0],)],
    "asarray": [(A,), ([V, W],), (2.5,), ([1, 2],)],
    "stack": [([V, W],), ([A, B], 1)], "concatenate": [([V, W],), ([A, B], 1)],
    "real": [(A,)], "conj": [(A,)],
    "outer": [(V, W), (A, V)], "dot": [(A, V), (V, W), (A.T, A), (2.0, V)],
    "shape": [(A,), (2.0,)], "ndim": [(A,)], "size": [(A,)], "iscomplexobj": [(A,), (2.0,)],
}


def test_every_allowed_name_has_samples():
    assert set(SAMPLES) == set(ALLOWED)


@pytest.mark.parametrize("name", sorted(ALLOWED))
def test_each_allowed_name_equals_numpys(name):
    ns = Namespace(xp)
    for args in SAMPLES[name]:
        expected = getattr(np, name)(*args)
        got = getattr(ns, name)(*on_xp(args))
        if isinstance(expected, (tuple, bool, int)):
            assert got == expected and type(got) is type(expected), (name, args)
            continue
        assert isinstance(got, ARRAY), (name, args, type(got))
        np.testing.assert_array_equal(np.from_dlpack(got), expected)
        assert np.from_dlpack(got).dtype == np.asarray(expected).dtype, (name, args)


def test_a_name_outside_the_allowlist_is_refused_at_run_time_too():
    with pytest.raises(sd.SrcdiffError, match="np.einsum has no array-API equivalent"):
        Namespace(xp).einsum("i,i->", xp.asarray(V), xp.asarray(V))
    with pytest.raises(sd.SrcdiffError, match="np.exp of an array of dtype"):
        Namespace(xp).exp(xp.asarray([1, 2]))  # NumPy makes it float; the array API refuses
    with pytest.raises(sd.SrcdiffError, match="dtype= or out="):
        Namespace(xp).sum(xp.asarray(V), 0, xp.float32)
