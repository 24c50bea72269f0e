"""Parameters annotated ``float`` / ``int`` on the command line (srcdiff/cli/annotations.py).

A written module is compiled before any call, so a parameter may hold anything; one
annotated ``float`` or ``int`` is compiled as sd.grad compiles for a float or an int
argument, and the written function checks its argument at entry (TypeError otherwise).
Gradients are compared with central finite differences.
"""

import importlib.util
import re
import textwrap

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff import runtime_checks
from srcdiff.cli import commands as cli

EXAMPLE = """
import numpy as np


def f(x, s{ann}):
    p = {{"w": s, "b": 0.5}}
    for e in x:
        p["w"] -= 0.1 * e
    return p["w"] * s + np.sum(x)
"""


def write_source(tmp_path, text, name="prog.py"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def run(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    return code, capsys.readouterr().err


def load(path, name="written"):
    spec = importlib.util.spec_from_file_location(f"{name}_{abs(hash(str(path)))}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def source_function(path, name="f"):
    return getattr(load(path, "source"), name)


def written(tmp_path, capsys, text, *options, target="f", wrt="x,s"):
    src = write_source(tmp_path, text)
    out = tmp_path / "grad_prog.py"
    code, err = run(capsys, f"{src}:{target}", "--wrt", wrt, "-o", out, *options)
    assert code == 0, err
    return load(out), source_function(src, target), out


@pytest.mark.parametrize("x", [np.array([0.4, -1.2, 2.0]), np.arange(6.0).reshape(3, 2) / 7])
def test_annotated_float_is_accepted_and_right(tmp_path, capsys, x):
    module, f, _ = written(tmp_path, capsys, EXAMPLE.format(ann=": float"))
    for s in (1.5, np.float64(-0.3), 2, np.int64(-1)):
        gx, gs = module.grad_f(x, s)
        args = (x, float(s))
        assert_close(gx, numeric_grad(f, args, 0))
        assert_close(gs, numeric_grad(f, args, 1))
        assert type(gs) is not np.ndarray or gs.shape == ()


def test_unannotated_is_still_refused(tmp_path, capsys):
    src = write_source(tmp_path, EXAMPLE.format(ann=""))
    code, err = run(capsys, f"{src}:f", "--wrt", "x,s")
    assert code == 3
    assert "changes an array in place that `s` also refers to" in err


@pytest.mark.parametrize("ann", [": np.float64", ': "float"', ": typing.Any", ": float | None",
                                 ": np.ndarray"])
def test_other_annotations_are_ignored(tmp_path, capsys, ann):
    src = write_source(tmp_path, "import typing\n" + EXAMPLE.format(ann=ann))
    code, err = run(capsys, f"{src}:f", "--wrt", "x,s")
    assert code == 3
    assert "changes an array in place that `s` also refers to" in err


def test_a_rebound_float_name_is_not_the_builtin(tmp_path, capsys):
    """`float = np.float32` in the module: `s: float` means numpy's, and is ignored."""
    src = write_source(tmp_path, EXAMPLE.format(ann=": float").replace(
        "import numpy as np\n", "import numpy as np\nfloat = np.float32\n"))
    code, err = run(capsys, f"{src}:f", "--wrt", "x,s")
    assert code == 3
    assert "changes an array in place that `s` also refers to" in err


def test_builtins_float_is_honoured(tmp_path, capsys):
    module, f, _ = written(tmp_path, capsys, "import builtins\n"
                           + EXAMPLE.format(ann=": builtins.float"))
    x = np.array([0.5, 0.25])
    assert_close(module.grad_f(x, 0.8)[1], numeric_grad(f, (x, 0.8), 1))


@pytest.mark.parametrize("bad", [np.array(1.0), np.ones(2), np.ones((2, 2)), True,
                                 np.bool_(True), 1j, "1.0", [1.0], None])
def test_written_module_refuses_what_is_no_number(tmp_path, capsys, bad):
    module, _, out = written(tmp_path, capsys, EXAMPLE.format(ann=": float"))
    with pytest.raises(TypeError, match=r"grad_f: s is annotated `float`"):
        module.grad_f(np.ones(2), bad)
    text = out.read_text()
    assert "    s = float_argument(s, 's', 'grad_f')\n" in text
    assert not re.search(r"^\s*(import|from) srcdiff", text, re.M)  # (numpy and stdlib only)


def test_int_annotation_on_a_wrt_parameter_is_as_sd_grad(tmp_path, capsys):
    text = """
    import numpy as np


    def g(x, n: int):
        return np.sum(x[:n] ** 2) * n
    """
    x = np.array([0.5, -1.0, 2.0])
    for options, unconnected in (((), "none"), (("--unconnected-gradients", "zero"), "zero")):
        module, g, _ = written(tmp_path, capsys, text, *options, target="g", wrt="x,n")
        gx, gn = module.grad_g(x, 2)
        want_x, want_n = sd.grad(g, wrt=("x", "n"), unconnected_gradients=unconnected)(x, 2)
        assert_close(gx, numeric_grad(g, (x, 2), 0))
        assert_close(gx, want_x)
        assert gn == want_n and (gn is None) == (unconnected == "none")
        assert module.grad_g(x, np.int64(2))[1] == want_n
        for bad in (2.0, True, np.array(2), np.float64(2.0)):
            with pytest.raises(TypeError, match=r"grad_g: n is annotated `int`"):
                module.grad_g(x, bad)


def test_forward_mode_checks_and_is_right(tmp_path, capsys):
    module, f, _ = written(tmp_path, capsys, EXAMPLE.format(ann=": float"), "--mode",
                           "forward")
    x, s = np.array([0.3, -0.7, 1.1]), 0.9
    tx, ts = np.array([0.2, 0.5, -1.0]), 0.6
    value, tangent = module.jvp_f(x, s, (tx, ts))
    want = np.sum(numeric_grad(f, (x, s), 0) * tx) + numeric_grad(f, (x, s), 1) * ts
    assert_close(value, f(x, s))
    assert_close(tangent, want)
    with pytest.raises(TypeError, match=r"jvp_f: s is annotated `float`"):
        module.jvp_f(x, np.array(s), (tx, ts))


def test_check_sees_an_annotation_change(tmp_path, capsys):
    src = write_source(tmp_path, EXAMPLE.format(ann=": float"))
    out = tmp_path / "grad_prog.py"
    assert run(capsys, f"{src}:f", "--wrt", "x,s", "-o", out)[0] == 0
    assert run(capsys, "check", f"{src}:f", "--wrt", "x,s", "-o", out)[0] == 0
    src.write_text(src.read_text().replace("def f(x, s: float):", "def f(x, s: int):"))
    code, err = run(capsys, "check", f"{src}:f", "--wrt", "x,s", "-o", out)
    assert code == 1 and "stale" in err


def test_html_view_compiles_as_the_module(tmp_path, capsys):
    src = write_source(tmp_path, EXAMPLE.format(ann=": float"))
    page = tmp_path / "view.html"
    code, err = run(capsys, "html", f"{src}:f", "--wrt", "x,s", "-o", page)
    assert code == 0, err
    assert "float_argument" in page.read_text()


def test_numba_module_checks_in_python(tmp_path, capsys):
    pytest.importorskip("numba")
    text = """
    import numpy as np


    def g(x, s: float):
        return np.sum(np.sin(x) * s) + s * s
    """
    module, g, out = written(tmp_path, capsys, text, "--backend", "numba", target="g")
    written_text = out.read_text()  # (the annotation's check, then the precision check)
    assert "    s = float_argument(s, 's', 'grad_g')\n    float64_arguments('g', " \
        "[('x', x), ('s', s)])\n    return _grad_g_numba(" in written_text
    x = np.array([0.1, 0.7])
    for s in (0.4, 3):
        gx, gs = module.grad_g(x, s)
        assert_close(gx, numeric_grad(g, (x, float(s)), 0))
        assert_close(gs, numeric_grad(g, (x, float(s)), 1))
    with pytest.raises(TypeError, match="grad_g: s is annotated `float`"):
        module.grad_g(x, np.array(0.4))


def test_the_checks_themselves():
    assert runtime_checks.float_argument(1.5, "s", "g") == 1.5
    kept = np.float32(0.5)
    assert runtime_checks.float_argument(kept, "s", "g") is kept
    for i in (3, np.int64(3), np.uint8(3)):
        got = runtime_checks.float_argument(i, "s", "g")
        assert type(got) is float and got == 3.0
    assert runtime_checks.int_argument(np.int32(4), "n", "g") == 4
    with pytest.raises(TypeError, match=r"g: s is annotated `float`.*numpy.ndarray of shape \(\)"):
        runtime_checks.float_argument(np.array(1.0), "s", "g")
    with pytest.raises(TypeError, match=r"g: n is annotated `int`.*bool"):
        runtime_checks.int_argument(False, "n", "g")


def test_a_rebound_annotated_parameter_is_checked_as_before(tmp_path, capsys):
    """The annotation says what the argument is; once `s` is rebound it may be an array
    (`s = s + e` for an array `e`), and the alias check treats it as any name."""
    src = write_source(tmp_path, EXAMPLE.format(ann=": float").replace(
        '    p = {"w": s', '    s = s + x[0]\n    p = {"w": s'))
    code, err = run(capsys, f"{src}:f", "--wrt", "x,s")
    assert code == 3
    assert "changes an array in place that `s` also refers to" in err
