# ruff: noqa: BLE001, E501
"""red34 probe runner (not part of the test suite).

check(fn, args, wrt=0, **opts): the function itself and central differences in float64 are the
oracles. Outcomes: right (gradient matches, or both raise), refused (SrcdiffError), wrong
(a gradient returned where the function raises, or a gradient off), crash (the gradient raises
where the function does not), errtype (both raise, other exception types).
"""
import copy
import sys
import traceback

import numpy as np

import srcdiff as sd
from srcdiff.errors import SrcdiffError
from tests.support.fd import numeric_grad

COUNTS = {}


def _wrts(wrt):
    return wrt if isinstance(wrt, tuple) else (wrt,)


def _close(a, b, tol=1e-5):
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_close(a[k], b[k], tol) for k in a)
    if isinstance(a, (list, tuple)):
        return isinstance(b, (list, tuple)) and len(a) == len(b) and all(_close(x, y, tol) for x, y in zip(a, b))
    a, b = np.asarray(a, dtype=complex), np.asarray(b, dtype=complex)
    return a.shape == b.shape and np.allclose(a, b, rtol=tol, atol=tol, equal_nan=True)


def outcome(fn, args, wrt=0, tol=1e-5, fd_args=None, **opts):
    try:
        fn(*copy.deepcopy(args))
        raised = None
    except Exception as e:
        raised = e
    try:
        g = sd.grad(fn, wrt, **opts)(*copy.deepcopy(args))
    except SrcdiffError as e:
        return "refused", str(e).splitlines()[0][:100]
    except Exception as e:
        if "srcdiff takes" in str(e) or "real functions of real inputs only" in str(e):
            return "refused", str(e)[:100]  # (documented refusals of argument types)
        if raised is None:
            return "crash", "".join(traceback.format_exception_only(type(e), e)).strip()[:300]
        if type(e) is not type(raised):
            return "errtype", f"{type(raised).__name__} vs {type(e).__name__}: {e}"[:200]
        return "right", "both raise"
    if raised is not None:
        return "wrong", f"function raises {type(raised).__name__}: {raised}"[:200]

    def plain(*a):
        return fn(*copy.deepcopy(a))
    ws = _wrts(wrt)
    try:
        want = [numeric_grad(plain, list(fd_args or args), k) for k in ws]
    except Exception as e:
        return "skip", f"central differences raise {type(e).__name__}"
    got = g if isinstance(wrt, tuple) else (g,)
    for k, w, h in zip(ws, want, got):
        if h is None:  # (SPEC: an unconnected gradient is None)
            h = np.zeros_like(np.asarray(w, dtype=float))
        if not _close(h, w, tol):
            return "wrong", f"arg {k}: got {h!r} want {w!r}"[:300]
    return "right", ""


def check(area, fn, args, wrt=0, modes=("opt", "ref"), tol=1e-5, fd_args=None, **extra):
    name = getattr(fn, "__name__", str(fn))
    for mode in modes:
        opts = dict(extra)
        if mode == "ref":
            opts["optimize"] = False
        elif mode == "sqrt":
            opts["checkpoint"] = "sqrt"
        elif mode == "binomial":
            opts["checkpoint"] = "binomial"
        elif mode == "int3":
            opts["checkpoint"] = 3
        elif mode == "verify":
            opts["verify"] = True
        res, detail = outcome(fn, args, wrt, tol, fd_args, **opts)
        COUNTS.setdefault(area, {}).setdefault(res, 0)
        COUNTS[area][res] += 1
        if res != "right" or "-v" in sys.argv:
            shapes = [getattr(a, "shape", type(a).__name__) for a in args]
            print(f"[{area}] {name} {shapes} {mode}: {res} {detail}")


def report():
    for area, c in COUNTS.items():
        print(area, dict(sorted(c.items())))
