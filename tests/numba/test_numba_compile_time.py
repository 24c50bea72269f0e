"""backend="numba", issue 18 round 6 (first-call compile time): slice stores written
``set_slice(x[s], v)`` (numba_pieces.py), a cached helper instead of numba's own slice
assignment (which compiles the formatting of its error message into each gradient). The
numbers must be NumPy's: against the NumPy backend and central finite differences, with
the cases the helper handles itself (a number, an array of the view's length, a length-1
array broadcast, a value overlapping the view) and those it passes on to numba (2-d)."""

import os
import subprocess
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from paths import ROOT

numba = pytest.importorskip("numba")


def _agree(fn, args, wrt):
    got = sd.grad(fn, wrt=wrt, backend="numba")(*args)
    ref = sd.grad(fn, wrt=wrt)(*args)
    got = got if isinstance(got, tuple) else (got,)
    ref = ref if isinstance(ref, tuple) else (ref,)
    for k, g, r in zip(wrt, got, ref):
        assert np.shape(g) == np.shape(args[k])
        assert_close(g, r, rtol=1e-12, atol=1e-14)
        assert_close(g, numeric_grad(fn, args, k))
    return got


def shifted(x, w, n):
    v = x.copy()
    for t in range(n):
        v[1:] = v[:-1] * w  # the value read from v itself: NumPy reads it all first
        v[:1] = 0.5 * x[:1]  # a number's worth: a length-1 array
        v[2:4] = v[1:2] * w + v[2:4]  # the view's length (a length-1 product broadcast)
        v[3:] = v[:1] * w  # a length-1 array broadcast into a longer view
    return np.sum(v * v * x)


def overlapping_view(x, w):
    v = x * w
    v[1:] = v[:-1]  # the value is a view of v: overlapping memory
    v[:2] = 3.0
    return np.sum(v * x)


def test_slice_stores_agree():
    x = np.array([0.3, -0.5, 0.8, 0.1, 0.7])
    for n in (0, 1, 4):
        _agree(shifted, (x, 0.7, n), (0, 1))
    _agree(overlapping_view, (x, 1.3), (0, 1))


def test_overlapping_value_is_read_before_writing():
    x = np.array([1.0, 2.0, 3.0, 4.0])
    # NumPy's v[1:] = v[:-1] gives [w, w, 2w, 3w]; an element-by-element copy without the
    # check would give [w, w, w, w]
    g = sd.grad(overlapping_view, wrt=0, backend="numba")(x, 2.0)
    ref = sd.grad(overlapping_view, wrt=0)(x, 2.0)
    assert_close(g, ref, rtol=1e-12, atol=1e-14)
    assert_close(g, numeric_grad(overlapping_view, (x, 2.0), 0))


def rows_written(a, w):
    b = a * w
    b[1:, :] = b[:-1, :] * 2.0  # 2-d: numba's own assignment
    return np.sum(b * a)


def test_two_dimensional_store():
    a = np.arange(6.0).reshape(3, 2) / 7
    _agree(rows_written, (a, 0.9), (0, 1))


def wrong_length(x):
    v = x.copy()
    v[1:] = x[:2]
    return np.sum(v)


def test_wrong_length_is_an_error():
    x = np.array([1.0, 2.0, 3.0, 4.0])
    with pytest.raises(ValueError):
        sd.grad(wrong_length, wrt=0)(x)
    with pytest.raises(ValueError, match="slice assigned an array of another length"):
        sd.grad(wrong_length, wrt=0, backend="numba")(x)


def products(W, V, x, n):
    h = x.copy()
    for t in range(n):
        h[1:] = np.tanh(W[1:] @ h + V[1:] @ W @ h)
    return np.sum(h @ V)


def test_products_with_stores_agree():
    rng = np.random.default_rng(4)
    W, V = rng.normal(size=(3, 3)) / 3, rng.normal(size=(3, 3)) / 3
    x = rng.normal(size=3)
    for n in (0, 1, 3):
        _agree(products, (W, V, x, n), (0, 1, 2))


def test_rewritten_source():
    import ast

    from srcdiff.compiler.emit import numba_pieces
    tree = ast.parse("def f(a, b, c, v, i):\n    v[1:] = a @ b\n    v[i] = 1.0\n"
                     "    v[1:, ::2] = a\n    v[[0, 1]] = b\n")
    text = ast.unparse(numba_pieces.slice_stores(tree))
    assert "set_slice(v[1:], a @ b)" in text
    assert "set_slice(v[1:, ::2], a)" in text
    assert "v[i] = 1.0" in text and "v[[0, 1]] = b" in text  # not basic slices: as written


_CHILD = """
import numpy as np
from numba.core import event
import srcdiff as sd
from fd import numeric_grad

def stored_once(x, w):
    v = x * w
    v[1:] = v[:-1] * x[1:]
    return np.sum(v * v)

args = (np.array([0.3, -0.5, 0.8, 0.1, 0.7]), 0.7)
with event.install_recorder("numba:compile") as rec:
    got = sd.grad(stored_once, wrt=0, backend="numba")(*args)
assert np.allclose(got, sd.grad(stored_once, wrt=0)(*args), rtol=1e-12, atol=1e-14)
assert np.allclose(got, numeric_grad(stored_once, args, 0), rtol=1e-6, atol=1e-9)
print(sorted({e.data["dispatcher"].py_func.__qualname__ for _, e in rec.buffer
              if e.is_start}))
"""


def test_no_shape_message_compiled(tmp_path):
    """The compile of a gradient with a slice store does not compile numba's formatting of
    the shape-mismatch message (~1.5 s of Burgers' first call), in a process of its own
    (numba compiles that formatting once a process, for the first function needing it)."""
    script = tmp_path / "child.py"  # (srcdiff reads the function's source file)
    script.write_text(_CHILD)
    env = dict(os.environ, SRCDIFF_NUMBA_CACHE_DIR=str(tmp_path / "sd"),
               NUMBA_CACHE_DIR=str(tmp_path / "numba"),
               PYTHONPATH=os.pathsep.join([ROOT, os.path.join(ROOT, "tests", "support")]))
    out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    compiled = out.stdout.strip().splitlines()[-1]
    assert "grad_stored_once" in compiled  # (compiled here, not loaded)
    assert "raise_with_shape_context" not in compiled, compiled
