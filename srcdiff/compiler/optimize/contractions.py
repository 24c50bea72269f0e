"""A product summed down to a shape, without the product array.

The gradient of a broadcast operand of a product is the product of its partner and the
result's gradient, summed over the broadcast axes; the rules write it in two steps::

    b_gamma = unbroadcast(div * b_Y, gamma)          # (B, T, D) made, then summed to (D,)

and where one product feeds several such sums (n-body's ``diff = pos_i - pos_i1``, whose
gradient goes to both operands), it is named first::

    b_diff = b_pow1 * 2.0 * diff                     # (N, N, 1) * (N, N, 3)
    b_pos_i = unbroadcast(b_diff, pos_i)             # summed to (N, 1, 3)
    b_pos_i1 = -unbroadcast(b_diff, pos_i1)          # summed to (1, N, 3)

An expert writes ``einsum('ij,ijk->ik', w, diff)``: multiplied and added in one pass,
with no N x N x 3 array. So does ``runtime_memory.sum_product(A, B, X)``, which returns
``unbroadcast(A * B, X)`` (one ``np.einsum``, or one ``np.matmul`` where the sum is a batch
of vector-matrix products; itself where neither pays). This pass writes it::

    b_gamma = sum_product(div, b_Y, gamma)
    b_diff = b_pow1 * 2.0                            # the product's other factor, once
    b_pos_i = sum_product(b_diff, diff, pos_i)
    b_pos_i1 = -sum_product(b_diff, diff, pos_i1)

Invariant: each ``sum_product(A, B, X)`` stands where ``unbroadcast(A * B, X)`` stood, or
where ``unbroadcast(T, X)`` read ``T = A * B``, and ``A`` and ``B`` hold there the values
they held where the product was made; its value is that sum up to the order of the
additions (each product is rounded as ``a * b`` rounds it; the sums add the same products
in another order, as ``unbroadcast`` itself already does by einsum or by a product with
ones). A named product ``T = L * R`` is rewritten only when ``T`` is a gradient bound once
in the function, read only as ``unbroadcast(T, X)`` by statements of its own block, at
least one factor is a name, and the statements between it and its last reader change no
array and rebind no name the factors read (optimize/views.py's rule); a factor that is not
a name stays in ``T``'s place (``T = L``), computed once. Rewritten only where the shape
patterns (analysis/patterns.py) show that each sum may reduce an axis (``X`` has fewer
axes, or length 1 where the product is not known to), so a product one of whose readers is
the identity is made once as before, and never a product by a number (nothing to gain).
Verification mode checks both: the optimizer's check of a moved value (``exprs.Mover``),
and ``verify_sum_product`` in place of the helper, which computes both ways and raises when
they differ by more than the rounding of a sum (``n * eps`` times the sum of the products'
magnitudes). The reference pipeline (``optimize=False``), code for the numba backend or for
array-API arguments, and code differentiated again keep the two steps (the driver decides).
"""

import gast

from srcdiff.compiler.analysis.patterns import broadcast_pattern
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize.exprs import Mover, arithmetic, pure
from srcdiff.compiler.optimize.views import _unchanged_between

HELPER, CHECKED = "sum_product", "verify_sum_product"


def sum_products(fn, gradients, patterns, verify=False):
    """Rewrite, in place, the products summed by ``unbroadcast`` in ``fn`` (see the module
    docstring); return ``fn``. ``gradients``: the names of gradients; ``patterns``: shape
    patterns of names (analysis/patterns.py) where known: a product by a number is left
    as it is (nothing to gain), and so is a sum that the patterns do not show may reduce
    an axis (``unbroadcast`` between equal shapes is the identity, and a named product
    read by one would be computed twice)."""
    scalars = frozenset(v for v, p in patterns.items() if p == ())
    loads, stores = {}, {}
    for n in dataflow.nodes(fn):
        if isinstance(n, gast.Name):
            into = loads if isinstance(n.ctx, gast.Load) else stores if isinstance(
                n.ctx, gast.Store) else None
            if into is not None:
                into[n.id] = into.get(n.id, 0) + 1
        elif isinstance(n, gast.AugAssign) and isinstance(n.target, gast.Name):
            loads[n.target.id] = loads.get(n.target.id, 0) + 1
    mover = Mover(verify, S.all_names(fn) if verify else ())
    fn.body = _block(fn.body, loads, stores, set(gradients), patterns, scalars, mover, verify)
    for n in dataflow.nodes(fn):
        factors = _product(n.args[0], scalars, True) if _unbroadcast(n) is not None else None
        if factors is not None and _reduces(n.args[1], _product_pattern(factors, patterns),
                                            patterns):
            left, right = n.args[0].left, n.args[0].right
            n.func = S.name(CHECKED if verify else HELPER)
            n.args = [left, right, n.args[1]]
    return fn


def _unbroadcast(n):
    """Is ``n`` a call ``unbroadcast(G, X)``? (``n`` itself, else None.)"""
    if isinstance(n, gast.Call) and isinstance(n.func, gast.Name) \
            and n.func.id == "unbroadcast" and len(n.args) == 2 and not n.keywords \
            and not any(isinstance(a, gast.Starred) for a in n.args):
        return n
    return None


def _product(e, scalars, inline=False):
    """``(L, R)`` of a product ``L * R`` of pure arithmetic (``inline``: of pure
    expressions, evaluated where they stand) where neither factor is a number or a name
    of ``scalars``, else None."""
    if not (isinstance(e, gast.BinOp) and isinstance(e.op, gast.Mult)):
        return None
    ok = pure if inline else arithmetic
    factors = (e.left, e.right)
    if any(isinstance(f, gast.Constant) or isinstance(f, gast.Name) and f.id in scalars
           or not ok(f) for f in factors):
        return None
    return factors


def _product_pattern(factors, patterns):
    """The shape pattern of a product of ``factors`` (names), or None."""
    known = [patterns.get(f.id) if isinstance(f, gast.Name) else None for f in factors]
    return broadcast_pattern(known) if all(isinstance(p, tuple) for p in known) else None


def _reduces(like, product, patterns):
    """May ``unbroadcast(G, like)`` sum an axis of ``G`` (of pattern ``product``, or None)?
    When ``like``'s pattern is known and either has fewer axes or has length 1 where ``G``
    is not known to."""
    x = patterns.get(like.id) if isinstance(like, gast.Name) else None
    if not isinstance(x, tuple):
        return False
    if x == ():  # (a number: a product of arrays is summed whole)
        return True
    if isinstance(product, tuple):
        if len(x) < len(product):
            return True
        return len(x) == len(product) and any(a is True and b is not True
                                              for a, b in zip(x, product))
    return any(a is True for a in x)


def _readers_after(body, k, t):
    """The calls ``unbroadcast(t, X)`` in the statements of ``body`` after the ``k``-th,
    as ``(index of the statement, call)`` in statement order, each statement's in
    ``dataflow.nodes`` order (the full scan :class:`_Readers` stands for)."""
    return [(j, n) for j in range(k + 1, len(body)) for n in dataflow.nodes(body[j])
            if _unbroadcast(n) is not None and isinstance(n.args[0], gast.Name)
            and n.args[0].id == t]


class _Readers:
    """:func:`_readers_after` without a scan of the rest of the block per product (which
    made the pass quadratic: 40 of 55 s on 2000 straight-line statements).

    Invariant: ``after(k, t) == _readers_after(body, k, t)`` while every statement changed
    since the index was built is passed to ``update``: each statement's candidate calls
    (every ``unbroadcast`` of a name, in ``dataflow.nodes`` order) are listed once by
    name, and each is asked again when looked up (a call rewritten since is no longer
    one). Checked against the full scan in tests/optimize/test_compile_shortcuts.py."""

    def __init__(self, body):
        self.body = body
        self.calls = {}  # statement index -> [(name, call)]
        self.where = {}  # name -> indices of statements that held such a call
        self.update(range(len(body)))

    def update(self, indices):
        for j in indices:
            found = [(n.args[0].id, n) for n in dataflow.nodes(self.body[j])
                     if _unbroadcast(n) is not None and isinstance(n.args[0], gast.Name)]
            self.calls[j] = found
            for t, _ in found:
                self.where.setdefault(t, set()).add(j)

    def after(self, k, t):
        return [(j, n) for j in sorted(j for j in self.where.get(t, ()) if j > k)
                for u, n in self.calls[j] if u == t and _unbroadcast(n) is not None
                and isinstance(n.args[0], gast.Name) and n.args[0].id == t]


def _block(body, loads, stores, gradients, patterns, scalars, mover, verify):
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = _block(s.body, loads, stores, gradients, patterns, scalars, mover, verify)
            s.orelse = _block(s.orelse, loads, stores, gradients, patterns, scalars, mover,
                              verify)
    body = list(body)
    replaced, inserted = {}, {}
    readers = _Readers(body)
    for k, s in enumerate(body):
        if not (isinstance(s, gast.Assign) and len(s.targets) == 1
                and isinstance(s.targets[0], gast.Name)):
            continue
        t = s.targets[0].id
        factors = _product(s.value, scalars)
        if t not in gradients or stores.get(t) != 1 or factors is None \
                or not any(isinstance(f, gast.Name) for f in factors):
            continue
        uses = readers.after(k, t)
        if not uses or len(uses) != loads.get(t, 0) or any(j in replaced for j, _ in uses) \
                or not all(_reduces(n.args[1], patterns.get(t), patterns) for _, n in uses):
            continue
        left, right = factors
        kept = left if not isinstance(left, gast.Name) else right \
            if not isinstance(right, gast.Name) else None
        names = [f for f in factors if f is not kept]
        last = uses[-1][0]
        if not _unchanged_between(body, k, last, names):
            continue
        at_k = []
        for j, n in uses:
            # only the named factors move (``kept`` stays at k, as ``t``)
            fake = S.assign("_factors", gast.Tuple(elts=[S.copy(f) for f in names],
                                                   ctx=gast.Load()), s)
            snap, check = mover.move(fake, body[j])
            at_k += snap
            inserted.setdefault(j, []).extend(check)
            parts = [S.name(t) if f is kept else S.copy(f) for f in factors]
            n.func = S.name(CHECKED if verify else HELPER)
            n.args = parts + [n.args[1]]
        readers.update(j for j, _ in uses)
        if kept is not None:
            s.value = kept
            at_k.append(s)
        replaced[k] = at_k
    out = []
    for k, s in enumerate(body):
        out.extend(inserted.get(k, ()))
        out.extend(replaced[k] if k in replaced else (s,))
    return out
