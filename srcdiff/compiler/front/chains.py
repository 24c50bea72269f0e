"""Stores through an entry: ``x[i][j] = v``, ``x[i][j] += v`` (part of normalize.py's
normalizer).

Python evaluates ``x[i]`` and stores into the object it gives. Two lowerings say exactly
that, each where it holds:

* an array ``x`` with integer ``i`` (never a bool): ``x[i]`` is a view of ``x`` whose entry
  ``j`` is ``x[i, j]``, so the store is ``x[i, j] = v`` (marked ``srcdiff_chained``: the
  outer indexes; analysis/dtypes.py ``check_chained_stores`` refuses it unless ``x`` is an
  array and each an int);
* a list or dict ``x`` (``D["w"][0] = v``, ``L[k][1] += v``): ``x[i]`` is the entry object
  itself, so the store is ``item = x[i]; item[j] = v; x[i] = item``: the last store puts
  back the object that is already there (a change of nothing in Python, which nothing
  undoes: analysis/recording.py), which tells the data flow that ``x`` now holds the changed
  entry. A check when the code runs (runtime_checks.py ``list_only``) stops unless ``x`` is a
  list or a dict (an array's ``x[i]`` may be a copy, which the store back would wrongly
  write into ``x``; a tuple cannot be stored into). The statements changing ``item`` carry
  ``srcdiff_chain``, the pairs ``(item, container)`` from the innermost out, and the alias
  check (analysis/aliasing.py) lets each container see the change when it holds the entry
  only where it was read (the store back then makes its value the changed one); any other
  name referring to the entry (an argument, ``a`` of ``D = {"w": a}``, ``t = [a, a]``) sees
  it unfollowed and the store is refused. ``value`` is evaluated before ``x[i]`` is read, as
  Python does; in ``x[i][j] op= v`` it runs after, and is refused if it calls a method
  that may change a container (the entry stored back might no longer be ``x[i]``).

The first normalization makes every chain the first form; the driver normalizes again with
the chains whose ``x`` the analysis does not show an array in the second form
(``Parsed.split_chains``: their targets' positions, analysis/dtypes.py ``chains_to_split``).
"""

import gast

from srcdiff import runtime_checks
from srcdiff.compiler.ir import syntax as S


def chain_position(target):
    """The key of a chained store target in ``Parsed.split_chains``."""
    return (getattr(target, "lineno", None), getattr(target, "col_offset", None))


# methods that change their container (a value calling one may rebind the entry stored back)
_CHANGING = frozenset({"pop", "popitem", "setdefault", "clear", "update", "insert", "remove",
                       "extend", "append", "sort", "reverse", "fill", "put", "resize"})


class Chains:
    """The normalizer's stores into subscripts (mixed into normalize._Normalizer)."""

    def assign_subscript(self, target, value):
        """``target = value`` for a subscript ``target``: a split chain evaluates ``value``
        first, as Python does (before reading ``x[i]``, which ``value`` may change)."""
        if _flat_store(target):  # y.flat[i] = v is np.put(y, i, v) (in_place.py)
            put = S.locate(gast.Call(func=S.name("put"), args=[  # (its arguments only read)
                target.value.value, target.slice, value], keywords=[]), target)
            self.put_statement(target, put)
        elif self._split_at(target):
            value = self.atom(value)
            self.store_into(*self.subscript_target(target), value)
        else:
            name, index, outer = self.subscript_target(target)
            self.store_into(name, index, outer, self.atom(value))

    def _split_at(self, target):
        return isinstance(target.value, gast.Subscript) \
            and chain_position(target) in getattr(self.parsed, "split_chains", ())

    def subscript_target(self, target):
        """``(variable, index, outer)`` of a store target: ``x[i]`` (``outer`` empty), or a
        chain ``x[i][j]`` stored as ``x[i, j]``, with ``outer`` the atoms of ``i`` (see the
        module docstring), or, for a chain the driver asks to split, ``(item, j, ())`` after
        emitting ``item = x[i]`` and its check, with the stores back kept for
        :meth:`store_into` (``self.store_backs``)."""
        chain, node = [], target
        while isinstance(node, gast.Subscript):
            chain.append(node.slice)
            node = node.value
        if not isinstance(node, gast.Name):
            raise self.error(target, "only a variable can be assigned into by subscript "
                             "(`x[i] = ...`)", hint=_view_hint(node))
        chain.reverse()
        self.store_backs, self.chain_at = [], chain_position(target)
        if self._split_at(target):
            return self._split(node.id, chain, target)
        outer = []
        for part in chain[:-1]:
            for e in part.elts if isinstance(part, gast.Tuple) else [part]:
                if isinstance(e, gast.Slice) or isinstance(e, gast.Constant) \
                        and (e.value is None or e.value is Ellipsis):
                    raise self.error(target, "a chained store `x[i][j] = ...` is "
                                     "differentiated when every index but the last is an "
                                     "integer", hint="write one index: `x[i, j] = ...`")
                outer.append(self.atom(e))
        index = self.index(chain[-1])
        if not outer:
            return node.id, index, ()
        inner = index.elts if isinstance(index, gast.Tuple) else [index]
        return node.id, gast.Tuple(elts=outer + inner, ctx=gast.Load()), tuple(outer)

    def _split(self, name, chain, target):
        """``item = x[i]`` (checked: ``x`` a list or dict) for each outer index, innermost
        last; the stores back ``x[i] = item`` kept, innermost first."""
        self.parsed.namespace["list_only"] = runtime_checks.list_only
        container, backs, pairs = name, [], []
        for part in chain[:-1]:
            index = self.index(part)
            self.emit(S.assign(self.names.fresh("unused"), S.call("list_only", [
                S.name(container), S.const(f"`{S.expr_source(target)} = ...`")])))
            item = self.fresh_assign("entry", gast.Subscript(
                value=S.name(container), slice=S.copy(index), ctx=gast.Load())).id
            pairs.insert(0, (item, container))
            backs.insert(0, (container, index, item))
            container = item
        self.store_backs = [(c, i, v, tuple(pairs[k + 1:])) for k, (c, i, v) in enumerate(backs)]
        self.chain_pairs = tuple(pairs)
        return container, self.index(chain[-1]), ()

    def store_into(self, name, index, outer, value):
        """Emit ``name[index] = value`` and the stores back of a split chain."""
        self.emit(self.subscript_store(name, index, outer, value))
        if self.store_backs:
            self.out[-1].srcdiff_chain = self.chain_pairs
        for container, at, item, pairs in self.store_backs:
            self.emit(self.subscript_store(container, S.copy(at), (), S.name(item)))
            self.out[-1].srcdiff_store_back = True  # (nothing to undo: analysis/recording.py)
            if pairs:
                self.out[-1].srcdiff_chain = pairs
        self.store_backs = []

    def subscript_store(self, name, index, outer, value):
        """``name[index] = value``; a chained store keeps its outer indexes for the check."""
        store = S.assign(gast.Subscript(value=S.name(name), slice=index, ctx=gast.Store()),
                         value)
        if outer:
            store.srcdiff_chained = outer
            store.srcdiff_chain_at = self.chain_at
        return store

    def augmented_store(self, t, s, binop_name):
        """``x[i] op= v``: ``item = x[i]; new = item op v; x[i] = new`` (Python changes the
        entry itself in place when it is an array: aliasing.py)."""
        if self._split_at(t) and any(
                isinstance(n, gast.Call) and isinstance(n.func, gast.Attribute)
                and n.func.attr in _CHANGING for n in gast.walk(s.value)):
            raise self.error(s, "an augmented store through an entry, `x[i][j] op= v`, is "
                             "differentiated when `v` changes no container (it runs after "
                             "`x[i]` is read, and the entry is stored back)",
                             hint="compute `v` into a variable on the line before")
        name, index, outer = self.subscript_target(t)
        pairs = self.chain_pairs if self.store_backs else ()
        cur = self.fresh_assign("item", gast.Subscript(value=S.name(name),
                                                       slice=S.copy(index), ctx=gast.Load()))
        new = self.fresh_assign(binop_name, gast.BinOp(left=cur, op=s.op,
                                                       right=self.atom(s.value)))
        self.out[-1].srcdiff_inplace_item = (cur.id, name)
        if pairs:  # (`name`, the entry, is exempt as `t[k] += v`'s `t` is: aliasing.py)
            self.out[-1].srcdiff_chain = pairs
        self.store_into(name, index, outer, new)



def _flat_store(target):
    """Is ``target`` ``y.flat[i]`` for a variable ``y`` and one index that is not a slice
    (``y.flat[i] = v`` stores as ``np.put(y, i, v)`` does: flat positions, counted from the
    end when negative, a repeated one taking the last value, ``v`` repeated)?"""
    return isinstance(target.value, gast.Attribute) and target.value.attr == "flat" \
        and isinstance(target.value.value, gast.Name) \
        and not isinstance(target.slice, (gast.Slice, gast.Tuple))


def _view_hint(node):
    """The hint of a store into something other than a variable: a view written through an
    attribute (``B.T[0] += v``, ``y.flat[1:3] = v``) is said in the array's own index."""
    if isinstance(node, gast.Attribute) and node.attr == "T":
        return "index the array itself: `B.T[i]` of a 2-d `B` is `B[:, i]`"
    if isinstance(node, gast.Attribute) and node.attr == "flat":
        return ("`y.flat[i] = v` is differentiated for one index or an index array (as "
                "np.put); for a slice write `np.put(y, np.arange(start, stop), v)`")
    return "assign the container to a variable first"
