"""Stage 6, emit: gast functions -> Python source -> live functions.

Generated source is registered with :mod:`linecache` under a file name of its
own, so tracebacks and ``pdb`` show the generated lines. The namespace a
generated function runs in is a snapshot of the user function's globals and
closure (what the compiler resolved names against), plus the run-time helpers
and the rules' helpers.
"""

import copy
import hashlib
import inspect
import linecache
import types
import weakref

import numpy as np

from srcdiff import runtime_array_api
from srcdiff.compiler.analysis.facts import array_api_module, array_library
from srcdiff.compiler.emit import live
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.runtime_names import RUNTIME_HELPERS
from srcdiff.errors import SrcdiffError, StaleGradient


def module_source(functions):
    """Print generated functions as one module body (functions separated by two blank lines)."""
    parts = [S.to_source(f).rstrip() + "\n" for f in functions]
    return "\n\n".join(parts)


GUARDS = live.GUARDS


class GeneratedNodes(list):
    """The generated functions a loaded module prints, in order (api/located.py maps a line
    of the module back to the user's line through them)."""


LOADED = weakref.WeakValueDictionary()  # a live module's file name -> its GeneratedNodes
# file name -> how many live modules show its lines: linecache keeps a module's source (for
# tracebacks and debuggers) while some module of that name lives, and forgets it after
_SHOWN = {}


def load(source, namespace, label, parsed=None, nodes=None):
    """Exec ``source`` in a copy of ``namespace``; return the resulting namespace. With
    ``parsed`` (the function it was generated from), the user names it reads are guarded
    (live.py); ``nodes``, the generated functions ``source`` prints, are kept in the
    namespace: an error raised at run time is located from them (api/located.py)."""
    digest = hashlib.sha1(source.encode()).hexdigest()[:10]
    filename = f"<srcdiff {label} {digest}>"
    lines = source.splitlines(True)
    linecache.cache[filename] = (len(source), None, lines, filename)
    code = compile(source, filename, "exec")
    ns = dict(namespace)
    exec(code, ns)
    if parsed is not None:
        ns[GUARDS] = live.guards(code, parsed, ns)
    ns["__srcdiff_source__"] = source
    ns["__srcdiff_filename__"] = filename
    ns["__srcdiff_nodes__"] = held = GeneratedNodes(nodes or ())
    LOADED[filename] = held
    _SHOWN[filename] = _SHOWN.get(filename, 0) + 1
    weakref.finalize(held, _unshown, filename)
    return ns


def _unshown(filename):
    """The last live module named ``filename`` died: its lines leave linecache."""
    left = _SHOWN.pop(filename, 1) - 1
    if left > 0:
        _SHOWN[filename] = left
    else:
        linecache.cache.pop(filename, None)


def base_namespace(user_namespace, helpers, array_api=None):
    """The names generated code may use: the user's, then srcdiff's helpers, then ``np``.
    For arguments of the array-API module ``array_api`` (a name), ``np`` is its allowlist
    namespace and the run-time helpers are bound to it (runtime_array_api.py)."""
    ns = dict(user_namespace)
    ns.update(RUNTIME_HELPERS)
    ns.update(helpers)
    ns["np"] = np
    if array_api is not None:  # (the helpers generated code calls by name, np and len)
        bound = runtime_array_api.helpers_for(array_api)
        ns.update((k, bound[k]) for k in (*RUNTIME_HELPERS, "np", "len") if k in bound)
    return ns


class Compiled:
    """A generated module: its source, its namespace and its entry point.

    ``fn`` is the generated function itself; it changes in place the
    arguments the differentiated function changes in place (``x[0] = ...``)
    unless its backward sweep restores them. ``call`` runs it on copies of
    the arguments when there are such arguments (``writes``: their
    positions; a dict ``{position: Write}`` says where each is written,
    analysis/scan.py), so that a transform leaves its arguments as passed.
    """

    def __init__(self, source, namespace, entry, writes=(), n_params=0, namespaces=(),
                 checked=None, bound=()):
        self.source = source
        self.namespace = namespace
        self.entry = entry
        self.fn = namespace[entry]
        self.writes = tuple(writes or ())
        self.guards = live.merge([ns.get(GUARDS, ()) for ns in (*namespaces, namespace)])
        # ``checked``: the parameters whose arguments must share no memory with another's
        # (``writes``, and 0-d arrays changed by ``p += v``, which the code rebinds)
        checked = writes if checked is None else checked
        n = max(n_params, max(checked or (-1,)) + 1, max(self.writes or (-1,)) + 1)
        # (``bound``: ``(name, object)`` of a method's object or a partial's arguments,
        # constants the code reads: front/signatures.py ``Callable.consts``)
        self.apart = _apart_check(self.fn, n, checked, self.guards, bound) if checked else None
        if checked:  # (a derivative of this derivative checks its arguments alike:
            self.fn.__srcdiff_apart__ = checked  # driver.load, api/higher.py)
        self.call = _on_copies(self.fn, n, self.apart) if self.writes \
            else _checked(self.fn, n, self.apart) if checked else self.fn
        self.unguarded, self.watch = self.call, None  # (api/seeded.py's entry inlines
        if self.guards:  # the guards' test before ``unguarded``)
            self.watch = live.Watch(self.guards)
            self.call = _guarded(self.call, self.watch, entry)
        self.guarded = self.call  # (what the entry may inline: a later wrapper is not)

    def __call__(self, *args, **kwargs):
        return self.call(*args, **kwargs)


def _guarded(fn, watch, entry):
    """``fn`` run after the user's globals it reads are brought up to date (live.py)."""

    stale = watch.stale
    if not watch.groups and not watch.cells and not watch.attributes \
            and len(watch.functions) == 1 and len(watch.defaults) <= 1:
        # (only the function's own code and defaults, the common case: an attribute and an
        # `is` each; defaults compared one by one only when their tuple is another object)
        function, code = watch.functions[0], watch.codes[0]
        unchanged = watch.defaults[0].unchanged if watch.defaults else _no_defaults

        def call(*args, **kwargs):
            if function.__code__ is not code or not unchanged():
                raise StaleGradient(f"the code or the defaults of {function.__name__!r} "
                                    f"changed since srcdiff compiled {entry}",
                                    hint="call the transform again: it compiles anew")
            return fn(*args, **kwargs)

        return live.fast_call(watch, fn, call)

    def call(*args, **kwargs):
        changed = stale()
        if changed is not None:
            raise StaleGradient(f"the global {changed!r} was rebound since srcdiff compiled "
                                f"{entry}", hint="call the transform again: it compiles anew")
        return fn(*args, **kwargs)

    return live.fast_call(watch, fn, call)


def _no_defaults():
    return True


def _on_copies(fn, n, apart):
    """``fn`` run on copies of its first ``n`` arguments (the differentiated function's: all
    of them, so that two arguments that are one object stay one object), once ``apart``
    (:func:`_apart_check`) accepts them."""

    def call(*args, **kwargs):
        apart(args[:n])
        return fn(*copy_arguments(args[:n]), *args[n:], **kwargs)

    return call


def _checked(fn, n, apart):
    """``fn`` run once ``apart`` accepts its first ``n`` arguments."""

    def call(*args, **kwargs):
        apart(args[:n])
        return fn(*args, **kwargs)

    return call


def _apart_check(fn, n, writes, guards=(), bound=()):
    """The check that no array of an argument ``fn`` changes in place (``writes``: positions,
    or ``{position: Write}``) shares memory with another argument's, with a user global's
    it reads (``guards``: live.py) or with one a bound object holds (``bound``: ``(name,
    object)``, a method's ``self``, its attributes' arrays at any depth: ``sd.grad(m.loss)
    (m.w)`` with ``loss`` writing into its argument): ``check(arguments)`` raises
    :func:`written_apart`'s error."""
    names = [f"argument {p!r}" for p in list(inspect.signature(fn).parameters)[:n]]
    changes = writes if isinstance(writes, dict) else dict.fromkeys(writes)
    held = [g for g in guards if type(g) is live.Guard
            and isinstance(g.seen, (np.ndarray, list, tuple, dict))]
    names += [f"the global {g.name!r}" if g.source is not None else f"the closure's {g.name!r}"
              for g in held]

    names += [f"`{name}`" for name, _ in bound]
    objects = [obj for _, obj in bound]  # (walked at each call: attributes may be rebound)

    def check(values):
        if held:
            values = (*values, *[g.current() for g in held])
        written_apart((*values, *objects), changes, names, len(values))

    return check


def written_apart(values, changes, names, objects_from=None):
    """Refuse values where an array held by an argument the function changes in place
    (``changes``: ``{position: Write or None}``) shares memory with an array held elsewhere
    in ``values`` (the arguments, then the user globals the function reads): the same
    object passed twice, ``f(x, x)``, overlapping views, ``f(x[1:], x[:-1])``, a global
    ``G`` read by ``f`` passed as ``f(G)``.

    The generated code reads each argument as an array of its own: a write through one
    parameter is not seen through the other name, so the value and the gradient would be
    those of other arguments (session 40: ``a *= 2; return np.sum(a * b)`` called as
    ``f(x, x)`` gave half the value). Arrays that share memory have the same owner (``base``
    followed to the array owning the data, or its buffer), so only arrays of one owner are
    compared. ``names``: how the error names each value; the values from position
    ``objects_from`` on are bound objects, whose arrays are also looked for through the
    attributes of user objects (:func:`_arrays_in`).
    """
    seen = set()
    for v in values:  # (the common case: arrays owning their memory, each passed once)
        if type(v) is not np.ndarray or v.base is not None or id(v) in seen:
            if not (type(v) is float or type(v) is int):
                break
        seen.add(id(v))
    else:
        return
    owners = {}
    for k, v in enumerate(values):
        for a in _arrays_in(v, objects=objects_from is not None and k >= objects_from):
            owners.setdefault(_memory_owner(a), []).append((k, a))
    for held in owners.values():
        if len(held) < 2 or not any(k in changes for k, _ in held):
            continue
        for i, (k, a) in enumerate(held):
            for m, b in held[i + 1:]:
                if (k in changes or m in changes) and _share(a, b):
                    _refuse_shared(k if k in changes else m, m if k in changes else k,
                                   changes, names)


def _arrays_in(value, objects=False):
    """The NumPy arrays in ``value`` (and in its lists, tuples and dicts, at any depth; an
    array held twice is listed twice); with
    ``objects``, also through the attributes of objects of user classes at any depth (each
    object walked once; not modules, classes or functions): a bound object's arrays."""
    out, todo, walked = [], [value], set()
    while todo:
        v = todo.pop()
        if isinstance(v, np.ndarray):
            out.append(v)
        elif isinstance(v, dict):
            todo.extend(v.values())
        elif isinstance(v, (list, tuple)):
            todo.extend(v)
        elif objects and id(v) not in walked and isinstance(
                getattr(v, "__dict__", None), dict) and not isinstance(
                v, (type, types.ModuleType, types.FunctionType, types.MethodType)):
            walked.add(id(v))
            todo.extend(vars(v).values())
    return out


def _memory_owner(a):
    """An id shared by every array that may share memory with ``a``."""
    while isinstance(a.base, np.ndarray):
        a = a.base
    return id(a) if a.base is None else id(a.base)


def _share(a, b):
    if a is b:
        return a.size > 0
    try:
        return bool(np.shares_memory(a, b, max_work=10_000))
    except np.exceptions.TooHardError:  # (not told apart cheaply: taken as shared)
        return True


def _refuse_shared(k, m, changes, names):
    write = changes.get(k)
    what = (f"{names[k]} shares memory with {names[m]}" if k != m else
            f"{names[k]} holds two arrays that share memory")
    kw = {}
    if write is not None:
        filename, lineno, col, line = write.parsed.where(write.node)
        kw = dict(filename=filename, lineno=lineno, col=col, line=line)
    raise SrcdiffError(
        f"{what}, and the function changes the {names[k]} in place here: srcdiff's "
        "derivative reads each of them as an array of its own, so the change would not be "
        "seen through the other name",
        hint="pass separate arrays (a copy: f(x, x.copy())), or make the function leave its "
             "arguments unchanged (p = p.copy() first)", **kw)


def copy_arguments(values):
    """``values`` with every array, list, tuple and dict among them deep-copied together
    (so that two arguments that are one object stay one object)."""
    memo = {}
    return [copy.deepcopy(v, memo) if isinstance(v, (np.ndarray, list, tuple, dict))
            else _new_array(v, memo) if array_library(v) or array_api_module(v) else v
            for v in values]


def _new_array(v, memo):
    """A new dask array object with ``v``'s graph (a store into it, ``x[0] = ...``, then
    leaves ``v`` as passed; nothing is computed or copied), or a copy of a CuPy array
    (on its device)."""
    if id(v) not in memo:  # (an array-API array has no copy method: asarray copies)
        memo[id(v)] = v.__array_namespace__().asarray(v, copy=True) \
            if array_api_module(v) else v.copy()
    return memo[id(v)]
