"""Inputs srcdiff does not model exactly are refused with a clear error, never guessed."""

import importlib
import os
import sys

import numpy as np
import pytest

import srcdiff as sd
from paths import SUPPORT
from srcdiff.cli import commands as cli
from srcdiff.compiler.emit import standalone


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
    (lambda: sd.optimizers.Adam(beta1=1.0),
     r"beta1 must be in the range \[0, 1\), but received 1.0"),
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


# ------------------------------------------------------- the command line and what it writes

MODEL = '''import numpy as np

SCALE = 2.0


def loss(w, x):
    return np.sum(SCALE * w * x)
'''


@pytest.fixture
def model(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "model.py").write_text(MODEL)
    return tmp_path


def _import_written(path):
    """Import a written module with a marker that an injected line would set."""
    import builtins
    builtins.__dict__.pop("SRCDIFF_INJECTED", None)
    ns = {}
    exec(compile(path.read_text(), str(path), "exec"), ns)
    return ns


def test_a_newline_in_stop_gradients_is_refused(model):
    injected = "w\nimport builtins; builtins.SRCDIFF_INJECTED = 1"
    assert cli.main(["model.py:loss", "--stop-gradients", injected, "-o", "out.py"]) == 2
    assert not (model / "out.py").exists()


def test_a_newline_in_the_target_path_stays_in_its_comment(model):
    weird = "we\nimport builtins; builtins.SRCDIFF_INJECTED = 1\nx.py"
    (model / weird).write_text(MODEL)
    assert cli.main([f"{weird}:loss", "-o", "out.py"]) == 0
    ns = _import_written(model / "out.py")
    import builtins
    assert "SRCDIFF_INJECTED" not in builtins.__dict__
    assert "grad_loss" in ns
    header = [line for line in (model / "out.py").read_text().splitlines()
              if "SRCDIFF_INJECTED" in line]
    assert header and all(line.startswith("#") for line in header)


def test_only_exact_builtin_types_are_written_as_literals():
    class Sneaky(str):
        def __repr__(self):
            return "__import__('os').system('echo injected')"
    assert standalone.literal(Sneaky("a")) is None
    assert standalone.literal("a") == "'a'"

    class Flag(int):
        def __repr__(self):
            return "exit()"
    assert standalone.literal(Flag(1)) is None


def test_a_read_only_output_is_replaced_only_with_force(model):
    out = model / "out.py"
    out.write_text("# keep me\n")
    out.chmod(0o444)
    assert cli.main(["model.py:loss", "-o", "out.py"]) == 4
    assert out.read_text() == "# keep me\n"
    assert cli.main(["model.py:loss", "-o", "out.py", "--force"]) == 0
    assert "def grad_loss" in out.read_text()


def test_no_exec_does_not_run_top_level_code(model, capsys):
    (model / "model.py").write_text(MODEL + "\nprint('TOP LEVEL RAN')\nraise SystemExit(3)\n")
    assert cli.main(["model.py:loss", "--no-exec", "-o", "out.py"]) == 0
    assert "TOP LEVEL RAN" not in capsys.readouterr().err
    ns = _import_written(model / "out.py")
    w, x = np.array([1.0, 2.0]), np.array([3.0, -1.0])
    np.testing.assert_allclose(ns["grad_loss"](w, x), 2.0 * x)
    # without --no-exec the file is imported: its top-level code runs (and here, exits)
    assert cli.main(["model.py:loss", "-o", "out2.py"]) != 0
    assert "TOP LEVEL RAN" in capsys.readouterr().err


def test_help_says_the_file_is_imported(capsys):
    assert cli.main(["--help"]) == 0
    text = capsys.readouterr().out
    assert "--no-exec" in text and "top-level code runs" in text


def _generator(x):
    yield x


def test_generators_are_named_as_such():
    with pytest.raises(sd.SrcdiffError, match="is a generator .* not supported") as e:
        sd.grad(_generator)(1.0)
    assert "assign its result" not in str(e.value)


def test_a_wraps_decorator_is_differentiated_or_refused_never_skipped(tmp_path):
    import wrapped_cases as W
    with pytest.raises(sd.SrcdiffError, match="wrapper .* around 'f'"):
        sd.grad(W.f)(np.ones(2))
    x = np.array([1.0, -2.0])
    np.testing.assert_allclose(sd.grad(W.g)(x), 4.0 * x)  # the wrapper's 2.0 counts
    np.testing.assert_allclose(sd.jvp(W.g)(x, tangents=np.ones(2))[1], np.sum(4.0 * x))
    with pytest.raises(sd.SrcdiffError, match="wrapping"):
        sd.grad(W.cached)(1.5)


def test_the_cli_differentiates_the_wrapper(tmp_path, monkeypatch):
    import shutil
    monkeypatch.chdir(tmp_path)
    shutil.copy(os.path.join(SUPPORT, "wrapped_cases.py"), "wr.py")
    assert cli.main(["wr.py:g", "-o", "out.py"]) in (0, 3)
    if os.path.exists("out.py"):  # written: it must be the wrapper's gradient
        ns = _import_written(tmp_path / "out.py")
        x = np.array([1.0, -2.0])
        np.testing.assert_allclose(ns["grad_g"](x), 4.0 * x)
    assert cli.main(["wr.py:f", "-o", "out2.py"]) == 3
    assert not os.path.exists("out2.py")


def _two_step(a):
    b = 2.0 * a
    return a + b


def test_unknown_stop_gradients_are_refused():
    assert sd.grad(_two_step, stop_gradients=("b",))(1.0) == pytest.approx(1.0)
    with pytest.raises(sd.SrcdiffError, match=r"(?s)'bb'.*not a variable.*did you mean 'b'"):
        sd.grad(_two_step, stop_gradients=("bb",))(1.0)
    with pytest.raises(sd.SrcdiffError, match="not a variable"):
        sd.jvp(_two_step, stop_gradients=("c",))(1.0, tangents=1.0)


def test_unknown_stop_gradients_are_refused_by_the_cli(model):
    assert cli.main(["model.py:loss", "--stop-gradients", "ww", "-o", "out.py"]) == 3
    assert not (model / "out.py").exists()


def _total(x):
    return np.sum(x)


def _spread(x):
    return np.var(x) + np.std(x)


@pytest.mark.parametrize("value, words", [
    ("abc", "is a str"),
    (None, "is None"),
    (np.array([1.0, 2.0], dtype=object), "dtype object"),
    (np.array([1.0 + 2j]), "complex"),
    (1.0 + 2j, "complex"),
    ([1.0, "x"], "argument 'x'[1] is a str"),
    ({"a": None}, "argument 'x'['a'] is None"),
])
def test_non_numbers_are_refused_before_any_work(value, words):
    for transform in (lambda: sd.grad(_total)(value),
                      lambda: sd.value_and_grad(_total)(value),
                      lambda: sd.jvp(_total)(value, tangents=value),
                      lambda: sd.hvp(_total)(value, vector=1.0 if value is None else value)):
        with pytest.raises(TypeError, match=words.replace("[", r"\[").replace("]", r"\]")):
            transform()


def test_complex_seeds_and_tangents_are_refused():
    x = np.array([0.3, -1.2, 2.0])
    with pytest.raises(ValueError, match="complex"):
        sd.grad(_spread)(x, grad_ys=1.0 + 1.0j)
    with pytest.raises(TypeError, match="complex"):
        sd.jvp(_spread)(x, tangents=np.array([1.0j, 0.0, 0.0]))
    # real seeds and tangents keep working
    assert np.isfinite(sd.grad(_spread)(x, grad_ys=2.0)).all()


def test_a_default_given_by_a_factory_name():
    import factory_cases as F
    x = np.array([0.5, 1.5])
    f = F.make_power(3)
    np.testing.assert_allclose(sd.grad(f)(x), 3.0 * x ** 2)
    np.testing.assert_allclose(sd.jvp(f)(x, tangents=np.ones(2))[1], np.sum(3.0 * x ** 2))
    g = F.make_scaled(np.array([2.0, -1.0]))
    np.testing.assert_allclose(sd.grad(g)(x), np.array([2.0, -1.0]) * np.cos(x))
    np.testing.assert_allclose(sd.grad(g, wrt=(0, 1))(x)[1], np.sin(x))


def _vstack_with_dtype(x):
    return np.sum(np.vstack([x, 3.0 * x], dtype=None))


def _vstack_plain(x):
    return np.sum(np.vstack([x, 3.0 * x]) ** 2)


def test_a_keyword_the_rule_does_not_model_is_refused():
    with pytest.raises(sd.SrcdiffError, match="does not model the keyword dtype="):
        sd.grad(_vstack_with_dtype)(np.ones(2))
    with pytest.raises(sd.SrcdiffError, match="does not model the keyword dtype="):
        sd.jvp(_vstack_with_dtype)(np.ones(2), tangents=np.ones(2))
    x = np.array([0.5, -1.0])
    np.testing.assert_allclose(sd.grad(_vstack_plain)(x), 2.0 * x + 18.0 * x)


@pytest.mark.parametrize("name", ["f", "g", "h", "ranged"])
def test_r_and_c_are_concatenations(name):
    import index_trick_cases as T
    from fd import numeric_grad
    fn = getattr(T, name)
    x = np.array([0.5, -1.0, 0.25])
    np.testing.assert_allclose(sd.grad(fn)(x), numeric_grad(fn, (x,), 0), rtol=1e-6, atol=1e-8)
    t = np.array([1.0, 0.5, -2.0])
    np.testing.assert_allclose(sd.jvp(fn)(x, tangents=t)[1],
                               np.dot(numeric_grad(fn, (x,), 0), t), rtol=1e-6, atol=1e-8)


def test_other_index_tricks_are_refused():
    import index_trick_cases as T
    with pytest.raises(sd.SrcdiffError, match=r"np.mgrid\[...\] is a NumPy index trick"):
        sd.grad(T.bad)(np.ones(3))
    with pytest.raises(sd.SrcdiffError, match=r"np.r_\[...\] with this slice"):
        sd.grad(T.complex_step)(np.ones(3))


def test_a_long_valid_expression_compiles(_import):
    terms = " + ".join(f"{k % 7 + 1}.0 * x * x" for k in range(400))
    mod, _ = _import("long_expression", f"import numpy as np\n\ndef f(x):\n    return {terms}\n")
    coeff = sum(k % 7 + 1 for k in range(400))
    assert sd.grad(mod.f)(0.5) == pytest.approx(2.0 * coeff * 0.5)
    assert sd.jvp(mod.f)(0.5, tangents=1.0)[1] == pytest.approx(2.0 * coeff * 0.5)
    assert sys.getrecursionlimit() < 60000  # restored after compiling


# ------------------------------------------------- crashes that became answers or refusals

def test_pad_with_short_widths():
    import crash_cases as C
    from fd import numeric_grad
    x = np.array([1.0, 2.0])
    np.testing.assert_allclose(sd.grad(C.pad)(x), numeric_grad(C.pad, (x,), 0), atol=1e-6)
    np.testing.assert_allclose(sd.jvp(C.pad)(x, tangents=np.ones(2))[1], 2.0 * np.sum(x),
                               atol=1e-9)


def test_einsum_with_a_zero_length_batch():
    import crash_cases as C
    a, b = np.zeros((0, 2, 3)), np.zeros((0, 3, 2))
    ga, gb = sd.grad(C.ein, wrt=(0, 1))(a, b)
    assert ga.shape == a.shape and gb.shape == b.shape
    a, b = np.random.default_rng(1).normal(size=(2, 2, 3)), np.ones((2, 3, 2))
    from fd import numeric_grad
    np.testing.assert_allclose(sd.grad(C.ein, wrt=0)(a, b), numeric_grad(C.ein, (a, b), 0),
                               atol=1e-6)


def test_second_order_through_angle_of_a_real_array():
    import crash_cases as C
    x = np.array([0.5, -1.0, 2.0])
    h = sd.hessian(C.ang)(x)  # angle(x) is 0 or pi: the Hessian of angle(x) * x is zero
    np.testing.assert_allclose(h, np.zeros((3, 3)), atol=1e-12)
    assert sd.grad(sd.grad(C.ang))(0.5) == 0.0


def test_hvp_with_a_nested_list_argument():
    import crash_cases as C
    p = [[np.array([1.0, 2.0])], np.array([0.5, 1.5])]
    v = [[np.ones(2)], np.ones(2)]
    got = sd.hvp(C.nested)(p, vector=v)
    # f = sum(a * b^2): H v = (2 b * vb, 2 b * va + 2 a * vb)
    a, b = p[0][0], p[1]
    np.testing.assert_allclose(got[0][0], 2.0 * b)
    np.testing.assert_allclose(got[1], 2.0 * b + 2.0 * a)


def test_jvp_of_a_list_literal_with_constants():
    import crash_cases as C
    value, tangent = sd.jvp(C.lit)(1.5, tangents=1.0)
    assert value == pytest.approx(1 + 1.5 * 1.5 + 2) and tangent == pytest.approx(3.0)


def test_jvp_of_star_args_is_lowered_per_call():  # (issue 15: no longer refused)
    import crash_cases as C
    assert sd.jvp(C.star)(1.5, 2.0, tangents=1.0) == (3.0, 2.0)


def rows_of_a_matrix_changed_through_the_list(x):
    a = np.outer(x, x)
    rows = [a[i] for i in range(3)]
    rows[1] *= 3.0
    return np.sum(a)


def test_a_list_entry_changed_in_place_names_the_array_it_views():
    # the change reaches `a` (each entry is a row view of it); the message named `rows`,
    # the list the statement writes through, and hinted at `rows = rows.copy()` (a shallow
    # copy: the same rows) (analysis/aliasing.py)
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(rows_of_a_matrix_changed_through_the_list)(np.array([0.3, -1.2, 0.8]))
    message = str(info.value)
    assert "that `a` also refers to" in message and "`rows = rows.copy()`" not in message
    assert "rows[1] *= 3.0" in message
