"""Session 48's probe of NumPy functions users call: each differentiated with sd.grad and
compared with central differences (tests/support/fd.py); prints ok, WRONG, REFUSED or
CRASH per function. Run from the repository:
``PYTHONPATH=.:tests/support python tools/probe48/probe_more.py``."""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

import srcdiff as sd
from fd import numeric_grad


def g1(x):
    m = x.reshape(2, 3)
    return np.sum(np.block([[m, m ** 2], [np.sin(m), m * 3.0]]) ** 2)
def g2(x):
    m = x.reshape(2, 3)
    return np.sum(np.einsum("...i,...i->...", m, m ** 2))
def g3(x):
    m = x.reshape(2, 3)
    return np.einsum("i...->...", m) @ np.arange(3.0)
def g4(x):
    m = x.reshape(2, 3)
    return np.sum(np.median(m, axis=1) ** 2) + np.median(m, axis=0) @ np.arange(3.0)
def g5(x):
    m = x.reshape(2, 3)
    return np.sum(np.percentile(m, [25, 60], axis=1) ** 2)
def g6(x):
    m = x.reshape(2, 3)
    return np.sum(np.cumprod(m, axis=1) * np.arange(6.0).reshape(2, 3))
def g7(x):
    m = np.outer(x[:3], x[3:])
    return np.trace(m, offset=1) + 2.0 * np.trace(m, offset=-1)
def g8(x):
    m = np.outer(x[:3], x[3:])
    return np.sum(np.triu(m, k=1) ** 2) + np.sum(np.tril(m, k=-1) * 3.0)
def g9(x):
    i = np.searchsorted(np.array([0.5, 1.0]), x)
    return np.sum(x ** 2 * i)
def g10(x):
    return np.sum(x[np.where(x > 0.5)] ** 2)
def g11(x):
    return np.sum(sliding_window_view(x, 3) ** 2 * np.arange(3.0))
def g12(x):
    a, b = np.meshgrid(x[:2], x[2:], indexing="ij")
    return np.sum(a * b ** 2)
def g13(x):
    return np.sum(np.clip(x, x[::-1] * 0.5, 1.2) ** 2)
def g14(x):
    return np.sum(np.maximum.accumulate(x) * np.arange(6.0))
def g15(x):
    m = x.reshape(2, 3)
    return np.linalg.norm(m, axis=1) @ np.array([1.0, 2.0])
def g16(x):
    m = np.outer(x[:3], x[3:]) + np.eye(3) * 2.0
    return np.sum(np.linalg.matrix_power(m, 3))
def g17(x):
    m = np.outer(x[:3], x[3:]) + np.eye(3) * 2.0
    sign, logdet = np.linalg.slogdet(m)
    return sign * logdet + np.sum(np.linalg.solve(m, x[:3]))
def g18(x):
    m = x.reshape(3, 2)
    return np.sum(np.linalg.pinv(m) ** 2)
def g19(x):
    m = np.outer(x[:3], x[3:]) + np.eye(3) * 2.0
    return np.sum(np.linalg.eigvalsh(m + m.T)) + np.sum(np.linalg.svd(m, compute_uv=False))
def g20(x):
    m = x.reshape(2, 3)
    return np.sum(np.linalg.norm(m, ord="fro")) + np.linalg.norm(m, ord=np.inf)
def g21(x):
    return np.sum(np.quantile(x, 0.3, method="nearest") * x)
def g22(x):
    return np.sum(np.sort(x)[::-1] * np.arange(6.0))
def g23(x):
    m = x.reshape(2, 3)
    s = np.take_along_axis(m, np.argsort(m, axis=1), axis=1)
    return np.sum(s * np.arange(6.0).reshape(m.shape))
def g24(x):
    return np.sum(np.stack([x, x ** 2], axis=-1) ** 2) + np.sum(np.hstack([x, x[:2]]) ** 3)
def g25(x):
    return np.sum(np.pad(x, (2, 1), mode="reflect") * np.arange(9.0))
def g26(x):
    return np.sum(np.pad(x, 2, mode="edge") * np.arange(10.0))
def g27(x):
    return np.sum(np.repeat(x, [1, 2, 0, 1, 3, 1]) ** 2)
def g28(x):
    return np.sum(np.split(x, [2, 4])[1] ** 2) + np.sum(np.array_split(x, 4)[3])
def g29(x):
    return np.sum(np.polyfit(np.arange(6.0), x, 2) ** 2)
def g30(x):
    return np.sum(np.polyder(x) ** 2) + np.sum(np.polyint(x) ** 2)
def g31(x):
    return np.sum(np.polymul(x[:3], x[3:]) ** 2) + np.sum(np.polyadd(x[:2], x[2:5]))
def g32(x):
    return np.sum(np.histogram(x, bins=3, weights=x ** 2)[0])
def g33(x):
    return np.sum(np.cumsum(x[::-1])[::-1] ** 2)
def g34(x):
    return np.sum(np.var(x.reshape(2, 3), axis=0, ddof=1)) + np.std(x)
def g35(x):
    return np.sum(np.fmax(x, x[::-1]) ** 2) + np.sum(np.fmin(x, 0.6))
def g36(x):
    return np.sum(np.hypot(x, x[::-1])) + np.sum(np.arctan2(x, x[::-1] + 1.0))
def g37(x):
    return np.sum(np.logaddexp(x, x ** 2)) + np.sum(np.expm1(x) * np.log1p(x))
def g38(x):
    return np.sum(np.diag(np.diag(np.outer(x, x), k=1), k=-1) ** 2)
def g39(x):
    return np.sum(np.atleast_2d(x).T @ np.atleast_2d(x))
def g40(x):
    return np.sum(np.linalg.multi_dot([np.outer(x[:3], x[3:]), np.eye(3), x[:3, None]]))
def g41(x):
    return np.sum(np.moveaxis(x.reshape(1, 2, 3), -1, 0) * np.arange(6.0).reshape(3, 1, 2))
def g42(x):
    return np.sum(np.flipud(x.reshape(2, 3)) * np.arange(6.0).reshape(2, 3))
def g43(x):
    return np.sum(np.tensordot(x.reshape(2, 3), x.reshape(3, 2), axes=1) ** 2)
def g44(x):
    return np.sum(np.inner(x[:3], x[3:])) + np.vdot(x, x[::-1])
def g45(x):
    return np.sum(np.select([x < 0.5, x > 1.0], [x ** 2, np.sin(x)], default=x))
def g46(x):
    return np.sum(np.piecewise(x, [x < 0.5, x >= 0.5], [lambda v: v ** 2, lambda v: 3 * v]))
def g47(x):
    return np.sum(np.nanmean(np.where(x > 1.0, np.nan, x)))
def g48(x):
    return np.sum(np.ptp(x.reshape(2, 3), axis=1) ** 2)
def g49(x):
    return np.sum(np.cumulative_sum(x) ** 2) if hasattr(np, "cumulative_sum") else 0.0
def g50(x):
    return np.sum(np.matvec(np.outer(x[:3], x[3:]), x[:3])) if hasattr(np, "matvec") else 0.0
def g51(x):
    return np.sum(np.vecdot(x.reshape(2, 3), x[3:])) if hasattr(np, "vecdot") else 0.0
def g52(x):
    return np.sum(np.linalg.vector_norm(x.reshape(2, 3), axis=-1))
def g53(x):
    return np.sum(np.unique(np.round(x * 2.0)) ** 2) + np.sum(x)
def g54(x):
    return np.sum(np.roll(x.reshape(2, 3), (1, 2), axis=(0, 1)) * np.arange(6.0).reshape(2, 3))
def g55(x):
    return np.sum(np.rot90(x.reshape(2, 3), k=3) * np.arange(6.0).reshape(3, 2))
def g56(x):
    return np.sum(np.average(x.reshape(2, 3), axis=-1, weights=[1.0, 2.0, 3.0]) ** 2)

def g57(x):
    return np.sum(np.convolve(x, x[:3], mode="same") ** 2) + np.sum(np.correlate(x, x[:2], "full"))
def g58(x):
    return np.sum(np.nanpercentile(np.where(x > 1.0, np.nan, x), 40))
def g59(x):
    return np.sum(np.cross(x.reshape(2, 3), x[::-1].reshape(2, 3), axis=1) ** 2)
def g60(x):
    return np.sum(np.kron(x.reshape(2, 3), np.outer(x[:2], x[:2])))
def g61(x):
    return np.sum(np.i0(x)) + np.sum(np.sinc(x))
def g62(x):
    z = x[:3] + 1j * x[3:]
    return np.sum(np.abs(z) ** 2) + np.sum(np.angle(z)) + np.sum(np.real(z * np.conj(z)))
def g63(x):
    return np.sum(np.fft.irfft(np.fft.rfft(x) * np.arange(4.0)))
def g64(x):
    return np.sum(np.tile(x.reshape(2, 3), (2, 1)) * np.arange(12.0).reshape(4, 3))
def g65(x):
    return np.sum(np.squeeze(np.expand_dims(x, 0)) * np.swapaxes(x.reshape(2, 3), 0, 1).ravel())
def g66(x):
    return np.sum(np.take(x, [7, -1, 2], mode="wrap") ** 2) + np.sum(np.take(x, [9], mode="clip"))
def g67(x):
    return np.sum(np.diagflat(x[:3], k=1) @ np.arange(4.0))
def g68(x):
    m = np.outer(x[:3], x[3:]) + np.eye(3) * 2.0
    q, r = np.linalg.qr(m)
    return np.sum(r ** 2) + np.sum(np.abs(np.diag(r)))
def g69(x):
    m = np.outer(x[:3], x[:3]) + np.eye(3) * 2.0
    return np.sum(np.linalg.cholesky(m) * np.arange(9.0).reshape(3, 3))
def g70(x):
    return np.sum(np.float_power(x, 2.5)) + np.sum(np.amax(x.reshape(2, 3), axis=0))
def g71(x):
    return np.prod(x, where=x > 0.5) + np.sum(x, where=x < 1.0)
def g72(x):
    return np.sum(np.interp(x, [0.0, 0.5, 1.5], [1.0, 3.0, 2.0], period=2.0))
def g73(x):
    m = np.outer(x[:3], x[3:]) + np.eye(3) * 2.0
    w = np.linalg.eigvals(m)
    return np.sum(np.real(w) ** 2)
def g74(x):
    return np.sum(np.linalg.matrix_norm(x.reshape(2, 3)))
def g75(x):
    return np.sum(np.gradient(x, 0.5) ** 2) + np.sum(np.gradient(x.reshape(2, 3), axis=1))
def g76(x):
    return np.sum(np.linalg.lstsq(x.reshape(3, 2), np.arange(3.0), rcond=None)[0] ** 2)
def g77(x):
    return np.sum(np.nancumprod(np.where(x > 1.0, np.nan, x)))
def g78(x):
    return np.sum(np.cumsum(x.reshape(2, 3), axis=None) ** 2) + np.sum(np.diff(x, n=2) ** 2)
def g79(x):
    return np.sum(np.column_stack([x[:3], x[3:]]) ** 2 * np.arange(6.0).reshape(3, 2))
def g80(x):
    return np.sum(np.dstack([x[:3], x[3:]]) * np.arange(6.0).reshape(1, 3, 2))
def g81(x):
    return np.sum(np.trim_zeros(np.concatenate([[0.0], x, [0.0]])) ** 2)
def g82(x):
    return np.sum(np.ravel_multi_index((np.array([0, 1]), np.array([2, 1])), (2, 3)) * x[:2])
def g83(x):
    return np.sum(np.linalg.tensorsolve(np.eye(6).reshape(2, 3, 6) * 2.0, x.reshape(2, 3)))
def g84(x):
    return np.sum(np.linalg.inv(np.outer(x[:3], x[3:]) + 2.0 * np.eye(3))[0])
def g85(x):
    return np.sum(np.cov(x.reshape(2, 3), rowvar=True)) + np.sum(np.corrcoef(x.reshape(3, 2).T))


X = np.array([0.3, 0.8, 1.7, 0.2, 0.9, 0.65])


def main():
    for name, f in sorted(globals().items(), key=lambda kv: (len(kv[0]), kv[0])):
        if not (name.startswith("g") and name[1:].isdigit()):
            continue
        try:
            with np.errstate(all="ignore"):
                want = numeric_grad(f, (X.copy(),), 0)
            got = sd.grad(f)(X.copy())
            ok = np.allclose(got, want, rtol=1e-5, atol=1e-6)
            t = np.linspace(-0.5, 0.7, X.size)
            _, tangent = sd.jvp(f)(X.copy(), tangents=t)
            tok = np.allclose(tangent, want @ t, rtol=1e-5, atol=1e-6)
            print(name, "ok" if ok and tok else f"WRONG {got} vs {want}; jvp {tangent} vs "
                                                f"{want @ t}")
        except sd.SrcdiffError as e:
            print(name, "REFUSED", str(e).splitlines()[0][:170])
        except Exception as e:  # noqa: BLE001  (a probe: every outcome is printed)
            print(name, "CRASH", type(e).__name__, str(e)[:170])


if __name__ == "__main__":
    main()
