"""Rules for NumPy's arithmetic and elementwise functions, and the table's shared lists
(ndarray methods, views, and the one list of functions without derivative).

The other tables: reduction_rules (sums, extrema, scans), product_rules
(matmul ... einsum), shape_rules, linalg_rules, fft_rules, scipy_rules.

Notation (autograd's): ``g`` is the gradient of the output, ``ans`` the output,
``x, y`` the inputs; in a forward rule ``d`` is the tangent of the input whose
contribution the entry describes. Every reverse rule returns one gradient per
required positional argument, already summed back to that argument's shape
(``unbroadcast``); every forward rule returns contributions shaped like ``ans``.
Most rules here are written once (registry.py): ``R.elementwise`` gives
``g`` times each argument's partial derivative, from which both modes follow;
``R.linear`` gives the reverse rule of a linear function, whose forward rule is
the function of the tangent. Pairs written by hand differ in more than that.

Complex numbers follow autograd's convention: a cotangent ``g`` pairs with a
change ``dy`` as ``Re(sum(g * dy))``, so holomorphic functions have the same
rules as for reals (``g * f'(x)``, no conjugation) and a real input keeps only
the real part of its gradient (``match_complex``).

Ties and kinks, rule by rule. The derivative is chosen finite wherever the
function is defined, and a subgradient at kinks:

* ``abs``, ``fabs``: 0 at 0 (``sign(0) == 0``); for complex ``z``, ``conj(z)/|z|``
  (written ``conj(x) / |x|``, not with ``np.sign``, whose zero derivative holds
  for reals only, so that second derivatives of complex ``abs`` are right).
* ``maximum``/``minimum``: at ties each argument gets half the gradient.
  ``fmax``/``fmin`` likewise; a NaN argument gets none (the other one is returned).
* ``clip``: the gradient passes to ``a`` at the bounds (they are inclusive); a bound
  that depends on the inputs gets it where it is the value. NumPy 2's ``min=``/``max=``
  (which NumPy takes only without ``a_min``/``a_max``) are constants (options).
* ``sqrt``, ``cbrt`` at 0 and ``arcsin``/``arccos`` at +-1: ``inf``, as the derivative.
* ``hypot`` at (0, 0), ``angle`` at 0: 0 (the minimum-norm subgradient).
* ``sinc`` at 0: 0 (its true derivative; a Taylor series near 0 keeps second
  derivatives right there too).
* ``mod``/``remainder``/``fmod``: the jumps are ignored; ``d/dy`` is
  ``-floor(x/y)`` (``-trunc(x/y)`` for ``fmod``).
* ``power``: ``d/dy`` of ``x ** y`` is 0 where ``x <= 0`` (it is complex or
  undefined there); ``d/dx`` where ``y == 0`` is 0.
* ``arctan2`` at (0, 0): NaN; the function is discontinuous there.
* ``nan_to_num``: 0 where the input was not finite.
* ``np.float64(x)``: the identity (a cast); integer casts
  (``np.int64(x)`` ...) are constants, like ``int``.
* ``real_if_close``: the identity, or ``np.real`` when it drops a negligible
  imaginary part: either way a real cotangent passes unchanged.
"""

import operator

import numpy as np

from srcdiff.rules.array_composites import (
    broadcast_shape,
    delete_index,
    geomspace_ends,
    logspace_shapes,
    mask_positions,
    poly_object,
    poly_padding,
    poly_start,
    polyder_order,
    polyint_order,
    reduceat_bounds,
    resize_index,
    trim_zeros_index,
    unwrap_start,
)
from srcdiff.rules.composites import (
    average_weights_shape,
    axis_without_out,
    bincount_counts,
    compress_index,
    diff_edge_shape,
    frexp_exponent,
    item_index,
    lstsq_cutoff,
    lstsq_rank,
    math_frexp_exponent,
    pad_edge_shape,
)
from srcdiff.rules.cumulative_composites import cumulative_start
from srcdiff.rules.reduction_options import extreme_fill, moment_dof, too_few_kept
from srcdiff.rules.registry import DEFAULT as R
from srcdiff.rules.statistic_composites import (
    histogram_plan,
    nanquantile_plan,
    nanquantile_positions,
    polyfit_plan,
    tensorinv_plan,
    tensorsolve_plan,
)
from srcdiff.runtime import broadcast_like, is_constant, match_complex, unbroadcast

# ------------------------------------------------------------------ arithmetic


@R.elementwise(operator.add, np.add)
def add(g, ans, x, y):
    return g, g


@R.elementwise(operator.sub, np.subtract)
def subtract(g, ans, x, y):
    return g, -g


@R.elementwise(operator.mul, np.multiply)
def multiply(g, ans, x, y):
    return g * y, x * g


@R.elementwise(operator.truediv, np.divide, np.true_divide)
def divide(g, ans, x, y):
    return g / y, -(g / y * ans)


@R.elementwise(operator.neg, np.negative)
def negative(g, ans, x):
    return -g


@R.elementwise(operator.pos, np.positive)
def positive(g, ans, x):
    return g


@R.vjp(operator.pow, np.power, np.float_power, elementwise=True)
def power(g, ans, x, y):
    if is_constant(y) and y == 2:
        return g * 2.0 * x, None
    if is_constant(y) and y != 0:
        return g * y * x ** (y - 1), None
    return (unbroadcast(g * y * x ** np.where(y, y - 1, 1.0), x),
            unbroadcast(g * ans * np.log(np.where(x > 0, x, 1.0)), y))


@R.jvp(operator.pow, np.power, np.float_power, elementwise=True)
def power_jvp(d, ans, x, y):
    if is_constant(y) and y == 2:
        return d * 2.0 * x, None
    if is_constant(y) and y != 0:
        return d * y * x ** (y - 1), None
    return (broadcast_like(d * y * x ** np.where(y, y - 1, 1.0), ans),
            broadcast_like(d * ans * np.log(np.where(x > 0, x, 1.0)), ans))


@R.elementwise(operator.mod, np.mod, np.remainder)
def mod(g, ans, x, y):
    return g, -g * np.floor(x / y)


@R.elementwise(np.fmod)
def fmod(g, ans, x, y):
    return g, -g * np.trunc(x / y)


@R.elementwise(np.heaviside)
def heaviside(g, ans, x1, x2):
    # 0 or 1 where x1 is not 0 (its jump at 0 gets no gradient, as np.sign), x2 where it is
    return None, g * (x1 == 0)


@R.elementwise(np.square)
def square(g, ans, x):
    return g * 2.0 * x


@R.elementwise(np.sqrt)
def sqrt(g, ans, x):
    return g * 0.5 / ans


@R.elementwise(np.cbrt)
def cbrt(g, ans, x):
    return g / (3.0 * ans * ans)


@R.elementwise(np.reciprocal)
def reciprocal(g, ans, x):
    return -g * ans * ans


# ----------------------------------------------------------- unary elementwise


@R.elementwise(np.exp)
def exp(g, ans, x):
    return g * ans


@R.elementwise(np.exp2)
def exp2(g, ans, x):
    return g * ans * np.log(2.0)


@R.elementwise(np.expm1)
def expm1(g, ans, x):
    return g * (ans + 1.0)


@R.elementwise(np.log)
def log(g, ans, x):
    return g / x


@R.elementwise(np.log2)
def log2(g, ans, x):
    return g / (x * np.log(2.0))


@R.elementwise(np.log10)
def log10(g, ans, x):
    return g / (x * np.log(10.0))


@R.elementwise(np.log1p)
def log1p(g, ans, x):
    return g / (1.0 + x)


@R.elementwise(np.sin)
def sin(g, ans, x):
    return g * np.cos(x)


@R.elementwise(np.cos)
def cos(g, ans, x):
    return -g * np.sin(x)


@R.elementwise(np.tan)
def tan(g, ans, x):
    return g * (1.0 + ans * ans)


@R.self_adjoint(np.sinc)
def sinc(g, ans, x):
    return g * sinc_derivative(x, ans)


def sinc_derivative(x, ans):
    """``(cos(pi x) - sinc(x)) / x``; near 0, its Taylor series (so that it is smooth there
    and its own derivative, the second derivative of sinc, is right at 0 too)."""
    small = np.abs(x) < 1e-3
    series = x * (np.pi ** 4 / 30.0 * x * x - np.pi ** 2 / 3.0)
    return np.where(small, series, (np.cos(np.pi * x) - ans) / np.where(small, 1.0, x))


@R.elementwise(np.tanh)
def tanh(g, ans, x):
    return g * (1.0 - ans * ans)


@R.elementwise(np.sinh)
def sinh(g, ans, x):
    return g * np.cosh(x)


@R.elementwise(np.cosh)
def cosh(g, ans, x):
    return g * np.sinh(x)


@R.elementwise(np.arcsin)
def arcsin(g, ans, x):
    return g / np.sqrt(1.0 - x * x)


@R.elementwise(np.arccos)
def arccos(g, ans, x):
    return -g / np.sqrt(1.0 - x * x)


@R.elementwise(np.arctan)
def arctan(g, ans, x):
    return g / (1.0 + x * x)


@R.elementwise(np.arcsinh)
def arcsinh(g, ans, x):
    return g / np.sqrt(x * x + 1.0)


@R.elementwise(np.arccosh)
def arccosh(g, ans, x):
    return g / np.sqrt(x * x - 1.0)


@R.elementwise(np.arctanh)
def arctanh(g, ans, x):
    return g / (1.0 - x * x)


@R.elementwise(np.deg2rad, np.radians)
def deg2rad(g, ans, x):
    return g * (np.pi / 180.0)


@R.elementwise(np.rad2deg, np.degrees)
def rad2deg(g, ans, x):
    return g * (180.0 / np.pi)


@R.vjp(np.abs, np.absolute, abs, operator.abs, elementwise=True)
def absolute(g, ans, x):
    if np.iscomplexobj(x) or np.iscomplexobj(g):  # (False where no value is complex)
        return np.real(g) * np.conj(x) / np.where(x == 0, 1.0, ans)
    return g * np.sign(x)  # (x / |x| is sign(x) exactly, 0 at 0)


@R.jvp(np.abs, np.absolute, abs, operator.abs, elementwise=True)
def absolute_jvp(d, ans, x):
    return np.real(np.conj(x) * d) / np.where(x == 0, 1.0, ans)


@R.elementwise(np.fabs)
def fabs(g, ans, x):
    return g * np.sign(x)


@R.self_adjoint(np.nan_to_num)
def nan_to_num(g, ans, x, copy=True, nan=0.0, posinf=None, neginf=None):
    return np.where(np.isfinite(x), g, 0.0)


# -------------------------------------------------------------- complex parts


@R.linear(np.real)
def real(g, ans, val):
    return np.real(g)


@R.linear(np.imag)
def imag(g, ans, val):
    return match_complex(-1j * np.real(g), val)


@R.elementwise(np.conj, np.conjugate)
def conj(g, ans, x):
    # a real x keeps a real gradient (a complex g reaches it in second derivatives)
    return match_complex(np.conj(g), x)


@R.vjp(np.angle)
def angle(g, ans, z, deg=False):
    if deg:
        return match_complex(-1j * np.real(g) * (180.0 / np.pi) * np.conj(z)
                             / np.where(z == 0, 1.0, np.abs(z) ** 2), z)
    return match_complex(-1j * np.real(g) * np.conj(z) / np.where(z == 0, 1.0, np.abs(z) ** 2), z)


@R.jvp(np.angle)
def angle_jvp(d, ans, z, deg=False):
    if deg:
        return (180.0 / np.pi) * np.imag(np.conj(z) * d) / np.where(z == 0, 1.0, np.abs(z) ** 2)
    return np.imag(np.conj(z) * d) / np.where(z == 0, 1.0, np.abs(z) ** 2)


# ---------------------------------------------------------- binary elementwise


@R.elementwise(np.arctan2)
def arctan2(g, ans, x, y):
    return g * y / (x * x + y * y), -g * x / (x * x + y * y)


@R.elementwise(np.ldexp)
def ldexp(g, ans, x, n):
    # x * 2**n, exactly: n is an integer (NumPy refuses others), a constant
    return g * np.exp2(n), None


@R.elementwise(np.hypot)
def hypot(g, ans, x, y):
    return g * x / np.where(ans == 0, 1.0, ans), g * y / np.where(ans == 0, 1.0, ans)


@R.elementwise(np.logaddexp)
def logaddexp(g, ans, x, y):
    return g * np.exp(x - ans), g * np.exp(y - ans)


@R.elementwise(np.logaddexp2)
def logaddexp2(g, ans, x, y):
    return g * np.exp2(x - ans), g * np.exp2(y - ans)


@R.elementwise(np.maximum)
def maximum(g, ans, x, y):
    return g * ((x > y) + 0.5 * (x == y)), g * ((y > x) + 0.5 * (x == y))


@R.elementwise(np.minimum)
def minimum(g, ans, x, y):
    return g * ((x < y) + 0.5 * (x == y)), g * ((y < x) + 0.5 * (x == y))


@R.elementwise(np.fmax, np.fmin)
def fmax(g, ans, x, y):
    return g * ((ans == x) - 0.5 * (x == y)), g * ((ans == y) - 0.5 * (x == y))


@R.vjp(np.where)
def where(g, ans, condition, x, y):
    return (None, unbroadcast(np.where(condition, g, 0.0), x),
            unbroadcast(np.where(condition, 0.0, g), y))


@R.jvp(np.where)
def where_jvp(d, ans, condition, x, y):
    return (None, broadcast_like(np.where(condition, d, 0.0), ans),
            broadcast_like(np.where(condition, 0.0, d), ans))


@R.vjp(np.clip, wrt=("a_min", "a_max"))
def clip(g, ans, a, a_min=None, a_max=None, *, min=None, max=None):
    # ans = min(max(a, a_min), a_max), each tie to its first argument: ``a`` gets the
    # gradient at the bounds (inclusive), a bound where it is the value (a_max everywhere
    # when a_min > a_max, as NumPy's clip); bounds shaped larger than ``a`` broadcast it.
    # ``min=``/``max=`` (NumPy 2's names of the bounds, constants here: options) are
    # ``a_min``/``a_max`` (NumPy refuses both names of one bound)
    if min is not None or max is not None:
        return (unbroadcast(g * clip_mask(a, bound(a_min, min), bound(a_max, max), 0), a),
                None if a_min is None else unbroadcast(
                    g * clip_mask(a, a_min, bound(a_max, max), 1), a_min),
                None if a_max is None else unbroadcast(
                    g * clip_mask(a, bound(a_min, min), a_max, 2), a_max))
    if a_min is None and a_max is None:  # (NumPy 2 allows two None bounds: a copy of a)
        return g, None, None
    if a_min is None:
        return unbroadcast(g * (a <= a_max), a), None, unbroadcast(g * (a > a_max), a_max)
    if a_max is None:
        return unbroadcast(g * (a >= a_min), a), unbroadcast(g * (a < a_min), a_min), None
    return (unbroadcast(g * ((a >= a_min) & (a <= a_max)), a),
            unbroadcast(g * ((a < a_min) & (a_min <= a_max)), a_min),
            unbroadcast(g * (np.maximum(a, a_min) > a_max), a_max))


@R.jvp(np.clip, wrt=("a_min", "a_max"))
def clip_jvp(d, ans, a, a_min=None, a_max=None, *, min=None, max=None):
    if is_constant(a_min) and is_constant(a_max):  # (constant bounds: the common case)
        if min is not None or max is not None:  # (NumPy refuses them with a_min or a_max)
            return (broadcast_like(d * clip_mask(a, bound(a_min, min), bound(a_max, max), 0),
                                   ans), None, None)
        if a_min is None and a_max is None:
            return d, None, None
        if a_min is None:
            return broadcast_like(d * (a <= a_max), ans), None, None
        if a_max is None:
            return broadcast_like(d * (a >= a_min), ans), None, None
        return broadcast_like(d * ((a >= a_min) & (a <= a_max)), ans), None, None
    return (broadcast_like(d * clip_mask(a, a_min, a_max, 0), ans),
            broadcast_like(d * clip_mask(a, a_min, a_max, 1), ans),
            broadcast_like(d * clip_mask(a, a_min, a_max, 2), ans))


def bound(positional, keyword):
    """A bound of ``np.clip``: given by its keyword (``min=``, ``max=``) or by position."""
    return positional if keyword is None else keyword


def clip_mask(a, a_min, a_max, which):
    """Where ``np.clip(a, a_min, a_max)`` is ``a`` (``which`` 0), ``a_min`` (1) or ``a_max``
    (2), as its reverse rule decides (ties to ``a``, ``a_max`` everywhere when ``a_min >
    a_max``); False for a bound that is None."""
    if which == 0:
        if a_min is None and a_max is None:
            return True
        if a_min is None:
            return a <= a_max
        return a >= a_min if a_max is None else (a >= a_min) & (a <= a_max)
    if which == 1:
        if a_min is None:
            return False
        return a < a_min if a_max is None else (a < a_min) & (a_min <= a_max)
    if a_max is None:
        return False
    return a > a_max if a_min is None else np.maximum(a, a_min) > a_max


# ---------------------------------------------------------- scalar conversion


@R.self_adjoint(float)
def float_(g, ans, x):
    return g


@R.self_adjoint(np.float64)
def float_cast(g, ans, x):
    return g


@R.vjp(np.real_if_close)
def real_if_close(g, ans, a, tol=100):
    return match_complex(g, a)


@R.jvp(np.real_if_close)
def real_if_close_jvp(d, ans, a, tol=100):
    return match_complex(d, ans)


# ------------------------------------------------------------ methods, views

for _method, _prim in [("sum", np.sum), ("mean", np.mean), ("max", np.max), ("min", np.min),
                       ("prod", np.prod), ("dot", np.dot), ("reshape", np.reshape),
                       ("transpose", np.transpose), ("ravel", np.ravel), ("squeeze", np.squeeze),
                       ("copy", np.copy), ("clip", np.clip), ("flatten", np.ravel),
                       ("argmax", np.argmax), ("argmin", np.argmin), ("any", np.any),
                       ("all", np.all), ("astype", "astype"), ("cumsum", np.cumsum),
                       ("cumprod", np.cumprod), ("std", np.std), ("var", np.var),
                       ("trace", np.trace), ("diagonal", np.diagonal),
                       ("swapaxes", np.swapaxes), ("repeat", np.repeat), ("take", np.take),
                       ("conj", np.conj), ("conjugate", np.conjugate), ("round", np.round),
                       ("argsort", np.argsort), ("nonzero", np.nonzero),
                       ("searchsorted", np.searchsorted)]:
    R.method(_method, _prim)

R.view(np.reshape, np.transpose, np.ravel, np.squeeze, np.expand_dims, np.broadcast_to,
       np.atleast_1d, np.atleast_2d, np.atleast_3d, np.asarray, np.real, np.imag,
       np.diagonal, np.swapaxes, np.moveaxis, np.rollaxis, np.flip, np.fliplr, np.flipud,
       np.rot90, np.split, np.array_split, np.hsplit, np.vsplit, np.dsplit,
       # (np.diag: the diagonal of a matrix is a view of it, sharing.py; np.real_if_close
       # of a real array is the array itself)
       np.diag, np.real_if_close, np.lib.stride_tricks.sliding_window_view,
       *[getattr(np, n) for n in ("matrix_transpose", "permute_dims") if hasattr(np, n)])

# ------------------------------------------------------------------ constants
# Functions whose derivative is zero almost everywhere (or whose output is not a
# float): their results are constants. Never list a function here that has a
# non-zero derivative somewhere (np.mod is differentiable; np.floor is not).
# The elementwise ones first (rules' bodies call some of them: np.sign, np.isnan).
R.nondiff(
    np.sign, np.floor, np.ceil, np.rint, np.trunc, np.isfinite, np.isnan, np.isinf,
    np.signbit, np.equal, np.not_equal, np.greater, np.greater_equal, np.less, np.less_equal,
    np.logical_and, np.logical_or, np.logical_not, np.logical_xor,
    np.floor_divide, np.bitwise_and, np.bitwise_or, np.bitwise_xor, np.invert,
    np.left_shift, np.right_shift, np.gcd, np.lcm, frexp_exponent,
    elementwise=True,
)
R.nondiff(math_frexp_exponent, lstsq_cutoff, lstsq_rank, compress_index, average_weights_shape,
          diff_edge_shape, pad_edge_shape, extreme_fill, cumulative_start, bincount_counts,
          too_few_kept, moment_dof, axis_without_out, item_index, delete_index, logspace_shapes,
          geomspace_ends, reduceat_bounds, resize_index, unwrap_start, broadcast_shape,
          mask_positions, poly_object, poly_padding, polyint_order, trim_zeros_index, polyder_order,
          poly_start, nanquantile_plan, nanquantile_positions, polyfit_plan, histogram_plan,
          tensorsolve_plan, tensorinv_plan, np.broadcast_shapes)
R.nondiff(
    np.zeros_like, np.ones_like, np.empty_like, np.zeros, np.ones, np.empty,
    np.eye, np.identity, np.indices, np.tri, np.shape, np.ndim, np.size,
    np.argmax, np.argmin, np.argsort, np.argpartition, np.argwhere, np.flatnonzero,
    np.round, np.around, np.fix,
    np.isneginf, np.isposinf, np.isclose, np.allclose,
    np.array_equal, np.array_equiv, np.iscomplex, np.isreal, np.isscalar, np.linalg.matrix_rank,
    np.any, np.all, np.nonzero, np.count_nonzero, np.result_type, np.iscomplexobj,
    np.searchsorted, np.digitize, np.tril_indices, np.triu_indices,
    np.diag_indices, np.unravel_index, np.ravel_multi_index, np.lexsort,
    np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
    np.bool_,
    np.random.default_rng, len, range, slice, int, bool, isinstance, round, operator.eq,
    operator.ne, operator.lt, operator.le, operator.gt, operator.ge, operator.not_,
    operator.floordiv, operator.and_, operator.or_, operator.xor,
    operator.invert, operator.lshift, operator.rshift, operator.is_, operator.is_not,
    operator.contains,
)


def _arange_varying(args, kwargs):
    """np.arange's values are ``start + i * step``: they move with a float start or step
    (the stop only decides how many there are)."""
    out = [(k, kwargs[k]) for k in ("start", "step") if k in kwargs]
    if len(args) >= 2:
        out.append(("start", args[0]))
    if len(args) >= 3:
        out.append(("step", args[2]))
    return out


def _spacing_varying(args, kwargs):
    """np.fft.fftfreq(n, d) is ``k / (n * d)``: it moves with the sample spacing ``d``."""
    return [("d", node) for node in ([args[1]] if len(args) >= 2 else []) + (
        [kwargs["d"]] if "d" in kwargs else [])]


R.nondiff(np.arange, varying=_arange_varying)
R.nondiff(np.fft.fftfreq, np.fft.rfftfreq, varying=_spacing_varying)
