"""Rules for Python's ``math`` module and the builtins scalar code is written with.

Scalar scientific code (a Kalman filter's likelihood, an ODE integrator on
floats) is written with ``math.exp``, ``math.log``, ``min``/``max`` and
``sum`` of a list. These functions take and return Python floats, and so do
their rules: the derivatives below are written with ``math`` and float
arithmetic (``g * math.cos(x)``, not ``np.cos``), so a gradient of a float
stays a float. Notation as in numpy_rules.py (``g``, ``ans``, ``d``); most rules
are written once with ``R.elementwise`` (on scalars, trivially elementwise).

Already covered elsewhere: ``abs`` (numpy_rules, with ``np.abs``), ``float()``
(numpy_rules), ``sum`` of a list or of an array's rows (reduction_rules). The
constants ``math.pi``, ``math.e``, ``math.tau``, ``math.inf``, ``math.nan`` are
compile-time constants (the front end resolves them). ``pow(x, y)`` and
``math.pow`` share the rule of ``x ** y`` (numpy_rules.power). ``math.floor``,
``ceil``, ``trunc`` and the predicates (``isfinite`` ...) are constants.
``fmod`` and ``remainder`` are ``x - n y`` for an integer ``n`` (truncated, or
rounded half to even): ``d/dx`` is 1 and ``d/dy`` is ``-n``, read back from the result
as ``round((x - ans) / y)`` (exact: ``x - ans`` is ``n y`` up to rounding), the jumps
ignored as for ``np.fmod``. Everything else in ``math`` (``frexp``, ``ldexp``,
``modf``, ``dist``, ``nextafter`` ...) has no rule and is refused where it is on
a gradient's path; integer functions (``gcd``, ``factorial``, ``comb`` ...) take
integers, which are constants.

Kinks, ties and singular points, rule by rule (Python floats raise on a
division by zero, so where the derivative is infinite the rules say so
explicitly instead of dividing by zero, as NumPy's rules do by IEEE division):

* ``fabs``: 0 at 0 (as ``np.fabs``/``abs``). ``copysign(x, y)``: ``d/dx`` is
  ``sign(x)`` times ``y``'s sign (0 at ``x == 0``); ``d/dy`` is 0 (the jump at
  ``y == 0`` is ignored).
* ``max``/``min`` of scalars (or of one list or 1-D array): the arguments equal
  to the result share the gradient equally, as ``np.maximum`` (half each at a
  tie of two) and ``np.max`` (``reduce_mask``) do; a NaN result gets none.
  ``key=`` (an option) only chooses which item is the result, a choice constant
  between ties: the items equal to the result are the same ones, so the rule is
  the same. Items that are arrays (which ``key`` lets Python compare) are
  refused when the gradient runs.
* ``sqrt`` at 0, ``asin``/``acos`` at +-1, ``acosh`` at 1: ``inf``
  times the seed's sign (the derivative, as ``np.sqrt``'s rule gives it).
* ``hypot`` at the origin: 0 (the minimum-norm subgradient, as ``np.hypot``).
* ``atan2`` at (0, 0): NaN (discontinuous there, as ``np.arctan2``).
* ``pow`` (and ``x ** y``): see numpy_rules.power.
* ``gamma``, ``lgamma``: their derivatives use ``digamma_float`` below (ψ by
  recurrence and its asymptotic series, to float64 precision); at the poles
  the functions themselves raise.
* ``log(x, base)``: the base is a constant of the rule (an option); a base
  that depends on the differentiated inputs is refused.
* ``prod(xs, start=...)``: exact with zeros among ``xs`` (no division); ``start``
  is a constant.
"""

import math

import numpy as np

from srcdiff.rules.numpy_rules import power, power_jvp
from srcdiff.rules.reduction_rules import sum_of_items_grad
from srcdiff.rules.registry import DEFAULT as R

# broadcast_like and unbroadcast: read by the rules R.elementwise derives for two arguments
from srcdiff.runtime import broadcast_like, fill_zeros, is_constant, unbroadcast  # noqa: F401
from srcdiff.runtime_checks import tied_items

# ------------------------------------------------------------ exponentials, logarithms


@R.elementwise(math.exp)
def math_exp(g, ans, x):
    return g * ans


@R.elementwise(math.ldexp)
def math_ldexp(g, ans, x, i):
    # x * 2**i, exactly: i is an integer (math.ldexp refuses others), a constant
    return g * math.ldexp(1.0, i), None


@R.elementwise(math.expm1)
def math_expm1(g, ans, x):
    return g * (ans + 1.0)


@R.vjp(math.log, wrt=("base",))
def math_log(g, ans, x, base=None):
    # log(x, b) = ln x / ln b: d/db = -ln x / (b ln^2 b) = -ans / (b ln b)
    if is_constant(base) and base is None:
        return g / x, None
    if base is None:  # (the rule called rather than inlined: both entries are evaluated)
        return g / x, None
    return g / (x * math.log(base)), -(g * ans) / (base * math.log(base))


@R.jvp(math.log, wrt=("base",))
def math_log_jvp(d, ans, x, base=None):
    if is_constant(base) and base is None:
        return d / x, None
    return d / (x * math.log(base)), -(d * ans) / (base * math.log(base))


@R.elementwise(math.log2)
def math_log2(g, ans, x):
    return g / (x * math.log(2.0))


@R.elementwise(math.log10)
def math_log10(g, ans, x):
    return g / (x * math.log(10.0))


@R.elementwise(math.log1p)
def math_log1p(g, ans, x):
    return g / (1.0 + x)


@R.elementwise(math.sqrt)
def math_sqrt(g, ans, x):
    return g * (0.5 / ans if ans else math.inf)


# ------------------------------------------------------------ trigonometric, hyperbolic


@R.elementwise(math.sin)
def math_sin(g, ans, x):
    return g * math.cos(x)


@R.elementwise(math.cos)
def math_cos(g, ans, x):
    return -g * math.sin(x)


@R.elementwise(math.tan)
def math_tan(g, ans, x):
    return g * (1.0 + ans * ans)


@R.elementwise(math.asin)
def math_asin(g, ans, x):
    root = math.sqrt(1.0 - x * x)
    return g * (1.0 / root if root else math.inf)


@R.elementwise(math.acos)
def math_acos(g, ans, x):
    root = math.sqrt(1.0 - x * x)
    return -g * (1.0 / root if root else math.inf)


@R.elementwise(math.atan)
def math_atan(g, ans, x):
    return g / (1.0 + x * x)


@R.elementwise(math.atan2)
def math_atan2(g, ans, x, y):
    r2 = x * x + y * y
    return g * (y / r2 if r2 else math.nan), -g * (x / r2 if r2 else math.nan)


@R.elementwise(math.sinh)
def math_sinh(g, ans, x):
    return g * math.cosh(x)


@R.elementwise(math.cosh)
def math_cosh(g, ans, x):
    return g * math.sinh(x)


@R.elementwise(math.tanh)
def math_tanh(g, ans, x):
    return g * (1.0 - ans * ans)


@R.elementwise(math.asinh)
def math_asinh(g, ans, x):
    return g / math.sqrt(x * x + 1.0)


@R.elementwise(math.acosh)
def math_acosh(g, ans, x):
    root = math.sqrt(x * x - 1.0)
    return g * (1.0 / root if root else math.inf)


@R.elementwise(math.atanh)
def math_atanh(g, ans, x):
    return g / (1.0 - x * x)


@R.elementwise(math.degrees)
def math_degrees(g, ans, x):
    return g * (180.0 / math.pi)


@R.elementwise(math.radians)
def math_radians(g, ans, x):
    return g * (math.pi / 180.0)


# ------------------------------------------------------------ special functions


@R.elementwise(math.erf)
def math_erf(g, ans, x):
    return g * (2.0 / math.sqrt(math.pi)) * math.exp(-x * x)


@R.elementwise(math.erfc)
def math_erfc(g, ans, x):
    return -g * (2.0 / math.sqrt(math.pi)) * math.exp(-x * x)


@R.elementwise(math.gamma)
def math_gamma(g, ans, x):
    return g * ans * digamma_float(x)


@R.elementwise(math.lgamma)
def math_lgamma(g, ans, x):
    return g * digamma_float(x)


def digamma_float(x):
    """ψ(x), the derivative of ``lgamma``, for a float ``x`` that is not a pole.

    Reflection below 1/2 (ψ(x) = ψ(1 - x) - π / tan(πx)), the recurrence
    ψ(x) = ψ(x + 1) - 1/x up to x >= 10, then the asymptotic series to x^-12
    (error below 1e-15). Plain float arithmetic with ``math``: generated code
    differentiates it again (its derivative is the trigamma function's series)."""
    x = float(x)
    shift = 0.0
    if x < 0.5:
        shift = -math.pi / math.tan(math.pi * x)
        x = 1.0 - x
    while x < 10.0:
        shift = shift - 1.0 / x
        x = x + 1.0
    inv2 = 1.0 / (x * x)
    series = inv2 * (1.0 / 12.0 - inv2 * (1.0 / 120.0 - inv2 * (1.0 / 252.0 - inv2 * (
        1.0 / 240.0 - inv2 * (1.0 / 132.0 - inv2 * (691.0 / 32760.0))))))
    return shift + math.log(x) - 0.5 / x - series


# ------------------------------------------------------------ signs and kinks


@R.elementwise(math.fabs)
def math_fabs(g, ans, x):
    return g * (float(x > 0.0) - float(x < 0.0))


@R.elementwise(math.copysign)
def math_copysign(g, ans, x, y):
    return g * (float(x > 0.0) - float(x < 0.0)) * math.copysign(1.0, y), None


@R.elementwise(math.fmod, math.remainder)
def math_fmod(g, ans, x, y):
    return g, -g * float(round((x - ans) / y))


# ------------------------------------------------------------ powers and norms

# pow(x, y) and math.pow(x, y) are x ** y (pow's third argument, a modulus, is not
# declared by the rule, so the compiler refuses it)
R.vjp(pow, math.pow, elementwise=True)(power)
R.jvp(pow, math.pow, elementwise=True)(power_jvp)


@R.vjp(math.hypot)
def math_hypot(g, ans, *coordinates):
    return hypot_grads(g, ans, coordinates)


@R.jvp(math.hypot)
def math_hypot_jvp(d, ans, *coordinates):
    return hypot_tangent(d, ans, coordinates)


def hypot_grads(g, ans, coordinates):
    """The gradient of ``math.hypot(*coordinates)`` for each coordinate: ``g x / ans``,
    and 0 at the origin (the minimum-norm subgradient)."""
    scale = g / ans if ans else 0.0
    return [scale * x for x in coordinates]


def hypot_tangent(d, ans, coordinates):
    """The tangent of ``math.hypot``: ``sum(x dx) / ans`` over the coordinates with a
    tangent (``d`` has ``None`` for the others); 0 at the origin."""
    total = 0.0
    for x, t in zip(coordinates, d):
        if t is not None:
            total = total + x * t
    return total / ans if ans else 0.0


# ------------------------------------------------------------ sums and products of items


@R.vjp(math.fsum)
def math_fsum(g, ans, iterable):
    return sum_of_items_grad(g, iterable)


@R.jvp(math.fsum)
def math_fsum_jvp(d, ans, iterable):
    return math.fsum(fill_zeros(d, iterable))


@R.vjp(math.prod)
def math_prod(g, ans, iterable, *, start=1):
    return prod_items_grad(g, iterable, start)


@R.jvp(math.prod)
def math_prod_jvp(d, ans, iterable, *, start=1):
    return prod_items_tangent(fill_zeros(d, iterable), iterable, start)


def prod_of_others(items, start):
    """For each item, ``start`` times the product of the other items: prefix times suffix
    products, so zeros among the items need no division."""
    out = []
    acc = start
    for x in items:
        out.append(acc)
        acc = acc * x
    acc = 1.0
    for k in range(len(out) - 1, -1, -1):
        out[k] = out[k] * acc
        acc = acc * items[k]
    return out


def prod_items_grad(g, items, start):
    """The gradient of ``math.prod(items, start=start)`` for each item (a list, or an array
    for an array)."""
    grads = [g * p for p in prod_of_others(items, start)]
    if isinstance(items, np.ndarray):
        return np.array(grads, dtype=float).reshape(items.shape)
    return grads


def prod_items_tangent(tangents, items, start):
    """The tangent of ``math.prod``: the sum over items of its tangent times the others."""
    total = 0.0
    for t, p in zip(tangents, prod_of_others(items, start)):
        total = total + t * p
    return total


# ------------------------------------------------------------ min and max of scalars


@R.vjp(max, min)
def min_max(g, ans, *args, key=None):
    return extreme_grads(g, ans, args)


@R.jvp(max, min)
def min_max_jvp(d, ans, *args, key=None):
    return extreme_tangent(d, ans, args)


def extreme_grads(g, ans, args):
    """The gradients of ``max(*args)``/``min(*args)``: for one argument (a list or 1-D
    array), a gradient for each of its items; else one for each argument. The items
    equal to the result share ``g`` equally; a NaN result gives none. A dict's items are
    its keys, constants: no gradient for its values."""
    if len(args) == 1 and isinstance(args[0], dict):
        return [None]
    if len(args) == 1:
        return [extreme_items_grad(g, ans, args[0])]
    return extreme_items_grad(g, ans, args)


def extreme_items_grad(g, ans, items):
    ties = tied_items(items, ans)
    if isinstance(items, np.ndarray):
        return g * ties / max(float(np.sum(ties)), 1.0)
    share = g / max(sum(ties), 1.0)
    return [t * share for t in ties]


def extreme_tangent(d, ans, args):
    """The tangent of ``max``/``min``: the mean of the tangents of the items equal to the
    result (``None`` tangents are zeros)."""
    items, tangents = (args[0], d[0]) if len(args) == 1 else (args, d)
    if isinstance(items, dict):  # (its keys: constants)
        return 0.0
    total = 0.0
    count = 0.0
    for tie, t in zip(tied_items(items, ans), tangents):
        if tie:
            count = count + 1.0
            if t is not None:
                total = total + t
    return total / max(count, 1.0)


# ------------------------------------------------------------ constants

# rounding (piecewise constant) and predicates: their results carry no gradient
R.nondiff(math.floor, math.ceil, math.trunc, math.isfinite, math.isinf, math.isnan,
          elementwise=True)
R.nondiff(math.isclose)

# What shape analysis (analysis/activity.py) may know of their results whatever the
# arguments: these math functions and the builtin float always return a float (a scalar;
# ``math.prod`` and ``max``/``min`` return what their items multiply to or are, maybe
# arrays), and rounding a float gives an int.
FLOAT_VALUED = tuple(
    getattr(math, name) for name in (
        "exp", "expm1", "log", "log2", "log10", "log1p", "sqrt", "sin", "cos",
        "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh",
        "atanh", "degrees", "radians", "erf", "erfc", "gamma", "lgamma", "fabs", "copysign",
        "pow", "hypot", "fsum", "fmod", "remainder")) + (float,)  # (float(v): a float)
INT_VALUED = (math.floor, math.ceil, math.trunc)
