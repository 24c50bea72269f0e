"""Random NumPy calls in their less common forms (helper for test_random_call_forms.py;
independent of the other generators).

One or two calls per program, each on a 1-, 2- or 3-D array: reductions and scans with
``axis`` as None, an int, a negative int or an unsorted tuple, ``keepdims`` as True, 1 or
False, passed by keyword or by position; the function form ``np.sum(x, 1)`` and the method
form ``x.sum(1)``; ``ddof=``, ``initial=``, ``ord=``; flips, rolls, diffs, repeats, tiles,
takes, sorts and norms along axes. The result is weighted by a fixed array of its own shape
(so every entry's gradient differs) and summed.
"""

import random

SHAPES = [(5,), (3, 4), (2, 3, 4)]


def _axes(r, ndim, tuples=True):
    """An ``axis`` argument for an array of ``ndim`` dimensions, as source text."""
    k = r.random()
    if k < 0.15:
        return "None"
    if k < 0.6 or ndim == 1 or not tuples:
        a = r.randrange(ndim)
        return str(a - ndim if r.random() < 0.5 else a)
    n = r.randint(2, ndim)
    picked = r.sample(range(ndim), n)
    return "(" + ", ".join(str(a - ndim if r.random() < 0.5 else a) for a in picked) + ",)"


def _keepdims(r):
    return r.choice(["True", "False", "1"])


def _reduction(r, x, ndim):
    name = r.choice(["sum", "mean", "max", "min", "prod", "std", "var", "ptp", "median",
                     "nansum", "nanmean", "amax", "average", "nanmax", "logsumexp"])
    axis = _axes(r, ndim, tuples=name not in ("average",))
    keep = _keepdims(r)
    form = r.random()
    if name == "logsumexp":
        return f"scipy.special.logsumexp({x}, axis={axis}, keepdims={keep})"
    if name in ("std", "var"):
        ddof = r.choice(["0", "1"])
        if form < 0.3:
            return f"{x}.{name}({axis}, None, None, {ddof}, {keep})"
        if form < 0.6:
            return f"np.{name}({x}, {axis}, None, None, {ddof}, {keep})"
        return f"np.{name}({x}, ddof={ddof}, axis={axis}, keepdims={keep})"
    if name in ("max", "min", "amax") and r.random() < 0.3:
        init = "-5.0" if name != "min" else "5.0"
        return f"np.{name}({x}, axis={axis}, keepdims={keep}, initial={init})"
    if name == "average":
        return f"np.average({x}, axis={axis})"
    if name in ("median", "nansum", "nanmean", "nanmax", "ptp", "amax"):
        return f"np.{name}({x}, axis={axis}, keepdims={keep})"
    if form < 0.25:
        pos = {"sum": 3, "mean": 3, "prod": 3, "max": 2, "min": 2}[name]
        return f"{x}.{name}({axis}{', None' * (pos - 1)}, {keep})"
    if form < 0.5:
        return f"{x}.{name}(axis={axis}, keepdims={keep})"
    if form < 0.75:
        pos = {"sum": 3, "mean": 3, "prod": 3, "max": 2, "min": 2}[name]
        return f"np.{name}({x}, {axis}{', None' * (pos - 1)}, {keep})"
    return f"np.{name}({x}, keepdims={keep}, axis={axis})"


def _along(r, x, ndim, shape):
    """A shape-changing or reordering call along one axis (or several)."""
    a = r.randrange(ndim)
    ax = str(a - ndim if r.random() < 0.5 else a)
    k = r.random()
    if k < 0.1:
        return r.choice([f"np.cumsum({x}, {ax})", f"{x}.cumsum(axis={ax})",
                         f"np.cumsum({x})"])
    if k < 0.2:
        return r.choice([f"np.cumprod({x}, axis={ax})", f"{x}.cumprod({ax})"])
    if k < 0.3:
        return r.choice([f"np.flip({x}, {_axes(r, ndim)})", f"np.flip({x})"])
    if k < 0.4:
        return r.choice([f"np.roll({x}, {r.randint(-3, 3)}, axis={ax})",
                         f"np.roll({x}, {r.randint(-7, 7)})"])
    if k < 0.5 and shape[a] > 2:
        return r.choice([f"np.diff({x}, axis={ax})", f"np.diff({x}, 2, {ax})",
                         f"np.diff({x}, n=1, axis={ax}, prepend=0.5)"])
    if k < 0.6:
        counts = [r.randint(0, 2) for _ in range(shape[a])]
        return r.choice([f"np.repeat({x}, 2, axis={ax})", f"{x}.repeat(2, {ax})",
                         f"np.repeat({x}, {counts}, axis={ax})"])
    if k < 0.7:
        reps = tuple(r.randint(1, 2) for _ in range(r.randint(1, ndim + 1)))
        return f"np.tile({x}, {reps})"
    if k < 0.8:
        idx = [r.randrange(-shape[a], shape[a]) for _ in range(r.randint(1, 4))]
        return r.choice([f"np.take({x}, {idx}, axis={ax})", f"{x}.take({idx}, {ax})",
                         f"np.take({x}, {idx})"])
    if k < 0.9:
        return r.choice([f"np.sort({x}, axis={ax})", f"np.sort({x}, axis=None)",
                         f"np.take_along_axis({x}, np.argsort({x}, axis={ax}), axis={ax})"])
    if ndim >= 2 and r.random() < 0.5:
        b = (a + r.randint(1, ndim - 1)) % ndim
        ords = r.choice(["None", "'fro'", "1", "-1", "np.inf", "2", "'nuc'"])
        return f"np.linalg.norm({x}, {ords}, ({a}, {b - ndim}), {_keepdims(r)})"
    ords = r.choice(["None", "1", "3", "np.inf", "-np.inf", "0.5"])
    return f"np.linalg.norm({x}, ord={ords}, axis={ax}, keepdims={_keepdims(r)})"


def program(seed):
    """``(source, shape)``: a function ``f(x)`` of a float array of that shape."""
    r = random.Random(seed)
    shape = r.choice(SHAPES)
    ndim = len(shape)
    x = r.choice(["x", "np.sin(x)", "x * x[..., :1]"])
    if r.random() < 0.5:
        inner = _along(r, x, ndim, shape)
        outer = _reduction(r, "y", ndim) if r.random() < 0.5 else "y"
    else:
        inner = _reduction(r, x, ndim)
        outer = "y"
    body = (f"def f(x):\n    y = {inner}\n    y = {outer}\n"
            f"    w = np.cos(np.arange(np.size(y)) * 1.3).reshape(np.shape(y))\n"
            f"    return np.sum(y * w)\n")
    return "import numpy as np\nimport scipy.special\n\n\n" + body, shape
