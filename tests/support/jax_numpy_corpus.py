"""JAX's numpy gradient tables, in srcdiff's words: records, shapes, input ranges, cases.

From jax's tests (read, not copied): lax_numpy_test.py's ``GRAD_TEST_RECORDS`` and
``GRAD_SPECIAL_VALUE_TEST_RECORDS`` (and its ldexp/frexp/sinc-at-zero tests),
lax_autodiff_test.py's ``LAX_GRAD_OPS`` (spelled with the NumPy function each lax
primitive stands for) and ``LAX_GRAD_SPECIAL_VALUE_TESTS``, and the differentiable NumPy
functions of lax_numpy_operators_test.py's op records. A record names a function, its
arity, the order JAX checks, the input range and the shapes swept:

* JAX's ``nonempty_shapes``: a Python float, a NumPy scalar, ``()``, and arrays from
  ``(4,)`` to ``(2, 3, 4)``; binary records take every broadcasting pair of them
  (``itertools.combinations_with_replacement``, as JAX does);
* lax_autodiff_test's ``compatible_shapes`` groups for its ops;
* the operator records' empty arrays ``(0,)``, ``(0, 4)``, ``(3, 0)`` for unary functions.

Input ranges are uniform intervals for JAX's generators: ``rand_default`` (a normal with
scale 3) is ``(-2, 2)``, ``rand_small`` ``(-0.5, 0.5)``, ``rand_positive`` ``(0.1, 3)``,
``rand_not_small``/``rand_nonzero`` ``±(0.5, 2)``. Where JAX's range leaves a function's
real domain (``arccosh`` on ``rand_positive``, ``arcsin`` on ``(-1.3, 1.3)``) the range is
cut to the domain: outside it the value is NaN and there is nothing to check.
"""

import itertools
import math
from collections import namedtuple

import numpy as np

from jax_numpy_check import Case

NONEMPTY = ("py", "np", (), (4,), (3, 4), (3, 1), (1, 4), (2, 1, 4), (2, 3, 4))
EMPTY = ((0,), (0, 4), (3, 0))
LAX_GROUPS = (((3,),), ((), (3, 4), (3, 1), (1, 4)), ((2, 3, 4), (2, 1, 4)))

DEFAULT, SMALL, POSITIVE, UNIT = (-2.0, 2.0), (-0.5, 0.5), (0.1, 3.0), (-0.9, 0.9)
NOT_SMALL = ("away", 0.5, 2.0)

# op: the NumPy function; nargs; order: 1 (first derivatives) or 2 (also hvp);
# domain: (lo, hi) or ("away", lo, hi) (either sign); shapes: "jax" (nonempty_shapes),
# "lax" (compatible_shapes groups) or "ops" (nonempty_shapes and the empty ones).
Record = namedtuple("Record", "name op nargs order domain shapes")


def _rsqrt(x):
    return 1.0 / np.sqrt(x)


def _scipy(name):
    try:
        import scipy.special
    except ImportError:  # scipy is optional: its records are left out
        return None
    return getattr(scipy.special, name)


GRAD_RECORDS = [  # lax_numpy_test.py: GRAD_TEST_RECORDS
    Record("arcsinh", np.arcsinh, 1, 2, POSITIVE, "jax"),
    Record("arccosh", np.arccosh, 1, 1, (1.1, 3.0), "jax"),
    Record("arctanh", np.arctanh, 1, 2, UNIT, "jax"),
    Record("logaddexp", np.logaddexp, 2, 1, UNIT, "jax"),
    Record("logaddexp2", np.logaddexp2, 2, 2, UNIT, "jax"),
]

LAX_RECORDS = [  # lax_autodiff_test.py: LAX_GRAD_OPS, each lax primitive's NumPy function
    Record("neg", np.negative, 1, 2, DEFAULT, "lax"),
    Record("floor", np.floor, 1, 2, (0.1, 0.4), "lax"),
    Record("ceil", np.ceil, 1, 2, (0.1, 0.4), "lax"),
    Record("round", np.round, 1, 2, (0.1, 0.4), "lax"),
    Record("exp", np.exp, 1, 2, SMALL, "lax"),
    Record("exp2", np.exp2, 1, 2, SMALL, "lax"),
    Record("expm1", np.expm1, 1, 2, DEFAULT, "lax"),
    Record("log", np.log, 1, 2, POSITIVE, "lax"),
    Record("log1p", np.log1p, 1, 2, POSITIVE, "lax"),
    Record("sinh", np.sinh, 1, 2, DEFAULT, "lax"),
    Record("cosh", np.cosh, 1, 2, DEFAULT, "lax"),
    Record("tanh", np.tanh, 1, 2, DEFAULT, "lax"),
    Record("sin", np.sin, 1, 2, DEFAULT, "lax"),
    Record("cos", np.cos, 1, 2, DEFAULT, "lax"),
    Record("tan", np.tan, 1, 2, (-1.3, 1.3), "lax"),
    Record("asin", np.arcsin, 1, 2, UNIT, "lax"),
    Record("acos", np.arccos, 1, 2, UNIT, "lax"),
    Record("atan2", np.arctan2, 2, 2, DEFAULT, "lax"),
    Record("erf", _scipy("erf"), 1, 2, SMALL, "lax"),
    Record("erfc", _scipy("erfc"), 1, 2, SMALL, "lax"),
    Record("erf_inv", _scipy("erfinv"), 1, 2, SMALL, "lax"),
    Record("bessel_i0e", _scipy("i0e"), 1, 2, DEFAULT, "lax"),
    Record("bessel_i1e", _scipy("i1e"), 1, 2, DEFAULT, "lax"),
    Record("real", np.real, 1, 2, DEFAULT, "lax"),
    Record("conj", np.conj, 1, 2, DEFAULT, "lax"),
    Record("abs", np.abs, 1, 2, POSITIVE, "lax"),
    Record("pow", np.power, 2, 2, POSITIVE, "lax"),
    Record("sqrt", np.sqrt, 1, 2, POSITIVE, "lax"),
    Record("rsqrt", _rsqrt, 1, 2, POSITIVE, "lax"),
    Record("cbrt", np.cbrt, 1, 2, NOT_SMALL, "lax"),
    Record("logistic", _scipy("expit"), 1, 2, DEFAULT, "lax"),
    Record("add", np.add, 2, 2, DEFAULT, "lax"),
    Record("sub", np.subtract, 2, 2, DEFAULT, "lax"),
    Record("mul", np.multiply, 2, 2, DEFAULT, "lax"),
    Record("div", np.divide, 2, 1, NOT_SMALL, "lax"),
    Record("max", np.maximum, 2, 2, DEFAULT, "lax"),
    Record("min", np.minimum, 2, 2, DEFAULT, "lax"),
]

OP_RECORDS = [  # lax_numpy_operators_test.py: the differentiable real functions, first order
    Record("fabs", np.fabs, 1, 1, NOT_SMALL, "ops"),
    Record("float_power", np.float_power, 2, 1, POSITIVE, "jax"),
    Record("nextafter", np.nextafter, 2, 1, DEFAULT, "jax"),
    Record("reciprocal", np.reciprocal, 1, 1, NOT_SMALL, "ops"),
    Record("log2", np.log2, 1, 1, POSITIVE, "ops"),
    Record("log10", np.log10, 1, 1, POSITIVE, "ops"),
    Record("positive", np.positive, 1, 1, DEFAULT, "ops"),
    Record("square", np.square, 1, 1, DEFAULT, "ops"),
    Record("sinc", np.sinc, 1, 1, DEFAULT, "ops"),
    Record("ravel", np.ravel, 1, 1, DEFAULT, "ops"),
    Record("transpose", np.transpose, 1, 1, DEFAULT, "ops"),
    Record("arctan", np.arctan, 1, 1, SMALL, "ops"),
    Record("deg2rad", np.deg2rad, 1, 1, DEFAULT, "ops"),
    Record("rad2deg", np.rad2deg, 1, 1, DEFAULT, "ops"),
    Record("i0", np.i0, 1, 1, DEFAULT, "ops"),
    Record("angle", np.angle, 1, 1, NOT_SMALL, "ops"),
    Record("atleast_2d", np.atleast_2d, 1, 1, DEFAULT, "ops"),
    Record("hypot", np.hypot, 2, 1, NOT_SMALL, "jax"),
    Record("fmax", np.fmax, 2, 1, DEFAULT, "jax"),
    Record("fmin", np.fmin, 2, 1, DEFAULT, "jax"),
    Record("fmod", np.fmod, 2, 1, NOT_SMALL, "jax"),
    Record("remainder", np.remainder, 2, 1, NOT_SMALL, "jax"),
    Record("copysign", np.copysign, 2, 1, NOT_SMALL, "jax"),
    Record("heaviside", np.heaviside, 2, 1, NOT_SMALL, "jax"),
    Record("kron", np.kron, 2, 1, DEFAULT, "jax"),
    Record("outer", np.outer, 2, 1, DEFAULT, "jax"),
]

ELEMENTWISE = [r for r in GRAD_RECORDS + LAX_RECORDS + OP_RECORDS if r.op is not None]

SPECIAL_VALUES = [  # (name, function, point, order): both GRAD_SPECIAL_VALUE tables
    ("arcsinh", np.arcsinh, (0.0, 1000.0), 2), ("arccosh", np.arccosh, (1000.0,), 2),
    ("arctanh", np.arctanh, (0.0,), 2), ("sinc", np.sinc, (0.0,), 1),
    ("sinh", np.sinh, (0.0,), 2), ("cosh", np.cosh, (0.0,), 2),
    ("tanh", np.tanh, (0.0, 1000.0), 2),
    ("sin", np.sin, (0.0, np.pi, np.pi / 2, np.pi / 4), 2),
    ("cos", np.cos, (0.0, np.pi, np.pi / 2, np.pi / 4), 2), ("tan", np.tan, (0.0,), 2),
    ("asin", np.arcsin, (0.0,), 2), ("acos", np.arccos, (0.0,), 2),
    ("atan", np.arctan, (0.0, 1000.0), 2),
    ("erf", _scipy("erf"), (0.0, 10.0), 2), ("erfc", _scipy("erfc"), (0.0, 10.0), 2),
]
SPECIAL_VALUES = [s for s in SPECIAL_VALUES if s[1] is not None]

# ------------------------------------------------------------------ inputs


def draw(rng, domain, shape):
    """An input of ``shape`` ("py": a float, "np": a NumPy scalar) inside ``domain``."""
    dims = () if shape in ("py", "np") else shape
    if domain[0] == "away":
        x = rng.uniform(domain[1], domain[2], dims) * rng.choice([-1.0, 1.0], dims)
    else:
        x = rng.uniform(domain[0], domain[1], dims)
    if shape == "py":
        return float(x)
    if shape == "np":
        return np.float64(x)
    return np.asarray(x, dtype=float)


def shape_sets(record):
    """The argument shapes a record is swept over (broadcasting pairs for two arguments)."""
    if record.shapes == "lax":
        return [s for group in LAX_GROUPS
                for s in itertools.combinations_with_replacement(group, record.nargs)]
    base = NONEMPTY + (EMPTY if record.shapes == "ops" and record.nargs == 1 else ())
    sets = itertools.combinations_with_replacement(base, record.nargs)
    return [s for s in sets if _broadcasts(s)]


def _dims(shape):
    return () if shape in ("py", "np") else shape


def _broadcasts(shapes):
    try:
        np.broadcast_shapes(*(_dims(s) for s in shapes))
    except ValueError:
        return False
    return True


def weight_like(rng, value):
    """A fixed random weight with ``value``'s shape (a float for a scalar)."""
    if np.ndim(value) == 0:
        return float(rng.standard_normal())
    return rng.standard_normal(np.shape(value))


def _tag(shapes):
    return "x".join("py" if s == "py" else "np" if s == "np" else
                    "(" + ",".join(map(str, s)) + ")" for s in shapes)


def _seed(text):
    return sum(ord(c) * (i + 1) for i, c in enumerate(text)) % 2**31


# ------------------------------------------------------------------ user-written wrappers


def unary_wrappers(op):
    def weighted(x, w):
        return np.sum(op(x) * w)

    def plain(x):
        return op(x)

    return weighted, plain


def binary_wrappers(op):
    def weighted(x, y, w):
        return np.sum(op(x, y) * w)

    def plain(x, y):
        return op(x, y)

    return weighted, plain


def tol(record):
    """Looser for functions whose differences lose digits (large second derivatives)."""
    return (1e-4, 1e-5) if record.name in ("tan", "erf_inv", "cbrt", "pow", "div") else (
        1e-5, 1e-6)


def elementwise_cases(record):
    """Every shape set of an elementwise record, as checks."""
    weighted, plain = (unary_wrappers if record.nargs == 1 else binary_wrappers)(record.op)
    cases = []
    for shapes in shape_sets(record):
        name = f"{record.name}[{_tag(shapes)}]"
        rng = np.random.default_rng(_seed(name))
        xs = tuple(draw(rng, record.domain, s) for s in shapes)
        with np.errstate(all="ignore"):
            value = plain(*xs)
        cases.append(Case(name, weighted, plain, xs, (), weight_like(rng, value),
                          record.order, *tol(record)))
    return cases


def special_value_cases(name, op, points, order):
    weighted, plain = unary_wrappers(op)
    return [Case(f"{name}@{p}", weighted, plain, (float(p),), (), 0.7, order, 1e-5, 1e-6)
            for p in points]


def ldexp_cases():
    """lax_numpy_test's testGradLdexp and testGradFrexp: n from -4 to 4, x of shape (10,)."""
    def weighted_ldexp(x, n, w):
        return np.sum(np.ldexp(x, n) * w)

    def plain_ldexp(x, n):
        return np.ldexp(x, n)

    def weighted_frexp(x, w):
        return np.sum(np.frexp(x)[0] * w)

    def plain_frexp(x):
        return np.frexp(x)[0]

    cases = []
    for n in range(-4, 5):
        rng = np.random.default_rng(n + 10)
        x = rng.uniform(-2.0, 2.0, 10)
        w = rng.standard_normal(10)
        cases.append(Case(f"ldexp[n={n}]", weighted_ldexp, plain_ldexp, (x,), (n,), w, 1,
                          1e-5, 1e-6))
        cases.append(Case(f"frexp[n={n}]", weighted_frexp, plain_frexp, (x * 2.0 ** n,), (),
                          w, 1, 1e-5, 1e-6))
    return cases


# sinc's derivatives at 0 (lax_numpy_test's testSincAtZero): d1 = 0, d2 = -pi^2/3,
# d3 = 0, d4 = pi^4/5, a closed form where differences at 0 lose every digit.
SINC_AT_ZERO = {1: 0.0, 2: -math.pi ** 2 / 3, 3: 0.0, 4: math.pi ** 4 / 5}


__all__ = ["ELEMENTWISE", "SINC_AT_ZERO", "SPECIAL_VALUES", "draw", "elementwise_cases",
           "ldexp_cases", "special_value_cases", "weight_like"]
