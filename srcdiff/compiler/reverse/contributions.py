"""Gradient contributions: a rule's template instantiated for one statement, and each
operand's gradient accumulated into its ``b_`` variable (defined, owned, uniform:
state.py). Part of :class:`~srcdiff.compiler.reverse.adjoint.Reverse`.
"""

import gast
import numpy as np

from srcdiff.compiler.analysis.activity import ARRAY, INT
from srcdiff.compiler.analysis.makers import distinct_positions
from srcdiff.compiler.analysis.sameshape import STORED
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.rule_folding import RankFolder
from srcdiff.rules.shape_rules import split_rest, stacked_parts


class Contributions:
    """Reverse's rule instantiation and accumulation (mixed into Reverse)."""

    # ------------------------------------------------------------ rules
    def instantiate(self, op, g, atom, s):
        template = op.rule.vjp
        if template is None:
            raise self._no_rule(op)
        args = [atom(x) for x in op.args]
        kwargs = {k: atom(x) for k, x in op.kwargs.items()}
        try:
            bound = template.bind(args, kwargs)
        except TypeError as e:
            raise self.error(op.stmt, f"cannot match the call to {op.label} with its gradient "
                             f"rule: {e}")
        if template.not_differentiable:  # (most rules have no such parameter)
            given = template.bind(op.args, op.kwargs)  # (the operands as in the function)
            template.refuse_underivable(lambda p: p in given and any(
                n in self.a.active for n in _operand_names(given[p])), self.error, op.stmt)
        ans = S.name(op.target)
        with_ranks = RankFolder(self.a.ranks, real=not self.opt.complex_values)
        stmts, results = template.instantiate([g, ans], bound, self.names,
                                              call_name=self.rule_name(op),
                                              prefold=None if self.opt.reference
                                              else with_ranks.fold, helpers=self.helpers)
        self.helpers[self.rule_name(op)] = template.fn
        pairs = []
        params = template.differentiable_params
        for pname, r in zip(params, results):
            if r is None:
                continue
            node = bound.get(pname)
            if node is None:
                continue
            targets = _operand_names(node)
            if len(targets) == 1 and isinstance(node, gast.Name):
                if not self.opt.reference:
                    r = _elide_unbroadcast(r, self.renamed.get(node.id, node.id), op,
                                           self.a.shapes, self.a.same_shapes,
                                           self.opt.verify)
                pairs.append((self.renamed.get(node.id, node.id), r, False))
            elif targets and isinstance(node, (gast.List, gast.Tuple)):
                tmp = self.names.fresh("parts")
                stmts.append(S.assign(tmp, r, s))
                for k, e in enumerate(node.elts):
                    if isinstance(e, gast.Name):
                        pairs.append((self.renamed.get(e.id, e.id), S.expr(f"{tmp}[{k}]"),
                                      False))
        for x in stmts:
            S.locate(x, s)
        return stmts, pairs

    def join_adjoint(self, op, g, s):
        """``(statements, pairs)`` for ``c = np.concatenate(items, axis)`` or ``np.stack``
        whose ``items`` is a tuple or list display of names (``items = a, b``), or None.

        The pieces of ``g`` go straight to ``a`` and ``b`` (not through ``b_items`` and
        the display's adjoint), and concatenate's last piece is whatever remains of ``g``
        after the others (``split_rest``), so the backward sweep reads no entry but
        the first ones' (for their lengths) and ``np.stack``'s reads none: a piece
        computed for the join alone (``x[1:] * y[:-1]``) is not kept for its shape.

        Invariant: between the display and the join no statement rebinds or writes into
        ``items`` or any of its entries (checked on the block holding both), so when the
        join's adjoint runs each entry's variable holds the value the join read (the
        sweep's invariant), and its gradient there is the gradient of that value.
        Contributions add up, so other uses of ``items`` keep their own path."""
        if self.opt.reference or op.func not in _JOINS or len(op.args) not in (1, 2) \
                or set(op.kwargs) - {"axis"} or not isinstance(op.args[0], gast.Name):
            return None
        axis = op.args[1] if len(op.args) == 2 else op.kwargs.get("axis", S.const(0))
        if not (isinstance(axis, gast.Constant) and type(axis.value) is int):
            return None
        items = op.args[0].id
        display = self._display_before(items, s)
        if display is None:
            return None
        elts = display.value.elts
        if not elts or not all(isinstance(e, gast.Name) for e in elts) \
                or op.target in {e.id for e in elts} \
                or any(self.kind(e.id) != ARRAY for e in elts[:-1]):  # (split_rest: shapes)
            return None
        parts = self.names.fresh("pieces")
        if op.func is np.stack:
            value = S.call("stacked_parts", [S.copy(g), S.const(len(elts)), S.copy(axis)])
            self.helpers["stacked_parts"] = stacked_parts
        else:
            heads = gast.Tuple(elts=[S.copy(e) for e in elts[:-1]], ctx=gast.Load())
            value = S.call("split_rest", [S.copy(g), heads, S.copy(axis)])
            self.helpers["split_rest"] = split_rest
        pairs = [(e.id, S.expr(f"{parts}[{k}]"), False) for k, e in enumerate(elts)
                 if self.active(e.id)]
        return [S.assign(parts, value, s)], pairs

    def join_entries(self, op):
        """The names of the entries of the display a join of ``join_adjoint`` reads."""
        if op.func not in _JOINS or not op.args or not isinstance(op.args[0], gast.Name):
            return set()
        display = self._display_before(op.args[0].id, op.stmt)
        if display is None:
            return set()
        return {e.id for e in display.value.elts if isinstance(e, gast.Name)}

    def _display_before(self, items, s):
        """The statement ``items = (a, b, ...)`` (or a list) that is ``items``'s only
        definition and comes before ``s`` in ``s``'s own block, with nothing between
        them that rebinds or writes into ``items`` or an entry; else None."""
        if items in self.params or self.a.assign_count.get(items) != 1:
            return None
        block = self._block_of(s)
        if block is None:
            return None
        at = next(k for k, x in enumerate(block) if x is s)
        for k in range(at - 1, -1, -1):
            d = block[k]
            op = self.a.op(d)
            if op is not None and op.target == items:
                if op.kind != "literal" or not isinstance(d, gast.Assign) \
                        or not isinstance(d.value, (gast.Tuple, gast.List)):
                    return None
                names = {items} | {e.id for e in d.value.elts if isinstance(e, gast.Name)}
                between = set()
                for x in block[k + 1:at]:
                    between |= dataflow.writes(x) | dataflow.changed_in_place(x)
                return None if names & between else d
        return None

    def _block_of(self, s):
        """The statement list of the analyzed function that holds ``s`` itself."""
        todo = [self.fn.body]
        while todo:
            body = todo.pop()
            if any(x is s for x in body):
                return body
            for x in body:
                if isinstance(x, (gast.If, gast.For, gast.While)):
                    todo += [x.body, x.orelse]
        return None

    def rule_name(self, op):
        return "vjp_" + op.rule.vjp.name.strip("_")

    def index_adjoint(self, s, op, base, g, atom):
        bb = self.b(base)
        index = S.index_value(op.index)
        value = atom(op.args[0])  # the indexed value as it was (``xs = xs[::-1]``)
        out = []
        if base == op.target:  # the statement redefines its base: start from zero
            self._reset(out, base, emit=False)
        if self.kind(base) == ARRAY:
            # positions the index never repeats (makers.py): a plain add, not np.add.at
            distinct = [S.const(True)] if not self.opt.reference and distinct_positions(
                op.index, self.a.shapes.get(base), self.a.kinds, self.a.shapes,
                self.a.int_arrays) else []
            if bb not in self.state.defined:
                out.append(S.assign(bb, S.call("index_add", [S.const(None), value, index, g]
                                               + distinct), s))
            elif bb in self.state.owned:  # (index_add takes a None: first_into)
                first = self.first_into(bb)
                add = S.assign(bb, S.call("index_add", [S.name(bb), value, index, g]
                                          + distinct), s)
                if not first and not self.opt.complex_values and self.basic_index(op.index) \
                        and self._sized_index(op.index):
                    # an owned array (not None), a basic index reaching an axis, a real
                    # gradient: the index_add is `bb[index] += g` (optimize/scatters.py)
                    setattr(add, S.INTO_OWNED, True)
                out.append(add)
            else:  # (a uniform bb, a scalar standing for an array, is broadcast by the +)
                out.append(S.assign(bb, gast.BinOp(
                    left=S.call("index_add", [S.const(None), value, index, g] + distinct),
                    op=gast.Add(), right=S.name(bb)), s))
            self.state.defined.add(bb)
            self.state.owned.add(bb)
            # an array from here on: no longer a scalar standing for one (a rule reading it
            # as uniform took an array for a scalar: uniform.py)
            self.state.uniform.discard(bb)
        else:
            if bb in self.state.uniform:  # item_add adds into its array or list, not into
                out.extend(self._spread_uniform([bb]))  # a uniform scalar (uniform.py)
            prev = S.name(bb) if bb in self.state.defined else S.const(None)
            out.append(S.assign(bb, S.call("item_add", [prev, value, index, g]), s))
            self.state.defined.add(bb)
            self.state.owned.discard(bb)
        if base != op.target:
            self._reset(out, op.target, emit=False)
        old = atom(S.name(op.target))  # (the value before s, when s overwrote one it restores)
        self._materialize_if_carried(out, op.target, s, old=old.id if old.id != op.target else None)
        return out

    def store_adjoint(self, s, op, g):
        """``x[i] = v``: ``v`` gets ``b_x[i]``, and ``b_x[i]`` is zero before the store."""
        x = op.target
        bx = self.b(x)
        out = []
        late = []
        value = op.args[0]
        # a 0-d array's gradient (its shape may be unknown) may be a number (`acc * 2.0` of
        # a 0-d `acc` is a NumPy scalar, a seed a float): made an array before the value's
        # part indexes it (`b_x[...]`), not only before it is written into
        early = self.kind(x) == ARRAY and self.a.shapes.get(x) in ((), None)
        if early:
            self._writable_gradient(out, x, s)
        if isinstance(value, gast.Name) and self.active(value.id):
            if self.kind(x) == ARRAY and self.basic_index(op.index):
                part = S.expr("np.copy(b[i])", b=S.name(bx), i=S.copy(op.index))
                same = self.a.same_shapes
                if same is not None and same.same(op.stmt, [STORED, value.id]):
                    # the stored part has the value's shape (analysis/sameshape.py)
                    if self.opt.verify:
                        part = S.call("verify_shape", [part, S.copy(value)])
                else:
                    part = S.call("unbroadcast", [part, S.copy(value)])
            elif self.kind(x) == ARRAY:  # an index array may repeat a position: the last
                # write there is the one the value kept (runtime.last_writes)
                # (the index passed to the helper as a value: `1:` is `slice(1, None, None)`)
                part = S.expr("b[i] * last_writes(b, j)", b=S.name(bx), i=S.copy(op.index),
                              j=S.index_value(op.index))
                part = S.call("unbroadcast", [part, S.copy(value)])
            else:
                part = S.call("item_grad", [S.name(bx), S.index_value(op.index), S.copy(value)])
            if value.id == x:  # ``x[i] = x``: the value's part is added to b_x after b_x[i] is
                # cleared (added before, the clearing would drop it where it lands in i)
                held = self.names.fresh("b_part")
                out.append(S.assign(held, part, s))
                late = [S.name(held)]
            else:
                self.contribute(out, self.state, value.id, part, like=s)
        if self.kind(x) == ARRAY:
            if not early:
                self._writable_gradient(out, x, s)
            out.append(S.assign(gast.Subscript(value=S.name(bx), slice=S.copy(op.index),
                                               ctx=gast.Store()), S.const(0.0), s))
        else:
            out.append(S.assign(bx, S.call("item_clear", [S.name(bx), S.index_value(op.index)]), s))
            self.state.owned.discard(bx)
        for held in late:
            self.contribute(out, self.state, x, held, like=s)
        return out

    def _writable_gradient(self, out, x, s):
        """Make the gradient of ``x``, an array stored into, an array of its own."""
        bx = self.b(x)
        if bx in self.state.owned:
            if self.a.shapes.get(x) in ((), None):
                # owned, a fresh result of arithmetic: for a 0-d array (its shape may be
                # unknown) a NumPy scalar; as an array (itself where it is one already)
                out.append(S.assign(bx, S.expr(f"np.asarray({bx})"), s))
            return
        # an owned float copy; where values may be complex, of the gradient's own complex
        # dtype (dtype=float would drop its imaginary part)
        dtype = f"np.result_type({bx}, float)" if self.opt.complex_values else "float"
        out.append(S.assign(bx, S.expr(f"np.array({bx}, dtype={dtype})"), s))
        self.state.owned.add(bx)

    def basic_index(self, index):
        """Is ``index`` certainly basic (ints, slices, ``None``, ``...``), so that a store
        through it writes each position at most once?"""
        parts = index.elts if isinstance(index, gast.Tuple) else [index]
        for p in parts:
            if isinstance(p, gast.Slice) or isinstance(p, gast.Constant) and (
                    p.value is None or p.value is Ellipsis or isinstance(p.value, int)):
                continue
            if self._int_scalar(p):
                continue
            return False
        return True

    def _int_scalar(self, e):
        """Is ``e`` surely one int: an int literal, a name the facts hold an int (not an
        array of them), or ``+ - * // %`` of those?"""
        if isinstance(e, gast.Constant):
            return isinstance(e.value, int)
        if isinstance(e, gast.Name):
            return self.kind(e.id) == INT and self.a.shapes.get(e.id) == ()
        if isinstance(e, gast.UnaryOp):
            return isinstance(e.op, (gast.USub, gast.UAdd)) and self._int_scalar(e.operand)
        if isinstance(e, gast.BinOp):
            return isinstance(e.op, (gast.Add, gast.Sub, gast.Mult, gast.FloorDiv, gast.Mod)) \
                and self._int_scalar(e.left) and self._int_scalar(e.right)
        return False

    @staticmethod
    def _sized_index(index):
        """Does ``index`` hold an int or a slice (so the indexed value has an axis, and its
        gradient is an array: a 0-d value's may be a number, which cannot be indexed), and
        no ``None`` (an array-API array cannot be stored into through a new axis: its
        index_add leaves them out, runtime_array_api.py)?"""
        parts = index.elts if isinstance(index, gast.Tuple) else [index]
        if any(isinstance(p, gast.Constant) and p.value is None for p in parts):
            return False
        return any(not (isinstance(p, gast.Constant) and p.value is Ellipsis) for p in parts)

    def append_adjoint(self, s, op, g, atom):
        xs = op.target
        bxs = self.b(xs)
        value = op.args[0]
        out = []
        part = self.names.fresh("b_item")
        out.append(S.assign(gast.Tuple(elts=[S.name(bxs), S.name(part)], ctx=gast.Store()),
                            S.call("pop_grad", [S.name(bxs), S.copy(value)]), s))
        if isinstance(value, gast.Name) and self.active(value.id):
            self.contribute(out, self.state, value.id, S.name(part), like=s)
        return out

    def literal_adjoint(self, s, op, g, out):
        value = op.stmt.value
        pairs = []
        if isinstance(value, gast.Dict):
            items = list(zip(value.keys, value.values))
        else:
            items = [(S.const(k), e) for k, e in enumerate(value.elts)]
        for key, e in items:
            if isinstance(e, gast.Name) and self.active(e.id):
                pairs.append((e.id, S.call("item_grad", [S.copy(g), S.copy(key), S.copy(e)]),
                              False))
        return pairs


_JOINS = (np.concatenate, np.concat, np.stack)


def _operand_names(node):
    return [n.id for n in dataflow.names(node)]  # (in no order: counted)


def _elide_unbroadcast(expr, x, op, shapes, same=None, verify=False):
    """``unbroadcast(e, x)`` is ``e`` when no other operand can broadcast ``x`` up.

    Known shape patterns decide it: every other operand has at most ``x``'s
    rank, and wherever ``x`` has an axis of length 1 so do they. Or every other operand that
    is not a scalar has ``x``'s shape where ``op`` reads them (``same``: slices of one array,
    analysis/sameshape.py); verification mode then checks it (``verify_shape``).
    ``-unbroadcast(e, x)`` (rules/registry.py: reduce, then negate) likewise becomes ``-e``.
    """
    if isinstance(expr, gast.UnaryOp) and isinstance(expr.op, gast.USub):
        inner = _elide_unbroadcast(expr.operand, x, op, shapes, same, verify)
        if inner is expr.operand:
            return expr
        return _sign_on_first_factor(inner)
    if not (isinstance(expr, gast.Call) and isinstance(expr.func, gast.Name)
            and expr.func.id == "unbroadcast" and len(expr.args) == 2):
        return expr
    if not _broadcasts_operands(op):
        return expr  # np.full(3, v): the 3 is a shape, not an operand broadcast with v
    if _patterns_bound(x, op, shapes):
        return expr.args[0]
    if same is not None and _same_as_operands(x, op, shapes, same):
        return S.call("verify_shape", list(expr.args)) if verify else expr.args[0]
    return expr


def _operands(op):
    """``op``'s arguments, keyword arguments too (``np.clip(s, a_min=lo)``: ``lo`` broadcasts
    ``s`` up as a positional bound would)."""
    return list(op.args) + list(op.kwargs.values())


def _patterns_bound(x, op, shapes):
    px = shapes.get(x)
    for a in _operands(op):
        if isinstance(a, gast.Constant):
            if isinstance(a.value, (int, float)) and not isinstance(a.value, bool):
                continue
            return False
        if not isinstance(a, gast.Name):
            return False
        if a.id == x:
            continue
        pa = shapes.get(a.id)
        if pa == ():
            continue
        if px is None or pa is None or len(pa) > len(px):
            return False
        for da, dx in zip(reversed(pa), reversed(px)):
            if dx is not False and da is not True:
                return False
    return True


def _same_as_operands(x, op, shapes, same):
    """Does every operand of ``op`` other than scalars have ``x``'s shape (sameshape.py)?
    (``x`` is an operand; its pre-value, when ``op`` redefines it, is read by that name.)"""
    names = [x]
    for a in _operands(op):
        if isinstance(a, gast.Constant) and isinstance(a.value, (int, float)) \
                and not isinstance(a.value, bool):
            continue
        if not isinstance(a, gast.Name):
            return False
        if shapes.get(a.id) != () or a.id == x:
            names.append(a.id)
    return same.same(op.stmt, names)


def _broadcasts_operands(op):
    """Is ``op``'s result the broadcast of its operands (an operator or a rule declared
    elementwise)? Only then does an operand's shape bound the result's."""
    return isinstance(getattr(op.stmt, "value", None), (gast.BinOp, gast.UnaryOp)) or (
        op.rule is not None and op.rule.elementwise) or op.func in _BROADCASTING


_BROADCASTING = (np.where, np.clip)  # not elementwise rules, but their operands broadcast


def _sign_on_first_factor(e):
    """``-e``, for a product ``e`` with its sign on the first factor (a scalar there, often,
    where negating costs nothing); exact: ``-(a * b) == (-a) * b``."""
    if isinstance(e, gast.BinOp) and isinstance(e.op, (gast.Mult, gast.Div)):
        return gast.BinOp(left=_sign_on_first_factor(e.left), op=e.op, right=e.right)
    if isinstance(e, gast.UnaryOp) and isinstance(e.op, gast.USub):
        return e.operand
    return gast.UnaryOp(op=gast.USub(), operand=e)


def combine(contributions):
    """One expression per operand: ``h * h`` gives ``b_h = 2.0 * (g * h)``, not two statements."""
    order, total = [], {}
    for name, expr, owned in contributions:
        if name in total:
            prev = total[name][0]
            if S.dump(S.canonical(prev)) == S.dump(S.canonical(expr)):
                if isinstance(prev, gast.BinOp) and isinstance(prev.op, gast.Mult):
                    # 2.0 * g * x: scaling by two is exact, so this is 2.0 * (g * x) to
                    # the bit, and 2.0 * g can be computed once when g is loop-invariant
                    expr = gast.BinOp(left=gast.BinOp(left=S.const(2.0), op=gast.Mult(),
                                                      right=prev.left),
                                      op=gast.Mult(), right=prev.right)
                else:
                    expr = gast.BinOp(left=S.const(2.0), op=gast.Mult(), right=prev)
            else:
                expr = gast.BinOp(left=prev, op=gast.Add(), right=expr)
            total[name] = (expr, False)
        else:
            order.append(name)
            total[name] = (expr, owned)
    return [(n, total[n][0], total[n][1]) for n in order]
