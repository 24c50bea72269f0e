"""Normalizing container expressions: dict and set comprehensions, the ``dict``/``list``/
``tuple`` constructors, dict methods (``.items()``, ``.values()``, ``.keys()``, ``.get``),
loops over a dict's entries and f-strings. Part of normalize.py's normalizer.

Each becomes what ANF already has, plus three run-time helpers (srcdiff/runtime.py):

* ``{K: V for ...}`` -> two lists built by ``append`` in the comprehension's loop, then
  ``dict_of(keys, values)`` (``dict(zip(keys, values))``; its rule gives each value the
  gradient of the entry it ends up in, a later duplicate key wins as in Python);
* ``d.keys()`` -> ``key_list(d)`` (``list(d)``); ``d.values()`` -> ``[d[k] for k in
  key_list(d)]``; ``d.items()`` -> ``[(k, d[k]) for k in key_list(d)]``;
  ``for k, v in d.items(): body`` -> ``for k in key_list(d): v = d[k]; body``, an index
  loop over the key list, so gradients reach ``d`` through ``d[k]`` as for any entry;
* ``d.get(k, default)`` -> ``d[k] if k in d else default`` (``default`` evaluated first,
  as Python does);
* ``tuple(<generator>)`` -> ``as_tuple(items)``; sets -> ``set(items)``;
* the statement ``d.update(...)`` on a name surely holding a dict, with a dict display
  (no ``**``), another such dict name and/or keywords -> every key and value evaluated
  first (as Python builds the argument before the call), then one ``d[key] = value`` per
  entry in order (a later duplicate key wins), or ``for k in key_list(e): d[k] = e[k]``;
* the statement ``a.fill(v)`` -> ``a[...] = v`` (the same in-place store, cast to ``a``'s
  dtype, seen by the aliasing checks as any subscript store); ``a.put(ind, v)`` -> np.put's.

Keys are labels: ``key_list`` and ``set`` are never differentiated (analysis/ops.py refuses
them, with the reason, when their value lies on a differentiated path). An f-string is a
string: a constant for differentiation wherever it is used (a print, a raise, a dict key);
its formatted values are normalized like any operand.
"""

import builtins
import inspect

import gast
import numpy as np

from srcdiff import runtime, runtime_checks
from srcdiff.compiler.front.parse import MISSING, _own_nodes, parse_function
from srcdiff.compiler.front.scopes import bindings
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.errors import SrcdiffError

_DICT_METHODS = {"items": 0, "values": 0, "keys": 0, "get": (1, 2)}



def dict_parameters(fn, dicts, dict_builtin=True):
    """The names of ``fn`` that surely hold dicts, so that ``for k in d``, ``list(d)``,
    ``sorted(d)`` iterate keys: parameters among ``dicts`` (known from argument facts to hold
    dicts) that the function never rebinds, and locals it binds only to a dict display, a
    dict comprehension, (when ``dict_builtin``: the name is Python's) a ``dict(...)``, one
    of these names or its ``.copy()``."""
    stores, values = {}, {}
    for n in dataflow.nodes(fn):  # (counts: any order)
        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store):
            stores[n.id] = stores.get(n.id, 0) + 1
        elif isinstance(n, gast.Assign) and len(n.targets) == 1 \
                and isinstance(n.targets[0], gast.Name):
            values.setdefault(n.targets[0].id, []).append(n.value)
    params = {a.id for a in fn.args.args}
    found = set(dicts) & params - set(stores)
    while True:  # the least set: a name bound only to dicts (or aliases of them) holds one
        more = {v for v, vs in values.items() if v not in params and v not in found
                and stores.get(v) == len(vs) and all(_makes_dict(e, dict_builtin, found)
                                                     for e in vs)}
        if not more:
            return found
        found |= more


def sequence_parameters(fn, sequences):
    """The parameters among ``sequences`` (known from argument facts to hold a list, a
    tuple or an array) that ``fn`` never rebinds: a loop over one reads ``q[0], q[1], ...``
    as Python's iteration does, with no check at run time."""
    stored = {n.id for n in dataflow.nodes(fn)
              if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store)}
    return set(sequences) & {a.id for a in fn.args.args} - stored


# methods that make a list or an array of a list or an array (``d.copy()`` of a dict is a
# dict: a method makes a sequence only when its receiver surely is one)
_SEQUENCE_METHODS = {"copy", "tolist", "reshape", "ravel", "flatten", "transpose", "astype",
                     "squeeze"}
_SEQUENCE_ATTRIBUTES = {"T", "mT", "real", "imag"}
# list methods that change a list's length (a loop over the list sees the change)
_RESIZING_METHODS = frozenset({"append", "extend", "insert", "pop", "remove", "clear"})
_SEQUENCE_BUILTINS = (list, tuple, sorted, range, runtime.key_list)
_ROW = object()  # (sequence_locals: a loop target bound to the rows of an array)
# builtins that iterate their one argument: of a dict, its keys (``sum(d)``, ``max(d)``)
_ITERATING = (list, tuple, sorted, sum, min, max, any, all, set, frozenset)


def _numpy_function(f):
    """Is ``f`` (a callee) one of NumPy's functions or ufuncs (which never make a dict)?"""
    module = getattr(f, "__module__", None) or ""
    return f is not MISSING and (isinstance(f, np.ufunc) or module == "numpy"
                                 or module.startswith("numpy."))


def _copied(e):
    """``r`` for a call ``r.copy()``, else None."""
    if isinstance(e, gast.Call) and isinstance(e.func, gast.Attribute) \
            and e.func.attr == "copy" and not e.args and not e.keywords:
        return e.func.value
    return None


def returned_kind(f):
    """``"sequence"`` when every ``return`` of the plain user function ``f`` returns a list
    or tuple display (or a list comprehension), ``"dict"`` when every one returns a dict (a
    display, a comprehension, a local bound only to those: :func:`dict_parameters`), else
    None. (A call's result is then that: ``for k in f(x)`` iterates a returned dict's keys,
    ``a, b = f(x)`` unpacks them, and a returned tuple is not refused as a dict.)"""
    code = getattr(f, "__code__", None)
    if not inspect.isfunction(f) or getattr(f, "__srcdiff_primitive__", False) \
            or (getattr(f, "__module__", None) or "").startswith("srcdiff") \
            or code.co_flags & (inspect.CO_GENERATOR | inspect.CO_ASYNC_GENERATOR) \
            or code.co_name == "<lambda>":
        return None
    try:
        parsed = parse_function(f)
    except (SrcdiffError, OSError, TypeError, SyntaxError):  # (no source to read: not known)
        return None
    values = [n.value for n in _own_nodes(parsed.node) if isinstance(n, gast.Return)]
    if not values or any(v is None for v in values):
        return None
    if all(isinstance(v, (gast.List, gast.Tuple, gast.ListComp)) for v in values):
        return "sequence"
    dicts = dict_parameters(parsed.node, (), parsed.lookup("dict") is dict)
    if all(_makes_dict(v, parsed.lookup("dict") is dict, dicts) for v in values):
        return "dict"
    return None


def _makes_dict(value, dict_builtin, known):
    if _copied(value) is not None:
        return _makes_dict(_copied(value), dict_builtin, known)
    return isinstance(value, (gast.Dict, gast.DictComp)) or (
        isinstance(value, gast.Name) and value.id in known) or (
        dict_builtin and isinstance(value, gast.Call) and isinstance(value.func, gast.Name)
        and value.func.id == "dict")


class Containers:
    """The normalizer's container expressions (mixed into normalize._Normalizer)."""

    def helper_call(self, name, args):
        """A call of srcdiff's run-time helper ``name`` (generated code's namespace has
        every helper; the user function's gets this one, so its callee resolves)."""
        self.parsed.namespace[name] = getattr(runtime, name, None) \
            or getattr(runtime_checks, name)
        return S.call(name, args)

    def is_dict(self, e):
        """Is ``e`` surely a dict (a display, a comprehension, a name of ``dict_args``, a
        module-level name bound to one, ``.copy()`` of one)?"""
        if _copied(e) is not None:
            return self.is_dict(_copied(e))
        return isinstance(e, (gast.Dict, gast.DictComp)) or (
            isinstance(e, gast.Name) and e.id in self.dict_args) or (
            isinstance(e, gast.Name) and isinstance(self.parsed.resolve(e), dict)) or (
            isinstance(e, gast.Call) and returned_kind(self.parsed.callee(e.func)) == "dict") \
            or self.entry_path(e) in self.dict_entries

    def entry_path(self, e):
        """``(p, k1, k2, ...)`` for ``p[k1][k2]...``: constant keys reading into a container
        parameter ``p`` the function never rebinds; else None. (The argument facts name the
        paths of entries that held dicts when the function was called: ``dict_entries``;
        a loop over one checks it still does when it runs, in ``key_list``.)"""
        keys = []
        while isinstance(e, gast.Subscript) and isinstance(e.slice, gast.Constant) \
                and type(e.slice.value) in (str, int):
            keys.append(e.slice.value)
            e = e.value
        if not keys or not isinstance(e, gast.Name) or not (
                e.id in self.dict_args or e.id in self.sequence_args):
            return None
        return (e.id, *reversed(keys))

    def is_sequence(self, e):
        """Is ``e`` surely a list, a tuple, a string or an array: is ``e[k]`` for ``k`` in
        ``range(len(e))`` what iterating it reads? (A dict's ``d[k]`` is a value, its
        iteration its keys; a loop over a value not known here checks it at run time:
        ``loop_len``.)"""
        if isinstance(e, (gast.List, gast.Tuple, gast.ListComp, gast.GeneratorExp)) or (
                isinstance(e, gast.Constant) and isinstance(e.value, str)):
            return True
        if isinstance(e, gast.Name):
            value = self.parsed.resolve(e)
            if value is MISSING:
                return e.id in self.sequence_args
            return isinstance(value, (list, tuple, str, range, np.ndarray))
        if isinstance(e, gast.Subscript):
            return isinstance(e.slice, gast.Slice)  # (slicing a dict raises)
        if isinstance(e, gast.BinOp):
            return not isinstance(e.op, gast.BitOr)  # (``d | e`` of dicts is a dict)
        if isinstance(e, gast.IfExp):
            return self.is_sequence(e.body) and self.is_sequence(e.orelse)
        if isinstance(e, gast.Attribute):
            return e.attr in _SEQUENCE_ATTRIBUTES and self.is_sequence(e.value)
        if isinstance(e, gast.Call):
            f = self.parsed.callee(e.func)
            if f is MISSING:
                return isinstance(e.func, gast.Attribute) and e.func.attr in _SEQUENCE_METHODS \
                    and self.is_sequence(e.func.value)
            return any(f is b for b in _SEQUENCE_BUILTINS) or _numpy_function(f) \
                or returned_kind(f) == "sequence"
        return False

    def sequence_locals(self, fn):
        """The local names of ``fn`` that surely hold sequences: every statement binding one
        assigns it (alone) a value :meth:`is_sequence` takes, adds to it in place
        (``xs += [v]``) or binds it to a row of an array (``for row in x``); the least such
        set (an alias of one is one)."""
        params = {a.id for a in fn.args.args}
        stores, values = {}, {}
        for n in dataflow.nodes(fn):  # (counts: any order)
            if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store):
                stores[n.id] = stores.get(n.id, 0) + 1
            elif isinstance(n, gast.Assign) and len(n.targets) == 1 \
                    and isinstance(n.targets[0], gast.Name):
                values.setdefault(n.targets[0].id, []).append(n.value)
            elif isinstance(n, gast.AugAssign) and isinstance(n.target, gast.Name) \
                    and not isinstance(n.op, gast.BitOr):
                values.setdefault(n.target.id, []).append(None)  # (as the name was)
            elif isinstance(n, gast.For) and isinstance(n.target, gast.Name) \
                    and self._array_rows(n.iter):
                values.setdefault(n.target.id, []).append(_ROW)  # (a row of an array)
        candidates = {v: vs for v, vs in values.items()
                      if v not in params and stores.get(v) == len(vs)}
        found, saved = set(), self.sequence_args
        try:
            while True:
                self.sequence_args = saved | found
                more = {v for v, vs in candidates.items() if v not in found
                        and any(e is not None for e in vs)
                        and all(e is _ROW or self.is_sequence(e) for e in vs if e is not None)}
                if not more:
                    return found
                found |= more
        finally:
            self.sequence_args = saved

    def pin_iterable(self, seq, loop):
        """The object a ``for`` loop iterates, held under a name the loop does not bind.

        Python evaluates the iterable once: ``for p in v: ...; v = v * 0.5`` keeps
        iterating the first ``v`` (its iterator holds that object), while the index loop
        this lowers to reads ``v[k]`` on every trip. When the loop (its target or body)
        binds the iterated name, the object is first bound to a fresh name, an alias
        (no copy: a change made *in place* to that object is seen by the iteration, as
        it is in Python)."""
        if isinstance(seq, gast.Name):
            for n in gast.walk(gast.Module(body=loop.body, type_ignores=[])):
                if isinstance(n, gast.Call) and isinstance(n.func, gast.Attribute) \
                        and n.func.attr in _RESIZING_METHODS \
                        and isinstance(n.func.value, gast.Name) and n.func.value.id == seq.id:
                    raise self.error(n, f"`{seq.id}.{n.func.attr}()` changes the length of "
                                     f"`{seq.id}` while the loop iterates it; Python's loop "
                                     "then sees the new length, the loop srcdiff makes "
                                     "runs over the items it had when the loop began",
                                     hint=f"iterate a copy (`for ... in list({seq.id}):`) or "
                                     "loop over `range(...)` with a `while` and `len(...)`")
            if seq.id in bindings([loop]):
                pinned = self.fresh_assign("iterated", S.copy(seq))
                if seq.id in self.sure_sequences:
                    self.sure_sequences.add(pinned.id)
                return pinned
        return seq

    def _array_rows(self, e):
        """Does iterating ``e`` give rows of an array (arrays or numbers, never a dict): an
        array parameter (not a list's: its entries may be dicts) or a NumPy call?"""
        if isinstance(e, gast.Name):
            return e.id in self.array_args and self.parsed.resolve(e) is MISSING
        return isinstance(e, gast.Call) and _numpy_function(self.parsed.callee(e.func))

    def length(self, seq):
        """The atom of the length of a loop's iterable ``seq`` (an atom from
        :meth:`keys_if_dict`: a name, or a literal such as ``"abc"``): ``len(seq)`` when it
        surely is a sequence, else ``loop_len(seq)``, which refuses a dict or a set at run
        time (srcdiff/runtime.py)."""
        sure = isinstance(seq, gast.Constant) or seq.id in self.sure_sequences  # ("abc")
        return self.atom(S.call("len", [S.copy(seq)]) if sure
                         else self.helper_call("loop_len", [S.copy(seq)]))

    # -- displays and comprehensions -----------------------------------------
    def dictcomp(self, e):
        keys, values = self.names.fresh("keys"), self.names.fresh("values")
        for name in (keys, values):
            self.emit(S.assign(name, gast.List(elts=[], ctx=gast.Load())))
        self.comprehension_loop(e.generators, [(keys, e.key), (values, e.value)], e)
        return self.helper_call("dict_of", [S.name(keys), S.name(values)])

    def setcomp(self, e):
        if isinstance(e, gast.Set):
            items = self.atom(gast.List(elts=e.elts, ctx=gast.Load()))
        else:
            items = self.comprehension(gast.ListComp(elt=e.elt, generators=e.generators))
        return S.call(self.builtin("set"), [items])

    def joinedstr(self, e):
        """An f-string with each formatted value an atom (the string itself is a constant)."""
        parts = []
        for v in e.values:
            if isinstance(v, gast.FormattedValue):
                spec = v.format_spec
                if spec is not None:
                    spec = self.joinedstr(spec)
                v = gast.FormattedValue(value=self.atom(v.value), conversion=v.conversion,
                                        format_spec=spec)
            parts.append(v)
        return gast.JoinedStr(values=parts)

    def builtin(self, name):
        """A name that calls Python's builtin ``name`` here, or a located refusal."""
        if self.parsed.lookup(name) is not getattr(builtins, name):
            raise self.error(self.loc, f"`{name}` does not name Python's builtin here, which "
                             f"srcdiff needs to build this {name}",
                             hint=f"do not rebind `{name}` in the function's module")
        return S.name(name)

    # -- constructors ------------------------------------------------------
    def container_call(self, e, target):
        """``dict(...)``, ``list(...)``, ``tuple(...)`` and dict methods lowered as the module
        docstring says; None when ``e`` is none of these (an ordinary call)."""
        f = e.func
        if isinstance(f, gast.Attribute) and f.attr == "copy" and target is MISSING \
                and not e.args and not e.keywords and isinstance(f.value, gast.Name) \
                and f.value.id in self.unknown_parameters():
            # `p.copy()` is analysed as NumPy's copy (a new array); of a parameter the
            # arguments' facts say nothing of (a written module's), it is checked to be one
            self.emit(S.assign(self.names.fresh("unused"), self.helper_call(
                "array_only", [S.name(f.value.id), S.const("copy")])))
            return None
        if target in _ITERATING and len(e.args) == 1 and self.is_dict(e.args[0]):
            keys = self.atom(self.helper_call("key_list", [self.atom(e.args[0])]))  # its keys
            if target is list:
                return keys
            return S.call(S.copy(f), [keys], [(k.arg, self.atom(k.value)) for k in e.keywords])
        if isinstance(f, gast.Attribute) and f.attr in _DICT_METHODS:
            return self.dict_method(e, target)
        if target is dict:
            return self.dict_call(e)
        if target in (list, tuple) and len(e.args) <= 1 and not e.keywords:
            return self.sequence_call(e, target)
        return None

    def unknown_parameters(self):
        """The parameters no argument facts describe (none describe a written module's)."""
        params = {a.id for a in self.parsed.node.args.args}
        return params - self.dict_args - self.sequence_args - self.array_args

    def sequence_call(self, e, kind):
        literal = gast.List if kind is list else gast.Tuple
        if not e.args:
            return literal(elts=[], ctx=gast.Load())
        arg = e.args[0]
        if isinstance(arg, (gast.Tuple, gast.List)):
            return self.value(literal(elts=arg.elts, ctx=gast.Load()))
        fresh = None  # a list nothing else refers to
        if isinstance(arg, (gast.ListComp, gast.GeneratorExp)):
            fresh = self.comprehension(arg)
        elif isinstance(arg, gast.Call) and isinstance(arg.func, gast.Attribute) \
                and arg.func.attr in ("items", "values", "keys") and not arg.args:
            lowered = self.dict_method(arg, self.parsed.callee(arg.func))
            if lowered is not None:
                fresh = self.atom(lowered) if not isinstance(lowered, gast.Name) else lowered
        if fresh is None:
            return None
        return fresh if kind is list else self.helper_call("as_tuple", [fresh])

    def dict_call(self, e):
        if not e.args:
            return self.value(gast.Dict(keys=[S.const(k.arg) for k in e.keywords],
                                        values=[k.value for k in e.keywords]))
        if len(e.args) > 1 or e.keywords:
            raise self.error(e, "dict(...) with both a positional argument and keywords is not "
                             "supported", hint="build the dict, then assign the extra entries")
        arg = e.args[0]
        if isinstance(arg, (gast.Dict, gast.DictComp)):
            return self.value(arg)
        if isinstance(arg, (gast.GeneratorExp, gast.ListComp)) \
                and isinstance(arg.elt, gast.Tuple) and len(arg.elt.elts) == 2:
            key, value = arg.elt.elts
            return self.dictcomp(gast.DictComp(key=key, value=value, generators=arg.generators))
        k, v = self.names.fresh("key"), self.names.fresh("value")
        pair = gast.Tuple(elts=[S.name(k, store=True), S.name(v, store=True)], ctx=gast.Store())
        if isinstance(arg, gast.Call) and self.parsed.callee(arg.func) is zip \
                and len(arg.args) == 2 and not arg.keywords:
            source = arg
        elif isinstance(arg, gast.Name):  # a copy of a dict
            source = S.call(gast.Attribute(value=arg, attr="items", ctx=gast.Load()), [])
        else:
            raise self.error(arg, "dict(...) of this argument is not supported",
                             hint="write a dict comprehension, dict(zip(keys, values)) or "
                                  "dict(a=..., b=...)")
        gen = gast.comprehension(target=pair, iter=source, ifs=[], is_async=0)
        return self.dictcomp(gast.DictComp(key=S.name(k), value=S.name(v), generators=[gen]))

    # -- methods called for their effect ---------------------------------------
    def method_statement(self, call):
        """``a.fill(v)``, ``a.put(ind, v)`` and ``d.update(...)`` as statements lowered to
        subscript stores, as the module docstring says; False (the caller refuses) else."""
        f = call.func
        if not isinstance(f.value, gast.Name):
            return False
        if f.attr == "fill" and len(call.args) == 1 and not call.keywords \
                and not isinstance(call.args[0], gast.Starred):
            self.assign_to(gast.Subscript(value=S.name(f.value.id), slice=S.const(Ellipsis),
                                          ctx=gast.Store()), call.args[0])
            return True
        if f.attr == "put":  # a.put(ind, v): np.put(a, ind, v) (in_place.py)
            self.put_statement(call, S.locate(gast.Call(
                func=gast.Attribute(value=S.name("np"), attr="put", ctx=gast.Load()),
                args=[f.value] + call.args, keywords=call.keywords), call))
            return True
        if f.attr in ("reverse", "sort") and not call.args and f.value.id not in self.array_args \
                and {k.arg for k in call.keywords} <= ({"key", "reverse"} if f.attr == "sort"
                                                       else set()):
            self.reorder_in_place(f.value.id, f.attr, call)
            return True
        if f.attr != "update" or not self.is_dict(f.value) or len(call.args) > 1 \
                or any(k.arg is None for k in call.keywords):
            return False
        arg = call.args[0] if call.args else None
        entries, other = [], None
        if isinstance(arg, gast.Dict) and None not in arg.keys:
            entries = [(self.atom(k), self.atom(v)) for k, v in zip(arg.keys, arg.values)]
        elif isinstance(arg, gast.Name) and self.is_dict(arg):
            other = arg.id
        elif arg is not None:
            return False
        entries += [(S.const(k.arg), self.atom(k.value)) for k in call.keywords]
        if other is not None:  # its entries first, then the keywords'
            k = self.names.fresh("key")
            store = gast.Subscript(value=S.name(f.value.id), slice=S.name(k), ctx=gast.Store())
            loop = gast.For(target=S.name(k, store=True),
                            iter=self.helper_call("key_list", [S.name(other)]),
                            body=[S.locate(gast.Assign(targets=[store], value=gast.Subscript(
                                value=S.name(other), slice=S.name(k), ctx=gast.Load()),
                                type_comment=None), self.loc)],
                            orelse=[], type_comment=None)
            self.stmt_For(S.locate(loop, self.loc))
        for key, value in entries:
            self.assign_to(gast.Subscript(value=S.name(f.value.id), slice=key,
                                          ctx=gast.Store()), value)
        return True

    def reorder_in_place(self, name, method, call):
        """``L.reverse()`` / ``L.sort(key=..., reverse=...)``: the list in its new order made
        (``L[::-1]``, ``sorted(L, ...)``), then stored into ``L`` entry by entry, stores the
        analyses follow as any other (another name holding the same list sees the change,
        and the aliasing checks see it)."""
        self.emit(S.assign(self.names.fresh("unused"), self.helper_call(
            "list_only", [S.name(name), S.const(method), S.const(not call.keywords)])))
        made = self.names.fresh("reordered")
        j, rng, size = self.names.fresh("j"), self.builtin("range").id, self.builtin("len").id
        value = gast.Call(func=self.builtin("sorted"), args=[S.name(name)],
                          keywords=call.keywords) if method == "sort" else \
            S.expr(f"[{name}[{j}] for {j} in {rng}({size}({name}) - 1, -1, -1)]")
        self.stmt(S.locate(gast.Assign(targets=[S.name(made, store=True)], value=value,
                                       type_comment=None), self.loc))
        k = self.names.fresh("k")
        store = gast.Subscript(value=S.name(name), slice=S.name(k), ctx=gast.Store())
        loop = gast.For(target=S.name(k, store=True), iter=gast.Call(
            func=self.builtin("range"), args=[gast.Call(func=self.builtin("len"),
                                                        args=[S.name(made)], keywords=[])],
            keywords=[]), body=[S.locate(gast.Assign(targets=[store], value=gast.Subscript(
                value=S.name(made), slice=S.name(k), ctx=gast.Load()), type_comment=None),
                self.loc)], orelse=[], type_comment=None)
        self.stmt_For(S.locate(loop, self.loc))

    # -- dict methods and loops over a dict -----------------------------------
    def dict_method(self, e, target):
        f = e.func
        if target is not MISSING and not isinstance(getattr(target, "__self__", None), dict):
            return None  # a method of some compile-time object: an ordinary call
        arity = _DICT_METHODS[f.attr]
        low, high = (arity, arity) if isinstance(arity, int) else arity
        if e.keywords or not low <= len(e.args) <= high \
                or any(isinstance(a, gast.Starred) for a in e.args):
            return None
        d = self.atom(f.value)
        if f.attr == "keys":
            return self.helper_call("key_list", [d])
        if f.attr == "get":
            key = self.atom(e.args[0])
            default = self.atom(e.args[1]) if len(e.args) > 1 else S.const(None)
            test = gast.Compare(left=key, ops=[gast.In()], comparators=[S.copy(d)])
            entry = gast.Subscript(value=S.copy(d), slice=S.copy(key), ctx=gast.Load())
            return self.ifexp(gast.IfExp(test=test, body=entry, orelse=default), "got")
        k = self.names.fresh("key")
        entry = gast.Subscript(value=S.copy(d), slice=S.name(k), ctx=gast.Load())
        elt = entry if f.attr == "values" else gast.Tuple(elts=[S.name(k), entry],
                                                         ctx=gast.Load())
        gen = gast.comprehension(target=S.name(k, store=True),
                                 iter=self.helper_call("key_list", [S.copy(d)]), ifs=[],
                                 is_async=0)
        return self.comprehension(gast.ListComp(elt=elt, generators=[gen]))

    def snapshot_loop(self, s):
        """``for k, v in list(d.items())`` (or ``tuple(...)``, or ``.values()``): the values
        taken first, ``values = [d[k] for k in key_list(d)]`` (the loop reads them as they
        were, as Python's list does, whatever the body stores into ``d``), then a loop over
        ``zip(key_list(d), values)``: a key is read out of the key list, a constant label,
        never out of a tuple holding a value (which made it look differentiated)."""
        it = s.iter
        if not (isinstance(it, gast.Call) and len(it.args) == 1 and not it.keywords
                and self.parsed.callee(it.func) in (list, tuple)):
            return False
        inner = it.args[0]
        if not (isinstance(inner, gast.Call) and isinstance(inner.func, gast.Attribute)
                and inner.func.attr in ("items", "values") and not inner.args
                and not inner.keywords):
            return False
        target = self.parsed.callee(inner.func)
        if target is not MISSING and not isinstance(getattr(target, "__self__", None), dict):
            return False
        pair = isinstance(s.target, (gast.Tuple, gast.List)) and len(s.target.elts) == 2
        if inner.func.attr == "items" and not pair:
            return False
        d = self.atom(inner.func.value)
        k = self.names.fresh("key")
        values = self.comprehension(gast.ListComp(
            elt=gast.Subscript(value=S.copy(d), slice=S.name(k), ctx=gast.Load()),
            generators=[gast.comprehension(target=S.name(k, store=True), iter=self.helper_call(
                "key_list", [S.copy(d)]), ifs=[], is_async=0)]))
        keys = self.atom(self.helper_call("key_list", [S.copy(d)]))
        for atom in (keys, values):  # (new lists: no check of their kind at run time)
            if isinstance(atom, gast.Name):
                self.sure_sequences.add(atom.id)
        iterable = values if inner.func.attr == "values" else S.call(self.builtin("zip"),
                                                                      [keys, values])
        self.stmt_For(S.locate(gast.For(target=s.target, iter=iterable, body=s.body,
                                        orelse=[], type_comment=None), s))
        return True

    def iterated(self, arg):
        """A zipped or enumerated iterable as an atom, or ``(atom, True)`` for
        ``reversed(q)`` (q's items from its end; Python's reverse iterator reads ``q[i]``
        when it reaches it, as the index loop does)."""
        if isinstance(arg, gast.Call) and self.parsed.callee(arg.func) is reversed \
                and len(arg.args) == 1 and not arg.keywords \
                and not isinstance(arg.args[0], gast.Starred):
            return self.keys_if_dict(arg.args[0]), True
        return self.keys_if_dict(arg)

    def keys_if_dict(self, seq):
        """The atom of an iterable read by index: a dict's iteration is its keys, not
        ``d[0], d[1], ...`` (``zip(d, xs)``, ``enumerate(d)``, ``reversed(d)``)."""
        if self.is_dict(seq):
            atom = self.atom(self.helper_call("key_list", [self.atom(seq)]))
        else:
            atom = self.atom(seq)
            if not self.is_sequence(seq):
                return atom
        if isinstance(atom, gast.Name):
            self.sure_sequences.add(atom.id)
        return atom

    def dict_loop(self, s):
        """``for ... in d.items()/values()/keys()`` as a loop over ``key_list(d)``; False
        when ``s`` is some other loop."""
        if self.snapshot_loop(s):
            return True
        it = s.iter
        if not (isinstance(it, gast.Call) and isinstance(it.func, gast.Attribute)
                and it.func.attr in ("items", "values", "keys") and not it.args
                and not it.keywords):
            return False
        target = self.parsed.callee(it.func)
        if target is not MISSING and not isinstance(getattr(target, "__self__", None), dict):
            return False
        d = self.atom(it.func.value)
        head, t = [], s.target

        def entry_of(k):
            return gast.Subscript(value=S.copy(d), slice=S.name(k), ctx=gast.Load())

        if it.func.attr == "keys":
            key = t
        else:
            if it.func.attr == "items" and isinstance(t, (gast.Tuple, gast.List)) \
                    and len(t.elts) == 2 and isinstance(t.elts[0], gast.Name):
                key = t.elts[0]
                head.append(S.assign(S.copy(t.elts[1]), entry_of(key.id), s))
            else:
                k = self.names.fresh("key")
                key = S.name(k, store=True)
                value = entry_of(k) if it.func.attr == "values" else gast.Tuple(
                    elts=[S.name(k), entry_of(k)], ctx=gast.Load())
                head.append(S.assign(S.copy(t), value, s))
        loop = gast.For(target=S.copy(key), iter=self.helper_call("key_list", [S.copy(d)]),
                        body=head + list(s.body), orelse=[], type_comment=None)
        S.locate(loop, s)
        self.stmt_For(loop)
        return True
