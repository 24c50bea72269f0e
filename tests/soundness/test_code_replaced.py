"""A function's code replaced in place, as IPython's ``%autoreload`` does on a file edit.

autoreload keeps each function object and assigns the new ``__code__`` (and defaults) to
it. srcdiff caches a gradient per function object and guarded the *names* a gradient reads
(emit/live.py), not the code behind them: after an edit of the differentiated function or
of a helper it calls, sd.grad, sd.jvp and sd.hvp kept running the derivative of the old
code, a wrong gradient with no error (``[1, -2]`` for ``[0.75, 3]``). The code of the
function and of each function it reads is now guarded, and a replaced one compiles anew.
"""

import importlib.util
import sys

import numpy as np
import pytest

import srcdiff as sd

V1 = '''
import numpy as np

def helper(v):
    return v ** 2

def loss(x, s=1.0):
    return s * np.sum(helper(x))

def direct(x):
    return np.sum(np.sin(x))
'''

V2 = V1.replace("v ** 2", "v ** 3").replace("np.sin(x)", "np.cos(2.0 * x)")


def _load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _autoreload(old, new):
    """What IPython's autoreload does to each function of a reloaded module."""
    for name in ("helper", "loss", "direct"):
        f, g = getattr(old, name), getattr(new, name)
        f.__code__ = g.__code__
        f.__defaults__ = g.__defaults__


@pytest.fixture
def reloaded(tmp_path):
    path = tmp_path / "edited_model.py"
    path.write_text(V1)
    old = _load(path, "edited_model_v1")
    yield old, lambda: (path.write_text(V2), _autoreload(old, _load(path, "edited_model_v2")))
    sys.modules.pop("edited_model_v1", None)
    sys.modules.pop("edited_model_v2", None)


X = np.array([0.5, -1.0])


@pytest.mark.parametrize("transform,expected_before,expected_after", [
    (lambda m: sd.grad(m.loss)(X), 2 * X, 3 * X ** 2),
    (lambda m: sd.jvp(m.loss)(X, tangents=np.ones(2))[1], np.sum(2 * X), np.sum(3 * X ** 2)),
    (lambda m: sd.hvp(m.loss)(X, vector=np.ones(2)), 2 * np.ones(2), 6 * X),
    (lambda m: sd.value_and_grad(m.loss)(X)[1], 2 * X, 3 * X ** 2),
    (lambda m: sd.grad(m.direct)(X), np.cos(X), -2.0 * np.sin(2.0 * X)),
    (lambda m: sd.jvp(m.direct)(X, tangents=np.ones(2))[1], np.sum(np.cos(X)),
     np.sum(-2.0 * np.sin(2.0 * X))),
], ids=["grad_helper", "jvp_helper", "hvp_helper", "value_and_grad_helper", "grad_direct",
        "jvp_direct"])
def test_the_gradient_follows_the_new_code(reloaded, transform, expected_before,
                                            expected_after):
    module, edit = reloaded
    assert np.allclose(transform(module), expected_before)
    edit()
    assert np.allclose(transform(module), expected_after)


def test_a_held_transform_follows_the_new_code(reloaded):
    module, edit = reloaded
    grad = sd.grad(module.loss)
    assert np.allclose(grad(X), 2 * X)
    assert np.allclose(grad(X), 2 * X)  # (the fast path: compiled and keyed)
    edit()
    assert np.allclose(grad(X), 3 * X ** 2)
