"""The registry's written-once forms: ``elementwise``, ``self_adjoint`` and ``linear``.

Each form writes one function and derives the other mode's rule (registry.py).
Here:

* the forms themselves, on a copy of the registry with primitives of this
  file: what they derive (source, names, declarations), that the derived rules
  are real functions agreeing with finite differences, and what they refuse;
* every library rule registered by a form: its derived rule is what the form
  says (the seed renamed, ``unbroadcast``/``broadcast_like``, the primitive of
  the tangent), and the two modes are each other's transpose (a dot-product
  test on random inputs). A ``linear`` rule's forward rule must be the
  primitive applied to the tangent, numerically, on every case of
  tests/rule_cases.py (and on hand-made inputs for srcdiff's own helpers).

Finite differences of every library rule, both modes, inlined and called,
are tests/test_rules.py's (one case per primitive, enforced there); the
generated code is the golden files'.
"""

import ast
import inspect
import operator
import textwrap
import types
import warnings
import zlib

import numpy as np
import pytest

from rule_cases import TABLE, primitive_call, recipe_args
from srcdiff.compiler.ir import syntax as S
from srcdiff.rules import DEFAULT, primitive_name, runtime_rules
from srcdiff.rules.template import Template
from srcdiff.runtime import broadcast_like, unbroadcast  # noqa: F401  (read by derived rules)
from tangents import inner

EPS = 1e-6


# ------------------------------------------------------------------ tree helpers


def _random_like(v, rng):
    if v is None:
        return None
    if isinstance(v, dict):
        return {k: _random_like(e, rng) for k, e in v.items()}
    if isinstance(v, (list, tuple)):
        return type(v)(_random_like(e, rng) for e in v)
    x = rng.standard_normal(np.shape(v))
    if np.iscomplexobj(v):
        x = x + 1j * rng.standard_normal(np.shape(v))
    return x if np.ndim(v) else (complex(x) if np.iscomplexobj(x) else float(x))


def _close(a, b, rtol=1e-6, atol=1e-8):
    return abs(a - b) <= atol + rtol * max(abs(a), abs(b))


def _same_tree(a, b, rtol=1e-6, atol=1e-8):
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, dict) or isinstance(b, dict):
        return isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys() \
            and all(_same_tree(a[k], b[k], rtol, atol) for k in a)
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same_tree(x, y, rtol, atol) for x, y in zip(a, b))
    return np.shape(a) == np.shape(b) and np.allclose(a, b, rtol=rtol, atol=atol)


def _entry(result, k, n):
    """Entry ``k`` of a rule's result for ``n`` differentiable parameters."""
    if n > 1 and isinstance(result, tuple):
        return result[k]
    return result if k == 0 else None


def _rng(label):
    return np.random.default_rng(zlib.crc32(label.encode()))


# ------------------------------------------------------------------ the forms on their own
# primitives of this file, registered on a copy of the registry


def cube(x):
    return x ** 3


def scaled_diff(x, y):
    return x * x - 2.0 * x * y


def symmetrize(a):
    return a + np.swapaxes(a, -1, -2)


def rolled(a, k=1, axis=None):
    return np.roll(a, k, axis)


def total(a, axis=None, dtype=None, keepdims=False):
    return np.sum(a, axis=axis, dtype=dtype, keepdims=keepdims)


REG = DEFAULT.copy()


@REG.elementwise(cube)
def cube_rule(g, ans, x):
    return g * 3.0 * x * x


@REG.elementwise(scaled_diff)
def scaled_diff_rule(g, ans, x, y):
    return g * (2.0 * x - 2.0 * y), -2.0 * g * x


@REG.self_adjoint(symmetrize)
def symmetrize_rule(g, ans, a):
    return g + np.swapaxes(g, -1, -2)


@REG.linear(rolled)
def rolled_rule(g, ans, a, k=1, axis=None):
    return np.roll(g, -k, axis)


@REG.linear(total)
def total_rule(g, ans, a, axis=None, dtype=None, keepdims=False):
    if axis is None:
        return np.broadcast_to(g, np.shape(a))
    return unreduce_like(g, a, axis, keepdims)


def unreduce_like(g, a, axis, keepdims):
    if not keepdims:
        g = np.expand_dims(g, axis)
    return np.broadcast_to(g, np.shape(a))


def _body(template):
    """The template's body as one line of source per statement, docstrings left out."""
    node = ast.parse(S.to_source(template.node)).body[0]
    return "\n".join(ast.unparse(x) for x in node.body
                     if not (isinstance(x, ast.Expr) and isinstance(x.value, ast.Constant)))


def test_elementwise_of_one_argument_is_the_rule_and_its_renaming():
    rule = REG.lookup(cube)
    assert rule.form == "elementwise" and rule.elementwise
    assert rule.vjp.fn is cube_rule  # the decorator returns the reverse rule: the function
    assert rule.jvp.fn.__name__ == "cube_rule_jvp" and rule.jvp.name == "cube_rule"
    assert rule.jvp.params == ["d", "ans", "x"]
    assert _body(rule.vjp) == "return g * 3.0 * x * x"
    assert _body(rule.jvp) == "return d * 3.0 * x * x"
    assert rule.vjp.inlinable and rule.jvp.inlinable


def test_elementwise_of_several_arguments_broadcasts_each_entry():
    rule = REG.lookup(scaled_diff)
    assert rule.form == "elementwise" and rule.elementwise
    assert _body(rule.vjp) == ("return (unbroadcast(g * (2.0 * x - 2.0 * y), x), "
                               "unbroadcast(-2.0 * g * x, y))")
    assert _body(rule.jvp) == ("return (broadcast_like(d * (2.0 * x - 2.0 * y), ans), "
                               "broadcast_like(-2.0 * d * x, ans))")
    assert rule.vjp.returns == "tuple" and rule.vjp.differentiable_params == ["x", "y"]
    assert scaled_diff_rule is rule.vjp.fn  # the decorator returns the derived reverse rule


def test_self_adjoint_declares_nothing():
    rule = REG.lookup(symmetrize)
    assert rule.form == "self_adjoint" and not rule.elementwise
    assert rule.vjp.fn is symmetrize_rule
    assert _body(rule.jvp) == "return d + np.swapaxes(d, -1, -2)"


def test_linear_derives_the_primitive_of_the_tangent():
    rule = REG.lookup(rolled)
    assert rule.form == "linear" and rule.vjp.fn is rolled_rule
    assert _body(rule.jvp) == "return rolled(d, k, axis)"
    assert str(rule.jvp.signature) == "(d, ans, a, k=1, axis=None)"
    # dtype is not passed on: the options after it go by keyword (their positions shift)
    assert _body(REG.lookup(total).jvp) == "return total(d, axis, keepdims=keepdims)"


def test_linear_with_keywords_and_module_paths():
    reg = DEFAULT.copy()

    @reg.linear(np.cumsum, keywords=True)
    def cumsum_rule(g, ans, a, axis=None, dtype=None, out=None):
        return g

    assert _body(reg.lookup(np.cumsum).jvp) == "return np.cumsum(d, axis=axis)"

    @reg.linear(np.fft.fftshift)
    def shift_rule(g, ans, x, axes=None):
        return np.fft.ifftshift(g, axes)

    assert _body(reg.lookup(np.fft.fftshift).jvp) == "return np.fft.fftshift(d, axes)"
    assert DEFAULT.lookup(np.cumsum).jvp.fn is not reg.lookup(np.cumsum).jvp.fn


def test_derived_rules_are_real_functions_with_source():
    """Tests call them, standalone modules copy their source: both must work."""
    for prim in (cube, scaled_diff, symmetrize, rolled, total):
        rule = REG.lookup(prim)
        for t in (rule.vjp, rule.jvp):
            src = inspect.getsource(t.fn)
            assert f"def {t.fn.__name__}(" in src and t.fn.__module__ == __name__
            assert t.fn.__globals__ is globals()
            assert Template(t.fn, t.kind).node is not None
            # "<srcdiff ...>" files are generated code (sd.grad(sd.grad(f)) recompiles them)
            assert not t.fn.__code__.co_filename.startswith("<srcdiff")


def _fd_check(prim, rule, args, option_kwargs, rng, diff):
    """Reverse and forward rules (called) against central differences, random directions."""
    ans = prim(*args, **option_kwargs)
    g = _random_like(ans, rng)
    n = len(rule.vjp.differentiable_params)
    grads = rule.vjp.fn(g, ans, *args, **option_kwargs)
    for k in diff:
        v = _random_like(args[k], rng)
        moved = [list(args), list(args)]
        moved[0][k] = args[k] + EPS * v
        moved[1][k] = args[k] - EPS * v
        numeric = (prim(*moved[0], **option_kwargs) - prim(*moved[1], **option_kwargs)) / (2 * EPS)
        gk = _entry(grads, k, n)
        assert np.shape(gk) == np.shape(args[k]), f"gradient {k} is shaped like its argument"
        assert _close(inner(gk, v), inner(g, numeric), 1e-5, 1e-7), (prim.__name__, k, "vjp")
        tangent = _entry(rule.jvp.fn(v, ans, *args, **option_kwargs), k, n)
        assert np.allclose(broadcast_like(tangent, ans), numeric, rtol=1e-5, atol=1e-7), \
            (prim.__name__, k, "jvp")


@pytest.mark.parametrize("prim,args,kwargs,diff", [
    (cube, [(2, 3)], {}, [0]),
    (cube, [()], {}, [0]),
    (scaled_diff, [(2, 3), (3,)], {}, [0, 1]),
    (scaled_diff, [(2, 1), (1, 4)], {}, [0, 1]),
    (scaled_diff, [(), (2, 2)], {}, [0, 1]),
    (symmetrize, [(3, 3)], {}, [0]),
    (symmetrize, [(2, 3, 3)], {}, [0]),
    (rolled, [(5,)], {"k": 2}, [0]),
    (rolled, [(3, 4)], {"k": -1, "axis": 1}, [0]),
    (total, [(3, 4)], {"axis": 0}, [0]),
    (total, [(3, 4)], {"axis": 1, "keepdims": True}, [0]),
    (total, [(3, 4)], {}, [0]),
], ids=lambda v: getattr(v, "__name__", None) or repr(v))
def test_derived_rules_agree_with_finite_differences(prim, args, kwargs, diff):
    rng = _rng(f"{prim.__name__}{args}{kwargs}")
    values = [rng.uniform(0.5, 1.5, s) if s else float(rng.uniform(0.5, 1.5)) for s in args]
    _fd_check(prim, REG.lookup(prim), values, kwargs, rng, diff)


def test_the_forms_refuse_what_they_cannot_derive():
    reg = DEFAULT.copy()
    with pytest.raises(TypeError, match="def"):
        reg.elementwise(cube)(lambda g, ans, x: 3.0 * g * x * x)
    with pytest.raises(ValueError, match="'d'"):
        @reg.elementwise(cube)
        def uses_d(g, ans, x):
            d = 3.0 * x * x
            return g * d
    @reg.linear(np.flipud)  # a local ``d`` in the reverse rule does not matter to the forward
    def flipud_rule(g, ans, m):
        d = np.flipud(g)
        return d

    assert _body(reg.lookup(np.flipud).jvp) == "return np.flipud(d)"
    with pytest.raises(TypeError, match=r"\*args"):
        @reg.linear(np.expand_dims)
        def expand_rule(g, ans, a, *args):
            return g
    with pytest.raises(TypeError, match="no name"):
        @reg.linear(lambda a: a)
        def anonymous_rule(g, ans, a):
            return g
    with pytest.raises(TypeError, match="tuple"):
        @reg.elementwise(scaled_diff)
        def single(g, ans, x, y):
            return g
    with pytest.raises(TypeError, match="unbroadcast"):  # a module without the helpers
        bare = types.FunctionType(scaled_diff_source.__code__, {"np": np}, "scaled_diff_source")
        reg.elementwise(scaled_diff)(bare)
    with pytest.raises(ValueError, match="signature"):
        reg.elementwise(np.matmul)(scaled_diff_source)


def scaled_diff_source(g, ans, x, y):
    return g * (2.0 * x - 2.0 * y), -2.0 * g * x


def test_a_hand_written_rule_replaces_the_form():
    reg = DEFAULT.copy()

    @reg.jvp(np.tanh, elementwise=True)
    def tanh_by_hand_jvp(d, ans, x):
        return d * (1.0 - ans * ans)

    assert reg.lookup(np.tanh).form is None and DEFAULT.lookup(np.tanh).form == "elementwise"


# ------------------------------------------------------------------ the library's rules


def _formed(form):
    return [r for r in DEFAULT._rules.values() if r.form == form]


def test_the_library_uses_every_form():
    for form in ("elementwise", "self_adjoint", "linear"):
        assert _formed(form), form
    assert DEFAULT.lookup(np.tanh).form == "elementwise"
    assert DEFAULT.lookup(np.fft.fft).form == "linear"
    assert DEFAULT.lookup(np.abs).form is None  # written by hand: complex abs differs by mode


class _Unwrap(ast.NodeTransformer):
    """``unbroadcast(e, x)`` -> ``broadcast_like(e, ans)``; the seed renamed."""

    def __init__(self, seed, ans):
        self.seed, self.ans = seed, ans

    def visit_Name(self, node):
        if node.id == self.seed:
            node.id = "d"
        return node

    def visit_arg(self, node):
        if node.arg == self.seed:
            node.arg = "d"
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "unbroadcast":
            node.func.id = "broadcast_like"
            node.args[1] = ast.Name(id=self.ans, ctx=ast.Load())
        return node


def _def(fn):
    node = ast.parse(textwrap.dedent(inspect.getsource(fn))).body[0]
    node.decorator_list, node.name = [], "rule"
    node.body = [s for s in node.body
                 if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    return node


@pytest.mark.parametrize("rule", _formed("elementwise") + _formed("self_adjoint"),
                         ids=lambda r: r.name)
def test_a_rule_written_once_derives_its_forward_rule_from_its_reverse_rule(rule):
    vjp, jvp = _def(rule.vjp.fn), _def(rule.jvp.fn)
    seed, ans = rule.vjp.params[:2]
    assert ast.dump(_Unwrap(seed, ans).visit(vjp)) == ast.dump(jvp)
    assert rule.elementwise == (rule.form == "elementwise")
    assert rule.jvp.fn.__name__ == rule.vjp.fn.__name__.replace("_vjp", "").rstrip("_") + "_jvp"


def _linear_jvp_problem(rule, primitives):
    """Why ``rule.jvp`` is not ``return primitive(d, ...)`` (None when it is)."""
    node = _def(rule.jvp.fn)
    d = rule.jvp.params[0]
    if len(node.body) != 1 or not isinstance(node.body[0], ast.Return) \
            or not isinstance(node.body[0].value, ast.Call):
        return "its body is not one `return primitive(...)`"
    call = node.body[0].value
    try:
        callee = eval(compile(ast.Expression(call.func), "<callee>", "eval"),
                      rule.jvp.fn.__globals__)
    except Exception as e:  # noqa: BLE001
        return f"its callee does not evaluate ({e})"
    if not any(callee is p for p in primitives):
        return f"it calls {ast.unparse(call.func)}, not the primitive"
    if not call.args or not isinstance(call.args[0], ast.Name) or call.args[0].id != d:
        return "the tangent is not the primitive's first argument"
    used = {n.id for a in call.args[1:] + [k.value for k in call.keywords]
            for n in ast.walk(a) if isinstance(n, ast.Name)}
    if d in used:
        return "the tangent appears among the options"
    return None


def _primitives_of(template, kind="jvp"):
    return [r.primitive for r in DEFAULT._rules.values() if getattr(r, kind) is template]


@pytest.mark.parametrize("rule", _formed("linear"), ids=lambda r: r.name)
def test_a_linear_rule_is_the_primitive_of_the_tangent(rule):
    assert _linear_jvp_problem(rule, _primitives_of(rule.jvp)) is None


def _table_cases(form):
    """The rule_cases.TABLE cases of rules registered by ``form``, each with its own id."""
    return [pytest.param(c, id=f"{primitive_name(c.prim)}-{i}") for i, c in enumerate(TABLE)
            if DEFAULT.lookup(c.prim) is not None and DEFAULT.lookup(c.prim).form == form]


def _case_values(case, salt):
    return primitive_call(case, recipe_args(case, _rng(f"{TABLE.index(case)}{salt}")))


def _linear_mismatch(rule, prim, args, kwargs, rng):
    """Is the forward rule, called, the primitive of the tangent, and the reverse rule its
    transpose? (None when both hold; else what fails.)"""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        ans = prim(*args, **kwargs)
        d = _random_like(args[0], rng)
        tangent = rule.jvp.fn(d, ans, *args, **kwargs)
        expected = prim(d, *args[1:], **kwargs)
        if not _same_tree(tangent, expected):
            return "the forward rule is not the primitive of the tangent"
        g = _random_like(ans, rng)
        n = len(rule.vjp.differentiable_params)
        grad = _entry(rule.vjp.fn(g, ans, *args, **kwargs), 0, n)
    if not _close(inner(grad, d), inner(g, expected)):
        return f"<vjp(g), d> = {inner(grad, d)!r} but <g, f(d)> = {inner(g, expected)!r}"
    return None


@pytest.mark.parametrize("case", _table_cases("linear"))
def test_a_linear_rule_computes_the_primitive_of_the_tangent(case):
    rule = DEFAULT.lookup(case.prim)
    args, kwargs = _case_values(case, "linear")
    problem = _linear_mismatch(rule, case.prim, args, kwargs, _rng(f"{TABLE.index(case)}dirs"))
    assert problem is None, problem


# srcdiff's own linear helpers (not in rule_cases.TABLE): arguments by hand
HELPER_CASES = {
    "unbroadcast": lambda r: ([r.standard_normal((3, 4)), r.standard_normal(4)], {}),
    "unreduce": lambda r: ([r.standard_normal(3), r.standard_normal((3, 4)), 1, False], {}),
    "spread": lambda r: ([float(r.standard_normal()), r.standard_normal((2, 3))], {}),
    "extreme_grad": lambda r: _extreme_case(r),
    "match_complex": lambda r: ([r.standard_normal(3) + 1j * r.standard_normal(3),
                                 r.standard_normal(3)], {}),
    "finish": lambda r: ([r.standard_normal((2, 3)), r.standard_normal((2, 3)), False], {}),
    "snapshot": lambda r: ([r.standard_normal(3)], {}),
    "window_sums": lambda r: ([r.standard_normal((3, 2, 2, 3)), (4, 4), (2, 3), (0, 1)], {}),
    "rule_results": lambda r: ([(r.standard_normal(3), r.standard_normal(2)), 2], {}),
    "item_grad": lambda r: ([[r.standard_normal(3), r.standard_normal(2)], 1,
                             r.standard_normal(2)], {}),
    "pop_grad": lambda r: ([[r.standard_normal(3), r.standard_normal(2)],
                            r.standard_normal(2)], {}),
    "fill_zeros": lambda r: ([[r.standard_normal(3), r.standard_normal(2)],
                              [r.standard_normal(3), r.standard_normal(2)]], {}),
    "tree_unbroadcast": lambda r: ([[r.standard_normal((3, 4))], [r.standard_normal(4)]], {}),
    "tree_broadcast": lambda r: ([[r.standard_normal(4)], [r.standard_normal((3, 4))]], {}),
    "unpop": lambda r: ([([r.standard_normal(3)], r.standard_normal(2)),
                         [r.standard_normal(3), r.standard_normal(2)]], {}),
    "dict_of_grad": lambda r: ([{"a": r.standard_normal(3), "b": r.standard_normal(2)},
                                ["a", "b", "a"]], {}),
    "sequence_grad": lambda r: ([[r.standard_normal(3), r.standard_normal(3)],
                                 r.standard_normal((2, 3))], {}),
    "sequence_tangent": lambda r: ([(r.standard_normal(3), r.standard_normal(2)),
                                    (r.standard_normal(3), r.standard_normal(2))], {}),
    "sequence_part_grad": lambda r: ([[r.standard_normal(3), r.standard_normal(2),
                                       r.standard_normal(4)], 1, 3], {}),
    "sequence_padded_tangent": lambda r: ([[r.standard_normal(3), r.standard_normal(2)],
                                           [r.standard_normal(3), r.standard_normal(2)], 1, 2],
                                          {}),
    "sequence_repeat_grad": lambda r: ([[r.standard_normal(3), r.standard_normal(2),
                                         r.standard_normal(3), r.standard_normal(2)], 2], {}),
}


def _extreme_case(r):
    """np.max's adjoint over axis 1 of a (3, 4) array, the first row with a tie."""
    x = r.standard_normal((3, 4))
    x[0, 3] = x[0, 1] = np.max(x[0]) + 1.0
    return [r.standard_normal(3), x, np.max(x, axis=1), 1, False], {}


def _helper_rules():
    return [r for r in _formed("linear") if r.name.startswith("srcdiff.")]


def test_every_rule_written_once_has_a_case():
    """So the checks of this file (and test_rules.py's finite differences) reach each one."""
    for rule in _formed("elementwise") + _formed("self_adjoint") + _formed("linear"):
        if rule.name.startswith("srcdiff."):
            assert rule.form != "linear" or rule.primitive.__name__ in HELPER_CASES, rule.name
        else:
            # (== too: a distribution's method, scipy.stats.norm.pdf, is a new bound method
            # at each attribute access, equal to the registered one)
            assert any(c.prim is rule.primitive or c.prim == rule.primitive for c in TABLE), \
                f"{rule.name}: no case in rule_cases.TABLE"


@pytest.mark.parametrize("rule", _helper_rules(), ids=lambda r: r.name)
def test_a_linear_helper_computes_the_primitive_of_the_tangent(rule):
    args, kwargs = HELPER_CASES[rule.primitive.__name__](_rng(rule.name))
    problem = _linear_mismatch(rule, rule.primitive, args, kwargs, _rng(rule.name + "dirs"))
    assert problem is None, problem


def test_the_linear_checks_catch_a_forward_rule_that_is_not_the_primitive():
    """A linear rule whose forward rule is wrong (here: ``flip``'s forward rule forgets the
    axis) fails both checks above."""
    reg = DEFAULT.copy()

    @reg.jvp(np.flip)
    def flip_jvp(d, ans, m, axis=None):
        return np.flip(d)

    rule = reg.lookup(np.flip)
    rule.form = "linear"
    assert _linear_jvp_problem(rule, [np.flip]) is None  # the callee is right ...
    m = np.arange(6.0).reshape(2, 3)
    assert _linear_mismatch(rule, np.flip, [m, 1], {}, _rng("flip")) is not None  # ... not so

    @reg.jvp(np.flip)
    def flip_twice_jvp(d, ans, m, axis=None):
        return np.flip(np.flip(d, axis), axis)

    assert _linear_jvp_problem(reg.lookup(np.flip), [np.flip]) == \
        "the tangent is not the primitive's first argument"

    @reg.jvp(np.flip)
    def flip_other_jvp(d, ans, m, axis=None):
        return np.fliplr(d)

    assert "not the primitive" in _linear_jvp_problem(reg.lookup(np.flip), [np.flip])


@pytest.mark.parametrize("case", _table_cases("elementwise") + _table_cases("self_adjoint"))
def test_the_two_modes_of_a_rule_written_once_are_transposes(case):
    """``<vjp_k(g), d_k> == <g, jvp_k(d_k)>`` for each argument ``k`` (the rules, called)."""
    rule = DEFAULT.lookup(case.prim)
    if "not_differentiable" in S.to_source(rule.vjp.node):
        pytest.skip("always inlined: calling it would raise for the argument it cannot "
                    "differentiate (test_rules.py checks its entries inlined)")
    args, kwargs = _case_values(case, "adjoint")
    rng = _rng(f"{TABLE.index(case)}dirs")
    params = rule.vjp.differentiable_params
    bound = inspect.signature(rule.vjp.fn).bind(None, None, *args, **kwargs).arguments
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ans = case.prim(*args, **kwargs)
        g = _random_like(ans, rng)
        grads = rule.vjp.fn(g, ans, *args, **kwargs)
        checked = 0
        for k, p in enumerate(params):
            value = bound.get(p)
            if not isinstance(value, (float, complex, np.ndarray)) or not np.issubdtype(
                    np.asarray(value).dtype, np.inexact):
                continue
            d = _random_like(value, rng)
            tangent = _entry(rule.jvp.fn(d, ans, *args, **kwargs), k, len(params))
            left, right = inner(_entry(grads, k, len(params)), d), inner(g, tangent)
            assert _close(left, right, 1e-6, 1e-9), (p, left, right)
            checked += 1
    assert checked


def test_runtime_helpers_are_registered_by_name():
    """The helpers' rules keep the names generated code calls them by."""
    for helper in ("seed", "cotangent", "finish", "unbroadcast", "add_tree"):
        rule = DEFAULT.lookup(getattr(runtime_rules, helper))
        assert rule.vjp.name == rule.jvp.name == helper
        # seed and cotangent are a pair: the forward rule gives the ones or zeros they make
        # for an absent grad_ys a zero tangent shaped like them (runtime_checks.absent_tangent)
        assert rule.form in ((None,) if helper in ("seed", "cotangent")
                             else ("linear", "self_adjoint"))


def test_operator_aliases_share_the_rule():
    assert DEFAULT.lookup(operator.mul).vjp is DEFAULT.lookup(np.multiply).vjp
    assert DEFAULT.lookup(operator.mul).jvp is DEFAULT.lookup(np.multiply).jvp
    assert DEFAULT.lookup(operator.mul).form == "elementwise"
