"""A rule whose file is edited after it was imported is called, never inlined from the new text.

srcdiff inlines a rule's body from its source, read when a compilation first needs it.
A user's module of custom rules edited in a running session (or srcdiff's own rule files
changed under a running process: found while porting JAX's numpy gradient tables, where
every gradient compiled after rules/numpy_rules.py gained a line was wrong) used to have
the lines now at the rule's place inlined: another function's text, a wrong gradient.
The rule's source is now used only when it compiles to the code that runs
(srcdiff/rules/rule_source.py); otherwise the rule object itself is called.
"""

import importlib
import sys

import numpy as np

import srcdiff as sd
from srcdiff.rules.rule_source import running_source

RULES = '''import numpy as np
import srcdiff as sd


@sd.custom_vjp
def softplus(x):
    return np.log1p(np.exp(x))


@softplus.defvjp
def _(g, ans, x):
    return g * (1 - np.exp(-ans))
'''

# the same module with a helper written above the rule: every line of the rule moves down
EDITED = RULES.replace("import srcdiff as sd\n",
                       "import srcdiff as sd\n\n\ndef helper(x):\n    return 2.0 * x\n", 1)


def _import_rules(tmp_path, name):
    (tmp_path / f"{name}.py").write_text(RULES)
    sys.path.insert(0, str(tmp_path))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(tmp_path))


def test_a_custom_rule_edited_after_import_gives_the_right_gradient(tmp_path):
    rules = _import_rules(tmp_path, "h43_softplus_rules_edited")
    (tmp_path / "h43_softplus_rules_edited.py").write_text(EDITED)

    def loss(x):
        return np.sum(rules.softplus(x) * np.array([1.0, 2.0, -0.5]))

    x = np.array([0.3, -0.5, 1.7])
    expected = np.array([1.0, 2.0, -0.5]) / (1.0 + np.exp(-x))  # softplus' = logistic
    np.testing.assert_allclose(sd.grad(loss)(x), expected, rtol=1e-12)
    np.testing.assert_allclose(sd.grad(loss, optimize=False)(x), expected, rtol=1e-12)


def test_an_unedited_rule_is_still_inlined_from_its_source(tmp_path):
    rules = _import_rules(tmp_path, "h43_softplus_rules_kept")

    def loss(x):
        return np.sum(rules.softplus(x))

    assert "1 - np.exp(-" in sd.source(loss)  # the rule's body, inlined as written
    x = np.array([0.3, -0.5])
    np.testing.assert_allclose(sd.grad(loss)(x), 1.0 / (1.0 + np.exp(-x)), rtol=1e-12)


def test_running_source_refuses_text_that_is_not_the_running_code(tmp_path):
    rules = _import_rules(tmp_path, "h43_softplus_rules_text")
    rule = next(f for f in vars(rules).values() if getattr(f, "__name__", "") == "_")
    assert "np.exp(-ans)" in running_source(rule)
    (tmp_path / "h43_softplus_rules_text.py").write_text(EDITED)
    import linecache
    linecache.checkcache()
    assert running_source(rule) is None


# an edit of one operator in place (every line where it was, the same names and constants):
# the fingerprint of names and constants alone took the new text for the running code
OPERATOR_EDITED = RULES.replace("g * (1 - np.exp(-ans))", "g * (1 + np.exp(-ans))")


def test_a_rule_whose_operator_alone_was_edited_is_called(tmp_path):
    rules = _import_rules(tmp_path, "h43_softplus_rules_operator")
    rule = next(f for f in vars(rules).values() if getattr(f, "__name__", "") == "_")
    (tmp_path / "h43_softplus_rules_operator.py").write_text(OPERATOR_EDITED)
    import linecache
    linecache.checkcache()
    assert running_source(rule) is None

    def loss(x):
        return np.sum(rules.softplus(x) * np.array([1.0, 2.0, -0.5]))

    x = np.array([0.3, -0.5, 1.7])
    expected = np.array([1.0, 2.0, -0.5]) / (1.0 + np.exp(-x))
    np.testing.assert_allclose(sd.grad(loss)(x), expected, rtol=1e-12)


# two operands swapped in place: the same names, constants and operators
SWAPPED_MINUS = RULES.replace("def _(g, ans, x):\n    return g * (1 - np.exp(-ans))",
                              "def _(g, ans, x):\n    return g * (np.exp(-ans) - 1)")


def test_a_rule_whose_operands_were_swapped_is_called(tmp_path):
    rules = _import_rules(tmp_path, "h43_softplus_rules_swapped")
    rule = next(f for f in vars(rules).values() if getattr(f, "__name__", "") == "_")
    (tmp_path / "h43_softplus_rules_swapped.py").write_text(SWAPPED_MINUS)
    import linecache
    linecache.checkcache()
    assert running_source(rule) is None


CLOSURE = '''import numpy as np


def make(scale):
    def rule(g, x):
        note = """two
lines"""
        return g * scale * np.cos(x), note
    return rule
'''


def test_a_closure_with_a_multi_line_string_reads_as_running(tmp_path):
    # the closure is compiled again inside a wrapper that binds its free variables; the
    # wrapper's indentation must leave a multi-line string's lines alone (their spaces are
    # the string's value), else the text never matched and the rule was always called
    (tmp_path / "h45_closure_rule.py").write_text(CLOSURE)
    sys.path.insert(0, str(tmp_path))
    try:
        module = importlib.import_module("h45_closure_rule")
    finally:
        sys.path.remove(str(tmp_path))
    rule = module.make(2.0)
    text = running_source(rule)
    assert text is not None and text.startswith("def rule(g, x):")
    (tmp_path / "h45_closure_rule.py").write_text(CLOSURE.replace("np.cos", "np.sin"))
    importlib.invalidate_caches()
    import linecache
    linecache.checkcache()
    assert running_source(rule) is None  # edited: not the running code
