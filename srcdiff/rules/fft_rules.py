"""Rules for ``numpy.fft``.

Every transform is linear, so its forward rule is the transform of the tangent
(``R.linear`` derives it) and its reverse rule the *transpose* (not the adjoint:
complex cotangents pair as ``Re(sum(g * dy))``, see numpy_rules.py). The DFT
matrix is symmetric, so:

* ``fft``/``ifft``/``fftn``/``ifftn``: the same transform of ``g`` (same
  ``norm``), then ``g`` cut or zero-padded back to the input's length where
  ``n``/``s`` changed it.
* ``rfft``/``rfftn``: ``g`` zero-padded to the full length ``n``, ``fft``, real
  part (the input is real).
* ``irfft``/``irfftn``: ``ifft`` of ``g``, first ``n // 2 + 1`` entries, the
  entries other than 0 and ``n / 2`` doubled (each stands for itself and its
  conjugate mirror), cut or padded back to the input's length.
* ``fftshift``/``ifftshift``: each other's transpose.
* ``hfft``/``ihfft``: NumPy's definitions (``irfft`` of the conjugate, the conjugate of
  ``rfft``, the normalisation swapped), differentiated through those.

A real input keeps only the real part of its gradient (``match_complex``).
"""

import numpy as np

from srcdiff.rules.composites import composite
from srcdiff.rules.registry import DEFAULT as R
from srcdiff.runtime import match_complex


def resize_axes(x, shape, axes):
    """``x`` cut or zero-padded at the end of each of ``axes`` to the sizes in ``shape``."""
    x = np.asarray(x)
    for ax, n in zip(axes, shape):
        have = x.shape[ax]
        if have > n:
            x = np.take(x, np.arange(n), axis=ax)
        elif have < n:
            pad = [(0, 0)] * x.ndim
            pad[ax] = (0, n - have)
            x = np.pad(x, pad)
    return x


def fft_axes(a, s=None, axes=None):
    """The axes an n-dimensional transform works on (NumPy's defaults), non-negative."""
    nd = np.ndim(a)
    if axes is None:
        axes = range(nd) if s is None else range(nd - len(s), nd)
    return [int(i) % nd for i in axes]


# ---------------------------------------------------------------- complex DFT


@R.linear(np.fft.fft)
def fft(g, ans, a, n=None, axis=-1, norm=None, out=None):
    if n is None:
        return match_complex(np.fft.fft(g, axis=axis, norm=norm), a)
    return match_complex(resize_axes(np.fft.fft(g, axis=axis, norm=norm), [np.shape(a)[axis]],
                                     [axis]), a)


@R.linear(np.fft.ifft)
def ifft(g, ans, a, n=None, axis=-1, norm=None, out=None):
    if n is None:
        return match_complex(np.fft.ifft(g, axis=axis, norm=norm), a)
    return match_complex(resize_axes(np.fft.ifft(g, axis=axis, norm=norm), [np.shape(a)[axis]],
                                     [axis]), a)


@R.linear(np.fft.fftn)
def fftn(g, ans, a, s=None, axes=None, norm=None, out=None):
    return fftn_grad(g, a, s, axes, norm, False)


@R.linear(np.fft.ifftn)
def ifftn(g, ans, a, s=None, axes=None, norm=None, out=None):
    return fftn_grad(g, a, s, axes, norm, True)


@R.linear(np.fft.fft2)
def fft2(g, ans, a, s=None, axes=(-2, -1), norm=None, out=None):
    return fftn_grad(g, a, s, axes, norm, False)


@R.linear(np.fft.ifft2)
def ifft2(g, ans, a, s=None, axes=(-2, -1), norm=None, out=None):
    return fftn_grad(g, a, s, axes, norm, True)


def fftn_grad(g, a, s=None, axes=None, norm=None, inverse=False):
    """The transpose of an n-dimensional DFT: the same transform, then back to ``a``'s sizes."""
    ax = fft_axes(a, s, axes)
    if inverse:
        out = np.fft.ifftn(g, axes=ax, norm=norm)
    else:
        out = np.fft.fftn(g, axes=ax, norm=norm)
    return match_complex(resize_axes(out, [np.shape(a)[i] for i in ax], ax), a)


# ---------------------------------------------------------------- real DFT


@R.linear(np.fft.rfft)
def rfft(g, ans, a, n=None, axis=-1, norm=None, out=None):
    return rfft_grad(g, a, n, axis, norm)


@R.linear(np.fft.rfftn)
def rfftn(g, ans, a, s=None, axes=None, norm=None, out=None):
    return rfftn_grad(g, a, s, axes, norm)


@R.linear(np.fft.rfft2)
def rfft2(g, ans, a, s=None, axes=(-2, -1), norm=None, out=None):
    return rfftn_grad(g, a, s, axes, norm)


def rfft_grad(g, a, n=None, axis=-1, norm=None):
    """The transpose of ``rfft`` (see :func:`rfftn_grad`)."""
    return rfftn_grad(g, a, None if n is None else [n], [axis], norm)


def rfftn_grad(g, a, s=None, axes=None, norm=None):
    """The transpose of ``rfftn``: pad ``g``'s last axis to the full length, ``fftn``, real part."""
    ax = fft_axes(a, s, axes)
    full = list(s) if s is not None else [np.shape(a)[i] for i in ax]
    sizes = [np.shape(g)[i] for i in ax[:-1]] + [full[-1]]
    out = np.fft.fftn(g, sizes, ax, norm)
    return np.real(resize_axes(out, [np.shape(a)[i] for i in ax], ax))


@R.linear(np.fft.irfft)
def irfft(g, ans, a, n=None, axis=-1, norm=None, out=None):
    return irfft_grad(g, a, n, axis, norm)


@R.linear(np.fft.irfftn)
def irfftn(g, ans, a, s=None, axes=None, norm=None, out=None):
    return irfftn_grad(g, a, s, axes, norm)


@R.linear(np.fft.irfft2)
def irfft2(g, ans, a, s=None, axes=(-2, -1), norm=None, out=None):
    return irfftn_grad(g, a, s, axes, norm)


def irfft_grad(g, a, n=None, axis=-1, norm=None):
    """The transpose of ``irfft`` (see :func:`irfftn_grad`)."""
    return irfftn_grad(g, a, None if n is None else [n], [axis], norm)


def irfftn_grad(g, a, s=None, axes=None, norm=None):
    """The transpose of ``irfftn``: on the last axis, ``ifft``, keep ``n // 2 + 1`` entries and
    double those standing for a conjugate pair; ``ifftn`` on the others; back to ``a``'s sizes."""
    ax = fft_axes(a, s, axes)
    last = ax[-1]
    n = np.shape(g)[last]
    h = np.fft.ifft(g, axis=last, norm=norm)
    h = np.take(h, np.arange(n // 2 + 1), axis=last)
    weight = np.full(n // 2 + 1, 2.0)
    weight[0] = 1.0
    if n % 2 == 0:
        weight[-1] = 1.0
    shape = [1] * np.ndim(h)
    shape[last] = n // 2 + 1
    h = h * weight.reshape(shape)
    if len(ax) > 1:
        h = np.fft.ifftn(h, axes=ax[:-1], norm=norm)
    return match_complex(resize_axes(h, [np.shape(a)[i] for i in ax], ax), a)


# ---------------------------------------------------------------- shifts


@R.linear(np.fft.fftshift)
def fftshift(g, ans, x, axes=None):
    return np.fft.ifftshift(g, axes)


@R.linear(np.fft.ifftshift)
def ifftshift(g, ans, x, axes=None):
    return np.fft.fftshift(g, axes)



# ------------------------------------------------------------ Hermitian transforms, as NumPy
# computes them (composites.py explains the mechanism): ``hfft`` is ``irfft`` of the
# conjugate, ``ihfft`` the conjugate of ``rfft``, each with the opposite normalisation


def swapped_norm(norm):
    """The normalisation NumPy's ``hfft``/``ihfft`` pass on (ValueError as NumPy's for an
    unknown one). A constant."""
    swap = {None: "forward", "backward": "forward", "ortho": "ortho", "forward": "backward"}
    if norm not in swap:
        raise ValueError(f'Invalid norm value {norm}; should be "backward", "ortho" or '
                         '"forward".')
    return swap[norm]


R.nondiff(swapped_norm)


@composite(np.fft.hfft)
def hfft(a, n=None, axis=-1, norm=None):
    a = np.asarray(a)
    if n is None:
        n = (a.shape[axis] - 1) * 2
    return np.fft.irfft(np.conjugate(a), n, axis, norm=swapped_norm(norm))


@composite(np.fft.ihfft)
def ihfft(a, n=None, axis=-1, norm=None):
    a = np.asarray(a)
    if n is None:
        n = a.shape[axis]
    return np.conjugate(np.fft.rfft(a, n, axis, norm=swapped_norm(norm)))
