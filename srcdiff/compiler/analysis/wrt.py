"""Checks on what depends on ``wrt``: the ``wrt`` names themselves (:func:`check_wrt`) and
rule options bound to values that vary with them (:func:`varied_options`)."""

import gast

from srcdiff.compiler.analysis.activity import INT
from srcdiff.errors import SrcdiffError


def varied_options(analysis):
    """``(op, keyword, name)`` for each rule option bound to a value that depends on ``wrt``.

    A rule's parameters with defaults (``axis``, ``weights``, ``prepend`` ...) are options: no
    gradient flows to them. When the value passed is varied (it depends differentiably on a
    ``wrt`` input) and the result is useful, its contribution would be dropped silently, so
    the caller refuses such a call. Integers (axes, counts) are never varied in a way that
    matters; srcdiff's own helpers (``srcdiff.*``) take shapes as options by design.
    """
    out = []
    for op in analysis.order:
        rule = op.rule
        if op.kind != "prim" or rule is None or rule.nondiff or op.target not in analysis.useful:
            continue
        if rule.name.startswith("srcdiff."):
            continue
        template = rule.vjp or rule.jvp
        if template is None:
            continue
        try:
            bound = template.bind(op.args, op.kwargs)
        except TypeError:
            continue
        for p in list(template.signature.parameters.values())[2:]:
            if p.default is p.empty and p.kind != p.VAR_KEYWORD:
                continue
            node = bound.get(p.name)
            if node is None:
                continue
            if p.kind == p.VAR_KEYWORD:  # the keywords that reach **kwargs, one by one
                pairs = [(k.value, v) for k, v in zip(node.keys, node.values)]
            else:
                pairs = [(p.name, node)]
            for keyword, value in pairs:
                for n in gast.walk(value):
                    if isinstance(n, gast.Name) and n.id in analysis.varied \
                            and analysis.kinds.get(n.id) != INT:
                        out.append((op, keyword, n.id))
                        break
    return out


def check_wrt(fn_name, params, analysis, wrt, user_names=None):
    """Every ``wrt`` name is a parameter or a local assigned outside loops (SPEC §1): a
    name of the function as written (``user_names``), never a temporary the compiler
    made (``sin`` for ``np.sin(x)``, ``w`` for ``self.w``)."""
    for w in wrt:
        if w in params:
            continue
        if w not in analysis.assign_count or (user_names is not None and w not in user_names):
            raise SrcdiffError(
                f"wrt={w!r} is neither a parameter nor a local variable of "
                f"{fn_name!r} (parameters: {', '.join(params) or 'none'})")
        if w in analysis.in_loop:
            raise SrcdiffError(
                f"wrt={w!r} names a variable assigned inside a loop; its 'last assignment' "
                "is not a single value", hint="assign the value you mean to a new variable "
                "after the loop and differentiate with respect to that")
