# ruff: noqa: E501, E402, BLE001
"""red32: bad inputs. PYTHONPATH=. python tools/red32/bad32.py

Each probe is classified: right (gradient matches the math / central differences),
refused (SrcdiffError or TypeError/ValueError raised by srcdiff's API with a message, not from
inside generated code), crash (any other exception, or one raised inside generated code),
wrong (a number that is not the gradient)."""
import functools
import math
import os
import sys
import traceback
import warnings

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
warnings.filterwarnings("ignore")
import bad_funcs as B

import srcdiff as sd

rows = []


def fd_layout(f, x, h=1e-6):
    """Central differences keeping x's memory layout (order='A'/'K' read it)."""
    g = np.zeros(x.shape)
    for idx in np.ndindex(*x.shape):
        vals = []
        for s in (1, -1):
            y = x.copy(order="K")
            y[idx] += s * h
            vals.append(f(y))
        g[idx] = (vals[0] - vals[1]) / (2 * h)
    return g


def record(name, kind, detail=""):
    rows.append((name, kind, detail))
    print("%-40s %-8s %s" % (name, kind, detail[:230]), flush=True)


def classify_exc(e, primal=None):
    """refused: SrcdiffError, or a TypeError/ValueError that srcdiff's API or one of its
    run-time checks (srcdiff/runtime*.py) raises with its own message; "as primal": the
    function itself raises the same exception type on these arguments; crash: the rest."""
    tb = traceback.extract_tb(e.__traceback__)
    inside = [fr for fr in tb if fr.filename.startswith("<srcdiff")]
    if isinstance(e, sd.SrcdiffError):
        return "refused", " ".join(str(e).split())[:200]
    last = tb[-1].filename if tb else ""
    if isinstance(e, (TypeError, ValueError)) and ("/srcdiff/" in last and "/rules/" not in last or not inside and any("srcdiff" in fr.filename for fr in tb)):
        return "refused", "%s: %s" % (type(e).__name__, " ".join(str(e).split())[:200])
    where = inside[-1] if inside else tb[-1]
    if primal is not None:
        try:
            primal()
        except Exception as p:
            if type(p) is type(e):
                return "as primal", "%s (the function raises %s too) at %s:%s" % (type(e).__name__, type(p).__name__, where.filename, where.lineno)
    return "crash", "%s: %s at %s:%s" % (type(e).__name__, str(e)[:150], where.filename, where.lineno)


def probe(name, thunk, want=None, tol=1e-5, equal_nan=True, jax=None, primal=None):
    """``jax``: JAX's answer where it differs from the math (0 * inf = nan in a chain rule)."""
    try:
        got = thunk()
    except Exception as e:
        record(name, *classify_exc(e, primal))
        return
    if want is None:
        record(name, "right", "no exception: %r" % (got,))
        return
    got_a, want_a = np.asarray(got, dtype=float), np.asarray(want, dtype=float)
    if got_a.shape == want_a.shape and np.allclose(got_a, want_a, atol=tol, rtol=tol, equal_nan=equal_nan):
        record(name, "right")
    elif jax is not None and got_a.shape == np.shape(jax) and np.allclose(got_a, jax, atol=tol, rtol=tol, equal_nan=True):
        record(name, "as JAX", "got %s (JAX's), math %s" % (np.round(got_a, 6).ravel()[:8], np.round(want_a, 6).ravel()[:8]))
    else:
        record(name, "wrong", "got %s want %s" % (np.round(got_a, 6).ravel()[:8], np.round(want_a, 6).ravel()[:8]))


def modes_of(f, x):
    """grad, reference, verify, jvp (all-ones tangent total), vjp of the function."""
    out = {"grad": lambda: sd.grad(f)(x), "reference": lambda: sd.grad(f, optimize=False)(x),
           "verify": lambda: sd.grad(f, verify=True)(x)}
    return out


rng = np.random.default_rng(5)
# -- memory layouts: Fortran order, transposes, strided views, read-only
xf = np.asfortranarray(rng.standard_normal((2, 3)))
xt = rng.standard_normal((3, 2)).T
xs = rng.standard_normal((4, 6))[::2, ::2]
xneg = rng.standard_normal((2, 6))[:, ::-2]
for fname in ("ravel_a", "ravel_k", "flatten_a", "reshape_a", "reshape_f", "copy_k_then_ravel", "asfortran_ravel", "plain_weighted"):
    f = getattr(B, fname)
    for lname, x in (("F", xf), ("T", xt), ("strided", xs), ("negstride", xneg), ("C", np.ascontiguousarray(xf))):
        want = fd_layout(f, x)
        for mode, th in modes_of(f, x).items():
            probe("%s[%s] %s" % (fname, lname, mode), th, want)
        # jvp with a basis tangent per element, same layout as x
        def jv(f=f, x=x):
            out = np.zeros(x.shape)
            for idx in np.ndindex(*x.shape):
                t = np.zeros_like(x)
                t[idx] = 1.0
                out[idx] = sd.jvp(f)(x, tangents=t)[1]
            return out
        probe("%s[%s] jvp" % (fname, lname), jv, want)

ro = rng.standard_normal((2, 3))
ro.setflags(write=False)
probe("plain_weighted[readonly] grad", lambda: sd.grad(B.plain_weighted)(ro), fd_layout(B.plain_weighted, ro.copy()))
probe("plain_weighted[readonly] hvp", lambda: sd.hvp(B.plain_weighted)(ro, vector=np.ones((2, 3))), -np.arange(1.0, 7.0).reshape(2, 3) * np.sin(ro))
probe("writes_argument[readonly] grad", lambda: sd.grad(B.writes_argument)(ro))
wa = rng.standard_normal(3)
want_wa = fd_layout(lambda v: B.writes_argument(v.copy()), wa)
probe("writes_argument[strided] grad", lambda: sd.grad(B.writes_argument)(rng.standard_normal(6)[::2]))
probe("writes_argument[plain] grad", lambda: sd.grad(B.writes_argument)(wa.copy()), want_wa)
probe("writes_argument[F 2-d] grad", lambda: sd.grad(B.writes_argument)(np.asfortranarray(np.tile(wa, (2, 1)).T)),
      fd_layout(lambda v: B.writes_argument(v.copy()), np.asfortranarray(np.tile(wa, (2, 1)).T)))
bro = np.broadcast_to(np.array([0.3, 0.5, 0.7]), (2, 3))
probe("plain_weighted[broadcast_to view] grad", lambda: sd.grad(B.plain_weighted)(bro), fd_layout(B.plain_weighted, np.array(bro)))
probe("writes_argument[broadcast_to view] grad", lambda: sd.grad(B.writes_argument)(np.broadcast_to(np.array([0.3, 0.5, 0.7]), (2, 3))))

# -- NaN / inf
xn = np.array([0.5, np.nan, -1.5, 2.0])
probe("nansum_sq[nan] grad", lambda: sd.grad(B.nansum_sq)(xn), np.array([1.0, 0.0, -3.0, 4.0]), jax=np.array([1.0, np.nan, -3.0, 4.0]))
probe("nansum_sq[nan] reference", lambda: sd.grad(B.nansum_sq, optimize=False)(xn), np.array([1.0, 0.0, -3.0, 4.0]), jax=np.array([1.0, np.nan, -3.0, 4.0]))
probe("np.nansum itself[nan] grad", lambda: sd.grad(np.nansum)(xn), np.array([1.0, 0.0, 1.0, 1.0]))
probe("nanmean_nanmax[nan] grad", lambda: sd.grad(B.nanmean_nanmax)(xn), np.array([1 / 3, 0.0, 1 / 3 + 2.0, 1 / 3 + 1.0]))
probe("nanmean_nanmax[nan] jvp", lambda: sd.jvp(B.nanmean_nanmax)(xn, tangents=np.array([1.0, 7.0, 2.0, 3.0]))[1], 1 / 3 * 6 + 4.0 + 3.0)
yn = np.array([np.nan, 0.2, np.nan, 1.0])
probe("fmax_fmin_nan grad x", lambda: sd.grad(B.fmax_fmin_nan, wrt=0)(xn, yn), np.array([3.0, 0.0, 3.0, 2.0]))
probe("fmax_fmin_nan grad y", lambda: sd.grad(B.fmax_fmin_nan, wrt=1)(xn, yn), np.array([0.0, 3.0, 0.0, 1.0]))
probe("fmax_fmin_nan jvp", lambda: sd.jvp(B.fmax_fmin_nan, wrt=(0, 1))(xn, yn, tangents=(np.ones(4), 10 * np.ones(4)))[1], 3 + 30 + 3 + 12)
xi = np.array([1.0, np.inf, -2.0, -np.inf, np.nan])
probe("where_isfinite[inf] grad", lambda: sd.grad(B.where_isfinite)(xi), np.array([2.0, 0.0, -4.0, 0.0, 0.0]))
probe("where_isfinite[inf] reference", lambda: sd.grad(B.where_isfinite, optimize=False)(xi), np.array([2.0, 0.0, -4.0, 0.0, 0.0]))
xw = np.array([4.0, -1.0, 0.0, 1.0])
probe("where_sqrt(abs) grad", lambda: sd.grad(B.where_sqrt)(xw), np.array([0.25, 0.0, 0.0, 0.5]), jax=np.array([0.25, 0.0, np.nan, 0.5]))
probe("where_sqrt_unsafe grad", lambda: sd.grad(B.where_sqrt_unsafe)(xw), np.array([0.25, 0.0, 0.0, 0.5]), jax=np.array([0.25, np.nan, np.nan, 0.5]))
probe("nan_to_num[inf,nan] grad", lambda: sd.grad(B.nan_to_num_sq)(xi), np.array([1.0, 0.0, 3.0, 0.0, 0.0]))
xsn = np.array([0.5, np.nan, -1.0, 2.0])
probe("sort_with_nan grad", lambda: sd.grad(B.sort_with_nan)(xsn), np.array([2.0, 0.0, 1.0, 3.0]))
xe = np.array([-np.inf, 0.0, 2.0])
probe("exp_minus_inf grad", lambda: sd.grad(B.exp_minus_inf)(xe), np.array([0.0, 2.0, np.exp(2.0)]))
probe("exp_minus_inf jvp", lambda: sd.jvp(B.exp_minus_inf)(xe, tangents=np.array([0.0, 1.0, 1.0]))[1], 2.0 + np.exp(2.0))
probe("norm_at_zero grad (any unit-ball vector; records value)", lambda: sd.grad(B.norm_at_zero)(np.zeros(3)))
xk = np.array([0.0, 1.0, 1.0, -2.0])
probe("abs_max_kinks grad at ties (records value)", lambda: sd.grad(B.abs_max_kinks)(xk))

# -- wrong argument types
probe("string argument", lambda: sd.grad(B.two_args, wrt=0)(np.ones(2), "abc"))
probe("None argument", lambda: sd.grad(B.two_args, wrt=0)(np.ones(2), None))
probe("complex array wrt", lambda: sd.grad(B.two_args)(np.ones(2) + 1j, np.ones(2)))
probe("object array", lambda: sd.grad(B.two_args)(np.array([1.0, "a"], dtype=object), np.ones(2)))
probe("list of strings", lambda: sd.grad(B.two_args)(np.ones(2), ["a", "b"]))
probe("int array wrt", lambda: sd.grad(B.two_args)(np.arange(2), np.ones(2)))
probe("bool array wrt", lambda: sd.grad(B.two_args)(np.array([True, False]), np.ones(2)))
probe("wrt out of range", lambda: sd.grad(B.two_args, wrt=5)(np.ones(2), np.ones(2)))
probe("wrt negative", lambda: sd.grad(B.two_args, wrt=-1)(np.ones(2), 3 * np.ones(2)), np.ones(2))
probe("wrt name string", lambda: sd.grad(B.two_args, wrt="y")(np.ones(2), np.ones(2)))
probe("wrong arity", lambda: sd.grad(B.two_args)(np.ones(2)))
probe("mismatched shapes", lambda: sd.grad(B.two_args)(np.ones(2), np.ones(3)), primal=lambda: B.two_args(np.ones(2), np.ones(3)))
probe("float16 array", lambda: sd.grad(B.plain_weighted)(np.ones((2, 2), np.float16)))
probe("longdouble array", lambda: sd.grad(B.plain_weighted)(np.ones((2, 2), np.longdouble)), np.arange(1.0, 5.0).reshape(2, 2) * np.cos(1.0))
# np.matrix: `*` is a matrix product (W @ sin(X)): d/dX = cos(X) * W's column sums per row
_X = np.array([[0.1, 0.2], [0.3, 0.4]])
probe("np.matrix argument", lambda: sd.grad(B.plain_weighted)(np.matrix(_X)), np.cos(_X) * np.array([[4.0], [6.0]]))
# a masked array's sum skips the masked entry: its gradient is 0
probe("masked array argument", lambda: sd.grad(B.plain_weighted)(np.ma.masked_array([0.1, 0.2], mask=[0, 1])), np.array([np.cos(0.1), 0.0]))
probe("memmap-like subclass (recarray)", lambda: sd.grad(B.nansum_sq)(np.ones(3).view(np.recarray)))
probe("grad_ys of wrong shape", lambda: sd.vjp(B.plain_weighted)(np.ones(2))[1](np.ones(5)))
probe("tangent of wrong shape", lambda: sd.jvp(B.plain_weighted)(np.ones(2), tangents=np.ones(3)))
probe("hvp vector of wrong shape", lambda: sd.hvp(B.plain_weighted)(np.ones(2), vector=np.ones(3)))

# -- a statement whose value nothing reads raises in Python: the optimized pipeline drops it
for label, fn, args in (("unused x @ y raising", B.unused_product_raises, (np.ones(2), np.ones(3))),
                        ("unused x[i] raising", B.unused_index_raises, (np.ones(2), 5))):
    for mode, make in (("grad", lambda fn=fn: sd.grad(fn)), ("reference", lambda fn=fn: sd.grad(fn, optimize=False)),
                       ("jvp", lambda fn=fn: (lambda *a: sd.jvp(fn)(*a, tangents=np.ones(2))))):
        try:
            got = make()(*args)
            record("%s %s" % (label, mode), "no raise", "a gradient %r where the function raises" % (got,))
        except Exception as e:
            record("%s %s" % (label, mode), *classify_exc(e, lambda fn=fn, args=args: fn(*args)))

# -- functions without usable source
ns = {"np": np}
exec("f_exec = lambda x: np.sum(x * x)", ns)
probe("exec'd lambda", lambda: sd.grad(ns["f_exec"])(np.ones(2)))
exec("def g_exec(x):\n    return np.sum(x ** 3)\n", ns)
probe("exec'd def", lambda: sd.grad(ns["g_exec"])(np.ones(2)))
probe("builtin np.sin", lambda: sd.grad(np.sin)(0.5), math.cos(0.5))
probe("builtin np.sum", lambda: sd.grad(np.sum)(np.ones(3)), np.ones(3))
probe("builtin math.sin", lambda: sd.grad(math.sin)(0.5), math.cos(0.5))
probe("builtin abs", lambda: sd.grad(abs)(-0.5), -1.0)
probe("np.vectorize", lambda: sd.grad(np.vectorize(lambda v: v * v))(np.ones(2)))
probe("np.frompyfunc", lambda: sd.grad(np.frompyfunc(lambda v: v * v, 1, 1))(np.ones(2)))
probe("functools.partial of def", lambda: sd.grad(functools.partial(B.two_args, y=np.ones(2) * 3))(np.ones(2)), 3 * np.ones(2))
probe("class (not callable instance)", lambda: sd.grad(B.NotCallable)(1.0))
probe("instance without __call__", lambda: sd.grad(B.NotCallable())(1.0))
probe("generator function", lambda: sd.grad(B.gen_fn)(1.0))
probe("bound method", lambda: sd.grad(B.Model().loss)(np.ones(3)), 2 * np.ones(3))
probe("string instead of function", lambda: sd.grad("np.sin")(1.0))
probe("None instead of function", lambda: sd.grad(None)(1.0))
probe("math floats kinks", lambda: sd.grad(B.math_floats, wrt=(0, 1))(3.0, 4.0),
      (0.6 + 1.0 + 1.0, 0.8 + 0.0 + 0.0))

# -- recursion depth
probe("recursion depth 10", lambda: sd.grad(B.depth)(1.0, 10), 1.0001 ** 10)
probe("recursion depth 400", lambda: sd.grad(B.depth)(1.0, 400), 1.0001 ** 400, tol=1e-7)
probe("recursion depth 900", lambda: sd.grad(B.depth)(1.0, 900), 1.0001 ** 900, tol=1e-7)
probe("recursion depth 900 jvp", lambda: sd.jvp(B.depth)(1.0, 900, tangents=1.0)[1], 1.0001 ** 900, tol=1e-7)
probe("recursion depth 3000", lambda: sd.grad(B.depth)(1.0, 3000), 1.0001 ** 3000, tol=1e-7, primal=lambda: B.depth(1.0, 3000))
probe("recursion depth 3000 jvp", lambda: sd.jvp(B.depth)(1.0, 3000, tangents=1.0)[1], 1.0001 ** 3000, tol=1e-7, primal=lambda: B.depth(1.0, 3000))

counts = {}
for _, k, _ in rows:
    counts[k] = counts.get(k, 0) + 1
print("TOTAL bad32", len(rows), "probes", counts)
