"""Dict keys are labels: what makes that exact.

``d.keys()``, ``d.items()``, ``d.values()`` and loops over them read a dict's keys with
``key_list(d)`` (srcdiff/runtime.py), which the rule table declares constant: no
gradient flows to or through a key. That is exact when every key is a constant (a string,
an integer, a key of an argument dict: the keys of an argument are never differentiated).
A key computed from the differentiated inputs could be read back into arithmetic and its
derivative lost, so in a function that reads keys back, :func:`varied_keys` finds each
place that makes such a key (a dict display, ``d[key] = v``, a dict comprehension), and
the driver refuses it. Integers (indices, counts) are never varied in a way that matters.
"""

import gast

from srcdiff.compiler.analysis.activity import INT
from srcdiff.runtime import dict_of, key_list


def varied_keys(analysis):
    """``(op, name)`` for each statement making a dict key from ``name``, which depends on
    the differentiated inputs, in a function that reads keys back (``key_list``)."""
    if not any(op.func is key_list for op in analysis.order):
        return []
    out = []
    for op in analysis.order:
        value = getattr(op.stmt, "value", None)
        if op.kind == "literal" and isinstance(value, gast.Dict):
            nodes = value.keys
        elif op.kind == "store":
            nodes = [op.index]
        elif op.kind == "prim" and op.func is dict_of:
            nodes = op.args[:1]
        else:
            continue
        for node in nodes:
            for n in gast.walk(node):
                if isinstance(n, gast.Name) and n.id in analysis.varied \
                        and analysis.kinds.get(n.id) != INT:
                    out.append((op, n.id))
                    break
    return out
