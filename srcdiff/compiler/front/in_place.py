"""NumPy functions called for their change of an array: ``np.add.at`` (``np.subtract.at``),
``np.copyto``, ``np.fill_diagonal``, ``np.put``, ``np.put_along_axis``, ``np.putmask``,
``np.place``.

Each is lowered to a store, ``a[...] = value`` or ``a[positions] = value`` (positions a
run-time helper computes as NumPy does), which the store's adjoint and undo, and the
checks of stores (aliasing.py: another live name of ``a``; dtypes.py: an integer array),
treat as any other store.
"""

import gast
import numpy as np

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.rules.array_composites import place_result, putmask_result
from srcdiff.rules.assembly_rules import along_axis_positions


def item_read(seq, at):
    """``seq[at]``, a loop's read of its item: in range (optimize/dead.py leaves no check)."""
    read = gast.Subscript(value=S.copy(seq), slice=at, ctx=gast.Load())
    setattr(read, dataflow.IN_RANGE, True)
    return read


class InPlace:
    """The normalizer's in-place NumPy calls (mixed into normalize._Normalizer)."""

    def in_place_call(self, s, call, target):
        """Lower the statement ``s`` (``call`` for its effect) when ``target`` is one of
        this module's; True when done."""
        owner = getattr(target, "__self__", None)
        if owner in (np.add, np.subtract) and target.__name__ == "at":
            self.add_at_statement(s, call, owner.__name__)
            return True
        if isinstance(owner, np.ufunc) and target.__name__ == "at":
            name = owner.__name__
            raise self.error(s, f"np.{name}.at is not differentiated (np.add.at and "
                                f"np.subtract.at are): it applies np.{name} once per "
                                "occurrence of a position, which srcdiff does not model",
                             hint=f"for positions that do not repeat write "
                                  f"`a[index] = np.{name}(a[index], values)`")
        if target is np.copyto:
            self.copyto_statement(s, call)
            return True
        if target is np.fill_diagonal:
            self.fill_diagonal_statement(s, call)
            return True
        if target is np.put:
            self.put_statement(s, call)
            return True
        if target is np.put_along_axis:
            self.put_along_axis_statement(s, call)
            return True
        if target is np.putmask or target is np.place:
            self.masked_put_statement(s, call, target.__name__)
            return True
        return False

    def read_statement(self, v):
        """Lower ``a[i]`` (or ``a[i], b[j]``) as a statement, read for the error it may raise
        (the user's, or a first-order gradient's: optimize/dead.py leaves the reads of an
        index it drops): a value nothing reads, kept as the user's dead code; True when
        done."""
        if not (isinstance(v, gast.Subscript) or isinstance(v, gast.Tuple) and v.elts and all(
                isinstance(e, gast.Subscript) for e in v.elts)):
            return False
        self.emit(S.assign(self.names.fresh("read"), self.value(v)))
        setattr(self.out[-1], dataflow.INDEX_READ, True)  # (never dead: optimize/dead.py)
        return True

    def _store_all(self, a, value):
        self.emit(S.assign(gast.Subscript(value=S.name(a), slice=S.const(Ellipsis),
                                          ctx=gast.Store()), value))

    def add_at_statement(self, s, call, ufunc="add"):
        """``np.add.at(a, index, v)`` (a scatter-add: a repeated position adds once per
        repeat): ``a[...] = add_at(a, index, v)``; ``np.subtract.at(a, index, v)`` as
        ``np.add.at(a, index, -v)`` (IEEE's ``a - v`` is exactly ``a + (-v)``)."""
        if call.keywords or len(call.args) != 3 or not isinstance(call.args[0], gast.Name) \
                or any(isinstance(a, gast.Starred) for a in call.args):
            raise self.error(s, f"np.{ufunc}.at is differentiated as "
                                f"`np.{ufunc}.at(a, index, values)` with `a` a variable",
                             hint="name the array first: `a = ...`")
        a = call.args[0].id
        index, values = self.atom(call.args[1]), self.atom(call.args[2])
        if ufunc == "subtract":
            values = self.fresh_assign("negated", gast.UnaryOp(op=gast.USub(), operand=values))
        self._store_all(a, self.fresh_assign("added", self.helper_call(
            "add_at", [S.name(a), index, values])))

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

    def _arguments(self, s, call, name, params, spelled):
        """``call``'s arguments by parameter (``params``, in order, the first the array it
        changes, which must be a variable); refused as ``spelled`` otherwise."""
        given = dict(zip(params, call.args))
        if not call.args or len(call.args) > len(params) \
                or not isinstance(call.args[0], gast.Name) \
                or any(isinstance(a, gast.Starred) for a in call.args) \
                or any(k.arg not in params[1:] or k.arg in given for k in call.keywords):
            raise self.error(s, f"{name} is differentiated as `{spelled}` with `a` a variable",
                             hint="name the array first: `a = ...`")
        given.update((k.arg, k.value) for k in call.keywords)
        return given

    def _store_at(self, a, helper, args, value):
        at = self.fresh_assign("at", self.helper_call(helper, [S.name(a)] + args))
        self.emit(S.assign(gast.Subscript(value=S.name(a), slice=at, ctx=gast.Store()),
                           value))

    def fill_diagonal_statement(self, s, call):
        """``np.fill_diagonal(a, val, wrap)``: ``a[diagonal_index(a, val, wrap)] = val``,
        the positions NumPy writes (the run-time helper checks that ``val`` is one value
        or one per position, where NumPy would repeat or cut it)."""
        given = self._arguments(s, call, "np.fill_diagonal", ("a", "val", "wrap"),
                                "np.fill_diagonal(a, val)")
        if "val" not in given:
            raise self.error(s, "np.fill_diagonal needs the value to write",
                             hint="write `np.fill_diagonal(a, val)`")
        value = self.atom(given["val"])
        wrap = [self.atom(given["wrap"])] if "wrap" in given else []
        self._store_at(given["a"].id, "diagonal_index", [value] + wrap, value)

    def put_statement(self, s, call):
        """``np.put(a, ind, v)``: ``a[put_index(a, ind, v)] = v``, ``ind`` flattened and
        counted from the end when negative (a repeated position takes its last value, in
        the store as in NumPy). ``mode='raise'`` only: ``'wrap'`` and ``'clip'`` move
        positions out of range, which srcdiff does not follow."""
        given = self._arguments(s, call, "np.put", ("a", "ind", "v", "mode"),
                                "np.put(a, ind, v)")
        mode = given.get("mode")
        if mode is not None and not (isinstance(mode, gast.Constant) and mode.value == "raise"):
            raise self.error(s, "np.put is differentiated with its default `mode='raise'` "
                                "only: 'wrap' and 'clip' move positions out of range",
                             hint="bring the positions into range first (`ind % a.size`)")
        if "ind" not in given or "v" not in given:
            raise self.error(s, "np.put needs the positions and the values",
                             hint="write `np.put(a, ind, v)`")
        value = self.atom(given["v"])
        self._store_at(given["a"].id, "put_index", [self.atom(given["ind"]), value], value)

    def put_along_axis_statement(self, s, call):
        """``np.put_along_axis(a, indices, values, axis)``: NumPy's own store,
        ``a[along_axis_positions(a, indices, axis)] = values`` (rules/assembly_rules.py)."""
        given = self._arguments(s, call, "np.put_along_axis", ("arr", "indices", "values",
                                "axis"), "np.put_along_axis(a, indices, values, axis)")
        if len(given) != 4:
            raise self.error(s, "np.put_along_axis needs the indices, the values and the axis",
                             hint="write `np.put_along_axis(a, indices, values, axis)`")
        name = self.names.fresh("along_axis_positions")  # (not the user's name)
        self.parsed.namespace[name] = along_axis_positions
        at = self.fresh_assign("at", S.call(name, [
            S.name(given["arr"].id), self.atom(given["indices"]), self.atom(given["axis"])]))
        self.emit(S.assign(gast.Subscript(value=S.name(given["arr"].id), slice=at,
                                          ctx=gast.Store()), self.atom(given["values"])))

    def masked_put_statement(self, s, call, name):
        """``np.putmask(a, mask, values)``: ``a[...] = putmask_result(a, mask, values)``,
        ``np.where(mask, values at each entry's position, a)``; ``np.place(arr, mask, vals)``
        likewise, the values taken in the order of the masked entries
        (rules/array_composites.py: differentiated from their definitions)."""
        params = ("a", "mask", "values") if name == "putmask" else ("arr", "mask", "vals")
        spelled = f"np.{name}({', '.join(params)})"
        given = self._arguments(s, call, f"np.{name}", params, spelled)
        if len(given) != 3:
            raise self.error(s, f"np.{name} needs the mask and the values",
                             hint=f"write `{spelled}`")
        helper = self.names.fresh(f"{name}_result")  # (not the user's name)
        self.parsed.namespace[helper] = putmask_result if name == "putmask" else place_result
        self._store_all(given[params[0]].id, self.fresh_assign(f"{name}_into", S.call(
            helper, [S.name(given[params[0]].id)] + [self.atom(given[p]) for p in params[1:]])))
