"""sd.check_grads: compare srcdiff's derivatives with finite differences.

    sd.check_grads(f, x, y)                              # reverse mode, first order
    sd.check_grads(f, x, y, modes=("rev", "fwd"), order=2)

For each differentiable argument (floats, float arrays, and lists/tuples/dicts
of them), a random direction ``v`` and a random output cotangent ``c``, the
derivative srcdiff generates must satisfy the dot-product identity

    <gradient of <c, f>, v>          ==  <c, forward tangent along v>
                                     ==  (<c, f(x + eps v)> - <c, f(x - eps v)>) / (2 eps)

where the right side is computed here by central differences in float64:
srcdiff is never compared with itself. ``order=2`` then checks the gradient
function (``sd.grad(f)``, itself a differentiable function) the same way, so
second derivatives are checked against differences of checked first ones.
A mismatch raises ``AssertionError`` saying which argument, which mode and both
numbers; success returns None.
"""

import inspect
from typing import Any, Optional, Sequence

import numpy as np

from srcdiff.api.higher import grad, jvp
from srcdiff.compiler.emit.execute import copy_arguments
from srcdiff.types import Function, Wrt


def check_grads(f: Function, *args: Any, wrt: Optional[Wrt] = None,
                modes: Sequence[str] = ("rev",), order: int = 1, eps: float = 1e-6,
                rtol: float = 1e-5, atol: float = 1e-6) -> None:
    """Check ``f``'s derivatives at ``args`` against finite differences (see the module doc).

    ``wrt``: the arguments to check (positions or names; default every float
    argument). ``modes``: ``"rev"`` (``sd.grad`` with ``grad_ys=c``) and/or ``"fwd"``
    (``sd.jvp``, when srcdiff has forward mode). ``order``: 1, or 2 to check
    the derivatives of the gradient too.
    """
    modes = _modes(modes)
    if not isinstance(order, int) or order < 1:
        raise ValueError(f"order must be a positive int, got {order!r}")
    args = tuple(_as_float64(a) for a in args)
    positions = _positions(f, args, wrt)
    if not positions:
        raise ValueError("check_grads: no float argument to check (pass wrt= to choose)")
    rng = np.random.default_rng(0)
    for mode in modes:
        for i in positions:
            _check_one(f, args, positions, i, mode, rng, eps, rtol, atol)
    if order > 1:
        gradient = grad(f, wrt=tuple(positions))
        check_grads(gradient, *args, wrt=positions, modes=modes, order=order - 1, eps=eps,
                    rtol=rtol, atol=atol)


# ------------------------------------------------------------------ one check


def _check_one(f, args, positions, i, mode, rng, eps, rtol, atol):
    # f runs on copies: a function that changes an argument in place must not move the
    # point the next evaluation (or the derivative) is taken at
    value = f(*copy_arguments(args))
    cot = _random_like(value, rng)
    v = _random_like(args[i], rng)

    def phi(t):
        moved = copy_arguments(args)
        moved[i] = _axpy(args[i], t, v)
        return _inner(cot, f(*moved))

    numeric = (phi(eps) - phi(-eps)) / (2.0 * eps)
    k = positions.index(i)
    if mode == "rev":
        grads = grad(f, wrt=tuple(positions))(*args, grad_ys=cot)
        _check_structure(grads[k], args[i], f, i, "reverse-mode gradient")
        analytic = _inner(grads[k], v)
        what = "<gradient of <c, f>, v>"
    else:
        tangents = tuple(v if j == i else _zeros_like(args[j]) for j in positions)
        _, tangent = jvp(f, wrt=tuple(positions))(*args, tangents=tangents)
        analytic = _inner(cot, tangent)
        what = "<c, forward tangent along v>"
    if not abs(analytic - numeric) <= atol + rtol * max(abs(analytic), abs(numeric)):
        raise AssertionError(
            f"check_grads({_label(f)}): the {'reverse' if mode == 'rev' else 'forward'}-mode "
            f"derivative for argument {_arg_label(f, i)} does not match finite differences: "
            f"{what} = {analytic!r}, central differences give {numeric!r} "
            f"(eps={eps}, rtol={rtol}, atol={atol})")


# ------------------------------------------------------------------ helpers


def _modes(modes):
    if isinstance(modes, str):
        modes = (modes,)
    out = []
    for m in modes:
        m = {"reverse": "rev", "forward": "fwd"}.get(m, m)
        if m not in ("rev", "fwd"):
            raise ValueError(f"modes entries must be 'rev' or 'fwd', got {m!r}")
        out.append(m)
    return out


def _params(f):
    params = getattr(f, "params", None)
    if params is not None:
        return list(params)
    try:
        sig = inspect.signature(f)
    except (TypeError, ValueError):
        return []
    return [p.name for p in sig.parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def _positions(f, args, wrt):
    if wrt is None:
        return [i for i, a in enumerate(args) if _is_float(a)]
    items = [wrt] if isinstance(wrt, (int, str)) else list(wrt)
    params = _params(f)
    out = []
    for w in items:
        if isinstance(w, str):
            if w not in params:
                raise ValueError(f"wrt={w!r} is not a parameter of {_label(f)} ({params})")
            w = params.index(w)
        if not -len(args) <= w < len(args):
            raise ValueError(f"wrt={w} is out of range for {len(args)} arguments")
        w %= len(args)
        if not _is_float(args[w]):
            raise ValueError(f"argument {w} of {_label(f)} is not a float (or a container of "
                             "floats), so it has no derivative to check")
        out.append(w)
    return out


def _is_float(x):
    if isinstance(x, dict):
        return bool(x) and all(_is_float(v) for v in x.values())
    if isinstance(x, (list, tuple)):
        return bool(x) and all(_is_float(v) for v in x)
    if isinstance(x, (bool, np.bool_)):
        return False
    if isinstance(x, (float, np.floating)):
        return True
    return isinstance(x, np.ndarray) and np.issubdtype(x.dtype, np.floating)


def _as_float64(x):
    if isinstance(x, np.ndarray) and np.issubdtype(x.dtype, np.floating):
        return x.astype(np.float64)
    if isinstance(x, np.floating):
        return float(x)
    if isinstance(x, dict):
        return {k: _as_float64(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return _like(x, [_as_float64(v) for v in x])
    return x


def _random_like(x, rng):
    if isinstance(x, dict):
        return {k: _random_like(v, rng) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return _like(x, [_random_like(v, rng) for v in x])
    if x is None or isinstance(x, (bool, int, np.integer, np.bool_)) or (
            isinstance(x, np.ndarray) and not np.issubdtype(x.dtype, np.inexact)):
        return None  # integers and None carry no derivative
    r = rng.standard_normal(np.shape(x))
    return r if isinstance(x, np.ndarray) else float(r)


def _like(x, items):
    """``items`` as a list or a plain tuple, like the sequence ``x`` (named tuples too)."""
    return items if isinstance(x, list) else tuple(items)


def _zeros_like(x):
    if isinstance(x, dict):
        return {k: _zeros_like(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return _like(x, [_zeros_like(v) for v in x])
    return np.zeros(np.shape(x)) if isinstance(x, np.ndarray) else 0.0


def _axpy(x, t, v):
    if v is None:
        return x
    if isinstance(x, dict):
        return {k: _axpy(x[k], t, v[k]) for k in x}
    if isinstance(x, (list, tuple)):
        return _like(x, [_axpy(a, t, b) for a, b in zip(x, v)])
    return x + t * v


def _inner(a, b):
    """``sum(a * b)`` over matching structures (real part); ``None`` counts as zero."""
    if a is None or b is None:
        return 0.0
    if isinstance(a, dict):
        return sum(_inner(a[k], b.get(k) if isinstance(b, dict) else None) for k in a)
    if isinstance(a, (list, tuple)):
        if not isinstance(b, (list, tuple)):
            return _inner(np.asarray(a, dtype=float), b)
        return sum(_inner(x, y) for x, y in zip(a, b))
    if isinstance(b, (list, tuple, dict)):
        return _inner(b, a)
    return float(np.real(np.sum(np.asarray(a) * np.asarray(b))))


def _check_structure(g, x, f, i, what):
    if g is None:
        return  # no path to the output: a zero gradient
    if isinstance(x, dict):
        for k in x:
            _check_structure(g.get(k) if isinstance(g, dict) else None, x[k], f, i, what)
        return
    if isinstance(x, (list, tuple)):
        for a, b in zip(g, x):
            _check_structure(a, b, f, i, what)
        return
    if np.shape(g) != np.shape(x):
        raise AssertionError(f"check_grads({_label(f)}): the {what} for argument "
                             f"{_arg_label(f, i)} has shape {np.shape(g)}, but the argument has "
                             f"shape {np.shape(x)}")


def _label(f):
    return getattr(f, "__qualname__", None) or getattr(f, "__name__", None) or repr(f)


def _arg_label(f, i):
    params = _params(f)
    return f"{params[i]!r} (position {i})" if i < len(params) else f"at position {i}"
