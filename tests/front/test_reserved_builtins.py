"""Generated code calls the builtins ``slice`` and ``len`` by name (``index_add(b, x,
slice(1, None, None), g)``, ``stacked_parts(b, len(xs), 0)``), and the optimizer relies on
them changing nothing (dataflow.CHANGED_ARGUMENTS): a function that binds either, or a
module that rebinds either, is refused in both modes (emit/reserved.py)."""

import importlib.util

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def _module(tmp_path, source, name):
    path = tmp_path / (name + ".py")
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("builtin", ["slice", "len"])
def test_a_module_that_rebinds_the_builtin_is_refused(tmp_path, builtin):
    mod = _module(tmp_path, "import numpy as np\n"
                  f"{builtin} = lambda *args: args\n\n"
                  "def f(x):\n"
                  "    return np.sum(x[1:] * x[:-1])\n", "rebinds_" + builtin)
    x = np.array([0.5, 1.5, 2.5])
    with pytest.raises(sd.SrcdiffError, match=f"binds `{builtin}`.*generated code calls"):
        sd.grad(mod.f)(x)
    with pytest.raises(sd.SrcdiffError, match=f"binds `{builtin}`"):
        sd.jvp(mod.f)(x, tangents=np.ones(3))


def forward_binds_len(x):
    len = 2.0
    return x * len


def test_forward_mode_refuses_a_local_named_like_the_builtin():
    with pytest.raises(sd.SrcdiffError, match="'len' is reserved"):
        sd.jvp(forward_binds_len)(1.5, tangents=1.0)


def test_the_builtins_read_as_usual_are_accepted():
    def f(x, xs):
        xs.append(x[1:] * x[:-1])
        return np.sum(np.stack(xs)) * len(x)

    x = np.array([0.5, 1.5, 2.5])
    assert_close(sd.grad(f)(x, []), numeric_grad(lambda v: f(v, []), (x,), 0))
