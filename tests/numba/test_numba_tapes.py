"""backend="numba": preallocated array tapes (compiler/emit/numba_tapes.py), user globals
passed as arguments, and the on-disk cache (compiler/emit/numba_cache.py). Numbers are
checked against the NumPy backend and central finite differences."""

import math
import os
import subprocess
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from paths import ROOT

numba = pytest.importorskip("numba")


def _agree(fn, args, wrt=0):
    got = sd.grad(fn, wrt=wrt, backend="numba")(*args)
    ref = sd.grad(fn, wrt=wrt)(*args)
    positions = [wrt] if isinstance(wrt, int) else list(wrt)
    if isinstance(wrt, int):
        got, ref = (got,), (ref,)
    for k, g, r in zip(positions, got, ref):
        assert_close(g, r, rtol=1e-12, atol=1e-14)
        assert_close(g, numeric_grad(fn, args, k))
    return got


def scalar_recurrence(a, x0, n):
    x = x0
    for i in range(n):
        x = a * np.sin(x) + 0.1 * x * x
    return x


def array_recurrence(w, x0, n):
    x = x0
    s = 0.0
    for i in range(1, n + 1, 2):
        y = np.tanh(w * x)
        s = s + np.sum(y * x)
        x = y + 0.5 * x
    return s + np.sum(x * x)


def matrix_recurrence(W, h0, xs, n):
    h = h0
    for t in range(n):
        h = np.tanh(h @ W + xs[t])
    return np.sum(h * h)


@pytest.mark.parametrize("n", [0, 1, 4])
def test_scalar_tape_any_trip_count(n):
    _agree(scalar_recurrence, (0.7, 0.3, n), wrt=(0, 1))


@pytest.mark.parametrize("n", [0, 1, 2, 7])
def test_array_tape_range_with_start_and_step(n):
    rng = np.random.default_rng(3)
    _agree(array_recurrence, (rng.standard_normal(4), rng.standard_normal(4), n), wrt=(0, 1))


def test_matrix_tapes_and_accumulations():
    rng = np.random.default_rng(4)
    W = 0.5 * rng.standard_normal((3, 3))
    args = (W, rng.standard_normal((2, 3)), rng.standard_normal((5, 2, 3)), 5)
    _agree(matrix_recurrence, args, wrt=(0, 1, 2))


def test_range_loops_get_array_tapes():
    g = sd.grad(array_recurrence, backend="numba")
    text = g.source(np.ones(3), np.ones(3), 3)
    assert "tape_alloc(_n0" in text and "tape_get(" in text and ".pop()" not in text
    assert "_n0 = len(range(1, add, 2))" in text


def growing(x, n):
    v = x
    for i in range(n):
        v = np.concatenate((v, v * 0.5))
    return np.sum(np.sin(v))


def test_a_saved_value_that_changes_shape_is_an_error_not_a_wrong_number():
    g = sd.grad(growing, backend="numba")
    try:
        got = g(np.ones(2), 3)
    except (ValueError, sd.SrcdiffError) as exc:
        assert "changed shape" in str(exc) or "numba" in str(exc)
    else:  # when numba compiles it, the number must be right
        assert_close(got, numeric_grad(growing, (np.ones(2), 3), 0))


# ----------------------------------------------------------------- user globals

SCALE = 2.0
WEIGHTS = np.array([1.0, 2.0, 3.0])
TABLE = [1.0, 2.0]


def scaled(x):
    return np.sum(SCALE * x * x)


def weighted(x):
    return np.sum(np.sin(x) * WEIGHTS)


def test_a_rebound_global_scalar_is_seen(monkeypatch):
    g = sd.grad(scaled, backend="numba")
    x = np.array([1.0, -2.0])
    assert_close(g(x), 4.0 * x)
    monkeypatch.setitem(globals(), "SCALE", 3.0)  # numba would have frozen 2.0
    assert_close(g(x), 6.0 * x)
    monkeypatch.setitem(globals(), "SCALE", 5)  # another type: compiled anew
    assert_close(g(x), 10.0 * x)


def test_a_global_array_changed_in_place_or_rebound_is_seen(monkeypatch):
    g = sd.grad(weighted, backend="numba")
    x = np.array([0.1, 0.2, 0.3])
    assert_close(g(x), np.cos(x) * WEIGHTS)
    monkeypatch.setitem(globals(), "WEIGHTS", WEIGHTS.copy())
    WEIGHTS[0] = 7.0
    assert_close(g(x), np.cos(x) * np.array([7.0, 2.0, 3.0]))
    monkeypatch.setitem(globals(), "WEIGHTS", np.array([1.0, 1.0, 1.0]))
    assert_close(g(x), np.cos(x))


def reads_a_global_list(x):
    return x * TABLE[0]


def test_a_global_list_is_refused():
    with pytest.raises(sd.SrcdiffError, match="freeze the global `TABLE`"):
        sd.grad(reads_a_global_list, backend="numba")(1.5)


# ----------------------------------------------------------------- the disk cache

_CHILD = """
import sys, numpy as np
sys.path.insert(0, {bench!r})
import srcdiff as sd
from workloads import scalar_loop
args = scalar_loop.make_inputs(np.random.default_rng(0), n=7)
g = sd.grad(scalar_loop.primal, wrt=scalar_loop.WRT, backend="numba")
print(repr(tuple(float(v) for v in g(*args))))
runner = next(iter(g._runners.values()))[1]
stats = runner.jitted.stats
print(sum(stats.cache_hits.values()), sum(stats.cache_misses.values()))
"""


def _child(cache_dir):
    env = dict(os.environ, SRCDIFF_NUMBA_CACHE_DIR=str(cache_dir), PYTHONPATH=ROOT)
    code = _CHILD.format(bench=os.path.join(ROOT, "bench"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    value, counts = out.stdout.strip().splitlines()
    return value, counts.split()


def test_a_second_process_loads_the_cached_gradient(tmp_path):
    first, (hits1, misses1) = _child(tmp_path)
    second, (hits2, misses2) = _child(tmp_path)
    assert first == second
    assert hits1 == "0" and misses1 != "0"  # compiled, then saved
    assert hits2 == "1"  # loaded from disk
    files = [f for f in os.listdir(tmp_path) if f.endswith(".py")]
    assert len(files) == 1 and files[0].startswith("srcdiff_grad_")


_LOADED_FROM_A_PATH = """
import importlib.util, sys, numpy as np
import srcdiff as sd
spec = importlib.util.spec_from_file_location("user_model_{tag}", {path!r})
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
sys.modules[spec.name] = module
g = sd.grad(module.f, backend="numba")
print(repr(float(g(0.3))), sys.modules[spec.name] is module)
"""


def test_a_cached_gradient_of_a_module_that_is_not_importable(tmp_path):
    # A function of a module loaded from a path (a script, a notebook's file, a temporary
    # module) whose name the next process cannot import. The compiled gradient's module
    # took the user module's name (its __name__ came with the namespace), so the second
    # process crashed with ModuleNotFoundError loading numba's cache, and the first put the
    # generated module in sys.modules in place of the user's.
    path = tmp_path / "model.py"
    path.write_text("import numpy as np\n\n\ndef f(x):\n"
                    "    s = 0.0\n    for i in range(4):\n        s = s * np.sin(x) + x\n"
                    "    return s\n")
    cache = tmp_path / "cache"
    results = []
    for tag in ("a", "b"):
        env = dict(os.environ, SRCDIFF_NUMBA_CACHE_DIR=str(cache), PYTHONPATH=ROOT)
        out = subprocess.run([sys.executable, "-c", _LOADED_FROM_A_PATH.format(
            tag=tag, path=str(path))], env=env, capture_output=True, text=True, timeout=600)
        assert out.returncode == 0, out.stderr
        results.append(out.stdout.split())
    assert results[0] == results[1] and results[0][1] == "True"

    def f(x):
        s = 0.0
        for i in range(4):
            s = s * np.sin(x) + x
        return s

    assert float(results[0][0]) == pytest.approx(numeric_grad(f, (0.3,), 0), rel=1e-7)


def test_the_key_covers_the_source_and_the_helpers(monkeypatch):
    from srcdiff.compiler.emit import numba_cache

    k = numba_cache.key("def f(x):\n    return x\n", numba)
    assert k != numba_cache.key("def f(x):\n    return 2 * x\n", numba)
    monkeypatch.setattr(numba_cache, "_FINGERPRINT", ["another helpers module"])
    assert k != numba_cache.key("def f(x):\n    return x\n", numba)


def test_caching_off_compiles_in_memory(monkeypatch, tmp_path):
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE", "0")
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE_DIR", str(tmp_path))

    def cubic(x):
        return x * x * x + 0.25 * x

    assert sd.grad(cubic, backend="numba")(2.0) == pytest.approx(12.25, rel=1e-15)
    assert os.listdir(tmp_path) == []


# ----------------------------------------------------------------- lists of floats

def kalman_like(a, q, ys, n):
    level = 0.0
    width = 1.0
    loss = 0.0
    for t in range(n):
        err = ys[t] - a * level
        width = q + a * width * a
        loss = loss + math.log(width) + err * err / (2.0 * width)
        level = a * level + 0.5 * err
    return loss + len(ys)


def list_used_whole(a, ys):
    s = 0.0
    for t in range(len(ys)):
        s = s + a * ys[t]
    return s * sum(ys)


def test_a_list_of_floats_read_by_index_is_passed_as_an_array():
    ys = [0.3, -0.2, 0.9, 1.4, -0.5]
    _agree(kalman_like, (0.9, 0.2, ys, 5), wrt=(0, 1))
    g = sd.grad(kalman_like, wrt=(0, 1), backend="numba")
    g(0.9, 0.2, ys, 5)
    runner = next(iter(g._runners.values()))[1]
    assert runner.float_lists == (2,)
    _agree(kalman_like, (0.9, 0.2, [1, 2, 3], 3), wrt=(0, 1))  # ints: kept as a list



def test_steady_calls_read_each_calls_list():
    """The steady-state path (api/backends.py: the quick key's pass makes the arrays of the
    lists of floats, api/seeded.py float_entries) passes this call's entries: a list of
    other values with the same key, the same list changed in place, and a list with an int
    entry (no quick key: the general path, which passes it as a list) each get their own
    gradient, the NumPy backend's and finite differences', or for the mixed list a
    SrcdiffError (numba's TypeError before)."""
    g = sd.grad(kalman_like, wrt=(0, 1), backend="numba")
    ref = sd.grad(kalman_like, wrt=(0, 1))
    ys = [0.3, -0.2, 0.9, 1.4, -0.5]
    for values in ([0.3, -0.2, 0.9, 1.4, -0.5], [1.3, 0.2, -0.9, 0.4, 2.5], "in place",
                   [0.3, -0.2, 1, 1.4, -0.5]):
        if values == "in place":
            ys[1] = 7.5
        else:
            ys = values
        args = (0.9, 0.2, ys, 5)
        for _ in range(2):  # (the second call takes the steady-state path)
            if 1 in ys:
                with pytest.raises(sd.SrcdiffError, match="mixed values"):
                    g(*args)
                continue
            got = g(*args)
            want = ref(*args)
            assert got == pytest.approx(want, rel=1e-12, abs=1e-12)
            f = lambda a, q: kalman_like(a, q, ys, 5)  # noqa: E731
            fd = [numeric_grad(f, (0.9, 0.2), i) for i in (0, 1)]
            assert_close(np.array(got), np.array(fd))

def test_a_list_used_otherwise_is_not_converted():
    g = sd.grad(list_used_whole, backend="numba")
    try:
        got = g(0.5, [1.0, 2.0, 4.0])
    except sd.SrcdiffError as exc:  # numba may not compile sum() of a list
        assert "numba" in str(exc)
    else:
        assert got == pytest.approx(7.0 * 7.0, rel=1e-14)
        assert next(iter(g._runners.values()))[1].float_lists == ()


def growing_slices(xs):
    p = -0.5
    u = xs * 0.5
    for i in range(len(xs)):
        t = u[:i + 1] * p  # (a new length every trip: the tape's rows cannot hold it)
        p -= np.sum(np.sin(t))
    return 0.1 * p


def test_a_saved_value_that_changes_shape_is_refused_not_a_numba_error():
    """The numba backend tapes a value saved in a loop in rows of one shape; a slice that
    grows with the loop is found when the call runs: a SrcdiffError with the way out, not
    the helper's ValueError (random loop programs, seed 206498761 programs 13 and 16)."""
    xs = np.array([-0.31, -0.37, -0.38, -0.64])
    with pytest.raises(sd.SrcdiffError, match="one shape on every trip"):
        sd.grad(growing_slices, backend="numba")(xs)
    assert_close(sd.grad(growing_slices)(xs), numeric_grad(growing_slices, (xs,), 0))


def _bound_then_changed(x, ys):
    m = 1.0
    for i in range(len(ys)):
        t = np.outer(ys, ys) * 0.2  # bound only in the loop: its tape row is put after this
        t[i][1:] *= 1.0 + 0.2 * x  # ... and changed in place after it
        m = m * np.sum(t * t) - 0.3
    return m


def test_a_value_changed_in_place_after_its_tape_row_keeps_a_list_tape():
    # found by a hunt (gen_loops seed 1704, program 79): the array tape copied `t` right
    # after its assignment, before the store into it, where the NumPy sweep's _stack keeps
    # the array itself; d/dys was off by 0.1-0.3% (-0.0015585 for -0.0015622)
    ys = np.array([-0.30345, 0.074709, -0.121863, -0.776643])
    _agree(_bound_then_changed, (0.8, ys), wrt=(0, 1))
