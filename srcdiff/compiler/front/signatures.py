"""Callables that are not plain functions, and signatures that are not plain lists of names.

A bound method (``model.loss``), a classmethod (``Model.cm``) and an object whose class
defines ``__call__`` in Python all run a Python function with a first argument bound to
an object. :class:`Callable` is that function seen through how it is called:

* ``consts``: leading parameters bound to objects (``self``, ``cls``). Inside the function
  they are compile-time constants, like a closure's variables: the parsed function loses
  the parameter and its namespace gets the object, so ``self.w`` is a constant (no
  gradient flows to it) read when the generated code runs. A function that writes
  through such an object (``self.w = ...``, ``self.buf[0] = ...``, ``self.xs.append(...)``)
  is refused: the gradient would be taken at a state the function changes.
* ``shape``: for one call, how many values ``*args`` receives and which keys ``**kwargs``
  receives. The function is lowered to plain parameters (``def h(*xs)`` called with three
  values reads as ``def h(xs_0, xs_1, xs_2): xs = (xs_0, xs_1, xs_2); ...``), keyword-only
  parameters become ordinary ones, and parameters the call leaves to their defaults go
  last, keeping their defaults. Callers pass every other parameter by name.

Everything that reads a function (parse, effects, calls) treats a :class:`Callable` as a
function: it has a ``__signature__`` (how callers see it), ``__name__`` and ``__code__``,
and ``parse_function`` reads it through :meth:`Callable.__srcdiff_parse__`.
"""

import functools
import inspect
import types

import gast
import numpy as np

from srcdiff.compiler.front.parse import MISSING, local_names, parse_function
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.names import NameGen
from srcdiff.errors import SrcdiffError

# methods that change their receiver in place (lists, dicts, sets, arrays)
_MUTATORS = {"append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault",
             "sort", "reverse", "fill", "resize", "put", "itemset", "setfield", "add",
             "discard", "popitem", "partition", "setflags", "__setitem__", "__delitem__",
             "__setattr__", "__iadd__", "__isub__", "__imul__", "__itruediv__"}
_WRITERS = {"setattr", "delattr"}  # builtins that write an attribute
_PARAMETER_KINDS = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def constant_defaults(fn):
    """The parameters whose default is None, a str or a dtype (np.float32, float,
    np.dtype("int8")) in the signature of ``fn`` itself, name -> default: constants an
    omitted argument takes (a :class:`Callable`'s base function's: a lowered call's
    signature keeps only the defaults the call leaves out, and its ``__defaults__`` do not
    line up with the positional names)."""
    try:
        base = fn.base if isinstance(fn, Callable) else fn
        params = inspect.signature(base, follow_wrapped=False).parameters
    except (TypeError, ValueError):
        return {}
    return {n: p.default for n, p in params.items() if p.default is None
            or type(p.default) is str or isinstance(p.default, np.dtype)
            or any(p.default is t for t in (float, int, bool, complex))
            or isinstance(p.default, type) and issubclass(p.default, np.generic)}


class Shape:
    """How one call fills a signature: ``n_var`` values for ``*args``, ``keys`` for
    ``**kwargs``, and the parameters it leaves to their defaults (``omitted``)."""

    def __init__(self, n_var=0, keys=(), omitted=()):
        self.n_var, self.keys, self.omitted = n_var, tuple(keys), tuple(omitted)

    def key(self):
        return self.n_var, self.keys, self.omitted

    def __eq__(self, other):
        return isinstance(other, Shape) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return f"Shape{self.key()}"


class Callable:
    """A Python function with leading parameters bound to objects and/or one call's shape."""

    def __init__(self, base, consts=(), shape=None):
        self.base = base
        self.consts = tuple(consts)  # ((parameter name, object), ...)
        self.shape = shape
        self.called_object = None  # the object whose class's ``__call__`` this is, if any
        self.__name__ = base.__name__
        self.__qualname__ = base.__qualname__
        self.__module__ = base.__module__
        self.__code__ = base.__code__
        self.__globals__ = base.__globals__
        sig = inspect.signature(base, follow_wrapped=False)
        params = list(sig.parameters.values())[len(self.consts):]
        self.call_signature = sig.replace(parameters=params)  # how callers see it
        if shape is None:
            self.lowered = None
        else:
            self.lowered = _lowered_names(base, params, shape)
            self._signature = inspect.Signature(
                [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                   default=_default_of(params, n, shape))
                 for n, _, _ in self.lowered])
            self._defaults = tuple(_default_of(params, n, shape) for n in shape.omitted) \
                or None

    # Unlowered, the signature and defaults are the function's as it has them now (given
    # other defaults since, ``f.__defaults__ = ...``: emit/live.py, callables.py).
    @property
    def __signature__(self):
        if self.shape is not None:
            return self._signature
        sig = inspect.signature(self.base, follow_wrapped=False)
        return sig.replace(parameters=list(sig.parameters.values())[len(self.consts):])

    @property
    def __defaults__(self):
        return self.base.__defaults__ if self.shape is None else self._defaults

    @property
    def __kwdefaults__(self):
        return self.base.__kwdefaults__ if self.shape is None else None

    def _identity(self):
        return self.base, tuple((n, id(o)) for n, o in self.consts), self.shape

    def __eq__(self, other):
        return isinstance(other, Callable) and self._identity() == other._identity()

    def __hash__(self):
        return hash(self._identity())

    def __repr__(self):
        return f"<srcdiff callable {self.__qualname__}>"

    def with_shape(self, shape):
        return Callable(self.base, self.consts, shape)

    def __call__(self, *args, **kwargs):
        """Run the function (for a lowered one: with the lowered parameters)."""
        leading = [o for _, o in self.consts]
        if self.shape is None:
            return self.base(*leading, *args, **kwargs)
        bound = self.__signature__.bind(*args, **kwargs)
        bound.apply_defaults()
        pos, var, kw, extra = [], [], {}, {}
        for name, kind, of in self.lowered:
            value = bound.arguments[name]
            if kind == "var":
                var.append(value)
            elif kind == "kwarg":
                extra[of] = value
            elif kind == "kwonly":
                kw[of] = value
            else:
                pos.append((of, value))
        order = [p.name for p in self.call_signature.parameters.values()
                 if p.kind in _PARAMETER_KINDS]
        pos.sort(key=lambda item: order.index(item[0]))  # (every one bound: in order)
        return self.base(*leading, *[v for _, v in pos], *var, **kw, **extra)

    # ------------------------------------------------------------------ parsing
    def __srcdiff_parse__(self):
        parsed = parse_function(self.base)
        node = parsed.node
        if self.consts:
            _bind_constants(parsed, node, self.consts)
        if self.shape is not None:
            _lower(parsed, node, self)
        parsed.fn = self
        parsed.locals = local_names(node)
        return parsed


def _default_of(params, name, shape):
    if name not in shape.omitted:
        return inspect.Parameter.empty
    return next(p.default for p in params if p.name == name)


def _lowered_names(base, params, shape):
    """``[(lowered name, kind, original)]`` in the lowered function's parameter order:
    the parameters the call fills, then those it leaves to their defaults."""
    taken = set(base.__code__.co_varnames) | set(base.__code__.co_names) \
        | set(base.__code__.co_freevars) | set(base.__code__.co_cellvars)
    names = NameGen(taken)
    filled, omitted = [], []
    for p in params:
        if p.kind == p.VAR_POSITIONAL:
            filled += [(names.fresh(f"{p.name}_{k}"), "var", k) for k in range(shape.n_var)]
        elif p.kind == p.VAR_KEYWORD:
            filled += [(names.fresh(f"{p.name}_{key}" if key.isidentifier()
                                    else f"{p.name}_{k}"), "kwarg", key)
                       for k, key in enumerate(shape.keys)]
        else:
            kind = "kwonly" if p.kind == p.KEYWORD_ONLY else "param"
            (omitted if p.name in shape.omitted else filled).append((p.name, kind, p.name))
    return filled + omitted


def shape_of(sig, bound, fill_defaults=False):
    """The :class:`Shape` of a call bound to ``sig`` (``bound``: ``sig.bind(...)``)."""
    n_var, keys, omitted = 0, (), []
    for p in sig.parameters.values():
        if p.kind == p.VAR_POSITIONAL:
            n_var = len(bound.arguments.get(p.name, ()))
        elif p.kind == p.VAR_KEYWORD:
            keys = tuple(bound.arguments.get(p.name, {}))
        elif p.name not in bound.arguments and not fill_defaults:
            omitted.append(p.name)
    return Shape(n_var, keys, omitted)


def needs_lowering(sig):
    return any(p.kind not in _PARAMETER_KINDS for p in sig.parameters.values())


def gathers(sig):
    """Does ``sig`` gather arguments (``*args``, ``**kwargs``)? A keyword-only parameter
    does not: in the body it is a name bound to one argument, as a positional one is."""
    return any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in sig.parameters.values())


def lowered_arguments(fn, sig, bound):
    """``{lowered parameter: value}`` of a call bound to ``fn``'s call signature."""
    out = {}
    for name, kind, of in fn.lowered:
        if kind == "var":
            vararg = next(p.name for p in sig.parameters.values() if p.kind == p.VAR_POSITIONAL)
            out[name] = bound.arguments[vararg][of]
        elif kind == "kwarg":
            kwarg = next(p.name for p in sig.parameters.values() if p.kind == p.VAR_KEYWORD)
            out[name] = bound.arguments[kwarg][of]
        elif of in bound.arguments:
            out[name] = bound.arguments[of]
    return out


def _bind_constants(parsed, node, consts):
    """Drop the leading parameters bound to objects; the objects join the namespace."""
    a = node.args
    positional = a.posonlyargs + a.args
    for (name, obj), param in zip(consts, positional):
        if param.id != name:  # (the signature said so: cannot happen)
            raise SrcdiffError(f"internal: parameter {param.id!r} is not {name!r}")
        parsed.namespace[name] = obj
    k, n_pos_only = len(consts), len(a.posonlyargs)
    a.posonlyargs, a.args = a.posonlyargs[min(k, n_pos_only):], a.args[max(0, k - n_pos_only):]
    parsed.locals = local_names(node)
    _refuse_writes(parsed, node, {n for n, _ in consts})


def _root(node):
    while isinstance(node, (gast.Attribute, gast.Subscript)):
        node = node.value
    return node.id if isinstance(node, gast.Name) else None


def _refuse_writes(parsed, node, names):
    """Refuse a function that rebinds or writes through an object bound as a constant."""
    owner = ", ".join(sorted(names))

    def refuse(at, what):
        err = parsed.error(
            at, f"{parsed.name!r} {what}; srcdiff treats `{owner}` of a method as a constant "
            "(its attributes are read, never differentiated), so a change to it would make "
            "the gradient wrong", hint="compute the new value and return it, and assign it "
            "outside the differentiated function")
        err.object_write = True  # (a caller's _refuse_callee_writes reports it as such)
        raise err

    constants = names
    names = _aliases(parsed, node, names)
    for n in gast.walk(node):
        if isinstance(n, (gast.Attribute, gast.Subscript)) \
                and isinstance(n.ctx, (gast.Store, gast.Del)) and _root(n) in names:
            refuse(n, f"changes `{S.expr_source(n)}`" + _via(n, constants))
        if isinstance(n, gast.AugAssign) and isinstance(n.target, gast.Name) \
                and n.target.id in names and n.target.id not in constants:
            refuse(n, f"changes `{n.target.id}` in place" + _via(n.target, constants))
        if isinstance(n, gast.Name) and n.id in constants and isinstance(n.ctx, (gast.Store,
                                                                               gast.Del)):
            refuse(n, f"rebinds `{n.id}`")
        if isinstance(n, gast.Call):
            f = n.func
            if isinstance(f, gast.Attribute) and f.attr in _MUTATORS and _root(f.value) in names:
                refuse(n, f"changes `{S.expr_source(f.value)}` in place (.{f.attr}())")
            if isinstance(f, gast.Name) and f.id in _WRITERS and n.args \
                    and _root(n.args[0]) in names:
                refuse(n, f"changes `{S.expr_source(n.args[0])}` ({f.id})")
            for kw in n.keywords:
                if kw.arg == "out" and _root(kw.value) in names:
                    refuse(n, f"writes into `{S.expr_source(kw.value)}` (out=)")
            if isinstance(f, gast.Name) and f.id == "super":
                refuse(n, "calls super()")
            if isinstance(f, gast.Attribute) and _root(f) in names:
                _refuse_callee_writes(parsed, n, f, refuse)


def _via(node, constants):
    root = _root(node)
    if root in constants:
        return ""
    owners = " or ".join(f"`{c}`" for c in sorted(constants))
    return f" (`{root}` may share memory with {owners}'s data)"


_IMMUTABLE = (int, float, complex, str, bytes, bool, type(None))


def _aliases(parsed, node, constants):
    """The names that may refer to (part of) the data of an object bound as a constant:
    the constants, and variables assigned from them (``b = self.buf``,
    ``v = self.w.reshape(-1)``, ``l = [self.buf]``, ``y = f(self.buf)``) transitively. A
    number read from an attribute (``w = self.w``) is a copy and does not count."""
    found = set(constants)

    def may_alias(e):
        if isinstance(e, gast.Name):
            return e.id in found
        if isinstance(e, (gast.Attribute, gast.Subscript)):
            if _root(e) not in found:
                return False
            if isinstance(e, gast.Attribute) and _root(e) in constants:
                return not isinstance(parsed.resolve(e), _IMMUTABLE)
            return True
        if isinstance(e, (gast.Tuple, gast.List, gast.Set)):
            return any(may_alias(x) for x in e.elts)
        if isinstance(e, gast.Dict):
            return any(may_alias(x) for x in e.values)
        if isinstance(e, gast.IfExp):
            return may_alias(e.body) or may_alias(e.orelse)
        if isinstance(e, gast.Call):
            receiver = isinstance(e.func, gast.Attribute) and may_alias(e.func.value)
            return receiver or any(may_alias(x) for x in e.args + [k.value for k in e.keywords])
        if isinstance(e, gast.NamedExpr):
            return may_alias(e.value)
        return False

    while True:
        before = len(found)
        for n in gast.walk(node):
            if isinstance(n, gast.Assign) and may_alias(n.value):
                targets = n.targets
            elif isinstance(n, gast.For) and may_alias(n.iter):
                targets = [n.target]
            else:
                continue
            for t in targets:
                found |= {x.id for x in gast.walk(t) if isinstance(x, gast.Name)}
        if len(found) == before:
            return found


_CHECKING = set()  # methods whose writes are being checked (a method calling itself)


def _refuse_callee_writes(parsed, call, func, refuse):
    """A method of the same object called inside (``self.reset()``) may change it too,
    also when no gradient flows through the call: it is checked the same way."""
    found = python_callable(parsed.resolve(func))
    if not isinstance(found, Callable) or not found.consts or found in _CHECKING:
        return
    _CHECKING.add(found)
    try:
        found.__srcdiff_parse__()
    except SrcdiffError as e:
        if not getattr(e, "object_write", False):
            raise  # refused for a reason of its own (a generator, say): its error, its line
        refuse(call, f"calls `{S.expr_source(func)}`, which changes its object "
               f"({e.filename}:{e.lineno}: {e.message.split(';')[0]})")
    finally:
        _CHECKING.discard(found)


def _lower(parsed, node, fn):
    """Lower ``*args``, ``**kwargs`` and keyword-only parameters to plain parameters."""
    a = node.args
    line = node
    kw_defaults = {p.id: d for p, d in zip(a.kwonlyargs, a.kw_defaults)}
    all_params = a.posonlyargs + a.args
    pos_defaults = dict(zip([p.id for p in all_params][len(all_params) - len(a.defaults):],
                            a.defaults))
    defaults = {**pos_defaults, **{k: v for k, v in kw_defaults.items() if v is not None}}
    params, new_defaults = [], []
    for name, _, _ in fn.lowered:
        params.append(S.locate(gast.Name(id=name, ctx=gast.Param(), annotation=None,
                                         type_comment=None), line))
        if name in fn.shape.omitted:
            new_defaults.append(defaults[name])
    prefix = []
    if a.vararg is not None:
        elts = [S.name(n) for n, kind, _ in fn.lowered if kind == "var"]
        prefix.append(S.assign(S.name(a.vararg.id, store=True),
                               gast.Tuple(elts=elts, ctx=gast.Load())))
    if a.kwarg is not None:
        entries = [(of, n) for n, kind, of in fn.lowered if kind == "kwarg"]
        prefix.append(S.assign(S.name(a.kwarg.id, store=True),
                               gast.Dict(keys=[S.const(k) for k, _ in entries],
                                         values=[S.name(n) for _, n in entries])))
    for s in prefix:
        S.locate(s, line)
    _forward_starred(node, a, fn.lowered)
    node.args = gast.arguments(args=params, posonlyargs=[], vararg=None, kwonlyargs=[],
                               kw_defaults=[], kwarg=None, defaults=new_defaults)
    node.body = prefix + node.body


def _forward_starred(node, a, lowered):
    """``g(*args, **kwargs)`` with the function's own ``*args``/``**kwargs`` (never
    reassigned): their entries are known for this call, so they are passed one by one."""
    stored = {n.id for n in gast.walk(node) if isinstance(n, gast.Name)
              and isinstance(n.ctx, (gast.Store, gast.Del))}
    stored |= {n.id for sub in gast.walk(node) if isinstance(sub, (gast.FunctionDef,
                                                                    gast.Lambda))
               and sub is not node for n in gast.walk(sub.args) if isinstance(n, gast.Name)}
    entries = [n for n, kind, _ in lowered if kind == "var"]
    keys = [(of, n) for n, kind, of in lowered if kind == "kwarg"]
    var = a.vararg.id if a.vararg is not None and a.vararg.id not in stored else None
    kw = a.kwarg.id if a.kwarg is not None and a.kwarg.id not in stored \
        and all(key.isidentifier() for key, _ in keys) else None
    for call in gast.walk(node):
        if not isinstance(call, gast.Call):
            continue
        args = []
        for x in call.args:
            if isinstance(x, gast.Starred) and isinstance(x.value, gast.Name) \
                    and x.value.id == var:
                args += [S.locate(S.name(n), x) for n in entries]
            else:
                args.append(x)
        keywords = []
        for k in call.keywords:
            if k.arg is None and isinstance(k.value, gast.Name) and k.value.id == kw:
                keywords += [S.locate(gast.keyword(arg=key, value=S.name(n)), k.value)
                             for key, n in keys]
            else:
                keywords.append(k)
        call.args, call.keywords = args, keywords


def spread_literals(call):
    """``h(*(a, b))``, ``h(*[a, b])``, ``h(**{"k": v})``: a call whose starred arguments are
    displays, with their entries passed one by one (a new node; ``call`` itself if none)."""
    args, keywords, changed = [], [], False
    for x in call.args:
        if isinstance(x, gast.Starred) and isinstance(x.value, (gast.Tuple, gast.List)) \
                and not any(isinstance(y, gast.Starred) for y in x.value.elts):
            args += x.value.elts
            changed = True
        else:
            args.append(x)
    for k in call.keywords:
        v = k.value
        if k.arg is None and isinstance(v, gast.Dict) and all(
                isinstance(key, gast.Constant) and isinstance(key.value, str)
                and key.value.isidentifier() for key in v.keys):
            keywords += [S.locate(gast.keyword(arg=key.value, value=value), v)
                         for key, value in zip(v.keys, v.values)]
            changed = True
        else:
            keywords.append(k)
    if not changed:
        return call
    return gast.copy_location(gast.Call(func=call.func, args=args, keywords=keywords), call)


# ------------------------------------------------------------------ what a call runs


def python_callable(obj):
    """The :class:`Callable` (or plain function) a call of ``obj`` runs when that is Python
    source srcdiff can read: a bound method or classmethod, an object whose class defines
    ``__call__`` in Python. None for anything else (a builtin, a class, a C callable)."""
    if inspect.isfunction(obj):
        return obj
    if isinstance(obj, Callable):
        return obj
    if isinstance(obj, types.MethodType) and inspect.isfunction(obj.__func__):
        if _library(obj.__func__.__module__):  # scipy.stats.norm.ppf: a rule or nothing
            return None
        return _bound(obj.__func__, obj.__self__)
    if isinstance(obj, type) or not callable(obj) or inspect.isbuiltin(obj):
        return None
    if isinstance(obj, functools.partial):
        return _partial(obj)
    if _library(type(obj).__module__) or _library(getattr(obj, "__module__", None)):
        return None
    call = inspect.getattr_static(type(obj), "__call__", None)  # what obj(...) runs
    if isinstance(call, staticmethod) and inspect.isfunction(call.__func__):
        return call.__func__
    if isinstance(call, classmethod) and inspect.isfunction(call.__func__):
        out = _bound(call.__func__, type(obj))
    else:
        out = _bound(call, obj) if inspect.isfunction(call) else None
    if out is not None:  # (a call of obj runs what its class has then: emit/live.py guards)
        out.called_object = obj
    return out


_LIBRARIES = ("srcdiff", "functools", "numpy", "scipy", "builtins")


def _partial(obj):
    """``functools.partial(f, *args)`` of a Python function ``f`` as ``f`` with its leading
    parameters bound to ``args``, constants (as a method's object); None for keywords
    (the caller may give them again) or a function srcdiff does not read."""
    if obj.keywords or not inspect.isfunction(obj.func) or _library(obj.func.__module__):
        return None
    params = list(inspect.signature(obj.func, follow_wrapped=False).parameters.values())
    if len(obj.args) > len(params) or any(p.kind not in _PARAMETER_KINDS
                                          for p in params[:len(obj.args)]):
        return None
    return Callable(obj.func, tuple((p.name, a) for p, a in zip(params, obj.args)))


def _library(module):
    """A module of a library whose methods and callable objects srcdiff does not read:
    what it differentiates there is what its rules say (a call without one is refused)."""
    return (module or "").split(".")[0] in _LIBRARIES


def _bound(func, owner):
    params = list(inspect.signature(func, follow_wrapped=False).parameters.values())
    if not params or params[0].kind not in _PARAMETER_KINDS:
        return None  # def method(*args): self is not a parameter of its own
    return Callable(func, ((params[0].name, owner),))


def outputs_as_keywords(call, target):
    """``call`` (of ``target``) with an output array passed by position written as the
    ``out=`` keyword NumPy reads it as, or None when it passes none: ``np.exp(x, y)``
    (a ufunc's arguments after its inputs), ``np.sum(x, 0, None, y)`` (a function whose
    ``out`` parameter may be passed by position: it and the arguments after it become
    keywords), ``x.sum(0, None, y)`` (a method NumPy has a function of: that function's
    parameters after its array). Rewritten, the call is whatever ``out=`` makes of it (a store, or a
    refusal); dropped as a statement whose value nothing reads, it changed an array
    srcdiff did not see. Raises ValueError for what cannot be written so (two outputs)."""
    if isinstance(target, np.ufunc):
        if len(call.args) <= target.nin:
            return None
        if len(call.args) > target.nin + 1 or target.nout != 1 \
                or any(k.arg == "out" for k in call.keywords):
            raise ValueError(f"np.{target.__name__}")
        names = {target.nin: "out"}
    else:
        names = _out_parameters(target)
        attr = call.func.attr if isinstance(call.func, gast.Attribute) else None
        if not names and attr is not None and target is MISSING \
                and callable(getattr(np.ndarray, attr, None)):
            # an array's method (x.sum(0, None, y)): NumPy's function of its name, but `a`
            names = {k - 1: n for k, n in _out_parameters(getattr(np, attr, None)).items()}
        if not names or len(call.args) <= min(names):
            return None
        passed = {names[i] for i in range(len(call.args)) if i in names}  # (`initial=s`
        # after `x.max(1, None, True, ...)`'s out and keepdims is NumPy's keyword, not theirs)
        if any(k.arg in passed for k in call.keywords) or len(call.args) > max(names) + 1:
            raise ValueError(f"np.{getattr(target, '__name__', '?')}")
    at = min(names)
    if not any(_given(a) for i, a in enumerate(call.args) if names.get(i) == "out"):
        return None  # (x.std(1, None, None, 1): `out` given as its default, None)
    return S.locate(gast.Call(func=call.func, args=call.args[:at], keywords=[
        gast.keyword(arg=names[i], value=a) for i, a in enumerate(call.args) if i >= at
    ] + call.keywords), call)


def _given(node):
    return not (isinstance(node, gast.Constant) and node.value is None)


_OUT_PARAMETERS = {}  # a NumPy function -> {position: name} from its `out` on, or {}


def _out_parameters(target):
    module = getattr(target, "__module__", None)
    if not (isinstance(module, str) and module.split(".")[0] == "numpy"):
        return {}  # (nor kept: the table never keeps a user's object alive)
    try:
        found = _OUT_PARAMETERS.get(target)
    except TypeError:  # (unhashable)
        return {}
    if found is not None:
        return found
    found = {}
    if callable(target) and not isinstance(target, type):
        try:
            params = list(inspect.signature(target).parameters.values())
        except (TypeError, ValueError):
            params = []
        kinds = [p.kind == p.POSITIONAL_OR_KEYWORD for p in params]
        names = [p.name for p in params]
        if "out" in names and all(kinds[:names.index("out") + 1]):
            k = names.index("out")
            while k < len(params) and kinds[k]:
                found[k] = names[k]
                k += 1
    _OUT_PARAMETERS[target] = found
    return found
