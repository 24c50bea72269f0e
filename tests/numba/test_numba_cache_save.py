"""numba compiled the gradient but could not save it to its disk cache: RuntimeError("no
compiled object yet for <Library ...>") from numba's cache (seen once in the random stencil
programs, a function linking one numba had loaded from that cache). The call compiles the
gradient again in memory and answers (numba_runner.Runner.run), never numba's traceback; any
other RuntimeError is the call's own."""

import numpy as np
import pytest

import srcdiff as sd

pytest.importorskip("numba")


def loss(x, w):
    acc = 0.0
    for i in range(x.shape[0]):
        acc += np.tanh(w * x[i]) ** 2
    return acc


X = np.array([0.3, -0.8, 1.1])


def _closed_form(x, w):  # d/dw sum tanh(w x_i)^2
    t = np.tanh(w * x)
    return np.sum(2.0 * t * (1.0 - t * t) * x)


def test_a_gradient_numba_could_not_save_is_compiled_again_in_memory():
    g = sd.grad(loss, wrt=1, backend="numba")
    assert np.isclose(g(X, 0.7), _closed_form(X, 0.7), rtol=1e-12)
    (_, runner), = g._runners.values()
    made = []

    def not_saved(*args):
        raise RuntimeError("no compiled object yet for <Library 'grad_loss' at 0x1>")

    def uncached(real=runner.uncached):
        made.append(real())
        return made[-1]

    runner.jitted, runner.uncached = not_saved, uncached
    assert np.isclose(g(X, 0.4), _closed_form(X, 0.4), rtol=1e-12)
    assert len(made) == 1 and runner.jitted is made[0]
    # (in memory: no file of the cache directory, numba's cache off)
    assert made[0].py_func.__code__.co_filename.startswith("<srcdiff numba")
    assert type(made[0]._cache).__name__ == "NullCache"
    assert np.isclose(g(X, -0.2), _closed_form(X, -0.2), rtol=1e-12) and len(made) == 1


def test_another_runtime_error_is_not_taken_for_it():
    g = sd.grad(loss, wrt=1, backend="numba")
    g(X, 0.7)
    (_, runner), = g._runners.values()

    def broken(*args):
        raise RuntimeError("something else")

    runner.jitted = broken
    with pytest.raises(RuntimeError, match="something else"):
        g(X, 0.3)
