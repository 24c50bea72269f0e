"""The user's globals, read as they are at each call.

A generated function runs in a copy of the user function's namespace (emit/execute.py),
taken when srcdiff compiled it. A global the user rebinds afterwards (``SCALE = 3.0``,
``X = next_batch()``, ``def helper(x): ...`` again) would leave that copy stale, and the
gradient silently computed with the old value or the old helper's derivative.

**Invariant.** A compiled gradient runs only while every user global and closure variable
its generated code names is, at the call, either the object it was compiled against or a
value of the same type (and, for arrays, the same dtype and shape), which is then copied
into the generated namespaces before the call (generated code reads such names by name,
it never folds their values). Any other change (a function, a class, a module or an
object of another kind rebound) makes the gradient *stale*: :func:`refresh` reports it and
the transform compiles again. tests/soundness/test_live_globals.py checks both paths.
The code of the differentiated function and of each function it reads is guarded too
(:class:`CodeGuard`): replaced in place (``f.__code__ = ...``, what IPython's autoreload does
when the file changes), it leaves the gradient stale (tests/soundness/test_code_replaced.py),
and so are the default values of its parameters (:class:`DefaultsGuard`: generated code has
plain ones as literals, others by reference; ``f.__defaults__ = (5.0,)`` or
``f.__kwdefaults__["s"] = 4.0`` leaves it stale; tests/soundness/test_changed_defaults.py).
"""

import dis
import types
from operator import attrgetter, is_

import numpy as np

from srcdiff.compiler.ir import dataflow

_MISSING = object()
_code = attrgetter("__code__")
GUARDS = "__srcdiff_guards__"  # a generated namespace's Guard list
_PLAIN = (int, float, complex, bool, str, bytes, type(None), np.generic)


class Guard:
    """One user name the generated code reads: where to read it now, and the generated
    namespaces holding the value it had."""

    __slots__ = ("name", "source", "cell", "seen", "namespaces")

    def __init__(self, name, source, cell, seen, namespace):
        self.name = name
        self.source = source  # the user's globals dict, or None for a closure variable
        self.cell = cell
        self.seen = seen
        self.namespaces = [namespace]

    def current(self):
        if self.source is not None:
            return self.source.get(self.name, _MISSING)
        try:
            return self.cell.cell_contents
        except ValueError:  # an empty cell
            return _MISSING


class CodeGuard(Guard):
    """The code of a function (``cell``): a gradient compiled from other code is stale."""

    __slots__ = ()

    def current(self):
        return self.cell.__code__


class DefaultsGuard(Guard):
    """The default values of a function's parameters (``cell``), each object as seen: a
    function given other defaults leaves a gradient compiled with the old ones stale."""

    __slots__ = ("positional",)

    def __init__(self, name, source, cell, seen, namespace):
        super().__init__(name, source, cell, seen, namespace)
        self.positional = cell.__defaults__  # (the tuple object: one `is` when unchanged)

    def current(self):
        return defaults_of(self.cell)

    def unchanged(self):
        fn = self.cell
        return fn.__defaults__ is self.positional and not fn.__kwdefaults__ \
            or same_objects(defaults_of(fn), self.seen)


def defaults_of(fn):
    """The default values of ``fn``'s parameters (positional, then keyword-only names and
    values), each the object the function holds now."""
    keywords = getattr(fn, "__kwdefaults__", None) or {}
    return (getattr(fn, "__defaults__", None) or ()) + tuple(keywords) + tuple(keywords.values())


def same_objects(a, b):
    return len(a) == len(b) and all(map(is_, a, b))


class AttributeGuard(Guard):
    """A callee found through an attribute of an object (``cell``: ``(object, name)``),
    as :func:`callee_of` sees it: another function there (``Model.act = relu``, a method
    replaced on the class or the instance, the object's class changed) leaves the
    gradient stale."""

    __slots__ = ("fast",)  # how Watch checks it: "same" object, a "method"'s function, None

    def __init__(self, name, source, cell, seen, namespace):
        super().__init__(name, source, cell, seen, namespace)
        raw = getattr(cell[0], cell[1], _MISSING)
        self.fast = "method" if isinstance(raw, types.MethodType) else \
            "same" if raw is seen else None

    def current(self):
        base, attr = self.cell
        return callee_of(getattr(base, attr, _MISSING))


def callee_of(value):
    """What a call of ``value`` runs, as one object: a bound method's function (a new
    bound method each time it is read; a C method's descriptor on its type), the
    ``__call__`` of an object whose class defines one in Python."""
    if isinstance(value, types.MethodType):
        return value.__func__
    if isinstance(value, (types.BuiltinMethodType, types.MethodWrapperType)) \
            and not isinstance(value.__self__, types.ModuleType):
        # (a C method of an object, ``TABLE.keys``: its type's, one object each time)
        return getattr(type(value.__self__), value.__name__, value)
    if not isinstance(value, (types.FunctionType, type, types.BuiltinFunctionType, np.ufunc)):
        call = getattr(type(value), "__call__", None)
        if isinstance(call, types.FunctionType):
            return call
    return value


def _attribute_guards(parsed, namespace):
    out = []
    for base, attr in parsed.attribute_callees.values():
        seen = callee_of(getattr(base, attr, _MISSING))
        if callee_of(getattr(base, attr, _MISSING)) is not seen:
            continue  # (a new object at each read, ``__getattr__`` making one: not guarded)
        owner = base.__name__ if isinstance(base, (type, types.ModuleType)) \
            else type(base).__name__
        out.append(AttributeGuard(f"{owner}.{attr}", None, (base, attr), seen, namespace))
        if isinstance(seen, types.FunctionType):
            out.extend(_function_guards(out[-1].name, seen, namespace))
    return out


def _function_guards(name, fn, namespace):
    out = [CodeGuard(name, None, fn, fn.__code__, namespace)]
    if fn.__defaults__ or fn.__kwdefaults__:  # (defaults given later serve no compiled call)
        out.append(DefaultsGuard(name, None, fn, defaults_of(fn), namespace))
    return out


def guards(code, parsed, namespace):
    """The :class:`Guard` of each user name that ``code`` (a compiled generated module)
    or the function it was generated from (``parsed``: its calls of helpers are compiled
    into ``code``) reads, as ``namespace`` has it from the user's globals and closure;
    names srcdiff's own helpers override are not the user's."""
    fn, user_namespace = parsed.fn, parsed.namespace
    called = getattr(fn, "called_object", None)  # (sd.grad(obj): its class's __call__)
    if isinstance(getattr(fn, "base", None), types.FunctionType):
        fn = fn.base  # (a method or a callable object: front/signatures.Callable)
    if not isinstance(fn, types.FunctionType):
        return []
    inner = fn.__globals__.get(GUARDS)
    if inner is not None:
        # generated code differentiated again (forward over reverse, grad of grad): it
        # reads the names of the code it came from, which read the user's
        return [_inherit(g, namespace) for g in inner]
    cells = dict(zip(fn.__code__.co_freevars, fn.__closure__ or ()))
    # (a parameter or a variable the function assigns is local wherever it is read: never the
    # global of that name, which a script often has, `x = ...; sd.grad(f)(x)`)
    read = dataflow.reads(parsed.node) - set(fn.__code__.co_varnames) \
        - set(fn.__code__.co_cellvars)
    out = _function_guards(fn.__name__, fn, namespace) + _attribute_guards(parsed, namespace)
    if called is not None:  # another __call__ on the class, or another class: stale
        owner = type(called)
        out += [AttributeGuard("__class__", None, (called, "__class__"), owner, namespace),
                AttributeGuard(f"{owner.__name__}.__call__", None, (owner, "__call__"), fn,
                               namespace)]
    for name in sorted(_names(code, _guarded(user_namespace, read)) | read):
        if name not in user_namespace or namespace.get(name, _MISSING) is not user_namespace[name]:
            continue
        value = user_namespace[name]
        if isinstance(value, types.ModuleType):
            continue  # (`np`: checked by the driver; modules are not rebound in practice)
        if name in cells:
            out.append(Guard(name, None, cells[name], value, namespace))
        elif fn.__globals__.get(name, _MISSING) is value:
            out.append(Guard(name, fn.__globals__, None, value, namespace))
        else:
            continue
        if isinstance(value, types.FunctionType):  # (a helper: its code replaced in place)
            out.extend(_function_guards(name, value, namespace))
    return out


def _inherit(guard, namespace):
    out = type(guard)(guard.name, guard.source, guard.cell, guard.seen, namespace)
    out.namespaces.extend(guard.namespaces)
    return out


_GLOBAL_OPS = frozenset({"LOAD_GLOBAL", "LOAD_NAME", "STORE_GLOBAL", "STORE_NAME",
                         "DELETE_GLOBAL", "DELETE_NAME"})


def _guarded(user_namespace, read):
    """Of the names in ``user_namespace``, those :func:`guards` may guard besides ``read``
    (a module never is): only those, if ``code`` names any, need its bytecode read."""
    return lambda name: name not in read and name in user_namespace \
        and not isinstance(user_namespace[name], types.ModuleType)


def _names(code, asked=None):
    """The global names ``code`` (and the code nested in it) reads, writes or deletes; not
    its attribute names (``x.w``: ``co_names`` holds ``w`` too). ``asked``: the names the
    caller looks for (a test); if ``code``'s ``co_names`` (a superset) holds none of them,
    the answer is the empty set without disassembling it (``dis`` on a big generated
    module is a few percent of its compilation; the caller's answer is the same)."""
    if asked is not None and not any(map(asked, _all_co_names(code))):
        return set()
    found = {i.argval for i in dis.get_instructions(code) if i.opname in _GLOBAL_OPS}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found |= _names(const)
    return found


def _all_co_names(code):
    """The ``co_names`` of ``code`` and of the code nested in it: every global name it
    loads, stores or deletes is among them (with its attribute and method names)."""
    out = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out |= _all_co_names(const)
    return out


def merge(lists):
    """One guard per (source, name) over several generated namespaces."""
    by_key = {}
    for guard in (g for gs in lists for g in gs):
        key = (type(guard), id(guard.source), id(guard.cell), guard.name)
        if key in by_key:
            by_key[key].namespaces.extend(guard.namespaces)
        else:
            by_key[key] = guard
    return list(by_key.values())


class Watch:
    """The guards of one compiled gradient, checked cheaply at each call: one C-level pass
    per globals dict (``is`` of each name's object against the one seen last)."""

    def __init__(self, guards):
        self.guards = guards
        self._index()

    def _index(self):
        groups = {}
        for g in self.guards:
            if g.source is not None:
                groups.setdefault(id(g.source), (g.source, [], []))
                groups[id(g.source)][1].append(g.name)
                groups[id(g.source)][2].append(g.seen)
        self.groups = list(groups.values())
        self.cells = [g for g in self.guards if g.source is None and type(g) is Guard]
        codes = [g for g in self.guards if type(g) is CodeGuard]
        self.functions = [g.cell for g in codes]
        self.codes = [g.seen for g in codes]
        self.defaults = [g for g in self.guards if type(g) is DefaultsGuard]
        attributes = [g for g in self.guards if type(g) is AttributeGuard]
        self.attributes = attributes
        self.attribute_checks = [
            tuple(zip(*[(g.cell[0], g.cell[1], g.seen) for g in attributes if g.fast == kind]))
            or ((), (), ()) for kind in ("same", "method")]
        self.attributes_slow = [g for g in attributes if g.fast is None]
        if hasattr(self, "seen"):  # (the objects a guarded call compares: fast_call)
            self.seen[:] = self._seen_now()

    def _seen_now(self):
        return [g.positional if type(g) is DefaultsGuard else g.seen for g in self.guards]

    def stale(self):
        """None when the gradient may run (after copying rebound values in), else the
        name whose change needs a new compilation."""
        for source, names, seen in self.groups:
            if not all(map(is_, map(source.get, names), seen)):
                break
        else:
            if all(map(is_, map(_code, self.functions), self.codes)) \
                    and all(g.current() is g.seen for g in self.cells) \
                    and all([g.unchanged() for g in self.defaults]) \
                    and self._attributes_unchanged():
                return None
        changed = refresh(self.guards)
        self._index()
        return changed


    def _attributes_unchanged(self):
        (bases, names, seen), (m_bases, m_names, m_seen) = self.attribute_checks
        try:  # (C-level passes: a getattr and an `is` per attribute)
            return all(map(is_, map(getattr, bases, names), seen)) \
                and all(map(is_, map(_function, map(getattr, m_bases, m_names)), m_seen)) \
                and all([g.current() is g.seen for g in self.attributes_slow])
        except AttributeError:  # (deleted, or no longer a method: refresh() says which)
            return False


_function = attrgetter("__func__")


def refresh(guards):
    """Bring the generated namespaces up to date with the user's names: None when the
    gradient may run, else the name whose change needs a new compilation."""
    for g in guards:
        now = g.current()
        if now is g.seen or (type(g) is DefaultsGuard and same_objects(now, g.seen)):
            continue
        if not _same_kind(g.seen, now):
            return g.name
        for ns in g.namespaces:
            ns[g.name] = now
        g.seen = now
    return None


def _same_kind(old, new):
    if type(old) is not type(new):
        return False
    if isinstance(old, np.ndarray):
        return old.dtype == new.dtype and old.shape == new.shape
    return isinstance(old, _PLAIN)


def fast_call(watch, fn, slow):
    """``fn`` behind :class:`Watch`'s checks written out as one generated function: an
    ``is`` per guard against the object seen last (``watch.seen``, refilled when a rebound
    value of the same kind is copied in), ``fn`` called when each holds, else ``slow`` (the
    full check: :meth:`Watch.stale`, refresh, the stale error). The checks are those of
    :meth:`Watch.stale`'s first pass, so ``fn`` runs only where ``stale`` would say None
    without refreshing; anything else (a missing name, an empty cell, a deleted attribute,
    keyword defaults, guards without a fast form) is decided by ``slow``."""
    ns = {"fn": fn, "slow": slow}
    test = guard_test(watch, ns)
    if test is None:
        return slow
    exec(compile(_FAST_CALL.format(test), "<srcdiff guards>", "exec"), ns)
    return ns["call"]


def guard_test(watch, ns):
    """The expression :func:`fast_call` tests (true: every guarded object is the one seen
    last), the objects it reads put in ``ns``; None when a guard has no fast form. A
    ``KeyError``, ``ValueError`` or ``AttributeError`` it raises means "not the same"."""
    if not hasattr(watch, "seen"):  # (one list, refilled in place by Watch._index)
        watch.seen = watch._seen_now()
    ns["S"] = watch.seen
    checks = []
    for i, g in enumerate(watch.guards):
        ns[f"O{i}"] = g.source if g.source is not None else g.cell
        if g.source is not None:  # a global: its dict
            checks.append(f"O{i}[{g.name!r}] is S[{i}]")
        elif type(g) is Guard:  # a closure variable: its cell
            checks.append(f"O{i}.cell_contents is S[{i}]")
        elif type(g) is CodeGuard:
            checks.append(f"O{i}.__code__ is S[{i}]")
        elif type(g) is DefaultsGuard:  # (the tuple object; keyword defaults: slow)
            checks.append(f"O{i}.__defaults__ is S[{i}] and not O{i}.__kwdefaults__")
        elif g.fast is not None:  # AttributeGuard: "same" object or a "method"'s function
            ns[f"O{i}"], ns[f"A{i}"] = g.cell
            read = f"getattr(O{i}, A{i})" + (".__func__" if g.fast == "method" else "")
            checks.append(f"{read} is S[{i}]")
        else:
            return None
    return " and ".join(checks or ["True"])


_FAST_CALL = """def call(*args, **kwargs):
    try:
        ok = {}
    except (KeyError, ValueError, AttributeError):
        ok = False
    if ok:
        return fn(*args, **kwargs)
    return slow(*args, **kwargs)
"""
