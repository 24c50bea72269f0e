# ruff: noqa: E501, E402, BLE001
"""red27 soundness sweep harness (not part of the test suite).

A case is Case(fn, make_args, wrt=None, loops=False, hvp=True, numba=None, note="").
make_args(rng) returns the argument tuple. wrt None: every float / float-array argument.
Each mode's result is compared with central finite differences in float64.
Outcomes per mode: right, refused (SrcdiffError), crash (other exception), wrong, skip.
"""
import copy
import traceback
from dataclasses import dataclass, field

import numpy as np

import srcdiff as sd


@dataclass
class Case:
    fn: object
    make_args: object
    wrt: object = None
    loops: bool = False
    hvp: bool = True
    numba: object = None
    note: str = ""
    points: int = 3
    tol: float = 1e-5
    extra: dict = field(default_factory=dict)


def is_float_leaf(v):
    if isinstance(v, bool):
        return False
    if isinstance(v, float):
        return True
    return isinstance(v, np.ndarray) and v.dtype.kind == "f"


def default_wrt(args):
    return tuple(i for i, a in enumerate(args) if is_float_leaf(a) or (
        isinstance(a, (list, tuple, dict)) and leaves(a) and all(is_float_leaf(x) for x in leaves(a))))


def leaves(v):
    if isinstance(v, dict):
        out = []
        for k in v:
            out += leaves(v[k])
        return out
    if isinstance(v, (list, tuple)):
        out = []
        for x in v:
            out += leaves(x)
        return out
    return [v]


def total(out):
    """Sum of every element of every output."""
    if isinstance(out, (list, tuple)):
        return float(sum(total(o) for o in out))
    if isinstance(out, dict):
        return float(sum(total(o) for o in out.values()))
    return float(np.sum(out))


def call_total(fn, args):
    return total(fn(*copy.deepcopy(args)))


def flat_get(v):
    """Flatten a structure of float leaves into a 1-d vector."""
    return np.concatenate([np.ravel(np.asarray(x, dtype=float)) for x in leaves(v)]) if leaves(v) else np.zeros(0)


def flat_set(v, vec):
    """Return a copy of structure v with leaves replaced from vec."""
    pos = [0]

    def rec(x):
        if isinstance(x, dict):
            return {k: rec(x[k]) for k in x}
        if isinstance(x, list):
            return [rec(e) for e in x]
        if isinstance(x, tuple):
            return tuple(rec(e) for e in x)
        if isinstance(x, float):
            r = float(vec[pos[0]])
            pos[0] += 1
            return r
        a = np.asarray(x)
        n = a.size
        r = vec[pos[0]:pos[0] + n].reshape(a.shape).astype(a.dtype)
        pos[0] += n
        return r
    return rec(v)


def fd_grad(fn, args, i, h=1e-6):
    base = flat_get(args[i])
    g = np.zeros_like(base)
    for k in range(base.size):
        step = h * max(1.0, abs(base[k]))
        for sgn in (1, -1):
            v = base.copy()
            v[k] += sgn * step
            a = list(args)
            a[i] = flat_set(args[i], v)
            g[k] += sgn * call_total(fn, a)
        g[k] /= 2 * step
    return g


def fd_dir(fn, args, wrt, tangents, h=1e-6):
    def shifted(s):
        a = list(args)
        for i, t in zip(wrt, tangents):
            a[i] = flat_set(args[i], flat_get(args[i]) + s * flat_get(t))
        return a
    return (call_total(fn, shifted(h)) - call_total(fn, shifted(-h))) / (2 * h)


def i_of(x, gv, wrt):
    for j, v in enumerate(gv):
        if v is x:
            return wrt[j]
    return -1


def close(a, b, tol):
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if a.shape != b.shape:
        return False
    scale = 1.0 + np.max(np.abs(b)) if b.size else 1.0
    return bool(np.all(np.abs(a - b) <= tol * scale))


def as_tuple_grads(g, wrt):
    return g if len(wrt) > 1 else (g,)


def grads_vec(g, wrt, args):
    """Flatten gradients (None -> zeros), checking structure shapes."""
    out = []
    for gi, i in zip(as_tuple_grads(g, wrt), wrt):
        if gi is None:
            out.append(np.zeros_like(flat_get(args[i])))
            continue
        lv = leaves(gi)
        la = leaves(args[i])
        if len(lv) != len(la):
            raise AssertionError("gradient structure differs: %r vs %r" % (gi, args[i]))
        for x, a in zip(lv, la):
            if x is not None and np.shape(x) != np.shape(a):
                raise AssertionError("gradient shape %s for argument shape %s" % (np.shape(x), np.shape(a)))
        out.append(np.concatenate([np.ravel(np.zeros_like(a) if x is None else np.asarray(x, dtype=float))
                                   for x, a in zip(lv, la)]) if lv else np.zeros(0))
    return out


class Result:
    def __init__(self):
        self.modes = {}

    def set(self, mode, outcome, detail=""):
        self.modes[mode] = (outcome, detail)


def run_mode(res, mode, thunk):
    try:
        r = thunk()
        if r is None:
            res.set(mode, "right")
        elif r == "skip":
            res.set(mode, "skip")
        else:
            res.set(mode, "wrong", r)
    except sd.SrcdiffError as e:
        res.set(mode, "refused", str(e).splitlines()[0][:300] + " | " + " ".join(str(e).split())[:400])
    except Exception as e:  # noqa: BLE001
        tb = traceback.format_exc().splitlines()
        res.set(mode, "crash", "%s: %s | %s" % (type(e).__name__, str(e)[:300], " / ".join(tb[-6:])[:600]))


def check_case(case, modes):
    res = Result()
    fn = case.fn
    rng = np.random.default_rng(1234)
    pts = [case.make_args(rng) for _ in range(case.points)]
    wrt = case.wrt if case.wrt is not None else default_wrt(pts[0])
    if isinstance(wrt, int):
        wrt = (wrt,)
    wrt = tuple(wrt)
    if not wrt:
        res.set("grad", "skip", "no float args")
        return res
    sdwrt = wrt if len(wrt) > 1 else wrt[0]
    try:
        fds = [[fd_grad(fn, args, i) for i in wrt] for args in pts]
    except Exception as e:  # noqa: BLE001
        res.set("grad", "harness", "primal failed: %s" % e)
        return res

    def reverse(**opts):
        def thunk():
            df = sd.grad(fn, wrt=sdwrt, **opts)
            for args, fd in zip(pts, fds):
                a = copy.deepcopy(args)
                g = df(*a)
                gv = grads_vec(g, wrt, args)
                for x, y in zip(gv, fd):
                    if not close(x, y, case.tol):
                        k = int(np.argmax(np.abs(np.asarray(x, float) - y))) if np.shape(x) == np.shape(y) else 0
                        return "arg %d entry %d: got %r want %r (%s)" % (i_of(x, gv, wrt), k, np.ravel(x)[k] if np.size(x) else x,
                                                                      np.ravel(y)[k] if np.size(y) else y, np.shape(x))
                # arguments left as passed
                for x, y in zip(leaves(a), leaves(args)):
                    if isinstance(y, np.ndarray) and not np.array_equal(x, y, equal_nan=True):
                        return "argument changed by gradient call"
            return None
        return thunk

    if "grad" in modes:
        run_mode(res, "grad", reverse())
    if "reference" in modes:
        run_mode(res, "reference", reverse(optimize=False))
    if "verify" in modes:
        run_mode(res, "verify", reverse(verify=True))
    if "checkpoint" in modes and case.loops:
        run_mode(res, "checkpoint", reverse(checkpoint="sqrt"))
    if "numba" in modes and (case.numba if case.numba is not None else case.loops):
        run_mode(res, "numba", reverse(backend="numba"))

    if "vag" in modes:
        def vag():
            df = sd.value_and_grad(fn, wrt=sdwrt)
            for args, fd in zip(pts, fds):
                v, g = df(*copy.deepcopy(args))
                if not np.isclose(total(v), call_total(fn, args), rtol=1e-9, atol=1e-12):
                    return "value %r want %r" % (total(v), call_total(fn, args))
                for x, y in zip(grads_vec(g, wrt, args), fd):
                    if not close(x, y, case.tol):
                        return "grad got %s want %s" % (x[:8], y[:8])
            return None
        run_mode(res, "vag", vag)

    if "jvp" in modes:
        def jvp():
            jf = sd.jvp(fn, wrt=sdwrt)
            for args in pts:
                tr = np.random.default_rng(7)
                tans = tuple(flat_set(args[i], tr.standard_normal(flat_get(args[i]).size)) for i in wrt)
                v, t = jf(*copy.deepcopy(args), tangents=tans if len(wrt) > 1 else tans[0])
                want = fd_dir(fn, args, wrt, tans)
                if not np.isclose(total(v), call_total(fn, args), rtol=1e-9, atol=1e-12):
                    return "value %r want %r" % (total(v), call_total(fn, args))
                if not close(total(t), want, case.tol):
                    return "tangent %r want %r" % (total(t), want)
            return None
        run_mode(res, "jvp", jvp)

    if "hvp" in modes and case.hvp:
        def hvp():
            # oracle: central differences of the (FD-checked) reference-pipeline gradient
            df = sd.grad(fn, wrt=sdwrt, optimize=False)
            hf = sd.hvp(fn, wrt=sdwrt)
            for args in pts:
                tr = np.random.default_rng(11)
                vec = tuple(flat_set(args[i], tr.standard_normal(flat_get(args[i]).size)) for i in wrt)
                h = 1e-5
                def gat(s):
                    a = list(copy.deepcopy(args))
                    for i, t in zip(wrt, vec):
                        a[i] = flat_set(args[i], flat_get(args[i]) + s * flat_get(t))
                    return np.concatenate(grads_vec(df(*a), wrt, args))
                want = (gat(h) - gat(-h)) / (2 * h)
                got = hf(*copy.deepcopy(args), vector=vec if len(wrt) > 1 else vec[0])
                gotv = np.concatenate(grads_vec(got, wrt, args))
                if not close(gotv, want, 1e-4):
                    return "hvp %s want %s" % (np.round(gotv, 5)[:8], np.round(want, 5)[:8])
            return None
        run_mode(res, "hvp", hvp)
    if "gg" in modes and case.hvp and len(wrt) == 1 and isinstance(pts[0][wrt[0]], float):
        def gg():
            i = wrt[0]
            d1 = sd.grad(fn, wrt=i, optimize=False)
            d2 = sd.grad(sd.grad(fn, wrt=i), wrt=i)
            for args in pts:
                h = 1e-5 * max(1.0, abs(args[i]))
                ap = list(args)
                am = list(args)
                ap[i] = args[i] + h
                am[i] = args[i] - h
                want = (float(d1(*ap)) - float(d1(*am))) / (2 * h)
                got = d2(*copy.deepcopy(args))
                got = 0.0 if got is None else got
                if not close(got, want, 1e-4):
                    return "grad of grad %r want %r" % (got, want)
            return None
        run_mode(res, "gg", gg)
    single_out = not isinstance(fn(*copy.deepcopy(pts[0])), (tuple, list, dict))
    if "jac" in modes and single_out:
        def jac():
            for mode in ("reverse", "forward"):
                jf = sd.jacobian(fn, wrt=sdwrt, mode=mode)
                for args in pts[:2]:
                    J = jf(*copy.deepcopy(args))
                    Js = J if len(wrt) > 1 else (J,)
                    out = np.asarray(fn(*copy.deepcopy(args)), dtype=float)
                    for Ji, i in zip(Js, wrt):
                        base = flat_get(args[i])
                        want = np.zeros((out.size, base.size))
                        for k in range(base.size):
                            step = 1e-6 * max(1.0, abs(base[k]))
                            vals = []
                            for sgn in (1, -1):
                                vv = base.copy()
                                vv[k] += sgn * step
                                a = list(copy.deepcopy(args))
                                a[i] = flat_set(args[i], vv)
                                vals.append(np.ravel(np.asarray(fn(*a), dtype=float)))
                            want[:, k] = (vals[0] - vals[1]) / (2 * step)
                        shape_in = np.shape(args[i])
                        if np.shape(Ji) != out.shape + shape_in:
                            return "%s jacobian shape %s want %s" % (mode, np.shape(Ji), out.shape + shape_in)
                        if not close(np.reshape(Ji, want.shape), want, case.tol):
                            return "%s jacobian differs (max %g)" % (mode, np.max(np.abs(np.reshape(Ji, want.shape) - want)))
            return None
        run_mode(res, "jac", jac)
    if "vjp" in modes:
        def vjp():
            vf = sd.vjp(fn, wrt=sdwrt)
            for args in pts[:2]:
                val, pb = vf(*copy.deepcopy(args))
                # two different cotangents on the same pullback
                for seed in (3, 4):
                    cr = np.random.default_rng(seed)

                    def ct_like(o):
                        if isinstance(o, (tuple, list)):
                            return type(o)(ct_like(e) for e in o)
                        if isinstance(o, float):
                            return float(cr.standard_normal())
                        return cr.standard_normal(np.shape(o))
                    ct = ct_like(val)
                    g = pb(ct)
                    gv = grads_vec(g, wrt, args)

                    def weighted(*a):
                        o = fn(*a)
                        def dot(o, c):
                            if isinstance(o, (tuple, list)):
                                return sum(dot(e, f) for e, f in zip(o, c))
                            return float(np.sum(np.asarray(o) * c))
                        return dot(o, ct)
                    for x, i in zip(gv, wrt):
                        want = fd_grad(weighted, args, i)
                        if not close(x, want, case.tol):
                            return "pullback got %s want %s" % (x[:6], want[:6])
            return None
        run_mode(res, "vjp", vjp)
    if "f32" in modes:
        def f32():
            def cast(v):
                if isinstance(v, np.ndarray) and v.dtype == np.float64:
                    return v.astype(np.float32)
                if isinstance(v, list):
                    return [cast(e) for e in v]
                if isinstance(v, tuple):
                    return tuple(cast(e) for e in v)
                if isinstance(v, dict):
                    return {k: cast(e) for k, e in v.items()}
                return v
            df = sd.grad(fn, wrt=sdwrt)
            for args, fd in zip(pts, fds):
                a32 = [cast(a) for a in args]
                g = df(*a32)
                for gi, i in zip(as_tuple_grads(g, wrt), wrt):
                    for x, a in zip(leaves(gi) if gi is not None else [], leaves(a32[i])):
                        if isinstance(a, np.ndarray) and x is not None and np.asarray(x).dtype != a.dtype:
                            return "dtype %s for %s" % (np.asarray(x).dtype, a.dtype)
            return None
        run_mode(res, "f32", f32)
    return res


ALL_MODES = ("grad", "reference", "verify", "checkpoint", "numba", "vag", "jvp", "hvp", "gg", "jac", "vjp", "f32")


def run_cases(cases, source, modes=ALL_MODES, out=print):
    counts = {}
    rows = []
    for case in cases:
        res = check_case(case, modes)
        for mode, (outcome, detail) in res.modes.items():
            counts.setdefault(mode, {}).setdefault(outcome, 0)
            counts[mode][outcome] += 1
            if outcome not in ("right", "skip"):  # noqa
                rows.append((case.fn.__name__, mode, outcome, detail))
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
        out("  %-28s %-10s %-8s %s" % r)
    return counts, rows
