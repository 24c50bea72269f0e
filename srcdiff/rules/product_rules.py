"""Rules for NumPy's products: matmul, dot, vdot, inner, outer, kron, tensordot, einsum, cross.

Notation as in numpy_rules.py. Products are linear in each operand, so each
reverse rule contracts ``g`` with the other operands and each forward rule is
the product with one operand replaced by its tangent. ``matmul``/``dot`` keep
readable fast paths for ranks 1 and 2 (``g @ y.T``, ``x.T @ g``), decided at
compile time when the ranks are known; ``einsum`` takes any subscripts
(implicit output, ellipses, repeated indices, the interleaved form).
"""

import operator

import numpy as np

from srcdiff.rules.registry import DEFAULT as R
from srcdiff.runtime import unbroadcast
from srcdiff.runtime_memory import stacked_lhs, stacked_rhs

# ---------------------------------------------------------------- products


@R.vjp(operator.matmul, np.matmul, np.linalg.matmul)
def matmul(g, ans, x, y):
    if np.ndim(x) == 2 and np.ndim(y) == 2:
        return g @ y.T, x.T @ g
    if np.ndim(x) == 2 and np.ndim(y) == 1:
        return np.outer(g, y), x.T @ g
    if np.ndim(x) == 1 and np.ndim(y) == 2:
        return y @ g, np.outer(x, g)
    if np.ndim(x) == 1 and np.ndim(y) == 1:
        return g * y, g * x
    return matmul_lhs(g, x, y), matmul_rhs(g, x, y)


@R.jvp(operator.matmul, np.matmul, np.linalg.matmul)
def matmul_jvp(d, ans, x, y):
    return d @ y, x @ d


def matmul_lhs(g, x, y):
    """The gradient of ``x @ y`` for ``x``, for every rank matmul accepts."""
    fast = stacked_lhs(g, x, y)  # (NumPy's common cases, decided from attributes)
    if fast is not None:
        return fast
    nx, ny = np.ndim(x), np.ndim(y)  # (each asked once: a call per question)
    if nx == 1 and ny == 1:
        return g * y
    if ny == 1:
        return unbroadcast(np.expand_dims(g, -1) * y, x)
    if nx == 1:
        return unbroadcast(np.sum(y * np.expand_dims(g, -2), -1), x)
    return unbroadcast(g @ np.swapaxes(y, -1, -2), x)


def matmul_rhs(g, x, y):
    """The gradient of ``x @ y`` for ``y``, for every rank matmul accepts."""
    fast = stacked_rhs(g, x, y)  # (below, decided from attributes: the same product)
    if fast is not None:
        return fast
    nx, ny = np.ndim(x), np.ndim(y)
    if nx == 1 and ny == 1:
        return g * x
    if nx == 1:
        return unbroadcast(np.expand_dims(x, -1) * np.expand_dims(g, -2), y)
    if ny == 1:
        return unbroadcast(np.sum(x * np.expand_dims(g, -1), -2), y)
    if ny == 2 and nx > 2:
        # one matrix for a stack: the sum over the stack of x_i^T g_i is one product of the
        # stacked rows (g has x's stack axes), where a stack of products then summed takes
        # 1.5x as long (B x T x D by D x D: 17 against 25 us at 4 x 32 x 64)
        return np.reshape(x, (-1, np.shape(x)[-1])).T @ np.reshape(g, (-1, np.shape(g)[-1]))
    return unbroadcast(np.swapaxes(x, -1, -2) @ g, y)


@R.vjp(np.dot)
def dot(g, ans, a, b):
    if np.ndim(a) == 2 and np.ndim(b) == 2:
        return g @ b.T, a.T @ g
    if np.ndim(a) == 1 and np.ndim(b) == 1:
        return g * b, g * a
    return dot_lhs(g, a, b), dot_rhs(g, a, b)


@R.jvp(np.dot)
def dot_jvp(d, ans, a, b):
    return np.dot(d, b), np.dot(a, d)


def dot_lhs(g, a, b):
    """The gradient of ``np.dot(a, b)`` for ``a``."""
    if np.ndim(b) == 0:
        return unbroadcast(g * b, a)
    if np.ndim(a) == 0:
        return np.sum(g * b)
    if np.ndim(b) == 1:
        return np.tensordot(g, b, axes=0)
    # g has axes a.shape[:-1] + b.shape[:-2] + b.shape[-1:]
    nb = np.ndim(b)
    g_axes = list(range(np.ndim(a) - 1, np.ndim(g)))
    b_axes = [i for i in range(nb) if i != nb - 2]
    return np.tensordot(g, b, axes=(g_axes, b_axes))


def dot_rhs(g, a, b):
    """The gradient of ``np.dot(a, b)`` for ``b``."""
    if np.ndim(a) == 0:
        return unbroadcast(g * a, b)
    if np.ndim(b) == 0:
        return np.sum(g * a)
    na = np.ndim(a)
    lead = list(range(na - 1))
    gb = np.tensordot(a, g, axes=(lead, lead))  # a.shape[-1:] + b.shape[:-2] + b.shape[-1:]
    if np.ndim(b) == 1:
        return gb
    return np.moveaxis(gb, 0, -2)


@R.vjp(np.vdot)
def vdot(g, ans, a, b):
    return np.reshape(np.conj(g * b), np.shape(a)), np.reshape(g * np.conj(a), np.shape(b))


@R.jvp(np.vdot)
def vdot_jvp(d, ans, a, b):
    return np.vdot(d, b), np.vdot(a, d)


@R.vjp(np.inner)
def inner(g, ans, a, b):
    if np.ndim(a) == 1 and np.ndim(b) == 1:
        return g * b, g * a
    grads = inner_grads(g, a, b)
    return grads[0], grads[1]


@R.jvp(np.inner)
def inner_jvp(d, ans, a, b):
    return np.inner(d, b), np.inner(a, d)


def inner_grads(g, a, b):
    """The gradients of ``np.inner(a, b)`` (a sum over both last axes)."""
    if np.ndim(a) == 0 or np.ndim(b) == 0:
        return unbroadcast(g * b, a), unbroadcast(g * a, b)
    na, nb = np.ndim(a), np.ndim(b)
    ga = np.tensordot(g, b, axes=(list(range(na - 1, na - 1 + nb - 1)), list(range(nb - 1))))
    gb = np.tensordot(a, g, axes=(list(range(na - 1)), list(range(na - 1))))
    return ga, np.moveaxis(gb, 0, -1)


@R.vjp(np.outer)
def outer(g, ans, a, b, out=None):
    if np.ndim(a) == 1 and np.ndim(b) == 1:
        return g @ b, a @ g
    return (np.reshape(g @ np.ravel(b), np.shape(a)), np.reshape(np.ravel(a) @ g, np.shape(b)))


@R.jvp(np.outer)
def outer_jvp(d, ans, a, b, out=None):
    return np.outer(d, b), np.outer(a, d)


@R.vjp(np.multiply.outer)
def multiply_outer(g, ans, A, B):
    return np.tensordot(g, B, axes=np.ndim(B)), np.tensordot(A, g, axes=np.ndim(A))


@R.jvp(np.multiply.outer)
def multiply_outer_jvp(d, ans, A, B):
    return np.multiply.outer(d, B), np.multiply.outer(A, d)


@R.vjp(np.kron)
def kron(g, ans, a, b):
    grads = kron_grads(g, a, b)
    return grads[0], grads[1]


@R.jvp(np.kron)
def kron_jvp(d, ans, a, b):
    return np.kron(d, b), np.kron(a, d)


def kron_grads(g, a, b):
    """The gradients of ``np.kron(a, b)``: ``g`` viewed with interleaved (a, b) axes."""
    a, b = np.asarray(a), np.asarray(b)
    n = max(a.ndim, b.ndim)
    sa = (1,) * (n - a.ndim) + a.shape
    sb = (1,) * (n - b.ndim) + b.shape
    g = np.reshape(g, np.ravel(np.stack([sa, sb], axis=1)))  # (a0, b0, a1, b1, ...)
    a_axes = tuple(range(0, 2 * n, 2))
    b_axes = tuple(range(1, 2 * n, 2))
    ga = np.sum(g * np.expand_dims(b.reshape(sb), a_axes), axis=b_axes)
    gb = np.sum(g * np.expand_dims(a.reshape(sa), b_axes), axis=a_axes)
    return ga.reshape(a.shape), gb.reshape(b.shape)


@R.vjp(np.tensordot)
def tensordot(g, ans, a, b, axes=2):
    grads = tensordot_grads(g, a, b, axes)
    return grads[0], grads[1]


@R.jvp(np.tensordot)
def tensordot_jvp(d, ans, a, b, axes=2):
    return np.tensordot(d, b, axes), np.tensordot(a, d, axes)


def tensordot_axes(a, b, axes):
    """``axes`` of ``np.tensordot`` as two lists of non-negative axes of ``a`` and ``b``."""
    na, nb = np.ndim(a), np.ndim(b)
    if np.ndim(axes) == 0:
        k = int(axes)
        return list(range(na - k, na)), list(range(k))
    xa, xb = axes
    xa = [xa] if np.ndim(xa) == 0 else list(xa)
    xb = [xb] if np.ndim(xb) == 0 else list(xb)
    return [int(i) % na for i in xa], [int(i) % nb for i in xb]


def tensordot_grads(g, a, b, axes=2):
    """The gradients of ``np.tensordot(a, b, axes)``: contract ``g`` with the other operand."""
    xa, xb = tensordot_axes(a, b, axes)
    free_a = [i for i in range(np.ndim(a)) if i not in xa]
    free_b = [i for i in range(np.ndim(b)) if i not in xb]
    nfa = len(free_a)
    ga = np.tensordot(g, b, axes=(list(range(nfa, np.ndim(g))), free_b))
    # ga's axes: a's free axes, then b's contracted axes in b's order (paired with xa)
    order_a = free_a + [xa[xb.index(j)] for j in sorted(xb)]
    gb = np.tensordot(a, g, axes=(free_a, list(range(nfa))))
    order_b = [xb[xa.index(i)] for i in sorted(xa)] + free_b
    return np.transpose(ga, np.argsort(order_a)), np.transpose(gb, np.argsort(order_b))


@R.vjp(np.einsum)
def einsum(g, ans, *operands, optimize=False, **kwargs):
    return einsum_grads(g, operands, optimize)


@R.jvp(np.einsum)
def einsum_jvp(d, ans, *operands, optimize=False, **kwargs):
    return einsum_tangent(d, operands, optimize)


# Contractions of at least this many elements (largest operand) take NumPy's contraction
# path (``optimize=True``: pairwise ``tensordot``, i.e. BLAS) even when the user's einsum
# did not ask for it; below it, finding the path costs more than it saves.
EINSUM_PATH_MIN_SIZE = 4096


def einsum_optimize(user, arrays):
    """The ``optimize=`` of a gradient contraction of ``arrays``: the user's choice when it
    asked for a path search (an explicit path list is for the forward contraction, not this
    one, so it becomes ``True``), NumPy's path for large operands otherwise. Any choice
    computes the same sum (only the order of floating-point additions differs)."""
    if user is not False and user is not None:
        return user if isinstance(user, str) or user is True else True
    return max((np.size(x) for x in arrays), default=0) >= EINSUM_PATH_MIN_SIZE


_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def einsum_spec(operands):
    """``(inputs, output, arrays)``: explicit subscripts per operand, ellipses spelled out."""
    operands = list(operands)
    if isinstance(operands[0], str):
        spec, arrays = operands[0].replace(" ", ""), operands[1:]
    else:  # interleaved form: a, [0, 1], b, [1, 2], [0, 2]
        arrays = operands[0:-1:2] if len(operands) % 2 else operands[0::2]
        pairs = operands[1::2]
        out = operands[-1] if len(operands) % 2 else None

        def word(sub):
            return "".join("..." if s is Ellipsis else _LETTERS[s] for s in sub)

        spec = ",".join(word(s) for s in pairs[:len(arrays)])
        if out is not None:
            spec += "->" + word(out)
    arrays = [np.asarray(x) for x in arrays]
    if "->" in spec:
        ins, out = spec.split("->")
    else:
        ins, out = spec, None
    ins = ins.split(",")
    used = set("".join(ins).replace(".", ""))
    fresh = [c for c in _LETTERS if c not in used]
    n_ell = max([x.ndim - len(s.replace("...", "")) for s, x in zip(ins, arrays) if "..." in s],
                default=0)
    ell = "".join(fresh[:n_ell])
    full = []
    for s, x in zip(ins, arrays):
        if "..." in s:
            k = x.ndim - len(s.replace("...", ""))
            s = s.replace("...", ell[n_ell - k:] if k else "")
        full.append(s)
    if out is None:  # implicit output: the ellipsis, then letters used once, sorted
        counts = {}
        for c in "".join(ins).replace(".", ""):
            counts[c] = counts.get(c, 0) + 1
        out = ell + "".join(sorted(c for c, k in counts.items() if k == 1))
    else:
        out = out.replace("...", ell)
    return full, out, arrays


class EinsumGrads(list):
    """The gradients of ``np.einsum`` per operand, each computed when first read.

    The generated code reads only the entries of differentiated operands
    (``parts[2]``), so a constant operand's gradient (often the largest contraction)
    is never computed. Invariant: every way of reading an entry (index, slice,
    iteration, ``len``) gives exactly the eager value; the list's own storage holds
    ``_PENDING`` (which no arithmetic accepts) until an entry is computed, so a reader
    that bypassed the overrides would fail loudly, never read a wrong gradient."""

    def __init__(self, g, operands, optimize=False):
        self._args = (g, operands, optimize, einsum_spec(operands))
        shift = 1 if isinstance(operands[0], str) else 0
        self._index = {}   # position in the list -> operand number
        n_arrays = len(self._args[3][2])
        for k in range(n_arrays):
            self._index[shift + k if shift else 2 * k] = k
        super().__init__([_PENDING if i in self._index else None
                          for i in range(len(operands))])

    def _entry(self, i):
        v = list.__getitem__(self, i)
        if v is _PENDING:
            g, operands, optimize, spec = self._args
            v = einsum_operand_grad(g, spec, self._index[i % len(self)], optimize)
            list.__setitem__(self, i, v)
        return v

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self._entry(j) for j in range(len(self))[i]]
        return self._entry(i)

    def __iter__(self):
        return iter([self._entry(j) for j in range(len(self))])

    def __reduce__(self):
        return list, (list(self),)


class _Pending:
    """The storage of a not-yet-computed :class:`EinsumGrads` entry (refuses all use)."""
    __slots__ = ()


_PENDING = _Pending()


def einsum_grads(g, operands, optimize=False):
    """The gradient of ``np.einsum`` for each operand (``None`` for the subscripts), as an
    :class:`EinsumGrads` (computed on first read)."""
    return EinsumGrads(g, operands, optimize)


def einsum_operand_grad(g, spec, k, optimize=False):
    """The gradient of ``np.einsum`` for operand ``k``; ``spec`` is ``einsum_spec(operands)``."""
    ins, out, arrays = spec
    sizes = {}  # each letter's broadcast size (a length 0 broadcasts like any length but 1)
    for s, x in zip(ins, arrays):
        for c, n in zip(s, x.shape):
            if sizes.get(c, 1) == 1:
                sizes[c] = n
    s, x = ins[k], arrays[k]
    others = [(ins[j], arrays[j]) for j in range(len(arrays)) if j != k]
    avail = set(out).union(*[set(t) for t, _ in others])
    uniq = "".join(dict.fromkeys(s))
    keep = "".join(c for c in uniq if c in avail)
    spec = ",".join([out] + [t for t, _ in others]) + "->" + keep
    parts = [g] + [y for _, y in others]
    gk = np.einsum(spec, *parts, optimize=einsum_optimize(optimize, parts))
    # letters only this operand has were summed out: broadcast them back
    gk = np.expand_dims(gk, [i for i, c in enumerate(uniq) if c not in avail])
    gk = np.broadcast_to(gk, [sizes[c] if c in avail else x.shape[s.index(c)] for c in uniq])
    # size-1 axes that einsum broadcast: sum them back
    own = [x.shape[s.index(c)] for c in uniq]
    axes = tuple(i for i, (n, m) in enumerate(zip(own, gk.shape)) if n == 1 and m != 1)
    if axes:
        gk = np.sum(gk, axis=axes, keepdims=True)
    if len(uniq) < len(s):  # a repeated subscript reads a diagonal: write it back there
        full = np.zeros(x.shape, dtype=np.result_type(gk, float))
        view = np.einsum(s + "->" + uniq, full)
        view.setflags(write=True)
        view[...] = gk
        gk = full
    return gk


def einsum_tangent(d, operands, optimize=False):
    """The tangent of ``np.einsum``: the sum over operands of einsum with one operand's tangent."""
    ins, out, arrays = einsum_spec(operands)
    spec = ",".join(ins) + "->" + out
    shift = 1 if isinstance(operands[0], str) else 0
    total = None
    for k in range(len(arrays)):
        dk = d[shift + k] if shift else d[2 * k]
        if dk is None:
            continue
        parts = list(arrays)
        parts[k] = dk
        term = np.einsum(spec, *parts, optimize=einsum_optimize(optimize, parts))
        total = term if total is None else total + term
    return total


@R.vjp(np.cross)
def cross(g, ans, a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    grads = cross_grads(g, a, b, axisa, axisb, axisc, axis)
    return grads[0], grads[1]


@R.jvp(np.cross)
def cross_jvp(d, ans, a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    return np.cross(d, b, axisa, axisb, axisc, axis), np.cross(a, d, axisa, axisb, axisc, axis)


def cross_grads(g, a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """The gradients of ``np.cross``: ``d(a x b) = da x b + a x db``, so ``b x g`` and ``g x a``."""
    if axis is not None:
        axisa = axisb = axisc = axis
    a3 = _as_3_vectors(np.moveaxis(np.asarray(a), axisa, -1))
    b3 = _as_3_vectors(np.moveaxis(np.asarray(b), axisb, -1))
    if np.shape(a)[axisa] == 2 and np.shape(b)[axisb] == 2:  # a scalar z component
        g3 = np.stack([np.zeros_like(g), np.zeros_like(g), g], -1)
    else:
        g3 = np.moveaxis(np.asarray(g), axisc, -1)
    ga = np.cross(b3, g3)[..., :np.shape(a)[axisa]]
    gb = np.cross(g3, a3)[..., :np.shape(b)[axisb]]
    ga = np.moveaxis(unbroadcast(ga, np.moveaxis(np.asarray(a), axisa, -1)), -1, axisa)
    gb = np.moveaxis(unbroadcast(gb, np.moveaxis(np.asarray(b), axisb, -1)), -1, axisb)
    return ga, gb


def _as_3_vectors(v):
    if v.shape[-1] == 3:
        return v
    return np.concatenate([v, np.zeros(v.shape[:-1] + (1,))], -1)


# ------------------------------------------------- second order: einsum_grads
# einsum_grads is linear in ``g`` and in each operand (einsum is multilinear):
# its transpose for ``g`` is einsum with each cotangent in its operand's place,
# and each operand's part comes from einsum_grads with another operand swapped
# for its cotangent.


@R.vjp(einsum_grads, name="einsum_grads")
def einsum_grads_vjp(g, ans, grad, operands, optimize=False):
    parts = einsum_grads_transpose(g, grad, operands, optimize)
    return parts[0], parts[1]


@R.jvp(einsum_grads, name="einsum_grads")
def einsum_grads_jvp(d, ans, grad, operands, optimize=False):
    return (list(einsum_grads(d, operands, optimize)),
            einsum_grads_operand_tangent(d, grad, operands, optimize))


def _swapped(operands, k, value):
    out = list(operands)
    out[k] = value
    return out


def einsum_grads_transpose(cots, g, operands, optimize=False):
    """Cotangents of ``einsum_grads(g, operands)``'s inputs from ``cots`` (one per operand)."""
    dg = einsum_tangent(cots, operands, optimize)
    dops = [None] * len(operands)
    for k, ck in enumerate(cots):
        if ck is None:
            continue
        parts = einsum_grads(g, _swapped(operands, k, ck), optimize)
        for j, pj in enumerate(parts):
            if j != k and pj is not None:
                dops[j] = pj if dops[j] is None else dops[j] + pj
    return dg, dops


def einsum_grads_operand_tangent(tangents, g, operands, optimize=False):
    """The tangent of ``einsum_grads(g, operands)`` when the operands move by ``tangents``."""
    out = [None] * len(operands)
    for j, tj in enumerate(tangents):
        if tj is None or isinstance(tj, str):
            continue
        parts = einsum_grads(g, _swapped(operands, j, tj), optimize)
        for k, pk in enumerate(parts):
            if k != j and pk is not None:
                out[k] = pk if out[k] is None else out[k] + pk
    return out


R.tuple_output(einsum_grads)
