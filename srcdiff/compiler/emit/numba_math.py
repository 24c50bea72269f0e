"""``np.tanh`` for ``backend="numba"``, in arithmetic the compiler vectorizes.

numba compiles ``np.tanh`` of an array to one call of the C library's scalar ``tanh`` per
element (7-8 ns each here), four times NumPy's SIMD loop; on the RNN benchmark that was a
third of the compiled gradient's time. ``tanh_fast`` computes the same function with
multiplications, additions, one division and selects only, so LLVM vectorizes the loop
(2.8 ns an element here, beside the C library's 9 and NumPy's 1.7):

- ``|x| < 0.4``: ``x + x z P(z)``, ``z = x*x``, with the Taylor coefficients of tanh (from
  the Bernoulli numbers, computed exactly below); 15 terms leave a truncation error below
  ``2**-59`` relative at 0.4.
- otherwise ``1 - 2 / (exp(2|x|) + 1)`` with the sign of ``x``; ``exp(y)`` for ``y`` clamped to
  ``[0, 40]`` (tanh is 1.0 in float64 from ``|x| > 19.1``) as ``2**k exp(r)``, ``k`` the
  nearest integer to ``y / ln 2``, ``r = y - k ln 2`` with ln 2 split in two parts
  (``|r| <= 0.35``), ``exp(r)`` by its Taylor polynomial of degree 13 (error below ``2**-57``)
  and ``2**k`` as a product of exact powers of two chosen by the bits of ``k``.
- NaN gives NaN, ``+-inf`` gives ``+-1``, ``-0.0`` gives ``-0.0``.

tests/numba/test_numba_math.py checks it against ``mpmath`` (or NumPy) over a dense grid
and the special values: at most a few units in the last place from the exact value, the
order of NumPy's own difference from it. (Gradients computed with it therefore agree with
the NumPy backend's to ~1e-15 relative, not bit for bit.)
"""

import math
from fractions import Fraction

import numpy as np

from srcdiff.compiler.emit.numba_helpers import numba, overload, types


def _tanh_taylor(terms):
    """The coefficients ``c_j`` of ``tanh x = x * sum_j c_j x**(2j)`` as floats."""
    bern = [Fraction(1)]
    for m in range(1, 2 * terms + 1):
        bern.append(-sum(math.comb(m + 1, k) * bern[k] for k in range(m)) / (m + 1))
    return tuple(float(Fraction(4 ** n * (4 ** n - 1)) * bern[2 * n] / math.factorial(2 * n))
                 for n in range(1, terms + 1))


TANH = _tanh_taylor(15)  # TANH[0] == 1.0
EXP = tuple(1.0 / math.factorial(j) for j in range(14))
LN2_HI = float.fromhex("0x1.62e42fee00000p-1")  # ln 2 to 32 bits: k * LN2_HI is exact
LN2_LO = float.fromhex("0x1.a39ef35793c76p-33")  # ln 2 - LN2_HI, rounded
SMALL = 0.4


def _horner(coefficients, var):
    """``c0 + var*(c1 + var*(...))`` as source, the coefficients as exact float literals."""
    text = repr(coefficients[-1])
    for c in reversed(coefficients[:-1]):
        text = f"({repr(c)} + {var} * {text})"
    return text


def _power_of_two(var, bits):
    """``2 ** var`` for ``0 <= var < 2 ** bits`` as source: a product of selected powers."""
    return " * ".join(f"({repr(2.0 ** (2 ** b))} if ({var} >> {b}) & 1 else 1.0)"
                      for b in range(bits))


# the scalar kernel, straight-line code (loops over coefficient tuples are not unrolled
# by numba, and would keep LLVM from vectorizing the caller's loop)
_KERNEL = f"""
def tanh_scalar(x):
    a = abs(x)
    z = x * x
    small = x + x * z * {_horner(TANH[1:], "z")}
    y = 2.0 * a
    y = y if y < 40.0 else 40.0
    k = math.floor(y * {repr(1.0 / math.log(2.0))} + 0.5)
    r = (y - k * {repr(LN2_HI)}) - k * {repr(LN2_LO)}
    bits = int(k)
    e = {_horner(EXP, "r")} * {_power_of_two("bits", 6)}
    big = math.copysign(1.0 - 2.0 / (e + 1.0), x)
    result = (small if a > 0.0 else x) if a < {SMALL!r} else big
    return result if a == a else x
"""
_ns = {"math": math}
exec(compile(_KERNEL, "<srcdiff numba_math tanh>", "exec"), _ns)  # noqa: S102 - our own text
tanh_scalar = _ns["tanh_scalar"]
tanh_scalar.__doc__ = "tanh of a float (see the module docstring)."


def tanh_fast(x):
    """``np.tanh(x)`` for a float or a float array (see the module docstring)."""


if numba is not None:
    # error_model="numpy": no zero-divisor check (a branch that keeps LLVM from vectorizing;
    # the one divisor, e + 1, is at least 2)
    _scalar = numba.njit(inline="always", error_model="numpy")(tanh_scalar)

    @overload(tanh_fast, jit_options={"error_model": "numpy"})
    def _tanh_fast(x):
        if isinstance(x, types.Float):
            return lambda x: _scalar(x)
        if isinstance(x, types.Integer):  # (np.tanh(-2): NumPy's of the float)
            return lambda x: _scalar(float(x))
        if isinstance(x, types.Array) and isinstance(x.dtype, types.Float):
            def array(x):
                out = np.empty(x.shape)
                flat = np.ascontiguousarray(x).reshape(x.size)
                into = out.reshape(x.size)
                for i in range(x.size):
                    into[i] = _scalar(flat[i])
                return out
            return array
        return None
