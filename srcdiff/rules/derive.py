"""Derived rules.

The registry's ``elementwise``, ``self_adjoint`` and ``linear`` forms write a
rule once and derive its other mode. A derived rule is made like a written
one: a ``def`` whose source is the written rule's, rewritten (the seed
renamed, returns wrapped or replaced), compiled into a real function of the
written rule's module (same globals and defaults) and kept in ``linecache``,
so tests can call it, the compiler inlines its body, and a standalone module
copies its source, exactly as for a rule written by hand.
"""

import ast
import itertools
import linecache
import textwrap
import types

from srcdiff.rules.rule_source import running_source

_DERIVED = itertools.count(1)


def derive(fn, name, seed=None, wrap=None, body=None):
    """A new rule function made from the ``def`` of ``fn``, named ``name``.

    ``seed``: a new name for the first parameter (``g`` becomes ``d``).
    ``wrap(expr, k)``: the new ``k``-th entry of every returned tuple, for each
    entry that is not ``None`` (an ``ast`` expression in, one out).
    ``body``: source text replacing the body (it may use the new seed name).
    """
    node = _def_node(fn)
    params = [a.arg for a in node.args.posonlyargs + node.args.args]
    if seed is not None and seed != params[0]:
        scope = node if body is None else node.args  # a replaced body is not renamed
        used = {n.id for n in ast.walk(scope) if isinstance(n, ast.Name)}
        used |= {a.arg for a in ast.walk(scope) if isinstance(a, ast.arg)}
        if seed in used:
            raise ValueError(f"rule {fn.__name__}: cannot rename its first parameter "
                             f"{params[0]!r} to {seed!r}, which it already uses")
        _Rename(params[0], seed).visit(node)
    if wrap is not None:
        for ret in _returns(node):
            if not isinstance(ret.value, ast.Tuple):
                raise TypeError(f"rule {fn.__name__}: every return must give a tuple "
                                "display, one entry per argument")
            ret.value.elts = [e if isinstance(e, ast.Constant) and e.value is None
                              else wrap(e, k) for k, e in enumerate(ret.value.elts)]
    if body is not None:
        node.body = ast.parse(textwrap.dedent(body)).body
    node.name = name
    node.decorator_list = []
    node.returns = None
    text = ast.unparse(ast.fix_missing_locations(node)) + "\n"
    # not "<srcdiff ...>": that prefix marks generated code (api/higher.py, compiler/driver.py)
    filename = f"<derived rule {fn.__module__}.{name} #{next(_DERIVED)}>"
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
    module_code = compile(text, filename, "exec")
    code = next(c for c in module_code.co_consts if isinstance(c, types.CodeType))
    new = types.FunctionType(code, fn.__globals__, name, fn.__defaults__)
    new.__kwdefaults__ = dict(fn.__kwdefaults__) if fn.__kwdefaults__ else None
    new.__qualname__ = name
    new.__doc__ = fn.__doc__ if body is None else None
    new._srcdiff_source = text  # (read when the rule is first inlined, whatever linecache holds)
    return new


def _def_node(fn):
    """The ``ast`` of a rule written with ``def`` (not a lambda, not a closure)."""
    if getattr(fn, "__code__", None) is not None and fn.__code__.co_freevars:
        raise TypeError(f"rule {fn.__name__} reads variables of an enclosing function "
                        f"({', '.join(fn.__code__.co_freevars)}): a rule derives from "
                        "module-level names only")
    text = running_source(fn)  # None: unreadable, or the file no longer holds what runs
    try:
        node = ast.parse(text).body[0] if text is not None else None
    except (SyntaxError, IndexError):
        node = None
    if not isinstance(node, ast.FunctionDef):
        raise TypeError(f"{fn!r}: a rule that another is derived from must be a `def` "
                        "whose source can be read (not a lambda)")
    return node


def _returns(node):
    """The ``return`` statements of a function, not of functions nested in it."""
    out, stack = [], list(node.body)
    while stack:
        x = stack.pop()
        if isinstance(x, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(x, ast.Return):
            out.append(x)
        stack.extend(ast.iter_child_nodes(x))
    return out


class _Rename(ast.NodeTransformer):
    def __init__(self, old, new):
        self.old, self.new = old, new

    def visit_Name(self, node):
        if node.id == self.old:
            node.id = self.new
        return node

    def visit_arg(self, node):
        if node.arg == self.old:
            node.arg = self.new
        return node
