# ruff: noqa: E501, E402, BLE001, W293, E741, F401
"""red30: FFT keywords and SciPy modules signal/science code reaches for."""
import numpy as np
import scipy.integrate as si
import scipy.ndimage as ndi
import scipy.signal as ss
import scipy.spatial.distance as ssd
import scipy.stats as st
from harness import Case


def fft_norms(x):
    a = np.fft.rfft(x, norm='ortho')
    b = np.fft.fft(x, norm='forward')
    c = np.fft.irfft(a, n=7, norm='ortho')
    d = np.fft.ifft(b, norm='backward').real
    return np.sum(np.abs(a) ** 2 * np.arange(a.size)) + np.sum(np.abs(b[1:4])) + np.sum(c ** 2) + np.sum(d * x)


def fft_pad_2d(x, U):
    a = np.fft.rfft(x, n=12)
    F = np.fft.fft2(U)
    G = np.fft.rfftn(U, axes=(1,))
    s = np.fft.ifftshift(np.abs(np.fft.fftshift(F)))
    return np.sum(np.abs(a) ** 2) + np.sum(s * np.arange(s.size).reshape(s.shape)) + np.sum(np.abs(G))


def fft_odd_irfft(x):
    X = np.fft.rfft(x)
    y = np.fft.irfft(X * np.exp(-0.1 * np.arange(X.size)), n=x.size)
    z = np.fft.irfft(X, 9)
    return np.sum(y ** 3) + np.sum(z * np.arange(9))


def sig_lfilter(x, b):
    y = ss.lfilter(b, [1.0, -0.5], x)
    return np.sum(y ** 2)


def sig_conv(x, h, U, K):
    a = ss.convolve(x, h, mode='same')
    b = ss.fftconvolve(x, h, mode='full')
    c = ss.convolve2d(U, K, mode='same', boundary='wrap')
    d = ss.correlate(x, h, mode='valid')
    return np.sum(a ** 2) + np.sum(b * np.arange(b.size)) + np.sum(c ** 2) + np.sum(d)


def ndimage_filters(U):
    a = ndi.gaussian_filter(U, sigma=1.0)
    b = ndi.uniform_filter(U, size=3, mode='nearest')
    c = ndi.convolve(U, np.array([[0, 1, 0], [1, -4, 1], [0, 1, 0]], float), mode='reflect')
    d = ndi.shift(U, (0.5, 0), order=1)
    return np.sum(a ** 2) + np.sum(b * U) + np.sum(c ** 2) + np.sum(d)


def integrate_mod(y, t):
    a = si.trapezoid(y, dx=0.1)
    b = si.simpson(y, dx=0.1)
    c = si.cumulative_trapezoid(y, dx=0.1, initial=0.0)
    return a + b ** 2 + np.sum(c ** 2)


def dist_mod(X, Y):
    D = ssd.cdist(X, Y)
    E = ssd.cdist(X, Y, metric='sqeuclidean')
    p = ssd.pdist(X)
    S = ssd.squareform(p)
    return np.sum(D) + np.sum(E * 0.3) + np.sum(p ** 2) + np.sum(S[0])


def stats_mod(x, mu, s):
    return (np.sum(st.norm.logpdf(x, loc=mu, scale=s)) + np.sum(st.norm.cdf(x, mu, s)) + np.sum(st.t.logpdf(x, df=4.0))
            + np.sum(st.multivariate_normal.logpdf(np.stack([x, x ** 2], axis=1), mean=np.zeros(2))))


CASES = [
    Case(fft_norms, lambda r: (r.standard_normal(8),)),
    Case(fft_pad_2d, lambda r: (r.standard_normal(9), r.standard_normal((3, 4)))),
    Case(fft_odd_irfft, lambda r: (r.standard_normal(9),)),
    Case(sig_lfilter, lambda r: (r.standard_normal(6), r.standard_normal(2))),
    Case(sig_conv, lambda r: (r.standard_normal(6), r.standard_normal(3), r.standard_normal((4, 4)), r.standard_normal((3, 3)))),
    Case(ndimage_filters, lambda r: (r.standard_normal((4, 5)),)),
    Case(integrate_mod, lambda r: (r.standard_normal(7), np.linspace(0, 1, 7)), wrt=0),
    Case(dist_mod, lambda r: (r.standard_normal((3, 2)), r.standard_normal((4, 2)))),
    Case(stats_mod, lambda r: (r.standard_normal(4), float(r.uniform(-.5, .5)), float(r.uniform(.5, 1.5)))),
]
