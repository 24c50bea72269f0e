"""``scipy.linalg`` functions srcdiff differentiates from a definition of its own
(composites.py explains the mechanism): each is NumPy's function of the same name, or the
triangular solves it amounts to, reading the entries SciPy reads.

- ``cholesky(a, lower)`` reads the triangle ``lower`` names (NumPy's reads the lower one):
  the upper factor is the conjugate transpose of NumPy's factor of ``a^H``.
- ``cho_factor`` returns ``(c, lower)`` with the factor in that triangle of ``c`` and the
  other triangle left as ``a`` had it (SciPy's "arbitrary" entries: LAPACK leaves them);
  ``cho_solve`` reads only the factor's triangle (``solve_triangular``'s rule says so).
- ``solve(a, b, assume_a=...)``: for ``"sym"``/``"her"``/``"pos"`` SciPy reads one triangle,
  so the matrix solved with is built from it; general matrices as NumPy's ``solve``. Other
  structures (banded, diagonal, triangular) and batches raise a ValueError.
- ``inv``, ``det``: NumPy's.

``overwrite_a=`` / ``overwrite_b=`` (SciPy may then change the argument in place) are not
declared: a call passing them is refused. ``check_finite=`` is declared and does not
change the value (SciPy raises on an infinity or NaN where these give NaN).
tests/rules/test_composites.py checks each against SciPy's.
"""

import numpy as np
import scipy.linalg

from srcdiff.rules.composites import composite

_TRIANGLE_READ = ("sym", "symmetric", "her", "hermitian", "pos", "positive definite")
_GENERAL = (None, "gen", "general")


@composite(scipy.linalg.cholesky)
def cholesky(a, lower=False, check_finite=True):
    if lower:
        return np.linalg.cholesky(a)
    return np.conj(np.swapaxes(np.linalg.cholesky(np.conj(np.swapaxes(a, -1, -2))), -1, -2))


@composite(scipy.linalg.cho_factor)
def cho_factor(a, lower=False, check_finite=True):
    factor = cholesky(a, lower)
    if lower:
        return np.tril(factor) + np.triu(a, 1), lower
    return np.triu(factor) + np.tril(a, -1), lower


@composite(scipy.linalg.cho_solve)
def cho_solve(c_and_lower, b, check_finite=True):
    c, lower = c_and_lower
    # c c^H x = b (lower) or c^H c x = b: two triangular solves; a solve with the conjugate
    # transpose as the conjugate of a solve with the transpose
    if lower:
        y = scipy.linalg.solve_triangular(c, b, lower=True)
        return np.conj(scipy.linalg.solve_triangular(c, np.conj(y), trans=1, lower=True))
    y = np.conj(scipy.linalg.solve_triangular(c, np.conj(b), trans=1, lower=False))
    return scipy.linalg.solve_triangular(c, y, lower=False)


@composite(scipy.linalg.solve)
def solve(a, b, lower=False, check_finite=True, assume_a=None, transposed=False):
    if np.ndim(a) != 2:
        raise ValueError("srcdiff models scipy.linalg.solve for one matrix, not a stack: "
                         "use np.linalg.solve")
    if assume_a in _TRIANGLE_READ:
        part = np.tril(a) if lower else np.triu(a)
        rest = np.tril(a, -1) if lower else np.triu(a, 1)
        if assume_a in ("sym", "symmetric"):
            a = part + np.swapaxes(rest, -1, -2)
        else:
            a = part + np.conj(np.swapaxes(rest, -1, -2))
    elif assume_a not in _GENERAL:
        raise ValueError(f"srcdiff models scipy.linalg.solve with assume_a=None, 'gen', 'sym', "
                         f"'her' or 'pos', not {assume_a!r}")
    if transposed:
        a = np.swapaxes(a, -1, -2)
    return np.linalg.solve(a, b)


@composite(scipy.linalg.inv)
def inv(a, check_finite=True):
    return np.linalg.inv(a)


@composite(scipy.linalg.det)
def det(a, check_finite=True):
    return np.linalg.det(a)
