"""Rules for NumPy's arithmetic and elementwise functions, and the table's shared lists
(ndarray methods, views, and the one list of functions without derivative).

The other tables: reduction_rules (sums, extrema, scans), product_rules
(matmul ... einsum), shape_rules, linalg_rules, fft_rules, scipy_rules.

Notation (autograd's): ``g`` is the gradient of the output, ``ans`` the output,
``x, y`` the inputs; in a forward rule ``d`` is the tangent of the input whose
contribution the entry describes. Every reverse rule returns one gradient per
required positional argument, already summed back to that argument's shape
(``unbroadcast``); every forward rule returns contributions shaped like ``ans``.

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
* ``clip``: the gradient passes at the bounds (they are inclusive).
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
"""

import operator

import numpy as np

from srcdiff.rules import DEFAULT as R
from srcdiff.runtime import broadcast_like, is_constant, match_complex, unbroadcast

# ------------------------------------------------------------------ arithmetic


@R.vjp(operator.add, np.add, elementwise=True)
def add(g, ans, x, y):
    return unbroadcast(g, x), unbroadcast(g, y)


@R.jvp(operator.add, np.add, elementwise=True)
def add_jvp(d, ans, x, y):
    return broadcast_like(d, ans), broadcast_like(d, ans)


@R.vjp(operator.sub, np.subtract, elementwise=True)
def subtract(g, ans, x, y):
    return unbroadcast(g, x), unbroadcast(-g, y)


@R.jvp(operator.sub, np.subtract, elementwise=True)
def subtract_jvp(d, ans, x, y):
    return broadcast_like(d, ans), broadcast_like(-d, ans)


@R.vjp(operator.mul, np.multiply, elementwise=True)
def multiply(g, ans, x, y):
    return unbroadcast(g * y, x), unbroadcast(x * g, y)


@R.jvp(operator.mul, np.multiply, elementwise=True)
def multiply_jvp(d, ans, x, y):
    return broadcast_like(d * y, ans), broadcast_like(x * d, ans)


@R.vjp(operator.truediv, np.divide, np.true_divide, elementwise=True)
def divide(g, ans, x, y):
    return unbroadcast(g / y, x), unbroadcast(-g * ans / y, y)


@R.jvp(operator.truediv, np.divide, np.true_divide, elementwise=True)
def divide_jvp(d, ans, x, y):
    return broadcast_like(d / y, ans), broadcast_like(-d * ans / y, ans)


@R.vjp(operator.neg, np.negative, elementwise=True)
def negative(g, ans, x):
    return -g


@R.jvp(operator.neg, np.negative, elementwise=True)
def negative_jvp(d, ans, x):
    return -d


@R.vjp(operator.pos, np.positive, elementwise=True)
def positive(g, ans, x):
    return g


@R.jvp(operator.pos, np.positive, elementwise=True)
def positive_jvp(d, ans, x):
    return d


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


@R.vjp(operator.mod, np.mod, np.remainder, elementwise=True)
def mod(g, ans, x, y):
    return unbroadcast(g, x), unbroadcast(-g * np.floor(x / y), y)


@R.jvp(operator.mod, np.mod, np.remainder, elementwise=True)
def mod_jvp(d, ans, x, y):
    return broadcast_like(d, ans), broadcast_like(-d * np.floor(x / y), ans)


@R.vjp(np.fmod, elementwise=True)
def fmod(g, ans, x, y):
    return unbroadcast(g, x), unbroadcast(-g * np.trunc(x / y), y)


@R.jvp(np.fmod, elementwise=True)
def fmod_jvp(d, ans, x, y):
    return broadcast_like(d, ans), broadcast_like(-d * np.trunc(x / y), ans)


@R.vjp(np.square, elementwise=True)
def square(g, ans, x):
    return g * 2.0 * x


@R.jvp(np.square, elementwise=True)
def square_jvp(d, ans, x):
    return d * 2.0 * x


@R.vjp(np.sqrt, elementwise=True)
def sqrt(g, ans, x):
    return g * 0.5 / ans


@R.jvp(np.sqrt, elementwise=True)
def sqrt_jvp(d, ans, x):
    return d * 0.5 / ans


@R.vjp(np.cbrt, elementwise=True)
def cbrt(g, ans, x):
    return g / (3.0 * ans * ans)


@R.jvp(np.cbrt, elementwise=True)
def cbrt_jvp(d, ans, x):
    return d / (3.0 * ans * ans)


@R.vjp(np.reciprocal, elementwise=True)
def reciprocal(g, ans, x):
    return -g * ans * ans


@R.jvp(np.reciprocal, elementwise=True)
def reciprocal_jvp(d, ans, x):
    return -d * ans * ans


# ----------------------------------------------------------- unary elementwise


@R.vjp(np.exp, elementwise=True)
def exp(g, ans, x):
    return g * ans


@R.jvp(np.exp, elementwise=True)
def exp_jvp(d, ans, x):
    return d * ans


@R.vjp(np.exp2, elementwise=True)
def exp2(g, ans, x):
    return g * ans * np.log(2.0)


@R.jvp(np.exp2, elementwise=True)
def exp2_jvp(d, ans, x):
    return d * ans * np.log(2.0)


@R.vjp(np.expm1, elementwise=True)
def expm1(g, ans, x):
    return g * (ans + 1.0)


@R.jvp(np.expm1, elementwise=True)
def expm1_jvp(d, ans, x):
    return d * (ans + 1.0)


@R.vjp(np.log, elementwise=True)
def log(g, ans, x):
    return g / x


@R.jvp(np.log, elementwise=True)
def log_jvp(d, ans, x):
    return d / x


@R.vjp(np.log2, elementwise=True)
def log2(g, ans, x):
    return g / (x * np.log(2.0))


@R.jvp(np.log2, elementwise=True)
def log2_jvp(d, ans, x):
    return d / (x * np.log(2.0))


@R.vjp(np.log10, elementwise=True)
def log10(g, ans, x):
    return g / (x * np.log(10.0))


@R.jvp(np.log10, elementwise=True)
def log10_jvp(d, ans, x):
    return d / (x * np.log(10.0))


@R.vjp(np.log1p, elementwise=True)
def log1p(g, ans, x):
    return g / (1.0 + x)


@R.jvp(np.log1p, elementwise=True)
def log1p_jvp(d, ans, x):
    return d / (1.0 + x)


@R.vjp(np.sin, elementwise=True)
def sin(g, ans, x):
    return g * np.cos(x)


@R.jvp(np.sin, elementwise=True)
def sin_jvp(d, ans, x):
    return d * np.cos(x)


@R.vjp(np.cos, elementwise=True)
def cos(g, ans, x):
    return -g * np.sin(x)


@R.jvp(np.cos, elementwise=True)
def cos_jvp(d, ans, x):
    return -d * np.sin(x)


@R.vjp(np.tan, elementwise=True)
def tan(g, ans, x):
    return g * (1.0 + ans * ans)


@R.jvp(np.tan, elementwise=True)
def tan_jvp(d, ans, x):
    return d * (1.0 + ans * ans)


@R.vjp(np.sinc)
def sinc(g, ans, x):
    return g * sinc_derivative(x, ans)


@R.jvp(np.sinc)
def sinc_jvp(d, ans, x):
    return d * sinc_derivative(x, ans)


def sinc_derivative(x, ans):
    """``(cos(pi x) - sinc(x)) / x``; near 0, its Taylor series (so that it is smooth there
    and its own derivative, the second derivative of sinc, is right at 0 too)."""
    small = np.abs(x) < 1e-3
    series = x * (np.pi ** 4 / 30.0 * x * x - np.pi ** 2 / 3.0)
    return np.where(small, series, (np.cos(np.pi * x) - ans) / np.where(small, 1.0, x))


@R.vjp(np.tanh, elementwise=True)
def tanh(g, ans, x):
    return g * (1.0 - ans * ans)


@R.jvp(np.tanh, elementwise=True)
def tanh_jvp(d, ans, x):
    return d * (1.0 - ans * ans)


@R.vjp(np.sinh, elementwise=True)
def sinh(g, ans, x):
    return g * np.cosh(x)


@R.jvp(np.sinh, elementwise=True)
def sinh_jvp(d, ans, x):
    return d * np.cosh(x)


@R.vjp(np.cosh, elementwise=True)
def cosh(g, ans, x):
    return g * np.sinh(x)


@R.jvp(np.cosh, elementwise=True)
def cosh_jvp(d, ans, x):
    return d * np.sinh(x)


@R.vjp(np.arcsin, elementwise=True)
def arcsin(g, ans, x):
    return g / np.sqrt(1.0 - x * x)


@R.jvp(np.arcsin, elementwise=True)
def arcsin_jvp(d, ans, x):
    return d / np.sqrt(1.0 - x * x)


@R.vjp(np.arccos, elementwise=True)
def arccos(g, ans, x):
    return -g / np.sqrt(1.0 - x * x)


@R.jvp(np.arccos, elementwise=True)
def arccos_jvp(d, ans, x):
    return -d / np.sqrt(1.0 - x * x)


@R.vjp(np.arctan, elementwise=True)
def arctan(g, ans, x):
    return g / (1.0 + x * x)


@R.jvp(np.arctan, elementwise=True)
def arctan_jvp(d, ans, x):
    return d / (1.0 + x * x)


@R.vjp(np.arcsinh, elementwise=True)
def arcsinh(g, ans, x):
    return g / np.sqrt(x * x + 1.0)


@R.jvp(np.arcsinh, elementwise=True)
def arcsinh_jvp(d, ans, x):
    return d / np.sqrt(x * x + 1.0)


@R.vjp(np.arccosh, elementwise=True)
def arccosh(g, ans, x):
    return g / np.sqrt(x * x - 1.0)


@R.jvp(np.arccosh, elementwise=True)
def arccosh_jvp(d, ans, x):
    return d / np.sqrt(x * x - 1.0)


@R.vjp(np.arctanh, elementwise=True)
def arctanh(g, ans, x):
    return g / (1.0 - x * x)


@R.jvp(np.arctanh, elementwise=True)
def arctanh_jvp(d, ans, x):
    return d / (1.0 - x * x)


@R.vjp(np.deg2rad, np.radians, elementwise=True)
def deg2rad(g, ans, x):
    return g * (np.pi / 180.0)


@R.jvp(np.deg2rad, np.radians, elementwise=True)
def deg2rad_jvp(d, ans, x):
    return d * (np.pi / 180.0)


@R.vjp(np.rad2deg, np.degrees, elementwise=True)
def rad2deg(g, ans, x):
    return g * (180.0 / np.pi)


@R.jvp(np.rad2deg, np.degrees, elementwise=True)
def rad2deg_jvp(d, ans, x):
    return d * (180.0 / np.pi)


@R.vjp(np.abs, np.absolute, abs, operator.abs, elementwise=True)
def absolute(g, ans, x):
    return np.real(g) * np.conj(x) / np.where(x == 0, 1.0, ans)


@R.jvp(np.abs, np.absolute, abs, operator.abs, elementwise=True)
def absolute_jvp(d, ans, x):
    return np.real(np.conj(x) * d) / np.where(x == 0, 1.0, ans)


@R.vjp(np.fabs, elementwise=True)
def fabs(g, ans, x):
    return g * np.sign(x)


@R.jvp(np.fabs, elementwise=True)
def fabs_jvp(d, ans, x):
    return d * np.sign(x)


@R.vjp(np.nan_to_num)
def nan_to_num(g, ans, x, copy=True, nan=0.0, posinf=None, neginf=None):
    return np.where(np.isfinite(x), g, 0.0)


@R.jvp(np.nan_to_num)
def nan_to_num_jvp(d, ans, x, copy=True, nan=0.0, posinf=None, neginf=None):
    return np.where(np.isfinite(x), d, 0.0)


# -------------------------------------------------------------- complex parts


@R.vjp(np.real)
def real(g, ans, val):
    return np.real(g)


@R.jvp(np.real)
def real_jvp(d, ans, val):
    return np.real(d)


@R.vjp(np.imag)
def imag(g, ans, val):
    return match_complex(-1j * np.real(g), val)


@R.jvp(np.imag)
def imag_jvp(d, ans, val):
    return np.imag(d)


@R.vjp(np.conj, np.conjugate, elementwise=True)
def conj(g, ans, x):
    return np.conj(g)


@R.jvp(np.conj, np.conjugate, elementwise=True)
def conj_jvp(d, ans, x):
    return np.conj(d)


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


@R.vjp(np.arctan2, elementwise=True)
def arctan2(g, ans, x, y):
    return unbroadcast(g * y / (x * x + y * y), x), unbroadcast(-g * x / (x * x + y * y), y)


@R.jvp(np.arctan2, elementwise=True)
def arctan2_jvp(d, ans, x, y):
    return (broadcast_like(d * y / (x * x + y * y), ans),
            broadcast_like(-d * x / (x * x + y * y), ans))


@R.vjp(np.hypot, elementwise=True)
def hypot(g, ans, x, y):
    return (unbroadcast(g * x / np.where(ans == 0, 1.0, ans), x),
            unbroadcast(g * y / np.where(ans == 0, 1.0, ans), y))


@R.jvp(np.hypot, elementwise=True)
def hypot_jvp(d, ans, x, y):
    return (broadcast_like(d * x / np.where(ans == 0, 1.0, ans), ans),
            broadcast_like(d * y / np.where(ans == 0, 1.0, ans), ans))


@R.vjp(np.logaddexp, elementwise=True)
def logaddexp(g, ans, x, y):
    return unbroadcast(g * np.exp(x - ans), x), unbroadcast(g * np.exp(y - ans), y)


@R.jvp(np.logaddexp, elementwise=True)
def logaddexp_jvp(d, ans, x, y):
    return broadcast_like(d * np.exp(x - ans), ans), broadcast_like(d * np.exp(y - ans), ans)


@R.vjp(np.logaddexp2, elementwise=True)
def logaddexp2(g, ans, x, y):
    return unbroadcast(g * np.exp2(x - ans), x), unbroadcast(g * np.exp2(y - ans), y)


@R.jvp(np.logaddexp2, elementwise=True)
def logaddexp2_jvp(d, ans, x, y):
    return broadcast_like(d * np.exp2(x - ans), ans), broadcast_like(d * np.exp2(y - ans), ans)


@R.vjp(np.maximum, elementwise=True)
def maximum(g, ans, x, y):
    return (unbroadcast(g * ((x > y) + 0.5 * (x == y)), x),
            unbroadcast(g * ((y > x) + 0.5 * (x == y)), y))


@R.jvp(np.maximum, elementwise=True)
def maximum_jvp(d, ans, x, y):
    return (broadcast_like(d * ((x > y) + 0.5 * (x == y)), ans),
            broadcast_like(d * ((y > x) + 0.5 * (x == y)), ans))


@R.vjp(np.minimum, elementwise=True)
def minimum(g, ans, x, y):
    return (unbroadcast(g * ((x < y) + 0.5 * (x == y)), x),
            unbroadcast(g * ((y < x) + 0.5 * (x == y)), y))


@R.jvp(np.minimum, elementwise=True)
def minimum_jvp(d, ans, x, y):
    return (broadcast_like(d * ((x < y) + 0.5 * (x == y)), ans),
            broadcast_like(d * ((y < x) + 0.5 * (x == y)), ans))


@R.vjp(np.fmax, np.fmin, elementwise=True)
def fmax(g, ans, x, y):
    return (unbroadcast(g * ((ans == x) - 0.5 * (x == y)), x),
            unbroadcast(g * ((ans == y) - 0.5 * (x == y)), y))


@R.jvp(np.fmax, np.fmin, elementwise=True)
def fmax_jvp(d, ans, x, y):
    return (broadcast_like(d * ((ans == x) - 0.5 * (x == y)), ans),
            broadcast_like(d * ((ans == y) - 0.5 * (x == y)), ans))


@R.vjp(np.where)
def where(g, ans, condition, x, y):
    return (None, unbroadcast(np.where(condition, g, 0.0), x),
            unbroadcast(np.where(condition, 0.0, g), y))


@R.jvp(np.where)
def where_jvp(d, ans, condition, x, y):
    return (None, broadcast_like(np.where(condition, d, 0.0), ans),
            broadcast_like(np.where(condition, 0.0, d), ans))


@R.vjp(np.clip)
def clip(g, ans, a, a_min=None, a_max=None):
    if a_min is None:  # bounds shaped larger than a broadcast it: unbroadcast the gradient
        return unbroadcast(g * (a <= a_max), a)
    if a_max is None:
        return unbroadcast(g * (a >= a_min), a)
    return unbroadcast(g * ((a >= a_min) & (a <= a_max)), a)


@R.jvp(np.clip)
def clip_jvp(d, ans, a, a_min=None, a_max=None):
    if a_min is None:
        return broadcast_like(d * (a <= a_max), ans)
    if a_max is None:
        return broadcast_like(d * (a >= a_min), ans)
    return broadcast_like(d * ((a >= a_min) & (a <= a_max)), ans)


# ---------------------------------------------------------- scalar conversion


@R.vjp(float)
def float_(g, ans, x):
    return g


@R.jvp(float)
def float_jvp(d, ans, x):
    return d


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
       np.rot90, np.split, np.array_split, np.hsplit, np.vsplit, np.dsplit)

# ------------------------------------------------------------------ constants
# Functions whose derivative is zero almost everywhere (or whose output is not a
# float): their results are constants. Never list a function here that has a
# non-zero derivative somewhere (np.mod is differentiable; np.floor is not).
# The elementwise ones first (rules' bodies call some of them: np.sign, np.isnan).
R.nondiff(
    np.sign, np.floor, np.ceil, np.rint, np.trunc, np.isfinite, np.isnan, np.isinf,
    np.signbit, np.equal, np.not_equal, np.greater, np.greater_equal, np.less, np.less_equal,
    np.logical_and, np.logical_or, np.logical_not, np.logical_xor, np.heaviside,
    np.floor_divide, np.bitwise_and, np.bitwise_or, np.bitwise_xor, np.invert,
    np.left_shift, np.right_shift, np.gcd, np.lcm,
    elementwise=True,
)
R.nondiff(
    np.zeros_like, np.ones_like, np.empty_like, np.zeros, np.ones, np.empty,
    np.eye, np.identity, np.arange, np.indices, np.tri, np.shape, np.ndim, np.size,
    np.argmax, np.argmin, np.argsort, np.argpartition, np.argwhere, np.flatnonzero,
    np.round, np.around, np.fix,
    np.isneginf, np.isposinf, np.isclose, np.allclose,
    np.array_equal, np.array_equiv, np.iscomplex, np.isreal, np.isscalar,
    np.any, np.all, np.nonzero, np.count_nonzero, np.result_type, np.iscomplexobj,
    np.searchsorted, np.digitize, np.tril_indices, np.triu_indices,
    np.diag_indices, np.unravel_index, np.ravel_multi_index, np.lexsort, np.fft.fftfreq,
    np.fft.rfftfreq,
    np.random.default_rng, len, range, int, bool, isinstance, round, operator.eq,
    operator.ne, operator.lt, operator.le, operator.gt, operator.ge, operator.not_,
    operator.floordiv, operator.and_, operator.or_, operator.xor,
    operator.invert, operator.lshift, operator.rshift, operator.is_, operator.is_not,
    operator.contains,
)
