# ruff: noqa: F841, E501
"""red34 area 1 (second part): operations that raise for reasons other than broadcasting."""
import math

import numpy as np

from run import check, report


def log_out(x):
    return math.log(x)


def sqrt_out(x):
    return math.sqrt(x) * 0.0 + x


def div_needed(x, y):
    return x / y * 0.0 + x


def pow_needed(x, y):
    return np.sum(x ** y)


def int_pow_dead(a, k, j):
    t = k ** j
    return np.sum(a * 2.0)


def int_pow_needed(a, k, j):
    t = k ** j
    return np.sum(a * t)


def mixed_div_dead(a, y):
    t = a / y
    return np.sum(a * 2.0)


def npfloat_div_dead(x, y):
    t = x / y
    return x * 2.0


def chain_scalar(x, y, z):
    t = x / y
    u = t + z
    return x * 3.0


def xor_int(a, k, j):
    t = k ^ j
    return np.sum(a * 2.0)


def main():
    A = "dead2"
    check(A, log_out, (-1.0,))
    check(A, log_out, (0.0,))
    check(A, sqrt_out, (-1.0,))
    check(A, div_needed, (1.0, 0.0))
    check(A, pow_needed, (1e200, 2.0))
    check(A, int_pow_dead, (np.ones(3), np.arange(3), np.array([-1, 1, 2])))
    check(A, int_pow_dead, (np.ones(3), 2, -1))
    check(A, int_pow_needed, (np.ones(3), np.arange(1, 4), np.array([-1, 1, 2])))
    check(A, mixed_div_dead, (np.ones(3), 0.0))
    check(A, npfloat_div_dead, (np.float64(1.0), 0.0))
    check(A, npfloat_div_dead, (1.0, np.float64(0.0)))
    check(A, chain_scalar, (1.0, 0.0, 2.0))
    check(A, xor_int, (np.ones(3), np.arange(3), np.arange(3)))
    check(A, xor_int, (np.ones(3), 2, 3))


if __name__ == "__main__":
    main()
    report()
