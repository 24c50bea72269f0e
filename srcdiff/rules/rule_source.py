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
import textwrap

from srcdiff.compiler.ir.code_identity import find_code, fingerprint


def running_source(fn):
    """``fn``'s dedented source, or ``None`` when there is none or it is not what runs."""
    code = getattr(fn, "__code__", None)
    try:
        text = textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError):
        return None
    if code is None or not _compiles_to(text, code):
        return None
    return text


def _compiles_to(text, code):
    free = code.co_freevars
    if free:  # compiled inside a function binding them, so closure reads compile alike
        body = textwrap.indent(text, "    ")
        text = (f"def __srcdiff_outer__():\n    {' = '.join(free)} = None\n{body}"
                f"    return lambda: ({', '.join(free)},)\n")
    try:
        module = compile(text, code.co_filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    found = find_code(module, code.co_name)
    return found is not None and fingerprint(found) == fingerprint(code)
