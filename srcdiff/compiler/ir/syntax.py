"""The wall around the AST libraries: the only module that builds nodes or prints source.

Every other stage speaks gast through these helpers, so that a change in gast
or astor touches one file. Templates are written as Python source and parsed
here (``expr("np.tanh(x)", x=node)``), so the code that makes code reads like
the code it makes.
"""

import ast
import functools
import itertools
import math
import os
import re
import textwrap

import astor
import gast
import numpy as np

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir.to_ast import same_as_gast, to_ast
from srcdiff.errors import InternalError

# ----------------------------------------------------------------- building


def name(ident, store=False):
    # (what ``gast.Name(id=ident, ctx=gast.Load(), annotation=None, type_comment=None)``
    # makes, without gast's generic constructor: the commonest node the compiler builds)
    ctx = _STORE if store else _LOAD
    node = _NAME.__new__(_NAME)
    node.__dict__ = {"id": ident, "ctx": ctx.__new__(ctx), "annotation": None,
                     "type_comment": None}
    return node


_NAME, _LOAD, _STORE = gast.Name, gast.Load, gast.Store


def const(value):
    return gast.Constant(value=value, kind=None)


_AST = gast.AST


# values a tree holds that are never copied, told by their exact class (cheaper than
# asking whether a value is a node or a list: most are positions and names)
_LEAVES = frozenset({int, str, float, bool, type(None)})


def copy(node):
    """A structural copy of a tree (much faster than ``copy.deepcopy`` on ASTs): every
    node and list is new, other values (names, constants, tags) are shared.

    (A node's attributes are copied at C speed, ``dict.copy``, and only the values that are
    not leaves copied again in place: the same dict, in the same order, as a comprehension
    over every attribute; tests/optimize/test_compile_shortcuts.py compares the two.)"""
    cls = node.__class__
    if cls is list:
        leaves = _LEAVES
        return [x if x.__class__ in leaves else copy(x) for x in node]
    if isinstance(node, _AST):
        new = cls.__new__(cls)
        attrs = node.__dict__.copy()
        leaves = _LEAVES
        for k, v in attrs.items():  # (values replaced, no key added: the iteration holds)
            if v.__class__ not in leaves:
                attrs[k] = copy(v)
        new.__dict__ = attrs
        return new
    if isinstance(node, list):
        leaves = _LEAVES
        return [x if x.__class__ in leaves else copy(x) for x in node]
    return node


def as_load(node):
    node = copy(node)
    for sub in dataflow.nodes(node):
        if hasattr(sub, "ctx"):
            sub.ctx = gast.Load()
    return node


def as_store(node):
    node = copy(node)
    node.ctx = gast.Store()
    if isinstance(node, (gast.Tuple, gast.List)):
        node.elts = [as_store(e) for e in node.elts]
    return node


def assign(target, value, like=None):
    if isinstance(target, str):
        target = name(target, store=True)
    else:
        target = as_store(target)
    node = gast.Assign(targets=[target], value=value, type_comment=None)
    if like is not None:
        locate(node, like)
    return node


def call(func, args=(), keywords=()):
    if isinstance(func, str):
        func = expr(func)
    kws = [gast.keyword(arg=k, value=v) for k, v in keywords]
    return gast.Call(func=func, args=list(args), keywords=kws)


HEADS = "_srcdiff_heads"  # what a comment is the heading of, when a pass must know
UNBOUND_INITS = "unbound-initializers"  # ``v = None`` lines for names bound later
# on ``b = index_add(b, x, index, g)``: ``b`` is an owned array there, ``index`` basic and
# ``g`` real (reverse/contributions.py), so it may become ``b[index] += g`` (optimize/scatters.py);
INTO_OWNED, UNPACKED_ITEM = "_srcdiff_into_owned", "_srcdiff_unpacked_item"  # on ``a = s[0]``
# of ``a, b = s``: an item there (``unpacked`` checked the length: optimize/dead.py)
SEED = "seed"  # the seed's heading: where the primal sweep ends (reverse/records.py splits there)

def comment(text, heads=None):
    """A statement that prints as a ``# text`` line (see :func:`to_source`). ``heads``
    says what the comment is the heading of (:data:`UNBOUND_INITS`) for the passes that
    drop a heading whose lines are gone; they never read the text."""
    node = gast.Expr(value=const(_COMMENT + text))
    if heads is not None:
        setattr(node, HEADS, heads)
    return node


def heads(stmt):
    """What the comment ``stmt`` is the heading of (None: the next statement)."""
    return getattr(stmt, HEADS, None)


KEY = "_srcdiff_key"
_next_key = itertools.count()


def key(stmt):
    """The identity of a statement for the facts passes keep about it (ops, saves, loop
    facts). Unlike ``id()``, it rides on the node: a copy (:func:`copy`) made after the
    first ``key`` has the original's key, and so its facts, instead of silently none."""
    k = stmt.__dict__.get(KEY)
    if k is None:
        k = next(_next_key)
        setattr(stmt, KEY, k)
    return k


FOREIGN = "_srcdiff_foreign"  # names a statement reads in a value moved into it


def locate(node, like):
    """Give ``node`` and its children without positions the position of ``like``.

    ``node`` also takes ``like``'s origin (origin.py) and the names ``like`` reads in
    values the optimizer moved into it (``FOREIGN``, optimize/exprs.py Mover): a
    statement made in place of another is checked, in verification mode, as that one
    (a negation folded into its operand's statement kept the origin and lost the moved
    names: verify.py checked one against a record made before it was bound)."""
    if like is None:
        return node
    origin = getattr(like, "_srcdiff_origin", None)  # see origin.py
    if origin is not None and getattr(node, "_srcdiff_origin", None) is None:
        node._srcdiff_origin = origin
    moved_in = getattr(like, FOREIGN, None)
    if moved_in:
        setattr(node, FOREIGN, frozenset(getattr(node, FOREIGN, frozenset()) | moved_in))
    if not hasattr(like, "lineno"):
        return node
    position = {attr: getattr(like, attr) for attr in
                ("lineno", "col_offset", "end_lineno", "end_col_offset") if hasattr(like, attr)}
    for sub in dataflow.nodes(node):
        # (no gast class has a ``lineno`` of its own: a node's is in its __dict__ or none)
        attrs = sub.__dict__
        if attrs.get("lineno") is None:
            attrs.update(position)
    return node


def substitute(tree, subs):
    """``tree`` with each name in ``subs`` replaced: by a new name (a string) or a copy of
    the node (made a store target where the name was one)."""
    if not subs:
        return tree
    return replace_names(tree, lambda n: _replacement(n, subs) if n.id in subs else n)


def substituted(tree, subs):
    """``substitute(copy(tree), subs)`` in one pass: a copy of ``tree`` (a node or a list)
    with each name in ``subs`` replaced (a rule template instantiated per use). (A node's
    attributes copied as in :func:`copy`.)"""
    leaves = _LEAVES
    if isinstance(tree, list):
        return [x if x.__class__ in leaves or not isinstance(x, (_AST, list))
                else substituted(x, subs) for x in tree]
    if isinstance(tree, gast.Name) and tree.id in subs:
        return _replacement(tree, subs)
    cls = tree.__class__
    new = cls.__new__(cls)
    attrs = tree.__dict__.copy()
    for k, v in attrs.items():  # (values replaced, no key added: the iteration holds)
        if v.__class__ not in leaves and isinstance(v, (_AST, list)):
            attrs[k] = substituted(v, subs)
    new.__dict__ = attrs
    return new


def _replacement(node, subs):
    new = subs[node.id]
    store = isinstance(node.ctx, gast.Store)
    if isinstance(new, str):
        return gast.copy_location(name(new, store), node)
    new = copy(new)
    return as_store(new) if store else new


def replace_names(tree, new):
    """``tree`` with each ``Name`` node ``n`` replaced by ``new(n)``, changed in place like
    by a ``NodeTransformer`` (replacements are not searched again); one recursive pass,
    no visitor class made per call."""
    if isinstance(tree, gast.Name):
        return new(tree)
    _replace_names(tree, new)
    return tree


def _replace_names(node, new):
    for field in node._fields:
        v = getattr(node, field, None)
        if isinstance(v, gast.Name):
            r = new(v)
            if r is not v:
                setattr(node, field, r)
        elif isinstance(v, _AST):
            _replace_names(v, new)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                if isinstance(x, gast.Name):
                    v[i] = new(x)
                elif isinstance(x, _AST):
                    _replace_names(x, new)


def expr(src, **subs):
    """Parse an expression template (once; a copy each time); ``subs`` replace names."""
    node = copy(_parsed(src))
    return substitute(node, subs) if subs else node


@functools.lru_cache(maxsize=512)
def _parsed(src):
    return gast.parse(src.strip(), mode="eval").body


def stmts(src, **subs):
    """Parse a statement template into a list of statements."""
    body = gast.parse(_dedent(src)).body
    return [substitute(s, subs) for s in body] if subs else body


def _dedent(src):
    return textwrap.dedent(src).strip("\n") + "\n"


# ------------------------------------------------------------------ reading


def parse_module(src):
    return gast.parse(src)


loaded_names = dataflow.reads  # (dataflow.py: what a statement reads, binds, changes)
assigns_name = dataflow.assigns


def all_names(node):
    return {n.id for n in dataflow.names(node)}


def dump(node):
    """``gast.dump(node)``'s text (passes compare and order trees by it), made faster."""
    cls = node.__class__
    if not isinstance(node, _AST):
        return "[" + ", ".join([dump(x) for x in node]) + "]" if isinstance(node, list) \
            else repr(node)
    fields = _DUMPED.get(cls)
    if fields is None:  # (a field whose class default is None is left out when None)
        fields = _DUMPED[cls] = [(f, f + "=", getattr(cls, f, 42) is None) for f in cls._fields]
    args = []
    for f, head, optional in fields:
        value = getattr(node, f, _MISSING)
        if value is None:
            if not optional:
                args.append(head + "None")
        elif value is not _MISSING and not value == []:
            args.append(head + dump(value))
    return cls.__name__ + "(" + ", ".join(args) + ")"


_DUMPED = {}  # node class -> [(field, "field=", left out when None)]
_MISSING = object()


# ----------------------------------------------------------------- printing

_COMMENT = "SRCDIFF_COMMENT:"
_COMMENT_LINE = re.compile(r"^(\s*)(?:[rbuRBU]*)(['\"]{1,3})" + re.escape(_COMMENT) + r"(.*)\2\s*$")

# Set (to "1") by the test suite: every printed tree is parsed back and compared.
CHECK_ROUNDTRIP_ENV = "SRCDIFF_CHECK_ROUNDTRIP"


def check_roundtrip_enabled():
    return os.environ.get(CHECK_ROUNDTRIP_ENV) == "1"


def to_source(node):
    """Print a gast tree as Python source, turning comment statements into ``#`` lines.

    The printer works on precedence, and its one blind spot is a literal that
    is not written as one token: ``Constant(-0.5)`` (made by folding ``-0.5``,
    or by arithmetic on literals) printed as ``-0.5`` is a unary minus, which
    binds looser than ``**`` (``-0.5 ** 2`` is ``-(0.5 ** 2)``). So such a
    number is printed as the tree the parser builds for its text
    (:func:`_parser_form`), in the constant's place, and precedence does the
    rest (:class:`_Printer`). Under ``SRCDIFF_CHECK_ROUNDTRIP=1`` the printed
    text is parsed back and must give the printed tree (:func:`check_roundtrip`).
    """
    tree = to_ast(node)  # (gast.gast_to_ast's tree, made faster: to_ast.py)
    if check_roundtrip_enabled() and not same_as_gast(node, tree):
        raise InternalError("to_ast made another tree than gast.gast_to_ast")
    if isinstance(tree, list):
        tree = ast.Module(body=tree, type_ignores=[])
    # (positions are not printed: astor writes no line information, and the tree is not
    # compiled, so missing ones are not filled in)
    text = astor.to_source(tree, indent_with="    ", source_generator_class=_Printer)
    out = []
    for line in text.split("\n"):
        m = _COMMENT in line and _COMMENT_LINE.match(line)
        if m:
            literal = line.strip()
            body = ast.literal_eval(literal)[len(_COMMENT):]
            out.append(m.group(1) + "# " + body if body else "")
        else:
            out.append(line)
    text = "\n".join(out)
    if check_roundtrip_enabled():
        check_roundtrip(tree, text)
    return text


def expr_source(node):
    dotted = dotted_parts(node)  # (a function's name, ``np.linalg.norm``: printed as it reads)
    return ".".join(dotted) if dotted is not None else to_source(gast.Expr(value=node)).strip()


def dotted_parts(node):
    """``("np", "linalg", "norm")`` for ``np.linalg.norm``: a chain of attributes of a
    name; None for anything else."""
    parts = []
    while isinstance(node, gast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, gast.Name):
        return None
    return (node.id,) + tuple(reversed(parts))


# -- numbers as the parser reads them


def _is_number(value):
    return isinstance(value, (int, float, complex)) and not isinstance(value, bool)


def _negative(x):
    """``x < 0``, and true for ``-0.0`` too (its text needs the minus sign)."""
    return x < 0 or (x == 0 and math.copysign(1.0, x) < 0)


def _real_form(x, imaginary=False):
    """The parser's tree for the real ``x`` (times ``1j`` if ``imaginary``)."""
    def literal(v):
        return ast.Constant(value=complex(0.0, v) if imaginary else v)

    if isinstance(x, float) and math.isnan(x):  # no literal for nan: inf - inf
        return ast.BinOp(left=literal(math.inf), op=ast.Sub(), right=literal(math.inf))
    if _negative(x):
        return ast.UnaryOp(op=ast.USub(), operand=literal(-x))
    return literal(x)


def _parser_form(value):
    """The tree ``ast.parse`` gives for the shortest source of the number ``value``.

    Python has no negative or complex literals: ``-0.5`` parses as a unary
    minus applied to ``0.5``, ``1+2j`` as an addition. A ``Constant`` holding
    such a value is printed as that text, so it must be that tree, or the
    printer's precedence is wrong (``(-0.5) ** 2`` loses its parentheses).
    NumPy scalars keep their type: ``np.float32(0.1)`` is a call.
    """
    if isinstance(value, np.generic):
        inner = value.item()
        if value.dtype.kind in "biufc" and (_is_number(inner) or isinstance(inner, bool)):
            ctor = "bool_" if value.dtype.kind == "b" else value.dtype.name
            arg = ast.Constant(value=inner) if isinstance(inner, bool) else _parser_form(inner)
            return ast.Call(func=ast.Attribute(value=ast.Name(id="np", ctx=ast.Load()),
                                               attr=ctor, ctx=ast.Load()),
                            args=[arg], keywords=[])
        return ast.Constant(value=value)  # no literal form: the round trip check refuses it
    if isinstance(value, complex):
        imag = _real_form(value.imag, imaginary=True)
        if value.real == 0 and not _negative(value.real):
            return imag
        op = ast.Add()
        if isinstance(imag, ast.UnaryOp):  # r - 2j
            op, imag = ast.Sub(), imag.operand
        return ast.BinOp(left=_real_form(value.real), op=op, right=imag)
    return _real_form(value)


def _printed_form(value):
    """The tree printed for a constant ``value``: itself if its text is one token."""
    t = type(value)
    if t is str or t is bool or value is None or (t is int and value >= 0) \
            or (t is float and value > 0):  # the common cases, first and fast
        return None
    if isinstance(value, tuple):
        return ast.Tuple(elts=[_printed_form(v) or ast.Constant(value=v) for v in value],
                         ctx=ast.Load())
    if _is_number(value) or isinstance(value, np.generic):
        new = _parser_form(value)
        return None if isinstance(new, ast.Constant) else new
    return None


class _Printer(astor.SourceGenerator):
    """astor's printer, with numbers (and tuple constants) printed as their parser form."""

    def visit_Constant(self, node):
        new = _printed_form(node.value)
        if new is None:
            return super().visit_Constant(node)
        if hasattr(node, "_pp"):  # the precedence the parent asked of the constant
            new._pp = node._pp
        return self.visit(new)


# -- the round trip check

class RoundTripError(InternalError):
    """Printed source that does not parse back to the printed tree (a bug in srcdiff)."""


_IGNORED_FIELDS = frozenset({"ctx", "type_comment", "kind"})


def _is_comment(stmt):
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
        and isinstance(stmt.value.value, str) and stmt.value.value.startswith(_COMMENT)


def _difference(a, b, path):
    """The first place trees ``a`` and ``b`` differ, positions, ``ctx`` and comment
    statements aside: ``(path, a part, b part)``, or None."""
    if isinstance(a, list) or isinstance(b, list):
        if not (isinstance(a, list) and isinstance(b, list)):
            return path, a, b
        a = [x for x in a if not _is_comment(x)]
        b = [x for x in b if not _is_comment(x)]
        if len(a) != len(b):
            return f"{path} (length {len(a)} != {len(b)})", a, b
        for k, (x, y) in enumerate(zip(a, b)):
            d = _difference(x, y, f"{path}[{k}]")
            if d is not None:
                return d
        return None
    if isinstance(a, ast.Constant) and not isinstance(b, ast.Constant):
        form = _printed_form(a.value)  # Constant(-0.5) is printed as -(0.5)
        if form is not None:
            return _difference(form, b, path)
    if isinstance(a, ast.AST) or isinstance(b, ast.AST):
        if type(a) is not type(b):
            return path, a, b
        for field in a._fields:
            if field in _IGNORED_FIELDS:
                continue
            d = _difference(getattr(a, field, None), getattr(b, field, None), f"{path}.{field}")
            if d is not None:
                return d
        return None
    # leaves: identifiers, constants (1, 1.0 and True differ; so do 0.0 and -0.0; nan is nan)
    if type(a) is not type(b) or repr(a) != repr(b):
        return path, a, b
    return None


def same_tree(a, b):
    """Do ``ast`` trees (or statement lists) ``a`` and ``b`` agree (see check_roundtrip)?"""
    return _difference(a, b, "") is None


def check_roundtrip(tree, text, what="generated source"):
    """Raise :class:`RoundTripError` unless ``text`` parses to ``tree`` (an ``ast`` tree).

    ``tree`` is what was printed (a module, statement or list of statements);
    positions and ``ctx`` are not compared, comment statements (which print as
    ``#`` lines) are left out, and a constant whose text is not one token
    (``-0.5``) stands for the tree that text parses to (see :func:`to_source`).
    """
    expected = tree.body if isinstance(tree, ast.Module) else \
        list(tree) if isinstance(tree, list) else [tree]
    try:
        got = ast.parse(text).body
    except SyntaxError as e:
        raise RoundTripError(f"{what} does not parse ({e.msg}, line {e.lineno}):\n"
                             f"{text}") from None
    found = _difference(expected, got, "body")
    if found is not None:
        where, want, have = found
        raise RoundTripError(
            f"{what} does not parse back to the tree it was printed from; first "
            f"difference at {where}:\n  printed: {_show(want)}\n  parsed:  {_show(have)}\n"
            f"source:\n{text}")


def check_splice(tree, text, replace, what):
    """Check a rewrite done on source text rather than on a tree.

    ``text`` was made from the source of the ``ast`` tree ``tree`` by replacing
    the text of some nodes: ``replace`` maps ``id(node)`` to the node of
    ``tree`` whose text took its place (``f(x)`` -> ``x``) or to an identifier.
    ``text`` must parse to ``tree`` with those replacements made (``tree`` is
    changed). Only under ``SRCDIFF_CHECK_ROUNDTRIP=1``.
    """
    if not check_roundtrip_enabled():
        return

    class Replace(ast.NodeTransformer):
        def visit(self, node):
            new = replace.get(id(node))
            if new is None:
                return self.generic_visit(node)
            if isinstance(new, str):
                return ast.Name(id=new, ctx=ast.Load())
            return self.visit(new)

    check_roundtrip(Replace().visit(tree), text, what)


def _show(node, limit=300):
    text = ast.dump(node) if isinstance(node, ast.AST) else \
        "[" + ", ".join(ast.dump(n) if isinstance(n, ast.AST) else repr(n) for n in node) + "]" \
        if isinstance(node, list) else repr(node)
    return text if len(text) <= limit else text[:limit] + "..."


def is_comment(s):
    """Is ``s`` a comment statement made by syntax.comment?"""
    return isinstance(s, gast.Expr) and isinstance(s.value, gast.Constant) \
        and isinstance(s.value.value, str) and s.value.value.startswith("SRCDIFF_COMMENT:")


def canonical(expr):
    """Operands of ``*`` in a fixed order, so ``g * h`` and ``h * g`` compare equal."""
    expr = copy(expr)
    for n in gast.walk(expr):
        if isinstance(n, gast.BinOp) and isinstance(n.op, gast.Mult):
            a, b = dump(n.left), dump(n.right)
            if a > b:
                n.left, n.right = n.right, n.left
    return expr




def index_value(index):
    """An index as an ordinary expression (``1:3`` -> ``slice(1, 3, None)``) to pass to a call."""
    if isinstance(index, gast.Slice):
        parts = [copy(p) if p is not None else const(None)
                 for p in (index.lower, index.upper, index.step)]
        return call("slice", parts)
    if isinstance(index, gast.Tuple):
        return gast.Tuple(elts=[index_value(e) for e in index.elts], ctx=gast.Load())
    return copy(index)


def index_from_value(value):
    """The inverse of :func:`index_value`: the index a value passed to a call spells
    (``slice(1, None, None)`` -> ``1:``)."""
    if isinstance(value, gast.Tuple):
        return gast.Tuple(elts=[index_from_value(e) for e in value.elts], ctx=gast.Load())
    if isinstance(value, gast.Call) and isinstance(value.func, gast.Name) \
            and value.func.id == "slice" and len(value.args) == 3 and not value.keywords:
        lower, upper, step = (None if isinstance(a, gast.Constant) and a.value is None
                              else copy(a) for a in value.args)
        return gast.Slice(lower=lower, upper=upper, step=step)
    return copy(value)
