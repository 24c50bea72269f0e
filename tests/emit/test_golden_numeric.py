"""Every golden file is run, and what it computes is checked against finite differences.

The golden tests (test_golden.py, test_golden_forward.py, test_golden_cli.py)
compare generated text byte for byte; a reviewed diff is only as good as the
reviewer. Here each file under tests/golden/ is executed *as written* at its
example arguments and compared with central differences of the original
function (tests/support/fd.py), never with srcdiff:

* reverse mode (``corpus_*``, ``samples_*``, the command-line modules under
  golden/cli/): the gradient against ``numeric_grad``;
* forward mode (``forward_*``): the value, and the output tangent along a random
  direction against the directional difference quotient;
* forward over reverse (``second_order_hvp_*``): the gradient against
  ``numeric_grad`` and its tangent against differences of ``numeric_grad``;
* reverse over reverse (``second_order_grad_grad_*``, scalar): against the
  second central difference.

The API golden files are function bodies without imports: they run in the
namespace srcdiff gives the function it generates (numpy, the run-time helpers
and the user's globals), with the golden definitions executed over it.
"""

import glob
import os

import numpy as np
import pytest

import cli_targets
import corpus
import golden_cases
import srcdiff as sd
from fd import assert_close, numeric_grad, total
from srcdiff.api import higher
from srcdiff.api import transforms as api

HERE = os.path.dirname(os.path.abspath(__file__))
_CASES = {**{c.name: c for c in corpus.CASES}, **golden_cases.EXTRA_CASES}


def _golden_text(name):
    with open(os.path.join(golden_cases.HERE, name + ".py")) as f:
        return f.read()


def _run_golden(name, compiled):
    """The golden file's entry function, defined over ``compiled``'s namespace."""
    ns = dict(compiled.namespace)
    for value in compiled.namespace.values():  # (a callee's generated code reads the names
        # of its own namespace: a composite's helpers, rules/composites.py compress_index)
        code = getattr(value, "__code__", None)
        if code is not None and code.co_filename.startswith("<srcdiff"):
            for k, v in value.__globals__.items():
                ns.setdefault(k, v)
    path = os.path.join(golden_cases.HERE, name + ".py")
    exec(compile(_golden_text(name), path, "exec"), ns)
    fn = ns[compiled.entry]
    assert fn is not compiled.fn
    return fn


def _positions(wrt):
    return [wrt] if isinstance(wrt, int) else list(wrt)


def _random_like(x, rng):
    if isinstance(x, dict):  # a parameter dict: one direction per entry
        return {k: _random_like(v, rng) for k, v in x.items()}
    return rng.standard_normal(np.shape(x)) if isinstance(x, np.ndarray) else float(
        rng.standard_normal())


def _axpy(x, t, v):
    if isinstance(x, dict):
        return {k: _axpy(x[k], t, v[k]) for k in x}
    return x + t * v


# ------------------------------------------------------------------ reverse (golden_cases)


def _reverse_cases():
    out = {}
    for name, (fn, wrt, args) in golden_cases.GOLDEN.items():
        if args is None:  # the generic output: run it at the specialized case's arguments
            base = name[:-len("_generic")] if name.endswith("_generic") else None
            assert base in golden_cases.GOLDEN, f"no example arguments for {name}"
            args = golden_cases.GOLDEN[base][2]
            out[name] = (fn, wrt, args, True)
        else:
            out[name] = (fn, wrt, args, False)
    return out


REVERSE = _reverse_cases()


@pytest.mark.parametrize("name", sorted(REVERSE))
def test_reverse_golden_matches_finite_differences(name):
    fn, wrt, args, generic = REVERSE[name]
    t = api.FirstOrder(fn, wrt)
    if generic:
        from srcdiff.compiler import driver
        compiled = driver.compile_reverse(t.fn, t.wrt, stop=t.stop, unconnected=t.unconnected,
                                          as_tuple=not t.single)
    else:
        compiled = t.compiled(list(args))
    golden = _run_golden(name, compiled)
    got = golden(*args)
    expected = [numeric_grad(fn, args, k) for k in _positions(wrt)]
    if isinstance(wrt, int):
        assert_close(got, expected[0])
    else:
        assert isinstance(got, tuple) and len(got) == len(expected)
        for g, e in zip(got, expected):
            assert_close(g, e)


# ------------------------------------------------------------------ forward and second order


def _case_of(name, prefix):
    return _CASES[name[len(prefix):]]


def _tangents(case, rng):
    ts = [_random_like(case.args[k], rng) for k in _positions(case.wrt)]
    return ts[0] if isinstance(case.wrt, int) else tuple(ts)


def _moved(case, ts, eps):
    ts = [ts] if isinstance(case.wrt, int) else list(ts)
    args = list(case.args)
    for k, t in zip(_positions(case.wrt), ts):
        args[k] = _axpy(args[k], eps, t)
    return args


@pytest.mark.parametrize("name", sorted(n for n in golden_cases.GOLDEN_FORWARD
                                        if n.startswith("forward_")))
def test_forward_golden_matches_finite_differences(name):
    case = _case_of(name, "forward_")
    compiled = sd.jvp(case.fn, wrt=case.wrt).compiled(list(case.args))
    golden = _run_golden(name, compiled)
    ts = _tangents(case, np.random.default_rng(1))
    value, tangent = golden(*case.args, tangents=ts)
    assert_close(value, case.fn(*case.args), rtol=1e-12, atol=1e-12, what="value")
    eps = 1e-6
    expected = (total(case.fn(*_moved(case, ts, eps))) -
                total(case.fn(*_moved(case, ts, -eps)))) / (2 * eps)
    assert total(tangent) == pytest.approx(expected, rel=1e-5, abs=1e-6)


@pytest.mark.parametrize("name", sorted(n for n in golden_cases.GOLDEN_FORWARD
                                        if n.startswith("second_order_hvp_")))
def test_hvp_golden_matches_finite_differences(name):
    case = _case_of(name, "second_order_hvp_")
    compiled = sd.hvp(case.fn, wrt=case.wrt).jvp.compiled(list(case.args))
    golden = _run_golden(name, compiled)
    ts = _tangents(case, np.random.default_rng(2))
    grads, tangent = golden(*case.args, tangents=ts)
    positions = _positions(case.wrt)
    single = isinstance(case.wrt, int)
    expected = [numeric_grad(case.fn, case.args, k) for k in positions]
    # Hessian times t: the five-point difference quotient (error O(h**4); step 1e-3) of
    # central-difference gradients along t
    h = 1e-3

    def grad_at(step):
        return [np.asarray(numeric_grad(case.fn, _moved(case, ts, step), k, eps=1e-5))
                for k in positions]
    p1, m1, p2, m2 = grad_at(h), grad_at(-h), grad_at(2 * h), grad_at(-2 * h)
    hvp = [(8.0 * (a - b) - (c - d)) / (12.0 * h) for a, b, c, d in zip(p1, m1, p2, m2)]
    grads = [grads] if single else list(grads)
    tangent = [tangent] if single else list(tangent)
    for g, e in zip(grads, expected):
        assert_close(g, e)
    for t, e in zip(tangent, hvp):
        assert_close(t, e if np.ndim(t) else float(e), rtol=1e-4, atol=1e-5, what="Hessian @ t")


@pytest.mark.parametrize("name", sorted(golden_cases.GOLDEN_STOPPED))
def test_stopped_hvp_golden_matches_the_frozen_function(name):
    """``sd.hvp(f, stop_gradients=...)``: the Hessian of ``f`` with the stopped values
    frozen, against central differences of the frozen function's (written by hand)."""
    fn, stop, frozen, args = golden_cases.GOLDEN_STOPPED[name]
    golden = _run_golden(name, sd.hvp(fn, stop_gradients=stop).jvp.compiled(list(args)))
    x, t = args[0], np.random.default_rng(3).standard_normal(np.shape(args[0]))
    grads, tangent = golden(*args, tangents=t)

    def grad_at(y):
        return numeric_grad(frozen, (y,), 0, eps=1e-5)
    assert_close(grads, grad_at(x))
    assert_close(tangent, (grad_at(x + 1e-4 * t) - grad_at(x - 1e-4 * t)) / 2e-4, rtol=1e-4,
                 atol=1e-5, what="Hessian @ t")


@pytest.mark.parametrize("name", sorted(n for n in golden_cases.GOLDEN_FORWARD
                                        if n.startswith("second_order_grad_grad_")))
def test_grad_of_grad_golden_matches_second_differences(name):
    case = _case_of(name, "second_order_grad_grad_")
    (a,) = case.args
    compiled = higher.grad(sd.grad(case.fn)).compiled(list(case.args))
    golden = _run_golden(name, compiled)
    h = 1e-4
    expected = (case.fn(a + h) - 2 * case.fn(a) + case.fn(a - h)) / h ** 2
    assert golden(a) == pytest.approx(expected, rel=1e-5, abs=1e-6)


# ------------------------------------------------------------------ command-line modules


@pytest.mark.parametrize("relpath,func,wrt", cli_targets.targets(),
                         ids=[f"{r}:{f}" for r, f, _ in cli_targets.targets()])
def test_cli_golden_module_matches_finite_differences(relpath, func, wrt):
    golden = os.path.join(cli_targets.ROOT, cli_targets.golden_path(relpath))
    module = cli_targets.load(relpath)
    examples = getattr(module, "SRCDIFF_EXAMPLES", {}).get(func)
    assert examples is not None, (f"{relpath} gives no SRCDIFF_EXAMPLES entry for {func}: "
                                  "its golden module cannot be checked")
    args = examples() if callable(examples) else examples
    import importlib.util
    spec = importlib.util.spec_from_file_location(f"golden_{func}_{abs(hash(golden))}", golden)
    generated = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generated)
    fn = getattr(module, func)
    import inspect
    params = list(inspect.signature(fn).parameters)
    names = [wrt] if isinstance(wrt, (str, int)) else list(wrt)
    positions = [w if isinstance(w, int) else params.index(w) for w in names]
    got = getattr(generated, f"grad_{func}")(*args)
    expected = [numeric_grad(fn, args, k) for k in positions]
    if isinstance(wrt, (str, int)):
        assert_close(got, expected[0])
    else:
        assert isinstance(got, tuple) and len(got) == len(expected)
        for g, e in zip(got, expected):
            assert_close(g, e)


# ------------------------------------------------------------------ nothing left unchecked


def test_every_golden_file_is_checked_numerically():
    checked = set(REVERSE) | set(golden_cases.GOLDEN_FORWARD)
    present = {os.path.basename(p)[:-3] for p in glob.glob(os.path.join(golden_cases.HERE, "*.py"))}
    assert present <= checked, f"golden files without a numeric check: {sorted(present - checked)}"
    kinds = ("forward_", "second_order_hvp_", "second_order_grad_grad_", "stopped_hvp_")
    for name in golden_cases.GOLDEN_FORWARD:
        assert name.startswith(kinds), f"{name}: add a numeric check for this kind of golden file"
    cli_dir = os.path.join(cli_targets.ROOT, cli_targets.GOLDEN_DIR)
    cli_present = {os.path.relpath(p, cli_targets.ROOT).replace(os.sep, "/")
                   for p in glob.glob(os.path.join(cli_dir, "**", "*.py"), recursive=True)}
    cli_checked = {cli_targets.golden_path(r) for r, _, _ in cli_targets.targets()}
    assert cli_present <= cli_checked, sorted(cli_present - cli_checked)
