"""Deterministic fresh names: the same function always gets the same names.

Names are derived from what they hold (``tanh``, ``matmul``, ``b_h``) and
numbered only on collision, never drawn at random, so generated source is
byte-for-byte reproducible and golden files can be diffed.
"""

import builtins
import keyword


class NameGen:
    def __init__(self, taken=()):
        self.taken = set(taken) | set(dir(builtins)) | set(keyword.kwlist)
        # base -> the number to try first: every smaller one is in ``taken``. Valid for one
        # set only (``taken`` only grows; a generation pass that starts over replaces it)
        self._counted, self._next = self.taken, {}

    def reserve(self, *idents):
        self.taken.update(idents)

    def fresh(self, base):
        """A new name like ``base``; user-visible temporaries lose leading underscores."""
        base = base.strip("_") or "t"
        return self._number(base if base.isidentifier() else "t")

    def private(self, base):
        """A compiler-internal name (flags, saved values), marked by a leading underscore."""
        return self._number("_" + base.strip("_"))

    def _number(self, base):
        if base not in self.taken and not keyword.iskeyword(base):
            self.taken.add(base)
            return base
        if self._counted is not self.taken:
            self._counted, self._next = self.taken, {}
        k = self._next.get(base, 1)
        while f"{base}{k}" in self.taken:
            k += 1
        self.taken.add(f"{base}{k}")
        self._next[base] = k + 1
        return f"{base}{k}"


class Inverse:
    """``key_of(table, value)``: the first key (in insertion order) of the dict ``table``
    whose value is ``value``, or None; by an index, not a scan per question.

    Invariant (what the generators' primal -> gradient/tangent tables satisfy): entries
    are only added, never changed or removed, while a table is in use; a table may be
    replaced by another dict (a branch starts over from a copy), which rebuilds the index.
    The index holds the table it was built for, and adds the entries appended since the
    last question (a dict iterates backwards from its newest entry)."""

    __slots__ = ("table", "known", "index")

    def __init__(self):
        self.table, self.known, self.index = None, 0, {}

    def key_of(self, table, value):
        if self.table is not table or len(table) < self.known:
            self.table, self.known, self.index = table, 0, {}
        if len(table) > self.known:
            items = reversed(table.items())
            new = [next(items) for _ in range(len(table) - self.known)]
            for k, v in reversed(new):
                self.index.setdefault(v, k)
            self.known = len(table)
        return self.index.get(value)
