"""Functions whose generated source is kept under tests/golden/ (reviewed as diffs)."""

import collections
import os
import sys
import typing

import corpus
import paths
import srcdiff as sd
from srcdiff.api import higher

sys.path.insert(0, paths.SAMPLES)
import mlp  # noqa: E402

_x, _y = mlp.two_spirals(n=4)
GOLDEN = {
    # name: (function, wrt, example arguments or None for the generic output)
    "samples_mlp_loss": (mlp.loss, 0, (mlp.init_params(), _x, _y)),
    "samples_mlp_loss_generic": (mlp.loss, 0, None),
}
_PICK = ["tanh_layer", "broadcast_bias", "reductions_axis", "indexing", "tuple_output",
         "reassigned", "loop_index_sum", "scalar_recurrence", "rnn", "early_return_in_loop",
         "branch", "max_min", "methods", "kalman_nll", "gaussian_log_density",
         "lambda_expression", "call_in_loop", "recursive_power"]
for _case in corpus.CASES:
    if _case.name in _PICK:
        GOLDEN["corpus_" + _case.name] = (_case.fn, _case.wrt, _case.args)


# Forward mode and second order: name -> a function returning the generated source.
_CASES = {c.name: c for c in corpus.CASES}


def _forward(name):
    c = _CASES[name]
    return lambda: sd.source(c.fn, wrt=c.wrt, mode="forward", args=c.args)


def _hvp(name):
    """The JVP of the generated gradient: forward over reverse."""
    c = _CASES[name]
    return lambda: sd.hvp(c.fn, wrt=c.wrt).jvp.compiled(list(c.args)).source


def _grad_of_grad(name):
    """Reverse over reverse of a scalar function."""
    c = _CASES[name]
    return lambda: higher.grad(sd.grad(c.fn)).compiled(list(c.args)).source


GOLDEN_FORWARD = {  # tests/emit/test_golden_forward.py
    "forward_tanh_layer": _forward("tanh_layer"),
    "forward_rnn": _forward("rnn"),
    "forward_append_in_loop": _forward("append_in_loop"),
    "forward_call_in_loop": _forward("call_in_loop"),
    "forward_early_return_in_loop": _forward("early_return_in_loop"),
    "forward_rk4_pendulum": _forward("rk4_pendulum"),
    "second_order_hvp_tanh_layer": _hvp("tanh_layer"),
    "second_order_hvp_scalar_recurrence": _hvp("scalar_recurrence"),
    "second_order_grad_grad_unary_chain": _grad_of_grad("unary_chain"),
}
for _name in ["dict_comprehension_items", "fstring_off_the_gradient_path"]:  # (kept last)
    GOLDEN["corpus_" + _name] = (_CASES[_name].fn, _CASES[_name].wrt, _CASES[_name].args)
    GOLDEN_FORWARD["forward_" + _name] = _forward(_name)


HERE = paths.GOLDEN
REGENERATE_ENV = "SRCDIFF_REGENERATE_GOLDEN"


def _in_ci():
    return any(os.environ.get(k, "").strip().lower() not in ("", "0", "false", "no")
               for k in ("CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "CIRCLECI", "TF_BUILD"))


def regenerate():
    """Whether to rewrite golden files: only under ``make golden``, which sets
    SRCDIFF_REGENERATE_GOLDEN=make; never in CI. Any other value is an error, so a
    stray environment variable cannot silently rewrite (or skip comparing) the files."""
    value = os.environ.get(REGENERATE_ENV, "")
    if not value:
        return False
    if value != "make":
        raise AssertionError(f"{REGENERATE_ENV}={value!r}: golden files are regenerated only "
                             "by `make golden`; unset the variable to compare with them")
    if _in_ci():
        raise AssertionError(f"{REGENERATE_ENV} is set in CI: golden files are never "
                             "regenerated in CI; run `make golden` locally and review the diff")
    return True


def check_golden(name, text):
    """``text`` equals tests/golden/NAME.py (rewritten first under ``make golden``)."""
    path = os.path.join(HERE, name + ".py")
    if regenerate():
        os.makedirs(HERE, exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    assert os.path.exists(path), f"missing golden file {path}: run `make golden`"
    with open(path) as f:
        expected = f.read()
    assert text == expected, f"generated source for {name} changed; run `make golden` and review"



# Nested derivatives (api/nested.py): a call of sd.grad(g) inside the differentiated
# function is differentiated through g's generated gradient (a helper of the outer one).
import numpy as np  # noqa: E402


def _nested_inner(x):
    return np.sin(x) * x


_nested_dg = sd.grad(_nested_inner)


def nested_grad_call(x):
    return _nested_dg(x) * x + _nested_dg(2.0 * x)


GOLDEN["nested_grad_call"] = (nested_grad_call, 0, (0.7,))
GOLDEN_FORWARD["forward_nested_grad_call"] = lambda: sd.source(
    nested_grad_call, wrt=0, mode="forward", args=(0.7,))
EXTRA_CASES = {"nested_grad_call": corpus.Case(nested_grad_call, 0.7)}  # (golden_numeric)


# Checkpointed loops (issue 16). The schedule is given by the `# srcdiff: checkpoint`
# marker on each function's loop, so these cases pass no option of their own.

import checkpoint_cases  # noqa: E402

_ck = np.random.default_rng(16)
_ck_args = (_ck.normal(size=3), _ck.normal(size=(3, 3)) * 0.5, _ck.normal(size=(5, 3)))
GOLDEN["checkpoint_rnn_binomial"] = (checkpoint_cases.rnn_binomial, (0, 1), _ck_args)
GOLDEN["checkpoint_stores_in_place"] = (checkpoint_cases.stores_in_place, 0,
                                        (np.array([0.5, -0.3, 0.8]), 4))

# issue 15: a bound method (self's attributes are constants), and a helper's *args lowered
import method_cases  # noqa: E402

GOLDEN["method_regression_loss"] = (method_cases.REGRESSION.loss, 0, (method_cases.W0,))
_varargs = _CASES["varargs_helper"]
GOLDEN["corpus_varargs_helper"] = (_varargs.fn, _varargs.wrt, _varargs.args)

# A dict filled key by key: the backward sweep removes each key its store added
# (runtime.item_saved / item_restore). First order only (tests/front/test_containers.py).
def dict_built_by_stores(x):
    feats = {}
    feats["lin"] = x * 2.0
    for i in range(len(x)):
        feats[i] = np.tanh(x[i]) * feats["lin"][i]
    total = 0.0
    for k in feats:
        total = total + np.sum(feats[k] ** 2)
    return total


GOLDEN["dict_built_by_stores"] = (dict_built_by_stores, 0, (np.array([0.3, -0.8, 1.1]),))
EXTRA_CASES["dict_built_by_stores"] = corpus.Case(dict_built_by_stores,
                                                  np.array([0.3, -0.8, 1.1]))
_enum = _CASES["enumerate_zip_with_start"]
GOLDEN["corpus_enumerate_zip_with_start"] = (_enum.fn, _enum.wrt, _enum.args)
_rep = _CASES["store_through_repeated_indices"]
GOLDEN["corpus_store_through_repeated_indices"] = (_rep.fn, _rep.wrt, _rep.args)
_zero_trip = _CASES["store_loop_that_may_not_run"]
GOLDEN["corpus_store_loop_that_may_not_run"] = (_zero_trip.fn, _zero_trip.wrt, _zero_trip.args)


# An integer conversion is a constant (derivative 0); a float buffer filled by stores
# (analysis/dtypes.py proves it holds floats: np.zeros without dtype)
def binned_weights(x):
    bins = (x * 4.0).astype(int)
    w = np.zeros(len(x))
    for i in range(len(x)):
        w[i] = x[i] * (bins[i] + 1.0)
    return np.sum(w ** 2)


GOLDEN["binned_weights"] = (binned_weights, 0, (np.array([0.31, -0.77, 1.13]),))
EXTRA_CASES["binned_weights"] = corpus.Case(binned_weights, np.array([0.31, -0.77, 1.13]))


# issue 21 (GradBench ode, det): a join of a tuple display gives its pieces straight to the
# entries, concatenate's last piece the rest of the gradient (reverse/contributions.py
# join_adjoint); a called function's single output is seeded with the caller's gradient
def _shifted_product(x, y):
    return np.concatenate((x[:1], x[1:] * y[:-1]))


def rk_steps_of_joins(x, y):
    for _ in range(2):
        k1 = _shifted_product(x, y)
        k2 = _shifted_product(x, y + 0.5 * k1)
        y = y + np.stack((k1, k2))[1] * 0.25
    return np.sum(np.sin(y))


_rk_args = (np.array([0.4, -0.7, 1.2, 0.3]), np.array([0.1, 0.5, -0.2, 0.8]))
GOLDEN["rk_steps_of_joins"] = (rk_steps_of_joins, (0, 1), _rk_args)
EXTRA_CASES["rk_steps_of_joins"] = corpus.Case(rk_steps_of_joins, *_rk_args, wrt=(0, 1))


# Forward mode, indexing a value whose rank is unknown when compiled (np.clip of a float
# may be a float or a 0-d array): its tangent goes through `indexable`, which makes a
# Python number a 0-d array (a Python float has no indexing)
def clip_then_new_axis(x, s):
    inside = np.clip(s * x[1], -0.4, 0.9)
    return np.sum(inside[None] * x[:1]) + inside[...] * x[2]


_clip_args = (np.array([0.3, -0.2, 0.6]), 0.7)
EXTRA_CASES["clip_then_new_axis"] = corpus.Case(clip_then_new_axis, *_clip_args, wrt=(0, 1))
GOLDEN_FORWARD["forward_clip_then_new_axis"] = lambda: sd.source(
    clip_then_new_axis, wrt=(0, 1), mode="forward", args=_clip_args)


# A new list each trip, changed before it is put into another (analysis/sharing.py,
# _puts_of_older_objects): the rows of a nested comprehension
def grid_of_products(x):
    grid = [[x[i] * np.sin(x[j]) for j in range(2)] for i in range(2)]
    return sum(sum(v * v for v in row) for row in grid)


_grid_args = (np.array([0.4, -0.7]),)
GOLDEN["grid_of_products"] = (grid_of_products, 0, _grid_args)
EXTRA_CASES["grid_of_products"] = corpus.Case(grid_of_products, *_grid_args)


# issue 17 (realistic burgers): a copy's gradient handed to its source before the adjoints
# of the reads between them, and the output gradient's buffer passed on by ``u = un`` and
# ``d = u - target`` (reverse/handover.py): one buffer per step, no zeros, no copy, no add
def copy_stepper(u, nu, target):
    for _ in range(3):
        un = u.copy()
        a = np.sin(u[1:-1]) * nu
        un[1:-1] = a + u[2:] * u[:-2]
        u = un
    return np.sum((u - target) ** 2)


_stepper_args = (np.array([0.4, -0.7, 1.2, 0.3, 0.9]), 0.3, np.array([0.1, 0.5, -0.2, 0.8, 0.0]))
GOLDEN["copy_stepper"] = (copy_stepper, (0, 1), _stepper_args)
EXTRA_CASES["copy_stepper"] = corpus.Case(copy_stepper, *_stepper_args, wrt=(0, 1))


# Curve tools and order statistics (rules/curve_rules.py): a robust, interpolated loss
_KNOTS = np.array([-2.0, -0.5, 0.3, 1.0, 2.5])


def interpolated_median_loss(x, fp):
    smooth = np.convolve(x, np.array([0.25, 0.5, 0.25]), mode="same")
    curve = np.interp(smooth, _KNOTS, fp)
    return np.median(curve ** 2) + np.polyval(fp[:3], np.mean(x))


_curve_args = (np.array([0.31, -0.77, 1.13, 0.2, -1.4]), np.array([0.5, -1.0, 0.3, 1.2, 0.8]))
GOLDEN["interpolated_median_loss"] = (interpolated_median_loss, (0, 1), _curve_args)
EXTRA_CASES["interpolated_median_loss"] = corpus.Case(interpolated_median_loss, *_curve_args,
                                                      wrt=(0, 1))


# Starred assignment targets (front/normalize.py assign_starred): indexing and a list of the
# middle slice
def starred_targets(v):
    first, *rest = v
    a, *mid, z = [v[0], v[1] * 2.0, v[2] ** 2, v[3]]
    return first * np.sum(np.array(rest) ** 2) + a * z + sum(mid) * mid[0]


_starred_args = (np.array([0.4, -1.2, 0.9, 1.7]),)
GOLDEN["starred_targets"] = (starred_targets, 0, _starred_args)
EXTRA_CASES["starred_targets"] = corpus.Case(starred_targets, *_starred_args)


# A list display given to a NumPy function that reads it as one array is read as
# np.asarray(display) (compiler/analysis/list_arguments.py)
def dot_of_displays(x):
    return np.dot([x[0], 2.0], [1.0, x[1]]) + np.sum(np.clip((x[2], 2.0), 0.0, 1.5))


_displays_args = (np.array([0.4, -1.2, 0.9]),)
GOLDEN["dot_of_displays"] = (dot_of_displays, 0, _displays_args)
EXTRA_CASES["dot_of_displays"] = corpus.Case(dot_of_displays, *_displays_args)


# A loop's else block runs when the loop ends without break (front/jumps.py); an
# assignment expression in a while loop's test (front/expressions.py named_expr)
def loop_else_and_walrus(x):
    s = 0.0
    for i in range(3):
        if x[i] > 0.5:
            s = s + x[i]
            break
        s = s + np.sin(x[i])
    else:
        s = s * 10.0
    k = 0
    while (d := s * 0.5) > 0.04 and k < 4:
        s = d + x[3] * 0.01
        k += 1
    return s


_else_args = (np.array([0.3, 0.2, 0.4, 0.9]),)
GOLDEN["loop_else_and_walrus"] = (loop_else_and_walrus, 0, _else_args)
EXTRA_CASES["loop_else_and_walrus"] = corpus.Case(loop_else_and_walrus, *_else_args)


# A lambda bound to a name inside the function is a nested def; a default is held from
# where the function is defined (front/normalize.py stmt_FunctionDef)
def assigned_lambda(x):
    a = x[0] * 2.0
    f = lambda v, s=a: np.tanh(v) * s  # noqa: E731
    a = x[1]
    return f(x[1]) + a


_lambda_args = (np.array([0.5, 0.7]),)
GOLDEN["assigned_lambda"] = (assigned_lambda, 0, _lambda_args)
EXTRA_CASES["assigned_lambda"] = corpus.Case(assigned_lambda, *_lambda_args)


# A comprehension's variable is its own: renamed where the function uses the name
# elsewhere (front/expressions.py comprehension_loop)
def comprehension_scope(x):
    v = x[0]
    ys = [v * 2.0 for v in x]
    return v * 10.0 + sum(ys)


_scope_args = (np.array([0.5, 0.7, 0.2]),)
GOLDEN["comprehension_scope"] = (comprehension_scope, 0, _scope_args)
EXTRA_CASES["comprehension_scope"] = corpus.Case(comprehension_scope, *_scope_args)


# A NumPy function srcdiff differentiates from its own Python definition
# (rules/composites.py): a call of the definition, compiled like a user's function
def covariance_of_rows(m):
    return np.sum(np.cov(m) * np.array([[1.0, 0.5], [0.5, 2.0]]))


_covariance_args = (np.array([[0.1, 0.4, 0.5, 0.9], [0.3, -0.2, 0.8, 0.1]]),)
GOLDEN["covariance_of_rows"] = (covariance_of_rows, 0, _covariance_args)
EXTRA_CASES["covariance_of_rows"] = corpus.Case(covariance_of_rows, *_covariance_args)


# np.linalg.qr (tuple output), masked and bounded reductions (sum's where=, max's
# initial=/where=) and math.fmod (rules/linalg_rules.py, reduction_rules.py, math_rules.py)
import math  # noqa: E402


def qr_masked_reductions(a, s):
    q, r = np.linalg.qr(a)
    top = np.max(a * s, axis=0, initial=0.2, where=a > -1.0)
    return (np.sum(q * r[0], where=a < 1.5) + np.sum(top ** 2) + np.sum(np.diagonal(r))
            + math.fmod(s * 3.0, 0.7))


_qr_args = (np.array([[1.2, 0.3], [-0.4, 0.9], [0.5, -1.1]]), 0.8)
GOLDEN["qr_masked_reductions"] = (qr_masked_reductions, (0, 1), _qr_args)
EXTRA_CASES["qr_masked_reductions"] = corpus.Case(qr_masked_reductions, *_qr_args, wrt=(0, 1))
GOLDEN_FORWARD["forward_qr_masked_reductions"] = lambda: sd.source(
    qr_masked_reductions, wrt=(0, 1), mode="forward", args=_qr_args)


# Methods called for their effect, lowered to subscript stores (front/containers.py
# method_statement): `a.fill(v)` is `a[...] = v`, `d.update(...)` one store per entry
def fill_and_update(x):
    y = np.empty(3)
    y.fill(x[0] * x[1])
    d = {"a": x[1], "b": 1.0}
    d.update({"a": d["b"] * x[2], "b": d["a"] ** 2}, c=x[0])
    return np.sum(y * x) + d["a"] * d["b"] + d["c"]


_fill_args = (np.array([0.5, -1.2, 0.8]),)
GOLDEN["fill_and_update"] = (fill_and_update, 0, _fill_args)
EXTRA_CASES["fill_and_update"] = corpus.Case(fill_and_update, *_fill_args)


# np.add.at (a scatter-add: a repeated position adds once per repeat) as a statement,
# lowered to `a[...] = add_at(a, index, v)` (front/containers.py add_at_statement)
def scatter_add_at(x):
    m = np.zeros((3, 3))
    rows, cols = [0, 2, 0], [1, 1, 1]
    for k in range(2):
        np.add.at(m, (rows, cols), x * (k + 1.0))
    np.add.at(m, 2, x[0] ** 2)
    return np.sum(m * np.outer(x, x))


_add_at_args = (np.array([0.5, -1.2, 0.8]),)
GOLDEN["scatter_add_at"] = (scatter_add_at, 0, _add_at_args)
EXTRA_CASES["scatter_add_at"] = corpus.Case(scatter_add_at, *_add_at_args)
GOLDEN_FORWARD["forward_scatter_add_at"] = lambda: sd.source(
    scatter_add_at, mode="forward", args=_add_at_args)


# Chained stores `a[i][j] = v` (integer outer indexes into an array): stored as
# `a[i, j] = v` (front/chains.py subscript_target, checked by analysis/dtypes.py)
def chained_stores(x):
    a = np.zeros((2, 3))
    for i in range(2):
        for j in range(3):
            a[i][j] = x[j] * (i + 1.0)
    a[1][1:] += x[1:] ** 2
    return np.sum(a * a)


_chained_args = (np.array([0.5, -1.2, 0.8]),)
GOLDEN["chained_stores"] = (chained_stores, 0, _chained_args)
EXTRA_CASES["chained_stores"] = corpus.Case(chained_stores, *_chained_args)


# `out=y` of a NumPy function or array method: the result stored into y, `y[...] = result`
# (front/expressions.py call), the call's value y itself
def out_arguments(x):
    acc = np.zeros(3)
    for k in range(2):
        np.add(acc, x * (k + 1.0), out=acc)
    m = np.outer(x, acc)
    m.clip(-0.5, 0.5, out=m)
    return np.sum(m)


_out_args = (np.array([0.5, -1.2, 0.8]),)
GOLDEN["out_arguments"] = (out_arguments, 0, _out_args)
EXTRA_CASES["out_arguments"] = corpus.Case(out_arguments, *_out_args)


# np.meshgrid and the running maximum/minimum (ufunc accumulate), differentiated from
# srcdiff's own definitions (rules/composites.py)
def grid_and_running_max(x):
    a, b = np.meshgrid(x[:2], x ** 2)
    return np.sum(np.sin(a) * b) + np.sum(np.maximum.accumulate(x) * np.arange(3.0))


_grid_max_args = (np.array([0.3, -0.9, 0.5]),)
GOLDEN["grid_and_running_max"] = (grid_and_running_max, 0, _grid_max_args)
EXTRA_CASES["grid_and_running_max"] = corpus.Case(grid_and_running_max, *_grid_max_args)


# A quotient's two gradients share their division (rules: divide's ``g / y, -(g / y * ans)``;
# optimize/parts.py): ``b_sub = b_z / s`` then ``-unbroadcast(b_sub * z, s)``,
# one pass over the (n, k, d) arrays fewer, as in a Gaussian mixture's standardization
def standardized_squares(x, mu, s):
    z = (x[:, None, :] - mu[None, :, :]) / s[None, :, :]
    return np.sum(np.tanh(z) ** 2)


_std_args = (np.array([[0.3, -0.5], [1.1, 0.2], [-0.7, 0.9]]),
             np.array([[0.1, -0.2], [0.4, 0.3]]), np.array([[0.8, 1.3], [1.1, 0.6]]))
GOLDEN["standardized_squares"] = (standardized_squares, (0, 1, 2), _std_args)
EXTRA_CASES["standardized_squares"] = corpus.Case(standardized_squares, *_std_args,
                                                  wrt=(0, 1, 2))


# A list of constants repeated, `[0.0] * n`, then filled by item stores (analysis/sequences.py
# check_sequence_arithmetic: its entries are constants, no gradient flows through `*`)
def list_of_zeros_filled(x):
    out = [0.0] * len(x)
    for i in range(len(x)):
        out[i] = x[i] * (i + 1.0)
    return sum(v * v for v in out)


_zeros_list_args = (np.array([0.5, -1.2, 0.8]),)
GOLDEN["list_of_zeros_filled"] = (list_of_zeros_filled, 0, _zeros_list_args)
EXTRA_CASES["list_of_zeros_filled"] = corpus.Case(list_of_zeros_filled, *_zeros_list_args)


# Fields of a named-tuple argument read as its entries (front/records.py): ``p.w`` is
# ``p[0]``, also in a helper called with it and in a named tuple inside it
Layer = collections.namedtuple("Layer", "w b")


class TwoLayers(typing.NamedTuple):
    enc: Layer
    dec: Layer
    scale: float


def _layer(q, h):
    return np.tanh(q.w * h + q.b)


def named_tuple_fields(p, x):
    y = p.dec.w * _layer(p.enc, x) + p[1].b
    return p.scale * np.sum(y ** 2)


_fields_args = (TwoLayers(Layer(np.array([0.1, 0.2, 0.3]), 0.5),
                          Layer(np.array([0.4, -0.2, 0.3]), -0.5), 1.5),
                np.array([0.3, 0.5, 0.7]))
GOLDEN["named_tuple_fields"] = (named_tuple_fields, 0, _fields_args)
EXTRA_CASES["named_tuple_fields"] = corpus.Case(named_tuple_fields, *_fields_args)


# A nested function assigning the enclosing function's variables (``nonlocal``):
# inlined where called, those names left as they are (front/closures.py)
def nonlocal_moments(x):
    m, s = x[0], 0.0

    def update(v):
        nonlocal m, s
        d = v - m
        m = m + 0.5 * d
        s = s + d * (v - m)
    for v in x[1:]:
        update(v)
    return m + s


_moments_args = (np.array([0.3, 0.5, 0.7]),)
GOLDEN["nonlocal_moments"] = (nonlocal_moments, 0, _moments_args)
EXTRA_CASES["nonlocal_moments"] = corpus.Case(nonlocal_moments, *_moments_args)


# np.copyto(a, v, where=m) as the store a[...] = np.where(m, v, a) (front/in_place.py)
def copyto_where(x):
    y = x ** 2
    np.copyto(y, np.sin(x), where=x > 0.4)
    return np.sum(y * x)


_copyto_args = (np.array([0.3, 0.5, 0.7]),)
GOLDEN["copyto_where"] = (copyto_where, 0, _copyto_args)
EXTRA_CASES["copyto_where"] = corpus.Case(copyto_where, *_copyto_args)


# A second name of one array read as the first (front/aliases.py): the change made
# through ``u`` is a store into ``w``
def alias_store(v, s):
    w = v * 1.0
    u = w
    u[1:] *= 0.5 * s
    return np.sum(w * u) * s


_alias_args = (np.array([0.3, 0.5, 0.7, 0.2]), 0.3)
GOLDEN["alias_store"] = (alias_store, (0, 1), _alias_args)
EXTRA_CASES["alias_store"] = corpus.Case(alias_store, *_alias_args, wrt=(0, 1))


# A view changed in place read by its array (front/aliases.py): ``w`` as ``v[1:]``, with
# ``view_of`` checking when it runs that ``w`` is a view of ``v``
def view_changed_in_place(x, s):
    v = x * s
    w = v[1:]
    v *= 1 + 0.1 * s
    return np.sum(w * w) + np.sum(v) * s


_view_args = (np.array([0.61, 0.18, -0.89, 0.33]), 0.7)
GOLDEN["view_changed_in_place"] = (view_changed_in_place, (0, 1), _view_args)
EXTRA_CASES["view_changed_in_place"] = corpus.Case(view_changed_in_place, *_view_args,
                                                   wrt=(0, 1))


# Shape facts of conversions, running totals, a concatenation and an integer `//`
# (analysis/activity.py, patterns.py): `a = b = s * 2.0; a += v[0]` rebinds a float (its
# entries are numbers), so `b` keeps its value and nothing is refused
def rebound_floats(x, s):
    v = np.array(x, dtype=float)
    a = b = s * 2.0
    a += v[0]
    b *= v[len(v) // 2]
    c = d = a * b
    for e in np.concatenate([np.cumsum(v)[1:], v[:1]]):
        c += e * d
    return a * b + c


_rebound_args = (np.array([0.3, -0.8, 0.5, 0.7]), 0.45)


def _in_every_mode(fn, wrt, args):
    """Golden files of ``fn`` in reverse and forward mode and forward over reverse."""
    name = fn.__name__
    GOLDEN[name] = (fn, wrt, args)
    EXTRA_CASES[name] = corpus.Case(fn, *args, wrt=wrt)
    GOLDEN_FORWARD["forward_" + name] = lambda: sd.source(fn, wrt=wrt, mode="forward",
                                                          args=args)
    GOLDEN_FORWARD["second_order_hvp_" + name] = lambda: sd.hvp(fn, wrt=wrt).jvp.compiled(
        list(args)).source


_in_every_mode(rebound_floats, (0, 1), _rebound_args)


# max/min with key= (rules/math_rules.py): the key only chooses the item, so the items
# equal to the result get the gradient, as without it
def max_by_key(x, s):
    v = np.tanh(x * s)
    items = [v[0] * s, -v[1], s]
    return s * max(v, key=abs) + min(items, key=abs) * max(v[2], s * v[3], key=abs)


_key_args = (np.array([0.3, -0.8, 0.5, 0.7]), 0.45)
_in_every_mode(max_by_key, (0, 1), _key_args)


# `a + b` of two lists (analysis/list_arguments.py concatenations): concat_sequences, whose
# gradient gives each operand its part of the result's (rules/container_rules.py)
def window_of_concatenations(x, s):
    w = [s, 0.5, x[0]]
    for j in range(len(x)):
        w = w[1:] + [math.tanh(x[j] * w[j % len(w)])]
    t = tuple(w) + (s * s,)
    return sum(w) * s + t[0] * t[-1]


_in_every_mode(window_of_concatenations, (0, 1), (np.array([0.3, -0.8, 0.5, 0.7]), 0.45))


# A nested function with keyword-only parameters (front/closures.py call_values): bound by
# keyword or to their defaults, which are held where the function is defined
def keyword_only_nested(x, s):
    def h(z, w=s, *, p=2, scale=s * 2.0):
        return w * z ** p + math.sin(z) * scale
    a = h(x[0]) + h(x[1], p=3) + h(x[2], 0.5, p=1, scale=x[3])
    s = s * 3.0
    return a * h(s)


_in_every_mode(keyword_only_nested, (0, 1), (np.array([0.3, -0.8, 0.5, 0.7]), 0.45))


# Cross-entropy through the picked logits `logits[np.arange(N), y]` with N a module constant
# (analysis/makers.py): the read's shape pattern is known, so the mean's uniform gradient is
# scattered as the scalar (backward.py _scatters_uniform), never spread first
CLASSES_N = 4


def picked_logits_cross_entropy(W, X, y):
    logits = X @ W
    lse = np.log(np.sum(np.exp(logits), axis=1))
    return np.mean(lse - logits[np.arange(CLASSES_N), y])


_pl = np.random.default_rng(25)
_in_every_mode(picked_logits_cross_entropy, 0,
               (_pl.normal(size=(3, 5)), _pl.normal(size=(CLASSES_N, 3)), np.array([4, 0, 2, 0])))


# A copy of a parameter dict's entry changed in place (analysis/dtypes.py: the argument's
# entry is a float array, so the copy holds floats)
def dict_entry_scaled(p, x):
    W = p["W"].copy()
    W[0] *= 0.9
    W[1, 1:] += x[:2]
    return np.sum(np.tanh(W @ x))


GOLDEN["dict_entry_scaled"] = (dict_entry_scaled, 0, ({"W": _pl.normal(size=(2, 3))},
                                                      _pl.normal(size=3)))
EXTRA_CASES["dict_entry_scaled"] = corpus.Case(dict_entry_scaled, *GOLDEN["dict_entry_scaled"][2],
                                               wrt=0)


# Ping-pong buffers (analysis/buffers.py): two new arrays swapped every step; the store into
# one while the other is live is not seen through it (they never hold one array), and each
# store is saved and undone for the name that holds its array in other trips
def ping_pong_heat(x):
    u = x.copy()
    w = np.zeros_like(x)
    for t in range(3):
        w[1:-1] = u[1:-1] + 0.1 * (u[2:] - 2.0 * u[1:-1] + u[:-2])
        w[0] = u[0]
        w[-1] = u[-1]
        u, w = w, u
    return np.sum(u ** 2)


_heat_x = np.array([0.35, 0.8, -0.4, 0.55, 1.1])
GOLDEN["ping_pong_heat"] = (ping_pong_heat, 0, (_heat_x,))
EXTRA_CASES["ping_pong_heat"] = corpus.Case(ping_pong_heat, _heat_x)


# Ridge regression through np.linalg.solve (analysis/patterns.py linalg_pattern: the solution
# has the right-hand side's shape pattern, so the products after it inline their rules for
# the operands that need a gradient, and the seed does not read the loss)
def ridge_solve(lam, X, y):
    A = X.T @ X + lam * np.eye(3)
    w = np.linalg.solve(A, X.T @ y)
    return np.sum((X @ w - y) ** 2) + lam * w @ w


_rs = np.random.default_rng(26)
_in_every_mode(ridge_solve, 0, (0.5, _rs.normal(size=(5, 3)), _rs.normal(size=5)))


# `del name` dropped (front/deletions.py): nothing reads y again before binding it
def del_temporary(x):
    y = x * 2
    z = np.sin(y)
    del y
    return np.sum(z * x)


# np.fill_diagonal(a, val) and np.put(a, ind, v) as stores at the positions NumPy writes
# (front/in_place.py: a[diagonal_index(a, val)] = val, a[put_index(a, ind, v)] = v)
def fill_diagonal_values(x):
    a = np.outer(x, np.sin(x))
    np.fill_diagonal(a, x ** 2)
    return np.sum(a * x)


def put_values(x):
    y = x * 2.0
    np.put(y, [0, 2], x[:2] ** 2)
    return np.sum(y * x)


# h(*t) with t bound once to a tuple display (front/scopes.py): h(t[0], t[1])
def star_tuple(x):
    t = (x, 2.0)
    return np.sum(np.power(*t) * x)


_breadth_x = np.array([0.3, 0.5, 0.7])
for _fn in (del_temporary, fill_diagonal_values, put_values, star_tuple):
    GOLDEN[_fn.__name__] = (_fn, 0, (_breadth_x,))
    EXTRA_CASES[_fn.__name__] = corpus.Case(_fn, _breadth_x)


# a value computed twice is computed once (front/shared_values.py): one gradient through
# h - mu; np.log(a / b) as log_ratio(a, b) (front/fused.py): gradients g / a and -g / b
def layer_norm_shared(h, g):
    mu = np.mean(h, axis=-1, keepdims=True)
    var = np.mean((h - mu) ** 2, axis=-1, keepdims=True)
    return np.sum(((h - mu) / np.sqrt(var + 1e-5) * g) ** 2)


def log_ratios(r, mu):
    return np.sum(r * np.log(r / (r + mu)) + mu * np.log(mu / (r + mu)))


_rs = np.random.default_rng(27)
_in_every_mode(layer_norm_shared, 0, (_rs.normal(size=(3, 4)), _rs.normal(size=4)))
_in_every_mode(log_ratios, (0, 1), (1.5, _rs.uniform(0.5, 2.0, size=4)))
# Session 27, constructs refused before though their gradients are simple and exact: each in
# reverse and forward mode
import functools  # noqa: E402


def _reverse_and_forward(fn, args):
    GOLDEN[fn.__name__] = (fn, 0, args)
    EXTRA_CASES[fn.__name__] = corpus.Case(fn, *args)
    GOLDEN_FORWARD["forward_" + fn.__name__] = lambda: sd.source(fn, mode="forward", args=args)


# np.diff's and np.ediff1d's adjoints read the length from the argument (reduction_rules.py
# diff_grad: an empty g comes from an empty axis and from one of length 1)
def differences_of_differences(x):
    return np.sum(np.sin(np.diff(np.diff(x)))) + np.sum(np.ediff1d(x, to_begin=0.5) ** 2)


# locals named like run-time helpers, rule helpers and generated names, renamed
# (front/renames.py: seed1, finish1, grad_ys1, diff_grad1)
def helper_named_locals(x):
    seed = x * 2.0
    finish = np.sin(seed)
    grad_ys = np.diff(finish)
    diff_grad = np.sum(grad_ys ** 2)
    return diff_grad * np.sum(finish)


# list repetition (analysis/list_arguments.py repetitions: repeat_sequence)
def repeated_list(x):
    xs = [x, np.tanh(x)] * 2
    return np.sum(np.stack(xs) * np.arange(4.0)[:, None])


# map consumed at once, a for loop over a map, a local alias (front/maps.py)
def mapped_and_aliased(x):
    e = np.exp
    s = sum(map(lambda v: v * e(-v), list(x)))
    for y in map(np.sin, x[::-1]):
        s = s * 0.5 + y
    return s


# functools.reduce as its loop (front/maps.py)
def reduced_product(x):
    p = functools.reduce(lambda acc, v: acc * np.cos(v), list(x), 1.0)
    return p * np.sum(x)


# np.modf, np.compress, np.average with differentiated weights (rules/composites.py), and
# np.select's differentiated default (shape_rules.py)
def modf_compress_average_select(x):
    frac, whole = np.modf(x * 1.7)
    kept = np.compress([True, False, True, True], x)
    mean = np.average(x ** 2, weights=np.exp(x))
    return np.sum(frac * whole) + np.sum(kept ** 2) * mean + np.sum(
        np.select([x > 0.5], [x ** 2], default=np.sin(x)))


_s27_x = np.array([0.3, -1.7, 2.4, 0.8])
for _fn in (differences_of_differences, helper_named_locals, repeated_list, mapped_and_aliased,
            reduced_product, modf_compress_average_select):
    _reverse_and_forward(_fn, (_s27_x,))


# ufunc.outer of add, subtract, divide, power, maximum (rules/composites.py); an array read
# at a list and at a mask, then changed in place (advanced indexing copies:
# analysis/places.py copying_index); dict(zip(...)) of two arrays, one entry changed in place
def outers_and_index_copies(x):
    d = np.subtract.outer(x, x[:2])
    y = x[[0, 2]]
    y[0] = 0.5
    z = x[x > 0.0]
    z *= 2.0
    p = dict(zip(["a", "b"], [x * 1.0, x * 3.0]))
    p["a"] += 1.0
    return (np.sum(d ** 2) + np.sum(np.add.outer(x, y) ** 2) * np.sum(
        np.divide.outer(z, x ** 2 + 1.0)) + np.sum(np.maximum.outer(x, 0.1 - x))
            + np.sum(np.power.outer(x ** 2, x[:1])) + np.sum(p["a"] * p["b"]))


_reverse_and_forward(outers_and_index_copies, (np.array([0.3, -1.7, 2.4, 0.8]),))


# a functools.partial called inside: its function with the bound arguments as constants
# (front/signatures.py _partial)
def _affine_tanh(w, b, x):
    return np.tanh(w * x + b)


_bound_layer = functools.partial(_affine_tanh, np.array([0.5, -1.0, 2.0, 0.25]), 0.1)


def partial_callee(x):
    return np.sum(_bound_layer(x) * _bound_layer(x ** 2))


_reverse_and_forward(partial_callee, (np.array([0.3, -1.7, 2.4, 0.8]),))


# a nested generator consumed at once: the list of its values (front/generators.py)
def generator_pairs(x):
    def pairs(w):
        for j in range(len(w) - 1):
            yield w[j], w[j + 1]
    return sum(a * b for a, b in pairs(x)) + max(np.sin(a) for a, _ in pairs(x))


_reverse_and_forward(generator_pairs, (np.array([0.3, -1.7, 2.4, 0.8]),))


# np.heaviside's second argument where the first is exactly 0 (a ReLU's zeros): its
# gradient flows there (numpy_rules.py heaviside; it was a constant function)
def heaviside_at_zeros(x):
    r = np.maximum(x, 0.0)
    return np.sum(np.heaviside(r, x ** 2) * np.exp(x))


_reverse_and_forward(heaviside_at_zeros, (np.array([0.3, -1.7, 2.4, -0.8]),))


# options a rule takes as constants, given computed values: compiled through definitions
# (rules/composites.py OPTION_COMPOSITES: the sum plus `initial`, np.diff of the
# concatenation)
def options_from_inputs(x):
    s = np.sum(x ** 2, initial=x[0])
    return s * np.sum(np.diff(x, prepend=x[3], append=0.5) ** 2)


_reverse_and_forward(options_from_inputs, (np.array([0.3, -1.7, 2.4, -0.8]),))


# a logistic and the logs of its value (front/logistic.py): p = logistic(a, 1.0, 1.0), and
# a Bernoulli likelihood's gradients g * (1 - p) and -(g * p) reach a without a division
def bernoulli_logistic(w, x):
    p = 1.0 / (1.0 + np.exp(-(x * w)))
    return -np.sum(x * np.log(p) + (1 - x) * np.log(1 - p))


_rb = np.random.default_rng(29)
_in_every_mode(bernoulli_logistic, (0, 1), (_rb.normal(size=4), _rb.uniform(0.1, 0.9, size=4)))


# session 31: np.block and np.insert (rules/assembly_rules.py: each element of g back to the
# piece it was copied from), np.piecewise lowered to NumPy's loop (front/piecewise.py:
# masked_put per function, the functions called on the selected elements), computed
# initial= of np.max and constant_values= of np.pad (rules/composites.py), math.log's base


def assembled_pieces(x):
    m = np.block([[x[:2, :2], x[:2, 2:3] * 2.0], [np.tanh(x[2:, :2]), 1.5]])
    y = np.insert(x[0], [1, 1], np.tanh(x[1, :2]))
    return np.sum(np.sin(m) * m) + np.sum(y ** 3)


_reverse_and_forward(assembled_pieces, (np.array([[0.3, -0.8, 1.1], [0.5, 0.2, -0.4],
                                                  [0.9, -1.3, 0.7]]),))


def piecewise_lambdas(x):
    p = np.piecewise(x, [x < 0, x > 1.0], [lambda t: -t * x[0], np.sin, 0.5])
    return np.sum(p ** 2)


_reverse_and_forward(piecewise_lambdas, (np.array([-0.6, 0.4, 1.7, -1.1, 2.2]),))


def computed_options(x):
    top = np.max(x, axis=0, initial=x[0, 0] * 0.5)
    band = np.pad(x, ((1, 0), (0, 2)), constant_values=np.tanh(x[1, 1]))
    return np.sum(top ** 2) + np.sum(band * band[::-1]) + math.log(x[2, 2] ** 2 + 1.0,
                                                                     x[0, 2] + 3.0)


_reverse_and_forward(computed_options, (np.array([[0.3, -0.8, 1.1], [0.5, 0.2, -0.4],
                                                  [0.9, -1.3, 0.7]]),))


# session 31: a local bound once to one of two known functions and only called
# (front/maps.py _choice): each call is the conditional expression of the two calls
def chosen_activation(x):
    act = np.tanh if np.sum(x) > 0 else np.sin
    return np.sum(act(x * 2.0) ** 2)


_reverse_and_forward(chosen_activation, (np.array([0.3, -0.8, 1.1, 0.5]),))

# A loop over a generator expression is the loop its iterator runs, each value computed
# when the loop reaches it: the body's change of `k` is seen (front/lazy.py)
def generator_loop(x):
    k = 1.0
    tot = 0.0
    for v in (t * k for t in x if t > 0.5):
        k = k * 1.5
        tot = tot + v
    return tot + k


_generator_args = (np.array([0.3, 0.7, 0.9]),)
GOLDEN["generator_loop"] = (generator_loop, 0, _generator_args)
EXTRA_CASES["generator_loop"] = corpus.Case(generator_loop, *_generator_args)


# session 32: np.ascontiguousarray / np.asfortranarray / np.asanyarray (the values
# unchanged, in a layout NumPy chooses: the gradient reshaped back) and np.copy's order=,
# read by ravel(order="A"), which follows the layout (rules/shape_rules.py)
def layout_conversions(x):
    f = np.asfortranarray(x * 2.0)
    c = np.ascontiguousarray(f.T)
    k = np.copy(x, order="F")
    return np.sum(np.arange(6.0) * f.ravel(order="A")) + np.sum(np.sin(c)) \
        + np.sum(np.asanyarray(k) ** 2)


_reverse_and_forward(layout_conversions, (np.array([[0.3, -0.8, 1.1], [0.5, 0.2, -0.4]]),))


# session 33: an array's `b.size` is one int (analysis/makers.py size_read), so
# `np.zeros(n)` is a vector and `s = b[i]` a number that `s -= ...` rebinds; `np.diag` of a
# vector is a matrix (before, this forward substitution was refused as a write into a view
# of `b`: tests/soundness/test_size_facts.py)
def lower_solve_size(b):
    n = b.size
    L = np.diag(b * 0.1 + 4.0) - 0.5 * np.eye(n, k=-1)
    x = np.zeros(n)
    for i in range(n):
        s = b[i]
        for j in range(i):
            s -= L[i, j] * x[j]
        x[i] = s / L[i, i]
    return np.sum(x * x)


_reverse_and_forward(lower_solve_size, (np.array([0.7, -1.2, 0.4]),))


# session 33: a `global` statement whose names the function never binds is dropped (the
# names are read from the module either way: front/deletions.py without_read_globals)
GLOBAL_SCALE = 2.5


def read_only_global(x):
    global GLOBAL_SCALE
    return np.sum(GLOBAL_SCALE * np.tanh(x) ** 2)


_reverse_and_forward(read_only_global, (np.array([0.3, -0.5, 0.9]),))


# session 33: zip consumed at once by list, tuple or sorted is the generator of its tuples
# (front/maps.py zipped): sorted by a key that reads only its parameter
def zipped_pairs(a, b):
    pairs = sorted(zip(a, b), key=lambda p: p[0])
    firsts = list(zip(a))
    return sum(k * q for k, (p, q) in enumerate(pairs)) + pairs[0][0] * firsts[-1][0]


GOLDEN["zipped_pairs"] = (zipped_pairs, (0, 1), (np.array([0.3, -1.1, 2.0]),
                                                   np.array([1.5, -0.4, 0.9])))


# session 34: `[0.0] * n` of an integer name is a list (analysis/list_arguments.py
# repetitions: repeat_sequence, refused at run time for a 0-d array n); before, the
# Thomas algorithm's lists were taken for arrays whose entries may be views of `dp`
# (tests/soundness/test_repeated_lists.py)
def thomas_lists(a, b, c, d):
    n = len(d)
    cp = [0.0] * n
    dp = [0.0] * n
    cp[0] = c[0] / b[0]
    dp[0] = d[0] / b[0]
    for i in range(1, n):
        m = b[i] - a[i] * cp[i - 1]
        cp[i] = c[i] / m
        dp[i] = (d[i] - a[i] * dp[i - 1]) / m
    x = [0.0] * n
    x[n - 1] = dp[n - 1]
    for i in range(n - 2, -1, -1):
        x[i] = dp[i] - cp[i] * x[i + 1]
    return np.sum(np.array(x) ** 2)


_thomas_args = (np.array([0.0, 0.3, -0.5, 0.2]), np.array([4.0, 4.5, 5.0, 4.2]),
                np.array([0.4, -0.3, 0.6, 0.0]), np.array([0.9, -1.2, 0.4, 2.1]))
GOLDEN["thomas_lists"] = (thomas_lists, (0, 1, 2, 3), _thomas_args)
EXTRA_CASES["thomas_lists"] = corpus.Case(thomas_lists, *_thomas_args, wrt=(0, 1, 2, 3))
GOLDEN_FORWARD["forward_thomas_lists"] = lambda: sd.source(thomas_lists, wrt=(0, 1, 2, 3),
                                                           mode="forward", args=_thomas_args)


# session 34: functools.partial made inside the function (front/partials.py): each call
# is the call of its function with the values the partial holds
def partial_made_inside(x):
    f = functools.partial(_partial_loss, scale=2.0, shift=x[0])
    g = functools.partial(np.sum, axis=0)
    return f(x, scale=3.0) + f(x * x) + np.sum(g(np.outer(x, x)) ** 2)


def _partial_loss(x, scale=1.0, shift=0.0):
    return scale * np.sum((x - shift) ** 2)


_reverse_and_forward(partial_made_inside, (np.array([0.3, -0.8, 1.1]),))


# session 34: a named-tuple parameter passed to a nested function, its fields read there
# (front/records.py inlined_fields: the inlined body reads the parameter itself)
def named_tuple_in_nested(p, x):
    def lay(q, h):
        return np.tanh(q.w * h + q.b)
    return np.sum(lay(p, lay(p, x)) ** 2)


_nested_args = (Layer(np.array([0.1, -0.2, 0.3]), 0.5), np.array([0.3, 0.5, 0.7]))
GOLDEN["named_tuple_in_nested"] = (named_tuple_in_nested, 0, _nested_args)
EXTRA_CASES["named_tuple_in_nested"] = corpus.Case(named_tuple_in_nested, *_nested_args)


# session 40: a module-level helper that writes into its argument, inlined where called
# (front/writing_helpers.py): its writes are the caller's own (no fwd_/bwd_ of the helper)
def _damp_first(z, a):
    z[0] *= a
    z[1:] += 0.5 * z[:-1]
    return np.sum(z)


def helper_writing_its_argument(x, a):
    u = x * 1.0
    s = _damp_first(u, a)
    return s + np.sum(u * u)


_damp_args = (np.array([0.7, -1.2, 0.4]), 1.3)
GOLDEN["helper_writing_its_argument"] = (helper_writing_its_argument, (0, 1), _damp_args)
EXTRA_CASES["helper_writing_its_argument"] = corpus.Case(helper_writing_its_argument, *_damp_args,
                                                         wrt=(0, 1))


# Chained stores through an entry of a list or dict (`p["w"][0] = v`, `rows[1][1:] *= c`):
# `entry = p["w"]; entry[0] = v; p["w"] = entry`, the entry checked to be of a list or dict
# and the store back undone by nothing (front/chains.py)
def chained_entry_stores(x):
    p = {"w": x * 1.0, "b": np.zeros(2)}
    rows = [x ** 2, np.sin(x)]
    p["w"][0] = x[1] * x[2]
    p["b"][1] += p["w"][0]
    rows[1][1:] *= p["w"][:2]
    return np.sum(p["w"] * rows[1]) + p["b"][1] * rows[0][2]


GOLDEN["chained_entry_stores"] = (chained_entry_stores, 0, _chained_args)
EXTRA_CASES["chained_entry_stores"] = corpus.Case(chained_entry_stores, *_chained_args)
GOLDEN_FORWARD["forward_chained_entry_stores"] = lambda: sd.source(
    chained_entry_stores, mode="forward", args=_chained_args)


# session 42: `del d[k]` of a local dict (a new dict without the key, after d[k] is read) and
# `L.insert(i, v)` (an append, the entries from i moved up, i clamped): front/entry_removals.py
def entry_removed_and_inserted(x):
    d = {"a": x * 2.0, "b": np.sin(x)}
    del d["a"]
    rows = [x * 1.0, d["b"]]
    rows.insert(1, np.tanh(x))
    return np.sum(rows[0] * rows[1] + rows[2] ** 2) * len(d)


GOLDEN["entry_removed_and_inserted"] = (entry_removed_and_inserted, 0, _chained_args)
EXTRA_CASES["entry_removed_and_inserted"] = corpus.Case(entry_removed_and_inserted,
                                                        *_chained_args)


# session 42: sd.hvp(f, stop_gradients=...) (api/matrices.py): the JVP of the reference
# pipeline's gradient, the stopped names' tangents stopped too (their values frozen)
def mean_stopped(x):
    m = np.mean(x)
    return np.sum(np.tanh(x - m) ** 2 * x)


def _mean_frozen(x, m=float(np.mean(_chained_args[0]))):  # (the oracle: m a constant)
    return np.sum(np.tanh(x - m) ** 2 * x)


# name -> (function, stop_gradients, the function with those values frozen, arguments)
GOLDEN_STOPPED = {"stopped_hvp_mean": (mean_stopped, ("m",), _mean_frozen, _chained_args)}
for _name, (_fn, _stop, _, _args) in GOLDEN_STOPPED.items():
    GOLDEN_FORWARD[_name] = (lambda fn, stop, args: lambda: sd.hvp(
        fn, stop_gradients=stop).jvp.compiled(list(args)).source)(_fn, _stop, _args)


# session 42: the helper reads `np`, its caller does not (front/writing_helpers.py
# _bound_alike: the generated code's `np` is the helper's numpy): inlined all the same
def _damp_exp(z, a):
    z[0] = z[0] * np.exp(a)
    z[1:] += np.sin(z[:-1])


def helper_reading_numpy(x, a):
    u = x * 1.0
    _damp_exp(u, a)
    return (u * u * x).sum()


GOLDEN["helper_reading_numpy"] = (helper_reading_numpy, (0, 1), _damp_args)
EXTRA_CASES["helper_reading_numpy"] = corpus.Case(helper_reading_numpy, *_damp_args, wrt=(0, 1))


# session 43: a function passed to a helper that calls it is inlined with the helper, its
# parameter's calls the function's own (front/function_arguments.py): np.sin, a lambda
# reading the caller's variable, a nested def, JAX's `call(f, *args)`
def _call(g, *args):
    return g(*args)


def function_through_call(x, y):
    def scaled(u):
        return u * y

    return np.sum(_call(np.sin, x) + _call(lambda u: u * y, x) * _call(scaled, x))


_through_args = (np.array([0.3, -1.2]), np.array([0.5, 0.7]))
GOLDEN["function_through_call"] = (function_through_call, (0, 1), _through_args)
EXTRA_CASES["function_through_call"] = corpus.Case(function_through_call, *_through_args,
                                                   wrt=(0, 1))
GOLDEN_FORWARD["forward_function_through_call"] = lambda: sd.source(
    function_through_call, wrt=(0, 1), mode="forward", args=_through_args)


# session 44: NaN-skipping reductions with initial=/where= (rules/nan_rules.py, each its
# plain reduction over the kept elements), where= of the moments (reduction_rules.py
# masked_deviation), and mean=/initial= computed from the inputs (rules/reduction_options.py)
_HOLES = np.array([[False, True, False], [False, False, False]])
_KEEP = np.array([[True, True, False], [True, False, True]])


def nan_masked_reductions(x):
    y = np.where(_HOLES, np.nan, x)
    return (np.sum(np.nansum(y, axis=1, initial=0.5, where=_KEEP) ** 2)
            + np.nanprod(y, where=_KEEP, initial=2.0)
            + np.sum(np.nanmax(y, axis=0, initial=-1.0, where=_KEEP))
            + np.sum(np.nanmean(y * y, axis=1, where=_KEEP)))


def masked_moments(x):
    y = np.where(_HOLES, np.nan, x)
    return (np.sum(np.var(x, axis=1, where=_KEEP)) + np.std(x * x, where=_KEEP, ddof=1)
            + np.sum(np.nanvar(y, axis=1, where=_KEEP)) + np.nanstd(y, where=_KEEP))


def computed_centres(x):
    m = np.mean(x, axis=1, keepdims=True) * 0.5
    return (np.sum(np.var(x, axis=1, mean=m)) + np.std(x, mean=x[0, 0])
            + np.nanmax(x, initial=x[1, 1] * 2.0))


_masked_args = (np.array([[0.4, 1.3, -0.6], [0.9, -0.2, 0.7]]),)
for _f in (nan_masked_reductions, masked_moments, computed_centres):
    GOLDEN[_f.__name__] = (_f, 0, _masked_args)
    EXTRA_CASES[_f.__name__] = corpus.Case(_f, *_masked_args)
    GOLDEN_FORWARD["forward_" + _f.__name__] = (
        lambda f=_f: sd.source(f, mode="forward", args=_masked_args))


# session 45: np.linalg.cond and np.nanmedian through their definitions
# (rules/statistic_composites.py), np.trapezoid's sample points differentiated
# (rules/reduction_rules.py trapezoid_points_grad)
def conditions_medians_points(x):
    c = np.linalg.cond(x) + np.linalg.cond(x, "fro")
    m = np.nanmedian(np.where(x > 1.0, np.nan, x), axis=0)
    return c * np.sum(m ** 2) + np.trapezoid(x[0] ** 2, np.cumsum(np.exp(x[1])))


_reverse_and_forward(conditions_medians_points, (np.array([[2.3, -0.8, 1.1], [0.5, 2.2, -0.4],
                                                           [0.9, -1.3, 2.7]]),))


# session 45: a list of integers rebound to a float array and stored into: the definitions
# that reach the store prove it holds floats (analysis/dtypes.py _reaching_inexact)
def list_rebound_to_floats(x):
    xs = [1, 2, 3]
    xs = np.array(xs, dtype=float)
    for i in range(1, len(xs)):
        xs[i] = xs[i] * xs[i - 1] + x[i]
    return np.sum(xs * x)


_reverse_and_forward(list_rebound_to_floats, (np.array([0.3, -0.4, 1.2]),))


# session 46: NumPy's positional order past the axis through srcdiff's definitions (max_from
# takes NumPy's `out`; np.var's dtype, out, ddof), positional arguments of a composite that
# bind as in NumPy (front/composite_calls.py misplaced_argument)
def positional_options_through_definitions(x):
    v = np.var(x, 0, None, None, 1, mean=x[1:2] * 0.5)
    t = x.max(1, None, True, initial=x[0, 0] * 0.5)
    r = np.maximum.reduce(x, 1)
    return np.sum(v ** 2) + np.sum(np.sin(t)) + np.sum(r * x[:, 0])


_reverse_and_forward(positional_options_through_definitions,
                     (np.array([[0.3, -0.8, 1.1], [0.5, 0.2, -0.4], [0.9, -1.3, 0.7]]),))


# session 48: np.astype, np.delete, np.broadcast_arrays, np.average(returned=True),
# np.logspace, np.geomspace, np.add.reduceat, np.resize and np.unwrap through their
# definitions (rules/array_composites.py)
def casts_deletes_broadcasts_averages(x):
    y = np.astype(x, np.float64) if hasattr(np, "astype") else x * 1.0
    a, b = np.broadcast_arrays(np.delete(y, [0, 2], axis=1), x[:, :1] ** 2)
    mean, total = np.average(x, axis=0, weights=np.exp(x[:, 0]), returned=True)
    return np.sum(a * b) + np.sum(mean * total)


def spaced_samples(x):
    return (np.sum(np.logspace(x[0], x[1], 4, base=2.0) ** 2)
            + np.sum(np.geomspace(x[1], x[2:], 3, axis=-1)))


def segments_resized_unwrapped(x):
    s = np.add.reduceat(x, [0, 2, 1], axis=1)
    return (np.sum(s ** 2) + np.sum(np.resize(x, (2, 5)) * np.arange(10.0).reshape(2, 5))
            + np.sum(np.unwrap(x * 4.0) * x))


for _fn, _x in ((casts_deletes_broadcasts_averages, [[0.3, -0.8, 1.1], [0.5, 0.2, -0.4]]),
                (spaced_samples, [0.3, 0.8, 1.7, 2.2]),
                (segments_resized_unwrapped, [[0.3, -0.8, 1.1], [0.5, 0.2, -0.4]])):
    _reverse_and_forward(_fn, (np.array(_x),))


# session 48: np.putmask and np.place as stores of the whole array (front/in_place.py,
# rules/array_composites.py putmask_result / place_result)
def masked_puts(x):
    y = x ** 2
    np.putmask(y, x > 0.5, x[:2] * 3.0)
    z = x.copy()
    np.place(z, x < 0.5, np.sin(x[1:3]))
    return np.sum(y * z)


_reverse_and_forward(masked_puts, (np.array([0.3, 0.8, 1.7, 0.2]),))


# session 48: np.polyadd, np.polyint (a list of constants rebound by np.atleast_1d:
# forward/primitives.py fills the list's tangent), np.polymul, np.nancumprod, np.matvec
def polynomials_and_products(x):
    p = np.polyint(np.polyadd(x, x[:2] ** 2), 2, k=[x[0], 0.5])
    m = np.polymul(p, x[1:])
    v = np.matvec(np.outer(x, x), x) if hasattr(np, "matvec") else np.outer(x, x) @ x
    return np.sum(m ** 2) + np.sum(np.nancumprod(np.where(x > 1.0, np.nan, x)) * v)


_reverse_and_forward(polynomials_and_products, (np.array([0.3, 0.8, 1.7, 0.2]),))


# session 49: np.nanquantile, np.nanpercentile, np.polyfit, np.histogram and
# np.histogram_bin_edges through their definitions (rules/statistic_composites.py)
def quantiles_fits_histograms(x):
    y = np.where(x > 1.5, np.nan, x)
    q = np.nanquantile(y, [0.25, 0.6], axis=1) + np.nanpercentile(y, 40.0)
    c = np.polyfit(np.arange(3.0), x[0], 1, w=np.exp(x[1]))
    n, edges = np.histogram(x, bins=3, weights=x ** 2, density=True)
    return np.sum(q ** 2) + np.sum(c * c) + np.sum(n * edges[1:])


_reverse_and_forward(quantiles_fits_histograms, (np.array([[0.3, -0.8, 1.1], [0.5, 1.7, -0.4]]),))


# session 49: `L.extend(items)` as the list of the items, then one append each
# (front/entry_removals.py)
def extended_list(x):
    xs = [x[0]]
    xs.extend(v * 2.0 for v in x)
    xs.extend(xs)
    return sum(v * (i + 1.0) for i, v in enumerate(xs))


_reverse_and_forward(extended_list, (np.array([0.3, -0.8, 1.1]),))


# session 49: np.interp with a period (rules/curve_rules.py periodic_knots: the knots taken
# modulo the period, sorted and extended by one copy at each end)
def periodic_curve(x):
    knots = np.array([0.3, 2.9, -1.0, 1.4]) + 0.1 * x
    return np.sum(np.interp(x * 3.0, knots, np.sin(knots) + x, period=2.5) ** 2)


_reverse_and_forward(periodic_curve, (np.array([0.3, 0.8, 1.7, 0.2]),))


# session 49: np.linalg.tensorsolve and tensorinv through their definitions
# (rules/statistic_composites.py), np.fft.hfft and ihfft through theirs (rules/fft_rules.py)
def tensor_solved(x):
    a = np.reshape(np.outer(x, x[::-1]), (2, 2, 2, 2)) + np.reshape(3.0 * np.eye(4), (2, 2, 2, 2))
    s = np.linalg.tensorsolve(a, np.reshape(x, (2, 2)), axes=(1,))
    h = np.fft.hfft(x * (1.0 + 0.5j), norm="ortho") * np.abs(np.fft.ihfft(x))[1]
    return np.sum(s ** 2) + np.sum(np.linalg.tensorinv(a) * a) + np.sum(h ** 2)


_reverse_and_forward(tensor_solved, (np.array([0.3, 0.8, 1.7, 0.2]),))
