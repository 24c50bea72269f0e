# ruff: noqa: E501, E731, E741, BLE001, B023
"""red29 area 2: srcdiff/train against hand-written NumPy of TensorFlow 1's formulas.

    PYTHONPATH=. python tools/red29/train29.py
Prints one line per case (right / wrong / crash) and the counts.
"""
import math

import numpy as np

import srcdiff as sd

COUNTS = {"right": 0, "wrong": 0, "crash": 0, "refused": 0}


def report(name, fn):
    try:
        msg = fn()
        out = "right" if msg is None else "wrong"
    except sd.SrcdiffError as e:
        out, msg = "refused", str(e).splitlines()[0]
    except Exception as e:
        out, msg = "crash", "%s: %s" % (type(e).__name__, e)
    COUNTS[out] += 1
    print("%-7s %-44s %s" % (out, name, msg or ""))


def loss_quad(p, x):
    h = np.tanh(x @ p["W"] + p["b"])
    return np.sum(h * h) + 0.1 * np.sum(p["W"] * p["W"])


def loss_dead(p, x):
    return np.sum(np.sin(x @ p["W"]))        # p["b"] unused: gradient None


def loss_shared(p, x):
    return np.sum(p["a"] * p["b"]) + np.sum(x)   # d/da = b, d/db = a


def loss_identity(p, x):
    return np.sum(p["a"]) + np.sum(p["b"] * x[0])


def np_grads(loss, p, x, h=1e-6):
    out = {}
    for k, v in p.items():
        g = np.zeros_like(v)
        for i in range(v.size):
            for s in (1, -1):
                q = {kk: vv.copy() for kk, vv in p.items()}
                q[k].flat[i] += s * h
                g.flat[i] += s * loss(q, x)
            g.flat[i] /= 2 * h
        out[k] = g
    return out


def params(rng):
    return {"W": rng.standard_normal((3, 2)), "b": rng.standard_normal(2)}


def run_opt(make_opt, ref_step, loss, p0, x, steps=4, var_list=None, clip=None):
    p = {k: v.copy() for k, v in p0.items()}
    q = {k: v.copy() for k, v in p0.items()}
    state = {}
    opt = make_opt()
    for t in range(1, steps + 1):
        gv = opt.compute_gradients(loss, p, x, var_list=var_list)
        if clip is not None:
            gv = clip(gv)
        opt.apply_gradients(gv)
        g = np_grads(loss, q, x)
        names = [k for k in q if var_list is None or k in var_list]
        gl = [g[k] for k in names]
        if clip is not None:
            gl = [c for c, _ in clip(list(zip(gl, [q[k] for k in names])))]
        for k, gk in zip(names, gl):
            if gk is None or (loss is loss_dead and k == "b"):
                continue
            ref_step(q, k, gk, state, t)
        for k in q:
            if not np.allclose(p[k], q[k], rtol=1e-6, atol=1e-8):
                return "step %d param %s: %s want %s" % (t, k, p[k].ravel()[:3], q[k].ravel()[:3])
    return None


def sgd(lr):
    def step(q, k, g, s, t):
        q[k] = q[k] - lr * g
    return step


def momentum(lr, mu, nesterov):
    def step(q, k, g, s, t):
        a = s.setdefault(("a", k), np.zeros_like(g))
        a = mu * a + g
        s[("a", k)] = a
        q[k] = q[k] - lr * (g + mu * a if nesterov else a)
    return step


def adam(lr, b1, b2, eps):
    def step(q, k, g, s, t):
        m = s.setdefault(("m", k), np.zeros_like(g))
        v = s.setdefault(("v", k), np.zeros_like(g))
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        s[("m", k)], s[("v", k)] = m, v
        lr_t = lr * math.sqrt(1 - b2 ** t) / (1 - b1 ** t)
        q[k] = q[k] - lr_t * m / (np.sqrt(v) + eps)
    return step


def rmsprop(lr, decay, mu, eps, centered):
    def step(q, k, g, s, t):
        ms = s.setdefault(("ms", k), np.ones_like(g))
        mom = s.setdefault(("mom", k), np.zeros_like(g))
        mg = s.setdefault(("mg", k), np.zeros_like(g))
        ms = decay * ms + (1 - decay) * g * g
        if centered:
            mg = decay * mg + (1 - decay) * g
            den = ms - mg * mg + eps
        else:
            den = ms + eps
        mom = mu * mom + lr * g / np.sqrt(den)
        s[("ms", k)], s[("mom", k)], s[("mg", k)] = ms, mom, mg
        q[k] = q[k] - mom
    return step


def tf_clip_by_norm(t, c, axes=None):
    n = np.sqrt(np.sum(t * t, axis=axes, keepdims=True))
    return t * c / np.maximum(n, c)


def tf_global_norm(ts):
    return math.sqrt(sum(float(np.sum(t * t)) for t in ts if t is not None))


def tf_clip_by_global_norm(ts, c, use_norm=None):
    n = tf_global_norm(ts) if use_norm is None else use_norm
    with np.errstate(divide="ignore", invalid="ignore"):
        scale = c * min(1.0 / n if n else math.inf, 1.0 / c) + (n - n)
    return [None if t is None else t * scale for t in ts], n


def main():
    rng = np.random.default_rng(29)
    x = rng.standard_normal((4, 3))
    p0 = params(rng)
    O = sd.optimizers
    for loss in (loss_quad, loss_dead):
        report("sgd %s" % loss.__name__, lambda: run_opt(lambda: O.GradientDescent(0.1), sgd(0.1), loss, p0, x))
        for nest in (False, True):
            report("momentum nesterov=%s %s" % (nest, loss.__name__),
                   lambda: run_opt(lambda: O.Momentum(0.05, 0.9, use_nesterov=nest), momentum(0.05, 0.9, nest), loss, p0, x, steps=5))
        report("adam %s" % loss.__name__, lambda: run_opt(lambda: O.Adam(0.01, 0.8, 0.95, 1e-7), adam(0.01, 0.8, 0.95, 1e-7), loss, p0, x, steps=5))
        for mu in (0.0, 0.5):
            for cen in (False, True):
                report("rmsprop mu=%s centered=%s %s" % (mu, cen, loss.__name__),
                       lambda: run_opt(lambda: O.RMSProp(0.01, 0.9, mu, 1e-6, centered=cen), rmsprop(0.01, 0.9, mu, 1e-6, cen), loss, p0, x, steps=5))
    report("adam var_list=['W']", lambda: run_opt(lambda: O.Adam(0.01), adam(0.01, 0.9, 0.999, 1e-8), loss_quad, p0, x, steps=3, var_list=["W"]))
    report("momentum lr callable", lambda: run_opt(lambda: O.Momentum(lambda: 0.05, 0.9), momentum(0.05, 0.9, False), loss_quad, p0, x))
    # gradients that are (or alias) other parameters: d/da sum(a*b) = b
    pa = {"a": rng.standard_normal(3), "b": rng.standard_normal(3)}
    for name, mk, ref in (("sgd", lambda: O.GradientDescent(0.3), sgd(0.3)),
                          ("momentum", lambda: O.Momentum(0.3, 0.5), momentum(0.3, 0.5, False)),
                          ("adam", lambda: O.Adam(0.3), adam(0.3, 0.9, 0.999, 1e-8)),
                          ("rmsprop", lambda: O.RMSProp(0.3, 0.9, 0.5), rmsprop(0.3, 0.9, 0.5, 1e-10, False))):
        report("%s, gradient = other parameter" % name, lambda: run_opt(mk, ref, loss_shared, pa, x, steps=3))
        report("%s, gradient of identity" % name, lambda: run_opt(mk, ref, loss_identity, pa, x, steps=3))
    # clipping composed with optimizers
    clip1 = lambda gv: [(sd.clip_by_norm(g, 0.5), v) for g, v in gv]
    report("sgd + clip_by_norm", lambda: run_opt(lambda: O.GradientDescent(0.1), sgd(0.1), loss_quad, p0, x, clip=clip1))
    clipg = lambda gv: list(zip(sd.clip_by_global_norm([g for g, _ in gv], 0.7)[0], [v for _, v in gv]))
    report("adam + clip_by_global_norm", lambda: run_opt(lambda: O.Adam(0.05), adam(0.05, 0.9, 0.999, 1e-8), loss_quad, p0, x, clip=clipg))
    # clipping functions alone
    t = rng.standard_normal((3, 4)) * 3

    def chk(got, want):
        if isinstance(want, list):
            for g, w in zip(got, want):
                r = chk(g, w)
                if r:
                    return r
            return None
        if want is None:
            return None if got is None else "want None"
        if not np.allclose(got, want, equal_nan=True) or np.shape(got) != np.shape(want):
            return "got %s want %s" % (np.ravel(got)[:4], np.ravel(want)[:4])
        return None
    for axes in (None, 0, 1, -1, (0, 1), [0]):
        for c in (0.5, 3.0, 100.0):
            report("clip_by_norm axes=%s c=%s" % (axes, c), lambda: chk(sd.clip_by_norm(t, c, axes=axes), tf_clip_by_norm(t, c, tuple(axes) if isinstance(axes, list) else axes)))
    report("clip_by_norm zero t", lambda: chk(sd.clip_by_norm(np.zeros(3), 1.0), np.zeros(3)))
    report("clip_by_norm NaN in slice", lambda: chk(sd.clip_by_norm(np.array([[1.0, np.nan], [3.0, 4.0]]), 1.0, axes=1), np.array([[np.nan, np.nan], [0.6, 0.8]])))
    report("clip_by_norm float32 dtype", lambda: None if sd.clip_by_norm(t.astype(np.float32), 1.0).dtype == np.float32 else "dtype")
    report("clip_by_norm does not alias", lambda: None if sd.clip_by_norm(t, 1e9) is not t else "alias")
    lst = [t, None, t[0] * 0.1, np.float64(2.0), 1.5]
    for c in (0.5, 5.0, 1e6):
        report("clip_by_global_norm c=%s" % c, lambda: chk(sd.clip_by_global_norm(lst, c)[0], tf_clip_by_global_norm(lst, c)[0]))
        report("global_norm", lambda: chk(sd.global_norm(lst), tf_global_norm(lst)))
    report("clip_by_global_norm tuple in", lambda: chk(sd.clip_by_global_norm(tuple(lst), 1.0)[0], tf_clip_by_global_norm(lst, 1.0)[0]))
    report("clip_by_global_norm inf entry", lambda: chk(sd.clip_by_global_norm([np.array([np.inf, 1.0]), np.ones(2)], 1.0)[0], [np.full(2, np.nan), np.full(2, np.nan)]))
    report("clip_by_global_norm nan entry", lambda: chk(sd.clip_by_global_norm([np.array([np.nan, 1.0]), np.ones(2)], 1.0)[0], [np.full(2, np.nan), np.full(2, np.nan)]))
    report("clip_by_global_norm zero norm", lambda: chk(sd.clip_by_global_norm([np.zeros(2), np.zeros(3)], 1.0)[0], [np.zeros(2), np.zeros(3)]))
    report("clip_by_global_norm use_norm", lambda: chk(sd.clip_by_global_norm([t], 1.0, use_norm=2.0)[0], [t * 0.5]))
    report("clip_by_global_norm use_norm inf", lambda: chk(sd.clip_by_global_norm([t], 1.0, use_norm=np.inf)[0], [np.full_like(t, np.nan)]))
    report("clip_by_global_norm norm value", lambda: chk(sd.clip_by_global_norm(lst, 1.0)[1], tf_global_norm(lst)))
    report("clip_by_global_norm overflowing sum", lambda: chk(sd.clip_by_global_norm([np.array([1e200, 1.0])], 1.0)[0], [np.full(2, np.nan)]))
    report("clip_by_value scalars", lambda: chk(sd.clip_by_value(t, -0.5, 0.5), np.maximum(np.minimum(t, 0.5), -0.5)))
    lo = rng.standard_normal(4) - 1.0
    hi = lo + 0.5
    report("clip_by_value array bounds", lambda: chk(sd.clip_by_value(t, lo, hi), np.maximum(np.minimum(t, hi), lo)))
    report("clip_by_value lo>hi", lambda: chk(sd.clip_by_value(t, 1.0, -1.0), np.ones_like(t)))
    report("clip_by_value NaN", lambda: chk(sd.clip_by_value(np.array([np.nan, 2.0]), 0.0, 1.0), np.array([np.nan, 1.0])))
    report("clip_by_value inf bounds", lambda: chk(sd.clip_by_value(t, -np.inf, np.inf), t))
    report("clip_by_value float32 t float64 bounds", lambda: None if sd.clip_by_value(t.astype(np.float32), lo, hi).dtype == np.float32 else "dtype")
    print(COUNTS)


if __name__ == "__main__":
    main()
