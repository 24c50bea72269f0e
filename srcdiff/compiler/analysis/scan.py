"""The flow-sensitive scan of one function's own syntax tree: which of its parameters it
may write into, and what its result may share with them (see effects.py for the values
SELF, DEEP, HOLDS and how callers use the summary)."""

import copy as _copy
import inspect
import math

import gast
import numpy as np

from srcdiff.compiler.analysis.fixpoint import fixpoint
from srcdiff.compiler.front import derivatives
from srcdiff.compiler.front.parse import MISSING, hashable
from srcdiff.compiler.front.signatures import Callable, python_callable
from srcdiff.compiler.front.writes import (
    _BYTESWAP,
    MUTATING_METHODS,
    mutates_first_argument,
    mutating_value,
    passed_error,
    passed_values,
    writes_by_keyword,
)
from srcdiff.compiler.ir.calls import is_read_only_check

SELF, DEEP, HOLDS = "self", "deep", "holds"

_SCALAR_ATTRS = frozenset({"shape", "ndim", "size", "dtype", "itemsize", "nbytes", "strides",
                           "flags", "__len__"})
# methods whose result is a new object holding nothing of the receiver's
# (not ``conj``: a real array's ``.conj()`` is the array itself)
_FRESH_METHODS = frozenset({"astype", "tolist", "item", "sum", "mean", "max", "min", "prod",
                            "dot", "std", "var", "cumsum", "cumprod", "argmax", "argmin",
                            "argsort", "any", "all", "round", "clip", "trace", "nonzero",
                            "searchsorted", "repeat", "take", "count", "index", "__len__",
                            "__contains__", "format", "join", "split", "strip", "startswith",
                            "endswith", "lower", "upper", "replace", "isoformat", "tobytes"})
# functions whose result is new and holds nothing of their arguments
_FRESH_BUILTINS = frozenset({len, range, float, int, bool, complex, abs, round, sum, isinstance,
                             issubclass, print, repr, str, hash, id, callable, type, any, all,
                             divmod, pow, format, hasattr, ord, chr, bin, hex, oct})
_HOLDING_BUILTINS = frozenset({list, tuple, dict, set, frozenset, sorted, reversed, iter,
                               enumerate, zip, map, filter, _copy.copy})
_ARGUMENT_BUILTINS = frozenset({max, min, getattr, next, vars})
_NEW_ARRAY_FUNCTIONS = frozenset({np.copy, np.array, _copy.deepcopy})
# NumPy functions that may return their argument or a view of it, besides the registered views
_PASSTHROUGH = frozenset(getattr(np, n) for n in (
    "asanyarray", "ascontiguousarray", "asfortranarray", "require", "asmatrix",
    "broadcast_arrays", "matrix_transpose", "permute_dims", "unstack")
    if hasattr(np, n)) | {np.lib.stride_tricks.as_strided,
                          np.lib.stride_tricks.sliding_window_view}
_LIBRARIES = ("numpy", "scipy", "srcdiff")


class Write:
    """A place where a function writes into (what it received as) parameter ``param``.

    ``how`` is ``SELF`` (the argument's own object) or ``DEEP`` (it, or an
    object reachable from it). ``weak`` writes are ``p += v`` on a name: in
    place only when the object is mutable (an array, a list), not for a
    number. ``via`` is the callee's Write when the write happens in a call.
    """

    def __init__(self, parsed, node, param, how, weak=False, via=None):
        self.parsed, self.node, self.param = parsed, node, param
        self.how, self.weak, self.via = how, weak, via

    def where(self):
        filename, lineno, _, line = self.parsed.where(self.node)
        return f"{filename}:{lineno}", (line or "").strip()

    def chain(self):
        """``[(function name, "file:line", source text), ...]`` down to the writing line."""
        out, w = [], self
        while w is not None:
            place, text = w.where()
            out.append((w.parsed.name, place, text))
            w = w.via
        return out


class Summary:
    def __init__(self, params):
        self.params = params
        self.writes = {}  # param -> Write (a strong write wins over a weak one)
        self.returns = {}  # param -> how a result may relate to it (SELF, DEEP or HOLDS)

    def key(self):
        return ({p: (w.how, w.weak) for p, w in self.writes.items()}, dict(self.returns))


def is_generated(fn):
    code = getattr(fn, "__code__", None)
    return code is not None and code.co_filename.startswith("<srcdiff")


def is_analyzable(fn):
    """A user's Python function (not srcdiff's generated code, not NumPy's or SciPy's)."""
    if isinstance(fn, Callable):  # a method or a lowered signature: its function's source
        fn = fn.base
    if not inspect.isfunction(fn) or is_generated(fn) or derivatives.is_derivative(fn) \
            or getattr(fn, "__srcdiff_primitive__", False):
        return False
    module = getattr(fn, "__module__", None) or ""
    return not any(module == m or module.startswith(m + ".") for m in _LIBRARIES)


def param_names(node):
    a = node.args
    names = [x.id for x in a.posonlyargs + a.args + a.kwonlyargs]
    for extra in (a.vararg, a.kwarg):
        if extra is not None:
            names.append(extra.id)
    return names


# ------------------------------------------------------------------ the scan


def _join(*values):
    """The union of several descriptions (name -> what it may refer to)."""
    out = {}
    for v in values:
        for p, how in v.items():
            out[p] = _weaker(out.get(p), how)
    return out


def _weaker(a, b):
    """Two possible relations of one value to ``p``: one that covers both."""
    if a is None or a == b:
        return b
    return DEEP  # e.g. p itself, or a container holding parts of p: something reachable


def _fresh_arithmetic(e):
    """Does the binary operation ``e`` make a value holding nothing of its operands? Python's
    containers join (``+``, ``|``), repeat (``*`` by an int) or take differences (``-`` of
    sets) holding their operands' entries; none of them takes a float or complex operand, nor
    ``/``, ``//``, ``%`` (but ``str %``), ``**`` or ``@``: those make new numbers or arrays.
    """
    if isinstance(e.op, (gast.Div, gast.FloorDiv, gast.Pow, gast.MatMult)):
        return True
    return any(isinstance(side, gast.Constant) and type(side.value) in (float, complex)
               for side in (e.left, e.right)) and not isinstance(e.op, gast.Mod)


def _deref(v):
    """A part of the value (an element, an attribute, a row): reachable from the same."""
    return {p: DEEP for p in v}


def _held(v):
    """A new container (or result) holding the value or its parts."""
    return {p: HOLDS for p in v}


class Scan:
    """One pass over one function, with the callees' current summaries."""

    def __init__(self, parsed, registry, summaries):
        self.parsed = parsed
        self.registry = registry
        self.summaries = summaries  # function -> its Summary so far (None: unknown)
        self.out = Summary(param_names(parsed.node))
        self.loops = []  # per enclosing loop: [break environments, continue environments]

    def run(self):
        env = {p: {p: SELF} for p in self.out.params}
        self.block(self.parsed.node.body, env)
        return self.out

    # -------------------------------------------------------------- effects
    def write(self, node, value, weak=False, via=None):
        """``node`` changes the object ``value`` describes (its SELF or DEEP parameters)."""
        for p, rel in value.items():
            if rel == HOLDS:  # a new container: writing it changes no argument
                continue
            old = self.out.writes.get(p)
            if old is None or (old.weak and not weak) or (old.how == SELF and rel == DEEP
                                                          and old.weak == weak):
                self.out.writes[p] = Write(self.parsed, node, p, rel, weak, via)

    # -------------------------------------------------------------- statements
    def block(self, stmts, env):
        """The environment after ``stmts`` (None when no path falls through)."""
        for s in stmts:
            if env is None:
                return None
            env = self.stmt(s, env)
        return env

    def stmt(self, s, env):
        env = dict(env)
        if isinstance(s, (gast.FunctionDef, gast.AsyncFunctionDef)):
            inner = dict(env)
            for p in param_names(s):
                inner[p] = {}
            self.block(s.body, inner)  # a closure may write what it sees, when called
            env[s.name] = {}
            return env
        if isinstance(s, gast.ClassDef):
            self.block(s.body, dict(env))
            env[s.name] = {}
            return env
        if isinstance(s, gast.Return):
            if s.value is not None:
                for p, how in self.expr(s.value, env).items():
                    self.out.returns[p] = _weaker(self.out.returns.get(p), how)
            return None
        if isinstance(s, gast.Raise):
            for x in (s.exc, s.cause):
                if x is not None:
                    self.expr(x, env)
            return None
        if isinstance(s, (gast.Assign, gast.AnnAssign)):
            value = getattr(s, "value", None)
            if value is None:
                return env
            targets = s.targets if isinstance(s, gast.Assign) else [s.target]
            if len(targets) == 1 and _unpacks(targets[0], value):
                # `u, w = w, u`: each name gets its own value, all read before any is bound
                parts = [self.expr(e, env) for e in value.elts]
                for t, v in zip(targets[0].elts, parts):
                    self.bind(t, v, env, s)
                return env
            v = self.expr(value, env)
            for t in targets:
                self.bind(t, v, env, s)
            return env
        if isinstance(s, gast.AugAssign):
            v = self.expr(s.value, env)
            t = s.target
            if isinstance(t, gast.Name):
                cur = env.get(t.id, {})
                self.write(s, cur, weak=True)
                env[t.id] = _join(cur, _held(v))
            else:
                base = self.expr(t.value, env)
                if isinstance(t, gast.Subscript):
                    self.expr(t.slice, env)
                self.write(s, base)
            return env
        if isinstance(s, gast.Delete):
            for t in s.targets:
                if isinstance(t, gast.Name):
                    env[t.id] = {}
                else:
                    self.write(s, self.expr(t.value, env))
            return env
        if isinstance(s, gast.If):
            self.expr(s.test, env)
            return self.merge(self.block(s.body, dict(env)), self.block(s.orelse, dict(env)))
        if isinstance(s, (gast.For, gast.AsyncFor)):
            items = _deref(self.expr(s.iter, env))
            return self.loop(s, env, lambda e: self.bind(s.target, items, e, s))
        if isinstance(s, gast.While):
            return self.loop(s, env, lambda e: self.expr(s.test, e))
        if isinstance(s, (gast.With, gast.AsyncWith)):
            for item in s.items:
                v = self.expr(item.context_expr, env)
                if item.optional_vars is not None:
                    self.bind(item.optional_vars, v, env, s)
            return self.block(s.body, env)
        if isinstance(s, (gast.Try, getattr(gast, "TryStar", gast.Try))):
            after_body = self.block(s.body, dict(env))
            start = self.merge(env, after_body)
            outs = [self.block(s.orelse, dict(after_body)) if after_body is not None else None]
            for h in s.handlers:
                e = dict(start)
                if h.type is not None:
                    self.expr(h.type, e)
                if h.name is not None:
                    e[h.name.id if isinstance(h.name, gast.Name) else h.name] = {}
                outs.append(self.block(h.body, e))
            out = self.merge(*outs)
            if s.finalbody:
                fin = self.block(s.finalbody, self.merge(start, out))
                out = fin if out is not None else None
            return out
        if isinstance(s, gast.Break):
            self.loops[-1][0].append(env)
            return None
        if isinstance(s, gast.Continue):
            self.loops[-1][1].append(env)
            return None
        if isinstance(s, gast.Expr):
            self.expr(s.value, env)
            return env
        if isinstance(s, gast.Match):
            subject = self.expr(s.subject, env)
            outs = []
            for case in s.cases:
                e = dict(env)
                for n in gast.walk(case.pattern):
                    name = getattr(n, "name", None)
                    if isinstance(name, str):
                        e[name] = _deref(subject)
                if case.guard is not None:
                    self.expr(case.guard, e)
                outs.append(self.block(case.body, e))
            outs.append(env)
            return self.merge(*outs)
        # pass, global, nonlocal, import, assert, ...: their expressions only
        for child in gast.iter_child_nodes(s):
            if isinstance(child, gast.expr):
                self.expr(child, env)
        if isinstance(s, (gast.Import, gast.ImportFrom)):
            for alias in s.names:
                env[(alias.asname or alias.name).split(".")[0]] = {}
        return env

    def loop(self, s, env, head):
        """A loop: the body runs zero or more times (to a fixpoint), then ``orelse``."""
        exits = []

        def trip(entry):
            e = dict(entry)
            head(e)
            self.loops.append([[], []])
            end = self.block(s.body, e)
            breaks, continues = self.loops.pop()
            exits[:] = breaks
            return self.merge(entry, end, *continues)

        entry = fixpoint(trip, dict(env), "helper-writes loop", same=same_env)
        after = self.block(s.orelse, dict(entry))
        return self.merge(after, *exits)

    @staticmethod
    def merge(*envs):
        """The environment after any of ``envs`` (None: no path), ``_join`` name by name.
        Descriptions are never changed in place, so the many a statement's environment
        shares with the others (``dict(env)``) are kept, not joined with themselves (equal
        to the join: tests/optimize/test_compile_shortcuts.py)."""
        live = [e for e in envs if e is not None]
        if not live:
            return None
        out = dict(live[0])
        for e in live[1:]:
            if e is live[0]:
                continue
            for n, v in e.items():
                old = out.get(n)
                if old is None:
                    out[n] = v
                elif old is not v and old != v:
                    out[n] = _join(old, v)
        return out

    def bind(self, target, v, env, stmt):
        if isinstance(target, gast.Name):
            env[target.id] = dict(v)
        elif isinstance(target, (gast.Tuple, gast.List)):
            for t in target.elts:
                self.bind(t, _deref(v), env, stmt)
        elif isinstance(target, gast.Starred):
            self.bind(target.value, _held(_deref(v)), env, stmt)
        elif isinstance(target, (gast.Subscript, gast.Attribute)):
            base = self.expr(target.value, env)
            if isinstance(target, gast.Subscript):
                self.expr(target.slice, env)
            self.write(stmt, base)
            if isinstance(target.value, gast.Name):  # the container now holds the value
                env[target.value.id] = _join(env.get(target.value.id, {}), _held(v))

    # -------------------------------------------------------------- expressions
    def expr(self, e, env):
        """What ``e``'s value may refer to; records the writes evaluating it makes."""
        if e is None or isinstance(e, gast.Constant):
            return {}
        if isinstance(e, gast.Name):
            return dict(env.get(e.id, {}))
        if isinstance(e, gast.Attribute):
            v = self.expr(e.value, env)
            return {} if e.attr in _SCALAR_ATTRS else _deref(v)
        if isinstance(e, gast.Subscript):
            v = self.expr(e.value, env)
            self.expr(e.slice, env)
            return _deref(v)
        if isinstance(e, gast.Starred):
            return self.expr(e.value, env)
        if isinstance(e, (gast.Tuple, gast.List, gast.Set)):
            return _held(_join(*[self.expr(x, env) for x in e.elts]))
        if isinstance(e, gast.Dict):
            parts = [self.expr(x, env) for x in e.keys + e.values if x is not None]
            return _held(_join(*parts))
        if isinstance(e, gast.BinOp):
            both = _join(self.expr(e.left, env), self.expr(e.right, env))
            return {} if _fresh_arithmetic(e) else _held(both)
        if isinstance(e, gast.UnaryOp):
            self.expr(e.operand, env)
            return {}
        if isinstance(e, gast.BoolOp):
            return _join(*[self.expr(x, env) for x in e.values])
        if isinstance(e, gast.Compare):
            for x in [e.left] + e.comparators:
                self.expr(x, env)
            return {}
        if isinstance(e, gast.IfExp):
            self.expr(e.test, env)
            return _join(self.expr(e.body, env), self.expr(e.orelse, env))
        if isinstance(e, gast.NamedExpr):
            v = self.expr(e.value, env)
            env[e.target.id] = dict(v)
            return v
        if isinstance(e, gast.Lambda):
            inner = dict(env)
            for p in param_names(e):
                inner[p] = {}
            self.expr(e.body, inner)
            return {}
        if isinstance(e, (gast.ListComp, gast.SetComp, gast.GeneratorExp, gast.DictComp)):
            inner = dict(env)
            for gen in e.generators:
                self.bind(gen.target, _deref(self.expr(gen.iter, inner)), inner, e)
                for cond in gen.ifs:
                    self.expr(cond, inner)
            parts = [e.key, e.value] if isinstance(e, gast.DictComp) else [e.elt]
            return _held(_join(*[self.expr(x, inner) for x in parts]))
        if isinstance(e, gast.Call):
            return self.call(e, env)
        for child in gast.iter_child_nodes(e):  # f-strings, slices, await, yield, ...
            if isinstance(child, gast.expr):
                self.expr(child, env)
        return {}

    def call(self, e, env):
        args = [self.expr(a, env) for a in e.args]
        kwargs = {k.arg: self.expr(k.value, env) for k in e.keywords}
        every = _join(*args, *kwargs.values())
        for v in passed_values(e):
            if mutating_value(self.parsed, v):
                raise passed_error(self.parsed, v)
        for k in e.keywords:
            if k.arg == "out":
                self.write(e, kwargs["out"])
        func = e.func
        target = self.parsed.callee(func)
        if target is MISSING:
            if isinstance(func, gast.Attribute):
                return self.method(e, func, args, kwargs, env)
            self.expr(func, env)
            return _deref(every)  # a function held in a variable: anything may come back
        if isinstance(target, type) and issubclass(target, BaseException) \
                or is_read_only_check(target):  # (ir/calls.py: its None shares nothing)
            return {}
        copy_kw = any(k.arg == "copy" for k in e.keywords)
        if mutates_first_argument(target):
            if args:
                self.write(e, args[0])
            return {}
        if target is np.nan_to_num and copy_kw:
            if args:
                self.write(e, args[0])
            return dict(args[0]) if args else {}
        if is_analyzable(python_callable(target)):  # (a method: its function, self bound)
            return self.user_call(e, python_callable(target), args, kwargs)
        if writes_by_keyword(target, e):
            for v in (*args, *kwargs.values()):
                self.write(e, v)
            return _deref(every)
        if copy_kw:  # copy=False (or a run-time flag): may be the argument itself
            return _join(every, *args[:1])
        if not hashable(target):
            return _deref(every)
        if target in _NEW_ARRAY_FUNCTIONS:
            return {}
        if target in _PASSTHROUGH or _is_view(self.registry, target):
            return dict(args[0]) if args else {}
        if target in _FRESH_BUILTINS or isinstance(target, np.ufunc):
            return {}
        if target in _HOLDING_BUILTINS:
            return _held(every)
        if target in _ARGUMENT_BUILTINS:
            return _deref(every)
        if _makes_new_values(target, self.registry):
            return {}
        return _deref(every)

    def method(self, e, func, args, kwargs, env):
        receiver = self.expr(func.value, env)
        name = func.attr
        every = _join(receiver, *args, *kwargs.values())
        if name == "shuffle":  # rng.shuffle(p) (a random generator's state is not a value)
            if args:
                self.write(e, args[0])
        elif name in MUTATING_METHODS and not (name == _BYTESWAP and "inplace" not in kwargs):
            self.write(e, receiver)
        if name == "copy":
            return _held(receiver)  # a list's copy holds the same objects
        if name in _FRESH_METHODS and not (name == "astype" and "copy" in kwargs):
            return {}
        prim = self.registry.method_primitive(name)
        if prim is not None and not isinstance(prim, str):
            return dict(receiver) if _is_view(self.registry, prim) else {}
        return _deref(every)

    def user_call(self, e, fn, args, kwargs):
        """A call of a user function: its summary's writes and result, in the caller's terms."""
        callee = self.summaries(fn)
        every = _join(*args, *kwargs.values())
        unknown = callee is None or any(isinstance(a, gast.Starred) for a in e.args) \
            or None in kwargs  # *args or **kwargs at the call: cannot tell which is which
        try:
            bound = inspect.signature(fn).bind(*range(len(e.args)), **{k: k for k in kwargs})
        except (TypeError, ValueError):  # a call that does not match fails when run
            unknown = True
        if unknown:
            if callee is not None and callee.writes:  # may write into any argument
                w = next(iter(callee.writes.values()))
                self.write(e, {p: DEEP for p in every}, weak=w.weak, via=w)
            return _deref(every)
        value_of = {}
        for pname, marker in bound.arguments.items():
            if isinstance(marker, tuple):  # *args of the callee
                value_of[pname] = _join(*[args[m] for m in marker])
            elif isinstance(marker, dict):  # **kwargs of the callee
                value_of[pname] = _join(*[kwargs[k] for k in marker.values()])
            elif isinstance(marker, int):
                value_of[pname] = args[marker]
            else:
                value_of[pname] = kwargs[marker]
        for pname, w in callee.writes.items():
            v = value_of.get(pname, {})
            if w.how == SELF:  # the argument's own object
                self.write(e, v, weak=w.weak, via=w)
            else:  # anything reachable from the argument, a container's contents included
                self.write(e, {p: DEEP for p in v}, weak=w.weak, via=w)
        out = {}
        for pname, how in callee.returns.items():
            v = value_of.get(pname, {})
            if how == SELF:
                out = _join(out, v)
            elif how == DEEP:
                out = _join(out, _deref(v))
            else:
                out = _join(out, _held(v))
        return out


def _unpacks(target, value):
    """Is ``target = value`` a tuple (or list) of targets bound to a display of as many
    values, none starred?"""
    kinds = (gast.Tuple, gast.List)
    return isinstance(target, kinds) and isinstance(value, kinds) \
        and len(target.elts) == len(value.elts) and not any(
            isinstance(e, gast.Starred) for e in target.elts + value.elts)


def _is_view(registry, fn):
    try:
        return registry.is_view(fn)
    except TypeError:
        return False


def same_env(a, b):
    return a is not None and b is not None and a == b


def _makes_new_values(fn, registry):
    """Numeric functions (NumPy, math, SciPy, registered rules): results are new objects."""
    try:
        if registry.lookup(fn) is not None:
            return True
    except TypeError:
        pass
    module = getattr(fn, "__module__", None) or ""
    return module == "math" or fn in vars(math).values()
