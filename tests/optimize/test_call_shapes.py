"""ir/calls.py: the one spelling of "a call of a bare name" for the passes (gast nodes) and
the numba emitter (which rewrites the written source as ``ast`` nodes): both node families
answer alike, and the forms a helper's call is not written in are not taken for one."""

import ast

import gast
import pytest

from srcdiff.compiler.ir.calls import call_statement, named_call, plain_call

PARSERS = [pytest.param(ast.parse, id="ast"), pytest.param(gast.parse, id="gast")]


@pytest.mark.parametrize("parse", PARSERS)
def test_a_call_of_a_bare_name(parse):
    s = parse("item_saved(x, k)").body[0]
    call = s.value
    assert named_call(call, "item_saved") is call
    assert named_call(call, ("len", "item_saved")) is call
    assert plain_call(call, "item_saved", 2) is call
    assert call_statement(s, "item_saved") is call
    assert named_call(call, "item_restore") is None and plain_call(call, "item_saved", 3) is None


@pytest.mark.parametrize("parse", PARSERS)
@pytest.mark.parametrize("text", ["np.item_saved(x, k)", "item_saved(*xs, k)",
                                  "item_saved(x, k=k)", "f(x)(k)"])
def test_other_forms_are_not_a_plain_call(parse, text):
    call = parse(text).body[0].value
    assert plain_call(call, "item_saved", 2) is None


@pytest.mark.parametrize("parse", PARSERS)
def test_an_assignment_is_not_a_call_statement(parse):
    s = parse("y = item_saved(x, k)").body[0]
    assert call_statement(s, "item_saved") is None and named_call(s.value, "item_saved")
