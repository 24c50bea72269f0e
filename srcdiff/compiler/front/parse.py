"""Stage 1, parse: a Python function object -> its gast ``FunctionDef`` and where names resolve.

Output invariant: ``Parsed.node`` is the function's definition with decorators
removed; every node's ``lineno``/``col_offset`` counts in the *dedented*
snippet, and :meth:`Parsed.error` maps it back to the user's file. Names are
resolved against the function's closure cells, then its globals, then
builtins, at compile time: rules are looked up by the object a name denotes,
not by its spelling, so ``import numpy as jnp`` works.
"""

import builtins
import copy
import inspect
import linecache
import os
import tokenize
import types
from typing import Any, Callable

import gast

from srcdiff.compiler.front.renames import rename_generated_names
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir.calls import plain_call
from srcdiff.compiler.ir.code_identity import compiles_to, dedent_margin
from srcdiff.errors import InternalError, SrcdiffError

_MISSING = object()


class Parsed:
    """A parsed function: its tree, its source position and its namespace."""

    def __init__(self, fn, node, filename, first_line, indent, lines, namespace):
        self.fn = fn
        self.node = node
        self.filename = filename
        self.first_line = first_line  # file line of the snippet's line 1
        self.indent = indent  # columns removed by dedent
        self.lines = lines  # the snippet's lines, as in the file
        self.namespace = namespace
        # names the function binds (parameters, assignments, loop targets): inside it they
        # are local variables even where a global has the same name (normalize adds its
        # temporaries)
        self.locals = local_names(node)
        self.attribute_callees = {}  # (id(object), attribute) -> (object, attribute)
        # locals named like generated code's helpers and variables, renamed (renames.py)
        self.renamed = rename_generated_names(node, self.locals, namespace, own_code(self))
        if self.renamed:
            self.locals = local_names(node)
        # the namespace's names before any pass adds its own (composites, lambdas, defaults):
        # a later normalization must not give a temporary one of the added names
        self.user_names = frozenset(namespace)

    @property
    def name(self):
        return self.node.name

    def all_names(self):
        """Every name ``self.node`` holds (``syntax.all_names``), asked by half a dozen
        stages of one compilation: walked once per tree.

        Invariant: the tree is not changed in place once this was asked (the front end's
        passes make new trees from it: normalize.py; renames.py renames before, in
        ``__init__``); a tree put in its place (signatures.py) is asked again. Check mode
        (``SRCDIFF_CHECK_FACTS=1``, as optimize/facts.py) walks again at every question and
        raises InternalError on a difference (tests/front/test_parsed_facts.py)."""
        kept = self.__dict__.get("_all_names")
        if kept is None or kept[0] is not self.node:
            kept = self._all_names = (self.node, frozenset(
                n.id for n in dataflow.names(self.node)))
        elif os.environ.get("SRCDIFF_CHECK_FACTS", "") not in ("", "0"):
            now = {n.id for n in dataflow.names(self.node)}
            if now != kept[1]:
                raise InternalError(f"the names of {self.node.name!r} changed after they "
                                    f"were kept: {sorted(now ^ kept[1])}")
        return kept[1]

    def bind(self, obj, names):
        """The name the namespace gives ``obj``, a function srcdiff's rewrites call (a
        composite's definition, a fused primitive): a name already bound to it that no local
        shadows, else a fresh one from ``names``, bound now (and taken from then on)."""
        name = next((k for k, v in self.namespace.items() if v is obj), None)
        if name is None or name in self.locals:
            name = names.fresh(obj.__name__)
            self.namespace[name] = obj
        return name

    def compiled_names(self, names):
        """User names (``wrt``, ``stop_gradients``) as the compiled function spells them."""
        return type(names)(self.renamed.get(k, k) for k in names) if self.renamed else names

    # -- locations ---------------------------------------------------------
    def where(self, node):
        lineno = getattr(node, "lineno", None)
        if lineno is None:
            return self.filename, None, None, None
        col = getattr(node, "col_offset", None)
        line = self.lines[lineno - 1] if 0 < lineno <= len(self.lines) else None
        return (self.filename, self.first_line + lineno - 1,
                None if col is None else col + self.indent, line)

    def error(self, node, message, hint=None):
        filename, lineno, col, line = self.where(node)
        return SrcdiffError(message, filename=filename, lineno=lineno, col=col, line=line,
                            hint=hint)

    def source_line(self, node):
        """The user's source text of ``node``'s first line, stripped."""
        _, lineno, _, line = self.where(node)
        return (line or "").strip(), lineno

    # -- names -------------------------------------------------------------
    def lookup(self, ident):
        """The object ``ident`` denotes inside the function, or ``_MISSING``."""
        if ident in self.locals:
            return _MISSING  # a local variable: known only at run time
        if ident in self.namespace:
            return self.namespace[ident]
        return getattr(builtins, ident, _MISSING)

    def resolve(self, node):
        """The object an expression of names and attributes (``np.linalg.inv``) denotes.

        Returns ``_MISSING`` when it does not denote a compile-time object
        (a local variable, a subscript, a call result).
        """
        if isinstance(node, gast.Name):
            return self.lookup(node.id)
        if isinstance(node, gast.Attribute):
            base = self.resolve(node.value)
            if base is _MISSING:
                return _MISSING
            return getattr(base, node.attr, _MISSING)
        return _MISSING

    def callee(self, node):
        """What a call of the expression ``node`` calls (:func:`stands_for` of what it
        denotes); every pass asks this, so they agree about which function runs. A callee
        found through attributes of an object (``model.act``, ``Layer.forward``) is noted
        in ``attribute_callees``: emit/live.py guards it, as it guards global names."""
        found = self.resolve(node)
        if isinstance(node, gast.Attribute) and found is not _MISSING:
            self._note_attributes(node)
        elif isinstance(getattr(type(found), "__call__", None), types.FunctionType):
            # (an object whose class defines __call__ in Python: that method runs)
            self.attribute_callees.setdefault((id(type(found)), "__call__"),
                                              (type(found), "__call__"))
        return stands_for(found)

    def _note_attributes(self, node):
        """Each level of ``a.b.c``: another object at any of them calls another function.
        A property is not noted (it may make a new object at each read)."""
        while isinstance(node, gast.Attribute):
            base = self.resolve(node.value)
            if base is _MISSING or _library_module(base):
                return
            if not isinstance(getattr(type(base), node.attr, None), property):
                self.attribute_callees.setdefault((id(base), node.attr), (base, node.attr))
            node = node.value


MISSING = _MISSING
_LIBRARIES = ("numpy", "scipy", "math", "cmath", "builtins", "operator", "functools",
              "itertools", "srcdiff")


def _library_module(obj):
    """A module of NumPy, SciPy or the standard library a call reads functions from
    (``np.tanh``): not monkeypatched in practice, and not guarded (a check per call)."""
    return isinstance(obj, types.ModuleType) and obj.__name__.split(".")[0] in _LIBRARIES

FUNCTION_OF = "__srcdiff_function__"  # on an object that stands for a Python function


def stands_for(obj):
    """The Python function an object calls, when it says so (``@sd.differentiate`` objects
    set ``__srcdiff_function__``): a call of the object is a call of that function."""
    found = vars(obj).get(FUNCTION_OF) if hasattr(obj, "__dict__") else None
    return found if found is not None else obj


def hashable(obj):
    """Whether a resolved object can be looked up in a table of callables (an unhashable
    one, e.g. a list, is in none)."""
    try:
        hash(obj)
    except TypeError:
        return False
    return True


def local_names(node):
    """The names a function (``FunctionDef``) binds: its parameters and every name it
    assigns, except those declared ``global`` or ``nonlocal``."""
    bound, declared = set(), set()
    for n in dataflow.nodes(node):  # (a set: the order does not matter)
        if isinstance(n, gast.Name) and isinstance(n.ctx, (gast.Store, gast.Param, gast.Del)):
            bound.add(n.id)
        elif isinstance(n, (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef)) \
                and n is not node:
            bound.add(n.name)
        elif isinstance(n, (gast.Global, gast.Nonlocal)):
            declared.update(n.names)
        elif isinstance(n, gast.ExceptHandler) and n.name is not None:
            bound.add(n.name.id if isinstance(n.name, gast.Name) else n.name)
    return bound - declared


def own_code(parsed):
    """srcdiff's own code compiled again (generated functions, the rules' helpers)."""
    module = str(parsed.namespace.get("__name__", "") or "")
    return str(parsed.filename).startswith("<srcdiff") or module.startswith("srcdiff.")


def parse_function(fn: Callable[..., Any]) -> "Parsed":
    """Read ``fn``'s source and return a :class:`Parsed`."""
    lowered = getattr(type(fn), "__srcdiff_parse__", None)  # a method, a lowered signature
    if lowered is not None:  # (front/signatures.py)
        return lowered(fn)
    if not inspect.isfunction(fn):
        what = getattr(fn, "__name__", repr(fn))
        raise SrcdiffError(
            f"cannot read the source of {what!r}: it is not a Python function (a builtin, "
            "a C extension, or an object whose class has no __call__ written in Python)",
            hint="differentiate a plain `def` function, or register a rule for it with "
                 "sd.register_vjp(fn, rule)")
    try:
        # the code that runs: never unwrapped
        lines, first_line = inspect.getsourcelines(fn.__code__)
        filename = inspect.getsourcefile(fn.__code__) or fn.__code__.co_filename
    except (OSError, TypeError):
        undecodable = _undecodable_line(fn.__code__.co_filename)
        if undecodable is not None:
            lineno, encoding, reason = undecodable
            raise SrcdiffError(
                f"cannot read the source of {fn.__qualname__!r}: line {lineno} of its file is "
                f"not valid {encoding} ({reason})", filename=fn.__code__.co_filename,
                lineno=lineno, hint=f"save the file as {encoding}, or declare its encoding "
                "with a `# -*- coding: ... -*-` line at the top") from None
        raise SrcdiffError(
            f"no source is available for {fn.__qualname__!r} (defined in "
            f"{fn.__code__.co_filename}, e.g. typed at an interactive prompt or made by exec)",
            filename=fn.__code__.co_filename, lineno=fn.__code__.co_firstlineno,
            hint="put the function in a .py file (or a notebook cell) and import it") from None
    if first_line == 0:
        first_line = 1
    if fn.__code__.co_name == "<lambda>":
        return _parse_lambda(fn, filename)
    text = "".join(lines)
    dedented = dedent_margin(text)
    indent = _indent_of(lines)
    try:
        module = gast.parse(dedented)
    except SyntaxError as e:  # e.g. a lambda whose source line holds more than the lambda
        raise SrcdiffError(f"cannot parse the source of {fn.__qualname__!r}: {e.msg}",
                           filename=filename, lineno=first_line + (e.lineno or 1) - 1,
                           line=lines[(e.lineno or 1) - 1] if lines else None,
                           hint="define the function with `def` in a file") from None
    defs = [n for n in module.body if isinstance(n, (gast.FunctionDef, gast.AsyncFunctionDef))]
    if not defs:
        raise SrcdiffError(f"{fn.__qualname__!r} is not defined by a `def` statement "
                           f"(a lambda?)", filename=filename, lineno=first_line,
                           line=lines[0] if lines else None,
                           hint="write it as `def name(args): return ...`")
    node = defs[0]
    if isinstance(node, gast.AsyncFunctionDef):
        raise SrcdiffError("async functions cannot be differentiated", filename=filename,
                           lineno=first_line, line=lines[0],
                           hint="make it an ordinary `def`")
    if fn.__code__.co_flags & (inspect.CO_GENERATOR | inspect.CO_ASYNC_GENERATOR):
        where = next((n for n in _own_nodes(node) if isinstance(n, (gast.Yield, gast.YieldFrom))),
                     node)
        lineno = first_line + getattr(where, "lineno", 1) - 1
        line = lines[getattr(where, "lineno", 1) - 1] if lines else None
        raise SrcdiffError(f"{fn.__qualname__!r} is a generator (it uses `yield`): generators "
                           "are not supported", filename=filename, lineno=lineno,
                           col=getattr(where, "col_offset", 0) + _indent_of(lines), line=line,
                           hint="return a list (or an array) of the values instead")
    node.decorator_list = []
    if not fn.__code__.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS) \
            and not node.args.kwonlyargs:  # (those are lowered: front/signatures.py)
        # positional-only parameters (`def f(x, /)`) as plain ones: the generated code reads
        # `args.args` (a call by position binds them the same; callers never pass them by name)
        node.args.args, node.args.posonlyargs = node.args.posonlyargs + node.args.args, []
    namespace = dict(fn.__globals__)
    namespace.update(closure_values(fn))
    linecache.checkcache(filename)
    _check_unchanged(fn, node, dedented, filename, first_line, lines)
    if str(filename).startswith("<srcdiff"):
        _plain_item_stores(node, filename, first_line, lines)
    return Parsed(fn, node, filename, first_line, indent, lines, namespace)


def _plain_item_stores(node, filename, first_line, lines):
    """Generated code differentiated again: its saves and restores of container items
    (``runtime.item_saved``/``item_restore``, which also undo a store that added a dict key)
    read as the plain ``snapshot(x[k])`` and ``x[k] = saved`` srcdiff differentiates. Only the
    restores consume what ``item_saved`` keeps, so the two stay consistent; a store that added
    a key then stops with a SrcdiffError (``runtime.present_key``: a second derivative through
    it is not supported), never a wrong value.

    ``item_restore`` puts the entry's own object back (runtime_snapshots.item_saved), which
    the backward sweep's undos of array stores (``entry[0] = _stack.pop()``) may then change
    in place through another name; the copy read here cannot show that. A function with both
    is refused (a second derivative through it is not supported)."""
    restores = [s for s in gast.walk(node) if isinstance(s, gast.Expr)
                and plain_call(s.value, "item_restore", 3)]
    undo = next((s for s in gast.walk(node) if restores and _undoes_array_store(s)), None)
    if undo is not None:
        where = restores[0]
        raise SrcdiffError(
            "a second derivative through a container entry the backward sweep puts back "
            "(`item_restore`) where it also undoes stores into arrays in place (line "
            f"{getattr(undo, 'lineno', '?')}) is not supported: the entry may be one of those "
            "arrays", filename=filename, lineno=first_line + getattr(where, "lineno", 1) - 1,
            line=lines[where.lineno - 1] if lines and getattr(where, "lineno", None) else None,
            hint="in the function differentiated, rebind the entry (`d['u'] = d['u'] * c`) "
                 "rather than changing it in place (`d['u'][0] *= c`), or take one derivative")
    for n in gast.walk(node):
        for field in ("body", "orelse"):
            block = getattr(n, field, None)
            if not isinstance(block, list):
                continue
            for i, s in enumerate(block):
                call = s.value if isinstance(s, gast.Expr) else None
                if plain_call(call, "item_restore", 3):
                    x, key, saved = call.args
                    target = gast.Subscript(value=x, slice=key, ctx=gast.Store())
                    block[i] = gast.copy_location(gast.Assign(targets=[target], value=saved,
                                                              type_comment=None), s)
    for n in gast.walk(node):
        for field, value in gast.iter_fields(n):
            if plain_call(value, "item_saved", 2):
                setattr(n, field, _snapshot_of_item(value))
            elif isinstance(value, list):
                value[:] = [_snapshot_of_item(v) if plain_call(v, "item_saved", 2) else v
                            for v in value]


def _undoes_array_store(s):
    """``v[i] = _stack.pop()`` or ``v[i] = v_saved``: the backward sweep's undo of a store
    into an array (reverse/backward.py)."""
    if not (isinstance(s, gast.Assign) and len(s.targets) == 1
            and isinstance(s.targets[0], gast.Subscript)):
        return False
    v = s.value
    if isinstance(v, gast.Name):
        return "_saved" in v.id
    return isinstance(v, gast.Call) and not v.args and isinstance(v.func, gast.Attribute) \
        and v.func.attr == "pop" and isinstance(v.func.value, gast.Name) \
        and v.func.value.id.startswith("_stack")


def _snapshot_of_item(call):
    """``snapshot(x[present_key(x, k)])`` for ``item_saved(x, k)`` (``present_key`` is ``k``,
    or a SrcdiffError where the store added the key)."""
    x, k = call.args
    key = gast.Call(func=gast.Name(id="present_key", ctx=gast.Load(), annotation=None,
                                   type_comment=None),
                    args=[copy.deepcopy(x), copy.deepcopy(k)],
                    keywords=[])
    read = gast.Subscript(value=x, slice=key, ctx=gast.Load())
    func = gast.Name(id="snapshot", ctx=gast.Load(), annotation=None, type_comment=None)
    return gast.copy_location(gast.Call(func=func, args=[read], keywords=[]), call)


def function_name(fn):
    """A name for generated code derived from ``fn`` (``grad_<name>``): its own, or
    ``lambda`` for a lambda."""
    name = getattr(fn, "__name__", "f")
    return name if name.isidentifier() else "lambda"


def closure_values(fn):
    """``{name: value}`` of ``fn``'s closure cells, an empty cell (not yet assigned in the
    enclosing scope) left out."""
    out = {}
    for var, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
        try:
            out[var] = cell.cell_contents
        except ValueError:
            pass
    return out


def _parse_lambda(fn, filename):
    """A lambda (``f = lambda x: ...``) read from its file as ``def lambda(x): return ...``.

    The file is parsed whole (a lambda's line need not parse alone); the lambda is the one
    on its code's first line with its parameters. Two such lambdas on one line cannot be
    told apart, and are refused."""
    code = fn.__code__
    linecache.checkcache(filename)
    lines = linecache.getlines(filename)
    try:
        module = gast.parse("".join(lines))
    except SyntaxError:
        module = None
    params = list(code.co_varnames[:code.co_argcount])
    found = [] if module is None else [
        n for n in gast.walk(module) if isinstance(n, gast.Lambda)
        and n.lineno == code.co_firstlineno and [a.id for a in n.args.args] == params
        and n.args.vararg is None and n.args.kwarg is None and not n.args.kwonlyargs]
    line = lines[code.co_firstlineno - 1] if len(lines) >= code.co_firstlineno else None
    if len(found) > 1 and hasattr(code, "co_positions"):  # Python 3.11+: by column
        spots = {(ln, col) for ln, _, col, _ in code.co_positions() if col is not None}
        found = [n for n in found if any(
            (n.lineno, n.col_offset) <= spot <= (n.end_lineno, n.end_col_offset)
            for spot in spots)]
    if len(found) != 1:
        raise SrcdiffError(
            "cannot tell which lambda on this line is the function to differentiate"
            if found else "cannot find this lambda's source (the file changed since it was "
            "imported?)", filename=filename, lineno=code.co_firstlineno, line=line,
            hint="write it as `def name(args): return ...`")
    lam = found[0]
    node = gast.FunctionDef(name=function_name(fn), args=lam.args,
                            body=[gast.Return(value=lam.body)],
                            decorator_list=[], returns=None, type_comment=None,
                            type_params=[])
    gast.copy_location(node, lam)
    gast.copy_location(node.body[0], lam.body)
    namespace = dict(fn.__globals__)
    namespace.update(closure_values(fn))
    return Parsed(fn, node, filename, 1, 0, lines, namespace)


def _undecodable_line(filename):
    """``(line, encoding, reason)`` of the first line the file's encoding cannot decode."""
    try:
        with open(filename, "rb") as f:
            data = f.read()
        encoding, _ = tokenize.detect_encoding(iter(data.splitlines(True)).__next__)
    except (OSError, SyntaxError):
        return None
    for k, raw in enumerate(data.splitlines(True), 1):
        try:
            raw.decode(encoding)
        except UnicodeDecodeError as e:
            return k, encoding, e.reason
    return None


def _check_unchanged(fn, node, dedented, filename, first_line, lines):
    """Refuse when the source read now is not the code that runs (the file was edited
    after the function was imported): its name and compiled code must match ``fn``'s."""
    code = fn.__code__
    stale = node.name != code.co_name or compiles_to(dedented, code) is False
    if stale:
        raise SrcdiffError(
            f"the source of {code.co_name!r} changed since it was imported: {filename} line "
            f"{first_line} no longer holds the code that runs", filename=filename,
            lineno=first_line, line=lines[0] if lines else None,
            hint="reload the module (importlib.reload) or restart, then differentiate again")


def _own_nodes(node):
    """The nodes of a function's body, not those of functions or lambdas nested in it."""
    todo = list(node.body)
    while todo:
        n = todo.pop(0)
        yield n
        if not isinstance(n, (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda,
                              gast.ClassDef)):
            todo.extend(gast.iter_child_nodes(n))


def _indent_of(lines):
    for line in lines:
        if line.strip():
            return len(line) - len(line.lstrip())
    return 0
