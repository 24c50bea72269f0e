# ruff: noqa: E501, E402, BLE001
"""red30: sd.hessian and checkpoint='binomial' / int on the sweep's one-array cases, against
central differences of the reference gradient (hessian) and of the function (checkpoints)."""
import copy
import importlib
import os
import sys
import warnings

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "red27"))
warnings.filterwarnings("ignore")
from harness import close, fd_grad

import srcdiff as sd

counts = {}
for modname in sys.argv[1:]:
    mod = importlib.import_module(modname)
    for case in mod.CASES:
        rng = np.random.default_rng(5)
        args = case.make_args(rng)
        if not (len(args) >= 1 and isinstance(args[0], np.ndarray) and args[0].dtype.kind == "f" and args[0].size <= 16):
            continue
        fn = case.fn
        res = {}
        try:
            H = sd.hessian(fn, wrt=0)(*copy.deepcopy(args))
            d1 = sd.grad(fn, wrt=0, optimize=False)
            n = args[0].size
            want = np.zeros((n, n))
            for k in range(n):
                e = np.zeros(n)
                e[k] = 1e-5
                ap = list(copy.deepcopy(args))
                am = list(copy.deepcopy(args))
                ap[0] = args[0] + e.reshape(args[0].shape)
                am[0] = args[0] - e.reshape(args[0].shape)
                want[:, k] = (np.ravel(d1(*ap)) - np.ravel(d1(*am))) / 2e-5
            res["hessian"] = "right" if close(np.reshape(H, (n, n)), want, 1e-4) else "WRONG max %g" % np.max(np.abs(np.reshape(H, (n, n)) - want))
        except sd.SrcdiffError as e:
            res["hessian"] = "refused: " + str(e).splitlines()[0][-160:]
        except Exception as e:
            res["hessian"] = "CRASH %s: %s" % (type(e).__name__, str(e)[:200])
        if case.loops:
            for ck in ("binomial", 2):
                try:
                    g = sd.grad(fn, wrt=0, checkpoint=ck)(*copy.deepcopy(args))
                    want = fd_grad(fn, args, 0)
                    res["ckpt=%s" % ck] = "right" if close(np.ravel(g), want, 1e-5) else "WRONG"
                except sd.SrcdiffError as e:
                    res["ckpt=%s" % ck] = "refused: " + str(e).splitlines()[0][-160:]
                except Exception as e:
                    res["ckpt=%s" % ck] = "CRASH %s: %s" % (type(e).__name__, str(e)[:200])
        for k, v in res.items():
            counts.setdefault(k, {}).setdefault(v.split(":")[0].split(" ")[0], 0)
            counts[k][v.split(":")[0].split(" ")[0]] += 1
            if v != "right":
                print("%-22s %-14s %s" % (fn.__name__, k, v), flush=True)
print(counts)
