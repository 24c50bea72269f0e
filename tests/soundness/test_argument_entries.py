"""Entries of container arguments: what their facts say, and what the function changes.

A loop over an entry of a dict argument (``for k in p["cfg"]``) was refused at run time
although the argument's facts show the entry is a dict: the front end knew only the
parameters themselves. The facts now name the paths of entries that are dicts; a loop over
one iterates its keys, and ``key_list`` checks when it runs that the entry still is one.

The sequence analysis (analysis/sequences.py) read an argument's entries off its facts
level by level, whatever the keys: ``p["cfg"][k] * x`` was refused when another entry of
``p`` held a list of dicts. It follows the keys now. And it took the facts for what the
entries hold even after the function stored a list into one: ``p["u"] = [x, 2x]`` then
``p["u"] * 2`` (Python repeats the list) gave 3.0 where the derivative is 6.0.
"""

import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

X = 1.5


def loops_over_entries(x, p):
    s = 0.0
    for k in p["cfg"]:
        s = s + p["cfg"][k] * x
    for k in sorted(p["cfg"]):
        s = s + p["cfg"][k] * x * x
    for i, k in enumerate(p["layers"][0]):
        s = s + p["layers"][0][k] * x * (i + 1)
    return s + sum(len(k) for k in p["cfg"])


def params():
    return {"cfg": {"u": 2.0, "v": 3.0}, "layers": [{"a": 1.0, "b": 0.5}]}


def test_a_loop_over_a_dict_entry_of_an_argument_iterates_its_keys():
    p = params()
    want = numeric_grad(loops_over_entries, (X, p), 0)
    for options in ({}, {"verify": True}, {"optimize": False}):
        assert_close(sd.grad(loops_over_entries, **options)(X, p), want)
    g = sd.grad(loops_over_entries, wrt=1)(X, p)
    assert_close(g["cfg"]["u"], X + X * X)
    assert_close(g["layers"][0]["b"], 2 * X)
    _, tangent = sd.jvp(loops_over_entries)(X, p, tangents=1.0)
    assert_close(tangent, want, what="tangent")
    assert_close(sd.hessian(loops_over_entries)(X, p), 2.0 * 5.0, what="hessian")


def replaced_entry(x, p):
    p["cfg"] = [x, x]
    s = 0.0
    for k in p["cfg"]:
        s = s + x
    return s


def test_an_entry_replaced_by_a_list_is_refused_when_the_loop_runs(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    with pytest.raises(sd.SrcdiffError, match="a loop over the keys of a dict finds a list"):
        sd.grad(replaced_entry)(X, {"cfg": {"u": 2.0}})


def entry_beside_a_list_of_dicts(x, p):
    s = 0.0
    for k in p["cfg"].keys():
        s = s + p["cfg"][k] * x
    return s


def test_entries_are_followed_by_key_not_by_level():
    p = params()
    assert_close(sd.grad(entry_beside_a_list_of_dicts)(X, p), 5.0)


def list_stored_into_an_argument(x, p):
    p["u"] = [x, 2.0 * x]
    q = p["u"] * 2
    return q[3] * x


def test_a_list_stored_into_an_argument_is_a_list_afterwards(monkeypatch):
    # Python repeats the list: q[3] * x is 2 x^2, derivative 6.0 (srcdiff gave 3.0)
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    assert_close(numeric_grad(list_stored_into_an_argument, (X, {"u": 1.0}), 0), 6.0)
    with pytest.raises(sd.SrcdiffError, match="is a list or tuple"):
        sd.grad(list_stored_into_an_argument)(X, {"u": 1.0})


def float_stored_into_an_argument(x, p):
    p["u"] = p["u"] * x
    q = p["u"] * 2.0
    return q * x + p["w"][1] * 3.0


def test_a_float_stored_into_an_argument_keeps_its_facts():
    # 2 x^2 + 6 (the function changes its argument: a closed form, not differences)
    assert_close(sd.grad(float_stored_into_an_argument)(X, {"u": 1.0, "w": [1.0, 2.0]}),
                 4.0 * X)
