"""The command line given bad inputs (session 48's sweep): a clear message with a usage or
compile exit status, nothing written; a written module refuses at run time what sd.grad
refuses, and takes what it takes (a complex output's cotangent)."""

import importlib.util

import numpy as np
import pytest

from srcdiff.cli import commands as cli


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_target_that_is_not_a_function(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "model.py", "import numpy as np\nf = 3\nW = np.ones(2)\n")
    assert cli.main(["model.py:f", "-o", "out.py"]) == 2
    assert "'f' is not a function (it is of type int)" in capsys.readouterr().err  # ("a int")
    assert cli.main(["model.py:W", "-o", "out.py"]) == 2
    assert "'W' is not a function (it is of type ndarray)" in capsys.readouterr().err
    _write(tmp_path, "model.py", "import numpy as np\nclass K:\n    pass\n")
    assert cli.main(["model.py:K", "-o", "out.py"]) == 2
    assert "'K' is not a function (it is a class)" in capsys.readouterr().err
    assert not (tmp_path / "out.py").exists()


@pytest.mark.parametrize("source, line", [
    ("import numpy as np\ndef f(x):\n    y = x * x\n\treturn np.sum(y)\n",
     "model.py:4:1: error: invalid syntax: inconsistent use of tabs and spaces"),
    ("import numpy as np\ndef f(x):\n    return np.sum(x * x\n",
     "model.py:3:18: error: invalid syntax: '(' was never closed"),
])
def test_a_file_that_does_not_parse(tmp_path, monkeypatch, capsys, source, line):
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "model.py", source)
    assert cli.main(["model.py:f", "-o", "out.py"]) == 3
    assert line in capsys.readouterr().err
    assert not (tmp_path / "out.py").exists()


def test_crlf_line_endings_and_a_byte_order_mark(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "model.py"
    path.write_bytes(b"\xef\xbb\xbfimport numpy as np\r\ndef f(x):\r\n    y = np.sin(x)\r\n"
                     b"    return np.sum(y * x)\r\n")
    assert cli.main(["model.py:f", "-o", "out.py"]) == 0
    grad = _load(tmp_path / "out.py").grad_f
    x = np.array([0.3, -1.2])
    np.testing.assert_allclose(grad(x), np.cos(x) * x + np.sin(x), rtol=1e-12)


def test_a_written_module_takes_a_complex_cotangent(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "model.py", "import numpy as np\ndef f(x):\n    return x * 1j\n")
    assert cli.main(["model.py:f", "-o", "out.py"]) == 0
    grad = _load(tmp_path / "out.py").grad_f
    assert grad(2.0) == 0.0 and grad(2.0, grad_ys=1j) == -1.0  # (Re sum(cotangent * f))


def _load(path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_output_path(tmp_path, monkeypatch, capsys, empty):
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "model.py", "import numpy as np\ndef f(x):\n    return np.sum(x * x)\n")
    assert cli.main(["model.py:f", "-o", empty]) == 2
    captured = capsys.readouterr()
    assert "-o: the output path is empty" in captured.err
    assert "def grad_f" not in captured.out  # (was written to stdout)
