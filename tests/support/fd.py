"""The independent oracle: central finite differences in float64.

Nothing here imports srcdiff: gradients are checked against these numbers,
never against srcdiff itself.
"""

import numpy as np


def total(value, dtype=float):
    """The sum of every element of every output (SPEC §1: outputs are summed), as
    ``dtype`` (float, or np.longdouble to keep an extended-precision sum)."""
    if isinstance(value, (tuple, list)):
        return sum(total(v, dtype) for v in value)
    if isinstance(value, dict):
        return sum(total(v, dtype) for v in value.values())
    return dtype(np.sum(value))


def _leaves(x, path=()):
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(x, (list, tuple)):
        for k, v in enumerate(x):
            yield from _leaves(v, path + (k,))
    else:
        yield path, x


def _replace(x, path, new):
    if not path:
        return new
    k = path[0]
    if isinstance(x, dict):
        out = dict(x)
        out[k] = _replace(x[k], path[1:], new)
        return out
    out = list(x)
    out[k] = _replace(x[k], path[1:], new)
    return _like(x, out)


def _like(x, entries):
    """``entries`` as a list, tuple or named tuple, as ``x`` is."""
    if hasattr(type(x), "_fields"):
        return type(x)(*entries)
    return tuple(entries) if isinstance(x, tuple) else list(entries)


def numeric_grad(f, args, k, eps=1e-6, kwargs=None, dtype=float):
    """d sum(f(*args)) / d args[k], by central differences; same structure as args[k].
    ``dtype=np.longdouble`` perturbs and sums in extended precision (``args`` in it too)."""
    kwargs = kwargs or {}
    x = args[k]

    def at(xk):
        a = list(args)
        a[k] = xk
        return total(f(*a, **kwargs), dtype)

    def leaf_grad(path, leaf):
        arr = np.array(leaf, dtype=dtype)
        g = np.zeros_like(arr)
        # a 0-d array stays a 0-d array: `r = x; r *= 2.0` changes x in place, a float not
        keep_array = arr.ndim or isinstance(leaf, np.ndarray)
        for idx in np.ndindex(*arr.shape):
            plus, minus = arr.copy(), arr.copy()
            plus[idx] += eps
            minus[idx] -= eps
            lp = plus if keep_array else dtype(plus)
            lm = minus if keep_array else dtype(minus)
            g[idx] = (at(_replace(x, path, lp)) - at(_replace(x, path, lm))) / (2 * eps)
        return g if arr.ndim else dtype(g)

    grads = {path: leaf_grad(path, leaf) for path, leaf in _leaves(x)}
    out = x
    for path, g in grads.items():
        out = _replace(out, path, g)
    return out


def smooth_numeric_grad(f, args, k, steps=(1e-6, 1e-5), rtol=1e-4, atol=1e-5, kwargs=None):
    """``numeric_grad`` at two step sizes, or ``None`` when they disagree.

    Central differences are an oracle only where ``f`` is smooth within the step: a point
    within a step of a branch boundary (``if x > y + 0.05`` with ``x == y + 0.05``, which
    hypothesis likes to draw) gives a jump divided by the step. The two steps then disagree,
    and the caller discards the point (``hypothesis.assume``) rather than compare with it.
    """
    first, second = (numeric_grad(f, args, k, eps=h, kwargs=kwargs) for h in steps)
    for (_, a), (_, b) in zip(_leaves(first), _leaves(second)):
        if not np.allclose(a, b, rtol=rtol, atol=atol):
            return None
    return first


def assert_close(actual, expected, rtol=1e-5, atol=1e-6, what="gradient"):
    if actual is None and _all_zero(expected):
        return
    if isinstance(expected, dict):
        assert isinstance(actual, dict) and set(actual) == set(expected), (actual, expected)
        for key in expected:
            assert_close(actual[key], expected[key], rtol, atol, f"{what}[{key!r}]")
        return
    if isinstance(expected, (list, tuple)):
        assert isinstance(actual, (list, tuple)) and len(actual) == len(expected), \
            f"{what}: structure {type(actual).__name__} vs {type(expected).__name__}"
        for i, (a, e) in enumerate(zip(actual, expected)):
            assert_close(a, e, rtol, atol, f"{what}[{i}]")
        return
    if actual is None:  # "no path to any output" (SPEC §1): only right where the gradient is 0
        # (or where the other backend also says so: np.asarray(None) == 0 is False)
        assert expected is None or np.all(np.asarray(expected) == 0), \
            f"{what} is None, expected {expected}"
        return
    assert np.shape(actual) == np.shape(expected), \
        f"{what}: shape {np.shape(actual)} != {np.shape(expected)}"
    np.testing.assert_allclose(actual, expected, rtol=rtol, atol=atol, err_msg=what)


def _all_zero(x):
    return all(np.all(np.asarray(leaf) == 0) for _, leaf in _leaves(x))


def _axpy(x, t, v):
    """``x + t * v`` over matching structures (a ``None`` or int direction leaves x alone)."""
    if isinstance(x, dict):
        return {k: _axpy(x[k], t, v[k]) for k in x}
    if isinstance(x, (list, tuple)):
        return _like(x, [_axpy(a, t, b) for a, b in zip(x, v)])
    if v is None or isinstance(x, (bool, int, np.integer)) or (
            isinstance(x, np.ndarray) and not np.issubdtype(x.dtype, np.inexact)):
        return x  # integers are constants
    moved = np.asarray(x, dtype=float) + t * np.asarray(v, dtype=float)
    return moved if np.ndim(x) or isinstance(x, np.ndarray) else float(moved)


def _difference(plus, minus, eps):
    """``(plus - minus) / (2 eps)`` over an output structure."""
    if isinstance(plus, dict):
        return {k: _difference(plus[k], minus[k], eps) for k in plus}
    if isinstance(plus, (list, tuple)):
        return _like(plus, [_difference(a, b, eps) for a, b in zip(plus, minus)])
    d = (np.asarray(plus, dtype=float) - np.asarray(minus, dtype=float)) / (2 * eps)
    return d if np.ndim(plus) or isinstance(plus, np.ndarray) else float(d)


def numeric_jvp(f, args, positions, directions, eps=1e-6, kwargs=None):
    """d/dt f(args + t v) at t = 0 by central differences, with the output's structure.

    ``directions[i]`` moves ``args[positions[i]]`` (same structure as it).
    """
    kwargs = kwargs or {}

    def at(t):
        a = list(args)
        for k, v in zip(positions, directions):
            a[k] = _axpy(args[k], t, v)
        return f(*a, **kwargs)

    return _difference(at(eps), at(-eps), eps)
