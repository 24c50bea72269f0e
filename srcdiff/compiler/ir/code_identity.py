"""Whether a function's source text is the code that runs.

srcdiff reads a function's source from its file (a user's function, a rule inlined into
generated code). If the file was edited after the import, the lines at the function's
place compute something else: differentiating or inlining them would give a wrong
gradient, silently. Both readers compile the text again and compare the result with the
running code object through :func:`fingerprint` (:func:`compiles_to`, one for both).

Invariant: two code objects with equal fingerprints execute the same operations on the
same names and constants in the same order, with the same jumps and exception handlers.
The fingerprint is the instruction stream with everything that depends on where the
function stands in its file or on how the compiler laid out the bytecode left out: line
numbers, cache and no-op instructions, byte offsets (a jump's target and a handler's range
count in instructions), and CPython 3.11's two spellings of a method call (``LOAD_GLOBAL
np; LOAD_METHOD f`` from ``compile()``, ``LOAD_GLOBAL NULL + np; LOAD_ATTR f`` after the
import, for the same text). A docstring is never loaded by an instruction, so dedenting it
changes nothing. tests/soundness/test_rule_source_edited.py and
tests/soundness/test_source_edited.py check it (an operator, an operand order, a call's
arguments, a statement moved into a branch or a loop: each edit is seen).
"""

import __future__

import bisect
import dis
import io
import os
import tokenize

# instructions that carry no meaning of the text: caches, no-ops, the frame's start
_LAYOUT = frozenset({"NOP", "CACHE", "RESUME", "EXTENDED_ARG", "PUSH_NULL", "PRECALL"})


def fingerprint(code):
    """What ``code`` does, independent of its place in its file (see the module's doc)."""
    head = (code.co_varnames, code.co_argcount, code.co_posonlyargcount,
            code.co_kwonlyargcount, code.co_freevars, code.co_cellvars,
            code.co_flags & _SHAPE_FLAGS)
    bytecode = dis.Bytecode(code)
    kept = [i for i in bytecode if i.opname not in _LAYOUT]
    # an offset as the index of the first kept instruction at or after it: a jump's target
    # and a handler's range, the same for the same text whatever the layout
    offsets = [i.offset for i in kept]
    place = {}

    def index(offset):
        if offset not in place:
            place[offset] = bisect.bisect_left(offsets, offset)
        return place[offset]

    handlers = tuple((index(e.start), index(e.end), index(e.target), e.depth, e.lasti)
                     for e in getattr(bytecode, "exception_entries", ()))
    return head + (tuple(_instruction(i, index) for i in kept), handlers)


# varargs, varkeywords, generator, coroutine: flags the text decides (not the optimizer's)
_SHAPE_FLAGS = 0x04 | 0x08 | 0x20 | 0x80 | 0x100 | 0x200


def _instruction(i, index):
    op = "LOAD_ATTR" if i.opname == "LOAD_METHOD" else i.opname
    if hasattr(i.argval, "co_code"):  # a nested function, lambda or comprehension
        return op, fingerprint(i.argval)
    if i.opcode in _JUMPS:  # the target as an instruction's index, not a byte offset
        return op, index(i.argval)
    arg = i.argrepr
    if arg.startswith("NULL + "):
        arg = arg[len("NULL + "):]
    elif arg.endswith(" + NULL"):
        arg = arg[:-len(" + NULL")]
    return op, arg


_JUMPS = frozenset(dis.hasjrel) | frozenset(dis.hasjabs)


def find_code(code, name):
    """The code object of the function ``name`` compiled somewhere inside ``code``."""
    for const in code.co_consts:
        if hasattr(const, "co_code"):
            if const.co_name == name:
                return const
            found = find_code(const, name)
            if found is not None:
                return found
    return None


def compiles_to(text, code):
    """Whether ``text`` (a function's dedented source) compiles to ``code``'s fingerprint;
    ``None`` when it does not compile (the caller cannot say). Compiled with ``code``'s
    ``__future__`` flags, and inside a function binding ``code``'s free variables so that
    closure reads compile as they did; the wrapper indents the text but not the lines a
    multi-line string continues on (their spaces are the string's value)."""
    flags = 0
    for feature in __future__.all_feature_names:
        flag = getattr(__future__, feature).compiler_flag
        if code.co_flags & flag:
            flags |= flag
    free = code.co_freevars
    if free:
        text = ("def __srcdiff_outer__():\n    " + " = ".join(free) + " = None\n"
                + _indent_code(text, "    ")
                + "    return lambda: (" + ", ".join(free) + ",)\n")
    try:
        module = compile(text, code.co_filename, "exec", flags=flags, dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    found = find_code(module, code.co_name)
    return found is not None and fingerprint(found) == fingerprint(code)


def dedent_margin(text):
    """``text`` without the leading whitespace its statements' first lines share, and
    nothing else changed. Unlike ``textwrap.dedent``: a line inside a multi-line string is
    left exactly as it is (it is part of the string's value, which must stay the one the
    code computes: a line of spaces keeps its spaces, a docstring continued at column 0
    stays there); a comment line and a line continuing a bracketed expression do not count
    for the margin, and one that lacks it is left alone (Python ignores their indentation).

    A text whose first line starts a statement at column 0 (a top-level ``def``: not a
    space, a comment or an empty line) has no margin: returned without tokenizing it."""
    first = text[:1]
    return text if first and not first.isspace() and first != "#" else _dedented(text)


def _dedented(text):
    lines = text.splitlines(True)
    starts, in_string = _line_kinds(text)
    if starts is None:  # (not tokenizable: every non-blank, non-comment line counts)
        starts = {k for k, line in enumerate(lines, 1)
                  if line.strip() and not line.lstrip().startswith("#")}
    margin = os.path.commonprefix([lines[k - 1][:len(lines[k - 1]) - len(lines[k - 1].lstrip())]
                                   for k in sorted(starts) if k <= len(lines)])
    return "".join(line if k in in_string or not line.startswith(margin)
                   else line[len(margin):] for k, line in enumerate(lines, 1))


def _indent_code(text, prefix):
    """``text`` with ``prefix`` before every line but those inside a multi-line string."""
    in_string = _line_kinds(text)[1]
    return "".join(line if k in in_string or not line.strip() else prefix + line
                   for k, line in enumerate(text.splitlines(True), 1))


def _line_kinds(text):
    """``(starts, in_string)``: the numbers of the lines a statement starts on, and of the
    lines a multi-line string continues on; ``(None, set())`` when ``text`` does not
    tokenize."""
    starts, in_string, fresh = set(), set(), True
    skip = (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT,
            tokenize.ENCODING)
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.end[0] > tok.start[0] and tok.type != tokenize.NEWLINE:
                in_string.update(range(tok.start[0] + 1, tok.end[0] + 1))
            if tok.type == tokenize.NEWLINE:
                fresh = True
            elif fresh and tok.type not in skip:
                starts.add(tok.start[0])
                fresh = False
    except (tokenize.TokenError, SyntaxError):
        return None, set()
    return starts, in_string
