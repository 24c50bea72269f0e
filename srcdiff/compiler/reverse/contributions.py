"""Gradient contributions: a rule's template instantiated for one statement, and each
operand's gradient accumulated into its ``b_`` variable (defined, owned, uniform:
state.py). Part of :class:`~srcdiff.compiler.reverse.adjoint.Reverse`.
"""

import gast
import numpy as np

from srcdiff.compiler.analysis.activity import ARRAY, INT
from srcdiff.compiler.analysis.sameshape import STORED
from srcdiff.compiler.ir import syntax as S


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
        ans = S.name(op.target)
        with_ranks = S.RankFolder(self.a.ranks)
        stmts, results = template.instantiate([g, ans], bound, self.names,
                                              call_name=self.rule_name(op),
                                              prefold=None if self.opt.reference
                                              else with_ranks.fold)
        self.helpers.update(template.globals)
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
            if bb not in self.state.defined:
                out.append(S.assign(bb, S.call("index_add", [S.const(None), value, index, g]), s))
            elif bb in self.state.owned:
                out.append(S.assign(bb, S.call("index_add", [S.name(bb), value, index, g]), s))
            else:
                out.append(S.assign(bb, gast.BinOp(
                    left=S.call("index_add", [S.const(None), value, index, g]),
                    op=gast.Add(), right=S.name(bb)), s))
            self.state.defined.add(bb)
            self.state.owned.add(bb)
        else:
            if bb in self.state.uniform:  # item_add adds into its array or list, not into
                out.extend(self._spread_uniform([bb]))  # a uniform scalar (uniform.py)
            prev = S.name(bb) if bb in self.state.defined else S.const(None)
            out.append(S.assign(bb, S.call("item_add", [prev, value, index, g]), s))
            self.state.defined.add(bb)
            self.state.owned.discard(bb)
        if base != op.target:
            self._reset(out, op.target, emit=False)
        self._materialize_if_carried(out, op.target, s)
        return out

    def store_adjoint(self, s, op, g):
        """``x[i] = v``: ``v`` gets ``b_x[i]``, and ``b_x[i]`` is zero before the store."""
        x = op.target
        bx = self.b(x)
        out = []
        value = op.args[0]
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
                part = S.expr("b[i] * last_writes(b, i)", b=S.name(bx), i=S.copy(op.index))
                part = S.call("unbroadcast", [part, S.copy(value)])
            else:
                part = S.call("item_grad", [S.name(bx), S.index_value(op.index), S.copy(value)])
            self.contribute(out, self.state, value.id, part, like=s)
        if self.kind(x) == ARRAY:
            if bx not in self.state.owned:
                out.append(S.assign(bx, S.expr(f"np.array({bx}, dtype=float)"), s))
                self.state.owned.add(bx)
            out.append(S.assign(gast.Subscript(value=S.name(bx), slice=S.copy(op.index),
                                               ctx=gast.Store()), S.const(0.0), s))
        else:
            out.append(S.assign(bx, S.call("item_clear", [S.name(bx), S.index_value(op.index)]), s))
            self.state.owned.discard(bx)
        return out

    def basic_index(self, index):
        """Is ``index`` certainly basic (ints, slices, ``None``, ``...``), so that a store
        through it writes each position at most once?"""
        parts = index.elts if isinstance(index, gast.Tuple) else [index]
        for p in parts:
            if isinstance(p, gast.Slice) or isinstance(p, gast.Constant) and (
                    p.value is None or p.value is Ellipsis or isinstance(p.value, int)):
                continue
            if isinstance(p, gast.Name) and self.kind(p.id) == INT \
                    and self.a.shapes.get(p.id) == ():  # an int, not an array of them
                continue
            return False
        return True

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


def _operand_names(node):
    return [n.id for n in gast.walk(node) if isinstance(n, gast.Name)]


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


def _patterns_bound(x, op, shapes):
    px = shapes.get(x)
    for a in op.args:
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
    for a in op.args:
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
