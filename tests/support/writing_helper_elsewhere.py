"""A helper that writes into its argument, in a module of its own (its globals are not the
caller's: tests/soundness/test_mutating_helpers.py)."""


def writes(z):
    z[0] = z[0] * 3.0
    return z
