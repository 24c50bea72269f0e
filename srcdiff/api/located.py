"""The user's line for an error generated code raises when it runs.

Some refusals can only be made at run time (``loop_len``: a loop over a value the compiler
could not tell is a sequence turns out to be a dict; ``unpacked``; ``key_list``): the
run-time helper raising them does not know where it was called from. The transforms pass
such an error through :func:`located`, which finds the generated function's frame in its
traceback, the generated statement on that line (the printed text parsed back and walked
beside the tree it was printed from, as the side-by-side view does: explain_map.py), the
normalized statement that statement was made for (its origin tag), and the user's line
that one came from. Only the error's location changes; when anything is not found, the
error is left as it was.
"""

import ast
import re

from srcdiff.api.explain_map import _align
from srcdiff.api.view_model import header_end
from srcdiff.compiler.analysis.activity import walk
from srcdiff.compiler.emit.execute import LOADED, load
from srcdiff.compiler.ir import origin
from srcdiff.compiler.ir import syntax as S
from srcdiff.errors import SrcdiffError, StaleGradient


def located(err):
    """``err`` with the file, line and source line of the user's statement whose generated
    code raised it, when it is a SrcdiffError without a location raised by generated code."""
    if not isinstance(err, SrcdiffError) or err.filename is not None:
        return err
    try:
        where = _user_line(err.__traceback__)
    except Exception:  # (locating is a courtesy: the error itself must come through)
        where = None
    if where is not None:
        err.filename, err.lineno, err.col, err.line = where
        err.args = (err.render(),)
    return err


def _user_line(tb):
    frame, lineno = None, None
    while tb is not None:  # the innermost frame of generated code
        if tb.tb_frame.f_code.co_filename.startswith("<srcdiff "):
            frame, lineno = tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next
    if frame is None:
        return None
    nodes = frame.f_globals.get("__srcdiff_nodes__") or ()
    node = next((n for n in nodes if n.name == frame.f_code.co_name), None)
    line = _printed_line(nodes, lineno - frame.f_code.co_firstlineno + 1)
    where = None if line is None else _statement_line(node, line)
    for _ in range(8):  # code generated from generated code (second order): once more
        if where is None or not where[0].startswith("<srcdiff "):
            return where
        where = _module_line(LOADED.get(where[0]), where[1])
    return None


def _module_line(nodes, line):
    """The user's line of ``line`` of the module that printed ``nodes`` (emit.module_source:
    functions separated by two blank lines)."""
    start, line = 1, _printed_line(nodes, line)
    for node in nodes if line is not None else ():
        length = S.to_source(node).rstrip().count("\n") + 1
        if start <= line < start + length:
            return _statement_line(node, line - start + 1)
        start += length + 2
    return None


def _printed_line(nodes, line):
    """``line`` of a module as the line of its nodes' printed text: the same, but for a
    module printed again without comments (:func:`load_renamed`), or None."""
    lines = getattr(nodes, "lines", None)
    if lines is None or line is None:
        return line
    return lines[line - 1] if 1 <= line <= len(lines) else None


def _statement_line(node, line):
    """``(file, line, source)`` of the user's statement for ``line`` of the generated
    function ``node`` (1: its ``def`` line), or None."""
    gen = getattr(node, "_srcdiff_generator", None)
    if gen is None:
        return None
    text = S.to_source(node).rstrip()
    entries = []  # (statement, first line, last line, enclosing statement)
    tree = ast.parse(text + "\n").body[0]
    _align(node.body, tree.body, text.split("\n"), header_end(tree) + 1, None, entries)
    covering = [e for e in entries if e[1] <= line <= e[2]]
    if not covering:
        return None
    stmt, _, _, parent = covering[-1]  # the innermost (entries come outer first)
    enclosing = {id(e[0]): e[3] for e in entries}
    tag = None
    while stmt is not None:
        tag = origin.of(stmt)
        if tag is not None and not tag.role.startswith("mark_"):
            break
        stmt = parent
        parent = enclosing.get(id(stmt))
    anf = [s for s, _ in walk(gen.fn.body)]
    if stmt is None or tag.sid >= len(anf):
        return None
    filename, user_lineno, col, source = gen.parsed.where(anf[tag.sid])
    if user_lineno is None:
        return None
    return str(filename), user_lineno, col, source


def call(compiled, values, invalidate, *args, **kwargs):
    """``compiled(values).call(*values, *args, **kwargs)``: the generated code for arguments
    ``values`` run on them, compiled anew once when a global it reads was rebound
    (``invalidate``; emit/live.py), a SrcdiffError it raises :func:`located`."""
    try:
        return run(compiled(values).call, *values, *args, **kwargs)
    except StaleGradient:
        invalidate()
        return run(compiled(values).call, *values, *args, **kwargs)


def run(fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` (generated code), a SrcdiffError it raises :func:`located`."""
    try:
        return fn(*args, **kwargs)
    except SrcdiffError as err:
        raise located(err) from None


def load_renamed(fn, source, old, new):
    """Load ``source``: the generated function ``fn`` printed again, without its comments
    and with its name ``old`` renamed ``new`` (api/higher.py, to differentiate it again).
    ``fn``'s generated node comes along with where each line of ``source`` stands in
    ``fn`` (``lines``), so that an error raised in code generated from it is located; only
    when each line is ``fn``'s line with the name renamed back (else nothing is located)."""
    nodes = fn.__globals__.get("__srcdiff_nodes__") or ()
    node = next((n for n in nodes if n.name == fn.__name__), None)
    ns = load(source, dict(fn.__globals__), fn.__name__)
    if node is None:
        return ns
    printed = S.to_source(node).rstrip().split("\n")
    kept = [k for k, line in enumerate(printed, 1) if not line.lstrip().startswith("#")]
    back = re.sub(rf"\b{re.escape(new)}\b", old, source).rstrip().split("\n")
    if back == [printed[k - 1] for k in kept]:
        ns["__srcdiff_nodes__"].append(node)
        ns["__srcdiff_nodes__"].lines = kept
    return ns
