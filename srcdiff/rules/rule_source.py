"""The source of a rule as it runs: the text the compiler inlines for a rule function.

A rule's body is inlined from its source text, read from its file when a compilation
first needs it (rules/template.py). If the file was edited after the rule was imported
(a user's module of custom rules changed in a running notebook, srcdiff upgraded under a
running process), the lines at the rule's place are no longer the code that runs, and
inlining them would compute something else: a wrong gradient, silently.

Invariant: :func:`running_source` returns text only when it compiles to the code the
rule runs (the same names, locals, arguments and constants as ``fn.__code__``); otherwise
``None``, and the rule is called, never inlined (calling the rule object is right
whatever its file now holds). tests/soundness/test_rule_source_edited.py checks it.
"""

import dis
import inspect
import textwrap


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
    found = _find(module, code.co_name)
    return found is not None and _same(found, code)


def _same(a, b):
    return _fingerprint(a) == _fingerprint(b)


def _fingerprint(code):
    """What a function's code does, independent of where it stands in its file and of the
    bytecode layout the compiler chose (which depends on more than the function's text):
    the names it reads, its locals and arguments, its constants (a docstring, the first
    constant when it is a string, left out: dedenting the source changes it), and its
    operators, loads and stores in order."""
    consts = code.co_consts
    if consts and isinstance(consts[0], str):
        consts = consts[1:]
    consts = sorted((_fingerprint(c) if hasattr(c, "co_code") else (type(c).__name__, repr(c))
                     for c in consts), key=repr)
    return (sorted(code.co_names), code.co_varnames, code.co_argcount,
            code.co_kwonlyargcount, code.co_freevars, consts, _operators(code))


# what the code does in order: its operators and the names and constants it loads and
# stores (an edit may change one operator, ``1 - e`` made ``1 + e``, or swap two operands,
# ``a - b`` made ``b - a``, keeping every name and constant); the rest of the bytecode may
# differ for the same text (``np.block(...)`` compiled by the import as LOAD_ATTR, by
# compile() as LOAD_METHOD: the same name loaded)
_OPERATORS = frozenset({"BINARY_OP", "COMPARE_OP", "UNARY_NEGATIVE", "UNARY_NOT",
                        "UNARY_INVERT", "IS_OP", "CONTAINS_OP"})


def _operators(code):
    out = []
    for i in dis.get_instructions(code):
        if i.opname in _OPERATORS:
            out.append((i.opname, i.argrepr))
        elif i.opname.startswith(("LOAD_", "STORE_", "DELETE_")) \
                and not hasattr(i.argval, "co_code"):
            out.append(repr(i.argval))
    return out


def _find(code, name):
    for const in code.co_consts:
        if hasattr(const, "co_code"):
            if const.co_name == name:
                return const
            found = _find(const, name)
            if found is not None:
                return found
    return None
