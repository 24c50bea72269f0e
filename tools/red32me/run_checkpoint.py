# ruff: noqa: E402, BLE001
"""A wrong gradient found in session 32 and fixed there (reverse/checkpoint.py _state_tuple;
tests/soundness/test_checkpoint_aliases.py) ( test_random_realistic_programs.py --family independent
--seed 3232 --count 150 --index 32): checkpoint="sqrt" and "binomial" give a wrong gradient
for checkpoint_alias_wrong.f (an alias `v = w` changed in place before a nested loop that is
checkpointed) before the fix; the default gradient was right. Prints OK for each mode now.

    PYTHONPATH=. python tools/red32me/run_checkpoint.py checkpoint_alias_wrong
"""
import importlib
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import srcdiff as sd
from tests.support.fd import numeric_grad

m = importlib.import_module(sys.argv[1])
x = np.array([0.68927251, -0.13056546, 0.69545527, -0.75468031, 0.80577602])
s = 0.4129460094994334
for ck in (None, "sqrt", "binomial"):
    try:
        g = sd.grad(m.f, wrt=(0, 1), checkpoint=ck)(x.copy(), s, 3)
        fd = [numeric_grad(m.f, (x.copy(), s, 3), i) for i in (0, 1)]
        ok = all(np.allclose(a, b, rtol=1e-5) for a, b in zip(g, fd))
        print(ck, "OK" if ok else "WRONG")
    except Exception as e:
        print(ck, type(e).__name__, str(e)[:200])
