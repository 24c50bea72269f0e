"""A product scattered into a new gradient is written into its place there.

The adjoint of a slice read ``y_i = y[:-1]`` whose gradient is a product (the rule of a
multiplication, ``x_i1 * b_mul``) is::

    b_y_i = unbroadcast(x_i1 * b_mul, y_i)
    b_y = index_add(b_y, y, slice(None, -1, None), b_y_i)

Where ``b_y`` is still None (the first read's adjoint; in a called function's backward
sweep, a gradient its caller does not pass in, once per call) ``index_add`` makes the
product, then a zero array shaped like ``y``, then copies the product into it: the
zero-padded copy. The product is written into its place instead, as a person writes
``np.multiply(x[1:], g, out=b_y[:-1])``::

    b_y = index_add_product(b_y, y, slice(None, -1, None), x_i1, b_mul, y_i)

(``runtime_memory.index_add_product``: one array made, only what the index does not reach
zeroed; where ``b_y`` is an array already, or anything is not float64 NumPy, it is the
two steps themselves). The pieces of a concatenation's adjoint are views of its
cotangent already (``split_rest``); with this, the slices of one array read in one
function fill one gradient buffer: the first read's product is written into it, later
reads add into it (``b_x[:1] += b_x_i``, optimize/scatters.py).

Invariant: ``index_add_product(B0, X, I, A, C, V)`` returns what
``index_add(B0, X, I, unbroadcast(A * C, V))`` returns, bit for bit (its docstring says
why), and ``A``, ``C``, ``V`` hold at the scatter the values they held where the product
was computed: the product's name ``G`` is read once in the function (by the scatter);
the statements between are plain assignments whose values change no array, scatters
into another owned gradient (which only they change: ``runtime.index_add``'s contract)
and comments, and none writes a name the product reads. Verification mode checks both:
the optimizer's check of a moved value (``exprs.Mover``) and ``verify_index_add_product``
in place of the helper (both ways computed, compared bit for bit, signs of zeros
included; a ``verify_shape(A * C, V)`` of a proved shape keeps its check there). The
reference pipeline (``optimize=False``), code for the numba backend or for array-API
arguments, and code differentiated again keep the two steps (the driver decides).
"""

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.calls import named_call, plain_call
from srcdiff.compiler.optimize.exprs import Mover, writes
from srcdiff.compiler.optimize.parts import may_change_arrays

HELPER, CHECKED = "index_add_product", "verify_index_add_product"
_SCATTERS = ("index_add", HELPER, CHECKED)  # (each changes only its gradient, owned)
# verification mode's helpers that only read (and ``locals()``, which they are given)
_READING = frozenset({"verify_snapshot", "verify_unchanged", "verify_equal", "verify_scatter",
                      "verify_shape", "locals", "slice"})


def products_into_views(fn, verify=False):
    """Rewrite, in place, each product scattered into a gradient in ``fn`` (see the module
    docstring); return ``fn``."""
    counts = {}
    for n in dataflow.nodes(fn):
        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load):
            counts[n.id] = counts.get(n.id, 0) + 1
    mover = Mover(verify, S.all_names(fn) if verify else ())
    fn.body = _block(fn.body, counts, mover, verify)
    return fn


def _block(body, counts, mover, verify):
    for s in body:
        if isinstance(s, (gast.If, gast.For, gast.While)):
            s.body = _block(s.body, counts, mover, verify)
            s.orelse = _block(s.orelse, counts, mover, verify)
    body = list(body)
    replaced = {}  # position of a product's statement -> what stands in its place
    inserted = {}  # position of a scatter -> statements to put before it
    for j, u in enumerate(body):
        scatter = _scatter(u)
        if scatter is None or len(scatter.args) != 4 or not _slices(scatter.args[2]) \
                or counts.get(scatter.args[3].id) != 1:
            continue
        g = scatter.args[3].id
        k = _definition(body, j, g)
        product = _product(body[k]) if k is not None else None
        if product is None or k in replaced or not _unchanged_between(body, k, j, product):
            continue
        a, c, like, shape = product
        at_k, before_j = mover.move(body[k], u)
        replaced[k] = at_k
        inserted[j] = before_j
        args = scatter.args[:3] + [a, c]
        if verify:
            args += [like or S.const(None), shape or S.const(None)]
        elif like is not None:
            args.append(like)
        scatter.func = S.name(CHECKED if verify else HELPER)
        scatter.args = args
    out = []
    for k, s in enumerate(body):
        out.extend(inserted.get(k, ()))
        out.extend(replaced[k] if k in replaced else (s,))
    return out


def _scatter(s, names=("index_add",)):
    """The call of ``B = index_add(B0, X, I, G)`` (``G`` a name; or of one of ``names``),
    else None."""
    if not (isinstance(s, gast.Assign) and len(s.targets) == 1
            and isinstance(s.targets[0], gast.Name)):
        return None
    call = named_call(s.value, names)
    if not (call is not None and len(call.args) >= 4 and not call.keywords
            and isinstance(call.args[3], gast.Name)
            and not any(isinstance(a, gast.Starred) for a in call.args)):
        return None
    return call


def _slices(index):
    """Is ``index`` spelled ``slice(...)``, or a tuple of those and ``...``? (Where the helper
    writes into a view; at an int it would take its general path, and the product would
    lose the in-place multiplication release.py gives a value read for the last time.)"""
    parts = index.elts if isinstance(index, gast.Tuple) else [index]
    return all(isinstance(p, gast.Call) and isinstance(p.func, gast.Name)
               and p.func.id == "slice" or isinstance(p, gast.Constant) and p.value is Ellipsis
               for p in parts)


def _definition(body, j, g):
    """The position of the statement before ``j`` in ``body`` that last writes ``g``."""
    for k in range(j - 1, -1, -1):
        if g in writes(body[k]):
            return k
    return None


def _product(s):
    """``(A, C, like, shape)`` for ``G = A * C``, ``G = unbroadcast(A * C, V)`` (``like``
    is ``V``) or ``G = verify_shape(A * C, V)`` (``shape`` is ``V``), where ``A``, ``C``
    and ``V`` are names or numbers; else None."""
    if not (isinstance(s, gast.Assign) and len(s.targets) == 1
            and isinstance(s.targets[0], gast.Name)):
        return None
    v, like, shape = s.value, None, None
    if plain_call(v, ("unbroadcast", "verify_shape"), 2) and isinstance(v.args[1], gast.Name):
        if v.func.id == "unbroadcast":
            like = v.args[1]
        else:
            shape = v.args[1]
        v = v.args[0]
    if not (isinstance(v, gast.BinOp) and isinstance(v.op, gast.Mult)
            and _leaf(v.left) and _leaf(v.right)):
        return None
    return v.left, v.right, like, shape


def _leaf(e):
    return isinstance(e, gast.Name) or isinstance(e, gast.Constant) and type(e.value) in (
        int, float)


def _unchanged_between(body, k, j, product):
    """Do the names ``product`` reads keep their values from ``body[k]`` to ``body[j]``?"""
    reads = {e.id for e in product if isinstance(e, gast.Name)}
    for s in body[k + 1:j]:
        if S.is_comment(s):
            continue
        if not (_scatter(s, _SCATTERS) is not None and not any(
                may_change_arrays(a, _READING) for a in _scatter(s, _SCATTERS).args[1:])
                or _owned_scatter(s) or (
                isinstance(s, gast.Assign) and len(s.targets) == 1
                and isinstance(s.targets[0], gast.Name)
                or isinstance(s, gast.Expr)) and not may_change_arrays(s.value, _READING)):
            return False
        written = {s.targets[0].id} if _scatter(s, _SCATTERS) is not None else writes(s)
        if written & reads:  # (a scatter changes only its gradient: given a name, it
            return False  # reads it)
    return True


def _owned_scatter(s):
    """``B[I] += G`` into an owned gradient (optimize/scatters.py lowered it so), whose
    index and value change no array."""
    return isinstance(s, gast.AugAssign) and isinstance(s.target, gast.Subscript) \
        and isinstance(s.target.value, gast.Name) and getattr(s, S.INTO_OWNED, False) \
        and not may_change_arrays(s.value, _READING) \
        and not may_change_arrays(s.target.slice, _READING)
