"""Rules for ``scipy.signal.convolve`` (and ``convolve2d``, ``fftconvolve``: the same
convolution with the boundary, axes and method they fix).

Loaded when the program imports ``scipy.signal`` (rules/__init__.py). Notation as
in numpy_rules.py.

``convolve(in1, in2, mode, method)`` is linear in each input, for arrays of any
(equal) number of dimensions. ``mode="same"`` and ``"valid"`` keep the centre of
the full convolution (SciPy's ``_centered``: the slice starting at ``(full -
kept) // 2`` on each axis), so the gradient puts ``g`` back in place inside zeros
of the full shape and correlates it with the other input: ``g_in1 =
convolve(g_full, flip(in2), "valid")`` (the full output covers ``in1`` exactly
there), and likewise for ``in2``; a real input keeps the real part. ``method``
(direct, fft, auto) changes only the rounding; the rules pass it on. Complex
inputs follow autograd's convention (no conjugation: the transpose, not the
adjoint).
"""

import numpy as np
import scipy.signal

from srcdiff.rules.registry import DEFAULT as R
from srcdiff.runtime import match_complex


@R.vjp(scipy.signal.convolve)
def convolve(g, ans, in1, in2, mode="full", method="auto"):
    return (convolve_grad(g, in1, in2, mode, method),
            convolve_grad(g, in2, in1, mode, method))


@R.jvp(scipy.signal.convolve)
def convolve_jvp(d, ans, in1, in2, mode="full", method="auto"):
    return (scipy.signal.convolve(d, in2, mode, method),
            scipy.signal.convolve(in1, d, mode, method))


# ``convolve2d(in1, in2, mode)`` is ``convolve(in1, in2, mode, "direct")`` for 2-D inputs and
# its default boundary="fill", fillvalue=0 (the only ones declared: the others are refused);
# ``fftconvolve(in1, in2, mode)`` is ``convolve(..., method="fft")`` over every axis (axes=
# is not declared)
@R.vjp(scipy.signal.convolve2d)
def convolve2d(g, ans, in1, in2, mode="full"):
    return (convolve_grad(g, in1, in2, mode, "direct"),
            convolve_grad(g, in2, in1, mode, "direct"))


@R.jvp(scipy.signal.convolve2d)
def convolve2d_jvp(d, ans, in1, in2, mode="full"):
    return scipy.signal.convolve2d(d, in2, mode), scipy.signal.convolve2d(in1, d, mode)


@R.vjp(scipy.signal.fftconvolve)
def fftconvolve(g, ans, in1, in2, mode="full"):
    return convolve_grad(g, in1, in2, mode, "fft"), convolve_grad(g, in2, in1, mode, "fft")


@R.jvp(scipy.signal.fftconvolve)
def fftconvolve_jvp(d, ans, in1, in2, mode="full"):
    return scipy.signal.fftconvolve(d, in2, mode), scipy.signal.fftconvolve(in1, d, mode)


def convolve_grad(g, x, other, mode="full", method="auto"):
    """The gradient for ``x`` of ``convolve(x, other, mode)`` (or of ``convolve(other, x)``:
    the convolution is symmetric): ``g`` placed in the full output, correlated with
    ``other``."""
    if np.ndim(x) == 0:
        return match_complex(g * other, x)
    full = g
    if mode != "full":
        pads = []
        for k in range(np.ndim(g)):
            n = np.shape(x)[k] + np.shape(other)[k] - 1
            before = (n - np.shape(g)[k]) // 2
            pads.append((before, n - np.shape(g)[k] - before))
        full = np.pad(g, pads)
    return match_complex(scipy.signal.convolve(full, np.flip(other), "valid", method), x)
