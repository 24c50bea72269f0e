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
