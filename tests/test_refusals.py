"""Inputs srcdiff does not model exactly are refused with a clear error, never guessed."""

import importlib
import sys

import numpy as np
import pytest

import srcdiff as sd


@pytest.fixture
def _import(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))

    def load(name, text):
        path = tmp_path / f"{name}.py"
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        monkeypatch.delitem(sys.modules, name, raising=False)
        return importlib.import_module(name), path
    return load


def test_source_edited_after_import_is_refused(_import):
    mod, path = _import("edited_after_import",
                        "import numpy as np\n\ndef f(x):\n    return np.sum(x * x)\n")
    assert sd.grad(mod.f)(np.ones(2)).tolist() == [2.0, 2.0]
    path.write_text("import numpy as np\n\ndef g(x):\n    return 3.0 * x\n\n"
                    "def f(x):\n    return np.sum(x * x)\n")
    sd.api.invalidate()
    with pytest.raises(sd.SrcdiffError, match="changed since it was imported") as e:
        sd.grad(mod.f)(np.ones(2))
    assert "reload" in str(e.value)
    importlib.reload(mod)
    assert sd.grad(mod.f)(np.ones(2)).tolist() == [2.0, 2.0]


def test_source_edited_in_place_is_refused(_import):
    mod, path = _import("edited_in_place",
                        "import numpy as np\n\ndef f(x):\n    return np.sum(x * x)\n")
    path.write_text("import numpy as np\n\ndef f(x):\n    return np.sum(2.0 * x * x)\n")
    with pytest.raises(sd.SrcdiffError, match="changed since it was imported"):
        sd.grad(mod.f)(np.ones(2))


def test_non_utf8_byte_names_the_encoding_and_line(_import):
    mod, _ = _import("latin1_comment",
                     b"import numpy as np\n# caf\xe9\ndef f(x):\n    return np.sum(x * x)\n")
    with pytest.raises(sd.SrcdiffError) as e:
        sd.grad(mod.f)(np.ones(2))
    text = str(e.value)
    assert "latin1_comment.py:2" in text and "utf-8" in text and "interactive" not in text


@pytest.mark.parametrize("make, message", [
    (lambda: sd.optimizers.Adam(beta1=1.0), r"beta1 must be in the range \[0, 1\), but received 1.0"),
    (lambda: sd.optimizers.Adam(beta2=-0.1), r"beta2 must be in the range \[0, 1\)"),
    (lambda: sd.optimizers.Adam(epsilon=-1e-8), r"epsilon must be a finite number >= 0"),
    (lambda: sd.optimizers.Adam(learning_rate=float("nan")), r"learning_rate must be"),
    (lambda: sd.optimizers.GradientDescent(-0.1), r"learning_rate must be"),
    (lambda: sd.optimizers.Momentum(0.1, momentum=1.5), r"momentum must be in the range \[0, 1\]"),
    (lambda: sd.optimizers.RMSProp(0.1, decay=2.0), r"decay must be in the range"),
    (lambda: sd.optimizers.RMSProp(0.1, epsilon=float("inf")), r"epsilon must be"),
])
def test_optimizer_hyperparameters_are_validated(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_optimizer_learning_rate_callable_is_validated_when_read():
    opt = sd.optimizers.GradientDescent(lambda: -1.0)
    params = {"w": np.ones(2)}
    with pytest.raises(ValueError, match="learning_rate must be"):
        opt.apply_gradients([(np.ones(2), params["w"])])


def test_adam_at_the_edges_of_its_ranges_still_trains():
    opt = sd.optimizers.Adam(learning_rate=0.1, beta1=0.0, beta2=0.0)
    w = np.array([1.0, -2.0])
    opt.apply_gradients([(2.0 * w, w)])
    assert np.all(np.isfinite(w)) and np.all(np.abs(w) < [1.0, 2.0])
