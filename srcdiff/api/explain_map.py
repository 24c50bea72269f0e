"""The mapping behind the side-by-side view: each printed generated line to the primal
line (``sid``) and role its statement carries (origin.py), and each primal line's status
(active, or why not). See explain.py."""

import ast

import gast

from srcdiff.api.explain_html import View
from srcdiff.api.view_model import (
    MARKS,
    GenLine,
    Primal,
    PrimalLine,
    header_end,
)
from srcdiff.compiler.analysis.activity import INT, walk
from srcdiff.compiler.ir import origin
from srcdiff.compiler.ir import syntax as S

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
    body_start = header_end(tree) + 1
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
            head = header_end(a)
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
    """Arithmetic on names and numbers (``np.size(x)``, ``size_of(x)`` count as numbers)."""
    for n in gast.walk(expr):
        if isinstance(n, gast.Call):
            if not (S.expr_source(n.func) in ("np.size", "size_of") and len(n.args) == 1):
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
        fn = gen.parsed.callee(value.func)
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


