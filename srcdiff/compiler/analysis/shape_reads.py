"""Part of stage 3: the arrays a statement reads only for their shape (used by aliasing.py).

Shape reads: ``unbroadcast(g, x)``, ``np.zeros_like(x)``, ``x.shape`` ... read
only the shape (and dtype) of an array ``x``, which no in-place write changes.
The generated code reads views that way after a write restored them
(``item = t[1]`` ... ``t[1] = add`` ... ``unbroadcast(b_add, item)``), so a name
read only for its shape is not *live* for the alias check. Only the run-time
helpers themselves count (resolved to the objects, never by their spelling).
"""

import gast
import numpy as np

from srcdiff import runtime
from srcdiff.compiler.analysis.activity import ARRAY
from srcdiff.compiler.front.parse import MISSING, hashable

# callables whose argument at this position is read only for its shape and dtype (verify.py
# has the same table by the names generated code spells them with)
SHAPE_READS = {np.shape: 0, np.size: 0, runtime.size_of: 0, np.ndim: 0, np.zeros_like: 0,
               np.ones_like: 0, np.empty_like: 0, len: 0, runtime.zeros_tree: 0, runtime.spread: 1,
               runtime.unbroadcast: 1, runtime.unreduce: 1, runtime.seed: 1, runtime.finish: 1,
               runtime.cotangent: 1, runtime.index_add: 1, runtime.item_add: 1}
SHAPE_ATTRIBUTES = {"shape", "ndim", "dtype", "size"}


def shape_only_reads(stmt, parsed, analysis):
    """The arrays the simple statement ``stmt`` reads only for their shape (see the module
    docstring)."""
    if isinstance(stmt, (gast.If, gast.For, gast.While)):
        return set()
    loads, for_shape = {}, {}
    for n in gast.walk(stmt):
        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load):
            loads[n.id] = loads.get(n.id, 0) + 1
        elif isinstance(n, gast.Call):
            fn = parsed.resolve(n.func)
            k = SHAPE_READS.get(fn) if fn is not MISSING and hashable(fn) else None
            if k is not None and len(n.args) > k and isinstance(n.args[k], gast.Name):
                for_shape[n.args[k].id] = for_shape.get(n.args[k].id, 0) + 1
        elif isinstance(n, gast.Attribute) and n.attr in SHAPE_ATTRIBUTES \
                and isinstance(n.value, gast.Name) and parsed.resolve(n) is MISSING:
            for_shape[n.value.id] = for_shape.get(n.value.id, 0) + 1
    return {v for v, c in for_shape.items()
            if c == loads.get(v) and analysis.kinds.get(v) == ARRAY}
