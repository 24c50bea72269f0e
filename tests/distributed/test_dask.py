"""Generated gradients on dask arrays, computed by a dask.distributed cluster (issue 19).

A ``LocalCluster`` of two worker processes on the loopback interface runs every
``.compute()``. The oracle is the NumPy gradient of the same function (itself
checked against finite differences by the rest of the suite): the gradients of
the corpus's array functions on chunked dask arrays equal it to 1e-12, and are
dask arrays, nothing computed until ``.compute()``. Skipped when dask is not
installed (``pip install 'srcdiff[dask]'``; the ``test`` extra installs it).
"""

import contextlib
import importlib.util
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

import srcdiff as sd
from corpus import CASES
from paths import ROOT
from srcdiff.cli import commands as cli

dask = pytest.importorskip("dask")
da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("dask.distributed")


@pytest.fixture(scope="module")
def client():
    """Two worker processes, loopback only, no dashboard; closed after the module."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster, \
            distributed.Client(cluster) as c:
        yield c


@pytest.fixture(autouse=True)
def _unverified(monkeypatch):
    """Verification (SRCDIFF_VERIFY=1, as `make verify` sets it) compares each checked read
    with its recorded value, which on a dask array computes it: these tests check that
    nothing is computed, so they run without it; test_verification_on_dask_arrays runs it."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)


def _forbidden(*args, **kwargs):
    raise AssertionError("a dask computation ran before .compute() was called")


def no_compute():
    """Inside it, any dask computation raises (the scheduler is one that refuses)."""
    return dask.config.set(scheduler=_forbidden)


def chunked(v):
    """A NumPy array as a dask array of (about) two chunks per axis; others unchanged."""
    if isinstance(v, np.ndarray) and v.ndim >= 1:
        return da.from_array(v, chunks=tuple(max(1, (n + 1) // 2) for n in v.shape))
    return v


def leaves(g):
    if isinstance(g, (list, tuple)):
        for x in g:
            yield from leaves(x)
    elif isinstance(g, dict):
        for x in g.values():
            yield from leaves(x)
    else:
        yield g


ARRAY_CASES = [c for c in CASES
               if any(isinstance(a, np.ndarray) and a.ndim >= 1 for a in c.args)]
# reading x[k] with k an integer array (here np.argmax's result): its adjoint is a
# scatter-add (np.add.at), which dask arrays do not have; refused with a TypeError
REFUSED = {"constants_only"}
# generated code that converts a dask array to NumPy (their gradients are right, checked
# below, but pieces are computed on the way; the list is kept exact):
# - BATCHED: the batched loop adjoint (an optimization) sums a loop's per-iteration terms
#   at once, np.array(list).T @ np.array(list); np.array is not dispatched to dask (it
#   calls __array__, which computes). The reference pipeline (optimize=False) adds the
#   terms one iteration at a time and stays lazy (test_unoptimized_loop_adjoints_are_lazy).
# - STORES: an in-place store x[i] = v saves the overwritten values, np.copy(x[i]), and the
#   backward sweep copies b_x[i] the same way; dask does not implement np.copy (it falls
#   back to NumPy with a FutureWarning, computing that slice). Forward mode copies the
#   tangent array before storing into it, np.copy(t_x), likewise (FORWARD_MATERIALIZES).
# - REPEATED: a store through repeated indices makes its gradient a NumPy array
#   (np.array(b_y, dtype=float), computing it) before the last writes are picked out of it
#   and the gradient of the read y[[0, 0, 1]] is scattered into it: the scatter-add runs on
#   NumPy, not refused (reverse mode only; the list is kept exact).
BATCHED = {"rnn", "loop_carried_matrix"}
STORES = {"store_slices", "store_2d", "store_into_argument"}
REPEATED = {"store_through_repeated_indices"}
MATERIALIZES = BATCHED | STORES | REPEATED
FORWARD_MATERIALIZES = STORES
GRADIENT_CASES = [c for c in ARRAY_CASES if c.name not in REFUSED]


def test_the_sweep_covers_the_corpus():
    assert len(GRADIENT_CASES) >= 40
    assert REFUSED | MATERIALIZES <= {c.name for c in ARRAY_CASES}


@pytest.mark.parametrize("case", GRADIENT_CASES, ids=lambda c: c.name)
def test_gradient_on_dask_arrays_equals_numpy_gradient(client, case):
    """The gradient's graph is computed by the cluster. (A function whose own code reads
    values, or a gradient in MATERIALIZES, computes small pieces while it runs: those run
    in this process, which is quicker than a round trip to the cluster for each.)"""
    expected = sd.grad(case.fn, wrt=case.wrt)(*case.args, **case.kwargs)
    local = case.name in MATERIALIZES or not _primal_stays_lazy(case)
    here = dask.config.set(scheduler="sync") if local else contextlib.nullcontext()
    with warnings.catch_warnings(), here:
        warnings.simplefilter("ignore", FutureWarning)  # (np.copy on dask: MATERIALIZES)
        got = sd.grad(case.fn, wrt=case.wrt)(*[chunked(a) for a in case.args], **case.kwargs)
    lazy = list(leaves(got))
    assert all(isinstance(g, da.Array) for g in lazy), [type(g) for g in lazy]
    computed = client.compute(got, sync=True)
    pairs = list(zip(leaves(expected), leaves(computed)))
    assert len(pairs) == len(lazy) > 0
    for e, g in pairs:
        assert np.shape(g) == np.shape(e)
        np.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-12)


def _primal_stays_lazy(case):
    try:
        with no_compute():
            case.fn(*[chunked(a) for a in case.args], **case.kwargs)
        return True
    except Exception:  # (NumPy may turn the refusal into its own error: out[i] = x[i])
        return False  # it reads array values (if x[i] > 0: ..., out[i] = x[i] into NumPy)


@pytest.mark.parametrize("case", GRADIENT_CASES, ids=lambda c: c.name)
def test_nothing_is_computed_before_compute(case):
    """Where the function itself runs on dask arrays without computing, so does its
    gradient (except the constructs listed in MATERIALIZES, which must still compute:
    the list is kept exact)."""
    if not _primal_stays_lazy(case):
        pytest.skip(f"{case.name}'s own control flow reads array values (dask computes them)")
    args = [chunked(a) for a in case.args]
    grad = sd.grad(case.fn, wrt=case.wrt)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        if case.name in MATERIALIZES:
            with no_compute(), pytest.raises(AssertionError, match="computation ran"):
                grad(*args, **case.kwargs)
        else:
            with no_compute():
                grad(*args, **case.kwargs)


@pytest.mark.parametrize("name", ["tanh_layer", "loop_carried_matrix", "store_2d"])
def test_verification_on_dask_arrays(name):
    case = next(c for c in ARRAY_CASES if c.name == name)
    expected = sd.grad(case.fn, wrt=case.wrt)(*case.args)
    with warnings.catch_warnings(), dask.config.set(scheduler="sync"):
        warnings.simplefilter("ignore", FutureWarning)
        got = sd.grad(case.fn, wrt=case.wrt, verify=True)(*[chunked(a) for a in case.args])
        computed = dask.compute(got)[0]
    for e, g in zip(leaves(expected), leaves(computed)):
        np.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("name", sorted(BATCHED))
def test_unoptimized_loop_adjoints_are_lazy(name):
    """The reference pipeline adds a loop's per-iteration terms one at a time: lazy, and
    the same gradient as NumPy's (the batched form above computes, see BATCHED)."""
    case = next(c for c in ARRAY_CASES if c.name == name)
    expected = sd.grad(case.fn, wrt=case.wrt)(*case.args)
    with no_compute():
        got = sd.grad(case.fn, wrt=case.wrt, optimize=False)(*[chunked(a) for a in case.args])
    assert all(isinstance(g, da.Array) for g in leaves(got))
    for e, g in zip(leaves(expected), leaves(dask.compute(got, scheduler="sync")[0])):
        np.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_scatter_add_into_a_dask_array_is_refused(name):
    case = next(c for c in ARRAY_CASES if c.name == name)
    with pytest.raises(TypeError, match="dask Array at an integer-array index"):
        sd.grad(case.fn)(chunked(case.args[0]))


# ------------------------------------------------------------------ argument kinds, cache


def weighted(x, w):
    return np.sum(np.tanh(x @ w) ** 2)


def test_a_dask_array_is_an_argument_kind_of_its_own():
    x, w = np.linspace(-1.0, 1.0, 12).reshape(6, 2), np.array([0.3, -0.7])
    g = sd.grad(weighted)
    on_numpy = g.compiled([x, w])
    with no_compute():  # the key reads shape and dtype, never values
        on_dask = g.compiled([da.from_array(x, chunks=3), w])
        rechunked = g.compiled([da.from_array(x, chunks=2), w])
        result = g(da.from_array(x, chunks=2), w)
    assert on_dask is not on_numpy
    assert rechunked is on_dask  # chunks do not change the generated code
    assert isinstance(result, da.Array)  # lazy: computed below, by the caller
    np.testing.assert_allclose(result.compute(scheduler="sync"), g(x, w), rtol=1e-12)


def test_a_dask_array_of_unknown_shape_is_refused():
    x = da.from_array(np.arange(8.0), chunks=4)
    unknown = x[x > 2.0]  # its length depends on the values
    with no_compute(), pytest.raises(ValueError, match="unknown shape.*compute_chunk_sizes"):
        sd.grad(lambda v: np.sum(v * v))(unknown)


def test_a_complex_dask_array_is_refused():
    z = da.from_array(np.ones(4) + 1j, chunks=2)
    with pytest.raises(TypeError, match="dask array of dtype complex128"):
        sd.grad(lambda v: np.sum(v * v))(z)


def test_srcdiff_imports_and_runs_without_dask():
    code = ("import sys; sys.modules['dask'] = None; import numpy as np, srcdiff as sd\n"
            "from corpus import sum_of_squares\n"
            "assert 'dask.array' not in sys.modules\n"
            "print(sd.grad(sum_of_squares)(np.arange(3.0)))")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.path.join(ROOT, "tests",
                                                                           "support")]))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["[0.", "2.", "4.]"]


# ------------------------------------------------------------------ a written module


def _written_module(tmp_path, target):
    out = tmp_path / "grad_module.py"
    assert cli.main([target, "-o", str(out)]) == 0
    assert "srcdiff" not in "".join(
        line for line in out.read_text().splitlines() if line.startswith(("import", "from")))
    spec = importlib.util.spec_from_file_location(f"written_{tmp_path.name}", out)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_written_module_runs_on_dask_arrays(client, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    module = _written_module(tmp_path, "samples/logistic_regression.py:loss")
    rng = np.random.default_rng(3)
    x = rng.normal(size=(200, 5))
    y = (rng.uniform(size=200) > 0.5).astype(float)
    params = {"w": rng.normal(size=5), "b": np.array([0.2])}
    expected = module.grad_loss(params, x, y)
    with no_compute():
        got = module.grad_loss(params, da.from_array(x, chunks=(50, 5)),
                               da.from_array(y, chunks=50))
    assert isinstance(got["w"], da.Array) and isinstance(got["b"], da.Array)
    computed = client.compute(got, sync=True)
    for k in params:
        np.testing.assert_allclose(computed[k], expected[k], rtol=1e-12, atol=1e-12)


# ------------------------------------------------------------------ array-API arrays


def test_array_api_strict_arrays_are_a_kind_of_their_own():
    """array-API arrays (no __array_function__: NumPy's functions do not dispatch to them)
    run with NumPy's names bound to their namespace's allowlist (test_array_api.py has the
    gradients and the refusals); here: NumPy-only code is refused before any work, and a
    dask array does not mix with them."""
    xp = pytest.importorskip("array_api_strict")
    x = xp.asarray([0.5, -1.0, 2.0])

    def f(v):
        return np.sum(v * v)

    got = sd.grad(f)(x)
    np.testing.assert_allclose(np.from_dlpack(got), [1.0, -2.0, 4.0], rtol=1e-15)
    with pytest.raises(sd.SrcdiffError, match="np.einsum has no exact array-API equivalent"):
        sd.grad(_einsum_square)(x)
    with pytest.raises(TypeError, match="dask.Array beside array_api_strict arrays"):
        sd.grad(lambda v, w: np.sum(v * w))(x, da.ones(3))


def _einsum_square(v):
    return np.einsum("i,i->", v, v)


# ------------------------------------------------------------------ forward mode


def _tangent_like(v, rng):
    """A random tangent of ``v`` (zero for integer arguments, which are constants)."""
    if isinstance(v, dict):
        return {k: _tangent_like(x, rng) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return type(v)(_tangent_like(x, rng) for x in v)
    if isinstance(v, np.ndarray) and v.dtype.kind == "f":
        return rng.normal(size=v.shape)
    return 0.0 if isinstance(v, (float, np.floating)) else v


def _tangents(case, rng):
    wrt = case.wrt if isinstance(case.wrt, tuple) else (case.wrt,)
    picked = [_tangent_like(case.args[w], rng) for w in wrt]
    return tuple(picked) if isinstance(case.wrt, tuple) else picked[0]


def _jvp_or_refusal(case, args, tangents):
    try:
        return sd.jvp(case.fn, wrt=case.wrt)(*args, tangents=tangents, **case.kwargs)
    except sd.SrcdiffError as e:
        return e


@pytest.mark.parametrize("case", GRADIENT_CASES, ids=lambda c: c.name)
def test_jvp_on_dask_arrays_equals_numpy_jvp(client, case):
    """Forward mode: value and tangent on chunked dask arrays (arguments and tangents)
    equal the NumPy results to 1e-12; lazy ones are computed by the cluster. A function
    forward mode refuses on NumPy arrays is refused the same way on dask arrays."""
    tangents = _tangents(case, np.random.default_rng(7))
    expected = _jvp_or_refusal(case, case.args, tangents)
    here = dask.config.set(scheduler="sync") if not _primal_stays_lazy(case) \
        else contextlib.nullcontext()
    with warnings.catch_warnings(), here:
        warnings.simplefilter("ignore", FutureWarning)
        got = _jvp_or_refusal(case, [chunked(a) for a in case.args], _chunk_tree(tangents))
    if isinstance(expected, sd.SrcdiffError):
        assert isinstance(got, sd.SrcdiffError) and str(got) == str(expected)
        return
    computed = client.compute(got, sync=True)
    pairs = list(zip(leaves(expected), leaves(computed)))
    assert len(pairs) == len(list(leaves(got))) >= 2
    for e, g in pairs:
        assert np.shape(g) == np.shape(e)
        np.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-12)


def _chunk_tree(t):
    if isinstance(t, dict):
        return {k: _chunk_tree(x) for k, x in t.items()}
    if isinstance(t, (list, tuple)):
        return type(t)(_chunk_tree(x) for x in t)
    return chunked(t)


@pytest.mark.parametrize("case", GRADIENT_CASES, ids=lambda c: c.name)
def test_nothing_is_computed_before_compute_in_forward_mode(case):
    """As in reverse mode: lazy where the function is, except FORWARD_MATERIALIZES (exact)."""
    if not _primal_stays_lazy(case):
        pytest.skip(f"{case.name}'s own control flow reads array values (dask computes them)")
    tangents = _chunk_tree(_tangents(case, np.random.default_rng(7)))
    args = [chunked(a) for a in case.args]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        if case.name in FORWARD_MATERIALIZES:
            with no_compute(), pytest.raises(AssertionError, match="computation ran"):
                _jvp_or_refusal(case, args, tangents)
        else:
            with no_compute():
                got = _jvp_or_refusal(case, args, tangents)
            assert all(isinstance(g, da.Array) for g in leaves(got[1])), case.name


def test_a_written_forward_module_runs_on_dask_arrays(client, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    out = tmp_path / "jvp_module.py"
    assert cli.main(["samples/logistic_regression.py:loss", "--wrt", "params", "--mode",
                     "forward", "-o", str(out)]) == 0
    spec = importlib.util.spec_from_file_location(f"written_jvp_{tmp_path.name}", out)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rng = np.random.default_rng(4)
    x = rng.normal(size=(200, 5))
    y = (rng.uniform(size=200) > 0.5).astype(float)
    params = {"w": rng.normal(size=5), "b": np.array([0.2])}
    tangent = {"w": rng.normal(size=5), "b": np.array([-0.4])}
    expected = module.jvp_loss(params, x, y, tangent)
    with no_compute():
        got = module.jvp_loss(params, da.from_array(x, chunks=(50, 5)),
                              da.from_array(y, chunks=50), tangent)
    assert all(isinstance(g, da.Array) for g in got)
    for e, g in zip(expected, client.compute(got, sync=True)):
        np.testing.assert_allclose(g, e, rtol=1e-12, atol=1e-12)
