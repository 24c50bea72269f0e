"""See the derivative: the user's function and its generated gradient side by side.

``sd.explain(f, wrt, args)`` returns a :class:`View`; ``view.html()`` is one
self-contained page (inline CSS and JavaScript, no network), ``view.save(path)``
writes it atomically, and in Jupyter the view (and the string ``sd.source``
returns, a :class:`GeneratedSource`) renders as that page.

The links between the two panes come from the compiler, not from the
comments in the generated text:

* every statement the generators make carries an origin tag (origin.py):
  the number (``sid``) of the normalized statement it belongs to, in program
  order, and its role (primal copy, save, adjoint, control; ``forward`` in
  forward mode). A statement a pass made without a tag inside a tagged
  ``if``/``for``/``while`` belongs to that statement;
* the generated function keeps the generator that made it
  (``_srcdiff_generator``): its normalized function (``sid`` -> statement ->
  the user's line, which normalization keeps), its analysis (which lines are
  active, and why the others are not), what it saved;
* the printed text is parsed back and walked in parallel with the tree it was
  printed from, which gives each generated statement its printed lines
  (comment statements, which do not parse back, take the next line).

Untagged top-level statements are the function's header (``_stack = []``,
names that start unbound), the seed (what reads ``grad_ys``, between the
primal and the backward sweep) and the result (the ``return``).
"""

import ast
import html
import itertools
import os
import textwrap

import gast

from srcdiff.api import higher
from srcdiff.api import transforms as api
from srcdiff.compiler import driver
from srcdiff.compiler.analysis.activity import INT, walk
from srcdiff.compiler.analysis.facts import arg_fact
from srcdiff.compiler.ir import origin
from srcdiff.compiler.ir import syntax as S

# what a generated line may be marked with, in the order badges are shown
MARKS = {
    "tape": "saved for the backward sweep (the tape)",
    "restore": "reads a saved value back from the tape",
    "recompute": "recomputed in the backward sweep instead of saved",
    "uniform": "a uniform gradient kept as a scalar (not an array of copies)",
    "deferred": "per-iteration terms summed once after the loop",
}
_MARK_LABELS = {"tape": "tape", "restore": "restore", "recompute": "recomputed",
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


# ---------------------------------------------------------------- compiling


def explain(f, wrt=0, args=None, mode="reverse", *, stop_gradients=(),
            unconnected_gradients="none", optimize=True, verify=False):
    """The side-by-side view of ``f`` and the code ``sd.source`` gives for the same arguments.

    ``args`` (example arguments) specializes the code as ``sd.source(..., args=...)`` does.
    """
    if mode == "forward":
        functions = _forward_functions(f, wrt, args, stop_gradients)
    elif mode == "reverse":
        functions = _reverse_functions(f, wrt, args, stop_gradients, unconnected_gradients,
                                       optimize, verify)
    else:
        raise ValueError(f"mode must be 'reverse' or 'forward', got {mode!r}")
    with driver.deep_recursion():
        return build_view(functions, mode)


def _reverse_functions(f, wrt, args, stop_gradients, unconnected_gradients, optimize, verify):
    """The generated functions ``sd.source(f, ...)`` prints (callees' adjoints first)."""
    t = api._Transform(f, wrt, stop_gradients, unconnected_gradients, optimize=optimize,
                       verify=verify)
    facts = None
    if args is not None:
        values = t._bind(tuple(args), {})
        api.check_arguments(t.fn, t.params, values)
        facts = dict(zip(t.params, (arg_fact(v) for v in values)))
    with driver.deep_recursion():
        node, _, ctx = driver.reverse_function(
            t.fn, t.wrt, stop=t.stop, unconnected=t.unconnected, arg_facts=facts,
            as_tuple=not t.single, optimize=t.optimize, verify=verify)
    return ctx.functions + [node]


def _forward_functions(f, wrt, args, stop_gradients):
    transform = higher.JVP(f, wrt, stop_gradients)
    if args is None:
        if transform.target.inner is not None:
            raise TypeError("the forward-mode source of a transform depends on the argument "
                            "values: pass args=(...)")
        fn, facts = transform.target.fn, None
    else:
        values = transform.target.bind(tuple(args), {})
        fn = transform.target.function(values)
        import inspect
        facts = dict(zip(inspect.signature(fn).parameters, higher._facts(values)))
    with driver.deep_recursion():
        node, _, ctx = driver.forward_function(fn, transform.wrt, stop=transform.stop,
                                        arg_facts=facts, as_tuple=not transform.single)
    return ctx.functions + [node]


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
        self.statement_of, self.returns, self.def_line = _user_statements(parsed)

    def file_line(self, snippet_line):
        return self.first_line + snippet_line - 1

    def key_of(self, file_line):
        """The first file line of the user's statement holding ``file_line``."""
        first = self.statement_of.get(file_line - self.first_line + 1)
        return None if first is None else self.file_line(first)


def _user_statements(parsed):
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
                head = _header_end(node)
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


def _header_end(node):
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


# ---------------------------------------------------------------- mapping


def build_view(functions, mode):
    """A :class:`View` of generated ``functions`` (gast FunctionDefs, in module order)."""
    primals, index = [], {}
    lines = []
    texts = []
    for k, fn in enumerate(functions):
        gen = getattr(fn, "_srcdiff_generator", None)
        if gen is None:
            raise ValueError(f"{fn.name} was not made by srcdiff's generators")
        parsed = gen.parsed
        where = (str(parsed.filename), parsed.first_line, parsed.name)
        if where not in index:
            index[where] = len(primals)
            primals.append(Primal(parsed, len(primals)))
        primal = primals[index[where]]
        text = S.to_source(fn).rstrip()
        texts.append(text + "\n")
        if lines:  # two blank lines between functions (emit.module_source)
            for _ in range(2):
                lines.append(GenLine(len(lines) + 1, ""))
        lines.extend(_map_function(fn, gen, text, primal, k, len(lines), mode))
    source = "\n\n".join(texts)
    _primal_status(primals, functions, lines, mode)
    return View(source, lines, primals, mode, functions[-1].name)


def _map_function(fn, gen, text, primal, k, offset, mode):
    """The :class:`GenLine` of every line of one generated function's printed ``text``."""
    printed = text.split("\n")
    tree = ast.parse(text + "\n").body[0]
    entries = []  # (statement, first line, last line, enclosing statement)
    body_start = _header_end(tree) + 1
    _align(fn.body, tree.body, printed, body_start, None, entries)
    anf = [s for s, _ in walk(gen.fn.body)]
    facts = _Facts(gen, mode)
    owner = {}  # printed line -> (belongs, role, marks)
    tagged = [e for e in entries if e[3] is None and origin.of(e[0]) is not None]
    first_tagged = min((e[1] for e in tagged), default=None)
    last_tagged = max((e[1] for e in tagged), default=None)
    resolved = {}  # id(statement) -> (sid, role) or (category, category)
    previous = ("seed", "seed")  # the last top-level statement made for a primal one
    for stmt, first, last, parent in entries:
        o = origin.of(stmt)
        if o is not None and not o.role.startswith("mark_"):
            where = (o.sid, "tangent" if mode == "forward" and facts.is_tangent(stmt)
                     else "primal" if mode == "forward" else o.role)
        elif parent is not None:
            where = resolved[id(parent)]
            where = (where[0], "control" if isinstance(where[0], int) else where[1])
        else:
            cat = _category(stmt, first, first_tagged, last_tagged, mode)
            where = (cat, cat)
            if cat == "between":  # made after an adjoint (a uniform gradient spread): its
                where = previous if previous[1] in ("adjoint", "control") else ("seed", "seed")
        if parent is None and isinstance(where[0], int):
            previous = where
        resolved[id(stmt)] = where
        sid, role = where
        if isinstance(sid, int):
            _, lineno = gen.parsed.source_line(anf[sid]) if sid < len(anf) \
                else (None, None)
            belongs = primal.key_of(lineno) if lineno is not None else None
            if belongs is None:
                belongs = "header"
        else:
            belongs = sid
        marks = facts.marks(stmt, role, parent)
        for line in range(first, last + 1):
            owner[line] = (belongs, role, marks)
    # untagged comments (the seed's, "names first bound ...") belong with what follows them
    out = []
    for n, line_text in enumerate(printed, 1):
        if n < body_start:
            belongs, role, marks = "header", "header", ()
        else:
            belongs, role, marks = owner.get(n, ("header", "header", ()))
        out.append(GenLine(offset + n, line_text, k, primal.index, belongs, role, marks))
    return out


def _category(stmt, first, first_tagged, last_tagged, mode):
    """Where an untagged top-level statement belongs: header, seed or result."""
    if isinstance(stmt, gast.Return):
        return "result"
    if S.is_comment(stmt):
        body = stmt.value.value
        if "seed" in body:
            return "seed"
    elif S.loaded_names(stmt) & {"grad_ys", "tangents"}:
        return "seed"
    if first_tagged is None or first < first_tagged:
        return "header"
    if first > last_tagged:
        return "result"
    return "between"


def _align(gbody, abody, printed, cursor, parent, out):
    """Pair generated statements with the statements their printed text parses to.

    ``gbody``: gast statements (comment statements included); ``abody``: the ``ast``
    statements of the printed text (no comments). Appends ``(statement, first line,
    last line, parent)`` to ``out`` and returns the first line after the block.
    """
    parsed = iter(abody)
    for g in gbody:
        if S.is_comment(g):
            blank = g.value.value == "SRCDIFF_COMMENT:"
            k = cursor
            while k <= len(printed) and not (
                    printed[k - 1].strip() == "" if blank
                    else printed[k - 1].lstrip().startswith("#")):
                k += 1
            out.append((g, k, k, parent))
            cursor = k + 1
            continue
        a = next(parsed)
        if isinstance(g, (gast.If, gast.For, gast.While)):
            head = _header_end(a)
            out.append((g, a.lineno, head, parent))
            end = _align(g.body, a.body, printed, head + 1, g, out)
            if g.orelse:
                if len(a.orelse) == 1 and isinstance(a.orelse[0], ast.If) \
                        and printed[end - 1].lstrip().startswith("elif"):
                    end = _align(g.orelse, a.orelse, printed, end, g, out)
                else:
                    out.append((g, end, end, parent))  # the "else:" line
                    end = _align(g.orelse, a.orelse, printed, end + 1, g, out)
            cursor = max(a.end_lineno + 1, end)
        else:
            out.append((g, a.lineno, a.end_lineno, parent))
            cursor = a.end_lineno + 1
    return cursor


class _Facts:
    """What the generator that made a function knows about its statements."""

    def __init__(self, gen, mode):
        self.gen = gen
        self.mode = mode
        self.gradients = {}
        self.tangents = set()
        if mode == "reverse":
            self.gradients = {b: v for v, b in gen.adj.items()}
            self.kept = {how[1] for how in gen.saved.values() if isinstance(how, tuple)}
        else:
            self.tangents = set(gen.tan.values())
            self.kept = set()
        self.shapes = gen.a.shapes

    def is_tangent(self, stmt):
        return bool(_own_stores(stmt) & self.tangents)

    def marks(self, stmt, role, parent):
        marks = set()
        own = _own_code(stmt)
        text = "\n".join(S.expr_source(x) for x in own) if own else ""
        reads = set()
        for x in own:
            reads |= S.loaded_names(x)
        if role == "save" or ("_stack.append(" in text and role != "adjoint"):
            marks.add("tape")
        if role in ("adjoint", "control") and ("_stack.pop()" in text or reads & self.kept):
            marks.add("restore")
        note = origin.note_of(stmt)
        if note in ("recompute", "deferred"):
            marks.add(note)
        if parent is not None and origin.note_of(parent) == "deferred":
            marks.add("deferred")
        if self.mode == "reverse" and self._uniform(stmt, reads):
            marks.add("uniform")
        return tuple(m for m in MARKS if m in marks)

    def _uniform(self, stmt, reads):
        """A gradient of an array computed by arithmetic from a scalar gradient, which
        NumPy broadcasts (``b_h = 2.0 * b_sum * h``): never an array of copies."""
        stores = _own_stores(stmt)
        if not isinstance(stmt, (gast.Assign, gast.AugAssign)) or not _elementwise(stmt.value):
            return False
        arrays = [b for b in stores if b in self.gradients
                  and _is_array_shape(self.shapes.get(self.gradients[b]))]
        scalars = [b for b in reads if b in self.gradients
                   and self.shapes.get(self.gradients[b]) == ()]
        return bool(arrays and scalars)


def _elementwise(expr):
    """Arithmetic on names and numbers (``np.size(x)`` counts as a number)."""
    for n in gast.walk(expr):
        if isinstance(n, gast.Call):
            if not (S.expr_source(n.func) == "np.size" and len(n.args) == 1):
                return False
        elif isinstance(n, (gast.Subscript, gast.Lambda, gast.IfExp, gast.Compare)):
            return False
    return True


def _is_array_shape(shape):
    return isinstance(shape, tuple) and len(shape) > 0


def _own_code(stmt):
    """The expressions of ``stmt`` itself (a compound statement: its test or iterable)."""
    if isinstance(stmt, (gast.If, gast.While)):
        return [stmt.test]
    if isinstance(stmt, gast.For):
        return [stmt.iter]
    if S.is_comment(stmt):
        return []
    if isinstance(stmt, gast.Assign):
        return stmt.targets + [stmt.value]
    if isinstance(stmt, gast.AugAssign):
        return [stmt.target, stmt.value]
    if isinstance(stmt, (gast.Expr, gast.Return)) and stmt.value is not None:
        return [stmt.value]
    return []


def _own_stores(stmt):
    targets = stmt.targets if isinstance(stmt, gast.Assign) else \
        [stmt.target] if isinstance(stmt, (gast.AugAssign, gast.For)) else []
    return {n.id for t in targets for n in gast.walk(t) if isinstance(n, gast.Name)}


# ---------------------------------------------------------------- primal lines


def _primal_status(primals, functions, lines, mode):
    """Fill in every primal line: its keys, status, the reason it has no adjoint, and the
    marks of the generated lines made for it."""
    status = {}  # (primal, key) -> [statuses]
    for fn in functions:
        gen = fn._srcdiff_generator
        primal = next(p for p in primals if p.filename == str(gen.parsed.filename)
                      and p.first_line == gen.parsed.first_line and p.name == gen.parsed.name)
        varied_unstopped = _varied_without_stops(gen)
        for s, _ in walk(gen.fn.body):
            _, lineno = gen.parsed.source_line(s)
            key = primal.key_of(lineno) if lineno is not None else None
            if key is None:
                continue
            status.setdefault((primal.index, key), []).append(
                _statement_status(gen, s, varied_unstopped))
    marks = {}
    for g in lines:
        if isinstance(g.belongs, int):
            marks.setdefault((g.primal, g.belongs), set()).update(
                m for m in g.marks if m != "restore")
    for p in primals:
        p.rows = []
        for k, text in enumerate(p.lines, 1):
            number = p.file_line(k)
            key = p.key_of(number)
            keys = [] if key is None else [f"p{p.index}-{key}"]
            if number == p.file_line(p.def_line):
                keys += [f"p{p.index}-header"] + \
                    ([f"p{p.index}-result"] if mode == "reverse" else [f"p{p.index}-seed"])
            elif key is not None and key - p.first_line + 1 in p.returns:
                keys.append(f"p{p.index}-seed" if mode == "reverse" else f"p{p.index}-result")
            row = PrimalLine(number, text, keys)
            found = status.get((p.index, key)) if key is not None else None
            if found:
                row.status, row.reason, row.detail = _combine(found)
            row.marks = tuple(m for m in MARKS if m in marks.get((p.index, key), ()))
            p.rows.append(row)


def _combine(found):
    """One status for a user line from its normalized statements' statuses."""
    for want in ("active", "output", "control"):
        if any(s[0] == want for s in found):
            return want, None, ""
    inactive = [s for s in found if s[0] == "inactive"]
    for reason in ("stop", "unused", "constant", "passthrough"):
        for s in inactive:
            if s[1] == reason:
                return s
    return found[0]


def _statement_status(gen, s, varied_unstopped):
    """``(status, reason, detail)`` of one normalized statement."""
    a = gen.a
    stop = set(gen.opt.stop)
    if isinstance(s, (gast.If, gast.For, gast.While)):
        return "control", None, ""
    if isinstance(s, gast.Return):
        return "output", None, ""
    op = a.op(s)
    if op is None or op.target is None or op.kind == "control":
        return "inactive", "passthrough", "passes through unchanged"
    t = op.target
    if op.kind != "const" and t not in stop and t in a.active \
            and any(o in a.active for o in op.operands):  # as the generators decide
        return "active", None, ""
    if t in varied_unstopped:  # (names, not statements: the analysis is flow-insensitive)
        if t in stop:
            return "inactive", "stop", f"{t} is in stop_gradients"
        if op.kind == "const" and _is_stop_gradient_call(gen, s):
            return "inactive", "stop", "sd.stop_gradient(...)"
        if t not in a.varied:
            return "inactive", "stop", "depends on wrt only through a stopped gradient"
        if t not in a.useful:
            return "inactive", "unused", f"{t} does not reach the output"
    if op.kind == "const":
        value = getattr(s, "value", None)
        what = op.label or ("a literal" if isinstance(value, gast.Constant) else
                            _short(S.expr_source(value)) if value is not None else "it")
        return "inactive", "constant", f"{what} has no gradient"
    if a.kinds.get(t) == INT:
        return "inactive", "constant", f"{t} is an integer"
    return "inactive", "constant", f"{t} does not depend on wrt here"


def _short(text, limit=40):
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _is_stop_gradient_call(gen, s):
    value = getattr(s, "value", None)
    if not isinstance(value, gast.Call):
        return False
    try:
        fn = gen.parsed.resolve(value.func)
    except Exception:  # noqa: BLE001 (an explanation never fails the view)
        return False
    return bool(getattr(fn, "__srcdiff_stop_gradient__", False))


def _varied_without_stops(gen):
    """The names that would depend on wrt if no gradient were stopped."""
    a = gen.a
    varied = set(gen.opt.wrt)
    ops = []
    for op in a.order:
        if op.target is None:
            continue
        operands = set(op.operands)
        if op.kind == "const" and _is_stop_gradient_call(gen, op.stmt):
            operands |= S.loaded_names(op.stmt.value)
        ops.append((op.target, operands))
    changed = True
    while changed:
        changed = False
        for t, operands in ops:
            if t not in varied and operands & varied:
                varied.add(t)
                changed = True
    return varied


# ---------------------------------------------------------------- the view


_COUNTER = itertools.count(1)


class View:
    """The side-by-side view: ``source`` (the generated module, as ``sd.source`` prints
    it), ``lines`` (a :class:`GenLine` per line of it), ``primals`` (the differentiated
    functions, each with ``rows``: a :class:`PrimalLine` per line)."""

    def __init__(self, source, lines, primals, mode, entry):
        self.source = source
        self.lines = lines
        self.primals = primals
        self.mode = mode
        self.entry = entry

    def __str__(self):
        return self.source

    def __repr__(self):
        return f"<srcdiff view of {self.entry} ({self.mode} mode)>"

    def fragment(self):
        """The view as an HTML fragment (styles and script included, ids unique)."""
        from srcdiff.api import explain_html
        return explain_html.fragment(self, f"sdx{next(_COUNTER)}")

    def html(self, title=None):
        """The view as one self-contained HTML page."""
        from srcdiff.api import explain_html
        return explain_html.page(self, title or f"srcdiff: {self.entry}")

    def _repr_html_(self):
        return self.fragment()

    def save(self, path):
        """Write :meth:`html` to ``path`` atomically (a temporary file, then a rename)."""
        write_atomic(path, self.html())


def write_atomic(path, text):
    import tempfile

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


# ---------------------------------------------------------------- command line
