# ruff: noqa: E501, E402, BLE001
"""red32: gradients at kinks, ties, integer-valued float inputs and singular points.
PYTHONPATH=. python tools/red32/kinks32.py

Classification per coordinate k (h = 1e-7): left = (f(x) - f(x - h e_k)) / h, right =
(f(x + h e_k) - f(x)) / h. "fd" the gradient equals central differences; "sub" it lies between
the one-sided derivatives (a valid choice at a kink); "nan" it is NaN/inf where both one-sided
derivatives are finite (JAX and autograd give the same in several such cases: noted); "wrong"
anything else; "refused" SrcdiffError; "crash" another exception."""
import os
import sys
import warnings

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
warnings.filterwarnings("ignore")
import kink_funcs as K

import srcdiff as sd


def one_sided(f, args, i, h=1e-7):
    x = np.asarray(args[i], dtype=float)
    left, right = np.zeros(x.shape), np.zeros(x.shape)
    f0 = f(*args)
    for idx in np.ndindex(*x.shape):
        for s, out in ((1, right), (-1, left)):
            v = x.copy()
            v[idx] += s * h
            a = list(args)
            a[i] = v if x.ndim else float(v)
            out[idx] = s * (f(*a) - f0) / h
    return left, right


rows = []


def adjacent_piece(f, args, i, g, tries=40, r=1e-4, h=1e-7):
    """Is ``g`` the gradient at ``x + r d`` for one of a few random directions ``d``: the
    gradient of a smooth piece of ``f`` whose closure holds ``x`` (a tie broken one way)?"""
    x = np.asarray(args[i], dtype=float)
    rng = np.random.default_rng(0)
    for _ in range(tries):
        y = x + r * rng.standard_normal(x.shape)
        a = list(args)
        a[i] = y
        left, right = one_sided(f, a, i, h)
        if np.allclose((left + right) / 2, g, atol=1e-3, rtol=1e-3):
            return True
    return False



def check(name, f, args, wrt=0, mode="grad", note=""):
    left, right = one_sided(f, args, wrt)
    try:
        if mode == "grad":
            g = np.asarray(sd.grad(f, wrt=wrt)(*args), dtype=float)
        elif mode == "reference":
            g = np.asarray(sd.grad(f, wrt=wrt, optimize=False)(*args), dtype=float)
        else:  # jvp, one basis tangent at a time
            x = np.asarray(args[wrt], dtype=float)
            g = np.zeros(x.shape)
            for idx in np.ndindex(*x.shape):
                t = np.zeros(x.shape)
                t[idx] = 1.0
                g[idx] = sd.jvp(f, wrt=wrt)(*args, tangents=t if x.ndim else 1.0)[1]
    except sd.SrcdiffError as e:
        rows.append((name, mode, "refused"))
        print("%-34s %-9s refused  %s" % (name, mode, " ".join(str(e).split())[:160]))
        return
    except Exception as e:
        rows.append((name, mode, "crash"))
        print("%-34s %-9s crash    %s: %s" % (name, mode, type(e).__name__, str(e)[:160]))
        return
    fd = (left + right) / 2
    tol = 1e-4
    kinds = []
    for gk, lk, rk, ck in zip(g.ravel(), left.ravel(), right.ravel(), fd.ravel()):
        if not np.isfinite(lk) or not np.isfinite(rk):
            kinds.append("fd" if not np.isfinite(gk) or abs(gk - ck) <= tol * (1 + abs(ck)) else "sub")
        elif not np.isfinite(gk):
            kinds.append("nan")
        elif abs(gk - ck) <= tol * (1 + abs(ck)):
            kinds.append("fd")
        elif min(lk, rk) - tol <= gk <= max(lk, rk) + tol:
            kinds.append("sub")
        else:
            kinds.append("wrong")
    worst = "wrong" if "wrong" in kinds else "nan" if "nan" in kinds else "sub" if "sub" in kinds else "fd"
    if worst == "wrong" and "jumps" in note:
        worst = "jump"  # a step: the derivative almost everywhere is the rule's (FD sees the step)
    elif worst == "wrong" and adjacent_piece(f, args, wrt, g):
        worst = "piece"  # the gradient of a smooth piece touching x (ties broken one way)
    rows.append((name, mode, worst))
    print("%-34s %-9s %-8s got %s fd %s left %s right %s %s" % (name, mode, worst, np.round(g.ravel(), 4)[:6], np.round(fd.ravel(), 4)[:6],
                                                          np.round(left.ravel(), 4)[:6], np.round(right.ravel(), 4)[:6], note))


PROBES = [
    ("abs_relu", K.abs_relu, (np.array([0.0, 1.0, -1.0, 0.0]),), 0, ""),
    ("max_ties", K.max_ties, (np.array([1.0, 2.0, 2.0, 2.0]),), 0, ""),
    ("maximum_ties x", K.maximum_ties, (np.array([1.0, 0.0, 2.0]), np.array([1.0, 0.0, 1.0])), 0, ""),
    ("maximum_ties y", K.maximum_ties, (np.array([1.0, 0.0, 2.0]), np.array([1.0, 0.0, 1.0])), 1, ""),
    ("clip_bounds", K.clip_bounds, (np.array([-1.0, 1.0, 0.0, 2.0]),), 0, ""),
    ("round_floor", K.round_floor, (np.array([0.0, 1.0, 0.5, 2.5, -1.0]),), 0, "(jumps: floor/round/ceil/trunc are steps)"),
    ("sort_ties", K.sort_ties, (np.array([1.0, 1.0, 0.0, 1.0]),), 0, ""),
    ("median_ties", K.median_ties, (np.array([1.0, 1.0, 2.0, 1.0]),), 0, ""),
    ("power_zero_base x", K.power_zero_base, (np.array([0.0, 1.0, 2.0]), np.array([2.0, 2.0, 0.5])), 0, ""),
    ("power_zero_base y", K.power_zero_base, (np.array([0.0, 1.0, 2.0]), np.array([2.0, 2.0, 0.5])), 1, "(0**y: d/dy = 0 for y>0; JAX and autograd give 0)"),
    ("power_zero_exponent", K.power_zero_exponent, (np.array([0.0, 1.0, -2.0]),), 0, "(x**0 at 0: d/dx = 0)"),
    ("float_power_zero y", K.float_power_zero, (np.array([0.0, 1.0, 2.0]), np.array([2.0, 3.0, 0.5])), 1, ""),
    ("float_power_zero x", K.float_power_zero, (np.array([0.0, 1.0, 2.0]), np.array([2.0, 3.0, 0.5])), 0, ""),
    ("math_pow_zero y", K.math_pow_zero, (0.0, 2.0), 1, ""),
    ("math_pow_zero x", K.math_pow_zero, (0.0, 2.0), 0, ""),
    ("sinc_at_integers", K.sinc_at_integers, (np.array([0.0, 1.0, -2.0, 0.5]),), 0, ""),
    ("sqrt_of_square", K.sqrt_of_square, (np.array([0.0, 1.0]),), 0, ""),
    ("det_singular", K.det_singular, (np.array([[1.0, 2.0], [2.0, 4.0]]),), 0, "(gradient = adjugate^T; JAX/autograd via inv: nan)"),
    ("det_singular_diag", K.det_singular, (np.diag([0.0, 1.0, 2.0]),), 0, ""),
    ("eigvalsh_repeated", K.eigvalsh_repeated, (np.eye(3) * 0.5,), 0, "(sum of squares of eigenvalues = ||S||_F^2: smooth)"),
    ("eigh_values_repeated", K.eigh_values_repeated, (np.eye(3) * 0.5,), 0, ""),
    ("svd_values_repeated", K.svd_values_repeated, (np.eye(3),), 0, "(nuclear norm at I: gradient I)"),
    ("norm_zero_rows", K.norm_zero_rows, (np.array([[0.0, 0.0], [3.0, 4.0]]),), 0, ""),
    ("std_constant", K.std_constant, (np.array([1.0, 1.0, 1.0, 1.0]),), 0, ""),
    ("sign_heaviside", K.sign_heaviside, (np.array([0.0, 1.0, -1.0]),), 0, ""),
    ("fmod_multiples", K.fmod_multiples, (np.array([0.0, 1.0, 2.0, -1.0, 0.5]),), 0, "(jumps)"),
    ("where_ge_zero", K.where_ge_zero, (np.array([0.0, 1.0, -1.0]),), 0, ""),
    ("logaddexp_equal", K.logaddexp_equal, (np.array([0.0, 1.0, -np.inf]), np.array([0.0, 1.0, -np.inf])), 0, ""),
    ("arccos_edge", K.arccos_edge, (np.array([1.0, -1.0, 0.0, 2.0]),), 0, ""),
    ("xlogx_zero", K.xlogx_zero, (np.array([0.0, 1.0, 0.5]),), 0, ""),
    ("entropy_special", K.entropy_special, (np.array([0.0, 1.0, 0.5]),), 0, "(xlogy(x, x) at 0: -inf one-sided)"),
    ("entropy_special_global", K.entropy_special_global, (np.array([0.0, 1.0, 0.5]),), 0, "(xlogy(x, x) at 0: -inf one-sided)"),
]
modes = os.environ.get("MODES", "grad,reference,jvp").split(",")
for name, f, args, wrt, note in PROBES:
    for mode in modes:
        check(name, f, args, wrt, mode, note)
counts = {}
for r in rows:
    counts.setdefault(r[1], {}).setdefault(r[2], 0)
    counts[r[1]][r[2]] += 1
print("TOTAL kinks32", len(PROBES), "probes", counts)
