"""A view of an array changed in place (``w = v[1:]``, then ``v *= a`` or ``w += a``) is
read by its array afterwards (front/aliases.py: ``w`` as ``v[1:]``), after a first
analysis shows ``v`` holds an array; when it runs, ``view_of`` checks that ``w`` is a view.
Every view form and change the realistic-program generator draws, in every mode,
against central differences; a list's slice (a copy) keeps its meaning."""

import os
import subprocess
import sys

import numpy as np
import pytest

import paths
import srcdiff as sd
from fd import assert_close, numeric_grad, numeric_jvp
from srcdiff.runtime_checks import view_of

VIEWS = ["v[1:]", "v[::-1]", "v[None, :]", "v[...]", "v[:]", "v[1:3]", "v[n:]"]
CHANGES = ["v *= 1 + 0.1 * s", "v[1:] += 0.2 * v[:-1]", "v[::2] = np.sin(v[1::2])",
           "v[v > 0.3] *= 0.5", "v[0] = s", "v[:] = np.tanh(v)", "v -= v.mean()",
           "v[-1] *= v[0]", "v[[1, 2]] += s", "w += s", "w *= 2.0",
           "np.copyto(v, v[::-1] * s)"]
X, S = np.array([0.61, 0.18, -0.89, 0.33]), 0.7


def _program(view, change, tmp_path):
    source = (f"import numpy as np\n\n\ndef f(x, s):\n    v = np.array(x, dtype=float) * s\n"
              f"    n = 1\n    w = {view}\n    {change}\n"
              f"    return np.sum(w * w) + np.sum(v) * s\n")
    path = tmp_path / "program.py"
    path.write_text(source)
    namespace = {}
    exec(compile(source, str(path), "exec"), namespace)
    return namespace["f"], path


def _fresh(f):
    return lambda x, s: f(x.copy(), s)


@pytest.mark.parametrize("change", CHANGES)
@pytest.mark.parametrize("view", VIEWS)
def test_view_changed_in_place(view, change, tmp_path):
    f, _ = _program(view, change, tmp_path)
    want = [numeric_grad(_fresh(f), (X, S), k) for k in (0, 1)]
    for options in ({}, {"optimize": False}, {"verify": True}):
        got = sd.grad(f, wrt=(0, 1), **options)(X.copy(), S)
        assert_close(got[0], want[0])
        assert_close(got[1], want[1])
    t = np.array([0.1, 0.2, -0.3, 0.4])
    assert_close(sd.jvp(f)(X.copy(), S, tangents=t)[1], numeric_jvp(_fresh(f), (X, S), (0,), (t,)))


def test_the_written_module(tmp_path):
    f, path = _program("v[1:]", "v *= 1 + 0.1 * s", tmp_path)
    out = tmp_path / "grad_program.py"
    subprocess.run([sys.executable, "-m", "srcdiff", f"{path}:f", "--wrt", "x,s", "-o", str(out)],
                   check=True, env={**os.environ, "PYTHONPATH": paths.ROOT})
    namespace = {}
    exec(compile(out.read_text(), str(out), "exec"), namespace)
    got = namespace["grad_f"](X.copy(), S)
    assert_close(got[0], numeric_grad(_fresh(f), (X, S), 0))
    assert_close(got[1], numeric_grad(_fresh(f), (X, S), 1))


def list_slice(x, s):
    v = [x[0], x[1], x[2]]
    w = v[1:]  # a copy: v's change is not seen through it
    v[0] = s * 2
    return w[0] * v[0] + w[1]


def test_a_list_slice_is_a_copy():
    assert_close(sd.grad(list_slice, wrt=(0, 1))(X, S)[1], numeric_grad(list_slice, (X, S), 1))


def test_a_copy_is_never_read_as_a_view():
    """``view_of`` stops a copy (an index array's result, an empty slice, a list's slice),
    which front/aliases.py would otherwise read by its array."""
    v = np.arange(4.0)
    assert view_of(v[1:], v, "w") == 0 and view_of(v[None, ::-1], v, "w") == 0
    for copy, of in ((v[[0, 2]], v), (v[4:], v), ([1.0, 2.0], [0.0, 1.0, 2.0])):
        with pytest.raises(sd.SrcdiffError, match="`w` is changed in place and read as a view"):
            view_of(copy, of, "w")
