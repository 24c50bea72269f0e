"""``sd.grad``'s gradient specialized on the default seed.

A call without ``grad_ys`` (the common one) differentiates the sum of the outputs: every
seed is exactly ones. For real arguments, ``sd.grad`` compiles the gradient with that
seed known (``driver.reverse_function(seed_one=True)``: a float scalar output's seed is the
literal ``1.0``, optimize/seed.py folds the multiplications by +-1.0 it leads to), and
compiles the general gradient (``grad_ys`` a run-time argument, SPEC §1) only on the first
call that passes ``grad_ys``, so the first compile costs what it did.

Every attribute other than ``call`` is the general gradient's: ``sd.source``, the CLI
module, a gradient differentiated again (which passes ``grad_ys``) and ``sd.vjp`` (which
passes a cotangent) see the function of the public contract, ``grad_f(..., grad_ys=None)``;
only the run-time path of ``sd.grad`` without ``grad_ys`` takes the specialized one.

Invariant: for ``grad_ys=None`` both give the same result bit for bit (multiplying a real
float by +-1 is exact in IEEE arithmetic): tests/api/test_seeded.py.
"""

import functools

import numpy as np

from srcdiff.compiler.emit.float_lists import float_entries
from srcdiff.compiler.emit.live import guard_test

_REAL_KINDS = frozenset("fiub")
_QUICK_TYPES = (float, int, bool, np.float64, np.float32)
_QUICK_ENTRIES = {float, int}
MISS = object()  # an entry's answer for arguments it is not for
ENTRIES_KEPT = 256  # entries of one gradient (quick keys: shapes); past it, made again


def quick_key(values, floats=None):
    """A cache key for arrays, numbers and lists or tuples of floats (or of ints; a longer
    one's fact holds EVERY_ENTRY only, facts.arg_fact): others need their full facts.
    ``floats`` (a dict, optional): gets, at the position of each list or tuple of floats,
    its entries as a float64 array (the numba backend passes them so: numba_emit.py)."""
    key = []  # an array gives (shape, dtype), a number its type: never ambiguous
    for i, v in enumerate(values):
        t = type(v)
        if t is np.ndarray:
            key.append(v.shape)
            key.append(v.dtype)
        elif t in _QUICK_TYPES:
            key.append(t)
        elif t is list or t is tuple:  # entries of one type: their facts are decided by it
            # (the numba backend takes the entries as an array, made in the same pass; for
            # the NumPy backend's short lists the set of types is the cheaper question: the
            # key of 1 float 2.3 µs against 3.7, of 500 floats 26 against 14.5)
            entries = (float_entries(v) if (floats is not None or len(v) > 64) and v
                       and type(v[0]) is float else None)
            if entries is not None:  # (and the length up to 65)
                if floats is not None:
                    floats[i] = entries.copy()
                key.append((t, float, min(len(v), 65)))
                continue
            kinds = set(map(type, v))  # (one C-level pass)
            if len(kinds) != 1 or not kinds <= _QUICK_ENTRIES:
                return None
            key.append((t, kinds.pop(), min(len(v), 65)))
        else:
            return None
    return tuple(key)




def no_entry(*args):
    return MISS


def real_arguments(values):
    """Are ``values`` real numbers, real NumPy arrays, or lists, tuples and dicts of them?
    (Complex values, other libraries' arrays and objects keep the general gradient.)"""
    for v in values:
        t = type(v)
        if t is np.ndarray:
            if v.dtype.kind not in _REAL_KINDS:
                return False
        elif t in (float, int, bool) or isinstance(v, (np.floating, np.integer, np.bool_)):
            continue
        elif t in (list, tuple):
            if not real_arguments(v):
                return False
        elif t is dict:
            if not real_arguments(list(v.values())):
                return False
        else:
            return False
    return True


class Seeded:
    """The gradient for ``grad_ys=None`` (``make_one()``) and the general one
    (``make_general()``), each compiled on first use; ``n``: the parameters before
    ``grad_ys``. (``sd.source`` and the other readers of ``source``, ``fn``... compile the
    general one only; a call without ``grad_ys`` the specialized one only.)"""

    def __init__(self, make_one, make_general, n):
        self._make_one, self._make_general = make_one, make_general
        self._one = self._general = None

        one = [None]  # (its call, once compiled: the common path reads one cell)

        def call(*args, **kwargs):
            if kwargs or len(args) > n and args[n] is not None:
                if kwargs.get("grad_ys", args[n] if len(args) > n else None) is not None:
                    return self.general.call(*args, **kwargs)
            c = one[0]
            if c is None:
                c = one[0] = self.one.call
            return c(*args, **kwargs)

        self.call = call
        self._entries = {}  # quick key -> entry
        call.hot = self.hot  # (read by transforms._fast_callable)

    def hot(self, quick, args):
        """The steady state of ``sd.grad(f)(*args)`` for arguments of quick key ``quick``
        (``args`` one example) as one generated function (transforms._fast_callable calls it
        first): for the same number of arguments, each an array of the same type, shape and
        dtype object or a number of the same type (so the same quick key: the same
        compiled gradient), and without ``grad_ys``, it tests the guards of the specialized
        gradient (emit/live.py ``guard_test``) and runs it, or its guarded call (refresh,
        the stale error) when one differs; for any other arguments it returns MISS, and the
        caller takes the general path. It replaces the quick key, the ``_fast`` lookup,
        this class's dispatch and the guarded call's frame (4-6 us a call when other
        libraries run between the calls, 1-2 us warm). Arguments of other kinds (lists): no
        entry (``no_entry``)."""
        hit = self._entries.get(quick)
        if hit is None:
            if len(self._entries) >= ENTRIES_KEPT:  # (shapes that keep changing)
                self._entries.clear()
            hit = self._entries[quick] = _entry(self.one, args)
        return hit

    @property
    def one(self):
        if self._one is None:
            self._one = self._make_one()
        return self._one

    @property
    def general(self):
        if self._general is None:
            self._general = self._make_general()
        return self._general

    def __getattr__(self, name):  # (source, fn, namespace, writes...: the general gradient)
        if name.startswith("_") or name in ("one", "general", "call"):
            raise AttributeError(name)
        return getattr(self.general, name)

    def __call__(self, *args, **kwargs):
        return self.call(*args, **kwargs)


def _entry(c, args):
    """:meth:`Seeded.hot` for the compiled gradient ``c`` and arguments like ``args``."""
    ns, tests = {"ndarray": np.ndarray, "MISS": MISS, "call": c.call}, []
    for i, a in enumerate(args):
        if type(a) is np.ndarray:
            ns[f"K{i}"], ns[f"D{i}"] = a.shape, a.dtype
            tests.append(f"type(a{i}) is ndarray and a{i}.shape == K{i} and a{i}.dtype is D{i}")
        elif type(a) in _QUICK_TYPES:
            ns[f"K{i}"] = type(a)
            tests.append(f"type(a{i}) is K{i}")
        else:
            return no_entry
    if not args:
        return no_entry
    names = "".join(f"a{i}, " for i in range(len(args)))
    run = f"return call({names}None)"
    if c.call is c.guarded:  # (nothing wraps the guarded call: its test is inlined)
        ns["fn"] = c.unguarded
        guards = guard_test(c.watch, ns) if c.watch is not None else "True"
        if guards is not None:
            run = _GUARDED.format(guards, names)
    source = _ENTRY.format(names, len(args), " and ".join(tests) or "True", run)
    exec(_code(source), ns)
    return ns["entry"]


@functools.lru_cache(maxsize=256)
def _code(source):
    """The code of an entry's ``source``: arguments of other shapes make the same source
    (their shapes are in the namespace), so its code is compiled once (0.3 ms; exec of
    the code, defining ``entry`` in a new namespace, takes microseconds)."""
    return compile(source, "<srcdiff entry>", "exec")


_ENTRY = """def entry(*args):
    if len(args) == {1}:
        {0}= args
        if {2}:
            {3}
    return MISS
"""
_GUARDED = """try:
                ok = {0}
            except (KeyError, ValueError, AttributeError):
                ok = False
            if ok:
                return fn({1}None)
            return call({1}None)"""
