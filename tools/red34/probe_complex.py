# ruff: noqa: E731, E501
"""red34 area 3: uniform scalar unbroadcasts left out (reverse/uniform.py) and lift_negations
(optimize/signs.py) against complex values reached indirectly, float32 and int inputs."""
import numpy as np

from run import check, report

CJ = 1j


def _rot(x):
    return x * CJ


def plain(y, r):
    return np.sum(np.log(y + r) - np.log(r))


def via_complex_add(y, r):
    z = y + 0j
    return np.sum(np.abs(z + r) - r).real


def via_exp(y, r):
    z = np.exp(1j * y)
    return np.sum(np.real(z * r) + y * r)


def via_helper_constant(y, r):
    z = _rot(y)
    return np.sum(np.real(z) * r + np.log(y + r))


def via_astype(y, r):
    z = y.astype(complex)
    return np.sum(np.abs(z) * r - r) + np.sum(np.log(y + r))


def via_fft(y, r):
    f = np.fft.fft(y)
    return np.sum(np.abs(f)) * r + np.sum(np.log(y + r) - np.log(r))


def complex_scalar(y, r):
    c = r + 1j
    return np.sum(np.abs(y * c)) + np.sum(np.log(y + r) - np.log(r))


def negations(y, s):
    t = y * s
    u = -t * y
    return np.sum(u) + np.sum(-(t * 2.0) * y)


def negations_complex(y, s):
    t = y * (s + 0j)
    u = -t * y
    return np.sum(np.abs(u))


def int_sum(k, r):
    return np.sum(k * r + r)


def main():
    A = "complex"
    R = np.random.default_rng(3)
    y = np.abs(R.normal(size=5)) + 0.5
    for fn in (plain, via_complex_add, via_exp, via_helper_constant, via_astype, via_fft,
               complex_scalar):
        check(A, fn, (y, 1.3), wrt=(0, 1))
        check(A, fn, (y.astype(np.float32), 1.3), wrt=1, tol=1e-3,
              fd_args=(y.astype(np.float32).astype(float), 1.3))
        check(A, fn, (y, np.float32(1.3)), wrt=1, tol=1e-3, fd_args=(y, float(np.float32(1.3))))
        check(A, fn, (y + 0j, 1.3), wrt=1)
    check(A, negations, (y, 1.7), wrt=(0, 1))
    check(A, negations, (y, -0.0), wrt=(0, 1))
    check(A, negations, (y.astype(np.float32), 1.7), wrt=1, tol=1e-3,
          fd_args=(y.astype(np.float32).astype(float), 1.7))
    check(A, negations_complex, (y, 1.7), wrt=(0, 1))
    check(A, int_sum, (np.arange(5), 1.3), wrt=1)
    check(A, int_sum, (np.arange(5, dtype=np.int8) * 60, 1.3), wrt=1)
    check(A, int_sum, (np.array([2 ** 62, 2 ** 62]), 1.3), wrt=1, tol=1e-3)
    check(A, plain, (y[:0], 1.3), wrt=(0, 1))


if __name__ == "__main__":
    main()
    report()
