"""``srcdiff --backend numba`` (cli/numba_module.py): the written module runs, agrees with
the NumPy module the command line writes and with central finite differences; its text
is a golden file; what the numba backend refuses exits with a located error."""

import importlib.util
import os

import numpy as np
import pytest

from fd import assert_close, numeric_grad
from golden_cases import check_golden
from paths import ROOT
from srcdiff.cli import commands as cli

pytest.importorskip("numba")

SAMPLE = "tests/numba/cli_sample.py"
TARGETS = SAMPLE + ":scalar_loop,recurrent,kalman"


def _load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    os.chdir(ROOT)
    out = tmp_path_factory.mktemp("cli_numba")
    for backend in ("numba", "numpy"):
        assert cli.main([TARGETS, "--wrt", "0,1", "--backend", backend,
                         "-o", str(out / f"grad_{backend}.py")]) == 0
    return (_load(str(out / "grad_numba.py"), "cli_numba_written"),
            _load(str(out / "grad_numpy.py"), "cli_numpy_written"),
            _load(os.path.join(ROOT, SAMPLE), "cli_numba_sample"))


def _cases():
    rng = np.random.default_rng(5)
    ys = [float(v) for v in rng.standard_normal(30)]
    return [("scalar_loop", (0.7, 0.3, 12)), ("scalar_loop", (1.1, -0.2, 0)),
            ("recurrent", (0.5, np.array([0.1, -0.2, 0.3]), rng.standard_normal((6, 3)), 6)),
            ("recurrent", (0.4, 0.2, [0.3, -0.1, 0.5, 0.9], 4)),
            ("kalman", (0.9, 0.2, ys, 30)), ("kalman", (0.8, 0.3, np.array(ys[:7]), 7))]


@pytest.mark.parametrize("case", range(6))
def test_the_written_module_agrees(modules, case):
    written, numpy_module, sample = modules
    name, args = _cases()[case]
    got = getattr(written, "grad_" + name)(*args)
    ref = getattr(numpy_module, "grad_" + name)(*args)
    for k in (0, 1):
        assert_close(got[k], ref[k], rtol=1e-12, atol=1e-14)
        assert_close(got[k], numeric_grad(getattr(sample, name), args, k))


def test_float32_arguments_refused_by_the_written_module(modules):
    # sd.grad(f, backend="numba") refuses them (float64 code): the written module's entry
    # too, naming the entry, before numba's code (a float64 gradient before)
    from srcdiff.errors import SrcdiffError
    written = modules[0]
    xs = np.ones((4, 3), dtype=np.float32)
    with pytest.raises(SrcdiffError, match=r"recurrent: .*`xs` is float32"):
        written.grad_recurrent(0.5, np.zeros(3), xs, 4)
    with pytest.raises(SrcdiffError, match=r"`b` is float16"):
        written.grad_recurrent(0.5, np.zeros(3, dtype=np.float16), xs.astype(float), 4)
    with pytest.raises(SrcdiffError, match=r"`x0` is float32"):
        written.grad_scalar_loop(0.7, np.float32(0.3), 3)


def test_globals_are_read_at_each_call(modules):
    written, _, sample = modules
    args = (0.7, 0.3, 5)
    before = written.grad_scalar_loop(*args)
    written.SCALE = 0.3  # numba would have frozen 0.1 into the machine code
    sample.SCALE = 0.3
    try:
        after = written.grad_scalar_loop(*args)
        assert_close(after[0], numeric_grad(sample.scalar_loop, args, 0))
        assert abs(after[0] - before[0]) > 1e-3
    finally:
        written.SCALE = sample.SCALE = 0.1


def test_golden_module(monkeypatch):
    monkeypatch.chdir(ROOT)
    text = cli.render([TARGETS, "--wrt", "0,1", "--backend", "numba", "-o", "grad_numba.py"])
    assert "import numba" in text and "@numba.njit(cache=True, boundscheck=True)" in text
    check_golden("numba/cli_sample", text)


@pytest.mark.parametrize("target, message", [
    ("calls_another", "the gradient calls the generated adjoints of other user functions"),
    ("reads_a_list", "would freeze the global `TABLE`"),
    ("writes_its_argument", "change an argument in place"),
])
def test_refusals_are_located(monkeypatch, capsys, target, message):
    monkeypatch.chdir(ROOT)
    assert cli.main([f"{SAMPLE}:{target}", "--wrt", "0", "--backend", "numba"]) == 3
    err = capsys.readouterr().err
    assert message in err and f"{SAMPLE}:" in err and "error:" in err


@pytest.mark.parametrize("extra, message", [
    (["--mode", "forward"], "reverse-mode gradients only"),
    (["--checkpoint", "sqrt"], "does not take --checkpoint"),
])
def test_options_it_does_not_take(monkeypatch, capsys, extra, message):
    monkeypatch.chdir(ROOT)
    assert cli.main([f"{SAMPLE}:scalar_loop", "--backend", "numba", *extra]) == 2
    assert message in capsys.readouterr().err
