"""Rules for ``numpy.linalg``: inverses, solves, determinants, factorizations, norms.

Notation as in numpy_rules.py; ``T(x)`` below means ``np.swapaxes(x, -1, -2)``.
Every rule accepts stacks of matrices (``(..., M, N)``) as NumPy does. Real
matrices; the complex case is not derived here (except where noted).

Conventions, rule by rule:

* ``cholesky``, ``eigh``, ``eigvalsh`` read only one triangle of their input
  (the lower one; the upper for ``upper=True`` / ``UPLO='U'``), so their
  gradient is the gradient of what NumPy computes: it lives in that triangle,
  off-diagonal entries counting for both. Its symmetric part ``(G + G.T) / 2``
  is the gradient on symmetric matrices; both give the same result when the
  input is built symmetric (``a @ a.T``, ``(b + b.T) / 2``).
* ``eig``/``eigvals`` (general matrices): distinct eigenvalues; the eigenvectors'
  gradient follows NumPy's normalization (unit norm, largest entry real), so it is
  exact for complex eigenvectors too (away from ties for the largest entry).
* ``eigh`` with repeated eigenvalues: the eigenvectors are not unique; the terms
  that divide by ``w_j - w_i == 0`` are set to 0 (exact for losses that do not
  depend on the choice of basis inside an eigenspace). ``svd`` likewise for
  repeated singular values.
* ``svd`` with ``full_matrices=True`` and a non-square input: the extra columns
  of ``u`` (rows of ``vh``) are not determined by ``a``; their gradient must be
  zero (unused), else the rule raises.
* ``norm``: at 0, the 2-norm and the Frobenius norm get the subgradient 0;
  ``inf``/``-inf``/``1``/``-1`` norms share the gradient equally among tied
  maximal (minimal) entries, rows or columns; ``2``/``-2`` matrix norms take
  the first of tied singular values; ``ord=0`` (a count) has zero gradient.
* ``qr``: ``mode='reduced'`` (the default); the leading square block (``min(M, N)``
  columns) must have full rank: ``Q`` and ``R`` as LAPACK signs them (a smooth map
  there). Other modes are refused (compile time, or at run time when computed).
* ``det``, ``slogdet``, ``inv``, ``solve`` need a nonsingular input (the
  rules use ``inv(a)``), ``pinv`` assumes the rank does not change nearby; a
  cutoff (``rcond``/``rtol``) that drops a singular value is refused at run time.
* ``hermitian=True`` (``pinv``, ``svd``): NumPy decomposes the symmetric matrix
  of the input's lower triangle, so the gradient lives in that triangle, as for
  ``eigh``.
"""

import numpy as np

from srcdiff.errors import SrcdiffError
from srcdiff.rules.product_rules import tensordot_grads
from srcdiff.rules.registry import DEFAULT as R
from srcdiff.runtime import unbroadcast

# ------------------------------------------------------------ inverses, solves


@R.vjp(np.linalg.inv)
def inv(g, ans, a):
    if np.ndim(a) == 2:
        return -ans.T @ g @ ans.T
    return -np.swapaxes(ans, -1, -2) @ g @ np.swapaxes(ans, -1, -2)


@R.jvp(np.linalg.inv)
def inv_jvp(d, ans, a):
    return -ans @ d @ ans


@R.vjp(np.linalg.solve)
def solve(g, ans, a, b):
    if np.ndim(a) == 2 and np.ndim(b) == 1:
        gb = solve_transposed(a, g)
        return np.outer(-gb, ans), gb  # (-gb: n negations, not n * n; the same numbers)
    if np.ndim(a) == 2 and np.ndim(b) == 2:
        gb = solve_transposed(a, g)
        return -gb @ ans.T, gb
    grads = solve_grads(g, ans, a, b)
    return grads[0], grads[1]


@R.jvp(np.linalg.solve)
def solve_jvp(d, ans, a, b):
    return solve_tangent_lhs(d, ans, a, b), np.linalg.solve(a, d)


def solve_transposed(a, g):
    """``np.linalg.solve(a.T, g)`` for a square matrix ``a`` and a vector or matrix ``g``.

    When ``a`` is larger than TRI_BLOCK and exactly triangular (every entry on one side of
    the diagonal compares equal to zero: a NaN there does not, so it takes the general
    path), ``a.T`` is too, and the system is solved by halves (:func:`_tri_solve`) instead
    of by an LU factorization that does not know the zeros: the same solution, rounded
    differently. (A user's ``np.linalg.solve(L, y)`` with a Cholesky factor: its adjoint.)"""
    n = np.shape(a)[-1]
    if n > TRI_BLOCK and np.shape(a) == (n, n):
        first = not a[-1, 0]  # (a hint, which triangle to try first: a.T[0, -1] is zero)
        for lower in (first, not first):
            x = _tri_solve(a.T, g, lower)
            if x is not None:
                return x
    return np.linalg.solve(a.T, g)


def _tri_solve(t, b, lower):
    """``np.linalg.solve(t, b)`` for a triangular ``t`` (``lower`` or upper), or None when
    ``t`` is not: the blocks of order TRI_BLOCK or less by np.linalg.solve, the rest by block
    substitution (``[[A, 0], [C, D]] [x1, x2] = [b1, b2]``: ``x1 = A^-1 b1``,
    ``x2 = D^-1 (b2 - C x1)``). Each block taken to be zero is checked first (one pass
    over the triangle in all, where a whole-matrix triangle made a copy of the matrix)."""
    n = t.shape[0]
    if n <= TRI_BLOCK:
        if (np.triu(t, 1) if lower else np.tril(t, -1)).any():
            return None
        return np.linalg.solve(t, b)
    h = n // 2
    if (t[:h, h:] if lower else t[h:, :h]).any():
        return None
    if lower:
        head = _tri_solve(t[:h, :h], b[:h], True)
        tail = None if head is None else _tri_solve(t[h:, h:], b[h:] - t[h:, :h] @ head, True)
    else:
        tail = _tri_solve(t[h:, h:], b[h:], False)
        head = None if tail is None else _tri_solve(t[:h, :h], b[:h] - t[:h, h:] @ tail, False)
    return None if head is None or tail is None else np.concatenate([head, tail])


@R.vjp(solve_transposed)
def solve_transposed_vjp(gx, ans, a, g):
    # x = a^-T g: b_g = a^-1 b_x, b_a = -x b_g^T
    bg = np.linalg.solve(a, gx)
    if np.ndim(g) == 1:
        return -np.outer(ans, bg), bg
    return -ans @ bg.T, bg


@R.jvp(solve_transposed)
def solve_transposed_jvp(d, ans, a, g):
    return -np.linalg.solve(a.T, d.T @ ans), np.linalg.solve(a.T, d)


def solve_grads(g, ans, a, b):
    """The gradients of ``x = np.linalg.solve(a, b)`` for stacks: ``b_b = solve(a.T, g)``,
    ``b_a = -b_b x.T``, summed over broadcast batch axes."""
    at = np.swapaxes(a, -1, -2)
    if np.ndim(b) == 1:
        gb = np.linalg.solve(at, g[..., None])[..., 0]
        ga = -gb[..., :, None] * ans[..., None, :]
    else:
        gb = np.linalg.solve(at, g)
        ga = -gb @ np.swapaxes(ans, -1, -2)
    return unbroadcast(ga, a), unbroadcast(gb, b)


def solve_tangent_lhs(d, ans, a, b):
    """The tangent of ``np.linalg.solve(a, b)`` from ``a``'s tangent: ``-solve(a, d x)``."""
    if np.ndim(b) == 1:
        return -np.linalg.solve(a, np.einsum("...ij,...j->...i", d, ans)[..., None])[..., 0]
    return -np.linalg.solve(a, d @ ans)


@R.vjp(np.linalg.pinv)
def pinv(g, ans, a, rcond=None, hermitian=False, rtol=None):
    if rcond is None and rtol is None and not hermitian:
        pt = np.swapaxes(ans, -1, -2)
        gt = np.swapaxes(g, -1, -2)
        return (-pt @ g @ pt + (gt - a @ (ans @ gt)) @ (ans @ pt)
                + (pt @ ans) @ (gt - (gt @ ans) @ a))
    return pinv_grad(g, ans, a, rcond, hermitian, rtol)


@R.jvp(np.linalg.pinv)
def pinv_jvp(d, ans, a, rcond=None, hermitian=False, rtol=None):
    if rcond is None and rtol is None and not hermitian:
        pt = np.swapaxes(ans, -1, -2)
        dt = np.swapaxes(d, -1, -2)
        return -ans @ d @ ans + ans @ pt @ (dt - dt @ a @ ans) + (dt - ans @ a @ dt) @ pt @ ans
    return pinv_tangent(d, ans, a, rcond, hermitian, rtol)


def _pinv_read(a, rcond=None, hermitian=False, rtol=None):
    """The matrix ``np.linalg.pinv`` inverts: with ``hermitian=True`` the symmetric matrix of
    ``a``'s lower triangle (NumPy reads only that one). A cutoff (``rcond``/``rtol``) that
    drops a singular value makes the result the pseudo-inverse of a truncated matrix, whose
    derivative this rule does not give: refused."""
    a = np.asarray(a)
    m = _symmetric_from(a, lower=True) if hermitian else a
    for name, cut in (("rcond", rcond), ("rtol", rtol)):
        if cut is None:
            continue
        s = np.linalg.svd(m, compute_uv=False)
        if np.any(s <= np.asarray(cut)[..., None] * np.max(s, axis=-1, keepdims=True)):
            raise NotImplementedError(
                f"no gradient for np.linalg.pinv with {name}={cut!r}: the cutoff drops a "
                "singular value, and the derivative of a truncated pseudo-inverse is not "
                f"implemented; use a smaller {name} (or none)")
    return m


def _pinv_formula_grad(g, ans, a):
    pt = np.swapaxes(ans, -1, -2)
    gt = np.swapaxes(g, -1, -2)
    return (-pt @ g @ pt + (gt - a @ (ans @ gt)) @ (ans @ pt)
            + (pt @ ans) @ (gt - (gt @ ans) @ a))


def pinv_grad(g, ans, a, rcond=None, hermitian=False, rtol=None):
    """The gradient of ``np.linalg.pinv`` with a cutoff or ``hermitian=True`` (see
    :func:`_pinv_read`); a hermitian input's gradient lives in the lower triangle read."""
    m = _pinv_read(a, rcond, hermitian, rtol)
    grad = _pinv_formula_grad(g, ans, m)
    return _fold(grad, lower=True) if hermitian else grad


def pinv_tangent(d, ans, a, rcond=None, hermitian=False, rtol=None):
    """The tangent of ``np.linalg.pinv`` with a cutoff or ``hermitian=True``."""
    m = _pinv_read(a, rcond, hermitian, rtol)
    if hermitian:
        d = _symmetric_from(d, lower=True)
    pt = np.swapaxes(ans, -1, -2)
    dt = np.swapaxes(d, -1, -2)
    return -ans @ d @ ans + ans @ pt @ (dt - dt @ m @ ans) + (dt - ans @ m @ dt) @ pt @ ans


@R.vjp(np.linalg.matrix_power)
def matrix_power(g, ans, a, n):
    return matrix_power_grad(g, a, n), None


@R.jvp(np.linalg.matrix_power)
def matrix_power_jvp(d, ans, a, n):
    return matrix_power_tangent(d, a, n), None


def matrix_power_grad(g, a, n):
    """``sum_k T(a^k) g T(a^(n-1-k))``; negative ``n`` through ``inv(a)``."""
    if n < 0:
        b = np.linalg.inv(a)
        gb = matrix_power_grad(g, b, -n)
        bt = np.swapaxes(b, -1, -2)
        return -bt @ gb @ bt
    powers = [np.broadcast_to(np.eye(np.shape(a)[-1]), np.shape(a))]
    for _ in range(n - 1):
        powers.append(powers[-1] @ a)
    out = np.zeros(np.shape(a), dtype=np.result_type(g, a, float))
    for k in range(n):
        out = out + np.swapaxes(powers[k], -1, -2) @ g @ np.swapaxes(powers[n - 1 - k], -1, -2)
    return out


def matrix_power_tangent(d, a, n):
    """``sum_k a^k d a^(n-1-k)``; negative ``n`` through ``inv(a)``."""
    if n < 0:
        b = np.linalg.inv(a)
        return matrix_power_tangent(-b @ d @ b, b, -n)
    powers = [np.broadcast_to(np.eye(np.shape(a)[-1]), np.shape(a))]
    for _ in range(n - 1):
        powers.append(powers[-1] @ a)
    out = np.zeros(np.shape(a), dtype=np.result_type(d, a, float))
    for k in range(n):
        out = out + powers[k] @ d @ powers[n - 1 - k]
    return out


@R.vjp(np.linalg.multi_dot)
def multi_dot(g, ans, arrays):
    return multi_dot_grads(g, arrays)


@R.jvp(np.linalg.multi_dot)
def multi_dot_jvp(d, ans, arrays):
    return multi_dot_tangent(d, arrays)


def _as_chain(arrays):
    """The chain with a 1-D first (last) array as a row (column) matrix."""
    mats = [np.asarray(x) for x in arrays]
    if any(m.ndim > 2 for m in mats):
        raise NotImplementedError("no gradient for np.linalg.multi_dot of arrays with more "
                                  "than 2 dimensions (NumPy defines it for matrices): use "
                                  "np.matmul (@) for stacks of matrices")
    if mats[0].ndim == 1:
        mats[0] = mats[0][None, :]
    if mats[-1].ndim == 1:
        mats[-1] = mats[-1][:, None]
    return mats


def multi_dot_grads(g, arrays):
    """The gradient for each matrix of the chain: ``T(left) g T(right)``."""
    mats = _as_chain(arrays)
    g = np.reshape(g, (mats[0].shape[0], mats[-1].shape[1]))
    n = len(mats)
    left = [np.eye(mats[0].shape[0])]
    for m in mats[:-1]:
        left.append(left[-1] @ m)
    suffix = [np.eye(mats[-1].shape[1])]  # suffix[k]: the product of the last k matrices
    for m in mats[:0:-1]:
        suffix.append(m @ suffix[-1])
    return [np.reshape(left[i].T @ g @ suffix[n - 1 - i].T, np.shape(arrays[i]))
            for i in range(n)]


def multi_dot_tangent(d, arrays):
    """The sum over the chain of the product with one matrix replaced by its tangent."""
    mats = _as_chain(arrays)
    tans = _as_chain([np.zeros(np.shape(x)) if t is None else t for t, x in zip(d, arrays)])
    total = 0.0
    for i, t in enumerate(d):
        if t is not None:
            total = total + np.linalg.multi_dot(mats[:i] + [tans[i]] + mats[i + 1:])
    shape = np.shape(np.linalg.multi_dot([np.asarray(x) for x in arrays]))
    return np.reshape(total, shape)


# ------------------------------------------------------------ determinants


@R.vjp(np.linalg.det)
def det(g, ans, a):
    return np.expand_dims(g, (-2, -1)) * cofactors(a, ans)


@R.jvp(np.linalg.det)
def det_jvp(d, ans, a):
    return det_tangent(d, ans, a)


def cofactors(a, ans):
    """The gradient of ``ans = np.linalg.det(a)``: the cofactor matrix of ``a``, ``det(a)
    inv(a)^T`` where no determinant of the stack is 0; else (a singular matrix, where
    np.linalg.inv raises: both read the same LU factors, a zero pivot making the determinant
    exactly 0) through the SVD ``a = U diag(s) V^T``: ``det(U) det(V) U diag(prod_{j != i}
    s_j) V^T``, the adjugate's transpose, defined at every matrix (before session 32 a
    LinAlgError from the generated code, red32)."""
    if np.all(ans != 0):
        return np.expand_dims(ans, (-2, -1)) * np.swapaxes(np.linalg.inv(a), -1, -2)
    u, s, vt = np.linalg.svd(a)
    ones = np.ones(np.shape(s)[:-1] + (1,))  # each singular value's product of the others:
    before = np.cumprod(np.concatenate([ones, s[..., :-1]], axis=-1), axis=-1)  # (no division)
    after = np.flip(np.cumprod(np.concatenate([ones, np.flip(s, -1)[..., :-1]], axis=-1),
                               axis=-1), -1)
    sign = np.sign(np.linalg.det(u) * np.linalg.det(vt))  # (+-1: constant)
    return np.expand_dims(sign, (-2, -1)) * (u * np.expand_dims(before * after, -2)) @ vt


def det_tangent(d, ans, a):
    """The tangent of ``np.linalg.det(a)`` along ``d``: ``det(a) tr(a^-1 d)``, or where a
    determinant is 0 the cofactors' inner product with ``d`` (:func:`cofactors`)."""
    if np.all(ans != 0):
        return ans * np.trace(np.linalg.solve(a, d), axis1=-2, axis2=-1)
    return np.sum(cofactors(a, ans) * d, axis=(-2, -1))


@R.vjp(np.linalg.slogdet)
def slogdet(g, ans, a):
    return slogdet_grad(g, a)


@R.jvp(np.linalg.slogdet)
def slogdet_jvp(d, ans, a):
    return np.zeros(np.shape(ans[0])), np.trace(np.linalg.solve(a, d), axis1=-2, axis2=-1)


def slogdet_grad(g, a):
    """Only ``logabsdet`` has a gradient: ``g[1] T(inv(a))``."""
    if g[1] is None:
        return np.zeros(np.shape(a))
    return np.expand_dims(g[1], (-2, -1)) * np.swapaxes(np.linalg.inv(a), -1, -2)


R.tuple_output(np.linalg.slogdet)

# ------------------------------------------------------------ factorizations


def _fold(s, lower=True):
    """The gradient for the triangle a function reads from ``s``, the gradient for a
    symmetric input: off-diagonal entries count twice (``S_ij + S_ji``); the diagonal is
    ``S_ii``, half of ``(S + S^T)_ii``."""
    return tri_phi(s + np.swapaxes(s, -1, -2), lower)


def _symmetric_from(d, lower=True):
    """The symmetric matrix a one-triangle reader sees when its input moves by ``d``."""
    tri = np.tril(d, -1) if lower else np.triu(d, 1)
    return np.where(_diagonal_mask(d), d, tri + np.swapaxes(tri, -1, -2))


def tri_phi(x, lower=True):
    """``Phi``: the lower (upper) triangle of (stacks of) square matrices with the diagonal
    halved, as one selection and a scaling of the n diagonal entries (a triangle, a product
    and a selection over the whole matrix were three passes). Linear and its own transpose
    (the rule below): each entry is kept, halved or zeroed."""
    n = np.shape(x)[-1]
    keep = np.tri(n, dtype=bool)
    out = np.where(keep if lower else keep.T, x, 0.0)
    diagonal = np.arange(n)
    out[..., diagonal, diagonal] *= 0.5
    return out


@R.self_adjoint(tri_phi)
def tri_phi_vjp(g, ans, x, lower=True):
    return tri_phi(g, lower)


def _diagonal_mask(x):
    """True on the diagonal of the (stacks of) square matrices ``x``. (A selection, not a
    product with ``np.eye``: ``v[:, None] * np.eye(n)`` costs 20x more than the selection
    at n = 200.)"""
    return np.eye(np.shape(x)[-1], dtype=bool)


@R.vjp(np.linalg.cholesky)
def cholesky(g, ans, a, upper=False):
    return cholesky_grad(g, ans, upper)


@R.jvp(np.linalg.cholesky)
def cholesky_jvp(d, ans, a, upper=False):
    return cholesky_tangent(d, ans, upper)


def real_only(a, name):
    """Stop where a decomposition's rule meets a complex matrix: the rules of np.linalg.svd,
    eigh, eig, qr and cholesky here are the real ones (their complex derivatives need
    conjugates and a phase gauge they do not have; the gradients were wrong). A constant
    (``None`` passes: no input to check)."""
    if a is not None and np.iscomplexobj(a):
        raise SrcdiffError(f"the derivative of {name} of a complex matrix is not modelled "
                           "(srcdiff's rule is for real matrices)",
                           hint="differentiate through real matrices (e.g. the real block form "
                                "[[re, -im], [im, re]]), or wrap the value in sd.stop_gradient")
    return 0


R.nondiff(real_only)


def cholesky_grad(g, ans, upper=False):
    """``S = L^-T phi(L^T g) L^-1`` for ``a = L L^T``, folded onto the triangle read."""
    real_only(ans, "np.linalg.cholesky")
    low = np.swapaxes(ans, -1, -2) if upper else ans
    gl = np.swapaxes(g, -1, -2) if upper else g
    return _fold(_congruence_inverse(low, phi_lower_product(low, gl)), lower=not upper)


def phi_lower_product(low, g):
    """``Phi(tril(low).T @ g)``, the Cholesky gradient's first product. Only its lower
    triangle is kept, so past TRI_BLOCK it goes by halves: with ``A = tril(low)``,
    ``(A^T g)11 = A11^T g11 + A21^T g21``, ``(A^T g)21 = A22^T g21`` and
    ``(A^T g)22 = A22^T g22`` (the block above the diagonal is not needed): four products of
    halves, the work of half the full product."""
    n = np.shape(low)[-1]
    if n <= TRI_BLOCK or np.ndim(low) != 2 or np.ndim(g) != 2:
        return tri_phi(np.swapaxes(np.tril(low), -1, -2) @ g)
    h = n // 2
    a11t, a21t, a22t = np.tril(low[:h, :h]).T, low[h:, :h].T, np.tril(low[h:, h:]).T
    out = np.zeros((n, n), dtype=np.result_type(low, g))
    out[:h, :h] = tri_phi(a11t @ g[:h, :h] + a21t @ g[h:, :h])
    out[h:, :h] = a22t @ g[h:, :h]
    out[h:, h:] = tri_phi(a22t @ g[h:, h:])
    return out


@R.vjp(phi_lower_product)
def phi_lower_product_vjp(g, ans, low, gl):
    # Y = Phi(A^T gl), A = tril(low): b_A = gl Phi(g)^T, b_gl = A Phi(g)
    p = tri_phi(g)
    return np.tril(gl @ np.swapaxes(p, -1, -2)), np.tril(low) @ p


@R.jvp(phi_lower_product)
def phi_lower_product_jvp(d, ans, low, gl):
    # (one expression: a forward rule of several arguments inlines)
    return (tri_phi(np.swapaxes(np.tril(d), -1, -2) @ gl),
            tri_phi(np.swapaxes(np.tril(low), -1, -2) @ d))


def _congruence_inverse(low, p):
    """``L^-T P L^-1`` for a lower-triangular ``L`` and ``P``: one inversion of ``L`` (by
    halves, :func:`tri_inverse`) and the congruence by halves (:func:`tri_congruence`)
    instead of two general solves with an n x n right-hand side. (Triangular substitution
    by SciPy would be cheaper still, but rule helpers run in standalone modules, which
    import only NumPy.)"""
    return tri_congruence(tri_inverse(low), p)


def tri_congruence(m, p):
    """``tril(m).T @ tril(p) @ tril(m)``. Past TRI_BLOCK by halves: with ``A = tril(m)``
    and ``B = tril(p)``, ``Q = B A`` is lower triangular (``Q11 = B11 A11``,
    ``Q21 = B21 A11 + B22 A21``, ``Q22 = B22 A22``) and ``A^T Q`` has the blocks
    ``A11^T Q11 + A21^T Q21``, ``A21^T Q22``, ``A22^T Q21``, ``A22^T Q22``: nine products of
    halves, the work of 9/8 of one full product where ``m.T @ p @ m`` takes two. It reads
    only the lower triangles of ``m`` and ``p`` (the rules below differentiate that)."""
    n = np.shape(m)[-1]
    if n <= TRI_BLOCK:
        a = np.tril(m)
        return np.swapaxes(a, -1, -2) @ np.tril(p) @ a
    h = n // 2
    a11, a21, a22 = np.tril(m[..., :h, :h]), m[..., h:, :h], np.tril(m[..., h:, h:])
    b11, b21, b22 = np.tril(p[..., :h, :h]), p[..., h:, :h], np.tril(p[..., h:, h:])
    q11, q21, q22 = b11 @ a11, b21 @ a11 + b22 @ a21, b22 @ a22
    t11, t21, t22 = (np.swapaxes(x, -1, -2) for x in (a11, a21, a22))
    top, bottom = t11 @ q11 + t21 @ q21, t22 @ q21
    out = np.empty(np.shape(top)[:-2] + (n, n), dtype=np.result_type(top, bottom))
    out[..., :h, :h] = top
    out[..., :h, h:] = t21 @ q22
    out[..., h:, :h] = bottom
    out[..., h:, h:] = t22 @ q22
    return out


@R.vjp(tri_congruence)
def tri_congruence_vjp(g, ans, m, p):
    # S = A^T B A with A = tril(m), B = tril(p): b_A = B A g^T + B^T A g, b_B = A g A^T
    a, b = np.tril(m), np.tril(p)
    at, gt = np.swapaxes(a, -1, -2), np.swapaxes(g, -1, -2)
    ba = b @ a
    return (np.tril(ba @ gt + np.swapaxes(b, -1, -2) @ (a @ g)), np.tril(a @ g @ at))


@R.jvp(tri_congruence)
def tri_congruence_jvp(d, ans, m, p):
    # (one expression: a forward rule of several arguments inlines)
    return (np.swapaxes(np.tril(d), -1, -2) @ np.tril(p) @ np.tril(m)
            + np.swapaxes(np.tril(m), -1, -2) @ np.tril(p) @ np.tril(d),
            np.swapaxes(np.tril(m), -1, -2) @ np.tril(d) @ np.tril(m))


TRI_BLOCK = 64  # tri_inverse: blocks of this order or less are inverted by np.linalg.inv


def tri_inverse(low):
    """``inv(tril(low))`` for (stacks of) square matrices: the inverse of the lower triangle,
    by halves (``inv([[A, 0], [C, D]]) = [[A^-1, 0], [-D^-1 C A^-1, D^-1]]``, the blocked
    substitution LAPACK's trtri does); at n = 200 a third of np.linalg.inv's time (an LU
    factorization that does not know the zeros), at n = 400 a quarter. It reads only the
    lower triangle (the rules below differentiate that), so its result is exact whatever the
    upper triangle holds."""
    n = np.shape(low)[-1]
    if n <= TRI_BLOCK:
        return np.linalg.inv(np.tril(low))
    h = n // 2
    head = tri_inverse(low[..., :h, :h])
    tail = tri_inverse(low[..., h:, h:])
    out = np.zeros(np.shape(low), dtype=np.result_type(head, tail))
    out[..., :h, :h] = head
    out[..., h:, h:] = tail
    out[..., h:, :h] = -(tail @ (low[..., h:, :h] @ head))
    return out


@R.vjp(tri_inverse)
def tri_inverse_vjp(g, ans, low):
    at = np.swapaxes(ans, -1, -2)
    return -np.tril(at @ g @ at)


@R.jvp(tri_inverse)
def tri_inverse_jvp(d, ans, low):
    return -(ans @ np.tril(d) @ ans)


def cholesky_tangent(d, ans, upper=False):
    """``dL = L phi(L^-1 dA L^-T)`` with ``dA`` the symmetric change NumPy sees."""
    real_only(ans, "np.linalg.cholesky")
    low = np.swapaxes(ans, -1, -2) if upper else ans
    da = _symmetric_from(d, lower=not upper)
    x = np.linalg.solve(low, da)  # L^-1 dA
    inner = np.swapaxes(np.linalg.solve(low, np.swapaxes(x, -1, -2)), -1, -2)  # L^-1 dA L^-T
    dl = low @ tri_phi(inner)
    return np.swapaxes(dl, -1, -2) if upper else dl


@R.checks(np.linalg.qr)
def qr_check(literals):
    """A mode written in the call other than ``"reduced"`` (refused when compiled)."""
    mode = literals.get("mode", "reduced")
    if mode != "reduced":
        return (f"mode={mode!r} is not modelled (only the default, 'reduced': 'complete' "
                "adds columns the input does not determine, 'r' and 'raw' return no Q)")
    return None


@R.vjp(np.linalg.qr)
def qr(g, ans, a, mode="reduced"):
    return qr_grad(g, ans, a, mode)


@R.jvp(np.linalg.qr)
def qr_jvp(d, ans, a, mode="reduced"):
    return qr_tangent(d, ans, a, mode)


R.tuple_output(np.linalg.qr)


_QR_MODES = "the derivative of np.linalg.qr is modelled for mode='reduced' only"


def _solve_right(b, r):
    """``b @ inv(r)`` for (stacks of) square ``r``: ``solve(r^T, b^T)^T``."""
    return np.swapaxes(np.linalg.solve(np.swapaxes(r, -1, -2), np.swapaxes(b, -1, -2)), -1, -2)


def qr_grad(g, ans, a, mode="reduced"):
    """``(g_Q + Q sym_L(M)) R^-T`` with ``M = R g_R^T - g_Q^T Q`` and ``sym_L(M)`` the
    symmetric matrix of ``M``'s lower triangle, for ``A = QR`` with ``M >= N``: the
    differential of :func:`qr_tangent`, transposed. A wide ``A = [X | Y]`` (``X`` square)
    is ``Q [R_X | Q^T Y]`` with ``Q R_X`` the QR of ``X``: ``b_Y = Q g_2``, and ``X`` gets
    the square case with ``g_Q + Y g_2^T`` (``g_2``: ``g_R``'s last ``N - M`` columns)."""
    real_only(a, "np.linalg.qr")
    if mode != "reduced":
        raise NotImplementedError(_QR_MODES)
    q, r = ans
    gq, gr = g
    k = np.shape(q)[-1]
    extra = None
    if np.shape(a)[-1] > k:  # wide
        y = a[..., :, k:]
        r = r[..., :, :k]
        if gr is not None:
            g2 = gr[..., :, k:]
            gr = gr[..., :, :k]
            extra = q @ g2
            gq = y @ np.swapaxes(g2, -1, -2) if gq is None else gq + y @ np.swapaxes(g2, -1, -2)
    m = np.zeros(np.shape(r))
    if gr is not None:
        m = m + r @ np.swapaxes(gr, -1, -2)
    if gq is not None:
        m = m - np.swapaxes(gq, -1, -2) @ q
    low = np.tril(m, -1)
    b = q @ (np.tril(m) + np.swapaxes(low, -1, -2))
    if gq is not None:
        b = b + gq
    gx = _solve_right(b, np.swapaxes(r, -1, -2))
    if extra is None:
        return gx
    return np.concatenate([gx, extra], axis=-1)


def qr_tangent(d, ans, a, mode="reduced"):
    """``C = Q^T dA R^-1``, ``W = tril(C, -1) - tril(C, -1)^T`` (``Q^T dQ``, antisymmetric),
    ``dR = (C - W) R`` (upper triangular), ``dQ = dA R^-1 - Q (C - W)``; for a wide
    ``A = [X | Y]`` that of ``X``, and ``d(Q^T Y) = dQ^T Y + Q^T dY``."""
    real_only(a, "np.linalg.qr")
    if mode != "reduced":
        raise NotImplementedError(_QR_MODES)
    q, r = ans
    k = np.shape(q)[-1]
    wide = np.shape(a)[-1] > k
    dx = d[..., :, :k] if wide else d
    r1 = r[..., :, :k] if wide else r
    dr_inv = _solve_right(dx, r1)  # dX R^-1
    c = np.swapaxes(q, -1, -2) @ dr_inv
    low = np.tril(c, -1)
    w = c - low + np.swapaxes(low, -1, -2)
    dq = dr_inv - q @ w
    dr = w @ r1
    if wide:
        dr = np.concatenate([dr, np.swapaxes(dq, -1, -2) @ a[..., :, k:]
                             + np.swapaxes(q, -1, -2) @ d[..., :, k:]], axis=-1)
    return dq, dr


def _gaps(w):
    """``F[i, j] = 1 / (w[j] - w[i])`` off the diagonal, 0 on it and where ``w[i] == w[j]``."""
    diff = w[..., None, :] - w[..., :, None]
    return np.where(diff == 0, 0.0, 1.0 / np.where(diff == 0, 1.0, diff))


@R.vjp(np.linalg.eigh)
def eigh(g, ans, a, UPLO="L"):
    return eigh_grad(g, ans, UPLO)


@R.jvp(np.linalg.eigh)
def eigh_jvp(d, ans, a, UPLO="L"):
    return eigh_tangent(d, ans, UPLO)


def eigh_grad(g, ans, UPLO="L"):
    """``V (diag(g_w) + F * (V^T g_V)) V^T``, folded onto the triangle ``UPLO`` read."""
    real_only(ans[1], "np.linalg.eigh")
    w, v = ans
    gw, gv = g
    vt = np.swapaxes(v, -1, -2)
    inner = np.zeros(np.shape(v))
    if gw is not None:
        inner = inner + gw[..., None] * np.eye(np.shape(w)[-1])
    if gv is not None:
        inner = inner + _gaps(w) * (vt @ gv)
    return _fold(v @ inner @ vt, lower=UPLO.upper() == "L")


def eigh_tangent(d, ans, UPLO="L"):
    """``dw = diag(V^T dA V)``, ``dV = V (F * (V^T dA V))``."""
    real_only(ans[1], "np.linalg.eigh")
    w, v = ans
    m = np.swapaxes(v, -1, -2) @ _symmetric_from(d, lower=UPLO.upper() == "L") @ v
    return np.einsum("...ii->...i", m), v @ (_gaps(w) * m)


@R.vjp(np.linalg.eigvalsh)
def eigvalsh(g, ans, a, UPLO="L"):
    return eigh_grad([g, None], np.linalg.eigh(a, UPLO), UPLO)


@R.jvp(np.linalg.eigvalsh)
def eigvalsh_jvp(d, ans, a, UPLO="L"):
    return eigh_tangent(d, np.linalg.eigh(a, UPLO), UPLO)[0]


R.tuple_output(np.linalg.eigh)


@R.vjp(np.linalg.eig)
def eig(g, ans, a):
    return eig_grad(g, ans, a)


@R.jvp(np.linalg.eig)
def eig_jvp(d, ans, a):
    return eig_tangent(d, ans, a)


R.tuple_output(np.linalg.eig)


@R.vjp(np.linalg.eigvals)
def eigvals(g, ans, a):
    return eig_grad([g, None], np.linalg.eig(a), a)


@R.jvp(np.linalg.eigvals)
def eigvals_jvp(d, ans, a):
    return eig_tangent(d, np.linalg.eig(a), a)[0]


def _eig_gauge(v):
    """Per eigenvector (column): a one-hot mask of its largest entry, and that entry, which
    LAPACK makes real (NumPy's eigenvectors have unit norm and that entry real)."""
    top = np.argmax(np.abs(v), axis=-2)[..., None, :]
    mask = np.arange(np.shape(v)[-1])[:, None] == top
    return mask, np.real(np.take_along_axis(v, top, axis=-2))


def eig_grad(g, ans, a=None):
    """``V^-T (diag(g_w) + F * (V^T Q)) V^T`` with ``F[i, j] = 1 / (w_j - w_i)`` and ``Q`` the
    part of ``g_V`` that respects NumPy's normalization of each column ``v`` (unit norm,
    largest entry ``v_m`` real): ``q = g_v - Re(b) conj(v) - i Im(b) / v_m e_m``, ``b = g_v . v``.
    A real input keeps the real part."""
    real_only(a, "np.linalg.eig")
    w, v = ans
    gw, gv = g
    vt = np.swapaxes(v, -1, -2)
    inner = np.zeros(np.shape(v), dtype=v.dtype)
    if gw is not None:
        inner = inner + gw[..., None] * np.eye(np.shape(w)[-1])
    if gv is not None:
        b = np.sum(gv * v, axis=-2)[..., None, :]
        q = gv - b * v
        if np.iscomplexobj(v):
            mask, top = _eig_gauge(v)
            q = gv - np.real(b) * np.conj(v) - 1j * (np.imag(b) / top) * mask
        inner = inner + _gaps(w) * (vt @ q)
    return np.real(np.linalg.solve(vt, inner @ vt))


def eig_tangent(d, ans, a=None):
    """``dw = diag(V^-1 dA V)``; ``dv = u + a v`` per column, ``u`` the column of ``V (F * (V^-1
    dA V))`` and ``a = -Re(v^H u) - i Im(u_m) / v_m`` keeping NumPy's normalization. Real
    parts where NumPy returns real values."""
    real_only(a, "np.linalg.eig")
    w, v = ans
    m = np.linalg.solve(v, d @ v)
    dw = np.einsum("...ii->...i", m)
    u = v @ (_gaps(w) * m)
    if not np.iscomplexobj(w):
        u = np.real(u)
        return np.real(dw), u - np.sum(v * u, axis=-2, keepdims=True) * v
    mask, top = _eig_gauge(v)
    a = (-np.real(np.sum(np.conj(v) * u, axis=-2, keepdims=True))
         - 1j * np.imag(np.sum(u * mask, axis=-2, keepdims=True)) / top)
    return dw, u + a * v


@R.vjp(np.linalg.svd)
def svd(g, ans, a, full_matrices=True, compute_uv=True, hermitian=False):
    if hermitian:  # NumPy decomposes the symmetric matrix of a's lower triangle (eigh)
        return _fold(svd_grad(g, ans, _symmetric_from(a, lower=True), full_matrices,
                              compute_uv), lower=True)
    return svd_grad(g, ans, a, full_matrices, compute_uv)


@R.jvp(np.linalg.svd)
def svd_jvp(d, ans, a, full_matrices=True, compute_uv=True, hermitian=False):
    if hermitian:
        return svd_tangent(_symmetric_from(d, lower=True), ans, _symmetric_from(a, lower=True),
                           full_matrices, compute_uv)
    return svd_tangent(d, ans, a, full_matrices, compute_uv)


def _svd_parts(ans, a, full_matrices, compute_uv):
    """``(u, s, vh)`` with ``u``, ``vh`` cut to ``k = min(m, n)`` columns / rows."""
    if not compute_uv:
        u, s, vh = np.linalg.svd(a, full_matrices=False)
        return u, s, vh
    u, s, vh = ans
    k = np.shape(s)[-1]
    return u[..., :, :k], s, vh[..., :k, :]


def svd_grad(g, ans, a, full_matrices=True, compute_uv=True):
    """Townsend's formula: ``U [(F*(U^T gU - gU^T U)) S + diag(gs) + S (F*(V^T gV - gV^T V))] V^T``
    plus the parts of ``gU``, ``gV`` outside the column spaces of ``U``, ``V``."""
    real_only(a, "np.linalg.svd")
    u, s, vh = _svd_parts(ans, a, full_matrices, compute_uv)
    k = np.shape(s)[-1]
    if not compute_uv:
        gu, gs, gvh = None, g, None
    else:
        gu, gs, gvh = g
        m, n = np.shape(a)[-2:]
        for extra, part in ((gu, (..., slice(None), slice(k, None))),
                            (gvh, (..., slice(k, None), slice(None)))):
            if extra is not None and np.any(extra[part] != 0):
                raise NotImplementedError(
                    "the gradient of np.linalg.svd with full_matrices=True reaches the extra "
                    f"columns of u or rows of vh of a {m}x{n} matrix, which a does not determine; "
                    "use full_matrices=False")
        gu = None if gu is None else gu[..., :, :k]
        gvh = None if gvh is None else gvh[..., :k, :]
    v = np.swapaxes(vh, -1, -2)
    ut = np.swapaxes(u, -1, -2)
    s2 = s * s
    f = _gaps(s2)  # 1 / (s_j^2 - s_i^2)
    eye = np.eye(k)
    inner = np.zeros(np.shape(s) + (k,))
    if gs is not None:
        inner = inner + gs[..., None] * eye
    sinv = np.where(s == 0, 0.0, 1.0 / np.where(s == 0, 1.0, s))
    out = 0.0
    if gu is not None:
        j = ut @ gu
        inner = inner + (f * (j - np.swapaxes(j, -1, -2))) * s[..., None, :]
        out = out + ((gu - u @ j) * sinv[..., None, :]) @ vh
    if gvh is not None:
        gv = np.swapaxes(gvh, -1, -2)
        kk = vh @ gv
        inner = inner + s[..., :, None] * (f * (kk - np.swapaxes(kk, -1, -2)))
        out = out + (u * sinv[..., None, :]) @ np.swapaxes(gv - v @ kk, -1, -2)
    return u @ inner @ vh + out


def svd_tangent(d, ans, a, full_matrices=True, compute_uv=True):
    """``ds = diag(U^T dA V)``; ``dU``, ``dV`` from ``F * (dS S + S dS^T)`` and the parts of
    ``dA`` outside the column spaces (full_matrices=False shapes)."""
    real_only(a, "np.linalg.svd")
    u, s, vh = _svd_parts(ans, a, full_matrices, compute_uv)
    v = np.swapaxes(vh, -1, -2)
    ut = np.swapaxes(u, -1, -2)
    ds_mat = ut @ d @ v
    ds = np.einsum("...ii->...i", ds_mat)
    if not compute_uv:
        return ds
    k = np.shape(s)[-1]
    m, n = np.shape(a)[-2:]
    if full_matrices and m != n:
        raise SrcdiffError(f"the tangent of np.linalg.svd with full_matrices=True for a {m}x{n} "
                           "matrix is not determined (the columns completing U or V are any "
                           "basis of a complement)",
                           hint="pass full_matrices=False, or compute_uv=False (or "
                                "np.linalg.svdvals) for the singular values alone")
    f = _gaps(s * s)
    dss = ds_mat * s[..., None, :]
    sds = s[..., :, None] * ds_mat
    sinv = np.where(s == 0, 0.0, 1.0 / np.where(s == 0, 1.0, s))
    du = u @ (f * (dss + np.swapaxes(dss, -1, -2)))
    dv = v @ (f * (sds + np.swapaxes(sds, -1, -2)))
    if m > k:
        dav = d @ v
        du = du + (dav - u @ (ut @ dav)) * sinv[..., None, :]
    if n > k:
        dau = np.swapaxes(d, -1, -2) @ u
        dv = dv + (dau - v @ (vh @ dau)) * sinv[..., None, :]
    return du, ds, np.swapaxes(dv, -1, -2)


R.tuple_output(np.linalg.svd)


@R.vjp(np.linalg.svdvals)
def svdvals(g, ans, x):
    return svd_grad(g, ans, x, False, False)


@R.jvp(np.linalg.svdvals)
def svdvals_jvp(d, ans, x):
    return svd_tangent(d, ans, x, False, False)


# ---------------------------------------------------------------- norms


@R.vjp(np.linalg.norm)
def norm(g, ans, x, ord=None, axis=None, keepdims=False):
    if ord is None and axis is None:
        return np.real(g) * np.conj(x) / np.where(ans == 0, 1.0, ans)
    return norm_grad(g, ans, x, ord, axis, keepdims)


@R.jvp(np.linalg.norm)
def norm_jvp(d, ans, x, ord=None, axis=None, keepdims=False):
    if ord is None and axis is None and keepdims is False:
        return np.real(np.sum(np.conj(x) * d)) / np.where(ans == 0, 1.0, ans)
    return norm_tangent(d, ans, x, ord, axis, keepdims)


@R.vjp(np.linalg.vector_norm)
def vector_norm(g, ans, x, axis=None, keepdims=False, ord=2):
    return vector_norm_grad(g, ans, x, axis, keepdims, ord)


@R.jvp(np.linalg.vector_norm)
def vector_norm_jvp(d, ans, x, axis=None, keepdims=False, ord=2):
    return vector_norm_tangent(d, ans, x, axis, keepdims, ord)


@R.vjp(np.linalg.matrix_norm)
def matrix_norm(g, ans, x, keepdims=False, ord="fro"):
    return norm_grad(g, ans, x, ord, (-2, -1), keepdims)


@R.jvp(np.linalg.matrix_norm)
def matrix_norm_jvp(d, ans, x, keepdims=False, ord="fro"):
    return norm_tangent(d, ans, x, ord, (-2, -1), keepdims)


def _share(mask, axis):
    """``mask`` as weights that share 1 equally among the ``True`` entries along ``axis``."""
    mask = np.asarray(mask, dtype=float)
    return mask / np.sum(mask, axis=axis, keepdims=True)


def norm_grad(g, ans, x, ord=None, axis=None, keepdims=False):
    """The gradient of ``np.linalg.norm(x, ord, axis, keepdims)`` for every ``ord`` it takes."""
    x = np.asarray(x)
    if axis is None:
        if ord is None:
            axes = tuple(range(x.ndim))
        else:
            axes = tuple(range(x.ndim))
            if len(axes) not in (1, 2):
                raise ValueError("norm with an ord needs a 1-D or 2-D input or an axis")
    else:
        axes = (axis,) if np.ndim(axis) == 0 else tuple(axis)
    axes = tuple(int(i) % x.ndim for i in axes)
    if not keepdims:
        g = np.expand_dims(g, axes)
        ans = np.expand_dims(ans, axes)
    mag = np.abs(x)
    sign = np.conj(x) / np.where(mag == 0, 1.0, mag)  # sign(x), also for complex x
    g = np.real(g)
    safe = np.where(ans == 0, 1.0, ans)
    if ord is None or (len(axes) == 1 and ord == 2) or (len(axes) == 2 and ord == "fro"):
        return g * np.conj(x) / safe
    if len(axes) == 1:
        if ord == np.inf or ord == -np.inf:
            return g * _share(mag == ans, axes) * sign
        if ord == 0:
            return np.zeros(x.shape)
        if ord == 1:
            return g * sign
        p = float(ord)
        return g * sign * np.where(mag == 0, 0.0, (mag / safe) ** (p - 1))
    r, c = axes
    if ord == "nuc" or ord in (2, -2):
        real_only(x, f"np.linalg.norm(ord={ord!r})")
        xm = np.moveaxis(x, (r, c), (-2, -1))
        u, s, vh = np.linalg.svd(xm, full_matrices=False)
        if ord == "nuc":
            w = u @ vh
        elif ord == 2:
            w = u[..., :, :1] @ vh[..., :1, :]
        else:
            w = u[..., :, -1:] @ vh[..., -1:, :]
        return g * np.moveaxis(w, (-2, -1), (r, c))
    if ord in (1, -1):  # max/min over columns of the column sums
        sums = np.sum(mag, axis=r, keepdims=True)
        return g * _share(sums == ans, c) * sign
    if ord in (np.inf, -np.inf):  # max/min over rows of the row sums
        sums = np.sum(mag, axis=c, keepdims=True)
        return g * _share(sums == ans, r) * sign
    raise ValueError(f"no gradient for np.linalg.norm with ord={ord!r}")


def norm_tangent(d, ans, x, ord=None, axis=None, keepdims=False):
    """The tangent of ``np.linalg.norm``: ``Re sum(G * d)`` over the reduced axes, with ``G``
    the gradient for a unit cotangent."""
    x = np.asarray(x)
    if axis is None:
        axes = tuple(range(x.ndim))
    else:
        axes = (axis,) if np.ndim(axis) == 0 else tuple(axis)
    unit = norm_grad(np.ones(np.shape(ans)), ans, x, ord, axis, keepdims)
    return np.sum(np.real(unit * d), axis=tuple(int(i) % x.ndim for i in axes),
                  keepdims=keepdims)


def vector_norm_grad(g, ans, x, axis=None, keepdims=False, ord=2):
    """``np.linalg.vector_norm``: a vector norm over ``axis`` (every axis when None)."""
    x = np.asarray(x)
    if axis is None:
        flat = norm_grad(np.reshape(g, ()), np.reshape(ans, ()), np.ravel(x),
                         None if ord == 2 else ord, 0, False)
        return np.reshape(flat, x.shape)
    if np.ndim(axis) == 0 or len(axis) == 1:
        return norm_grad(g, ans, x, None if ord == 2 else ord, axis, keepdims)
    axes = tuple(int(i) % x.ndim for i in axis)
    rest = [i for i in range(x.ndim) if i not in axes]
    moved = np.transpose(x, rest + list(axes)).reshape([x.shape[i] for i in rest] + [-1])
    gk = g if not keepdims else np.squeeze(g, axes)
    ak = ans if not keepdims else np.squeeze(ans, axes)
    flat = norm_grad(gk, ak, moved, None if ord == 2 else ord, -1, False)
    out = flat.reshape([x.shape[i] for i in rest] + [x.shape[i] for i in axes])
    return np.transpose(out, np.argsort(rest + list(axes)))


def vector_norm_tangent(d, ans, x, axis=None, keepdims=False, ord=2):
    unit = vector_norm_grad(np.ones(np.shape(ans)), ans, x, axis, keepdims, ord)
    axes = None if axis is None else tuple(np.atleast_1d(axis).tolist())
    return np.sum(np.real(unit * d), axis=axes, keepdims=keepdims)


# ------------------------------------------------------- array-API spellings


@R.vjp(np.linalg.outer)
def linalg_outer(g, ans, x1, x2):
    return g @ x2, x1 @ g


@R.jvp(np.linalg.outer)
def linalg_outer_jvp(d, ans, x1, x2):
    return np.outer(d, x2), np.outer(x1, d)


@R.self_adjoint(np.linalg.matrix_transpose, np.matrix_transpose)
def matrix_transpose(g, ans, x):
    return np.swapaxes(g, -1, -2)


@R.vjp(np.linalg.trace)
def linalg_trace(g, ans, x, offset=0, dtype=None):
    return linalg_trace_grad(g, x, offset)


@R.jvp(np.linalg.trace)
def linalg_trace_jvp(d, ans, x, offset=0, dtype=None):
    return np.trace(d, offset, -2, -1)


def linalg_trace_grad(g, x, offset=0):
    """``g`` on the diagonal ``offset`` of the last two axes."""
    n, m = np.shape(x)[-2:]
    return np.expand_dims(g, (-2, -1)) * np.eye(n, m, k=offset)


@R.vjp(np.linalg.diagonal)
def linalg_diagonal(g, ans, x, offset=0):
    return linalg_diagonal_grad(g, x, offset)


@R.jvp(np.linalg.diagonal)
def linalg_diagonal_jvp(d, ans, x, offset=0):
    return np.diagonal(d, offset, -2, -1)


def linalg_diagonal_grad(g, x, offset=0):
    """``g`` written on the diagonal ``offset`` of the last two axes of zeros shaped like ``x``."""
    out = np.zeros(np.shape(x), dtype=np.result_type(g, float))
    view = np.diagonal(out, offset, -2, -1)
    view.setflags(write=True)
    view[...] = g
    return out


@R.vjp(np.linalg.vecdot, np.vecdot)
def vecdot(g, ans, x1, x2, axis=-1):
    grads = vecdot_grads(g, x1, x2, axis)
    return grads[0], grads[1]


@R.jvp(np.linalg.vecdot, np.vecdot)
def vecdot_jvp(d, ans, x1, x2, axis=-1):
    return np.vecdot(d, x2, axis=axis), np.vecdot(x1, d, axis=axis)


def vecdot_grads(g, x1, x2, axis=-1):
    """``sum(conj(x1) * x2, axis)``: ``conj(g x2)`` and ``g x1`` (autograd's convention)."""
    ge = np.expand_dims(g, axis)
    return unbroadcast(np.conj(ge * x2), x1), unbroadcast(ge * np.conj(x1), x2)


@R.vjp(np.linalg.tensordot)
def linalg_tensordot(g, ans, x1, x2, axes=2):
    grads = tensordot_grads(g, x1, x2, axes)
    return grads[0], grads[1]


@R.jvp(np.linalg.tensordot)
def linalg_tensordot_jvp(d, ans, x1, x2, axes=2):
    return np.tensordot(d, x2, axes), np.tensordot(x1, d, axes)


@R.vjp(np.linalg.cross)
def linalg_cross(g, ans, x1, x2, axis=-1):
    return unbroadcast(np.cross(x2, g, axis=axis), x1), unbroadcast(np.cross(g, x1, axis=axis), x2)


@R.jvp(np.linalg.cross)
def linalg_cross_jvp(d, ans, x1, x2, axis=-1):
    return np.cross(d, x2, axis=axis), np.cross(x1, d, axis=axis)


@R.vjp(linalg_diagonal_grad, name="linalg_diagonal_grad")
def linalg_diagonal_grad_vjp(g, ans, grad, x, offset=0):
    return np.diagonal(g, offset, -2, -1), None


@R.jvp(linalg_diagonal_grad, name="linalg_diagonal_grad")
def linalg_diagonal_grad_jvp(d, ans, grad, x, offset=0):
    return linalg_diagonal_grad(d, x, offset), None
