"""The command line (SPEC §6): standalone modules checked in a fresh interpreter, and errors.

Gradients from emitted modules are compared with central finite differences
(tests/support/fd.py), never with srcdiff: the module runs in a subprocess started
with ``-I`` in which an import guard refuses srcdiff and every module that is
neither numpy nor in the standard library.
"""

import hashlib
import inspect
import os
import re
import stat
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import cli_targets
from cli_targets import ROOT
from fd import assert_close, numeric_grad
from srcdiff.cli import commands as cli
from srcdiff.compiler.emit import standalone
from srcdiff.errors import SrcdiffError
from standalone_runner import run_standalone, run_standalone_many

REJECTED = "tests/cli_samples/rejected.py"
MLP = "tests/cli_samples/mlp.py"


def run_cli(*args, cwd=ROOT, env=None):
    """``python -m srcdiff ARGS`` in a subprocess; returns the CompletedProcess."""
    full_env = dict(os.environ)
    full_env["PYTHONPATH"] = ROOT
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "srcdiff", *args], cwd=cwd, env=full_env,
                          capture_output=True, text=True, timeout=120)


def code(text):
    """The module's lines that are not comments."""
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


def files_in(directory):
    return sorted(p.name for p in directory.iterdir())


# ------------------------------------------------------------------ standalone gradients


@pytest.mark.parametrize("relpath,func,wrt", cli_targets.targets(),
                         ids=[f"{r}:{f}" for r, f, _ in cli_targets.targets()])
def test_standalone_module_matches_finite_differences(tmp_path, monkeypatch, relpath, func, wrt):
    monkeypatch.chdir(ROOT)
    out = tmp_path / f"grad_{func}.py"
    assert cli.main([f"{relpath}:{func}", "-o", str(out)]) == 0
    text = out.read_text()
    assert "srcdiff" not in code(text)
    module = cli_targets.load(relpath)
    examples = getattr(module, "SRCDIFF_EXAMPLES", {}).get(func)
    if examples is None:
        pytest.skip(f"{relpath} gives no SRCDIFF_EXAMPLES entry for {func}")
    args = examples() if callable(examples) else examples
    fn = getattr(module, func)
    params = list(inspect.signature(fn).parameters)
    names = [wrt] if isinstance(wrt, (str, int)) else list(wrt)
    positions = [w if isinstance(w, int) else params.index(w) for w in names]
    expected = [numeric_grad(fn, args, k) for k in positions]
    got = run_standalone(tmp_path, out, f"grad_{func}", args)
    if isinstance(wrt, (str, int)):
        assert_close(got, expected[0])
    else:
        assert isinstance(got, tuple) and len(got) == len(expected)
        for g, e in zip(got, expected):
            assert_close(g, e)


@pytest.fixture(scope="module")
def corpus_results(tmp_path_factory):
    """Every corpus case compiled by the command line and run standalone, in one interpreter."""
    import corpus

    tmp = tmp_path_factory.mktemp("corpus")
    manifest, errors = [], {}
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        for case in corpus.CASES:
            wrt = [case.wrt] if isinstance(case.wrt, int) else list(case.wrt)
            spelled = ",".join(map(str, wrt)) + ("" if isinstance(case.wrt, int) else ",")
            out = tmp / f"grad_{case.name}.py"
            try:
                out.write_text(cli.render([f"tests/support/corpus.py:{case.name}",
                                           "--wrt", spelled]))
            except SrcdiffError as e:
                errors[case.name] = str(e)
                continue
            manifest.append((case.name, out, f"grad_{case.name}", case.args))
    finally:
        os.chdir(cwd)
    return run_standalone_many(tmp, manifest), errors


@pytest.mark.parametrize("case", __import__("corpus").CASES, ids=lambda c: c.name)
def test_corpus_standalone_matches_finite_differences(corpus_results, case):
    """The shared corpus (tests/support/corpus.py) through the command line, run without srcdiff."""
    results, errors = corpus_results
    assert case.name not in errors, errors.get(case.name)
    status, got = results[case.name]
    assert status == "ok", got
    positions = [case.wrt] if isinstance(case.wrt, int) else list(case.wrt)
    expected = [numeric_grad(case.fn, case.args, k) for k in positions]
    if isinstance(case.wrt, int):
        got = (got,)
    assert isinstance(got, tuple) and len(got) == len(expected)
    for g, e in zip(got, expected):
        assert_close(g, e)


def test_user_function_calls_are_carried(tmp_path, monkeypatch):
    """Called user functions (and their adjoints, constants, imports) travel with the module."""
    src = tmp_path / "calls.py"
    src.write_text(textwrap.dedent('''
        import math
        import numpy as np

        K = 3.0

        def inner(x):
            return np.sin(x) * K

        def helper(x, y):
            return inner(x) * y + math.e

        def f(x, y):
            return np.sum(helper(x, y) * helper(y, x))

        def rec(x, n):
            if n == 0:
                return x
            return rec(x * 1.5, n - 1)

        def g(x):
            return np.sum(rec(x, 3))
    '''))
    monkeypatch.chdir(tmp_path)
    assert cli.main(["calls.py:f,g", "-o", "out.py"]) == 0
    text = (tmp_path / "out.py").read_text()
    # active calls keep their callee's record (fwd_/bwd_ pairs), so the pairs are written
    for name in ("def fwd_inner(", "def bwd_helper(", "def fwd_rec(", "K = 3.0",
                 "import math"):
        assert name in text
    module = cli_targets.load(os.path.relpath(src, ROOT))
    x, y = np.array([0.1, 0.2, 0.3]), np.array([0.5, -0.2, 0.9])
    assert_close(run_standalone(tmp_path, tmp_path / "out.py", "grad_f", (x, y)),
                 numeric_grad(module.f, (x, y), 0))
    assert_close(run_standalone(tmp_path, tmp_path / "out.py", "grad_g", (x,)),
                 numeric_grad(module.g, (x,), 0))


def test_stop_gradient_is_written_as_the_identity(monkeypatch):
    monkeypatch.chdir(ROOT)
    text = cli.render([f"{MLP}:loss"])
    assert "stop_gradient" not in text and "sd." not in text
    assert "baseline = mean" in text


def test_same_input_same_bytes_across_processes():
    outs = [run_cli(MLP, "tests/cli_samples/imports.py", env={"PYTHONHASHSEED": seed})
            for seed in ("1", "2")]
    assert all(o.returncode == 0 for o in outs), outs[0].stderr
    assert outs[0].stdout == outs[1].stdout


# ------------------------------------------------------------------ targets and options


def body(text):
    """The module without its header comment."""
    return text.split("\n\n", 1)[1]


def test_target_spellings_give_the_same_module(monkeypatch):
    monkeypatch.chdir(ROOT)
    declared = cli.render([MLP])
    assert body(cli.render([f"{MLP}:loss,energy"])) == body(declared)
    assert body(cli.render([f"{MLP}:loss", f"{MLP}:energy"])) == body(declared)
    assert body(cli.render([f"{MLP}:loss", "--wrt", "0,1"])) == \
        body(cli.render([f"{MLP}:loss", "--wrt", "w,b"]))
    monkeypatch.chdir(os.path.join(ROOT, "tests", "cli_samples"))
    monkeypatch.delitem(sys.modules, "mlp", raising=False)  # samples/mlp.py may be loaded
    assert body(cli.render(["mlp:loss,energy"])) == body(declared)
    assert sys.modules["mlp"].__file__.endswith(os.path.join("cli_samples", "mlp.py"))


def test_wrt_single_and_tuple(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    single = tmp_path / "single.py"
    one_tuple = tmp_path / "tuple.py"
    assert cli.main([f"{MLP}:loss", "--wrt", "w", "-o", str(single)]) == 0
    assert cli.main([f"{MLP}:loss", "--wrt", "w,", "-o", str(one_tuple)]) == 0
    module = cli_targets.load(MLP)
    args = module.SRCDIFF_EXAMPLES["loss"]
    got = run_standalone(tmp_path, single, "grad_loss", args)
    assert isinstance(got, np.ndarray) and got.shape == args[0].shape
    got = run_standalone(tmp_path, one_tuple, "grad_loss", args)
    assert isinstance(got, tuple) and len(got) == 1


def test_stdout_equals_output_file(tmp_path):
    out = tmp_path / "g.py"
    to_file = run_cli(f"{MLP}:energy", "-o", str(out))
    to_stdout = run_cli(f"{MLP}:energy")
    assert to_file.returncode == 0 and to_file.stdout == ""
    assert to_stdout.returncode == 0
    # the header's regeneration command names the output; the rest is identical
    assert body(out.read_text()) == body(to_stdout.stdout)


def test_header(monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)
    text = cli.render([f"{MLP}:loss", "--wrt", "w,b", "-o", "grads/out.py"])
    header = text.split("\n\n", 1)[0]
    module = cli_targets.load(MLP)
    digest = hashlib.sha256(inspect.getsource(module.loss).encode()).hexdigest()
    assert digest in header
    assert f"srcdiff {MLP}:loss --wrt w,b -o grads/out.py" in header
    import srcdiff
    assert srcdiff.__version__ in header
    assert ROOT not in text and os.path.expanduser("~") not in header
    assert not re.search(r"\d{4}-\d\d-\d\d|\d\d:\d\d:\d\d", header)


def test_regeneration_command_in_header_regenerates(tmp_path):
    out = tmp_path / "g.py"
    assert run_cli(f"{MLP}:energy", "--unconnected-gradients", "zero", "-o",
                   str(out)).returncode == 0
    command = out.read_text().splitlines()[1].lstrip("# ").split()
    assert command[0] == "srcdiff"
    before = out.read_bytes()
    out.write_text("stale\n")
    assert run_cli(*command[1:]).returncode == 0
    assert out.read_bytes() == before


def test_output_file_mode_is_ordinary(tmp_path):
    out = tmp_path / "g.py"
    assert run_cli(f"{MLP}:energy", "-o", str(out)).returncode == 0
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~umask  # not mkstemp's 0o600


def test_help_lists_examples_and_exit_codes():
    proc = run_cli("--help")
    assert proc.returncode == 0
    assert "examples:" in proc.stdout and "exit status" in proc.stdout
    for code in ("0 ok", "1 stale", "2 usage", "3 compile", "4 I/O"):
        assert code in proc.stdout
    assert "Exit status" in cli.__doc__


def test_rules_lists_every_primitive(capsys):
    import srcdiff
    assert cli.main(["rules"]) == 0
    listed = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert listed == [[name, kind] for name, kind in srcdiff.rules()]
    proc = run_cli("rules")
    assert proc.returncode == 0
    assert "numpy.tanh" in [line.split()[0] for line in proc.stdout.splitlines()]
    assert run_cli("--list-rules").stdout == proc.stdout


def test_forward_mode(tmp_path):
    out = tmp_path / "jvp.py"
    proc = run_cli(f"{MLP}:energy", "--mode", "forward", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "def jvp_energy(x, tangents" in out.read_text()
    module = cli_targets.load(MLP)
    (x,) = module.SRCDIFF_EXAMPLES["energy"]
    t = np.linspace(-1.0, 1.0, x.size)
    value, tangent = run_standalone(tmp_path, out, "jvp_energy", (x, t))
    eps = 1e-6
    numeric = (module.energy(x + eps * t) - module.energy(x - eps * t)) / (2 * eps)
    assert_close(value, module.energy(x))
    assert_close(tangent, numeric)


def _load_written(path):
    import importlib.util
    spec = importlib.util.spec_from_file_location(f"written_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_forward_mode_returns_what_sd_jvp_returns(tmp_path, monkeypatch):
    """jvp_FUNC's output tangent as sd.jvp's: a constant entry of a list or tuple output is
    a zero (it was None), and no tangent is the caller's own array (`return x` returned the
    caller's `tangents`: changing the result in place changed the caller's tangent)."""
    (tmp_path / "outs.py").write_text(textwrap.dedent('''
        import numpy as np

        def f(x):
            return [x * 2.0, 3.0, np.ones(2)], (x, np.sum(x))

        def g(x):
            return x
    '''))
    monkeypatch.chdir(tmp_path)
    assert cli.main(["outs.py:f,g", "--mode", "forward", "-o", "out.py"]) == 0
    written = _load_written(tmp_path / "out.py")
    sample = _load_written(tmp_path / "outs.py")
    x, t = np.array([0.5, -1.0]), np.array([1.0, 2.0])
    eps = 1e-6
    numeric = [(a - b) / (2 * eps) for a, b in zip(
        _flat(sample.f(x + eps * t)), _flat(sample.f(x - eps * t)))]
    value, tangent = written.jvp_f(x, t)
    assert [type(e) for e in tangent] == [list, tuple]
    got = _flat(tangent)  # (None for the constant entries 3.0 and np.ones(2))
    assert all(e is not None for e in got)
    for a, b in zip(got, numeric):
        assert_close(a, b)
    assert not any(np.shares_memory(e, t) for e in got if isinstance(e, np.ndarray))
    _, tangent = written.jvp_g(x, t)
    assert_close(tangent, t)
    assert not np.shares_memory(tangent, t)  # (it was `t` itself)


def test_forward_mode_integer_arguments_are_constants(tmp_path, monkeypatch):
    """A written jvp_FUNC knows no argument types; it used the tangent given for an int
    argument or an int entry of a dict (sd.jvp ignores it: integers are constants): the
    tangent of x * n at x=2, n=3 along (1, 1) was 5.0 for 3.0; of p["a"] * p["n"] 13.0 for
    3.0 (tangent 5 given for n)."""
    (tmp_path / "ints.py").write_text(textwrap.dedent('''
        def h(x, n):
            return x * n

        def d(p):
            return p["a"] * p["n"]
    '''))
    monkeypatch.chdir(tmp_path)
    assert cli.main(["ints.py:h", "--wrt", "x,n", "--mode", "forward", "-o", "h.py"]) == 0
    assert cli.main(["ints.py:d", "--mode", "forward", "-o", "d.py"]) == 0
    h, d = _load_written(tmp_path / "h.py"), _load_written(tmp_path / "d.py")
    assert h.jvp_h(2.0, 3, (1.0, 1.0)) == (6.0, 3.0)
    assert h.jvp_h(2.0, 3.0, (1.0, 1.0)) == (6.0, 5.0)  # (a float n: its tangent counts)
    value, tangent = h.jvp_h(2.0, np.array([1, 2]), (1.0, np.ones(2)))
    np.testing.assert_array_equal(tangent, [1.0, 2.0])
    assert d.jvp_d({"a": 2.0, "n": 3}, {"a": 1.0, "n": 5}) == (6.0, 3.0)
    assert d.jvp_d({"a": 2.0, "n": True}, {"a": 1.0, "n": 5.0}) == (2.0, 1.0)


def _flat(tree):
    if isinstance(tree, (list, tuple)):
        return [a for e in tree for a in _flat(e)]
    return [tree]


# ------------------------------------------------------------------ check


def test_check_up_to_date_stale_and_missing(tmp_path):
    out = tmp_path / "g.py"
    assert run_cli(f"{MLP}:loss", "-o", str(out)).returncode == 0
    assert run_cli("check", f"{MLP}:loss", "-o", str(out)).returncode == 0
    assert run_cli(f"{MLP}:loss", "--check", "-o", str(out)).returncode == 0
    edited = out.read_text().replace("b_err", "b_error")
    out.write_text(edited)
    proc = run_cli("check", f"{MLP}:loss", "-o", str(out))
    assert proc.returncode == 1
    assert "stale" in proc.stderr and "-    b_err" in proc.stderr and "+    b_err" in proc.stderr
    assert "regenerate with: srcdiff" in proc.stderr
    assert out.read_text() == edited  # check never writes
    other = run_cli("check", f"{MLP}:loss", "--wrt", "w", "-o", str(out))
    assert other.returncode == 1
    missing = run_cli("check", f"{MLP}:loss", "-o", str(tmp_path / "nope.py"))
    assert missing.returncode == 1 and "does not exist" in missing.stderr
    assert files_in(tmp_path) == ["g.py"]


def test_check_needs_an_output():
    proc = run_cli("check", f"{MLP}:loss")
    assert proc.returncode == 2 and "-o" in proc.stderr


# ------------------------------------------------------------------ errors


def assert_located(stderr, path, lineno, col, line):
    """stderr starts with FILE:LINE:COL: error:, then the source line and a caret under COL."""
    lines = stderr.splitlines()
    assert lines[0].startswith(f"{path}:{lineno}:{col}: error: "), stderr
    assert lines[1].strip() == line.strip(), stderr
    caret = lines[2]
    assert caret.strip() == "^", stderr
    indent = len(line) - len(line.lstrip())
    assert caret.index("^") - 4 == col - 1 - indent, stderr
    assert "Traceback" not in stderr


@pytest.mark.parametrize("func,lineno,col,line,words", [
    ("uses_try", 10, 5, "    try:", "`try`"),
    ("uses_global_array", 18, 23, "    return np.sum(x * WEIGHTS)", "WEIGHTS"),
    ("uses_third_party", 22, 9, "    k = gast.__name__", "gast"),
])
def test_rejected_function(tmp_path, func, lineno, col, line, words):
    out = tmp_path / "out.py"
    proc = run_cli(f"{REJECTED}:{func}", "-o", str(out))
    assert proc.returncode == 3
    assert_located(proc.stderr, REJECTED, lineno, col, line)
    assert words in proc.stderr.splitlines()[0]
    assert "hint:" in proc.stderr
    assert files_in(tmp_path) == []  # no output, no temporary file
    assert proc.stdout == ""


def test_error_keeps_the_previous_output(tmp_path):
    out = tmp_path / "out.py"
    out.write_text("previous\n")
    proc = run_cli(f"{REJECTED}:fine", f"{REJECTED}:uses_try", "-o", str(out))
    assert proc.returncode == 3
    assert out.read_text() == "previous\n"
    assert files_in(tmp_path) == ["out.py"]


def test_unknown_file(tmp_path):
    proc = run_cli("tests/cli_samples/nope.py:f", "-o", str(tmp_path / "out.py"))
    assert proc.returncode == 2
    assert proc.stderr.startswith("tests/cli_samples/nope.py: error: no such file")
    assert "Traceback" not in proc.stderr
    assert files_in(tmp_path) == []


def test_unknown_module(tmp_path):
    proc = run_cli("no_such_module_xyz:f", "-o", str(tmp_path / "out.py"))
    assert proc.returncode == 2 and "no module named 'no_such_module_xyz'" in proc.stderr
    assert files_in(tmp_path) == []


def test_unknown_function(tmp_path):
    proc = run_cli(f"{REJECTED}:fien", "-o", str(tmp_path / "out.py"))
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"{REJECTED}: error: no function 'fien'")
    assert "did you mean 'fine'" in proc.stderr
    assert files_in(tmp_path) == []


def test_unknown_wrt_points_at_the_def(tmp_path):
    proc = run_cli(f"{REJECTED}:fine", "--wrt", "nope", "-o", str(tmp_path / "out.py"))
    assert proc.returncode == 3
    assert proc.stderr.startswith(f"{REJECTED}:26:1: error: ") and "nope" in proc.stderr
    assert files_in(tmp_path) == []


def test_syntax_error_in_source(tmp_path):
    (tmp_path / "broken.py").write_text("import numpy as np\n\ndef f(x):\n    return x +* 2\n")
    proc = run_cli("broken.py:f", "-o", "out.py", cwd=tmp_path)
    assert proc.returncode == 3
    assert proc.stderr.startswith("broken.py:4:") and "error: invalid syntax" in proc.stderr
    assert "return x +* 2" in proc.stderr and "^" in proc.stderr
    assert files_in(tmp_path) == ["broken.py"]


def test_source_that_fails_to_import(tmp_path):
    (tmp_path / "raises.py").write_text("import numpy as np\n\nX = 1 / 0\n\ndef f(x):\n"
                                        "    return x\n")
    proc = run_cli("raises.py:f", "-o", "out.py", cwd=tmp_path)
    assert proc.returncode == 3
    assert_located(proc.stderr, "raises.py", 3, 5, "X = 1 / 0")
    assert "importing raises.py raised ZeroDivisionError" in proc.stderr
    assert files_in(tmp_path) == ["raises.py"]


def test_output_directory_missing(tmp_path):
    out = tmp_path / "missing" / "out.py"
    proc = run_cli(f"{MLP}:loss", "-o", str(out))
    assert proc.returncode == 4
    assert "does not exist" in proc.stderr and "Traceback" not in proc.stderr
    assert files_in(tmp_path) == []


def test_output_over_the_source_is_refused(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("def f(x):\n    return x * x\n")
    proc = run_cli("m.py:f", "-o", "m.py", cwd=tmp_path)
    assert proc.returncode == 2
    assert src.read_text() == "def f(x):\n    return x * x\n"


def test_usage_errors():
    assert run_cli().returncode == 2
    assert run_cli("--mode", "sideways", f"{MLP}:loss").returncode == 2
    proc = run_cli("not a target")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    proc = run_cli("tests/cli_samples/rejected.py")  # no function, no SRCDIFF_TARGETS
    assert proc.returncode == 2 and "SRCDIFF_TARGETS" in proc.stderr


def test_debug_shows_a_traceback(tmp_path):
    proc = run_cli(f"{REJECTED}:uses_try", "--debug", "-o", str(tmp_path / "out.py"))
    assert proc.returncode == 3
    assert "Traceback (most recent call last)" in proc.stderr
    assert f"{REJECTED}:10:5: error:" in proc.stderr
    assert files_in(tmp_path) == []


def test_internal_errors_are_reported_without_traceback(monkeypatch, capsys):
    def broken(job):
        raise RuntimeError("boom")

    monkeypatch.setattr(cli, "generate", broken)
    assert cli.main([f"{MLP}:loss"]) == 5
    err = capsys.readouterr().err
    assert "internal error" in err and "boom" in err and "Traceback" not in err


def test_failed_replace_leaves_no_temporary_file(tmp_path, monkeypatch):
    out = tmp_path / "out.py"
    out.write_text("previous\n")

    def fail(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(cli.CliError) as info:
        cli.write_atomic(str(out), "new\n")
    assert info.value.status == 4
    assert files_in(tmp_path) == ["out.py"] and out.read_text() == "previous\n"


# ------------------------------------------------------------------ standalone.link


def test_link_copies_user_functions_constants_and_imports(tmp_path):
    src = tmp_path / "userlib.py"
    src.write_text(textwrap.dedent('''
        import math
        from functools import reduce

        import numpy as np

        import srcdiff as sd

        K = 3
        PAIR = (1.5, "a")

        def helper(x):
            """Docstrings and comments survive the copy."""
            return np.sin(x) * K + inner(x)  # a comment

        def inner(x):
            return sd.stop_gradient(x) * math.e + reduce(lambda a, b: a + b, PAIR[:1])

        also_inner = inner

        def uses_alias(x):
            return also_inner(x) + inner(x)
    '''))
    module = cli_targets.load(os.path.relpath(src, ROOT))
    piece = standalone.Piece("def grad_fake(x, grad_ys=None):\n    return helper(x), "
                             "uses_alias(x)\n", vars(module), standalone.GENERATED)
    text = standalone.link([piece], ["grad_fake"])
    assert "srcdiff" not in code(text) and "stop_gradient" not in text
    for part in ("import math", "from functools import reduce", "K = 3",
                 "PAIR = (1.5, 'a')", "# a comment", "also_inner = inner"):
        assert part in text
    ns = {}
    exec(compile(text, "linked", "exec"), ns)
    assert ns["grad_fake"](0.3) == (module.helper(0.3), module.uses_alias(0.3))
    assert ns["__all__"] == ["grad_fake"]


def test_link_refuses_conflicting_names(tmp_path):
    a = standalone.Piece("def grad_a(x):\n    return x * SCALE\n", {"SCALE": 1.0},
                         standalone.GENERATED)
    b = standalone.Piece("def grad_b(x):\n    return x * SCALE\n", {"SCALE": 2.0},
                         standalone.GENERATED)
    with pytest.raises(SrcdiffError, match="'SCALE' means two different things"):
        standalone.link([a, b], ["grad_a", "grad_b"])


def test_link_refuses_undefined_and_unsupported_objects():
    piece = standalone.Piece("def grad_a(x):\n    return x * missing\n", {},
                             standalone.GENERATED)
    with pytest.raises(SrcdiffError, match="'missing' is not defined"):
        standalone.link([piece], ["grad_a"])
    piece = standalone.Piece("def grad_a(x):\n    return x * obj\n", {"obj": object()},
                             standalone.GENERATED)
    with pytest.raises(SrcdiffError, match="pass 'obj' to the function as an argument"):
        standalone.link([piece], ["grad_a"])


@pytest.mark.parametrize("value", [
    None, True, 3, -2.5, float("inf"), float("-inf"), 1e-300, 2 + 3j, "s'\"", b"\x00",
    (1,), (), [1.0, (2, "x")], {"a": (1, 2)}, np.float32(1e-3), np.float64(0.1), np.int8(-3),
])
def test_literal_round_trips(value):
    text = standalone.literal(value)
    back = eval(text, {"np": np})
    assert type(back) is type(value) and back == value


def test_literal_nan_and_refusals():
    assert np.isnan(eval(standalone.literal(float("nan"))))
    assert standalone.literal(np.zeros(2)) is None
    assert standalone.literal((1, object())) is None
    assert standalone.literal({1, 2}) is None


def test_global_named_like_a_helper_is_refused(tmp_path):
    (tmp_path / "shadow.py").write_text("import numpy as np\n\nseed = 3.0\n\n\ndef f(x):\n"
                                        "    return np.sum(x * seed)\n")
    proc = run_cli("shadow.py:f", "-o", "out.py", cwd=tmp_path)
    assert proc.returncode == 3
    assert_located(proc.stderr, "shadow.py", 7, 23, "    return np.sum(x * seed)")
    assert files_in(tmp_path) == ["shadow.py"]


def test_stop_gradients_option(tmp_path):
    """tf.gradients' example (SPEC §1): stop_gradients=("a", "b") gives (1.0, 1.0)."""
    (tmp_path / "tf.py").write_text("def f(a):\n    b = 2 * a\n    return a + b\n")
    for stop, expected in (("", (3.0, 1.0)), ("a,b", (1.0, 1.0))):
        args = ["tf.py:f", "--wrt", "a,b", "-o", "out.py"]
        if stop:
            args += ["--stop-gradients", stop]
        proc = run_cli(*args, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        text = (tmp_path / "out.py").read_text()
        assert ("stop_gradients=a,b" in text) == bool(stop)
        assert run_standalone(tmp_path, tmp_path / "out.py", "grad_f", (2.0,)) == expected
