# ruff: noqa: E501, E402, BLE001, E731
"""TF semantics: sd.stop_gradient in loops/branches/containers, stop_gradients=, grad_ys,
unconnected_gradients, several outputs, wrt selections of locals (red28).

Each case: (name, f, frozen, args, opts). frozen(x0) returns a function of the same
arguments in which the stopped values are computed at x0 (the oracle: FD of it at x0).
"""
import os
import sys
import traceback
import warnings

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "red27"))
import harness as h27

import srcdiff as sd

warnings.filterwarnings("ignore")
sg = sd.stop_gradient
R = np.random.default_rng(3)
X = R.standard_normal(4)
Y = R.standard_normal(4)


def sg_loop(x):
    s = x * 1.0
    for i in range(3):
        s = np.tanh(s) + sg(s) * x
    return np.sum(s ** 2)


def sg_loop_ref(x0):
    def g(x):
        s = x * 1.0
        s0 = x0 * 1.0
        for i in range(3):
            s, s0 = np.tanh(s) + s0 * x, np.tanh(s0) + s0 * x0
        return np.sum(s ** 2)
    return g


def sg_branch(x):
    if x[0] > 0:
        y = sg(x ** 2) * x
    else:
        y = x ** 3
    return np.sum(y)


def sg_branch_ref(x0):
    return lambda x: np.sum((x0 ** 2) * x) if x0[0] > 0 else np.sum(x ** 3)


def sg_list(x):
    parts = [x * 2.0, sg(x * 3.0), x ** 2]
    return np.sum(parts[0] * parts[1] + parts[2])


def sg_list_ref(x0):
    return lambda x: np.sum(x * 2.0 * (x0 * 3.0) + x ** 2)


def sg_dict_loop(x):
    d = {"a": x * 1.0, "b": x * 1.0}
    for i in range(2):
        d["a"] = d["a"] * sg(d["b"]) + 1.0
        d["b"] = np.sin(d["a"])
    return np.sum(d["a"] + d["b"])


def sg_dict_loop_ref(x0):
    def g(x):
        a, b = x * 1.0, x * 1.0
        a0, b0 = x0 * 1.0, x0 * 1.0
        for i in range(2):
            a = a * b0 + 1.0
            a0 = a0 * b0 + 1.0
            b = np.sin(a)
            b0 = np.sin(a0)
        return np.sum(a + b)
    return g


def sg_inplace(x):
    a = x * 1.0
    a[1:] = sg(a[:-1]) * a[1:]
    return np.sum(a ** 2)


def sg_inplace_ref(x0):
    def g(x):
        a = x * 1.0
        a[1:] = x0[:-1] * a[1:]
        return np.sum(a ** 2)
    return g


def sg_of_container(x):
    t = sg((x * 2.0, x ** 2))
    return np.sum(t[0] * x + t[1])


def sg_of_container_ref(x0):
    return lambda x: np.sum(x0 * 2.0 * x + x0 ** 2)


def sg_nested_call(x):
    return np.sum(_helper_sg(x) * x)


def _helper_sg(z):
    return sg(z ** 2) + z


def sg_nested_call_ref(x0):
    return lambda x: np.sum((x0 ** 2 + x) * x)


def sg_then_inplace(x):
    a = sg(x * 2.0)
    a += x
    return np.sum(a ** 2)


def sg_then_inplace_ref(x0):
    return lambda x: np.sum((x0 * 2.0 + x) ** 2)


def sg_alias(x):
    a = x * 2.0
    b = sg(a)
    a *= x
    return np.sum(a * b)


def sg_alias_ref(x0):
    return lambda x: np.sum(x * 2.0 * x * (x0 * 2.0))


def sg_scalar_while(x):
    s = x[0]
    i = 0
    while i < 3:
        s = s * sg(s) + x[i]
        i += 1
    return s


def sg_scalar_while_ref(x0):
    def g(x):
        s, s0 = x[0], x0[0]
        for i in range(3):
            s, s0 = s * s0 + x[i], s0 * s0 + x0[i]
        return s
    return g


def sg_max(x):
    m = sg(np.max(x))
    return np.sum(np.exp(x - m))


def sg_max_ref(x0):
    return lambda x: np.sum(np.exp(x - np.max(x0)))


def sg_comprehension(x):
    return sum(sg(t) * t for t in x)


def sg_comprehension_ref(x0):
    return lambda x: np.sum(x0 * x)


def sg_tuple_unpack(x):
    a, b = sg(x[:2]), x[2:]
    return np.sum(a * b)


def sg_tuple_unpack_ref(x0):
    return lambda x: np.sum(x0[:2] * x[2:])


SG_CASES = [(f.__name__, f, globals()[f.__name__ + "_ref"]) for f in (
    sg_loop, sg_branch, sg_list, sg_dict_loop, sg_inplace, sg_of_container, sg_nested_call,
    sg_then_inplace, sg_alias, sg_scalar_while, sg_max, sg_comprehension, sg_tuple_unpack)]


# --------- stop_gradients= names: (f, names, wrt, oracle function of x (stopped at x0))
def tf_doc(a):
    b = 2 * a
    return a + b


def sgn_loop(x):
    h = x * 1.0
    for i in range(3):
        h = np.sin(h) * x
    out = h * x
    return np.sum(out)


def sgn_loop_ref(x0):
    # h's definitions are constants: h is the value at x0 after the loop
    def g(x):
        h = x0 * 1.0
        for i in range(3):
            h = np.sin(h) * x0
        return np.sum(h * x)
    return g


def sgn_branch(x):
    if x[0] > 0:
        c = x ** 2
    else:
        c = x * 3.0
    return np.sum(c * x)


def sgn_branch_ref(x0):
    c0 = x0 ** 2 if x0[0] > 0 else x0 * 3.0
    return lambda x: np.sum(c0 * x)


def sgn_multi_assign(x):
    c = x ** 2
    d = c * x
    c = np.sin(x)
    return np.sum(c + d)


def sgn_multi_assign_ref(x0):
    # every definition of c is a constant
    return lambda x: np.sum(np.sin(x0) + x0 ** 2 * x)


def sgn_inplace(x):
    c = x * 2.0
    c[0] = x[1] ** 2
    return np.sum(c * x)


def sgn_inplace_ref(x0):
    c0 = x0 * 2.0
    c0[0] = x0[1] ** 2
    return lambda x: np.sum(c0 * x)


def sgn_aug(x):
    c = x * 2.0
    c += x ** 2
    return np.sum(c * x)


def sgn_aug_ref(x0):
    c0 = x0 * 2.0 + x0 ** 2
    return lambda x: np.sum(c0 * x)


def sgn_param(x, y):
    z = x * y
    return np.sum(z * x)


STOP_CASES = [
    ("sgn_loop", sgn_loop, ("h",), sgn_loop_ref),
    ("sgn_branch", sgn_branch, ("c",), sgn_branch_ref),
    ("sgn_multi_assign", sgn_multi_assign, ("c",), sgn_multi_assign_ref),
    ("sgn_inplace", sgn_inplace, ("c",), sgn_inplace_ref),
    ("sgn_aug", sgn_aug, ("c",), sgn_aug_ref),
]


def fd(fn, x):
    return h27.fd_grad(fn, (x,), 0)


def outcome(thunk):
    try:
        r = thunk()
        return ("right", "") if r is None else ("wrong", r)
    except sd.SrcdiffError as e:
        return ("refused", str(e).splitlines()[0][-150:])
    except Exception as e:
        return ("crash", "%s: %s %s" % (type(e).__name__, e, traceback.format_exc().splitlines()[-3:]))


def run():
    counts = {}
    rows = []

    def rec(area, name, res):
        counts.setdefault(area, {}).setdefault(res[0], 0)
        counts[area][res[0]] += 1
        if res[0] != "right":
            rows.append((area, name) + res)

    for name, f, ref in SG_CASES:
        want = fd(ref(X.copy()), X.copy())
        for opts in ({}, {"optimize": False}, {"verify": True}):
            def t(f=f, opts=opts, want=want):
                g = sd.grad(f, **opts)(X.copy())
                return None if h27.close(g, want, 1e-5) else "got %s want %s" % (g, want)
            rec("stop_gradient", "%s %s" % (name, opts), outcome(t))

        def tj(f=f, ref=ref):
            T = np.array([0.3, -0.2, 0.5, 0.1])
            _, tt = sd.jvp(f)(X.copy(), tangents=T)
            w = h27.fd_dir(ref(X.copy()), (X.copy(),), (0,), (T,))
            return None if h27.close(tt, w, 1e-5) else "jvp got %s want %s" % (tt, w)
        rec("stop_gradient", name + " jvp", outcome(tj))

        def th(f=f, ref=ref):
            H = sd.hessian(f)(X.copy())
            gref = sd.grad(f, optimize=False)
            # oracle: the Hessian of the frozen function at x0 (FD of FD would be noisy;
            # use FD of the reference gradient of the frozen twin)
            fr = ref(X.copy())
            hh = 1e-4
            Hn = np.array([(fd(fr, X + hh * e) - fd(fr, X - hh * e)) / (2 * hh) for e in np.eye(4)])
            del gref
            return None if h27.close(H, Hn, 2e-3) else "hess got %s want %s" % (np.round(H, 3), np.round(Hn, 3))
        rec("stop_gradient", name + " hessian", outcome(th))

    # stop_gradients= doc example
    def tdoc():
        g = sd.grad(tf_doc, wrt=("a", "b"))(1.5)
        g2 = sd.grad(tf_doc, wrt=("a", "b"), stop_gradients=("a", "b"))(1.5)
        if not (np.allclose(g, (3.0, 1.0)) and np.allclose(g2, (1.0, 1.0))):
            return "doc example %s %s" % (g, g2)
    rec("stop_gradients=", "tf_doc", outcome(tdoc))
    for name, f, names, ref in STOP_CASES:
        want = fd(ref(X.copy()), X.copy())
        for opts in ({}, {"optimize": False}, {"verify": True}):
            def t(f=f, opts=opts, want=want, names=names):
                g = sd.grad(f, stop_gradients=names, **opts)(X.copy())
                return None if h27.close(g, want, 1e-5) else "got %s want %s" % (g, want)
            rec("stop_gradients=", "%s %s" % (name, opts), outcome(t))

    # unconnected_gradients
    def unc():
        g = sd.grad(sgn_param, wrt=(0, 1), unconnected_gradients="zero")(X.copy(), Y.copy())
        want = (fd(lambda x: sgn_param(x, Y), X.copy()), fd(lambda y: sgn_param(X, y), Y.copy()))
        for a, b in zip(g, want):
            if not h27.close(a, b, 1e-5):
                return "got %s want %s" % (g, want)
        def h(x, y):
            return np.sum(x ** 2) + 0.0 * np.sum(sg(y))
        g = sd.grad(h, wrt=(0, 1))(X.copy(), Y.copy())
        if g[1] is not None:
            return "stopped y: want None got %s" % (g[1],)
        g = sd.grad(h, wrt=(0, 1), unconnected_gradients="zero")(X.copy(), Y.copy())
        if not (isinstance(g[1], np.ndarray) and g[1].shape == Y.shape and not g[1].any()):
            return "stopped y: want zeros got %s" % (g[1],)
        def k(x, y):
            if x[0] > 100:
                return np.sum(y)
            return np.sum(x ** 2)
        g = sd.grad(k, wrt=(0, 1))(X.copy(), Y.copy())
        if g[1] is not None and np.any(g[1]):
            return "branch-unconnected y got %s" % (g[1],)
        return None
    rec("unconnected", "various", outcome(unc))

    # several outputs with grad_ys; wrt of locals
    def outs_tuple(x):
        a = x ** 2
        b = np.sin(x)
        return a, {"k": b * 2.0, "j": [a * b, x[0]]}

    def outs_local(x):
        h = np.tanh(x)
        h = h * 2.0
        y = h ** 2
        return np.sum(y) + np.sum(x)

    def t_outs():
        ct = (R.standard_normal(4), {"k": R.standard_normal(4), "j": [R.standard_normal(4), 0.7]})
        g = sd.grad(outs_tuple)(X.copy(), grad_ys=ct)
        w = h27.fd_grad(lambda x: _w(outs_tuple(x), ct), (X.copy(),), 0)
        return None if h27.close(g, w, 1e-5) else "got %s want %s" % (g, w)
    rec("outputs", "tuple+dict+list grad_ys", outcome(t_outs))

    def t_local():
        g = sd.grad(outs_local, wrt="h")(X.copy())
        h = np.tanh(X) * 2.0
        w = 2 * h
        return None if h27.close(g, w, 1e-6) else "got %s want %s" % (g, w)
    rec("outputs", "wrt local last assignment", outcome(t_local))

    def t_local_both():
        g = sd.grad(outs_local, wrt=("x", "y"))(X.copy())
        w0 = fd(outs_local, X.copy())
        return None if h27.close(g[0], w0, 1e-5) and h27.close(g[1], np.ones(4), 1e-9) else "got %s" % (g,)
    rec("outputs", "wrt param+local", outcome(t_local_both))

    def t_vjp_dict():
        val, pb = sd.vjp(outs_tuple)(X.copy())
        ct = (R.standard_normal(4), {"k": R.standard_normal(4), "j": [R.standard_normal(4), 0.7]})
        g = pb(ct)
        w = h27.fd_grad(lambda x: _w(outs_tuple(x), ct), (X.copy(),), 0)
        g2 = pb(ct)
        return None if h27.close(g, w, 1e-5) and h27.close(g2, w, 1e-5) else "got %s want %s" % (g, w)
    rec("outputs", "vjp dict/list cotangent twice", outcome(t_vjp_dict))

    def t_jvp_struct():
        T = R.standard_normal(4)
        v, t = sd.jvp(outs_tuple)(X.copy(), tangents=T)
        h = 1e-6
        p, m = outs_tuple(X + h * T), outs_tuple(X - h * T)
        w = [(a - b) / (2 * h) for a, b in zip(h27.leaves(p), h27.leaves(m))]
        got = h27.leaves(t)
        if len(got) != len(w):
            return "structure %r" % (t,)
        for a, b in zip(got, w):
            if not h27.close(a, b, 1e-5):
                return "got %s want %s" % (a, b)
    rec("outputs", "jvp structured output", outcome(t_jvp_struct))

    def t_vag_aux():
        def f(x):
            y = np.sum(x ** 2)
            return y, {"m": x * 2.0}
        (v, aux), g = sd.value_and_grad(f, has_aux=True)(X.copy())
        return None if h27.close(g, 2 * X, 1e-9) and h27.close(aux["m"], 2 * X, 0) else "got %s" % (g,)
    rec("outputs", "has_aux", outcome(t_vag_aux))

    for area, c in counts.items():
        print("  %-18s %s" % (area, ", ".join("%s %d" % kv for kv in sorted(c.items()))))
    for r in rows:
        print("  %-16s %-40s %-8s %s" % tuple(str(e)[:300] for e in r))


def _w(o, c):
    if isinstance(o, (tuple, list)):
        return sum(_w(e, f) for e, f in zip(o, c))
    if isinstance(o, dict):
        return sum(_w(o[k], c[k]) for k in o)
    return float(np.sum(np.asarray(o) * c))


if __name__ == "__main__":
    run()
