"""A refusal made when the generated code runs (a loop over a value the compiler could not
tell is a dict, a tuple assignment of one, a loop over an entry that stopped being a dict)
carries the user's file, line and source line (api/located.py), through every transform,
through a called helper's generated code, and through code generated from generated code
(second order). It had no location: the run-time helper does not know where it was called."""

import inspect
import re

import pytest

import srcdiff as sd


def dict_or_list(x, n):
    return {0: x, 1: 3.0 * x} if n else [x, 3.0 * x]


def loops_over_a_returned_dict(x):
    total = x
    for a in dict_or_list(x, 1):
        total = total * a
    return total


def unpacks_a_returned_dict(x, n):
    a, b = dict_or_list(x, n)
    return a * b


def helper_loop(x):
    s = 0.0
    for a in dict_or_list(x, 1):
        s = s + a * x
    return s


def calls_the_helper(x):
    return helper_loop(x * 2.0) * x


def replaces_an_entry(x, p):
    p["cfg"] = (x, 2.0 * x)
    total = x
    for key in p["cfg"]:
        total = total * 2.0 + key
    return total


def adds_a_key_after_reading(a, b):
    d = {"x": a, "y": b}
    d["x"] = d["x"] * d["y"]
    d["z"] = d["x"] + a
    return d["z"] * d["y"]


def _line_of(fn, text):
    lines, first = inspect.getsourcelines(fn)
    return first + next(k for k, line in enumerate(lines) if text in line)


TRANSFORMS = {
    "grad": lambda f, *a: sd.grad(f)(*a),
    "reference": lambda f, *a: sd.grad(f, optimize=False)(*a),
    "value_and_grad": lambda f, *a: sd.value_and_grad(f)(*a),
    "jvp": lambda f, *a: sd.jvp(f)(*a, tangents=1.0),
    "vjp": lambda f, *a: sd.vjp(f)(*a)[1](1.0),
    "hvp": lambda f, *a: sd.hvp(f)(*a, vector=1.0),
}


LOOP, UNPACK = "for a in dict_or_list(x, 1):", "a, b = dict_or_list(x, n)"


@pytest.mark.parametrize("transform", list(TRANSFORMS))
@pytest.mark.parametrize("fn,args,text,what", [
    (loops_over_a_returned_dict, (1.5,), LOOP, "a `for` loop iterates a dict"),
    (unpacks_a_returned_dict, (1.5, 1), UNPACK, "tuple assignment unpacks a dict"),
    (calls_the_helper, (1.5,), LOOP, "a `for` loop iterates a dict"),
], ids=["loop", "unpack", "helper"])
def test_run_time_refusals_name_the_users_line(transform, fn, args, text, what, monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    with pytest.raises(sd.SrcdiffError) as info:
        TRANSFORMS[transform](fn, *args)
    where = helper_loop if fn is calls_the_helper else fn
    first = str(info.value).splitlines()[:3]
    assert re.match(rf"{re.escape(__file__)}:{_line_of(where, text)}:\d+: error: ", first[0])
    assert what in first[0] and first[1].strip() == text and first[2].strip() == "^"


def test_an_entry_replaced_meanwhile(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(replaces_an_entry)(1.5, {"cfg": {"u": 1.0}})
    line = _line_of(replaces_an_entry, 'for key in p["cfg"]:')
    assert re.match(rf"{re.escape(__file__)}:{line}:\d+: error: a loop over the keys of a "
                    "dict finds a tuple", str(info.value))


@pytest.mark.parametrize("second", {
    "grad_grad": lambda f, *a: sd.grad(sd.grad(f))(*a),
    "hvp": lambda f, *a: sd.hvp(f)(*a, vector=1.0),
    "jvp_grad": lambda f, *a: sd.jvp(sd.grad(f))(*a, tangents=1.0)}.items(), ids=lambda p: p[0])
def test_a_refusal_of_code_differentiated_again(second, monkeypatch):
    """Raised in code generated from a gradient printed again (its ``grad_ys`` renamed,
    comments dropped: api/higher.py): the user's line, through the line map of
    ``located.load_renamed`` (grad of grad had no location before)."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    with pytest.raises(sd.SrcdiffError) as info:
        second[1](adds_a_key_after_reading, 0.8, -0.6)
    line = _line_of(adds_a_key_after_reading, 'd["z"] = d["x"] + a')
    assert re.match(rf"{re.escape(__file__)}:{line}:\d+: error: a second derivative through "
                    "a store that adds the key 'z'", str(info.value))
