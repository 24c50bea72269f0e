"""NumPy functions called for their change of an array: ``np.add.at``, ``np.copyto``.

Each is lowered to a store of the whole array, ``a[...] = value``, which the store's
adjoint and undo, and the checks of stores (aliasing.py: another live name of ``a``;
dtypes.py: an integer array), treat as any other store.
"""

import gast
import numpy as np

from srcdiff.compiler.ir import syntax as S


class InPlace:
    """The normalizer's in-place NumPy calls (mixed into normalize._Normalizer)."""

    def in_place_call(self, s, call, target):
        """Lower the statement ``s`` (``call`` for its effect) when ``target`` is one of
        this module's; True when done."""
        if getattr(target, "__self__", None) is np.add and target.__name__ == "at":
            self.add_at_statement(s, call)
            return True
        if target is np.copyto:
            self.copyto_statement(s, call)
            return True
        return False

    def _store_all(self, a, value):
        self.emit(S.assign(gast.Subscript(value=S.name(a), slice=S.const(Ellipsis),
                                          ctx=gast.Store()), value))

    def add_at_statement(self, s, call):
        """``np.add.at(a, index, v)`` (a scatter-add: a repeated position adds once per
        repeat): ``a[...] = add_at(a, index, v)``."""
        if call.keywords or len(call.args) != 3 or not isinstance(call.args[0], gast.Name) \
                or any(isinstance(a, gast.Starred) for a in call.args):
            raise self.error(s, "np.add.at is differentiated as `np.add.at(a, index, values)` "
                                "with `a` a variable", hint="name the array first: `a = ...`")
        a = call.args[0].id
        self._store_all(a, self.fresh_assign("added", self.helper_call(
            "add_at", [S.name(a), self.atom(call.args[1]), self.atom(call.args[2])])))

    def copyto_statement(self, s, call):
        """``np.copyto(a, v)``: ``a[...] = v`` (``v`` broadcast to ``a``'s shape);
        ``np.copyto(a, v, where=m)``: ``a[...] = np.where(m, v, a)``. (A ``casting``
        other than the default is refused: a store casts unsafely.)"""
        keywords = {k.arg: k.value for k in call.keywords}
        if len(call.args) != 2 or set(keywords) - {"where"} \
                or not isinstance(call.args[0], gast.Name) \
                or any(isinstance(a, gast.Starred) for a in call.args):
            raise self.error(s, "np.copyto is differentiated as `np.copyto(a, values)` or "
                                "`np.copyto(a, values, where=mask)` with `a` a variable",
                             hint="name the array first (`a = ...`) and leave `casting` "
                                  "to its default")
        a = call.args[0].id
        value = self.atom(call.args[1])
        if "where" in keywords:
            where = self.names.fresh("np_where")  # (the user's module may not name np)
            self.parsed.namespace[where] = np.where
            value = self.fresh_assign("copied", S.call(
                where, [self.atom(keywords["where"]), value, S.name(a)]))
        self._store_all(a, value)
