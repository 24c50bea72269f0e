# ruff: noqa
# red28 probe (run from the worktree root: PYTHONPATH=. python tools/red28/probes/hessian_jacobian_tuple_wrt.py)
import numpy as np, srcdiff as sd, sys, itertools
sys.path.insert(0, "tools/red27")
import harness as h
def f1(x, y):
    return np.sum(np.sin(x) * y ** 2) + np.dot(x, y) ** 2
def f2(x, y):
    s = 0.0
    for i in range(3):
        s = s + np.tanh(x[i] * y[i]) * x[(i + 1) % 3]
    return s
def f3(a, b):
    return a ** 3 * b + np.sin(a * b)
def f4(x, y):
    d = {"p": x * y, "q": x ** 2}
    return np.sum(d["p"] * d["q"]) + np.sum(y ** 3)
def f5(x, y):
    z = x.copy()
    z[0] = y[1] * x[1]
    z[2] *= y[0]
    return np.sum(z ** 2 * y)
rng = np.random.default_rng(0)
cases = [(f1, (rng.standard_normal(3), rng.standard_normal(3))), (f2, (rng.standard_normal(3), rng.standard_normal(3))),
         (f3, (0.7, -0.4)), (f4, (rng.standard_normal(3), rng.standard_normal(3))), (f5, (rng.standard_normal(3), rng.standard_normal(3)))]
for f, args in cases:
    try:
        H = sd.hessian(f, wrt=(0, 1))(*args)
        g = sd.grad(f, wrt=(0, 1), optimize=False)
        ok = True
        for i, j in itertools.product(range(2), range(2)):
            # d/d arg_j of grad_i
            base = np.atleast_1d(np.asarray(args[j], float))
            cols = []
            for k in range(base.size):
                e = np.zeros(base.size); e[k] = 1e-5
                ap = list(args); am = list(args)
                ap[j] = (base + e).reshape(np.shape(args[j])) if np.ndim(args[j]) else float(base[0] + e[0])
                am[j] = (base - e).reshape(np.shape(args[j])) if np.ndim(args[j]) else float(base[0] - e[0])
                cols.append((np.atleast_1d(g(*ap)[i]) - np.atleast_1d(g(*am)[i])) / 2e-5)
            want = np.stack(cols, axis=-1).reshape(np.shape(args[i]) + np.shape(args[j]))
            Hij = H[i][j]
            if np.shape(Hij) != want.shape or not np.allclose(Hij, want, atol=1e-4):
                ok = False
                print(f.__name__, "block", i, j, "WRONG", np.shape(Hij), want.shape, Hij, want)
        print(f.__name__, "hess tuple", "right" if ok else "WRONG")
    except sd.SrcdiffError as e:
        print(f.__name__, "refused", str(e).splitlines()[0][-120:])
    except Exception as e:
        import traceback; traceback.print_exc()
    for mode in ("reverse", "forward"):
        try:
            J = sd.jacobian(lambda *a: None, wrt=0) if False else sd.jacobian(f, wrt=(0, 1), mode=mode)(*args)
            ok = True
            for j in range(2):
                want = h.fd_grad(f, args, j).reshape(np.shape(args[j]))
                if np.shape(J[j]) != np.shape(args[j]) or not np.allclose(J[j], want, atol=1e-5):
                    ok = False; print(f.__name__, mode, j, J[j], want)
            print(f.__name__, "jac", mode, "right" if ok else "WRONG")
        except sd.SrcdiffError as e:
            print(f.__name__, "jac", mode, "refused", str(e).splitlines()[0][-120:])
        except Exception as e:
            print(f.__name__, "jac", mode, "CRASH", type(e).__name__, e)
