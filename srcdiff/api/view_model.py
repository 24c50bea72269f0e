"""The side-by-side view's model: what a generated line and a primal line are, the
vocabulary of roles, marks and reasons, and the ``str`` that ``sd.source`` returns.
(explain.py builds it, explain_map.py maps the lines, explain_html.py renders it.)"""

import ast
import html
import os
import tempfile
import textwrap

# what a generated line may be marked with, in the order badges are shown
MARKS = {
    "tape": "saved for the backward sweep (the tape)",
    "restore": "reads a saved value back from the tape",
    "recompute": "recomputed in the backward sweep instead of saved",
    "uniform": "a uniform gradient kept as a scalar (not an array of copies)",
    "deferred": "per-iteration terms summed once after the loop",
}
MARK_LABELS = {"tape": "tape", "restore": "restore", "recompute": "recomputed",
                "uniform": "uniform", "deferred": "deferred"}
# roles of generated lines, and the categories of the lines no primal statement made
ROLES = {
    "primal": "primal sweep: the function's own computation",
    "save": "primal sweep: saving a value for the backward sweep",
    "adjoint": "backward sweep: the adjoint of a line",
    "control": "bookkeeping of a loop or branch",
    "tangent": "the tangent of a line (forward mode)",
    "header": "the generated function's header and set-up",
    "seed": "the seed: the gradient of the output",
    "result": "the result",
}
# why a primal line has no adjoint
REASONS = {
    "constant": "constant",
    "stop": "stop_gradient",
    "unused": "not on a path to the output",
    "passthrough": "no value to differentiate",
}



# ---------------------------------------------------------------- the model


class GenLine:
    """One line of the generated module.

    ``belongs`` is the primal line (the first file line of the user's statement) the
    line was made for, or ``"header"``/``"seed"``/``"result"``, or None for the blank
    lines between functions. ``primal`` indexes :attr:`View.primals`.
    """

    def __init__(self, number, text, function=None, primal=None, belongs=None, role=None,
                 marks=()):
        self.number = number
        self.text = text
        self.function = function
        self.primal = primal
        self.belongs = belongs
        self.role = role
        self.marks = tuple(marks)

    @property
    def key(self):
        return None if self.belongs is None else f"p{self.primal}-{self.belongs}"

    def __repr__(self):
        return f"<GenLine {self.number} {self.belongs} {self.role} {self.marks} {self.text!r}>"


class PrimalLine:
    """One line of a differentiated function's source: ``status`` is "active", "inactive"
    (``reason`` says why: a key of REASONS), "control", "output", or None (no statement)."""

    def __init__(self, number, text, keys, status=None, reason=None, detail=""):
        self.number = number
        self.text = text
        self.keys = keys
        self.status = status
        self.reason = reason
        self.detail = detail
        self.marks = ()

    def __repr__(self):
        return f"<PrimalLine {self.number} {self.status} {self.reason} {self.text!r}>"


class Primal:
    """A differentiated function's source, as the compiler read it."""

    def __init__(self, parsed, index):
        self.index = index
        self.name = parsed.name
        self.filename = str(parsed.filename)
        self.first_line = parsed.first_line
        self.lines = [line.rstrip("\r\n") for line in parsed.lines]
        self.statement_of, self.returns, self.def_line = user_statements(parsed)

    def file_line(self, snippet_line):
        return self.first_line + snippet_line - 1

    def key_of(self, file_line):
        """The first file line of the user's statement holding ``file_line``."""
        first = self.statement_of.get(file_line - self.first_line + 1)
        return None if first is None else self.file_line(first)


def user_statements(parsed):
    """``({snippet line: first line of its statement}, return lines, def line)`` from the
    user's source (own lines only: a compound statement owns its header and ``else:``)."""
    lines = [line.rstrip("\r\n") for line in parsed.lines]
    tree = ast.parse(textwrap.dedent("\n".join(lines) + "\n"))
    owner = {}
    returns = set()
    top = next((n for n in tree.body if isinstance(n, (ast.FunctionDef,
                                                        ast.AsyncFunctionDef))), None)

    def visit(body, in_top):
        for node in body:
            if not isinstance(node, ast.stmt):
                continue
            first, last = node.lineno, getattr(node, "end_lineno", node.lineno)
            children = [getattr(node, f, []) for f in ("body", "orelse", "finalbody")]
            if any(children) and not isinstance(node, ast.ClassDef):
                head = header_end(node)
                for k in range(first, head + 1):
                    owner[k] = first
                for k in range(head + 1, last + 1):
                    text = lines[k - 1].strip() if k - 1 < len(lines) else ""
                    if text.startswith(("else", "finally")):
                        owner[k] = first
                nested = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    and node is not top
                for child in children:
                    visit(child, in_top and not nested)
            else:
                for k in range(first, last + 1):
                    owner[k] = first
                if isinstance(node, ast.Return) and in_top:
                    returns.add(first)

    visit(tree.body, True)
    def_line = top.lineno if top is not None else 1
    return owner, returns, def_line


def header_end(node):
    """The last line of a compound statement's header (``for ... in ...:``)."""
    parts = []
    if isinstance(node, (ast.For, ast.AsyncFor)):
        parts = [node.target, node.iter]
    elif isinstance(node, (ast.If, ast.While)):
        parts = [node.test]
    elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        a = node.args
        parts = a.posonlyargs + a.args + a.kwonlyargs + a.defaults + \
            [d for d in a.kw_defaults if d is not None] + \
            [x for x in (a.vararg, a.kwarg, node.returns) if x is not None]
    elif isinstance(node, (ast.With, ast.AsyncWith)):
        parts = [i.context_expr for i in node.items]
    ends = [getattr(p, "end_lineno", None) or node.lineno for p in parts]
    return max([node.lineno] + ends)



# ---------------------------------------------------------------- the view


def write_atomic(path, text):

    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix="." + os.path.basename(path) + ".",
                               suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class GeneratedSource(str):
    """The generated source: a ``str`` everywhere, and in Jupyter the side-by-side view
    (``_repr_html_``, made when it is shown)."""

    def __new__(cls, text, make_view=None):
        self = super().__new__(cls, text)
        self._make_view = make_view
        return self

    def view(self):
        """The :class:`View` of this source (compiled again)."""
        if self._make_view is None:
            raise ValueError("this source has no view")
        return self._make_view()

    def _repr_html_(self):
        if self._make_view is None:
            return None
        try:
            return self._make_view().fragment()
        except Exception:  # noqa: BLE001 (a display hook must not raise: show the text)
            return None

    def __reduce__(self):  # copies and pickles are plain strings
        return str, (str(self),)


def html_escape(text):
    return html.escape(text, quote=True)


