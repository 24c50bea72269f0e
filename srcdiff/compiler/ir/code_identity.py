"""Whether a function's source text is the code that runs.

srcdiff reads a function's source from its file (a user's function, a rule inlined into
generated code). If the file was edited after the import, the lines at the function's
place compute something else: differentiating or inlining them would give a wrong
gradient, silently. Both readers compile the text again and compare the result with the
running code object through :func:`fingerprint`.

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

import bisect
import dis

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
