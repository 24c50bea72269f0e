"""The wall around the AST libraries: the only module that builds nodes or prints source.

Every other stage speaks gast through these helpers, so that a change in gast
or astor touches one file. Templates are written as Python source and parsed
here (``expr("np.tanh(x)", x=node)``), so the code that makes code reads like
the code it makes.
"""

import ast
import re

import astor
import gast

# ----------------------------------------------------------------- building


def name(ident, store=False):
    return gast.Name(id=ident, ctx=gast.Store() if store else gast.Load(), annotation=None,
                     type_comment=None)


def const(value):
    return gast.Constant(value=value, kind=None)


def copy(node):
    """A structural copy of a tree (much faster than ``copy.deepcopy`` on ASTs)."""
    if isinstance(node, list):
        return [copy(x) for x in node]
    if isinstance(node, gast.AST):
        new = node.__class__.__new__(node.__class__)
        new.__dict__ = {k: copy(v) for k, v in node.__dict__.items()}
        return new
    return node


def as_load(node):
    node = copy(node)
    for sub in gast.walk(node):
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


def comment(text):
    """A statement that prints as a ``# text`` line (see :func:`to_source`)."""
    return gast.Expr(value=const(_COMMENT + text))


def locate(node, like):
    """Give ``node`` and its children without positions the position of ``like``."""
    if like is None:
        return node
    origin = getattr(like, "_srcdiff_origin", None)  # see origin.py
    if origin is not None and getattr(node, "_srcdiff_origin", None) is None:
        node._srcdiff_origin = origin
    for sub in gast.walk(node):
        if getattr(sub, "lineno", None) is None and hasattr(like, "lineno"):
            for attr in ("lineno", "col_offset", "end_lineno", "end_col_offset"):
                if hasattr(like, attr):
                    setattr(sub, attr, getattr(like, attr))
    return node


def _substitute(tree, subs):
    class Sub(gast.NodeTransformer):
        def visit_Name(self, node):
            if node.id in subs:
                new = subs[node.id]
                if isinstance(new, str):
                    return gast.copy_location(name(new, isinstance(node.ctx, gast.Store)), node)
                new = copy(new)
                if isinstance(node.ctx, gast.Store):
                    new = as_store(new)
                return new
            return node

    return Sub().visit(tree)


def expr(src, **subs):
    """Parse an expression template; keyword arguments replace names by nodes or names."""
    tree = gast.parse(src.strip(), mode="eval") if hasattr(gast, "Expression") else None
    node = tree.body if tree is not None else gast.parse(src).body[0].value
    return _substitute(node, subs) if subs else node


def stmts(src, **subs):
    """Parse a statement template into a list of statements."""
    body = gast.parse(_dedent(src)).body
    return [_substitute(s, subs) for s in body] if subs else body


def _dedent(src):
    import textwrap

    return textwrap.dedent(src).strip("\n") + "\n"


# ------------------------------------------------------------------ reading


def parse_module(src):
    return gast.parse(src)


def loaded_names(node):
    """Names read anywhere inside ``node``."""
    return {n.id for n in gast.walk(node) if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load)}


def assigns_name(stmt, name):
    """Does ``stmt`` bind ``name`` (anywhere inside it)?"""
    return any(isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store) and n.id == name
               for n in gast.walk(stmt))


def all_names(node):
    return {n.id for n in gast.walk(node) if isinstance(n, gast.Name)}


def dump(node):
    return gast.dump(node)


# ----------------------------------------------------------------- printing

_COMMENT = "SRCDIFF_COMMENT:"
_COMMENT_LINE = re.compile(r"^(\s*)(?:[rbuRBU]*)(['\"]{1,3})" + re.escape(_COMMENT) + r"(.*)\2\s*$")


def to_source(node):
    """Print a gast tree as Python source, turning comment statements into ``#`` lines."""
    tree = gast.gast_to_ast(node)
    if isinstance(tree, list):
        tree = ast.Module(body=tree, type_ignores=[])
    ast.fix_missing_locations(tree)
    text = astor.to_source(tree, indent_with="    ")
    out = []
    for line in text.split("\n"):
        m = _COMMENT_LINE.match(line)
        if m:
            literal = line.strip()
            body = ast.literal_eval(literal)[len(_COMMENT):]
            out.append(m.group(1) + "# " + body if body else "")
        else:
            out.append(line)
    return "\n".join(out)


def expr_source(node):
    return to_source(gast.Expr(value=node)).strip()
