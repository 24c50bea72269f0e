"""Part of stage 2: ``np.log(a / b)`` differentiated as one primitive.

Normalized, ``np.log(r / (r + mu))`` is ``t = r / s; u = np.log(t)``; the two rules give
``r``'s gradient as ``g / t / s`` and ``s``'s as ``-(g / t / s * t)``, where the pair's is
``g / r`` and ``-g / s`` (rules/fused_rules.py ``log_ratio``). The pair becomes
``u = log_ratio(r, s)`` when:

* ``t`` is a temporary the normalizer made, bound by that one statement and read only by
  the ``np.log`` call that follows it immediately (so nothing runs between the two: the
  operands hold the same values, and no other reader needs ``t``);
* ``np.log`` is NumPy's (resolved), called with ``t`` alone.

``log_ratio(a, b)`` computes ``np.log(a / b)``: the value is the same; only the gradient's
arithmetic changes, by rounding. Not in the reference pipeline (SPEC §8), nor for the
numba backend (no compiled version of the helper); ``make fuzz`` compares the pipelines on
random programs with logs of ratios (tests/property/gen_arrays.py ``log_ratios``).
"""

import gast
import numpy as np

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.rules.fused_rules import log_ratio


def fuse_log_ratios(parsed, fn, names):
    """Rewrite ``fn`` (normalized; changed in place) as the module docstring says; the
    helper's name is bound in ``parsed.namespace``. Returns how many pairs were fused."""
    user = parsed.all_names()
    binds, loads = counts(fn)
    fused = [0]  # (pairs fused)

    def block(body):
        out = []
        for s in body:
            for field in ("body", "orelse"):
                inner = getattr(s, field, None)
                if isinstance(inner, list) and not isinstance(s, (gast.FunctionDef,
                                                                  gast.ClassDef)):
                    setattr(s, field, block(inner))
            last = out[-1] if out else None
            operands = _ratio(last, user, binds, loads)
            if operands is not None and _log_of(parsed, s, last.targets[0].id):
                name = parsed.bind(log_ratio, names)
                out[-1] = S.assign(s.targets[0].id, S.call(name, operands), s)
                fused[0] += 1
                continue
            out.append(s)
        return out

    fn.body = block(fn.body)
    return fused[0]


def counts(fn):
    """``(binds, loads)``: how many times each name is bound, and read, in ``fn``."""
    binds, loads = {}, {}
    for n in dataflow.names(fn):
        table = loads if isinstance(n.ctx, gast.Load) else binds
        table[n.id] = table.get(n.id, 0) + 1
    return binds, loads


def _ratio(s, user, binds, loads):
    """The operands of ``s`` when it is ``t = a / b`` for a temporary ``t`` bound once and
    read once, of names and literals; else None."""
    if not (isinstance(s, gast.Assign) and len(s.targets) == 1
            and isinstance(s.targets[0], gast.Name) and isinstance(s.value, gast.BinOp)
            and isinstance(s.value.op, gast.Div)):
        return None
    t = s.targets[0].id
    if t in user or binds.get(t) != 1 or loads.get(t) != 1:
        return None
    operands = [s.value.left, s.value.right]
    if not all(isinstance(o, (gast.Name, gast.Constant)) for o in operands):
        return None
    return [S.copy(o) for o in operands]


def _log_of(parsed, s, t):
    """``s`` is ``u = np.log(t)`` (NumPy's log of the name ``t`` alone)."""
    if not (isinstance(s, gast.Assign) and len(s.targets) == 1
            and isinstance(s.targets[0], gast.Name) and isinstance(s.value, gast.Call)):
        return False
    call = s.value
    return (len(call.args) == 1 and not call.keywords and isinstance(call.args[0], gast.Name)
            and call.args[0].id == t and parsed.resolve(call.func) is np.log)
