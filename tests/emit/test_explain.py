"""The side-by-side view (issue 20): sd.explain, the str sd.source returns, srcdiff html.

The mapping of generated lines to primal lines comes from the compiler's origin
tags; the checks here compare it with what the generated text says about itself
(``# adjoint of line N`` comments) and with the primal source.
"""

import html
import inspect
import os
import pickle
import re
import subprocess
import sys

import numpy as np
import pytest

import corpus
import error_cases
import srcdiff as sd
from paths import ROOT  # noqa: E402
from srcdiff.api.explain import GeneratedSource, View
from srcdiff.cli import commands as cli

MLP = os.path.join(ROOT, "samples", "mlp.py")
sys.path.insert(0, os.path.join(ROOT, "samples"))

import mlp  # noqa: E402

CATEGORIES = {"header", "seed", "result"}
ROLES = {"primal", "save", "adjoint", "control", "tangent"} | CATEGORIES


def _comment_line(text):
    """``N`` of a ``# adjoint of line N: ...`` (reverse) or ``# line N: ...`` (forward)."""
    m = re.match(r"\s*# (?:adjoint of )?line (\d+): ", text)
    return int(m.group(1)) if m else None


def check_mapping(view, source):
    """Every generated line belongs to a primal line or to the header/seed/result."""
    assert view.source == source
    assert "\n".join(g.text for g in view.lines) == source.rstrip("\n")
    keys = {(p.index, row.number): row for p in view.primals for row in p.rows}
    def_lines = 0
    for g in view.lines:
        if not g.text.strip() and g.belongs is None:  # the blank lines between functions
            continue
        assert g.belongs is not None, g
        assert g.role in ROLES, g
        if isinstance(g.belongs, int):
            row = keys.get((g.primal, g.belongs))
            assert row is not None, f"{g} names line {g.belongs}, not in the primal pane"
            assert f"p{g.primal}-{g.belongs}" in row.keys, (g, row)
            assert row.status is not None, (g, row)  # a line the compiler read a statement of
        else:
            assert g.belongs in CATEGORIES, g
            assert g.role == g.belongs, g
        if g.text.startswith("def "):
            def_lines += 1
            assert g.belongs == "header", g
        if g.text.lstrip().startswith("return ") and g.text.startswith("    ") \
                and not g.text.startswith("        "):
            assert g.belongs == "result", g
        n = _comment_line(g.text)
        if n is not None:  # what the compiler tagged agrees with what the text says
            p = view.primals[g.primal]
            assert g.belongs == p.key_of(n), g
    assert def_lines == len({g.function for g in view.lines if g.function is not None})


@pytest.mark.parametrize("case", corpus.CASES, ids=lambda c: c.name)
def test_corpus_mapping_reverse(case):
    view = sd.explain(case.fn, case.wrt, args=case.args)
    check_mapping(view, sd.source(case.fn, case.wrt, args=case.args))
    seeds = [g for g in view.lines if g.belongs == "seed"]
    assert any("grad_ys" in g.text for g in seeds)


@pytest.mark.parametrize("case", corpus.CASES, ids=lambda c: c.name)
def test_corpus_mapping_forward(case):
    view = sd.explain(case.fn, case.wrt, args=case.args, mode="forward")
    check_mapping(view, sd.source(case.fn, case.wrt, mode="forward", args=case.args))
    assert any(g.role == "tangent" for g in view.lines) or not any(
        row.status == "active" for p in view.primals for row in p.rows)


def test_mapping_without_args_and_other_pipelines():
    case = next(c for c in corpus.CASES if c.name == "store_under_branch_in_loop")
    check_mapping(sd.explain(case.fn), sd.source(case.fn))
    for options in ({"optimize": False}, {"verify": True}):
        check_mapping(sd.explain(case.fn, args=case.args, **options),
                      sd.source(case.fn, args=case.args, **options))


# ------------------------------------------------------------------ what is marked


def _lines(view, needle):
    found = [g for g in view.lines if needle in g.text]
    assert found, f"no generated line contains {needle!r}:\n{view.source}"
    return found


def _row(view, needle):
    for p in view.primals:
        for row in p.rows:
            if needle in row.text:
                return row
    raise AssertionError(needle)


def test_mlp_links_each_line_to_its_adjoint():
    view = sd.explain(mlp.loss, "params", args=mlp.SRCDIFF_EXAMPLES["loss"]())
    lines, first = inspect.getsourcelines(mlp.loss)
    tanh = first + next(k for k, t in enumerate(lines) if "np.tanh" in t)
    own = [g for g in view.lines if g.belongs == tanh]
    assert {g.role for g in own} == {"primal", "adjoint"}
    assert any("b_W1" in g.text for g in own) and any("np.tanh(" in g.text for g in own)
    assert _row(view, "np.tanh").keys == [f"p0-{tanh}"]
    assert _row(view, "def loss").keys == ["p0-" + str(first), "p0-header", "p0-result"]
    assert "p0-seed" in _row(view, "return -np.mean").keys
    # the mean's gradient is a scalar over the summed array until unreduce needs an array
    assert "uniform" in _lines(view, "b_sum2 = -b_neg / size_of(sum2)")[0].marks


def readme_example(x, w):
    h = np.tanh(x @ w)
    return np.sum(h * h)


def test_uniform_gradient_kept_scalar():
    view = sd.explain(readme_example, 1, (np.ones((2, 3)), np.ones((3, 4))))
    assert _lines(view, "b_h = 2.0 * b_sum1 * h")[0].marks == ("uniform",)
    assert not _lines(view, "b_w = x.T @ b_matmul")[0].marks
    assert "uniform" in _row(view, "return np.sum(h * h)").marks


def test_tape_restore_and_deferred_sums():
    case = next(c for c in corpus.CASES if c.name == "rnn")
    view = sd.explain(case.fn, case.wrt, args=case.args)
    save = _lines(view, "_stack.append(h)")[0]
    assert save.role == "save" and save.marks == ("tape",)
    assert _lines(view, "_stack.pop()")[0].marks == ("restore",)
    deferred = [g for g in view.lines if "deferred" in g.marks]
    assert any(".append(" in g.text for g in deferred)
    assert any(g.text.strip().startswith("if _") for g in deferred)
    assert any("np.array(" in g.text and "b_w +=" in g.text for g in deferred)
    assert not any("deferred" in g.marks for g in _lines(view, "b_add = "))
    row = _row(view, "h = np.tanh(h @ w + xs[t])")
    assert row.status == "active" and row.marks == ("tape", "deferred")


def test_recomputed_value():
    case = next(c for c in corpus.CASES if c.name == "loop_index_sum")
    view = sd.explain(case.fn, case.wrt, args=case.args)
    again = [g for g in view.lines if "recompute" in g.marks]
    assert [g.text.strip() for g in again] == ["x_i2 = x[i]"]
    assert again[0].role == "adjoint"


def inactive_lines(x, w):
    k = np.argmax(x)
    c = sd.stop_gradient(x * 2.0)
    d = c * w
    unused = np.sin(x)
    print(k, unused.shape)
    e = x * 3.0
    return np.sum(x * w) + np.sum(d) + np.sum(e)


def test_inactive_primal_lines_and_why():
    view = sd.explain(inactive_lines, 0, (np.ones(3), np.ones(3)))
    assert (_row(view, "np.argmax").status, _row(view, "np.argmax").reason) == \
        ("inactive", "constant")
    assert _row(view, "sd.stop_gradient").reason == "stop"
    assert _row(view, "d = c * w").reason == "stop"  # downstream of the stopped gradient
    assert _row(view, "np.sin(x)").reason == "unused"
    assert _row(view, "print(").reason == "passthrough"
    assert _row(view, "e = x * 3.0").status == "active"
    assert _row(view, "return").status == "active"
    # no generated line claims an inactive line's adjoint
    inactive = {row.number for p in view.primals for row in p.rows if row.status == "inactive"}
    assert not [g for g in view.lines if g.belongs in inactive and g.role == "adjoint"]
    # a name in stop_gradients, and wrt the other argument
    view = sd.explain(inactive_lines, 1, (np.ones(3), np.ones(3)), stop_gradients=("e",))
    assert _row(view, "e = x * 3.0").reason == "constant"  # does not depend on w
    view = sd.explain(inactive_lines, 0, (np.ones(3), np.ones(3)), stop_gradients=("e",))
    assert _row(view, "e = x * 3.0").reason == "stop"
    page = view.html()
    assert 'data-sd-why="stop"' in page and "no adjoint: stop_gradient" in page


def test_forward_mode_view():
    view = sd.explain(inactive_lines, 0, (np.ones(3), np.ones(3)), mode="forward")
    assert view.entry == "jvp_inactive_lines"
    tangents = [g for g in view.lines if g.role == "tangent"]
    assert tangents and all(isinstance(g.belongs, int) for g in tangents)
    assert _row(view, "np.sin(x)").reason == "unused"
    assert "no tangent: " in view.html()
    seed = [g for g in view.lines if g.belongs == "seed"]  # (may fold into their uses)
    assert all("tangents" in g.text for g in seed)
    assert "tangents" in _lines(view, "t_e = ")[0].text


def test_called_functions_have_their_own_primal_pane():
    case = next(c for c in corpus.CASES if c.name == "call_in_loop")
    view = sd.explain(case.fn, case.wrt, args=case.args)
    assert [p.name for p in view.primals] == ["_helper_scale", "call_in_loop"]
    callee = [g for g in view.lines if g.primal == 0 and isinstance(g.belongs, int)]
    # the callee's record pair: fwd__helper_scale (function 0) and bwd__helper_scale (1)
    assert callee and {g.function for g in callee} == {0, 1}
    page = view.html()
    assert page.index("<b>call_in_loop</b></div>") < page.index("<b>_helper_scale</b></div>")


# ------------------------------------------------------------------ the page


def _line_texts(page, pane):
    """The text of every line of a pane (tags stripped, entities decoded)."""
    start = page.index(f'data-sd-pane="{pane}"')
    end = page.index('data-sd-pane="generated"') if pane == "primal" else page.index("<script")
    rows = re.findall(r'<span class="sdx-t">(.*?)</span><span class="sdx-bs">',
                      page[start:end])
    return [html.unescape(re.sub(r"<[^>]+>", "", r)) for r in rows]


def _check_page(page, view):
    assert page.startswith("<!DOCTYPE html>")
    assert 'data-sd-pane="primal"' in page and 'data-sd-pane="generated"' in page
    assert _line_texts(page, "generated") == [g.text for g in view.lines]
    primal = [line for p in [view.primals[-1]] + view.primals[:-1] for line in p.lines]
    assert _line_texts(page, "primal") == primal
    # self-contained: nothing is fetched
    assert not re.search(r"""(src|href)\s*=|@import|url\(|https?://""", page)


def test_page_with_and_without_pygments(monkeypatch):
    pytest.importorskip("pygments")
    view = sd.explain(error_cases_ok, 0, (np.ones(3),))
    page = view.html()
    _check_page(page, view)
    assert '<span class="sdx-k">' in page  # highlighted
    monkeypatch.setitem(sys.modules, "pygments", None)  # as if it were not installed
    plain = view.html()
    _check_page(plain, view)
    assert '<span class="sdx-k">' not in plain
    assert "&lt;" in plain and "&quot;" in plain


def error_cases_ok(x):
    """A <docstring> with "quotes" & an ampersand."""
    y = np.where(x < 0.5, x, 2.0 * x)  # a comment <b>not bold</b>
    return np.sum(y)


def test_fragments_have_their_own_ids_and_script():
    view = sd.explain(readme_example, 1, (np.ones((2, 3)), np.ones((3, 4))))
    a, b = view._repr_html_(), view._repr_html_()
    ida = re.search(r'<div class="sdx" id="([^"]+)"', a).group(1)
    idb = re.search(r'<div class="sdx" id="([^"]+)"', b).group(1)
    assert ida != idb and f'getElementById("{ida}")' in a
    assert "<!DOCTYPE" not in a and "data-sd-key" in a


def test_save_is_atomic(tmp_path):
    view = sd.explain(readme_example, 1, (np.ones((2, 3)), np.ones((3, 4))))
    path = tmp_path / "view.html"
    path.write_text("old")
    view.save(str(path))
    assert path.read_text(encoding="utf-8") == view.html()
    assert os.listdir(tmp_path) == ["view.html"]  # no temporary file left behind


# ------------------------------------------------------------------ sd.source's string


def test_source_is_a_str_that_renders_as_the_view():
    args = (np.ones((2, 3)), np.ones((3, 4)))
    text = sd.source(readme_example, wrt=1, args=args)
    assert isinstance(text, str) and isinstance(text, GeneratedSource)
    plain = str(text)
    assert type(plain) is str and plain == text and hash(plain) == hash(text)
    assert text.startswith("def grad_readme_example(x, w, grad_ys=None):")
    assert type(text + "") is str and text.splitlines() == plain.splitlines()
    assert type(pickle.loads(pickle.dumps(text))) is str
    assert pickle.loads(pickle.dumps(text)) == plain
    rendered = text._repr_html_()
    assert 'data-sd-pane="generated"' in rendered and "grad_readme_example" in rendered
    assert isinstance(text.view(), View) and text.view().source == plain
    forward = sd.source(readme_example, wrt=1, mode="forward", args=args)
    assert "jvp_readme_example" in forward._repr_html_()
    decorated = sd.differentiate(readme_example, wrt=1)
    assert decorated.source._repr_html_() is not None


def test_source_whose_view_fails_shows_text():
    broken = GeneratedSource("def f():\n    pass\n", lambda: 1 / 0)
    assert broken._repr_html_() is None  # Jupyter falls back to the text
    assert GeneratedSource("x")._repr_html_() is None


def stopped_in_forward(x):
    c = x * 2.0
    return np.sum(c * x)


def test_forward_source_honours_stop_gradients():
    args = (np.ones(3),)
    free = sd.source(stopped_in_forward, mode="forward", args=args)
    stopped = sd.source(stopped_in_forward, mode="forward", args=args, stop_gradients=("c",))
    assert "t_c" in free and "t_c" not in stopped
    view = sd.explain(stopped_in_forward, 0, args, mode="forward", stop_gradients=("c",))
    assert view.source == stopped and _row(view, "c = x * 2.0").reason == "stop"


def test_explain_errors():
    with pytest.raises(ValueError, match="mode"):
        sd.explain(readme_example, mode="sideways")
    with pytest.raises(sd.SrcdiffError) as e:
        sd.explain(error_cases.uses_try, 0, (1.0,))
    assert e.value.filename and e.value.filename.endswith("error_cases.py")
    assert e.value.lineno is not None and "try" in str(e.value)


# ------------------------------------------------------------------ srcdiff html


def run(*argv, cwd=ROOT):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, "-m", "srcdiff", *argv], check=False, cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=120)


def test_cli_html_writes_one_self_contained_page(tmp_path):
    out = tmp_path / "view.html"
    done = run("html", "samples/mlp.py:loss", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    page = out.read_text(encoding="utf-8")
    assert "grad_loss" in page and "def loss(params, x, y)" in page.replace("</span>", "") \
        .replace('<span class="sdx-k">', "").replace('<span class="sdx-f">', "")
    assert 'data-sd-pane="primal"' in page and 'data-sd-pane="generated"' in page
    assert page.count("<script>") == 1 and page.count("</html>") == 1
    assert "samples/mlp.py" in page and str(ROOT) not in page  # paths as given
    assert not re.search(r"""(src|href)\s*=|https?://""", page)
    assert os.listdir(tmp_path) == ["view.html"]


def test_cli_html_forward_and_stdout(capsys):
    assert cli.main(["html", MLP + ":loss", "--mode", "forward"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("<!DOCTYPE html>") and "jvp_loss" in page


def test_cli_html_bad_input(tmp_path, capsys):
    out = tmp_path / "view.html"
    rejected = os.path.join(ROOT, "tests", "cli_samples", "rejected.py")
    assert cli.main(["html", rejected + ":uses_try", "-o", str(out)]) == cli.COMPILE
    err = capsys.readouterr().err
    assert re.search(r"rejected\.py:\d+:\d+: error: `try` statements are not supported", err)
    assert "    try:" in err
    assert not out.exists()
    assert cli.main(["html", rejected + ":nope", "-o", str(out)]) == cli.USAGE
    assert "no function 'nope'" in capsys.readouterr().err
    assert cli.main(["html", MLP + ":loss,predict", "-o", str(out)]) == cli.USAGE
    assert "one function" in capsys.readouterr().err
    assert cli.main(["html", MLP + ":loss", "-o", str(tmp_path / "v.py")]) == cli.USAGE
    assert cli.main(["html", MLP + ":loss", "--mode", "sideways"]) == cli.USAGE
    capsys.readouterr()
    assert cli.main(["html", MLP + ":loss", "-o", str(tmp_path / "no" / "v.html")]) == cli.IO
    assert "does not exist" in capsys.readouterr().err
    assert not out.exists()


def test_cli_html_does_not_take_over_other_commands(tmp_path):
    done = run("samples/mlp.py:loss")
    assert done.returncode == 0 and "def grad_loss(" in done.stdout
    assert "<html" not in done.stdout
    done = run("html", "--help")
    assert done.returncode == 0 and "srcdiff html" in done.stdout
