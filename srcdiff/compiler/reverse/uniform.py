"""Uniform gradients: the gradient of a full sum or mean kept as a scalar.

``np.sum(x)`` sends the same gradient to every element of ``x``. Rather than
fill an array with it (``spread``), the reverse sweep keeps the scalar while
only elementwise rules read it: ``-g``, ``g * y``, ``g / (1.0 + x)`` give the
same numbers with the scalar broadcast by NumPy. This module decides when that
is exact (shape patterns, see activity.py); reverse.py keeps which gradients
are uniform (``AdjointState.uniform``) and spreads them before anything else reads
them. A mean's ``np.size(x)`` is read from an earlier value of ``x``'s shape,
so that ``x`` (often a loss term nothing else needs) is not computed for it.
"""

import bisect
import sys
from types import SimpleNamespace

import gast
import numpy as np

from srcdiff.compiler.analysis.activity import broadcast_pattern
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.calls import plain_call

SIZE_CALLS = ("np.size", "size_of")  # a mean's size (rules call size_of: any array type)


def scalar_valued(view, expr):
    """Is ``expr`` a scalar: arithmetic on literals, ``np.size``, and names of rank 0?"""
    for n in gast.walk(expr):
        if isinstance(n, gast.Call):
            if not (S.expr_source(n.func) in SIZE_CALLS and len(n.args) == 1):
                return False
        elif isinstance(n, gast.Name):
            if n.id == "np":
                continue
            v = view.renamed.get(n.id, n.id)
            if v not in view.a.shapes:
                v = view.gradient_of(n.id)
            if v is None or view.a.shapes.get(v) != ():
                if not _inside_size_call(expr, n):
                    return False
        elif not isinstance(n, (gast.BinOp, gast.UnaryOp, gast.Constant, gast.Attribute,
                                gast.operator, gast.unaryop, gast.Load, gast.expr_context)):
            return False
    return True


class TopLevel:
    """Facts about the function's top-level statements, gathered once per function (the
    ANF body does not change while the adjoint is generated) for size_from_earlier:
    the position of each statement, the positions of the statements defining each name
    (``op.target``), of those rebinding it (anywhere inside them), and the user's names."""

    def __init__(self, body, analysis, user):
        self.body = body
        self.position = {id(st): i for i, st in enumerate(body)}
        self.defines = {}  # name -> ascending positions of its definitions
        self.binds = {}  # name -> ascending positions of the statements rebinding it
        for i, st in enumerate(body):
            op = analysis.op(st)
            if op is not None and op.target is not None:
                self.defines.setdefault(op.target, []).append(i)
            for v in dataflow.bound(st):
                self.binds.setdefault(v, []).append(i)
        self.user = user
        self.sources = {}  # name -> (user's name or None, chain's end, lo, hi): source()

    def last_definition(self, name, before):
        """The position of ``name``'s last definition before position ``before``, or None."""
        at = self.defines.get(name, ())
        k = bisect.bisect_left(at, before)
        return at[k - 1] if k else None

    def rebound(self, name, after, upto):
        """Does a statement at a position in ``(after, upto]`` rebind ``name``?"""
        at = self.binds.get(name, ())
        k = bisect.bisect_right(at, after)
        return k < len(at) and at[k] <= upto

    def source(self, x, k, view):
        """The name :func:`size_from_earlier` reads ``x``'s size from at position ``k``:
        follow ``x``'s single elementwise definition before ``k`` to an operand of its
        shape not rebound since, and so on; the last user's name on that chain, else its
        end. Each step depends on ``k`` only through the positions it compares ``k``
        with, so a chain's answer holds for an interval of positions: it is kept per name
        with that interval (``self.sources``), and a later question whose chain reaches
        a name with an answer valid at its ``k`` stops there (the chains of a function's
        sizes share their tails: asking each from scratch was quadratic)."""
        path = []  # (name, interval where its step holds)
        tail = None  # (last user's name or None, end of the chain, lo, hi)
        while True:
            known = self.sources.get(x)
            if known is not None and known[2] <= k < known[3]:
                tail = known
                break
            nxt, lo, hi = self._step(x, k, view)
            path.append((x, lo, hi))
            if nxt is None:
                break
            x = nxt
        for x, lo, hi in reversed(path):
            mine = x if x in self.user else None
            if tail is None:
                tail = (mine, x, lo, hi)
            else:
                tail = (tail[0] if tail[0] is not None else mine, tail[1],
                        max(lo, tail[2]), min(hi, tail[3]))
            self.sources[x] = tail
        return tail[0] if tail[0] is not None else tail[1]

    def _step(self, x, k, view):
        """``(next name or None, lo, hi)``: one step of :meth:`source` from ``x`` at ``k``,
        the same for every position in ``[lo, hi)``."""
        lo, hi = -1, len(self.body) + 1
        if view.a.assign_count.get(x) != 1 or x in view.params:
            return None, lo, hi
        at = self.defines.get(x, ())
        c = bisect.bisect_left(at, k)  # the definitions before k
        if c:
            lo = at[c - 1] + 1
        if c < len(at):
            hi = at[c] + 1
        if not c:
            return None, lo, hi
        j = at[c - 1]
        op = view.a.op(self.body[j])
        if op is None or not _elementwise(op):
            return None, lo, hi
        px = view.a.shapes.get(x)
        names = [a for a in op.args if isinstance(a, gast.Name)]
        known = px is not None and None not in px
        for arg in names:  # (one array operand has the result's shape, known or not)
            if not (len(names) == 1 or (known and view.a.shapes.get(arg.id) == px)):
                continue
            binds = self.binds.get(arg.id, ())
            r = bisect.bisect_right(binds, j)
            if r < len(binds) and binds[r] <= k:  # rebound in (j, k]
                lo = max(lo, binds[r])
                continue
            if r < len(binds):
                hi = min(hi, binds[r])
            return arg.id, lo, hi
        return None, lo, hi


def size_from_earlier(view, expr):
    """``np.size(x)`` read from the earliest value known to have ``x``'s shape.

    ``x = y - z`` (elementwise, ``y`` with ``x``'s known shape pattern) has
    ``y``'s shape; following such definitions back in straight-line code
    reaches a value the backward sweep holds anyway, so ``x`` (often a
    loss term nothing else needs) is not kept just for its size.
    """
    at = view.current
    top = view.top
    k = top.position.get(id(at)) if at is not None else None
    if k is None:
        return expr

    def source(x):
        return top.source(x, k, view)

    class Size(gast.NodeTransformer):
        def visit_Call(self, n):
            self.generic_visit(n)
            if S.expr_source(n.func) in SIZE_CALLS and len(n.args) == 1 \
                    and isinstance(n.args[0], gast.Name):
                n.args[0] = S.name(source(n.args[0].id))
            return n

    return Size().visit(S.copy(expr))


def uniform_results(view, op, stmts, pairs, bv):
    """For an elementwise rule read with a uniform ``g``: operand -> uniform?, or None.

    With ``g`` standing for ``G``, the scalar repeated over the output's
    shape, a contribution ``E(g)`` made of ``g``, literals, the statement's
    operands and result, arithmetic and NumPy functions the rule table declares
    elementwise (``elementwise=True``; not every ufunc is) has the shape of its other
    leaves, and ``E(G)`` is ``E(g)`` broadcast to the output's shape. So when
    the operand has the output's shape (equal, fully known shape patterns of
    values broadcast together), ``E(g)`` is exact if it has that shape too,
    and uniform if it is a scalar. ``unbroadcast(E1, x)`` is exact when
    ``E1(g)`` has the output's shape. Anything else (a helper, another call,
    a rule statement reading ``g``, other shapes) needs the array: None.
    """
    if bv in S.loaded_names(gast.Module(body=list(stmts), type_ignores=[])):
        return None
    pout = view.a.shapes.get(op.target)
    allowed = {x.id for x in list(op.args) + list(op.kwargs.values())
               if isinstance(x, gast.Name)} | {op.target} | set(view.renamed)
    if pout is None or None in pout:
        return _unary_uniform_results(view, op, pairs, bv, allowed)
    result = {}
    for k, (name, expr, owned) in enumerate(pairs):
        px = view.a.shapes.get(name)
        if px is None or None in px:
            return None
        negated = isinstance(expr, gast.UnaryOp) and isinstance(expr.op, gast.USub)
        core = expr.operand if negated else expr  # (``-unbroadcast(g, y)`` of ``x - y``)
        if plain_call(core, "unbroadcast", 2) and isinstance(core.args[1], gast.Name) \
                and view.renamed.get(core.args[1].id, core.args[1].id) == name:
            inner = _elementwise_pattern(view, core.args[0], bv, allowed)
            if inner == () and px == () and pout != ():
                # a scalar operand (``gammaln(y + r) - gammaln(r)``): ``E(G)`` over the
                # output's n elements, summed to it, is n times ``unbroadcast(E(g), x)``
                # (up to the order of the sum's additions); n read from an operand that
                # has the output's shape
                full = next((a.id for a in op.args if isinstance(a, gast.Name)
                             and view.a.shapes.get(view.renamed.get(a.id, a.id)) == pout),
                            None)
                if full is None:
                    return None
                size = size_from_earlier(view, S.call("size_of", [S.name(full)]))
                # (``unbroadcast`` of a scalar to a scalar returns it, unless it takes the
                # real part of a complex one: left out where no value is complex)
                kept = core.args[0] if view.real else core
                scaled = gast.BinOp(left=kept, op=gast.Mult(), right=size)
                pairs[k] = (name, gast.UnaryOp(op=gast.USub(), operand=scaled)
                            if negated else scaled, owned)
            elif inner != pout:
                return None
            result[name] = False  # exact: the sum over broadcast axes of the true array
            continue
        p = _elementwise_pattern(view, expr, bv, allowed)
        if px != pout or p is None:
            return None
        if p == () and px != ():
            result[name] = True
        elif p == px:
            result[name] = False
        else:
            return None
    return result

def _unary_uniform_results(view, op, pairs, bv, allowed):
    """:func:`uniform_results` for an elementwise primitive of one array (``y ** 2``,
    ``np.tanh(y)``; the other arguments literals) whose shape is not known: its operand
    and result have one shape, so the patterns stand in as one known shape."""
    names = [x.id for x in op.args if isinstance(x, gast.Name)]
    if op.kwargs or len(names) != 1 or any(
            not isinstance(x, (gast.Name, gast.Constant)) for x in op.args):
        return None
    same = (False,)  # "the output's shape", whatever it is
    shapes = {names[0]: same, op.target: same}
    local = SimpleNamespace(a=SimpleNamespace(shapes=shapes, registry=view.a.registry),
                            renamed=view.renamed)
    result = {}
    for name, expr, _ in pairs:
        if name != names[0]:
            return None
        p = _elementwise_pattern(local, expr, bv, allowed)
        if p == ():
            result[name] = True
        elif p == same:
            result[name] = False
        else:
            return None
    return result


def _elementwise_pattern(view, expr, bv, allowed):
    """Shape pattern of an elementwise expression with ``bv`` a scalar; None if unsure."""
    if isinstance(expr, gast.Constant):
        ok = isinstance(expr.value, (int, float)) and not isinstance(expr.value, bool)
        return () if ok else None
    if isinstance(expr, gast.Name):
        if expr.id == bv:
            return ()
        if expr.id not in allowed:
            return None
        p = view.a.shapes.get(view.renamed.get(expr.id, expr.id))
        return p if p is not None and None not in p else None
    if isinstance(expr, gast.UnaryOp) and isinstance(expr.op, (gast.USub, gast.UAdd)):
        return _elementwise_pattern(view, expr.operand, bv, allowed)
    if isinstance(expr, gast.BinOp) and not isinstance(expr.op, gast.MatMult):
        parts = [_elementwise_pattern(view, e, bv, allowed) for e in (expr.left, expr.right)]
        return None if None in parts else broadcast_pattern(parts)
    if isinstance(expr, gast.Call) and not expr.keywords and view.a.registry is not None \
            and view.a.registry.is_elementwise(_library_function(expr.func)):
        parts = [_elementwise_pattern(view, e, bv, allowed) for e in expr.args]
        return None if None in parts else broadcast_pattern(parts)
    return None


def _library_function(f):
    """The function a rule body calls as ``np.tanh`` or ``scipy.special.digamma`` (a
    module imported already), or None."""
    parts = S.dotted_parts(f)
    if parts is None or len(parts) < 2:
        return None
    module = np if parts[:-1] == ("np",) else sys.modules.get(".".join(parts[:-1]))
    return getattr(module, parts[-1], None) if module is not None else None


def _elementwise(op):
    """Is ``op`` an elementwise operation (its result has its operands' broadcast shape)?

    Only a rule registered with ``elementwise=True`` is: ``np.matmul`` is a ufunc too.
    """
    return op.kind == "prim" and not op.kwargs and op.rule is not None and op.rule.elementwise


def is_spread_of(expr, v):
    """Is ``expr`` ``spread(g, v)``?"""
    return plain_call(expr, "spread", 2) is not None and isinstance(expr.args[1], gast.Name) \
        and expr.args[1].id == v


def _inside_size_call(expr, node):
    for n in gast.walk(expr):
        if isinstance(n, gast.Call) and S.expr_source(n.func) in SIZE_CALLS \
                and any(a is node for a in gast.walk(n)):
            return True
    return False
