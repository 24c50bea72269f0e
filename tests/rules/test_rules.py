"""Every rule, checked against finite differences by one generic checker over TABLE.

For each case of tests/support/rule_cases.py:

* ``test_grad``: the reverse rule through the real compiler: ``sd.grad`` of
  the generated wrapper, seeded with a random cotangent ``c``, must satisfy
  ``<grad, v> == d/dt <c, f(x + t v)>`` for a random direction ``v`` (the
  right side by central differences, in this file). ndarray methods too.
* ``test_vjp_rule`` / ``test_jvp_rule``: the rule templates instantiated on
  their own, as the compiler does (inlined, and called), the same test for the
  reverse rule and ``sum of contributions == d/dt f(x + t v)`` for the forward
  rule (each contribution computed with ``d`` = its own argument's tangent).
* ``test_second_order``: the generated gradient differentiated again (reverse
  over reverse, forward over reverse) with ``sd.check_grads(order=2)``.

Coverage is enforced: every primitive of the library tables that has a
reverse rule must have a case, and a forward rule.
"""

import copy
import warnings
import zlib

import gast
import numpy as np
import pytest

import srcdiff as sd
from rule_cases import METHODS, TABLE, Recipe, primitive_call, recipe_args, wrappers
from srcdiff.compiler.emit.execute import RUNTIME_HELPERS
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.names import NameGen
from srcdiff.rules import DEFAULT, primitive_name
from tangents import inner

wrappers(TABLE + METHODS)

EPS = 1e-6


# ------------------------------------------------------------------ helpers


def _is_float(v):
    if isinstance(v, (list, tuple)):
        return len(v) > 0 and all(_is_float(e) for e in v)
    if isinstance(v, (float, complex)):
        return True
    return isinstance(v, np.ndarray) and np.issubdtype(v.dtype, np.inexact)


def _random_like(v, rng):
    if isinstance(v, (list, tuple)):
        return [_random_like(e, rng) for e in v]
    x = rng.standard_normal(np.shape(v))
    if np.iscomplexobj(v):
        x = x + 1j * rng.standard_normal(np.shape(v))
    return x if np.ndim(v) else (complex(x) if np.iscomplexobj(x) else float(x))


def _axpy(x, t, v):
    if v is None:
        return x
    if isinstance(x, (list, tuple)):
        return type(x)(_axpy(a, t, b) for a, b in zip(x, v)) if isinstance(x, tuple) \
            else [_axpy(a, t, b) for a, b in zip(x, v)]
    return x + t * v


def _sub(a, b, scale):
    if isinstance(a, (list, tuple)):
        return [_sub(x, y, scale) for x, y in zip(a, b)]
    return (np.asarray(a) - np.asarray(b)) * scale


def _add(a, b):
    if a is None:
        return b
    if b is None:
        return a
    if isinstance(a, (list, tuple)):
        return [_add(x, y) for x, y in zip(a, b)]
    return a + b


def _rng(case, salt=""):
    return np.random.default_rng(zlib.crc32((case.name + salt).encode()))


def _tolerance(case):
    return case.tol or (1e-5, 1e-6)


def _assert_close(analytic, numeric, case, what):
    rtol, atol = _tolerance(case)
    assert abs(analytic - numeric) <= atol + rtol * max(abs(analytic), abs(numeric)), \
        f"{case!r} ({primitive_name(case.prim)}): {what} {analytic!r} != finite differences " \
        f"{numeric!r}"


# ------------------------------------------------------------------ through sd.grad


@pytest.mark.parametrize("case", TABLE + METHODS, ids=repr)
def test_grad(case):
    """The reverse rule through the compiler: a dot-product test against finite differences."""
    rng = _rng(case)
    values = recipe_args(case, rng, split_complex=True)
    wrt = tuple(i for i, v in enumerate(values) if _is_float(v))
    assert wrt, f"{case!r} has no float argument to differentiate"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        out = case.fn(*values)
        cot = _random_like(out, rng)
        grads = sd.grad(case.fn, wrt=wrt)(*values, grad_ys=cot)
        dirs = [_random_like(values[i], rng) for i in wrt]

        def phi(t):
            moved = list(values)
            for i, v in zip(wrt, dirs):
                moved[i] = _axpy(values[i], t, v)
            return inner(cot, case.fn(*moved))

        numeric = (phi(EPS) - phi(-EPS)) / (2 * EPS)
    for i, g in zip(wrt, grads):
        if g is not None and not isinstance(values[i], list):
            assert np.shape(g) == np.shape(values[i]), f"{case!r}: gradient {i} has the wrong shape"
    analytic = sum(inner(g, v) for g, v in zip(grads, dirs))
    _assert_close(analytic, numeric, case, "<grad, v>")


# ------------------------------------------------------------------ rules on their own


class _FoldRanks(gast.NodeTransformer):
    """``np.ndim(name)`` -> its rank, as the compiler folds it when it knows ranks."""

    def __init__(self, env):
        self.env = env

    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if isinstance(f, gast.Attribute) and f.attr == "ndim" and len(node.args) == 1 \
                and isinstance(node.args[0], gast.Name) and node.args[0].id in self.env:
            return S.const(int(np.ndim(self.env[node.args[0].id])))
        return node


def _atom(value, name, env, recipe):
    """A call-site atom: literals stay literals (the compiler folds tests on them)."""
    if not recipe and isinstance(value, float):
        return S.const(value)
    if value is None or isinstance(value, (bool, int, str)) or (
            isinstance(value, tuple) and all(isinstance(v, int) for v in value)):
        return S.const(value)
    env[name] = value
    return S.name(name)


class Instance:
    """A rule template instantiated at a call, as the compiler does it (inline or call mode)."""

    def __init__(self, case, template, values, inline=True):
        args, kwargs = primitive_call(case, values)
        self.env = {}
        arg_nodes = [_atom(v, f"a{i}", self.env, isinstance(r, Recipe))
                     for i, (v, r) in enumerate(zip(args, case.args))]
        kw_nodes = {k: _atom(v, f"k_{k}", self.env, isinstance(case.kwargs[k], Recipe))
                    for k, v in kwargs.items()}
        self.args, self.kwargs, self.prim = args, kwargs, case.prim
        self.template = copy.copy(template)
        if not inline:
            self.template.inlinable = False
        self.bound = self.template.bind(arg_nodes, kw_nodes)
        self.params = self.template.differentiable_params
        self.ans = case.prim(*args, **kwargs)
        head = [S.name("d"), S.name("ans")]
        names = NameGen(set(self.env) | {"d", "ans", "rule"})
        self.stmts, self.results = self.template.instantiate(
            head, self.bound, names, call_name="rule", prefold=_FoldRanks(self.env).visit)
        self.namespace = dict(RUNTIME_HELPERS)
        self.namespace.update(self.template.globals)
        self.namespace.update(np=np, rule=self.template.fn)

    def value(self, k, d):
        """Result ``k`` (the gradient or tangent contribution of parameter ``k``) for ``d``."""
        if self.results[k] is None:
            return None
        fn = gast.FunctionDef(
            name="f", args=gast.arguments(
                args=[S.name(n, store=False) for n in ["d", "ans"] + sorted(self.env)],
                posonlyargs=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
                defaults=[]),
            body=self.stmts + [gast.Return(value=self.results[k])], decorator_list=[],
            returns=None, type_comment=None, type_params=[])
        for a in fn.args.args:
            a.ctx = gast.Param()
        ns = dict(self.namespace)
        exec(compile(S.to_source(fn), "<rule instance>", "exec"), ns)
        return ns["f"](d, self.ans, *[self.env[n] for n in sorted(self.env)])

    def operand(self, p):
        """The primal value bound to differentiable parameter ``p``."""
        node = self.bound.get(p)
        return _node_value(node, self.env)

    def primal(self, moves):
        """The primitive at the arguments moved by ``{param: step}``."""
        env = dict(self.env)
        for p, step in moves.items():
            _move(self.bound[p], env, step)
        args = [env.get(f"a{i}", v) for i, v in enumerate(self.args)]
        kwargs = {k: env.get(f"k_{k}", v) for k, v in self.kwargs.items()}
        return self.prim(*args, **kwargs)


def _node_value(node, env):
    if isinstance(node, gast.Constant):
        return node.value
    if isinstance(node, gast.Name):
        return env[node.id]
    if isinstance(node, gast.Tuple):
        return tuple(_node_value(e, env) for e in node.elts)
    raise TypeError(node)


def _move(node, env, step):
    if isinstance(node, gast.Name):
        env[node.id] = _axpy(env[node.id], 1.0, step)
    elif isinstance(node, gast.Tuple):
        for e, s in zip(node.elts, step):
            if s is not None:
                _move(e, env, s)


def _instance(case, kind, inline=True, salt=""):
    template = getattr(DEFAULT.lookup(case.prim), kind)
    values = recipe_args(case, _rng(case, salt))
    return Instance(case, template, values, inline)


def _scaled(dirs, t):
    if dirs is None:
        return None
    if isinstance(dirs, list):
        return [_scaled(d, t) for d in dirs]
    return t * dirs


def _float_params(inst, rng):
    out = {}
    for p in inst.params:
        if p not in inst.bound or isinstance(inst.bound[p], gast.Constant):
            continue  # literals are constants, as in the compiler
        dirs = _directions(inst.operand(p), rng)
        if dirs is None or (isinstance(dirs, list) and all(d is None for d in dirs)):
            continue
        out[p] = dirs
    return out


def _directions(value, rng):
    """A random direction for a float value, per element for a list/``*args``; else None."""
    if isinstance(value, (list, tuple)) and not _is_float(value):
        return [_random_like(e, rng) if _is_float(e) else None for e in value]
    return _random_like(value, rng) if _is_float(value) else None


JVP_CASES = [c for c in TABLE if DEFAULT.lookup(c.prim) and DEFAULT.lookup(c.prim).jvp]


@pytest.mark.parametrize("case", JVP_CASES, ids=repr)
def test_jvp_rule(case):
    """The forward rule, inlined as the compiler does: the sum of its contributions
    (each computed with ``d`` = that argument's tangent) is the tangent of the output."""
    rng = _rng(case, "jvp")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        inst = _instance(case, "jvp", salt="jvp")
        moves = _float_params(inst, rng)
        assert moves, f"{case!r}: no float argument"
        total = None
        for p, dirs in moves.items():
            total = _add(total, inst.value(inst.params.index(p), dirs))
        plus = inst.primal({p: _scaled(v, EPS) for p, v in moves.items()})
        minus = inst.primal({p: _scaled(v, -EPS) for p, v in moves.items()})
    numeric = _sub(plus, minus, 1 / (2 * EPS))
    probe = _random_like(numeric, _rng(case, "probe"))
    _assert_close(inner(probe, total), inner(probe, numeric), case, "<c, jvp>")


@pytest.mark.parametrize("inline", [True, False], ids=["inline", "call"])
@pytest.mark.parametrize("case", TABLE, ids=repr)
def test_vjp_rule(case, inline):
    """The reverse rule on its own, inlined and called (as generated code does either)."""
    template = DEFAULT.lookup(case.prim).vjp
    if not inline and "not_differentiable" in S.to_source(template.node):
        pytest.skip("always inlined: calling it would raise for the order it cannot differentiate")
    rng = _rng(case, "vjp")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        inst = _instance(case, "vjp", inline=inline, salt="vjp")
        cot = _random_like(inst.ans, rng)
        moves = _float_params(inst, rng)
        analytic = sum(inner(inst.value(inst.params.index(p), cot), v) for p, v in moves.items())
        plus = inst.primal({p: _scaled(v, EPS) for p, v in moves.items()})
        minus = inst.primal({p: _scaled(v, -EPS) for p, v in moves.items()})
    numeric = (inner(cot, plus) - inner(cot, minus)) / (2 * EPS)
    _assert_close(analytic, numeric, case, "<vjp, v>")


def test_forward_rules_with_several_arguments_always_inline():
    """A forward rule evaluates every contribution with the same ``d`` when called, so a rule
    with several differentiable arguments must inline (the transform picks one contribution)."""
    def always_decided(test):  # ``is_constant(y) and ...`` is decided for any call site
        first = test.values[0] if isinstance(test, gast.BoolOp) and isinstance(test.op, gast.And) \
            else test
        return isinstance(first, gast.Call) and getattr(first.func, "id", None) == "is_constant"

    bad = []
    for rule in DEFAULT._rules.values():
        t = rule.jvp
        if t is not None and len(t.differentiable_params) > 1 and (
                not t.inlinable or any(isinstance(s, gast.If) and not always_decided(s.test)
                                       for s in t.node.body)):
            bad.append(t.name)
    assert not bad, f"forward rules that may be called with several arguments: {sorted(set(bad))}"


# ------------------------------------------------------------------ coverage


def _builtin_rules():
    """Rules of srcdiff's library tables (not users' rules, not the runtime helpers')."""
    return [r for r in DEFAULT._rules.values()
            if (r.vjp or r.jvp) and (r.vjp or r.jvp).fn.__module__.startswith("srcdiff.rules.")
            and not r.name.startswith("srcdiff.")]


def test_every_reverse_rule_has_a_case():
    have = {primitive_name(c.prim) for c in TABLE}
    missing = sorted(r.name for r in _builtin_rules() if r.vjp and r.name not in have)
    assert not missing, f"primitives with a reverse rule but no case in rule_cases.TABLE: {missing}"


def test_every_reverse_rule_has_a_forward_rule():
    missing = sorted(r.name for r in _builtin_rules() if r.vjp and not r.jvp)
    assert not missing, f"primitives with a reverse rule but no forward rule: {missing}"


def test_rule_call_names_are_unique():
    """Generated code calls a rule by ``vjp_<name>``: one name must mean one function."""
    seen = {}
    for rule in DEFAULT._rules.values():
        for kind in ("vjp", "jvp"):
            t = getattr(rule, kind)
            if t is None:
                continue
            key = (kind, t.name)
            assert seen.setdefault(key, t.fn) is t.fn, f"two {kind} rules are named {t.name!r}"


# ------------------------------------------------------------------ second order


def _second_order_param(case):
    if primitive_name(case.prim) == "numpy.angle":
        return pytest.param(case, marks=pytest.mark.xfail(
            reason="compiler: second-order code accumulates a complex contribution into a "
                   "float gradient with +=", strict=False))
    return case


@pytest.mark.parametrize("case", [_second_order_param(c) for c in TABLE if not c.kink], ids=repr)
def test_second_order(case):
    """Every rule's generated code differentiated again, in both modes (reverse over reverse,
    forward over reverse), against finite differences of the (checked) first derivatives."""
    from srcdiff.api.check import check_grads

    values = recipe_args(case, _rng(case), split_complex=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_grads(case.fn, *values, modes=("rev", "fwd"), order=2, rtol=1e-4, atol=1e-5)
# Gradients of these functions call the scatter helpers (take_grad, sort_grad ...),
# which have rules of their own so that generated gradients can be differentiated again.


def so_sort(x):
    return np.sum(np.sort(x, axis=1) * np.arange(4.0) * x) + np.sum(np.partition(x, 1, 0) ** 3)


def so_take(x):
    return np.sum(np.take(x, [0, 2, 2], axis=1) ** 2) + np.sum(np.take(x, [5, 1]) ** 3)


def so_take_along_axis(x):
    return np.sum(np.take_along_axis(x, np.array([[0, 3], [1, 1], [2, 0]]), 1) ** 3)


def so_repeat(x):
    return np.sum(np.repeat(x, 2, axis=0) ** 3) + np.sum(np.repeat(x, [1, 0, 2, 1], axis=1) ** 2)


def so_pad(x):
    return np.sum(np.pad(x, 1, "edge") ** 3) + np.sum(np.pad(x, (1, 2)) ** 2)


def so_diagonal(x):
    return (np.sum(np.diagonal(x * x, 1) * np.diag(x[:, :3] ** 2)) + np.trace(x[:, :3] ** 3)
            + np.sum(np.linalg.diagonal(x) ** 3))


def so_einsum(x):
    return (np.sum(np.einsum("ij,jk->ik", x, x.T) ** 2) + np.einsum("ii", x[:, :3] ** 3)
            + np.sum(np.einsum("i...,i->...", x, x[:, 0]) ** 2))


@pytest.mark.parametrize("fn", [so_sort, so_take, so_take_along_axis, so_repeat, so_pad,
                                so_diagonal], ids=lambda f: f.__name__)
def test_second_order_through_scatter_helpers(fn):
    from srcdiff.api.check import check_grads

    x = np.random.default_rng(3).standard_normal((3, 4))
    check_grads(fn, x, modes=("rev", "fwd"), order=2)


def unpacked_eigh(a):
    w, v = np.linalg.eigh(a)
    return np.sum(w * w) + np.sum(v[0] ** 2)


def unpacked_svd(a):
    u, s, vh = np.linalg.svd(a, full_matrices=False)
    return np.sum(s) + np.sum(u[:, 0]) * np.sum(vh[0])


@pytest.mark.parametrize("fn", [unpacked_eigh, unpacked_svd])
def test_unpacked_tuple_outputs(fn):
    from fd import numeric_grad

    rng = np.random.default_rng(1)
    a = rng.standard_normal((4, 4))
    a = a + a.T + 8.0 * np.eye(4) if fn is unpacked_eigh else a
    np.testing.assert_allclose(sd.grad(fn)(a), numeric_grad(fn, (a,), 0), rtol=1e-5, atol=1e-6)


def test_second_order_through_einsum():
    from srcdiff.api.check import check_grads

    x = np.random.default_rng(3).standard_normal((3, 4))
    check_grads(so_einsum, x, modes=("rev", "fwd"), order=2)


def test_recipes_are_used():
    assert all(any(isinstance(a, Recipe) for a in list(c.args) + list(c.kwargs.values()))
               for c in TABLE)
