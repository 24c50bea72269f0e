"""Generated gradients on CuPy arrays (issue 19): the corpus's array functions, reverse and
forward mode, against the NumPy results (1e-12).

Runs only where CuPy and a CUDA device are present; skipped otherwise (this project's
machines have no GPU, so these tests have never run here: see README, Scaling out).
A CuPy array is an argument kind of its own; NumPy's functions dispatch to it, and CuPy
refuses implicit conversion to NumPy (TypeError), so a NumPy-only call in the generated
code fails loudly instead of computing on the host.
"""

import numpy as np
import pytest

import srcdiff as sd
from corpus import CASES

cp = pytest.importorskip("cupy", reason="CuPy is not installed (pip install cupy-cudaXXx)")


def _devices():
    try:
        return cp.cuda.runtime.getDeviceCount()
    except Exception:  # (CUDARuntimeError: no driver, no device)
        return 0


if _devices() == 0:
    pytest.skip("no CUDA device: the CuPy gradient tests need a GPU", allow_module_level=True)

ARRAY_CASES = [c for c in CASES
               if any(isinstance(a, np.ndarray) and a.ndim >= 1 for a in c.args)]
# generated code that converts to NumPy: the scatter-add adjoint (np.add.at on an index
# array) and values stacked with np.array(list) or converted with np.array(x, dtype=float)
# (np.array is not dispatched: it converts, which CuPy refuses with a TypeError). Read
# off the generated code, never observed (no GPU here): for these alone a TypeError is
# accepted in place of the gradient; a value that comes back is checked all the same.
CONVERTS = {"constants_only", "rnn", "loop_carried_matrix", "store_slices"}


def on_device(v):
    if isinstance(v, dict):
        return {k: on_device(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return type(v)(on_device(x) for x in v)
    return cp.asarray(v) if isinstance(v, np.ndarray) and v.ndim >= 1 else v


def flat(g):
    if isinstance(g, dict):
        return [x for v in g.values() for x in flat(v)]
    if isinstance(g, (list, tuple)):
        return [x for v in g for x in flat(v)]
    return [g]


def assert_same(expected, got):
    pairs = list(zip(flat(expected), flat(got)))
    assert len(pairs) == len(flat(got)) > 0
    for e, g in pairs:
        assert not isinstance(g, np.ndarray) or np.ndim(g) == 0, "a NumPy array came back"
        np.testing.assert_allclose(cp.asnumpy(g), e, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("case", ARRAY_CASES, ids=lambda c: c.name)
def test_gradient_on_cupy_arrays_equals_numpy_gradient(case):
    expected = sd.grad(case.fn, wrt=case.wrt)(*case.args, **case.kwargs)
    run = sd.grad(case.fn, wrt=case.wrt)
    try:
        got = run(*on_device(case.args), **case.kwargs)
    except TypeError:
        if case.name not in CONVERTS:
            raise
        return
    assert_same(expected, got)


@pytest.mark.parametrize("case", ARRAY_CASES, ids=lambda c: c.name)
def test_jvp_on_cupy_arrays_equals_numpy_jvp(case):
    wrt = case.wrt if isinstance(case.wrt, tuple) else (case.wrt,)
    rng = np.random.default_rng(5)
    tangents = tuple(rng.normal(size=np.shape(case.args[w])) for w in wrt)
    if any(not isinstance(case.args[w], np.ndarray) for w in wrt):
        pytest.skip(f"{case.name}: a container or scalar argument (tangents built for arrays)")
    tangents = tangents if isinstance(case.wrt, tuple) else tangents[0]
    try:
        expected = sd.jvp(case.fn, wrt=case.wrt)(*case.args, tangents=tangents, **case.kwargs)
    except sd.SrcdiffError:
        pytest.skip(f"{case.name}: forward mode refuses it on NumPy arrays too")
    got = sd.jvp(case.fn, wrt=case.wrt)(*on_device(case.args), tangents=on_device(tangents),
                                        **case.kwargs)
    assert_same(expected, got)
