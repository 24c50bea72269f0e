# ruff: noqa: E501, E731, BLE001, F841
"""red35's probes of session 34's mechanisms (not part of the test suite).

    PYTHONPATH=. python tools/red35/probes.py

Each probe is (name, fn, args, wrt). Oracles: the function itself (it raises => the
gradient raises the same type; it does not => the gradient returns), the reference pipeline
(optimize=False) and central differences in float64. Outcomes: right, refused
(SrcdiffError), wrong (a value where the function raises, or a value that disagrees),
crash (another exception where the function returns).
"""
import functools
import sys
from typing import NamedTuple

import numpy as np

import srcdiff as sd
from srcdiff.errors import SrcdiffError
from tests.support.fd import numeric_grad

PROBES = []


def probe(*args, wrt=0):
    def mark(fn):
        PROBES.append((fn.__name__, fn, args, wrt))
        return fn
    return mark


X = np.array([0.3, -0.7, 1.1])

# -- repeat_sequence: [0.0] * n, n * [x0], [arr] * n then in-place writes


@probe(0.5, 3)
def repeat_zero_n(x, n):
    acc = [0.0] * n
    for i in range(n):
        acc[i] = acc[i] + x * i
    return sum(acc)


@probe(0.5, 0)
def repeat_zero_n0(x, n):
    acc = [x] * n
    return x * x + sum(acc)


@probe(0.5, -2)
def repeat_negative(x, n):
    acc = n * [x]
    return x * x + sum(acc)


@probe(0.5, True)
def repeat_bool(x, n):
    acc = [x] * n
    return sum(acc) * x


@probe(0.5, np.int64(3))
def repeat_np_int(x, n):
    acc = [x] * n
    return sum(acc) * x


@probe(0.5, np.array(3))
def repeat_zero_d(x, n):
    acc = [x] * n
    return sum(acc) * x


@probe(X)
def repeat_arrays_aliased(x):
    rows = [x * 1.0] * 2
    rows[0][0] = 5.0  # (one array twice: both rows change)
    return np.sum(rows[1] * x)


@probe(X)
def repeat_arrays_iadd(x):
    rows = [x * 1.0] * 3
    rows[1] += x  # (the one array, in place)
    return np.sum(rows[0] * rows[2])


@probe(X, 2.5)
def repeat_float_n(x, n):
    acc = [x] * n  # (TypeError: can't multiply sequence by non-int of type 'float')
    return np.sum(acc[0])

# -- functools.partial made inside


def _scale(a, b, c=1.0):
    return a * b + c


@probe(X)
def partial_rebound(x):
    p = functools.partial(_scale, b=2.0)
    y = p(x)
    p = functools.partial(_scale, b=3.0)
    return np.sum(y * p(x))


@probe(X)
def partial_of_partial(x):
    p = functools.partial(_scale, c=0.5)
    q = functools.partial(p, b=x)
    return np.sum(q(x))


@probe(X)
def partial_keyword_override(x):
    p = functools.partial(_scale, b=2.0, c=1.0)
    return np.sum(p(x, b=x, c=0.0))


def _apply(g, v):
    return g(v) * 2.0


@probe(X)
def partial_to_helper(x):
    p = functools.partial(_scale, b=x)
    return np.sum(_apply(p, x))


@probe(X)
def partial_under_if(x):
    if np.sum(x) > 0:
        p = functools.partial(_scale, b=2.0)
    else:
        p = functools.partial(_scale, b=x)
    return np.sum(p(x))


@probe(X)
def partial_positional_twice(x):
    p = functools.partial(_scale, x)  # (a = x)
    return np.sum(p(x, c=x))


@probe(X)
def partial_too_many(x):
    p = functools.partial(_scale, x, x, x)
    return np.sum(p(x))  # (TypeError: 4 positional)

# -- NamedTuple (module level) passed to nested defs (front/records.py)


class P(NamedTuple):
    a: np.ndarray
    b: np.ndarray


PA = P(np.array([0.5, 1.5, -0.5]), np.array([2.0, -1.0, 0.25]))


@probe(X, PA)
def record_replace(x, p):
    def f(q):
        r = q._replace(b=q.b * x)
        return r.a * r.b
    return np.sum(f(p) * x)


@probe(X, PA)
def record_index_unpack(x, p):
    def f(q):
        u, v = q
        return q[0] * v * x + u[1] * q.b
    return np.sum(f(p))


@probe(X, PA)
def record_field_shadow(x, p):
    def f(a):
        return p.a * a + p.b  # (``a`` a parameter named like the field)
    a = x * 3.0
    return np.sum(f(a) * x)


@probe(X, PA)
def record_index_out_of_range(x, p):
    def f(q):
        return q[2]
    return np.sum(x * x) + np.sum(f(p))


@probe(X, PA)
def record_unused_index_out_of_range(x, p):
    def f(q):
        z = q[2]
        return q.a * x
    return np.sum(f(p))


@probe(X, PA)
def record_negative_index(x, p):
    def f(q):
        return q[-1] * q[-2] * x
    return np.sum(f(p))


@probe(X, PA)
def record_rebound_inside(x, p):
    def f(q):
        q = P(q.b, q.a * x)
        return q.a + q.b
    return np.sum(f(p) * x)


@probe(X, PA)
def record_closure_field(x, p):
    def f(v):
        return v * p.a + p[1]
    return np.sum(f(x) * f(x * 2.0))


# -- signs.py: a negation carried through += and @


@probe(X, np.eye(3) * 0.5 + 0.1)
def signs_carrier_aliased(x, A):
    t = -np.sin(x)
    u = t  # (an alias of the carrier)
    t += A @ x
    return np.sum(u * x) + np.sum(A @ t)


@probe(X, np.eye(3) * 0.5 + 0.1)
def signs_read_between(x, A):
    t = -(x * x)
    s = np.sum(t)
    t += A @ x
    return s * np.sum(t)


@probe(X, np.eye(3) * 0.5 + 0.1)
def signs_view(x, A):
    t = -(A @ x)
    v = t[1:]
    v += x[1:]
    return np.sum(t * x)


@probe(X)
def signs_int_carrier(x):
    t = -np.arange(3)
    t = t + x
    return np.sum(t * x)

# -- _summed_away: bias gradients updated in place


@probe(np.ones((4, 3)) * 0.3, X)
def summed_bias_twice(h, b):
    z = np.tanh(h + b)
    y = np.tanh(z + b)
    return np.sum(y * y)


@probe(np.ones((4, 3)) * 0.3, X)
def summed_bias_returned_pair(h, b):
    z = h + b
    return np.sum(z * z) + np.sum(b)


PROBES.append(("summed_wrt_both", summed_bias_twice, (np.ones((4, 3)) * 0.3, X), (0, 1)))


def run(name, fn, args, wrt):
    try:
        fn(*args)
        raised = None
    except Exception as e:
        raised = type(e)
    ws = wrt if isinstance(wrt, tuple) else (wrt,)
    try:
        g = sd.grad(fn, wrt=wrt)(*args)
    except SrcdiffError as e:
        return "refused", str(e).splitlines()[0][:120]
    except Exception as e:
        if raised is not None and isinstance(e, raised):
            return "right", f"raises {raised.__name__} as the function does"
        return ("right" if raised else "crash"), f"{type(e).__name__}: {e}"[:160]
    if raised is not None:
        return "wrong", f"the function raises {raised.__name__}, the gradient returned"
    try:
        ref = sd.grad(fn, wrt=wrt, optimize=False)(*args)
    except Exception as e:
        return "crash", f"reference: {type(e).__name__}: {e}"[:160]
    gs = g if isinstance(wrt, tuple) else (g,)
    rs = ref if isinstance(wrt, tuple) else (ref,)
    for k, gk, rk in zip(ws, gs, rs):
        fd = numeric_grad(fn, args, k)
        if not np.allclose(gk, fd, rtol=1e-5, atol=1e-7) or not np.allclose(rk, fd, rtol=1e-5, atol=1e-7):
            return "wrong", f"arg {k}: grad {gk} ref {rk} fd {fd}"
    return "right", ""


def seeded_entries():
    """api/seeded.py: 300 lengths in turn (ENTRIES_KEPT=256 evicts), earlier ones again,
    then a dtype change."""
    def f(x):
        return np.sum(np.sin(x) * x)
    g = sd.grad(f)
    bad = 0
    lengths = list(range(1, 301)) + list(range(1, 40))
    for n in lengths:
        x = np.linspace(-1, 1, n)
        if not np.allclose(g(x), np.cos(x) * x + np.sin(x)):
            bad += 1
    x32 = np.linspace(-1, 1, 7).astype(np.float32)
    r = g(x32)
    ok32 = r.dtype == np.float32 and np.allclose(r, np.cos(x32) * x32 + np.sin(x32), rtol=1e-5)
    xc = np.linspace(-1, 1, 7) + 0j
    try:
        g(xc)
        okc = True
    except (SrcdiffError, TypeError) as e:  # (complex arguments: a TypeError saying so)
        okc = isinstance(e, SrcdiffError) or "real functions of real inputs" in str(e)
    return bad, ok32, okc


if __name__ == "__main__":
    counts = {}
    for name, fn, args, wrt in PROBES:
        outcome, why = run(name, fn, args, wrt)
        counts[outcome] = counts.get(outcome, 0) + 1
        print(f"{outcome:8} {name}: {why}")
    bad, ok32, okc = seeded_entries()
    outcome = "right" if not bad and ok32 and okc else "wrong"
    counts[outcome] = counts.get(outcome, 0) + 1
    print(f"{outcome:8} seeded_entries: {bad} of 339 calls wrong, float32 {ok32}, complex {okc}")
    print(counts)
    sys.exit(0)
