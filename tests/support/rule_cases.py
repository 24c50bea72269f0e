"""The table of rule cases: every registered primitive, with shapes and option variants.

One entry is ``C(primitive, *args, **kwargs)``: a call of the primitive. An
argument that is a *recipe* (``N(3, 4)``: a random normal array of that shape)
becomes a parameter of a generated module-level wrapper function and is
differentiated (when it is a float); any other argument (ints, tuples,
strings, int arrays) is written into the wrapper's source as a literal, so the
compiler sees it as a constant, exactly as in user code. For example::

    C(np.sum, N(3, 4), axis=1, keepdims=True)
    # def case_sum_17(x0):
    #     return np.sum(x0, axis=1, keepdims=True)

srcdiff needs source, so :func:`wrappers` writes all wrappers into a real
module (in a temporary directory) and imports it. Helpers ``unary``,
``binary``, ``reduction`` expand one primitive into the standard shape,
broadcasting and axis/keepdims variants.
"""

import importlib.util
import itertools
import math
import operator
import os
import tempfile

import numpy as np

from srcdiff.rules import primitive_name

try:
    import scipy.linalg
    import scipy.signal
    import scipy.special
    import scipy.stats
except ImportError:  # pragma: no cover
    scipy = None

# ------------------------------------------------------------------ recipes


class Recipe:
    """A random argument: ``make(rng)`` builds it; it is differentiated if it is a float."""

    def __init__(self, make, label, complex=False):
        self.make = make
        self.label = label
        self.complex = complex  # srcdiff takes real inputs: the wrapper builds x.real + 1j x.imag

    def __call__(self, rng):
        v = self.make(rng)
        if isinstance(v, np.ndarray) and v.ndim == 0:
            return complex(v) if np.iscomplexobj(v) else float(v)
        return v

    def __repr__(self):
        return self.label


def N(*shape):
    """Standard normal values."""
    return Recipe(lambda rng: rng.standard_normal(shape), f"N{shape}")


def P(*shape):
    """Positive values in [0.5, 2]."""
    return Recipe(lambda rng: rng.uniform(0.5, 2.0, shape), f"P{shape}")


def U(*shape):
    """Values in [-0.8, 0.8] (inside arcsin's, arctanh's domain)."""
    return Recipe(lambda rng: rng.uniform(-0.8, 0.8, shape), f"U{shape}")


def G(*shape):
    """Values in [1.2, 3] (inside arccosh's domain)."""
    return Recipe(lambda rng: rng.uniform(1.2, 3.0, shape), f"G{shape}")


def Z(*shape):
    """Complex normal values."""
    return Recipe(lambda rng: rng.standard_normal(shape) + 1j * rng.standard_normal(shape),
                  f"Z{shape}", complex=True)


def SQ(n, *batch):
    """Well-conditioned square matrices (a stack of them with ``batch``)."""
    return Recipe(lambda rng: rng.standard_normal(batch + (n, n)) + 2.0 * np.eye(n),
                  f"SQ{batch + (n, n)}")


def SPD(n, *batch):
    """Symmetric positive definite matrices with well separated eigenvalues."""
    def make(rng):
        q, _ = np.linalg.qr(rng.standard_normal(batch + (n, n)))
        w = np.arange(1.0, n + 1.0) + rng.uniform(0, 0.3, batch + (n,))
        return (q * w[..., None, :]) @ np.swapaxes(q, -1, -2)
    return Recipe(make, f"SPD{batch + (n, n)}")


def SYM(n):
    """Symmetric matrices (indefinite) with well separated eigenvalues."""
    def make(rng):
        q, _ = np.linalg.qr(rng.standard_normal((n, n)))
        w = np.arange(n) - n / 2.0 + rng.uniform(0, 0.3, n)
        return (q * w) @ q.T
    return Recipe(make, f"SYM{(n, n)}")


def SYMW(*w):
    """Symmetric matrices with eigenvalues near ``w`` (indefinite, distinct ``|w|``)."""
    def make(rng):
        n = len(w)
        q, _ = np.linalg.qr(rng.standard_normal((n, n)))
        return (q * (np.array(w) + rng.uniform(0, 0.05, n))) @ q.T
    return Recipe(make, f"SYMW{w}")


def SV(m, n, *s):
    """``m x n`` matrices with singular values ``s`` (a pseudo-inverse's cutoff can drop some)."""
    def make(rng):
        u, _ = np.linalg.qr(rng.standard_normal((m, m)))
        v, _ = np.linalg.qr(rng.standard_normal((n, n)))
        k = len(s)
        return (u[:, :k] * np.array(s)) @ v[:, :k].T
    return Recipe(make, f"SV{(m, n) + s}")


def L(*recipes):
    """A list of recipes' values (a list argument such as ``np.concatenate``'s)."""
    return Recipe(lambda rng: [r(rng) if isinstance(r, Recipe) else r for r in recipes],
                  f"L{recipes}")


def FIXED(values):
    """These values, differentiated (kinks and ties: ``FIXED([0.0, 1.0])``)."""
    values = np.asarray(values, dtype=float)
    return Recipe(lambda rng: values.copy(), f"FIXED({values.tolist()})")


def WITH_ZEROS(*shape):
    """Normal values with some exact zeros (cumprod/prod's special case)."""
    def make(rng):
        x = rng.standard_normal(shape)
        x.flat[1::4] = 0.0
        return x
    return Recipe(make, f"WITH_ZEROS{shape}")


def NAN(*shape):
    """Normal values with some NaNs (nansum/nanmean)."""
    def make(rng):
        x = rng.standard_normal(shape)
        x.flat[::5] = np.nan
        return x
    return Recipe(make, f"NAN{shape}")


# ------------------------------------------------------------------ cases


class C:
    """One call of a primitive: ``C(np.sum, N(3, 4), axis=1)``."""

    def __init__(self, prim, *args, tol=None, kink=False, **kwargs):
        self.prim = prim
        self.args = args
        self.kwargs = kwargs
        self.tol = tol  # (rtol, atol) when the default is too tight for this function
        self.kink = kink  # at a kink or tie: first derivatives only (no second derivative)
        self.name = None  # set by wrappers()
        self.fn = None

    def __repr__(self):
        return self.name or f"C({primitive_name(self.prim)})"


class Refused(C):
    """A call passing a keyword value the rule cannot differentiate: both modes must refuse it,
    with a message naming ``refused`` (tests/rules/test_rule_keywords.py)."""

    def __init__(self, prim, *args, refused, **kwargs):
        super().__init__(prim, *args, **kwargs)
        self.refused = refused


class M(C):
    """A method call ``x.name(...)`` that the compiler maps to ``prim``: ``M("cumsum", np.cumsum,
    N(3, 4), axis=0)`` is ``x0.cumsum(axis=0)``."""

    def __init__(self, method, prim, *args, **kwargs):
        super().__init__(prim, *args, **kwargs)
        self.method = method


UNARY_SHAPES = [(), (3,), (2, 3)]
BINARY_SHAPES = [((3,), (3,)), ((2, 3), (3,)), ((2, 1), (1, 3)), ((), (2, 3)), ((2, 3), ())]
REDUCE_OPTIONS = [dict(), dict(axis=0), dict(axis=1), dict(axis=-1, keepdims=True),
                  dict(axis=(0, 2)), dict(keepdims=True)]


def unary(prim, recipe=N, shapes=UNARY_SHAPES, **kwargs):
    return [C(prim, recipe(*s), **kwargs) for s in shapes]


def binary(prim, left=N, right=N, shapes=BINARY_SHAPES):
    return [C(prim, left(*a), right(*b)) for a, b in shapes]


def reduction(prim, recipe=N, options=REDUCE_OPTIONS, shape=(2, 3, 4), **extra):
    return [C(prim, recipe(*shape), **o, **extra) for o in options]


# ---------------------------------------------------------------- the table

IDX = np.array([0, 2, 2, 1])

TABLE = [
    # arithmetic
    *binary(operator.add), *binary(np.add), *binary(operator.sub), *binary(np.subtract),
    *binary(operator.mul), *binary(np.multiply), *binary(operator.truediv, right=P),
    *binary(np.divide, right=P), *unary(operator.neg), *unary(np.negative),
    *unary(operator.pos), *unary(np.positive),
    *binary(operator.pow, left=P), *binary(np.power, left=P), *binary(np.float_power, left=P),
    C(operator.pow, N(3), 2), C(operator.pow, P(3), 0.5), C(np.power, N(2, 3), 3),
    *binary(operator.mod, right=P), *binary(np.mod, right=P), *binary(np.remainder, right=P),
    *binary(np.fmod, right=P),
    *unary(np.square), *unary(np.sqrt, P), *unary(np.cbrt, P), *unary(np.reciprocal, P),
    # unary elementwise
    *unary(np.exp), *unary(np.exp2), *unary(np.expm1), *unary(np.log, P), *unary(np.log2, P),
    *unary(np.log10, P), *unary(np.log1p, P), *unary(np.sin), *unary(np.cos),
    *unary(np.tan, U), *unary(np.sinc), C(np.sinc, FIXED([0.0, 0.5])), *unary(np.tanh),
    *unary(np.sinh), *unary(np.cosh), *unary(np.arcsin, U), *unary(np.arccos, U),
    *unary(np.arctan), *unary(np.arcsinh), *unary(np.arccosh, G), *unary(np.arctanh, U),
    *unary(np.deg2rad), *unary(np.radians), *unary(np.rad2deg), *unary(np.degrees),
    *unary(np.abs), *unary(abs), *unary(operator.abs), *unary(np.fabs),
    C(np.abs, Z(3)), C(np.exp, Z(2, 2)), C(np.sin, Z(3)),
    C(np.nan_to_num, N(4)),
    # complex parts
    C(np.real, Z(3)), C(np.real, N(3)), C(np.imag, Z(3)), C(np.imag, N(3)),
    C(np.conj, Z(3)), C(np.conj, N(3)), C(np.conjugate, Z(2, 2)), C(np.angle, Z(3)),
    C(np.angle, Z(3), deg=True),
    C(np.angle, N(3)),
    # binary elementwise
    C(np.ldexp, N(2, 3), np.array([1, -2, 3])), C(np.ldexp, N(3), 4), C(np.ldexp, N(), -3),
    *binary(np.arctan2), *binary(np.hypot), *binary(np.logaddexp), *binary(np.logaddexp2),
    *binary(np.maximum), *binary(np.minimum), *binary(np.fmax), *binary(np.fmin),
    C(np.maximum, FIXED([1.0, 2.0]), FIXED([1.0, 3.0]), kink=True),
    C(np.minimum, FIXED([1.0, 2.0]), FIXED([1.0, 3.0]), kink=True),
    C(np.abs, FIXED([0.0, -1.0]), kink=True),
    C(np.heaviside, np.array([0, 1, -2, 0]), N(4)),
    C(np.heaviside, np.array([[0], [-1]]), N(3)), C(np.heaviside, 0, N()),
    C(np.where, np.array([True, False, True]), N(3), N(3)),
    C(np.where, np.array([[True], [False]]), N(2, 3), N(3)),
    C(np.clip, N(5), -0.5, 0.5), C(np.clip, N(2, 3), None, 0.3), C(np.clip, N(2, 3), -0.3, None),
    C(np.clip, N(2, 3), None, None), C(np.clip, N(4)),
    # reductions
    *reduction(np.sum), C(sum, N(3, 4)), C(sum, L(N(3), N(3), N(3))),
    C(np.sum, N(3, 4), where=np.array([True, False, True, True])),
    C(np.sum, N(3, 4), axis=1, where=np.array([[True], [False], [True]]), keepdims=True),
    C(np.sum, N(2, 3, 4), axis=(0, 2), initial=2.5), C(np.sum, N(3), where=False),
    C(np.sum, N(3, 4), axis=0, initial=-1.0, where=np.array([True, True, False, True])),
    C(np.max, N(3, 4), initial=0.0), C(np.max, N(2, 3, 4), axis=1, initial=-0.3),
    C(np.max, FIXED([-1.0, -2.0]), initial=0.0), C(np.amax, N(3, 4), axis=0, initial=0.1),
    C(np.min, N(3, 4), axis=-1, keepdims=True, initial=0.2), C(np.amin, N(5), initial=-0.5),
    C(np.max, N(3, 4), axis=1, initial=-5.0, where=np.array([True, False, True, True])),
    C(np.min, N(3, 4), initial=5.0, where=np.array([[True], [False], [True]])),
    C(np.max, N(2, 3), axis=0, initial=-5.0, where=np.array([[False, True, False]] * 2)),
    C(np.max, FIXED([[1.0, 3.0], [2.0, 3.0]]), axis=1, initial=3.0, kink=True),
    C(np.max, FIXED([1.0, 3.0, 3.0]), initial=0.0, kink=True),
    C(np.amax, N(3, 4), initial=-9.0, where=np.array([False, True, True, False])),
    C(np.amin, N(2, 3), axis=1, initial=9.0, where=np.array([[True], [False]])),
    *reduction(np.mean), *reduction(np.max), *reduction(np.amax), *reduction(np.min),
    *reduction(np.amin), *reduction(np.ptp), *reduction(np.prod),
    C(np.prod, WITH_ZEROS(3, 4), axis=1), C(np.prod, WITH_ZEROS(5)),
    *reduction(np.var), C(np.var, N(3, 4), axis=1, ddof=1), *reduction(np.std),
    C(np.std, N(3, 4), axis=0, ddof=1, keepdims=True),
    *reduction(np.nansum, NAN), *reduction(np.nanmean, NAN),
    *reduction(np.nanmax, NAN), *reduction(np.nanmin, NAN), *reduction(np.nanprod, NAN),
    *reduction(np.nanvar, NAN), *reduction(np.nanstd, NAN),
    C(np.nanvar, NAN(3, 4), axis=1, ddof=1), C(np.nanstd, NAN(3, 4), ddof=1, keepdims=True),
    C(np.nanprod, NAN(3, 4), axis=0, dtype=np.float64),
    C(np.nanvar, NAN(3, 4), axis=0, dtype=np.float64), C(np.nanstd, NAN(4), dtype=np.float64),
    C(np.nanmin, FIXED([[1.0, float("nan")], [2.0, 2.0]]), axis=1, kink=True),
    C(np.prod, N(3, 4), initial=2.0), C(np.prod, N(2, 3, 4), axis=1, initial=-0.5),
    C(np.prod, N(3, 4), axis=0, where=np.array([True, False, True, True])),
    C(np.prod, N(3, 4), axis=1, keepdims=True, initial=1.5,
      where=np.array([[True], [False], [True]])),
    C(np.prod, FIXED([1.0, 0.0, 2.0]), initial=3.0),
    C(np.ediff1d, N(5)), C(np.ediff1d, N(2, 3)), C(np.ediff1d, N(4), to_begin=1.5),
    C(np.ediff1d, N(4), to_end=np.array([1.0, 2.0]), to_begin=np.array([0.5, -1.0, 2.0])),
    C(np.ediff1d, N(1), to_end=2.0),
    *([C(np.trapezoid, N(5)), C(np.trapezoid, N(3, 4), dx=0.3),
       C(np.trapezoid, N(3, 4), x=np.array([0.0, 0.5, 0.7]), axis=0),
       C(np.trapezoid, N(2, 4), np.array([[0.0, 0.1, 0.5, 1.5], [1.0, 1.2, 1.3, 2.0]])),
       C(np.trapezoid, N(2, 3, 4), axis=1), C(np.trapezoid, N(1)),
       # differentiated sample points: 1-D along an axis, and as y's shape
       C(np.trapezoid, N(3, 4), x=N(3), axis=0), C(np.trapezoid, N(2, 4), N(2, 4))]
      if hasattr(np, "trapezoid") else []),
    C(np.cumsum, N(5)), C(np.cumsum, N(3, 4)), C(np.cumsum, N(3, 4), axis=0),
    C(np.cumsum, N(3, 4), axis=-1),
    C(np.cumprod, N(5)), C(np.cumprod, N(3, 4), axis=1), C(np.cumprod, WITH_ZEROS(3, 4), axis=1),
    C(np.cumprod, WITH_ZEROS(9)), C(np.cumprod, WITH_ZEROS(2, 5), axis=0),
    C(np.cumprod, FIXED([2.0, 0.0, 3.0, 0.0, 1.5])),
    C(np.cumprod, FIXED([[1.0, 2.0], [0.0, 3.0]]), 0),
    C(np.diff, N(6)), C(np.diff, N(3, 4), axis=0), C(np.diff, N(6), 2), C(np.diff, N(3, 5), 3),
    C(np.diff, N(5), prepend=0.0), C(np.diff, N(3, 4), axis=0, append=np.ones((1, 4))),
    C(np.trace, N(3, 3)), C(np.trace, N(3, 4), 1), C(np.trace, N(2, 3, 4), 0, 1, 2),
    C(np.trace, N(4, 3), -1),
    # products
    C(operator.matmul, N(3, 4), N(4, 2)), C(operator.matmul, N(3, 4), N(4)),
    C(operator.matmul, N(4), N(4, 2)), C(operator.matmul, N(4), N(4)),
    C(operator.matmul, N(2, 3, 4), N(4, 2)), C(operator.matmul, N(3, 4), N(2, 4, 5)),
    C(operator.matmul, N(2, 3, 4), N(4)), C(operator.matmul, N(4), N(2, 4, 3)),
    C(np.matmul, N(3, 4), N(4, 2)), C(np.matmul, N(2, 1, 3, 4), N(3, 4, 2)),
    C(np.linalg.matmul, N(3, 4), N(4, 2)),
    C(np.dot, N(3, 4), N(4, 2)), C(np.dot, N(4), N(4)), C(np.dot, N(3, 4), N(4)),
    C(np.dot, N(4), N(4, 2)), C(np.dot, N(2, 3, 4), N(5, 4, 2)), C(np.dot, 2.0, N(3)),
    C(np.dot, N(3, 2), 1.5),
    C(np.vdot, N(3), N(3)), C(np.vdot, N(2, 3), N(3, 2)), C(np.vdot, Z(3), Z(3)),
    C(np.inner, N(3), N(3)), C(np.inner, N(2, 3), N(4, 3)), C(np.inner, N(3), N(2, 2, 3)),
    C(np.inner, 2.0, N(3)),
    C(np.outer, N(3), N(4)), C(np.outer, N(2, 2), N(3)),
    C(np.multiply.outer, N(3), N(2, 2)), C(np.multiply.outer, N(2), 2.0),
    C(np.kron, N(2, 3), N(3, 2)), C(np.kron, N(3), N(2)), C(np.kron, N(2), N(2, 3)),
    C(np.tensordot, N(2, 3, 4), N(3, 4, 5)),
    C(np.tensordot, N(2, 3, 4), N(4, 3), axes=([1, 2], [1, 0])),
    C(np.tensordot, N(3, 4), N(4, 5), axes=1), C(np.tensordot, N(3), N(4), axes=0),
    C(np.tensordot, N(2, 3), N(3, 2), axes=(1, 0)),
    C(np.einsum, "ij,jk->ik", N(2, 3), N(3, 4)), C(np.einsum, "ij,jk", N(2, 3), N(3, 4)),
    C(np.einsum, "ii->i", N(3, 3)), C(np.einsum, "ii", N(3, 3)), C(np.einsum, "ij->", N(2, 3)),
    C(np.einsum, "i,i->", N(3), N(3)), C(np.einsum, "i,j->ij", N(3), N(2)),
    C(np.einsum, "...ij,...jk->...ik", N(5, 2, 3), N(3, 4)),
    C(np.einsum, "bij,bjk->bik", N(2, 2, 3), N(2, 3, 2)),
    C(np.einsum, "ij,ij,ij->i", N(2, 3), N(2, 3), N(2, 3)),
    C(np.einsum, "i...->...", N(3, 2, 2)), C(np.einsum, "ijk->kij", N(2, 3, 4)),
    C(np.einsum, "ij,k->ijk", N(2, 2), N(3)), C(np.einsum, "ii,i->i", N(3, 3), N(3)),
    C(np.einsum, N(2, 3), [0, 1], N(3, 4), [1, 2], [0, 2]),
    C(np.einsum, "ij,jk->ik", N(1, 3), N(3, 4)), C(np.einsum, "...,...->...", N(2, 3), N(3)),
    C(np.cross, N(3), N(3)), C(np.cross, N(4, 3), N(3)), C(np.cross, N(2), N(2)),
    C(np.cross, N(2), N(3)), C(np.cross, N(3, 2), N(3, 2), axisa=0, axisb=0),
    C(np.cross, N(3, 4), N(3, 4), axis=0), C(np.cross, N(2, 3), N(3, 2), axisa=-1, axisb=0,
                                               axisc=0),
    C(float, N()),
    # shape changes
    C(np.transpose, N(2, 3)), C(np.transpose, N(2, 3, 4), (1, 2, 0)),
    C(np.reshape, N(2, 3), (3, 2)), C(np.reshape, N(2, 3), -1), C(np.ravel, N(2, 3)),
    C(np.expand_dims, N(2, 3), 1), C(np.squeeze, N(2, 1, 3)), C(np.squeeze, N(2, 1, 1), axis=1),
    C(np.atleast_1d, N()), C(np.atleast_2d, N(3)), C(np.atleast_3d, N(2, 3)),
    C(np.broadcast_to, N(3), (2, 3)), C(np.broadcast_to, N(2, 1), (2, 3)),
    C(np.moveaxis, N(2, 3, 4), 0, -1), C(np.moveaxis, N(2, 3, 4), (0, 1), (2, 0)),
    C(np.swapaxes, N(2, 3, 4), 0, 2), C(np.rollaxis, N(2, 3, 4), 2),
    C(np.rollaxis, N(2, 3, 4), 0, 2),
    C(np.rollaxis, N(2, 3, 4), 1, 3), C(np.rollaxis, N(2, 3, 4), -1, 1),
    C(np.flip, N(2, 3)), C(np.flip, N(2, 3), 1), C(np.fliplr, N(2, 3)), C(np.flipud, N(2, 3)),
    C(np.rot90, N(2, 3)), C(np.rot90, N(2, 3, 4), 3, (1, 2)), C(np.rot90, N(3, 3), -1),
    C(np.roll, N(5), 2), C(np.roll, N(3, 4), (1, -1), (0, 1)), C(np.roll, N(3, 4), 5),
    C(np.tile, N(3), 2), C(np.tile, N(2, 3), (2, 1, 2)), C(np.tile, N(2, 3), 3),
    C(np.repeat, N(3), 2), C(np.repeat, N(2, 3), [1, 0, 2], axis=1), C(np.repeat, N(2, 2), 2),
    C(np.pad, N(3), 2), C(np.pad, N(2, 3), ((1, 0), (2, 1))), C(np.pad, N(3, 4), 1, "edge"),
    C(np.pad, N(4), (2, 3), "reflect"), C(np.pad, N(2, 3), 2, "wrap"),
    C(np.pad, N(4), (1, 2), "symmetric"), C(np.pad, N(3), 1, constant_values=5.0),
    C(np.tril, N(3, 3)), C(np.tril, N(3, 4), -1), C(np.triu, N(3, 3)), C(np.triu, N(4, 3), 1),
    C(np.diag, N(3)), C(np.diag, N(3), 1), C(np.diag, N(3, 4)), C(np.diag, N(4, 3), -1),
    C(np.diagflat, N(2, 2)), C(np.diagflat, N(3), -1),
    C(np.diagonal, N(3, 4)), C(np.diagonal, N(2, 3, 4), 1, 1, 2), C(np.diagonal, N(3, 3), -1),
    # joins and splits
    C(np.concatenate, L(N(2, 3), N(1, 3))), C(np.concatenate, L(N(2, 3), N(2, 1)), axis=1),
    C(np.concatenate, L(N(2, 2), N(3)), axis=None), C(np.concat, L(N(2), N(3))),
    C(np.stack, L(N(3), N(3))), C(np.stack, L(N(2, 3), N(2, 3)), axis=-1),
    C(np.vstack, L(N(3), N(2, 3))), C(np.row_stack, L(N(3), N(3))),
    C(np.hstack, L(N(2), N(3))), C(np.hstack, L(N(2, 1), N(2, 3))),
    C(np.dstack, L(N(2, 3), N(2, 3, 2))), C(np.column_stack, L(N(3), N(3, 2))),
    C(np.vstack, N(2, 3)),
    C(np.append, N(3), N(2)), C(np.append, N(2, 3), N(1, 3), axis=0),
    C(np.insert, N(2, 3), 1, N(3), axis=0), C(np.insert, N(5), [1, 3], N(2)),
    C(np.insert, N(2, 3), [0, 2, 2], N(2, 3), axis=1), C(np.insert, N(2, 3), -1, N()),
    C(np.block, L(L(N(2, 2), N(2, 1)), L(N(1, 3)))), C(np.block, L(N(2), N(3), N())),
    C(np.split, N(6), 3), C(np.split, N(4, 3), [1, 2], axis=1), C(np.array_split, N(7), 3),
    C(np.hsplit, N(2, 4), 2), C(np.vsplit, N(4, 2), [1]), C(np.dsplit, N(2, 2, 4), 2),
    C(np.hsplit, N(6), 3),
    C(np.array, L(N(3), N(3))), C(np.array, N(2, 2)), C(np.asarray, L(1.0, N())),
    C(np.copy, N(3)), C(np.copy, N(2, 3), order="F"), C(np.ascontiguousarray, N(2, 3)),
    C(np.ascontiguousarray, N()), C(np.ascontiguousarray, N(3, 2), dtype=np.float64),
    C(np.asfortranarray, N(2, 3), dtype=np.float64),
    C(np.asfortranarray, L(N(2), N(2))), C(np.asanyarray, N(2, 3), order="F"),
    C(np.asanyarray, L(1.0, N()), dtype=np.float64),
    # selections
    C(np.take, N(5), IDX), C(np.take, N(3, 4), IDX, axis=1), C(np.take, N(3, 4), [[0, 1], [1, 1]]),
    C(np.take, N(3, 4), [-1, 0], axis=0), C(np.take, N(4), [5, -6], mode="wrap"),
    C(np.take, N(4), [5, -6], mode="clip"),
    C(np.take_along_axis, N(3, 4), np.array([[0, 0], [1, 3], [2, 2]]), axis=1),
    C(np.take_along_axis, N(3, 4), np.array([[0, 2, 2, 1]]), axis=0),
    C(np.take_along_axis, N(5), np.array([4, 4, 0]), axis=None),
    C(np.sort, N(5)), C(np.sort, N(3, 4), axis=0), C(np.sort, N(3, 4), axis=None),
    C(np.partition, N(6), 2), C(np.partition, N(3, 5), (1, 3), axis=1),
    C(np.select, [np.array([True, False, False]), np.array([True, True, False])], L(N(3), N(3))),
    C(np.select, [np.array([True, False])], L(N(2, 2)), 1.0),
    C(np.choose, np.array([0, 1, 2, 1]), L(N(4), N(4), N(4))),
    C(np.choose, np.array([[0, 1], [1, 0]]), L(N(2, 2), N(2))),
    C(np.choose, np.array([0, 3, 1]), N(2, 3), mode="wrap"),
    # constructors
    C(np.full, (2, 3), N()), C(np.full, (2, 3), N(3)), C(np.full_like, N(2, 3), N()),
    C(np.linspace, N(), P(), 5), C(np.linspace, N(3), N(3), 4),
    C(np.linspace, 1.0, N(2), 3, axis=1),
    C(np.linspace, N(2), 3.0, 4, endpoint=False), C(np.linspace, N(2, 1), N(3), 4, axis=-1),
]

LINALG = [
    C(np.linalg.inv, SQ(3)), C(np.linalg.inv, SQ(2, 3)),
    C(np.linalg.solve, SQ(3), N(3)), C(np.linalg.solve, SQ(3), N(3, 2)),
    C(np.linalg.solve, SQ(3, 2), N(2, 3, 2)), C(np.linalg.solve, SQ(3, 2), N(3)),
    C(np.linalg.solve, SQ(3, 2), N(3, 4)),
    C(np.linalg.det, SQ(3)), C(np.linalg.det, SQ(2, 4)), C(np.linalg.slogdet, SQ(3)),
    C(np.linalg.slogdet, SQ(3, 2)),
    C(np.linalg.cholesky, SPD(3)), C(np.linalg.cholesky, SPD(3, 2)),
    C(np.linalg.cholesky, SPD(4), upper=True),
    C(np.linalg.eigh, SYM(3)), C(np.linalg.eigh, SPD(3, 2)), C(np.linalg.eigh, SYM(4), "U"),
    C(np.linalg.eigvalsh, SYM(3)), C(np.linalg.eigvalsh, SYM(3), UPLO="U"),
    C(np.linalg.qr, N(4, 3)), C(np.linalg.qr, SQ(3)), C(np.linalg.qr, N(2, 3, 2)),
    C(np.linalg.qr, N(3, 2), mode="reduced"), C(np.linalg.qr, N(4, 1)), C(np.linalg.qr, N(2, 3)),
    C(np.linalg.qr, N(2, 2, 4)), C(np.linalg.qr, N(1, 3)),
    C(np.linalg.pinv, N(3, 2)), C(np.linalg.pinv, N(2, 4)), C(np.linalg.pinv, SQ(3)),
    C(np.linalg.pinv, N(2, 4, 3)),
    C(np.linalg.svd, N(4, 3), full_matrices=False), C(np.linalg.svd, N(2, 4), full_matrices=False),
    C(np.linalg.svd, N(3, 3)), C(np.linalg.svd, N(2, 3, 2), full_matrices=False),
    C(np.linalg.svd, N(4, 3), compute_uv=False), C(np.linalg.svdvals, N(3, 5)),
    C(np.linalg.matrix_power, SQ(3), 3), C(np.linalg.matrix_power, SQ(3), 1),
    C(np.linalg.matrix_power, SQ(3), 0), C(np.linalg.matrix_power, SQ(3), -2),
    C(np.linalg.matrix_power, SQ(2, 2), 2),
    C(np.linalg.multi_dot, L(N(2, 3), N(3, 4), N(4, 2))),
    C(np.linalg.multi_dot, L(N(3), N(3, 4), N(4))),
    C(np.linalg.multi_dot, L(N(3), N(3, 2))),
    C(np.linalg.norm, N(4)), C(np.linalg.norm, N(3, 4)), C(np.linalg.norm, N(2, 3, 4)),
    C(np.linalg.norm, FIXED([0.0, 0.0]), kink=True),
    *[C(np.linalg.norm, N(5), o) for o in (1, -1, 2, -2, 3, 0.5, np.inf, -np.inf)],
    *[C(np.linalg.norm, N(3, 4), o) for o in ("fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf)],
    C(np.linalg.norm, N(3, 4), axis=1), C(np.linalg.norm, N(3, 4), 1, axis=0, keepdims=True),
    C(np.linalg.norm, N(2, 3, 4), "fro", (0, 2)), C(np.linalg.norm, N(2, 3, 4), 2, (2, 1)),
    C(np.linalg.norm, N(2, 3, 4), np.inf, (1, 2), keepdims=True),
    C(np.linalg.norm, N(2, 3, 4), "nuc", (-1, 0)), C(np.linalg.norm, N(3, 4), keepdims=True),
    C(np.linalg.vector_norm, N(2, 3)), C(np.linalg.vector_norm, N(2, 3), axis=1, ord=1),
    C(np.linalg.vector_norm, N(2, 3, 4), axis=(0, 2), keepdims=True),
    C(np.linalg.vector_norm, N(2, 3), ord=np.inf, keepdims=True),
    C(np.linalg.matrix_norm, N(2, 3, 4)), C(np.linalg.matrix_norm, N(3, 4), ord="nuc"),
    C(np.linalg.matrix_norm, N(2, 3, 3), ord=-1, keepdims=True),
    C(np.linalg.outer, N(3), N(2)), C(np.linalg.matrix_transpose, N(2, 3, 4)),
    C(np.matrix_transpose, N(3, 4)), C(np.linalg.trace, N(2, 3, 4)),
    C(np.linalg.trace, N(3, 4), offset=1), C(np.linalg.diagonal, N(2, 3, 4)),
    C(np.linalg.diagonal, N(4, 3), offset=-1), C(np.linalg.vecdot, N(2, 3), N(3)),
    C(np.vecdot, N(3, 2), N(3, 2), axis=0), C(np.vecdot, Z(3), Z(3)),
    C(np.linalg.tensordot, N(2, 3), N(3, 4), axes=1), C(np.linalg.cross, N(2, 3), N(3)),
]

FFT = [
    C(np.fft.fft, N(6)), C(np.fft.fft, Z(5)), C(np.fft.fft, N(3, 4), axis=0),
    C(np.fft.fft, N(5), 8), C(np.fft.fft, Z(6), 4, norm="ortho"),
    C(np.fft.fft, N(4), norm="forward"),
    C(np.fft.ifft, Z(6)), C(np.fft.ifft, N(5), 3), C(np.fft.ifft, Z(2, 4), 6, 1, "ortho"),
    C(np.fft.fft2, N(3, 4)), C(np.fft.fft2, Z(2, 3, 4), (4, 2)), C(np.fft.ifft2, Z(3, 4)),
    C(np.fft.ifft2, N(3, 4), axes=(0, 1), norm="forward"),
    C(np.fft.fftn, N(2, 3, 4)), C(np.fft.fftn, Z(3, 4), (5, 3)),
    C(np.fft.fftn, N(3, 4, 2), axes=(0, 2)),
    C(np.fft.ifftn, Z(2, 3)), C(np.fft.ifftn, N(4, 3), (3, 5), norm="ortho"),
    C(np.fft.rfft, N(6)), C(np.fft.rfft, N(5)), C(np.fft.rfft, N(6), 9), C(np.fft.rfft, N(7), 4),
    C(np.fft.rfft, N(3, 4), axis=0, norm="ortho"), C(np.fft.rfft, N(4), norm="forward"),
    C(np.fft.irfft, Z(4)), C(np.fft.irfft, Z(4), 7), C(np.fft.irfft, Z(5), 4),
    C(np.fft.irfft, Z(3, 4), axis=0, norm="ortho"), C(np.fft.irfft, Z(4), 10, norm="forward"),
    C(np.fft.rfft2, N(3, 4)), C(np.fft.rfft2, N(3, 5), (4, 6)), C(np.fft.irfft2, Z(3, 3)),
    C(np.fft.irfft2, Z(3, 4), (2, 5)),
    C(np.fft.rfftn, N(2, 3, 4)), C(np.fft.rfftn, N(3, 4), axes=(1, 0), norm="ortho"),
    C(np.fft.irfftn, Z(2, 3, 3)), C(np.fft.irfftn, Z(4, 3), (3, 4), norm="forward"),
    C(np.fft.fftshift, N(5)), C(np.fft.fftshift, N(3, 4), axes=1), C(np.fft.ifftshift, N(5)),
    C(np.fft.ifftshift, N(3, 4), axes=(0,)),
]

TABLE += LINALG + FFT

if scipy is not None:
    sp = scipy.special

    def UT(n, lower):
        """Well-conditioned triangular matrices (full, the other triangle is ignored)."""
        return Recipe(lambda rng: rng.standard_normal((n, n)) + 3.0 * np.eye(n), f"T{n}")

    TABLE += [
        *unary(sp.expit), *(unary(sp.log_expit) if hasattr(sp, "log_expit") else []),
        *unary(sp.logit, lambda *s: Recipe(
            lambda rng: rng.uniform(0.1, 0.9, s), f"(0.1, 0.9){s}")),
        *unary(sp.erf), *unary(sp.erfc), *unary(sp.erfinv, U), *unary(sp.erfcinv, P, [(3,)]),
        *unary(sp.ndtr), *unary(sp.log_ndtr), C(sp.ndtri, FIXED([0.2, 0.5, 0.9])),
        *unary(sp.gammaln, P), *unary(sp.loggamma, P), *unary(sp.gamma, P), *unary(sp.rgamma, P),
        *unary(sp.digamma, P), *unary(sp.psi, P), C(sp.polygamma, 1, P(3)),
        C(sp.polygamma, 2, P(2, 2)),
        *binary(sp.betaln, P, P), *binary(sp.beta, P, P),
        *unary(sp.j0), *unary(sp.j1), *unary(sp.y0, P), *unary(sp.y1, P), *unary(sp.i0),
        *unary(sp.i1), *unary(sp.i0e), *unary(sp.i1e),
        *[C(f, v, P(3)) for f in (sp.jv, sp.yv, sp.iv, sp.ive, sp.kv) for v in (0, 1.5)],
        C(sp.jv, 2, N(2, 2)), C(sp.iv, 1, N(3)), C(sp.ive, 2, N(3)),
        *binary(sp.xlogy, N, P), C(sp.xlogy, FIXED([0.0, 1.0]), P(2)),
        *binary(sp.xlog1py, N, P), *unary(sp.entr, P), *binary(sp.rel_entr, P, P),
        *binary(sp.kl_div, P, P),
        *reduction(sp.logsumexp),
        C(sp.logsumexp, N(3, 4), axis=1, b=np.array([1.0, 2.0, 0.5, 1.0])),
        C(sp.logsumexp, N(3), b=np.array([1.0, 2.0, 3.0])),
        C(sp.softmax, N(4)), C(sp.softmax, N(3, 4), axis=1), C(sp.softmax, N(3, 4), axis=0),
        C(sp.log_softmax, N(4)), C(sp.log_softmax, N(3, 4), axis=-1),
        C(scipy.linalg.solve_triangular, UT(3, True), N(3), lower=True),
        C(scipy.linalg.solve_triangular, UT(3, False), N(3, 2)),
        C(scipy.linalg.solve_triangular, UT(3, True), N(3, 2), trans=1, lower=True),
        C(scipy.linalg.solve_triangular, UT(3, False), N(3), trans="T", unit_diagonal=True),
    ]

# Every keyword a rule declares, with a non-default value (tests/rules/test_rule_keywords.py
# enforces it; many are passed by the cases above too). Appended last, so the names of the
# cases above stay stable.
KEYWORDS = [
    # dtype: only float dtypes keep a derivative (an integer dtype truncates, like .astype)
    C(np.sum, N(3, 4), axis=1, dtype=np.float64), C(np.mean, N(2, 3, 4), (0, 2), np.float64),
    C(np.prod, N(3, 4), axis=-1, dtype=np.float64, keepdims=True),
    C(np.var, N(3, 4), axis=(0, 1), dtype=np.float64, ddof=2),
    C(np.std, N(2, 3, 4), axis=(-1, 0), dtype=np.float64, ddof=1, keepdims=True),
    C(np.var, N(5), ddof=1), C(np.std, N(2, 3), ddof=1),
    C(np.nansum, NAN(3, 4), axis=0, dtype=np.float64),
    C(np.nanmean, NAN(3, 4), axis=-1, dtype=np.float64, keepdims=True),
    C(np.cumsum, N(3, 4), axis=-2, dtype=np.float64), C(np.cumsum, N(2, 3), dtype=np.float64),
    C(np.cumprod, N(3, 4), axis=0, dtype=np.float64), C(np.cumprod, N(2, 3), dtype=np.float64),
    C(np.trace, N(3, 4), 1, dtype=np.float64), C(np.trace, N(3, 2, 4), -1, 2, 0),
    C(np.linalg.trace, N(2, 3, 3), offset=-1, dtype=np.float64),
    C(np.full, (2, 3), N(3), dtype=np.float64), C(np.full_like, N(2, 3), N(), dtype=np.float64),
    C(np.full_like, N(2, 3), N(3), shape=(4, 3)),
    C(np.linspace, N(), P(), 4, dtype=np.float64), C(np.linspace, N(2), N(2), 3, False, axis=-1),
    C(np.array, N(2, 3), dtype=np.float64), C(np.array, L(N(3), N(3)), copy=True),
    C(np.array, N(3), ndmin=3), C(np.array, L(N(2), N(2)), ndmin=3),
    C(np.array, L(N(3), N(3)), ndmax=2),
    C(np.asarray, N(2, 3), dtype=np.float64), C(np.asarray, N(3), copy=True),
    C(sum, L(N(3), N(3)), start=1.5), C(sum, N(3, 4), np.arange(4.0)),
    # (a differentiable start, one broadcasting the items to a larger shape)
    C(sum, L(N(3), N(3)), N(3)), C(sum, N(3, 4), N(2, 4)), C(sum, L(N(2), N(2)), start=N()),
    # shapes
    C(np.reshape, N(2, 3), (3, 2), order="F"), C(np.reshape, N(2, 3, 2), shape=(4, 3), order="F"),
    C(np.reshape, N(2, 3), (6,), order="A"), C(np.reshape, N(6), shape=(2, 3), copy=True),
    C(np.ravel, N(2, 3), order="F"), C(np.ravel, N(2, 3, 4), "F"), C(np.ravel, N(2, 3), order="K"),
    C(np.ravel, N(3, 2), order="A"),
    C(np.flip, N(2, 3, 4), axis=(0, -1)), C(np.squeeze, N(1, 3, 1), axis=(0, 2)),
    C(np.transpose, N(2, 3, 4), axes=(-1, 0, 1)), C(np.roll, N(3, 4), 2, axis=-1),
    C(np.rot90, N(2, 3, 4), k=2, axes=(2, 0)), C(np.rollaxis, N(2, 3, 4), 2, start=1),
    C(np.repeat, N(2, 3), 2, axis=-1), C(np.diagonal, N(3, 4, 5), offset=-1, axis1=2, axis2=0),
    C(np.concatenate, L(N(2, 3), N(2, 2)), axis=-1), C(np.stack, L(N(2), N(2)), axis=1),
    C(np.split, N(3, 4), 2, axis=-1),
    C(np.array_split, N(3, 5), 2, axis=1), C(np.array_split, N(2, 5), [1, 3], axis=-1),
    C(np.append, N(2, 3), N(2, 1), axis=-1), C(np.take_along_axis, N(3, 4),
                                                 np.array([[0], [3], [1]]), axis=-1),
    C(np.pad, N(3, 4), ((1, 0), (2, 1)), constant_values=((1.0, 2.0), (3.0, 4.0))),
    C(np.pad, N(5), 3, "reflect", reflect_type="even"),
    C(np.pad, N(2, 3), 1, mode="symmetric"),
    C(np.diff, N(3, 4), 2, axis=-2), C(np.diff, N(3, 4), 1, 0, np.zeros((1, 4)), np.ones((2, 4))),
    C(np.diff, N(2, 3), n=2, prepend=np.zeros((2, 1)), append=1.0),
    # selections
    C(np.sort, N(3, 4), axis=0, kind="stable"), C(np.sort, N(6), kind="heapsort"),
    C(np.sort, N(3, 4), stable=True),
    C(np.partition, N(3, 5), 2, axis=0), C(np.take, N(3, 4), [1, -1], axis=-1, mode="clip"),
    C(np.choose, np.array([0, 3, -1]), L(N(3), N(3)), mode="clip"),
    C(np.select, [np.array([True, False, False])], L(N(3)), default=2.5),
    C(np.select, [np.array([True, False, False]), np.array([False, False, True])], L(N(3), N(3)),
      N(3)),
    C(np.select, [np.array([True, False])], L(N(2, 2)), default=N(2)),
    C(np.clip, N(3), np.array([[-0.5], [0.2]]), 0.5), C(np.clip, N(2, 3), a_min=-0.3, a_max=0.4),
    # (differentiable bounds)
    C(np.clip, N(2, 3), N(2, 1), P(3)), C(np.clip, N(4), a_min=N(4), a_max=None),
    C(np.lib.stride_tricks.sliding_window_view, N(3, 5), 2, axis=1),
    C(np.lib.stride_tricks.sliding_window_view, N(4, 5), (2, 3)),
    C(np.lib.stride_tricks.sliding_window_view, N(6), (2, 2), axis=(0, 0)),
    C(np.nan_to_num, FIXED([1.0, np.nan, np.inf, -np.inf, -2.0]), nan=1.5, posinf=9.0,
      neginf=-9.0),
    C(np.nan_to_num, FIXED([np.nan, 2.0, -np.inf]), True, 0.5, None, -3.0),
    C(np.angle, Z(2, 2), True),
    # products
    C(np.einsum, "ij,jk->ik", N(2, 3), N(3, 4), optimize=True),
    C(np.einsum, "ij,jk,kl->il", N(2, 3), N(3, 4), N(4, 2), optimize="greedy"),
    C(np.einsum, "ii->i", N(3, 3), dtype=np.float64),
    C(np.tensordot, N(2, 3, 4), N(4, 3, 2), axes=([-1, 1], [0, -2])),
    C(np.cross, N(2, 3), N(3, 2), axisa=1, axisb=0, axisc=0),
    C(np.linalg.cross, N(3, 2), N(3, 2), axis=0), C(np.linalg.cross, N(2, 3, 4), N(3, 4), axis=-2),
    C(np.linalg.vecdot, N(3, 2), N(3, 2), axis=0),
    C(np.linalg.vecdot, N(2, 3, 4), N(3, 4), axis=-2),
    C(np.vecdot, N(2, 3, 4), N(4,), axis=-1), C(np.vecdot, N(3, 4), N(3, 4), axis=-2),
    # linalg
    C(np.linalg.pinv, N(3, 2), rcond=1e-3), C(np.linalg.pinv, N(2, 4), rtol=1e-3),
    C(np.linalg.pinv, N(2, 3, 2), 1e-4), C(np.linalg.pinv, SPD(3), hermitian=True),
    C(np.linalg.pinv, SYMW(-2.0, 0.7, 1.5), hermitian=True),
    C(np.linalg.pinv, SV(3, 3, 2.0, 1.0, 0.5), rcond=0.1, hermitian=False),
    C(np.linalg.svd, SPD(3), hermitian=True),
    C(np.linalg.svd, SYMW(-2.0, 0.7, 1.4), compute_uv=False, hermitian=True),
    C(np.linalg.svd, SYMW(-2.0, 0.7, 1.4), full_matrices=False, hermitian=True),
    C(np.linalg.svd, N(3, 3), False, False), C(np.linalg.eigh, SYM(3), UPLO="U"),
    C(np.linalg.eigvalsh, SPD(3, 2), "U"), C(np.linalg.cholesky, SPD(3, 2), upper=True),
    C(np.linalg.norm, N(2, 3, 4), ord=1, axis=-1),  # (vector_norm, matrix_norm: cases above)
    C(np.linalg.diagonal, N(2, 3, 4), offset=2),
    C(np.linalg.tensordot, N(2, 3), N(3, 2), axes=(1, 0)),
    # fft
    C(np.fft.fft, N(3, 5), 4, -2, "ortho"), C(np.fft.ifft, Z(4, 3), n=5, axis=0, norm="forward"),
    C(np.fft.fft2, N(3, 4, 2), axes=(0, 2), norm="ortho"), C(np.fft.fft2, N(3, 4), s=(2, 5)),
    C(np.fft.ifft2, N(3, 4), s=(5, 2)), C(np.fft.ifft2, Z(2, 3), norm="ortho"),
    C(np.fft.fftn, Z(3, 4), norm="forward"), C(np.fft.fftn, N(2, 3, 4), s=(3, 2), axes=(2, 0)),
    C(np.fft.ifftn, Z(2, 3, 4), axes=(-1, 0)),
    C(np.fft.rfft2, N(4, 3, 2), axes=(0, 1), norm="forward"), C(np.fft.rfft2, N(3, 4), s=(4, 3)),
    C(np.fft.rfftn, N(3, 4), s=(2, 6)), C(np.fft.rfftn, N(3, 4, 2), axes=(0, -1)),
    C(np.fft.irfft2, Z(3, 4, 3), axes=(0, 2), norm="ortho"), C(np.fft.irfft2, Z(3, 4), s=(4, 5)),
    C(np.fft.irfftn, Z(3, 4), axes=(0,)), C(np.fft.irfftn, Z(2, 3), s=(2, 4), axes=(1, 0)),
    C(np.fft.irfft, Z(3, 4), 5, -2, "forward"), C(np.fft.rfft, N(3, 5), 4, -2),
    C(np.fft.fftshift, N(3, 4), axes=(0, -1)), C(np.fft.ifftshift, N(3, 5), axes=-1),
]

if scipy is not None:
    KEYWORDS += [
        C(sp.logsumexp, N(2, 3, 4), axis=(0, -1), b=np.arange(1.0, 5.0), keepdims=True),
        C(sp.softmax, N(2, 3, 4), axis=(0, 2)), C(sp.log_softmax, N(2, 3), axis=(0, 1)),
        C(scipy.linalg.solve_triangular, UT(3, True), N(3, 2), 2, True, check_finite=False),
        C(scipy.linalg.solve_triangular, UT(3, False), N(3), "C", unit_diagonal=True),
    ]

TABLE += KEYWORDS

# Python's math module and the builtins of scalar code, on floats (rules/math_rules.py).
# Appended after KEYWORDS, so the names of the cases above stay stable.
MATH = [
    C(math.ldexp, N(), 3), C(math.ldexp, N(), -2),
    C(math.exp, N()), C(math.expm1, N()), C(math.log, P()), C(math.log, P(), 2.0),
    C(math.log, P(), 10.0), C(math.log, P(), G()), C(math.log2, P()), C(math.log10, P()),
    C(math.log1p, P()),
    C(math.sqrt, P()), C(math.sin, N()), C(math.cos, N()), C(math.tan, U()),
    C(math.asin, U()), C(math.acos, U()), C(math.atan, N()), C(math.atan2, N(), N()),
    C(math.atan2, N(), P()), C(math.sinh, N()), C(math.cosh, N()), C(math.tanh, N()),
    C(math.asinh, N()), C(math.acosh, G()), C(math.atanh, U()), C(math.degrees, N()),
    C(math.radians, N()), C(math.erf, N()), C(math.erfc, N()),
    C(math.gamma, P()), C(math.gamma, FIXED(0.3)), C(math.gamma, FIXED(-1.5)),
    C(math.gamma, FIXED(12.5)), C(math.lgamma, P()), C(math.lgamma, G()),
    C(math.lgamma, FIXED(-2.5)), C(math.lgamma, FIXED(25.0)),
    C(math.fabs, N()), C(math.fabs, FIXED(0.0), kink=True), C(math.copysign, N(), N()),
    C(math.copysign, P(), -0.0), C(math.copysign, FIXED(0.0), N(), kink=True),
    C(math.pow, P(), N()), C(math.pow, N(), 3), C(math.pow, N(), 2), C(math.pow, P(), 0.5),
    C(math.fmod, N(), P()), C(math.fmod, P(), FIXED(-0.3)), C(math.fmod, FIXED(2.5), P()),
    C(math.fmod, N(), 7.0), C(math.remainder, N(), P()), C(math.remainder, FIXED(-2.9), P()),
    C(math.remainder, FIXED(3.2), FIXED(-0.7)),
    C(pow, P(), N()), C(pow, N(), 3), C(pow, 2.0, N()),
    C(math.hypot, N(), N()), C(math.hypot, N(), N(), N()),
    C(math.hypot, N()), C(math.hypot, FIXED(0.0), FIXED(0.0), kink=True),
    C(math.fsum, L(N(), N(), N())), C(math.fsum, N(4)), C(math.fsum, L(N(), 2.0)),
    C(math.prod, L(N(), N(), N())), C(math.prod, L(N(), FIXED(0.0), N())), C(math.prod, N(4)),
    C(math.prod, L(N(), N()), start=2.0), C(math.prod, L(FIXED(0.0), FIXED(0.0), N())),
    C(max, N(), N()), C(max, N(), N(), N()), C(min, N(), N()),
    C(min, N(), N(), N()), C(max, L(N(), N(), N())), C(min, L(N(), N())), C(max, N(5)),
    C(min, N(4)), C(max, FIXED(1.0), FIXED(1.0), kink=True),
    C(min, FIXED(1.0), FIXED(2.0), FIXED(1.0), kink=True),
    C(max, L(FIXED(1.0), FIXED(1.0), N()), kink=True),
]

TABLE += MATH

def REIG(n, *batch):
    """Matrices with real, well separated eigenvalues (``q diag(w) q^-1``)."""
    def make(rng):
        q = rng.standard_normal(batch + (n, n)) + 2.0 * np.eye(n)
        w = np.arange(1.0, n + 1.0) + rng.uniform(0, 0.3, batch + (n,))
        return (q * w[..., None, :]) @ np.linalg.inv(q)
    return Recipe(make, f"REIG{batch + (n, n)}")


def UNIT(*shape):
    """Values in [0.1, 0.9] (inside the beta distribution's support)."""
    return Recipe(lambda rng: rng.uniform(0.1, 0.9, shape), f"UNIT{shape}")


def SIMPLEX_FREE(k, *points):
    """The first ``k - 1`` components of points on the ``k``-simplex (components first)."""
    def make(rng):
        x = rng.dirichlet(np.ones(k), size=points or None)
        return np.moveaxis(x, -1, 0)[:-1]
    return Recipe(make, f"SIMPLEX_FREE{(k,) + points}")


def PSD_RANK(n, rank):
    """Symmetric positive semi-definite ``n x n`` matrices of rank ``rank`` (singular)."""
    def make(rng):
        q, _ = np.linalg.qr(rng.standard_normal((n, n)))
        return (q[:, :rank] * np.arange(1.0, rank + 1.0)) @ q[:, :rank].T
    return Recipe(make, f"PSD_RANK{(n, rank)}")


# Issue 15's NumPy and SciPy additions, appended after MATH (the names above stay stable).
EXTRAS = [
    C(np.float64, N()), C(np.float64, N(3)),
    C(np.real_if_close, N(3)), C(np.real_if_close, Z(2, 2)), C(np.real_if_close, N(3), 1000),
    C(np.gradient, N(6)), C(np.gradient, N(4, 5)), C(np.gradient, N(4, 5), 0.5, axis=1),
    C(np.gradient, N(4, 5), 0.5, np.array([0.0, 0.3, 1.0, 1.2, 2.5]), edge_order=2),
    C(np.gradient, N(3, 4, 5), axis=(0, -1), edge_order=2), C(np.gradient, N(5), 2.0),
    C(np.linalg.eig, REIG(3)), C(np.linalg.eig, REIG(3, 2)), C(np.linalg.eigvals, SQ(3)),
    C(np.linalg.eigvals, SQ(4, 2)), C(np.linalg.eigvals, REIG(3)),
    C(np.linalg.eigvalsh, SPD(3, 2), UPLO="U"), C(np.linalg.pinv, N(2, 3, 2)),
    C(np.linalg.svd, N(2, 3, 2), full_matrices=False), C(np.linalg.matrix_power, SQ(3, 2), -1),
    C(np.linalg.norm, N(2, 3, 4), "nuc", (1, 2)),
]

if scipy is not None:
    st = scipy.stats
    EXTRAS += [
        C(sp.gammainc, 1.5, P(3)), C(sp.gammainc, 0.5, P(2, 3)),
        C(sp.gammaincc, 2.5, P(2, 2)), C(sp.betainc, 1.5, 2.5, UNIT(3)),
        C(sp.betainc, 0.7, 3.0, UNIT(2, 2)),
        C(sp.yn, 0, P(3)), C(sp.yn, 2, P(2, 2)),
        C(sp.multigammaln, G(3), 2), C(sp.multigammaln, G(), 3),
        C(scipy.linalg.solve_sylvester, SQ(3), SQ(2), N(3, 2)),
        C(scipy.linalg.sqrtm, SPD(3)),
        C(scipy.linalg.expm, N(3, 3)), C(scipy.linalg.expm, N(2, 3, 3)),
        C(scipy.signal.convolve, N(5), N(3)), C(scipy.signal.convolve, N(3, 4), N(2, 2)),
        C(scipy.signal.convolve, N(5), N(3), mode="same"),
        C(scipy.signal.convolve2d, N(4, 5), N(2, 3)),
        C(scipy.signal.convolve2d, N(4, 5), N(2, 2), "same"),
        C(scipy.signal.convolve2d, N(2, 3), N(4, 5), mode="valid"),
        C(scipy.signal.fftconvolve, N(5), N(3)),
        C(scipy.signal.fftconvolve, N(3, 4), N(2, 2), "same"),
        C(scipy.signal.fftconvolve, N(6), N(4), mode="valid"),
        C(scipy.signal.convolve, N(3), N(6), "same", "fft"),
        C(scipy.signal.convolve, N(4, 5), N(2, 3), mode="valid", method="direct"),
        C(scipy.signal.convolve, N(2, 3, 4), N(2, 2, 2), "valid"),
        C(scipy.linalg.solve_triangular, UT(3, True), N(2, 3, 2), lower=True),
        C(scipy.linalg.solve_triangular, np.eye(3) + np.tril(np.ones((3, 3))), N(3)),
        # distributions: every parameter differentiated, by position and by keyword
        C(st.norm.pdf, N(4)), C(st.norm.logpdf, N(4), N(), P()), C(st.norm.cdf, N(3), N(3)),
        C(st.norm.logcdf, N(2, 3), loc=N(3), scale=P(2, 1)), C(st.norm.sf, N(3), 0.5, P()),
        C(st.norm.logsf, N(3), N(), scale=P()), C(st.norm.pdf, N(2, 3), N(3), P(2, 1)),
        C(st.norm.ppf, UNIT(4)), C(st.norm.ppf, UNIT(2, 3), N(3), P(2, 1)),
        C(st.norm.isf, UNIT(3), loc=N(), scale=P()), C(st.norm.isf, UNIT(4), N(4)),
        C(st.t.logpdf, N(4), G()), C(st.t.pdf, N(3), G(3), N(), P()),
        C(st.t.cdf, N(3), 3.0, loc=N(), scale=P()), C(st.t.logcdf, N(3), 2.5, N(3)),
        C(st.t.sf, N(2, 2), 4.0), C(st.t.logsf, N(3), 3.5, 0.2, P(3)),
        C(st.beta.logpdf, UNIT(4), P(), P()), C(st.beta.pdf, UNIT(3), P(3), P()),
        C(st.beta.logpdf, G(3), P(), P(), loc=1.0, scale=2.5),
        C(st.beta.pdf, G(3), P(), P(), 1.0, 2.5), C(st.beta.cdf, UNIT(3), 2.0, 3.0),
        C(st.beta.logcdf, UNIT(3), 1.5, 2.5), C(st.beta.sf, G(2), 2.0, 1.5, U(), 4.0),
        C(st.beta.logsf, UNIT(3), 2.0, 1.5),
        C(st.gamma.logpdf, P(4), P()), C(st.gamma.pdf, P(3), P(3), 0.1, P()),
        C(st.gamma.cdf, P(3), 2.0), C(st.gamma.logcdf, P(3), 1.5, scale=P()),
        C(st.gamma.sf, P(3), 2.5, 0.1), C(st.gamma.logsf, P(3), 3.0),
        C(st.chi2.logpdf, P(4), G()), C(st.chi2.pdf, P(3), G(3), scale=P()),
        C(st.chi2.cdf, P(3), 3.0), C(st.chi2.logcdf, P(3), 2.0, 0.1, P()),
        C(st.chi2.sf, P(3), 4.0), C(st.chi2.logsf, G(3), 3.0, loc=U()),
        C(st.poisson.pmf, np.array([0, 1, 3]), P(3)),
        C(st.poisson.logpmf, np.array([2, 0, 5]), P()),
        C(st.poisson.pmf, np.array([1, 2, 4]), P(3), loc=1),
        C(st.poisson.cdf, np.array([0, 1, 3]), P(3)),
        C(st.poisson.logcdf, np.array([1, 2, 4]), P(), 1),
        C(st.poisson.sf, np.array([0, 2, 4]), P(3)), C(st.poisson.logsf, np.array([1, 3]), P(2)),
        C(st.poisson.logpmf, np.array([2, 3, 6]), P(3), 1),
        C(st.poisson.cdf, np.array([2, 3]), P(), 2),
        C(st.poisson.sf, np.array([1, 4]), P(2), loc=-1),
        C(st.poisson.logsf, np.array([2]), P(), 1),
        C(st.dirichlet.logpdf, SIMPLEX_FREE(3), P(3)), C(st.dirichlet.pdf, SIMPLEX_FREE(3), P(3)),
        C(st.dirichlet.logpdf, SIMPLEX_FREE(4, 5), P(4)),
        C(st.dirichlet.pdf, SIMPLEX_FREE(3, 2), P(3)),
        C(st.multivariate_normal.logpdf, N(3), N(3), SPD(3)),
        C(st.multivariate_normal.logpdf, N(4, 3), cov=SPD(3)),
        C(st.multivariate_normal.pdf, N(2, 2, 3), mean=N(3), cov=SPD(3)),
        C(st.multivariate_normal.logpdf, N(3), N(3)),
        C(st.multivariate_normal.logpdf, N(4), 0.5, P()),
        C(st.multivariate_normal.pdf, N(2, 3), N(3), P(3)),
        C(st.multivariate_normal.logpdf, N(4, 2), N(2), SPD(2), allow_singular=True),
        C(st.multivariate_normal.pdf, N(3), N(3), SPD(3), True),
    ]

TABLE += EXTRAS

# Curve tools and order statistics (rules/curve_rules.py), appended after EXTRAS
TABLE += [
    C(np.convolve, N(5), N(3)), C(np.convolve, N(3), N(6), "same"),
    C(np.convolve, N(4), N(4), mode="valid"), C(np.convolve, N(6), N(2), mode="same"),
    C(np.correlate, N(5), N(3)), C(np.correlate, N(3), N(5), "full"),
    C(np.correlate, N(4), N(6), mode="same"),
    C(np.polyval, N(4), N(3)), C(np.polyval, N(1), N(2, 2)), C(np.polyval, L(N(), N()), N()),
    C(np.interp, FIXED(np.array([-2.5, -1.1, 0.2, 0.7, 3.0])),
      FIXED(np.array([-2.0, -0.5, 0.3, 1.0, 2.5])), N(5)),
    C(np.interp, FIXED(np.array([-2.5, 0.2, 3.0])), FIXED(np.array([-2.0, 0.3, 2.5])), N(3),
      left=-1.0, right=2.0),
    C(np.interp, FIXED(np.array([0.1, 0.7])), FIXED(np.array([-1.0, 0.5, 1.5])), N(3), 0.5),
    C(np.interp, FIXED(np.array([-2.3, 0.1, 0.7, 5.1])), FIXED(np.array([1.9, -1.0, 0.5])), N(3),
      period=2.0),
    C(np.median, N(5)), C(np.median, N(3, 4), axis=1), C(np.median, N(3, 4), 0, keepdims=True),
    C(np.median, N(2, 3, 4), axis=(0, 2)),
    C(np.quantile, N(6), 0.3), C(np.quantile, N(3, 4), np.array([0.2, 0.9]), axis=0),
    C(np.quantile, N(3, 4), 0.75, 1, keepdims=True),
    C(np.percentile, N(7), 40.0), C(np.percentile, N(3, 5), np.array([10.0, 60.0]), axis=-1),
    C(np.percentile, N(2, 3, 4), 25.0, axis=(1, 2), keepdims=True),
    # the methods that pick order statistics (a constant rank between kinks)
    C(np.quantile, N(6), 0.33, method="lower"), C(np.quantile, N(6), 0.33, method="higher"),
    C(np.quantile, N(3, 4), np.array([0.2, 0.9]), axis=1, method="nearest"),
    C(np.quantile, N(3, 5), 0.4, 0, keepdims=True, method="midpoint"),
    C(np.quantile, N(5), 0.5, method="midpoint"),  # (n - 1) q a whole number: one element
    C(np.percentile, N(2, 3, 4), 70.0, axis=(0, 2), method="nearest"),
    C(sorted, N(4)), C(sorted, L(N(), N(), N()), reverse=True),
]

# Python's container constructors: the items of a list, a tuple or an array's rows
TABLE += [C(list, L(N(3), N(2))), C(tuple, L(N(3), N())), C(list, N(3, 2)), C(tuple, N(2, 3))]

# NumPy 2's spellings: correction= (ddof's alias) and mean= (a constant centre) of the
# moments, where= of np.mean, min=/max= of np.clip (bounds given by keyword are constants)
TABLE += [
    C(np.var, N(3, 4), axis=1, correction=1), C(np.std, N(2, 3), correction=1, keepdims=True),
    C(np.var, N(3, 4), axis=1, mean=np.array([[0.1], [-0.2], [0.3]]), ddof=1),
    C(np.std, N(2, 3), 0, keepdims=True, mean=np.array([[0.4, -0.1, 0.2]])),
    C(np.var, N(2, 3), mean=0.25, correction=2),
    C(np.mean, N(3, 4), where=np.array([True, False, True, True])),
    C(np.mean, N(3, 4), axis=0, where=np.array([[True], [False], [True]]), keepdims=True),
    C(np.mean, N(2, 3, 4), axis=(0, 2), where=np.array([[True, False, True, False]])),
    C(np.clip, N(5), min=-0.5, max=0.5), C(np.clip, N(2, 3), max=0.3),
    C(np.clip, N(2, 3), min=np.array([[-0.2], [0.1]]), max=0.4),
]

# since session 44: the moments of selected elements, a differentiated centre, and the
# NaN-skipping reductions' initial=/where=/correction=/mean= (rules/nan_rules.py,
# rules/reduction_options.py; refused before)
ROW_MASK = np.array([True, False, True, True])
TABLE += [
    C(np.var, N(3, 4), where=ROW_MASK),
    C(np.std, N(3, 4), axis=0, where=np.array([[True], [False], [True]])),
    C(np.var, N(3, 4), axis=1, mean=N(3, 1)), C(np.std, N(3, 4), axis=1, mean=N(3, 1), ddof=1),
    C(np.nansum, NAN(3, 4), axis=0, initial=0.5), C(np.nansum, NAN(3, 4), where=ROW_MASK),
    C(np.nanprod, NAN(3, 4), axis=1, initial=2.0), C(np.nanprod, NAN(3, 4), where=ROW_MASK),
    C(np.nanmax, NAN(3, 4), axis=1, initial=-5.0), C(np.nanmax, NAN(3, 4), axis=0,
                                                     where=ROW_MASK, initial=-5.0),
    C(np.nanmin, NAN(3, 4), axis=1, initial=5.0), C(np.nanmin, NAN(3, 4), axis=0,
                                                    where=ROW_MASK, initial=5.0),
    C(np.nanmean, NAN(3, 4), axis=1, where=ROW_MASK),
    C(np.nanvar, NAN(3, 4), axis=1, correction=1), C(np.nanstd, NAN(3, 4), axis=0, correction=1),
    C(np.nanvar, NAN(3, 4), axis=1, mean=N(3, 1)), C(np.nanstd, NAN(3, 4), axis=1, mean=N(3, 1)),
    C(np.nanvar, NAN(3, 4), axis=1, where=ROW_MASK), C(np.nanstd, NAN(3, 4), where=ROW_MASK),
]

# ndarray methods the compiler maps to primitives (checked through sd.grad only)
METHODS = [
    M("sum", np.sum, N(3, 4), axis=1), M("mean", np.mean, N(3, 4)), M("max", np.max, N(3, 4), 0),
    M("max", np.max, N(3, 4), initial=0.0), M("min", np.min, N(3, 4), 1, initial=0.0),
    M("sum", np.sum, N(3, 4), where=np.array([True, False, True, True])),
    M("min", np.min, N(5)), M("prod", np.prod, N(2, 3), axis=1), M("dot", np.dot, N(3, 4), N(4)),
    M("reshape", np.reshape, N(2, 3), 3, 2), M("reshape", np.reshape, N(2, 3), (6,)),
    M("transpose", np.transpose, N(2, 3, 4), 2, 0, 1), M("transpose", np.transpose, N(2, 3)),
    M("ravel", np.ravel, N(2, 3)), M("flatten", np.ravel, N(2, 3)),
    M("squeeze", np.squeeze, N(1, 3)), M("copy", np.copy, N(3)),
    M("clip", np.clip, N(5), -0.5, 0.5), M("cumsum", np.cumsum, N(3, 4), axis=0),
    M("cumprod", np.cumprod, N(5)), M("std", np.std, N(3, 4), axis=1),
    M("var", np.var, N(3, 4), ddof=1), M("trace", np.trace, N(3, 3)),
    M("diagonal", np.diagonal, N(3, 4), 1), M("swapaxes", np.swapaxes, N(2, 3, 4), 0, 2),
    M("repeat", np.repeat, N(3), 2), M("take", np.take, N(5), IDX),
    M("conj", np.conj, N(3)), M("conjugate", np.conjugate, N(3)),
    M("flatten", np.ravel, N(2, 3), "F"), M("ravel", np.ravel, N(3, 2), order="F"),
    M("reshape", np.reshape, N(2, 3), 3, 2, order="F"), M("sum", np.sum, N(3, 4), 0, np.float64),
    M("std", np.std, N(3, 4), 1, None, None, 1, True),
    M("clip", np.clip, N(5), min=-0.5, max=0.5), M("clip", np.clip, N(2, 3), max=0.1),
    M("mean", np.mean, N(3, 4), 0, where=np.array([[True], [False], [True]])),
    M("var", np.var, N(3, 4), axis=1, mean=np.array([[0.1], [-0.2], [0.3]])),
]

# Keyword values the rules refuse (tests/rules/test_rule_keywords.py checks both modes raise)
REFUSED = [
    Refused(np.pad, N(5), 2, "reflect", reflect_type="odd", refused="reflect_type"),
    Refused(np.pad, N(5), 2, "symmetric", reflect_type="odd", refused="reflect_type"),
    Refused(np.pad, N(5), (1, 2), "linear_ramp", end_values=1.0, refused="end_values"),
    Refused(np.pad, N(2, 3), 1, "maximum", stat_length=2, refused="stat_length"),
    Refused(np.pad, N(4), 2, mode="median", refused="median"),
    Refused(np.linalg.pinv, SV(3, 3, 2.0, 1.0, 0.01), rcond=0.1, refused="rcond"),
    Refused(np.linalg.pinv, SV(3, 2, 2.0, 0.01), rtol=0.1, refused="rtol"),
    Refused(np.linalg.pinv, SYMW(-2.0, 1.0, 0.01), 0.1, True, refused="rcond"),
    # an in-place write of the argument (effects.py refuses it; the message shows the call)
    Refused(np.nan_to_num, NAN(4), copy=False, refused="copy"),
    # refused in every call, before any rule sees it
    Refused(np.sum, N(3, 4), axis=0, out=np.zeros(4), refused="out"),
    # not declared (the output would be a tuple): the compiler refuses the keyword
    Refused(np.linspace, N(), P(), 5, retstep=True, refused="retstep"),
    Refused(np.gradient, N(5), P(), refused="spacing"),
    Refused(np.quantile, N(5), 0.3, method="weibull", refused="method"),
    Refused(np.percentile, N(5), 30.0, method="hazen", refused="method"),
    Refused(np.median, N(5), overwrite_input=True, refused="overwrite_input"),
    Refused(np.linalg.qr, N(4, 3), mode="complete", refused="mode"),
    Refused(np.linalg.qr, N(4, 3), "r", refused="mode"),
    Refused(np.clip, N(4), min=N(4), refused="min"),
]
if scipy is not None:
    REFUSED += [
        Refused(scipy.special.logsumexp, N(3), return_sign=True, refused="return_sign"),
        Refused(scipy.linalg.solve_triangular, UT(3, True), N(3), lower=True, overwrite_b=True,
                refused="overwrite_b"),
        Refused(scipy.stats.poisson.pmf, np.array([1, 2]), P(2), loc=P(), refused="loc"),
        Refused(scipy.stats.multivariate_normal.logpdf, N(3), N(3), PSD_RANK(3, 2),
                allow_singular=True, refused="allow_singular"),
    ]

# ------------------------------------------------------------ wrappers module

_SYNTAX = {
    operator.add: "{0} + {1}", operator.sub: "{0} - {1}", operator.mul: "{0} * {1}",
    operator.truediv: "{0} / {1}", operator.pow: "{0} ** {1}", operator.matmul: "{0} @ {1}",
    operator.mod: "{0} % {1}", operator.neg: "-{0}", operator.pos: "+{0}",
}


def literal(value):
    if isinstance(value, type) and value.__module__ == "numpy":  # dtype=np.float64
        return "np." + value.__name__
    if isinstance(value, float) and not np.isfinite(value):
        return f"float({str(value)!r})"
    if isinstance(value, np.ndarray):
        return f"np.array({value.tolist()!r})"
    if isinstance(value, (list, tuple)) and any(isinstance(v, np.ndarray) for v in value):
        parts = ", ".join(literal(v) for v in value)
        return f"[{parts}]" if isinstance(value, list) else f"({parts},)"
    return repr(value)


def callee(prim):
    name = primitive_name(prim)
    if prim in _SYNTAX:
        return None
    if getattr(operator, getattr(prim, "__name__", ""), None) is prim:
        return "operator." + prim.__name__
    if name.startswith("numpy."):
        return "np." + name[len("numpy."):]
    return name.replace("builtins.", "")


def call_source(case, params):
    parts, k = [], iter(params)
    for a in case.args:
        parts.append(next(k) if isinstance(a, Recipe) else literal(a))
    if isinstance(case, M):
        kws = [f"{key}={literal(v)}" for key, v in case.kwargs.items()]
        return f"{parts[0]}.{case.method}({', '.join(parts[1:] + kws)})"
    if case.prim in _SYNTAX:
        return _SYNTAX[case.prim].format(*parts)
    kws = [f"{key}={next(k) if isinstance(v, Recipe) else literal(v)}"
           for key, v in case.kwargs.items()]
    return f"{callee(case.prim)}({', '.join(parts + kws)})"


def ident(case):
    name = primitive_name(case.prim)
    return "".join(c if c.isalnum() else "_" for c in name.replace("numpy.", ""))


def wrappers(table):
    """Write a module with one wrapper per case; set ``case.fn`` and ``case.name``."""
    lines = ['"""Generated by tests/support/rule_cases.py: one wrapper per rule case."""', "",
             "import math", "import operator", "", "import numpy as np", ""]
    if scipy is not None:
        lines[-1:-1] = ["import scipy.linalg", "import scipy.signal", "import scipy.special",
                        "import scipy.stats"]
    counts = itertools.count()
    for case in table:
        recipes = [a for a in list(case.args) + list(case.kwargs.values()) if isinstance(a, Recipe)]
        params, atoms = [], []
        for i, r in enumerate(recipes):
            if r.complex:  # srcdiff differentiates real inputs: build the complex value inside
                params += [f"x{i}r", f"x{i}i"]
                atoms.append(f"(x{i}r + 1j * x{i}i)")
            else:
                params.append(f"x{i}")
                atoms.append(f"x{i}")
        case.name = f"case_{ident(case)}_{next(counts)}"
        lines += ["", f"def {case.name}({', '.join(params)}):",
                  f"    return {call_source(case, atoms)}", ""]
    folder = tempfile.mkdtemp(prefix="srcdiff_rule_cases_")
    path = os.path.join(folder, "generated_rule_cases.py")
    with open(path, "w") as f:
        f.write("\n".join(lines))
    spec = importlib.util.spec_from_file_location("generated_rule_cases", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for case in table:
        case.fn = getattr(module, case.name)
    return module


def recipe_args(case, rng, split_complex=False):
    """The case's recipe values, built with ``rng``; with ``split_complex``, the wrapper's
    parameters (a complex value as its real and imaginary parts)."""
    recipes = [a for a in list(case.args) + list(case.kwargs.values()) if isinstance(a, Recipe)]
    out = []
    for r in recipes:
        v = r(rng)
        if split_complex and r.complex:
            out += [np.real(v) if np.ndim(v) else v.real, np.imag(v) if np.ndim(v) else v.imag]
        else:
            out.append(v)
    return out


def primitive_call(case, values):
    """``(args, kwargs)`` of the primitive call with the recipes replaced by ``values``."""
    it = iter(values)
    args = [next(it) if isinstance(a, Recipe) else a for a in case.args]
    kwargs = {k: next(it) if isinstance(v, Recipe) else v for k, v in case.kwargs.items()}
    return args, kwargs
