"""Every keyword a rule declares is differentiated with a non-default value.

A rule template ``rule(g, ans, a, axis=None, keepdims=False)`` *declares* the
keywords ``axis`` and ``keepdims``: the compiler accepts a call passing them
(ops.py ``_prim`` refuses the others). A declared keyword that the rule then
ignores, or handles wrongly, gives a silently wrong gradient. So, for every
rule of srcdiff's library tables (``sd.rules()``), every keyword its reverse or
forward template declares must be passed, with a value other than its default,
by at least one case of tests/support/rule_cases.py, where tests/rules/test_rules.py checks it
against finite differences (reverse through the compiler, the templates on
their own, forward and second order). A keyword that is accepted only for some
values is passed, with a value the rule refuses, by a case of
``rule_cases.REFUSED``, and this file checks that both modes refuse it loudly.

A template's ``**kwargs`` stands for keywords the primitive takes that the
rule reads from a dict: ``VAR_KEYWORDS`` names them per primitive (so a new
``**kwargs`` rule fails here until its keywords are listed), and each needs a
case like any other keyword. The few keywords that no case can or need
exercise are in ``EXEMPT``, each with its reason.
"""

import warnings

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from rule_cases import METHODS, REFUSED, TABLE, Recipe, recipe_args, wrappers
from srcdiff.errors import SrcdiffError
from srcdiff.rules import DEFAULT

wrappers(REFUSED)

# Keywords no case exercises, and why. "*" applies to every rule.
EXEMPT = {
    "*": {
        "out": "`out=` writes into an existing array: front/expressions.py stores the result "
               "into a variable passed for it (tests/front/test_out_argument.py) and refuses "
               "any other (rule_cases.REFUSED has one; tests/front/test_errors.py), so it "
               "never reaches a rule",
    },
    "sorted": {"key": "a function, which a case's generated call cannot spell as a literal: "
                      "tests/rules/test_curve_rules.py passes key=abs in both modes"},
    "max": {"key": "a function, which a case's generated call cannot spell as a literal: "
                   "tests/rules/test_math_rules.py passes key=abs in both modes and to "
                   "second order"},
    "min": {"key": "as max's: tests/rules/test_math_rules.py passes key=abs"},
    "numpy.full": {"order": "memory layout (C or Fortran) only: the values are the same"},
    "numpy.full_like": {
        "order": "memory layout only: the values are the same",
        "subok": "whether an ndarray subclass is kept: srcdiff differentiates plain ndarrays",
    },
    "numpy.array": {
        "order": "memory layout only: the values are the same",
        "subok": "whether an ndarray subclass is kept: srcdiff differentiates plain ndarrays",
        "like": "array-API dispatch to another array library: only NumPy arrays are "
                "differentiated",
    },
    "numpy.asarray": {
        "order": "memory layout only: the values are the same",
        "like": "array-API dispatch to another array library: only NumPy arrays are "
                "differentiated",
        "device": "NumPy accepts only device='cpu', which is the default",
    },
    "numpy.einsum": {
        "order": "memory layout of the output only: the values are the same",
        "casting": "only which casts are allowed: the value is the same or the call raises",
    },
    "numpy.gradient": {
        "spacing": "the spacings are a *args of options, passed by position (the cases pass "
                   "scalars and coordinate arrays; REFUSED has a spacing that depends on the "
                   "differentiated inputs)",
    },
    "numpy.sort": {"order": "field order of structured arrays: a float array has no fields "
                            "(NumPy raises)"},
    "numpy.partition": {
        "kind": "'introselect' is the only kind NumPy has, and the default",
        "order": "field order of structured arrays: a float array has no fields (NumPy raises)",
    },
}

# The keywords a template's ``**kwargs`` receives, per primitive (from NumPy's documentation).
VAR_KEYWORDS = {
    "numpy.pad": {"constant_values", "end_values", "reflect_type", "stat_length"},
    "numpy.einsum": {"optimize", "dtype", "order", "casting"},
    "numpy.array": {"copy", "order", "subok", "ndmin", "like"},
    "numpy.asarray": {"order", "device", "copy", "like"},
}


def library_rules():
    """Rules of srcdiff's library tables, by name (not users' rules, not the runtime helpers'
    rules, which only generated gradients call, with the arguments the reverse rules pass)."""
    return {r.name: r for r in DEFAULT._rules.values()
            if (r.vjp or r.jvp) and (r.vjp or r.jvp).fn.__module__.startswith("srcdiff.rules.")
            and not r.name.startswith("srcdiff.")}


def _keyword_params(template):
    return [p for p in list(template.signature.parameters.values())[2:]
            if p.default is not p.empty or p.kind == p.VAR_KEYWORD]


def declared_keywords(rule):
    """``{keyword: default}`` for every keyword the rule's templates declare; a ``**kwargs``
    of the template the compiler binds calls with stands for ``VAR_KEYWORDS[rule.name]``
    (default: absent). The other template's ``**kwargs`` only receives those keywords."""
    binding = rule.vjp or rule.jvp
    out = {}
    for template in (rule.vjp, rule.jvp):
        if template is None:
            continue
        for p in _keyword_params(template):
            if p.kind != p.VAR_KEYWORD:
                out[p.name] = p.default
            elif template is binding:
                for name in VAR_KEYWORDS.get(rule.name, ("**" + p.name,)):
                    out.setdefault(name, _ABSENT)
    return out


class _Absent:
    def __repr__(self):
        return "<absent>"


_ABSENT = _Absent()


def _call_arguments(case):
    """``(args, kwargs)`` of the case as the compiler binds them (a method's receiver first;
    ``x.reshape(3, 2)`` and ``x.transpose(2, 0, 1)`` take their sizes as one tuple)."""
    args = list(case.args)
    if getattr(case, "method", None) in ("reshape", "transpose") and len(args) > 2:
        args = [args[0], tuple(args[1:])]
    return args, dict(case.kwargs)


def passed_keywords(case, template):
    """``{keyword: value}`` the case passes (by position or by name) to ``template``."""
    sig = template.signature
    dummy = sig.replace(parameters=list(sig.parameters.values())[2:])
    args, kwargs = _call_arguments(case)
    try:  # (partially: a wrt parameter shows no default, and np.clip(x, max=v) omits it)
        bound = dummy.bind_partial(*args, **kwargs)
    except TypeError:
        return {}
    out = {}
    for name, value in bound.arguments.items():
        p = dummy.parameters[name]
        if p.kind == p.VAR_KEYWORD:
            out.update(value)
        elif p.default is not p.empty:
            out[name] = value
    return out


def _differs(value, default):
    if default is _ABSENT or isinstance(value, Recipe):
        return True
    if isinstance(value, np.ndarray) or isinstance(default, np.ndarray):
        return True
    try:
        return bool(type(value) is not type(default) or value != default)
    except Exception:
        return True


def exercised(rule, cases):
    """The rule's keywords that some case passes with a non-default value."""
    declared = declared_keywords(rule)
    binding = rule.vjp or rule.jvp
    seen = set()
    for case in cases:
        if DEFAULT.lookup(case.prim) is not rule:
            continue
        for name, value in passed_keywords(case, binding).items():
            if name in declared and _differs(value, declared[name]):
                seen.add(name)
    return seen


def _exempt(rule_name, keyword):
    return keyword in EXEMPT["*"] or keyword in EXEMPT.get(rule_name, {})


def test_every_declared_keyword_has_a_case():
    cases = TABLE + METHODS + REFUSED
    missing = {}
    for name, rule in sorted(library_rules().items()):
        declared = declared_keywords(rule)
        have = exercised(rule, cases)
        lacking = sorted(k for k in declared if k not in have and not _exempt(name, k))
        if lacking:
            missing[name] = lacking
    assert not missing, (
        "keywords that rules declare but no case of tests/support/rule_cases.py passes with a "
        f"non-default value (add a case, or an exemption with its reason): {missing}")


def test_var_keywords_are_listed():
    """A binding template with ``**kwargs`` accepts keywords no signature shows: list them."""
    unlisted = sorted(name for name, rule in library_rules().items()
                      if any(p.kind == p.VAR_KEYWORD for p in _keyword_params(rule.vjp or rule.jvp))
                      and name not in VAR_KEYWORDS)
    assert not unlisted, f"rules whose template takes **kwargs with no VAR_KEYWORDS entry: " \
                         f"{unlisted}"


def test_exemptions_are_declared_keywords():
    """An exemption for a keyword a rule no longer declares is stale: remove it."""
    rules = library_rules()
    stale = [(r, k) for r, keys in EXEMPT.items() if r != "*" and r in rules
             for k in keys if k not in declared_keywords(rules[r])]
    assert not stale, f"stale exemptions: {stale}"


def test_keyword_table_is_sound():
    """The introspection itself: sum declares axis, dtype, out, keepdims, initial, where."""
    rule = DEFAULT.lookup(np.sum)
    assert set(declared_keywords(rule)) == {"axis", "dtype", "out", "keepdims", "initial",
                                            "where"}
    assert "keepdims" in exercised(rule, TABLE)


# ------------------------------------------------------------------ refused values


def _refusal_values(case):
    rng = np.random.default_rng(7)
    return recipe_args(case, rng, split_complex=True)


@pytest.mark.parametrize("mode", ["rev", "fwd"])
@pytest.mark.parametrize("case", REFUSED, ids=repr)
def test_refused_keyword_values(case, mode):
    """A keyword value a rule cannot differentiate is refused loudly, in both modes: at compile
    time (the template does not declare the keyword) or when the rule runs."""
    values = _refusal_values(case)
    wrt = tuple(i for i, v in enumerate(values) if isinstance(v, (float, np.ndarray)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with pytest.raises((SrcdiffError, NotImplementedError)) as info:
            if mode == "rev":
                out = case.fn(*values)
                cot = _ones_like(out)
                sd.grad(case.fn, wrt=wrt)(*values, grad_ys=cot)
            else:
                tangents = tuple(np.ones_like(values[i]) for i in wrt)
                sd.jvp(case.fn, wrt=wrt)(*values, tangents=tangents)
    keyword = case.refused
    assert keyword in str(info.value), f"{case!r}: the refusal does not name {keyword}=: " \
                                       f"{info.value}"


def _ones_like(out):
    if isinstance(out, (tuple, list)):
        return [_ones_like(o) for o in out]
    return np.ones_like(out) if np.ndim(out) else 1.0


# ------------------------------------------------------------------ memory-layout orders
# order="A"/"K" of np.ravel and np.reshape read the input in its memory order: finite
# differences of the generated cases move C-ordered copies, so these check the layout by hand.


def ravel_a(x, w):
    return np.sum(np.ravel(x, order="A") * w)


def ravel_k(x, w):
    return np.sum(np.ravel(x, order="K") * w)


def reshape_a(x, w):
    return np.sum(np.reshape(x, (6,), order="A") * w)


def flatten_f(x, w):
    return np.sum(x.flatten("F") * w)


@pytest.mark.parametrize("layout", ["C", "F"])
@pytest.mark.parametrize("fn", [ravel_a, ravel_k, reshape_a, flatten_f], ids=lambda f: f.__name__)
def test_layout_orders(fn, layout):
    rng = np.random.default_rng(5)
    x = rng.standard_normal((2, 3))
    x = np.asfortranarray(x) if layout == "F" else np.ascontiguousarray(x)
    w, t = rng.standard_normal(6), rng.standard_normal((2, 3))
    order = "F" if fn is flatten_f else layout  # the index order NumPy reads x in
    assert np.array_equal(fn(x, w), np.sum(np.ravel(x, order=order) * w))
    np.testing.assert_allclose(sd.grad(fn)(x, w), np.reshape(w, (2, 3), order=order))
    _, tangent = sd.jvp(fn)(x, w, tangents=t)
    np.testing.assert_allclose(tangent, np.sum(np.ravel(t, order=order) * w))


def test_layout_order_of_a_strided_view_is_refused():
    x = np.random.default_rng(5).standard_normal((4, 6))[::2, ::2]  # neither C nor F
    w = np.ones(x.size)
    # a SrcdiffError at the user's line (before session 32 a NotImplementedError from the
    # rule's helper, inside the generated code, without the line)
    for call in (lambda: sd.grad(ravel_k)(x, w),
                 lambda: sd.jvp(ravel_k)(x, w, tangents=np.ones(x.shape))):
        with pytest.raises(SrcdiffError, match="order='K'") as info:
            call()
        assert info.value.filename.endswith("test_rule_keywords.py")
        assert "ravel" in info.value.line


# ------------------------------------------------------------------ options given varied values


def clip_at(x, lo):
    return np.sum(np.clip(x, lo, 0.5))


def diff_prepend(x):
    return np.sum(np.diff(x, prepend=2.0 * x[0]) ** 2)


def nan_replacement(x, c):  # (initial= of np.max and constant_values= of np.pad, the cases
    # here before session 31, are differentiated through definitions: rules/composites.py)
    return np.sum(np.nan_to_num(x, nan=c) ** 2)


def average_weights(x, w):
    return np.sum(np.average(x, axis=1, weights=w))




def diff_prepend_constant(x):
    return np.sum(np.diff(x, prepend=sd.stop_gradient(2.0 * x[0])) ** 2)


@pytest.mark.parametrize("fn, args, keyword", [
    (nan_replacement, (np.ones(3), 0.5), "nan"),
], ids=lambda v: getattr(v, "__name__", None))
@pytest.mark.parametrize("mode", ["rev", "fwd"])
def test_option_depending_on_wrt_is_refused(fn, args, keyword, mode):
    """An option (a parameter the rule gives no gradient) passed a value that depends on the
    differentiated inputs: its contribution would be lost, so the compiler refuses the call."""
    wrt = tuple(range(len(args)))
    with pytest.raises(SrcdiffError, match=f"`{keyword}` as a constant"):
        if mode == "rev":
            sd.grad(fn, wrt=wrt)(*args)
        else:
            sd.jvp(fn, wrt=wrt)(*args, tangents=tuple(np.ones_like(a) for a in args))


def test_prepend_of_diff_is_differentiated():
    """np.diff's prepend was an option (refused when it depends on the differentiated
    inputs); since session 29 such a call is compiled from the difference of the
    concatenation (composites.py OPTION_COMPOSITES)."""
    x = np.array([1.0, 3.0, 2.0])
    for mode in ("rev", "fwd"):
        g = sd.grad(diff_prepend)(x) if mode == "rev" else np.array(
            [sd.jvp(diff_prepend)(x, tangents=e)[1] for e in np.eye(3)])
        np.testing.assert_allclose(g, numeric_grad(diff_prepend, (x,), 0), rtol=1e-6)


def test_weights_of_average_are_differentiated():
    """np.average's weights were an option (refused when they depend on the differentiated
    inputs); since session 27 it is compiled from ``sum(a * w) / sum(w)`` (composites.py)."""
    args = (np.array([[1.0, 2.0, 0.5], [0.3, -1.0, 2.0]]), np.array([1.0, 2.0, 3.0]))
    for k in (0, 1):
        np.testing.assert_allclose(sd.grad(average_weights, wrt=k)(*args),
                                   numeric_grad(average_weights, args, k), rtol=1e-6)


def test_option_that_is_a_constant_is_differentiated():
    """The same options with constants (or values cut with sd.stop_gradient) are fine."""
    x = np.array([1.0, 3.0, 2.0])
    g = sd.grad(diff_prepend_constant)(x)
    np.testing.assert_allclose(g, [-2.0 * (x[1] - x[0]) + 2.0 * (x[0] - 2.0 * x[0]),
                                   2.0 * (x[1] - x[0]) - 2.0 * (x[2] - x[1]),
                                   2.0 * (x[2] - x[1])])
    np.testing.assert_allclose(sd.grad(clip_at)(x - 2.0, -0.3), [0.0, 0.0, 1.0])
    np.testing.assert_allclose(sd.grad(average_weights)(np.ones((2, 3)), np.array([1.0, 2, 3])),
                               np.tile([1 / 6, 2 / 6, 3 / 6], (2, 1)))


# ------------------------------------------------------------------ refused when compiled
# A mode np.pad's rules do not model, written in the call, is refused when the gradient is
# made (with the line), not with a NotImplementedError when it runs.

def _pad_maximum(x):
    return np.sum(np.pad(x, 2, mode="maximum") * np.arange(7.0))


def _pad_ramp(x):
    return np.sum(np.pad(x, (1, 2), "linear_ramp", end_values=0.5) ** 2)


def _pad_odd(x):
    return np.sum(np.pad(x, 1, mode="reflect", reflect_type="odd") ** 2)


PAD_MODE = "reflect"


def _pad_mode_at_run_time(x):
    return np.sum(np.pad(x, 1, mode=PAD_MODE) ** 2)


@pytest.mark.parametrize("fn, named", [(_pad_maximum, "mode='maximum'"),
                                       (_pad_ramp, "end_values=0.5"),
                                       (_pad_odd, "reflect_type='odd'")])
@pytest.mark.parametrize("mode", ["rev", "fwd"])
def test_pad_modes_refused_when_compiled(fn, named, mode):
    x = np.array([0.1, 0.5, 0.3])
    compile_only = (lambda: sd.source(fn, args=(x,))) if mode == "rev" else \
        (lambda: sd.source(fn, mode="forward", args=(x,)))
    with pytest.raises(SrcdiffError) as info:
        compile_only()
    text = str(info.value)
    assert named in text and "np.pad(" in text and "is not modelled" in text


def test_pad_mode_read_at_run_time_is_checked_by_the_rule(monkeypatch):
    x = np.array([0.1, 0.5, 0.3])
    g = sd.grad(_pad_mode_at_run_time)
    assert np.allclose(g(x), numeric_grad(_pad_mode_at_run_time, (x,), 0))
    monkeypatch.setitem(globals(), "PAD_MODE", "maximum")
    with pytest.raises((NotImplementedError, SrcdiffError), match="mode='maximum'"):
        g(x)
