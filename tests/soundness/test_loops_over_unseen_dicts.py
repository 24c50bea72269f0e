"""A ``for`` loop over a value the compiler does not see is a dict.

srcdiff lowers ``for a in q`` to an index loop reading ``q[0], q[1], ...``: what Python
iterates for a list, a tuple or an array, and not for a dict (its values, where Python
iterates its keys). A dict the front end saw (a display, a dict argument) was iterated by
its keys; one it did not see was read by index, silently: a dict a user function returns
(``for a in mk(x)``: 9.0 for 1.0), an alias of a dict display (``e = d``: 6.0 for 1.0), a
module-level dict (12.0 for 1.0), an entry of a container (``p["inner"]``: 6.0 for 1.0),
``d.copy()`` (an IndexError). Now a loop over a value not surely a sequence checks it at
run time (``loop_len``), and aliases, copies and module-level dicts are seen as dicts.
"""

import operator

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

X = 1.5


def make_dict(x):
    return {0: x, 1: 2.0 * x}


def returned_dict(x):
    s = 0.0
    for a in make_dict(x):
        s = s + a * x
    return s


def aliased_dict(x):
    d = {0: x, 1: 3.0}
    e = d
    s = 0.0
    for a in e:
        s = s + a * x
    return s


TABLE = {0: 5.0, 1: 7.0}


def module_level_dict(x):
    s = 0.0
    for a in TABLE:
        s = s + a * x
    return s


def copied_dict(x):
    d = {0: x, 1: 2.0}
    s = 0.0
    for a in d.copy():
        s = s + a * x
    return s


def copied_alias_zipped(x):
    d = {0: x, 1: 2.0}
    e = d.copy()
    s = 0.0
    for a, b in zip(e, [x, x * x]):
        s = s + a * b
    return s


def entry_of_a_container(x):
    p = {"inner": {0: x, 1: x}}
    s = 0.0
    for a in p["inner"]:
        s = s + a * x
    return s


def dict_argument_of_a_callee(d, x):
    s = 0.0
    for a in d:
        s = s + a * x
    return s


def through_a_callee(x):
    return dict_argument_of_a_callee({0: x, 1: 2.0}, x) * x


@pytest.mark.parametrize("fn", [aliased_dict, module_level_dict, copied_dict,
                                copied_alias_zipped, returned_dict], ids=lambda f: f.__name__)
def test_dicts_seen_at_compile_time_iterate_their_keys(fn):
    want = numeric_grad(fn, (X,), 0)
    for options in ({}, {"verify": True}, {"optimize": False}):
        assert_close(sd.grad(fn, **options)(X), want)
    _, tangent = sd.jvp(fn)(X, tangents=1.0)
    assert_close(tangent, want, what="tangent")


def dict_or_list(x, n):
    return {0: x, 1: 2.0 * x} if n else [x, 2.0 * x]


def returned_dict_or_list(x):
    s = 0.0
    for a in dict_or_list(x, 1):
        s = s + a * x
    return s


# (a user function every `return` of which returns a dict display is seen returning a dict
# (containers.returned_kind): ``for a in make_dict(x)`` iterates its keys; one that may
# return a dict or a list is checked at run time)
@pytest.mark.parametrize("fn", [returned_dict_or_list, entry_of_a_container, through_a_callee],
                         ids=lambda f: f.__name__)
def test_a_dict_seen_only_at_run_time_is_refused(fn, monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    for options in ({}, {"optimize": False}):
        with pytest.raises(sd.SrcdiffError) as info:
            sd.grad(fn, **options)(X)
        msg = str(info.value)
        assert "a `for` loop iterates a dict" in msg and "d.keys()" in msg


def loop_over_rows(x):
    rows = [x[:2], x[1:]]
    t = 0.0
    for r in rows:
        for v in r:
            t = t + v * v
    return t


def loop_over_a_returned_list(x):
    t = 0.0
    for v in halves(x):
        t = t + np.sum(v * x[0])
    return t


def halves(x):
    return [x[:2], x[2:]]


@pytest.mark.parametrize("fn", [loop_over_rows, loop_over_a_returned_list],
                         ids=lambda f: f.__name__)
def test_sequences_not_seen_at_compile_time_still_iterate(fn):
    x = np.array([0.3, 0.5, 0.7, 1.1])
    want = numeric_grad(fn, (x,), 0)
    for options in ({}, {"verify": True}, {"optimize": False}):
        assert_close(sd.grad(fn, **options)(x), want)


def test_loop_len_reads_sequences_and_refuses_the_rest():
    from srcdiff.runtime_checks import loop_len
    assert loop_len([1, 2, 3]) == 3 and loop_len((1,)) == 1 and loop_len(np.ones((4, 2))) == 4
    for bad in ({0: 1.0}, {1.0, 2.0}, iter([1.0])):
        with pytest.raises(sd.SrcdiffError):
            loop_len(bad)


# -- builtins that iterate a dict read its keys: constants, no gradient for its values --

def summed_keys(x):
    d = {0: x, 1: 2.0 * x}
    return sum(d) * x + max(d) * x + min(d.copy()) * x


def sorted_keys_unpacked(x):
    d = {0: x, 1: 2.0 * x}
    a, b = d
    return np.sum(np.array(sorted(d))) * x + (a + b) * x + d[1]


def keys_of_a_returned_dict(x):
    d = make_dict(x)
    return sum(d) * x + max(d) * x + np.sum(np.array(sorted(d))) * x + d[1]


@pytest.mark.parametrize("fn", [summed_keys, sorted_keys_unpacked, keys_of_a_returned_dict],
                         ids=lambda f: f.__name__)
def test_builtins_over_a_dict_read_its_keys(fn):
    want = numeric_grad(fn, (X,), 0)
    for options in ({}, {"verify": True}, {"optimize": False}):
        assert_close(sd.grad(fn, **options)(X), want)
    _, tangent = sd.jvp(fn)(X, tangents=1.0)
    assert_close(tangent, want, what="tangent")


# -- the rows of a list of lists a user function returns are lists (sequences.py) --

def list_of_lists(x):
    return [[x, 1.0], [2.0, x]]


def repeated_rows_of_a_returned_list(x):
    s = 0.0
    for row in list_of_lists(x):
        s = s + np.sum(np.array(row * 2))
    return s


def repeated_row_by_index(x):
    rows = list_of_lists(x)
    r = rows[1]
    return np.sum(np.array(r * 2))


def test_a_row_read_by_index_is_repeated():
    # (an entry of the returned list of lists is known to be a list: repeat_sequence since
    # session 27; 2.0 is right)
    want = numeric_grad(repeated_row_by_index, (X,), 0)
    for options in ({}, {"verify": True}, {"optimize": False}):
        assert_close(sd.grad(repeated_row_by_index, **options)(X), want)
    _, tangent = sd.jvp(repeated_row_by_index)(X, tangents=1.0)
    assert_close(tangent, want, what="tangent")


@pytest.mark.parametrize("fn", [repeated_rows_of_a_returned_list], ids=lambda f: f.__name__)
def test_rows_of_a_returned_list_of_lists_are_not_multiplied(fn, monkeypatch):
    # (4.0 and 2.0 are right; srcdiff gave 2.0 and 1.0, taking `row * 2` for arithmetic)
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(fn)(X)
    assert "is a list or tuple" in str(info.value) and "* 2" in str(info.value)


def hidden_states(x):
    hs = []
    h = x
    for _ in range(3):
        h = np.tanh(h) * 1.5
        hs.append(h)
    return hs


def named_outputs(x):
    return {"h": np.tanh(x), "y": x * x}


def uses_returned_containers(x):
    hs = hidden_states(x)
    out = named_outputs(x)
    return np.sum(hs[-1] * 2.0 + hs[0] * 3) + np.sum(out["y"] * 2 + out["h"])


def test_entries_of_returned_lists_and_dicts_of_arrays_multiply():
    x = np.array([0.3, -0.5, 0.7])
    want = numeric_grad(uses_returned_containers, (x,), 0)
    for options in ({}, {"verify": True}, {"optimize": False}):
        assert_close(sd.grad(uses_returned_containers, **options)(x), want)


def built_rows(x, n):
    if n == 0:
        return [[x, 1.0]]
    rows = built_rows(x, n - 1)
    rows.append([x * n, 2.0])
    return rows


def repeated_rows_built_recursively(x):
    s = 0.0
    for row in built_rows(x, 3):
        s = s + np.sum(np.array(row * 2))
    return s


def rows_stored_by_a_helper(x):
    rows = [None, None]
    rows[0] = [x, 2.0]
    rows[1] = [3.0, x]
    return rows


def repeated_stored_row(x):
    return np.sum(np.array(rows_stored_by_a_helper(x)[1] * 3))


@pytest.mark.parametrize("fn", [repeated_rows_built_recursively, repeated_stored_row],
                         ids=lambda f: f.__name__)
def test_rows_a_helper_builds_otherwise_are_lists_too(fn, monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(fn)(X)
    assert "is a list or tuple" in str(info.value)


def sorted_items_weighted(d):
    total = 0.0
    for i, (k, v) in enumerate(sorted(d.items(), key=operator.itemgetter(0), reverse=True)):
        total = total + np.sum(np.sin(v)) * (i + 1.0)
    for k in sorted(d.keys()):
        total = total + np.sum(np.cos(d[k]))
    return total


def test_sorted_pairs_of_a_dict_send_each_value_its_gradient():
    # (the gradient of sorted() summed each pair's tree gradient as if it were an array:
    # a ValueError)
    rng = np.random.default_rng(3)
    d = {"b": rng.standard_normal((2, 3)), "a": rng.standard_normal(4), "c": 0.7}
    got = sd.grad(sorted_items_weighted)(d)
    for k, v in d.items():
        want = numeric_grad(lambda u, k=k: sorted_items_weighted({**d, k: u}), (v,), 0)
        assert_close(got[k], want)
    ones = {k: np.ones_like(v) for k, v in d.items()}
    _, tangent = sd.jvp(sorted_items_weighted)(d, tangents=ones)
    want = sum(np.sum(numeric_grad(lambda u, k=k: sorted_items_weighted({**d, k: u}), (v,), 0))
               for k, v in d.items())
    assert_close(tangent, want, what="tangent")


def loop_over_an_entry(x):
    row = x[1]  # (an entry: not surely a sequence at compile time)
    t = 0.0
    for v in row:
        t = t + v * v * 1.5
    return t


def test_the_check_compiles_under_numba_and_in_written_modules(tmp_path):
    # loop_len has a numba version (arrays only: numba types no dict), and a written
    # module carries it with a SrcdiffError of its own (the module runs without srcdiff)
    pytest.importorskip("numba")
    import subprocess
    import sys
    x = np.array([[0.3, -0.5], [0.7, 1.1]])
    assert "loop_len(row)" in sd.source(loop_over_an_entry, args=(x,))
    assert_close(sd.grad(loop_over_an_entry, backend="numba")(x),
                 numeric_grad(loop_over_an_entry, (x,), 0))
    x = np.array([0.3, -0.5, 0.7, 1.1])
    want = 3.0 * x
    source = tmp_path / "model.py"
    source.write_text("def halves(x):\n    return [x[:2], x[2:]]\n\n\n"
                      "def loss(x):\n    t = 0.0\n    for part in halves(x):\n"
                      "        for v in part:\n            t = t + v * v * 1.5\n    return t\n")
    out = tmp_path / "grad_model.py"
    import os
    root = os.path.dirname(os.path.dirname(os.path.abspath(sd.__file__)))
    subprocess.run([sys.executable, "-m", "srcdiff", f"{source}:loss", "-o", str(out)],
                   check=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": root})
    assert "loop_len(" in out.read_text() and "class SrcdiffError" in out.read_text()
    code = ("import sys, numpy as np; sys.path.insert(0, sys.argv[1]); import grad_model as g\n"
            "print(list(g.grad_loss(np.array([0.3, -0.5, 0.7, 1.1]))), 'srcdiff' in sys.modules)\n"
            "try:\n    g.loop_len({0: 1.0})\nexcept g.SrcdiffError as e:\n    print(str(e))\n")
    run = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True,
                         text=True, check=True, cwd=tmp_path, env={"PATH": "/usr/bin:/bin"})
    lines = run.stdout.splitlines()
    assert_close(np.array(eval(lines[0].rsplit(" ", 1)[0])), want)
    assert lines[0].endswith("False") and "a `for` loop iterates a dict" in run.stdout


def rows_of_a_list_argument(x, rows):
    s = 0.0
    for row in rows:
        for a in row:
            s = s + a * x
    return s


def test_rows_of_a_list_argument_may_be_dicts(monkeypatch):
    # a row of an array is never a dict; a row of a list may be: it is checked at run time
    # (its rows were once taken for sequences: 12.0 for 1.0 with rows [{0: 5.0, 1: 7.0}])
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    with pytest.raises(sd.SrcdiffError, match="a `for` loop iterates a dict"):
        sd.grad(rows_of_a_list_argument)(X, [{0: 5.0, 1: 7.0}])
    rows = [[5.0, 7.0], [1.0]]
    assert_close(sd.grad(rows_of_a_list_argument)(X, rows),
                 numeric_grad(rows_of_a_list_argument, (X, rows), 0))
