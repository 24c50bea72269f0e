"""srcdiff's read-only run-time checks (ir/calls.py READ_ONLY_CHECKS: ``check_broadcast``,
``check_in_place``) read their operands and return None or raise: every question a pass
asks of a call (may it change its arguments, may its result share one) answers "no" for
them through the one predicate, by name in generated code and by object in an analysis."""

import gast
import numpy as np
import pytest

import srcdiff  # noqa: F401  (the rules: registered on import)
from srcdiff.compiler.analysis.effects import summary
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir.calls import READ_ONLY_CHECKS, is_read_only_check
from srcdiff.compiler.optimize.parts import may_change_arrays
from srcdiff.rules.registry import DEFAULT
from srcdiff.rules.shape_rules import check_split
from srcdiff.runtime_checks import check_broadcast
from srcdiff.runtime_memory import check_in_place


def _statement(text):
    return gast.parse(text).body[0]


@pytest.mark.parametrize("name", sorted(READ_ONLY_CHECKS))
def test_a_check_changes_none_of_its_operands(name):
    s = _statement(f"unused = {name}(m, v)")
    assert dataflow.changed_in_place(s) == set()
    assert dataflow.writes(s) == {"unused"}
    assert not may_change_arrays(s.value)
    fn = gast.parse(f"def f(m, v):\n    unused = {name}(m, v)\n    return m").body[0]
    assert dataflow.changed_through_views(fn) == set()


@pytest.mark.parametrize("name", ["index_add", "user_function"])
def test_another_call_may_change_its_operands(name):
    # (the same questions of a call that is no check: the predicate is not "any call")
    s = _statement(f"unused = {name}(m, v)")
    assert "m" in dataflow.changed_in_place(s) and "m" in dataflow.writes(s)
    assert may_change_arrays(s.value)


def _user_check_in_place(m, v):  # (a user's function of that name is no check of srcdiff's)
    m[...] = v


_user_check_in_place.__name__ = "check_in_place"


def test_the_predicate_by_name_and_by_object():
    assert is_read_only_check(check_in_place) and is_read_only_check(check_broadcast)
    assert is_read_only_check(gast.Name("check_in_place", gast.Load(), None, None))
    assert is_read_only_check("check_broadcast")
    assert not is_read_only_check(np.add) and not is_read_only_check("index_add")
    assert is_read_only_check(check_split)

    assert not is_read_only_check(_user_check_in_place)
    # each returns None where it does not raise
    assert check_broadcast(np.zeros(3), np.ones(3)) is None
    assert check_in_place(np.zeros(3), np.ones(3)) is None
    assert check_split(np.split(np.zeros(4), [1]), np.zeros(4)) is None


def _returns_the_check(m, v):
    return check_in_place(m, v)


def test_a_checks_result_shares_nothing_in_a_helper_summary():
    # analysis/scan.py: a helper returning check_in_place's None returns nothing of its
    # arguments (not any of them, as for a call of a function it does not know)
    found = summary(_returns_the_check, DEFAULT)
    assert found is not None and not found.returns
