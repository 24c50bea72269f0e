"""Compiled code kept per function, for exactly as long as the function lives.

The transforms cache what they compile per differentiated function. A weak-keyed
dictionary cannot hold that: what it compiles refers back to the function (the guards of
emit/live.py watch its ``__code__`` and defaults, the parsed function is kept for error
messages, the generated namespace copies the names it reads), and a weak-keyed dict's
values are held strongly, so its keys never died: every closure or lambda differentiated
once stayed in memory with its compiled code (about 200 KB each) for the life of the
process.

**Invariant.** A plain function's table lives in the function's own ``__dict__``: the
function, its table and what the table holds are then one cycle that the garbage
collector frees once nothing else refers to the function. The table records its owner: a
copy of the ``__dict__`` (``functools.wraps`` copies it onto a wrapper) is never used (a
new table replaces it). ``clear`` (the rules changed) empties every table at once, as the
weak-keyed dict's ``clear`` did: the tables are known through weak references.
Pickled (cloudpickle ships a function by value, ``__dict__`` too), a table is an empty
plain dict: compiled code never travels. So does an object of srcdiff's own classes (a
transform, cached by api/nested.py); any other object (a bound method, a user's callable
instance) keeps the weak-keyed dictionary. tests/api/test_held_tables.py
checks that a differentiated closure is freed and that each case above gets its own table.
"""

import types
import weakref


class _Table(dict):
    __slots__ = ("owner", "__weakref__")

    def __reduce_ex__(self, protocol):
        return dict, ()

    __reduce__ = __reduce_ex__


def _holds_own(fn):
    """A plain function, or an object of srcdiff's own classes (a transform)."""
    return type(fn) is types.FunctionType or (type(fn).__module__.startswith("srcdiff.")
                                              and isinstance(getattr(fn, "__dict__", None), dict))


class PerFunction:
    """``table(fn)``: the dict of what was compiled for ``fn`` (empty at first)."""

    def __init__(self, name):
        self.attribute = f"__srcdiff_{name}__"
        self.tables = {}  # id of a live table -> a weak reference to it
        self.others = weakref.WeakKeyDictionary()

    def table(self, fn):
        if not _holds_own(fn):
            return self.others.setdefault(fn, {})
        own = fn.__dict__.get(self.attribute)
        if type(own) is _Table and own.owner is fn:
            return own
        own = _Table()
        own.owner = fn
        fn.__dict__[self.attribute] = own
        key = id(own)
        self.tables[key] = weakref.ref(own, lambda _, key=key, tables=self.tables:
                                       tables.pop(key, None))
        return own

    def clear(self):
        for ref in list(self.tables.values()):
            table = ref()
            if table is not None:
                table.clear()
        self.others.clear()
