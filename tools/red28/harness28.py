# ruff: noqa: E501, E402, BLE001
"""red28 additions to the red27 harness (not part of the test suite).

Extra modes: hess (sd.hessian vs central differences of the reference gradient),
gy (grad_ys: random cotangents vs FD of the weighted sum), vjp2 (sd.vjp pullback twice),
cli (module written by `srcdiff FILE:FUNC -o OUT.py`, imported, vs FD),
tfopts (stop_gradients / unconnected_gradients cases carry their own oracle in case.extra).
"""
import copy
import importlib.util
import inspect
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "red27"))
import harness as h27  # noqa: E402
from harness import Case, check_case, close, flat_get, flat_set, grads_vec, leaves, run_mode  # noqa: F401,E402

import srcdiff as sd  # noqa: E402

PY = sys.executable
HERE = os.path.abspath(os.path.dirname(__file__))
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def fd_weighted(fn, args, i, ct):
    def weighted(*a):
        return _dot(fn(*a), ct)
    return h27.fd_grad(weighted, args, i)


def _dot(o, c):
    if isinstance(o, (tuple, list)):
        return sum(_dot(e, f) for e, f in zip(o, c))
    if isinstance(o, dict):
        return sum(_dot(o[k], c[k]) for k in o)
    return float(np.sum(np.asarray(o, dtype=float) * c))


def _ct_like(o, r):
    if isinstance(o, (tuple, list)):
        return type(o)(_ct_like(e, r) for e in o)
    if isinstance(o, dict):
        return {k: _ct_like(v, r) for k, v in o.items()}
    if isinstance(o, float) or np.ndim(o) == 0:
        return float(r.standard_normal())
    return r.standard_normal(np.shape(o))


def extra_modes(case, modes, res):
    fn = case.fn
    rng = np.random.default_rng(1234)
    pts = [case.make_args(rng) for _ in range(case.points)]
    wrt = case.wrt if case.wrt is not None else h27.default_wrt(pts[0])
    if isinstance(wrt, int):
        wrt = (wrt,)
    wrt = tuple(wrt)
    if not wrt:
        return
    sdwrt = wrt if len(wrt) > 1 else wrt[0]

    if "hess" in modes and case.hvp:
        def hess():
            df = sd.grad(fn, wrt=sdwrt, optimize=False)
            hf = sd.hessian(fn, wrt=sdwrt)
            for args in pts[:2]:
                H = hf(*copy.deepcopy(args))
                if len(wrt) > 1:
                    # tuple wrt: check diagonal blocks only where structure is simple
                    H = H[0][0] if isinstance(H[0], (tuple, list)) else H[0]
                    i = wrt[0]
                else:
                    i = wrt[0]
                base = flat_get(args[i])
                n = base.size
                want = np.zeros((n, n))
                for k in range(n):
                    step = 1e-5 * max(1.0, abs(base[k]))
                    gs = []
                    for s in (1, -1):
                        vv = base.copy()
                        vv[k] += s * step
                        a = list(copy.deepcopy(args))
                        a[i] = flat_set(args[i], vv)
                        g = df(*a)
                        g0 = g[0] if len(wrt) > 1 else g
                        gs.append(np.concatenate(grads_vec(g0, (i,), args)))
                    want[:, k] = (gs[0] - gs[1]) / (2 * step)
                shape_in = np.shape(args[i])
                if np.shape(H) != shape_in + shape_in:
                    return "hessian shape %s want %s" % (np.shape(H), shape_in + shape_in)
                if not close(np.reshape(H, (n, n)), want, 1e-4):
                    return "hessian differs (max %g)" % np.max(np.abs(np.reshape(H, (n, n)) - want))
            return None
        run_mode(res, "hess", hess)

    if "numba_jvp" in modes and case.loops:
        def njvp():
            jf = sd.jvp(fn, wrt=sdwrt, backend="numba")
            for args in pts:
                tr = np.random.default_rng(7)
                tans = tuple(flat_set(args[i], tr.standard_normal(flat_get(args[i]).size)) for i in wrt)
                v, t = jf(*copy.deepcopy(args), tangents=tans if len(wrt) > 1 else tans[0])
                want = h27.fd_dir(fn, args, wrt, tans)
                if not close(h27.total(t), want, case.tol):
                    return "tangent %r want %r" % (h27.total(t), want)
            return None
        run_mode(res, "numba_jvp", njvp)

    if "numba_vag" in modes and case.loops:
        def nvag():
            df = sd.value_and_grad(fn, wrt=sdwrt, backend="numba")
            for args in pts:
                v, g = df(*copy.deepcopy(args))
                if not np.isclose(h27.total(v), h27.call_total(fn, args), rtol=1e-9, atol=1e-12):
                    return "value %r want %r" % (h27.total(v), h27.call_total(fn, args))
                for x, i in zip(grads_vec(g, wrt, args), wrt):
                    want = h27.fd_grad(fn, args, i)
                    if not close(x, want, case.tol):
                        return "grad got %s want %s" % (x[:6], want[:6])
            return None
        run_mode(res, "numba_vag", nvag)

    if "gy" in modes:
        def gy():
            df = sd.grad(fn, wrt=sdwrt)
            for args in pts[:2]:
                out = fn(*copy.deepcopy(args))
                ct = _ct_like(out, np.random.default_rng(5))
                if isinstance(out, list):
                    ct = tuple(ct)
                g = df(*copy.deepcopy(args), grad_ys=ct)
                gv = grads_vec(g, wrt, args)
                for x, i in zip(gv, wrt):
                    want = fd_weighted(fn, args, i, ct)
                    if not close(x, want, case.tol):
                        return "grad_ys got %s want %s" % (x[:6], want[:6])
            return None
        run_mode(res, "gy", gy)

    if "cli" in modes and not case.extra.get("nocli"):
        def cli():
            with tempfile.TemporaryDirectory() as d:
                src = os.path.join(d, "m_%s.py" % fn.__name__)
                with open(src, "w") as fh:
                    fh.write(open(inspect.getsourcefile(fn)).read())
                out = os.path.join(d, "g_%s.py" % fn.__name__)
                names = list(inspect.signature(fn).parameters)
                cmd = [PY, "-m", "srcdiff", "%s:%s" % (src, fn.__name__), "--wrt", ",".join(names[i] for i in wrt), "-o", out]
                p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, HERE, os.path.join(HERE, "..", "red27")])))
                if p.returncode != 0:
                    if "Traceback" in p.stderr:
                        raise RuntimeError("cli crash: " + p.stderr[-600:])
                    raise sd.SrcdiffError(p.stderr.strip()[:300])
                sys.path.insert(0, HERE)
                spec = importlib.util.spec_from_file_location("g_%s" % fn.__name__, out)
                mod = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(mod)
                gfn = getattr(mod, "grad_" + fn.__name__)
                for args in pts:
                    g = gfn(*copy.deepcopy(args))
                    gv = grads_vec(g, wrt, args)
                    for x, i in zip(gv, wrt):
                        want = h27.fd_grad(fn, args, i)
                        if not close(x, want, case.tol):
                            return "cli got %s want %s" % (x[:6], want[:6])
            return None
        run_mode(res, "cli", cli)


def check(case, modes):
    res = check_case(case, modes)
    extra_modes(case, modes, res)
    return res


def run_cases(cases, source, modes, out=print):
    counts = {}
    rows = []
    for case in cases:
        res = check(case, modes)
        grouped = {}
        for mode, (outcome, detail) in res.modes.items():
            counts.setdefault(mode, {}).setdefault(outcome, 0)
            counts[mode][outcome] += 1
            if outcome not in ("right", "skip"):
                key = (outcome, detail.split(" | ")[0][-170:] if outcome == "refused" else detail[:400])
                grouped.setdefault(key, []).append(mode)
        for (outcome, detail), ms in grouped.items():
            rows.append((case.fn.__name__, ",".join(ms), outcome, detail))
        worst = "right"
        for o in ("harness", "refused", "crash", "wrong"):
            if any(v[0] == o for v in res.modes.values()):
                worst = o
        counts.setdefault("case(worst)", {}).setdefault(worst, 0)
        counts["case(worst)"][worst] += 1
    out("== %s: %d cases" % (source, len(cases)))
    for mode, c in counts.items():
        out("  %-12s %s" % (mode, ", ".join("%s %d" % kv for kv in sorted(c.items()))))
    for r in rows:
        out("  %-24s %-8s [%s] %s" % (r[0], r[2], r[1], r[3]))
    return counts, rows
