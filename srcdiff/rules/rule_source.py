"""The source of a rule as it runs: the text the compiler inlines for a rule function.

A rule's body is inlined from its source text, read from its file when a compilation
first needs it (rules/template.py). If the file was edited after the rule was imported
(a user's module of custom rules changed in a running notebook, srcdiff upgraded under a
running process), the lines at the rule's place are no longer the code that runs, and
inlining them would compute something else: a wrong gradient, silently.

Invariant: :func:`running_source` returns text only when it compiles to the code the
rule runs (the same fingerprint as ``fn.__code__``: compiler/ir/code_identity.py); otherwise
``None``, and the rule is called, never inlined (calling the rule object is right
whatever its file now holds). tests/soundness/test_rule_source_edited.py checks it.
"""

import inspect

from srcdiff.compiler.ir.code_identity import compiles_to, dedent_margin


def running_source(fn):
    """``fn``'s dedented source, or ``None`` when there is none or it is not what runs."""
    code = getattr(fn, "__code__", None)
    try:
        text = dedent_margin(inspect.getsource(fn))
    except (OSError, TypeError):
        return None
    if code is None or not compiles_to(text, code):
        return None
    return text
