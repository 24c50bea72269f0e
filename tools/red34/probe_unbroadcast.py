# ruff: noqa: E501
"""red34 area 3: runtime.unbroadcast's product with ones (64 rows or more) against np.sum over
the leading axis: inf, nan, negative zero, empty axes, Fortran order, overflow."""
import numpy as np

from srcdiff.runtime import unbroadcast


def compare(g, x):
    got, want = unbroadcast(g, x), g.sum(axis=0)
    if got.shape != want.shape:
        return "shape differs"
    if np.array_equal(got, want, equal_nan=True):
        return "equal" if np.array_equal(np.signbit(got), np.signbit(want)) else "zero's sign"
    finite = np.isfinite(want)
    if not np.array_equal(np.isfinite(got), finite) or not np.array_equal(
            got[~finite], want[~finite], equal_nan=True):
        return "inf/nan differ"
    return "rounding" if np.allclose(got, want, rtol=1e-12, atol=1e-300, equal_nan=True) \
        else "differs"



def main():
    R = np.random.default_rng(34)
    out = {}
    for rows in (63, 64, 65, 200, 0):
        for cols in (0, 1, 3, 8):
            for fill in ("normal", "inf", "nan", "mixinf", "negzero", "huge", "fortran"):
                g = R.normal(size=(rows, cols))
                if fill == "inf" and g.size:
                    g[R.integers(rows), R.integers(cols)] = np.inf
                if fill == "nan" and g.size:
                    g[R.integers(rows), R.integers(cols)] = np.nan
                if fill == "mixinf" and g.size:
                    g[0, 0], g[-1, 0] = np.inf, -np.inf
                if fill == "negzero":
                    g = np.full((rows, cols), -0.0)
                if fill == "huge":
                    g = np.full((rows, cols), 1e307) * np.where(np.arange(rows) % 2, 1, -1)[:, None]
                if fill == "fortran":
                    g = np.asfortranarray(g)
                key = compare(g, np.zeros(cols))
                out[key] = out.get(key, 0) + 1
                if key not in ("equal", "rounding") and "-v" in __import__("sys").argv:
                    print(rows, cols, fill, key)
    print(out)


if __name__ == "__main__":
    main()
