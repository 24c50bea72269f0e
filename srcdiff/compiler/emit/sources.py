"""What a written module is made of, read from objects and source text: Python literals
for constant values, the globals a piece of source reads, ``sd.stop_gradient`` calls
stripped from copied source, and where an object can be imported from (the standard
library, numpy, the user's modules). standalone.py assembles the module from these."""

import ast
import builtins
import inspect
import math
import re
import symtable
import sys
import sysconfig

import numpy as np

from srcdiff.compiler.ir import syntax as S


def literal(value):
    """Python source that evaluates to ``value``, or None if it has no literal form.

    Under ``SRCDIFF_CHECK_ROUNDTRIP=1`` the text is evaluated and must give
    ``value`` back (same types, same digits).
    """
    text = _literal(value)
    if text is not None and S.check_roundtrip_enabled():
        back = eval(text, {"__builtins__": {"float": float, "complex": complex}, "np": np})
        if type(back) is not type(value) or repr(back) != repr(value):
            raise S.RoundTripError(f"the literal {text} for a module constant gives {back!r}, "
                                   f"not {value!r}")
    return text


def _literal(value):
    """The text of :func:`literal`.

    Accepts None, bools, ints, floats (inf/nan too), complex numbers, strings,
    bytes, NumPy scalars (as ``np.float32(...)``) and tuples, lists, dicts of
    those. Arrays and every other object give None.
    """
    # exact builtin types only: a subclass may print itself as any code (its __repr__)
    if value is None or type(value) in (bool, str, bytes):
        return repr(value)
    if isinstance(value, np.generic) and type(value).__module__ == "numpy":
        if value.dtype.kind not in "biufc" or not value.dtype.name.isidentifier():
            return None
        inner = value.item()
        if value.dtype.kind == "f":  # the shortest text that gives the same value back
            try:
                short = float(str(value))
                if type(value)(short) == value:
                    inner = short
            except ValueError:
                pass
        text = _literal(inner)
        return None if text is None else f"np.{value.dtype.name}({text})"
    if type(value) is int:
        return repr(value)
    if type(value) is float:
        if math.isfinite(value):
            return repr(value)
        return f'float("{value!r}")'
    if type(value) is complex:
        if math.isfinite(value.real) and math.isfinite(value.imag):
            return repr(value)
        return f"complex({_literal(value.real)}, {_literal(value.imag)})"
    if type(value) in (tuple, list):
        parts = [_literal(v) for v in value]
        if any(p is None for p in parts):
            return None
        if type(value) is list:
            return "[" + ", ".join(parts) + "]"
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    if type(value) is dict:
        items = [(_literal(k), _literal(v)) for k, v in value.items()]
        if any(k is None or v is None for k, v in items):
            return None
        return "{" + ", ".join(f"{k}: {v}" for k, v in items) + "}"
    return None


def global_reads(text, filename="<generated>"):
    """Names ``text`` (module-level source) reads from its module's globals, sorted."""
    top = symtable.symtable(text, filename, "exec")
    bound = {s.get_name() for s in top.get_symbols()
             if s.is_assigned() or s.is_imported() or s.is_namespace()}
    reads = set()

    def walk(table):
        for sym in table.get_symbols():
            if table.get_type() == "module":
                if sym.is_referenced():
                    reads.add(sym.get_name())
            elif sym.is_global() or sym.is_declared_global():
                reads.add(sym.get_name())
        for child in table.get_children():
            walk(child)

    walk(top)
    return sorted(reads - bound)


def dotted_name(node):
    """``np.linalg.norm`` as ["np", "linalg", "norm"]; None for anything else."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return parts[::-1]


def resolve_dotted(parts, namespace):
    missing = object()
    obj = namespace.get(parts[0], getattr(builtins, parts[0], missing))
    for attr in parts[1:]:
        if obj is missing:
            break
        obj = getattr(obj, attr, missing)
    return None if obj is missing else obj


def is_stop_gradient(obj):
    return bool(getattr(obj, "__srcdiff_stop_gradient__", False))


def strip_stop_gradient(text, namespace):
    """Rewrite every ``stop_gradient(x)`` call that resolves to srcdiff's into ``x``."""
    while True:
        tree = ast.parse(text)
        calls = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords \
                    and not isinstance(node.args[0], ast.Starred):
                parts = dotted_name(node.func)
                if parts and is_stop_gradient(resolve_dotted(parts, namespace)):
                    calls.append(node)
        if not calls:
            return text
        # Outermost calls first; nested ones are found on the next pass.
        spans = sorted(((node_span(text, c), c) for c in calls), key=lambda sc: sc[0])
        outer, end = [], -1
        for span, call in spans:
            if span[0] >= end:
                outer.append((span, call))
                end = span[1]
        new = text
        for (start, stop), call in reversed(outer):
            arg = call.args[0]
            a0, a1 = node_span(text, arg)
            inner = text[a0:a1]
            # an atom keeps its meaning anywhere; anything else, and an int (``1.real``
            # is not ``(1).real``), is parenthesized
            atom = isinstance(arg, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)) or (
                isinstance(arg, ast.Constant) and not isinstance(arg.value, int))
            if not atom:
                inner = "(" + inner + ")"
            new = new[:start] + inner + new[stop:]
        S.check_splice(tree, new, {id(c): c.args[0] for _, c in outer},
                       "the standalone module's source without stop_gradient")
        text = new


def node_span(text, node):
    """Character offsets of ``node`` in ``text`` (columns are UTF-8 byte offsets)."""
    lines = re.findall(r"[^\n]*\n|[^\n]+$", text)  # as ast counts lines: on "\n" only

    def offset(lineno, col):
        before = sum(len(line) for line in lines[:lineno - 1])
        return before + len(lines[lineno - 1].encode()[:col].decode())

    return offset(node.lineno, node.col_offset), offset(node.end_lineno, node.end_col_offset)


def top_package(modname):
    return (modname or "").split(".")[0]


def is_stdlib(modname):
    top = top_package(modname)
    if not top:
        return False
    names = getattr(sys, "stdlib_module_names", None)
    if names is not None:
        return top in names
    if top in sys.builtin_module_names:
        return True
    mod = sys.modules.get(top)
    path = getattr(mod, "__file__", None) or ""
    stdlib = sysconfig.get_paths()["stdlib"]
    return path.startswith(stdlib) and "site-packages" not in path


def import_module_line(module, name):
    modname = module.__name__
    if "." in modname:
        parent, child = modname.rsplit(".", 1)
        return f"from {parent} import {child}" + ("" if name == child else f" as {name}")
    return f"import {modname}" + ("" if name == modname else f" as {name}")


def public_home(obj, candidates):
    """The first module in ``candidates`` (names) that exports ``obj`` under its own name."""
    attr = getattr(obj, "__name__", None)
    if not attr:
        return None
    for modname in candidates:
        mod = sys.modules.get(modname)
        if mod is not None and getattr(mod, attr, None) is obj:
            return modname
    return None


def from_import_line(modname, attr, name):
    return f"from {modname} import {attr}" + ("" if name == attr else f" as {name}")


def srcdiff_wrapped(obj):
    """The plain function inside a srcdiff wrapper (``@sd.differentiate``, custom rules)."""
    if inspect.isfunction(obj) or top_package(type(obj).__module__) != "srcdiff":
        return None
    inner = getattr(obj, "__wrapped__", None) or getattr(obj, "fn", None)
    return inner if inspect.isfunction(inner) else None
