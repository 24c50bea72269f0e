"""A gast tree as the ``ast`` tree the printer reads: the tree ``gast.gast_to_ast`` makes,
made without its visitor machinery (printing a big generated function spent half its
time in that conversion).

Invariant: :func:`to_ast` returns a tree equal to ``gast.gast_to_ast``'s, field by field
and position by position (``ast.dump(..., include_attributes=True)`` is the same), so the
printed text is the same. It holds by construction on the Python versions whose
conversion it repeats (:data:`FAST`: gast's generic rule, a field of the same name for a
field, plus its special cases for names, parameters, assignments, functions, classes
and exception handlers); elsewhere it is ``gast.gast_to_ast``. Under
``SRCDIFF_CHECK_ROUNDTRIP=1`` (the test suite) every printed tree is also converted by
gast and the two dumps compared (syntax.to_source).
"""

import ast
import sys

import gast

# the versions whose gast conversion this module repeats (gast 0.5-0.7 on 3.10 and 3.11)
FAST = sys.version_info[:2] in ((3, 10), (3, 11))

_AST = gast.AST
_LEAVES = frozenset({int, str, float, bool, complex, bytes, type(None)})
_CONVERT = {}  # gast class -> its converter
_copy_location = ast.copy_location


def to_ast(node):
    """``gast.gast_to_ast(node)``, faster (a node or a list of them)."""
    if not FAST:
        return gast.gast_to_ast(node)
    return _convert(node)


def _convert(x):
    if x.__class__ in _LEAVES:
        return x
    if isinstance(x, list):
        return [_convert(v) for v in x]
    if isinstance(x, _AST):
        f = _CONVERT.get(x.__class__)
        if f is None:
            f = _CONVERT[x.__class__] = _generic(x.__class__)
        return f(x)
    return x


def _generic(cls):
    """gast's generic rule: the ``ast`` class of the same name, given every field the node
    has (converted), then the node's positions; None for a class ``ast`` lacks."""
    target = getattr(ast, cls.__name__, None)
    if target is None:
        return lambda node: None
    fields, attributes = cls._fields, cls._attributes

    def convert(node):
        values = node.__dict__
        new = target(**{f: _convert(values[f]) if f in values else _convert(getattr(node, f))
                        for f in fields if f in values or hasattr(node, f)})
        for attr in attributes:
            try:
                setattr(new, attr, getattr(node, attr))
            except AttributeError:
                pass
        return new
    return convert


def _name(node):
    return _copy_location(ast.Name(node.id, _convert(node.ctx)), node)


def _arg(node):
    if node is None:
        return None
    return _copy_location(ast.arg(node.id, _convert(node.annotation),
                                  _convert(node.type_comment)), node)


def _arguments(node):
    return ast.arguments([_arg(a) for a in node.posonlyargs], [_arg(a) for a in node.args],
                         _arg(node.vararg), [_arg(a) for a in node.kwonlyargs],
                         _convert(node.kw_defaults), _arg(node.kwarg), _convert(node.defaults))


def _assign(node):
    return _copy_location(ast.Assign(_convert(node.targets), _convert(node.value)), node)


def _function(target):
    def convert(node):
        return _copy_location(target(_convert(node.name), _convert(node.args),
                                     _convert(node.body), _convert(node.decorator_list),
                                     _convert(node.returns), _convert(node.type_comment)),
                              node)
    return convert


def _class(node):
    return _copy_location(ast.ClassDef(_convert(node.name), _convert(node.bases),
                                       _convert(node.keywords), _convert(node.body),
                                       _convert(node.decorator_list)), node)


def _except_handler(node):
    if not node.name:
        return _generic(gast.ExceptHandler)(node)
    return _copy_location(ast.ExceptHandler(_convert(node.type), node.name.id,
                                            _convert(node.body)), node)


_CONVERT.update({
    gast.Name: _name, gast.arguments: _arguments, gast.Assign: _assign,
    gast.FunctionDef: _function(ast.FunctionDef),
    gast.AsyncFunctionDef: _function(ast.AsyncFunctionDef),
    gast.ClassDef: _class, gast.ExceptHandler: _except_handler,
})


def same_as_gast(node, tree):
    """Does ``tree`` (from :func:`to_ast`) dump like ``gast.gast_to_ast(node)``? (the check)"""
    reference = gast.gast_to_ast(node)

    def dump(t):
        if isinstance(t, list):
            return [dump(x) for x in t]
        return ast.dump(t, include_attributes=True)
    return dump(tree) == dump(reference)
